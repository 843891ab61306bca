"""The full legal-move enumeration, lazy, and the bounded move list everything else uses.

:func:`legal_moves` yields every distinct legal move of the player to move, in a fixed
order: hand cards lowest first (A♠ A♥ ... K♣); for each card, captures, then the lay,
then plain declarations, families and raises, each in a deterministic order. Two ways of
grouping the same captured cards into sums are one move (the result is the same).

Its length can grow exponentially with the loose numerals (104,512 moves with 20 of
them; every union of disjoint sums is another capture), so it is an *iterator*: the CLI
streams it and tests compare against it, but nothing that runs during a game lists it.
The game uses :func:`candidate_moves` (the whole list while it is short, else a bounded
canonical subset, see :mod:`diloti_desktop.rules.candidates`) and the direct, polynomial
checks of :mod:`diloti_desktop.rules.legality` (``is_legal``, gestures, ``apply``).

Table subsets are bit masks; the subsets of the loose numerals that add up to each value
are computed once per distinct table and cached (at most 4,050 of them, even with all 40
numerals loose); on crowded tables unions of disjoint subsets are produced one at a time.
While the table holds few loose numerals the moves are built at once as a list
(:mod:`diloti_desktop.rules.movelist`: the same moves in the same order, much cheaper).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import chain, islice
from typing import Final

from diloti_desktop.rules.cards import NUMERALS, RANK, RANK_MASK, value_sum
from diloti_desktop.rules.legality import is_legal, may_raise
from diloti_desktop.rules.movelist import (
    LIST_LIMIT,
    clear_groups_cache,
    move_list,
    pile_subsets,
    sum_groups,
)
from diloti_desktop.rules.moves import Move, MoveKind
from diloti_desktop.rules.position import PLAY, Pile, Position
from diloti_desktop.rules.sums import clear_caches as clear_sum_caches
from diloti_desktop.rules.sums import groups_of, partition

LAY: Final = MoveKind.LAY  # Final: the compiled build keeps these in C statics
CAPTURE: Final = MoveKind.CAPTURE
BUILD: Final = MoveKind.BUILD
FAMILY: Final = MoveKind.FAMILY
RAISE: Final = MoveKind.RAISE

_EMPTY_GROUPS: Final = ((),) * 11


def iter_unions(groups: tuple[int, ...] | list[int]) -> Iterator[int]:
    """Every non-empty union of disjoint ``groups``, one at a time, without repeats.

    The order is fixed: after the unions of the first k groups come the new unions that
    the (k+1)-th group makes with each of them, in the order those were found.
    """
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
                    yield combined


def clear_caches() -> None:
    """Forget the cached table subsets (for benchmarks that want a cold start)."""
    clear_groups_cache()
    clear_sum_caches()
    global _last
    _last = (None, [], True)


#: The list of every legal move is returned whole while it has at most this many moves
#: and the table at most :data:`CROWDED` loose numerals.
FULL_LIST_LIMIT: Final = 400
CROWDED: Final = 13

#: The last answer (position, moves, complete), replaced whole: the AI's thread and the
#: frame thread both call in, and a reader must never pair one position with another's list.
_last: tuple[Position | None, list[Move], bool] = (None, [], True)


def candidate_moves(position: Position) -> list[Move]:
    """The moves a game offers and searches: bounded, never empty while a move exists.

    While the position has at most :data:`FULL_LIST_LIMIT` legal moves and fewer than
    :data:`CROWDED` loose numerals (most turns of a real game) this is exactly
    ``list(legal_moves(position))``; beyond, it is the bounded canonical subset of
    :func:`diloti_desktop.rules.candidates.canonical_moves` (every lay, single-group and
    whole-table captures, one declaration per distinct sum, ...). Cached for the last
    position; the returned list must not be mutated.
    """
    return _candidates(position)[1]


def _candidates(position: Position) -> tuple[Position | None, list[Move], bool]:
    global _last
    last = _last
    if last[0] is position:
        return last
    crowded = (position.loose & NUMERALS).bit_count() >= CROWDED
    moves = [] if crowded else list(islice(legal_moves(position), FULL_LIST_LIMIT + 1))
    complete = not crowded and len(moves) <= FULL_LIST_LIMIT
    if not complete:
        from diloti_desktop.rules.candidates import canonical_moves

        moves = canonical_moves(position)
        if not moves:  # cannot happen in a real game; a hand-made position keeps a move
            moves = list(islice(legal_moves(position), 1))
    last = (position, moves, complete)
    _last = last
    return last


def candidates_complete(position: Position) -> bool:
    """Whether :func:`candidate_moves` gives every legal move here (an exact search over
    the candidates is then exact)."""
    return _candidates(position)[2]


def legal_moves(position: Position) -> Iterator[Move]:
    """Every distinct legal move of the player to move, lazily, in the documented order.

    Yields nothing outside the play phase. Its length can be exponential in the loose
    numerals: take what you need (``next``, ``islice``) or use :func:`candidate_moves`.
    While the table holds at most :data:`~diloti_desktop.rules.movelist.LIST_LIMIT` loose
    numerals the moves are few and are built at once as a list (much cheaper than the
    generators; same moves, same order); beyond, they are generated one at a time.
    """
    if position.phase != PLAY:
        return iter(())
    held, own = _holdings(position)
    numerals = position.loose & NUMERALS
    if numerals.bit_count() <= LIST_LIMIT:
        return iter(move_list(position, held, own, numerals, groups_of(numerals)))
    return _lazy_moves(position, held, own, numerals, sum_groups(numerals))


def lazy_legal_moves(position: Position) -> Iterator[Move]:
    """:func:`legal_moves` generated one at a time whatever the table: the reference that
    the list built for uncrowded tables (:mod:`diloti_desktop.rules.movelist`) is
    tested against."""
    if position.phase != PLAY:
        return iter(())
    held, own = _holdings(position)
    numerals = position.loose & NUMERALS
    groups = sum_groups(numerals) if numerals else _EMPTY_GROUPS
    return _lazy_moves(position, held, own, numerals, groups)


def _holdings(position: Position) -> tuple[list[int], Pile | None]:
    """The cards the player to move holds per rank, and the pile it owns."""
    seat = position.turn
    own: Pile | None = None
    for pile in position.piles:
        if pile.owner == seat:
            own = pile
            break
    held = [0] * 14
    mask = position.hands[seat]
    while mask:
        low = mask & -mask
        held[RANK[low.bit_length() - 1]] += 1
        mask ^= low
    return held, own


def _lazy_moves(position: Position, held: list[int], own: Pile | None, numerals: int,
                groups: tuple[tuple[int, ...], ...]) -> Iterator[Move]:
    """:func:`legal_moves` one at a time (crowded tables)."""
    hand = position.hands[position.turn]
    loose = position.loose
    # Cards of one rank have the same moves: work them out once per rank (kept for the
    # rank's other cards while there are few of them, else worked out again).
    new = tuple.__new__
    for rank in range(1, 14):
        if not held[rank]:
            continue
        cards = hand & RANK_MASK[rank]
        low = cards & -cards
        card = low.bit_length() - 1
        if rank > 10:
            moves: Iterable[Move] = _face_moves(card, rank, loose, own)
        else:
            moves = _numeral_moves(position, card, rank, held, own, numerals, groups)
        if held[rank] == 1:
            yield from moves
            continue
        kept: list[Move] | None = []  # the rank's other cards have the same moves
        for move in moves:
            if kept is not None:
                kept.append(move)
                if len(kept) > _KEEP_LIMIT:
                    kept = None
            yield move
        cards ^= low
        while cards:
            low = cards & -cards
            cards ^= low
            other = low.bit_length() - 1
            if kept is None:  # too many to keep: worked out again
                moves = (_face_moves(other, rank, loose, own) if rank > 10 else
                         _numeral_moves(position, other, rank, held, own, numerals, groups))
                yield from moves
            else:
                for move in kept:
                    yield new(Move, (move[0], other, move[2], move[3], move[4]))


_KEEP_LIMIT: Final = 10_000


def _face_moves(card: int, rank: int, loose: int, own: Pile | None) -> list[Move]:
    """A face card takes exactly one loose face of its rank, or is laid when none is."""
    same = loose & RANK_MASK[rank]
    if not same:
        return [] if own is not None else [Move(LAY, card, 0)]
    moves: list[Move] = []
    while same:
        bit = same & -same
        same ^= bit
        moves.append(Move(CAPTURE, card, rank, bit))
    return moves


def _numeral_moves(position: Position, card: int, value: int, held: list[int],
                   own: Pile | None, numerals: int, groups: tuple[tuple[int, ...], ...],
                   ) -> Iterator[Move]:
    """The moves of one numeral card (every card of its rank has the same ones)."""
    new = tuple.__new__
    piles = position.piles
    if not piles and numerals:  # the common case, with fewer checks (same moves)
        yield from _plain_moves(position, card, value, held, numerals, groups)
        return
    rules = position.rules
    seat = position.turn
    # The owner's last card of the pile's value may only take the pile.
    reserved = own is not None and own.value == value and held[value] == 1

    # -- captures ----------------------------------------------------------------------
    required = numerals & RANK_MASK[value] if rules.capture_all_of_rank else 0
    others = numerals & ~RANK_MASK[value]
    matching = [p.cards for p in piles if p.value == value] if piles else []
    if len(matching) > 1:
        matching.sort(key=lambda pile_cards: pile_cards & -pile_cards)  # canonical order
    unions: Iterable[int] = iter_unions(groups[value]) if groups[value] else ()
    if matching:
        unions = _Replay(unions)  # every subset of the piles goes with every union
    for subset in pile_subsets(matching):
        if reserved and own is not None and own.cards not in subset:
            continue
        if subset and not required:
            yield new(Move, (CAPTURE, card, value, 0, subset))
        for union in unions:
            if required and union & required != required:
                continue
            if rules.one_sum_group and value_sum(union & others) not in (0, value):
                continue  # more than one group of two or more cards
            yield new(Move, (CAPTURE, card, value, union, subset))
    if reserved:
        return

    # -- lay ---------------------------------------------------------------------------
    if own is None:
        yield new(Move, (LAY, card, 0, 0, ()))

    # -- plain declarations ------------------------------------------------------------
    if own is None and numerals:
        for total in range(value + 1, 11):
            if held[total]:
                for group in groups[total - value]:
                    yield new(Move, (BUILD, card, total, group, ()))

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
            if part:  # the sums of the rest are the sums avoiding ``part``
                rest_groups: tuple[int, ...] | list[int] = [
                    g for g in groups[total] if not g & part]
            else:
                rest_groups = groups[total]
            for other in chain((0,), iter_unions(rest_groups)):
                absorbed_loose = part | other
                for pile_cards in absorbable:
                    if not other and pile_cards is None:
                        continue  # a family needs two or more components
                    key = (absorbed_loose, pile_cards)
                    if key in seen:
                        continue
                    seen.add(key)
                    pile_tuple = () if pile_cards is None else (pile_cards,)
                    yield new(Move, (FAMILY, card, total, absorbed_loose, pile_tuple))

    # -- raises ------------------------------------------------------------------------
    if not piles or rules.locked_declarations or (own is not None and not rules.self_raise):
        return
    for pile in piles:
        if not may_raise(position, seat, pile, own):
            continue
        base = pile.value + value
        if base <= 10 and held[base]:
            yield new(Move, (RAISE, card, base, 0, (pile.cards,)))
        if rules.raise_with_loose and numerals:
            for total in range(base + 1, 11):
                if held[total]:
                    for group in groups[total - base]:
                        yield new(Move, (RAISE, card, total, group, (pile.cards,)))


def _plain_moves(position: Position, card: int, value: int, held: list[int], numerals: int,
                 groups: tuple[tuple[int, ...], ...]) -> Iterator[Move]:
    """:func:`_numeral_moves` on a table without piles (nobody owns one)."""
    new = tuple.__new__
    rules = position.rules
    captures = groups[value]
    if captures:
        required = numerals & RANK_MASK[value] if rules.capture_all_of_rank else 0
        others = numerals & ~RANK_MASK[value]
        check = required or rules.one_sum_group
        for union in iter_unions(captures) if len(captures) > 1 else captures:
            if check:
                if required and union & required != required:
                    continue
                if rules.one_sum_group and value_sum(union & others) not in (0, value):
                    continue  # more than one group of two or more cards
            yield new(Move, (CAPTURE, card, value, union, ()))
    yield new(Move, (LAY, card, 0, 0, ()))
    totals = [t for t in range(value, 11) if held[t]]
    for total in totals:
        if total > value:
            for group in groups[total - value]:
                yield new(Move, (BUILD, card, total, group, ()))
    for total in totals:
        if total == value and held[total] == 1:
            continue  # the declarer must keep another card of the family's value
        if not groups[total]:
            continue  # no second component anywhere
        seen: set[int] = set()
        for part in (0,) if total == value else groups[total - value]:
            rest_groups = [g for g in groups[total] if not g & part] if part else groups[total]
            for other in iter_unions(rest_groups):
                absorbed = part | other
                if absorbed not in seen:
                    seen.add(absorbed)
                    yield new(Move, (FAMILY, card, total, absorbed, ()))


class _Replay:
    """An iterable over a lazy source that can be iterated again (from what it kept)."""

    def __init__(self, source: Iterable[int]) -> None:
        self.source = iter(source)
        self.kept: list[int] = []

    def __iter__(self) -> Iterator[int]:
        kept = self.kept
        index = 0
        while index < len(kept):
            yield kept[index]
            index += 1
        for item in self.source:
            kept.append(item)
            yield item


__all__ = ["CROWDED", "FULL_LIST_LIMIT", "candidate_moves", "candidates_complete",
           "clear_caches", "is_legal", "iter_unions", "lazy_legal_moves", "legal_moves",
           "partition", "sum_groups"]
