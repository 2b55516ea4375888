"""The boards: an anywidget whose front end draws and sends *intents*, and whose Python side judges
them with the game's rules and publishes the new state. One front end draws either game:
:class:`PatienceWidget` shows any game of the kit; :class:`WindmillWidget` and :class:`QuiltWidget`
deal their own game when given a seed.

>>> from windmill_widget import WindmillWidget
>>> w = WindmillWidget(seed=42)
>>> w.state["version"], w.state["status"], w.state["piles"]["stock"]
(0, 'playing', 95)
>>> w.play("e1>nw").dst
'nw'
>>> w
<WindmillWidget seed=42 strict, 1 move, centre 1/52, playing>
>>> [c.id for c in w.game.pile("nw")] == w.state["piles"]["nw"]
True

Everything the board shows comes from one synced ``state`` dict (``w.observe(cb, "state")``):

``version``      bumps on every change of the game; intents carry the version they were made against
``piles``        pile name -> card ids bottom to top (``stock`` is only a count: it is face down)
``legal``        legal moves in notation (``"n1>c"``, ``"deal"``), so the board can highlight targets
``status``       ``"playing"``, ``"won"`` or ``"lost"``
``message``      ``{"id", "kind", "text"}``: the last announcement (a move, a refusal and why, a hint;
                 a hint's reasoning in ``"detail"``)
``hint``         the suggested move while it is being shown, else ``None``
``banner``       ``None`` while the game goes on; then ``{"title", "text"}``: who won, or why it is over
``can_undo`` ``can_redo`` ``moves`` ``autoplay`` ``seed`` ``rules`` ``game``
``free`` ``redeals_left``  Crazy Quilt only: the cells whose card is free to play, the redeals left

The static facts (the game, its piles, card faces and names, pile labels, foundation sizes, the stock's
moves) travel once, in ``meta``. The front end echoes the version it shows in ``shown``, a synced value
that changes with every move (reactive hosts such as marimo re-run the cells that read the game).

>>> from windmill_widget import QuiltWidget
>>> q = QuiltWidget(seed=7)
>>> q.meta["game"], q.state["free"][:3], q.play("c1>C-").src
('crazy-quilt', ['a1', 'c1', 'e1'], 'c1')
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import numbers
import pathlib
import random
import threading
from collections.abc import Awaitable, Callable, Coroutine, Iterable
from typing import Any

import anywidget
import traitlets

from .core import Card, IllegalMove, Move, PatienceGame, find_game
from .core.cards import NUM_CARDS
from .core.finish import sure_finish
from .core.outcome import TextEnum
from .core.pysolfc import MAX_NUMBER as MAX_PYSOLFC_NUMBER
from .core.share import deal_from, deal_text, parse_deal, share_line
from .core.svg import TABLE, Picture
from .core.text import excerpt, shorten
from .fallback import PICTURE_NOTE, PICTURE_NOTE_CLOSED, picture_note, with_fallback
from .guard import call_guarded
from .lab.session import SessionStats
from .runtime import can_start_threads
from .strategies import board_players, default_strategy

_STATIC = pathlib.Path(__file__).parent / "static"
#: Card widths (CSS pixels) shared with the front end: the smallest legible one, the largest size=.
_CARD_WIDTH = TABLE["cardWidth"]
#: What ``size=`` may say besides a card width in pixels.
SIZES = ("fit", "width")

# Without the bundle (a source checkout before `npm run build`) the class must still import, so
# that the engine and notebooks work; the board then says how to build itself.
_MISSING_BUNDLE_ESM = """
export default { render({ el }) {
  el.textContent = "The board's front end is not built: run `npm ci && npm run build` "
    + "in the project folder (or `make bundle`), then restart the kernel.";
} };
"""

#: Intents the front end may send; all but ``stop`` must carry the state version they saw.
INTENTS = ("move", "deal", "undo", "redo", "hint", "new_game", "stop", "restart", "finish", "autoplay",
           "replay", "seek", "play_deal", "review")  # fmt: skip
#: The fields an intent may have; each holds a plain value (text, a number, true/false or null).
INTENT_FIELDS = ("type", "version", "move", "deal", "player", "speed", "to")
_MAX_FIELD_TEXT = 40  # longer texts are junk; don't even try to read them
_GAME_CHANGING = ("move", "deal", "undo", "redo", "new_game", "restart", "finish", "autoplay", "replay",
                  "seek", "play_deal", "review")  # fmt: skip
#: The board's autoplay and replay speeds: name -> seconds between moves (the front end offers the names).
SPEEDS = {"slow": 1.0, "normal": 0.4, "fast": 0.1}
#: Seconds between the moves of "Finish for me" (each card is seen to fly home).
FINISH_DELAY = 0.12
#: How many games New game (or loading one) keeps for Undo to go back to.
EARLIER_GAMES = 20
#: Seconds a strategy may think over one move in autoplay before the autoplay stops.
MOVE_LIMIT = 30.0

StrategyLike = Callable[[Any], "Move | str | None"]


class AutoplayEnd(TextEnum):
    """Why an autoplay (or a replay in motion) ended: the value its task returns."""

    WON = "won"
    LOST = "lost"
    STOPPED = "stopped"  #: by stop(), the board's Stop button, New game...
    ERROR = "error"  #: the strategy raised, or chose something that is not a legal move
    TIME_LIMIT = "time_limit"  #: the strategy took longer than its move limit
    MAX_MOVES = "max_moves"  #: paused after max_moves moves
    END = "end"  #: a replay reached the end of its line


class _Run:
    """One autoplay or replay. Only the widget's current run (``w._run``) may change the game or say
    whether autoplay is on: a run that Stop, New game or another autoplay ended finds out after its
    next await and leaves without touching anything."""

    __slots__ = ("picture", "started")

    def __init__(self, picture: bool = True) -> None:
        self.started = False  # a task not started yet is not cancelled: it starts, sees, and says "stopped"
        # Whether its end brings the saved picture up to date (save_picture). Not for runs the board's
        # own buttons start: updating an output draws its live view afresh, and the player at the board
        # would lose the view's focus, a picked-up card and a win's celebration.
        self.picture = picture


class _Count:
    """What the session statistics know of one game on the board: whether the player moved in it,
    whether a strategy or a recorded line did (then it is not the player's game: it never counts), and
    whether it was counted already (a game counts once)."""

    __slots__ = ("counted", "game", "others", "you")

    def __init__(self, game: PatienceGame) -> None:
        self.game = game
        self.you = self.others = self.counted = False

    def note(self, mover: str) -> None:
        if mover == "You":
            self.you = True
        else:
            self.others = True

    def settle(self, stats: SessionStats, game: PatienceGame) -> None:
        """Count the game now (won, or left unfinished: lost), if it is the player's and not counted."""
        if self.counted or not self.you or self.others:
            return
        self.counted = True
        outcome = game.outcome
        stats.record(game.name, game.rules.preset or "custom", won=bool(outcome and outcome.won),
                     moves=len(game.history))  # fmt: skip


class _LoopEnd(Exception):
    """Ends an autoplay or replay loop: ``reason`` is its result, ``text`` goes on the board."""

    def __init__(self, reason: AutoplayEnd, text: str) -> None:
        super().__init__(text)
        self.reason, self.text = reason, text


def _bundle_file(name: str, fallback: str) -> pathlib.Path | str:
    path = _STATIC / name
    return path if path.is_file() else fallback


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


_CARDS = [Card.from_id(i) for i in range(NUM_CARDS)]


def _meta(game: PatienceGame) -> dict[str, Any]:
    """Facts that do not change during a game: sent once, not with every move."""
    return {
        "game": game.name,
        "faces": [c.face for c in _CARDS],
        "names": [c.name for c in _CARDS],
        "players": list(board_players(game.name)),
        "speeds": list(SPEEDS),
        **game.board_facts(),
    }


def _check_delay(delay: object) -> None:
    if isinstance(delay, bool) or not isinstance(delay, numbers.Real):
        raise TypeError(f"delay is a number of seconds between moves (e.g. 0.3); got {excerpt(delay)}.")
    if not math.isfinite(delay) or delay < 0:
        raise ValueError(f"delay is a finite number of seconds, 0 or more; got {delay!r}.")


def _check_autoplay(delay: object, max_moves: object, move_limit: object) -> None:
    """Refuse bad autoplay arguments at the call, before anything starts (a NaN delay would hang the
    loop after one move, a text one kill it; a negative move limit stop it at once)."""
    _check_delay(delay)
    if max_moves is not None:
        if isinstance(max_moves, bool) or not isinstance(max_moves, numbers.Integral):
            raise TypeError(
                f"max_moves is a whole number of moves, or None for no limit; got {excerpt(max_moves)}."
            )
        if max_moves < 1:
            raise ValueError(f"max_moves is at least 1 (or None for no limit); got {max_moves!r}.")
    if move_limit is not None:
        if isinstance(move_limit, bool) or not isinstance(move_limit, numbers.Real):
            raise TypeError(
                f"move_limit is a number of seconds, or None for no limit; got {excerpt(move_limit)}."
            )
        if not math.isfinite(move_limit) or move_limit <= 0:
            raise ValueError(
                f"move_limit is a finite number of seconds above 0, or None for no limit; got {move_limit!r}."
            )


class _Size(traitlets.TraitType):
    """A board's ``size``: one of :data:`SIZES`, or a card width in pixels (legible to largest)."""

    default_value = "fit"

    def validate(self, obj: Any, value: Any) -> str | int:
        low, high = _CARD_WIDTH["legible"], _CARD_WIDTH["largest"]
        if isinstance(value, str) and value in SIZES:
            return value
        if isinstance(value, int) and not isinstance(value, bool) and low <= value <= high:
            return value
        raise traitlets.TraitError(
            f"size must be 'fit', 'width' or a card width in pixels from {low} to {high}, "
            f"not {excerpt(value)}."
        )


def _shape_error(intent: Any) -> str | None:
    """What is wrong with an intent's shape, judged before anything looks inside it (a message nested
    a thousand levels deep, or a field of three megabytes, is refused here); None if it is fine."""
    if not isinstance(intent, dict):
        return f"a {type(intent).__name__}, not an object"
    if len(intent) > len(INTENT_FIELDS):
        return "too many fields"
    for key, value in intent.items():
        if not isinstance(key, str) or key not in INTENT_FIELDS:
            return "an unknown field"
        if value is not None and not isinstance(value, (str, int, float)):
            return f"a field ({key}) that is not a plain value"
        if isinstance(value, str) and len(value) > _MAX_FIELD_TEXT:
            return f"a field ({key}) far too long"
    return None


class PatienceWidget(anywidget.AnyWidget):
    """A playable board for any game of the kit, for Jupyter (and anything else anywidget runs in).

    ``PatienceWidget(game)`` shows ``game`` (a :class:`~windmill_widget.Game`, a
    :class:`~windmill_widget.QuiltGame`...); ``PatienceWidget("crazy-quilt", seed=3)`` deals one by
    the game's name. ``w.game`` is the live game; change it through the widget (``w.play``,
    ``w.undo``...) so the board follows, or call ``w.refresh()`` after changing it directly.
    """

    _esm = _bundle_file("widget.js", _MISSING_BUNDLE_ESM)
    _css = _bundle_file("widget.css", "")

    state = traitlets.Dict().tag(sync=True)
    meta = traitlets.Dict().tag(sync=True)
    #: The state version the front end shows (it echoes each one it paints).
    shown = traitlets.Int(-1).tag(sync=True)
    #: How big the board is drawn: ``"fit"`` (the default) as big as the visible part of the notebook
    #: allows, its width *and* height, so every pile is in view (never with cards too small to read);
    #: ``"width"`` as wide as the notebook, however tall; or a card width in pixels (e.g. ``size=48``).
    size = _Size().tag(sync=True)
    #: The compact layout (Crazy Quilt: the stock, the waste and the hand in a column beside the quilt
    #: instead of a row above it; Windmill: rows closer together). ``None`` (the default): used when a
    #: board fitted to a short window gets bigger cards that way.
    compact = traitlets.Bool(None, allow_none=True).tag(sync=True)
    #: Name the piles on the board as the notation does (``n1``, ``nw 2/13``, ``S+ 3/13``; the quilt's
    #: cells by its row and column labels), for lessons that teach moves such as ``w1>c``.
    pile_names = traitlets.Bool(True).tag(sync=True)
    #: The review's chart, as the front end draws it (empty before :meth:`review`): ``chances`` (before each
    #: move, then after the last; ``None`` where unknown), ``ranges`` (``[low, high]`` where the chance is
    #: unknown but bounded, else ``None``), ``marks`` (``{"at", "move", "band", "text"}``), ``turning``,
    #: ``summary``.
    review_chart = traitlets.Dict().tag(sync=True)

    #: The game this board deals when given a seed (None: the game must be named or given).
    default_game: str | None = None

    def __init__(
        self,
        game: PatienceGame | str | None = None,
        *,
        seed: int | None = None,
        rules: Any = None,
        pysolfc: int | None = None,
        stats: SessionStats | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        if stats is not None and not isinstance(stats, SessionStats):
            raise TypeError(f"stats is a SessionStats (to share one between boards), not {excerpt(stats)}.")
        self._stats = SessionStats() if stats is None else stats
        self._counts: dict[int, _Count] = {}  # id(game) -> what the statistics know of that game
        if isinstance(game, PatienceGame):
            if seed is not None or rules is not None or pysolfc is not None:
                raise ValueError("Pass either a game or a seed and rules, not both.")
        else:
            name = game if game is not None else self.default_game
            if name is None:
                raise TypeError(
                    "PatienceWidget needs a game, or a game's name: PatienceWidget('windmill', seed=3)."
                )
            try:
                game = _deal_game(find_game(name), seed, rules, pysolfc)
            except KeyError as err:
                raise ValueError(err.args[0]) from None
        self._check_game(game)
        self._game: PatienceGame = game
        self._earlier: list[PatienceGame] = []  # games New game replaced: Undo goes back to them
        self._later: list[PatienceGame] = []  # games Undo left for an earlier one: Redo comes back
        self._seeds = random.Random(self._game.seed)  # for new games after a staged one: reproducible
        self._mover = "You"  # who made the last move: the banner says who won
        self._version = 0
        self._message_id = 0
        self._message: dict[str, Any] = {"id": 0, "kind": "info", "text": self._welcome()}
        self._hint: str | None = None
        self._autoplay_task: asyncio.Task | None = None  # the background task of autoplay()/replay()
        self._run: _Run | None = None  # the autoplay or replay running now
        self._autoplaying = False
        self._finish: tuple[tuple, tuple[Move, ...] | None] | None = None  # (position, its sure finish)
        #: What the board's Review button passes to :func:`windmill_widget.review.review` (e.g.
        #: ``{"budget": 20_000}`` for a quicker, rougher review): nothing, so the review takes its
        #: defaults for this machine (the lighter ``review.PYTHON_DEFAULTS`` where the solvers run as Python).
        self.review_settings: dict[str, Any] = {}
        self._review: Any = None  # the last review (windmill_widget.review.Review) and its line:
        self._reviewed: tuple[str, tuple[str, ...]] | None = None  # (origin, moves) it is of
        self._displays: list[Any] = []  # display handles of this board's outputs (save_picture)
        self._at_the_board = False  # handling a request from the board's front end (not a cell's call)
        self.meta = _meta(self._game)
        self.on_msg(self._on_front_end_msg)
        self._publish()
        _warm_up_hint(self._game.name)

    def _check_game(self, game: Any) -> None:
        if not isinstance(game, PatienceGame):
            raise TypeError(f"A board shows a game of the kit (e.g. Game(seed=3)), not {excerpt(game)}.")
        own = find_game(self.default_game) if self.default_game is not None else None
        if own is not None and not isinstance(game, own):
            raise TypeError(
                f"A {type(self).__name__} shows a {own.title} game, not {game.title}: "
                "use PatienceWidget(game)."
            )

    # -- reading -------------------------------------------------------------------------------
    @property
    def game(self) -> PatienceGame:
        """The live game. Changing it directly? Call :meth:`refresh` so the board follows."""
        return self._game

    @game.setter
    def game(self, game: PatienceGame) -> None:
        self.load(game)

    @property
    def version(self) -> int:
        """How many times the game on the board has changed since the widget was made."""
        return self._version

    @property
    def autoplaying(self) -> bool:
        return self._autoplaying

    @property
    def stats(self) -> SessionStats:
        """This session's statistics, as PySolFC counts them (see :mod:`windmill_widget.lab.session`):
        ``w.stats["windmill", "strict"].win_rate``; ``w.stats.save(path)`` and ``w.stats.load(path)``."""
        return self._stats

    @property
    def share(self) -> str | None:
        """The line that deals this game again, e.g. ``"seed 1234 · strict"`` (``w.play_deal(line)``, or
        ``WindmillWidget(seed=1234, rules=Rules.strict())``); None for a staged position."""
        return share_line(self._game)

    # -- display ---------------------------------------------------------------------------------
    def __repr__(self) -> str:
        """Stable text (no memory address), e.g. ``<WindmillWidget seed=42 strict, 1 move, centre
        1/52, playing>``: saved notebooks and doctests show the same line every run."""
        g = self._game
        moves = len(g.history)
        running = ", autoplaying" if self._autoplaying else ""
        return (
            f"<{type(self).__name__} {g.origin} {self._rules_name()}, {moves} move{'s' * (moves != 1)}, "
            f"{g.progress}, {g.status}{running}>"
        )

    def _repr_mimebundle_(self, **kwargs: Any) -> tuple[dict[str, Any], dict[str, Any]]:
        """anywidget's bundle (the live view, which front ends with widgets prefer) plus a static
        picture of the position (as SVG, and as an HTML ``<img>`` that shows even where the notebook is
        not trusted) and the text line, for places without a widget front end (nbviewer, GitHub,
        nbconvert, an untrusted notebook, a terminal). The HTML picture says in one line under it that
        it is a picture and what to do to play; a closed board (``board.close()``) has no live view
        left, and its picture says so."""
        closed = self.comm is None
        note = PICTURE_NOTE_CLOSED if closed else PICTURE_NOTE
        picture = self.picture()
        _, _, review_note = self._review_note()
        pointed = "" if review_note is None else f"\n{picture_note(review_note)}"
        static = {
            "image/svg+xml": str(picture),
            "text/html": f"{picture._repr_html_()}{pointed}\n{picture_note(note)}",
            "text/plain": repr(self),
        }
        return with_fallback(None if closed else super()._repr_mimebundle_(**kwargs), static)

    def picture(self) -> Picture:
        """The position on the board as a static picture that points as the live board does: the last
        move tinted and, before a marked move of the reviewed line (:meth:`review`), the move played (in
        its band's colour) and the better one as arrows. What the board's saved output shows where no
        widget front end runs (nbconvert's HTML, nbviewer, GitHub)."""
        _, arrows, _ = self._review_note()
        return self._game.picture(arrows=[(a["src"], a["dst"], a["colour"]) for a in arrows])

    def _ipython_display_(self) -> None:
        """Shown under a display id (``display(board)``, or a board as a cell's last value), so that
        :meth:`save_picture` can bring the static picture saved with the notebook up to date."""
        from IPython.display import display

        # The class's method: ipywidgets' close() sets the instance's _repr_mimebundle_ to None.
        data, metadata = PatienceWidget._repr_mimebundle_(self)
        self._displays.append(display(data, metadata=metadata, raw=True, display_id=True))

    def save_picture(self) -> None:
        """Bring the static picture in this board's outputs up to the position it shows now: what the
        notebook saves, and what its HTML export, nbviewer and GitHub show. Done when an autoplay or
        replay started from a cell ends; call it after playing by hand or with the board's buttons if
        the saved notebook is to show where you got. (Each output's live view is drawn afresh, so it is
        not done after every move, nor at the end of what the board's own buttons start.)"""
        if not self._displays:
            return
        data, metadata = PatienceWidget._repr_mimebundle_(self)
        for handle in self._displays:
            handle.update(data, metadata=metadata, raw=True)

    # -- playing from cells -----------------------------------------------------------------------
    def play(self, move: Move | str) -> Move:
        """Play ``move`` (``"n1>c"``, ``"deal"`` or a :class:`Move`); the board follows at once.

        Raises :class:`IllegalMove` with the engine's explanation (also shown on the board).
        """
        return self._play(move, "You")

    def _play(self, move: Move | str, mover: str) -> Move:
        try:
            played = self._game.play(move)
        except IllegalMove as err:
            self._say("refused", str(err))
            raise
        self._mover = mover
        self._later = []  # a new move: the games Undo left are no longer ahead
        self._count().note(mover)
        self._changed(("move", self._game.describe_last()))
        return played

    def deal(self) -> Move:
        """Turn the stock's top card up: Windmill's ``deal``, Crazy Quilt's ``turn`` (or its redeal,
        once the stock is empty)."""
        stock_moves = self._game.board_facts()["stockMoves"]
        legal = {str(m) for m in self._game.legal_moves()}
        return self.play(next((m for m in stock_moves if m in legal), stock_moves[0]))

    def undo(self) -> Move | None:
        """Take back the last move; at the start of a game that New game (or :meth:`load`) put on
        the board, go back to the game before it, where it was. Returns the move taken back (None
        when it went back to the game before)."""
        if not self._game.can_undo and self._earlier:
            self._restore_earlier()
            return None
        try:
            move = self._game.undo()
        except IllegalMove as err:
            self._say("refused", str(err))
            raise
        self._changed(("move", f"Took back {move}."))
        return move

    def redo(self) -> Move | None:
        """Play again the last move taken back; after Undo went back to the game before (from the start
        of a new one), deal that new game again. Returns the move played (None for a game dealt again)."""
        if not self._game.can_redo and self._later:
            self._halt_autoplay()
            self._earlier.append(self._game)
            self._set_game(self._later.pop())
            g = self._game
            self._mover = "You"
            self._changed(("info", f"Redo: back to the next game, {g.origin.replace('=', ' ')} at move "
                                   f"{len(g.history)}."))  # fmt: skip
            return None
        try:
            move = self._game.redo()
        except IllegalMove as err:
            self._say("refused", str(err))
            raise
        self._changed(("move", f"Redo: {self._game.describe_last()}"))
        return move

    def new_game(
        self, seed: int | None = None, rules: Any = None, *, pysolfc: int | None = None
    ) -> PatienceGame:
        """Deal a new game of the same game (same rules unless given) and return it: by default the
        deal numbered one more than this one (42, 43, 44...; after PySolFC's deal 12345, its 12346).
        ``pysolfc=12345`` deals PySolFC's game of that number (with ``Rules.pysolfc()`` unless rules
        are given). Undo at its start goes back to the game it replaced, where it was."""
        current = self._game
        if seed is None and pysolfc is None:
            if current.pysolfc is not None:
                pysolfc = current.pysolfc % MAX_PYSOLFC_NUMBER + 1
            elif current.seed is not None:
                seed = (current.seed + 1) % 2**64
            else:
                seed = self._seeds.randrange(2**32)
        if rules is None and (pysolfc is None or current.pysolfc is not None):
            rules = current.rules  # but a seeded game gives way to PySolFC's deal with PySolFC's rules
        game = _deal_game(type(current), seed, rules, pysolfc)
        self._replace(game, ("info", f"New game: {_deal_name(game)}, {game.rules.preset or 'custom'} rules. "
                                     "Undo goes back to the last game."))  # fmt: skip
        return game

    def play_deal(self, deal: str) -> PatienceGame:
        """Deal the game a player names: ``"1234"`` (the kit's deal 1234, same rules), ``"pysolfc:12345"``
        (PySolFC's Windmill deal, PySolFC's rules) or a share line, ``"seed 1234 · strict"`` (that deal
        under those rules). Anything else raises ValueError, said on the board too, and changes nothing."""
        try:
            ref = parse_deal(deal)
            if ref.rules is None:
                return self.new_game(ref.number) if ref.kind == "seed" else self.new_game(pysolfc=ref.number)
            game = deal_from(type(self._game), ref)
        except (ValueError, TypeError, ImportError) as err:  # ImportError: PySolFC's generators missing
            self._say("refused", _sentence(shorten(str(err), 160)))
            raise
        self._replace(game, ("info", f"New game: {_deal_name(game)}, {game.rules.preset} rules. "
                                     "Undo goes back to the last game."))  # fmt: skip
        return game

    def restart(self) -> PatienceGame:
        """Deal this deal again, from its start (as PySolFC, a game left unfinished counts as lost in
        :attr:`stats`). Undo at its start goes back to the game as it was."""
        game = self._game.copy()
        game.restart()
        self._replace(game, ("info", f"Restarted {_deal_name(game)}. Undo goes back to where you were."))
        return game

    def finish(self, delay: float | None = None) -> tuple[Move, ...]:
        """Play the game to its end when only sure moves are left (the engine's
        :func:`~windmill_widget.core.finish.sure_finish`: the stock is empty and every card left goes
        straight home). With ``delay`` (seconds) in the background, one card at a time, as the board's
        "Finish for me" does; else at once. Returns the moves; IllegalMove when the game is not sure yet."""
        line = self._sure_finish()
        if line is None:
            why = ("the game is over" if self._game.outcome is not None else
                   "cards are still in the stock" if self._game.pile("stock") else
                   "some cards cannot go straight to the foundations")  # fmt: skip
            err = IllegalMove(f"Nothing to finish for you yet: {why}.", rule="not-sure")
            self._say("refused", str(err))
            raise err
        if delay is None:
            for move in line:
                self._play(move, "You")
            return line
        _check_delay(delay)
        todo = list(line)

        async def choose() -> Callable[[], object]:
            if not todo:
                raise _LoopEnd(AutoplayEnd.END, "Finished.")
            move = todo.pop(0)
            return lambda: self._play(move, "You")

        self._start_task(lambda run: self._run_loop(run, choose, "Finishing: every card left goes home.",
                                                    delay, None))  # fmt: skip
        return line

    def review(self, **settings: Any) -> Any:
        """Review the game on the board, every move of its line (what was played, and what Redo would play),
        with :func:`windmill_widget.review.review` (``settings`` go to it, e.g. ``budget=``), and show it: a
        chart of the winning chance along the game under the board, its marked moves; a click on a point
        (or the arrow keys on the chart) goes to that move, and before a marked move the board draws the
        move played and the better one as arrows, with the reason. Returns the
        :class:`~windmill_widget.review.Review`."""
        from .review import review as review_game

        line = self._whole_line()
        self._say("info", f"Reviewing {len(line.history)} moves...")
        result = review_game(line, progress=False, **settings)
        self._show_review(result, line)
        return result

    def _whole_line(self) -> PatienceGame:
        line = self._game.copy()
        while line.can_redo:
            line.redo()
        return line

    def _start_review(self) -> None:
        """The board's Review button: the review runs off the event loop (in a thread, as a strategy
        thinks), Stop shows meanwhile and abandons it; settings from :attr:`review_settings`."""
        from .review import review as review_game

        line = self._whole_line()
        settings = dict(self.review_settings)

        async def run_review(run: _Run) -> AutoplayEnd:
            run.started = True
            self._say("info", f"Reviewing {len(line.history)} moves... (Stop abandons it)")
            try:
                called = await call_guarded(
                    lambda g: review_game(g, progress=False, **settings), line, timeout=None
                )
            except asyncio.CancelledError:
                return AutoplayEnd.STOPPED
            if self._run is not run:
                return AutoplayEnd.STOPPED
            if called.error is not None:
                err = called.error
                self._end_run(run, "error", f"The review failed: {type(err).__name__}: {shorten(str(err))}")
                return AutoplayEnd.ERROR
            self._end_run(run)
            self._show_review(called.value, line)
            return AutoplayEnd.END

        self._start_task(run_review)

    def _show_review(self, result: Any, line: PatienceGame) -> None:
        self._review = result
        self._reviewed = (line.origin, tuple(str(m) for m in line.history))
        marks = [
            {"at": m.number, "move": m.number, "band": m.band.value, "text": m.text}
            for m in result
            if m.band.value != "none"
        ]
        turning = result.turning_point
        self.review_chart = {
            "chances": [None if c is None else round(c, 4) for c in result.chances()],  # None: unknown
            # where the chance is unknown, the range it lies in when one was measured (Chance.range)
            "ranges": [None if r is None else [round(r[0], 4), round(r[1], 4)] for r in result.ranges()],
            "marks": marks,
            "turning": turning.number if turning is not None else None,
            "summary": result.summary(),
        }
        self._say("info", shorten(result.summary(), 300))

    def _review_note(self) -> tuple[bool, list[dict[str, str]], str | None]:
        """Whether the board shows the reviewed line, and before a marked move of it the arrows to draw
        (the move played, in its band's colour; the better move) and the reason, in a sentence."""
        g = self._game
        if self._review is None:
            return False, [], None
        line = (g.origin, tuple(str(m) for m in (*g.history, *g.redo_moves)))
        if line != self._reviewed:
            return False, [], None
        if len(g.history) >= len(self._review):
            return True, [], None
        m = self._review[len(g.history)]
        if m.band.value == "none":
            return True, [], None
        arrows = []
        for move, colour in ((m.move, m.band.value), (m.best, "better")):
            if move and ">" in move:
                src, dst = move.split(">", 1)
                arrows.append({"src": src, "dst": dst, "colour": colour})
        better = f" Better: {m.best}." if m.best and m.best != m.move else ""
        return True, arrows, f"Move {m.number}, {m.move} ({m.band.value}): {m.reason}{better}"

    def load(self, game: PatienceGame) -> None:
        """Show ``game`` (it becomes ``w.game``; the widget keeps no copy). Undo at its start goes
        back to the game it replaced."""
        self._check_game(game)
        self._replace(game, ("info", f"Loaded a game at move {len(game.history)}."))

    def _replace(self, game: PatienceGame, message: tuple[str, str]) -> None:
        self._halt_autoplay()
        self._earlier = [*self._earlier, self._game][-EARLIER_GAMES:]
        self._later = []
        self._set_game(game)
        self._mover = "You"
        self._changed(message)

    def _set_game(self, game: PatienceGame) -> None:
        before = self._game
        self._leave(before)
        self._game = game
        keep = {id(x) for x in (*self._earlier, *self._later, before, game)}  # Undo may come back to them
        self._counts = {k: c for k, c in self._counts.items() if k in keep}
        if type(game) is not type(before) or game.rules != before.rules:
            self.meta = _meta(game)

    def _restore_earlier(self) -> None:
        self._halt_autoplay()
        self._later.append(self._game)
        self._set_game(self._earlier.pop())
        g = self._game
        self._mover = "You"
        self._changed(
            ("info", f"Back to the game before: {g.origin.replace('=', ' ')} at move {len(g.history)}.")
        )

    def refresh(self) -> None:
        """Publish the game again after it was changed directly (``w.game.play(...)``)."""
        self._changed(("info", f"Board refreshed at move {len(self._game.history)}."))

    def hint(self, strategy: StrategyLike | None = None) -> Move | None:
        """Show (and return) the move ``strategy`` (the default strategy) would play."""
        outcome = self._game.outcome
        if outcome is not None:
            self._say("info", f"Nothing to suggest: {outcome.text[:1].lower()}{outcome.text[1:]}")
            return None
        strategy = strategy or default_strategy
        reason = ""
        try:
            advise = getattr(strategy, "advise", None)
            if callable(advise):  # a player that can say why (the built-in players can)
                advice = advise(self._game.view())
                move, reason = self._check_choice(strategy, advice.move), advice.reason
            else:
                move = self._choose(strategy)
        except IllegalMove as err:
            self._say("error", f"No hint: {err}")
            return None
        self._hint = str(move)
        # One short sentence on the board; the player's reasoning only on request (the board's "Why?",
        # or ``w.state["message"]["detail"]``).
        self._say("hint", f"Hint: {_sentence(self._game.describe(move))}.", detail=reason or None)
        return move

    def step(self, strategy: StrategyLike | None = None) -> Move:
        """Play one move chosen by ``strategy`` (default: the default strategy).

        Raises :class:`IllegalMove` if the game is over (saying why) or the strategy returns an
        illegal move, or whatever the strategy raises; the game is unchanged then.
        """
        outcome = self._game.outcome
        if outcome is not None:  # no strategy is asked about a game that is over
            err = IllegalMove(
                f"There is no move to make: {outcome.text[:1].lower()}{outcome.text[1:]}", rule="game-over"
            )
            self._say("refused", str(err))
            raise err
        strategy = strategy or default_strategy
        return self._play(self._choose(strategy), getattr(strategy, "__name__", "The strategy"))

    # -- autoplay ---------------------------------------------------------------------------
    def autoplay(
        self,
        strategy: StrategyLike | None = None,
        delay: float = 0.3,
        *,
        max_moves: int | None = None,
        move_limit: float | None = MOVE_LIMIT,
    ) -> asyncio.Task:
        """Play move after move in the background (an asyncio task on the kernel's loop), so the
        board animates and other cells still run. Stops at the end of the game, after
        ``max_moves``, on :meth:`stop`, or with the board's Stop button. Returns the task, whose
        result (an :class:`AutoplayEnd`) says why it stopped. Starting another autoplay (or a replay)
        stops this one first: one runs at a time.

        The strategy thinks in a thread of its own: while it does, the kernel runs other cells and the
        board's Stop button works. Whatever it raises (``SystemExit`` and ``KeyboardInterrupt``
        included) stops the autoplay with a message, never the kernel; a move that takes longer than
        ``move_limit`` seconds (None: no limit) stops it too. Under Pyodide (JupyterLite), where no
        thread can start, it thinks on the loop itself, between two turns of it: Stop is heard
        between moves. An answer that comes after Stop, New game or a move made meanwhile is
        never played: the board always shows the game as it is.

        ``delay`` (seconds between moves, 0 or more), ``max_moves`` and ``move_limit`` (above 0, or
        None) are checked here: a bad one raises TypeError or ValueError and nothing starts.
        """
        _check_autoplay(delay, max_moves, move_limit)
        return self._start_task(lambda run: self._autoplay(run, strategy, delay, max_moves, move_limit))

    def _start_task(self, make: Callable[[_Run], Coroutine[Any, Any, AutoplayEnd]]) -> asyncio.Task:
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            raise RuntimeError(
                "Autoplay and replay run in the background of a running event loop, as in a Jupyter "
                "kernel. In a script, `await w.run_autoplay(...)` or call w.step() in a loop."
            ) from None
        run = self._claim_run()  # the board shows Stop at once, before the first move
        self._autoplay_task = loop.create_task(make(run))
        return self._autoplay_task

    def _claim_run(self) -> _Run:
        """End whatever autoplay or replay runs, and make a new one the current run."""
        self._halt_autoplay()
        self._run = run = _Run(picture=not self._at_the_board)
        self._autoplaying = True
        self._publish()
        return run

    async def run_autoplay(
        self,
        strategy: StrategyLike | None = None,
        delay: float = 0.3,
        *,
        max_moves: int | None = None,
        move_limit: float | None = MOVE_LIMIT,
    ) -> AutoplayEnd:
        """The autoplay loop itself, to ``await`` where a loop is already running."""
        _check_autoplay(delay, max_moves, move_limit)
        return await self._autoplay(self._claim_run(), strategy, delay, max_moves, move_limit)

    async def _autoplay(
        self,
        run: _Run,
        strategy: StrategyLike | None,
        delay: float,
        max_moves: int | None,
        move_limit: float | None,
    ) -> AutoplayEnd:
        strategy = strategy or default_strategy
        name = getattr(strategy, "__name__", None) or "the strategy"

        async def choose() -> Callable[[], object] | None:
            game, version, moves = self._game, self._version, len(self._game.history)
            called = await call_guarded(strategy, game.view(), timeout=move_limit)
            if self._run is not run:
                return None  # stopped meanwhile: the loop leaves without looking at the answer
            if self._game is not game or self._version != version or len(game.history) != moves:
                return None  # the position changed while it thought: ask again about the new one
            if called.timed_out:
                raise _LoopEnd(
                    AutoplayEnd.TIME_LIMIT,
                    f"Autoplay stopped: {name} took longer than {move_limit:g} s over a move (its "
                    "answer, if it comes, is ignored).",
                )
            if called.error is not None:
                err = called.error
                raise _LoopEnd(
                    AutoplayEnd.ERROR,
                    f"Autoplay stopped: {name} raised {type(err).__name__}: {shorten(str(err))}",
                )
            try:
                move = self._check_choice(strategy, called.value)
            except IllegalMove as err:
                raise _LoopEnd(AutoplayEnd.ERROR, f"Autoplay stopped: {shorten(str(err), 300)}") from None
            return lambda: self._play(move, name)

        return await self._run_loop(run, choose, f"Autoplay: {name} is playing.", delay, max_moves)

    async def run_replay(self, delay: float = 0.5) -> AutoplayEnd:
        """Step forward through the loaded line (what Redo would play) until its end."""
        _check_delay(delay)
        return await self._replay(self._claim_run(), delay)

    async def _replay(self, run: _Run, delay: float) -> AutoplayEnd:
        def forward() -> None:
            self._game.redo()
            self._mover = "The line"
            self._count().note(self._mover)
            self._changed(("move", f"Replay: {self._game.describe_last()}"))

        async def choose() -> Callable[[], object]:
            if not self._game.can_redo:
                raise _LoopEnd(AutoplayEnd.END, f"Replay finished at move {len(self._game.history)}.")
            return forward

        return await self._run_loop(run, choose, "Replaying the line.", delay, None)

    async def _run_loop(
        self,
        run: _Run,
        choose: Callable[[], Awaitable[Callable[[], object] | None]],
        opening: str,
        delay: float,
        max_moves: int | None,
    ) -> AutoplayEnd:
        """Make a move every ``delay`` seconds until the game ends or the run is stopped, and return
        why it ended. ``choose`` returns what plays the next move (None: nothing this turn); the move
        is played and published at once, with no await between, and only while ``run`` is the
        current run, which is checked after every await: a stopped run changes nothing."""
        run.started = True
        if self._run is not run:  # ended before it started
            return AutoplayEnd.STOPPED
        self._say("info", opening)
        played = 0
        try:
            while self._run is run:
                status = self._game.status
                if status != "playing":
                    return AutoplayEnd(status.value)
                if max_moves is not None and played >= max_moves:
                    self._end_run(run, "info", f"Autoplay paused after {played} moves.")
                    return AutoplayEnd.MAX_MOVES
                try:
                    play = await choose()
                except _LoopEnd as end:
                    if self._run is not run:
                        break
                    self._end_run(run, "info" if end.reason is AutoplayEnd.END else "error", end.text)
                    return end.reason
                if self._run is not run:
                    break
                if play is None:
                    continue
                play()
                played += 1
                await asyncio.sleep(delay)
            return AutoplayEnd.STOPPED
        except asyncio.CancelledError:
            if self._run is run and self._autoplay_task is not asyncio.current_task():
                raise  # the caller's own task was cancelled (not by Stop): let it know
            return AutoplayEnd.STOPPED
        finally:
            self._end_run(run)

    def _end_run(self, run: _Run, kind: str | None = None, text: str = "") -> None:
        """If ``run`` is the current run, end it: autoplay off, with a last message if given."""
        if self._run is not run:
            return
        self._run = None
        self._autoplay_task = None
        self._autoplaying = False
        if kind is not None:
            self._say(kind, text)
        else:
            self._publish()
        if run.picture:
            self.save_picture()  # the saved notebook shows where the run ended

    def stop(self) -> None:
        """Stop autoplay (or a replay in motion); the game stays where it is."""
        if self._run is None and self._autoplay_task is None:
            return
        self._halt_autoplay()
        self._say("info", f"Autoplay stopped at move {len(self._game.history)}.")
        if not self._at_the_board:
            self.save_picture()

    # -- replay -----------------------------------------------------------------------------
    def replay(
        self, moves_or_game: PatienceGame | Iterable[Move | str], *, delay: float | None = None
    ) -> int:
        """Load a recorded game at its start, with its moves ready to step through: Redo (or
        ``w.seek(n)``) goes forward, Undo back. ``moves_or_game`` is a :class:`Game` (its
        history is the line) or moves played from the current game's deal. With ``delay``,
        the line also plays itself forward in the background (stop with :meth:`stop`).
        Returns the number of moves in the line.
        """
        if delay is not None:
            _check_delay(delay)
        if isinstance(moves_or_game, PatienceGame):
            line = moves_or_game.copy()
            while line.can_undo:
                line.undo()
        else:
            line = self._game.copy()
            line.restart()
            for i, m in enumerate(moves_or_game, 1):
                try:
                    line.play(m)
                except IllegalMove as err:
                    raise IllegalMove(f"Move {i} of the line ({m}) cannot be played: {err}", move=m) from None
            while line.can_undo:
                line.undo()
        self.load(line)
        self._mover = "The line"
        total = len(line.redo_moves)
        self._say("info", f"Replay: {total} moves ready; Redo steps forward, Undo steps back.")
        if delay is not None:
            self._start_task(lambda run: self._replay(run, delay))
        return total

    def seek(self, n: int) -> None:
        """Go to move ``n`` of the game's line (its history plus what Redo would play)."""
        total = len(self._game.history) + len(self._game.redo_moves)
        if not 0 <= n <= total:
            raise ValueError(f"Move {n} is outside this line, which has moves 0 to {total}.")
        while len(self._game.history) > n:
            self._game.undo()
        while len(self._game.history) < n:
            self._game.redo()
            self._mover = "The line"
            self._count().note(self._mover)
        self._changed(("move", f"At move {n} of {total}."))

    # -- the front end's intents --------------------------------------------------------------
    def set_state(self, sync_data: dict[str, Any]) -> None:
        """Front-end writes to synced traits. The game's state is Python's alone: a view that
        tries to overwrite it is put right and told so; it must send intents instead."""
        forbidden = {"state", "meta"} & set(sync_data)
        allowed = {k: v for k, v in sync_data.items() if k not in forbidden}
        if allowed:
            super().set_state(allowed)
        if forbidden:
            self.send_state(sorted(forbidden))
            self._say("error", "The board tried to change the game directly; ignored. Moves are requests.")

    def _on_front_end_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        self._at_the_board = True
        try:
            self.handle_intent(content)
        except Exception as err:  # never let a bad message break the kernel's comm handling
            self._say(
                "error",
                f"The board could not handle that request ({type(err).__name__}: {shorten(str(err))}).",
            )
        finally:
            self._at_the_board = False

    def handle_intent(self, intent: Any) -> bool:
        """Judge one intent from the front end; True if it was carried out.

        Malformed or stale intents (made against an older ``version``) are refused with a
        message and change nothing.
        """
        problem = _shape_error(intent)
        if problem is not None:
            self._say("error", f"The board sent a malformed request ({problem}); ignored.")
            return False
        kind = intent.get("type")
        if kind not in INTENTS:
            self._say("error", f"The board sent a request it should not have ({excerpt(kind)}); ignored.")
            return False
        if kind == "stop":
            self.stop()
            return True
        if kind == "replay" and self._autoplaying:
            self.stop()  # the replay bar's Play button is its Pause button too
            return True
        version = intent.get("version")
        if not isinstance(version, int) or isinstance(version, bool):
            self._say("error", f"The board's {kind} request carried no version; ignored.")
            return False
        if version != self._version:
            self._say("stale", "The board changed before that request arrived; nothing was done. Try again.")
            return False
        if self._autoplaying and kind in _GAME_CHANGING:
            self._say("refused", "Autoplay is playing: press Stop first.")
            return False
        try:
            if kind == "move":
                text = intent.get("move")
                if not isinstance(text, str):
                    self._say("error", "The board sent a move that is not written as a move; ignored.")
                    return False
                self.play(text)
            elif kind == "deal":
                self.deal()
            elif kind == "undo":
                if not self._game.can_undo and not self._earlier:
                    self._say("refused", "There is no move to undo.")
                    return False
                self.undo()
            elif kind == "redo":
                self.redo()
            elif kind == "new_game":
                self.new_game()
            elif kind == "hint":
                return self.hint() is not None
            elif kind == "restart":
                self.restart()
            elif kind == "finish":
                self.finish(FINISH_DELAY if _loop_running() else None)
            elif kind == "seek":
                return self._seek_intent(intent.get("to"))
            elif kind == "play_deal":
                try:
                    self.play_deal(intent.get("deal"))
                except (TypeError, ImportError):
                    return False  # said on the board
            elif kind in ("autoplay", "replay"):
                return self._run_intent(kind, intent)
            elif kind == "review":
                if _loop_running():
                    self._start_review()
                else:
                    self.review(**self.review_settings)
        except (IllegalMove, ValueError):
            return False  # already said on the board
        return True

    def _seek_intent(self, to: Any) -> bool:
        total = len(self._game.history) + len(self._game.redo_moves)
        if not isinstance(to, int) or isinstance(to, bool) or not 0 <= to <= total:
            self._say("error", f"The board asked for move {excerpt(to)} of a line of moves 0 to {total}; "
                               "ignored.")  # fmt: skip
            return False
        self.seek(to)
        return True

    def _run_intent(self, kind: str, intent: dict[str, Any]) -> bool:
        """Autoplay with the player and speed the board names, or the replay of the loaded line."""
        speed = intent.get("speed", "normal")
        if speed not in SPEEDS:
            self._say("error", f"The board asked for the speed {excerpt(speed)}; the speeds are "
                               f"{', '.join(SPEEDS)}. Ignored.")  # fmt: skip
            return False
        if not _loop_running():
            self._say("error", "Autoplay needs the kernel's event loop, which is not running here.")
            return False
        if kind == "replay":
            if not self._game.can_redo:
                self._say("refused", "Nothing to replay: the line is at its end (move the slider back).")
                return False
            self._start_task(lambda run: self._replay(run, SPEEDS[speed]))
            return True
        players = board_players(self._game.name)
        name = intent.get("player", next(iter(players)))
        if name not in players:
            self._say("error", f"The board asked for the player {excerpt(name)}; this game's players are "
                               f"{', '.join(players)}. Ignored.")  # fmt: skip
            return False
        self.autoplay(players[name], SPEEDS[speed])
        return True

    # -- publishing ---------------------------------------------------------------------------
    def _changed(self, message: tuple[str, str]) -> None:
        self._version += 1
        self._hint = None
        kind, text = message
        outcome = self._game.outcome
        if outcome is not None and outcome.won:
            self._count().settle(self._stats, self._game)
            banner = self._banner() or {}
            kind, text = "won", f"{text} {banner.get('title')} {banner.get('text')}"
        elif outcome is not None:
            kind, text = "lost", f"{text} {outcome.text} Undo some moves or start a new game."
        self._say(kind, text)

    def _banner(self) -> dict[str, str] | None:
        """What the board says under itself once the game is over: who won, or that it is over."""
        outcome = self._game.outcome
        if outcome is None:
            return None
        g = self._game
        moves = f"{len(g.history)} move{'s' * (len(g.history) != 1)}"
        if outcome.won:
            title = "You won!" if self._mover == "You" else f"{self._mover} won."
            return {"title": title, "text": f"All {g.total_cards} cards are on the foundations, in {moves}."}
        why = outcome.text.removeprefix("Game over: ").capitalize()
        return {"title": "Game over", "text": f"{why} {g.cards_on_foundations} of {g.total_cards} cards "
                                              f"placed in {moves}."}  # fmt: skip

    def _say(self, kind: str, text: str, *, detail: str | None = None) -> None:
        self._message_id += 1
        self._message = {"id": self._message_id, "kind": kind, "text": text}
        if detail:
            self._message["detail"] = detail
        if kind != "hint":
            self._hint = None
        self._publish()

    def _publish(self) -> None:
        g = self._game
        piles: dict[str, Any] = {name: [c.id for c in cards] for name, cards in g.piles().items()}
        piles["stock"] = len(piles["stock"])  # face down: a count only
        reviewed, arrows, note = self._review_note()
        self.state = {
            **g.board_state(),
            "game": g.name,
            "version": self._version,
            "piles": piles,
            "legal": [str(m) for m in g.legal_moves()],
            "status": g.status.value,
            "can_undo": g.can_undo or bool(self._earlier),
            "can_redo": g.can_redo or bool(self._later),
            "moves": len(g.history),
            "message": self._message,
            "hint": self._hint,
            "autoplay": self._autoplaying,
            "seed": g.seed,
            "rules": self._rules_name(),
            "banner": self._banner(),
            "deal": deal_text(g),
            "share": share_line(g),
            "line": len(g.history) + len(g.redo_moves),
            "can_finish": self._sure_finish() is not None,
            "session": self._stats[g.name, self._rules_name()].summary(),
            "reviewed": reviewed,  # the board shows the reviewed line: the chart is of this game
            "arrows": arrows,
            "review_note": note,
        }

    def _sure_finish(self) -> tuple[Move, ...] | None:
        """The engine's sure finish of the position on the board (cached: a publish must stay quick)."""
        g = self._game
        key = (id(g), len(g.history), g.signature()) if not g.pile("stock") else None
        if key is None:
            return None
        if self._finish is None or self._finish[0] != key:
            self._finish = (key, sure_finish(g))
        return self._finish[1]

    # -- session statistics --------------------------------------------------------------------
    def _count(self) -> _Count:
        """What the statistics know of the game on the board."""
        count = self._counts.get(id(self._game))
        if count is None or count.game is not self._game:
            count = self._counts[id(self._game)] = _Count(self._game)
        return count

    def _leave(self, game: PatienceGame) -> None:
        """The player leaves ``game`` (another deal, a restart): unfinished, it counts as lost."""
        count = self._counts.get(id(game))
        if count is not None and count.game is game:
            count.settle(self._stats, game)

    # -- helpers ------------------------------------------------------------------------------
    def _halt_autoplay(self) -> None:
        """End the current run, if any: it stops being current (so it changes nothing more), its
        task is cancelled, and the board says autoplay is off."""
        run, self._run = self._run, None
        task, self._autoplay_task = self._autoplay_task, None
        if task is not None and not task.done() and run is not None and run.started:
            task.cancel()
        if self._autoplaying:
            self._autoplaying = False
            self._publish()

    def _choose(self, strategy: StrategyLike) -> Move:
        """Ask ``strategy`` for a move and check it; IllegalMove says what was wrong."""
        return self._check_choice(strategy, strategy(self._game.view()))

    def _check_choice(self, strategy: StrategyLike, choice: Any) -> Move:
        name = getattr(strategy, "__name__", "the strategy")
        if choice is None:
            raise IllegalMove(f"{name} has no move to suggest.", rule="no-move")
        try:
            move = self._game.move_type.parse(choice)
        except ValueError as err:
            raise IllegalMove(f"{name} returned {excerpt(choice)}, which is not a move: {err}") from None
        why = self._game.explain(move)
        if why is not None:
            raise IllegalMove(f"{name} chose {move}, which is not allowed here: {why}", move=move)
        return move

    def _rules_name(self) -> str:
        return self._game.rules.preset or "custom"

    def _welcome(self) -> str:
        g = self._game
        deal = _deal_name(g)
        stock = g.board_facts()["stockMoves"][0]
        return (
            f"{g.title}, {deal}, {self._rules_name()} rules. Click a card, then where it goes; or drag it, "
            f"or double-click it. Keys: d {stock}, u undo, r redo, h hint, n next deal."
        )


def _loop_running() -> bool:
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True


def _deal_game(cls: type[PatienceGame], seed: int | None, rules: Any, pysolfc: int | None) -> PatienceGame:
    """Deal ``cls`` by seed, or PySolFC's deal ``pysolfc`` (its rules preset unless given)."""
    if pysolfc is None:
        return cls(seed=seed, rules=rules)
    if seed is not None:
        raise ValueError("Pass either a seed or a PySolFC game number (pysolfc=), not both.")
    return cls.from_pysolfc(pysolfc, rules=rules)


def _deal_name(game: PatienceGame) -> str:
    """``"seed 42"``, ``"PySolFC deal 12345"`` or ``"a staged position"``, for the board's messages."""
    if game.pysolfc is not None:
        return f"PySolFC deal {game.pysolfc}"
    return "a staged position" if game.seed is None else f"seed {game.seed}"


_warming: set[str] = set()  # the games whose Hint player was asked to load its compiled code


def _warm_up_hint(game: str) -> None:
    """Let the Hint's player of ``game`` load its compiled code in a background thread, once a
    process, so that the board's first Hint does not wait for it (Crazy Quilt's with numba: about
    a second in a new process, several the first time ever). Nothing under Pyodide (no threads,
    no numba), nor for a player with nothing to load."""
    if game in _warming or not can_start_threads():
        return
    _warming.add(game)
    warm_up = getattr(default_strategy.players.get(game), "warm_up", None)
    if callable(warm_up):
        threading.Thread(
            target=_quietly, args=(warm_up,), name=f"windmill-widget-warm-up-{game}", daemon=True
        ).start()


def _quietly(warm_up: Callable[[], Any]) -> None:
    """Run ``warm_up``; a failure prints nothing under the cell that showed the board: the Hint meets
    it again, and reports it there."""
    with contextlib.suppress(Exception):
        warm_up()


class WindmillWidget(PatienceWidget):
    """A playable Windmill board: ``WindmillWidget(seed=42, rules=Rules.classic())`` deals a game,
    ``WindmillWidget(pysolfc=12345)`` PySolFC's deal of that number, ``WindmillWidget(game)`` shows a
    :class:`~windmill_widget.Game`."""

    default_game = "windmill"


class QuiltWidget(PatienceWidget):
    """A playable Crazy Quilt board: ``QuiltWidget(seed=7, rules=QuiltRules.common())`` deals a game,
    ``QuiltWidget(game)`` shows a :class:`~windmill_widget.QuiltGame`."""

    default_game = "crazy-quilt"
