"""Events as stored: the codec every event log shares, and the upcasting of old payloads.

A payload is encoded from an event's values and decoded from its class's type hints, so nested
dataclasses, tuples, enums, dates and datetimes need no code of their own. A union of several
dataclasses (`Level | Break`) is decoded as the one member whose fields fit the record's keys.

Events live forever in stored logs. When an event's shape changes its version is bumped, and a
step registered by its area turns a payload of the old version into one of the next; `upgraded`
chains those steps, so every old log replays (tournaments, draw tables).
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import types
import typing
from collections.abc import Callable, Mapping
from datetime import date, datetime
from typing import Any

Payload = dict[str, Any]


def adds(**fields: Any) -> Callable[[Payload], Payload]:
    """An upgrade for a version that only added fields: an old payload gets them with the values
    that old event meant (a fee of 0 cents before fees existed)."""

    def upgrade(payload: Payload) -> Payload:
        return {**payload, **fields}

    return upgrade


def upgraded(
    name: str,
    version: int,
    current: int,
    payload: Mapping[str, Any],
    steps: Mapping[tuple[str, int], Callable[[Payload], Payload]],
) -> Payload:
    """The payload of an event `name` stored at `version`, brought to `current` one registered
    step at a time; refused when a step is missing or the log is newer than this code."""
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
