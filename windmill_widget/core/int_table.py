"""A hash table of integer keys, and the trie of stacks built on one, for the compiled searches
(:mod:`windmill_widget.core.compiled`: the same source runs compiled by numba or as Python).

A table is a flat array of two ints a slot: the key plus one (0: an empty slot) and its value. It
is found by linear probing from the key's multiplicative hash, and kept at most half full by its
owner (who knows how many entries it has put in), so a probe always ends. Keys are never removed.

>>> table = int_array(8)  # four slots
>>> s = slot(table, 42)
>>> int(table[s])  # empty: the key is not there
0
>>> table[s], table[s + 1] = 42 + 1, 7
>>> bigger = resized(table, 16)
>>> t = slot(bigger, 42)
>>> int(bigger[t]) - 1, int(bigger[t + 1])
(42, 7)

A *trie* of stacks (Windmill's wastes, Crazy Quilt's wastes and stocks) is three arrays: its nodes,
``width`` ints each, node 0 the empty stack; such a table from ``parent << bits | top`` to the child
node, with room for two slots a node; and a count of its nodes, in an array of one.
:func:`trie_grown` gives it room for more nodes.
"""

from __future__ import annotations

from .compiled import hot, int_array, jit


@hot
def slot(table, key):
    """Where ``key`` is in ``table`` (the index of its slot's first int), else the empty slot where
    it would go."""
    mask = (len(table) >> 1) - 1
    i = ((key * 0x9E3779B97F4A7C1) >> 20) & mask
    while table[2 * i] != 0 and table[2 * i] != key + 1:
        i = (i + 1) & mask
    return 2 * i


@jit
def resized(table, size):
    """A table of ``size`` ints (a power of two, big enough) with every entry of ``table``."""
    out = int_array(size)
    for i in range(0, len(table), 2):
        if table[i] != 0:
            s = slot(out, table[i] - 1)
            out[s] = table[i]
            out[s + 1] = table[i + 1]
    return out


@jit
def trie_grown(nodes, table, count, need, width):
    """``(nodes, table)`` of a trie whose nodes are ``width`` ints each and ``count[0]`` of them
    are used: themselves when ``need`` new nodes fit, else copies with room for them (the nodes'
    capacity doubled as often as needed, the table kept at two slots a node)."""
    cap = len(nodes) // width
    if count[0] + need <= cap:
        return nodes, table
    while count[0] + need > cap:
        cap *= 2
    grown = int_array(cap * width)
    for i in range(count[0] * width):
        grown[i] = nodes[i]
    return grown, resized(table, 4 * cap)
