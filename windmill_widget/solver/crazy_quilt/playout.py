"""Playout policies: fast, deterministic ways to play a position to its end, which the nested search
(:mod:`.nested`) uses to judge each move by where it leads.

A policy plays as a sensible player would, and it reads no more than the position (the stock's
order only through the turns it makes):

1. a card to a foundation that takes it: the card in hand or the waste's top first (a turn would
   bury them), else a free quilt card;
2. otherwise dig: a free quilt card goes onto the waste when it lies across a narrow edge of a card
   a foundation takes now, or of one of the next ``ahead`` cards it takes after that (with
   ``dig_any``: of any card still held down; before the last pass a card dug out is not lost, it
   comes round again in the stock). With ``safe``, a dig on the last pass that buries a card where
   no foundation can take it any more (the waste-order argument of :mod:`.bound`) is skipped;
3. otherwise turn, or redeal;
4. otherwise whatever move is left (the first legal one), so a playout never stops early.

Policies differ in which foundation they try first and how they dig; the solver runs a small
portfolio of them (:data:`PORTFOLIO`), since a deal one misses another often wins. (Measured with
level-1 nested searches on deals 5000-5099, literal rules, before ``dig_any`` and ``safe``: the first
policy alone wins 37, the six together 52.)

A playout's result is a *value*, lower is better: 1000 for each card left off the foundations, plus
one for each card left on the waste (0 is a win). Of two dead ends with as many cards left, the one
with fewer buried on the waste is nearer a win: ranking them so wins 94 deals of 5000-5299 at level
1 where ranking by cards alone wins 86 (93 and 86 under the common rules).

A policy is a value (:class:`Policy`); the playout runs as one loop over flat arrays
(:mod:`.rollout`), compiled by numba where it is installed and the same code as Python otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ...games.crazy_quilt.search import SearchState
    from .rollout import PlayoutCache

__all__ = [
    "JUDGES", "PER_CARD", "PORTFOLIO", "SAFE_DIGGER", "Policy", "judge", "make_policy", "playout",
    "policy_move", "warm_up",
]  # fmt: skip


@dataclass(frozen=True)
class Policy:
    """A playout policy: it tries the foundations (0..7: ``S+ H+ D+ C+ S- H- D- C-``) in ``order``
    and digs towards the card each foundation takes now and the ``ahead`` cards after it; with
    ``dig_any``, towards any card still held down (so ``ahead`` no longer matters); with ``safe``,
    never by a dig that buries a card on the last pass's waste where it can no longer reach a
    foundation (:func:`.bound.waste_order_lost`).

    >>> Policy((4, 5, 6, 7, 0, 1, 2, 3), dig_any=True, safe=True)
    Policy(order=(4, 5, 6, 7, 0, 1, 2, 3), ahead=1, dig_any=True, safe=True)
    """

    order: tuple[int, ...] = tuple(range(8))
    ahead: int = 1
    dig_any: bool = False
    safe: bool = False

    def __post_init__(self) -> None:
        order = tuple(self.order)
        if sorted(order) != list(range(8)):
            raise ValueError(f"a policy's order names each foundation 0..7 once, not {order!r}")
        if not isinstance(self.ahead, int) or self.ahead < 0:
            raise ValueError(f"ahead must be a whole number from 0 up, not {self.ahead!r}")
        object.__setattr__(self, "order", order)
        object.__setattr__(self, "dig_any", bool(self.dig_any))
        object.__setattr__(self, "safe", bool(self.safe))


def make_policy(
    order: tuple[int, ...] = tuple(range(8)), ahead: int = 1, *, dig_any: bool = False, safe: bool = False
) -> Policy:
    """The :class:`Policy` of these options."""
    return Policy(order, ahead, dig_any, safe)


#: The policies the solver runs, best first.
PORTFOLIO: tuple[Policy, ...] = (
    make_policy(),
    make_policy((4, 5, 6, 7, 0, 1, 2, 3)),  # down-foundations first
    make_policy(ahead=2),
    make_policy(ahead=0),
    make_policy((0, 4, 1, 5, 2, 6, 3, 7)),  # suit by suit
    make_policy((3, 2, 1, 0, 7, 6, 5, 4)),  # clubs first
)
policy_move: Policy = PORTFOLIO[0]

#: The first pass's safe digger (issue 42): down-foundations first, it digs out any card held down
#: and never buries one for good on the last pass. Played out from the deal, deals 0-399
#: (``benchmarks/quilt_policies.py``), it wins 28 deals under the literal rules and 25 under the
#: common reading, and leaves 18.0 and 18.4 cards off the foundations on average; the portfolio's
#: first policy wins 12 and 13 (21.1 and 21.2 cards left; paired exact McNemar p = 0.007 and 0.05),
#: its second 25 and 22 (20.0 and 20.4 left; p = 0.72 and 0.69). It is not in the solver's portfolio:
#: put first there, the nested searches won no more deals within 100,000 units (deals 0-49, literal:
#: 31 against 30) and fewer within 30,000 (deals 0-9: 1 against 3).
SAFE_DIGGER: Policy = make_policy((4, 5, 6, 7, 0, 1, 2, 3), dig_any=True, safe=True)

#: The policies a sampling player may judge its guesses by (``policies``: the first so many): the
#: portfolio's first two (the board's Hint and ``sampling`` by default), then the safe digger, then
#: the rest of the portfolio.
JUDGES: tuple[Policy, ...] = (PORTFOLIO[0], PORTFOLIO[1], SAFE_DIGGER, *PORTFOLIO[2:])


#: A playout's value per card left off the foundations (the rest counts cards left on the waste).
PER_CARD = 1000


def playout(
    s: SearchState,
    line: list[int] | None = None,
    policy: Policy = policy_move,
    cache: PlayoutCache | None = None,
) -> tuple[int, int]:
    """Play ``s`` to the end with ``policy``, appending the moves to ``line`` (if given); ``s`` is
    left as it was. Returns (the end's value, see the module docstring; the moves played). With a
    ``cache`` (:class:`.rollout.PlayoutCache`, one for a search's many playouts), a playout that
    reaches a position a playout of the same policy passed before ends there with that playout's
    end: the same value, fewer moves played, and ``line`` only the moves played (a win is always
    played to its end)."""
    if not s.out:
        return 0, 0
    play = _play or _load()
    n, out, waste = play(s, policy.order, policy.ahead, policy.dig_any, policy.safe, line, cache)
    return (out * PER_CARD + waste if out else 0), n


def judge(s: SearchState, policies: tuple[Policy, ...]) -> tuple[int, list[int] | None, int]:
    """Play ``s`` out with each of ``policies`` in turn until one wins (``s`` is left as it was), in
    one call of the compiled loop: what :func:`playout` with each would find, sooner. Returns (the
    best end's value; the winning line, or ``None``; the units of work: the moves played, and one a
    playout)."""
    if not s.out:
        return 0, [], 1
    from .rollout import judge_state

    _, out, on_waste, units, line = judge_state(s, tuple(policies))
    return (out * PER_CARD + on_waste if out else 0), line, units


_play = None


def warm_up() -> None:
    """Load the compiled playout loop now: with numba, about a second in a new process and several
    the first time ever (it compiles then), which a board does in the background when it opens, so
    that its first Hint does not wait for it, and :func:`.clairvoyant.solve` before its clock starts.
    As Python (no numba) it costs one short playout; after the first call, nothing."""
    if _warm:
        return
    from ...games.crazy_quilt import QuiltGame
    from ...games.crazy_quilt.search import SearchState

    playout(SearchState.from_game(QuiltGame(seed=0)), [])
    _warm.append(True)


_warm: list[bool] = []


def _load():
    """The loop, imported on the first playout: it loads numba where it is installed, which a
    process that imports the players but plays no Crazy Quilt should not pay for."""
    global _play
    from .rollout import play_state

    _play = play_state
    return _play
