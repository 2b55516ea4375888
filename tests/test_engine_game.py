"""The public ``Game`` API: construction, moves, undo/redo, reading piles, display, and the player view."""

from __future__ import annotations

import copy
import gc
import pickle
import random
import re
import xml.etree.ElementTree as ET
from collections import Counter

import pytest

from windmill_widget import CORNERS, PILES, SAILS, Card, Game, IllegalMove, Move, PlayerView, Rules
from windmill_widget.games.windmill import deal_order

SVG_NS = "{http://www.w3.org/2000/svg}"


def snapshot(g: Game) -> tuple:
    return g.piles(), g.history, g.redo_moves, g.corner_run, g.status


def play_randomly(g: Game, n: int, seed: int = 0) -> Game:
    rng = random.Random(seed)
    for _ in range(n):
        moves = g.legal_moves()
        if not moves:
            break
        g.play(rng.choice(moves))
    return g


# -- construction -----------------------------------------------------------------------------------
def test_same_seed_same_deal_and_different_seeds_differ() -> None:
    assert Game(seed=42).piles() == Game(seed=42).piles()
    assert Game(seed=42).piles() != Game(seed=43).piles()
    assert len({tuple(deal_order(s)) for s in range(50)}) == 50


def test_a_game_without_a_seed_records_a_random_one() -> None:
    g = Game()
    assert isinstance(g.seed, int)
    assert Game(seed=g.seed).piles() == g.piles()


@pytest.mark.parametrize("seed", [-1, 2**64, 1.5, True, "3", [1]])
def test_invalid_seeds_are_refused(seed: object) -> None:
    with pytest.raises(ValueError, match="seed"):
        Game(seed=seed)  # type: ignore[arg-type]


def test_rules_must_be_a_rules_value() -> None:
    with pytest.raises(TypeError, match="Rules"):
        Game(seed=1, rules="strict")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="Rules"):
        Game.from_position(sails={"n1": "5H"}, rules="strict")  # type: ignore[arg-type]


def test_from_order_takes_cards_ids_or_text() -> None:
    order = deal_order(9)
    cards = [Card.from_id(i) for i in order]
    texts = [str(c) for c in cards]  # text takes the first unused copy: the same faces, maybe other decks
    assert Game.from_order(order).piles() == Game(seed=9).piles() == Game.from_order(cards).piles()
    g = Game.from_order(texts)
    assert {n: [str(c) for c in p] for n, p in g.piles().items()} == {
        n: [str(c) for c in p] for n, p in Game(seed=9).piles().items()
    }
    assert g.seed is None and repr(g).startswith("<Game from_order ")


@pytest.mark.parametrize(
    ("order", "message"),
    [
        (deal_order(1)[:-1], "lists 104 cards; got 103"),
        ([*deal_order(1), 5], "lists 104 cards; got 105"),  # the count first: it says most
        (["AS", "AS", "AS"], "lists 104 cards; got 3"),
        ([*deal_order(1)[:-1], deal_order(1)[5]], "used twice"),
        ([*deal_order(1)[1:], 0], "must be an Ace"),
        ([*deal_order(1)[:-3], "AS", "AS", "AS"], "only two"),
        ([0, 104, *range(1, 103)], r"0\.\.103"),
        ([*deal_order(1)[:-1], "ZZ"], "not a card"),
        ([*deal_order(1)[:-1], None], "card"),
    ],
)
def test_from_order_refuses_a_bad_order(order: list, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Game.from_order(order)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"center": []}, "at least its base Ace"),
        ({"center": ["2H"]}, "starts with an Ace"),
        ({"center": ["AS", "3H"]}, "one rank at a time"),
        ({"center": ["AS", "2H"], "centre": ["AS"]}, "once"),
        ({"corners": {"nw": ["QS"]}}, "start with a King"),
        ({"corners": {"nw": ["KS", "JS"]}}, "builds down one rank"),
        ({"corners": {"nw": [r + "S" for r in "KQJT98765432A"] + ["KH"]}}, "at most 13"),
        ({"corners": {"north": ["KS"]}}, "not a corner"),
        ({"sails": {"n3": "5H"}}, "not a sail"),
        ({"sails": {"n1": ["5H", "6H"]}}, "one card"),
        ({"sails": {"n1": "5H"}, "stock": ["6H"]}, "refilled at once"),
        ({"sails": {"n1": "5H"}, "waste": ["5H", "5H"]}, "only two"),
        ({"sails": {"n1": Card("5H")}, "waste": [Card("5H")]}, "used twice"),
        ({"sails": {"n1": "5H"}, "corner_run": -1}, "corner_run"),
        ({"sails": {"n1": "5H"}, "corner_run": "1"}, "corner_run"),
        ({"sails": {"n1": "5Z"}}, "not a card"),
    ],
)  # fmt: skip
def test_from_position_refuses_an_impossible_position(kwargs: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Game.from_position(**kwargs)


def test_from_position_defaults_and_round_trip() -> None:
    g = Game.from_position(sails={"n1": "5H"})
    assert g.pile("c") == (Card("AS"),) and g.pile("n1") == (Card("5H"),) and g.pile("n2") == ()
    g = play_randomly(Game(seed=4, rules=Rules.relaxed()), 60)
    h = Game.from_position(**g.position())
    assert h.piles() == g.piles() and h.rules == g.rules and h.corner_run == g.corner_run
    assert h.legal_moves() == g.legal_moves()
    assert Game.from_position(centre=["AS", "2D"], sails={"n1": "5H"}).pile("c") == (Card("AS"), Card("2D"))


# -- moves --------------------------------------------------------------------------------------------
def test_legal_moves_list_deal_last_while_the_stock_has_cards() -> None:
    g = Game(seed=42)
    moves = g.legal_moves()
    assert moves[-1] == Move.deal() and all(isinstance(m, Move) for m in moves)
    assert moves == sorted(set(moves), key=moves.index)  # no duplicates


def test_play_takes_a_move_or_notation_and_returns_the_move() -> None:
    g = Game(seed=42)
    assert g.play("DEAL") is Move.deal()
    assert g.play(Move.deal()) is Move.deal()
    assert g.deal() is Move.deal()
    assert g.history == (Move.deal(),) * 3


def test_an_illegal_move_raises_a_value_error_that_says_why_and_changes_nothing() -> None:
    g = Game(seed=42)
    before = snapshot(g)
    with pytest.raises(ValueError) as err:  # IllegalMove is a ValueError
        g.play("n1>c")
    assert isinstance(err.value, IllegalMove)
    assert err.value.rule == "centre-sequence" and err.value.move == Move("n1>c")
    assert (
        str(err.value)
        == "The centre needs a 2 next (its top card is an Ace); the Q♥ on sail n1 cannot go there."
    )
    assert g.explain("n1>c") == str(err.value) and not g.is_legal("n1>c")
    assert g.explain("deal") is None and g.is_legal("deal")
    assert snapshot(g) == before


@pytest.mark.parametrize("bad", ["n9>c", "fly", "", 7, None])
def test_unreadable_moves_raise_illegal_move_with_the_notation_rule(bad: object) -> None:
    g = Game(seed=42)
    with pytest.raises(IllegalMove) as err:
        g.play(bad)  # type: ignore[arg-type]
    assert err.value.rule == "notation" and err.value.move == bad
    assert g.explain(bad) == str(err.value)  # type: ignore[arg-type]
    assert not g.is_legal(bad)  # type: ignore[arg-type]


def test_the_fast_path_plays_codes_as_play_plays_moves() -> None:
    g, h = Game(seed=42), Game(seed=42)
    codes = g.legal_codes()
    assert codes is g.legal_codes() and codes == tuple(m.code for m in g.legal_moves())
    piles = g.pile_ids
    assert g.play_code(Move.deal().code) == (Move.deal().code,)  # one card, stock to waste
    h.play("deal")
    assert snapshot(g) == snapshot(h) and g.pile_ids is piles and g.can_undo and g.undo() is Move.deal()
    g.redo()
    assert snapshot(g) == snapshot(h)


@pytest.mark.parametrize(
    ("bad", "error"),
    [(Move("n1>c").code, IllegalMove), (10**6, ValueError), (-1, ValueError), ("deal", ValueError),
     (True, ValueError), (None, ValueError), (1.0, ValueError)],
)  # fmt: skip
def test_the_fast_path_refuses_what_is_no_legal_code_and_changes_nothing(bad: object, error: type) -> None:
    g = Game(seed=42)
    before = snapshot(g), g.can_redo
    with pytest.raises(error) as err:
        g.play_code(bad)  # type: ignore[arg-type]
    if error is IllegalMove:  # the sentence and rule play gives
        assert (str(err.value), err.value.rule) == (g.explain("n1>c"), "centre-sequence")
    else:
        assert "is not a move code of this game" in str(err.value)
    assert (snapshot(g), g.can_redo) == before


def test_the_fast_path_takes_numpy_integers() -> None:
    np = pytest.importorskip("numpy")
    g = Game(seed=42)
    g.play_code(np.int64(Move.deal().code))
    assert g.history == (Move.deal(),) and type(g.history[0]) is Move


def test_undo_and_redo() -> None:
    g = Game(seed=42)
    start = snapshot(g)
    with pytest.raises(IllegalMove, match="no move to undo") as err:
        g.undo()
    assert err.value.rule == "nothing-to-undo"
    with pytest.raises(IllegalMove, match="no move to redo") as err:
        g.redo()
    assert err.value.rule == "nothing-to-redo"
    play_randomly(g, 30, seed=3)
    played, end = g.history, snapshot(g)
    assert len(played) == 30 and g.can_undo and not g.can_redo
    for i in range(30):
        assert g.undo() == played[-1 - i]
    assert snapshot(g)[0] == start[0] and g.history == () and g.redo_moves == played
    assert not g.can_undo and g.can_redo
    for m in played:
        assert g.redo() == m
    assert snapshot(g) == end
    g.undo()
    g.undo()
    g.play(g.legal_moves()[0])  # a new move drops what was left to redo
    assert not g.can_redo and g.redo_moves == ()


def test_copy_is_independent_and_restart_goes_back_to_the_deal() -> None:
    g = play_randomly(Game(seed=7), 20)
    h = g.copy()
    assert snapshot(h) == snapshot(g) and h.seed == 7
    h.play(h.legal_moves()[0])
    assert h.history != g.history and h.piles() != g.piles()
    assert len(g.history) == 20
    g.restart()
    assert g.piles() == Game(seed=7).piles() and g.history == () and not g.can_redo


def test_games_pickle_and_deep_copy_independently() -> None:
    g = play_randomly(Game(seed=7, rules=Rules.classic()), 20)
    g.undo()
    for h in (pickle.loads(pickle.dumps(g)), copy.deepcopy(g)):
        assert snapshot(h) == snapshot(g) and h.rules == g.rules and h.seed == 7
        h.redo()
        assert len(h.history) == 20 and len(g.history) == 19


def test_each_physical_card_keeps_its_identity_as_it_moves() -> None:
    g = Game.from_position(center=["AS"], sails={"n1": Card("2H", deck=1), "n2": Card("2H")})
    card = g.top("n1")
    g.play("n1>c")
    assert g.top("c") is card and card.deck == 1 and g.top("n2") is Card("2H")
    g = Game(seed=11)
    ids = Counter(c.id for _ in range(1) for p in g.piles().values() for c in p)
    play_randomly(g, 80)
    assert Counter(c.id for p in g.piles().values() for c in p) == ids


# -- reading ------------------------------------------------------------------------------------------
def test_piles_read_bottom_to_top_with_the_stock_top_dealt_next() -> None:
    g = Game(seed=42)
    top = g.pile("stock")[-1]
    assert g.top("stock") is top
    g.deal()
    assert g.pile("waste") == (top,) and g.top("waste") is top
    assert g.pile("STOCK") == g.pile("deck") == g.piles()["stock"]
    assert list(g.piles()) == list(PILES)
    assert g.top("nw") is None
    with pytest.raises(ValueError, match="no pile"):
        g.pile("n9")
    assert all(isinstance(g.pile(n), tuple) for n in PILES)


def test_counts() -> None:
    g = Game(seed=42)
    assert (g.cards_on_foundations, g.total_cards, g.corner_run) == (1, 104, 0)


# -- display ------------------------------------------------------------------------------------------
def test_repr_is_deterministic() -> None:
    g = Game(seed=42)
    assert repr(g) == "<Game seed=42 Rules.strict() moves=0 playing centre=1/52>"
    g.deal()
    assert repr(g) == "<Game seed=42 Rules.strict() moves=1 playing centre=1/52>"
    assert (
        repr(Game(seed=3, rules=Rules.pysolfc()))
        == "<Game seed=3 Rules.pysolfc() moves=0 playing centre=1/52>"
    )
    staged = Game.from_position(center=["AS"], sails={"n1": "5H"})
    assert repr(staged) == "<Game from_position Rules.strict() moves=0 lost centre=1/52>"
    for r in (repr(g), repr(staged), repr(g.view()), repr(g.rules), repr(g.history)):
        assert not re.search(r"0x[0-9a-f]+|object at", r), r


def test_text_shows_the_cross() -> None:
    g = Game(seed=42)
    text = str(g)
    for name in SAILS:
        assert f"{name} {g.top(name).symbol}" in text
    assert "c A♠ (1/52)" in text and "stock 95" in text and "playing" in text


def _svg_cards(svg: str) -> Counter:
    """(rank label, suit symbol) of every card face drawn in the picture."""
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG_NS}svg"
    faces = Counter()
    for group in root.iter(f"{SVG_NS}g"):
        texts = [t.text for t in group.iter(f"{SVG_NS}text")]
        faces[(texts[0], texts[1])] += 1
    return faces


def _visible(g: Game) -> Counter:
    shown = [g.top(n) for n in ("c", *CORNERS, *SAILS)] + list(g.pile("waste")[-3:])
    return Counter((c.symbol[:-1], c.symbol[-1]) for c in shown if c is not None)


@pytest.mark.parametrize("moves", [0, 25, 400])
def test_svg_is_valid_xml_and_draws_every_visible_card(moves: int) -> None:
    g = play_randomly(Game(seed=8, rules=Rules.classic()), moves, seed=1)
    svg = g._repr_svg_()
    assert _svg_cards(svg) == _visible(g)
    assert svg == g._repr_svg_() == g.svg()  # deterministic
    root = ET.fromstring(svg)
    labels = {t.text for t in root.iter(f"{SVG_NS}text")}
    assert f"stock ({len(g.pile('stock'))})" in labels
    assert g.svg(scale=2).startswith('<svg xmlns="http://www.w3.org/2000/svg" width="')


Box = tuple[float, float, float, float]  # x, y, width, height


def _pile_rects(svg: str) -> tuple[Box, dict[str, list[Box]]]:
    """The picture's viewBox, and the rects each pile draws (its cards, or its empty slot)."""
    root = ET.fromstring(svg)
    view = tuple(float(v) for v in root.get("viewBox", "").split())
    rects: dict[str, list[Box]] = {}
    for el in root.iter():
        pile = el.get("data-pile")
        if pile is not None:
            rect = el if el.tag == f"{SVG_NS}rect" else el.find(f"{SVG_NS}rect")
            box = tuple(float(rect.get(k)) for k in ("x", "y", "width", "height"))
            rects.setdefault(pile, []).append(box)  # type: ignore[arg-type]
    return view, rects  # type: ignore[return-value]


def _inside(inner: Box, outer: Box) -> bool:
    return (
        outer[0] <= inner[0]
        and inner[0] + inner[2] <= outer[0] + outer[2]
        and outer[1] <= inner[1]
        and inner[1] + inner[3] <= outer[1] + outer[3]
    )


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


@pytest.mark.parametrize("deals", [0, 1, 2, 3, 4, 95])
def test_svg_waste_fan_stays_in_its_box_and_in_the_picture(deals: int) -> None:
    from windmill_widget.games.windmill.render import WASTE_BOX

    g = Game(seed=5)
    for _ in range(deals):
        g.deal()
    svg = g.svg()
    view, rects = _pile_rects(svg)
    assert set(rects) == set(PILES)
    assert _inside(WASTE_BOX, view)
    for pile, boxes in rects.items():
        for box in boxes:
            assert _inside(box, view), (pile, box)
            if pile != "waste":
                assert not _overlap(box, WASTE_BOX), (pile, box)
    fan = rects["waste"]
    assert len(fan) == max(1, min(deals, 3))  # the empty slot, or up to three fanned cards
    assert all(_inside(box, WASTE_BOX) for box in fan), fan
    assert [b[0] for b in fan] == sorted({b[0] for b in fan})  # left to right, each further right
    # The top card is drawn last and rightmost, and the caption is centred over the fan's box.
    root = ET.fromstring(svg)
    cards = [el for el in root.iter(f"{SVG_NS}g") if el.get("data-pile") == "waste"]
    if deals:
        top = g.top("waste").symbol
        assert [t.text for t in cards[-1].iter(f"{SVG_NS}text")][:2] == [top[:-1], top[-1]]
    caption = next(t for t in root.iter(f"{SVG_NS}text") if t.text == f"waste ({deals})")
    assert float(caption.get("x")) == WASTE_BOX[0] + WASTE_BOX[2] / 2


def test_svg_of_a_finished_game_says_so() -> None:
    lost = Game.from_position(center=["AS"], sails={"n1": "5H"})
    won = Game.from_position(center=["AS", "2H"], sails={"n1": "3H"})
    won.play("n1>c")
    assert lost.outcome.text in lost.svg() and won.outcome.text in won.svg()
    assert "Game over: no legal move is left." in lost.svg() and "Won:" in won.svg()
    ET.fromstring(lost.svg())
    ET.fromstring(won.svg())


# -- the player view ----------------------------------------------------------------------------------
def test_the_view_shows_everything_but_the_stock_order() -> None:
    g = play_randomly(Game(seed=12), 15)
    v = g.view()
    assert isinstance(v, PlayerView)
    with pytest.raises(PermissionError, match="face down"):
        v.pile("stock")
    with pytest.raises(PermissionError):
        v.top("deck")
    assert v.stock_count == len(g.pile("stock"))
    assert sorted(v.unseen) == list(v.unseen) == sorted(g.pile("stock"))
    for name in PILES:
        if name != "stock":
            assert v.pile(name) == g.pile(name)
    assert v.sails == {n: g.top(n) for n in SAILS} and v.corners == {n: g.pile(n) for n in CORNERS}
    assert v.legal_moves() == g.legal_moves() and v.status == g.status
    assert (v.rules, v.corner_run, v.history) == (g.rules, g.corner_run, g.history)
    for a in PILES:
        for b in PILES:
            assert v.explain(f"{a}>{b}") == g.explain(f"{a}>{b}")
    for bad in ("fly", "n9>c", 3):
        assert v.explain(bad) == g.explain(bad) is not None  # type: ignore[arg-type]


def _reachable(root: object) -> list[object]:
    """Every object reachable from ``root`` through references, not descending into classes, modules
    or functions (which lead to globals, not to data the object holds)."""
    seen: dict[int, object] = {}
    todo = [root]
    while todo:
        obj = todo.pop()
        if id(obj) in seen or isinstance(obj, (type, type(gc), type(_reachable))):
            continue
        seen[id(obj)] = obj
        todo.extend(gc.get_referents(obj))
    return list(seen.values())


def test_the_view_holds_no_reference_to_the_game_or_its_stock_order() -> None:
    g = play_randomly(Game(seed=12), 15)
    stock = list(g.pile("stock"))
    order = [c.id for c in stock]
    assert order != sorted(order) and order[::-1] != sorted(order)
    v = g.view()
    for obj in _reachable(v):
        assert not isinstance(obj, Game)
        assert obj is not g._pos and obj is not g._pos.piles[-1]
        if isinstance(obj, (list, tuple)) and len(obj) == len(order) > 1:
            values = [getattr(x, "id", x) for x in obj]
            assert values not in (order, order[::-1]), "the view holds the stock in dealing order"
    with pytest.raises(TypeError):
        vars(v)  # no __dict__ to hide things in
    assert v.game == "windmill"  # the game's name, not the game


def test_the_view_is_a_snapshot() -> None:
    g = Game(seed=12)
    v = g.view()
    before = v.pile("waste"), v.stock_count, v.legal_moves()
    g.deal()
    assert (v.pile("waste"), v.stock_count, v.legal_moves()) == before


def test_the_views_history_follows_play_undo_redo_restart_and_load() -> None:
    g = Game(seed=12, rules=Rules.classic())
    line: list[str] = []  # what the history must be, kept by hand

    def check(game: Game) -> None:
        v = game.view()
        assert [str(m) for m in v.history] == line and [str(m) for m in game.history] == line
        assert v.history is game.history is game.view().history  # cached: not rebuilt per view
        assert type(v.history) is tuple and all(type(m) is Move for m in v.history)

    check(g)
    rng = random.Random(3)
    for step in range(60):
        if step % 7 == 3 and g.can_undo:
            g.undo()
            line.pop()
        elif step % 11 == 5 and g.can_redo:
            line.append(str(g.redo()))
        else:
            line.append(str(g.play(rng.choice(g.legal_moves()))))
        check(g)
    earlier = g.view()
    kept = earlier.history
    g.undo()
    line.pop()
    check(g)
    assert earlier.history is kept and len(kept) == len(line) + 1  # old views keep their snapshot
    loaded = Game.from_json(g.to_json())  # replays the moves, then the undone ones for redo
    check(loaded)
    copied = g.copy()
    copied.redo()
    check(g)  # a copy's moves are its own
    assert len(copied.view().history) == len(line) + 1
    for h in (pickle.loads(pickle.dumps(g)), copy.deepcopy(g)):
        check(h)
    g.restart()
    line.clear()
    check(g)


def test_sample_gives_a_consistent_game() -> None:
    g = play_randomly(Game(seed=12, rules=Rules.classic()), 25)
    v = g.view()
    s = v.sample(5)
    assert isinstance(s, Game) and s.rules == g.rules and s.corner_run == g.corner_run
    for name in PILES:
        if name != "stock":
            assert s.pile(name) == g.pile(name)
    assert sorted(s.pile("stock")) == list(v.unseen)
    assert s.legal_moves() == g.legal_moves() and s.status == g.status
    assert sorted(c for p in s.piles().values() for c in p) == sorted(
        c for p in g.piles().values() for c in p
    )
    assert v.sample(5).piles() == s.piles()  # seeded
    assert v.sample(random.Random(5)).piles() == s.piles()
    assert len({tuple(v.sample(i).pile("stock")) for i in range(10)}) > 1
    play_randomly(s, 50)  # it plays like any other game
    assert Game.from_json(s.to_json()).piles() == s.piles()
