"""What a review shows: one finished round, the step looked at, the switches and the
grades read from the session's background analysis (the review scene's model, which the
panel and the table picture read; it changes only through its own methods).
"""

from __future__ import annotations

from dataclasses import dataclass

from diloti_desktop.ai.review import MISTAKE_VERDICTS, Decision
from diloti_desktop.controller import GameSession
from diloti_desktop.controller.record import PlayedRound
from diloti_desktop.controller.retry import Retry, retry_of
from diloti_desktop.ui.board.table_grid import assign_slots
from diloti_desktop.ui.board.table_view import table_items

MESSAGE_SECONDS = 6.0


@dataclass
class PanelState:
    """The review's switches."""

    show_all: bool = False
    grade_others: bool = False


@dataclass
class ReviewMessage:
    """A short message over the reviewed table (in the alert colours for a problem)."""

    text: str = ""
    problem: bool = False
    until: float = 0.0

    def say(self, text: str, now: float, problem: bool = False) -> None:
        """Show ``text`` from ``now`` on."""
        self.text = text
        self.problem = problem
        self.until = now + MESSAGE_SECONDS

    def expire(self, now: float) -> bool:
        """Drop the message once its time is up; whether it was dropped."""
        if self.text and now >= self.until:
            self.text = ""
            return True
        return False


class ReviewedRound:
    """One finished round, step by step, with its grades."""

    def __init__(self, session: GameSession, round_no: int) -> None:
        play = session.played_round(round_no)
        if play is None:
            raise ValueError(f"round {round_no} was not kept")
        self.session = session
        self.play: PlayedRound = play
        self.positions = play.positions()
        self.viewer = session.human_seat if session.human_seat is not None else 0
        self.slots: list[dict[int, int]] = []
        previous: dict[int, int] = {}
        for position in self.positions:
            previous = assign_slots(previous, table_items(position))
            self.slots.append(previous)
        mine = play.plies_of({self.viewer})
        self.step = mine[0] if mine else 0
        self.state = PanelState()
        self._grades: tuple[object, dict[int, Decision]] | None = None

    @property
    def round_no(self) -> int:
        """The round's number."""
        return self.play.round_no

    @property
    def last_step(self) -> int:
        """The final step: the position after the round's last card."""
        return len(self.play.moves)

    def graded_seats(self) -> frozenset[int]:
        """The seats whose moves are graded: the human, and the others when asked."""
        if self.state.grade_others:
            return frozenset(range(self.positions[0].players))
        return frozenset({self.viewer})

    def grades(self) -> dict[int, Decision]:
        """The grades shown (those of the graded seats), by move index (not to be changed)."""
        every = self.session.round_grades.grades(self.round_no)
        key = (len(every), self.state.grade_others)
        if self._grades is None or self._grades[0] != key:
            seats = self.graded_seats()
            self._grades = (key, {ply: d for ply, d in every.items() if d.seat in seats})
        return self._grades[1]

    def progress(self) -> tuple[int, int]:
        """(graded, total) among the graded seats' moves."""
        return self.session.round_grades.progress(self.play, self.graded_seats())

    def decision(self) -> Decision | None:
        """The grade of the move at the current step, if graded and shown."""
        return self.grades().get(self.step)

    def retry(self) -> Retry | None:
        """The current step as a mistake to retry: the watcher's graded inaccuracy or
        worse (None for any other step)."""
        decision = self.decision()
        if decision is None or decision.seat != self.viewer or self.step >= self.last_step:
            return None
        return retry_of(self.round_no, self.positions[self.step], decision)

    def go(self, step: int) -> None:
        """Look at step ``step`` (clamped to the round)."""
        self.step = max(0, min(self.last_step, step))

    def next_error(self, direction: int) -> int | None:
        """The previous or next graded move graded an inaccuracy or worse, if any."""
        errors = sorted(p for p, d in self.grades().items() if d.verdict in MISTAKE_VERDICTS)
        later = [p for p in errors if (p > self.step if direction > 0 else p < self.step)]
        if not later:
            return None
        return later[0] if direction > 0 else later[-1]

    def toggle_all_hands(self) -> None:
        """Show every hand, or only the watcher's."""
        self.state.show_all = not self.state.show_all

    def toggle_others(self) -> None:
        """Grade the other seats' moves too (asking for their analysis), or not."""
        self.state.grade_others = not self.state.grade_others
        if self.state.grade_others:
            others = frozenset(range(self.positions[0].players)) - {self.viewer}
            self.session.request_analysis(self.round_no, others)
