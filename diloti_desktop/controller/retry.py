"""Retrying one's own mistakes: a graded mistake of a finished round played again as a
puzzle.

A :class:`Retry` is the position before the mistake, as it really was (the hidden cards
too, so the puzzle's table is the one the player faced; the table shows only what the
player saw), with the review's grade of the move. :class:`RetryCoach` runs it with the
puzzles' rules (:class:`~diloti_desktop.controller.guided.PuzzleCoach`): the better move
found by the review is the answer, a move of the same class (same ranks, same point
cards: :func:`~diloti_desktop.ai.features.move_class`) counts as the answer too, three
tries, then the answer is shown. What a wrong try is told comes from the caller (a
function of the retry, the move tried and the tries left), so the words stay in the UI.
No pygame here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import NamedTuple, Protocol

from diloti_desktop.ai.puzzles import Difficulty, Puzzle, seat_zero_to_move
from diloti_desktop.ai.review import MISTAKE_VERDICTS, Decision
from diloti_desktop.controller.analysis import RoundAnalysis
from diloti_desktop.controller.guided import PuzzleCoach, WrongTry
from diloti_desktop.controller.record import PlayedRound
from diloti_desktop.rules.moves import Move
from diloti_desktop.rules.position import PLAY, Position

#: How many mistakes the match end offers to retry.
MATCH_RETRIES = 3


class Retry(NamedTuple):
    """One mistake to retry: its round, the position before it (the mover to play, at
    seat 0) and the review's grade of the move played there."""

    round_no: int
    position: Position
    decision: Decision

    @property
    def move_number(self) -> int:
        """The move's number in its round (1 = the round's first card)."""
        return self.decision.ply + 1

    def puzzle(self) -> Puzzle:
        """The retry as a puzzle: the review's better move is the answer."""
        decision = self.decision
        return Puzzle(f"retry:{self.round_no}:{decision.ply}", self.position, decision.best,
                      round(decision.loss, 2), decision.exact, Difficulty.MEDIUM,
                      max(2, decision.choices),
                      f"round {self.round_no}, move {self.move_number}")


def retry_of(round_no: int, position: Position, decision: Decision) -> Retry | None:
    """The retry of ``decision`` (graded at ``position``, the position before the move),
    or None when it is no mistake to retry: not a mistake, a move with no choice, or a
    seat the table cannot put at the bottom (the guided table seats the player at 0)."""
    if (decision.verdict not in MISTAKE_VERDICTS or decision.forced or decision.was_best
            or position.phase != PLAY or position.turn != decision.seat):
        return None
    if decision.seat != 0:
        if position.players != 2:
            return None
        # Two players: the same position with the seats swapped (values do not change).
        position = seat_zero_to_move(position)
        decision = decision._replace(seat=0)
    return Retry(round_no, position, decision)


class GradedMatch(Protocol):
    """What the match's retries read of a session."""

    plays: list[PlayedRound]
    round_grades: RoundAnalysis

    def human_seats(self) -> frozenset[int]:
        """The seats a person plays."""
        ...


def human_mistakes(session: GradedMatch, round_nos: Iterable[int] | None = None
                   ) -> list[Retry]:
    """Every graded mistake of the human seats in the given rounds (every kept round by
    default) that can be retried, the biggest loss first (then the earliest)."""
    seats = session.human_seats()
    wanted = None if round_nos is None else set(round_nos)
    found: list[Retry] = []
    for play in session.plays:
        if wanted is not None and play.round_no not in wanted:
            continue
        grades = session.round_grades.grades(play.round_no)
        mistakes = sorted((ply, d) for ply, d in grades.items()
                          if d.seat in seats and d.verdict in MISTAKE_VERDICTS)
        if not mistakes:
            continue
        positions = play.positions()  # replays the round: only for rounds with mistakes
        for ply, decision in mistakes:
            if ply < len(positions):
                retry = retry_of(play.round_no, positions[ply], decision)
                if retry is not None:
                    found.append(retry)
    found.sort(key=lambda r: (-r.decision.loss, r.round_no, r.decision.ply))
    return found


def biggest_mistakes(session: GradedMatch, count: int = MATCH_RETRIES) -> list[Retry]:
    """The match's ``count`` biggest mistakes of the human seats, by points lost."""
    return human_mistakes(session)[:count]


#: What a wrong try is told: the retry, the move tried, the tries left (0: the answer
#: is shown now).
WrongTryWords = Callable[[Retry, Move, int], str]


class RetryCoach(PuzzleCoach):
    """A retried mistake: the puzzles' three tries (a try worth the same as an earlier
    one costs none), the review's better move as the answer; a wrong try is told with the
    caller's words."""

    def __init__(self, retry: Retry, wrong_words: WrongTryWords) -> None:
        super().__init__(retry.puzzle())
        self.retry = retry
        self.wrong_words = wrong_words
        self.words = self._retry_words

    def _retry_words(self, wrong: WrongTry) -> str:
        """The caller's words (a UI may put its own in :attr:`words`)."""
        return self.wrong_words(self.retry, wrong.move, max(0, wrong.left))
