// The night's screen follows the night without reloading: told over Socket.IO that one of its
// tables or its record changed (`league_night`), it fetches its own page again and swaps the
// night in. Time alone moves the schedule at the start and when the giri are due, so it fetches
// itself then too; while the socket is down, every 30 s.
(() => {
  "use strict";
  const root = document.getElementById("night");
  if (!root) return;
  const league = Number(root.dataset.league);
  const day = Number(root.dataset.day);
  let fetching = false;
  let again = false;

  async function refresh() {
    if (fetching) { again = true; return; }
    fetching = true;
    try {
      const answer = await fetch(window.location.href, { headers: { Accept: "text/html" } });
      if (answer.ok) {
        const page = new DOMParser().parseFromString(await answer.text(), "text/html");
        const fresh = page.getElementById("night");
        if (fresh) {
          root.replaceChildren(...fresh.childNodes);
          root.dataset.refreshed = String(Number(root.dataset.refreshed || 0) + 1);
        }
      }
    } finally {
      fetching = false;
      if (again) { again = false; refresh(); }
    }
  }

  function tick() {
    const now = root.querySelector("#now");
    if (now) {
      now.textContent = new Intl.DateTimeFormat(document.documentElement.lang || "it",
        { hour: "2-digit", minute: "2-digit", hour12: false, timeZone: root.dataset.zone })
        .format(new Date());
    }
  }

  for (const when of [root.dataset.start, root.dataset.giriAt]) {
    const wait = Date.parse(when) - Date.now();
    if (wait > 0 && wait < 2 ** 31 - 1) setTimeout(refresh, wait + 1000);
  }
  setInterval(tick, 15000);

  let socket = null;
  if (window.io) {
    socket = window.io({ transports: ["websocket", "polling"] });
    // Read again once in the night's room: a change pushed before the join (since the page was
    // served, or while the socket was down) reached nobody here.
    socket.on("connect", () => {
      socket.emit("join_league_night", { league_id: league, day }, (answer) => {
        if (answer && answer.joined) root.dataset.live = "1";
        refresh();
      });
    });
    socket.on("disconnect", () => { delete root.dataset.live; });
    socket.on("league_night", refresh);
  }
  setInterval(() => { if (!document.hidden && !(socket && socket.connected)) refresh(); }, 30000);
})();
