"""Calling a strategy from the kernel's event loop without letting it take the kernel down.

A strategy is code from a notebook cell: it may be slow, it may never return, it may raise anything,
``SystemExit`` and ``KeyboardInterrupt`` included. :func:`call_guarded` makes one call and returns how
it went as a value (:class:`Called`), never raising what the strategy raised into the event loop.

- Where threads run (:func:`~windmill_widget.runtime.can_start_threads`), :func:`call_in_thread` runs
  the call in a daemon thread and awaits it with a time limit, so that while the strategy thinks the
  event loop goes on (other cells run, the board's Stop button is heard). A call that overruns its
  limit is abandoned: Python cannot stop a thread, so it may go on running in the background until it
  returns, but nothing waits for it and its answer is thrown away; the kernel stays responsive.
- Under Pyodide (JupyterLite), where no thread can start, :func:`call_on_loop` lets the loop turn
  once (Stop and other messages are heard between moves), then makes the call on the loop itself: the
  page waits while the strategy thinks, and a call that overran its limit is known only once it
  returns (its answer is then thrown away all the same).

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
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from . import runtime

__all__ = ["Called", "call_guarded", "call_in_thread", "call_on_loop"]


@dataclass(frozen=True)
class Called:
    """How a guarded call went: its ``value``, or the ``error`` it raised, or ``timed_out``."""

    value: Any = None
    error: BaseException | None = None
    timed_out: bool = False

    @property
    def ok(self) -> bool:
        """Whether the call returned in time without raising."""
        return self.error is None and not self.timed_out


async def call_guarded(fn: Callable[[Any], Any], arg: Any, *, timeout: float | None) -> Called:
    """``fn(arg)`` in a thread where threads run, else on the loop (Pyodide): see the module's text.

    >>> asyncio.run(call_guarded(len, "abc", timeout=None)).value
    3
    """
    if runtime.can_start_threads():
        return await call_in_thread(fn, arg, timeout=timeout)
    return await call_on_loop(fn, arg, timeout=timeout)


async def call_on_loop(fn: Callable[[Any], Any], arg: Any, *, timeout: float | None) -> Called:
    """``fn(arg)`` on the event loop, after letting it turn once; an answer that came after
    ``timeout`` seconds is thrown away (``timed_out``). Never raises what ``fn`` raises.

    >>> asyncio.run(call_on_loop(lambda x: 1 / x, 0, timeout=None)).error
    ZeroDivisionError('division by zero')
    """
    await asyncio.sleep(0)  # what arrived meanwhile (Stop, New game) is heard before the strategy runs
    start = time.perf_counter()
    try:
        value = fn(arg)
    except BaseException as err:  # SystemExit, KeyboardInterrupt...: a value, never the kernel's end
        return Called(error=err)
    if timeout is not None and time.perf_counter() - start > timeout:
        return Called(timed_out=True)
    return Called(value=value)


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
