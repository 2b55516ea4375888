"""Confining a sealed strategy's process before its code runs: what the operating system can enforce.

A process of its own already keeps a strategy away from the organiser's memory; but a process of the
same user could still read the user's files (a notebook that shows the tournament's secret, the
kernel's connection file), connect to the Jupyter kernel and run code there, change a classmate's
file, set the organiser's resource limits, leave processes behind, or talk to other contestants. Four
layers close those doors, each where the system offers it, for the rest of the process's life:

- **namespaces** (:func:`launcher`: bubblewrap, ``bwrap``, when installed and allowed to create
  unprivileged user namespaces): the process starts in new user, network, IPC, PID, UTS and mount
  namespaces with every file system mounted read-only, a fresh ``/proc`` and a minimal ``/dev``. It
  sees no other process (so can signal, trace or limit none), has no network but its own empty
  loopback, shares no System V or POSIX IPC with anyone, can change no file, and everything it starts
  dies with it (the namespace's first process is killed with the organiser's). Without bubblewrap
  the process makes the same namespaces but the PID one itself (:func:`unshare_namespaces`), where
  the system allows unprivileged user namespaces;
- **seccomp** (:func:`confine`, through libseccomp): system calls the other layers leave open are
  refused (``EPERM``): changing a file's mode, owner, times or extended attributes; creating any
  socket (TCP, MPTCP, UDP, unix, netlink...); ``prlimit``, priorities and scheduling of other
  processes; System V IPC and POSIX message queues; leaving its process group (``setsid``,
  ``setpgid``: the organiser stops and kills the whole group); ``ptrace``, ``io_uring``, ``bpf``,
  ``unshare``, ``mount`` and the like;
- **Landlock** (Linux 5.13 and later; signals from 6.12): the process may read only Python's own
  files, the installed packages, this package and the strategy's file; it may write no file, make no
  TCP connection, send no signal and attach to no process (``ptrace``, ``/proc/<pid>/mem``) outside
  itself;
- **limits** (``setrlimit``): its address space (``memory`` bytes), no core files, and, for a user
  other than root, no new processes or threads (``RLIMIT_NPROC``); ``no_new_privs``, and every
  capability dropped when run as root.

What a system does not offer is reported, never faked: :func:`confine` returns a :class:`Confinement`
that says which layers are in force (found by the process itself, before the strategy's code runs)
and what each guarantee rests on; the organiser warns, naming what stays open. Only Linux confines;
elsewhere the process is merely separate.

>>> Confinement().missing()
['files', 'attributes', 'network', 'signals', 'limits', 'ipc', 'contained', 'processes', 'memory']
"""

from __future__ import annotations

import contextlib
import ctypes
import functools
import os
import platform
import shutil
import site
import subprocess
import sys
import sysconfig
from collections.abc import Iterable
from dataclasses import asdict, dataclass, fields

try:
    import resource
except ImportError:  # pragma: no cover - not a POSIX system: nothing to confine with
    resource = None  # type: ignore[assignment]

# Landlock's system calls and flags (linux/landlock.h); the numbers are the same on every
# architecture that has them.
_CREATE_RULESET, _ADD_RULE, _RESTRICT_SELF = 444, 445, 446
_VERSION = 1
_RULE_PATH_BENEATH = 1
_EXECUTE, _READ_FILE, _READ_DIR = 1 << 0, 1 << 2, 1 << 3
#: Every file-system right of each Landlock ABI (1: 13 rights; 2: +refer; 3: +truncate; 5: +ioctl).
_FS_RIGHTS = {1: (1 << 13) - 1, 2: (1 << 14) - 1, 3: (1 << 15) - 1, 4: (1 << 15) - 1}
_FS_RIGHTS_LATEST = (1 << 16) - 1
_NET_TCP = (1 << 0) | (1 << 1)  # bind and connect (ABI 4)
_SCOPES = (1 << 0) | (1 << 1)  # abstract unix sockets and signals (ABI 6)
_PR_SET_NO_NEW_PRIVS, _PR_CAPBSET_DROP, _PR_SET_PDEATHSIG = 38, 24, 1
_CAP_LAST = 63

#: What stays open when a guarantee is missing, as the organiser's warning says it.
OPEN = {
    "files": "reading your files and writing files",
    "attributes": "changing files' modes, owners, times and extended attributes",
    "network": "opening sockets (TCP, MPTCP, UDP, unix, netlink)",
    "signals": "signalling or tracing other processes",
    "limits": "changing other processes' resource limits and priorities",
    "ipc": "System V and POSIX IPC shared with other processes",
    "contained": "leaving processes running after the tournament",
}


class _RulesetAttr(ctypes.Structure):
    _fields_ = [("fs", ctypes.c_uint64), ("net", ctypes.c_uint64), ("scoped", ctypes.c_uint64)]


class _PathBeneath(ctypes.Structure):
    _pack_ = 1
    _fields_ = [("allowed", ctypes.c_uint64), ("parent_fd", ctypes.c_int32)]


@dataclass(frozen=True)
class Confinement:
    """What :func:`confine` found in force: the layers (Landlock ABI, 0 if none; the seccomp filter;
    the namespaces the process runs in, apart from the organiser's; every file system read-only), then
    each guarantee, true where some layer enforces it."""

    landlock: int = 0
    seccomp: bool = False
    namespaces: str = ""  #: e.g. "ipc mnt net pid user uts"
    readonly: bool = False  #: every file system it can reach is mounted read-only
    files: bool = False  #: reads only Python's, the packages' and its own file; writes nothing
    attributes: bool = False  #: changes no file's mode, owner, times or extended attributes
    network: bool = False  #: opens no socket: no TCP, MPTCP, UDP, unix or netlink
    signals: bool = False  #: no signal and no ptrace to a process outside itself
    limits: bool = False  #: sets no other process's resource limits, priority or scheduling
    ipc: bool = False  #: shares no System V or POSIX IPC with another process
    contained: bool = False  #: nothing it starts outlives it
    processes: bool = False  #: no new process or thread
    memory: int = 0  #: its address space in bytes (0: no limit set)

    def missing(self) -> list[str]:
        """The guarantees this system could not give."""
        layers = ("landlock", "seccomp", "namespaces", "readonly")
        return [f.name for f in fields(self) if f.name not in layers and not getattr(self, f.name)]

    def open_doors(self) -> list[str]:
        """What nothing stops (of :data:`OPEN`), in words."""
        return [OPEN[m] for m in self.missing() if m in OPEN]

    def layers(self) -> str:
        """The layers in force, in words."""
        return ", ".join([
            f"Landlock ABI {self.landlock}" if self.landlock else "no Landlock",
            "seccomp" if self.seccomp else "no seccomp filter",
            f"namespaces {self.namespaces}" if self.namespaces else "no namespaces",
        ])  # fmt: skip

    def to_dict(self) -> dict[str, int | bool | str]:
        return asdict(self)


def _libc() -> ctypes.CDLL:
    return ctypes.CDLL(None, use_errno=True)


def landlock_abi() -> int:
    """The Landlock ABI version this kernel offers (0: none, or not Linux)."""
    if not sys.platform.startswith("linux"):
        return 0
    try:
        abi = _libc().syscall(_CREATE_RULESET, None, ctypes.c_size_t(0), ctypes.c_uint32(_VERSION))
    except (OSError, AttributeError):
        return 0
    return max(int(abi), 0)


def _landlock(abi: int, readable: Iterable[str]) -> None:
    libc = _libc()
    attr = _RulesetAttr(_FS_RIGHTS.get(abi, _FS_RIGHTS_LATEST), _NET_TCP if abi >= 4 else 0,
                        _SCOPES if abi >= 6 else 0)  # fmt: skip
    size = 8 if abi < 4 else 16 if abi < 6 else 24  # an older kernel takes only the fields it knows
    ruleset = libc.syscall(_CREATE_RULESET, ctypes.byref(attr), ctypes.c_size_t(size), ctypes.c_uint32(0))
    if ruleset < 0:
        raise OSError(ctypes.get_errno(), "landlock_create_ruleset failed")
    try:
        for path in readable:
            try:
                fd = os.open(path, os.O_PATH | os.O_CLOEXEC)
            except OSError:
                continue  # a path that does not exist needs no rule
            try:
                rights = _READ_FILE | _EXECUTE | (_READ_DIR if os.path.isdir(path) else 0)
                rule = _PathBeneath(rights, fd)
                if libc.syscall(_ADD_RULE, ruleset, _RULE_PATH_BENEATH, ctypes.byref(rule), 0) < 0:
                    raise OSError(ctypes.get_errno(), f"landlock_add_rule failed for {path}")
            finally:
                os.close(fd)
        if libc.prctl(_PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0:
            raise OSError(ctypes.get_errno(), "prctl(PR_SET_NO_NEW_PRIVS) failed")
        if libc.syscall(_RESTRICT_SELF, ruleset, 0) < 0:
            raise OSError(ctypes.get_errno(), "landlock_restrict_self failed")
    finally:
        os.close(ruleset)


# -- seccomp ---------------------------------------------------------------------------------------
#: System calls refused outright (EPERM): what Landlock does not cover (a file's mode, owner, times
#: and attributes; sockets other than TCP; System V IPC and POSIX queues), leaving the organiser's
#: process group, and the kernel's wider doors a strategy has no use for.
_DENIED = (
    # a file's mode, owner, times, flags and extended attributes (Landlock covers none of them)
    "chmod", "fchmod", "fchmodat", "fchmodat2", "chown", "fchown", "lchown", "fchownat", "utime",
    "utimes", "futimesat", "utimensat", "setxattr", "lsetxattr", "fsetxattr", "removexattr",
    "lremovexattr", "fremovexattr", "setxattrat", "removexattrat", "file_setattr",
    # every socket (Landlock covers TCP only), System V IPC and POSIX message queues
    "socket", "shmget", "shmat", "shmdt", "shmctl", "msgget", "msgsnd", "msgrcv", "msgctl", "semget",
    "semop", "semtimedop", "semctl", "mq_open", "mq_unlink", "mq_timedsend", "mq_timedreceive",
    "mq_notify", "mq_getsetattr",
    # leaving its process group; reaching other processes
    "setsid", "setpgid", "ioprio_set", "migrate_pages", "move_pages", "ptrace", "process_vm_readv",
    "process_vm_writev", "process_madvise", "kcmp", "pidfd_open", "pidfd_getfd", "pidfd_send_signal",
    # the kernel's wider doors
    "io_uring_setup", "io_uring_enter", "io_uring_register", "bpf", "perf_event_open", "userfaultfd",
    "keyctl", "add_key", "request_key", "unshare", "setns", "mount", "umount2", "pivot_root", "chroot",
    "open_tree", "move_mount", "fsopen", "fsconfig", "fsmount", "fspick", "mount_setattr",
    "name_to_handle_at", "open_by_handle_at", "fanotify_init", "mknod", "mknodat",
)  # fmt: skip
#: ...and refused when they aim at another process (argument 0 is a pid; 0 is the caller).
_DENIED_FOR_OTHERS = ("prlimit64", "sched_setaffinity", "sched_setscheduler", "sched_setparam",
                      "sched_setattr")  # fmt: skip
#: ioctl requests that change a file's flags or attributes (FS_IOC_SETFLAGS, its 32-bit twin,
#: FS_IOC_FSSETXATTR), and TIOCSTI (typing into a terminal).
_DENIED_IOCTLS = (0x40086602, 0x40046602, 0x401C5820, 0x5412)
#: Numbers of calls newer than an older libseccomp knows, where every architecture shares them
#: (x86-64 and arm64 use the generic table for calls added since Linux 5.1).
_GENERIC = {"pidfd_send_signal": 424, "io_uring_setup": 425, "io_uring_enter": 426, "io_uring_register": 427,
            "open_tree": 428, "move_mount": 429, "fsopen": 430, "fsconfig": 431, "fsmount": 432,
            "fspick": 433, "pidfd_open": 434, "pidfd_getfd": 438, "process_madvise": 440,
            "mount_setattr": 442, "fchmodat2": 452, "setxattrat": 463, "removexattrat": 466,
            "file_setattr": 469}  # fmt: skip
_ALLOW, _EPERM = 0x7FFF0000, 0x00050000 | 1
_CMP_NE, _CMP_MASKED_EQ = 1, 7


class _ArgCmp(ctypes.Structure):
    _fields_ = [("arg", ctypes.c_uint), ("op", ctypes.c_int), ("a", ctypes.c_uint64), ("b", ctypes.c_uint64)]


def _libseccomp() -> ctypes.CDLL | None:
    try:
        lib = ctypes.CDLL("libseccomp.so.2", use_errno=True)
    except OSError:
        return None
    lib.seccomp_init.restype = ctypes.c_void_p
    lib.seccomp_init.argtypes = [ctypes.c_uint32]
    lib.seccomp_rule_add_array.argtypes = [ctypes.c_void_p, ctypes.c_uint32, ctypes.c_int, ctypes.c_uint,
                                           ctypes.POINTER(_ArgCmp)]  # fmt: skip
    lib.seccomp_syscall_resolve_name.argtypes = [ctypes.c_char_p]
    lib.seccomp_load.argtypes = [ctypes.c_void_p]
    lib.seccomp_release.argtypes = [ctypes.c_void_p]
    return lib


def _seccomp(lib: ctypes.CDLL) -> None:
    """Load the filter (for good: a process can only add filters, never remove one)."""
    generic = platform.machine() in ("x86_64", "aarch64")
    ctx = lib.seccomp_init(_ALLOW)
    if not ctx:
        raise OSError("seccomp_init failed")

    def number(name: str) -> int | None:
        nr = lib.seccomp_syscall_resolve_name(name.encode())
        if nr >= 0:
            return nr
        return _GENERIC.get(name) if generic and nr == -1 else None  # -1: unknown; below: not here

    def deny(name: str, *compare: _ArgCmp) -> None:
        nr = number(name)
        if nr is None:
            return
        args = (_ArgCmp * max(len(compare), 1))(*compare)
        if lib.seccomp_rule_add_array(ctx, _EPERM, nr, len(compare), args) < 0:
            raise OSError(f"seccomp_rule_add failed for {name}")

    try:
        for name in _DENIED:
            deny(name)
        for name in _DENIED_FOR_OTHERS:
            deny(name, _ArgCmp(0, _CMP_NE, 0, 0))
        deny("setpriority", _ArgCmp(0, _CMP_NE, 0, 0))  # PRIO_PROCESS is 0: not its group or user
        deny("setpriority", _ArgCmp(1, _CMP_NE, 0, 0))
        deny("kill", _ArgCmp(0, _CMP_MASKED_EQ, 0xFFFFFFFF, 0xFFFFFFFF))  # kill(-1): every process it may
        for request in _DENIED_IOCTLS:
            deny("ioctl", _ArgCmp(1, _CMP_MASKED_EQ, 0xFFFFFFFF, request))
        if lib.seccomp_load(ctx) < 0:
            raise OSError("seccomp_load failed")
    finally:
        lib.seccomp_release(ctx)


# -- namespaces --------------------------------------------------------------------------------------
_NAMESPACES = ("ipc", "mnt", "net", "pid", "user", "uts")
#: bubblewrap, if installed: the launcher that puts a sealed process in namespaces of its own.
BWRAP: str | None = shutil.which("bwrap")
#: Without bubblewrap, whether a sealed process makes its namespaces itself (:func:`unshare_namespaces`).
UNSHARE = True


def _bwrap_args(bwrap: str) -> list[str]:
    return [bwrap, "--unshare-user", "--unshare-ipc", "--unshare-pid", "--unshare-net", "--unshare-uts",
            "--unshare-cgroup-try", "--die-with-parent", "--ro-bind", "/", "/", "--dev", "/dev",
            "--proc", "/proc", "--cap-drop", "ALL", "--chdir", "/", "--"]  # fmt: skip


@functools.cache
def _bwrap_works(bwrap: str) -> bool:
    """Whether ``bwrap`` can make its namespaces here and start this Python in them (not where
    unprivileged user namespaces are turned off, as some distributions and containers do, nor where
    Python lies on a file system that refuses a user namespace, as FUSE does by default)."""
    try:
        done = subprocess.run([*_bwrap_args(bwrap), sys.executable, "-I", "-S", "-c", ""],
                              stdin=subprocess.DEVNULL, capture_output=True, timeout=60)  # fmt: skip
    except (OSError, subprocess.SubprocessError):
        return False
    return done.returncode == 0


def launcher() -> list[str]:
    """The command that starts a sealed process in namespaces of its own (bubblewrap with its
    options, ending with ``--``), or ``[]`` where bubblewrap is missing or may not make them."""
    if not sys.platform.startswith("linux") or BWRAP is None or not _bwrap_works(BWRAP):
        return []
    return _bwrap_args(BWRAP)


def host_namespaces() -> str:
    """This process's namespaces (``"ipc:[4026531839] ..."``): a sealed process compares its own
    with them to report which are new."""
    return " ".join(_namespace_ids().values())


def _namespace_ids() -> dict[str, str]:
    ids = {}
    for name in _NAMESPACES:
        with contextlib.suppress(OSError):
            ids[name] = os.readlink(f"/proc/self/ns/{name}")
    return ids


def _new_namespaces(host: str) -> list[str]:
    """The namespaces this process does not share with the organiser (whose ids are ``host``)."""
    theirs = set(host.split())
    return [name for name, ident in _namespace_ids().items() if theirs and ident not in theirs]


_CLONE_NEWNS, _CLONE_NEWUTS, _CLONE_NEWIPC = 0x00020000, 0x04000000, 0x08000000
_CLONE_NEWUSER, _CLONE_NEWNET = 0x10000000, 0x40000000
_MOUNT_SETATTR, _AT_FDCWD, _AT_RECURSIVE, _MOUNT_ATTR_RDONLY = 442, -100, 0x8000, 0x1


class _MountAttr(ctypes.Structure):
    _fields_ = [("set", ctypes.c_uint64), ("clear", ctypes.c_uint64), ("propagation", ctypes.c_uint64),
                ("userns_fd", ctypes.c_uint64)]  # fmt: skip


def unshare_namespaces() -> None:
    """Without bubblewrap: move this process into new user, mount, network, IPC and UTS namespaces
    and make every mount read-only, where the system allows unprivileged user namespaces. (No PID
    namespace: that needs a new first process, which bubblewrap starts.) Call it while the process
    has a single thread; a step the system refuses is skipped, and :func:`confine` reports what holds."""
    if not sys.platform.startswith("linux"):
        return
    libc = _libc()
    uid, gid = os.getuid(), os.getgid()
    if libc.unshare(_CLONE_NEWUSER | _CLONE_NEWNS | _CLONE_NEWNET | _CLONE_NEWIPC | _CLONE_NEWUTS) != 0:
        return
    with contextlib.suppress(OSError):  # the same ids inside (else they read as nobody's)
        for name, text in (
            ("setgroups", "deny"),
            ("uid_map", f"{uid} {uid} 1"),
            ("gid_map", f"{gid} {gid} 1"),
        ):
            with open(f"/proc/self/{name}", "w") as f:
                f.write(text)
    attr = _MountAttr(_MOUNT_ATTR_RDONLY, 0, 0, 0)
    libc.syscall(_MOUNT_SETATTR, _AT_FDCWD, b"/", _AT_RECURSIVE, ctypes.byref(attr), ctypes.sizeof(attr))


def _all_read_only() -> bool:
    """Whether every mount is read-only, but this process's own ``/proc`` and ``/dev``."""
    try:
        with open("/proc/self/mountinfo") as mounts:
            rows = [line.split() for line in mounts]
    except OSError:
        return False
    private = ("/proc", "/dev")
    seen = [(row[4], row[5].split(",")) for row in rows if len(row) > 5]
    return bool(seen) and all(
        "ro" in options
        for point, options in seen
        if not any(point == p or point.startswith(p + "/") for p in private)
    )


def _drop_capabilities() -> None:
    """As root: give up every capability (so the limits cannot be raised again), keeping the uid."""

    class Header(ctypes.Structure):
        _fields_ = [("version", ctypes.c_uint32), ("pid", ctypes.c_int)]

    class Data(ctypes.Structure):
        _fields_ = [("effective", ctypes.c_uint32), ("permitted", ctypes.c_uint32),
                    ("inheritable", ctypes.c_uint32)]  # fmt: skip

    libc = _libc()
    for cap in range(_CAP_LAST + 1):
        libc.prctl(_PR_CAPBSET_DROP, cap, 0, 0, 0)  # EINVAL past the kernel's last capability
    header = Header(0x20080522, 0)  # _LINUX_CAPABILITY_VERSION_3
    if libc.capset(ctypes.byref(header), (Data * 2)()) < 0:
        raise OSError(ctypes.get_errno(), "capset failed")


def die_with_parent() -> None:
    """Ask the kernel to kill this process when the organiser's thread that started it ends, so a
    strategy that never answers does not outlive its tournament."""
    if sys.platform.startswith("linux"):
        _libc().prctl(_PR_SET_PDEATHSIG, 9, 0, 0, 0)


def readable_paths(extra: Iterable[str] = ()) -> list[str]:
    """What a confined strategy may read: Python's installation and its packages, this package (which
    may live outside them, in a source checkout), the system's shared libraries, and ``extra``."""
    import windmill_widget  # (the package above this module: imported by then)

    paths = {sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix}
    paths.update(sysconfig.get_paths()[k] for k in ("stdlib", "platstdlib", "purelib", "platlib"))
    paths.update(site.getsitepackages())
    paths.add(site.getusersitepackages())
    paths.update(windmill_widget.__path__)  # never its parent: a source checkout's notebooks may
    # show the tournament's secret (the package is imported before confining, so only it is needed)
    paths.update(("/usr/lib", "/usr/lib64", "/usr/local/lib", "/lib", "/lib64", "/usr/share/zoneinfo"))
    paths.update(("/dev/null", "/dev/urandom"))
    paths.update(extra)
    return sorted(p for p in paths if p)


def readable_in_sealed(path: str) -> bool:
    """Whether a confined strategy may read the file ``path`` (it lies under :func:`readable_paths`)."""
    path = os.path.realpath(path)
    roots = [os.path.realpath(p) for p in readable_paths()]
    return any(path == r or path.startswith(r.rstrip(os.sep) + os.sep) for r in roots)


def confine(readable: Iterable[str] = (), *, memory: int | None = None, host: str = "") -> Confinement:
    """Confine this process for good (see the module's notes): it may then read only
    :func:`readable_paths` and ``readable``; ``memory`` bytes of address space. ``host`` is the
    organiser's :func:`host_namespaces`, to tell which of this process's are new. Returns what is
    in force."""
    if resource is None or not sys.platform.startswith("linux"):  # pragma: no cover - not Linux
        return Confinement()
    done: dict[str, int | bool | str] = {}
    new = _new_namespaces(host)
    readonly = "mnt" in new and _all_read_only()
    seccomp = _libseccomp()  # loaded while the library's file can still be read anywhere
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    if memory:
        try:
            resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
            done["memory"] = memory
        except (ValueError, OSError):
            pass
    if os.geteuid() != 0:  # root is exempt from RLIMIT_NPROC, capabilities or not
        try:
            resource.setrlimit(resource.RLIMIT_NPROC, (0, 0))
            done["processes"] = True
        except (ValueError, OSError):
            pass
    abi = landlock_abi()
    if abi:
        _landlock(abi, readable_paths(readable))
    if os.geteuid() == 0 or "user" in new:  # root, or every capability within its own user namespace
        _drop_capabilities()
    filtered = False
    if seccomp is not None:
        _libc().prctl(_PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0)
        try:
            _seccomp(seccomp)  # all or nothing: the filter loads whole, or not at all
            filtered = True
        except OSError:  # a libseccomp too odd to use: reported, and warned about
            pass
    fresh_pids = "pid" in new
    done.update(
        landlock=abi,
        seccomp=filtered,
        namespaces=" ".join(new),
        readonly=readonly,
        files=abi > 0,
        attributes=filtered or readonly,
        network=filtered,
        signals=abi >= 6 or fresh_pids,
        limits=filtered or fresh_pids,
        ipc=filtered or "ipc" in new,
        contained=filtered or fresh_pids,
    )
    return Confinement(**done)  # type: ignore[arg-type]
