"""Guided play: a game session whose human moves a coach (a lesson or a puzzle) judges.

:class:`GuidedSession` is a :class:`GameSession`, so the real table scene shows it with the
real drag and drop and the rules core as the judge of legality: an illegal gesture is
refused with the rules core's reason, exactly as in a game. Before a *legal* move of the
human is played, the coach may refuse it too (:meth:`Coach.judge`), with a sentence
saying why it is not what the step asks. AI seats play the coach's scripted replies
(:meth:`Coach.reply`), falling back to a real AI level when the script has none.

When the coach says a step is complete the session stops (no AI moves, no human moves)
until the UI calls :meth:`GuidedSession.next_step`, which loads the coach's next
position (shown as a fresh deal) or carries on from the current one. The slow questions
a guide's panel asks (the answer's reasons, what a wrong try loses) run in the session's
:class:`~diloti_desktop.controller.studies.Studies`, so :meth:`GameSession.wait_for_work`
waits for them too. No pygame here; nothing is saved as an interrupted game.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Final, NamedTuple, Protocol

from diloti_desktop.ai.base import Player
from diloti_desktop.ai.puzzles import Puzzle, equivalent
from diloti_desktop.controller import jobs
from diloti_desktop.controller.seats import GameConfig
from diloti_desktop.controller.session import (
    GameSession,
    MoveRejected,
    RoundBegan,
    default_player_factory,
)
from diloti_desktop.controller.studies import Studies
from diloti_desktop.i18n import _, ngettext
from diloti_desktop.rules.errors import IllegalMoveError
from diloti_desktop.rules.gestures import resolve_gesture
from diloti_desktop.rules.movegen import is_legal
from diloti_desktop.rules.moves import Move
from diloti_desktop.rules.position import PLAY, Position
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


class GuidedSession(GameSession):
    """A session fed by a coach: the lesson or puzzle judges the human's legal moves."""

    #: The lesson judges the moves itself: no tutor, no undo.
    offers_coach = False
    deals_rounds = False

    def __init__(self, coach: Coach, seats: tuple[str, ...] | None = None,
                 player_factory: Callable[[str, int], Player] = default_player_factory,
                 ai_pace: float = 0.6, clock: Callable[[], float] = time.monotonic) -> None:
        self.coach = coach
        position = coach.start()
        players = position.rules.players
        seats = seats or ("human", *("Intermediate",) * (players - 1))
        config = GameConfig(position.rules, seats, 0)

        def scripted(level: str, seed: int) -> Player:
            return ScriptedPlayer(coach, player_factory(level, seed))

        super().__init__(config, position, player_factory=scripted, ai_pace=ai_pace,
                         clock=clock)
        self.wrong_tries = 0
        #: The slow questions the panel asks, answered in the background.
        self.studies = Studies()
        self._events.append(RoundBegan(position.round_no, (), position))

    def waiting(self) -> bool:
        """Whether the step is done and the session waits for the next one."""
        return self.coach.step_complete()

    def can_undo(self) -> bool:
        """Undo in a lesson takes back the learner's last move of the current step (a
        step's history starts at its own position), never past a round's end."""
        return (self.coach.can_take_back() and self.human_seat is not None
                and self.position.phase == PLAY
                and any(played.seat == self.human_seat for played in self.history))

    def undo(self) -> bool:
        """Take back as in a game, and tell the coach the step is to do again."""
        if not super().undo():
            return False
        self.coach.taken_back()
        return True

    def is_human_turn(self) -> bool:
        """No move at all while a finished step waits for the next."""
        return not self.waiting() and super().is_human_turn()

    def submit(self, move: Move, checked: bool = False) -> bool:
        """Play a human's move if the rules core and then the coach accept it."""
        if self.is_human_turn() and is_legal(self.position, move):
            reason = self.coach.judge(self.position, move)
            if reason is not None:
                self.wrong_tries += 1
                self._events.append(MoveRejected(reason))
                return False
        elif self.is_human_turn():
            self.wrong_tries += 1
            if self._refuse(move.card, move.loose, move.piles):
                self._events.append(MoveRejected(_("that move is not possible here")))
            return False
        return super().submit(move, checked)

    def moves_for_gesture(self, card: int, loose: int = 0,
                          piles: Sequence[int] = ()) -> list[Move]:
        """Like a game's, counting an illegal gesture as a wrong try; the coach words the
        rules core's refusal."""
        if not self.is_human_turn():
            return super().moves_for_gesture(card, loose, piles)
        moves = self._refuse(card, loose, piles)
        if not moves:
            self.wrong_tries += 1
        return moves

    def _refuse(self, card: int, loose: int, piles: Sequence[int]) -> list[Move]:
        """The gesture's moves; none, with the coach's refusal emitted, when it has none."""
        try:
            return resolve_gesture(self.position, card, loose, piles)
        except IllegalMoveError as error:
            self._events.append(MoveRejected(self.coach.refusal(
                self.position, card, loose, piles, error.reason)))
            return []

    def _jobs(self) -> list[jobs.Pending | None]:
        return [*super()._jobs(), *self.studies.pending()]

    def update(self) -> None:
        """Nothing moves while a finished step waits for the next."""
        self.studies.update()
        if not self.waiting():
            super().update()

    def next_step(self) -> bool:
        """Go to the coach's next step (False when the step is not done yet)."""
        if not self.waiting():
            return False
        position = self.coach.advance()
        if position is not None:
            # A new step is a new round record: the review and undo replay the moves
            # from the step's own position, not from the first step's.
            self.position = position
            self.round_start = position
            self.history.clear()
            self.last_account = ""
            self._events.append(RoundBegan(position.round_no, (), position))
        return True

    def _play(self, move: Move) -> None:
        seat = self.position.turn
        super()._play(move)
        self.coach.played(seat, move, self.position)


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
