"""The Windmill board: an anywidget whose front end draws and sends *intents*, and whose Python
side judges them with the engine and publishes the new state.

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
``message``      ``{"id", "kind", "text"}``: the last announcement (a move, a refusal and why, a hint)
``hint``         the suggested move while it is being shown, else ``None``
``can_undo`` ``can_redo`` ``moves`` ``autoplay`` ``seed`` ``rules``

The static facts (card faces and names, pile labels, foundation sizes) travel once, in ``meta``.
"""

from __future__ import annotations

import asyncio
import pathlib
import random
from collections.abc import Callable, Coroutine, Iterable
from typing import Any

import anywidget
import traitlets

from .core import Card, IllegalMove, Move, PatienceGame, find_game
from .core.cards import NUM_CARDS
from .core.text import excerpt
from .strategies import default_strategy

# The board's game; the widget reaches it only through the core's game protocol.
Game = find_game("windmill")

_STATIC = pathlib.Path(__file__).parent / "static"

# Without the bundle (a source checkout before `npm run build`) the class must still import, so
# that the engine and notebooks work; the board then says how to build itself.
_MISSING_BUNDLE_ESM = """
export default { render({ el }) {
  el.textContent = "The Windmill board's front end is not built: run `npm ci && npm run build` "
    + "in the project folder (or `make bundle`), then restart the kernel.";
} };
"""

#: Intents the front end may send; all but ``stop`` must carry the state version they saw.
INTENTS = ("move", "deal", "undo", "redo", "hint", "new_game", "stop")
_MAX_MOVE_TEXT = 40  # longer "moves" are junk; don't even try to parse them
_GAME_CHANGING = ("move", "deal", "undo", "redo", "new_game")

StrategyLike = Callable[[Any], "Move | str | None"]


class _LoopEnd(Exception):
    """Ends an autoplay or replay loop: ``reason`` is its result, ``text`` goes on the board."""

    def __init__(self, reason: str, text: str) -> None:
        super().__init__(text)
        self.reason, self.text = reason, text


def _bundle_file(name: str, fallback: str) -> pathlib.Path | str:
    path = _STATIC / name
    return path if path.is_file() else fallback


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def _meta(game: type[PatienceGame]) -> dict[str, Any]:
    """Facts that never change during a game: sent once, not with every move."""
    cards = [Card.from_id(i) for i in range(NUM_CARDS)]
    return {
        "game": game.name,
        "faces": [c.face for c in cards],
        "names": [c.name for c in cards],
        **game.board_facts(),
    }


class WindmillWidget(anywidget.AnyWidget):
    """A playable Windmill board for Jupyter (and anything else anywidget runs in).

    ``WindmillWidget(game=None, *, seed=None, rules=None)``: show ``game``, or deal a new one.
    ``w.game`` is the live :class:`~windmill_widget.Game`; change it through the widget
    (``w.play``, ``w.deal``, ``w.undo``...) so the board follows, or call ``w.refresh()``
    after changing it directly.
    """

    _esm = _bundle_file("widget.js", _MISSING_BUNDLE_ESM)
    _css = _bundle_file("widget.css", "")

    state = traitlets.Dict().tag(sync=True)
    meta = traitlets.Dict().tag(sync=True)

    def __init__(
        self,
        game: Game | None = None,
        *,
        seed: int | None = None,
        rules: Any = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        if game is not None and (seed is not None or rules is not None):
            raise ValueError("Pass either a game or a seed and rules, not both.")
        self._game = game if game is not None else Game(seed=seed, rules=rules)
        if not isinstance(self._game, Game):
            raise TypeError(f"game must be a windmill_widget.Game, not {type(self._game).__name__}.")
        # New games from the board follow a sequence seeded by the first game: reproducible.
        self._seeds = random.Random(self._game.seed)
        self._version = 0
        self._message_id = 0
        self._message: dict[str, Any] = {"id": 0, "kind": "info", "text": self._welcome()}
        self._hint: str | None = None
        self._autoplay_task: asyncio.Task | None = None
        self._autoplaying = False
        self._stop_requested = False
        self.meta = _meta(type(self._game))
        self.on_msg(self._on_front_end_msg)
        self._publish()

    # -- reading -------------------------------------------------------------------------------
    @property
    def game(self) -> Game:
        """The live game. Changing it directly? Call :meth:`refresh` so the board follows."""
        return self._game

    @game.setter
    def game(self, game: Game) -> None:
        self.load(game)

    @property
    def version(self) -> int:
        """How many times the game on the board has changed since the widget was made."""
        return self._version

    @property
    def autoplaying(self) -> bool:
        return self._autoplaying

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
        SVG picture of the position and the text line, for places without a widget front end
        (nbviewer, GitHub, nbconvert, a terminal)."""
        bundle = super()._repr_mimebundle_(**kwargs)  # (data, metadata), a bare dict or None
        data, metadata = bundle if isinstance(bundle, tuple) else (bundle or {}, {})
        return {**data, "image/svg+xml": self._game.svg(), "text/plain": repr(self)}, dict(metadata)

    # -- playing from cells -----------------------------------------------------------------------
    def play(self, move: Move | str) -> Move:
        """Play ``move`` (``"n1>c"``, ``"deal"`` or a :class:`Move`); the board follows at once.

        Raises :class:`IllegalMove` with the engine's explanation (also shown on the board).
        """
        try:
            played = self._game.play(move)
        except IllegalMove as err:
            self._say("refused", str(err))
            raise
        self._changed(("move", self._game.describe_last()))
        return played

    def deal(self) -> Move:
        """Turn the stock's top card onto the waste."""
        return self.play("deal")

    def undo(self) -> Move:
        """Take back the last move."""
        try:
            move = self._game.undo()
        except IllegalMove as err:
            self._say("refused", str(err))
            raise
        self._changed(("move", f"Took back {move}."))
        return move

    def redo(self) -> Move:
        """Play again the last move taken back."""
        try:
            move = self._game.redo()
        except IllegalMove as err:
            self._say("refused", str(err))
            raise
        self._changed(("move", f"Redo: {self._game.describe_last()}"))
        return move

    def new_game(self, seed: int | None = None, rules: Any = None) -> PatienceGame:
        """Deal a new game of the same game (same rules unless given); returns it."""
        self._halt_autoplay()
        seed = self._seeds.randrange(2**32) if seed is None else seed
        self._game = type(self._game)(seed=seed, rules=rules if rules is not None else self._game.rules)
        self._changed(("info", f"New game: seed {seed}, {self._rules_name()} rules."))
        return self._game

    def load(self, game: PatienceGame) -> None:
        """Show ``game`` (it becomes ``w.game``; the widget keeps no copy)."""
        if not isinstance(game, Game):
            raise TypeError(f"load() takes a windmill_widget.Game, not {type(game).__name__}.")
        self._halt_autoplay()
        self._game = game
        self._changed(("info", f"Loaded a game at move {len(game.history)}."))

    def refresh(self) -> None:
        """Publish the game again after it was changed directly (``w.game.play(...)``)."""
        self._changed(("info", f"Board refreshed at move {len(self._game.history)}."))

    def hint(self, strategy: StrategyLike | None = None) -> Move | None:
        """Show (and return) the move ``strategy`` (the default strategy) would play."""
        if self._game.status != "playing":
            self._say("info", "The game is over: there is nothing to suggest.")
            return None
        try:
            move = self._choose(strategy or default_strategy)
        except IllegalMove as err:
            self._say("error", f"No hint: {err}")
            return None
        self._hint = str(move)
        self._say("hint", f"Hint: {self._game.describe(move)}.")
        return move

    def step(self, strategy: StrategyLike | None = None) -> Move:
        """Play one move chosen by ``strategy`` (default: the default strategy).

        Raises :class:`IllegalMove` if the strategy returns an illegal move, or whatever the
        strategy raises; the game is unchanged then.
        """
        move = self._choose(strategy or default_strategy)
        return self.play(move)

    # -- autoplay ---------------------------------------------------------------------------
    def autoplay(
        self, strategy: StrategyLike | None = None, delay: float = 0.3, *, max_moves: int | None = None
    ) -> asyncio.Task:
        """Play move after move in the background (an asyncio task on the kernel's loop), so the
        board animates and other cells still run. Stops at the end of the game, after
        ``max_moves``, on :meth:`stop`, or with the board's Stop button. Returns the task, whose
        result says why it stopped (``"won"``, ``"lost"``, ``"stopped"``, ``"error"``, ``"max_moves"``).
        """
        return self._start_task(self.run_autoplay(strategy, delay, max_moves=max_moves))

    def _start_task(self, loop_coroutine: Coroutine[Any, Any, str]) -> asyncio.Task:
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            loop_coroutine.close()
            raise RuntimeError(
                "Autoplay and replay run in the background of a running event loop, as in a Jupyter "
                "kernel. In a script, `await w.run_autoplay(...)` or call w.step() in a loop."
            ) from None
        self._halt_autoplay()
        self._autoplay_task = loop.create_task(loop_coroutine)
        self._autoplaying = True  # the board shows Stop at once, before the first move
        self._publish()
        return self._autoplay_task

    async def run_autoplay(
        self, strategy: StrategyLike | None = None, delay: float = 0.3, *, max_moves: int | None = None
    ) -> str:
        """The autoplay loop itself, to ``await`` where a loop is already running."""
        strategy = strategy or default_strategy
        name = getattr(strategy, "__name__", "the strategy")

        def step() -> tuple[str, str]:
            try:
                move = self._choose(strategy)
            except IllegalMove as err:
                raise _LoopEnd("error", f"Autoplay stopped: {err}") from None
            except Exception as err:
                raise _LoopEnd(
                    "error", f"Autoplay stopped: {name} raised {type(err).__name__}: {err}"
                ) from None
            self._game.play(move)
            return "move", self._game.describe_last()

        return await self._run_loop(step, f"Autoplay: {name} is playing.", delay, max_moves)

    async def run_replay(self, delay: float = 0.5) -> str:
        """Step forward through the loaded line (what Redo would play) until its end."""

        def step() -> tuple[str, str]:
            if not self._game.can_redo:
                raise _LoopEnd("end", f"Replay finished at move {len(self._game.history)}.")
            self._game.redo()
            return "move", f"Replay: {self._game.describe_last()}"

        return await self._run_loop(step, "Replaying the line.", delay, None)

    async def _run_loop(
        self, step: Callable[[], tuple[str, str]], opening: str, delay: float, max_moves: int | None
    ) -> str:
        """Make a move with ``step`` every ``delay`` seconds until the game ends or is stopped.

        Returns why it ended: a game status, "stopped", "error", "end" or "max_moves".
        """
        self._autoplaying = True
        self._stop_requested = False
        self._say("info", opening)
        played = 0
        try:
            while True:
                if self._stop_requested:
                    return "stopped"
                status = self._game.status
                if status != "playing":
                    return status
                if max_moves is not None and played >= max_moves:
                    self._finish_autoplay("info", f"Autoplay paused after {played} moves.")
                    return "max_moves"
                try:
                    message = step()
                except _LoopEnd as end:
                    self._finish_autoplay("info" if end.reason == "end" else end.reason, end.text)
                    return end.reason
                played += 1
                self._changed(message)
                await asyncio.sleep(delay)
        except asyncio.CancelledError:
            return "stopped"
        finally:
            if self._autoplaying:
                self._autoplaying = False
                self._publish()

    def stop(self) -> None:
        """Stop autoplay (or a replay in motion); the game stays where it is."""
        if not self._autoplaying and self._autoplay_task is None:
            return
        self._halt_autoplay()
        self._say("info", f"Autoplay stopped at move {len(self._game.history)}.")

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
        total = len(line.redo_moves)
        self._say("info", f"Replay: {total} moves ready; Redo steps forward, Undo steps back.")
        if delay is not None:
            self._start_task(self.run_replay(delay))
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
        try:
            self.handle_intent(content)
        except Exception as err:  # never let a bad message break the kernel's comm handling
            self._say("error", f"The board could not handle that request ({type(err).__name__}: {err}).")

    def handle_intent(self, intent: Any) -> bool:
        """Judge one intent from the front end; True if it was carried out.

        Malformed or stale intents (made against an older ``version``) are refused with a
        message and change nothing.
        """
        if not isinstance(intent, dict) or intent.get("type") not in INTENTS:
            kind = intent.get("type") if isinstance(intent, dict) else type(intent).__name__
            self._say("error", f"The board sent a request it should not have ({str(kind)[:40]!r}); ignored.")
            return False
        kind = intent["type"]
        if kind == "stop":
            self.stop()
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
                if not isinstance(text, str) or len(text) > _MAX_MOVE_TEXT:
                    self._say("error", "The board sent a move that is not written as a move; ignored.")
                    return False
                self.play(text)
            elif kind == "deal":
                self.deal()
            elif kind == "undo":
                self.undo()
            elif kind == "redo":
                self.redo()
            elif kind == "new_game":
                self.new_game()
            elif kind == "hint":
                return self.hint() is not None
        except IllegalMove:
            return False  # already said on the board
        return True

    # -- publishing ---------------------------------------------------------------------------
    def _changed(self, message: tuple[str, str]) -> None:
        self._version += 1
        self._hint = None
        kind, text = message
        outcome = self._game.outcome
        if outcome is not None and outcome.won:
            kind, text = "won", f"{text} You won! All {self._game.total_cards} cards are on the foundations."
        elif outcome is not None:
            kind, text = "lost", f"{text} {outcome.text} Undo some moves or start a new game."
        self._say(kind, text)

    def _say(self, kind: str, text: str) -> None:
        self._message_id += 1
        self._message = {"id": self._message_id, "kind": kind, "text": text}
        if kind != "hint":
            self._hint = None
        self._publish()

    def _publish(self) -> None:
        g = self._game
        piles: dict[str, Any] = {name: [c.id for c in cards] for name, cards in g.piles().items()}
        piles["stock"] = len(piles["stock"])  # face down: a count only
        self.state = {
            "game": g.name,
            "version": self._version,
            "piles": piles,
            "legal": [str(m) for m in g.legal_moves()],
            "status": g.status.value,
            "can_undo": g.can_undo,
            "can_redo": g.can_redo,
            "moves": len(g.history),
            "message": self._message,
            "hint": self._hint,
            "autoplay": self._autoplaying,
            "seed": g.seed,
            "rules": self._rules_name(),
        }

    # -- helpers ------------------------------------------------------------------------------
    def _halt_autoplay(self) -> None:
        self._stop_requested = True
        task, self._autoplay_task = self._autoplay_task, None
        if task is not None and not task.done():
            task.cancel()
        if self._autoplaying:
            self._autoplaying = False
            self._publish()

    def _finish_autoplay(self, kind: str, text: str) -> None:
        self._autoplaying = False
        self._autoplay_task = None
        self._say(kind, text)

    def _choose(self, strategy: StrategyLike) -> Move:
        """Ask ``strategy`` for a move and check it; IllegalMove says what was wrong."""
        name = getattr(strategy, "__name__", "the strategy")
        choice = strategy(self._game.view())
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
        seed = self._game.seed
        deal = "A staged position" if seed is None else f"Seed {seed}"
        return (
            f"{deal}, {self._rules_name()} rules. Click a card, then where it goes; "
            "or drag it, or double-click it. Keys: d deal, u undo, r redo, h hint, n new game."
        )
