"""Sealed tournaments: each strategy plays in a process of its own, seeing only player views.

Python cannot seal code that runs in the same process. A strategy there can walk the call stack
(``sys._getframe(1).f_locals``) to the game that asked it, find the game among ``gc.get_objects()``,
match the face-up cards against ``deal_order`` of small deal numbers, or change a value every game
shares (``object.__setattr__`` on the interned ``Move('deal')``). The ordinary ``play_many`` and
``compare`` trust their strategies; for a class that runs a competition, ``compare(..., sealed=True)``
does not:

* each strategy runs in a process of its own (:mod:`.sealed_player`), which receives only a player
  view as JSON (the stock only as a count: no seed, no game, no rules object) and answers only move
  text, which the organiser checks against the rules before playing it. The games, their positions
  and their deal numbers live in the organiser's process;
* the deals are numbers drawn from a secret the organiser keeps (:func:`sealed_seeds`): 64-bit numbers
  a strategy cannot list, and the same deals again for the organiser who gives the same secret;
* a strategy that thinks longer than ``move_limit`` seconds over a move is killed and its game recorded
  as failed; the next game starts a fresh process. One that raises (``SystemExit`` included), exits,
  crashes, answers junk or floods its pipe fails that game, with a short record of what it did;
* between its moves the strategy's process is stopped (``SIGSTOP``), so it cannot think in the
  background while the organiser plays; each deal gets a fresh copy of the strategy (unpickled, or
  its file run again) with Python's shared ``random`` generator seeded the same way, in a process
  that serves a chunk of deals (its start, some tenths of a second, is not paid for every deal);
* the process starts under bubblewrap where it works (new user, network, IPC, PID and mount
  namespaces, the file system read-only: :func:`.confine.launcher`; without it, the process makes
  those but the PID namespace itself, where the system allows) and, before the strategy's code
  runs, confines itself (:mod:`.confine`, Linux: seccomp, Landlock, limits): it cannot read the user's
  files (a notebook showing the secret), write or change any file (its mode, times or attributes
  either), open a socket (to the Jupyter kernel or anything else), signal, trace or limit another
  process, share IPC, or leave a process behind; its memory is capped (:data:`MEMORY_LIMIT`) and, for
  a user other than root, it can start no process or thread. What the system cannot enforce is
  reported (``comparison.confinement``) and warned about, never faked;
* whatever the organiser cannot read in an answer (junk, JSON nested too deep), and any error on the
  organiser's side while starting or reading a strategy's process, is that strategy's failure
  (``OrganiserError`` when the organiser's side failed), never the tournament's end.

What it does not guarantee: a strategy still uses the CPU and memory it is allowed during its move;
state it hides outside its fresh copy (an imported module's globals) may carry over from one deal to
the next *of its own* in the same process; and the shuffle is a fast generator, not a cryptographic
one, so the secret protects the deals from being looked up, not from a strategy that could work the
deal number out of the cards it sees (no such method is known to be practical). Only Linux confines
the processes (elsewhere they are only separate; sealed mode needs a POSIX system).

Students' strategies may be given as files (``{"alice": "students/alice.py"}``): one self-contained
file that defines ``def strategy(view): ...`` returning one of ``view.legal_moves()`` (or
``strategy = some_player``), and may import the standard library, installed packages and this kit.
It is run only in the sealed process, once before the tournament (a file that defines no strategy,
does not compile or raises fails all its deals at once, with a sentence saying what to write) and
again for each deal.

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
import re
import select
import signal
import subprocess
import sys
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ..core.text import shorten
from . import confine
from .confine import Confinement, host_namespaces, launcher

#: Seconds a sealed strategy may think over one move before it is killed.
MOVE_LIMIT = 10.0
#: Seconds a sealed process may take to start (Python and this package, on a busy machine).
START_LIMIT = 60.0
#: Seconds a strategy may take to load (or reload: a student's file runs again for each deal).
LOAD_LIMIT = 30.0
#: Bytes of address space a sealed strategy's process may use (Python and this package take ~100 MB).
MEMORY_LIMIT = 2 * 2**30
#: The longest answer line the organiser reads: a move, or an error of a few hundred characters.
MAX_ANSWER = 4096


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
    ``"Crash"``, ``"Junk"``...) and a short message."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(f"{kind}: {message}")
        self.kind = kind
        self.message = message


def _secs(limit: float | None) -> str:
    return "ever" if limit is None else f"{limit:g} s"


_KIND = re.compile(r"[A-Za-z_][A-Za-z0-9_.]{0,59}")


def _child_env(file: str | None, memory: int | None, parent: bool) -> dict[str, str]:
    """The sealed process's whole environment: how to import this package, and nothing of the
    organiser's (its variables may hold tokens). Hashing is fixed, so a strategy that iterates over a
    set plays the same moves on every run; numeric libraries are kept to one thread."""
    env = {
        "PYTHONPATH": os.pathsep.join(p for p in sys.path if p),
        "PYTHONDONTWRITEBYTECODE": "1",
        "PYTHONHASHSEED": "0",
        "PYTHONIOENCODING": "utf-8",
        "LC_ALL": "C.UTF-8",
        "OMP_NUM_THREADS": "1",
        "OPENBLAS_NUM_THREADS": "1",
        "MKL_NUM_THREADS": "1",
        "SEALED_MEMORY": str(memory or 0),
        "SEALED_HOST_NS": host_namespaces(),  # to tell which of its namespaces are its own
    }
    if parent:  # started directly, not by bubblewrap (which kills it with the organiser itself)
        env["SEALED_PARENT"] = str(os.getpid())
        env["SEALED_UNSHARE"] = "1" if confine.UNSHARE else "0"
    if file:
        env["SEALED_FILE"] = file
    return env


class SealedPlayer:
    """The organiser's end of one strategy's sealed process. ``source`` is the strategy's pickled
    bytes or a path to its file. :meth:`load` a fresh copy before each deal (it starts the process if
    none runs), :meth:`choose` a move, and :meth:`close` it when done (also a context manager).

    Everything that comes back is treated as hostile: an answer is read within its time limit and up
    to :data:`MAX_ANSWER` bytes, must be one JSON line carrying the request's number, and a move must
    be short text (the rules then judge it). Any breach kills the process and raises
    :class:`SealedError`; the next :meth:`load` starts a new one."""

    def __init__(
        self,
        source: bytes | str | os.PathLike,
        *,
        move_limit: float | None = MOVE_LIMIT,
        load_limit: float | None = None,  # default: LOAD_LIMIT
        memory_limit: int | None = MEMORY_LIMIT,
    ) -> None:
        if isinstance(source, bytes):
            self._request_load: dict[str, Any] = {"load": base64.b64encode(source).decode("ascii")}
            self._file = None
        else:
            path = Path(source)
            if not path.is_file():
                raise FileNotFoundError(f"There is no strategy file {shorten(str(source), 80)}.")
            self._file = str(path.resolve())
            self._request_load = {"file": self._file}
        self.move_limit = move_limit
        self.load_limit = LOAD_LIMIT if load_limit is None else load_limit
        self.memory_limit = memory_limit
        #: What the system confined the process to (known once the process has started).
        self.confinement: Confinement | None = None
        self._process: subprocess.Popen | None = None
        self._bwrap = False  # started by bubblewrap, which reports a signal's death as 128 + signal
        self._requests = self._answers = -1
        self._asked = 0
        self._more = False  # the last answer read had more after it (out of turn)

    # -- the process ------------------------------------------------------------------------------
    def _start(self) -> None:
        req_r, req_w = os.pipe()
        ans_r, ans_w = os.pipe()
        prefix = launcher()
        self._bwrap = bool(prefix)
        env = _child_env(self._file, self.memory_limit, parent=not prefix)
        env.update(SEALED_REQUESTS_FD=str(req_r), SEALED_ANSWERS_FD=str(ans_w))
        try:
            self._process = subprocess.Popen(
                [*prefix, sys.executable, "-m", "windmill_widget.lab.sealed_player"],
                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                pass_fds=(req_r, ans_w), env=env, cwd="/",
                start_new_session=True,  # its own process group: killed and stopped as a whole
            )  # fmt: skip
        finally:
            os.close(req_r)
            os.close(ans_w)
        self._requests, self._answers = req_w, ans_r
        os.set_blocking(ans_r, False)
        os.set_blocking(req_w, False)

    def _signal(self, signum: int) -> None:
        process = self._process
        if process is not None and process.poll() is None:  # not reaped: its pid is still its own
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(process.pid, signum)

    def close(self) -> None:
        """Kill the process (and anything it started in its group)."""
        self._signal(signal.SIGKILL)
        process, self._process = self._process, None
        for fd in (self._requests, self._answers):
            if fd >= 0:
                with contextlib.suppress(OSError):
                    os.close(fd)
        self._requests = self._answers = -1
        if process is not None:
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(timeout=10)

    def __enter__(self) -> SealedPlayer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __del__(self) -> None:
        with contextlib.suppress(Exception):
            self.close()

    def _fail(self, kind: str, message: str) -> SealedError:
        self.close()
        return SealedError(kind, message)

    def _ended(self) -> SealedError:
        process = self._process
        code = None
        if process is not None:
            with contextlib.suppress(subprocess.TimeoutExpired):
                code = process.wait(timeout=5)
        if code is not None and self._bwrap and code > 128:
            with contextlib.suppress(ValueError):
                code = -signal.Signals(code - 128)
        how = f"exit code {code}" if code is None or code >= 0 else f"killed by {signal.Signals(-code).name}"
        return self._fail("Crash", f"the strategy's process ended ({how})")

    def _ask(self, request: dict[str, Any], limit: float | None, overrun: str) -> dict[str, Any]:
        try:
            return self._exchange(request, limit, overrun)
        except SealedError:
            raise
        except Exception as err:  # on the organiser's side, but this strategy's exchange: its failure,
            # said for what it is (the tournament goes on)
            raise self._fail("OrganiserError", f"{type(err).__name__}: {shorten(str(err), 100)}, "
                             "while starting or reading the strategy's process") from None  # fmt: skip

    def _exchange(self, request: dict[str, Any], limit: float | None, overrun: str) -> dict[str, Any]:
        if self._process is None or self._process.poll() is not None:
            self._launch()
        deadline = None if limit is None else time.monotonic() + limit
        self._asked += 1
        self._signal(signal.SIGCONT)  # stopped since its last answer
        self._write((json.dumps({**request, "id": self._asked}) + "\n").encode("utf-8"), deadline, overrun)
        reply = self._reply(self._read_line(deadline, overrun))
        self._signal(signal.SIGSTOP)  # no thinking in the background while it is not its turn
        return reply

    def _launch(self) -> None:
        """Start a process; it confines itself and reports how, before any of the strategy's code runs
        (so that the strategy cannot fake the report)."""
        self.close()
        self._start()
        limit = START_LIMIT  # Python and the kit: not the strategy's time, so not its load limit
        deadline = time.monotonic() + limit
        self._asked = 0
        report = self._reply(
            self._read_line(deadline, f"the strategy's process took longer than {_secs(limit)} to start")
        )
        try:
            self.confinement = Confinement(**report["confined"])
        except (KeyError, TypeError):
            raise self._fail("Junk", "the strategy's process did not say how it is confined") from None

    def _reply(self, line: str) -> dict[str, Any]:
        try:
            reply = json.loads(line)
        except ValueError:
            raise self._fail("Junk", f"the strategy's process answered {shorten(repr(line), 60)}") from None
        except RecursionError:  # "[" * 4000: the organiser's reader gives up; the answer is the junk
            raise self._fail("Junk", f"the strategy's process answered {shorten(repr(line), 40)}, "
                             "nested too deep to read") from None  # fmt: skip
        if self._more or not isinstance(reply, dict) or reply.get("id") != self._asked:
            raise self._fail("Junk", "the strategy's process wrote on its answer pipe out of turn")
        error = reply.get("error")
        if error is not None:
            kind = error.get("kind") if isinstance(error, dict) else None
            message = error.get("message") if isinstance(error, dict) else None
            kind = kind if isinstance(kind, str) and _KIND.fullmatch(kind) else "Error"
            raise SealedError(kind, shorten(message if isinstance(message, str) else repr(error), 300))
        return reply

    def _write(self, data: bytes, deadline: float | None, overrun: str) -> None:
        """Send a request, within the time limit: a long game's request may not fit the pipe's buffer,
        and a strategy may have stopped its process reading."""
        view = memoryview(data)
        while view:
            wait = None if deadline is None else deadline - time.monotonic()
            if (wait is not None and wait <= 0) or not select.select([], [self._requests], [], wait)[1]:
                raise self._fail("TimeLimit", overrun)
            try:
                view = view[os.write(self._requests, view) :]
            except BlockingIOError:
                continue
            except OSError:  # its end of the pipe is closed: the process has ended
                raise self._ended() from None

    def _read_line(self, deadline: float | None, overrun: str) -> str:
        buffer = bytearray()
        while b"\n" not in buffer:
            wait = None if deadline is None else deadline - time.monotonic()
            if (wait is not None and wait <= 0) or not select.select([self._answers], [], [], wait)[0]:
                raise self._fail("TimeLimit", overrun)
            try:
                chunk = os.read(self._answers, MAX_ANSWER + 1)
            except BlockingIOError:
                continue
            if not chunk:
                raise self._ended()
            buffer += chunk
            if len(buffer) > MAX_ANSWER:
                raise self._fail("Junk", f"the strategy's process wrote more than {MAX_ANSWER} bytes "
                                 "where a move was expected")  # fmt: skip
        line, _, rest = bytes(buffer).partition(b"\n")
        # More after the line is out of turn; _reply says so once it has judged the line itself, so a
        # junk line is named as such however the pipe happened to split what followed it.
        self._more = bool(rest)
        return line.decode("utf-8", errors="replace")

    # -- asking ------------------------------------------------------------------------------------
    def load(self) -> str:
        """(Re)load the strategy in its process, a fresh copy (starting the process if none runs);
        returns its name."""
        limit = self.load_limit
        reply = self._ask(self._request_load, limit, f"the strategy took longer than {_secs(limit)} to load")
        return shorten(str(reply.get("ready")), 60)

    def choose(self, view: Any, limit: float | None = None) -> str:
        """The move text the strategy answers for ``view`` (a player view) within ``limit`` seconds
        (default :attr:`move_limit`); :class:`SealedError` if it raised, answered junk, crashed or
        overran (its process is then killed)."""
        limit = self.move_limit if limit is None else limit
        overrun = f"the strategy thought longer than {_secs(limit)} over a move"
        move = self._ask({"view": view.to_dict()}, limit, overrun).get("move")
        if not isinstance(move, str) or len(move) > 64:
            raise self._fail("Junk", f"the strategy's process answered {shorten(repr(move), 60)} for a move")
        return move
