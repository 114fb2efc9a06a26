"""A table of Italian draw played at the club, as a log of events (DESIGN.md "A tournament is its
log", at table scale): commands say what the dealer asks for, `decide` checks them against the
engine (`tdapp.engine.draw`) and returns the event, `apply` replays it, `view` draws the console.
Pure: no Flask, no database, no clock."""
