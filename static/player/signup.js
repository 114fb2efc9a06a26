// A sign-up's own page (templates/player/signup.html), live over Socket.IO
// (tdapp/realtime/signups.py): `join_signup` with the code from the page's address, then each
// `signup` message is the sign-up's view again, with `told`: what just happened to this player
// (a place came free, the DdT approved, declined, moved back or removed it, the place was
// released, the seat was drawn), said in `#told`. The page is complete without this script.
// Like deltas.js, <html data-view> says where the live view stands ("joining", then its
// version, or "refused"), for whoever waits on the page.
(function () {
  "use strict";

  const page = document.getElementById("signup-page");
  if (!page || typeof io !== "function") return;
  const labels = JSON.parse(document.getElementById("labels").textContent);
  const mark = (state) => { document.documentElement.dataset.view = state; };
  let version = Number(page.dataset.version) || 0;

  function fill(template, params) {
    return template.replace(/%\((\w+)\)s/g, (_, key) => String(params[key]));
  }

  function text(id, value) {
    const el = document.getElementById(id);
    if (el && el.textContent !== value) el.textContent = value;
  }

  function statusText(me) {
    if (me.checked_in) return labels.checked_in;
    if (me.status === "waitlisted") return fill(labels.waitlisted, { position: me.position });
    return labels[me.status] || me.status;
  }

  function show(me) {
    const status = document.getElementById("signup-status");
    status.className = "signup-status status-" + me.status;
    text("status-text", statusText(me));
    const line = document.getElementById("line-text");
    line.hidden = me.status !== "waitlisted";
    text("line-text", fill(labels.in_line, { waitlisted: me.waitlisted }));
    document.getElementById("seat-card").hidden = !me.table;
    text("my-table", me.table ? String(me.table) : "–");
    text("my-seat", me.seat ? String(me.seat) : "–");
    const night = document.getElementById("night-link");
    night.hidden = me.player_id === null;
    if (me.player_id !== null) {
      const link = night.querySelector("a");
      link.href = link.dataset.href.replace(/\/0$/, "/" + me.player_id);
    }
    // Once the place is settled (checked in, or ended) there is nothing left to cancel.
    const cancel = document.getElementById("cancel-form");
    if (cancel) cancel.hidden = me.checked_in || !["pending", "confirmed", "waitlisted"].includes(me.status);
  }

  function tell(told) {
    if (!told || !told.length) return;
    const region = document.getElementById("told");
    region.textContent = told.map((moment) => fill(labels["told_" + moment.kind] || "", moment)).join(" ");
    region.hidden = false;
  }

  const cancel = document.getElementById("cancel-form");
  if (cancel) {
    cancel.addEventListener("submit", (event) => {
      const ask = cancel.querySelector("[data-confirm]");
      if (ask && !window.confirm(ask.dataset.confirm)) event.preventDefault();
    });
  }

  const socket = io({ transports: ["websocket", "polling"] });
  const offline = document.getElementById("offline");
  const refused = document.getElementById("refused");
  mark("joining");
  socket.on("connect", () => {
    offline.hidden = true;
    socket.emit("join_signup", { tournament: page.dataset.slug, signup: Number(page.dataset.signup), code: page.dataset.code });
  });
  socket.on("disconnect", () => { offline.hidden = false; });
  socket.on("error", (refusal) => {
    if (refusal && typeof refusal.message === "string") {
      refused.textContent = refusal.message;
      refused.hidden = false;
    }
    mark("refused");
  });
  socket.on("signup", (me) => {
    if (me.version < version) return; // an older view than the one shown: a late message
    version = me.version;
    refused.hidden = true;
    show(me);
    tell(me.told);
    mark(String(version));
  });
})();
