"""The screens' protocol, version 2: one complete view at `join`, then only what changed.

Pure: no Socket.IO, no state, no clock. A change is described by comparing the view a client
holds (the `base` version) with the view after the change (`version`), as a list of operations
that the client applies in order:

- `["set", path, value]`: the value at `path` (a list of object keys) is now `value`;
- `["drop", path]`: the key at the end of `path` is gone;
- `["rows", path, key, rows, dropped, order]`: the list at `path` is a list of rows told apart
  by their field `key` ("id" for players, "number" for tables, "seat" for a table's seats):
  each of `rows` replaces the row with its key where it stands, or is added at the end when it
  is new; the rows whose keys are in `dropped` leave; `order`, when not null, is the keys of the
  whole list in their new order.

A step of a path is an object key, or `{key: value}`: the row of a list whose field `key` is
`value` (a row that changed in part is sent as its changes: `["set", ["tables", {"number": 4},
"seats", {"seat": 3}, "stack"], 7300]`).

So a bust at a table of a 3,000-player field is the busted player's row, that table's row and
the counts, a few hundred bytes, where the whole view is close to a megabyte. The message is
`{"protocol": 2, "version", "base", "ops"}` (see `delta`); `apply` is what every client does
with it (the browsers' copy is static/realtime/deltas.js). A client applies a message only when
its `base` is the version it holds; otherwise it missed one and joins again.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

PROTOCOL = 2

ROW_KEYS = ("id", "number", "seat")
"""The fields that tell the rows of a list apart, tried in this order (players, tables, the
seats of a table)."""

Op = list[Any]

CLOCK_NOW = ("server_now", "remaining_ms", "next_break_at", "structure_left_ms", "next_break_in_ms")
"""Clock fields read at the instant a view is built: two views of one version differ in them
(a client counts down from `ends_at` by itself)."""


def settled(view: dict[str, Any]) -> dict[str, Any]:
    """`view` without what is read at the instant it was built nor the join's tag: a view that a
    client rebuilt from deltas and a fresh join's view of the same version are then equal."""
    shown = {k: v for k, v in view.items() if k != "protocol"}
    clock = {k: v for k, v in shown.get("clock", {}).items() if k not in CLOCK_NOW}
    if clock.get("following"):
        clock["following"] = {k: v for k, v in clock["following"].items() if k not in CLOCK_NOW}
    return {**shown, "clock": clock}


def delta(before: dict[str, Any], after: dict[str, Any], base: int, version: int,
          always: Iterable[str] = ()) -> dict[str, Any]:
    """The message that takes a client from `before` (at version `base`) to `after`. The top
    keys in `always` are sent whole even when they look unchanged: the caller knows that the
    client's copy of them may be older than `before` (the DdT's undo buttons)."""
    ops = [op for op in diff(before, after) if op[1] != ["version"]]
    for name in always:
        if name in after and ["set", [name], after[name]] not in ops:
            ops.append(["set", [name], after[name]])
    return {"protocol": PROTOCOL, "version": version, "base": base, "ops": ops}


def diff(before: Any, after: Any, path: tuple[Any, ...] = ()) -> list[Op]:
    """The operations that turn `before` into `after` (both JSON-able); none when equal."""
    if before == after:
        return []
    if isinstance(before, dict) and isinstance(after, dict):
        ops: list[Op] = []
        for name, value in after.items():
            if name not in before:
                ops.append(["set", [*path, name], value])
            else:
                ops.extend(diff(before[name], value, (*path, name)))
        ops.extend(["drop", [*path, name]] for name in before if name not in after)
        return ops
    if isinstance(before, list) and isinstance(after, list) and path:
        key = _row_key(before, after)
        if key is not None:
            return _rows(before, after, key, path)
    return [["set", list(path), after]]


def _row_key(before: list[Any], after: list[Any]) -> str | None:
    """The field whose values tell apart the rows of both lists, if there is one."""
    for key in ROW_KEYS:
        if all(_keyed(rows, key) for rows in (before, after)):
            return key
    return None


def _keyed(rows: list[Any], key: str) -> bool:
    seen = set()
    for row in rows:
        if not isinstance(row, dict) or row.get(key) is None or row[key] in seen:
            return False
        seen.add(row[key])
    return bool(rows)


def _rows(before: list[dict[str, Any]], after: list[dict[str, Any]], key: str,
          path: tuple[Any, ...]) -> list[Op]:
    """A row that changed in part is sent as its own changes (a path step `{key: value}` picks
    the row), when they are shorter than the row: a player who sits down at a table of ten
    changes one seat of its row, not the ten."""
    old = {row[key]: row for row in before}
    new_keys = [row[key] for row in after]
    whole: list[dict[str, Any]] = []
    patches: list[Op] = []
    for row in after:
        found = old.get(row[key])
        if found == row:
            continue
        inner = diff(found, row, (*path, {key: row[key]})) if found is not None else None
        if inner is not None and len(json.dumps(inner)) < len(json.dumps(row)):
            patches.extend(inner)
        else:
            whole.append(row)
    kept = set(new_keys)
    dropped = [name for name in old if name not in kept]
    # The order a client ends with by replacing in place and adding at the end; the whole order
    # is sent only when the list's own differs from it.
    gone = set(dropped)
    landed = [name for name in old if name not in gone]
    landed.extend(name for name in new_keys if name not in old)
    order = None if landed == new_keys else new_keys
    if not (whole or dropped or order):
        return patches
    return [["rows", list(path), key, whole, dropped, order], *patches]


def apply(view: dict[str, Any], message: dict[str, Any]) -> dict[str, Any]:
    """The view after `message`, from `view` at the message's `base`. `view` is left as it was:
    each operation copies the objects along its path only, so a change of one row of a
    megabyte view copies a few of them. The caller checks the versions first."""
    shown = dict(view)
    for op in message["ops"]:
        _apply_op(shown, op)
    shown["version"] = message["version"]
    return shown


def _apply_op(view: dict[str, Any], op: Op) -> None:
    kind, path = op[0], op[1]
    *parents, last = path
    holder: Any = view
    for name in parents:
        holder = _step(holder, name)
    if kind == "set":
        holder[last] = op[2]
    elif kind == "drop":
        holder.pop(last, None)
    elif kind == "rows":
        key, rows, dropped, order = op[2], op[3], op[4], op[5]
        listed = list(holder.get(last) or [])
        where = {row[key]: index for index, row in enumerate(listed)}
        for row in rows:
            if row[key] in where:
                listed[where[row[key]]] = row
            else:
                where[row[key]] = len(listed)
                listed.append(row)
        gone = set(dropped)
        listed = [row for row in listed if row[key] not in gone]
        if order is not None:
            by_key = {row[key]: row for row in listed}
            listed = [by_key[name] for name in order]
        holder[last] = listed
    else:
        raise ValueError(f"unknown operation {kind!r}")


def _step(holder: Any, name: Any) -> Any:
    """The child at `name` (a key, or `{key: value}` for the row of a list), copied into its
    place so that the view the client had stays whole."""
    if isinstance(name, dict):
        ((field, value),) = name.items()
        index = next(i for i, row in enumerate(holder) if row.get(field) == value)
        holder[index] = dict(holder[index])
        return holder[index]
    child = holder.get(name)
    holder[name] = list(child) if isinstance(child, list) else dict(child or {})
    return holder[name]


def clock_at(clock: dict[str, Any], now_ms: float) -> dict[str, Any]:
    """The clock section a screen shows at server time `now_ms`: the one it holds, or, once that
    period has ended while the clock runs, the one the server computed for the period that
    follows (`following`). Every view and every change carries that announcement with its
    version, so a pause, a resume, an adjustment or an undo (each a newer version with a clock
    section of its own) replaces it before it is due. The browsers' copy is
    `TdCountdown.current` (static/display/countdown.js)."""
    turn = turns_at(clock)
    return clock["following"] if turn is not None and now_ms >= turn else clock


def turns_at(clock: dict[str, Any]) -> int | None:
    """The server instant at which `clock` turns by itself to the period that follows, or None
    when it will not (paused, not started, past the last period)."""
    if clock.get("running") and clock.get("following") and clock.get("ends_at") is not None:
        return clock["ends_at"]
    return None


class Follower:
    """A client's side of the protocol, for one audience: the view it holds, and what to do with
    each message (static/realtime/deltas.js does the same in the browsers; the tests and the
    benchmarks' clients use this one). Each `on_...` answers whether the client must join
    again; `view` is then the one to show (None until the first complete one)."""

    def __init__(self, player: int | None = None) -> None:
        self.player = player
        self.view: dict[str, Any] | None = None
        self.joining = True
        self.newest = 0  # the newest version heard of: a join answered with an older one missed it
        self._own: dict[str, Any] | None = None

    def rejoin(self) -> bool:
        self.joining, self._own = True, None
        return True

    def on_view(self, message: dict[str, Any]) -> bool:
        if self.view is not None and not self.joining and message["version"] < self.view["version"]:
            return False
        self.view, self.joining = message, False
        return self.newest > message["version"] and self.rejoin()

    def on_delta(self, message: dict[str, Any]) -> bool:
        self.newest = max(self.newest, message["version"])
        if self.view is None or self.joining or message["version"] <= self.view["version"]:
            return False
        if "player" in message:
            self._own = message
            return False
        if message["base"] != self.view["version"]:
            return self.rejoin()
        shown = apply(self.view, message)
        if self.player is not None and self.player in message.get("players", ()):
            own = self._own
            if own is None or (own["version"], own["base"]) != (message["version"], message["base"]):
                return self.rejoin()
            shown = apply(shown, own)
        self.view, self._own = shown, None
        return False

    def on_clock(self, message: dict[str, Any]) -> bool:
        """A level end: the clock section alone, at the version held."""
        self.newest = max(self.newest, message["version"])
        if self.view is None or self.joining or message["version"] < self.view["version"]:
            return False
        if message["version"] > self.view["version"]:
            return self.rejoin()
        self.view = {**self.view, "clock": message["clock"]}
        return False

    def clock_at(self, now_ms: float) -> dict[str, Any] | None:
        """The clock this client shows at server time `now_ms` (see `clock_at`), None before
        its first view."""
        if self.view is None or "clock" not in self.view:
            return None
        return clock_at(self.view["clock"], now_ms)

    def turns_at(self) -> int | None:
        """When the clock held turns by itself to the next period (see `turns_at`)."""
        if self.view is None or "clock" not in self.view:
            return None
        return turns_at(self.view["clock"])
