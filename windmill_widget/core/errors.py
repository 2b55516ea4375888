"""The kit's exceptions. Both are ``ValueError`` so one ``except ValueError`` catches bad input."""

from __future__ import annotations


class IllegalMove(ValueError):
    """A move the rules do not allow (or cannot read). ``str(err)`` is a sentence for a learner.

    Attributes: ``move`` (the move, or the text that could not be read), ``rule`` (a short key
    naming the rule, e.g. ``"corner-streak"``; ``"notation"`` when the text was not a move).
    """

    def __init__(self, message: str, *, move: object = None, rule: str = "illegal") -> None:
        super().__init__(message)
        self.move = move
        self.rule = rule


class SaveFileError(ValueError):
    """A save file that is corrupt, forged, of another game or from an incompatible version.
    Nothing was loaded."""
