// The offset between this browser's clock and the server's, measured over the socket like NTP:
// each sample sends the local time, the server answers with its own, and the sample whose round
// trip was shortest is the one least spoiled by queueing. Server time is then local time + offset.
(function (global) {
  "use strict";

  const KEEP = 16;        // recent samples considered
  const BURST = 6;        // samples per measurement round
  const GAP_MS = 150;     // between samples of a round
  const ROUND_MS = 120000;  // a new round this often: clocks drift, networks change

  function create(socket, now) {
    now = now || (() => Date.now());
    const samples = [];
    let offset = null;
    let timer = null;

    function sample() {
      return new Promise((resolve) => {
        const t0 = now();
        const settle = setTimeout(() => resolve(null), 3000);
        socket.emit("sync", { t0: t0 }, (reply) => {
          clearTimeout(settle);
          const t1 = now();
          if (!reply || typeof reply.server !== "number") return resolve(null);
          resolve({ rtt: t1 - t0, offset: reply.server - (t0 + t1) / 2 });
        });
      });
    }

    function best() {
      let chosen = null;
      for (const s of samples) if (!chosen || s.rtt < chosen.rtt) chosen = s;
      return chosen;
    }

    async function round() {
      for (let i = 0; i < BURST && socket.connected; i++) {
        const s = await sample();
        if (s) {
          samples.push(s);
          if (samples.length > KEEP) samples.shift();
          offset = best().offset;
        }
        await new Promise((r) => setTimeout(r, GAP_MS));
      }
      return offset;
    }

    function start() {
      clearInterval(timer);
      timer = setInterval(round, ROUND_MS);
      return round();
    }

    return {
      start: start,
      // A reconnect may land on another network path: old round trips no longer compare.
      reset: () => { samples.length = 0; },
      // Before the first answer, the server's own timestamp in a view is the best guess.
      guess: (serverNow, receivedAt) => { if (offset === null) offset = serverNow - receivedAt; },
      offset: () => offset || 0,
      measured: () => samples.length > 0,
      serverNow: () => now() + (offset || 0),
      best: best,
    };
  }

  global.TdSync = { create: create };
})(window);
