"""Annotations of a game's moves, as PGN keeps them: a mark after a move (``?!``, ``?``, ``??``,
``!?``, ``!``, ``!!``) and a comment. A game holds them by move (``game.annotations[36]`` follows
move 37), its save file keeps them, and a review writes its verdicts into them
(``review.annotate(game)``).

>>> a = Annotation("??", "After this the deal could not be won.")
>>> a.to_dict(36)
{'move': 36, 'mark': '??', 'comment': 'After this the deal could not be won.'}
>>> Annotation.from_dict(a.to_dict(36), 40) == (36, a)
True
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass
from typing import Any

from .text import excerpt

#: The marks PGN gives a move (its numeric annotation glyphs 1-6), best first.
MARKS = ("!!", "!", "!?", "?!", "?", "??")
#: The longest comment kept (a sentence or a short paragraph).
MAX_COMMENT = 2_000


class AnnotationsWarning(UserWarning):
    """A save file's annotations could not be read: the game loaded without them."""


@dataclass(frozen=True)
class Annotation:
    """A move's mark (one of :data:`MARKS`, or ``""``) and comment (``""`` for none)."""

    mark: str = ""
    comment: str = ""

    def __post_init__(self) -> None:
        if self.mark not in ("", *MARKS):
            raise ValueError(
                f"A move's mark is one of {' '.join(MARKS)} (or none), not {excerpt(self.mark)}."
            )
        if not isinstance(self.comment, str) or len(self.comment) > MAX_COMMENT:
            raise ValueError(
                f"A comment is a text of at most {MAX_COMMENT} characters, not {excerpt(self.comment)}."
            )

    def __repr__(self) -> str:
        return f"Annotation({self.mark!r}, {self.comment!r})"

    def to_dict(self, index: int) -> dict[str, Any]:
        """As JSON, for move ``index`` (from 0)."""
        return {"move": index, "mark": self.mark, "comment": self.comment}

    @classmethod
    def from_dict(cls, data: Any, moves: int) -> tuple[int, Annotation]:
        """``(index, annotation)`` from :meth:`to_dict`'s output, for a game of ``moves`` moves;
        ``ValueError`` saying what is wrong."""
        if not isinstance(data, dict) or set(data) != {"move", "mark", "comment"}:
            raise ValueError(f"an annotation is an object with move, mark and comment, not {excerpt(data)}")
        index = data["move"]
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < moves:
            raise ValueError(
                f"an annotation's move is a move index from 0 to {moves - 1}, not {excerpt(index)}"
            )
        return index, cls(data["mark"], data["comment"])


def to_json(annotations: dict[int, Annotation], moves: int) -> list[dict[str, Any]]:
    """The annotations of moves ``0 .. moves - 1``, in order, as JSON."""
    return [a.to_dict(i) for i, a in sorted(annotations.items()) if i < moves and (a.mark or a.comment)]


def from_json(data: Any, moves: int) -> dict[int, Annotation]:
    """Annotations from :func:`to_json`'s output, for a game of ``moves`` moves; ``ValueError``
    naming the first fault."""
    if not isinstance(data, list):
        raise ValueError(f"the annotations are a list, not {excerpt(data)}")
    out: dict[int, Annotation] = {}
    for k, item in enumerate(data, 1):
        try:
            index, a = Annotation.from_dict(item, moves)
        except ValueError as err:
            raise ValueError(f"annotation {k}: {str(err)[:1].lower()}{str(err)[1:]}") from None
        if index in out:
            raise ValueError(f"annotation {k}: move {index} is annotated twice")
        out[index] = a
    return out


def read_or_warn(data: Any, moves: int) -> dict[int, Annotation]:
    """:func:`from_json`, but a fault is a warning (:class:`AnnotationsWarning`) and no annotations:
    a save file's moves are worth more than its comments."""
    try:
        return from_json(data, moves)
    except ValueError as err:
        why = str(err).rstrip(".")
        warnings.warn(
            AnnotationsWarning(f"The annotations in this save file were left out ({why}); the game loaded."),
            stacklevel=3,
        )
        return {}
