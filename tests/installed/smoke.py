"""The installed kit, used as a user would: run where the kit is *installed*, not from the source tree.

``scripts/check-wheel.sh`` runs it in a fresh virtual environment holding only the wheel (no Node, no
numba, no dev extras); ``tests/pyodide/run.mjs`` runs its checks that need no kernel in Pyodide under
Node. Each check raises (AssertionError) on a fault, and prints one line when it passes.

    python smoke.py [NOTEBOOK.ipynb]    # every check; with a notebook, also execute it with nbclient
"""

from __future__ import annotations

import asyncio
import sys
import time
from pathlib import Path

import windmill_widget as ww
from windmill_widget import Game, QuiltGame, Status


def said(what: str, t0: float) -> None:
    print(f"ok  {what} ({time.perf_counter() - t0:.1f} s)", flush=True)


def installed_alone() -> None:
    """The kit comes from an install (site-packages), and neither numba nor the dev extras are there."""
    from importlib.util import find_spec

    from windmill_widget.core import compiled

    t0 = time.perf_counter()
    here = Path(ww.__file__).resolve()
    assert "site-packages" in here.parts, f"windmill_widget imported from {here}, not from an install"
    for extra in ("numba", "pytest", "jupyterlab"):
        assert find_spec(extra) is None, f"{extra} is installed: the check wants the kit alone"
    assert not compiled.COMPILED
    said(f"windmill_widget {ww.__version__} imported from {here.parent}, without numba", t0)


def play_each_game() -> None:
    """A game of each game through the API, to its end, by the greedy strategy; saved and loaded."""
    t0 = time.perf_counter()
    for game in (Game(seed=8), QuiltGame(seed=7)):
        first = game.legal_moves()[0]
        assert game.explain(first) is None
        game.play(first)
        game.undo()
        game.redo()
        while game.status is Status.PLAYING and len(game.history) < 2000:
            game.play(ww.greedy(game.view()))
        assert game.status is not Status.PLAYING, f"{type(game).__name__} did not end"
        again = ww.load_game(game.to_json())
        assert again.history == game.history and again.status is game.status
        name, status, moves = type(game).__name__, game.status.value, len(game.history)
        said(f"{name} played by greedy to its end: {status}, {moves} moves", t0)


def display_bundles() -> None:
    """Both boards' display bundles: the live view with the bundled front end, and the static picture."""
    t0 = time.perf_counter()
    bundle = (Path(ww.__file__).parent / "static" / "widget.js").read_text()
    for board in (ww.WindmillWidget(seed=42), ww.QuiltWidget(seed=7)):
        data, _ = board._repr_mimebundle_()
        assert "application/vnd.jupyter.widget-view+json" in data, sorted(data)
        assert data["image/svg+xml"].lstrip().startswith("<svg"), data["image/svg+xml"][:80]
        assert board._esm == bundle and len(bundle) > 10_000, "the board has not the wheel's front end"
        board.deal()
        assert board.state and board.game.history, "a deal did not reach the board"
        board.close()
    said("both boards' display bundles, with the front end of the wheel", t0)


def tournament(executor: object = None) -> None:
    """A short play_many and compare (by default over processes, as a user's call runs)."""
    t0 = time.perf_counter()
    results = ww.play_many(ww.greedy, deals=8, executor=executor, workers=2, progress=False)
    assert len(results.records) == 8 and not results.failures, results
    players = {"greedy": ww.greedy, "random": ww.random_strategy(1)}
    duel = ww.compare(players, deals=4, game="crazy-quilt", executor=executor, workers=2, progress=False)
    assert set(duel.results) == set(players) and duel.n == 4, duel
    assert not any(r.failures for r in duel.results.values()), duel
    said(f"play_many (greedy won {results.wins} of 8 Windmill deals) and compare (Crazy Quilt)", t0)


async def autoplay_on_the_loop() -> None:
    """The board's autoplay to the game's end (the strategy in a thread, or on the loop where no
    thread can start: Pyodide)."""
    from windmill_widget.widget import AutoplayEnd

    t0 = time.perf_counter()
    board = ww.WindmillWidget(seed=8)
    end = await board.autoplay(ww.greedy, delay=0)
    assert end is AutoplayEnd.WON and board.game.status is Status.WON, (end, board)
    said(f"autoplay played deal 8 to its end: {end.value}, {len(board.game.history)} moves", t0)


def sealed_refused() -> None:
    """Where no process can start (Pyodide), a sealed tournament is refused in one line."""
    t0 = time.perf_counter()
    try:
        ww.compare({"greedy": ww.greedy}, deals=2, sealed=True, progress=False)
    except NotImplementedError as err:
        assert "\n" not in str(err) and str(err), repr(err)
        said(f"a sealed tournament refused: {err}", t0)
    else:
        raise AssertionError("a sealed tournament ran where no process can start")


def late_solve() -> None:
    """A late position, solved by the loops as Python, the winning line replayed through the engine."""
    t0 = time.perf_counter()
    game = Game(seed=8)
    while game.status is Status.PLAYING and len(game.pile("stock")) > 12:
        game.play(ww.lookahead(game.view()) if len(game.history) % 2 else ww.greedy(game.view()))
    stock = len(game.pile("stock"))
    solution = ww.solve(game, max_nodes=200_000)
    assert solution.decided, solution
    if solution.result.value == "won":
        for move in solution.moves:
            game.play(move)
        assert game.status is Status.WON
    said(f"a late position ({stock} cards in the stock) solved as Python: {solution.result.value}", t0)


def run_notebook(path: Path) -> None:
    """One notebook executed end to end by nbclient on this environment's kernel."""
    import nbformat
    from nbclient import NotebookClient

    t0 = time.perf_counter()
    notebook = nbformat.read(path, as_version=4)
    NotebookClient(notebook, timeout=600, kernel_name="python3").execute()
    outputs = [o for c in notebook.cells if c.cell_type == "code" for o in c.get("outputs", [])]
    errors = [o for o in outputs if o.output_type == "error"]
    assert not errors, errors[0]
    said(f"{path.name} executed end to end ({len(notebook.cells)} cells)", t0)


def main(argv: list[str]) -> None:
    installed_alone()
    play_each_game()
    display_bundles()
    tournament()
    asyncio.run(autoplay_on_the_loop())
    late_solve()
    for notebook in argv:
        run_notebook(Path(notebook))


if __name__ == "__main__":
    main(sys.argv[1:])
