"""Sealed tournaments: each strategy plays in a process of its own, seeing only player views.

Python cannot seal code that runs in the same process: a strategy there can walk the call stack
(``sys._getframe(1).f_locals``) to the game, find it among ``gc.get_objects()``, match the face-up
cards against ``deal_order`` of small deal numbers, or change a shared value (``object.__setattr__``
on an interned move). The ordinary ``play_many`` and ``compare`` trust their strategies; for a class
that runs a competition, ``compare(..., sealed=True)`` does not:

* each strategy runs in a process of its own (:mod:`.sealed_player`), which receives only a player
  view as JSON (the stock only as a count) and answers only move text; the games, their positions
  and their deal numbers live in the organiser's process;
* the deals are numbers drawn from a secret the organiser keeps (:func:`sealed_seeds`), so the strategy
  cannot enumerate them; with the same secret, the organiser gets the same deals again;
* a strategy that thinks longer than ``move_limit`` seconds over a move is killed, and the game is
  recorded as failed; one that crashes, raises or exits fails that game only;
* nothing a strategy does can reach another strategy's games, or the organiser.

Students' strategies may be given as files (``{"alice": "students/alice.py"}``): a file's
``strategy`` function (or its only function) is loaded in the sealed process, never in the organiser's.

>>> seeds = sealed_seeds("our class, 2026", 3)
>>> seeds == sealed_seeds("our class, 2026", 3), all(s > 2**32 for s in seeds)
(True, True)
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import hmac
import json
import os
import select
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ..core.text import shorten

#: Seconds a sealed strategy may think over one move before it is killed.
MOVE_LIMIT = 10.0
#: Seconds a sealed process may take to start and load its strategy.
START_LIMIT = 60.0


def sealed_seeds(secret: str | bytes, count: int, *, indices: Iterable[int] | None = None) -> list[int]:
    """The secret's deals 0 to ``count - 1`` (or its deals ``indices``): 64-bit deal numbers, the
    HMAC-SHA256 of each index under the secret, the same for the same secret everywhere and
    unguessable without it."""
    key = secret.encode("utf-8") if isinstance(secret, str) else bytes(secret)
    if not key:
        raise ValueError("A sealed tournament's secret is a non-empty text.")
    out = []
    for i in range(count) if indices is None else indices:
        digest = hmac.new(key, f"deal {i}".encode(), hashlib.sha256).digest()
        out.append(int.from_bytes(digest[:8], "big"))
    return out


class SealedError(Exception):
    """What went wrong in a sealed strategy's process: ``kind`` (``"SystemExit"``, ``"TimeLimit"``,
    ``"Crash"``...) and the message."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(f"{kind}: {message}")
        self.kind = kind
        self.message = message


class SealedPlayer:
    """The organiser's end of one strategy's sealed process. ``source`` is the strategy's pickled
    bytes or a path to its file. Start it with :meth:`load` (again for a fresh copy before each deal),
    ask it with :meth:`choose`, and :meth:`close` it when done (also a context manager)."""

    def __init__(self, source: bytes | str | os.PathLike, *, move_limit: float | None = MOVE_LIMIT) -> None:
        if isinstance(source, bytes):
            self._request_load = {"load": base64.b64encode(source).decode("ascii")}
        else:
            path = Path(source)
            if not path.is_file():
                raise FileNotFoundError(f"There is no strategy file {shorten(str(source), 80)}.")
            self._request_load = {"file": str(path.resolve())}
        self.move_limit = move_limit
        self._process: subprocess.Popen | None = None
        self._requests: Any = None
        self._answers: Any = None

    # -- the process ------------------------------------------------------------------------------
    def _start(self) -> None:
        req_r, req_w = os.pipe()
        ans_r, ans_w = os.pipe()
        env = dict(os.environ, SEALED_REQUESTS_FD=str(req_r), SEALED_ANSWERS_FD=str(ans_w))
        self._process = subprocess.Popen(
            [sys.executable, "-m", "windmill_widget.lab.sealed_player"],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            pass_fds=(req_r, ans_w),
            env=env,
            start_new_session=True,
        )
        os.close(req_r)
        os.close(ans_w)
        self._requests = os.fdopen(req_w, "w", encoding="utf-8")
        self._answers = os.fdopen(ans_r, "r", encoding="utf-8")

    def close(self) -> None:
        """Stop the process (killing it if it does not stop at once)."""
        process, self._process = self._process, None
        for stream in (self._requests, self._answers):
            if stream is not None:
                with contextlib.suppress(OSError):
                    stream.close()
        self._requests = self._answers = None
        if process is not None and process.poll() is None:
            process.kill()
            process.wait(timeout=10)

    def __enter__(self) -> SealedPlayer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _ask(self, request: dict[str, Any], limit: float | None) -> dict[str, Any]:
        if self._process is None or self._process.poll() is not None:
            self.close()
            self._start()
        try:
            self._requests.write(json.dumps(request) + "\n")
            self._requests.flush()
        except (BrokenPipeError, OSError):
            self.close()
            raise SealedError("Crash", "the strategy's process ended") from None
        ready, _, _ = select.select([self._answers], [], [], limit)
        if not ready:
            self.close()  # thinking too long: killed
            raise SealedError("TimeLimit", f"the strategy thought longer than {limit:g} s over a move")
        line = self._answers.readline()
        if not line:
            code = self._process.wait(timeout=10) if self._process else None
            self.close()
            raise SealedError("Crash", f"the strategy's process ended (exit code {code})")
        reply = json.loads(line)
        if "error" in reply:
            kind, _, message = str(reply["error"]).partition(": ")
            raise SealedError(kind or "Error", message)
        return reply

    # -- asking ------------------------------------------------------------------------------------
    def load(self) -> str:
        """(Re)load the strategy in its process, a fresh copy; returns its name."""
        return str(self._ask(self._request_load, START_LIMIT)["ready"])

    def choose(self, view: Any) -> str:
        """The move text the strategy answers for ``view`` (a player view); :class:`SealedError` if it
        raised, answered junk, crashed or overran its move limit (its process is then killed, and the
        next :meth:`load` starts a new one)."""
        return str(self._ask({"view": view.to_dict()}, self.move_limit)["move"])
