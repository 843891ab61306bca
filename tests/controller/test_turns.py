"""A session's turn policy (controller/turns.py) is consulted where a lesson plays
differently from a match: holding play, judging a legal move, wording a refusal, following
the moves, and taking back where a match would not."""

from __future__ import annotations

from collections.abc import Sequence

from diloti_desktop.controller import HUMAN, GameConfig, GameSession, MoveRejected, Undone
from diloti_desktop.controller.turns import MatchTurns
from diloti_desktop.rules.moves import Move
from diloti_desktop.rules.position import Position
from tests.ui.driver import random_players

START = Position.parse("rules=2p hands=6S9C/KC2S loose=6D2C4H9S played=1")


class Strict(MatchTurns):
    """Accepts only one move, words refusals its own way, may hold play."""

    offers_coach = False
    deals_rounds = False

    def __init__(self, accepted: Move) -> None:
        self.accepted = accepted
        self.holding = False
        self.refusals = 0
        self.seen: list[tuple[int, Move]] = []
        self.taken = 0

    def holds(self) -> bool:
        return self.holding

    def judge(self, position: Position, move: Move) -> str | None:
        return None if move == self.accepted else "Not that one."

    def refusal(self, position: Position, card: int, loose: int, piles: Sequence[int],
                reason: str) -> str:
        return f"Strictly: {reason}"

    def refused(self) -> None:
        self.refusals += 1

    def played(self, seat: int, move: Move, after: Position) -> None:
        self.seen.append((seat, move))

    def can_take_back(self) -> bool:
        return True

    def taken_back(self) -> None:
        self.taken += 1


def session_with(turns: Strict) -> GameSession:
    config = GameConfig(START.rules, (HUMAN, "Random"), 0)
    session = GameSession(config, START, player_factory=random_players, ai_pace=0.0,
                          turns=turns)
    session.poll()
    return session


def rejections(session: GameSession) -> list[str]:
    return [e.reason for e in session.poll() if isinstance(e, MoveRejected)]


def test_the_policy_judges_legal_moves_and_words_the_rules_refusals() -> None:
    turns = Strict(Move.parse("6S x 6D"))
    session = session_with(turns)
    assert not session.submit(Move.parse("9C x 9S"))  # legal, but not the one asked
    assert rejections(session) == ["Not that one."]
    assert session.moves_for_gesture(Move.parse("6S").card, loose=1 << Move.parse("9S").card
                                     ) == []  # the rules core refuses: the policy words it
    assert rejections(session)[0].startswith("Strictly: ")
    assert turns.refusals == 2 and not turns.seen
    assert session.submit(Move.parse("6S x 6D"))
    assert turns.seen == [(0, Move.parse("6S x 6D"))]


def test_nothing_moves_while_the_policy_holds_play() -> None:
    turns = Strict(Move.parse("6S x 6D"))
    session = session_with(turns)
    assert session.submit(Move.parse("6S x 6D"))
    turns.holding = True
    assert not session.is_human_turn()
    for _ in range(5):
        session.update()
        session.wait_for_work(30)
    assert len(session.history) == 1  # the AI seat did not reply
    turns.holding = False
    while len(session.history) == 1:
        session.update()
        session.wait_for_work(30)
    assert turns.seen[1][0] == 1


def test_undo_where_the_policy_allows_it_tells_the_policy() -> None:
    turns = Strict(Move.parse("6S x 6D"))
    session = session_with(turns)
    assert not session.against_ai()  # the policy offers no match coach
    assert not session.can_undo()  # nothing of the player's to take back yet
    assert session.submit(Move.parse("6S x 6D"))
    assert session.can_undo() and session.undo()
    assert any(isinstance(e, Undone) for e in session.poll())
    assert turns.taken == 1 and session.position == START


def test_a_match_offers_no_undo_without_ai_seats_whatever_was_played() -> None:
    config = GameConfig(START.rules, (HUMAN, HUMAN), 0)
    session = GameSession(config, START, ai_pace=0.0)
    assert session.submit(Move.parse("6S x 6D"))
    assert not session.can_undo()
