"""Short helpers for writing rule tests with the notation."""

from __future__ import annotations

from diloti_desktop.rules import IllegalMoveError, Move, Position, apply, legal_moves


def pos(text: str) -> Position:
    """A position from (possibly abbreviated) notation; ``played=1`` unless given."""
    if "played=" not in text:
        text += " played=1"
    return Position.parse(text)


def legal(position: Position) -> set[str]:
    """The legal moves as canonical notation strings."""
    return {m.notation() for m in legal_moves(position)}


def canon(*moves: str) -> set[str]:
    """Canonical notation of hand-written moves (card order in the text does not matter)."""
    return {Move.parse(m).notation() for m in moves}


def is_legal(position: Position, move: str) -> bool:
    """Whether a hand-written move is legal."""
    return Move.parse(move) in legal_moves(position)


def legal_with(position: Position, card: str) -> set[str]:
    """The legal moves playing ``card``."""
    return {n for n in legal(position) if n.split()[0] == card}


def play(position: Position, *moves: str) -> Position:
    """Apply several moves in turn."""
    for move in moves:
        position = apply(position, Move.parse(move))[0]
    return position


def reason(position: Position, move: str) -> str:
    """The reason an illegal move is refused (fails the test if it is legal)."""
    try:
        apply(position, Move.parse(move))
    except IllegalMoveError as error:
        return error.reason
    raise AssertionError(f"{move} was accepted in {position}")
