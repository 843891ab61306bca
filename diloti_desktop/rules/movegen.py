"""The legal-move generator: the single judge of legality.

:func:`legal_moves` lists every distinct legal move of the player to move, in a fixed
order: hand cards lowest first (A♠ A♥ ... K♣); for each card, captures, then the lay,
then plain declarations, families and raises, each in a deterministic order. Two ways of
grouping the same captured cards into sums are one move (the result is the same).

Speed matters (AI search calls this millions of times): table subsets are bit masks,
and the subsets of the loose numerals that add up to each value are computed once per
distinct table and cached.
"""

from __future__ import annotations

from typing import Final

from diloti_desktop.rules.cards import NUMERALS, RANK, RANK_MASK, VALUE
from diloti_desktop.rules.moves import Move, MoveKind
from diloti_desktop.rules.position import PLAY, Pile, Position

LAY, CAPTURE, BUILD, FAMILY, RAISE = (
    MoveKind.LAY, MoveKind.CAPTURE, MoveKind.BUILD, MoveKind.FAMILY, MoveKind.RAISE)

_CACHE_LIMIT: Final = 200_000
_groups_cache: dict[int, tuple[tuple[int, ...], ...]] = {}
_unions_cache: dict[tuple[int, int], dict[int, int]] = {}
_EMPTY_GROUPS: Final = ((),) * 11


def sum_groups(numerals: int) -> tuple[tuple[int, ...], ...]:
    """For a mask of numeral cards, ``result[s]`` lists its non-empty subsets adding to s.

    Only sums up to 10 matter (nothing larger is ever captured or declared).
    """
    cached = _groups_cache.get(numerals)
    if cached is not None:
        return cached
    items: list[tuple[int, int]] = []
    mask = numerals
    while mask:
        low = mask & -mask
        items.append((VALUE[low.bit_length() - 1], low))
        mask ^= low
    items.sort()
    found: list[list[int]] = [[] for _ in range(11)]
    count = len(items)

    def extend(start: int, chosen: int, total: int) -> None:
        for index in range(start, count):
            value, bit = items[index]
            new_total = total + value
            if new_total > 10:
                break  # items are sorted by value: every later one is too big as well
            found[new_total].append(chosen | bit)
            extend(index + 1, chosen | bit, new_total)

    extend(0, 0, 0)
    result = tuple(tuple(groups) for groups in found)
    if len(_groups_cache) >= _CACHE_LIMIT:
        _groups_cache.clear()
    _groups_cache[numerals] = result
    return result


def capture_unions(numerals: int, value: int,
                   groups: tuple[int, ...] | list[int] | None = None) -> dict[int, int]:
    """Every non-empty union of disjoint subsets of ``numerals`` that each add to ``value``.

    Maps the union's mask to the fewest sum groups of two or more cards it needs (used by
    the "one sum group per capture" variant). ``groups``, when the caller already has
    them, are ``sum_groups(numerals)[value]``.
    """
    key = (numerals, value)
    cached = _unions_cache.get(key)
    if cached is not None:
        return cached
    reach: dict[int, int] = {0: 0}
    for group in sum_groups(numerals)[value] if groups is None else groups:
        multi = 1 if group & (group - 1) else 0
        for union, count in list(reach.items()):
            if not union & group:
                combined = union | group
                old = reach.get(combined)
                if old is None or count + multi < old:
                    reach[combined] = count + multi
    del reach[0]
    if len(_unions_cache) >= _CACHE_LIMIT:
        _unions_cache.clear()
    _unions_cache[key] = reach
    return reach


def clear_caches() -> None:
    """Forget the cached table subsets (for benchmarks that want a cold start)."""
    _groups_cache.clear()
    _unions_cache.clear()


def partition(cards: int, value: int) -> list[int] | None:
    """Split ``cards`` into groups each adding to ``value`` (one way), or None."""
    if not cards:
        return []
    low = cards & -cards
    for group in sum_groups(cards)[value]:
        if group & low:
            rest = partition(cards & ~group, value)
            if rest is not None:
                return [group, *rest]
    return None


def _pile_subsets(piles: list[int]) -> list[tuple[int, ...]]:
    subsets: list[tuple[int, ...]] = [()]
    for pile in piles:
        subsets += [(*subset, pile) for subset in subsets]
    return subsets


def _may_raise(position: Position, seat: int, pile: Pile, own: Pile | None) -> bool:
    rules = position.rules
    if pile.family or rules.locked_declarations:
        return False
    if own is not None:
        return pile is own and rules.self_raise
    if pile.owner == seat:
        return rules.self_raise  # unreachable while the seat owns no pile, kept for clarity
    if (pile.owner & 1) == (seat & 1):
        return rules.partner_raise
    return True


_last_position: Position | None = None
_last_moves: list[Move] = []
_last_set: frozenset[Move] | None = None


def legal_moves(position: Position) -> list[Move]:
    """Every distinct legal move of the player to move, in the documented order.

    Returns an empty list outside the play phase. The returned list must not be mutated.
    """
    global _last_position, _last_moves, _last_set
    if position is _last_position:
        return _last_moves
    moves = _generate(position)
    _last_position, _last_moves, _last_set = position, moves, None
    return moves


def is_legal(position: Position, move: Move) -> bool:
    """Whether ``move`` is one of :func:`legal_moves` (set lookup, cached per position)."""
    global _last_set
    moves = legal_moves(position)
    if _last_set is None:
        _last_set = frozenset(moves)
    return move in _last_set


def _generate(position: Position) -> list[Move]:
    if position.phase != PLAY:
        return []
    seat = position.turn
    hand = position.hands[seat]
    loose = position.loose
    piles = position.piles
    own: Pile | None = None
    for pile in piles:
        if pile.owner == seat:
            own = pile
            break

    held = [0] * 14
    mask = hand
    while mask:
        low = mask & -mask
        held[RANK[low.bit_length() - 1]] += 1
        mask ^= low

    # Cards of one rank have the same moves: work them out once per rank, then emit them
    # for each card of that rank (cards of a rank are adjacent in index order, so the
    # output stays ordered by card).
    numerals = loose & NUMERALS
    groups = sum_groups(numerals) if numerals else _EMPTY_GROUPS
    moves: list[Move] = []
    new = tuple.__new__
    for rank in range(1, 14):
        if not held[rank]:
            continue
        if rank > 10:
            templates = _face_templates(rank, loose, own)
        else:
            templates = _numeral_templates(position, rank, held, own, numerals, groups)
        if not templates:
            continue
        cards = hand & RANK_MASK[rank]
        while cards:
            low = cards & -cards
            cards ^= low
            card = low.bit_length() - 1
            for kind, value, used, used_piles in templates:
                moves.append(new(Move, (kind, card, value, used, used_piles)))
    return moves


_Template = tuple[MoveKind, int, int, tuple[int, ...]]


def _face_templates(rank: int, loose: int, own: Pile | None) -> list[_Template]:
    """A face card takes exactly one loose face of its rank, or is laid when none is."""
    same = loose & RANK_MASK[rank]
    if not same:
        return [] if own is not None else [(LAY, 0, 0, ())]
    templates: list[_Template] = []
    while same:
        bit = same & -same
        same ^= bit
        templates.append((CAPTURE, rank, bit, ()))
    return templates


def _numeral_templates(position: Position, value: int, held: list[int], own: Pile | None,
                       numerals: int, groups: tuple[tuple[int, ...], ...]) -> list[_Template]:
    rules = position.rules
    seat = position.turn
    piles = position.piles
    templates: list[_Template] = []
    append = templates.append
    # The owner's last card of the pile's value may only take the pile.
    reserved = own is not None and own.value == value and held[value] == 1

    # -- captures ----------------------------------------------------------------------
    unions = capture_unions(numerals, value, groups[value]) if groups[value] else {}
    required = numerals & RANK_MASK[value] if rules.capture_all_of_rank else 0
    matching = [p.cards for p in piles if p.value == value] if piles else []
    if len(matching) > 1:
        matching.sort(key=lambda pile_cards: pile_cards & -pile_cards)  # canonical order
    for subset in _pile_subsets(matching) if matching else ((),):
        if reserved and own is not None and own.cards not in subset:
            continue
        if subset and not required:
            append((CAPTURE, value, 0, subset))
        for union, sum_count in unions.items():
            if required and union & required != required:
                continue
            if rules.one_sum_group and sum_count > 1:
                continue
            append((CAPTURE, value, union, subset))
    if reserved:
        return templates

    # -- lay ---------------------------------------------------------------------------
    if own is None:
        append((LAY, 0, 0, ()))

    # -- plain declarations ------------------------------------------------------------
    if own is None and numerals:
        for total in range(value + 1, 11):
            if held[total]:
                for group in groups[total - value]:
                    append((BUILD, total, group, ()))

    # -- families ----------------------------------------------------------------------
    for total in range(value, 11):
        if held[total] - (1 if total == value else 0) <= 0:
            continue  # the declarer must keep another card of the family's value
        if own is not None:
            if own.value != total:
                continue
            absorbable: list[int | None] = [own.cards]
        else:
            absorbable = [None]
            if piles and not rules.locked_declarations:
                absorbable += [p.cards for p in piles if p.value == total and not p.family]
        if len(absorbable) == 1 and absorbable[0] is None and not groups[total]:
            continue  # no second component anywhere
        seen: set[tuple[int, int | None]] = set()
        played_parts = (0,) if total == value else groups[total - value]
        for part in played_parts:
            rest = numerals & ~part
            if part and groups[total]:  # the sums of the rest are the sums avoiding ``part``
                rest_groups = [g for g in groups[total] if not g & part]
                others = [0, *capture_unions(rest, total, rest_groups)] if rest_groups else [0]
            elif groups[total]:
                others = [0, *capture_unions(rest, total, groups[total])]
            else:
                others = [0]
            for other in others:
                absorbed_loose = part | other
                for pile_cards in absorbable:
                    if not other and pile_cards is None:
                        continue  # a family needs two or more components
                    key = (absorbed_loose, pile_cards)
                    if key in seen:
                        continue
                    seen.add(key)
                    pile_tuple = () if pile_cards is None else (pile_cards,)
                    append((FAMILY, total, absorbed_loose, pile_tuple))

    # -- raises ------------------------------------------------------------------------
    if not piles or rules.locked_declarations or (own is not None and not rules.self_raise):
        return templates
    for pile in piles:
        if not _may_raise(position, seat, pile, own):
            continue
        base = pile.value + value
        if base <= 10 and held[base]:
            append((RAISE, base, 0, (pile.cards,)))
        if rules.raise_with_loose and numerals:
            for total in range(base + 1, 11):
                if held[total]:
                    for group in groups[total - base]:
                        append((RAISE, total, group, (pile.cards,)))
    return templates
