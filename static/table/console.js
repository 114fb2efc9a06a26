// The table console: draws the table's hand from the server's view and sends the dealer's taps.
// The server decides everything (legal actions, amounts, pots, deadline); this page only shows
// what it says, offers only what is legal, and counts the deadline down between pushes.
(function () {
  "use strict";

  const root = document.getElementById("console");
  const api = root.dataset.api;
  const table = root.dataset.table;
  const csrf = root.dataset.csrf;
  const L = JSON.parse(document.getElementById("labels").textContent);
  const $ = (id) => document.getElementById(id);

  let hand = null;
  let seats = []; // who sits at the table now, between hands too
  let clock = null; // the tournament clock's view: level, blinds, time to the next level
  let version = -1;
  let offsetMs = 0; // server clock minus this clock
  const chosen = {}; // pot index -> set of seats picked as winners

  // Numbers as the page's language writes them (Italian 15.775), not the browser's locale;
  // grouped from 1.000 up, as the DdT's pages write chips.
  const numbers = new Intl.NumberFormat(document.documentElement.lang || undefined, {
    useGrouping: "always",
  });

  function fmt(n) {
    return numbers.format(Number(n));
  }

  function show(message) {
    TdApi.say($("message"), message);
  }

  async function send(path, body, method) {
    const data = await TdApi.send(api + path, {
      body: body, method: method, csrf: csrf, message: $("message"),
    });
    if (data) take(data);
    return data;
  }

  function take(message) {
    if (message.version < version) return;
    version = message.version;
    hand = message.hand || null;
    seats = message.seats || [];
    clock = message.clock || null;
    if (clock) offsetMs = clock.server_now - Date.now();
    if (hand && hand.server_ms) offsetMs = hand.server_ms - Date.now();
    render();
  }

  function seatLabel(seat) {
    const s = (hand ? hand.seats : seats).find((x) => x.seat === seat);
    return s ? `${seat} · ${s.name}` : String(seat);
  }

  // A line of the hand's history in words: the street and the action as the buttons name them.
  function moveWords(m) {
    const amount = m.action === "raise" ? m.to : m.chips;
    const words = [
      L.streets[m.street] || m.street,
      `${L.seat} ${m.seat}`,
      (L.actions[m.action] || m.action) + (amount ? " " + fmt(Math.abs(amount)) : ""),
    ].join(" · ");
    const why = m.absent ? ` (${L.absent})` : m.out_of_turn ? ` (${L.out_of_turn})` : "";
    return words + why;
  }

  function render() {
    const has = !!hand;
    const playing = has && hand.in_play;
    $("hand-no").textContent = has ? `${L.hand} #${hand.number}` : "";
    $("blinds").textContent = levelWords();
    $("street").textContent = has ? L.streets[hand.street] || hand.street : "";
    $("street").dataset.street = has ? hand.street : "";
    renderSeats();
    renderPots();
    renderActions(playing);
    renderShowdown();
    renderResult();
    renderPushed();
    $("start").hidden = playing;
    $("misdeal").hidden = !(has && hand.misdeal_allowed);
    $("oot").hidden = !playing;
    const oot = $("oot-seat");
    oot.innerHTML = "";
    if (playing) {
      for (const s of hand.seats) {
        if (s.folded || s.seat === hand.to_act) continue;
        const option = document.createElement("option");
        option.value = s.seat;
        option.textContent = seatLabel(s.seat);
        oot.appendChild(option);
      }
    }
    const history = $("history");
    history.innerHTML = "";
    for (const m of has ? hand.history : []) {
      const line = document.createElement("span");
      line.textContent = moveWords(m);
      history.appendChild(line);
    }
    if (!has) show(L.no_hand);
    tick();
  }

  // During a hand the seats dealt in; between hands (and before the first) who sits there now,
  // with what the last hand paid them and, for a player left with no chips, the rebuy or bust.
  function seatsShown() {
    if (hand && hand.in_play) return hand.seats;
    const last = new Map((hand ? hand.seats : []).map((s) => [s.player_id, s]));
    return seats.map((s) => {
      const played = last.get(s.player_id);
      return Object.assign({ bet: 0, won: played ? played.won : 0 }, s);
    });
  }

  function renderSeats() {
    const box = $("seats");
    box.innerHTML = "";
    const playing = hand && hand.in_play;
    for (const s of seatsShown()) {
      const card = document.createElement("div");
      card.className = "seat";
      if (s.folded) card.classList.add("folded");
      if (s.all_in) card.classList.add("allin");
      if (playing && hand.to_act === s.seat) card.classList.add("turn");
      if (s.out_of_chips) card.classList.add("broke");
      const tags = [];
      if (playing && hand.button === s.seat) tags.push(L.button);
      if (playing && hand.small_blind_seat === s.seat) tags.push(L.sb);
      if (playing && hand.big_blind_seat === s.seat) tags.push(L.bb);
      if (s.out_of_chips) tags.push(s.may_rebuy ? `${L.out_of_chips}, ${L.may_rebuy}` : L.out_of_chips);
      if (s.absent) tags.push(L.absent);
      if (s.declared) tags.push(s.declared + " ?");
      if (s.folded) tags.push(L.folded);
      else if (s.all_in) tags.push(L.all_in);
      card.innerHTML =
        `<div class="num">${s.seat}</div><div class="name"></div>` +
        `<div class="stack">${fmt(s.stack)}</div>` +
        `<div class="foot"><div class="front">${[s.bet ? L.bet + " " + fmt(s.bet) : "", s.won ? L.won + " " + fmt(s.won) : ""].filter(Boolean).join(" · ")}</div>` +
        `<div class="tags">${tags.join(" · ")}</div></div>`;
      card.querySelector(".name").textContent = s.name;
      card.dataset.seat = s.seat;
      const away = document.createElement("button");
      away.className = "away";
      away.dataset.away = s.seat;
      away.dataset.absent = s.absent ? "" : "1";
      away.textContent = s.absent ? L.back : L.away;
      card.appendChild(away);
      if (s.out_of_chips && !playing) {
        if (s.may_rebuy) card.appendChild(seatButton("rebuy", s.seat, L.rebuy));
        card.appendChild(seatButton("bust", s.seat, L.bust));
      }
      box.appendChild(card);
    }
  }

  function seatButton(what, seat, text) {
    const button = document.createElement("button");
    button.className = "away " + what;
    button.dataset.seatAction = what;
    button.dataset.seat = seat;
    button.textContent = text;
    return button;
  }

  // The level the clock is in now (the hand keeps the blinds it was dealt with).
  // On a break, the blinds play resumes with (the view's `blinds_shown`, as on every screen).
  function levelWords() {
    const b = clock && clock.blinds_shown ? clock.blinds_shown : hand ? hand.blinds : null;
    if (!b) return clock && clock.on_break ? L.break : "";
    const blinds = `${fmt(b.small_blind)}/${fmt(b.big_blind)}` + (b.ante ? ` (${fmt(b.ante)})` : "");
    if (clock && clock.on_break) return `${L.break} · ${L.after_break} ${blinds}`;
    const level = clock ? clock.level : hand.level;
    return `${L.level} ${level}: ${blinds}`;
  }

  function tickLevel() {
    const box = $("level-left");
    if (!clock || !clock.started) { box.textContent = ""; return; }
    const now = Date.now() + offsetMs;
    // The level ends: turn to the one that follows, as the server computed it, on time.
    const turned = TdCountdown.current(clock, now);
    if (turned !== clock) {
      clock = turned;
      $("blinds").textContent = levelWords();
      // A break began or ended: the server says when the decision is now due (none in a break).
      if (hand && hand.in_play) load();
    }
    const t = TdCountdown.left(clock, now);
    // The header reads as a sentence: on a break, when play resumes; else when the level ends.
    const words = clock.on_break ? `${L.break_ends} ` : clock.last_period ? "" : `${L.next_level} `;
    const state = clock.running ? "" : ` · ${L.stopped}`;
    const text = words + TdCountdown.text(t) + state;
    if (box.textContent !== text) box.textContent = text;
  }

  function potName(index) {
    return index === 0 ? L.main_pot : `${L.side_pot} ${index}`;
  }

  function renderPots() {
    const box = $("pots");
    box.innerHTML = "";
    // Everything in the middle: the pots and the bets in front, matched or not.
    $("pot-total").textContent = hand && hand.in_play ? fmt(hand.pot_total) : "";
    // A single pot is the total alone: its seats so far ("seats 7, 8" after the blinds) read
    // as if no one else could win it. Once an all-in makes a side pot, each is told apart.
    if (!hand || hand.pots.length < 2) return;
    let index = 0;
    for (const pot of hand.pots) {
      const row = document.createElement("div");
      row.className = pot.returned ? "pot returned" : "pot";
      const name = pot.returned ? L.returned : potName(index++);
      row.innerHTML = `<strong>${name}</strong> <span class="amount">${fmt(pot.amount)}</span> <span class="who">${L.eligible} ${pot.eligible.join(", ")}</span>`;
      box.appendChild(row);
    }
  }

  function renderActions(playing) {
    const legal = playing ? hand.legal : null;
    $("actions").hidden = !legal;
    if (!legal) return;
    const seat = hand.seats.find((s) => s.seat === legal.seat);
    $("turn").textContent = `${L.to_act}: ${seatLabel(legal.seat)}` +
      (hand.reminded.includes(legal.seat) ? ` — ${L.time_up}` : "");
    const can = (a) => legal.actions.includes(a);
    $("fold").hidden = !can("fold");
    $("check").hidden = !can("check");
    $("call").hidden = !can("call");
    $("call").textContent = `${L.call} ${fmt(legal.to_call)}`;
    $("allin").hidden = !can("all_in");
    $("allin").textContent = `${L.all_in_btn} ${fmt(legal.all_in_to)}`;
    const wager = can("bet") || can("raise");
    $("wager").hidden = !wager;
    $("bet").hidden = !can("bet");
    $("raise").hidden = !can("raise");
    const amount = $("amount");
    if (wager) {
      amount.min = legal.min_to;
      amount.max = legal.max_to;
      amount.step = hand.blinds.big_blind;
      const current = Number(amount.value);
      if (!(current >= legal.min_to && current <= legal.max_to)) amount.value = legal.min_to;
      $("limits").textContent = `${L.min} ${fmt(legal.min_to)} · ${L.max} ${fmt(legal.max_to)}`;
    } else {
      $("limits").textContent = "";
    }
    $("absent").hidden = !(seat && seat.absent);
    $("timebank").hidden = !hand.deadline_ms;
  }

  // What the newest silent push of the hand became (HE-14), as the server ruled it.
  function renderPushed() {
    const line = $("became");
    const p = hand && hand.in_play ? hand.pushed : null;
    line.hidden = !p;
    if (!p) return;
    const b = p.became;
    const extra = b.change ? ` · ${L.change} ${fmt(b.change)}` : b.to_add ? ` · ${L.to_add} ${fmt(b.to_add)}` : "";
    line.textContent = `${seatLabel(p.seat)}: ${L.pushed} ${fmt(p.pushed)} (${L.pieces}: ${p.pieces}) → ` +
      `${L.actions[b.action] || b.action} ${fmt(b.amount)}${extra}`;
  }

  function renderShowdown() {
    const at = hand && hand.in_play && hand.street === "showdown";
    $("showdown").hidden = !at;
    if (!at) return;
    const box = $("pot-winners");
    box.innerHTML = "";
    let index = 0;
    for (const pot of hand.pots) {
      if (pot.returned) continue;
      const i = index++;
      chosen[i] = chosen[i] || new Set();
      const row = document.createElement("div");
      row.className = "pot-pick";
      row.innerHTML = `<strong>${potName(i)} ${fmt(pot.amount)}</strong>`;
      for (const seat of pot.eligible) {
        const button = document.createElement("button");
        button.className = "mid pick" + (chosen[i].has(seat) ? " on" : "");
        button.textContent = seatLabel(seat);
        button.dataset.pot = i;
        button.dataset.seat = seat;
        button.setAttribute("aria-pressed", chosen[i].has(seat));
        row.appendChild(button);
      }
      box.appendChild(row);
    }
    renderCards();
  }

  function renderCards() {
    const box = $("shown-cards");
    const live = hand.seats.filter((s) => !s.folded);
    const wanted = live.map((s) => String(s.seat)).join(",");
    if (box.dataset.seats === wanted) return; // keep what the dealer already typed
    box.dataset.seats = wanted;
    box.innerHTML = "";
    for (const s of live) {
      const label = document.createElement("label");
      label.textContent = seatLabel(s.seat) + " ";
      const input = document.createElement("input");
      input.dataset.cards = s.seat;
      input.placeholder = "As Kd";
      input.autocomplete = "off";
      label.appendChild(input);
      box.appendChild(label);
    }
  }

  function renderResult() {
    const box = $("result");
    const over = hand && !hand.in_play;
    box.hidden = !over;
    if (!over) return;
    if (hand.street === "voided") {
      box.textContent = L.voided;
      return;
    }
    const lines = hand.paid.map(
      (p, i) => `${potName(i)} ${fmt(p.amount)} → ${p.winners.map(seatLabel).join(", ")}`
    );
    box.innerHTML = `<h2>${L.complete}</h2>` + lines.map((l) => `<p></p>`).join("");
    box.querySelectorAll("p").forEach((p, i) => (p.textContent = lines[i]));
  }

  function tick() {
    tickLevel();
    const box = $("countdown");
    const stopped = clock && clock.started && (clock.on_break || !clock.running);
    if (!hand || !hand.in_play || !hand.deadline_ms || stopped) {
      box.textContent = "";
      box.className = "countdown";
      return;
    }
    const left = Math.max(0, Math.ceil((hand.deadline_ms - (Date.now() + offsetMs)) / 1000));
    box.textContent = String(left);
    box.className = "countdown" + (left <= 5 ? " urgent" : "");
  }

  root.addEventListener("click", (event) => {
    const target = event.target.closest("button");
    if (!target) return;
    if (target.dataset.action && hand && hand.legal) {
      const body = { seat: hand.legal.seat, action: target.dataset.action };
      if (body.action === "bet" || body.action === "raise") body.amount = Number($("amount").value);
      send("/hand/actions", body);
    } else if (target.dataset.seatAction) {
      send(`/seats/${target.dataset.seat}/${target.dataset.seatAction}`, {});
    } else if (target.dataset.away) {
      send(`/seats/${target.dataset.away}/absent`, { absent: target.dataset.absent === "1" });
    } else if (target.dataset.oot) {
      const early = { seat: Number($("oot-seat").value), action: target.dataset.oot };
      const amount = Number($("amount").value);
      if (early.action === "bet" && amount > 0) early.amount = amount; // kept aside (TDA, HE-22)
      send("/hand/out-of-turn", early);
    } else if (target.dataset.pot !== undefined) {
      const set = chosen[target.dataset.pot];
      const seat = Number(target.dataset.seat);
      if (set.has(seat)) set.delete(seat);
      else set.add(seat);
      renderShowdown();
    }
  });
  $("start").addEventListener("click", () => {
    for (const key of Object.keys(chosen)) delete chosen[key];
    send("/hands", {});
  });
  $("misdeal").addEventListener("click", () => send("/hand/misdeal", {}));
  // Only this table's own steps: never another table's, a phone's or the DdT's.
  $("undo").addEventListener("click", () => send("/undo", {}));
  $("absent").addEventListener("click", () => send("/hand/absent", {}));
  $("timebank").addEventListener("click", () => send("/hand/time-bank", { seat: hand.legal.seat }));
  $("pay").addEventListener("click", () => {
    const count = hand.pots.filter((p) => !p.returned).length;
    const winners = [];
    for (let i = 0; i < count; i++) winners.push(Array.from(chosen[i] || []));
    send("/hand/showdown", { winners: winners });
  });
  $("pay-cards").addEventListener("click", () => {
    const cards = {};
    document.querySelectorAll("[data-cards]").forEach((input) => {
      if (input.value.trim()) cards[input.dataset.cards] = input.value.trim();
    });
    send("/hand/showdown", { cards: cards, board: $("board").value.trim() });
  });
  function nudge(direction) {
    const amount = $("amount");
    const step = Number(amount.step) || 1;
    const next = Number(amount.value) + direction * step;
    amount.value = Math.min(Number(amount.max), Math.max(Number(amount.min), next));
  }
  $("pushed-open").addEventListener("click", () => {
    const form = $("pushed-form");
    form.hidden = !form.hidden;
    $("pushed-open").setAttribute("aria-expanded", String(!form.hidden));
    if (!form.hidden) $("pushed-total").focus();
  });
  $("pushed-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    if (!hand || !hand.legal) return;
    const answer = await send("/hand/actions", {
      seat: hand.legal.seat, action: "chips",
      pushed: Number($("pushed-total").value), pieces: Number($("pushed-pieces").value),
    });
    if (answer) {
      $("pushed-form").hidden = true;
      $("pushed-open").setAttribute("aria-expanded", "false");
      $("pushed-total").value = "";
      $("pushed-pieces").value = "1";
    }
  });
  $("less").addEventListener("click", () => nudge(-1));
  $("more").addEventListener("click", () => nudge(1));

  function load() {
    return send("/hand", null, "GET");
  }

  function connect() {
    if (typeof io !== "function") return;
    const socket = io({ transports: ["websocket", "polling"] });
    const join = () =>
      socket.emit("join_table", { tournament: root.dataset.slug, table: Number(table) },
        (answer) => {
          // Refused after a renewal of the link and PIN: the page says to ask the DdT.
          if (answer && answer.joined === false) window.location.reload();
        });
    socket.on("connect", join);
    // A table of this tournament got a new link and PIN: join again to learn if it was ours.
    socket.on("access_renewed", join);
    socket.on("hand", take);
  }

  const first = load();
  connect();
  setInterval(tick, 250);
  // Ready once the hand (or its absence) from the first answer is drawn, as the draw console is.
  first.finally(() => { root.dataset.ready = "1"; });
})();
