"""Critical decisions: the moves that decide a Windmill deal, and how often a player gets them right.

Win rates separate players slowly: a game turns on a few moves, and the other two hundred add only
noise (600 deals could not tell ``sampling`` from ``lookahead``). A *critical decision* is a
position, with cards still in the stock, where some move keeps the deal won and another makes it
lost, as the clairvoyant solver proves (moves that lead to the same position, suits ignored, count
as one). :func:`find_decisions` finds them along the solver's winning line of each deal, or along
a player's own games; :func:`score_decisions` shows each one to players (their view only: the
stock's order stays hidden) and counts the moves that keep the deal won. Every player meets the
same decisions, so two compare pair by pair (:meth:`DecisionScores.paired`), and a decision costs
one move's thinking instead of a game. ``benchmarks/critical.py`` runs it over hundreds of deals;
``docs/winnability.md`` has the figures.

>>> from windmill_widget.strategies import greedy, lookahead
>>> decisions = find_decisions([0], progress=False)
>>> len(decisions), decisions[0]
(4, <Decision deal 0 at move 59, 53 in the stock: waste>ne keeps it won; deal loses it>)
>>> score_decisions({"greedy": greedy, "lookahead": lookahead}, decisions, progress=False)
<DecisionScores on 4 critical decisions of 1 deal:
  greedy     2 of 4 = 50.0% (95% CI 15.0%-85.0%)
  lookahead  4 of 4 = 100.0% (95% CI 51.0%-100.0%)
  a random distinct move: 62.5%>
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from ..core.errors import IllegalMove
from ..core.game import PatienceGame
from ..core.moves import Move
from ..core.registry import find_game
from ..core.tables import html_table
from ..core.text import excerpt, shorten
from ..solver import solve
from ..solver.verdict import Verdict
from .progress import progress_bar
from .stats import Paired, wilson

#: Positions the solver may spend on a deal's winning line, and on the position after each move
#: (the first budget, then the second for the moves it leaves unknown).
LINE_NODES = 3_000_000
MOVE_NODES = (300_000, 3_000_000)
#: Stock bands the scores are broken down by (cards still in the stock).
BANDS = ((1, 9), (10, 29), (30, 59), (60, 103))


def _windmill() -> type[PatienceGame]:
    return find_game("windmill")


def distinct_moves(game: PatienceGame) -> tuple[list[Move], list[tuple]]:
    """The legal moves, one for each distinct position they lead to (suits ignored, corners and
    sails interchangeable), and those positions' signatures."""
    moves: list[Move] = []
    sigs: list[tuple] = []
    for m in game.legal_moves():
        sig = _after(game, m)
        if sig not in sigs:
            moves.append(m)
            sigs.append(sig)
    return moves, sigs


def _after(game: PatienceGame, move: Move) -> tuple:
    child = game.copy()
    child.play(move)
    return child.signature()


@dataclass(frozen=True)
class Decision:
    """A position where some moves keep the deal won and others lose it: ``line`` leads there from
    deal ``seed``; ``moves`` are its distinct moves and ``verdicts`` the solver's for the position
    after each."""

    seed: int
    rules: Any  #: Windmill's Rules
    line: tuple[Move, ...]
    moves: tuple[Move, ...]
    verdicts: tuple[Verdict, ...]

    def game(self) -> PatienceGame:
        """The position, as a game (the stock in its true order: don't show it to a player)."""
        game = _windmill()(seed=self.seed, rules=self.rules)
        for m in self.line:
            game.play(m)
        return game

    @cached_property
    def stock(self) -> int:
        """Cards still in the stock."""
        return self.game().view().stock_count

    @property
    def winning(self) -> tuple[Move, ...]:
        """The moves that keep the deal won."""
        return tuple(m for m, v in zip(self.moves, self.verdicts, strict=True) if v == Verdict.WON)

    def keeps_won(self, move: Move | str) -> bool:
        """Whether ``move`` (legal here) keeps the deal won. Raises
        :class:`~windmill_widget.IllegalMove` if it is not legal."""
        return self._keeps_won(self.game(), move)

    def _keeps_won(self, game: PatienceGame, move: Move | str) -> bool:
        """:meth:`keeps_won` in ``game``, this decision's position (replayed once by the caller)."""
        move = game._coerce(move)
        if not game.is_legal(move):
            raise IllegalMove(f"{move} is not legal here: {game.explain(move)}", rule="illegal")
        sig = _after(game, move)
        for m, v in zip(self.moves, self.verdicts, strict=True):
            if _after(game, m) == sig:
                return v == Verdict.WON
        raise AssertionError("a legal move led to no listed position")  # pragma: no cover

    def to_json(self) -> dict:
        """This decision as JSON-ready values (its deal, rules, line, moves and their verdicts)."""
        return {
            "seed": self.seed, "rules": self.rules.to_dict(), "line": [str(m) for m in self.line],
            "moves": [str(m) for m in self.moves], "verdicts": [v.value for v in self.verdicts],
        }  # fmt: skip

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Decision:
        """The decision :meth:`to_json` wrote. Raises ``ValueError`` for anything else (the line is
        replayed, so a line the rules refuse is caught too)."""
        try:
            game = _windmill()
            move, rules = game.move_type, game.rules_type.from_dict(data["rules"])
            decision = cls(
                int(data["seed"]), rules, tuple(move(m) for m in data["line"]),
                tuple(move(m) for m in data["moves"]), tuple(Verdict(v) for v in data["verdicts"]),
            )  # fmt: skip
            if len(decision.moves) != len(decision.verdicts):
                raise ValueError("as many verdicts as moves are needed")
            decision.game()
        except (KeyError, TypeError, ValueError, IllegalMove) as err:
            raise ValueError(f"Not a critical decision: {excerpt(data)} ({shorten(str(err), 120)})") from None
        return decision

    def __repr__(self) -> str:
        losing = [m for m, v in zip(self.moves, self.verdicts, strict=True) if v != Verdict.WON]
        keep = "keeps" if len(self.winning) == 1 else "keep"
        lose = "loses" if len(losing) == 1 else "lose"
        return (
            f"<Decision deal {self.seed} at move {len(self.line)}, {self.stock} in the stock: "
            f"{', '.join(map(str, self.winning))} {keep} it won; {', '.join(map(str, losing))} {lose} it>"
        )

    def _repr_svg_(self) -> str:
        return self.game()._repr_svg_()


class Decisions(Sequence[Decision]):
    """What :func:`find_decisions` found: the decisions (a sequence), the deals searched
    (:attr:`deals`) with the solver's verdict on each (:attr:`verdicts`: only deals it won have
    decisions), and how many positions were left out because a move's verdict stayed unknown
    within the solver's budget (:attr:`left_out`)."""

    def __init__(
        self, decisions: Iterable[Decision], verdicts: Mapping[int, Verdict] | None = None, left_out: int = 0
    ) -> None:
        self._items = tuple(decisions)
        self.verdicts = dict(verdicts or {})
        self.deals = tuple(self.verdicts)
        self.left_out = left_out

    def __getitem__(self, i):  # type: ignore[override]
        return self._items[i]

    def __len__(self) -> int:
        return len(self._items)

    def __iter__(self) -> Iterator[Decision]:
        return iter(self._items)

    def __repr__(self) -> str:
        n = len(self.deals)
        deals = f"{n} deal{'s' if n != 1 else ''} searched"
        return f"<Decisions: {len(self)} critical decisions of {deals}, {self.left_out} left out>"


def find_decisions(
    deals: Iterable[int],
    *,
    rules: Any = None,
    along: Callable | None = None,
    line_nodes: int = LINE_NODES,
    move_nodes: Sequence[int] = MOVE_NODES,
    progress: bool = True,
) -> Decisions:
    """The critical decisions of Windmill ``deals``: along the solver's winning line of each deal
    it wins within ``line_nodes`` positions, or, with ``along`` (a strategy), along that player's
    own game, up to the move after which the deal can no longer be won. Each move of a position is
    judged by the solver with the budgets ``move_nodes`` in turn; positions where a move stays
    unknown are left out, so every decision rests on proofs. Deterministic (budgets are counts).
    """
    game_type = _windmill()
    rules = game_type.rules_type() if rules is None else rules
    if not isinstance(rules, game_type.rules_type):
        raise TypeError(
            f"Critical decisions are found for Windmill only: rules must be Rules, not {excerpt(rules)}."
        )
    deals = list(deals)
    found: list[Decision] = []
    verdicts: dict[int, Verdict] = {}
    left_out = 0
    bar = _bar(len(deals), "deals", progress)
    for seed in deals:
        sol = solve(game_type(seed=seed, rules=rules), max_nodes=line_nodes)
        verdicts[seed] = sol.result
        if sol.result == Verdict.WON:
            line = sol.moves if along is None else _game_of(along, seed, rules)
            left_out += _walk(found, seed, rules, line, known_won=along is None, move_nodes=move_nodes)
        if bar is not None:
            bar.update(1)
    if bar is not None:
        bar.close()
    return Decisions(found, verdicts, left_out)


def _game_of(player: Callable, seed: int, rules: Any) -> tuple[Move, ...]:
    game = _windmill()(seed=seed, rules=rules)
    while game.outcome is None:
        game.play(player(game.view()))
    return game.history


def _walk(found: list[Decision], seed: int, rules: Any, line: Sequence[Move], *, known_won: bool,
          move_nodes: Sequence[int]) -> int:  # fmt: skip
    """Add the decisions along ``line`` to ``found``; return how many positions were left out.
    With ``known_won`` the line wins, so its own moves need no verdict; else the walk stops once no
    move keeps the deal won."""
    game = _windmill()(seed=seed, rules=rules)
    left_out = 0
    for at, move in enumerate(line):
        if game.view().stock_count:
            moves, sigs = distinct_moves(game)
            if len(moves) > 1:
                mine = sigs.index(_after(game, move))
                verdicts = [
                    Verdict.WON if known_won and i == mine else _verdict(game, m, move_nodes)
                    for i, m in enumerate(moves)
                ]
                if Verdict.UNKNOWN in verdicts:
                    left_out += 1
                elif Verdict.LOST in verdicts and Verdict.WON in verdicts:
                    found.append(Decision(seed, rules, tuple(line[:at]), tuple(moves), tuple(verdicts)))
                if verdicts[mine] != Verdict.WON:
                    break  # the deal is lost (or undecided) from here on
        game.play(move)
    return left_out


def _verdict(game: PatienceGame, move: Move, budgets: Sequence[int]) -> Verdict:
    child = game.copy()
    child.play(move)
    for nodes in budgets:
        verdict = solve(child, max_nodes=nodes).result
        if verdict != Verdict.UNKNOWN:
            return verdict
    return Verdict.UNKNOWN


def judge(player: Callable, decision: Decision) -> tuple[bool, str | None]:
    """Show ``decision`` to ``player`` (its view only); return whether its move keeps the deal won,
    and what went wrong if it raised or returned something other than a legal move (then it is
    counted wrong)."""
    game = decision.game()
    try:
        move = player(game.view())
    except Exception as err:  # a broken strategy loses this decision, never the run
        return False, f"{type(err).__name__}: {shorten(str(err), 120)}"
    try:
        return decision._keeps_won(game, move), None
    except (IllegalMove, ValueError, TypeError) as err:
        return False, f"{type(err).__name__}: the strategy returned {excerpt(move)}: {shorten(str(err), 120)}"


class DecisionScores:
    """What :func:`score_decisions` found: ``scores.right[name]`` holds, decision by decision,
    whether the player's move kept the deal won; ``scores.errors[name]`` what went wrong where a
    strategy failed (those decisions count as wrong)."""

    def __init__(self, decisions: Sequence[Decision], right: Mapping[str, Sequence[bool]],
                 errors: Mapping[str, Sequence[str | None]]) -> None:  # fmt: skip
        self.decisions = tuple(decisions)
        self.right = {name: tuple(r) for name, r in right.items()}
        self.errors = {name: [e for e in errs if e] for name, errs in errors.items()}
        self.stocks = tuple(d.stock for d in self.decisions)

    @property
    def names(self) -> list[str]:
        """The players' names, in the order they were given."""
        return list(self.right)

    def rate(self, name: str) -> float:
        """The share of the decisions player ``name`` got right (NaN with none)."""
        r = self.right[name]
        return sum(r) / len(r) if r else float("nan")

    def ci(self, name: str) -> tuple[float, float]:
        """The 95% Wilson interval of ``name``'s rate."""
        return wilson(sum(self.right[name]), len(self.right[name]))

    @property
    def random_rate(self) -> float:
        """What picking a distinct move at random would score, on average."""
        if not self.decisions:
            return float("nan")
        return sum(len(d.winning) / len(d.moves) for d in self.decisions) / len(self.decisions)

    def by_stock(self, name: str) -> dict[str, tuple[int, int]]:
        """Right and total, by cards still in the stock (``"1-9"``, ``"10-29"``, ...)."""
        out = {}
        for lo, hi in BANDS:
            rs = [r for r, s in zip(self.right[name], self.stocks, strict=True) if lo <= s <= hi]
            out[f"{lo}-{hi}"] = (sum(rs), len(rs))
        return out

    def paired(self, a: str, b: str) -> Paired:
        """Decision by decision: how many ``a`` got right alone, how many ``b`` did, and the exact
        McNemar p-value of such a split if the two were equally good. A dict that reads as a sentence."""
        only_a = sum(x and not y for x, y in zip(self.right[a], self.right[b], strict=True))
        only_b = sum(y and not x for x, y in zip(self.right[a], self.right[b], strict=True))
        return Paired(a, b, {f"only {a}": only_a, f"only {b}": only_b}, unit="decisions", p_key="p")

    def __repr__(self) -> str:
        deals = len({d.seed for d in self.decisions})
        plural = "s" if deals != 1 else ""
        lines = [f"<DecisionScores on {len(self.decisions)} critical decisions of {deals} deal{plural}:"]
        width = max((len(n) for n in self.names), default=0)
        for name in self.names:
            lo, hi = self.ci(name)
            failed = f", {len(self.errors[name])} failed" if self.errors[name] else ""
            lines.append(
                f"  {name:<{width}}  {sum(self.right[name])} of {len(self.right[name])} = "
                f"{self.rate(name):.1%} (95% CI {lo:.1%}-{hi:.1%}){failed}"
            )
        lines.append(f"  a random distinct move: {self.random_rate:.1%}>")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        bands = [f"stock {lo}-{hi}" for lo, hi in BANDS]
        rows = []
        for name in self.names:
            lo, hi = self.ci(name)
            cells = [f"{r}/{n}" for r, n in self.by_stock(name).values()]
            rows.append([name, sum(self.right[name]), f"{self.rate(name):.1%}", f"{lo:.1%} – {hi:.1%}",
                         *cells, len(self.errors[name])])  # fmt: skip
        rows.append(["a random distinct move", "", f"{self.random_rate:.1%}", "", *[""] * len(BANDS), ""])
        caption = (
            f"{len(self.decisions)} critical decisions: positions where one move keeps the deal won "
            "and another loses it. Right: the player's move kept it won."
        )
        return html_table(["player", "right", "rate", "95% CI", *bands, "failed"], rows, caption=caption)


def score_decisions(
    players: Mapping[str, Callable] | Callable, decisions: Iterable[Decision], *, progress: bool = True
) -> DecisionScores:
    """Show every decision to every player (a strategy, or a mapping of names to strategies) and
    count the moves that keep the deal won. A strategy that raises, or returns anything but a legal
    move, loses that decision; the run goes on (``scores.errors`` says what went wrong)."""
    if callable(players) and not isinstance(players, Mapping):
        players = {getattr(players, "__name__", "player"): players}
    for name, player in players.items():  # every one checked before any is scored
        if not callable(player):
            raise TypeError(
                f"Player {name!r} is not a strategy (a callable taking a view): {excerpt(player)}."
            )
    decisions = list(decisions)
    right: dict[str, list[bool]] = {}
    errors: dict[str, list[str | None]] = {}
    bar = _bar(len(decisions) * len(players), "decisions", progress)
    for name, player in players.items():
        right[name], errors[name] = [], []
        for d in decisions:
            ok, err = judge(player, d)
            right[name].append(ok)
            errors[name].append(err)
            if bar is not None:
                bar.update(1)
    if bar is not None:
        bar.close()
    return DecisionScores(decisions, right, errors)


def _bar(total: int, unit: str, progress: bool) -> Any:
    if not progress:
        return None
    return progress_bar(total, unit=unit.rstrip("s"))
