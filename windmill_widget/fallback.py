"""A live widget's display bundle with static stand-ins added, for the places without a widget
front end (nbconvert's HTML, nbviewer, GitHub, an untrusted notebook, a terminal): one helper for
the board, the quiz, the replay controls and the lab's live chart."""

from __future__ import annotations

from typing import Any


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
