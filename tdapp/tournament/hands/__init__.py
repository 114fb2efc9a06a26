"""Hands at the tables: the dealer's console drives the engine's Hold'em hand through the log.

- `table.py`: the state this area keeps in `Tournament.play` (imported by state.py, so it imports
  nothing of the tournament state);
- `rules.py`: the commands (StartHand, TakeAction, ActOutOfTurn, ExpireDecision, PlayAbsent,
  UseTimeBank, Showdown, Misdeal, RenewTableAccess) and the events they produce;
- `views.py`: the "hands" view section every console reads, and the DdT's table access.

Events record the steps of the engine (each action, each absent player's automatic check or
fold, each lost right to raise), so apply replays them through the same deterministic engine
and never decides anything.
"""
