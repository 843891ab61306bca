"""Every lesson is checked by the rules core: positions parse, expected moves, scripted
replies and the authored answers to tempting moves are legal where they are played, and a
lesson's coach accepts exactly the expected moves."""

from __future__ import annotations

import pytest

from diloti_desktop import glossary
from diloti_desktop.ai.base import RandomPlayer
from diloti_desktop.controller.guided import GuidedSession, ScriptedPlayer
from diloti_desktop.controller.lessons import HUMAN_SEAT, LESSONS, Lesson, LessonCoach, lesson
from diloti_desktop.controller.session import MoveRejected
from diloti_desktop.rules.engine import apply
from diloti_desktop.rules.gestures import find_moves
from diloti_desktop.rules.movegen import legal_moves
from diloti_desktop.rules.moves import Move
from diloti_desktop.rules.position import PLAY, Position
from diloti_desktop.rules.view import seat_view


def random_players(level: str, seed: int) -> RandomPlayer:
    """Fast stand-ins for the AI seats."""
    return RandomPlayer(seed)


TOPICS = ("play", "match", "faces", "sums", "groups", "declare", "duties", "raise", "family",
          "piles", "xeri", "leftovers", "scoring", "partners")
#: The strategy lessons after the rules (issue 25), one idea each.
STRATEGY = ("last_capture", "counting", "no_sweep", "protect", "family_wins", "race",
            "reading", "partner_play")


def test_the_rules_lessons_then_the_strategy_lessons_in_the_issue_order() -> None:
    assert len(LESSONS) >= 22
    assert tuple(lesson.key for lesson in LESSONS) == TOPICS + STRATEGY
    assert len(lesson("partners").steps) >= 3
    assert len({lesson.key for lesson in LESSONS}) == len(LESSONS)


@pytest.mark.parametrize("current", LESSONS, ids=lambda lesson: lesson.key)
def test_every_step_is_legal_in_the_rules_core(current: Lesson) -> None:
    position: Position | None = None
    for index, step in enumerate(current.steps):
        if step.position:
            position = Position.parse(step.position)
        else:
            assert index > 0 and position is not None, "a step going on needs a previous one"
        assert position.phase == PLAY and position.turn == HUMAN_SEAT
        legal = list(legal_moves(position))
        expected = [Move.parse(text) for text in step.expect]
        assert expected and all(move in legal for move in expected), (current.key, index)
        for text, answer in step.wrong:
            wrong = Move.parse(text)
            assert wrong in legal and wrong not in expected and answer
        assert step.text and step.task and len(step.text) < 260
        position, _events = apply(position, expected[0])
        if step.reply:
            reply = Move.parse(step.reply)
            assert reply in legal_moves(position), (current.key, index, step.reply)
            position, _events = apply(position, reply)
    assert current.summary and "\n" not in current.summary


@pytest.mark.parametrize("current", LESSONS, ids=lambda lesson: lesson.key)
def test_the_lesson_mistake_is_refused_with_a_reason(current: Lesson) -> None:
    coach = LessonCoach(current)
    position = coach.start()
    mistake = Move.parse(current.mistake)
    # the same gesture (card and pointed items) must not also mean an expected move
    pointed = find_moves(position, mistake.card, mistake.loose, mistake.piles)
    assert not set(pointed) & set(coach.expected())
    if mistake in legal_moves(position):
        reason = coach.judge(position, mistake)
        assert reason is not None and len(reason) > 20
    else:
        from diloti_desktop.rules.explain import why_illegal

        assert why_illegal(position, mistake)


def test_a_legal_move_that_is_not_asked_gets_the_task_again() -> None:
    coach = LessonCoach(LESSONS[0])
    position = coach.start()
    answer = coach.judge(position, Move.parse("9H"))
    assert answer is not None and "6♠" in answer
    generic = coach.judge(position, Move.parse("6S x 6D"))
    assert generic is None


def test_a_guided_session_refuses_then_plays_the_scripted_reply() -> None:
    coach = LessonCoach(LESSONS[0])
    guided = GuidedSession(coach, player_factory=random_players, ai_pace=0.0)
    session = guided.session
    session.poll()
    assert not session.submit(Move.parse("9H"))
    assert any(isinstance(e, MoveRejected) for e in session.poll())
    assert guided.turns.wrong_tries == 1
    assert session.submit(Move.parse("6S x 6D"))
    while not guided.waiting():
        session.update()
        session.wait_for_work(30)
    assert session.history[-1].move == Move.parse("8D")
    assert not session.is_human_turn()
    assert guided.next_step() and session.is_human_turn()
    assert session.submit(Move.parse("9H")) and coach.finished


def test_the_scripted_player_falls_back_when_the_script_is_not_legal() -> None:
    coach = LessonCoach(LESSONS[0])
    position = Position.parse("hands=9H/KC8D loose=6D turn=1 played=5")
    player = ScriptedPlayer(coach, random_players("Random", 1))
    assert player.choose(seat_view(position, 1)) in list(legal_moves(position))


def test_lesson_terms_are_in_the_glossary() -> None:
    for current in LESSONS:
        for key in current.terms:
            assert glossary.term(key).meaning


@pytest.mark.parametrize("current", LESSONS, ids=[lesson.key for lesson in LESSONS])
def test_every_step_s_moves_replay_from_that_step_s_position(current: Lesson) -> None:
    """The review and undo replay a round from its start: in a lesson each step that sets a
    position starts a new record, so a round ended by a later step replays (the Xeri
    lesson's last-card step once replayed from its first step's position)."""
    coach = LessonCoach(current)
    guided = GuidedSession(coach, player_factory=random_players, ai_pace=0.0)
    session = guided.session
    for number, step in enumerate(current.steps):
        if number:
            assert guided.next_step()
        if step.position:
            assert session.round_start == Position.parse(step.position)
        assert session.submit(Move.parse(step.expect[0]))
        while not guided.waiting():
            session.update()
            session.wait_for_work(30)
        positions = session.current_play().positions()
        assert positions[-1] == session.position
    for play in session.plays:
        assert play.positions()[-1].round_no == play.round_no


def test_a_refusal_speaks_only_of_moves_the_learner_has_met() -> None:
    """Before sums, declarations and raises are taught, a refused drop is explained as the
    capture the learner tried; from the raise lesson on, as the raise it reads as."""
    from diloti_desktop.rules.cards import parse_card, parse_cards
    from diloti_desktop.rules.errors import IllegalMoveError
    from diloti_desktop.rules.gestures import resolve_gesture

    def refusal(coach: LessonCoach, position: Position, card: str, loose: str = "",
                pile: str = "") -> str:
        piles = [parse_cards(pile)] if pile else []
        cards = parse_cards(loose) if loose else 0
        with pytest.raises(IllegalMoveError) as refused:
            resolve_gesture(position, int(parse_card(card)), cards, piles)
        return coach.refusal(position, int(parse_card(card)), cards, piles,
                             refused.value.reason)

    match = LessonCoach(next(item for item in LESSONS if item.key == "match"))
    position = match.start()
    assert refusal(match, position, "4S", "8S") == "4♠ takes only loose cards of its own value, 4"
    groups = LessonCoach(next(item for item in LESSONS if item.key == "groups"))
    position = groups.start()  # 4♣ on 2♥: the rules core reads "declare 6"
    assert "declare" not in refusal(groups, position, "4C", "2H")
    pile_position = Position.parse("hands=6HAS/5H4C piles=P5@1:2C3D played=11")
    duties = LessonCoach(next(item for item in LESSONS if item.key == "duties"))
    assert refusal(duties, pile_position, "6H", pile="2C3D") == (
        "the plain 5 can only be taken by a card of value 5")
    raising = LessonCoach(next(item for item in LESSONS if item.key == "raise"))
    assert refusal(raising, pile_position, "6H", pile="2C3D") == (
        "plain 5 plus 6♥ makes 11: a pile cannot go above 10")


def test_a_solved_puzzle_is_explained_from_its_own_position() -> None:
    """Once solved, the answer has been played and North is to move: the reasons are
    still those of the puzzle's position (easy puzzle 2 said "It leaves You no sweep")."""
    from diloti_desktop.ai.hints import move_facts
    from diloti_desktop.ai.puzzles import load_puzzles
    from diloti_desktop.ai.reasons import fact_reasons
    from diloti_desktop.controller.guided import PuzzleCoach

    puzzle = load_puzzles()[1]
    guided = GuidedSession(PuzzleCoach(puzzle), ai_pace=0.0)
    session = guided.session
    try:
        assert session.submit(puzzle.answer)
        assert session.position != puzzle.position
        guided.studies.explain(puzzle.answer, puzzle.position)
        session.wait_for_work(600)  # the explanation's job, by its own end
        session.update()
        assert guided.studies.explained is not None
        view = seat_view(puzzle.position, puzzle.position.turn)
        expected = fact_reasons(move_facts(view, [puzzle.answer])[0],
                                (view.seat + 1) % puzzle.position.players)
        assert guided.studies.explained == (puzzle.answer, tuple(expected))
    finally:
        session.close()
