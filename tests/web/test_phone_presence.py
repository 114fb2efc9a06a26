"""The players' page writes to the log only with the player's own code, under a brake, and never
shows a code to anyone but the DdT (issue 12, HE-25)."""

from __future__ import annotations

import json

from tdapp.realtime import screen_view

AS_JSON = {"Accept": "application/json"}
NAMES = ["Nicolò Rossi", "Anna Bianchi", "Giulia Neri", "Marco Esposito"]


def seated(api) -> tuple[int, str]:
    """Four players seated at one table: the tournament's id and public slug."""
    body = {"name": "Lunedì", "starting_stack": 5000, "buy_in": 2000, "seats_per_table": 9,
            "levels": [{"small_blind": 25, "big_blind": 50, "ante": 0, "seconds": 1200}]}
    created = api.post("/api/v1/tournaments", json=body).get_json()
    for name in NAMES:
        api.post(f"/api/v1/tournaments/{created['id']}/players", json={"name": name})
    assert api.post(f"/api/v1/tournaments/{created['id']}/seats/draw").status_code == 200
    return created["id"], created["slug"]


def token_of(client, slug: str, player_id: int) -> str:
    page = client.get(f"/t/{slug}/p/{player_id}").get_data(as_text=True)
    return page.split('name="csrf_token" value="')[1].split('"')[0]


def code_of(api, tid: int, player_id: int) -> str:
    view = api.get(f"/api/v1/tournaments/{tid}").get_json()
    return next(p for p in view["players"] if p["id"] == player_id)["phone_code"]


def status_of(api, tid: int, player_id: int) -> str:
    view = api.get(f"/api/v1/tournaments/{tid}").get_json()
    return next(p for p in view["players"] if p["id"] == player_id)["status"]


def logged(api, tid: int) -> int:
    return len(api.get(f"/api/v1/tournaments/{tid}/log").get_json()["events"])


def toggle(client, slug: str, player_id: int, token: str, absent: bool, headers=None, **form):
    data = {"absent": "1" if absent else "0", "csrf_token": token, **form}
    return client.post(f"/t/{slug}/p/{player_id}/presence", data=data, headers=headers or {})


def test_forty_anonymous_toggles_write_nothing_PLAYER_CODE_REQUIRED(client, api):
    tid, slug = seated(api)
    token = token_of(client, slug, 2)
    before = logged(api, tid)
    for number in range(40):
        answer = toggle(client, slug, 2, token, absent=number % 2 == 0, headers=AS_JSON)
        assert answer.status_code == 403
        assert answer.get_json()["error"]["code"] == "PLAYER_CODE_REQUIRED"
    assert logged(api, tid) == before
    assert status_of(api, tid, 2) == "seated"


def test_without_a_code_the_page_says_so_in_italian_not_in_json(client, api):
    _, slug = seated(api)
    answer = toggle(client, slug, 2, token_of(client, slug, 2), absent=True)
    assert answer.status_code == 403
    page = answer.get_data(as_text=True)
    assert 'data-code="PLAYER_CODE_REQUIRED"' in page
    assert "Digita il tuo codice giocatore" in page and '"error"' not in page
    assert 'name="code"' in page


def test_a_wrong_code_is_refused_and_writes_nothing_PLAYER_CODE_WRONG(client, api):
    tid, slug = seated(api)
    before = logged(api, tid)
    answer = toggle(client, slug, 2, token_of(client, slug, 2), absent=True, headers=AS_JSON,
                    code=code_of(api, tid, 1))
    assert answer.status_code == 403
    assert answer.get_json()["error"]["code"] == "PLAYER_CODE_WRONG"
    assert logged(api, tid) == before


def test_the_code_typed_once_is_remembered_for_that_player_only(client, api):
    tid, slug = seated(api)
    token = token_of(client, slug, 2)
    answer = toggle(client, slug, 2, token, absent=True, code=code_of(api, tid, 2))
    assert answer.status_code == 302 and status_of(api, tid, 2) == "absent"
    assert 'name="code"' not in client.get(f"/t/{slug}/p/2").get_data(as_text=True)
    assert toggle(client, slug, 2, token, absent=False).status_code == 302
    assert status_of(api, tid, 2) == "seated"
    # Another player's page in the same browser still asks for that player's code.
    assert 'name="code"' in client.get(f"/t/{slug}/p/3").get_data(as_text=True)
    assert toggle(client, slug, 3, token, absent=True, headers=AS_JSON).status_code == 403
    log = api.get(f"/api/v1/tournaments/{tid}/log").get_json()["events"]
    assert [e["actor"] for e in log[:2]] == ["phone:2", "phone:2"]


def test_a_player_changes_presence_a_few_times_then_waits_PHONE_WAIT(client, api):
    tid, slug = seated(api)
    token = token_of(client, slug, 2)
    code = code_of(api, tid, 2)
    for number in range(5):
        answer = toggle(client, slug, 2, token, absent=number % 2 == 0, code=code)
        assert answer.status_code == 302
    before = logged(api, tid)
    answer = toggle(client, slug, 2, token, absent=False, headers=AS_JSON)
    assert answer.status_code == 429
    assert answer.get_json()["error"]["code"] == "PHONE_WAIT"
    # Answered by the app's one refusal handler, with the parameters of every refusal.
    assert answer.get_json()["error"]["params"]["seconds"] > 0
    assert logged(api, tid) == before
    page = toggle(client, slug, 2, token, absent=False).get_data(as_text=True)
    assert "Troppi tentativi" in page


def test_wrong_codes_lock_out_guessing_but_not_the_players_own_phone(app, client, api):
    tid, slug = seated(api)
    code = code_of(api, tid, 2)
    own = app.test_client()
    own_token = token_of(own, slug, 2)
    assert toggle(own, slug, 2, own_token, absent=True, code=code).status_code == 302
    token = token_of(client, slug, 2)
    wrong = "999999" if code != "999999" else "888888"
    for _ in range(5):
        answer = toggle(client, slug, 2, token, absent=False, headers=AS_JSON, code=wrong)
        assert answer.get_json()["error"]["code"] == "PLAYER_CODE_WRONG"
    answer = toggle(client, slug, 2, token, absent=False, headers=AS_JSON, code=code)
    assert answer.status_code == 429
    assert answer.get_json()["error"]["code"] == "PHONE_WAIT"
    assert status_of(api, tid, 2) == "absent"
    assert toggle(own, slug, 2, own_token, absent=False).status_code == 302
    assert status_of(api, tid, 2) == "seated"


def test_the_club_turns_presence_from_the_phone_off_PHONE_PRESENCE_OFF(client, api):
    tid, slug = seated(api)
    token = token_of(client, slug, 2)
    changed = api.put(f"/api/v1/tournaments/{tid}/settings",
                      json={"options": {"phone_presence": "off"}})
    assert changed.status_code == 200, changed.get_json()
    page = client.get(f"/t/{slug}/p/2").get_data(as_text=True)
    assert 'id="presence"' not in page
    answer = toggle(client, slug, 2, token, absent=True, headers=AS_JSON, code=code_of(api, tid, 2))
    assert answer.status_code == 403
    assert answer.get_json()["error"]["code"] == "PHONE_PRESENCE_OFF"


def test_the_ddt_sees_each_code_and_a_renewal_shuts_the_old_one_out(client, ddt_client, api):
    tid, slug = seated(api)
    old = code_of(api, tid, 2)
    page = ddt_client.get(f"/td/t/{tid}/players").get_data(as_text=True)
    assert f"<code>{old}</code>" in page and 'value="phonecode-2"' in page
    token = token_of(client, slug, 2)
    assert toggle(client, slug, 2, token, absent=True, code=old).status_code == 302

    renewed = ddt_client.post(f"/td/t/{tid}/players/act",
                              data={"do": "phonecode-2", "csrf_token": ddt_client.csrf})
    assert renewed.status_code == 303
    new = code_of(api, tid, 2)
    assert new != old
    assert f"<code>{new}</code>" in ddt_client.get(f"/td/t/{tid}/players").get_data(as_text=True)

    answer = toggle(client, slug, 2, token, absent=False)
    assert answer.status_code == 403
    assert 'data-code="PLAYER_CODE_WRONG"' in answer.get_data(as_text=True)
    assert 'name="code"' in client.get(f"/t/{slug}/p/2").get_data(as_text=True)
    assert toggle(client, slug, 2, token, absent=False, code=new).status_code == 302
    log = ddt_client.get(f"/td/t/{tid}/log").get_data(as_text=True)
    assert "telefono di Anna Bianchi" in log and "Nuovo codice telefono per Anna Bianchi" in log


def test_no_public_page_view_or_push_shows_a_code(client, api):
    tid, slug = seated(api)
    codes = [code_of(api, tid, n) for n in range(1, 5)]
    pages = [client.get(path).get_data(as_text=True) for path in (
        f"/t/{slug}", f"/t/{slug}/p/2", f"/t/{slug}/players?q=a",
    )]
    public = json.dumps(screen_view(tid, "public"))
    for shown in [*pages, public]:
        assert not any(code in shown for code in codes)
    assert "phone_code" not in public
