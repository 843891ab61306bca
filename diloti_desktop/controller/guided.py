"""Guided play: a game session whose human moves a coach (a lesson or a puzzle) judges.

A :class:`GuidedSession` plays on a real :class:`GameSession`, so the real table scene
shows it with the real drag and drop and the rules core as the judge of legality: an
illegal gesture is refused with the rules core's reason, exactly as in a game. The
session's turn policy is the coach's (:class:`GuidedTurns`): before a *legal* move of the
human is played, the coach may refuse it too (:meth:`Coach.judge`), with a sentence
saying why it is not what the step asks. AI seats play the coach's scripted replies
(:meth:`Coach.reply`), falling back to a real AI level when the script has none.

When the coach says a step is complete the session stops (no AI moves, no human moves)
until the UI calls :meth:`GuidedSession.next_step`, which loads the coach's next
position (shown as a fresh deal) or carries on from the current one. The slow questions
a guide's panel asks (the answer's reasons, what a wrong try loses) run in the guided
session's :class:`~diloti_desktop.controller.studies.Studies`, so
:meth:`GameSession.wait_for_work` waits for them too. No pygame here; nothing is saved as
an interrupted game.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Final, NamedTuple, Protocol

from diloti_desktop.ai.base import Player
from diloti_desktop.ai.puzzles import Puzzle, equivalent
from diloti_desktop.controller import jobs
from diloti_desktop.controller.seats import GameConfig
from diloti_desktop.controller.session import GameSession, default_player_factory
from diloti_desktop.controller.studies import Studies
from diloti_desktop.i18n import _, ngettext
from diloti_desktop.rules.movegen import is_legal
from diloti_desktop.rules.moves import Move
from diloti_desktop.rules.position import Position
from diloti_desktop.rules.view import SeatView


class Coach(Protocol):
    """What a lesson or a puzzle tells the session."""

    def start(self) -> Position:
        """The first position."""
        ...

    def judge(self, position: Position, move: Move) -> str | None:
        """None to accept a legal human move, else the sentence saying why not."""
        ...

    def refusal(self, position: Position, card: int, loose: int, piles: Sequence[int],
                reason: str) -> str:
        """What to say when the rules core refuses a gesture (``reason``, its words)."""
        ...

    def reply(self, position: Position) -> Move | None:
        """The scripted move of the AI seat to move, or None to let the AI choose."""
        ...

    def played(self, seat: int, move: Move, after: Position) -> None:
        """A move was played (human or AI)."""
        ...

    def step_complete(self) -> bool:
        """Whether the current step is done (the session waits for :meth:`advance`)."""
        ...

    def advance(self) -> Position | None:
        """Go to the next step; its position, or None to go on from the current one."""
        ...

    def can_take_back(self) -> bool:
        """Whether Undo may take the learner's moves of the current step back."""
        ...

    def taken_back(self) -> None:
        """The current step's moves were taken back: the step is to do again."""
        ...


class ScriptedPlayer:
    """An AI seat that plays the coach's script, else a real AI level's choice."""

    def __init__(self, coach: Coach, fallback: Player) -> None:
        self.name = "Scripted"
        self.coach = coach
        self.fallback = fallback

    def choose(self, view: SeatView) -> Move:
        """The scripted move when there is one (and it is legal), else the fallback's."""
        scripted = self.coach.reply(view.position)
        if scripted is not None and is_legal(view.position, scripted):
            return scripted
        return self.fallback.choose(view)


class GuidedTurns:
    """A lesson's or a puzzle's turn policy (:class:`~diloti_desktop.controller.turns.TurnPolicy`):
    its coach judges the learner's legal moves and words the rules core's refusals, play
    stops while a finished step waits for the next, and undo takes back within a step."""

    #: The coach judges the moves itself: no tutor, no match undo.
    offers_coach = False
    #: A round's end leads to the lesson's next step, not to another deal.
    deals_rounds = False

    def __init__(self, coach: Coach, studies: Studies) -> None:
        self.coach = coach
        self.studies = studies
        #: The learner's refused tries (illegal gestures and moves the coach refused).
        self.wrong_tries = 0

    def holds(self) -> bool:
        """Play stops while a finished step waits for the next."""
        return self.coach.step_complete()

    def judge(self, position: Position, move: Move) -> str | None:
        """The coach's verdict on a legal move."""
        return self.coach.judge(position, move)

    def refusal(self, position: Position, card: int, loose: int, piles: Sequence[int],
                reason: str) -> str:
        """The coach words the rules core's refusal."""
        return self.coach.refusal(position, card, loose, piles, reason)

    def refused(self) -> None:
        """One more wrong try."""
        self.wrong_tries += 1

    def played(self, seat: int, move: Move, after: Position) -> None:
        """The coach follows every move."""
        self.coach.played(seat, move, after)

    def can_take_back(self) -> bool:
        """Undo within a step, when the coach allows it (a step's record starts at its
        own position, so never past the step's start)."""
        return self.coach.can_take_back()

    def taken_back(self) -> None:
        """The step is to do again."""
        self.coach.taken_back()

    def update(self) -> None:
        """The panel's slow questions, answered in the background."""
        self.studies.update()

    def pending(self) -> list[jobs.Pending | None]:
        """The studies running (so :meth:`GameSession.wait_for_work` waits for them)."""
        return self.studies.pending()

    def close(self) -> None:
        """The panel is gone: abandon its studies."""
        self.studies.close()


class GuidedSession:
    """A lesson or a puzzle played on a match session (:attr:`session`, what the table
    shows) whose turn policy is the coach's (:class:`GuidedTurns`); goes from step to step."""

    def __init__(self, coach: Coach, seats: tuple[str, ...] | None = None,
                 player_factory: Callable[[str, int], Player] = default_player_factory,
                 ai_pace: float = 0.6, clock: Callable[[], float] = time.monotonic) -> None:
        self.coach = coach
        #: The slow questions the panel asks, answered in the background.
        self.studies = Studies()
        self.turns = GuidedTurns(coach, self.studies)
        position = coach.start()
        players = position.rules.players
        seats = seats or ("human", *("Intermediate",) * (players - 1))

        def scripted(level: str, seed: int) -> Player:
            return ScriptedPlayer(coach, player_factory(level, seed))

        self.session = GameSession(GameConfig(position.rules, seats, 0), position,
                                   player_factory=scripted, ai_pace=ai_pace, clock=clock,
                                   turns=self.turns)
        self.session.start_round(position)

    def waiting(self) -> bool:
        """Whether the step is done and the session waits for the next one."""
        return self.coach.step_complete()

    def next_step(self) -> bool:
        """Go to the coach's next step (False when the step is not done yet)."""
        if not self.waiting():
            return False
        position = self.coach.advance()
        if position is not None:
            # A new step is a new round record: the review and undo replay the moves
            # from the step's own position, not from the first step's.
            self.session.start_round(position)
        return True


class WrongTry(NamedTuple):
    """A legal move of a puzzle that is not the answer."""

    move: Move
    loss: float | None          #: round points it loses against the answer (if known)
    left: int                   #: tries left after it
    again: bool                 #: worth the same as an earlier wrong try: no try spent


class PuzzleCoach:
    """Runs one "find the best move" puzzle: three tries, then the answer.

    A try equivalent to an earlier wrong one (:func:`~diloti_desktop.ai.puzzles.equivalent`)
    costs no try; one equivalent to the answer solves the puzzle. :attr:`words` phrases a
    wrong try (the UI gives its own; the default is a plain sentence).
    """

    TRIES: Final = 3

    def __init__(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle
        self.tries = 0
        self.solved = False
        self.revealed = False
        self.tried: list[Move] = []
        self.last_wrong: WrongTry | None = None
        self.words: Callable[[WrongTry], str] = self.plain_words

    def start(self) -> Position:
        """The puzzle's position (the solver sits at seat 0)."""
        return self.puzzle.position

    def judge(self, position: Position, move: Move) -> str | None:
        """Accept the answer (or an equivalent move); else count a try, unless an earlier
        wrong try was worth the same."""
        if self.puzzle.accepts(move):
            return None
        again = any(equivalent(position, move, earlier) for earlier in self.tried)
        if not again:
            self.tries += 1
            self.tried.append(move)
            self.revealed = self.tries >= self.TRIES
        self.last_wrong = WrongTry(move, self.puzzle.loss(move), self.TRIES - self.tries,
                                   again)
        return self.words(self.last_wrong)

    def plain_words(self, wrong: WrongTry) -> str:
        """A wrong try in a plain sentence (tools without the UI's words)."""
        words = wrong.move.describe()
        if self.revealed:
            return _("{move} is not the best move. Here is the answer.").format(move=words)
        return ngettext("{move} is legal, but there is a better move. {left} try left.",
                        "{move} is legal, but there is a better move. {left} tries left.",
                        wrong.left).format(move=words[:1].upper() + words[1:],
                                           left=wrong.left)

    def refusal(self, position: Position, card: int, loose: int, piles: Sequence[int],
                reason: str) -> str:
        """The rules core's own words."""
        return reason

    def reply(self, position: Position) -> Move | None:
        """No script: the puzzle ends with the player's move."""
        return None

    def played(self, seat: int, move: Move, after: Position) -> None:
        """The answer was played."""
        if seat == 0 and self.puzzle.accepts(move):
            self.solved = True

    def step_complete(self) -> bool:
        """Done when solved or when the answer is shown."""
        return self.solved or self.revealed

    def advance(self) -> Position | None:
        """A puzzle has one step."""
        return None

    def can_take_back(self) -> bool:
        """A solved puzzle stays solved: no undo."""
        return False

    def taken_back(self) -> None:
        """Never called: see :meth:`can_take_back`."""
