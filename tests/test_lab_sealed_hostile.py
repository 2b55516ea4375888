"""Sealed tournaments against a hostile class (issue 39): students' files that attack the organiser's
disk, network, processes, IPC and answer pipe, and a tournament that must go on regardless.

Each tournament runs in an organiser process of its own (an attack that worked could kill it, or
leave processes behind it), with every hostile student beside a well-behaved one (``bob.py``) and a
built-in player. A hostile student tries its attack at load and at the first move of each deal, and
fails its game ("ATTACK WORKED: ...") if any part of it worked; otherwise it plays the first legal
move. So each test asserts both that the attack failed and that every contestant's records are
complete and exactly the in-process ones. The organiser runs as root (as CI does) with every layer
the system offers, as root with seccomp and Landlock only (no namespaces: what a system that refuses
unprivileged user namespaces gets), and as the unprivileged user ``nobody`` with no home directory
(where nobody may start this Python; item 7 is the root run's too: under bubblewrap the package and the
home directory are read-only).
"""

from __future__ import annotations

import ctypes
import json
import os
import runpy
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

import pytest

from windmill_widget.lab import play_many
from windmill_widget.lab.confine import landlock_abi, launcher
from windmill_widget.strategies import greedy

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="confinement is Linux's")

TOKEN = secrets.token_hex(3)  # this run's marks (process names, IPC keys), never another run's
IPC_KEY = 0x5EA10000 + int(TOKEN, 16) % 0xFFFF
QUEUE = f"/windmill-{TOKEN}"
LINGER = f"linger{TOKEN}"  # a process name (15 characters at most)

ATTEMPT = """
import os, sys
TRIED = []
def attempt(what, do):
    try:
        do()
    except Exception:
        return
    TRIED.append(what)
def play(view):
    if TRIED:
        raise RuntimeError("ATTACK WORKED: " + ", ".join(TRIED))
    return view.legal_moves()[0]
def strategy(view):
    if not view.history:
        attack()
    return play(view)
"""

BOB = "def strategy(view):\n    moves = view.legal_moves()\n    return moves[len(moves) // 2]\n"

#: The hostile student's attacks, each tried at load and at the first move of each deal.
ATTACKS = """
import ctypes, resource, socket, time
libc = ctypes.CDLL(None, use_errno=True)
libc.mq_open.restype = ctypes.c_int
BOB = os.path.join(os.path.dirname(__file__), "bob.py")

def vandalise():  # 1. a classmate's file: its mode, times, attributes, owner
    attempt("chmod", lambda: os.chmod(BOB, 0))
    attempt("utime", lambda: os.utime(BOB, (0, 0)))
    attempt("setxattr", lambda: os.setxattr(BOB, "user.vandal", b"1"))
    attempt("chown", lambda: os.chown(BOB, 65534, 65534))

def tcp(proto):
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM, proto)
    s.settimeout(2)
    s.connect(("127.0.0.1", {port}))
    s.sendall(b"leak")

def unix(address):
    socket.socket(socket.AF_UNIX, socket.SOCK_STREAM).connect(address)

def udp():
    socket.socket(socket.AF_INET, socket.SOCK_DGRAM).sendto(b"leak", ("127.0.0.1", {udp}))

def call():  # 2. the organiser's listeners, the kernel's netlink
    attempt("mptcp", lambda: tcp(262))
    attempt("tcp", lambda: tcp(0))
    attempt("udp", udp)
    attempt("unix", lambda: unix({unix!r}))
    attempt("abstract unix", lambda: unix({abstract!r}))
    attempt("netlink", lambda: socket.socket(socket.AF_NETLINK, socket.SOCK_RAW, 0).bind((0, 0)))

def limit():  # 3. the organiser's limits: RLIMIT_CPU kills it, RLIMIT_NOFILE starves it
    parent = os.getppid()
    attempt("read limits", lambda: resource.prlimit(parent, resource.RLIMIT_AS))
    attempt("RLIMIT_NOFILE", lambda: resource.prlimit(parent, resource.RLIMIT_NOFILE, (8, 8)))
    attempt("RLIMIT_CPU", lambda: resource.prlimit(parent, resource.RLIMIT_CPU, (1, 1)))
    attempt("renice", lambda: os.setpriority(os.PRIO_PROCESS, parent, 19))

def linger():  # 5. a process in a session of its own, to outlive the tournament (for a minute)
    try:
        pid = os.fork()
    except OSError:
        return
    if pid == 0:
        try:
            os.setsid()
        except OSError:
            pass
        libc.prctl(15, {mark!r}, 0, 0, 0)
        end = time.monotonic() + 60
        while time.monotonic() < end:
            time.sleep(0.2)
        os._exit(0)

def check(result):
    if result < 0:
        raise OSError(ctypes.get_errno(), "refused")

def share():  # 6. System V IPC and POSIX message queues: a channel between contestants and deals
    attempt("shm", lambda: check(libc.shmget({key}, 4096, 0o1666)))
    attempt("msg", lambda: check(libc.msgget({key}, 0o1666)))
    attempt("sem", lambda: check(libc.semget({key}, 1, 0o1666)))
    attempt("mq", lambda: check(libc.mq_open({queue!r}, os.O_CREAT | os.O_RDWR, 0o666, None)))

def attack():
    for each in (vandalise, call, limit, linger, share):
        each()

attack()
"""

#: 4. answers the organiser cannot read (JSON nested 4000 deep): while the file loads, and during a
#: move (then it waits, so that the junk is the whole answer).
DEEP = """
def junk():
    for fd in range(3, 40):
        try:
            os.write(fd, b"[" * 4000 + b"\\n")
        except OSError:
            pass
"""
DEEP_LOAD = DEEP + "junk()\ndef attack():\n    pass\n"
DEEP_MOVE = DEEP + "def attack():\n    import time\n    junk()\n    time.sleep(30)\n"


ORGANISER = """
import json, sys, warnings
from windmill_widget.lab import compare, confine
from windmill_widget.strategies import greedy
config = json.loads(sys.argv[1])
if not config["bwrap"]:  # seccomp, Landlock and limits only: no namespaces at all
    confine.BWRAP = None
    confine.UNSHARE = False
from concurrent.futures import ThreadPoolExecutor
with warnings.catch_warnings(record=True) as caught, ThreadPoolExecutor(2) as pool:
    warnings.simplefilter("always")
    c = compare({**config["students"], "greedy": greedy}, deals=config["deals"], sealed=True,
                secret="hostile class", executor=pool, progress=False, move_limit=20)
exec(config["lingering"])
print(json.dumps({
    "deals": c.deals,
    "records": {n: [[r.seed, r.outcome.value, r.moves, r.cards, r.error] for r in c[n].records]
                for n in c.names},
    "confinement": c.confinement and c.confinement.to_dict(),  # None: no process started at all
    "warnings": [str(w.message) for w in caught if "Every game of" not in str(w.message)],
    "lingering": lingering(config["mark"]),
}))
"""


class Listeners:
    """What the caller tries to reach: TCP (MPTCP too), UDP, a unix socket file and an abstract one."""

    def __init__(self, folder: Path) -> None:
        self.tcp = socket.create_server(("127.0.0.1", 0))
        self.udp = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self.udp.bind(("127.0.0.1", 0))
        self.unix_path = str(folder / "listen.sock")
        self.unix = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.unix.bind(self.unix_path)
        os.chmod(self.unix_path, 0o777)
        self.abstract_name = f"\0windmill-{TOKEN}"
        self.abstract = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.abstract.bind(self.abstract_name)
        for s in (self.tcp, self.unix, self.abstract):
            s.listen()
        for s in (self.tcp, self.udp, self.unix, self.abstract):
            s.setblocking(False)

    def format(self) -> dict:
        return {"port": self.tcp.getsockname()[1], "udp": self.udp.getsockname()[1],
                "unix": self.unix_path, "abstract": self.abstract_name}  # fmt: skip

    def reached(self) -> list[str]:
        got = []
        accept = socket.socket.accept
        for name, s, take in (("tcp", self.tcp, accept), ("udp", self.udp, lambda s: s.recv(64)),
                              ("unix", self.unix, accept), ("abstract", self.abstract, accept)):  # fmt: skip
            try:
                take(s)
            except BlockingIOError:
                continue
            got.append(name)
        return got

    def close(self) -> None:
        for s in (self.tcp, self.udp, self.unix, self.abstract):
            s.close()


def _ipc_left() -> list[str]:
    """The IPC objects the ipc student made in this (the host's) namespace, removed as found."""
    libc = ctypes.CDLL(None, use_errno=True)
    left = []
    shm = libc.shmget(IPC_KEY, 0, 0)
    if shm >= 0:
        left.append("shm")
        libc.shmctl(shm, 0, None)  # IPC_RMID
    msg = libc.msgget(IPC_KEY, 0)
    if msg >= 0:
        left.append("msg")
        libc.msgctl(msg, 0, None)
    sem = libc.semget(IPC_KEY, 0, 0)
    if sem >= 0:
        left.append("sem")
        libc.semctl(sem, 0, 0)
    if libc.mq_unlink(QUEUE.encode()) == 0:
        left.append("mq")
    return left


#: The lingerer's processes still running, once the kernel has had a moment to end killed ones (run
#: by the organiser too, right after its tournament).
LINGERING = """
import os, time
def lingering(mark):
    for _ in range(30):
        found = []
        for pid in filter(str.isdigit, os.listdir("/proc")):
            try:
                with open(f"/proc/{pid}/comm") as comm:
                    if comm.read().strip() == mark:
                        found.append(int(pid))
            except OSError:
                pass
        if not found:
            break
        time.sleep(0.1)
    return found
"""


def _lingering() -> list[int]:
    namespace: dict = {}
    exec(LINGERING, namespace)
    found = namespace["lingering"](LINGER)
    for pid in found:  # never left behind by this test, whatever it found
        os.kill(pid, 9)
    return found


def _can_run_as_nobody(folder: Path) -> str | None:
    """Why the organiser cannot run as ``nobody`` here (None if it can)."""
    import windmill_widget

    if os.geteuid() != 0 or shutil.which("setpriv") is None:
        return "needs root and setpriv to run an organiser as nobody"
    reads = f"open({str(Path(windmill_widget.__file__))!r}).read(); open({str(folder / 'bob.py')!r}).read(); "
    probe = reads + "import subprocess, sys; subprocess.run([sys.executable, '-c', ''], check=True)"
    done = subprocess.run(
        _as_nobody([sys.executable, "-c", probe]), capture_output=True, env=_env(home=False)
    )
    return (
        None
        if done.returncode == 0
        else "nobody cannot start this Python, or read this package or the students' folder"
    )


def _as_nobody(command: list[str]) -> list[str]:
    return ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", *command]


def _env(*, home: bool) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("NUMBA_", "PYTEST", "COV"))}
    if not home:
        env.pop("HOME", None)
    return env


class Tournament:
    """One organiser's run over the hostile class, and what it left behind."""

    def __init__(self, kind: str, *, deals: int) -> None:
        self.kind = kind
        bwrap, nobody = kind != "root with seccomp and Landlock only", kind == "nobody"
        self.folder = Path(tempfile.mkdtemp(prefix="hostile-class-"))
        self.folder.chmod(0o755)  # the students' files must be readable by an unprivileged organiser
        self.listeners = Listeners(self.folder)
        fill = {**self.listeners.format(), "mark": LINGER.encode(), "key": IPC_KEY, "queue": QUEUE.encode()}
        self.students = {
            "bob": self._write("bob", BOB),
            "hostile": self._write("hostile", ATTEMPT + ATTACKS.format(**fill)),
            "deep_load": self._write("deep_load", ATTEMPT + DEEP_LOAD),
            "deep_move": self._write("deep_move", ATTEMPT + DEEP_MOVE),
        }
        self.bob_before = self._stat_bob()
        config = {"students": self.students, "deals": deals, "bwrap": bwrap, "mark": LINGER,
                  "lingering": LINGERING}  # fmt: skip
        command = [sys.executable, "-c", ORGANISER, json.dumps(config)]
        self.skipped = _can_run_as_nobody(self.folder) if nobody else None
        if self.skipped:
            return
        t0 = time.monotonic()
        self.done = subprocess.run(_as_nobody(command) if nobody else command, capture_output=True, text=True,
                                   env=_env(home=not nobody), timeout=600, cwd=self.folder)  # fmt: skip
        self.seconds = time.monotonic() - t0
        self.lingering_after = _lingering()
        self.ipc_left = _ipc_left()
        self.reached = self.listeners.reached()
        self.listeners.close()
        self.bob_after = self._stat_bob()
        out = self.done.stdout.strip().splitlines()
        self.report = json.loads(out[-1]) if self.done.returncode == 0 and out else None

    def _write(self, name: str, body: str) -> str:
        path = self.folder / f"{name}.py"
        path.write_text(textwrap.dedent(body))
        path.chmod(0o644)
        return str(path)

    def _stat_bob(self) -> tuple:
        st = os.stat(self.students["bob"])
        try:
            attrs = os.listxattr(self.students["bob"])
        except OSError:
            attrs = []
        return (st.st_mode, st.st_mtime_ns, st.st_uid, attrs)

    def records(self, name: str) -> list[list]:
        assert self.report is not None, f"the organiser failed:\n{self.done.stderr[-3000:]}"
        return self.report["records"][name]

    def expected(self, strategy) -> list[list]:
        """The in-process records of ``strategy`` on this tournament's deals."""
        played = play_many(strategy, self.report["deals"], executor="serial", progress=False).records
        return [[r.seed, r.outcome.value, r.moves, r.cards, r.error] for r in played]

    def close(self) -> None:
        shutil.rmtree(self.folder, ignore_errors=True)


def first(view):
    return view.legal_moves()[0]


@pytest.fixture(scope="module", params=["root", "root with seccomp and Landlock only", "nobody"])
def tournament(request):
    kind = request.param
    if kind != "nobody" and os.geteuid() != 0:
        pytest.skip("the organiser as root needs root")
    t = Tournament(kind, deals=1)
    if t.skipped:
        t.close()
        pytest.skip(t.skipped)
    yield t
    t.close()


def test_the_tournament_ends_with_every_record_and_says_what_confined_it(tournament: Tournament) -> None:
    t = tournament
    assert t.done.returncode == 0, t.done.stderr[-3000:]  # the organiser was neither killed nor stopped
    n = len(t.report["deals"])
    assert all(len(t.records(name)) == n for name in [*t.students, "greedy"])
    c = t.report["confinement"]
    assert c is not None, t.records("greedy")  # no process started (item 7: they died at import)
    for guarantee in ("files", "attributes", "network", "signals", "limits", "ipc", "contained"):
        assert c[guarantee], (guarantee, c)
    assert c["seccomp"] and c["landlock"] == landlock_abi()
    if t.kind == "root" and launcher():  # bubblewrap is here (CI installs it) and works
        assert c["namespaces"] == "ipc mnt net pid user uts" and c["readonly"], c
    elif t.kind == "root with seccomp and Landlock only":
        assert c["namespaces"] == "" and not c["readonly"], c
    assert not t.report["warnings"], t.report["warnings"]


def test_well_behaved_contestants_play_their_true_games(tournament: Tournament) -> None:
    bob = runpy.run_path(tournament.students["bob"])["strategy"]
    assert tournament.records("bob") == tournament.expected(bob)
    assert tournament.records("greedy") == tournament.expected(greedy)  # item 7: a built-in player too


def test_every_attack_fails_and_the_hostile_student_plays_on(tournament: Tournament) -> None:
    """Each attack was refused (items 1, 2, 3, 5, 6), so the student played its first legal moves,
    as in process; and the organiser was neither killed nor starved (item 3)."""
    assert tournament.records("hostile") == tournament.expected(first)


def test_a_classmates_file_keeps_its_mode_times_and_attributes(tournament: Tournament) -> None:  # item 1
    assert tournament.bob_after == tournament.bob_before


def test_no_socket_reached_the_organisers_listeners(tournament: Tournament) -> None:  # item 2
    assert tournament.reached == []


def test_no_process_of_a_strategy_outlives_the_tournament(tournament: Tournament) -> None:  # item 5
    assert tournament.report["lingering"] == [] and tournament.lingering_after == []


def test_no_ipc_object_outlives_the_tournament(tournament: Tournament) -> None:  # item 6
    assert tournament.ipc_left == []


def test_an_answer_the_organiser_cannot_read_is_the_students_failure(
    tournament: Tournament,
) -> None:  # item 4
    junk = "Junk: the strategy's process answered '[[[["
    for _seed, outcome, _moves, _cards, error in tournament.records("deep_load"):
        assert outcome == "failed" and error.startswith("StrategyLoadError: " + junk), error
        assert "nested too deep to read" in error and len(error) < 300
    for _seed, outcome, _moves, _cards, error in tournament.records("deep_move"):
        assert outcome == "failed" and error.startswith(junk) and error.endswith("at move 0"), error
