"""The coach at the table: the progressive hint, the tutor's warning and undo.

A mixin of :class:`TableScene` with a small interface: the scene forwards the session's
``HintReady``/``TutorWarning``/``Undone`` events and the player's H, Ctrl+Z and button
presses here; the analysis is the session's (computed off the frame thread), the words are
:mod:`coach_words`'. A followed hint selects exactly its move's items, so Enter, Play or a
drag onto a lit item resolves (through the rules' gesture resolution) to the hinted move.
"""

from __future__ import annotations

from diloti_desktop.ai.coach import Advice
from diloti_desktop.controller import TutorWarning
from diloti_desktop.rules.position import Position
from diloti_desktop.ui.animation import Show
from diloti_desktop.ui.choreography import replayed_slots
from diloti_desktop.ui.hint_coach import move_items
from diloti_desktop.ui.table_state import TableParts


class TableCoach(TableParts):
    """Hint steps, the tutor's panel and undo for :class:`TableScene`."""

    # -- the coach -------------------------------------------------------------------------
    def request_hint(self, jump: int = 0) -> None:
        """The next hint step (or step ``jump``), asking the session for advice if needed."""
        if not self.accepting():
            return
        if self.hint.step(self.session.position, jump):
            self.session.request_hint()
        else:
            self._show_hint_step()

    def _hint_arrived(self, position: Position, advice: Advice | None) -> None:
        if self.hint.receive(position, advice):
            self._show_hint_step()

    def _show_hint_step(self) -> None:
        """Pick the hinted card (step 2) and select exactly its items (step 3)."""
        if not self.hint.level or self.hint.failed:
            return
        self.session.note_hint_level(self.hint.level)
        move = self.hint.move
        if move is None:
            return
        self.picked = move.card
        if self.hint.full:
            self.selected = set(move_items(move))
            self.focus_item = None

    def _open_tutor(self, warning: TutorWarning) -> None:
        from diloti_desktop.ui.scenes.tutor import TutorScene

        position = self.session.position

        def choose(key: str) -> None:
            held, self.held = self.held, None
            if key == "play":
                self.held = held
                self.session.submit(warning.move, checked=True)
                self._drain()
                return
            self.session.take_back()
            self.launch = None
            if held is not None:
                self._snap_back(*held)
            if key == "better":
                self.clear_interaction()
                self.request_hint(jump=3)

        self.ctx.scenes.push(TutorScene(self.ctx, position, warning.move, warning.check,
                                        choose))

    def undo(self) -> None:
        """Take back to the player's previous decision (Ctrl+Z, U or the Undo button)."""
        if self.can_undo() and self.session.undo():
            self._drain()
            self.ctx.save_session()

    def _undone(self) -> None:
        """Show the position the session went back to at once: nothing is replayed."""
        self.pending.clear()
        self.show = Show()
        self.shown = self.session.position
        remembered = self.slot_memory.get(self.shown)
        self.slots = (dict(remembered) if remembered is not None
                      else replayed_slots(self.shown, self.session.history))
        self.account = self.session.last_account
        self.moves_shown = len(self.session.history)
        self.drag = None
        self.held = None
        self.snap = None
        self.launch = None
        self.banner = ""
        self.clear_interaction()
