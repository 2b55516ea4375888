"""Confining a sealed strategy's process before its code runs: what the operating system can enforce.

A process of its own already keeps a strategy away from the organiser's memory; but a process of the
same user could still read the user's files (a notebook that shows the tournament's secret, the
kernel's connection file), connect to the Jupyter kernel and run code there, read the organiser's
memory through ``/proc``, or kill other processes. :func:`confine` closes those doors for the rest of
the process's life, irreversibly, before the strategy is loaded:

- **Landlock** (Linux 5.13 and later; signals from 6.12): the process may read only Python's own
  files, the installed packages, this package and the strategy's file; it may write no file, make no
  TCP connection, send no signal and attach to no process (``ptrace``, ``/proc/<pid>/mem``) outside
  itself;
- **limits** (``setrlimit``): its address space (``memory`` bytes), no core files, and, for a user
  other than root, no new processes or threads (``RLIMIT_NPROC``);
- ``no_new_privs``, and every capability dropped when run as root.

What a system does not offer is reported, never faked: :func:`confine` returns what it applied, and
the organiser warns when something is missing. Only Linux confines; elsewhere the process is merely
separate.

>>> sorted(Confinement().missing())
['files', 'memory', 'network', 'processes', 'signals']
"""

from __future__ import annotations

import ctypes
import os
import site
import sys
import sysconfig
from collections.abc import Iterable
from dataclasses import asdict, dataclass

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


class _RulesetAttr(ctypes.Structure):
    _fields_ = [("fs", ctypes.c_uint64), ("net", ctypes.c_uint64), ("scoped", ctypes.c_uint64)]


class _PathBeneath(ctypes.Structure):
    _pack_ = 1
    _fields_ = [("allowed", ctypes.c_uint64), ("parent_fd", ctypes.c_int32)]


@dataclass(frozen=True)
class Confinement:
    """What :func:`confine` applied: the Landlock ABI (0 if none) and each restriction in force."""

    landlock: int = 0
    files: bool = False  #: reads only Python's, the packages' and its own file; writes nothing
    network: bool = False  #: no TCP connection, no listening socket
    signals: bool = False  #: no signal and no ptrace to a process outside itself
    processes: bool = False  #: no new process or thread
    memory: int = 0  #: its address space in bytes (0: no limit set)

    def missing(self) -> list[str]:
        """The restrictions this system could not apply."""
        return [k for k, v in asdict(self).items() if k != "landlock" and not v]

    def to_dict(self) -> dict[str, int | bool]:
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


def confine(readable: Iterable[str] = (), *, memory: int | None = None) -> Confinement:
    """Confine this process for good (see the module's notes): it may then read only
    :func:`readable_paths` and ``readable``; ``memory`` bytes of address space. Returns what the
    system enforced."""
    done: dict[str, int | bool] = {}
    if resource is None:  # pragma: no cover - not a POSIX system
        return Confinement()
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
        done.update(landlock=abi, files=True, network=abi >= 4, signals=abi >= 6)
    if os.geteuid() == 0 and sys.platform.startswith("linux"):
        _drop_capabilities()
    return Confinement(**done)  # type: ignore[arg-type]
