"""Refusals: a code, its parameters, and an English template per code.

A refused command raises `DomainError(code, **params)` and changes nothing. The code is what
programs test; the message is for people. Each area registers its English templates, plain
%-format strings with named parameters, so the web layer can look the same string up in a
translation catalogue (Flask-Babel) and fill it with the same parameters.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tdapp.engine.errors import Refusal

_MESSAGES: dict[str, str] = {}
_CLASHES: list[str] = []


class DomainError(ValueError):
    """A command the tournament's rules refuse. `code` is stable; `params` fill its message."""

    def __init__(self, code: str, **params: Any) -> None:
        self.code = code
        self.params = params
        super().__init__(message_for(code, params))


def engine_refusal(code: str, refused: Refusal) -> DomainError:
    """The engine's refusal as this area's refusal `code`: its English sentence as `reason`, and
    its reason code and parameters, so the web layer can say it in the reader's language."""
    data = refused.as_data()
    return DomainError(code, reason=str(refused), reason_code=data["code"],
                       reason_params=data["params"])


class SeatingError(DomainError):
    """A seat draw or a move that cannot be made (no open seat, unknown table...)."""


def register_messages(templates: Mapping[str, str]) -> None:
    """Adds English templates for an area's codes. A code means one thing: a second, different
    template for it is kept out and listed by `message_clashes` (a test keeps that list empty)."""
    for code, template in templates.items():
        known = _MESSAGES.setdefault(code, template)
        if known != template:
            _CLASHES.append(f"{code}: {known!r} vs {template!r}")


def message_clashes() -> list[str]:
    """Codes registered twice with different templates."""
    return list(_CLASHES)


def message_template(code: str) -> str | None:
    """The English template of `code` (the msgid a translation catalogue is keyed by)."""
    return _MESSAGES.get(code)


def message_for(code: str, params: Mapping[str, Any]) -> str:
    """The English message for a refusal; an unknown code or a missing parameter still reads."""
    template = _MESSAGES.get(code)
    if template is None:
        return code
    # Money travels in cents (`*_cents`); even the English fallback shows euros.
    shown = {
        key: f"€ {value / 100:,.2f}" if key.endswith("_cents") and isinstance(value, int) else value
        for key, value in params.items()
    }
    try:
        return template % shown
    except (KeyError, TypeError, ValueError):
        return template
