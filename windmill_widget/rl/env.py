"""What both games' environments share: dealing, the action mask, stepping, rewards and pictures.

An environment holds a real game of the kit (:attr:`PatienceEnv.game`: the board can show it, its
history can be saved or replayed) and steps it through the game's public fast path: integer move
codes (``game.play_code(code)``, which names the piles the move changed, then
``game.legal_codes_and_termination()``, the legal codes and the game's ending read from them) and
the piles' own lists of card ids (``game.pile_ids``), so a step costs one checked move, the rules'
legal moves once, and an update of the observation and the mask where they changed.

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

from ..core.cards import CARDS_PER_DECK, DECKS
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
FACES = [i % CARDS_PER_DECK + 1 for i in range(DECKS * CARDS_PER_DECK)]
#: How many unseen copies of each face (index face - 1) a stock can hold.
COPIES = DECKS
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
        self._dense = reward == "dense"
        self.illegal = illegal
        self.illegal_penalty = float(illegal_penalty)
        self.max_moves = max_moves
        self.flatten = bool(flatten)
        self.render_mode = render_mode
        self.action_space = spaces.Discrete(len(self.actions))
        self.dict_space = spaces.Dict(self.observation_dict_space())
        self.observation_space = spaces.flatten_space(self.dict_space) if flatten else self.dict_space
        self._game: PatienceGame | None = None
        self._piles: list[list[int]] = []  # the game's own piles (game.pile_ids), read after each move
        self._stock_ids: list[int] = []  # its stock and its waste (the same lists for the game's life)
        self._waste_ids: list[int] = []
        self._done = True
        self._moves = 0
        self._n = len(self.actions)
        self._code_of = self.actions.codes
        self._action_of = self.actions._lookup
        # The mask lives in one byte array (the legality test reads it) with a NumPy view over it; a
        # step clears the previous position's legal actions and sets the new ones, then hands out a
        # copy. _codes: the legal codes the bytes show.
        self._mask_bytes = bytearray(self._n)
        self._mask_now = np.frombuffer(self._mask_bytes, dtype=np.int8)
        self._mask = self._mask_now.copy()
        self._codes: tuple[int, ...] = ()
        # The observation lives in one flat int16 array (cheap to write an item of) with a NumPy view
        # over it, that each observation copies; one item more at its end takes the writes of facts an
        # observation does not show (see _lay_out). _stock: the stock's cards as last counted, so that
        # the cards a move takes from its top are known without reading the stock again.
        self._buf = array("h", bytes(2 * (self._flat_size + 1)))
        self._obs_now = np.frombuffer(self._buf, dtype=np.int16, count=self._flat_size)
        self._stock: list[int] = []
        self._slices = [(k, slice(a, b)) for k, a, b in _slices(self.dict_space)]
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
    _unseen_of: ClassVar[list[int]]
    _step_slots: ClassVar[tuple[tuple[int, int, int, int, int, int, int], ...]]
    _flat_size: ClassVar[int]

    @classmethod
    def _lay_out(
        cls, sizes: dict[int, str], tops: dict[int, str], waste: int, foundations: tuple[int, ...]
    ) -> None:
        """Place the piles' facts in the flat observation (once, as the module defines the class):
        ``sizes``/``tops`` map a pile to the array its size/top card's face goes in (at the pile's
        place among those the array shows), ``waste`` is the waste's pile index, ``foundations`` the
        foundations' (a card onto one earns the dense reward)."""
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
        cls._stock_pile = cls.game_type.position_type.STOCK
        cls._unseen_of = [cls._unseen_slot + face - 1 for face in FACES]  # each card id's unseen count
        cls._flat_size = size = spaces.flatdim(spaces.Dict(cls.observation_dict_space()))
        stride = cls.game_type.move_type.notation.stride
        # Each primitive step (src * stride + dst) as what it writes: (1 if it brings a card home else
        # 0, src, src's size slot, src's top slot, dst, its size slot, its top slot), a fact not shown
        # written to the spare item after the observation (item `size`), so that a step never tests.
        slot = lambda where, i: where[i] if i < npiles and where[i] >= 0 else size  # noqa: E731
        cls._step_slots = tuple(
            (
                int(dst in foundations and src not in foundations),
                *(x for i in (src, dst) for x in (i, slot(cls._size_slot, i), slot(cls._top_slot, i))),
            )
            for src in range(stride)
            for dst in range(stride)
        )

    @classmethod
    def _extras(cls, buf: array, source: Any, piles: list[list[int]], steps: tuple[int, ...] | None) -> None:
        """Write what the game shows beside its piles (``piles``): read from ``source``, a game or a
        player's view, after a move of primitive ``steps`` (``None``: for a fresh observation)."""

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
        return self._mask_now.astype(bool)

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
        self._piles = piles = self._game.pile_ids
        self._stock_ids, self._waste_ids = piles[self._stock_pile], piles[self._waste_pile]
        codes, why = self._game.legal_codes_and_termination()
        self._show_mask(codes)
        if why is not None:  # only a given game can be over (a deal never is)
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
        self._moves = moves = self._moves + 1
        if not self._mask_bytes[a]:
            return self._illegal(a)
        game = self._game
        n0, w0 = len(self._stock_ids), len(self._waste_ids)
        home = self._update(game.play_code(self._code_of[a]), n0, w0)  # type: ignore[union-attr]
        codes, why = game.legal_codes_and_termination()  # type: ignore[union-attr]
        mask = self._show_mask(codes)
        if why is None:
            terminated, reward = False, float(home) if self._dense else 0.0
            self._done = truncated = moves >= self.max_moves
        else:
            terminated, truncated, self._done = True, False, True
            reward = float(home) if self._dense else float(why is Termination.WON)
        flat = self._obs_now.copy()  # the caller's, as _observation gives it
        obs = flat if self.flatten else {k: flat[where] for k, where in self._slices}
        return obs, reward, terminated, truncated, {"action_mask": mask}

    def _show_mask(self, codes: tuple[int, ...]) -> np.ndarray:
        """Make the mask show the legal ``codes`` (only the actions that changed are written); return
        a copy of it, which is the caller's."""
        bits, lookup = self._mask_bytes, self._action_of
        for c in self._codes:
            bits[lookup[c]] = 0
        for c in codes:
            bits[lookup[c]] = 1
        self._codes = codes
        self._mask = mask = self._mask_now.copy()
        return mask

    def _illegal(self, a: int) -> tuple[Any, SupportsFloat, bool, bool, dict[str, Any]]:
        move = self.actions.moves[a]
        if self.illegal == "raise":
            self._moves -= 1
            try:
                self.game.play_code(
                    move.code
                )  # refused, with the rule that forbids it: the game is unchanged
            except IllegalMove as err:
                raise IllegalMove(
                    f"Action {a} ({move}) is illegal here: {err}", move=move, rule=err.rule
                ) from None
            raise AssertionError(f"the mask and the game disagree on {move}")  # pragma: no cover
        truncated = self._moves >= self.max_moves
        self._done = truncated
        info = {"action_mask": self._mask.copy(), "illegal": self.game.explain(move)}
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
        flat = self._obs_now.copy()  # the caller's: later steps leave it alone
        return flat if self.flatten else {k: flat[where] for k, where in self._slices}

    def _rebuild(self) -> None:
        """The observation of the current position from scratch (the stock's cards read as a multiset)."""
        game = self.game
        self._stock = list(self._piles[self._stock_pile])
        self._build(self._buf, game, self._piles, self._stock)

    @classmethod
    def _build(cls, buf: array, source: Any, piles: list[list[int]], unseen: Any) -> None:
        """Write into ``buf`` the flat observation of ``source`` (a game or a player's view) whose piles
        are ``piles`` and whose stock holds the cards ``unseen`` (in any order; the stock's own list
        is read only for its count)."""
        buf[:] = array("h", bytes(2 * len(buf)))  # all zeros, in one copy
        sizes, tops = cls._size_slot, cls._top_slot
        for i, pile in enumerate(piles):
            if sizes[i] >= 0:
                buf[sizes[i]] = len(pile)
            if tops[i] >= 0 and pile:
                buf[tops[i]] = FACES[pile[-1]]
        for j, c in enumerate(piles[cls._waste_pile], cls._waste_slot):
            buf[j] = FACES[c]
        unseen_of = cls._unseen_of
        for c in unseen:
            buf[unseen_of[c]] += 1
        cls._extras(buf, source, piles, None)

    def _update(self, steps: tuple[int, ...], n0: int, w0: int) -> int:
        """Bring the flat observation up to date after a move of primitive ``steps`` (what
        ``game.play_code`` returns); ``n0``, ``w0``: the stock's and the waste's sizes before it.
        Returns how many cards the move brought onto the foundations."""
        buf, p, table = self._buf, self._piles, self._step_slots
        home = 0
        for s in steps:  # a pile two steps touch is written twice: cheaper than collecting them
            h, i, size, top, j, size_j, top_j = table[s]
            home += h
            pile = p[i]
            buf[size] = len(pile)
            buf[top] = FACES[pile[-1]] if pile else 0
            pile = p[j]
            buf[size_j] = len(pile)
            buf[top_j] = FACES[pile[-1]] if pile else 0
        waste = self._waste_ids
        w1 = len(waste)
        if w1 > w0:  # cards came onto the waste (in one move they come before any leave it)
            slot = self._waste_slot
            for j in range(w0, w1):
                buf[slot + j] = FACES[waste[j]]
        elif w1 < w0:
            slot = self._waste_slot
            for j in range(w1, w0):
                buf[slot + j] = 0
        stock = self._stock_ids
        n1 = len(stock)
        if n1 != n0:
            unseen_of = self._unseen_of
            if n1 < n0:  # cards left from the top: they were the last ones of the stock as counted
                for c in self._stock[n1:n0]:
                    buf[unseen_of[c]] -= 1
            else:  # a redeal refilled it: count its cards afresh (a multiset: the order stays unread)
                unseen = self._unseen_slot
                for f in range(CARDS_PER_DECK):
                    buf[unseen + f] = 0
                for c in stock:
                    buf[unseen_of[c]] += 1
                self._stock = list(stock)
        self._extras(buf, self._game, p, steps)
        return home

    def flat(self, obs: dict[str, np.ndarray]) -> np.ndarray:
        """A ``Dict`` observation as the one flat array of ``flatten=True``."""
        return np.concatenate([obs[k] for k in self.dict_space])

    @classmethod
    def observation_of(cls, view: PlayerView, *, flatten: bool = False) -> Any:
        """The observation a player's ``view`` gives (what a policy trained on this environment reads
        when it plays as a kit strategy: :class:`~windmill_widget.rl.PolicyStrategy`)."""
        buf = array("h", bytes(2 * cls._flat_size))
        cls._build(buf, view, view.pile_ids, view.unseen_ids)  # type: ignore[arg-type]
        flat = np.frombuffer(buf, dtype=np.int16)
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
