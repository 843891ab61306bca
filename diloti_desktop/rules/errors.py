"""Typed errors of the rules core. All are ``ValueError`` subclasses, nothing else escapes.

- :class:`InvalidNotationError`: text that is not a card, move, ruleset or position.
- :class:`IllegalMoveError`: a well-formed move that the rules do not allow here; its
  ``reason`` is a sentence for the player ("you own the plain 8: ...").
- :class:`AmbiguousMoveError`: a gesture that matches several legal moves.
"""

from __future__ import annotations


class DilotiError(ValueError):
    """Base class of every error the rules core raises on bad input."""


class InvalidNotationError(DilotiError):
    """Text that does not parse; the message names the bad input."""


class IllegalMoveError(DilotiError):
    """A move that is not legal in the position; ``reason`` says why, for the player."""

    def __init__(self, reason: str, move: str = "", position: str = "") -> None:
        self.reason = reason
        self.move = move
        self.position = position
        detail = f"illegal move {move!r}: {reason}" if move else reason
        super().__init__(f"{detail} in <{position}>" if position else detail)


class AmbiguousMoveError(DilotiError):
    """A gesture that several legal moves match; ``candidates`` lists them."""

    def __init__(self, message: str, candidates: tuple[object, ...] = ()) -> None:
        self.candidates = candidates
        super().__init__(message)
