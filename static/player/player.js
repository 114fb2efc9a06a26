// Players' phones: keep the page live over Socket.IO (tdapp/realtime/screens.py) and count the
// clock down locally. The page is complete without this script; it only keeps it current. A
// player's page follows that player alone (`join` with "player"), the list page the clock and
// counts; the names it searches come over HTTP (`/t/<slug>/names`, revalidated by its ETag).
(function () {
  "use strict";

  const page = document.querySelector("#players-page, #player-page");
  if (!page) return;
  const labels = JSON.parse(document.getElementById("labels").textContent);
  const slug = page.dataset.slug;
  const lang = document.documentElement.lang || "it";
  // Italian leaves four-digit numbers ungrouped by default; a stack reads better as 5.000.
  const number = new Intl.NumberFormat(lang, { useGrouping: "always" });
  const euros = new Intl.NumberFormat(lang, { style: "currency", currency: "EUR", maximumFractionDigits: 0, useGrouping: "always" });
  const cents = new Intl.NumberFormat(lang, { style: "currency", currency: "EUR" });
  const money = (amountCents) => (amountCents % 100 ? cents : euros).format(amountCents / 100);
  let version = Number(page.dataset.version) || 0;
  let clock = null; // the clock section held (the server's), which may turn by itself
  let shownClock = null; // what the strip shows: `clock`, or the period that followed it
  let offset = 0; // server time = local time + offset, until the socket's estimate (sync.js)
  let sync = null;
  const serverNow = () => (sync && sync.measured() ? sync.serverNow() : Date.now() + offset);

  const collator = new Intl.Collator(lang, { numeric: true, sensitivity: "base" });

  function fold(text) {
    return text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  }

  function fill(template, params) {
    return template.replace(/%\((\w+)\)s/g, (_, key) => String(params[key]));
  }

  function text(id, value) {
    const el = document.getElementById(id);
    if (el && el.textContent !== value) el.textContent = value;
  }

  function whereText(p) {
    if (p.status === "busted") {
      return (labels["busted_" + p.gender] || labels.busted) + (p.place ? " · " + fill(labels.place, { place: p.place }) : "");
    }
    return null;
  }

  // --- the clock ---------------------------------------------------------------------------

  function readClock() {
    const el = document.getElementById("clock");
    if (!el) return null;
    return {
      ends_at: el.dataset.endsAt ? Number(el.dataset.endsAt) : null,
      remaining_ms: Number(el.dataset.remaining) || 0,
      server_now: Number(el.dataset.serverNow) || Date.now(),
    };
  }

  function showClock(c) {
    text("clock-level", c.on_break ? labels.break : labels.level + " " + c.level);
    // The view says which blinds to show: on a break, those play resumes with.
    const b = c.blinds_shown;
    let blinds = (c.after_break ? labels.after_break + " " : "") +
      number.format(b.small_blind) + "/" + number.format(b.big_blind);
    if (b.ante) blinds += " · " + labels.ante + " " + number.format(b.ante);
    text("clock-blinds", blinds);
    text("clock-state", !c.started ? labels.not_started : !c.running ? labels.paused : "");
  }

  function tick() {
    if (!clock) return;
    // The period ends: the strip turns to the one that follows, on time, without the push.
    const now = serverNow();
    const shown = TdCountdown.current(clock, now);
    if (shown !== shownClock) showClock(shown);
    shownClock = shown;
    let left = shown.remaining_ms;
    if (shown.running && shown.ends_at) left = Math.max(0, shown.ends_at - now);
    const seconds = Math.floor(left / 1000);
    text("clock-time", Math.floor(seconds / 60) + ":" + String(seconds % 60).padStart(2, "0"));
  }

  // --- the players' list -------------------------------------------------------------------

  let players = null; // the names list, with where each one sits; null until it came
  const list = document.getElementById("players");
  const search = document.getElementById("q");
  const fullList = page.dataset.fullList === "true";

  function row(p) {
    const li = document.createElement("li");
    const a = document.createElement("a");
    a.href = "/t/" + encodeURIComponent(slug) + "/p/" + p.id;
    const name = document.createElement("span");
    name.className = "name";
    name.textContent = p.name;
    const where = document.createElement("span");
    where.className = "where";
    const out = whereText(p);
    if (out) {
      where.innerHTML = '<span class="out"></span>';
      where.firstChild.textContent = out;
    } else if (p.table) {
      where.innerHTML = '<span class="tbl"></span> <span class="st"></span>';
      where.firstChild.append(labels.table + " ", Object.assign(document.createElement("b"), { textContent: p.table }));
      where.lastChild.append(labels.seat + " ", Object.assign(document.createElement("b"), { textContent: p.seat }));
    } else {
      where.innerHTML = '<span class="muted"></span>';
      where.firstChild.textContent = labels.waiting;
    }
    a.append(name, where);
    li.append(a);
    return li;
  }

  let listed = new Set(); // the ids of the players on the list now
  function render(found, query) {
    listed = new Set(found.map((p) => p.id));
    list.replaceChildren(...found.map(row));
    const none = document.getElementById("no-match");
    if (none) none.hidden = !(query && found.length === 0);
    const hint = document.getElementById("hint");
    if (hint) hint.hidden = Boolean(query);
  }

  function filtered(query) {
    const words = fold(query).split(/\s+/).filter(Boolean);
    return players
      .filter((p) => words.every((w) => fold(p.name).includes(w)))
      .sort((a, b) => collator.compare(a.name, b.name))
      .slice(0, fullList || words.length ? 200 : 0);
  }

  let pending = null;
  function refreshList() {
    if (!list) return;
    const query = search ? search.value.trim() : "";
    if (players) return render(filtered(query), query);
    // No names list yet: ask the server.
    clearTimeout(pending);
    if (!query) return;
    pending = setTimeout(() => {
      fetch("/t/" + encodeURIComponent(slug) + "/players?q=" + encodeURIComponent(query))
        .then((r) => r.json())
        .then((found) => { if (search.value.trim() === query) render(found.players, query); })
        .catch(() => {});
    }, 200);
  }

  if (search) {
    search.addEventListener("input", () => {
      refreshList();
      const url = new URL(location.href);
      if (search.value.trim()) url.searchParams.set("q", search.value.trim());
      else url.searchParams.delete("q");
      history.replaceState(null, "", url);
    });
  }

  // --- one player's page -------------------------------------------------------------------

  const playerId = page.dataset.player ? Number(page.dataset.player) : null;
  let moveVersion = Number(page.dataset.moveVersion) || 0;

  // The names list, fetched again when a change touches a player it shows: the browser
  // revalidates it with its ETag, so an unchanged list costs an empty answer.
  function loadNames() {
    if (!list) return;
    fetch("/t/" + encodeURIComponent(slug) + "/names", { cache: "no-cache" })
      .then((r) => r.json())
      .then((found) => { players = found.players; refreshList(); })
      .catch(() => {});
  }

  function showMe(view) {
    const me = view.player;
    if (!me) return;
    const busted = me.status === "busted";
    text("my-table", me.table ? String(me.table) : "–");
    text("my-seat", me.seat ? String(me.seat) : "–");
    document.getElementById("seat-card").classList.toggle("is-out", busted);
    text("my-status", whereText(me) || (me.status === "absent" ? labels.absent : !me.table ? labels.waiting : ""));
    text("my-stack", busted ? "–" : number.format(me.stack));
    text("my-rebuys", String(me.rebuys));
    text("my-addons", String(me.add_ons));
    text("my-bounty", money(me.bounty_cents));
    text("my-bounties-won", money(me.bounties_won_cents));
    text("left", String(view.tournament.players_left));
    showResult(view, me);
    const presence = document.getElementById("presence");
    if (presence) {
      presence.form.hidden = !(me.status === "seated" || me.status === "absent") ||
        Boolean(view.tournament.finished);
      presence.form.elements.absent.value = me.status === "absent" ? "0" : "1";
      text("presence", me.status === "absent" ? labels.come_back : labels.go_away);
    }
    const move = view.move;
    if (move) {
      text("move-to", labels.table + "\u00a0" + move.to_table + " · " + labels.seat + "\u00a0" + move.to_seat);
      text("move-why", fill(labels["reason_" + move.reason] || "", { table: move.from_table }) +
        " · " + fill(labels.from, { table: move.from_table, seat: move.from_seat }));
      const box = document.getElementById("move");
      box.hidden = false;
      if (move.version > moveVersion) {
        moveVersion = move.version;
        box.classList.remove("fresh");
        void box.offsetWidth; // restart the animation
        box.classList.add("fresh");
        if (navigator.vibrate) navigator.vibrate([200, 100, 200]);
      }
    }
  }

  // Once the tournament is over, or once this player's place is paid: the place and the prize.
  function showResult(view, me) {
    const finished = Boolean(view.tournament.finished);
    const box = document.getElementById("my-result");
    if (!box) return;
    box.hidden = !finished && !me.prize_cents;
    box.classList.toggle("is-paid", Boolean(me.prize_cents));
    text("finished-note", finished ? fill(labels.finished, { winner: view.tournament.winner.name }) : "");
    text("my-place", finished && me.place === 1 ? labels.winner
      : me.place ? fill(labels.your_place, { place: me.place }) : "");
    text("my-winnings", me.prize_cents ? money(me.prize_cents) : "");
    const strip = document.getElementById("clock");
    if (strip) strip.hidden = finished;
  }

  // --- live: the whole view at join, then what changed (static/realtime/deltas.js) ----------

  function onView(view, before, message) {
    version = view.version;
    page.dataset.version = String(version);
    if (view.clock) {
      clock = view.clock;
      offset = view.clock.server_now - Date.now();
      shownClock = null;
      tick();
      armTurn();
    }
    if (playerId !== null) return showMe(view);
    // A whole view (a join, maybe after missed changes) or a change of a player listed here.
    if (!message ? players !== null : (message.players || []).some((id) => listed.has(id))) loadNames();
  }

  const initial = readClock();
  if (initial) {
    offset = initial.server_now - Date.now();
    clock = { running: Boolean(initial.ends_at), ends_at: initial.ends_at, remaining_ms: initial.remaining_ms };
    shownClock = clock; // the page drew it: the strip changes with the first view
  }
  setInterval(tick, 250);

  // The 250 ms tick could turn the level up to 250 ms late: a timer aimed at the instant does not.
  let turnTimer = null;
  function armTurn() {
    clearTimeout(turnTimer);
    const turn = TdCountdown.turnsAt(clock);
    if (turn !== null) turnTimer = setTimeout(tick, Math.max(0, turn - serverNow()));
  }

  function connect() {
    if (typeof io !== "function") return;
    const socket = io({ transports: ["websocket", "polling"] });
    const offline = document.getElementById("offline");
    const joining = playerId === null
      ? { tournament: slug, audience: "phone" }
      : { tournament: slug, player: playerId };
    const live = TdDeltas.follow(socket, () => joining, onView);
    sync = TdSync.create(socket);
    socket.on("connect", () => {
      offline.hidden = true;
      live.join();
      sync.reset();
      sync.start().then(armTurn);
    });
    socket.on("disconnect", () => { offline.hidden = false; });
  }
  loadNames();
  connect();
})();
