// The clock's countdown arithmetic, shared by the wall display and the table console: the time
// left in the period a clock view shows (or the overtime past the last level), from the server's
// timestamps and the server's time now, how a duration reads ("12:05", "1:02:03"), and when a
// clock turns by itself to the period that follows (tdapp/realtime/protocol.py `clock_at`).
(function (global) {
  "use strict";

  function pad(n) { return String(n).padStart(2, "0"); }

  function hms(ms, round) {
    const s = Math.max(0, round(ms / 1000));
    const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), sec = s % 60;
    return h ? h + ":" + pad(m) + ":" + pad(sec) : m + ":" + pad(sec);
  }

  // Time left in the period, or overtime past the last level, both in ms.
  function left(clock, serverNow) {
    if (!clock.running || clock.ends_at === null) {
      return { left: clock.remaining_ms, over: clock.overtime_ms };
    }
    const rest = clock.ends_at - serverNow;
    return { left: Math.max(0, rest), over: clock.last_period && rest < 0 ? -rest : 0 };
  }

  // What the countdown shows: "+m:ss" in overtime, else the time left rounded up.
  function text(t) {
    return t.over > 0 ? "+" + hms(t.over, Math.floor) : hms(t.left, Math.ceil);
  }

  // The server instant at which `clock` turns to the period that follows (its `following`,
  // announced with the view's version), or null when it will not: paused, not started, past the
  // last period. A pause, an adjustment or an undo is a newer version with a clock of its own,
  // so a turn it cancels or moves is gone from the clock held before it is due.
  function turnsAt(clock) {
    return clock && clock.running && clock.following && clock.ends_at !== null ? clock.ends_at : null;
  }

  // The clock shown at `serverNow`: the one held, or the one that follows once its instant came.
  function current(clock, serverNow) {
    const turn = turnsAt(clock);
    return turn !== null && serverNow >= turn ? clock.following : clock;
  }

  global.TdCountdown = { hms: hms, left: left, text: text, turnsAt: turnsAt, current: current };
})(window);
