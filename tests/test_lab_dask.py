"""Beyond one machine: the same tournament on dask.distributed, through ``client.get_executor()`` or
the ``Client`` itself, with a strategy defined in a notebook cell (``__main__``)."""

from __future__ import annotations

import pytest

from windmill_widget.lab import compare, play_many
from windmill_widget.strategies import greedy

distributed = pytest.importorskip("distributed")


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(
        n_workers=1, threads_per_worker=1, processes=True, dashboard_address=None, silence_logs=40
    )
    with cluster, distributed.Client(cluster) as c:
        yield c


def test_dask_runs_the_same_tournament(client) -> None:
    cell: dict = {"__name__": "__main__"}
    exec("def cell_player(view):\n    moves = view.legal_moves()\n    return moves[len(moves) // 2]\n", cell)
    player = cell["cell_player"]
    deals = range(30)
    here = play_many(player, deals, executor="serial", progress=False)
    on_dask = play_many(player, deals, executor=client.get_executor(), progress=False)
    assert on_dask.records == here.records
    assert not on_dask.failures


def test_a_client_is_accepted_directly(client) -> None:
    players = {"greedy": greedy, "lambda": lambda view: view.legal_moves()[0]}
    cmp = compare(players, range(20), executor=client, progress=False)
    here = compare(players, range(20), executor="serial", progress=False)
    for name in cmp.names:
        assert cmp[name].records == here[name].records


def test_dask_runs_a_crazy_quilt_tournament_with_its_ceiling(client) -> None:
    cell: dict = {"__name__": "__main__"}
    exec("def quilt_player(view):\n    return view.legal_moves()[-1]\n", cell)
    players = {"cell": cell["quilt_player"], "greedy": greedy}
    kwargs = {"game": "crazy-quilt", "ceiling": True, "ceiling_seconds": None, "ceiling_nodes": 20_000}
    on_dask = compare(players, range(6), executor=client, progress=False, **kwargs)
    here = compare(players, range(6), executor="serial", progress=False, **kwargs)
    for name in players:
        assert on_dask[name].records == here[name].records and not on_dask[name].failures
    assert [r.result for r in on_dask.ceiling] == [r.result for r in here.ceiling]
