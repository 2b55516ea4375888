"""Crazy Quilt as a Gymnasium environment (each reading of its rules).

>>> import gymnasium as gym, windmill_widget.rl
>>> env = gym.make("windmill_widget/CrazyQuilt-v0", rules="common")
>>> obs, info = env.reset(seed=7)
>>> [str(env.unwrapped.action_move(a)) for a in info["action_mask"].nonzero()[0]]
['c1>C-', 'a2>D+', 'a4>S-', 'a6>H+', 'turn']
"""

from __future__ import annotations

from array import array
from typing import ClassVar

from gymnasium import spaces

from ..core.cards import NUM_CARDS
from ..games.crazy_quilt.game import QuiltGame
from ..games.crazy_quilt.notation import F_ALL, NCELLS, REDEAL_CODE, SHIFT, TURN_CODE, H, K, QuiltMove, W
from ..games.crazy_quilt.position import FOUNDATION_FULL
from ..games.crazy_quilt.rules import MAX_REDEALS
from ..games.crazy_quilt.view import QuiltView
from .actions import ActionTable
from .env import COPIES, PatienceEnv, box

_TOTAL = NUM_CARDS


def _codes() -> list[int]:
    """Every move the rules can allow: a quilt card onto a foundation or the waste, the card in hand
    onto a foundation or the waste, the waste's top onto a foundation; then turn and redeal."""
    out = []
    for cell in range(NCELLS):
        out += [cell << SHIFT | f for f in F_ALL] + [cell << SHIFT | W]
    out += [H << SHIFT | f for f in F_ALL] + [H << SHIFT | W]
    out += [W << SHIFT | f for f in F_ALL]
    return [*out, TURN_CODE, REDEAL_CODE]


class QuiltEnv(PatienceEnv):
    """Crazy Quilt (``rules``: ``"literal"``, ``"common"`` or a ``QuiltRules``).

    **Actions** (``Discrete(595)``): for each cell ``a1 .. h8`` in turn, its card onto
    ``S+ H+ D+ C+ S- H- D- C-`` and onto the waste (9 each, 576 in all); the card in hand onto the
    foundations and the waste (576..584); the waste's top onto the foundations (585..592); ``turn``
    (593) and ``redeal`` (594). ``env.unwrapped.actions.describe()`` lists them.

    **Observation** (a ``Dict`` of ``int16`` arrays; faces ``1..52`` as the module ``env`` says):

    ================  ======  =========================================================
    ``foundations``   (8,)    cards on S+ H+ D+ C+ S- H- D- C- (their cards follow)
    ``free``          (64,)   1 where the cell's card is free to play (a narrow edge free)
    ``hand``          (1,)    the card in hand's face (the literal reading; 0: none)
    ``quilt``         (64,)   each cell's face, row by row from a1 (0: a space)
    ``redeals_left``  (1,)    redeals still allowed
    ``stock``         (1,)    cards in the stock (all a player sees of it)
    ``unseen``        (52,)   how many of each face are in the stock (0..2)
    ``waste``         (104,)  the waste's faces, bottom first (zeros after)
    ================  ======  =========================================================
    """

    game_type = QuiltGame
    actions: ClassVar[ActionTable] = ActionTable(QuiltMove, _codes())

    @classmethod
    def observation_dict_space(cls) -> dict[str, spaces.Box]:
        return {
            "foundations": box(FOUNDATION_FULL, len(F_ALL)),
            "free": box(1, NCELLS),
            "hand": box(52, 1),
            "quilt": box(52, NCELLS),
            "redeals_left": box(MAX_REDEALS, 1),
            "stock": box(_TOTAL, 1),
            "unseen": box(COPIES, 52),
            "waste": box(52, _TOTAL),
        }

    @classmethod
    def _extras(
        cls, buf: array, source: QuiltGame | QuiltView, piles: list[list[int]], steps: tuple[int, ...] | None
    ) -> None:
        if steps is None or steps[-1] == REDEAL_CODE:
            buf[_REDEALS] = source.redeals_left
        # Which cells are free changes only when a quilt card leaves; the rules say which (the game's
        # available_indices, the narrow-edge rule its legal moves apply too).
        if steps is None or any(s >> SHIFT < NCELLS for s in steps):
            buf[_FREE : _FREE + NCELLS] = _NO_CELLS
            for c in source.available_indices():
                buf[_FREE + c] = 1


_NO_CELLS = array("h", bytes(2 * NCELLS))
QuiltEnv._lay_out(
    sizes={**dict.fromkeys(F_ALL, "foundations"), K: "stock"},
    tops={**dict.fromkeys(range(NCELLS), "quilt"), H: "hand"},
    waste=W,
    foundations=F_ALL,
)
_FREE, _REDEALS = QuiltEnv.offsets()["free"], QuiltEnv.offsets()["redeals_left"]
