"""One fixed, numbered list of every move a game can ever offer: the environments' discrete actions.

A move of the kit names two piles (``n1>c``, ``d8>H+``) or the stock's move (``deal``, ``turn``,
``redeal``), and the rules' cores number them with small integer codes. An :class:`ActionTable`
numbers the codes that some position could make legal (``from`` -> ``to`` where the rules allow
that kind of move at all) 0, 1, 2 ... so a policy's output layer has one fixed size, and turns the
legal codes of a position into a mask with one vectorised write.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np

from ..core.moves import Move


class ActionTable:
    """The actions of one game: action ``a`` is move ``moves[a]``, whose code is ``codes[a]``.

    >>> from windmill_widget.games.windmill.notation import Move
    >>> t = ActionTable(Move, [Move("n1>c").code, Move.deal().code])
    >>> len(t), t.move(1), t.action("n1>c")
    (2, Move('deal'), 0)
    >>> t.mask([Move.deal().code]).tolist()
    [0, 1]
    """

    __slots__ = ("_index", "_lookup", "codes", "move_type", "moves")

    def __init__(self, move_type: type[Move], codes: Iterable[int]) -> None:
        self.move_type = move_type
        self.codes: tuple[int, ...] = tuple(codes)
        if len(set(self.codes)) != len(self.codes):
            raise ValueError("An action table lists each move once.")
        self.moves: tuple[Move, ...] = tuple(move_type.from_code(c) for c in self.codes)
        index = np.full(max(self.codes) + 1, -1, dtype=np.intp)
        index[list(self.codes)] = np.arange(len(self.codes))
        self._index = index
        self._lookup: list[int] = index.tolist()  # a list: one step's few codes look up faster in it

    def __len__(self) -> int:
        return len(self.codes)

    def move(self, action: int) -> Move:
        """The move action ``action`` stands for."""
        return self.moves[action]

    def action(self, move: Move | str) -> int:
        """The action that plays ``move`` (a move or its notation); ValueError if no action does."""
        m = self.move_type(move)  # type: ignore[call-arg]  # a move, or its notation
        a = int(self._index[m.code]) if m.code < len(self._index) else -1
        if a < 0:
            raise ValueError(f"No action plays {m}: the rules never allow a move from {m.src} to {m.dst}.")
        return a

    def actions(self, codes: list[int]) -> np.ndarray:
        """The actions of a list of move codes (each must have one)."""
        return self._index[codes]

    def mask(self, codes: list[int]) -> np.ndarray:
        """A fresh 0/1 ``int8`` array over the actions, 1 where the move is among ``codes``."""
        out = bytearray(len(self.codes))
        lookup = self._lookup
        for c in codes:
            out[lookup[c]] = 1
        return np.frombuffer(out, dtype=np.int8)

    def __repr__(self) -> str:
        first, last = self.moves[0], self.moves[-1]
        return f"<ActionTable {len(self)} actions of {self.move_type.__name__}: {first} .. {last}>"

    def describe(self) -> list[dict[str, Any]]:
        """Every action as ``{"action": a, "move": "n1>c"}``: for a table in a notebook or docs."""
        return [{"action": a, "move": str(m)} for a, m in enumerate(self.moves)]
