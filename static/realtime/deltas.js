// The screens' protocol 2 (tdapp/realtime/protocol.py), the browsers' side: the complete view
// comes once, as the answer to `join`; after it, each `delta` says what changed. A delta applies
// only to the version it was made from (`base`); any other means a message was missed (or this
// page joined between two), so the page joins again and gets the complete view.
(function () {
  "use strict";

  // A step of a path: an object key, or {key: value} for the row of a list whose field `key`
  // is `value`. Each operation copies the objects along its path, so that the view before
  // stays whole: a page compares the two (the display's level cue).
  function step(holder, name) {
    if (name !== null && typeof name === "object") {
      const field = Object.keys(name)[0];
      const index = holder.findIndex((row) => row[field] === name[field]);
      holder[index] = Object.assign({}, holder[index]);
      return holder[index];
    }
    const child = holder[name];
    holder[name] = Array.isArray(child) ? child.slice() : Object.assign({}, child || {});
    return holder[name];
  }

  function applyOp(root, op) {
    const path = op[1];
    let holder = root;
    for (let i = 0; i < path.length - 1; i++) holder = step(holder, path[i]);
    const last = path[path.length - 1];
    if (op[0] === "set") {
      holder[last] = op[2];
    } else if (op[0] === "drop") {
      delete holder[last];
    } else if (op[0] === "rows") {
      const key = op[2], rows = op[3], dropped = new Set(op[4]), order = op[5];
      let listed = (holder[last] || []).slice();
      const where = new Map(listed.map((row, index) => [row[key], index]));
      for (const row of rows) {
        if (where.has(row[key])) listed[where.get(row[key])] = row;
        else { where.set(row[key], listed.length); listed.push(row); }
      }
      listed = listed.filter((row) => !dropped.has(row[key]));
      if (order) {
        const byKey = new Map(listed.map((row) => [row[key], row]));
        listed = order.map((name) => byKey.get(name));
      }
      holder[last] = listed;
    }
  }

  function applyDelta(view, message) {
    const next = Object.assign({}, view);
    for (const op of message.ops) applyOp(next, op);
    next.version = message.version;
    return next;
  }

  // Follows one tournament on `socket`: `payload()` is what `join` sends; `show(view, before,
  // message)` redraws (message: the delta or the level end's `clock`, null for a whole view).
  // A phone that follows a player (`payload().player`) also gets its player's own delta just
  // before the message of the same version that names the player.
  // A join unanswered this long means the connection is stuck (a proxy or a process that lost
  // the socket's messages): the page drops the connection, which shows its "reconnecting"
  // banner, and socket.io's own reconnection joins again, instead of a screen staying blank.
  const JOIN_PATIENCE_MS = 6000;

  // The page says on <html data-view> where its live view stands: "joining" until the first
  // answer, then the version of the whole view shown, or "refused": a test (or a tool) reading
  // the page waits for that rather than for the network to go quiet.
  function mark(state) { document.documentElement.dataset.view = state; }

  function follow(socket, payload, show) {
    mark("joining");
    let view = null;
    let joining = false;
    let newest = 0; // the newest version heard of, to notice a join answered with an older one
    let own = null;
    let unanswered = null;

    function join() {
      joining = true;
      own = null;
      clearTimeout(unanswered);
      unanswered = setTimeout(() => { if (socket.connected) socket.io.engine.close(); }, JOIN_PATIENCE_MS);
      socket.emit("join", payload());
    }

    function answered() { clearTimeout(unanswered); }
    // A refused join is an answer too (the tournament gone from the public pages, a member
    // removed from the club): the page's `#refused` region says why instead of an old view
    // staying up as if it were live; a view received later takes the message down.
    function refusedRegion() { return document.getElementById("refused"); }
    socket.on("error", (refusal) => {
      answered();
      const region = refusedRegion();
      if (region && refusal && typeof refusal.message === "string") {
        region.textContent = refusal.message;
        region.hidden = false;
      }
      if (!view) mark("refused");
    });
    socket.on("disconnect", answered); // the next connection joins again

    socket.on("view", (next) => {
      if (typeof next.version !== "number") return;
      answered();
      const region = refusedRegion();
      if (region) region.hidden = true;
      if (view && !joining && next.version < view.version) return;
      const before = view;
      view = next;
      joining = false;
      show(view, before, null);
      mark(String(view.version));
      if (newest > view.version) join();
    });

    socket.on("delta", (message) => {
      newest = Math.max(newest, message.version);
      if (!view || joining || message.version <= view.version) return;
      if (message.player !== undefined) { own = message; return; }
      if (message.base !== view.version) { join(); return; }
      let next = applyDelta(view, message);
      const me = payload().player;
      if (me !== undefined && (message.players || []).includes(me)) {
        if (!own || own.version !== message.version || own.base !== message.base) { join(); return; }
        next = applyDelta(next, own);
      }
      own = null;
      const before = view;
      view = next;
      show(view, before, message);
    });

    // A level end: the clock section alone, at the version shown (nothing was written). A newer
    // version means a change was missed on the way.
    socket.on("clock", (message) => {
      newest = Math.max(newest, message.version);
      if (!view || joining || typeof message.version !== "number" || message.version < view.version) return;
      if (message.version > view.version) { join(); return; }
      const before = view;
      view = Object.assign({}, view, { clock: message.clock });
      show(view, before, message);
    });

    return { join: join, view: () => view };
  }

  window.TdDeltas = { apply: applyDelta, follow: follow };
})();
