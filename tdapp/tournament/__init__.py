"""Pure tournament rules: structures, clock arithmetic, seating, the ledger, decide/apply/view."""
