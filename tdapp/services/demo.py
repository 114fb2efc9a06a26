"""A demo tournament in full swing, for a first look and for trying the screens.

Forty players at five tables: the rebuy period played out with a few rebuys, some players out,
the add-on taken at the break, the clock running in level 5. It is built through `dispatch` like
any real night, so its log, undo and views are genuine.
"""

from __future__ import annotations

import random

from tdapp.services import templates, tournaments
from tdapp.services.tournaments import TournamentSummary
from tdapp.tournament.busts import BustPlayer
from tdapp.tournament.chips import SetChips
from tdapp.tournament.clock.rules import JumpToBreak, NextLevel, StartClock
from tdapp.tournament.purchases import AddOn, Rebuy
from tdapp.tournament.registration import RegisterPlayer
from tdapp.tournament.seating.opening_draw import DrawSeats
from tdapp.tournament.settings import AddOnRules, RebuyRules, Settings
from tdapp.tournament.structure_templates import CLUB

DEMO_NAME = "Torneo dimostrativo"
ACTOR = "demo"

FIRST_NAMES = (
    "Marco",
    "Giulia",
    "Luca",
    "Chiara",
    "Matteo",
    "Sara",
    "Andrea",
    "Francesca",
    "Alessandro",
    "Valentina",
    "Davide",
    "Elena",
    "Simone",
    "Martina",
    "Federico",
    "Alessia",
    "Riccardo",
    "Giorgia",
    "Stefano",
    "Silvia",
)
LAST_NAMES = (
    "Rossi",
    "Bianchi",
    "Esposito",
    "Romano",
    "Colombo",
    "Ricci",
    "Marino",
    "Greco",
    "Bruno",
    "Gallo",
    "Conti",
    "De Luca",
    "Mancini",
    "Costa",
    "Giordano",
    "Rizzo",
    "Lombardi",
    "Moretti",
    "Barbieri",
    "Fontana",
)


def _settings() -> Settings:
    """The club's template: rebuys in levels 1-4 with a stack at most the starting one (HE-36),
    the add-on at the break after level 4 (HE-37)."""
    stack = CLUB.starting_stack
    return Settings(
        name=DEMO_NAME,
        buy_in_cents=2000,
        seats_per_table=9,
        starting_stack=stack,
        structure=CLUB.structure,
        late_registration_until_level=4,
        rebuy=RebuyRules(until_level=4, chips=stack, price_cents=2000, max_stack=stack),
        add_on=AddOnRules(chips=stack, price_cents=2000),
    )


def _names(rng: random.Random, count: int) -> list[str]:
    pairs = [f"{first} {last}" for first in FIRST_NAMES for last in LAST_NAMES]
    return rng.sample(pairs, count)


def create_demo(seed: int = 2026) -> TournamentSummary:
    """Build the demo tournament; `seed` picks the names and who rebuys, busts and counts."""
    rng = random.Random(seed)
    created = tournaments.create_tournament(_settings(), ACTOR)
    tid = created.id

    def run(command: object) -> None:
        tournaments.dispatch(tid, command, ACTOR)

    for name in _names(rng, 40):
        run(RegisterPlayer(name))
    run(DrawSeats(tables=5))
    run(StartClock())
    ids = list(range(1, 41))
    rng.shuffle(ids)
    rebuyers, busted, counted = ids[:6], ids[6:11], ids[11:25]
    for player_id in rebuyers:
        run(SetChips(player_id, 0))
        run(Rebuy(player_id, stack=0))
    run(JumpToBreak())
    for player_id in ids[6:]:
        if player_id not in busted:
            run(AddOn(player_id))
    run(NextLevel())
    for player_id in busted:
        run(SetChips(player_id, 0))
        run(BustPlayer(player_id))
    # The busted players' chips went to others: counted stacks that take up exactly the chips
    # not yet tracked, so the ledger shows no gap between counted and issued chips.
    state = tournaments.current(tid)
    untracked = state.ledger.chips_issued - state.players.stack_total
    weights = [rng.randint(1, 4) for _ in counted]
    shares = [untracked * w // sum(weights) // 25 * 25 for w in weights]
    shares[-1] += untracked - sum(shares)
    for player_id, share in zip(counted, shares, strict=True):
        run(SetChips(player_id, state.player(player_id).stack + share))
    return created


def ensure_demo(only_if_empty: bool = False) -> TournamentSummary | None:
    """A new demo tournament; with `only_if_empty`, only on a database with no tournament yet,
    so that a start script can run it every time."""
    if only_if_empty and tournaments.list_tournaments():
        return None
    templates.ensure_shipped()
    return create_demo()
