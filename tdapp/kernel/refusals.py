"""Refusals: a code, its parameters, and an English template per code.

A refused command raises `DomainError(code, **params)` and changes nothing; it is the one refusal
type of every layer (the engine's `Refusal` is its subclass, with the engine's own templates).
The code is what programs test; the message is for people. Each area registers its English
templates, plain
%-format strings with named parameters, so the web layer can look the same string up in a
translation catalogue (Flask-Babel) and fill it with the same parameters. A message with a
count in it registers a `Plural`: both English forms and the parameter whose number chooses, so
each language can say "1 minute" and "5 minutes" its own way (ngettext).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Plural:
    """A template in two English forms; `count` names the parameter whose number picks one. With
    `items` that parameter is a list written out ("1, 3"), and it counts its items."""

    singular: str
    plural: str
    count: str
    items: bool = False

    def number(self, params: Mapping[str, Any]) -> int:
        """The count in `params`, also once written for people ("16.025", a list "1, 3")."""
        value = params.get(self.count)
        if isinstance(value, list | tuple):
            return len(value)
        if self.items:
            return len([item for item in str(value or "").split(",") if item.strip()])
        if isinstance(value, int):
            return value
        digits = re.sub(r"[^\d]", "", str(value or ""))
        return int(digits) if digits else 0

    def english(self, params: Mapping[str, Any]) -> str:
        return self.singular if self.number(params) == 1 else self.plural


_MESSAGES: dict[str, str | Plural] = {}
_CLASHES: list[str] = []


class DomainError(ValueError):
    """A command the rules refuse. `code` is stable; `params` fill its message. A nested refusal
    may be a parameter (a seat's cards, and what is wrong with them)."""

    def __init__(self, code: str, **params: Any) -> None:
        self.code = code
        self.params = params
        super().__init__(self.english())

    def english(self) -> str:
        """The English sentence `str()` gives: the registered template, filled."""
        return message_for(self.code, self.params)

    def as_data(self) -> dict[str, Any]:
        """The code and parameters as plain JSON data (a nested refusal as its own data)."""
        return {"code": self.code, "params": {
            key: value.as_data() if isinstance(value, DomainError) else _plain(value)
            for key, value in self.params.items()
        }}


def engine_refusal(code: str, refused: DomainError) -> DomainError:
    """The engine's refusal as an area's refusal `code`: its English sentence as `reason`, and
    its reason code and parameters, so the web layer can say it in the reader's language."""
    data = refused.as_data()
    return DomainError(code, reason=str(refused), reason_code=data["code"],
                       reason_params=data["params"])


def _plain(value: Any) -> Any:
    if isinstance(value, str | int | float | bool) or value is None:
        return value
    if isinstance(value, list | tuple | set | frozenset):
        return [_plain(item) for item in (sorted(value) if isinstance(value, set | frozenset)
                                          else value)]
    return str(value)


def register_messages(templates: Mapping[str, str | Plural]) -> None:
    """Adds English templates for an area's codes. A code means one thing: a second, different
    template for it is kept out and listed by `message_clashes` (a test keeps that list empty)."""
    for code, template in templates.items():
        known = _MESSAGES.setdefault(code, template)
        if known != template:
            _CLASHES.append(f"{code}: {known!r} vs {template!r}")


def message_clashes() -> list[str]:
    """Codes registered twice with different templates."""
    return list(_CLASHES)


def message_codes() -> list[str]:
    """Every code registered so far."""
    return list(_MESSAGES)


def message_template(code: str) -> str | None:
    """The English template of `code` (the msgid a translation catalogue is keyed by; for a
    plural, its singular)."""
    template = _MESSAGES.get(code)
    return template.singular if isinstance(template, Plural) else template


def message_plural(code: str) -> Plural | None:
    """Both forms of `code`'s message when it has a count in it."""
    template = _MESSAGES.get(code)
    return template if isinstance(template, Plural) else None


def message_for(code: str, params: Mapping[str, Any]) -> str:
    """The English message for a refusal; an unknown code or a missing parameter still reads."""
    template = _MESSAGES.get(code)
    if template is None:
        return code
    if isinstance(template, Plural):
        template = template.english(params)
    # Money travels in cents (`*_cents`); even the English fallback shows euros.
    shown = {
        key: f"€ {value / 100:,.2f}" if key.endswith("_cents") and isinstance(value, int) else value
        for key, value in params.items()
    }
    try:
        return template % shown
    except (KeyError, TypeError, ValueError):
        return template
