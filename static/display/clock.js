// The room's wall screen. It counts down by itself from the server's `ends_at`, corrected by the
// measured clock offset, and redraws when the view changes; nothing is pushed every second.
(function () {
  "use strict";
  const $ = (id) => document.getElementById(id);
  const root = $("display");
  const slug = root.dataset.slug;
  const screenName = root.dataset.screen;
  const L = JSON.parse($("labels").textContent);
  const lang = document.documentElement.lang || "it";
  // Chips grouped always ("1.500 / 3.000"), though Italian style leaves four digits ungrouped.
  const num = new Intl.NumberFormat(lang, { useGrouping: "always" });
  const euros = new Intl.NumberFormat(lang, { style: "currency", currency: "EUR", maximumFractionDigits: 0, useGrouping: "always" });
  const cents = new Intl.NumberFormat(lang, { style: "currency", currency: "EUR" });
  const money = (amountCents) => (amountCents % 100 ? cents : euros).format(amountCents / 100);

  let view = JSON.parse($("initial-view").textContent);
  const socket = io({ transports: ["websocket", "polling"], reconnectionDelayMax: 3000 });
  const sync = TdSync.create(socket);
  sync.guess(view.clock.server_now, Date.now());

  // ---- sound: Web Audio, generated here, muted with M or the note button ----
  let audio = null;
  let muted = localStorage.getItem("tdapp.display.muted") === "1";
  function unlockAudio() {
    if (!audio && window.AudioContext) audio = new AudioContext();
    if (audio && audio.state === "suspended") audio.resume();
    if (!$("sound-hint").hidden) {
      $("sound-hint").hidden = true;
      root.classList.remove("hinting");
      fitSeating();
    }
  }
  function beep(count, freq, ms) {
    if (muted || !audio || audio.state !== "running") return;
    for (let i = 0; i < count; i++) {
      const at = audio.currentTime + i * (ms + 120) / 1000;
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.6, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + ms / 1000);
      osc.connect(gain).connect(audio.destination);
      osc.start(at);
      osc.stop(at + ms / 1000 + 0.05);
    }
  }
  const levelCue = () => beep(3, 880, 350);
  const minuteCue = () => beep(2, 660, 180);
  function showMute() {
    $("mute").classList.toggle("off", muted);
    $("mute").textContent = muted ? "♪̸" : "♪";
  }

  // ---- time ----
  const hms = TdCountdown.hms;
  // Time left in the period shown, or overtime past the last level, both in ms.
  function clockNow() { return TdCountdown.left(view.clock, sync.serverNow()); }

  // ---- drawing ----
  function blindsText(b) { return b ? num.format(b.small_blind) + " / " + num.format(b.big_blind) : "–"; }
  function anteText(b) { return b && b.ante ? num.format(b.ante) : "–"; }
  // The races planned at the break in play (the view lists them with their break's period, so a
  // push of the clock alone is enough to show them) and not yet run.
  function colourUpText(period) {
    const planned = (view.colour_up || {}).planned || [];
    return planned.filter((r) => r.period === period && !r.done).map((r) => L.colour_up
      .replace("%(colour)s", r.colour).replace("%(value)s", num.format(r.value))
      .replace("%(into_colour)s", r.into_colour)).join(" · ");
  }
  function set(id, text) { const el = $(id); if (el.textContent !== text) el.textContent = text; }
  // One cell of a list laid out as a grid (the moves, the results).
  function part(name, text) {
    const span = document.createElement("span");
    span.className = name;
    span.textContent = text;
    return span;
  }

  function drawView() {
    const c = view.clock;
    root.classList.toggle("on-break", c.on_break);
    root.classList.toggle("paused", c.started && !c.running);
    root.classList.toggle("overtime", c.overtime_ms > 0 || (c.last_period && c.running));
    set("level-label", c.on_break ? L.break : L.level);
    set("level", c.on_break ? "" : String(c.level));
    set("break-note", c.on_break ? (c.break_note || L.break_default) : "");
    set("colour-up", c.on_break ? colourUpText(c.period) : "");
    // The view says which blinds every screen shows: on a break, those play resumes with.
    const shown = c.blinds_shown;
    set("blinds", blindsText(shown));
    set("blinds-label", c.after_break ? L.after_break : L.blinds);
    set("ante", anteText(shown));
    set("ante-label", shown && shown.big_blind_ante ? L.bb_ante : L.ante);
    root.classList.toggle("no-ante", !shown || !shown.ante);
    set("next-level", c.next_level ? blindsText(c.next_level) : L.last_level);
    root.classList.toggle("no-break-ahead", c.next_break_in_ms === null);
    set("break-label", c.on_break ? L.next_break : L.break_in);
    const nextAnte = c.next_level && c.next_level.ante;
    set("next-ante", nextAnte ? (c.next_level.big_blind_ante ? L.bb_ante : L.ante) + " " + anteText(c.next_level) : "");
    let state = "";
    if (!c.started) state = L.not_started;
    else if (!c.running) state = L.paused;
    else if (c.last_period && !c.on_break) state = L.last_level;
    set("state", state);
    const ledger = view.ledger || {};
    const places = ((view.payouts || {}).places || []).filter((p) => p.amount_cents > 0);
    set("players", ledger.entries ? num.format(ledger.players_left) + " / " + num.format(ledger.entries) : "–");
    set("average", ledger.average_stack ? num.format(ledger.average_stack) : "–");
    set("pool", ledger.prize_pool_cents ? money(ledger.prize_pool_cents) : "–");
    const paid = places.length === 1 ? L.paid_one : L.paid.replace("%(places)s", places.length);
    set("paid", places.length ? paid : "");
    set("chips", ledger.chips_issued ? num.format(ledger.chips_issued) : "–");
    set("mini-level", c.on_break ? L.break : String(c.level));
    set("mini-blinds", blindsText(shown));
    drawHeadcount(c);
    drawSeating();
    drawAnnounced();
    drawFinished();
    fitAll();
  }

  // Sign-ups before the night: places taken of the places, the line, who is in; gone at the start.
  function drawHeadcount(c) {
    const count = view.signups;
    const box = $("headcount");
    box.hidden = !count || c.started;
    if (!box.hidden) box.textContent = L.headcount.replace(/%\((\w+)\)s/g, (_, key) => num.format(count[key]));
  }

  // Once there is a winner the screen says so, with every paid place, and nothing else.
  function finished() { return Boolean((view.results || {}).finished); }
  function drawFinished() {
    const results = view.results || {};
    const paid = results.paid || [];
    const winner = paid.find((row) => results.winner && row.player_id === results.winner.player_id);
    set("winner-name", results.winner ? results.winner.name : "");
    set("winner-prize", winner && winner.prize_cents ? money(winner.prize_cents) : "");
    const list = $("results");
    list.classList.toggle("many", paid.length > 10);
    list.replaceChildren(...paid.map((row) => {
      const li = document.createElement("li");
      li.append(part("place", row.place + "°"), part("who", row.name), part("prize", money(row.prize_cents)));
      return li;
    }));
  }

  // Shrink what would overflow its place (long numbers late in the night), never grow it.
  function fit(el, room) {
    el.style.fontSize = "";
    const width = el.getBoundingClientRect().width;
    if (width > room && room > 0) {
      el.style.fontSize = parseFloat(getComputedStyle(el).fontSize) * room / width + "px";
    }
  }
  function fitAll() {
    const main = document.querySelector(".main");
    fit(document.querySelector(".blinds-row"), main.clientWidth * 0.96);
    document.querySelectorAll(".fit").forEach((el) => fit(el, el.parentElement.clientWidth * 0.94));
  }
  window.addEventListener("resize", () => { fitAll(); fitSeating(); });

  function drawSeating() {
    drawTables();
    // The view keeps the moves a display shows, each with who moved (tdapp/realtime/views.py).
    const moves = Object.values((view.seating || {}).last_moves || {})
      .sort((a, b) => b.version - a.version)
      .slice(0, 8);
    $("moves").replaceChildren(...moves.map((m) => {
      const li = document.createElement("li");
      li.textContent = m.name + " → " + L.table + " " + m.to_table + ", " + L.seat + " " + m.to_seat;
      return li;
    }));
    $("moves-box").hidden = moves.length === 0;
    drawLists();
  }

  function drawTables() {
    const bounties = Boolean((view.tournament || {}).bounty);
    set("seating-page", seating.pages > 1 ? L.page_of.replace("%(page)s", seating.page).replace("%(pages)s", seating.pages) : "");
    $("seating").replaceChildren(...seating.tables.map((t) => {
      const box = document.createElement("div");
      box.className = "table";
      const h = document.createElement("h3");
      h.textContent = L.table + " " + t.number;
      const list = document.createElement("ol");
      for (const p of t.seats) {
        if (!p.name) continue;
        const li = document.createElement("li");
        li.textContent = p.seat + ". " + p.name;
        if (bounties && p.bounty_cents) {
          const head = document.createElement("span");
          head.className = "bounty";
          head.textContent = money(p.bounty_cents);
          li.append(" ", head);
        }
        list.append(li);
      }
      box.append(h, list);
      return box;
    }));
    fitSeating();
  }

  // ---- seating that fits: as many tables a page as the screen holds whole, each seat at a
  // size read from across the room. The rows of tables and the font follow from the room the
  // tables' area has and the seats a table has; the columns from a table's width at that font.
  // A page size other than the one shown asks for the page that holds the first table shown. ----
  const askedSize = new URLSearchParams(location.search).get("size");
  const LEGIBLE = 0.025;   // the smallest seat font, as a share of the screen's height
  const LARGEST = 0.04;    // and the largest: a few tables are no reason for giant names
  const TABLE_EMS = 12;    // a table's width in seat fonts: "10. " and a long name
  const LINE = 1.25;       // a seat's line, in its font
  const TABLE_LINES = 2.2; // a table's heading, margins and padding, in seat fonts
  function fitSeating() {
    const area = $("seating");
    const height = area.clientHeight;
    const width = area.clientWidth;
    if (!height || !width) return;  // not on screen: measured when it comes on
    const seats = Math.max(1, ...seating.tables.map((t) => t.seats.length));
    const gap = 0.015 * innerHeight;
    const tall = seats * LINE + TABLE_LINES;
    let best = null;
    for (let rows = 1; rows <= 12; rows++) {
      const font = Math.min(LARGEST * innerHeight, (height - (rows - 1) * gap) / rows / tall);
      if (font < LEGIBLE * innerHeight && rows > 1) break;
      const columns = Math.max(1, Math.floor((width + gap) / (TABLE_EMS * font + gap)));
      if (!best || rows * columns > best.rows * best.columns) best = { rows: rows, columns: columns, font: font };
    }
    area.style.setProperty("--seat-font", best.font.toFixed(2) + "px");
    area.style.setProperty("--table-gap", gap.toFixed(2) + "px");
    area.style.setProperty("--table-columns", best.columns);
    const size = best.rows * best.columns;
    if (!askedSize && size !== wantedSize) {
      wantedSize = size;
      loadSeating(pageHolding(size));
    }
  }
  // The page of `size` tables that holds the first table shown now.
  function pageHolding(size) { return Math.floor((seating.page - 1) * seating.size / size) + 1; }

  // ---- seating: a page of tables at a time over HTTP (the view leaves the field's rows out),
  // the next page each time the seating comes on screen and every `seconds` while it stays; a
  // page that a change touched (the delta names its tables) is asked for again. The ETag makes
  // asking again for an unchanged page cost a 304. ----
  let seating = JSON.parse($("initial-seating").textContent);
  let wantedSize = seating.size;  // tables a page: what fits the screen, or the `?size=` asked
  let loading = false;
  let reload = false;
  function loadSeating(number) {
    if (loading) { reload = true; return; }
    loading = true;
    const asked = "/t/" + encodeURIComponent(slug) + "/seating?page=" + number + "&size=" + wantedSize;
    fetch(asked, { cache: "no-cache" })
      .then((answer) => (answer.ok ? answer.json() : null))
      .then((page) => {
        if (page) {
          seating = page;
          // A page of the size asked before the screen measured another is not drawn.
          if (page.size === wantedSize) drawTables(); else reload = true;
        }
      })
      .catch(() => {})
      .finally(() => {
        loading = false;
        // A change named the page while it was on its way: the answer may predate it.
        if (reload) { reload = false; loadSeating(seating.size === wantedSize ? seating.page : pageHolding(wantedSize)); }
      });
  }
  function touchesSeating(message) {
    return (message.tables || []).some((number) => seating.tables.some((t) => t.number === number));
  }
  let seatingSince = 0;  // when the seating came on screen, 0 while it is not
  let seatingSeen = false;
  function turnSeating(layout, seconds) {
    if (layout !== "seating") { seatingSince = 0; return; }
    // Coming on screen: the tables' area has its size once the layout shows it, just after.
    if (!seatingSince) requestAnimationFrame(fitSeating);
    const now = Date.now();
    if (seatingSince && now - seatingSince < seconds * 1000) return;
    // The first time on screen it shows the page the screen was loaded with.
    if (seatingSince || seatingSeen) loadSeating(seating.page % seating.pages + 1);
    seatingSince = now;
    seatingSeen = true;
  }

  function drawLists() {
    const bounties = Boolean((view.tournament || {}).bounty);
    const places = ((view.payouts || {}).places || []).filter((p) => p.amount_cents > 0);
    $("payouts").replaceChildren(...places.map((p) => {
      const li = document.createElement("li");
      li.textContent = p.place + "°  " + money(p.amount_cents);
      return li;
    }));
    $("payouts-box").hidden = places.length === 0;
    // Bounties won so far, the biggest first: who is collecting heads.
    $("bounties-box").hidden = !bounties;
    const won = ((view.payouts || {}).bounties || []).slice(0, 8);
    $("bounties").replaceChildren(...won.map((b) => {
      const li = document.createElement("li");
      li.textContent = b.name + "  " + money(b.amount_cents);
      return li;
    }));
    // Nothing to list beside the tables: the tables take the whole width.
    $("seating-columns").classList.toggle("no-lists", $("moves-box").hidden && $("payouts-box").hidden && $("bounties-box").hidden);
  }

  // ---- the moves just made: every move of one event carries that event's version, so the
  // newest batch is the moves with the newest version. A newer batch than the one last seen
  // takes the screen by itself for a minute, whatever the DdT's layout. ----
  const MOVES_SHOWN_MS = 60000;
  function newestMoves(v) {
    const all = Object.values((v.seating || {}).last_moves || {});
    const version = all.reduce((top, m) => Math.max(top, m.version), 0);
    return { version: version, moves: all.filter((m) => m.version === version) };
  }
  let movesSeen = newestMoves(view).version;
  let movesUntil = 0;
  function noticeMoves(next) {
    const version = newestMoves(next).version;
    if (version > movesSeen) movesUntil = Date.now() + MOVES_SHOWN_MS;
    movesSeen = version;  // after an undo too, so that a redo is announced again
  }
  function drawAnnounced() {
    const batch = newestMoves(view).moves.filter((m) => m.status !== "busted");
    // The final table reads as its line-up; a break or a balancing seat by seat of the tables left.
    const final = batch.some((m) => m.reason === "FINAL_TABLE");
    batch.sort((a, b) => final ? a.to_table - b.to_table || a.to_seat - b.to_seat : a.from_table - b.from_table || a.from_seat - b.from_seat);
    const whys = [...new Set(batch.map((m) => (L["reason_" + m.reason] || "").replace("%(table)s", m.from_table)))];
    set("announce-title", [L.moves, ...whys].join(" · "));
    const list = $("announce-moves");
    list.classList.toggle("many", batch.length > 8);
    list.replaceChildren(...batch.map((m) => {
      const li = document.createElement("li");
      // A long name gives way, never the seat the player must find.
      li.append(part("who", m.name),
        part("from", L.table + " " + m.from_table + ", " + L.seat + " " + m.from_seat + " →"),
        part("to", L.table + " " + m.to_table + ", " + L.seat + " " + m.to_seat));
      return li;
    }));
  }

  // ---- the tick: local only ----
  let lastLeft = null;
  let beepedFor = view.clock.period;
  let askedAt = 0;
  function tick() {
    let c = view.clock;
    // The period ends: turn to the one that follows, as the server computed it, exactly on time
    // and whether or not the server can be reached; its push only confirms it.
    const turned = TdCountdown.current(c, sync.serverNow());
    if (turned !== c) {
      view = Object.assign({}, view, { clock: turned });
      c = turned;
      if (beepedFor !== c.period) {
        levelCue();
        beepedFor = c.period;
      }
      lastLeft = null;
      drawView();
    }
    const t = clockNow();
    const text = TdCountdown.text(t);
    set("countdown", text);
    $("countdown").classList.toggle("long", text.length > 5);
    set("mini-countdown", text);
    if (c.next_break_in_ms !== null) {
      const toBreak = c.running && c.next_break_at !== null ? c.next_break_at - sync.serverNow() : c.next_break_in_ms;
      set("next-break", hms(toBreak, Math.ceil));
    }
    root.classList.toggle("last-minute", c.running && t.left <= 60000 && t.over === 0);
    if (c.running && lastLeft !== null && !c.on_break && lastLeft > 60000 && t.left <= 60000 && t.left > 0) {
      minuteCue();
    }
    // Nothing to turn to (the next period is not known here yet): ask for the whole view.
    if (c.running && t.left <= 0 && !c.last_period && socket.connected && Date.now() - askedAt > 3000) {
      askedAt = Date.now();
      join();
    }
    lastLeft = c.running ? t.left : null;
    rotate(t);
  }

  // The 100 ms tick could turn the level up to 100 ms late: a timer aimed at the instant does not.
  let turnTimer = null;
  function armTurn() {
    clearTimeout(turnTimer);
    const turn = TdCountdown.turnsAt(view.clock);
    if (turn !== null) {
      turnTimer = setTimeout(() => { tick(); armTurn(); }, Math.max(0, turn - sync.serverNow()));
    }
  }

  // ---- layouts: one per screen, or rotating, as the DdT sets it ----
  function rotate(t) {
    const d = (view.displays || {})[screenName] || { layout: "clock" };
    let layout = d.layout;
    if (finished()) {
      layout = "finished";
    } else if (Date.now() < movesUntil) {
      layout = "moves";
    } else if (layout === "rotate") {
      const seconds = Math.max(5, d.seconds || 20);
      layout = Math.floor(Date.now() / 1000 / seconds) % 2 ? "seating" : "clock";
      // The countdown's last minute and the break belong on the big clock.
      if (view.clock.on_break || (view.clock.running && t.left <= 60000)) layout = "clock";
    }
    turnSeating(layout, Math.max(5, d.seconds || 20));
    root.classList.toggle("layout-moves", layout === "moves");
    root.classList.toggle("layout-seating", layout === "seating");
    root.classList.toggle("layout-finished", layout === "finished");
    root.classList.toggle("layout-clock", !["seating", "moves", "finished"].includes(layout));
  }

  // ---- the socket: the whole view at join, then what changed (static/realtime/deltas.js) ----
  const live = TdDeltas.follow(socket, () => ({ tournament: slug }), show);
  function join() { live.join(); }
  socket.on("connect", () => {
    $("offline").hidden = true;
    join();
    sync.reset();
    sync.start().then(armTurn);
  });
  socket.on("disconnect", () => { $("offline").hidden = false; });
  socket.on("connect_error", () => { $("offline").hidden = false; });
  function show(next, before, message) {
    // The page's own view may be ahead of the last one heard (it turned the level by itself).
    const changed = next.clock.period !== view.clock.period;
    sync.guess(next.clock.server_now, Date.now());
    noticeMoves(next);
    view = next;
    // A whole view (a join again) may follow changes missed: the page shown too.
    if (!message || touchesSeating(message)) loadSeating(seating.page);
    if (changed && beepedFor !== next.clock.period && next.clock.started) {
      levelCue();
      beepedFor = next.clock.period;
    }
    if (message && message.notices && message.notices.length) announce(message.notices);
    lastLeft = null;
    drawView();
    tick();
    armTurn();
  }

  let noticeTimer = null;
  function announce(notices) {
    const box = $("notices");
    box.textContent = notices.map((n) => L.notices[n.code] || n.message).join(" · ");
    box.hidden = false;
    clearTimeout(noticeTimer);
    noticeTimer = setTimeout(() => { box.hidden = true; }, 90000);
  }

  // ---- full screen and keys ----
  function toggleFullscreen() {
    if (document.fullscreenElement) document.exitFullscreen();
    else document.documentElement.requestFullscreen().catch(() => {});
  }
  document.addEventListener("click", (e) => {
    unlockAudio();
    if (e.target.closest("#mute")) return;
    toggleFullscreen();
  });
  $("mute").addEventListener("click", () => {
    muted = !muted;
    localStorage.setItem("tdapp.display.muted", muted ? "1" : "0");
    showMute();
  });
  document.addEventListener("keydown", (e) => {
    // Someone at the wall's keyboard turns the seating's pages; the rotation carries on from there.
    const turn = { ArrowRight: 1, PageDown: 1, ArrowLeft: -1, PageUp: -1 }[e.key];
    if (turn && root.classList.contains("layout-seating") && !loading) {
      loadSeating((seating.page - 1 + turn + seating.pages) % seating.pages + 1);
      seatingSince = Date.now();
    }
    unlockAudio();
    if (e.key === "f" || e.key === "F" || e.key === "Enter") toggleFullscreen();
    if (e.key === "m" || e.key === "M") $("mute").click();
  });

  window.tdDisplay = { sync: sync, view: () => view, socket: socket, seating: () => seating,
    settled: () => !loading && seating.size === wantedSize };
  root.classList.toggle("hinting", !$("sound-hint").hidden);
  showMute();
  drawView();
  tick();
  armTurn();
  setInterval(tick, 100);
})();
