"""Calling a strategy from the kernel's event loop without letting it take the kernel down.

A strategy is code from a notebook cell: it may be slow, it may never return, it may raise anything,
``SystemExit`` and ``KeyboardInterrupt`` included. :func:`call_in_thread` runs one call in a daemon
thread and awaits it with a time limit, so that while the strategy thinks the event loop goes on (other
cells run, the board's Stop button is heard), and whatever the strategy raises comes back as a value
instead of unwinding the event loop. A call that overruns its limit is abandoned: Python cannot stop a
thread, so it may go on running in the background until it returns, but nothing waits for it and its
answer is thrown away; the kernel stays alive and responsive.

>>> import asyncio
>>> asyncio.run(call_in_thread(lambda x: x + 1, 41, timeout=5)).value
42
>>> asyncio.run(call_in_thread(lambda x: exit(3), 0, timeout=5)).error
SystemExit(3)
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Called:
    """How a guarded call went: its ``value``, or the ``error`` it raised, or ``timed_out``."""

    value: Any = None
    error: BaseException | None = None
    timed_out: bool = False

    @property
    def ok(self) -> bool:
        return self.error is None and not self.timed_out


async def call_in_thread(fn: Callable[[Any], Any], arg: Any, *, timeout: float | None) -> Called:
    """``fn(arg)`` in a daemon thread, awaited for at most ``timeout`` seconds (None: no limit). Never
    raises what ``fn`` raises (any ``BaseException``): it comes back in :attr:`Called.error`. Cancelling
    the awaiting task abandons the call."""
    loop = asyncio.get_running_loop()
    done: asyncio.Future[Called] = loop.create_future()

    def report(result: Called) -> None:
        if not done.done():  # not abandoned (timed out or cancelled) in the meantime
            done.set_result(result)

    def run() -> None:
        try:
            result = Called(value=fn(arg))
        except BaseException as err:  # SystemExit, KeyboardInterrupt...: a value, never the kernel's end
            result = Called(error=err)
        with contextlib.suppress(RuntimeError):  # the loop closed while the strategy thought: nobody waits
            loop.call_soon_threadsafe(report, result)

    threading.Thread(target=run, name=f"strategy {getattr(fn, '__name__', 'call')}", daemon=True).start()
    try:
        return await asyncio.wait_for(asyncio.shield(done), timeout)
    except asyncio.TimeoutError:
        return Called(timed_out=True)
