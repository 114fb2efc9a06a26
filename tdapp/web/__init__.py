"""HTTP adapters: one blueprint per audience (DdT, displays, players, tables, API)."""
