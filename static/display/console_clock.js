// The dashboard's clock panel: counts down locally from the server's timestamps and sends the
// DdT's controls to the JSON API; the page reloads on success so every card agrees.
(function () {
  "use strict";
  const panel = document.getElementById("clock-panel");
  if (!panel) return;
  const left = document.getElementById("clock-left");
  const errorBox = document.getElementById("clock-error");
  const offset = Number(left.dataset.serverNow) - Date.now();
  let busy = false;
  // The console's own push (td/live.js) may reload the page before the API's answer lands; a
  // second reload would cancel the first, so the page reloads once, whoever starts it.
  let leaving = false;
  window.addEventListener("beforeunload", () => { leaving = true; });
  function reload() { if (!leaving) { leaving = true; location.reload(); } }

  function pad(n) { return String(n).padStart(2, "0"); }
  function draw() {
    const running = left.dataset.running === "true";
    const ms = running && left.dataset.endsAt
      ? Number(left.dataset.endsAt) - (Date.now() + offset)
      : Number(left.dataset.remaining);
    const last = left.dataset.last === "true";
    // Past the last level the clock counts overtime up; before it, a level end reloads the page.
    const s = Math.max(0, Math.ceil((last && ms < 0 ? -ms : ms) / 1000));
    const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60);
    left.textContent = (last && ms < 0 ? "+" : "") + (h ? h + ":" + pad(m) : m) + ":" + pad(s % 60);
    if (running && !last && ms < -1500 && !busy) reload();
  }

  async function send(body, url) {
    if (busy) return;
    busy = true;
    TdApi.say(errorBox, "");
    try {
      const done = await TdApi.send(url || panel.dataset.url, {
        body: body, csrf: panel.dataset.csrf, message: errorBox,
      });
      if (done) reload();
    } finally {
      busy = false;
    }
  }

  // A move of more than one level at once is easy to make by mistake (a key, a typo in the
  // level): the DdT confirms it. The API itself takes it as asked.
  const words = JSON.parse(document.getElementById("clock-words").textContent);
  const fill = (text, params) => text.replace(/%\((\w+)\)s/g, (_, key) => String(params[key]));
  function confirmed(text, params) { return window.confirm(fill(text, params)); }
  const jump = document.getElementById("clock-jump");

  panel.querySelectorAll("[data-clock]").forEach((button) => {
    button.addEventListener("click", () => {
      const skips = Number(button.dataset.skips || 0);
      if (button.dataset.clock === "break" && skips > 0 &&
          !confirmed(words.skip_to_break, { level: Number(jump.dataset.level) + skips })) return;
      const body = { action: button.dataset.clock };
      if (button.dataset.seconds) body.seconds = Number(button.dataset.seconds);
      send(body);
    });
  });
  if (jump) jump.addEventListener("submit", (e) => {
    e.preventDefault();
    const target = Number(e.target.level.value);
    const level = Number(jump.dataset.level);
    // On a break the room stands between its level and the next one.
    const onBreak = jump.dataset.onBreak === "true";
    const ahead = target - level;
    const back = level - target + (onBreak ? 1 : 0);
    if (ahead > 1 && !confirmed(words.skip_levels, { levels: ahead, level: target })) return;
    if (back > 1 && !confirmed(words.back_levels, { levels: back, level: target })) return;
    send({ action: "jump", level: target });
  });
  const adjust = document.getElementById("clock-adjust");
  if (adjust) adjust.addEventListener("submit", (e) => {
    e.preventDefault();
    const seconds = Math.round(Number(e.target.minutes.value) * 60);
    if (seconds) send({ action: "adjust", seconds: seconds });
  });

  // A floor member's console has no clock controls: only what their role may use is there.
  const layout = document.getElementById("clock-layout");
  if (layout) layout.addEventListener("submit", (e) => {
    e.preventDefault();
    const form = e.target;
    const url = form.dataset.url.replace("SCREEN", encodeURIComponent(form.screen.value));
    send({ layout: form.layout.value, seconds: Number(form.seconds.value) }, url);
  });

  const keys = {
    " ": () => panel.querySelector('[data-clock="start"], [data-clock="pause"], [data-clock="resume"]'),
    "+": () => panel.querySelector('[data-seconds="60"]'),
    "=": () => panel.querySelector('[data-seconds="60"]'),
    "-": () => panel.querySelector('[data-seconds="-60"]'),
    ".": () => panel.querySelector('[data-clock="next"]'),
    ",": () => panel.querySelector('[data-clock="previous"]'),
    "b": () => panel.querySelector('[data-clock="break"]'),
  };
  document.addEventListener("keydown", (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.target.closest("input, textarea, select, button, [contenteditable]")) return;
    const button = keys[e.key] && keys[e.key]();
    if (!button) return;  // none once the tournament is over
    e.preventDefault();
    button.click();
  });

  draw();
  setInterval(draw, 250);
})();
