"""A refutation's line played out for showing ("Show the line"), shared by the table and
the review.

The line is played from copies of positions (the refutation's ``start``, then each ply
applied in turn by the rules engine): the game's session is never involved. When the
refutation is not exact, its ``start`` is one sample of the cards the player cannot see;
those cards stay face down until they are played, and the cards a new deal would bring
(drawn from the sample's stock) are not shown at all (:attr:`LinePlay.concealed`).
"""

from __future__ import annotations

from typing import NamedTuple

from diloti_desktop.ai.refutation import Refutation
from diloti_desktop.rules.engine import apply
from diloti_desktop.rules.errors import IllegalMoveError
from diloti_desktop.rules.events import DealDealt, Event
from diloti_desktop.rules.moves import Move
from diloti_desktop.rules.position import PLAY, Position
from diloti_desktop.ui.words.line_words import line_caption


class LinePly(NamedTuple):
    """One ply of the line: who played what, its rules events and the positions around it."""

    seat: int
    move: Move
    events: tuple[Event, ...]
    before: Position
    after: Position


class LinePlay(NamedTuple):
    """The whole line, ready to show."""

    plies: tuple[LinePly, ...]
    #: Cards never shown: those a deal brought during the line in a sampled world.
    concealed: int
    exact: bool

    @property
    def start(self) -> Position:
        """The position before the first ply."""
        return self.plies[0].before

    def position(self, step: int) -> Position:
        """The position after ``step`` plies (0: the start)."""
        return self.start if step <= 0 else self.plies[min(step, len(self.plies)) - 1].after

    def caption(self, step: int) -> str:
        """What ply ``step`` (1 to the line's length) did, in words ("" for the start)."""
        if not 1 <= step <= len(self.plies):
            return ""
        ply = self.plies[step - 1]
        # The first ply is the move looked at, certain: the guesses come after it.
        return line_caption(ply.events, ply.before.players, self.exact or step == 1)

    def dealt(self, step: int) -> bool:
        """Whether ply ``step`` (1 to the line's length) brought a new deal."""
        return 1 <= step <= len(self.plies) and any(
            isinstance(e, DealDealt) for e in self.plies[step - 1].events)


def play_line(refutation: Refutation) -> LinePlay | None:
    """The refutation's line played from its ``start`` (None when it has no ply that can
    be played: a line the rules refuse is cut where they refuse it)."""
    plies: list[LinePly] = []
    concealed = 0
    position = refutation.start
    for ply in refutation.line:
        if position.phase != PLAY or position.turn != ply.seat:
            break
        try:
            after, events = apply(position, ply.move)
        except IllegalMoveError:
            break
        if not refutation.exact and any(isinstance(e, DealDealt) for e in events):
            for seat, hand in enumerate(after.hands):
                concealed |= hand & ~position.hands[seat]
        plies.append(LinePly(ply.seat, ply.move, tuple(events), position, after))
        position = after
    if not plies:
        return None
    return LinePlay(tuple(plies), concealed, refutation.exact)


__all__ = ["LinePlay", "LinePly", "play_line"]
