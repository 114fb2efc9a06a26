"""Pure tournament rules: no Flask, no database, no wall clock. A tournament is its event log.

The three steps (registry.py):
    decide(state, command, ctx) -> event    rules; time and chance come in through ctx
    apply(state, event) -> state            never refuses, never reads time or chance
    view(state, now, audience) -> dict      "public" or "td"; JSON-able; never stored
and replay(events) folds a log from the empty `Tournament()`.

The pieces:
    errors.py      SeatingError, on the ground floor's DomainError (tdapp/kernel/: refusals and
                   their messages, names, numbers, the event codec, the result row)
    ctx.py         Ctx(now=<UTC datetime>, seed=<int>); ctx.rng() is random.Random(seed)
    events.py      @event(name, version), to_record(e) / from_record(r), @upgrades(name, from_version)
    state.py       Tournament (frozen; version, settings, players, tables, ledger, clock, ...)
    players.py     Player, PlayerStatus, Players (persistent; ids dense from 1)
    settings.py    Settings and its rules (RebuyRules, AddOnRules, ReEntryRules, PayoutBracket),
                   validate(), register_option(key, choices, default), settings.option(key)
    levels.py      current_period(state, now): the level or break in play, from the clock
    structure_templates.py   TEMPLATES: three blind structures to start from
    areas          configure, registration, chips, presence, purchases, busts, payouts,
                   views (core view sections and warnings); clock/, seating/ (the seat draw,
                   balancing, breaking), hands/: subpackages of their own
    reinstate.py   bringing back a busted player (a DdT correction, not a re-entry)
    signups/       sign-ups before the night: caps, the waitlist, members and guests, and what
                   each player must be told (telling.py)
    deals.py       ICM and chip-chop amounts in whole cents; deal_proposal.py a tournament's deal
    colour_up/     the chip set, colour-ups planned by the structure, the chip race (TO-16)
    touches.py     what each event touches, declared per event type (`@declares`)
    undo.py        revert_conflicts(log, seq): the later events in the way of a revert
    journal.py     describe(event, before) and render(...): the log in the room's words

Adding an area (a new module in this package, or a subpackage, named in AREAS below):
1. Commands: frozen dataclasses named in the imperative (`BreakTable`). Events: frozen
   dataclasses in the past tense, registered with `@event("TableBroken")`; they record outcomes
   (each seat drawn, each move), so that apply has nothing to decide.
2. `@decides(BreakTable)` on `f(state, command, ctx) -> event`; refuse with
   `DomainError("CODE", **params)` after `register_messages({"CODE": "English %(param)s text"})`.
3. `@applies(TableBroken)` on `f(state, event) -> state`, built with `dataclasses.replace` and the
   state's helpers (`with_player`, `seat_player`, `unseat_player`, `with_tables`) so that only
   what changed is copied. The registry bumps `version`.
4. State of your own: a field with a default on `Tournament` (state.py), added by a small edit;
   keep its class where state.py can import it without importing your handlers back.
5. Screens: `@view_section("name")` on `f(state, now, audience) -> JSON-able`, and `@warns` on
   `f(state, now, audience) -> iterable of Notice(code, params)`.
6. Rule options: `register_option("key", ("club", "tda"), "club")`; read `settings.option("key")`.
7. Changing an event's shape later: bump its version and register an `@upgrades` function.
8. A new event also declares what it touches (touches.py) and how the log reads it
   (journal.py); tests over every registered event type fail until it does.
The areas register everything when their modules run, and they run here, once, in the order of
AREAS, whichever module of the package a process imports first (the app, the scheduler's
process, the CLI, a pure test alike): decide, apply, view and from_record load nothing.
"""

import importlib

AREAS = (
    # Their view sections and warnings come in this order.
    "seating.rules",
    "seating.opening_draw",
    "seating.view",
    "clock.rules",
    "colour_up.rules",
    "hands.rules",
    "hands.apply",
    "hands.views",
    "configure",
    "registration",
    "presence",
    "purchases",
    "chips",
    "busts",
    "payouts",
    "reinstate",
    "phone_codes",
    "signups.rules",
    "signups.log",
    "signups.view",
    "views",
)
"""The areas: the modules that register decide, apply, view and warning handlers."""

SERVED = ("deals", "deal_proposal", "results", "seating.announce", "side_pots", "undo",
          "signups.telling")
"""The rules that no area imports (the services call them): loaded with the areas, so that every
refusal's message is registered in every process, whatever it uses."""

for _module in AREAS + SERVED:
    importlib.import_module(f"{__name__}.{_module}")
