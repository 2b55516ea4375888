"""Save files: JSON with a format version, the rules, the deal and every move.

Loading validates everything and replays the moves through the engine, so a corrupted or
forged file raises :class:`SaveFileError` and never yields a half-loaded game. Nothing in a
file is executed: it is read with :func:`json.loads` and checked field by field.

>>> from windmill_widget import Game
>>> g = Game(seed=7); _ = g.play("deal"); _ = g.undo()
>>> h = Game.from_json(g.to_json())
>>> (h.seed, h.history, h.redo_moves)
(7, (), (Move('deal'),))
"""

from __future__ import annotations

import json
from typing import Any

from .deal import DEAL_ALGORITHM, check_seed
from .errors import IllegalMove, SaveFileError
from .notation import CORNERS, PILE_INDEX, SAILS
from .rules import Rules

FORMAT = "windmill-game"
VERSION = 1
MAX_BYTES = 4_000_000  # far above any real game (a few hundred moves); refuses absurd input early
MAX_MOVES = 100_000


def dump(game: Any, *, indent: int | None = None) -> str:
    kind = game._origin[0]
    if kind == "seed":
        deal: dict[str, Any] = {"seed": game.seed, "algorithm": DEAL_ALGORITHM}
    elif kind == "order":
        deal = {"order": list(game._origin[1])}
    else:
        piles, run = game._origin[1], game._origin[2]
        deal = {"position": {name: list(piles[PILE_INDEX[name]]) for name in PILE_INDEX}, "corner_run": run}
    moves = [str(m) for m in game.history] + [str(m) for m in game.redo_moves]
    doc = {
        "format": FORMAT,
        "version": VERSION,
        "rules": game.rules.to_dict(),
        "deal": deal,
        "moves": moves,
        "cursor": len(game.history),
    }
    return json.dumps(doc, indent=indent, ensure_ascii=False)


class _DuplicateKey(ValueError):
    pass


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """``json.loads`` keeps the last of two equal keys; a save file that has them is refused instead."""
    doc: dict[str, Any] = {}
    for key, value in pairs:
        if key in doc:
            raise _DuplicateKey(f"the key {key!r} appears twice in one object")
        doc[key] = value
    return doc


def load(text: str | bytes) -> Any:
    if isinstance(text, bytes):
        if len(text) > MAX_BYTES:
            raise SaveFileError(f"This save file is {len(text)} bytes long; a real game needs far fewer.")
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as err:
            raise SaveFileError(f"This save file is not UTF-8 text ({err}).") from None
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
    except ValueError as err:  # JSONDecodeError, and numbers too long to convert
        raise SaveFileError(f"This save file is not valid JSON: {err}.") from None
    if not isinstance(doc, dict):
        raise SaveFileError("A save file is a JSON object.")
    if doc.get("format") != FORMAT:
        raise SaveFileError(f"This is not a Windmill save file (its format is {doc.get('format')!r}).")
    version = doc.get("version")
    if type(version) is not int or version != VERSION:
        raise SaveFileError(
            f"This save file has version {version!r}; this windmill_widget reads version {VERSION}."
        )
    extra = set(doc) - {"format", "version", "rules", "deal", "moves", "cursor"}
    if extra:
        raise SaveFileError(f"This save file has unknown fields: {sorted(extra)}.")
    try:
        rules = Rules.from_dict(doc.get("rules"))
    except (TypeError, ValueError) as err:
        raise SaveFileError(f"The rules in this save file are invalid: {err}") from None
    game = _load_deal(doc.get("deal"), rules)
    moves, cursor = doc.get("moves"), doc.get("cursor")
    if not isinstance(moves, list):
        raise SaveFileError("The moves in a save file are a list of moves in notation.")
    if len(moves) > MAX_MOVES:
        raise SaveFileError(f"This save file lists {len(moves)} moves; at most {MAX_MOVES} are read.")
    if not isinstance(cursor, int) or isinstance(cursor, bool) or not 0 <= cursor <= len(moves):
        raise SaveFileError(f"The cursor must be a whole number from 0 to {len(moves)}, not {cursor!r}.")
    for i, text_move in enumerate(moves, 1):
        if not isinstance(text_move, str):
            raise SaveFileError(f"Move {i} in this save file is {text_move!r}, not a move in notation.")
        try:
            game.play(text_move)  # notation errors are IllegalMove too
        except IllegalMove as err:
            raise SaveFileError(
                f"Move {i} ({text_move!r}) in this save file cannot be played: {err}"
            ) from None
    for _ in range(len(moves) - cursor):
        game.undo()
    return game


def _load_deal(deal: Any, rules: Rules) -> Any:
    from .game import Game

    if not isinstance(deal, dict):
        raise SaveFileError("The deal in a save file is an object with a seed, an order or a position.")
    try:
        if set(deal) == {"seed", "algorithm"}:
            if deal["algorithm"] != DEAL_ALGORITHM:
                raise SaveFileError(
                    f"This file was dealt with {deal['algorithm']!r}; this version deals with "
                    f"{DEAL_ALGORITHM!r}, so the seed would give another deal."
                )
            return Game(seed=check_seed(deal["seed"]), rules=rules)  # None would mean a random deal
        if set(deal) == {"order"}:
            order = deal["order"]
            if not isinstance(order, list) or not all(type(c) is int for c in order):
                raise ValueError("the order is a list of card ids 0..103")
            return Game.from_order(order, rules=rules)
        if set(deal) == {"position", "corner_run"}:
            pos = deal["position"]
            if not isinstance(pos, dict) or set(pos) != set(PILE_INDEX):
                raise ValueError(f"a position names every pile: {', '.join(PILE_INDEX)}")
            for name, pile in pos.items():
                if not isinstance(pile, list) or not all(type(c) is int for c in pile):
                    raise ValueError(f"pile {name} is a list of card ids 0..103")
                if name in SAILS and len(pile) > 1:
                    raise ValueError(f"sail {name} holds at most one card")
            return Game.from_position(
                center=pos["c"],
                corners={n: pos[n] for n in CORNERS},
                sails={n: (pos[n][0] if pos[n] else None) for n in SAILS},
                waste=pos["waste"],
                stock=pos["stock"],
                rules=rules,
                corner_run=deal["corner_run"],
            )
    except SaveFileError:
        raise
    except (TypeError, ValueError) as err:
        raise SaveFileError(f"The deal in this save file is invalid: {err}.") from None
    raise SaveFileError("The deal in a save file has either a seed and algorithm, an order, or a position.")
