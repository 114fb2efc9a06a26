"""Random nights replayed: every command either is refused and changes nothing, or gives an event
after which the invariants hold; the records of the night rebuild the same state."""

from __future__ import annotations

import json
import random

import pytest
from tournament_builders import Play, check_invariants, settings

from tdapp.kernel.refusals import DomainError, message_clashes
from tdapp.tournament.busts import BustPlayer, BustPlayers
from tdapp.tournament.chips import ChipCount, CountChips, SetChips
from tdapp.tournament.clock.rules import NextLevel, StartClock
from tdapp.tournament.ctx import Ctx
from tdapp.tournament.events import from_record, to_record
from tdapp.tournament.payouts import AdjustPayouts, prize_pool_cents
from tdapp.tournament.presence import SetAbsent
from tdapp.tournament.purchases import AddOn, Rebuy
from tdapp.tournament.registration import ReEnterPlayer, RegisterPlayer, UnregisterPlayer
from tdapp.tournament.registry import apply, decide, replay
from tdapp.tournament.seating.opening_draw import DrawSeats
from tdapp.tournament.settings import AddOnRules, RebuyRules, ReEntryRules


def random_command(play: Play, rng: random.Random):
    state = play.state
    # Mostly players who exist, now and then an id that does not.
    some = rng.randint(1, state.players.next_id + 1)
    stack = rng.choice([0, 100, 2500, 5000, 9000, 30000])
    choices = [
        lambda: RegisterPlayer(f"N{rng.randint(1, 999)}", bonus_chips=rng.choice([0, 0, 2000])),
        lambda: UnregisterPlayer(some),
        lambda: DrawSeats(),
        lambda: SetChips(some, stack),
        lambda: CountChips(tuple(ChipCount(p, rng.randint(0, 8000)) for p in (some, some + 1))),
        lambda: Rebuy(some, stack=rng.choice([None, 0, 3000])),
        lambda: AddOn(some),
        lambda: ReEnterPlayer(some),
        lambda: BustPlayer(some, hand_stack=rng.choice([None, 3000])),
        lambda: BustPlayers((some, rng.randint(1, state.players.next_id)), hand_stacks=()),
        lambda: BustPlayers((some, some + 2), (3000, 3000), hand_for_hand=True),
        lambda: SetAbsent(some, rng.random() < 0.5),
        lambda: AdjustPayouts((prize_pool_cents(state),) if rng.random() < 0.5 else ()),
        lambda: StartClock(),
        lambda: NextLevel(),
    ]
    weights = [8, 1, 1, 4, 2, 3, 2, 2, 3, 1, 1, 1, 1, 1, 1]
    return rng.choices(choices, weights)[0]()


@pytest.mark.parametrize("seed", range(12))
def test_random_nights_keep_the_invariants_and_replay_from_their_records(seed):
    rng = random.Random(seed)
    play = Play(
        settings(
            seats_per_table=rng.choice([2, 6, 9, 10]),
            late_registration_until_level=3,
            rebuy=RebuyRules(4, 5000, 1000, max_stack=5000, max_per_player=3),
            add_on=AddOnRules(6000, 1500),
            re_entry=ReEntryRules(3, 2000, max_entries=3),
            options={"hand_for_hand_busts": rng.choice(["club", "tda"])},
        )
    )
    finishes_taken_back = 0
    for _ in range(250):
        command = random_command(play, rng)
        before = play.state
        try:
            found = decide(before, command, Ctx(play.now, rng.getrandbits(32)))
        except DomainError as refusal:
            assert refusal.code and str(refusal)
            assert play.state is before
            continue
        play.state = apply(before, found)
        play.log.append(found)
        check_invariants(play.state, play.log)
        if play.state.finished:
            # The DdT takes the finishing bust back (an undo replays the log without it): the
            # night goes on exactly as before it.
            play.log.pop()
            play.state = replay(play.log)
            assert play.state == before
            finishes_taken_back += 1
        play.minutes_later(rng.choice([0, 0, 1, 5]))
    records = json.loads(json.dumps([to_record(e) for e in play.log]))
    assert replay(from_record(r) for r in records) == play.state
    assert len(play.log) + finishes_taken_back > 40


def test_no_two_areas_give_one_code_different_messages():
    Play(settings())  # registers every area's messages
    assert message_clashes() == []
