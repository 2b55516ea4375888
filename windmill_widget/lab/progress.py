"""The lab's progress bars: ``tqdm.auto`` (a widget in a notebook, text in a terminal), except that in a
notebook a bar that reached its end leaves no trace, so a finished run leaves one result under its cell.

Without this, tqdm's notebook bar stays in the cell's saved output as a widget whose text form is the
bar as it was first displayed, "0%| | 0/1200": what nbconvert, nbviewer and GitHub show above the
finished result. A bar that stopped short (an interrupt, an error) stays, showing how far it got.
"""

from __future__ import annotations

from typing import Any

from .. import runtime
from ..fallback import CLEARED


def progress_bar(total: int, *, desc: str | None = None, unit: str = "game") -> Any:
    """A tqdm bar for ``total`` units; call its ``close()`` at the end, as with any tqdm bar."""
    from tqdm.auto import tqdm  # imported here: it loads ipywidgets inside a notebook

    if not runtime.can_start_threads():
        tqdm.monitor_interval = 0  # its monitor is a thread: without one, no warning that it cannot start
    notebook_bar = _notebook_bar_class(tqdm)
    if notebook_bar is not None:
        return notebook_bar(total=total, desc=desc, unit=unit)
    return tqdm(total=total, desc=desc, unit=unit, dynamic_ncols=True)


def _notebook_bar_class(auto: type) -> type | None:
    """A notebook bar that clears its output when it closes at its end, if ``auto`` (what tqdm.auto
    chose) is tqdm's notebook bar; else None."""
    try:
        from tqdm.notebook import tqdm_notebook
    except ImportError:  # pragma: no cover - tqdm without its notebook module
        return None
    if not issubclass(auto, tqdm_notebook):
        return None

    class TransientBar(auto):  # type: ignore[misc, valid-type]
        def __init__(self, **kwargs: Any) -> None:
            from IPython.display import display

            super().__init__(display=False, **kwargs)
            # Displayed here rather than by tqdm, under a display id, so that close() can clear it.
            self._handle = None if self.disable else display(self.container, display_id=True)

        def close(self) -> None:
            if self.disable:
                return
            finished = bool(self.total) and self.n >= self.total
            super().close()
            if finished and getattr(self, "_handle", None) is not None:
                self._handle.update(CLEARED, raw=True)  # saved: nothing (the result says it all)
                self._handle = None
                self.container.close()  # the widget's model too: nothing left to save or restore

    return TransientBar
