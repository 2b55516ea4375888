"""Why a Crazy Quilt move is worth playing, in a sentence a learner understands: what a player's
``advise`` says after the board's "Hint: ...".

The sentence describes what the move does for the game (the cards it frees, the card it saves from
being buried, why nothing better is in view); it never changes the move.

>>> from windmill_widget import QuiltGame
>>> lesson = QuiltGame.from_position(quilt={"b8": "KC", "c8": "9H", "d8": "2H", "e8": "7C", "f8": "QD"})
>>> reason(lesson.view(), "d8>H+")
'It frees the 9♥ at c8 and the 7♣ at e8.'
"""

from __future__ import annotations

from ...core.cards import RANK_LABELS, SUIT_SYMBOLS, SUITS
from ...games.crazy_quilt import CELLS, FOUNDATIONS, QuiltMove, QuiltView
from ...games.crazy_quilt.search import FOUNDATION0, HAND, NCELLS, REDEAL, SHIFT, TURN, WASTE, SearchState

HAND_TO_WASTE = HAND << SHIFT | WASTE


def face_text(face: int) -> str:
    """``"9♥"`` for a face (``suit * 13 + rank - 1``)."""
    return RANK_LABELS[face % 13 + 1] + SUIT_SYMBOLS[SUITS[face // 13]]


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _cards_at(s: SearchState, cells: int) -> list[str]:
    """``"the Q♥ at a5 (foundation H- takes it next)"`` for each card in ``cells``."""
    wanted = {face: j for face, j in reversed(s.wanted())}
    out = []
    for i in range(NCELLS):
        if cells >> i & 1:
            face = s.faces[i]
            note = f" (foundation {FOUNDATIONS[wanted[face]]} takes it next)" if face in wanted else ""
            out.append(f"the {face_text(face)} at {CELLS[i]}{note}")
    return out


def reason(view: QuiltView, move: QuiltMove | str) -> str:
    """Why ``move`` (legal in ``view``) helps, in one sentence."""
    code = QuiltMove.parse(move).code
    s = SearchState.from_view(view)
    src, dst = code >> SHIFT, code & ((1 << SHIFT) - 1)
    if code == TURN:
        return _why_turn(s)
    if code == REDEAL:
        left = s.redeals - 1
        return (
            "The stock is used up: the waste, turned over, brings its cards round again "
            f"({'no redeal' if not left else f'{left} more redeal' + 's' * (left > 1)} after this one)."
        )
    if src < NCELLS:
        freed = s.freed_by(src)
        if freed:
            return f"It frees {_and(_cards_at(s, freed))}."
        if dst == WASTE:
            return "It changes the waste's top card, so that other cards can be built on it."
        return f"The {face_text(s.faces[src])} is free and fits foundation {FOUNDATIONS[dst - FOUNDATION0]}."
    if dst == WASTE:  # the card in hand onto the waste
        return "On the waste, the card from your hand can take a quilt card built on it."
    below = s.waste_faces()[-2:-1] if src == WASTE else []
    if below:
        return f"It uncovers the {face_text(below[0])} on the waste."
    if src == WASTE:
        return "It clears the waste's last card."
    return "The next turn would put the card in hand onto the waste, under the cards turned after it."


def _why_turn(s: SearchState) -> str:
    plays = [m for m in s.moves() if m not in (TURN, REDEAL, HAND_TO_WASTE)]
    held = "" if not s.hand else " The card in hand goes onto the waste."
    if not plays:
        top = s.waste_top()
        builds = f" or builds on the waste's {face_text(top)}" if 0 <= top < 52 else ""
        return f"No free card fits a foundation{builds}.{held}"
    wanted = {face for face, _ in s.wanted()}
    frees_wanted = any(
        any(s.faces[i] in wanted for i in range(NCELLS) if s.freed_by(m >> SHIFT) >> i & 1)
        for m in plays
        if m >> SHIFT < NCELLS
    )
    why = "the quilt's free cards stay free" if frees_wanted else "none frees a card the foundations want"
    return f"The plays in view can wait ({why}); the next card from the stock may be one they take.{held}"
