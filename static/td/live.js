// The console follows changes made elsewhere (another DdT, a dealer's tablet, the scheduler):
// pages without fields reload by themselves when idle; pages with fields, or showing the answer
// to the DdT's own last action, show a banner instead, so that nothing typed or told is lost.
(function () {
  "use strict";
  var body = document.body;
  var slug = body.getAttribute("data-slug");
  if (!slug || typeof io !== "function") { return; }
  var shown = Number(body.getAttribute("data-version"));
  var mode = body.getAttribute("data-live");
  var leaving = false;
  document.addEventListener("submit", function () { leaving = true; });
  window.addEventListener("beforeunload", function () { leaving = true; });

  function idle() {
    var active = document.activeElement;
    return !active || active === body || !active.matches("input, select, textarea");
  }

  // A reload would swallow the message that answers the DdT's own action ("Marco Rossi è iscritto").
  function telling() {
    return document.querySelector(".flashes .flash") !== null;
  }

  function announce() {
    var banner = document.getElementById("changed-elsewhere");
    if (banner) { banner.hidden = false; }
  }

  // The console's room: its whole view once, then only the rows that changed (deltas.js).
  var socket = io({ transports: ["websocket", "polling"] });
  var live = TdDeltas.follow(socket, function () { return { tournament: slug, audience: "td" }; },
    function (view) {
      if (leaving || !(view.version > shown)) { return; }
      if (mode === "reload" && idle() && !telling()) {
        leaving = true;
        location.reload();
      } else {
        announce();
      }
    });
  socket.on("connect", function () { live.join(); });
  document.addEventListener("keydown", function (event) {
    var banner = document.getElementById("changed-elsewhere");
    if (event.key === "r" && banner && !banner.hidden && idle() && !event.ctrlKey && !event.metaKey) {
      location.reload();
    }
  });
})();
