"""Money before the deal: the invito (IT-04), buio / controbuio / over (IT-05) and the resto
(IT-24, table stakes)."""

from __future__ import annotations

from collections.abc import Mapping

from tdapp.engine.errors import IllegalAction

POT_CAP = 150  # euro: no blind may take the pot above it (IT-05); a piatto di parola above it
# is split in two (IT-15)
BLIND_NAMES = ("buio", "controbuio", "over")


def check_invito(invito: int, *, giri: bool = False) -> int:
    """The dealer sets the invito: 1 to 5 euro a head, 1 to 10 during the giri."""
    most = 10 if giri else 5
    if isinstance(invito, bool) or not isinstance(invito, int) or not 1 <= invito <= most:
        raise IllegalAction("INVITO_RANGE", most=most, invito=invito)
    return invito


def blinds(pot: int, steps: int, *, cap: int = POT_CAP) -> list[int]:
    """The blind bets of the first `steps` players left of the dealer: the buio is twice the pot,
    each next step twice the one before. A step that would take the pot (inviti plus blinds)
    above the cap is refused [U: the cap is read on the pot before the opening]."""
    if not 0 <= steps <= len(BLIND_NAMES):
        raise IllegalAction("BLIND_STEPS", most=len(BLIND_NAMES))
    amounts: list[int] = []
    for name in BLIND_NAMES[:steps]:
        amount = 2 * (amounts[-1] if amounts else pot)
        if pot + sum(amounts) + amount > cap:
            raise IllegalAction("BLIND_OVER_CAP", name=name, amount=amount, cap=cap)
        amounts.append(amount)
    return amounts


def top_up(stacks: Mapping[int, int], seat: int, passate: int, passata: int, *,
           dealt: bool) -> dict[int, int]:
    """A resto grows only before the deal and only by whole passate; it is never lent."""
    if dealt:
        raise IllegalAction("RESTO_BEFORE_DEAL")
    if isinstance(passate, bool) or not isinstance(passate, int) or passate < 1:
        raise IllegalAction("RESTO_PASSATE")
    return {**stacks, seat: stacks[seat] + passate * passata}
