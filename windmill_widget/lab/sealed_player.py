"""The process a sealed tournament runs one strategy in: ``python -m windmill_widget.lab.sealed_player``.

It holds the strategy and nothing else of the tournament: no game, no deal number, no stock, no
secret. Before any of the strategy's code runs it confines itself (:mod:`.confine`) for good. Then it
reads requests, one JSON object a line, from a pipe the organiser gave it, and answers each, with the
request's ``id``, on another:

First, before any of the strategy's code runs, it says how it is confined: ``{"id": 0, "confined":
{...}}`` (:class:`~.confine.Confinement`). Then:

``{"id": 1, "load": "<base64 cloudpickle>"}`` or ``{"id": 1, "file": "path/to/student.py"}``
    load a fresh copy of the strategy (a file is run again: its ``strategy``); answers
    ``{"id": 1, "ready": "<name>"}``.
``{"id": 2, "view": {...}}``
    a player's view (:meth:`PlayerView.to_dict`); answers ``{"id": 2, "move": "n1>c"}``.

Anything that goes wrong (the strategy raised, ``SystemExit`` included, or answered something that is
not move text) is answered ``{"id": n, "error": {"kind": "ValueError", "message": "..."}}``.

The strategy's ``print`` (and anything written to file descriptors 1 and 2) goes nowhere, so it
cannot garble the answers; the organiser trusts nothing that comes back all the same.
"""

from __future__ import annotations

import base64
import json
import os
import random
import runpy
import sys
from collections.abc import Callable
from typing import Any, BinaryIO

from ..core.moves import MAX_MOVE_TEXT
from ..core.text import shorten
from ..core.view import PlayerView
from .confine import Confinement, confine, die_with_parent, unshare_namespaces
from .playout import _where

Strategy = Callable[[PlayerView], Any]


def _error(err: BaseException | str, kind: str | None = None) -> dict[str, Any]:
    if isinstance(err, BaseException):  # where in the strategy's own code, as an in-process record says
        kind, message = type(err).__name__, shorten(str(err), 300) + _where(err)
    else:
        message = shorten(err, 300)
    return {"error": {"kind": kind or "Error", "message": message}}


def load_file(path: str) -> Strategy:
    """The strategy a student's file defines: its ``strategy`` (a function, or an object called with
    the view, such as ``strategy = random_strategy(1)``). ValueError, saying what to write, if none."""
    namespace = runpy.run_path(path, run_name="__sealed_strategy__")
    name = os.path.basename(path)
    found = namespace.get("strategy")
    if found is None:
        own = sorted(
            k
            for k, v in namespace.items()
            if callable(v) and not k.startswith("_") and getattr(v, "__module__", "") == "__sealed_strategy__"
        )
        also = f" (it defines {', '.join(own)}: name the one to play strategy)" if own else ""
        raise ValueError(
            f"{name} defines no strategy{also}. A strategy file defines "
            "def strategy(view): ... returning one of view.legal_moves()."
        )
    if isinstance(found, type):
        raise ValueError(f"In {name}, strategy is a class; make it a player: strategy = {found.__name__}().")
    if not callable(found):
        raise ValueError(f"In {name}, strategy is {shorten(repr(found), 40)}, not a function of the view.")
    return found


def _load(request: dict[str, Any]) -> Strategy:
    # Python's shared generator starts each deal the same way: a student's random.choice gives the
    # same games whichever deals shared the process (never seeded from the deal: that would tell it)
    random.seed(0)
    if "file" in request:
        return load_file(str(request["file"]))
    import cloudpickle

    return cloudpickle.loads(base64.b64decode(request["load"]))


def _answer(strategy: Strategy, data: Any) -> dict[str, Any]:
    try:
        choice = strategy(PlayerView.from_dict(data))
        move = choice if isinstance(choice, str) else str(choice) if hasattr(choice, "code") else None
        if move is None:
            return _error(f"the strategy returned {shorten(repr(choice), 60)}, not a move", "TypeError")
        move = str.__str__(move)  # plain text, whatever a str subclass claims
    except BaseException as err:  # SystemExit, KeyboardInterrupt...: this move's failure, not the process's
        return _error(err)
    if len(move) > MAX_MOVE_TEXT:
        return _error(f"the strategy returned {shorten(repr(move), 60)}, not a move", "IllegalMove")
    return {"move": move}


def _send(fd: int, reply: dict[str, Any]) -> None:
    data = memoryview((json.dumps(reply) + "\n").encode("utf-8"))
    while data:
        data = data[os.write(fd, data) :]


def serve(requests: BinaryIO, answers: int, confinement: Confinement) -> None:
    """Say how this process is confined, then answer the organiser's requests until it closes the pipe."""
    _send(answers, {"id": 0, "confined": confinement.to_dict()})
    strategy: Strategy | None = None
    for line in requests:
        request = json.loads(line)
        reply: dict[str, Any]
        if "load" in request or "file" in request:
            strategy = None
            try:
                strategy = _load(request)
                reply = {"ready": shorten(str(getattr(strategy, "__name__", "strategy")), 60)}
            except BaseException as err:  # a broken file, SystemExit at its top level...
                reply = _error(err)
        elif "view" in request and strategy is not None:
            reply = _answer(strategy, request["view"])
        else:
            reply = _error("no strategy is loaded", "ProtocolError")
        reply["id"] = request.get("id")
        _send(answers, reply)


def main() -> None:
    env = os.environ
    die_with_parent()
    parent = env.get("SEALED_PARENT")  # none under bubblewrap, whose namespace dies with the organiser
    if parent is not None and os.getppid() != int(parent):  # the organiser ended before the request
        os._exit(1)  # above took effect
    requests = os.fdopen(int(env["SEALED_REQUESTS_FD"]), "rb")
    answers = int(env["SEALED_ANSWERS_FD"])
    sys.stdout = sys.stderr  # both are /dev/null; print must never reach the answer pipe
    import cloudpickle  # noqa: F401  (imported while its files can still be read anywhere)

    if parent is not None and env.get("SEALED_UNSHARE") == "1":  # not under bubblewrap: its own
        unshare_namespaces()
    readable = [env["SEALED_FILE"]] if env.get("SEALED_FILE") else []
    memory = int(env.get("SEALED_MEMORY") or 0) or None
    confinement = confine(readable, memory=memory, host=env.get("SEALED_HOST_NS", ""))
    for key in [k for k in env if k.startswith("SEALED_")]:
        del os.environ[key]
    serve(requests, answers, confinement)


if __name__ == "__main__":
    main()
