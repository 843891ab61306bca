"""The coach at the table: the progressive hint, the tutor's warning, undo and the list of
every legal move.

A component of :class:`TableScene` with a small interface: the scene forwards the
session's ``HintReady``/``TutorWarning`` events and the player's H, M, Ctrl+Z and button
presses here; the analysis is the session's (computed off the frame thread), the words are
:mod:`coach_words`'. A followed hint selects exactly its move's items (through the
pointer, which owns the selection), so Enter, Play or a drag onto a lit item resolves
(through the rules' gesture resolution) to the hinted move.
"""

from __future__ import annotations

from typing import Protocol

from diloti_desktop.ai.coach import Advice
from diloti_desktop.ai.refutation import Refutation
from diloti_desktop.controller import GameSession, TutorWarning
from diloti_desktop.rules.movegen import candidate_moves
from diloti_desktop.rules.position import Position
from diloti_desktop.ui.kit.context import AppContext
from diloti_desktop.ui.table.hint_coach import HintCoach
from diloti_desktop.ui.table.table_drawing import seat_labels
from diloti_desktop.ui.table.table_pointer import TablePointer


class CoachHost(Protocol):
    """What the coach asks of the scene it serves."""

    def accepting(self) -> bool:
        """Whether the watcher may play now."""

    def drain(self) -> bool:
        """Take the session's events."""

    def clear_interaction(self) -> None:
        """Forget the pick, the selection and any hint."""


class TableCoach:
    """Hint steps, the tutor's panel, undo and the moves list."""

    def __init__(self, ctx: AppContext, session: GameSession, hint: HintCoach,
                 pointer: TablePointer, host: CoachHost) -> None:
        self.ctx = ctx
        self.session = session
        self.hint = hint
        self.pointer = pointer
        self.host = host

    def request_hint(self, jump: int = 0) -> None:
        """The next hint step (or step ``jump``), asking the session for advice if needed."""
        if not self.host.accepting():
            return
        if self.hint.step(self.session.position, jump):
            self.session.request_hint()
        else:
            self._show_hint_step()

    def hint_arrived(self, position: Position, advice: Advice | None) -> None:
        """The session's advice for ``position`` (None: there is none)."""
        if self.hint.receive(position, advice):
            self._show_hint_step()

    def _show_hint_step(self) -> None:
        """Pick the hinted card (step 2) and select exactly its items (step 3)."""
        if not self.hint.level or self.hint.failed:
            return
        self.session.coaching.note_hint_level(self.hint.level)
        move = self.hint.move
        if move is None:
            return
        self.pointer.follow(move, select=self.hint.full)

    def warned(self, warning: TutorWarning) -> None:
        """The tutor doubts the submitted move: ask the player what to do."""

        def choose(key: str) -> None:
            if key == "line":  # the panel stays: the line plays over it, then it is back
                if warning.check.refutation is not None:
                    self.show_line(warning.check.refutation)
                return
            if key == "play":  # the card stays held while the move is played
                self.session.submit(warning.move, checked=True)
                self.host.drain()
                return
            held = self.pointer.release()
            self.session.coaching.take_back()
            self.pointer.shown_move(False)
            if held is not None:
                self.pointer.snap_back(*held)
            if key == "better":
                self.host.clear_interaction()
                self.request_hint(jump=3)

        self.ctx.nav.table.open_tutor(self.session.position, warning.move, warning.check, choose)

    def show_line(self, refutation: Refutation) -> None:
        """The tutor's line played over the table as it is shown now (its layout, where
        its cards lie); the session is not touched."""
        board = self.pointer.board
        self.ctx.nav.table.open_line(refutation, board.layout, board.viewer,
                               self.pointer.animations.slots,
                               seat_labels(self.session.config, board.players, board.viewer))

    def can_undo(self) -> bool:
        """Whether Undo would take something back now (not while a card is dragged or
        the tutor grades a move, nor under a dialog)."""
        top: object = self.ctx.scenes.top  # the scene this coach serves, if uncovered
        return (not self.pointer.board.spectator and top is self.host
                and self.pointer.state.drag is None and not self.session.coaching.grading()
                and self.session.can_undo())

    def undo(self) -> None:
        """Take back to the player's previous decision (Ctrl+Z, U or the Undo button)."""
        if self.can_undo() and self.session.undo():
            self.host.drain()
            self.ctx.save_session()

    def open_moves_list(self) -> None:
        """Every legal move in words, the hinted one marked: the fallback that reaches any
        move."""
        if self.host.accepting():
            position = self.session.position
            self.ctx.nav.table.open_moves_list(position, candidate_moves(position),
                                         self.pointer.submit, self.hint.move)
