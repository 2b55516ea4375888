"""The players the package names: each one plays every game of the kit, handing the view to its
game's player (``strategies.windmill``, ``strategies.crazy_quilt``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core.game import PatienceGame
from ..core.text import excerpt
from ..core.view import PlayerView
from . import crazy_quilt, windmill
from .advice import Advice


class AnyGame:
    """A player for every game of the kit: each view goes to the player of its game
    (``view.game``), and so does :meth:`advise`."""

    def __init__(self, name: str, players: dict[str, Callable[[PlayerView], Any]]) -> None:
        self.__name__ = name
        self.players = players
        self.__doc__ = f"The {name} player of each game.\n\n" + "\n\n".join(
            f"{game}: {_summary(p)}" for game, p in players.items()
        )

    def player(self, game: str) -> Callable[[PlayerView], Any]:
        """The player for ``game`` (a registry name such as ``"crazy-quilt"``)."""
        try:
            return self.players[game]
        except KeyError:
            raise TypeError(
                f"{self.__name__} has no player for {game!r}; it plays {', '.join(self.players)}."
            ) from None

    def __call__(self, view: PlayerView) -> Any:
        return self.player(self._game_of(view))(view)

    def advise(self, view: PlayerView) -> Advice:
        """The move this player makes in ``view``, with the reason its game's player gives (if any)."""
        player = self.player(self._game_of(view))
        advise = getattr(player, "advise", None)
        return advise(view) if callable(advise) else Advice(player(view))

    def __repr__(self) -> str:
        return f"<{self.__name__}: plays {', '.join(self.players)}>"

    def _game_of(self, view: object) -> str:
        """The game ``view`` is a view of; a clear error for anything else (a game itself included:
        a player sees only what a player at the table would)."""
        if isinstance(view, PlayerView):
            return view.game
        if isinstance(view, PatienceGame):
            raise TypeError(
                f"{self.__name__} takes what a player sees, game.view(), not the game itself "
                "(which knows the stock's order)."
            )
        raise TypeError(f"{self.__name__} takes a player view such as game.view(), not {excerpt(view)}.")


def _summary(player: object) -> str:
    """The first paragraph of a player's docstring, on one line."""
    doc = (getattr(player, "__doc__", None) or "").strip()
    return " ".join(doc.split("\n\n")[0].split())


def _each_game(name: str, windmill_player: Callable, quilt_player: Callable) -> AnyGame:
    return AnyGame(name, {"windmill": windmill_player, "crazy-quilt": quilt_player})


greedy = _each_game("greedy", windmill.greedy, crazy_quilt.greedy)
tips = _each_game("tips", windmill.tips, crazy_quilt.tips)
lookahead = _each_game("lookahead", windmill.lookahead, crazy_quilt.lookahead)


def random_strategy(seed: int | None = None) -> AnyGame:
    """A player that picks uniformly among the legal moves of any game, from its own seeded
    generator (see each game's ``random_strategy``; the Windmill one keeps clear of moves that go
    round in circles).

    >>> from windmill_widget import QuiltGame
    >>> pick = random_strategy(1)
    >>> pick(QuiltGame(seed=1).view()) in QuiltGame(seed=1).legal_moves()
    True
    """
    name = f"random_strategy({seed!r})"
    return _each_game(name, windmill.random_strategy(seed), crazy_quilt.random_strategy(seed))


sampling = AnyGame("sampling", {"windmill": windmill.sampling, "crazy-quilt": crazy_quilt.sampling})


#: Crazy Quilt's player that plays exactly once a redeal has shown it the stock's order (a fresh
#: copy of it plays each deal in the lab; it keeps what it saw of one game at a time).
recall = AnyGame("recall", {"crazy-quilt": crazy_quilt.recall})

#: Crazy Quilt's second strongest no-peeking player measured (after ``voting``): ``sampling``
#: with 64 guesses, each judged by every playout policy (some 3 s a game with numba, minutes
#: without; docs/winnability.md).
deep_sampling = AnyGame("deep_sampling", {"crazy-quilt": crazy_quilt.deep_sampling})

#: Crazy Quilt's strongest no-peeking player measured: it solves each guess at the stock with the
#: clairvoyant solver's searches after every move it could make, and plays the move that wins the
#: most guesses (some 35-65 s a game with numba; docs/winnability.md).
voting = AnyGame("voting", {"crazy-quilt": crazy_quilt.voting})


def sampling_player(**settings: Any) -> AnyGame:
    """``sampling`` with other settings (see :func:`.windmill.sampling_player`); Windmill only (Crazy
    Quilt's settings differ: :func:`.crazy_quilt.sampling_player`)."""
    return AnyGame("sampling_player", {"windmill": windmill.sampling_player(**settings)})


#: The strongest fast no-peeking player shipped; the board's Hint uses it. Deterministic: its effort
#: is a count of positions, not a time. ``sampling`` is quick enough for a Hint once its solver is
#: compiled (0.05 s a move at the 95th percentile), but no stronger: 39.0% of strict deals 0-599
#: against lookahead's 37.3% (McNemar p = 0.50; see its module).
default_strategy = lookahead


def board_players(game: str) -> dict[str, AnyGame]:
    """The built-in players a board offers for ``game`` (its Autoplay menu), the default first.

    >>> list(board_players("windmill"))
    ['lookahead', 'tips', 'greedy', 'sampling', 'random']
    >>> list(board_players("crazy-quilt")) == list(board_players("windmill"))
    True
    """
    players = {"lookahead": lookahead, "tips": tips, "greedy": greedy, "sampling": sampling,
               "random": random_strategy(0)}  # fmt: skip
    return {name: p for name, p in players.items() if game in p.players}
