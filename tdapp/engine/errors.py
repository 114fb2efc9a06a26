"""The one exception the engine raises for a move the rules do not allow."""


class IllegalAction(ValueError):
    """An action refused by the rules; the state it was tried on is left exactly as it was."""
