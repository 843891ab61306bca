"""Turning a player's gesture into legal moves (what a drag-and-drop GUI needs).

A gesture is a hand card plus the table items the player pointed at (selected cards and
piles, and the drop target). :func:`find_moves` returns the legal moves that use exactly
those items: none, one, or several for the GUI to offer as a choice (capture or declare?
plain or family?). :func:`resolve_gesture` raises :class:`IllegalMoveError` with the
reason when nothing matches. :func:`targets` tells which table items could take part in
some legal move with a card, for highlighting while dragging.
"""

from __future__ import annotations

from collections.abc import Iterable

from diloti_desktop.rules.cards import CARDS, value_sum
from diloti_desktop.rules.errors import IllegalMoveError
from diloti_desktop.rules.explain import why_illegal
from diloti_desktop.rules.movegen import legal_moves, partition
from diloti_desktop.rules.moves import Move, MoveKind, make_move
from diloti_desktop.rules.position import PLAY, Position


def find_moves(position: Position, card: int, loose: int = 0,
               piles: Iterable[int] = ()) -> list[Move]:
    """Legal moves playing ``card`` that use exactly the pointed loose cards and piles.

    Pointing at nothing means laying the card. Piles are given by their card masks.
    """
    wanted = frozenset(piles)
    return [m for m in legal_moves(position)
            if m.card == card and m.loose == loose and frozenset(m.piles) == wanted]


def resolve_gesture(position: Position, card: int, loose: int = 0,
                    piles: Iterable[int] = ()) -> list[Move]:
    """Like :func:`find_moves`, but raises IllegalMoveError (with the reason) on no match."""
    pile_list = sorted(piles, key=lambda m: m & -m)
    moves = find_moves(position, card, loose, pile_list)
    if moves:
        return moves
    raise IllegalMoveError(
        why_illegal(position, _likely_intent(position, card, loose, pile_list)),
        position=position.notation(),
    )


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
        if pile.value != value and pile.value + value <= 10:
            return make_move(MoveKind.RAISE, card, pile.value + value, 0, piles)
    if not piles and partition(loose, value) is None:
        # the cards cannot be taken with this card: a declaration is the other reading
        total = value_sum(loose)
        if total + value <= 10:
            return make_move(MoveKind.BUILD, card, total + value, loose)
    return make_move(MoveKind.CAPTURE, card, value, loose, piles)


def targets(position: Position, card: int) -> tuple[int, frozenset[int]]:
    """Loose cards and piles (card masks) that some legal move with ``card`` uses."""
    loose = 0
    piles: set[int] = set()
    for move in legal_moves(position):
        if move.card == card:
            loose |= move.loose
            piles.update(move.piles)
    return loose, frozenset(piles)
