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

The moves of each card come from :mod:`diloti_desktop.rules.movelist` (each rule written
once): while the table holds few loose numerals they are built at once as a list; on a
crowded table the same routine is asked for a few moves, then twice as many each time,
and the new ones are handed on. Table subsets are bit masks; the subsets of the loose
numerals that add up to each value are computed once per distinct table (at most 4,050
of them, even with all 40 numerals loose).
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import islice
from typing import Final

from diloti_desktop.rules.candidates import canonical_moves
from diloti_desktop.rules.cards import NUMERALS, RANK_MASK
from diloti_desktop.rules.legality import is_legal
from diloti_desktop.rules.movelist import (
    LIST_LIMIT,
    Groups,
    Holdings,
    clear_groups_cache,
    face_moves,
    holdings,
    iter_unions,
    move_list,
    numeral_moves,
    sum_groups,
)
from diloti_desktop.rules.moves import Move
from diloti_desktop.rules.position import PLAY, Position
from diloti_desktop.rules.sums import clear_caches as clear_sum_caches
from diloti_desktop.rules.sums import groups_of, partition

_new: Final = tuple.__new__  # Final: the compiled build keeps these in C statics
_MOVE: Final = Move

#: The lazy stream asks a card for this many moves first, then twice as many each time.
LAZY_CHUNK: Final = 64


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
    numerals the moves are few and are built at once as a list (much cheaper than a
    stream); beyond, they are handed on in growing batches.
    """
    if position[1] != PLAY:  # the phase (a NamedTuple's attribute costs more to read)
        return iter(())
    h = holdings(position)
    numerals = h.numerals
    if numerals.bit_count() <= LIST_LIMIT:
        values = h.values
        top = values[-1] if values else 0  # no sum above the highest value held is used
        return iter(move_list(h, groups_of(numerals, top)))
    return _lazy_moves(h, sum_groups(numerals))


def lazy_legal_moves(position: Position) -> Iterator[Move]:
    """:func:`legal_moves` streamed in growing batches whatever the table (the same moves
    as the list built for uncrowded tables, which the tests check)."""
    if position.phase != PLAY:
        return iter(())
    h = holdings(position)
    return _lazy_moves(h, sum_groups(h.numerals))


def _lazy_moves(h: Holdings, groups: Groups) -> Iterator[Move]:
    """:func:`legal_moves` streamed (crowded tables)."""
    hand = h.hand
    held = h.held
    for rank in range(1, 14):
        if not held[rank]:
            continue
        cards = hand & RANK_MASK[rank]
        low = cards & -cards
        card = low.bit_length() - 1
        moves = _card_moves(h, card, rank, groups)
        if held[rank] == 1:
            yield from moves
            continue
        # The rank's other cards have the same moves: kept while there are few of them,
        # else worked out again.
        kept: list[Move] | None = []
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
            if kept is None:
                yield from _card_moves(h, other, rank, groups)
            else:
                for move in kept:
                    yield _new(_MOVE, (move[0], other, move[2], move[3], move[4]))


_KEEP_LIMIT: Final = 10_000


def _card_moves(h: Holdings, card: int, rank: int, groups: Groups) -> Iterator[Move]:
    """The moves of one card: the first :data:`LAZY_CHUNK`, then twice as many each time
    (the routine gives its moves in a fixed order: the new ones follow those handed on)."""
    moves: list[Move] = []
    if rank > 10:
        face_moves(moves, card, rank, h.loose, h.own)
        yield from moves
        return
    handed = 0
    limit = LAZY_CHUNK
    values = h.values
    higher = values[values.index(rank):]
    while True:
        moves = []
        complete = numeral_moves(moves, h, card, rank, groups, limit, higher)
        for index in range(handed, len(moves)):
            yield moves[index]
        if complete:
            return
        handed = len(moves)
        limit = 2 * handed


__all__ = ["CROWDED", "FULL_LIST_LIMIT", "LAZY_CHUNK", "candidate_moves",
           "candidates_complete", "clear_caches", "is_legal", "iter_unions",
           "lazy_legal_moves", "legal_moves", "partition", "sum_groups"]
