"""Sums over loose numerals decided on rank counts: polynomial however crowded the table.

Which *cards* of a rank take part in a sum never changes whether the sum works, so every
question here is answered on the count of loose cards of each value (A = 1 ... 10), at
most four each, and only the final answer is turned back into cards:

- :func:`can_partition`: can a set of numerals be split into groups each adding to ``v``
  (the legality of a capture or a family; a memoized search on the counts, highest card
  first, at most a few thousand count states even with every numeral on the table);
- :func:`partition`: one such split, as card masks (the same one, group by group, that
  the older exhaustive search picked: each group is the first in card order that leaves a
  splittable rest);
- :func:`has_sum` / :func:`has_two_sums`: is there a subset (two disjoint subsets) adding
  to given totals (used by ``legality.targets`` for highlighting);
- :func:`group_shapes`: the distinct value multisets adding to ``v`` that the table can
  supply (at most 42 for v = 10, whatever the table), and :func:`pick_cards` to turn one
  into cards (point cards first), for the AI's bounded candidate moves;
- :func:`max_cover`: the most cards one capture of value ``v`` can take;
- :func:`groups_of`: the subsets of some numerals adding up to each value up to a bound
  (for listing moves on uncrowded tables: exponential in the number of cards).
"""

from __future__ import annotations

from typing import Final

from diloti_desktop.rules.cards import FACES, NUMERALS, TEN_OF_DIAMONDS, TWO_OF_CLUBS

Counts = tuple[int, ...]
"""Loose numerals per value: ``counts[v]`` for v = 1..10 (index 0 unused, always 0)."""

_CACHE_LIMIT: Final = 100_000
_split_cache: dict[tuple[Counts, int], bool] = {}
_shape_cache: dict[tuple[Counts, int], tuple[Counts, ...]] = {}

def _preferred(rank: int) -> tuple[int, ...]:
    """The cards of a rank, point cards first (then by index)."""
    cards = list(range(4 * (rank - 1), 4 * rank))
    points = [c for c in cards if rank == 1 or c in (TEN_OF_DIAMONDS, TWO_OF_CLUBS)]
    return (*points, *(c for c in cards if c not in points))


#: Cards of a rank in the order a bounded candidate picks them: point cards first.
_PREFERRED: Final = ((), *(_preferred(rank) for rank in range(1, 11)))


def counts_of(mask: int) -> Counts:
    """The numerals of ``mask`` counted per value (faces are ignored)."""
    # the four cards of a value are four neighbouring bits: their count is looked up (the
    # compiled build calls ``int.bit_count`` as a Python method)
    bits = _BITS_OF_NIBBLE
    return (0, bits[mask & 15], bits[mask >> 4 & 15], bits[mask >> 8 & 15],
            bits[mask >> 12 & 15], bits[mask >> 16 & 15], bits[mask >> 20 & 15],
            bits[mask >> 24 & 15], bits[mask >> 28 & 15], bits[mask >> 32 & 15],
            bits[mask >> 36 & 15])


#: How many bits each number below 16 has.
_BITS_OF_NIBBLE: Final = tuple(n.bit_count() for n in range(16))


def _total(counts: Counts) -> int:
    # written out: a generator over the ten values costs several times as much
    return (counts[1] + 2 * counts[2] + 3 * counts[3] + 4 * counts[4] + 5 * counts[5]
            + 6 * counts[6] + 7 * counts[7] + 8 * counts[8] + 9 * counts[9] + 10 * counts[10])


def _sub(counts: Counts, shape: Counts) -> Counts:
    return tuple(a - b for a, b in zip(counts, shape, strict=True))


def _shapes(counts: Counts, target: int, top: int) -> list[Counts]:
    """Multisets of values <= ``top`` drawn from ``counts`` adding exactly to ``target``."""
    found: list[Counts] = []
    used = [0] * 11

    def extend(value: int, left: int) -> None:
        if left == 0:
            found.append(tuple(used))
            return
        for v in range(min(value, left), 0, -1):
            if used[v] < counts[v]:
                used[v] += 1
                extend(v, left - v)
                used[v] -= 1

    extend(top, target)
    return found


def group_shapes(counts: Counts, value: int) -> tuple[Counts, ...]:
    """The distinct value multisets (one card or more) the counts can give adding to ``value``."""
    key = (counts, value)
    cached = _shape_cache.get(key)
    if cached is None:
        cached = tuple(_shapes(counts, value, value))
        if len(_shape_cache) >= _CACHE_LIMIT:
            _shape_cache.clear()
        _shape_cache[key] = cached
    return cached


def _splits(counts: Counts, value: int) -> bool:
    """Whether ``counts`` split into groups each adding to ``value`` (total already a
    multiple of ``value``)."""
    top = 10
    while top and not counts[top]:
        top -= 1
    if top == 0:
        return True
    if top > value:
        return False
    if top == value:
        rest = list(counts)
        rest[top] = 0
        return _splits(tuple(rest), value)
    key = (counts, value)
    cached = _split_cache.get(key)
    if cached is not None:
        return cached
    # The highest card must be in some group: try every way to complete it.
    base = list(counts)
    base[top] -= 1
    without = tuple(base)
    result = any(_splits(_sub(without, shape), value)
                 for shape in _shapes(without, value - top, top))
    if len(_split_cache) >= _CACHE_LIMIT:
        _split_cache.clear()
    _split_cache[key] = result
    return result


def can_split_counts(counts: Counts, value: int) -> bool:
    """Whether the counted numerals split into groups each adding to ``value``."""
    if not 1 <= value <= 10:
        return False
    return _total(counts) % value == 0 and _splits(counts, value)


def can_partition(cards: int, value: int) -> bool:
    """Whether the numerals ``cards`` split into groups each adding to ``value``.

    The empty set splits (into no groups); a face card never does.
    """
    if cards & FACES:
        return False
    return can_split_counts(counts_of(cards), value)


def partition(cards: int, value: int) -> list[int] | None:
    """Split the numerals ``cards`` into groups each adding to ``value`` (one way), or None.

    Each group is the first (cards in index order) that contains the lowest card left and
    leaves a rest that still splits, so the answer is deterministic.
    """
    if cards.bit_count() <= _FEW and not cards & FACES:
        if not 1 <= value <= 10:
            return None
        return _split(groups_of(cards, value)[value], cards)  # a few cards: a direct search
    if not can_partition(cards, value):
        return None
    groups: list[int] = []
    while cards:
        low = cards & -cards
        group = _first_group(cards, low, value)
        groups.append(group)
        cards &= ~group
    return groups


#: Up to this many cards, :func:`partition` searches the groups directly (the same answer).
_FEW: Final = 8


def _split(groups: list[int], cards: int) -> list[int] | None:
    """``cards`` split into some of ``groups`` (the first that holds the lowest card and
    leaves a rest that splits, and so on), or None."""
    if not cards:
        return []
    low = cards & -cards
    for group in groups:
        if group & low and group & cards == group:
            rest = _split(groups, cards & ~group)
            if rest is not None:
                return [group, *rest]
    return None


def _first_group(cards: int, low: int, value: int) -> int:
    """The first group (in card order) holding ``low`` whose removal leaves a split rest."""
    others: list[int] = []
    mask = cards ^ low
    while mask:
        bit = mask & -mask
        others.append(bit)
        mask ^= bit
    tried: set[Counts] = set()
    return _complete(cards, value, others, tried, 0, low,
                     value - ((low.bit_length() - 1 >> 2) + 1))


def _complete(cards: int, value: int, others: list[int], tried: set[Counts], start: int,
              chosen: int, left: int) -> int:
    """The first group ``chosen`` plus cards of ``others`` from ``start`` adding ``left``
    more whose removal from ``cards`` leaves a rest that splits into groups of ``value``
    (0 if none; ``tried`` holds the rests already refused, by their counts)."""
    if left == 0:
        shape = counts_of(cards & ~chosen)
        if shape in tried:
            return 0
        tried.add(shape)
        return chosen if can_split_counts(shape, value) else 0
    for index in range(start, len(others)):
        bit = others[index]
        card_value = (bit.bit_length() - 1 >> 2) + 1
        if card_value > left:
            break  # cards come in index order, so values only grow from here
        found = _complete(cards, value, others, tried, index + 1, chosen | bit,
                          left - card_value)
        if found:
            return found
    return 0


def groups_of(numerals: int, top: int = 10) -> list[list[int]]:
    """For a mask of numeral cards, ``result[s]`` lists its non-empty subsets adding to s
    for s up to ``top`` (at most 10: nothing larger is ever captured or declared; the
    lists above ``top`` are left empty), worked out afresh. The empty lists may be shared
    with other answers: never change an answer.

    The subsets come in the order of a depth-first search over the cards, lowest first
    (a card alone, then with each subset of the higher cards, then the subsets without it).
    """
    numerals &= NUMERALS
    if not numerals:
        return _NO_GROUPS
    # A sum's list is made by its first group: the sums no group makes keep the shared
    # empty list (one list made and freed fewer for each).
    found = [_NONE] * 11
    _extend(numerals, 0, 0, top if top < 10 else 10, found)
    return found


#: An empty list of groups shared by every answer of :func:`groups_of` (for the sums no
#: group adds up to, and those above ``top``), and the answer for a table without
#: numerals: never changed (the answers are only read).
_NONE: Final[list[int]] = []
_NO_GROUPS: Final[list[list[int]]] = [_NONE] * 11


def _extend(cards: int, chosen: int, total: int, top: int, found: list[list[int]]) -> None:
    """Add to ``found`` the sums (up to ``top``) of ``chosen`` with each subset of
    ``cards`` (bit operations only: no list of the cards to build)."""
    cards &= _UP_TO[top - total]  # the cards too big to add are never looked at
    while cards:
        low = cards & -cards
        cards ^= low
        reached = total + (low.bit_length() + 3 >> 2)  # the card's value
        group = chosen | low
        row = found[reached]
        if row is _NONE:
            found[reached] = [group]
        else:
            row.append(group)
        if reached < top and cards:
            _extend(cards, group, reached, top, found)


#: ``_UP_TO[v]``: the numeral cards of value v or less (a value's four cards are bits
#: 4(v - 1) to 4v - 1).
_UP_TO: Final = tuple((1 << 4 * v) - 1 for v in range(11))


def has_sum(counts: Counts, target: int) -> bool:
    """Whether some of the counted numerals (one or more) add up exactly to ``target``."""
    if target <= 0:
        return target == 0
    reach = 1
    limit = (1 << (target + 1)) - 1
    for v in range(1, min(target, 10) + 1):
        for _ in range(counts[v]):
            reach = (reach | reach << v) & limit
    return bool(reach >> target & 1)


def _row_masks() -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Bit masks over the 11 x 11 pairs (a, b) at bit 11a + b: where a >= v, where b >= v."""
    a_at_least = tuple(sum(1 << (11 * a + b) for a in range(v, 11) for b in range(11))
                       for v in range(11))
    b_at_least = tuple(sum(1 << (11 * a + b) for a in range(11) for b in range(v, 11))
                       for v in range(11))
    return a_at_least, b_at_least


_A_AT_LEAST, _B_AT_LEAST = _row_masks()


def has_two_sums(counts: Counts, first: int, second: int) -> bool:
    """Whether two disjoint subsets add up to ``first`` and ``second`` (0 = empty set).

    A bit set over the pairs (still to make for the first, still to make for the second):
    each card either is left out, or pays for one of the two.
    """
    if not (0 <= first <= 10 and 0 <= second <= 10):
        return False
    states = 1 << (11 * first + second)
    for v in range(1, 11):
        for _ in range(counts[v]):
            states |= ((states & _A_AT_LEAST[v]) >> (11 * v)) | ((states & _B_AT_LEAST[v]) >> v)
        if states & 1:
            return True
    return bool(states & 1)


def max_cover(counts: Counts, value: int) -> Counts:
    """The value multiset of a big capture of ``value``: every counted numeral when they
    all split into groups of ``value`` (a sweep of the loose cards), else a greedy
    capture nothing more can be added to (:func:`greedy_cover`). Cards of ``value`` itself
    are singletons and always included. Bounded: no search over subsets."""
    if not 1 <= value <= 10:
        return (0,) * 11
    lower = tuple(counts[v] if v < value else 0 for v in range(11))
    if _total(lower) % value == 0 and _splits(lower, value):
        return _with_singles(lower, counts, value)
    return _with_singles(greedy_cover(lower, value), counts, value)


def greedy_cover(counts: Counts, value: int) -> Counts:
    """A capture nothing can be added to: groups of ``value`` taken one at a time, the one
    with the most cards first, while any fits (cards of ``value`` itself are not used)."""
    left = counts
    kept = [0] * 11
    while True:
        shapes = _shapes(left, value, value - 1)
        if not shapes:
            return tuple(kept)
        shape = max(shapes, key=sum)
        left = _sub(left, shape)
        for v in range(11):
            kept[v] += shape[v]


def _with_singles(kept: Counts, counts: Counts, value: int) -> Counts:
    return tuple(counts[v] if v == value else kept[v] for v in range(11))


def pick_cards(available: int, shape: Counts) -> int:
    """Cards of ``available`` matching a value multiset, point cards first (0 if short)."""
    chosen = 0
    for v in range(1, 11):
        need = shape[v]
        if not need:
            continue
        for card in _PREFERRED[v]:
            if available >> card & 1:
                chosen |= 1 << card
                need -= 1
                if not need:
                    break
        if need:
            return 0
    return chosen


def clear_caches() -> None:
    """Forget the memoized count states (for benchmarks that want a cold start)."""
    _split_cache.clear()
    _shape_cache.clear()
