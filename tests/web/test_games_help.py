"""The public rules page of the club games (issue 7, RULES.md §4 and §5): Italian by default,
English through the site's switch, every telesina variant with its own help text, and every
uncertain reading [U] shown as the default the app plays."""

from __future__ import annotations

import html
import re

from tdapp.engine.telesina.variants import VARIANTS

PATH = "/games/help"


def page(client) -> str:
    answer = client.get(PATH)
    assert answer.status_code == 200
    return html.unescape(answer.get_data(as_text=True))


def text_of(markup: str) -> str:
    """The page as read: tags dropped, white space folded, so sentences split over markup
    compare whole."""
    return " ".join(re.sub(r"<[^>]+>", " ", markup).split())


def marks(markup: str) -> int:
    return len(re.findall(r'class="u-mark"[^>]*>\[U\]<', markup))


def test_the_page_is_public_and_italian_by_default_IT_06_TS_00(client):
    markup = page(client)
    assert '<html lang="it">' in markup
    assert "Regole dei giochi del club" in markup
    assert "Livelli di apertura" in markup and "Piatto di parola" in markup
    assert "Si apre con coppia di fanti o superiore." in markup


def test_english_through_the_language_switch_IT_06_TS_00(client):
    assert client.get(f"/lang/en?next={PATH}").status_code == 302
    markup = page(client)
    assert '<html lang="en">' in markup
    assert "Rules of the club games" in markup and "Jacks or better open." in markup
    assert "Regole dei giochi del club" not in markup


def test_every_telesina_variant_is_shown_with_its_italian_help_TS_01_to_TS_06(client):
    read = text_of(page(client))
    for variant in VARIANTS.values():
        assert variant.name in read
        for part in variant.help_it.split("[U]"):
            assert " ".join(part.split()) in read, variant.key


def test_every_telesina_variant_is_shown_with_its_english_help_TS_01_to_TS_06(client):
    client.get("/lang/en")
    read = text_of(page(client))
    for variant in VARIANTS.values():
        for part in variant.help_en.split("[U]"):
            assert " ".join(part.split()) in read, variant.key
        assert variant.help_it.split("[U]")[0].strip() not in read


def test_each_uncertain_variant_reading_carries_its_mark_TS_02_TS_04_TS_06(client):
    markup = page(client)
    for variant in VARIANTS.values():
        article = re.search(rf'<article class="variant" id="telesina-{variant.key}">(.*?)'
                            r"</article>", markup, re.S)
        assert article, variant.key
        assert marks(article.group(1)) == variant.help_it.count("[U]"), variant.key


def test_the_draw_rules_marked_uncertain_show_the_default_the_app_plays_IT_05_IT_10_IT_15(
        client):
    client.get("/lang/en")
    read = text_of(page(client))
    for default in ("the 150 euro are counted on the pot before the opening.",
                    "the pot is everything in the middle, bets in front included;",
                    "two pots, played on two consecutive hands.",
                    "the player who sits the hand out pays no invito.",
                    "two pair, trips and every higher hand open at every level.",
                    "the draw opens at every level, queens and kings too.",
                    "with three or more straight flushes and none beating all the others",
                    '"vestito" means trips of jacks or higher.'):
        assert f"[U] Uncertain reading; the app plays: {default}" in read


def test_the_hand_order_shows_suits_and_the_straight_flush_cycle_IT_18_IT_19_IT_22(client):
    client.get("/lang/en")
    read = text_of(page(client))
    assert "♥ > ♦ > ♣ > ♠" in read
    order = ["Straight flush", "Four of a kind", "Flush (beats the full house)", "Full house",
             "Straight", "Three of a kind", "Two pair", "Pair", "High card"]
    listed = re.search(r'<ol class="order">(.*?)</ol>', page(client), re.S).group(1)
    assert [text_of(item) for item in re.findall(r"<li>(.*?)</li>", listed, re.S)] == order
    assert "the lowest (ace low) beats the top one" in read


def test_the_draw_pages_link_to_the_rules(ddt_client):
    tables = ddt_client.get("/draw-tables/").get_data(as_text=True)
    assert f'href="{PATH}"' in tables
    form = {"csrf_token": ddt_client.csrf, "name": "Lunedì", "dealer": "2", "invito_max": "5",
            "players": "Anna, 200\nBruno, 200\nCarla, 200\nDario, 200"}
    console = ddt_client.get(ddt_client.post("/draw-tables/", data=form).headers["Location"])
    markup = console.get_data(as_text=True)
    assert f'href="{PATH}"' in markup and ">Regole</a>" in markup
