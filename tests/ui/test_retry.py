"""Retry my mistakes, driven like a player: from the review, a graded mistake played again
as a puzzle (a wrong try answered, the better move accepted, three wrong tries then the
answer shown, the other hands face down); from the match end, the match's biggest
mistakes one after the other. Also the review polish around it: the explanation box out
of the arrows' way, the score sheet's accuracy column, the "assisted" mark, and the Hint
and Moves buttons looking pressable while their press would wait."""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Iterator

import pygame
import pytest

from diloti_desktop.ai.features import move_class
from diloti_desktop.ai.hints import move_facts
from diloti_desktop.ai.puzzles import equivalent
from diloti_desktop.ai.reasons import fact_reasons
from diloti_desktop.controller import HUMAN, GameConfig, GameSession, RoundOver
from diloti_desktop.controller.retry import biggest_mistakes, human_mistakes
from diloti_desktop.player_data import stats
from diloti_desktop.player_data.storage import Settings
from diloti_desktop.rules.movegen import legal_moves
from diloti_desktop.rules.moves import Move, MoveKind
from diloti_desktop.rules.ruleset import Ruleset
from diloti_desktop.rules.view import seat_view
from diloti_desktop.ui.board.table_view import toast_panel
from diloti_desktop.ui.menus.menu import MainMenuScene
from diloti_desktop.ui.menus.statistics import StatisticsScene
from diloti_desktop.ui.review.review_picture import _crosses
from diloti_desktop.ui.table.guided_table import GuidedTableScene
from diloti_desktop.ui.table.hint_coach import move_items
from diloti_desktop.ui.table.retry_guide import RetryGuide
from diloti_desktop.ui.table.score_sheet import ScoreSheetScene
from diloti_desktop.ui.table.summary import MatchEndScene
from diloti_desktop.ui.table.table_scene import TableScene
from diloti_desktop.ui.words.coach_words import refutation_text
from tests.ui.driver import Driver, make_app
from tests.ui.scene_gallery import graded_round


@pytest.fixture
def driver() -> Iterator[Driver]:
    shell, ctx = make_app(size=(1280, 720))
    ctx.scenes.reset(MainMenuScene(ctx))
    shell.draw()
    yield Driver(shell, ctx)
    ctx.close_session()


#: The grades of each seed's round, worked out by the first test that needs them.
_GRADES: dict[int, dict[str, object]] = {}


def graded_session(seed: int = 7) -> GameSession:
    """A two-player round's last deal played by seeded random moves and graded (the
    gallery's review round: move 1 is a blunder with a better capture). Each call plays
    the round in a new session; its grades are worked out once and then restored from
    a copy, as a save would bring them back."""
    seats = frozenset({0, 1})
    if seed not in _GRADES:
        session = graded_round(seats, seed)
        _GRADES[seed] = session.round_grades.to_dict()
        return session
    return graded_round(seats, seed, copy.deepcopy(_GRADES[seed]))


def retry_scene(driver: Driver) -> GuidedTableScene:
    scene = driver.top
    assert isinstance(scene, GuidedTableScene) and isinstance(scene.guide, RetryGuide)
    driver.until(scene.accepting)
    return scene


def wrong_moves(scene: GuidedTableScene) -> list[Move]:
    """One move of each class that is not the answer, the move played then first."""
    guide = scene.guide
    assert isinstance(guide, RetryGuide)
    puzzle = guide.coach.puzzle
    played = move_class(guide.retry.decision.move)
    seen: dict[object, Move] = {}
    for move in legal_moves(puzzle.position):
        if not puzzle.accepts(move):
            seen.setdefault(move_class(move), move)
    return sorted(seen.values(), key=lambda m: move_class(m) != played)


def panel_text(scene: GuidedTableScene) -> str:
    return " ".join(text for text, _colour, _bold in scene.content().lines)


def test_retry_from_the_review_a_wrong_try_then_the_better_move(driver: Driver) -> None:
    session = graded_session()
    review = driver.open_review(session)
    driver.key(pygame.K_1, text="1")  # the biggest mistake
    decision = review.reviewed.decision()
    assert decision is not None and not decision.was_best
    retry_button = next(b for b in review.panel.place().buttons if b.key == "retry")
    assert retry_button.enabled and retry_button.hotkey == "R"
    driver.click(retry_button.box.center)
    scene = retry_scene(driver)
    guide = scene.guide
    assert isinstance(guide, RetryGuide)
    before = review.reviewed.positions[decision.ply]
    assert scene.session.position == before, "the position the player faced, hidden cards too"
    assert scene.decorations().face_up_hands == frozenset({0}), "North's hand stays hidden"
    assert "You laid 4♥ (Blunder, 8 points lost)" in panel_text(scene)

    played_again = wrong_moves(scene)[0]
    assert move_class(played_again) == move_class(decision.move)
    driver.play(played_again, style="click")  # a lay: by its button
    driver.frames(2)
    assert scene.session.position == before, "a wrong try changes nothing"
    assert guide.coach.tries == 1
    assert scene.wrong.startswith("That is the move you played then. 2 tries left.")
    assert decision.refutation is None or scene.wrong.endswith(
        refutation_text(decision.refutation, 2))  # what happens next after it
    assert scene.wrong in panel_text(scene)

    driver.play(decision.best)
    driver.until(lambda: scene.guided.waiting() and scene.caught_up())
    assert guide.coach.solved and not guide.coach.revealed
    driver.until(lambda: scene.guided.studies.explained is not None)
    driver.frames(2)
    assert panel_text(scene).startswith("Well found:")
    # The reasons are the better move's from the position it was played from (the
    # player's view), not from the position after it.
    view = seat_view(before, before.turn)
    expected = tuple(fact_reasons(move_facts(view, [decision.best])[0], 1))
    assert scene.guided.studies.explained == (decision.best, expected)
    assert "points more than your move" in panel_text(scene)
    done = next(b for b in scene.panel.buttons(scene.content()) if b.key == "leave")
    assert done.label == "Done" and done.primary
    driver.key(pygame.K_RETURN)
    assert driver.top is review, "leaving the retry goes back to the review"


def test_three_wrong_tries_then_the_answer_is_shown(driver: Driver) -> None:
    session = graded_session()
    review = driver.open_review(session)
    driver.key(pygame.K_1, text="1")
    driver.key(pygame.K_r, text="r")  # R: retry the mistake shown
    scene = retry_scene(driver)
    guide = scene.guide
    assert isinstance(guide, RetryGuide)
    # Three wrong tries, none worth the same as another (such a try costs none).
    distinct: list[Move] = []
    for move in wrong_moves(scene)[1:]:
        if not any(equivalent(scene.session.position, move, d) for d in distinct):
            distinct.append(move)
    assert len(distinct) >= 3, "the test's mistake has three other moves to try"
    for attempt, move in enumerate(distinct[:3]):
        # (a lay by its button: the felt's free spot is under the puzzle's panel)
        driver.play(move, style="click" if move.kind == MoveKind.LAY else "drag")
        driver.frames(2)
        assert guide.coach.tries == attempt + 1, (str(move), scene.wrong)
        assert scene.wrong.startswith("Not the better move:")
    assert "Here is the better one." in scene.wrong
    assert guide.coach.revealed and scene.guided.waiting()
    driver.until(lambda: scene.guided.studies.explained is not None)
    driver.frames(2)
    # The window shows the reasons: the panel was drawn again when they arrived, though
    # nothing else moved on the table.
    shown = driver.shell.surface
    assert shown is not None
    fresh = pygame.Surface(shown.get_size())
    scene.draw(fresh)
    panel = pygame.Rect(scene.board.panel_box())
    assert (pygame.image.tobytes(shown.subsurface(panel), "RGB")
            == pygame.image.tobytes(fresh.subsurface(panel), "RGB")), "the panel is stale"
    driver.frames(2)
    answer = guide.coach.puzzle.answer
    assert panel_text(scene).startswith("The better move:")
    lit = scene.decorations()
    assert lit.hint_card == answer.card and lit.hint_items == move_items(answer)
    back = next(b for b in scene.panel.buttons(scene.content()) if b.key == "leave")
    driver.click(back.box.center)
    assert driver.top is review


def test_retry_on_a_move_that_is_no_mistake_says_why(driver: Driver) -> None:
    session = graded_session()
    review = driver.open_review(session)
    grades = review.reviewed.grades()
    best = next(ply for ply, d in sorted(grades.items()) if d.was_best)
    review.press(f"step:{best}")
    assert not next(b for b in review.panel.place().buttons if b.key == "retry").enabled
    driver.key(pygame.K_r, text="r")
    assert driver.top is review
    assert review.message.text.startswith("Retry works on your mistakes")


def match_end(driver: Driver, session: GameSession) -> MatchEndScene:
    driver.ctx.session = session
    table = TableScene(driver.ctx, session)
    driver.ctx.scenes.push(table)
    result = session.round_result()
    assert isinstance(result, RoundOver)
    result = dataclasses.replace(result, winner=0)  # as if the match were won
    driver.ctx.nav.table.open_match_end(table, result)
    scene = driver.top
    assert isinstance(scene, MatchEndScene)
    driver.frames(2)
    return scene


def test_the_match_end_retries_the_three_biggest_mistakes_one_after_the_other(
        driver: Driver) -> None:
    session = graded_session()
    expected = biggest_mistakes(session)
    assert 1 <= len(expected) <= 3
    every = human_mistakes(session)
    assert [r.decision.loss for r in expected] == sorted(
        (r.decision.loss for r in every), reverse=True)[:len(expected)]
    end = match_end(driver, session)
    button = next(b for b in end.buttons() if b.key == "retry")
    assert button.enabled
    assert button.label == (f"Retry my {len(expected)} biggest mistakes" if len(expected) > 1
                            else "Retry my biggest mistake")
    driver.click(button.box.center)
    for number, retry in enumerate(expected, start=1):
        scene = retry_scene(driver)
        guide = scene.guide
        assert isinstance(guide, RetryGuide)
        assert guide.retry == retry and guide.number == number
        driver.play(retry.decision.best)
        driver.until(lambda s=scene: s.guided.waiting() and s.caught_up())
        driver.key(pygame.K_RETURN)  # Next mistake, then Done after the last
    assert driver.top is end


def test_the_match_end_s_retry_is_off_with_a_reason_while_grading(driver: Driver) -> None:
    session = graded_session()
    play = session.plays[-1]
    # A fresh analysis that has not graded anything yet: still running.
    session.round_grades = type(session.round_grades)(start=lambda _p, _w: None)
    session.round_grades.request(play, frozenset({0, 1}))
    end = match_end(driver, session)
    button = next(b for b in end.buttons() if b.key == "retry")
    assert not button.enabled and button.label == "Retry my mistakes: still analysing…"
    driver.key(pygame.K_r, text="r")
    assert driver.top is end


def test_the_score_sheet_has_an_accuracy_column(driver: Driver) -> None:
    session = graded_session()
    driver.ctx.session = session
    driver.ctx.nav.table.open_score_sheet(session)
    sheet = driver.top
    assert isinstance(sheet, ScoreSheetScene)
    driver.frames(2)
    assert sheet.columns()[-1].header == "Your accuracy"
    rows = sheet.rows()
    grades = list(session.round_grades.grades(session.plays[-1].round_no).values())
    from diloti_desktop.ai.review import summarise
    from diloti_desktop.ui.words.review_words import accuracy_text
    shown = accuracy_text(summarise(grades).accuracy)
    assert rows[-1].cells[-1] == shown, "the match's accuracy on the totals row"
    # While a round is being graded its cell says so.
    session.round_grades = type(session.round_grades)(start=lambda _p, _w: None)
    session.round_grades.request(session.plays[-1], frozenset({0, 1}))
    assert sheet.rows()[-1].cells[-1] == "…"


def test_the_assisted_mark_on_the_match_end_and_in_the_statistics(driver: Driver) -> None:
    session = graded_session()
    session.coaching.assistance.hint_levels[0] = 2
    session.coaching.assistance.undos = 1
    end = match_end(driver, session)
    texts = [text for key, text, *_rest in end.line_blocks(20)]
    assert "Assisted: 2 hints, 1 undo" in texts
    assert texts.index("Assisted: 2 hints, 1 undo") == 1, "right under the rating's line"
    driver.shell.draw()
    statistics = stats.Statistics.empty().with_match(stats.MatchResult(
        2, "Casual", True, (20,), 0, 0, assisted=True)).with_match(stats.MatchResult(
            2, "Casual", False, (10,), 0, 0))
    scene = StatisticsScene(driver.ctx)
    scene.statistics = statistics
    driver.ctx.scenes.push(scene)
    from diloti_desktop.ui.words.assist_words import assisted_matches_text
    line = assisted_matches_text((k.assisted, r.played) for k, r in statistics.groups.items())
    assert line.startswith("Assisted: 1 of your 2 finished matches")


def test_the_review_s_explanation_box_is_clear_of_the_arrows(driver: Driver) -> None:
    session = graded_session()
    review = driver.open_review(session)
    checked = 0
    for ply, decision in sorted(review.reviewed.grades().items()):
        if decision.was_best:
            continue
        review.press(f"step:{ply}")
        geometry = review.picture.geometry()
        deco = review.picture.decorations(geometry)
        assert deco.toast and deco.arrows
        box, _lines, _size = toast_panel(geometry.layout, deco.toast, deco.toast_box)
        assert not _crosses(box, list(deco.arrows), 0), f"an arrow crosses the box at {ply}"
        checked += 1
    assert checked


def test_hint_and_moves_look_pressable_while_their_press_would_wait() -> None:
    shell, ctx = make_app(size=(1280, 720), settings=Settings(
        animation_speed="normal", sound_enabled=False, tutor=False))
    ctx.scenes.reset(MainMenuScene(ctx))
    driver = Driver(shell, ctx)
    ctx.nav.match.new_game(GameConfig(Ruleset(players=2), (HUMAN, "Casual"), 3))
    table = driver.top
    assert isinstance(table, TableScene)
    driver.frames(1)
    assert table.animations.busy(), "the deal is being shown"
    assert not table.accepting()
    buttons = {b.key: b for b in table.buttons()}
    assert buttons["hint"].enabled and buttons["moves"].enabled
    assert not buttons["play"].enabled
    driver.key(pygame.K_h, text="h")
    assert "hint" in table.presses.waiting
    ctx.close_session()


def test_the_move_played_then_is_answered_with_what_happens_next() -> None:
    from diloti_desktop.ai.review import grade_decision
    from diloti_desktop.controller.retry import Retry
    from diloti_desktop.rules import Move, seat_view
    from diloti_desktop.ui.words.coach_words import refutation_text
    from diloti_desktop.ui.words.retry_words import wrong_try_text
    from tests.ai.helpers import complete

    # Laying 4♥ let North's 7♦ sweep; 7♠ was better; declaring 7 is another wrong try.
    trap = complete("rules=2p dealer=1 turn=0 hands=4H7S/7DKH loose=3C played=40")
    decision = grade_decision(seat_view(trap, 0), Move.parse("4H"))
    assert decision.refutation is not None
    retry = Retry(1, trap, decision)
    told = refutation_text(decision.refutation, 2)
    assert told and wrong_try_text(retry, Move.parse("4H"), 2).endswith(told)
    # Another wrong try is not answered with the refutation of a different move, until
    # the tries are spent: then the mistake's own refutation comes with the answer.
    assert told not in wrong_try_text(retry, Move.parse("4H =7 3C"), 2)
    assert wrong_try_text(retry, Move.parse("4H =7 3C"), 0).endswith(told)
