"""Events: the registry of named, versioned outcomes and their JSON records.

An event class is a frozen dataclass registered with `@event("PlayersBusted", version=1)`.
`to_record(e)` gives `{"name", "version", "payload"}`, JSON-able; `from_record(r)` rebuilds it.
The payload is encoded from the values and decoded from the class's type hints, so nested
dataclasses, tuples, enums, dates and datetimes need no code of their own. A union of several
dataclasses (`Level | Break`) is decoded as the one member whose fields fit the record's keys.

Events live forever in stored logs. When an event's shape changes, bump its version and register
`@upgrades("PlayersBusted", from_version=1)` on a function turning a version-1 payload into a
version-2 payload; `from_record` chains the upgrades, so every old log replays.
"""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from collections.abc import Callable, Mapping
from datetime import date, datetime
from typing import Any, TypeVar

T = TypeVar("T")

Payload = dict[str, Any]
Event = Any
"""Any registered event dataclass."""

_BY_NAME: dict[str, type] = {}
_NAME_OF: dict[type, tuple[str, int]] = {}
_UPGRADES: dict[tuple[str, int], Callable[[Payload], Payload]] = {}
_HINTS: dict[type, dict[str, Any]] = {}


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


def adds(**fields: Any) -> Callable[[Payload], Payload]:
    """An upgrade for a version that only added fields: an old payload gets them with the values
    that old event meant (a fee of 0 cents before fees existed)."""

    def upgrade(payload: Payload) -> Payload:
        return {**payload, **fields}

    return upgrade


def registered_events() -> dict[str, type]:
    """Every event type by name, once all areas are loaded (for checks over all of them)."""
    from tdapp.tournament.registry import load_areas

    load_areas()
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
    from tdapp.tournament.registry import load_areas

    load_areas()
    name = record["name"]
    cls = _BY_NAME.get(name)
    if cls is None:
        raise ValueError(f"unknown event {name!r}")
    payload = upgraded(name, int(record["version"]), _NAME_OF[cls][1], record["payload"], _UPGRADES)
    return decode(cls, payload)


def upgraded(
    name: str,
    version: int,
    current: int,
    payload: Mapping[str, Any],
    steps: Mapping[tuple[str, int], Callable[[Payload], Payload]],
) -> Payload:
    """The payload of an event `name` stored at `version`, brought to `current` one registered
    step at a time; refused when a step is missing or the log is newer than this code. Shared by
    every log (tournaments, draw tables)."""
    payload = dict(payload)
    while version < current:
        upgrade = steps.get((name, version))
        if upgrade is None:
            raise ValueError(f"no upgrade for {name} from version {version}")
        payload = upgrade(payload)
        version += 1
    if version != current:
        raise ValueError(f"{name} version {version} is newer than this code ({current})")
    return payload


def encode(value: Any) -> Any:
    """A JSON-able form of a value built from dataclasses, tuples, dicts, enums and dates."""
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, datetime | date):
        return value.isoformat()
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: encode(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, tuple | list | frozenset | set):
        return [encode(item) for item in value]
    if isinstance(value, Mapping):
        return {str(encode(key)): encode(item) for key, item in value.items()}
    raise TypeError(f"cannot encode {type(value).__qualname__} in an event")


def decode(kind: Any, data: Any) -> Any:
    """The value of type `kind` that `encode` turned into `data`."""
    if kind is Any:
        return data
    origin = typing.get_origin(kind)
    args = typing.get_args(kind)
    if origin in (typing.Union, types.UnionType):
        return _decode_union(args, data)
    if origin is typing.Literal:
        return data
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(decode(args[0], item) for item in data)
        return tuple(decode(a, item) for a, item in zip(args, data, strict=True))
    if origin is not None and _is_mapping(origin):
        key_kind, value_kind = args or (str, Any)
        return {decode(key_kind, _key(key_kind, k)): decode(value_kind, v) for k, v in data.items()}
    if origin in (frozenset, set, list):
        return origin(decode(args[0], item) for item in data)
    if isinstance(kind, type):
        if dataclasses.is_dataclass(kind):
            hints = _hints(kind)
            names = {f.name for f in dataclasses.fields(kind) if f.init}
            return kind(**{k: decode(hints[k], v) for k, v in data.items() if k in names})
        if issubclass(kind, enum.Enum):
            return kind(data)
        if kind is datetime:
            return datetime.fromisoformat(data)
        if kind is date:
            return date.fromisoformat(data)
        if kind is bool or kind is str:
            return data
        if kind is int:
            return int(data)
    return data


def _is_mapping(origin: Any) -> bool:
    return isinstance(origin, type) and issubclass(origin, Mapping)


def _key(kind: Any, key: str) -> Any:
    """JSON object keys are strings: turn them back into ints where the type says so."""
    return int(key) if kind is int else key


def _decode_union(members: tuple[Any, ...], data: Any) -> Any:
    if data is None and type(None) in members:
        return None
    options = [m for m in members if m is not type(None)]
    if len(options) == 1:
        return decode(options[0], data)
    shapes = [m for m in options if isinstance(m, type) and dataclasses.is_dataclass(m)]
    if isinstance(data, Mapping) and shapes:
        keys = set(data)
        for cls in shapes:
            fields = dataclasses.fields(cls)
            required = {
                f.name
                for f in fields
                if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
            }
            if required <= keys <= {f.name for f in fields}:
                return decode(cls, data)
        raise ValueError(f"no member of {options} fits the keys {sorted(keys)}")
    for member in options:
        try:
            return decode(member, data)
        except (TypeError, ValueError):
            continue
    raise ValueError(f"cannot decode {data!r} as any of {options}")


def _hints(cls: type) -> dict[str, Any]:
    hints = _HINTS.get(cls)
    if hints is None:
        hints = _HINTS[cls] = typing.get_type_hints(cls)
    return hints
