"""Reinforcement learning: Gymnasium environments for both games (the ``rl`` extra:
``pip install "windmill_widget[rl]"``).

Importing this package registers the environments, one per game, whose ``rules`` option picks a
preset (or takes a rules value):

>>> import gymnasium as gym
>>> import windmill_widget.rl
>>> env = gym.make("windmill_widget/Windmill-v0", rules="strict")
>>> obs, info = env.reset(seed=42)
>>> env.action_space, sorted(obs), int(info["action_mask"].sum())
(Discrete(66), ['corner_run', 'sizes', 'tops', 'unseen', 'waste'], 5)
>>> quilt = gym.make("windmill_widget/CrazyQuilt-v0", rules="common", flatten=True)
>>> quilt.observation_space.shape, quilt.action_space
((295,), Discrete(595))

:mod:`.env` gives the conventions both share (actions and masks, illegal actions, rewards,
episodes, deals, observations, pictures); :class:`WindmillEnv` and :class:`QuiltEnv` each list their
actions and observation. :class:`PolicyStrategy` turns a trained policy into a kit strategy;
:func:`learning_curve` draws a training run's returns.
"""

try:
    import gymnasium as _gym
except ImportError as _err:  # the extra is missing, or Gymnasium cannot load here (Pyodide has no
    # multiprocessing, which Gymnasium imports at once): say what to do, not which module failed
    raise ImportError(
        "windmill_widget.rl needs Gymnasium, which did not import here "
        f'({type(_err).__name__}: {_err}): pip install "windmill_widget[rl]" on a CPython with '
        "multiprocessing (not Pyodide/JupyterLite)."
    ) from _err

from .actions import ActionTable
from .crazy_quilt import QuiltEnv
from .curve import learning_curve
from .env import PatienceEnv
from .strategy import Policy, PolicyStrategy
from .windmill import WindmillEnv

#: The registered environments' ids, each with its class.
ENV_IDS: dict[str, type[PatienceEnv]] = {
    "windmill_widget/Windmill-v0": WindmillEnv,
    "windmill_widget/CrazyQuilt-v0": QuiltEnv,
}
for _id, _cls in ENV_IDS.items():
    if _id not in _gym.registry:  # importing twice (a reload) registers once
        # Without Gymnasium's PassiveEnvChecker wrapper (a call more on every step, some 4% of a
        # Windmill step): CI runs its full check_env on every variant instead.
        # gym.make(..., disable_env_checker=False) puts it back.
        _gym.register(id=_id, entry_point=f"{_cls.__module__}:{_cls.__name__}", disable_env_checker=True)

__all__ = [
    "ENV_IDS",
    "ActionTable",
    "PatienceEnv",
    "Policy",
    "PolicyStrategy",
    "QuiltEnv",
    "WindmillEnv",
    "learning_curve",
]
