// The DdT's side-pot calculator: the server splits the pots (POST /api/v1/tools/side-pots);
// this page only collects the chips put in, the folds and the winners, and shows the answer.
(function () {
  "use strict";

  const root = document.getElementById("calculator");
  const L = JSON.parse(document.getElementById("labels").textContent);
  const $ = (id) => document.getElementById(id);
  let pots = [];
  // Numbers as the page's language writes them (Italian 15.775), not the browser's locale;
  // grouped from 1.000 up, as the DdT's pages write chips.
  const numbers = new Intl.NumberFormat(document.documentElement.lang || undefined, {
    useGrouping: "always",
  });
  const fmt = (n) => numbers.format(Number(n));

  function addRow(seat) {
    const row = document.createElement("tr");
    row.innerHTML =
      '<td><input class="seat-no" type="number" min="1" max="100" inputmode="numeric"></td>' +
      '<td><input class="chips" type="number" min="0" inputmode="numeric"></td>' +
      '<td><label class="tick"><input class="folded" type="checkbox"></label></td>';
    row.querySelector(".seat-no").value = seat;
    // Each cell named by its column and its row, for a screen reader (the header is not a label).
    const where = L.row.replace("%(n)s", $("rows").children.length + 1);
    row.querySelector(".seat-no").setAttribute("aria-label", L.seat + " · " + where);
    row.querySelector(".chips").setAttribute("aria-label", L.chips_in + " · " + where);
    row.querySelector(".folded").setAttribute("aria-label", L.folded + " · " + where);
    $("rows").appendChild(row);
  }

  function body(winners) {
    const committed = {};
    const folded = [];
    for (const row of $("rows").children) {
      const seat = row.querySelector(".seat-no").value;
      const chips = row.querySelector(".chips").value;
      if (!seat || chips === "") continue;
      committed[seat] = Number(chips);
      if (row.querySelector(".folded").checked) folded.push(Number(seat));
    }
    const request = { committed: committed, folded: folded };
    if ($("button").value) request.button = Number($("button").value);
    if (winners) request.winners = winners;
    return request;
  }

  function ask(winners) {
    return TdApi.send("/api/v1/tools/side-pots", {
      body: body(winners), csrf: root.dataset.csrf, message: $("message"),
    });
  }

  function showPots() {
    const box = $("pots");
    box.innerHTML = "";
    let index = 0;
    pots.forEach((pot) => {
      const row = document.createElement("div");
      row.className = "pot";
      if (pot.returned) {
        row.textContent = `${L.returned} ${pot.eligible[0]}: ${fmt(pot.amount)}`;
        box.appendChild(row);
        return;
      }
      const name = index === 0 ? L.main_pot : `${L.side_pot} ${index}`;
      row.innerHTML = `<strong></strong> ${L.winners}: `;
      row.querySelector("strong").textContent = `${name} ${fmt(pot.amount)}`;
      for (const seat of pot.eligible) {
        const label = document.createElement("label");
        label.innerHTML = `<input type="checkbox" data-pot="${index}" value="${seat}"> ${seat}`;
        row.appendChild(label);
      }
      index += 1;
      box.appendChild(row);
    });
    if (index) {
      const pay = document.createElement("button");
      pay.className = "big pay";
      pay.textContent = L.pay;
      pay.addEventListener("click", payOut);
      box.appendChild(pay);
    }
  }

  async function payOut() {
    const count = pots.filter((p) => !p.returned).length;
    const winners = [];
    for (let i = 0; i < count; i++) {
      const ticked = document.querySelectorAll(`[data-pot="${i}"]:checked`);
      winners.push(Array.from(ticked, (box) => Number(box.value)));
    }
    const data = await ask(winners);
    const box = $("payouts");
    box.innerHTML = "";
    if (!data) return;
    for (const [seat, chips] of Object.entries(data.payouts)) {
      const line = document.createElement("p");
      line.textContent = `${seat} ${L.gets} ${fmt(chips)}`;
      box.appendChild(line);
    }
  }

  $("add").addEventListener("click", () => addRow($("rows").children.length + 1));
  $("compute").addEventListener("click", async () => {
    const data = await ask(null);
    $("payouts").innerHTML = "";
    pots = data ? data.pots : [];
    showPots();
  });
  for (let seat = 1; seat <= 3; seat++) addRow(seat);
})();
