"""How a board is shown, as set from Python (issue 40): its size, its compact layout, its pile names.
The browser tests check what the front end makes of them."""

from __future__ import annotations

import pytest
import traitlets

from windmill_widget.widget import _CARD_WIDTH, QuiltWidget, WindmillWidget


def test_size_is_fit_by_default_and_takes_a_card_width_or_width() -> None:
    w = WindmillWidget(seed=1)
    assert (w.size, w.compact) == ("fit", None)
    assert WindmillWidget(seed=1, size=48).size == 48
    q = QuiltWidget(seed=1, size="width", compact=True)
    assert (q.size, q.compact) == ("width", True)
    q.size = _CARD_WIDTH["legible"]
    assert q.get_state()["size"] == _CARD_WIDTH["legible"]  # synced to the front end


@pytest.mark.parametrize("bad", ["huge", 5, 10_000, True, 2.5, None])
def test_a_bad_size_says_what_is_allowed_and_changes_nothing(bad) -> None:
    w = WindmillWidget(seed=1, size=50)
    with pytest.raises(traitlets.TraitError, match="size must be 'fit', 'width' or a card width in pixels"):
        w.size = bad
    assert w.size == 50


def test_pile_names_are_on_by_default_and_switchable() -> None:
    w = WindmillWidget(seed=1)
    assert w.pile_names is True and w.get_state()["pile_names"] is True
    w.pile_names = False
    assert w.get_state()["pile_names"] is False
    assert QuiltWidget(seed=1, pile_names=False).pile_names is False


def test_redo_after_undoing_new_game_deals_the_new_game_again() -> None:
    """Issue 40, item 11: Undo at a new game's start goes back to the game before; Redo comes back."""
    w = WindmillWidget(seed=42)
    w.play("e1>nw")
    w.new_game()
    w.play("deal")
    w.undo()  # the new game's deal
    w.undo()  # back to seed 42, at move 1
    assert (w.game.seed, w.state["can_redo"]) == (42, True)
    assert w.handle_intent({"type": "redo", "version": w.version}) is True
    assert (w.game.seed, len(w.game.history), w.game.can_redo) == (43, 0, True)  # its own redo kept
    assert w.state["message"]["text"] == "Redo: back to the next game, seed 43 at move 0."
    w.redo()
    assert [str(m) for m in w.game.history] == ["deal"] and not w.state["can_redo"]
    w.undo()
    w.undo()
    w.play("deal")  # another move in the old game: the new one is no longer ahead
    assert not w.state["can_redo"]
