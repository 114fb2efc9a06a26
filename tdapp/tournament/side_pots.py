"""The DdT's side-pot calculator (a tool beside the tables, not a hand of the log): the pots and
who may win each from what every seat put in, and with the winners who gets what (RULES.md
HE-33, odd chips HE-35). The engine splits and awards; this says it in the room's terms and
refuses what the engine cannot split."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from tdapp.engine.pots import award_to_winners, odd_chip_order, split_pots
from tdapp.kernel.refusals import DomainError, register_messages

register_messages({"BAD_SIDE_POTS": "%(reason)s"})


@dataclass(frozen=True)
class SidePots:
    pots: list[dict[str, object]]
    payouts: dict[int, int] | None


def side_pots(
    committed: Mapping[int, int],
    folded: list[int],
    winners: list[list[int]] | None = None,
    button: int | None = None,
) -> SidePots:
    """Pots and who may win each from what every seat put in; with the winners, who gets what
    (odd chips from the button's left, HE-35; from seat 1 when no button is given)."""
    try:
        pots = split_pots(committed, folded)
        shown = [
            {"amount": p.amount, "eligible": sorted(p.eligible), "returned": p.returned}
            for p in pots
        ]
        if winners is None:
            return SidePots(shown, None)
        order = odd_chip_order(list(committed), button if button is not None else 0)
        paid = award_to_winners(pots, winners, order)
    except ValueError as bad:
        raise DomainError("BAD_SIDE_POTS", reason=str(bad)) from None
    return SidePots(shown, {seat: paid.get(seat, 0) for seat in sorted(committed)})
