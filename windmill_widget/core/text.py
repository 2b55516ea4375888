"""Short quotes of bad input for error messages: a fuzzed 3 MB field must not come back as a 3 MB message.

>>> excerpt("x" * 1000)
"'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…' (1000 characters)"
>>> excerpt([1, 2]), excerpt("n1>c")
('[1, 2]', "'n1>c'")
>>> shorten("lost my marbles"), shorten("y" * 500, 20)
('lost my marbles', 'yyyyyyyyyyyyyyyyyyy…')
>>> full_stop("a list of card ids 0..103"), full_stop("one rank at a time.")
('a list of card ids 0..103.', 'one rank at a time.')
"""

from __future__ import annotations

import reprlib

#: How many characters of a bad value an error message quotes.
EXCERPT = 48

_repr = reprlib.Repr()
_repr.maxstring = EXCERPT
_repr.maxother = EXCERPT
_repr.maxlist = _repr.maxtuple = _repr.maxdict = _repr.maxset = 6
_repr.maxlevel = 3


def excerpt(value: object, limit: int = EXCERPT) -> str:
    """``repr(value)``, cut to about ``limit`` characters (the length of a long text is added)."""
    if isinstance(value, str):
        if len(value) <= limit:
            return repr(value)
        return f"{value[: limit - 2]!r}"[:-1] + "…' " + f"({len(value)} characters)"
    if isinstance(value, (bytes, bytearray)) and len(value) > limit:
        return f"{bytes(value[: limit - 3])!r}"[:-1] + f"…' ({len(value)} bytes)"
    try:
        text = _repr.repr(value)
    except Exception:  # a value whose repr raises is still an error worth reporting
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit + 8 else text[: limit + 5] + "…"


def shorten(text: str, limit: int = 200) -> str:
    """``text`` itself (a message, not a value to quote), cut to ``limit`` characters."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def full_stop(text: str) -> str:
    """``text`` ending as a sentence does (a message quoted inside another one may not)."""
    return text if text.endswith((".", ")")) else text + "."
