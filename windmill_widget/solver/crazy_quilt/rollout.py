"""Crazy Quilt's playout as a loop over flat integer arrays, written once to run compiled by numba or
as plain Python (:mod:`windmill_widget.core.compiled`), with the same lines in both modes: the loop
behind :func:`.playout.playout` (whose module docstring says how a policy plays).

**The position as arrays.** A playout only ever turns the stock's top card, puts a card on the
waste's top or takes it from there, so the stock and the waste are plain arrays of cards (a face
plus one, :data:`...search.UNKNOWN` for a card a player cannot see) with their tops at the ends,
made once a playout from the search model's packed stacks (read from their bytes, so that the
numbers of 600 bits a stack can hold never reach the compiled code). The quilt is the search
model's mask, and its faces and cells the loops' tables of :mod:`.kernel`.

**The playout cache.** A policy's move depends on the position alone, so two playouts of one
policy that meet in a position end alike. A search that judges many positions near one another (a
beam's layer: siblings, cousins, a child on its parent's line) passes its playouts a table
(:func:`cache_table`): a playout looks up every position it reaches, and ends at one a playout of
the same policy passed through before, with that playout's end; at its own end it writes its end
for every position it passed. Keys are 62-bit hashes of the whole position (the waste's and the
stock's cards too, kept as running hashes as cards come and go); a slot, one int, holds the last
key to reach it and that key's end (the end in the key's low 16 bits, which the slot's number
repeats: half the memory of a key and an end apart, which made the beams some 4% faster). Only
ends that are not wins are ever written, so a cache can change a search's ranking only by a
collision of two 62-bit keys, never make it report a win it did not play, and a search's lines stay
the ones it would find without it. Measured on Crazy Quilt's beams (12 deals the 512-wide beam
wins): the same lines with some eight times fewer moves played, and the beams four to seven times
as fast; a table of 2**16 slots did best (larger ones miss the processor's cache more than they hit).

**The last pass's waste order** (:mod:`.bound`) that a ``safe`` policy checks before a dig is the
kernel's: each suit's cards on the waste keep their *frontier* (:func:`.kernel.splits`) as a stack,
one more entry a card put on the waste, one fewer a card taken off, so a check costs one look at
the suit's top frontier instead of a pass over the waste. The stacks are kept on the last pass only,
and only for a ``safe`` policy.
"""

from __future__ import annotations

import threading
from functools import lru_cache
from typing import TYPE_CHECKING

from ...core.compiled import COMPILED, as_array, hot, jit, np
from ...games.crazy_quilt.notation import SIZE
from ...games.crazy_quilt.position import FOUNDATION_FULL
from ...games.crazy_quilt.rules import MAX_REDEALS
from ...games.crazy_quilt.search import FOUNDATION0, HAND, REDEAL, SHIFT, TURN, UNKNOWN, WASTE, SearchState
from .kernel import _FRONT0, _frontier_after, _lowest, _word, free_cells, front_splits, geometry

if TYPE_CHECKING:
    from .playout import Policy

#: Room for a suit's cards on the waste (two decks), and the empty stack's frontier, in the frontier
#: stacks: ``FR[suit * FRONT_ROOM + k]`` is the frontier of the suit's lowest ``k`` cards there.
FRONT_ROOM = 27
_NOT_LAST = (1 << 63) - 1  # a logical shift right of a 64-bit mask, whose sign bit numba shifts in
_NOT_TOP_ROW = (1 << (64 - SIZE)) - 1
#: A playout cache's slots, as a power of two (see the module docstring).
CACHE_BITS = 16
_M31 = (1 << 31) - 1
_END_BITS = 16  # a cache slot's end: cards off the foundations << 8 | cards on the waste
_END_MASK = (1 << _END_BITS) - 1
_TAGGED = 1 << 62  # above a key's 62 bits: no empty slot (0) matches
_LANE_A = 0x5BD1E995  # two odd multipliers below 2**31: a lane's product stays below 2**62,
_LANE_B = 0x27D4EB2F  # so Python and numba compute the same hashes without overflow


@hot
def unpack_into(B, n, out):
    """The ``n`` cards of a search model's packed stack (:func:`...search.pack`, top card in the low
    bits), given as its bytes ``B`` (little-endian, one byte of room past its last card), into
    ``out[:n]``, bottom first."""
    for k in range(n):
        bit = 6 * k
        i = bit >> 3
        out[n - 1 - k] = ((int(B[i]) | int(B[i + 1]) << 8) >> (bit & 7)) & 63


@hot
def _narrow_of(G, cells):
    """:func:`...search.narrow_of` over the masks of :func:`.kernel.geometry`."""
    return (
        ((cells & G[2]) << 1)
        | (((cells & G[3]) >> 1) & _NOT_LAST)
        | ((cells & G[4]) << SIZE)
        | (((cells & G[5]) >> SIZE) & _NOT_TOP_ROW)
    )


@hot
def _front_push(FR, card):
    """Put ``card`` (a face plus one, a known one) on its suit's frontier stack."""
    b = (card - 1) // 13 * FRONT_ROOM
    k = FR[4 * FRONT_ROOM + (card - 1) // 13] + 1
    FR[4 * FRONT_ROOM + (card - 1) // 13] = k
    FR[b + k] = _frontier_after(FR[b + k - 1], (card - 1) % 13 + 1)


@hot
def _suit_lost(FR, suit, fcode):
    """Whether ``suit``'s cards on the waste no longer split between its foundations."""
    k = FR[4 * FRONT_ROOM + suit]
    if k < 2:
        return False
    up = fcode >> (4 * suit) & 15
    down = 14 - (fcode >> (4 * suit + 16) & 15)
    return not front_splits(FR[suit * FRONT_ROOM + k], up, down)


@hot
def _fronts_from(FR, W, wn):
    """The frontier stacks of the waste ``W[:wn]``."""
    for suit in range(4):
        FR[suit * FRONT_ROOM] = _FRONT0
        FR[4 * FRONT_ROOM + suit] = 0
    for i in range(wn):
        if W[i] <= 52:
            _front_push(FR, W[i])


@hot
def _lane(h, x, a):
    """One step of a 31-bit hash lane: ``h`` and ``x`` below 2**31, the product below 2**62."""
    h = ((h ^ x) * a) & _M31
    return h ^ (h >> 13)


@hot
def _stack_hashes(H, A, n):
    """The running hashes of ``A[:n]`` into ``H`` (two lanes a prefix: ``H[2 * i]``, ``H[2 * i + 1]``)."""
    H[0] = 1
    H[1] = 2
    for i in range(n):
        H[2 * i + 2] = _lane(H[2 * i], A[i], _LANE_A)
        H[2 * i + 3] = _lane(H[2 * i + 1], A[i], _LANE_B)


@hot
def _cache_key(mask, fcode, hand, redeals, tag, HW, wn, HK, kn):
    """The position's 62-bit key (never 0) for the playout cache: the quilt, the foundations, the
    hand, the redeals left, the policy's ``tag``, and the hashes of the waste ``wn`` deep and the
    stock ``kn`` deep."""
    rest = fcode >> 31 | (mask >> 62 & 3) << 1 | (hand | redeals << 6 | tag << 8) << 3
    h1 = _lane(HW[2 * wn], HK[2 * kn], _LANE_A)
    h1 = _lane(_lane(h1, mask & _M31, _LANE_A), mask >> 31 & _M31, _LANE_A)
    h1 = _lane(_lane(h1, fcode & _M31, _LANE_A), rest, _LANE_A)
    h2 = _lane(HW[2 * wn + 1], HK[2 * kn + 1], _LANE_B)
    h2 = _lane(_lane(h2, mask & _M31, _LANE_B), mask >> 31 & _M31, _LANE_B)
    h2 = _lane(_lane(h2, fcode & _M31, _LANE_B), rest, _LANE_B)
    return (h1 << 31 | h2) + 1


@hot
def _cache_slot(TAB, key):
    """The slot of ``key`` in the cache ``TAB`` (its low bits), and what the slot holds for it:
    the key's bits above the end's (:data:`_END_BITS`, which the slot's number stands for in a
    table of ``2 ** 16`` slots), with a high bit that no empty slot has, the end's bits clear."""
    return key & (len(TAB) - 1), (key | _TAGGED) >> _END_BITS << _END_BITS


@hot
def _cache_write(TAB, PS, npr, out, wn):
    """Write the end ``out`` cards off the foundations, ``wn`` on the waste for the keys ``PS[:npr]``."""
    end = out << 8 | wn
    for i in range(npr):
        t, stored = _cache_slot(TAB, PS[i])
        TAB[t] = stored | end


@hot
def _push_hash(H, n, card):
    """The running hashes of a stack that has just grown to ``n`` cards, ``card`` on top."""
    H[2 * n] = _lane(H[2 * n - 2], card, _LANE_A)
    H[2 * n + 1] = _lane(H[2 * n - 1], card, _LANE_B)


@hot
def play_out(G, FACES, CELLS, RUNS, ORDER, ahead, dig_any, safe, held, mask, fcode, hand, redeals, out, W, wn,
             K, kn, FR, LINE, TAB, HW, HK, PS, tag, hashed):  # fmt: skip
    """Play the position (the quilt ``mask``, the foundations' heights ``fcode``, ``hand``, the
    ``redeals`` left, ``out`` cards off the foundations, the waste ``W[:wn]`` and the stock
    ``K[:kn]``, tops last) to its end with the policy (``ORDER``: the foundations in the order tried;
    ``ahead``, ``dig_any``, ``safe``: see :class:`.playout.Policy`), the moves into ``LINE``;
    ``FR``: room for the frontier stacks (``5 * FRONT_ROOM`` ints). With a playout cache ``TAB``
    (:func:`cache_table`; an empty array: none), its scratch ``HW``, ``HK`` and ``PS``
    (:func:`cache_scratch`; with ``hashed``, ``HW`` and ``HK`` hold the running hashes of the waste
    and the stock already) and the policy's ``tag`` (one number for each policy that shares the
    table), it ends where a playout of the same policy passed before (see the module docstring);
    ``LINE`` then holds only the moves played before that, which a search reads only from a win,
    which the cache never holds. Returns (the moves played, the cards left off the foundations, the
    cards left on the waste)."""
    n = 0
    track = safe and redeals == 0  # the frontier stacks are kept (the last pass of a safe policy)
    if track:
        _fronts_from(FR, W, wn)
    cache = len(TAB) > 0
    npr = 0
    if cache and not hashed:
        _stack_hashes(HW, W, wn)
        _stack_hashes(HK, K, kn)
    while out:
        if cache:
            key = _cache_key(mask, fcode, hand, redeals, tag, HW, wn, HK, kn)
            t, stored = _cache_slot(TAB, key)
            if (TAB[t] & ~_END_MASK) == stored:  # a playout of this policy passed here: it ends alike
                end = TAB[t] & _END_MASK
                _cache_write(TAB, PS, npr, end >> 8, end & 255)
                return n, end >> 8, end & 255
            if npr < len(PS):
                PS[npr] = key
                npr += 1
        free = free_cells(G, mask)
        held_down = mask & ~free
        wtop = W[wn - 1] if wn else 0
        m = -1
        quilt = -1
        blocked = 0  # cells holding a card a foundation takes now (or soon), not yet free
        for j in ORDER:
            h = fcode >> (4 * j) & 15
            if h >= FOUNDATION_FULL:
                continue
            face = (j & 3) * 13 + (h if j < 4 else 12 - h)
            if hand == face + 1:
                m = HAND << SHIFT | (FOUNDATION0 + j)
                break
            if wtop == face + 1:
                m = WASTE << SHIFT | (FOUNDATION0 + j)
                break
            where = CELLS[face] & mask
            if where & free:
                if quilt < 0:
                    low = where & free & -(where & free)
                    quilt = _lowest(G, low) << SHIFT | (FOUNDATION0 + j)
            else:
                blocked |= where
            if ahead:  # the cards it takes after that one
                run = ((j >> 2) * 52 + face) * 13 + (ahead if ahead < 12 - h else 12 - h)
                blocked |= RUNS[run] & held_down
        if m < 0 and quilt >= 0:
            m = quilt
        if m < 0:
            if dig_any:
                blocked = held_down
            if wtop and wtop != UNKNOWN and blocked:
                f = wtop - 1
                base = f - f % 13
                builders = CELLS[base + (f + 1) % 13] | CELLS[base + (f + 12) % 13]
                dig = free & _narrow_of(G, blocked) & builders
                careful = track
                if careful:  # nothing to spare where the waste's order has lost already
                    for suit in range(4):
                        if _suit_lost(FR, suit, fcode):
                            careful = False
                while dig:
                    low = dig & -dig
                    dig ^= low
                    cell = _lowest(G, low)
                    if careful:  # would the card dug out bury one of its suit for good?
                        card = FACES[cell] + 1
                        suit = (card - 1) // 13
                        _front_push(FR, card)
                        buries = _suit_lost(FR, suit, fcode)
                        FR[4 * FRONT_ROOM + suit] -= 1
                        if buries:
                            continue
                    m = cell << SHIFT | WASTE
                    break
        if m < 0:
            if kn:
                m = TURN
            elif redeals and (wn or hand):
                m = REDEAL
            else:  # the first legal move left: none goes to a foundation here
                wsuit = (wtop - 1) // 13 if 0 < wtop <= 52 else -1
                rest = free
                while rest:
                    low = rest & -rest
                    rest ^= low
                    cell = _lowest(G, low)
                    d = (FACES[cell] - wtop + 14) % 13  # a rank up or down, round the corner
                    if FACES[cell] // 13 == wsuit and (d == 1 or d == 12):
                        m = cell << SHIFT | WASTE
                        break
                if m < 0 and hand:
                    m = HAND << SHIFT | WASTE
                if m < 0:
                    break
        # the move
        LINE[n] = m
        n += 1
        if m == TURN:
            kn -= 1
            top = K[kn]
            if held:
                if hand:  # the held card goes onto the waste when the next card is turned
                    W[wn] = hand
                    wn += 1
                    if cache:
                        _push_hash(HW, wn, hand)
                    if track and hand <= 52:
                        _front_push(FR, hand)
                hand = top
            else:
                W[wn] = top
                wn += 1
                if cache:
                    _push_hash(HW, wn, top)
                if track and top <= 52:
                    _front_push(FR, top)
        elif m == REDEAL:
            if hand:
                W[wn] = hand
                wn += 1
                hand = 0
            for i in range(wn):  # the card turned first comes up first again
                K[i] = W[wn - 1 - i]
            kn = wn
            wn = 0
            if cache:
                _stack_hashes(HK, K, kn)
            redeals -= 1
            track = safe and redeals == 0
            if track:
                _fronts_from(FR, W, 0)
        else:
            src = m >> SHIFT
            dst = m & ((1 << SHIFT) - 1)
            if src == WASTE:
                wn -= 1
                card = W[wn]
                if track and card <= 52:
                    FR[4 * FRONT_ROOM + (card - 1) // 13] -= 1
            elif src == HAND:
                card = hand
                hand = 0
            else:
                mask &= ~(1 << src)
                card = FACES[src] + 1
            if dst == WASTE:
                W[wn] = card
                wn += 1
                if cache:
                    _push_hash(HW, wn, card)
                if track and card <= 52:
                    _front_push(FR, card)
            else:
                fcode += 1 << (4 * (dst - FOUNDATION0))
                out -= 1
    if cache and out:  # a win is never written: a playout that meets one plays it to its end
        _cache_write(TAB, PS, npr, out, wn)
    return n, out, wn


_G = geometry()
#: Room in a playout's line besides two moves a card off the foundations per pass (a turn, the held
#: card to the waste): each quilt card to the waste, each card to a foundation, the redeals.
_LONGEST = 64 + 104 + 8


@lru_cache(maxsize=64)
def _tables(faces: tuple[int, ...]) -> tuple[object, object, object]:
    """The faces dealt to the quilt's cells, the cells each face was dealt to, and the cells of the
    runs a foundation takes after a face, as the loop takes them (made once a deal: a sampling
    player's guesses share their quilt). The runs: ``RUNS[(d * 52 + face) * 13 + k]`` holds the
    cells of the ``k`` faces after ``face`` in its suit, going up (``d`` 0) or down (1)."""
    cells = [0] * 52
    for i, f in enumerate(faces):
        if f >= 0:
            cells[f] |= 1 << i
    runs = [0] * (2 * 52 * 13)
    for d, step in enumerate((1, -1)):
        for face in range(52):
            room = 12 - face % 13 if step > 0 else face % 13  # faces left in the suit that way
            for k in range(1, room + 1):
                runs[(d * 52 + face) * 13 + k] = runs[(d * 52 + face) * 13 + k - 1] | cells[face + k * step]
    return as_array(faces), as_array([_word(c) for c in cells]), as_array([_word(c) for c in runs])


def _zeros(size: int) -> object:
    """``size`` zeros as the loop takes them (not :func:`...core.compiled.int_array`, whose call
    into compiled code costs more than the allocation)."""
    return np.zeros(size, np.int64) if COMPILED else [0] * size


#: Room for the cards of a playout's waste or stock: two decks' worth, with one to spare.
ROOM = 2 * 52 + 1


def line_room(room: int, redeals: int = MAX_REDEALS) -> int:
    """Room for a playout's line from a position with ``room`` cards off the foundations and
    ``redeals`` redeals left: at most two moves a card a pass, besides :data:`_LONGEST`."""
    return _LONGEST + 2 * room * (redeals + 1)


#: Room for the longest playout line of any position (a beam's, a cache's).
LINE_ROOM = line_room(ROOM)
_SCRATCH = threading.local()  # each thread's arrays, made once: W, K, FR, LINE, W0, K0


def _scratch(room: int, longest: int) -> tuple:
    """This thread's arrays for a playout, with ``room`` cards in the waste and the stock and room
    for a line of ``longest`` moves (made anew where the last ones were too small)."""
    arrays = getattr(_SCRATCH, "arrays", None)
    if arrays is None or len(arrays[0]) < room or len(arrays[3]) < longest:
        room = max(room, ROOM)
        longest = max(longest, line_room(room))
        arrays = _SCRATCH.arrays = scratch_arrays(room, longest)
    return arrays


def scratch_arrays(room: int, longest: int) -> tuple:
    """New arrays for playouts with ``room`` cards in the waste and the stock and lines of
    ``longest`` moves: ``W, K, FR, LINE, W0, K0`` (see :func:`judge_out`)."""
    return (_zeros(room), _zeros(room), _zeros(5 * FRONT_ROOM), _zeros(longest), _zeros(room), _zeros(room))


def cache_table(bits: int = CACHE_BITS) -> object:
    """An empty playout cache of ``2 ** bits`` slots (see the module docstring): one int a slot, the
    key's bits above the slot's number and the end."""
    return _zeros(1 << bits)


def cache_scratch(room: int, longest: int) -> tuple:
    """A playout cache's scratch for playouts with ``room`` cards in the waste and the stock and
    lines of ``longest`` moves: the waste's and the stock's running hashes, the keys a playout
    passed, and the running hashes of the position a judge starts its playouts from (worked out
    once for them all: some 6% of a beam's time)."""
    hashes = 2 * room + 2
    return _zeros(hashes), _zeros(hashes), _zeros(longest), _zeros(hashes), _zeros(hashes)


#: No playout cache: what playouts that are not a search's many get.
NO_CACHE = (_zeros(0),) * 6


class PlayoutCache:
    """A playout cache for :func:`play_state`'s playouts (see the module docstring), for one search:
    each policy gets its own tag in the table."""

    def __init__(self, bits: int = CACHE_BITS) -> None:
        self.arrays = (cache_table(bits), *cache_scratch(ROOM, LINE_ROOM))
        self._tags: dict[tuple, int] = {}

    def tag(self, options: tuple) -> int:
        """The tag of the policy with these ``options``."""
        return self._tags.setdefault(options, len(self._tags))


def _cards(code: int, n: int) -> object:
    """A packed stack's bytes, as :func:`unpack_into` reads them."""
    data = code.to_bytes((6 * n + 7) // 8 + 1, "little")
    return np.frombuffer(data, np.uint8) if COMPILED else data


def play_state(
    s: SearchState,
    order: tuple[int, ...],
    ahead: int,
    dig_any: bool,
    safe: bool,
    line: list[int] | None,
    cache: PlayoutCache | None = None,
) -> tuple[int, int, int]:
    """:func:`play_out` from the search model's position ``s`` (left as it was), the moves appended
    to ``line`` (if given): (the moves played, the cards left off the foundations, those on the
    waste). With a ``cache``, a playout that meets a position passed before ends there (its ``line``
    then holds the moves played up to it: a win is always played to its end)."""
    nw = s.waste_size()
    nk = s.stock_left()
    room = s.out + 1  # every card off the foundations may end on the waste, or in the stock
    W, K, FR, LINE, _, _ = _scratch(room, line_room(room, s.redeals))
    unpack_into(_cards(s.waste, nw), nw, W)
    unpack_into(_cards(s.stock, nk), nk, K)
    n, out, wn = play_out(
        _G, *_tables(s.faces), order, ahead, dig_any, safe, bool(s.held), _word(s.mask), s.fcode, s.hand,
        s.redeals, s.out, W, nw, K, nk, FR, LINE,
        *(NO_CACHE if cache is None else cache.arrays)[:4],
        0 if cache is None else cache.tag((order, ahead, dig_any, safe)), False,
    )  # fmt: skip
    if line is not None:
        line.extend(LINE[:n].tolist() if COMPILED else LINE[:n])
    return int(n), int(out), int(wn)


@jit
def judge_out(G, FACES, CELLS, RUNS, ORDERS, AHEAD, DIG_ANY, SAFE, held, mask, fcode, hand, redeals, out, WB,
              wn, KB, kn, W0, K0, W, K, FR, LINE, TAB, HW, HK, PS, HW0, HK0):  # fmt: skip
    """:func:`judge_from`, the waste and the stock given as bytes ``WB`` and ``KB`` (see
    :func:`unpack_into`), unpacked into ``W0`` and ``K0``."""
    unpack_into(WB, wn, W0)
    unpack_into(KB, kn, K0)
    return judge_from(G, FACES, CELLS, RUNS, ORDERS, AHEAD, DIG_ANY, SAFE, held, mask, fcode, hand, redeals,
                      out, W0, wn, K0, kn, W, K, FR, LINE, TAB, HW, HK, PS, HW0, HK0)  # fmt: skip


@hot
def judge_from(G, FACES, CELLS, RUNS, ORDERS, AHEAD, DIG_ANY, SAFE, held, mask, fcode, hand, redeals, out, W0,
               wn, K0, kn, W, K, FR, LINE, TAB, HW, HK, PS, HW0, HK0):  # fmt: skip
    """Play the position out (as :func:`play_out`, its waste ``W0[:wn]`` and stock ``K0[:kn]``
    copied into ``W`` and ``K`` for each playout) with each policy in turn (``ORDERS[k]``,
    ``AHEAD[k]``, ``DIG_ANY[k]``, ``SAFE[k]``; the cache ``TAB`` tags the policy ``k``, and the
    running hashes of the start, in ``HW0`` and ``HK0``, are copied for each) until one wins.
    Returns (the best policy's index: the first with the fewest cards left off the foundations, then
    on the waste; those two counts; the moves and playouts made in all; the moves of the last
    playout, whose line is in ``LINE``)."""
    best = -1
    best_out = 0
    best_waste = 0
    units = 0
    n = 0
    cache = len(TAB) > 0
    if cache:
        _stack_hashes(HW0, W0, wn)
        _stack_hashes(HK0, K0, kn)
    for k in range(len(AHEAD)):
        for i in range(wn):
            W[i] = W0[i]
        for i in range(kn):
            K[i] = K0[i]
        if cache:  # a playout writes over the hashes of the cards it takes off
            for i in range(2 * wn + 2):
                HW[i] = HW0[i]
            for i in range(2 * kn + 2):
                HK[i] = HK0[i]
        dig, safe = DIG_ANY[k] != 0, SAFE[k] != 0
        n, left, on_waste = play_out(G, FACES, CELLS, RUNS, ORDERS[k], AHEAD[k], dig, safe, held, mask, fcode,
                                     hand, redeals, out, W, wn, K, kn, FR, LINE, TAB, HW, HK, PS,
                                     k, cache)  # fmt: skip
        units += n + 1
        if best < 0 or left < best_out or (left == best_out and on_waste < best_waste):
            best, best_out, best_waste = k, left, on_waste
        if not left:
            break
    return best, best_out, best_waste, units, n


@lru_cache(maxsize=32)
def _policy_tables(policies: tuple[Policy, ...]) -> tuple[object, object, object, object]:
    """The policies' options as :func:`judge_out` takes them (made once for each set of policies)."""
    orders = [list(p.order) for p in policies]
    rows = np.array(orders, np.int64) if COMPILED else [tuple(o) for o in orders]
    options = (as_array([int(getattr(p, name)) for p in policies]) for name in ("ahead", "dig_any", "safe"))
    return (rows, *options)


def judge_state(s: SearchState, policies: tuple[Policy, ...]) -> tuple[int, int, int, int, list[int] | None]:
    """:func:`judge_out` from the search model's position ``s`` (left as it was): (the best policy's
    index, the cards it left off the foundations and on the waste, the units of work: the moves and
    playouts made; the winning line, when one policy won)."""
    nw = s.waste_size()
    nk = s.stock_left()
    room = s.out + 1
    W, K, FR, LINE, W0, K0 = _scratch(room, line_room(room, s.redeals))
    best, out, on_waste, units, n = judge_out(
        _G, *_tables(s.faces), *_policy_tables(policies), bool(s.held), _word(s.mask), s.fcode, s.hand,
        s.redeals, s.out, _cards(s.waste, nw), nw, _cards(s.stock, nk), nk, W0, K0, W, K, FR, LINE, *NO_CACHE,
    )  # fmt: skip
    line = None if out else (LINE[:n].tolist() if COMPILED else LINE[:n])
    return int(best), int(out), int(on_waste), int(units), line
