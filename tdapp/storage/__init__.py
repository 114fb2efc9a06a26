"""Persistence: the SQLModel tables by aggregate, the engine and its transactions, the one
event-log store, and the scheduler's ownership lock. Only `tdapp.services` imports this package;
the adapters reach the database through the services."""
