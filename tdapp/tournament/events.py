"""Events: the registry of named, versioned outcomes and their JSON records.

An event class is a frozen dataclass registered with `@event("PlayersBusted", version=1)`.
`to_record(e)` gives `{"name", "version", "payload"}`, JSON-able; `from_record(r)` rebuilds it,
through the ground floor's codec (tdapp/kernel/events.py).

Events live forever in stored logs. When an event's shape changes, bump its version and register
`@upgrades("PlayersBusted", from_version=1)` on a function turning a version-1 payload into a
version-2 payload (`adds(...)` when it only added fields); `from_record` chains the upgrades, so
every old log replays.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from tdapp.kernel.events import Payload, decode, encode, upgraded

T = TypeVar("T")

Event = Any
"""Any registered event dataclass."""

_BY_NAME: dict[str, type] = {}
_NAME_OF: dict[type, tuple[str, int]] = {}
_UPGRADES: dict[tuple[str, int], Callable[[Payload], Payload]] = {}


def event(name: str, version: int = 1) -> Callable[[type[T]], type[T]]:
    """Registers a frozen dataclass as the event `name` at `version`."""

    def register(cls: type[T]) -> type[T]:
        params = getattr(cls, "__dataclass_params__", None)
        if params is None or not params.frozen:
            raise TypeError(f"event {name} must be a frozen dataclass")
        if name in _BY_NAME and _BY_NAME[name].__qualname__ != cls.__qualname__:
            raise ValueError(f"event name {name} already used by {_BY_NAME[name].__qualname__}")
        _BY_NAME[name] = cls
        _NAME_OF[cls] = (name, version)
        return cls

    return register


def upgrades(name: str, from_version: int) -> Callable[[Callable[[Payload], Payload]], Any]:
    """Registers how a payload of `name` at `from_version` becomes one at `from_version + 1`."""

    def register(upgrade: Callable[[Payload], Payload]) -> Callable[[Payload], Payload]:
        _UPGRADES[(name, from_version)] = upgrade
        return upgrade

    return register


def registered_events() -> dict[str, type]:
    """Every event type by name (for checks over all of them): the package's `__init__` imported
    every area before any of this module's callers ran."""
    return dict(_BY_NAME)


def event_name(value: Event) -> str:
    return _NAME_OF[type(value)][0]


def to_record(value: Event) -> dict[str, Any]:
    """The event as stored: name, version and a JSON-able payload."""
    try:
        name, version = _NAME_OF[type(value)]
    except KeyError:
        raise TypeError(f"{type(value).__qualname__} is not a registered event") from None
    return {"name": name, "version": version, "payload": encode(value)}


def from_record(record: Mapping[str, Any]) -> Event:
    """The event a record stands for, upgraded to the current version of its class."""
    name = record["name"]
    cls = _BY_NAME.get(name)
    if cls is None:
        raise ValueError(f"unknown event {name!r}")
    payload = upgraded(name, int(record["version"]), _NAME_OF[cls][1], record["payload"], _UPGRADES)
    return decode(cls, payload)
