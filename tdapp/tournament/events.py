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
import functools
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
    return decoder(kind)(data)


Decoder = Callable[[Any], Any]


@functools.cache
def decoder(kind: Any) -> Decoder:
    """How to decode values of type `kind`, worked out once per type: replaying a night's log
    decodes thousands of events, and asking `typing` about every value was most of the time."""
    if kind is Any:
        return _as_is
    origin = typing.get_origin(kind)
    args = typing.get_args(kind)
    if origin in (typing.Union, types.UnionType):
        return _union_decoder(args)
    if origin is typing.Literal:
        return _as_is
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            item = decoder(args[0])
            return lambda data: tuple(item(value) for value in data)
        items = tuple(decoder(arg) for arg in args)
        return lambda data: tuple(
            item(value) for item, value in zip(items, data, strict=True))
    if origin is not None and _is_mapping(origin):
        key_kind, value_kind = args or (str, Any)
        key, value = decoder(key_kind), decoder(value_kind)
        as_key = int if key_kind is int else _as_is
        return lambda data: {key(as_key(k)): value(v) for k, v in data.items()}
    if origin in (frozenset, set, list):
        item = decoder(args[0])
        return lambda data: origin(item(value) for value in data)
    if isinstance(kind, type):
        if dataclasses.is_dataclass(kind):
            return _dataclass_decoder(kind)
        if issubclass(kind, enum.Enum):
            return kind
        if kind is datetime:
            return datetime.fromisoformat
        if kind is date:
            return date.fromisoformat
        if kind is bool or kind is str:
            return _as_is
        if kind is int:
            return int
    return _as_is


def _as_is(data: Any) -> Any:
    return data


def _is_mapping(origin: Any) -> bool:
    return isinstance(origin, type) and issubclass(origin, Mapping)


def _dataclass_decoder(cls: type) -> Decoder:
    """A dataclass's fields are decoded by their type hints; those are looked up on the first
    value, not when the decoder is made, so that a class may hold values of its own type."""
    fields: dict[str, Decoder] | None = None

    def decode_dataclass(data: Any) -> Any:
        nonlocal fields
        if fields is None:
            hints = typing.get_type_hints(cls)
            fields = {f.name: decoder(hints[f.name]) for f in dataclasses.fields(cls) if f.init}
        return cls(**{k: fields[k](v) for k, v in data.items() if k in fields})

    return decode_dataclass


def _union_decoder(members: tuple[Any, ...]) -> Decoder:
    """A union decodes None as None when it may be None, else as its one other member, as the
    dataclass member whose fields fit the record's keys, or as the first member that takes the
    value."""
    nullable = type(None) in members
    options = [m for m in members if m is not type(None)]
    decoders = [decoder(m) for m in options]
    shapes = [(decoder(cls), _required(cls), {f.name for f in dataclasses.fields(cls)})
              for cls in options if isinstance(cls, type) and dataclasses.is_dataclass(cls)]

    def decode_union(data: Any) -> Any:
        if data is None and nullable:
            return None
        if len(decoders) == 1:
            return decoders[0](data)
        if isinstance(data, Mapping) and shapes:
            keys = set(data)
            for decode_shape, required, names in shapes:
                if required <= keys <= names:
                    return decode_shape(data)
            raise ValueError(f"no member of {options} fits the keys {sorted(keys)}")
        for decode_member in decoders:
            try:
                return decode_member(data)
            except (TypeError, ValueError):
                continue
        raise ValueError(f"cannot decode {data!r} as any of {options}")

    return decode_union


def _required(cls: type) -> set[str]:
    return {f.name for f in dataclasses.fields(cls)
            if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING}
