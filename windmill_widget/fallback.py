"""A live widget's display bundle with static stand-ins added, for the places without a widget
front end (nbconvert's HTML, nbviewer, GitHub, an untrusted notebook, a terminal): one helper for
the board, the quiz, the replay controls and the lab's live chart."""

from __future__ import annotations

from html import escape
from typing import Any

#: The line under a board's static picture: it reads right wherever the picture shows (an HTML export,
#: nbviewer, GitHub, a notebook not yet run or not trusted in JupyterLab), so a picture is never taken
#: for a board that went dead.
PICTURE_NOTE = "A picture of the board as saved: to play, run this cell in Jupyter (Shift-Enter)."
PICTURE_NOTE_CLOSED = "A picture of the board: it was closed (board.close()) and cannot play; make a new one."

#: What a transient output (a finished run's progress bar or live chart) is replaced with: nothing to
#: see, in every front end and export (an empty bundle makes nbconvert warn that it cannot show it).
CLEARED = {"text/html": ""}


def picture_note(text: str) -> str:
    """``text`` as the one muted line under a static picture.

    >>> picture_note("A picture & more")
    '<div class="windmill-picture-note" style="font-size: smaller; opacity: 0.75">A picture &amp; more</div>'
    """
    style = "font-size: smaller; opacity: 0.75"
    return f'<div class="windmill-picture-note" style="{style}">{escape(text)}</div>'


def with_fallback(bundle: Any, static: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """``bundle`` as a widget's ``_repr_mimebundle_`` returns it (``(data, metadata)``, a bare dict
    or ``None``), with the ``static`` representations added: ``(data, metadata)``.

    >>> with_fallback(({"application/x": 1}, {"m": 2}), {"text/plain": "t"})
    ({'application/x': 1, 'text/plain': 't'}, {'m': 2})
    >>> with_fallback(None, {"text/plain": "t"})
    ({'text/plain': 't'}, {})
    """
    data, metadata = bundle if isinstance(bundle, tuple) else (bundle or {}, {})
    return {**data, **static}, dict(metadata)
