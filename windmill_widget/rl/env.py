"""What both games' environments share: dealing, the action mask, stepping, rewards and pictures.

An environment holds a real game of the kit (:attr:`PatienceEnv.game`: the board can show it, its
history can be saved or replayed) and steps it through the rules' own integer move codes, the fast
path solvers use, so a step costs one legality check, one move and one observation.

Conventions (each game's class documents its observation):

* **Actions**: one fixed ``Discrete(n)`` space per game (:attr:`PatienceEnv.actions` lists them:
  every ``from>to`` move the rules can ever allow, then the stock's moves). Which are legal now is
  ``info["action_mask"]`` (an ``int8`` array, Gymnasium's convention, as in Taxi) and
  :meth:`PatienceEnv.action_masks` (a ``bool`` array, sb3-contrib's ``MaskablePPO`` convention).
* **An illegal action** raises :class:`~windmill_widget.IllegalMove` saying which rule forbids it,
  and the game is unchanged; with ``illegal="penalty"`` it instead leaves the game unchanged, costs
  ``illegal_penalty`` (default ``-1.0``) as its reward, counts towards the move cap, and
  ``info["illegal"]`` holds the sentence. An action outside the space always raises ValueError.
  (Gymnasium's ``check_env`` steps actions sampled from the whole space: give it ``illegal="penalty"``.)
* **Rewards**: ``reward="dense"`` (default): each card that reaches a foundation earns ``+1`` (a
  card moved between foundations earns nothing), so an episode's return is the number of cards
  played home, 104 for a win; ``reward="sparse"``: ``+1`` for the move that wins, ``0`` otherwise.
* **Episodes**: ``terminated`` when the game is won or lost (no move left, or, under PySolFC's
  transfers, only moves that lead nowhere); ``truncated`` after ``max_moves`` steps (default 1,000)
  if neither.
* **Deals**: ``reset(seed=n)`` deals the same cards as ``Game(seed=n)`` (``QuiltGame(seed=n)``);
  ``reset()`` draws the next deal from the environment's generator, so a seeded first reset makes
  every later one reproducible; ``reset(options={"deal": n})`` plays deal ``n`` without reseeding
  (for held-out deals), ``reset(options={"game": g})`` goes on from a copy of game ``g`` (a staged
  lesson, a saved game; under the environment's rules). ``info["deal"]`` is the deal played.
* **Observations**: only what a player sees: the stock's cards are never read but as a count and as
  the (public) multiset of unseen cards, so an observation does not depend on the stock's hidden
  order. A ``Dict`` of ``int16`` arrays, or with ``flatten=True`` one flat ``int16`` array (the
  ``Dict``'s arrays in key order, what ``gymnasium.wrappers.FlattenObservation`` makes too).
  Cards are written as faces ``1..52`` (``suit * 13 + rank``, suits ``S H D C``; ``0`` for no card):
  the two copies of a card look alike.
* **Pictures**: ``render_mode="ansi"`` gives the game's text picture, ``"rgb_array"`` a raster of its
  SVG picture (an ``(h, w, 3)`` ``uint8`` array). On the kit's board: ``PatienceWidget(env.unwrapped.game)``,
  and ``board.load(env.unwrapped.game)`` after each reset, ``board.refresh()`` after steps.
"""

from __future__ import annotations

import operator
from array import array
from typing import Any, ClassVar, SupportsFloat

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from ..core.cards import CARDS_PER_DECK
from ..core.errors import IllegalMove
from ..core.game import PatienceGame
from ..core.outcome import Termination
from ..core.text import excerpt
from ..core.view import PlayerView
from .actions import ActionTable

REWARDS = ("dense", "sparse")
ILLEGAL = ("raise", "penalty")
DEFAULT_MAX_MOVES = 1_000
#: The faces 1..52 of the card ids 0..103 (``suit * 13 + rank``; the deck forgotten).
FACES = [i % CARDS_PER_DECK + 1 for i in range(2 * CARDS_PER_DECK)]
#: How many unseen copies of each face (index face - 1) a stock can hold.
COPIES = 2
#: The most cards one move takes from the stock (a deal or turn, refills, automatic Kings): beyond
#: it, or when a redeal refills the stock, the unseen cards are counted afresh.
_STOCK_TAKEN = 8
_RANDOM_DEALS = 2**32  # as many as a game dealt "at random" draws from


def box(high: int | list[int], size: int | None = None) -> spaces.Box:
    """An ``int16`` array of ``size`` values from 0 to ``high`` (or to each of the ``high`` list)."""
    if isinstance(high, list):
        return spaces.Box(0, np.array(high, dtype=np.int16), dtype=np.int16)
    return spaces.Box(0, high, shape=(size,), dtype=np.int16)


class PatienceEnv(gym.Env):
    """A Gymnasium environment for one game of the kit (see the module docstring for the conventions).

    Each game's subclass supplies :attr:`game_type`, :attr:`actions`, its observation space
    (:meth:`observation_dict_space`) and where each pile's facts go in it (:meth:`_lay_out`). The
    observation lives in one flat buffer that each step updates only where the move's primitive
    steps touched piles; the ``Dict`` observation's arrays are views into a fresh copy of it.
    """

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi", "rgb_array"], "render_fps": 4}

    game_type: ClassVar[type[PatienceGame]]
    actions: ClassVar[ActionTable]

    def __init__(
        self,
        rules: Any = None,
        *,
        reward: str = "dense",
        illegal: str = "raise",
        illegal_penalty: float = -1.0,
        max_moves: int = DEFAULT_MAX_MOVES,
        flatten: bool = False,
        render_mode: str | None = None,
    ) -> None:
        rt = self.game_type.rules_type
        if isinstance(rules, str):
            rules = rt.from_preset(rules)
        elif rules is None:
            rules = rt()
        elif not isinstance(rules, rt):
            raise TypeError(
                f"rules is a preset's name ({', '.join(rt.PRESETS)}) or a {rt.__name__} value, "
                f"not {excerpt(rules)}."
            )
        if reward not in REWARDS:
            raise ValueError(f"reward is one of {REWARDS}, not {excerpt(reward)}.")
        if illegal not in ILLEGAL:
            raise ValueError(f"illegal is one of {ILLEGAL}, not {excerpt(illegal)}.")
        if not isinstance(max_moves, int) or isinstance(max_moves, bool) or max_moves < 1:
            raise ValueError(f"max_moves is a whole number of at least 1, not {excerpt(max_moves)}.")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(
                f"render_mode is one of {self.metadata['render_modes']} or None, not {excerpt(render_mode)}."
            )
        self.rules = rules
        self.reward_mode = reward
        self.illegal = illegal
        self.illegal_penalty = float(illegal_penalty)
        self.max_moves = max_moves
        self.flatten = bool(flatten)
        self.render_mode = render_mode
        self.action_space = spaces.Discrete(len(self.actions))
        self.dict_space = spaces.Dict(self.observation_dict_space())
        self.observation_space = spaces.flatten_space(self.dict_space) if flatten else self.dict_space
        self._game: PatienceGame | None = None
        self._done = True
        self._moves = 0
        self._mask = np.zeros(len(self.actions), dtype=np.int8)
        self._buf = array("h")
        self._slices = [(k, slice(a, b)) for k, a, b in _slices(self.dict_space)]
        self._n = len(self.actions)
        self._move_of = self.actions.moves
        self._pos: Any = None
        #: The deal the current episode plays (``Game(seed=env.deal)``).
        self.deal: int | None = None

    # -- what each game supplies ---------------------------------------------------------------------
    @classmethod
    def observation_dict_space(cls) -> dict[str, spaces.Box]:
        """The observation's arrays, by name (sorted by name, as ``spaces.Dict`` keeps them)."""
        raise NotImplementedError

    #: Where each fact goes in the flat observation (set by :meth:`_lay_out`): each pile's size and
    #: top card's face (-1: not shown), the waste's first card, the unseen faces' counts.
    _size_slot: ClassVar[tuple[int, ...]]
    _top_slot: ClassVar[tuple[int, ...]]
    _waste_slot: ClassVar[int]
    _unseen_slot: ClassVar[int]
    _waste_pile: ClassVar[int]
    _stock_pile: ClassVar[int]
    _foundations: ClassVar[frozenset[int]]
    _flat_size: ClassVar[int]
    _shift: ClassVar[int]  # moves' codes are src << shift | dst

    @classmethod
    def _lay_out(
        cls, sizes: dict[int, str], tops: dict[int, str], waste: int, foundations: tuple[int, ...], shift: int
    ) -> None:
        """Place the piles' facts in the flat observation (once, as the module defines the class):
        ``sizes``/``tops`` map a pile to the array its size/top card's face goes in (at the pile's
        place among those the array shows), ``waste`` is the waste's pile index, ``foundations`` the
        foundations' (a card onto one earns the dense reward), ``shift`` the moves' code shift."""
        at = cls.offsets()
        npiles = len(cls.game_type.move_type.notation.piles)
        slots = []
        for where in (sizes, tops):
            first = {k: min(i for i, kk in where.items() if kk == k) for k in set(where.values())}
            slots.append(
                tuple(at[where[i]] + i - first[where[i]] if i in where else -1 for i in range(npiles))
            )
        cls._size_slot, cls._top_slot = slots
        cls._waste_pile, cls._waste_slot, cls._unseen_slot = waste, at["waste"], at["unseen"]
        cls._stock_pile, cls._foundations, cls._shift = (
            cls.game_type.position_type.STOCK,
            frozenset(foundations),
            shift,
        )
        cls._flat_size = spaces.flatdim(spaces.Dict(cls.observation_dict_space()))

    @classmethod
    def _extras(cls, buf: array, pos: Any, touched: list[int] | None) -> None:
        """Write what the game shows beside piles, after a move that ``touched`` these piles (``None``:
        all of them, for a fresh observation)."""

    @classmethod
    def offsets(cls) -> dict[str, int]:
        """Where each of the observation's arrays starts in the flat observation."""
        return {k: a for k, a, _b in _slices(spaces.Dict(cls.observation_dict_space()))}

    # -- the live game ---------------------------------------------------------------------------------
    @property
    def game(self) -> PatienceGame:
        """The game being played (change it only through :meth:`step`)."""
        if self._game is None:
            raise RuntimeError("No game yet: call reset() first.")
        return self._game

    @property
    def moves(self) -> int:
        """Steps taken in this episode (illegal ones under ``illegal="penalty"`` included)."""
        return self._moves

    def action_masks(self) -> np.ndarray:
        """Which actions are legal now, as a ``bool`` array (sb3-contrib's ``MaskablePPO`` asks this)."""
        return self._mask.astype(bool)

    def action_move(self, action: int) -> Any:
        """The move action ``action`` plays (Windmill's action 65 is ``Move('deal')``)."""
        return self.actions.move(int(action))

    def move_action(self, move: Any) -> int:
        """The action that plays ``move`` (a move or its notation)."""
        return self.actions.action(move)

    # -- the Gymnasium API --------------------------------------------------------------------------
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Any, dict[str, Any]]:
        super().reset(seed=seed)
        options = dict(options or {})
        deal, start = options.pop("deal", None), options.pop("game", None)
        if options:
            raise ValueError(f"reset's options are 'deal' and 'game'; unknown: {excerpt(sorted(options))}.")
        if start is not None:
            if deal is not None:
                raise ValueError("reset takes a deal or a game to start from, not both.")
            if not isinstance(start, self.game_type) or start.rules != self.rules:
                raise ValueError(
                    f"options['game'] is a {self.game_type.title} game under {self.rules!r}, "
                    f"not {excerpt(start)}."
                )
            self._game, self.deal = start.copy(), start.seed
        else:
            if deal is None:
                deal = seed if seed is not None else int(self.np_random.integers(_RANDOM_DEALS))
            self._game, self.deal = self.game_type(seed=deal, rules=self.rules), deal
        self._moves = 0
        self._done = False
        self._pos = self._game._pos
        codes = self._game._legal_codes()
        self._mask = self.actions.mask(codes)
        if self._game._pos.termination(codes) is not None:  # only a given game can be over (a deal never is)
            self._game, self._done = None, True
            raise ValueError("options['game'] is a game that is over: there is nothing left to play.")
        self._rebuild()
        return self._observation(), {"action_mask": self._mask, "deal": self.deal}

    def step(self, action: Any) -> tuple[Any, SupportsFloat, bool, bool, dict[str, Any]]:
        if self._done:
            raise RuntimeError(
                "The episode is over (or has not begun): call reset() before step()."
                if self._game is not None
                else "No game yet: call reset() first."
            )
        try:
            a = operator.index(action)  # an int, a NumPy integer (what Discrete.sample() gives)
        except TypeError:
            a = -1
        if not 0 <= a < self._n:
            raise ValueError(f"Actions are whole numbers 0..{self._n - 1}, not {excerpt(action)}.")
        game = self._game
        pos = self._pos
        self._moves += 1
        if not self._mask[a]:
            return self._illegal(a)
        p = pos.piles
        stock, waste = p[self._stock_pile], p[self._waste_pile]
        n0, w0, old = len(stock), len(waste), stock[-_STOCK_TAKEN:]
        game.play(self._move_of[a])  # type: ignore[union-attr]
        home = self._update(pos, game._records[-1][1][1], n0, w0, old)  # type: ignore[union-attr]
        codes = game._legal_codes()  # type: ignore[union-attr]
        self._mask = mask = self.actions.mask(codes)
        why = pos.termination(codes)
        terminated = why is not None
        reward = float(home) if self.reward_mode == "dense" else float(why is Termination.WON)
        truncated = not terminated and self._moves >= self.max_moves
        self._done = terminated or truncated
        return self._observation(), reward, terminated, truncated, {"action_mask": mask}

    def _illegal(self, a: int) -> tuple[Any, SupportsFloat, bool, bool, dict[str, Any]]:
        move = self._move_of[a]
        rule, why = self._pos.explain(move.code)
        if self.illegal == "raise":
            self._moves -= 1
            raise IllegalMove(f"Action {a} ({move}) is illegal here: {why}", move=move, rule=rule)
        truncated = self._moves >= self.max_moves
        self._done = truncated
        info = {"action_mask": self._mask.copy(), "illegal": why}
        return self._observation(), self.illegal_penalty, False, truncated, info

    def render(self) -> Any:
        if self.render_mode is None:
            gym.logger.warn(
                'render() without a render_mode: make the env with render_mode="ansi" or "rgb_array".'
            )
            return None
        if self.render_mode == "ansi":
            return self.game.text() + "\n"
        from .raster import rgb_array

        return rgb_array(self.game.svg())

    # -- observations ---------------------------------------------------------------------------------
    def _observation(self) -> Any:
        flat = np.frombuffer(self._buf[:], dtype=np.int16)  # a copy: later steps leave it alone
        return flat if self.flatten else {k: flat[where] for k, where in self._slices}

    def _rebuild(self) -> None:
        """The observation of the current position from scratch (the stock's cards read as a multiset)."""
        pos = self._game._pos  # type: ignore[union-attr]
        self._buf = self._build(pos, pos.piles[pos.STOCK])

    @classmethod
    def _build(cls, pos: Any, unseen: Any) -> array:
        """A fresh flat observation of ``pos`` whose stock holds the cards ``unseen`` (in any order;
        the position's own stock is read only for its count)."""
        buf = array("h", bytes(2 * cls._flat_size))
        p = pos.piles
        for i, pile in enumerate(p):
            if cls._size_slot[i] >= 0:
                buf[cls._size_slot[i]] = len(pile)
            if cls._top_slot[i] >= 0 and pile:
                buf[cls._top_slot[i]] = FACES[pile[-1]]
        for j, c in enumerate(p[cls._waste_pile]):
            buf[cls._waste_slot + j] = FACES[c]
        for c in unseen:
            buf[cls._unseen_slot + FACES[c] - 1] += 1
        cls._extras(buf, pos, None)
        return buf

    def _update(self, pos: Any, steps: tuple[int, ...], n0: int, w0: int, old: list[int]) -> int:
        """Bring the flat observation up to date after a move of primitive ``steps``; ``n0``, ``w0``:
        the stock's and the waste's sizes before it, ``old`` the stock's top cards before it. Returns
        how many cards the move brought onto the foundations."""
        buf, p, shift, foundations = self._buf, pos.piles, self._shift, self._foundations
        low = (1 << shift) - 1
        size_slot, top_slot, w, k = self._size_slot, self._top_slot, self._waste_pile, self._stock_pile
        touched = []  # a pile twice is written twice: cheaper than a set for the usual one or two steps
        home = 0
        for s in steps:
            src = s >> shift
            dst = s & low
            touched.append(src)
            touched.append(dst)
            if dst in foundations and src not in foundations:
                home += 1
        for i in touched:
            pile = p[i]
            slot = size_slot[i]
            if slot >= 0:
                buf[slot] = len(pile)
            slot = top_slot[i]
            if slot >= 0:
                buf[slot] = FACES[pile[-1]] if pile else 0
        waste = p[w]
        w1 = len(waste)
        if w1 > w0:  # cards came onto the waste (in one move they come before any leave it)
            slot = self._waste_slot
            for j in range(w0, w1):
                buf[slot + j] = FACES[waste[j]]
        elif w1 < w0:
            slot = self._waste_slot
            for j in range(w1, w0):
                buf[slot + j] = 0
        n1 = len(p[k])
        if n1 != n0:
            unseen = self._unseen_slot
            if n1 < n0 <= n1 + len(old):  # the cards that left were the stock's top ones
                for c in old[len(old) - (n0 - n1) :]:
                    buf[unseen + FACES[c] - 1] -= 1
            else:  # a redeal: count the new stock's cards (a multiset: the order stays unread)
                for f in range(CARDS_PER_DECK):
                    buf[unseen + f] = 0
                for c in p[k]:
                    buf[unseen + FACES[c] - 1] += 1
        self._extras(buf, pos, touched)
        return home

    def flat(self, obs: dict[str, np.ndarray]) -> np.ndarray:
        """A ``Dict`` observation as the one flat array of ``flatten=True``."""
        return np.concatenate([obs[k] for k in self.dict_space])

    @classmethod
    def observation_of(cls, view: PlayerView, *, flatten: bool = False) -> Any:
        """The observation a player's ``view`` gives (what a policy trained on this environment reads
        when it plays as a kit strategy: :class:`~windmill_widget.rl.PolicyStrategy`)."""
        flat = np.frombuffer(cls._build(view._pos, view._unseen), dtype=np.int16)
        if flatten:
            return flat
        return {k: flat[a:b] for k, a, b in _slices(spaces.Dict(cls.observation_dict_space()))}

    @classmethod
    def mask_of(cls, view: PlayerView) -> np.ndarray:
        """The ``int8`` action mask of a player's ``view``."""
        return cls.actions.mask([m.code for m in view.legal_moves()])


def _slices(space: spaces.Dict) -> list[tuple[str, int, int]]:
    """Each array of a ``Dict`` of boxes as (name, start, end) in its flat form."""
    out, at = [], 0
    for k, sub in space.items():
        n = spaces.flatdim(sub)
        out.append((k, at, at + n))
        at += n
    return out
