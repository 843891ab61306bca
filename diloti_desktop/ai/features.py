"""Facts about cards, tables and moves shared by every AI level, the search and the hints.

Everything here is cheap and works on card masks (see :mod:`diloti_desktop.rules.cards`):

- :func:`points` scores a set of cards (aces, 10♦, 2♣);
- :func:`sweepers` says which cards would clear a table in one capture (a xeri);
- :func:`move_class` / :func:`distinct_moves` merge moves that reach the same result up to
  swapping cards nobody can tell apart (two non-point 7s, say): one move for the search;
- :func:`outcome` summarises what a move does to the table right away.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final, NamedTuple

from diloti_desktop.rules.cards import (
    FACES,
    RANK,
    RANK_MASK,
    TEN_OF_DIAMONDS,
    TWO_OF_CLUBS,
    VALUE,
)
from diloti_desktop.rules.movegen import partition
from diloti_desktop.rules.moves import Move, MoveKind
from diloti_desktop.rules.position import Pile, Position

ACES: Final = RANK_MASK[1]
TEN_D_BIT: Final = 1 << TEN_OF_DIAMONDS
TWO_C_BIT: Final = 1 << TWO_OF_CLUBS
#: Points of each card index (docs/rules.md §7).
CARD_POINTS: Final = tuple(
    1 if RANK[c] == 1 else 2 if c == TEN_OF_DIAMONDS else 1 if c == TWO_OF_CLUBS else 0
    for c in range(52))


def points(mask: int) -> int:
    """The card points in a set: 1 per Ace, 2 for 10♦, 1 for 2♣."""
    return ((mask & ACES).bit_count() + (2 if mask & TEN_D_BIT else 0)
            + (1 if mask & TWO_C_BIT else 0))


# -- odds -----------------------------------------------------------------------------
def chance_holds(unseen: int, wanted: int, hand: int) -> float:
    """Chance that a hand of ``hand`` cards, dealt from ``unseen`` cards, holds at least
    one of ``wanted`` given ones (hypergeometric)."""
    return _chance_holds(unseen, min(wanted, unseen), min(hand, unseen))


@lru_cache(maxsize=4096)
def _chance_holds(unseen: int, wanted: int, hand: int) -> float:
    if wanted <= 0 or hand <= 0:
        return 0.0
    none = 1.0
    for index in range(hand):
        remaining = unseen - index
        if remaining <= 0:
            break
        none *= max(0, remaining - wanted) / remaining
    return 1.0 - none


# -- sweeps ----------------------------------------------------------------------------
_SWEEP_CACHE_LIMIT: Final = 100_000
_sweep_cache: dict[tuple[int, tuple[int, ...]], int] = {}


def sweepers(loose: int, pile_values: tuple[int, ...]) -> int:
    """The mask of every card (of any suit) that would capture the whole table at once.

    ``pile_values`` are the declared values of the piles on the table. A face card sweeps
    only a table holding exactly one loose face of its rank; a numeral v sweeps when every
    pile is worth v and the loose cards split into groups adding to v. Variant rules that
    restrict captures further are ignored: this is a threat estimate, not a judge.
    """
    if not loose and not pile_values:
        return 0
    key = (loose, pile_values)
    cached = _sweep_cache.get(key)
    if cached is not None:
        return cached
    result = 0
    if loose & FACES:
        if not pile_values and not loose & (loose - 1):
            result = RANK_MASK[RANK[loose.bit_length() - 1]]
    else:
        total = 0
        mask = loose
        while mask:
            low = mask & -mask
            total += VALUE[low.bit_length() - 1]
            mask ^= low
        candidates = (pile_values[0],) if pile_values else range(1, 11)
        for value in candidates:
            if any(v != value for v in pile_values) or total % value:
                continue
            if partition(loose, value) is not None:
                result |= RANK_MASK[value]
    if len(_sweep_cache) >= _SWEEP_CACHE_LIMIT:
        _sweep_cache.clear()
    _sweep_cache[key] = result
    return result


def pile_values(piles: tuple[Pile, ...]) -> tuple[int, ...]:
    """The declared values of some piles, sorted (the key :func:`sweepers` expects)."""
    if not piles:
        return ()
    if len(piles) == 1:
        return (piles[0].value,)
    return tuple(sorted(p.value for p in piles))


# -- equivalent moves ------------------------------------------------------------------
def _card_class(card: int) -> int:
    if card == TEN_OF_DIAMONDS:
        return 13
    if card == TWO_OF_CLUBS:
        return 14
    return RANK[card] - 1  # the four Aces are all worth one point: one class


#: Each card's class as a 4-bit counter slot, so that a mask's class multiset is a sum.
CLASS_WEIGHT: Final = tuple(1 << (4 * _card_class(c)) for c in range(52))


def class_multiset(mask: int) -> int:
    """A number identifying the multiset of card classes in ``mask``."""
    key = 0
    while mask:
        low = mask & -mask
        key += CLASS_WEIGHT[low.bit_length() - 1]
        mask ^= low
    return key


#: A move's class (:func:`move_class`): moves of one class are worth the same.
MoveClass = tuple[int, int, int, int, tuple[int, ...]]


def move_class(move: Move) -> MoveClass:
    """Moves with the same class reach positions that differ only by swapping cards of
    equal rank and equal points, so they have the same value for every player."""
    return (move.kind, CLASS_WEIGHT[move.card], move.value, class_multiset(move.loose),
            move.piles)


def classed_moves(moves: list[Move]) -> dict[MoveClass, Move]:
    """Each move class of ``moves`` with its representative (the first in generator
    order), in that order."""
    result: dict[MoveClass, Move] = {}
    for move in moves:
        result.setdefault(move_class(move), move)
    return result


def distinct_moves(moves: list[Move]) -> list[Move]:
    """One representative (the first in generator order) of each move class."""
    if len(moves) <= 1:
        return list(moves)
    return list(classed_moves(moves).values())


# -- what a move does right away -------------------------------------------------------
class Outcome(NamedTuple):
    """The immediate effect of a move on the table."""

    taken: int          #: cards that go to the mover's side (played card included), or 0
    xeri: bool          #: the capture clears the table and scores a sweep
    loose_after: int    #: loose cards left on the table
    piles_after: tuple[int, ...]  #: declared values of the piles left on the table
    pile_cards: int     #: cards of the pile the move makes or changes (declarations), or 0


def outcome(position: Position, move: Move) -> Outcome:
    """What ``move`` (legal in ``position``) does to the table (the heuristic and the
    playouts call it for every move they weigh, hence the plain loops)."""
    bit = 1 << move.card
    kind = move.kind
    loose = position.loose
    piles = position.piles
    if kind == MoveKind.LAY:
        return _new(Outcome, (0, False, loose | bit, pile_values(piles), 0))
    if kind == MoveKind.CAPTURE:
        taken = bit | move.loose
        left: tuple[int, ...] = ()
        if piles:
            values: list[int] = []
            for pile in piles:
                if pile.cards in move.piles:
                    taken |= pile.cards
                else:
                    values.append(pile.value)
            left = tuple(sorted(values))
        loose_after = loose & ~move.loose
        xeri = (not loose_after and not left
                and (position.played > 0 or position.rules.first_card_xeri))
        return _new(Outcome, (taken, xeri, loose_after, left, 0))
    pile_cards = bit | move.loose
    values = [move.value]
    for pile in piles:
        if pile.cards in move.piles:
            pile_cards |= pile.cards
        else:
            values.append(pile.value)
    return _new(Outcome, (0, False, loose & ~move.loose, tuple(sorted(values)), pile_cards))


_new: Final = tuple.__new__  # an Outcome from its fields without the keyword handling
