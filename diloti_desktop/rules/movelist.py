"""The legal moves of an uncrowded table, built as one list with plain loops.

The reference enumeration is the lazy generator of :mod:`diloti_desktop.rules.movegen`
(``lazy_legal_moves``): its output can be exponential in the loose numerals. While the
table holds at most :data:`LIST_LIMIT` loose numerals the whole list is small (a few
thousand moves at worst, a handful in a real game), and building it with plain loops is
much cheaper than driving a chain of generators, in pure Python and even more in the
compiled build; ``legal_moves`` then returns an iterator over :func:`move_list`, which
gives exactly the same moves in the same order (tests/rules/test_movelist.py compares the
two on random positions and on every position of seeded games of each ruleset).

Also here, as both enumerations use them: :func:`sum_groups` (``sums.groups_of``, the
subsets of the loose numerals adding up to each value, as tuples cached per table) and
:func:`unions`.
"""

from __future__ import annotations

from typing import Final

from diloti_desktop.rules.cards import DECK_SIZE, RANK_MASK, value_sum
from diloti_desktop.rules.legality import may_raise
from diloti_desktop.rules.moves import Move, MoveKind
from diloti_desktop.rules.position import Pile, Position
from diloti_desktop.rules.sums import groups_of

LAY: Final = MoveKind.LAY
CAPTURE: Final = MoveKind.CAPTURE
BUILD: Final = MoveKind.BUILD
FAMILY: Final = MoveKind.FAMILY
RAISE: Final = MoveKind.RAISE

#: Tables with at most this many loose numerals get the list (a few thousand moves at most).
LIST_LIMIT: Final = 10

# Module constants are Final so that the compiled build keeps them in C statics.
_new: Final = tuple.__new__  # a Move's fields without the keyword handling (hot path)
_MOVE: Final = Move
_NO_PILES: Final[tuple[int, ...]] = ()
#: The lay of each card (one shared value: moves are immutable).
_LAYS: Final = tuple(Move(LAY, card, 0, 0, ()) for card in range(DECK_SIZE))

_CACHE_LIMIT: Final = 200_000
_groups_cache: Final[dict[int, tuple[tuple[int, ...], ...]]] = {}


def sum_groups(numerals: int) -> tuple[tuple[int, ...], ...]:
    """:func:`groups_of` as tuples, cached per table (crowded tables are worked on by
    several calls: the full enumeration, hints)."""
    cached = _groups_cache.get(numerals)
    if cached is not None:
        return cached
    result = tuple([tuple(groups) for groups in groups_of(numerals)])
    if len(_groups_cache) >= _CACHE_LIMIT:
        _groups_cache.clear()
    _groups_cache[numerals] = result
    return result


def clear_groups_cache() -> None:
    """Forget the cached sum groups."""
    _groups_cache.clear()


def unions(groups: tuple[int, ...] | list[int]) -> list[int]:
    """Every non-empty union of disjoint ``groups``, in the order of ``movegen.iter_unions``."""
    if len(groups) > 4:  # possibly many unions: repeats are found with a set
        return _many_unions(groups)
    found: list[int] = []
    for group in groups:
        count = len(found)
        if group not in found:
            found.append(group)
        for index in range(count):
            union = found[index]
            if not union & group:
                combined = union | group
                if combined not in found:  # at most 15 of them: a scan is cheapest
                    found.append(combined)
    return found


def _many_unions(groups: tuple[int, ...] | list[int]) -> list[int]:
    found: list[int] = [0]
    seen: set[int] = {0}
    for group in groups:
        for index in range(len(found)):
            union = found[index]
            if not union & group:
                combined = union | group
                if combined not in seen:
                    seen.add(combined)
                    found.append(combined)
    del found[0]
    return found


def pile_subsets(piles: list[int]) -> list[tuple[int, ...]]:
    """Every subset of some piles (as tuples keeping their order), the empty one first."""
    subsets: list[tuple[int, ...]] = [()]
    for pile in piles:
        subsets += [(*subset, pile) for subset in subsets]
    return subsets




def move_list(position: Position, held: list[int], own: Pile | None, numerals: int,
              groups: list[list[int]]) -> list[Move]:
    """Every legal move, in the order of ``legal_moves`` (the caller checked the phase and
    worked out the cards held per rank, the own pile and the sums of the loose numerals)."""
    moves: list[Move] = []
    hand: int = position.hands[position.turn]
    loose: int = position.loose
    plain = not position.piles and numerals != 0
    rules = position.rules
    take_all: bool = rules.capture_all_of_rank
    one_group: bool = rules.one_sum_group
    values = [value for value in range(1, 11) if held[value]]  # numeral values held
    for rank in range(1, 14):
        count = held[rank]
        if not count:
            continue
        cards = hand & RANK_MASK[rank]
        low = cards & -cards
        card = low.bit_length() - 1
        start = len(moves)
        if rank > 10:
            _face_moves(moves, card, rank, loose, own)
        elif plain:
            _plain_moves(moves, card, rank, held, values, numerals, groups, take_all, one_group)
        else:
            _numeral_moves(moves, position, card, rank, held, own, numerals, groups)
        if count == 1:
            continue
        end = len(moves)  # the rank's other cards have the same moves
        cards ^= low
        while cards:
            low = cards & -cards
            cards ^= low
            other = low.bit_length() - 1
            for index in range(start, end):
                move = moves[index]
                if move[0] == LAY:
                    moves.append(_LAYS[other])
                else:
                    moves.append(_new(_MOVE, (move[0], other, move[2], move[3], move[4])))
    return moves


def _face_moves(moves: list[Move], card: int, rank: int, loose: int, own: Pile | None) -> None:
    same = loose & RANK_MASK[rank]
    if not same:
        if own is None:
            moves.append(_LAYS[card])
        return
    while same:
        bit = same & -same
        same ^= bit
        moves.append(_new(_MOVE, (CAPTURE, card, rank, bit, _NO_PILES)))


def _plain_moves(moves: list[Move], card: int, value: int, held: list[int], values: list[int],
                 numerals: int, groups: list[list[int]], take_all: bool,
                 one_group: bool) -> None:
    """A numeral's moves on a table without piles (nobody owns one); ``values`` are the
    numeral values held, lowest first."""
    captures = groups[value]
    # every union of sums of ``value``: the captures, and the families of ``value``
    value_unions = unions(captures) if len(captures) > 1 else list(captures)
    if value_unions:
        required = numerals & RANK_MASK[value] if take_all else 0
        others = numerals & ~RANK_MASK[value]
        for union in value_unions:
            if required and union & required != required:
                continue
            if one_group and value_sum(union & others) not in (0, value):
                continue  # more than one group of two or more cards
            moves.append(_new(_MOVE, (CAPTURE, card, value, union, _NO_PILES)))
    moves.append(_LAYS[card])
    for total in values:
        if total > value:
            for group in groups[total - value]:
                moves.append(_new(_MOVE, (BUILD, card, total, group, _NO_PILES)))
    for total in values:
        if total < value:
            continue
        if total == value:  # the declarer must keep another card of the family's value
            if held[value] > 1:
                for other in value_unions:
                    moves.append(_new(_MOVE, (FAMILY, card, value, other, _NO_PILES)))
            continue
        rest = groups[total]
        if not rest:
            continue  # no second component anywhere
        seen: set[int] = set()
        for part in groups[total - value]:
            for other in unions([g for g in rest if not g & part]):
                absorbed = part | other
                if absorbed not in seen:
                    seen.add(absorbed)
                    moves.append(_new(_MOVE, (FAMILY, card, total, absorbed, _NO_PILES)))


def _numeral_moves(moves: list[Move], position: Position, card: int, value: int,
                   held: list[int], own: Pile | None, numerals: int,
                   groups: list[list[int]]) -> None:
    """A numeral's moves on a table with piles (or with no loose numeral)."""
    rules = position.rules
    piles = position.piles
    # The owner's last card of the pile's value may only take the pile.
    reserved = own is not None and own.value == value and held[value] == 1

    # -- captures ----------------------------------------------------------------------
    required = numerals & RANK_MASK[value] if rules.capture_all_of_rank else 0
    one_group = rules.one_sum_group
    others = numerals & ~RANK_MASK[value]
    matching: list[int] = []
    for pile in piles:
        if pile.value == value:
            matching.append(pile.cards)
    if len(matching) > 1:
        matching.sort(key=_lowest)  # canonical order
    captures = unions(groups[value]) if groups[value] else []
    for subset in pile_subsets(matching):
        if reserved and own is not None and own.cards not in subset:
            continue
        if subset and not required:
            moves.append(_new(_MOVE, (CAPTURE, card, value, 0, subset)))
        for union in captures:
            if required and union & required != required:
                continue
            if one_group and value_sum(union & others) not in (0, value):
                continue  # more than one group of two or more cards
            moves.append(_new(_MOVE, (CAPTURE, card, value, union, subset)))
    if reserved:
        return

    # -- lay and plain declarations ----------------------------------------------------
    if own is None:
        moves.append(_LAYS[card])
        if numerals:
            for total in range(value + 1, 11):
                if held[total]:
                    for group in groups[total - value]:
                        moves.append(_new(_MOVE, (BUILD, card, total, group, _NO_PILES)))

    # -- families ----------------------------------------------------------------------
    for total in range(value, 11):
        if held[total] - (1 if total == value else 0) <= 0:
            continue  # the declarer must keep another card of the family's value
        absorbable: list[int] = []  # pile masks; 0 stands for "no pile"
        if own is not None:
            if own.value != total:
                continue
            absorbable.append(own.cards)
        else:
            absorbable.append(0)
            if piles and not rules.locked_declarations:
                for pile in piles:
                    if pile.value == total and not pile.family:
                        absorbable.append(pile.cards)
        if len(absorbable) == 1 and absorbable[0] == 0 and not groups[total]:
            continue  # no second component anywhere
        seen: set[tuple[int, int]] = set()
        played_parts = (0,) if total == value else groups[total - value]
        for part in played_parts:
            rest_groups = [g for g in groups[total] if not g & part] if part else groups[total]
            for other in [0, *unions(rest_groups)]:
                absorbed_loose = part | other
                for pile_cards in absorbable:
                    if not other and not pile_cards:
                        continue  # a family needs two or more components
                    key = (absorbed_loose, pile_cards)
                    if key in seen:
                        continue
                    seen.add(key)
                    pile_tuple = (pile_cards,) if pile_cards else _NO_PILES
                    moves.append(_new(_MOVE, (FAMILY, card, total, absorbed_loose, pile_tuple)))

    # -- raises ------------------------------------------------------------------------
    if not piles or rules.locked_declarations or (own is not None and not rules.self_raise):
        return
    seat = position.turn
    for pile in piles:
        if not may_raise(position, seat, pile, own):
            continue
        base = pile.value + value
        if base <= 10 and held[base]:
            moves.append(_new(_MOVE, (RAISE, card, base, 0, (pile.cards,))))
        if rules.raise_with_loose and numerals:
            for total in range(base + 1, 11):
                if held[total]:
                    for group in groups[total - base]:
                        moves.append(_new(_MOVE, (RAISE, card, total, group, (pile.cards,))))


def _lowest(mask: int) -> int:
    return mask & -mask
