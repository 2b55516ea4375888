"""Save files: JSON naming the game, with a format version, the rules, the deal and every move.

Loading validates everything and replays the moves through the game's rules, so a corrupted or
forged file raises :class:`SaveFileError` and never yields a half-loaded game. Nothing in a file is
executed: it is read with :func:`json.loads` and checked field by field. The envelope names its game,
so a Crazy Quilt file can never be loaded as Windmill. Windmill files written before the kit had
two games (format ``windmill-game``, version 1) still load. An optional ``annotations`` field keeps
the moves' marks and comments (:mod:`.annotations`, as PGN does); if it is corrupt the game still
loads, without them, and an :class:`~.annotations.AnnotationsWarning` says why.

>>> from windmill_widget import Game
>>> g = Game(seed=7); _ = g.play("deal"); _ = g.undo()
>>> h = Game.from_json(g.to_json())
>>> (h.seed, h.history, h.redo_moves)
(7, (), (Move('deal'),))
>>> import json; sorted(json.loads(g.to_json()))
['cursor', 'deal', 'format', 'game', 'moves', 'rules', 'version']
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from . import annotations
from .deal import DEAL_ALGORITHM, check_seed
from .errors import IllegalMove, SaveFileError
from .registry import find_game
from .text import excerpt, full_stop

if TYPE_CHECKING:
    from .game import PatienceGame

FORMAT = "windmill_widget-game"
VERSION = 2
#: Windmill's files from before the shared core: no "game" field, always Windmill.
LEGACY_FORMAT, LEGACY_VERSION = "windmill-game", 1
MAX_BYTES = 4_000_000  # far above any real game (a few hundred moves); refuses absurd input early
MAX_MOVES = 100_000
_FIELDS = {"format", "version", "game", "rules", "deal", "moves", "cursor"}
#: An optional field: the moves' marks and comments (core/annotations.py), written only when there are any.
_OPTIONAL = {"annotations"}


def dump(game: PatienceGame, *, indent: int | None = None) -> str:
    kind = game._origin[0]
    if kind == "seed":
        deal: dict[str, Any] = {"seed": game.seed, "algorithm": DEAL_ALGORITHM}
    elif kind == "order":
        deal = {"order": list(game._origin[1])}
    elif kind == "pysolfc":
        deal = {"pysolfc": game._origin[1]}
    else:
        deal = game._position_doc()
    moves = [str(m) for m in game.history] + [str(m) for m in game.redo_moves]
    doc = {
        "format": FORMAT,
        "version": VERSION,
        "game": game.name,
        "rules": game.rules.to_dict(),
        "deal": deal,
        "moves": moves,
        "cursor": len(game.history),
    }
    notes = annotations.to_json(game.annotations, len(moves))
    if notes:
        doc["annotations"] = notes
    return json.dumps(doc, indent=indent, ensure_ascii=False)


class _DuplicateKey(ValueError):
    pass


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """``json.loads`` keeps the last of two equal keys; a save file that has them is refused instead."""
    doc: dict[str, Any] = {}
    for key, value in pairs:
        if key in doc:
            raise _DuplicateKey(f"the key {excerpt(key)} appears twice in one object")
        doc[key] = value
    return doc


def _parse(text: str | bytes) -> dict[str, Any]:
    if isinstance(text, (bytes, bytearray)):
        if len(text) > MAX_BYTES:
            raise SaveFileError(f"This save file is {len(text)} bytes long; a real game needs far fewer.")
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as err:
            raise SaveFileError(
                f"This save file is not UTF-8 text ({err.reason} at byte {err.start})."
            ) from None
    if not isinstance(text, str):
        raise SaveFileError(f"A save file is JSON text, not {type(text).__name__}.")
    if len(text) > MAX_BYTES:
        raise SaveFileError(f"This save file is {len(text)} characters long; a real game needs far fewer.")
    try:
        doc = json.loads(text, object_pairs_hook=_no_duplicate_keys)
    except _DuplicateKey as err:
        raise SaveFileError(f"This save file is ambiguous: {err}.") from None
    except RecursionError:
        raise SaveFileError("This save file is not valid JSON: it is nested far too deeply.") from None
    except json.JSONDecodeError as err:
        raise SaveFileError(f"This save file is not valid JSON: {err.msg} (line {err.lineno}).") from None
    except ValueError as err:  # numbers too long to convert
        raise SaveFileError(f"This save file is not valid JSON: {excerpt(str(err), 80)}.") from None
    if not isinstance(doc, dict):
        raise SaveFileError("A save file is a JSON object.")
    return doc


def _game_of(doc: dict[str, Any]) -> type[PatienceGame]:
    fmt, version = doc.get("format"), doc.get("version")
    if fmt == LEGACY_FORMAT:
        if type(version) is not int or version != LEGACY_VERSION:
            raise SaveFileError(
                f"This Windmill save file has version {excerpt(version)}; old files have version 1."
            )
        if "game" in doc:
            raise SaveFileError("This save file has unknown fields: ['game'].")
        return find_game("windmill")
    if fmt != FORMAT:
        raise SaveFileError(f"This is not a windmill_widget save file (its format is {excerpt(fmt)}).")
    if type(version) is not int or version != VERSION:
        raise SaveFileError(
            f"This save file has version {excerpt(version)}; this windmill_widget reads version {VERSION}."
        )
    name = doc.get("game")
    try:
        cls = find_game(name)  # type: ignore[arg-type]
    except (KeyError, TypeError) as err:
        raise SaveFileError(
            f"This save file is of a game this windmill_widget does not know: {err.args[0]}"
        ) from None
    if name != cls.name:  # files name the game by its registry name, not by an alias
        raise SaveFileError(f"A save file names its game as {cls.name!r}, not {excerpt(name)}.")
    return cls


def load(text: str | bytes, expect: type[PatienceGame] | None = None) -> PatienceGame:
    """Load a save file of any registered game (or, with ``expect``, of that game only)."""
    doc = _parse(text)
    cls = _game_of(doc)
    if expect is not None and not issubclass(cls, expect):
        raise SaveFileError(
            f"This is a {cls.title} save file, not a {expect.title} one: load it with "
            f"{cls.__name__}.from_json(...), or with windmill_widget.load_game(...) for any game."
        )
    extra = set(doc) - _FIELDS - _OPTIONAL
    if extra:
        raise SaveFileError(f"This save file has unknown fields: {excerpt(sorted(extra))}.")
    try:
        rules = cls.rules_type.from_dict(doc.get("rules"))
    except (TypeError, ValueError) as err:
        raise SaveFileError(f"The rules in this save file are invalid: {full_stop(str(err))}") from None
    game = _load_deal(cls, doc.get("deal"), rules)
    moves, cursor = doc.get("moves"), doc.get("cursor")
    if not isinstance(moves, list):
        raise SaveFileError("The moves in a save file are a list of moves in notation.")
    if len(moves) > MAX_MOVES:
        raise SaveFileError(f"This save file lists {len(moves)} moves; at most {MAX_MOVES} are read.")
    if not isinstance(cursor, int) or isinstance(cursor, bool) or not 0 <= cursor <= len(moves):
        raise SaveFileError(
            f"The cursor must be a whole number from 0 to {len(moves)}, not {excerpt(cursor)}."
        )
    for i, text_move in enumerate(moves, 1):
        if not isinstance(text_move, str):
            raise SaveFileError(
                f"Move {i} in this save file is {excerpt(text_move)}, not a move in notation."
            )
        try:
            game.play(text_move)  # notation errors are IllegalMove too
        except IllegalMove as err:
            raise SaveFileError(
                f"Move {i} ({excerpt(text_move)}) in this save file cannot be played: {err}"
            ) from None
    for _ in range(len(moves) - cursor):
        game.undo()
    if "annotations" in doc:  # a fault here costs the comments, never the game
        game.annotations = annotations.read_or_warn(doc["annotations"], len(moves))
    return game


def _load_deal(cls: type[PatienceGame], deal: Any, rules: Any) -> PatienceGame:
    if not isinstance(deal, dict):
        raise SaveFileError(
            "The deal in a save file is an object with a seed, an order, a PySolFC game number or a position."
        )
    try:
        if set(deal) == {"seed", "algorithm"}:
            if deal["algorithm"] != DEAL_ALGORITHM:
                raise SaveFileError(
                    f"This file was dealt with {excerpt(deal['algorithm'])}; this version deals with "
                    f"{DEAL_ALGORITHM!r}, so the seed would give another deal."
                )
            return cls(seed=check_seed(deal["seed"]), rules=rules)  # None would mean a random deal
        if set(deal) == {"pysolfc"}:  # PySolFC's deal of that game number (needs pysol-cards)
            return cls.from_pysolfc(deal["pysolfc"], rules=rules)
        if set(deal) == {"order"}:
            order = deal["order"]
            if not isinstance(order, list) or not all(type(c) is int for c in order):
                raise ValueError("the order is a list of card ids 0..103")
            return cls.from_order(order, rules=rules)
        return cls._from_position_doc(deal, rules)
    except SaveFileError:
        raise
    except (TypeError, ValueError) as err:
        raise SaveFileError(f"The deal in this save file is invalid: {full_stop(str(err))}") from None
