"""The clairvoyant solvers: they know the order of the stock, which no player does.

Use one to learn whether a deal *could* have been won, and how; in the lab it is the ceiling that
no-peeking strategies are measured against. ``solve(game)`` works from the game's current position
(a fresh deal, the middle of a game, or a staged lesson), under any rules preset, for any game of
the kit that has a solver: each game's lives in a package of its own here,
beside the others (``solver.windmill``, ``solver.crazy_quilt``), and reads its game's search model.

>>> from windmill_widget import Game
>>> from windmill_widget.solver import solve
>>> solve(Game(seed=8), max_seconds=10).result
<Verdict.WON: 'won'>
"""

from typing import TYPE_CHECKING

from .certificate import Certificate, Proof
from .solution import Solution
from .verdict import Verdict

if TYPE_CHECKING:
    from ..core.game import PatienceGame
del TYPE_CHECKING  # read once, above: the package's names are its __all__

__all__ = ["Certificate", "Proof", "Solution", "Verdict", "solve"]


def solve(
    game: "PatienceGame", *, max_seconds: float | None = None, max_nodes: int | None = None
) -> Solution:
    """Solve ``game`` from its current position, **clairvoyantly** (knowing the stock's order).

    ``max_seconds`` and ``max_nodes`` bound the effort (``None``: no limit, it runs until it
    decides); a node budget gives the same answer on any machine. The result is a
    :class:`Solution`: won (with a line that replays through the engine), lost (proved, with the
    argument that proved it) or unknown.

    >>> from windmill_widget import Game
    >>> sol = solve(Game(seed=8), max_seconds=10)
    >>> sol.result, sol.decided
    (<Verdict.WON: 'won'>, True)
    >>> g = Game(seed=8)
    >>> for m in sol.moves:
    ...     _ = g.play(m)
    >>> g.status
    <Status.WON: 'won'>
    """
    from ..core.game import PatienceGame
    from ..core.text import excerpt

    if not isinstance(game, PatienceGame):
        raise TypeError(f"solve() takes a game of the kit (e.g. Game(seed=42)), not {excerpt(game)}.")
    for name, value in (("max_seconds", max_seconds), ("max_nodes", max_nodes)):
        if value is not None and (
            isinstance(value, bool) or not isinstance(value, (int, float)) or value < 0
        ):
            raise ValueError(
                f"{name} must be a number of at least 0, or None for no limit; got {excerpt(value)}."
            )
    return _solver_for(type(game))(game, max_seconds=max_seconds, max_nodes=max_nodes)


def _solver_for(game_type: type) -> object:
    """The ``solve`` of the package named after the game (``crazy-quilt`` -> ``solver.crazy_quilt``)."""
    from importlib import import_module

    package = game_type.name.replace("-", "_")
    try:
        module = import_module(f".{package}", __name__)
    except ModuleNotFoundError as err:
        if err.name != f"{__name__}.{package}":
            raise
        raise TypeError(f"There is no clairvoyant solver for {game_type.title} yet.") from None
    return module.solve
