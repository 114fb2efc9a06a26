"""A table of Italian draw played at the club, as a log of events (DESIGN.md "A tournament is its
log", at table scale): `state.DrawTable` is what the log folds into; commands say what the dealer
asks for, `rules.open_table` and `rules.decide` check them and return the event, `rules.apply_new`
applies a new event once through the engine (`tdapp.engine.draw`), `rules.apply` replays one,
`view` draws the console. Pure: no Flask, no database, no clock."""
