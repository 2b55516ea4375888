"""The board's one invariant, under any interleaving (issue 39): after every await, the published
state is the game's state, and the version moved exactly when the game changed.

Hypothesis draws a script of steps (board intents, fresh or stale; Python calls; autoplay started,
stopped, superseded; New game and Undo; strategies answering from their threads, at once or when
the script lets them) and runs it on a real asyncio loop. After every step the check compares what
the board was last sent with the game as it is. Derandomized and bounded: a few seconds.
"""

from __future__ import annotations

import asyncio
import threading
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from windmill_widget import IllegalMove
from windmill_widget.strategies import greedy
from windmill_widget.widget import WindmillWidget


class Gated:
    """A strategy whose answers wait until the script releases them (one per release)."""

    def __init__(self) -> None:
        self.tickets = threading.Semaphore(0)
        self.closed = threading.Event()
        self.__name__ = "gated"

    def __call__(self, view: Any) -> Any:
        move = greedy(view)
        while not self.tickets.acquire(timeout=0.01):
            if self.closed.is_set():
                break
        return move


def first(view: Any) -> Any:
    return view.legal_moves()[0]


INTENTS = ["move", "deal", "undo", "redo", "hint", "new_game", "stop"]
PYTHON = ["play", "deal", "undo", "redo", "step", "hint", "new_game", "stop"]

steps = st.one_of(
    st.tuples(st.just("intent"), st.sampled_from(INTENTS), st.booleans(), st.integers(0, 20)),
    st.tuples(st.just("python"), st.sampled_from(PYTHON), st.integers(0, 20)),
    st.tuples(st.just("autoplay"), st.sampled_from(["first", "gated"]), st.sampled_from([None, 1, 3])),
    st.tuples(st.just("await"), st.integers(1, 6)),
    st.tuples(
        st.just("release"),
    ),
)


class Watch:
    """What the board was sent, and the game each version was sent for."""

    def __init__(self, w: WindmillWidget) -> None:
        self.w = w
        self.last = self.key()
        self.version = w.state["version"]

    def key(self) -> tuple:
        g = self.w.game
        return (id(g), g, tuple(g.history), tuple(g.redo_moves))

    def check(self, where: str) -> None:
        w, s, g = self.w, self.w.state, self.w.game
        assert s["version"] == w.version, where
        assert s["moves"] == len(g.history), f"{where}: the board shows another game than w.game"
        assert s["legal"] == [str(m) for m in g.legal_moves()], where
        assert (s["status"], s["can_redo"]) == (g.status.value, g.can_redo), where
        assert s["autoplay"] == w.autoplaying, where
        key = self.key()
        changed, moved = key != self.last, s["version"] != self.version
        assert changed == moved, f"{where}: the game {'changed' if changed else 'stayed'} but the " + (
            "version moved" if moved else "version did not"
        )
        self.last, self.version = key, s["version"]


async def play_script(script: list[tuple]) -> None:
    w = WindmillWidget(seed=5)
    watch = Watch(w)
    gated = Gated()
    tasks: list[asyncio.Task] = []
    try:
        for i, step in enumerate(script):
            where = f"after step {i} {step}"
            kind = step[0]
            if kind == "intent":
                _, what, stale, pick = step
                intent: dict[str, Any] = {"type": what, "version": w.state["version"] - stale}
                if what == "move":
                    legal = [m for m in w.state["legal"] if m != "deal"] or ["n1>c"]
                    intent["move"] = legal[pick % len(legal)]
                w.handle_intent(intent)
            elif kind == "python":
                _, what, pick = step
                try:
                    if what == "play":
                        legal = w.state["legal"] or ["n1>c"]
                        w.play(legal[pick % len(legal)])
                    elif what == "step":
                        w.step(first)
                    elif what == "new_game":
                        w.new_game(seed=pick)
                    else:
                        getattr(w, what)()
                except IllegalMove:
                    pass
            elif kind == "autoplay":
                _, which, max_moves = step
                tasks.append(w.autoplay(first if which == "first" else gated, delay=0, max_moves=max_moves))
            elif kind == "await":
                for _ in range(step[1]):
                    await asyncio.sleep(0)
            else:
                gated.tickets.release()
                await asyncio.sleep(0.002)  # its answer comes back to the loop
            watch.check(where)
        w.stop()
        watch.check("after the last stop")
        gated.closed.set()
        for result in await asyncio.gather(*tasks, return_exceptions=True):
            watch.check(f"after a task ended ({result})")
        await asyncio.sleep(0.02)  # abandoned answers come back: they must change nothing
        watch.check("at the end")
        assert not w.state["autoplay"] and w._run is None
    finally:
        gated.closed.set()


@settings(max_examples=40, deadline=None, derandomize=True, database=None)
@given(st.lists(steps, min_size=1, max_size=30))
def test_the_board_is_never_out_of_step_with_its_game(script: list[tuple]) -> None:
    asyncio.run(play_script(script))
