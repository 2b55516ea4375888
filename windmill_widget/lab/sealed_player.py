"""The process a sealed tournament runs one strategy in: ``python -m windmill_widget.lab.sealed_player``.

It holds the strategy and nothing else of the tournament: no game, no deal number, no stock. It reads
requests, one JSON object a line, from a pipe the organiser gave it, and answers each on another:

``{"load": "<base64 cloudpickle>"}`` or ``{"file": "path/to/student.py"}``
    load the strategy (a file's ``strategy`` callable, or its only public callable); answers
    ``{"ready": "<name>"}`` or ``{"error": "..."}``. Loading again gives a fresh copy (a new deal).
``{"view": {...}}``
    a player's view (:meth:`PlayerView.to_dict`): answers ``{"move": "n1>c"}``, or ``{"error":
    "Kind: message"}`` if the strategy raised (anything, ``SystemExit`` included) or answered
    something that is not a move in notation.

The strategy's own ``print`` goes to the standard error stream, so it cannot corrupt the answers.
"""

from __future__ import annotations

import base64
import json
import os
import runpy
import sys
from collections.abc import Callable
from typing import Any, TextIO

from ..core.text import shorten
from ..core.view import PlayerView

_MAX_ANSWER = 64  # a move is a few characters; anything longer is junk


def _load_file(path: str) -> Callable[..., Any]:
    namespace = runpy.run_path(path, run_name="__sealed_strategy__")
    if callable(namespace.get("strategy")):
        return namespace["strategy"]
    public = [
        v for k, v in namespace.items() if callable(v) and not k.startswith("_") and not isinstance(v, type)
    ]
    own = [f for f in public if getattr(f, "__module__", None) == "__sealed_strategy__"]
    if len(own) == 1:
        return own[0]
    raise ValueError(
        f"{os.path.basename(path)} defines no function called strategy (nor exactly one function)."
    )


def _answer(strategy: Callable[..., Any], data: Any) -> dict[str, str]:
    view = PlayerView.from_dict(data)
    try:
        choice = strategy(view)
    except BaseException as err:
        return {"error": f"{type(err).__name__}: {shorten(str(err), 300)}"}
    if isinstance(choice, str):
        move = choice
    elif hasattr(choice, "code") and hasattr(choice, "src"):  # a Move of the view's game
        move = str(choice)
    else:
        return {"error": f"TypeError: the strategy returned {shorten(repr(choice), 60)}, not a move"}
    if len(move) > _MAX_ANSWER:
        return {"error": f"IllegalMove: the strategy returned {shorten(repr(move), 60)}, not a move"}
    return {"move": move}


def serve(requests: TextIO, answers: TextIO) -> None:
    """Answer requests until the organiser closes the pipe."""
    strategy: Callable[..., Any] | None = None
    for line in requests:
        request = json.loads(line)
        if "load" in request or "file" in request:
            try:
                if "file" in request:
                    strategy = _load_file(request["file"])
                else:
                    import cloudpickle

                    strategy = cloudpickle.loads(base64.b64decode(request["load"]))
                reply = {"ready": getattr(strategy, "__name__", "strategy")}
            except BaseException as err:
                reply = {"error": f"{type(err).__name__}: {shorten(str(err), 300)}"}
        elif "view" in request and strategy is not None:
            reply = _answer(strategy, request["view"])
        else:
            reply = {"error": "ProtocolError: no strategy loaded" if strategy is None else "ProtocolError"}
        answers.write(json.dumps(reply) + "\n")
        answers.flush()


def main() -> None:
    # The organiser's pipes are file descriptors 3 (requests) and 4 (answers); the strategy's prints
    # go to standard error, and standard input is closed to it.
    requests = os.fdopen(int(os.environ.get("SEALED_REQUESTS_FD", "3")), "r", encoding="utf-8")
    answers = os.fdopen(int(os.environ.get("SEALED_ANSWERS_FD", "4")), "w", encoding="utf-8")
    sys.stdout = sys.stderr
    serve(requests, answers)


if __name__ == "__main__":
    main()
