"""Windmill as a Gymnasium environment (each rules preset).

>>> import gymnasium as gym, windmill_widget.rl
>>> env = gym.make("windmill_widget/Windmill-v0", rules="strict")
>>> obs, info = env.reset(seed=42)
>>> [str(env.unwrapped.action_move(a)) for a in info["action_mask"].nonzero()[0]]
['e1>nw', 'e1>ne', 'e1>se', 'e1>sw', 'deal']
"""

from __future__ import annotations

from array import array
from typing import ClassVar

from gymnasium import spaces

from ..core.cards import NUM_CARDS
from ..games.windmill.game import Game
from ..games.windmill.notation import DEAL_CODE, NPILES, SAIL_IDX, Move, W
from ..games.windmill.position import CENTRE_FULL, CORNER_FULL
from ..games.windmill.view import PlayerView
from .actions import ActionTable
from .env import COPIES, PatienceEnv, box

#: Piles a card can leave (the centre, under PySolFC's transfers), and the foundations it can go to.
_SOURCES = (0, 1, 2, 3, 4, *SAIL_IDX, W)
_TARGETS = (0, 1, 2, 3, 4)
#: The top cards shown (every pile but the stock), in pile order.
_SHOWN = (0, 1, 2, 3, 4, *SAIL_IDX, W)
_TOTAL = NUM_CARDS
#: Each pile's most cards (pile order: the centre, corners, sails, waste, stock).
_SIZES_HIGH = [CENTRE_FULL, *(CORNER_FULL,) * 4, *(1,) * len(SAIL_IDX), _TOTAL, _TOTAL]


class WindmillEnv(PatienceEnv):
    """Windmill (``rules``: ``"strict"``, ``"relaxed"``, ``"classic"``, ``"pysolfc"`` or a ``Rules``).

    **Actions** (``Discrete(66)``): every move from the centre, a corner, a sail or the waste onto the
    centre or a corner (65, in that order: ``c>nw``, ``c>ne`` ... ``waste>sw``), then ``deal`` (65).
    ``env.unwrapped.actions.describe()`` lists them.

    **Observation** (a ``Dict`` of ``int16`` arrays; faces ``1..52`` as the module ``env`` says):

    ===============  ======  ============================================================
    ``corner_run``   (1,)    corner cards played to the centre in a row (the strict rule)
    ``sizes``        (15,)   cards in each pile: c, nw ne se sw, n1 n2 e1 e2 s1 s2 w1 w2,
                             waste, stock (the stock's count is all a player sees of it)
    ``tops``         (14,)   the top card's face of every pile but the stock (0: empty)
    ``unseen``       (52,)   how many of each face are still in the stock (0..2)
    ``waste``        (104,)  the waste's faces, bottom first (zeros after)
    ===============  ======  ============================================================
    """

    game_type = Game
    actions: ClassVar[ActionTable] = ActionTable(
        Move, [s << 4 | d for s in _SOURCES for d in _TARGETS if s != d] + [DEAL_CODE]
    )

    @classmethod
    def observation_dict_space(cls) -> dict[str, spaces.Box]:
        return {
            "corner_run": box(CENTRE_FULL, 1),
            "sizes": box(_SIZES_HIGH),
            "tops": box(52, len(_SHOWN)),
            "unseen": box(COPIES, 52),
            "waste": box(52, _TOTAL),
        }

    @classmethod
    def _extras(
        cls, buf: array, source: Game | PlayerView, piles: list[list[int]], steps: tuple[int, ...] | None
    ) -> None:
        run = source.corner_run
        buf[_RUN] = run if run < CENTRE_FULL else CENTRE_FULL  # min() costs more on every step


WindmillEnv._lay_out(
    sizes=dict.fromkeys(range(NPILES), "sizes"),
    tops=dict.fromkeys(_SHOWN, "tops"),
    waste=W,
    foundations=_TARGETS,
)
_RUN = WindmillEnv.offsets()["corner_run"]
