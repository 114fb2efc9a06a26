"""The tournament's own kind of refusal, on the ground floor's one refusal type
(tdapp/kernel/refusals.py)."""

from __future__ import annotations

from tdapp.kernel.refusals import DomainError


class SeatingError(DomainError):
    """A seat draw or a move that cannot be made (no open seat, unknown table...)."""
