"""A trained policy as a kit strategy: it then plays on the board, in the lab and in tournaments."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from ..core.errors import IllegalMove
from ..core.moves import Move
from ..core.text import excerpt
from ..core.view import PlayerView
from .env import PatienceEnv

#: A policy: an observation and the ``int8`` action mask in, an action out.
Policy = Callable[[Any, np.ndarray], int]


class PolicyStrategy:
    """Plays as ``policy(observation, mask) -> action`` would in the environment ``env_type``: each
    move, the player's view becomes the observation and mask the environment would give.

    >>> from windmill_widget import Game
    >>> from windmill_widget.rl import WindmillEnv
    >>> first_legal = PolicyStrategy(lambda obs, mask: int(mask.argmax()), WindmillEnv)
    >>> first_legal(Game(seed=42).view())
    Move('e1>nw')
    """

    def __init__(self, policy: Policy, env_type: type[PatienceEnv], *, flatten: bool = False,
                 name: str | None = None) -> None:  # fmt: skip
        if not callable(policy):
            raise TypeError(f"A policy is a function (observation, mask) -> action, not {excerpt(policy)}.")
        self.policy = policy
        self.env_type = env_type
        self.flatten = flatten
        self.__name__ = name or getattr(policy, "__name__", "policy")

    def __call__(self, view: PlayerView) -> Move:
        env = self.env_type
        if view.game != env.game_type.name:
            raise ValueError(f"This policy plays {env.game_type.title}, not {view.game}.")
        mask = env.mask_of(view)
        action = self.policy(env.observation_of(view, flatten=self.flatten), mask)
        a = int(action)
        if not 0 <= a < len(mask) or not mask[a]:
            what = (
                f"action {a} ({env.actions.move(a)})" if 0 <= a < len(mask) else f"action {excerpt(action)}"
            )
            raise IllegalMove(
                f"The policy chose {what}, which is not legal here.", move=action, rule="policy"
            )
        return env.actions.move(a)

    def __repr__(self) -> str:
        return f"<PolicyStrategy {self.__name__} for {self.env_type.__name__}>"
