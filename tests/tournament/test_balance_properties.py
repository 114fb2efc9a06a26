"""Property tests over random nights: registrations, bust-outs, late entries, hands dealt and the
suggested moves applied (TO-05 to TO-12)."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tdapp.tournament.button import Positions, first_positions, next_positions
from tdapp.tournament.seating import (
    BalanceRules,
    Buttons,
    apply_moves,
    break_tables,
    draw_final_table,
    draw_seats,
    due_big_blind,
    suggest,
)
from tdapp.tournament.seating.balance import in_play, seated

SEATS = 6

step = st.one_of(
    st.tuples(st.just("bust"), st.integers(0, 10_000)),
    st.tuples(st.just("late"), st.integers(0, 10_000)),
    st.tuples(st.just("hand"), st.integers(0, 10_000)),
)


class Night:
    """A tournament's seating, run only through the pure seating functions."""

    def __init__(self, players: int, tables: int, rules: BalanceRules, seed: int) -> None:
        self.rng = random.Random(seed)
        self.rules = rules
        self.tables = {t: (None,) * SEATS for t in range(1, tables + 1)}
        draw = draw_seats(list(range(players)), {t: SEATS for t in self.tables}, self.rng)
        for player, seat in draw.items():
            row = list(self.tables[seat.table])
            row[seat.seat - 1] = player
            self.tables[seat.table] = tuple(row)
        self.last_hands: dict[int, Positions] = {}
        self.next_id = players
        self.broken: list[int] = []
        self.final_redrawn = False

    @property
    def buttons(self) -> Buttons:
        return Buttons(last_hands=self.last_hands)

    def bust(self, pick: int) -> None:
        everyone = [(t, s) for t, row in self.tables.items() for s in seated(row)]
        if len(everyone) <= 2:
            return
        table, seat = everyone[pick % len(everyone)]
        self.tables[table] = self.tables[table][: seat - 1] + (None,) + self.tables[table][seat:]

    def late_entry(self) -> None:
        counts = in_play(self.tables)
        if len(counts) < 2 or self.final_redrawn:
            return
        occupied = {t: seated(self.tables[t]) for t in counts}
        if sum(SEATS - len(s) for s in occupied.values()) == 0:
            return
        draw = draw_seats([self.next_id], {t: SEATS for t in counts}, self.rng, occupied)
        seat = draw[self.next_id]
        row = list(self.tables[seat.table])
        row[seat.seat - 1] = self.next_id
        self.tables[seat.table] = tuple(row)
        self.next_id += 1
        assert counts[seat.table] == min(counts.values()), "a late entry sits at a shortest table"

    def deal_hand(self, pick: int) -> None:
        counts = in_play(self.tables)
        table = sorted(counts)[pick % len(counts)]
        occupied = seated(self.tables[table])
        if len(occupied) < 2:
            return
        last = self.last_hands.get(table)
        if last is None:
            self.last_hands[table] = first_positions(occupied[pick % len(occupied)], occupied)
        else:
            self.last_hands[table] = next_positions(last, occupied, self.rules.button_rule)

    def settle(self) -> None:
        """Apply what is suggested until nothing is."""
        for _ in range(50):
            found = suggest(self.tables, self.rules, self.buttons)
            if found.empty:
                return
            if found.breaks:
                breaking = found.breaks[0].table
                assert breaking == self.rules.order(in_play(self.tables))[0]
                self.broken.append(breaking)
                self.tables = apply_moves(self.tables, break_tables(self.tables, {breaking}, self.rng))
                self.last_hands.pop(breaking, None)
            elif found.final_table is not None:
                players = sum(in_play(self.tables).values())
                moves, button = draw_final_table(self.tables, found.final_table, SEATS, self.rng)
                self.tables = apply_moves(self.tables, moves)
                assert in_play(self.tables) == {found.final_table: players}
                assert {m.player for m in moves} == set(self.tables[found.final_table]) - {None}
                self.last_hands = {}
                self.final_redrawn = True
            else:
                for move in found.moves:
                    self.check_move(move)
                    self.tables = apply_moves(self.tables, [move])
        raise AssertionError("suggestions never settled")

    def check_move(self, move) -> None:
        source = self.tables[move.from_table]
        assert source[move.from_seat - 1] == move.player
        due, _ = due_big_blind(move.from_table, source, self.buttons, self.rules.button_rule)
        assert due == move.from_seat, "the player due the big blind moves"
        destination = self.tables[move.to_table]
        assert destination[move.to_seat - 1] is None
        if self.small_blind_at(move.to_table, move.to_seat):
            # Only when no open seat at any equally short table keeps clear of it (the moving
            # button after the big blind busted makes every open seat there the small blind).
            counts = in_play(self.tables)
            for table in [t for t, n in counts.items() if n == counts[move.to_table]]:
                for seat in [s for s, p in enumerate(self.tables[table], start=1) if p is None]:
                    assert self.small_blind_at(table, seat), "never moved into the small blind"

    def small_blind_at(self, table: int, seat: int) -> bool:
        """Would a newcomer at `seat` post the next small blind at `table`?"""
        last = self.last_hands.get(table)
        if last is None:
            return False
        after = [*seated(self.tables[table]), seat]
        following = next_positions(last, after, self.rules.button_rule)
        return not following.heads_up and following.small_blind == seat

    def check_balanced(self) -> None:
        counts = in_play(self.tables)
        assert max(counts.values()) - min(counts.values()) < self.rules.balance_diff
        players = [p for row in self.tables.values() for p in row if p is not None]
        assert len(players) == len(set(players)), "nobody sits twice"


@settings(max_examples=60, deadline=None)
@given(
    players=st.integers(8, 60),
    tables=st.integers(2, 10),
    steps=st.lists(step, max_size=80),
    seed=st.integers(0, 2**32),
    rule=st.sampled_from(["dead", "moving"]),
    diff=st.integers(2, 3),
    custom_order=st.booleans(),
)
def test_random_nights_stay_balanced_and_move_by_the_rules(
    players, tables, steps, seed, rule, diff, custom_order
):
    players = min(players, tables * SEATS)
    order = tuple(random.Random(seed).sample(range(1, tables + 1), tables)) if custom_order else ()
    rules = BalanceRules(balance_diff=diff, break_order=order, button_rule=rule)
    night = Night(players, tables, rules, seed)
    night.settle()
    night.check_balanced()
    for action, pick in steps:
        if action == "bust":
            night.bust(pick)
        elif action == "late":
            night.late_entry()
        else:
            night.deal_hand(pick)
        night.settle()
        night.check_balanced()
    expected_order = [t for t in rules.order(range(1, tables + 1)) if t in night.broken]
    assert night.broken == expected_order, "tables break in the set order"


@settings(max_examples=15, deadline=None)
@given(tables=st.integers(2, 8), seed=st.integers(0, 2**32))
def test_busting_down_to_one_table_ends_with_the_final_table_redrawn_TO_12(tables, seed):
    rules = BalanceRules()
    night = Night(tables * SEATS - 1, tables, rules, seed)
    night.settle()
    rng = random.Random(seed)
    while len(in_play(night.tables)) > 1:
        night.bust(rng.randrange(10_000))
        night.deal_hand(rng.randrange(10_000))
        night.settle()
        night.check_balanced()
    assert night.final_redrawn
    assert night.broken == rules.order(range(1, tables + 1))[: tables - 2]
