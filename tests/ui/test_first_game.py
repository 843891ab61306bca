"""The guided first game, driven like a player: the Learn screen's button opens a match
against the Beginner with the tutor on; each turn of round 1 shows the hint's first step
without H; the round's end opens its review, which says what to practise next."""

from __future__ import annotations

import random

import pytest

from diloti_desktop.ai.hints import MoveFacts, Verdict
from diloti_desktop.ai.review import Decision
from diloti_desktop.controller.coach import Analysis
from diloti_desktop.i18n import _
from diloti_desktop.rules.movegen import legal_moves
from diloti_desktop.rules.moves import Move, MoveKind
from diloti_desktop.ui.learn.learn import LearnScene
from diloti_desktop.ui.menus.menu import MainMenuScene
from diloti_desktop.ui.review.review_scene import ReviewScene
from diloti_desktop.ui.table.summary import RoundSummaryScene
from diloti_desktop.ui.table.table_scene import TableScene
from diloti_desktop.ui.table.tutor import TutorScene
from diloti_desktop.ui.words import first_game_words
from tests.ui.driver import CHEAP_HINTS, Driver, choose_move


def open_first_game(driver: Driver) -> TableScene:
    menu = driver.top
    assert isinstance(menu, MainMenuScene)
    driver.click(next(b for b in menu.buttons() if b.key == "learn").box.center)
    learn = driver.top
    assert isinstance(learn, LearnScene)
    driver.click(next(b for b in learn.buttons() if b.key == "first_game").box.center)
    table = driver.top
    assert isinstance(table, TableScene) and table.first_game is not None
    return table


@pytest.mark.slow
def test_the_first_game_nudges_each_turn_of_round_1_then_reviews_it(
        driver: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    # Which move is best is the search's business (tests/ai): the hint's budget is tiny.
    monkeypatch.setattr(Analysis, "search", CHEAP_HINTS)
    assert not driver.ctx.settings.tutor  # the first game turns it on regardless
    table = open_first_game(driver)
    session = table.session
    assert session.config.seats == ("human", "Beginner")
    assert session.tutor
    rng = random.Random(4)
    turns = 0
    checked = None
    while True:
        driver.until(lambda: isinstance(driver.top, TutorScene | RoundSummaryScene | ReviewScene)
                     or table.accepting(), timeout=20)
        top = driver.top
        if isinstance(top, TutorScene):  # its doubt about a random move: play it anyway
            driver.click(next(b for b in top.buttons() if b.key == "play").box.center)
            continue
        if top is not table:
            break
        position = session.position
        if position is not checked:  # a new decision: the nudge comes by itself, no H
            checked = position
            driver.until(lambda: table.hint.level >= 1 and not table.hint.waiting)
            assert table.hint.position is position
            if table.hint.advice is not None and table.hint.advice.alternatives:
                assert table.hint.level == 1
                assert table.hint.lines()[-1] == _("Press H again to see which card.")
            turns += 1
        table.messages.forget_reason()
        driver.play(choose_move(list(legal_moves(position)), rng), "double")
        # until the move is played, the tutor doubts it, or (a random gesture the table
        # reads otherwise) it is refused and another is tried
        driver.until(lambda played=position: session.position is not played or bool(
            table.messages.last_reason) or not isinstance(driver.top, TableScene), timeout=20)
    assert turns >= 4
    review = driver.top
    assert isinstance(review, ReviewScene) and review.reviewed.round_no == 1
    assert review.panel.header.practise
    driver.until(lambda: bool(review.panel.header.practise_line()), timeout=60)
    driver.shell.draw()
    # closing the review leaves the round's summary: the match goes on, unguided
    driver.key(27)
    summary = driver.top
    assert isinstance(summary, RoundSummaryScene)


def test_no_mistakes_suggests_the_next_level() -> None:
    assert first_game_words.practise_line([], 0, 2) == _("No mistakes this round: try the "
                                                          "Novice next.")


def test_the_biggest_mistake_s_reason_names_what_to_practise() -> None:
    sweep = MoveFacts(MoveKind.CAPTURE, 4, 0, 0, False, False, True, 10, 17, 0.0, 0, 0, 0,
                      0, 0.0, 0.0, 0, 0)
    lay = sweep._replace(kind=MoveKind.LAY, cards_taken=0, xeri=False)
    move = Move.parse("5H x 2C 3D")
    blunder = Decision(3, 0, move, move, Verdict.BLUNDER, 5.0, -5.0, 0.0, 4, True, lay, sweep)
    theirs = blunder._replace(seat=1, loss=9.0)
    line = first_game_words.practise_line([theirs, blunder], 0, 2)
    assert line == _("Next, practise spotting the moves that clear the table: a xeri scores "
                     "extra points.")


def test_the_last_lesson_s_closing_panel_offers_the_first_game(driver: Driver) -> None:
    from diloti_desktop.controller.lessons import LESSONS
    from diloti_desktop.ui.table.guided_table import GuidedTableScene
    from tests.ui.test_learn import open_learn, press_panel, wait_step

    learn = open_learn(driver)
    learn.open_lesson(len(LESSONS) - 1)
    scene = driver.top
    assert isinstance(scene, GuidedTableScene)
    steps = scene.guide.coach.lesson.steps
    for number, step in enumerate(steps):
        driver.until(lambda: scene.accepting())
        driver.play(Move.parse(step.expect[0]))
        wait_step(driver, scene)
        if number + 1 < len(steps):
            press_panel(driver, "next")
    press_panel(driver, "first_game")
    table = driver.top
    assert isinstance(table, TableScene) and table.first_game is not None
    assert table.session.config.seats == ("human", "Beginner") and table.session.tutor
