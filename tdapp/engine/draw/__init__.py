"""Italian five-card draw ("poker all'italiana", RULES.md §4) on the shared engine.

One file per idea: the deck by table size (deck), what opens and how the level moves (opening),
the money before the deal (stakes), one hand as a state machine (hand) and the dealing errors
that void a hand (misdeal). Betting uses `tdapp.engine.betting` (pot-limit, IT-10), pots use
`tdapp.engine.pots`, showdowns `tdapp.engine.hands.italian`.
"""
