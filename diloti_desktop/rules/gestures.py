"""Turning a player's gesture into legal moves (what a drag-and-drop GUI needs).

A gesture is a hand card plus the table items the player pointed at (selected cards and
piles, and the drop target). :func:`find_moves` returns the legal moves that use exactly
those items: none, one, or several for the GUI to offer as a choice (capture or declare?
plain or family?). :func:`resolve_gesture` adds the inference a player expects: when no
move uses exactly the pointed items, the captures that take them plus the fewest other
loose cards (9♥ dropped on 8♣ with A♦ on the table: 9♥ takes 8♣ and A♦). Declarations
are never guessed (a pile is a commitment: the player points at all of its cards). It
raises :class:`IllegalMoveError` with the reason when there is nothing to infer, or too
much.
:func:`targets` tells which table items could take part in some legal move with a card,
for highlighting while dragging.

Every function here is polynomial in the table size (the frame thread calls them): they
decide legality directly (:mod:`diloti_desktop.rules.legality`), never by listing moves.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations, product

from diloti_desktop.rules.cards import CARDS, NUMERALS, RANK, value_sum
from diloti_desktop.rules.errors import IllegalMoveError
from diloti_desktop.rules.explain import why_illegal
from diloti_desktop.rules.legality import is_legal, moves_using, usable_items, well_formed
from diloti_desktop.rules.moves import Move, MoveKind, make_move
from diloti_desktop.rules.position import PLAY, Position
from diloti_desktop.rules.sums import Counts, can_split_counts, counts_of, partition

#: At most this many cards are added to a gesture by inference.
MAX_ADDED_CARDS = 3
#: More inferred moves than this is no longer an inference: the gesture is refused.
MAX_INFERRED = 8


def find_moves(position: Position, card: int, loose: int = 0,
               piles: Iterable[int] = ()) -> list[Move]:
    """Legal moves playing ``card`` that use exactly the pointed loose cards and piles.

    Pointing at nothing means laying the card. Piles are given by their card masks.
    """
    return moves_using(position, card, loose, piles)


def resolve_gesture(position: Position, card: int, loose: int = 0,
                    piles: Iterable[int] = ()) -> list[Move]:
    """The moves a gesture means: the exact matches, else the inferred completions.

    Raises IllegalMoveError (with the reason the exact reading is refused) when neither
    exists, or when more than :data:`MAX_INFERRED` completions would fit.
    """
    pile_list = sorted(set(piles), key=lambda m: m & -m)
    pointed = Move(MoveKind.CAPTURE, card, 1, loose, tuple(pile_list))
    if not well_formed(pointed):  # not a card, not cards: say so, whatever was passed
        raise IllegalMoveError(why_illegal(position, pointed), position=position.notation())
    moves = find_moves(position, card, loose, pile_list)
    if moves:
        return moves
    inferred = complete_gesture(position, card, loose, pile_list)
    if inferred:
        return inferred
    raise IllegalMoveError(
        why_illegal(position, _likely_intent(position, card, loose, pile_list)),
        position=position.notation(),
    )


def complete_gesture(position: Position, card: int, loose: int = 0,
                     piles: Iterable[int] = ()) -> list[Move]:
    """Legal captures with ``card`` that take the pointed items plus the fewest other loose
    cards (one to :data:`MAX_ADDED_CARDS`); empty when none, or more than
    :data:`MAX_INFERRED`, fit. The pointed items themselves must be taken."""
    pile_tuple = tuple(sorted(set(piles), key=lambda m: m & -m))
    if position.phase != PLAY or not (loose or pile_tuple) or not 0 <= card < 52:
        return []
    rank = RANK[card]
    if rank > 10 or loose & ~NUMERALS or not position.hands[position.turn] >> card & 1:
        return []
    pointed = counts_of(loose)
    free = position.loose & NUMERALS & ~loose
    free_counts = counts_of(free)
    shapes = _shapes_by_size(free_counts)
    base = value_sum(loose)
    readings = _readings(position, rank, pile_tuple)
    for size in range(1, MAX_ADDED_CARDS + 1):
        found: list[Move] = []
        by_sum = shapes[size]
        for kind, value, used_piles, check in readings:
            for added in check.sums(base, by_sum):
                for shape in by_sum[added]:
                    if kind in (MoveKind.CAPTURE, MoveKind.FAMILY) and not can_split_counts(
                            _joined(pointed, shape, rank if kind == MoveKind.FAMILY else 0),
                            value):
                        continue  # decided on the value counts, before choosing any card
                    choices = _card_choices(free, shape)
                    # Legality depends on values only, except which cards "take all" needs.
                    if not (position.rules.capture_all_of_rank or is_legal(
                            position, Move(kind, card, value, loose | choices[0], used_piles))):
                        continue
                    for extra in choices:
                        move = Move(kind, card, value, loose | extra, used_piles)
                        if is_legal(position, move) and move not in found:
                            found.append(move)
                            if len(found) > MAX_INFERRED:
                                return []
        if found:
            found.sort(key=lambda m: (m.kind, m.value, m.loose, m.piles))
            return found
    return []


def _readings(position: Position, rank: int,
              piles: tuple[int, ...]) -> list[tuple[MoveKind, int, tuple[int, ...], _Check]]:
    """The captures a completed gesture could be, each with its sum test."""
    found: list[tuple[MoveKind, int, tuple[int, ...], _Check]] = []
    own = position.pile_owned_by(position.turn)
    capture_piles = piles
    if own is not None and own.value == rank and own.cards not in piles:
        capture_piles = tuple(sorted((*piles, own.cards), key=lambda m: m & -m))
    found.append((MoveKind.CAPTURE, rank, piles, _multiple_of(rank, 0)))
    if capture_piles != piles:  # the owner's last card of a value must take the pile too
        found.append((MoveKind.CAPTURE, rank, capture_piles, _multiple_of(rank, 0)))
    return found


class _Check:
    """A test on the sum of the gesture's loose cards (pointed plus added)."""

    def __init__(self, modulus: int, offset: int) -> None:
        self.modulus, self.offset = modulus, offset

    def sums(self, base: int, by_sum: dict[int, list[Counts]]) -> list[int]:
        """The added sums (keys of ``by_sum``) that pass, given the pointed cards' sum."""
        return [s for s in by_sum if (base + s + self.offset) % self.modulus == 0]


def _multiple_of(value: int, offset: int) -> _Check:
    return _Check(value, offset)


def _joined(pointed: Counts, shape: Counts, played: int) -> Counts:
    """The value counts of the pointed cards, the added ones and (families) the played card."""
    return tuple(a + b + (1 if v == played else 0)
                 for v, (a, b) in enumerate(zip(pointed, shape, strict=True)))


_shape_cache: dict[Counts, list[dict[int, list[Counts]]]] = {}


def _shapes_by_size(counts: Counts) -> list[dict[int, list[Counts]]]:
    """Value multisets of 0..MAX_ADDED_CARDS cards the counts can supply, by size and sum."""
    cached = _shape_cache.get(counts)
    if cached is not None:
        return cached
    if len(_shape_cache) > 256:
        _shape_cache.clear()
    by_size: list[dict[int, list[Counts]]] = [{} for _ in range(MAX_ADDED_CARDS + 1)]
    used = [0] * 11

    def extend(low: int, size: int, total: int) -> None:
        by_size[size].setdefault(total, []).append(tuple(used))
        if size == MAX_ADDED_CARDS:
            return
        for v in range(low, 11):
            if used[v] < counts[v]:
                used[v] += 1
                extend(v, size + 1, total + v)
                used[v] -= 1

    extend(1, 0, 0)
    _shape_cache[counts] = by_size
    return by_size


def _card_choices(free: int, shape: Counts) -> list[int]:
    """Every set of cards of ``free`` with these values (each suit choice is a move)."""
    per_value: list[list[int]] = []
    for v in range(1, 11):
        if shape[v]:
            cards = [1 << c for c in range(4 * (v - 1), 4 * v) if free >> c & 1]
            per_value.append([sum(pick) for pick in combinations(cards, shape[v])])
    return [sum(choice) for choice in product(*per_value)]


def _likely_intent(position: Position, card: int, loose: int, piles: list[int]) -> Move:
    """The move a player most plausibly meant, to explain why it is refused."""
    played = CARDS[card]
    if not loose and not piles:
        return make_move(MoveKind.LAY, card, 0)
    if played.is_face or position.phase != PLAY:
        return make_move(MoveKind.CAPTURE, card, played.rank, loose, piles)
    value = played.value
    table_piles = [p for p in position.piles if p.cards in piles]
    if len(table_piles) == 1 and not loose:
        pile = table_piles[0]
        if pile.value != value:
            # A card never takes a pile of another value: the drop reads as a raise, and
            # the raise's own rule (10 at most, whose pile, a family) says why not. Above
            # 10 the value is capped for the move; the reason adds the real total up.
            return make_move(MoveKind.RAISE, card, min(pile.value + value, 10), 0, piles)
    if not piles and partition(loose & NUMERALS, value) is None and not loose & ~NUMERALS:
        # the cards cannot be taken with this card: a declaration is the other reading,
        # certainly so when a pointed card is higher than the played one (3 on a 9)
        total = value_sum(loose)
        if total + value <= 10 or max(RANK[c] for c in range(52) if loose >> c & 1) > value:
            return make_move(MoveKind.BUILD, card, min(total + value, 10), loose)
    return make_move(MoveKind.CAPTURE, card, value, loose, piles)


def targets(position: Position, card: int) -> tuple[int, frozenset[int]]:
    """Loose cards and piles (card masks) that some legal move with ``card`` uses."""
    return usable_items(position, card)


__all__ = ["MAX_ADDED_CARDS", "MAX_INFERRED", "complete_gesture", "find_moves",
           "resolve_gesture", "targets"]
