// The draw console: draws the table from the API's answer and sends one request per tap.
// Only the legal actions are shown; every refusal comes back as a message and changes nothing.
// A telesina table uses the same console: the dealer enters the up-cards and vele as they come,
// the cambio, and the cards held face down at the showdown.
(() => {
  "use strict";
  const root = document.getElementById("console");
  const api = root.dataset.api;
  const csrf = root.dataset.csrf;
  const telesina = root.dataset.game === "telesina";
  const L = JSON.parse(document.getElementById("labels").textContent);
  const $ = (id) => document.getElementById(id);
  let table = null;

  function el(tag, cls, text) {
    const node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function nameOf(seat) {
    const found = table.seats.find((s) => s.seat === seat);
    return found ? `${seat} ${found.name}` : String(seat);
  }

  function say(text) {
    TdApi.say($("message"), text);
  }

  async function send(path, body) {
    const data = await TdApi.send(api + path, { body: body, csrf: csrf, message: $("message") });
    if (data) drawNewer(data);
  }

  async function load() {
    const answer = await fetch(api);
    if (answer.ok) drawNewer(await answer.json());
  }

  // Answers and pushes arrive in any order: the check made when the socket connected can come
  // back after the dealer's first tap has been answered. Every write moves the version up, so
  // only a newer table is drawn; an older one drawn over it undid the tap on the screen and
  // reset the amount being typed.
  function drawNewer(data) {
    if (!table || data.version > table.version) draw(data);
  }

  function drawSeats() {
    const box = $("seats");
    box.replaceChildren();
    for (const s of table.seats) {
      const card = el("div", "seat");
      card.dataset.seat = s.seat;
      if (table.to_act === s.seat) card.classList.add("turn");
      if (s.folded) card.classList.add("folded");
      if (table.phase !== "waiting" && table.phase !== "over" && !s.dealt) card.classList.add("out");
      const top = el("div", "top");
      top.append(el("span", "num", s.seat), el("span", "name", s.name));
      const tags = [];
      if (table.dealer === s.seat) tags.push(L.dealer);
      if (table.opener === s.seat && !table.can_deal) tags.push(L.opener);
      if (s.sitting_out) tags.push(L.salto);
      if (s.folded) tags.push(L.folded);
      if (s.drawn !== null && s.drawn !== undefined) tags.push(`${L.changed} ${s.drawn}`);
      if (s.in_front) tags.push(`${L.in_front} ${s.in_front}`);
      card.append(top, el("div", "stack", s.stack), el("div", "tags", tags.join(" · ")));
      if (telesina && s.showing.length) card.append(cardsRow(s.showing));
      box.append(card);
    }
  }

  function cardsRow(cards) {
    const row = el("div", "cards");
    for (const code of cards) {
      const suit = code.slice(-1);
      row.append(el("span", `card suit-${suit}`, code.slice(0, -1) + { h: "♥", d: "♦", c: "♣", s: "♠" }[suit]));
    }
    return row;
  }

  function drawPots() {
    const box = $("pots");
    box.replaceChildren();
    const waiting = table.waiting_pots || (table.round ? table.round.waiting_pots : []);
    table.pots.forEach((pot, i) => {
      const item = el("div", "pot");
      item.append(el("span", "", i === 0 ? L.main_pot : `${L.side_pot} ${i}`),
        el("span", "amount", pot.amount),
        el("span", "", `${L.seats} ${pot.eligible.join(", ")}`));
      box.append(item);
    });
    if (table.phase === "waiting" || table.phase === "over") {
      for (const amount of waiting) {
        const item = el("div", "pot waiting");
        item.append(el("span", "", L.waiting), el("span", "amount", amount));
        box.append(item);
      }
    }
  }

  function drawBetting() {
    const legal = table.legal;
    const betting = !!legal && legal.actions !== undefined;
    $("betting").hidden = !betting;
    $("confirm").hidden = true;
    if (!betting) return;
    const acts = new Set(legal.actions);
    const firstRound = table.phase === "first_round";
    $("turn").textContent = `${nameOf(legal.seat)} ${L.to_speak}` +
      (legal.must_stay ? ` (${L.must_stay})` : "");
    $("fold").hidden = !acts.has("fold");
    $("check").hidden = !acts.has("check");
    $("check").textContent = telesina ? L.bussare
      : (firstRound && legal.opening ? L.pass : (firstRound ? L.check : L.parola));
    $("call").hidden = !acts.has("call");
    $("call").textContent = `${L.call} ${legal.to_call}`;
    $("allin").hidden = !acts.has("all_in");
    $("open").hidden = !(legal.opening && acts.has("bet"));
    $("bet").hidden = legal.opening || !acts.has("bet");
    $("raise").hidden = !acts.has("raise");
    const sized = acts.has("bet") || acts.has("raise");
    $("amount").hidden = !sized;
    $("limits").textContent = sized ? `${L.min} ${legal.min_to} · ${L.max} ${legal.max_to}` +
      (legal.cap ? ` · ${L.cap} ${legal.cap}` : "") : "";
    if (sized) {
      $("amount").min = legal.min_to;
      $("amount").max = legal.max_to;
      $("amount").value = legal.opening ? legal.max_to : legal.min_to;
    }
  }

  function drawCards() {
    const enter = table.enter;
    $("cards").hidden = !enter;
    $("vele").hidden = !table.vele.length;
    $("vele").replaceChildren(el("span", "", L.vele), cardsRow(table.vele));
    $("street").textContent = table.street ? `${L.street} ${table.street}/${table.streets}` : "";
    if (!enter) return;
    $("cards-title").textContent = enter.up && enter.vele ? L.enter_both
      : (enter.up ? L.enter_up : L.enter_vele);
    const box = $("up-cards");
    box.replaceChildren();
    if (enter.up) {
      for (const seat of enter.seats) {
        const row = el("div", "shown-row");
        const input = el("input");
        input.id = `up-${seat}`;
        input.placeholder = enter.up > 1 ? "Ah Kd" : "Ah";
        input.autocomplete = "off";
        input.setAttribute("aria-label", `${L.cards_of} ${seat}`);
        row.append(el("span", "", nameOf(seat)), input);
        box.append(row);
      }
    }
    $("vele-row").hidden = !enter.vele;
    $("vele-input").value = "";
  }

  function drawExchange() {
    const swap = table.exchange;
    $("exchange").hidden = !swap;
    if (!swap) return;
    $("exchange-turn").textContent = `${nameOf(swap.seat)} ${L.changes}`;
    const seat = table.seats.find((s) => s.seat === swap.seat);
    $("given").replaceChildren(...seat.showing.map((c) => new Option(c, c)));
    $("received").value = "";
  }

  function drawDrawing() {
    const drawing = !!table.legal && table.legal.draw;
    $("drawing").hidden = !drawing;
    if (drawing) $("draw-turn").textContent = `${nameOf(table.legal.seat)} ${L.to_draw}`;
  }

  function drawShowdown() {
    const asked = telesina ? table.showdown : (table.legal && table.legal.showdown && table.legal);
    $("showdown").hidden = !asked;
    if (!asked) return;
    const winners = $("winners");
    const shown = $("shown");
    winners.replaceChildren();
    shown.replaceChildren();
    for (const seat of asked.contenders) {
      const tap = el("button", "big pick", `${nameOf(seat)} ${L.wins}`);
      tap.dataset.winner = seat;
      winners.append(tap);
      const row = el("div", "shown-row");
      const input = el("input");
      input.id = `shown-${seat}`;
      input.placeholder = telesina ? ["Ah", "Ah Kd"][asked.held_down - 1] || "Ah" : "Ah Kh Qh Jh Th";
      input.autocomplete = "off";
      input.setAttribute("aria-label", `${L.cards_of} ${seat}`);
      row.append(el("span", "", nameOf(seat)), input);
      shown.append(row);
    }
  }

  function drawDealing() {
    const dealing = table.can_deal;
    $("dealing").hidden = !dealing;
    if (!dealing) return;
    const out = table.outcome;
    if (out) {
      const won = Object.entries(out.won).map(([s, c]) => `${nameOf(Number(s))} ${L.takes} ${c}`);
      const shown = Object.entries(out.shown || {}).map(([s, h]) => `${s}: ${h.cards.join(" ")}`);
      $("result").textContent = [out.note, won.join(", "), shown.join(" · "),
        `${L.next}: ${L.dealer} ${nameOf(out.next_dealer)}` +
        (out.next_level ? `, ${L[out.next_level]}` : "")]
        .filter(Boolean).join(" — ");
    } else {
      $("result").textContent = "";
    }
    const seat = $("passata-seat");
    if (seat.options.length !== table.seats.length) {
      seat.replaceChildren(...table.seats.map((s) => new Option(nameOf(s.seat), s.seat)));
    }
    $("passata").textContent = `${L.passata} (+${table.passata})`;
    if ($("round-start")) $("round-start").hidden = !table.can_play_telesina;
    const back = backToDraw();
    if (telesina) {
      $("telesina-invito").hidden = back;
      $("deal").textContent = back ? L.deal_draw : $("deal").dataset.label;
      if (!back) return;
      $("draw-deal").hidden = false;
    }
    const most = back ? table.round.invito_max : table.invito_max;
    const select = $("invito");
    if (select.options.length !== most) {
      select.replaceChildren();
      for (let i = 1; i <= most; i += 1) select.append(new Option(i, i));
      select.value = Math.min(2, most);
    }
  }

  // A draw table's round of telesina went once around: the next deal is draw again.
  function backToDraw() {
    return !!(table.round && table.round.over);
  }

  function drawRound() {
    const round = table.round;
    if (!round || !$("round")) return;
    $("round").textContent = `${L.round}${round.giri ? ` (${L.round_giri})` : ""}: ` +
      (round.over ? L.round_over
        : `${L.round_hand} ${table.can_deal ? round.played + 1 : round.played} ${L.of} ${round.hands}`);
  }

  function drawDeal() {
    return { invito: Number($("invito").value), blind_steps: Number($("blinds").value),
      giri: $("giri").checked };
  }

  function drawTools() {
    const dealt = table.seats.filter((s) => s.dealt && !s.folded);
    const pick = $("new-opener");
    pick.replaceChildren(new Option(L.nobody, ""));
    for (const s of dealt) pick.append(new Option(nameOf(s.seat), s.seat));
    for (const id of ["misdeal-six", "misdeal-four"]) {
      $(id).replaceChildren(...dealt.map((s) => new Option(nameOf(s.seat), s.seat)));
    }
    $("false-opening").hidden = !table.can_declare_false_opening;
    showMisdealFields();
  }

  function showMisdealFields() {
    const kind = $("misdeal-kind").value;
    for (const label of document.querySelectorAll("label[data-for]")) {
      label.hidden = label.dataset.for !== kind;
    }
  }

  function draw(data) {
    if (data.game !== root.dataset.game) {
      // A round of telesina started, or went around and draw was dealt: the other game's page
      // (once: the answer and the push both bring the news).
      if (!root.dataset.reloading) window.location.reload();
      root.dataset.reloading = "1";
      return;
    }
    table = data;
    $("hand-no").textContent = data.number ? `· ${L.hand} ${data.number}` : "";
    if (!telesina) {
      $("level").textContent = L[data.level];
      $("level").dataset.level = data.level;
      $("deck").textContent = `${data.lowest_rank}–A`;
    }
    $("phase").dataset.phase = data.phase;
    $("phase").textContent = data.phase === "waiting" ? L.waiting_phase : L[data.phase];
    $("middle").textContent = data.middle ? `${L.middle} ${data.middle}` : "";
    drawSeats();
    drawPots();
    drawBetting();
    if (telesina) {
      drawCards();
      drawExchange();
    } else {
      drawDrawing();
      drawTools();
    }
    drawShowdown();
    drawDealing();
    drawRound();
    $("lines").replaceChildren(...data.lines.map((line) => el("li", "", line.text)));
    $("lines").closest("details").hidden = !data.lines.length;
    root.dataset.ready = String(data.version);
  }

  function amount() {
    const value = Number($("amount").value);
    return Number.isInteger(value) ? value : null;
  }

  for (const id of ["fold", "check", "call", "allin"]) {
    $(id).addEventListener("click", () => send("/actions",
      { seat: table.legal.seat, action: $(id).dataset.action }));
  }
  for (const id of ["bet", "raise"]) {
    $(id).addEventListener("click", () => send("/actions",
      { seat: table.legal.seat, action: $(id).dataset.action, amount: amount() }));
  }

  function whole(text) {
    return text.trim().split(/\s+/).filter(Boolean).join(" ");
  }

  function wireTelesina() {
    $("turn-cards").addEventListener("click", () => {
      const up = {};
      for (const seat of table.enter.seats) {
        const box = $(`up-${seat}`);
        if (box && whole(box.value)) up[seat] = whole(box.value);
      }
      send("/cards", { up, vele: whole($("vele-input").value) });
    });
    $("keep").addEventListener("click", () => send("/exchange", { seat: table.exchange.seat }));
    $("change-up").addEventListener("click", () => send("/exchange", {
      seat: table.exchange.seat, given: $("given").value, received: whole($("received").value),
    }));
    $("deal").dataset.label = $("deal").textContent;
    $("deal").addEventListener("click", () => send("/deal", backToDraw() ? drawDeal() : {}));
  }

  function wireDraw() {
    $("open").addEventListener("click", () => {
      $("confirm-text").textContent = `${nameOf(table.legal.seat)} ${L.confirm} (${L[table.level]})`;
      $("confirm").hidden = false;
    });
    $("confirm-no").addEventListener("click", () => { $("confirm").hidden = true; });
    $("confirm-yes").addEventListener("click", () => send("/actions",
      { seat: table.legal.seat, action: "bet", amount: amount(), confirmed: true }));
    $("draw-buttons").addEventListener("click", (e) => {
      const button = e.target.closest("button");
      if (button) send("/draw", { seat: table.legal.seat, cards: Number(button.dataset.cards) });
    });
    $("deal").addEventListener("click", () => send("/deal", drawDeal()));
    $("declare-false").addEventListener("click", () => {
      const chosen = $("new-opener").value;
      send("/false-opening", { new_opener: chosen ? Number(chosen) : null,
        raiser_has_openers: $("raiser-openers").checked });
    });
    $("misdeal-kind").addEventListener("change", showMisdealFields);
    $("misdeal").addEventListener("click", () => {
      const kind = $("misdeal-kind").value;
      const body = { kind };
      if (kind === "exposed_cards") {
        Object.assign(body, { exposed: Number($("misdeal-exposed").value) || 1,
          receiver_demands: $("misdeal-demands").checked });
      }
      if (kind === "dealer_error") body.before_first_players_second_card = $("misdeal-early").checked;
      if (kind === "void_before_opening") body.reason = $("misdeal-reason").value;
      if (kind === "six_and_four") {
        Object.assign(body, { six: Number($("misdeal-six").value),
          four: Number($("misdeal-four").value) });
      }
      send("/misdeal", body);
    });
  }

  if (telesina) wireTelesina(); else wireDraw();
  $("winners").addEventListener("click", (e) => {
    const button = e.target.closest("button");
    if (!button) return;
    const body = { winner: Number(button.dataset.winner) };
    if (!telesina) body.opener_shows = $("opener-shows").checked;
    send("/showdown", body);
  });
  $("by-cards").addEventListener("click", () => {
    const shown = {};
    for (const seat of (telesina ? table.showdown : table.legal).contenders) {
      const text = $(`shown-${seat}`).value.trim();
      if (text) shown[seat] = text;
    }
    send("/showdown", telesina ? { shown } : { shown, opener_shows: $("opener-shows").checked });
  });
  $("passata").addEventListener("click", () => send("/passate",
    { seat: Number($("passata-seat").value), passate: 1 }));
  $("undo").addEventListener("click", () => send("/undo"));
  if ($("start-round")) {
    $("start-round").addEventListener("click", () => send("/telesina-round",
      { variant: $("round-variant").value, giri: $("round-giri").checked }));
  }

  load();
  // Another device (the DdT's laptop) may act at the same table: its changes are pushed; while
  // the push channel is down, a light check of the version every few seconds stands in.
  let socket = null;
  if (window.io) {
    socket = window.io({ transports: ["websocket", "polling"] });
    // Read once the socket is in the table's room: a change pushed before the join reached
    // nobody here, and a read made before the join may have missed it.
    socket.on("connect", () => {
      socket.emit("join_draw_table", { token: root.dataset.token }, (answer) => {
        if (answer && answer.joined) root.dataset.live = "1";
        load();
      });
    });
    socket.on("disconnect", () => { delete root.dataset.live; });
    // The DdT renewed the link and PIN: the reload meets the refusal ("ask the DdT").
    socket.on("access_renewed", () => window.location.reload());
    socket.on("draw_table", drawNewer);
  }
  setInterval(() => { if (!document.hidden && !(socket && socket.connected)) load(); }, 4000);
})();
