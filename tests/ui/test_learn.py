"""Learn to play, driven like a player: every lesson completed on the real table with the
mouse (one wrong try each, answered in the coach panel), a puzzle with three wrong tries
and one solved, the first-start offer, and progress that is remembered."""

from __future__ import annotations

import dataclasses

import pygame
import pytest

from diloti_desktop import i18n
from diloti_desktop.ai.features import distinct_moves
from diloti_desktop.ai.puzzles import load_puzzles
from diloti_desktop.controller.lessons import LESSONS
from diloti_desktop.player_data import learning_progress as saved
from diloti_desktop.rules.movegen import legal_moves
from diloti_desktop.rules.moves import Move
from diloti_desktop.rules.position import Position
from diloti_desktop.ui.kit import theme
from diloti_desktop.ui.kit.widgets import Button
from diloti_desktop.ui.learn.learn import LearnScene, WelcomeScene, should_welcome
from diloti_desktop.ui.menus.error import ErrorScene
from diloti_desktop.ui.menus.menu import MainMenuScene
from diloti_desktop.ui.table.dialogs import ChooserScene
from diloti_desktop.ui.table.guided_table import (
    GuidedTableScene,
    LessonGuide,
    PuzzleGuide,
    stock_in_step,
)
from diloti_desktop.ui.table.hint_coach import move_items
from diloti_desktop.ui.table.summary import RoundSummaryScene
from diloti_desktop.ui.words.puzzle_words import theme_name, wrong_reason
from tests.ui.driver import Driver, make_app


def open_learn(driver: Driver) -> LearnScene:
    menu = driver.top
    assert isinstance(menu, MainMenuScene)
    driver.click(next(b for b in menu.buttons() if b.key == "learn").box.center)
    learn = driver.top
    assert isinstance(learn, LearnScene)
    return learn


def press_panel(driver: Driver, key: str) -> None:
    scene = driver.top
    assert isinstance(scene, GuidedTableScene)
    driver.click(next(b for b in scene.panel.buttons(scene.content()) if b.key == key).box.center)


def wait_step(driver: Driver, scene: GuidedTableScene) -> None:
    """Until the step is done and shown (closing a round summary on the way)."""
    def ready() -> bool:
        summary = driver.top
        assert not isinstance(summary, ErrorScene), "the lesson crashed"
        if isinstance(summary, RoundSummaryScene):
            # A player reads the summary while the round is graded and its review
            # prepared: both must work on a lesson's round, which spans several steps.
            if not summary.review_ready():
                return False
            button = next(b for b in summary.buttons() if b.key == "next")
            assert button.label == "Continue"  # a lesson deals no next round
            driver.click(button.box.center)
        return driver.top is scene and scene.guided.waiting() and scene.caught_up()
    driver.until(ready, timeout=30.0)


@pytest.mark.parametrize("index", range(len(LESSONS)), ids=[lesson.key for lesson in LESSONS])
def test_every_lesson_with_the_mouse_and_a_wrong_try(driver: Driver, index: int) -> None:
    learn = open_learn(driver)
    lesson = LESSONS[index]
    driver.click(next(b for b in learn.buttons() if b.key == f"lesson:{index}").box.center)
    scene = driver.top
    assert isinstance(scene, GuidedTableScene) and isinstance(scene.guide, LessonGuide)
    driver.until(lambda: scene.accepting())
    before = scene.session.position
    mistake = Move.parse(lesson.mistake)
    driver.play(mistake)
    if isinstance(driver.top, ChooserScene):
        driver.choose_in_chooser(mistake)
    driver.frames(2)
    assert scene.session.position == before, "a wrong try must change nothing"
    assert scene.wrong, "the wrong try is answered in the panel"
    if mistake in legal_moves(before):
        assert "not what this step asks" in scene.wrong or len(scene.wrong) > 30
    assert any(scene.wrong in text for text, _c, _b in scene.content().lines)
    assert lesson.steps[0].task not in scene.wrong, "the task is on screen already"
    # The refused gesture's clicked cards stay selected: Esc clears them.
    if scene.interaction.selected:
        driver.key(pygame.K_ESCAPE)
        assert not scene.interaction.selected and driver.top is scene
    for number, step in enumerate(lesson.steps):
        driver.until(lambda: scene.accepting())
        assert scene.guide.coach.index == number
        driver.play(Move.parse(step.expect[0]))
        wait_step(driver, scene)
        if number + 1 < len(lesson.steps):
            press_panel(driver, "next")
    assert scene.guide.coach.finished
    keys = [b.key for b in scene.panel.buttons(scene.content())]
    assert "leave" in keys and (index + 1 == len(LESSONS)) == ("next_lesson" not in keys)
    assert any(lesson.summary in text for text, _c, _b in scene.content().lines)
    assert lesson.key in learn.progress.lessons
    assert lesson.key in saved.load_progress()[0].lessons
    press_panel(driver, "leave")
    assert driver.top is learn
    label = next(b for b in learn.buttons() if b.key == f"lesson:{index}").label
    assert label.startswith("✓")


def test_a_lesson_and_a_puzzle_show_no_round_title(driver: Driver) -> None:
    """No match is played: the top bar leaves out "Round 1 · deal 4 of 4 · first to 61"."""
    learn = open_learn(driver)
    learn.open_lesson(0)
    driver.frames(2)
    assert isinstance(driver.top, GuidedTableScene)
    assert driver.top.decorations().round_title is False
    driver.ctx.close_session()


def test_next_lesson_goes_on_without_the_list(driver: Driver) -> None:
    learn = open_learn(driver)
    learn.open_lesson(len(LESSONS) - 2)
    scene = driver.top
    assert isinstance(scene, GuidedTableScene) and isinstance(scene.guide, LessonGuide)
    for step in scene.guide.coach.lesson.steps:
        driver.until(lambda: scene.accepting())
        driver.play(Move.parse(step.expect[0]))
        wait_step(driver, scene)
    press_panel(driver, "next_lesson")
    top = driver.top
    assert isinstance(top, GuidedTableScene) and isinstance(top.guide, LessonGuide)
    assert top.guide.index == len(LESSONS) - 1


def test_a_puzzle_three_wrong_tries_then_the_answer_then_one_solved(driver: Driver) -> None:
    puzzles = load_puzzles()
    assert puzzles, "the puzzles are shipped with the package"
    learn = open_learn(driver)
    first = puzzles[0]
    driver.click(next(b for b in learn.buttons()
                      if b.key == f"puzzles:{first.difficulty.value}").box.center)
    scene = driver.top
    assert isinstance(scene, GuidedTableScene) and isinstance(scene.guide, PuzzleGuide)
    driver.until(lambda: scene.accepting())
    puzzle = scene.guide.coach.puzzle
    wrong = [m for m in distinct_moves(list(legal_moves(puzzle.position)))
             if not puzzle.accepts(m)]
    for attempt in range(3):
        move = wrong[attempt]
        driver.play(move)
        driver.frames(2)
        assert scene.session.position == puzzle.position
        assert scene.wrong
        loss = puzzle.loss(move)
        assert loss is not None and loss >= puzzle.margin
        assert "points by the end of the round against the best move" in scene.wrong
        if attempt < 2:  # the third shows the answer instead
            key = ("refute", move.notation())
            driver.until(lambda key=key: key in scene.guided.studies.results)
            refuted, contrasted = scene.guided.studies.results[key]  # type: ignore[misc]
            reason = wrong_reason(refuted, contrasted, puzzle.position)
            assert reason, "every wrong try is told why it loses"
            driver.frames(1)
            panel = " ".join(text for text, _c, _b in scene.content().lines)
            assert scene.guide.wrong_text(scene) in panel and reason in panel
    assert scene.guide.coach.revealed and scene.guided.waiting()
    driver.until(lambda: scene.guide.explained(scene))
    driver.frames(2)
    lines = " ".join(text for text, _c, _b in scene.content().lines)
    assert "best move" in lines and "Next best: " in lines
    assert "Idea: " in lines
    lit = scene.decorations()
    assert lit.hint_card == puzzle.answer.card and lit.hint_items == move_items(puzzle.answer)
    assert puzzle.ident not in learn.progress.puzzles
    press_panel(driver, "next_puzzle")
    scene = driver.top
    assert isinstance(scene, GuidedTableScene) and isinstance(scene.guide, PuzzleGuide)
    assert scene.guide.number == 2
    driver.until(lambda: scene.accepting())
    driver.play(scene.guide.coach.puzzle.answer)
    wait_step(driver, scene)
    assert scene.guide.coach.solved
    assert scene.guide.coach.puzzle.ident in learn.progress.puzzles
    assert scene.guide.coach.puzzle.ident in saved.load_progress()[0].puzzles


def test_the_theme_filter_opens_only_puzzles_of_its_idea(driver: Driver) -> None:
    puzzles = load_puzzles()
    learn = open_learn(driver)

    def filter_button() -> Button:
        return next(b for b in learn.buttons() if b.key == "theme")

    assert filter_button().label == "Ideas: all"
    driver.click(filter_button().box.center)
    chosen = learn.theme
    assert chosen is not None and filter_button().label == f"Idea: {theme_name(chosen)}"
    levels = [p.difficulty for p in puzzles if chosen in p.themes]
    for level in {p.difficulty for p in puzzles}:
        label = next(b for b in learn.buttons() if b.key == f"puzzles:{level.value}").label
        assert label.endswith(f"of {levels.count(level)} solved")
    level = levels[0]
    driver.click(next(b for b in learn.buttons() if b.key == f"puzzles:{level.value}"
                      ).box.center)
    scene = driver.top
    assert isinstance(scene, GuidedTableScene) and isinstance(scene.guide, PuzzleGuide)
    assert chosen in scene.guide.coach.puzzle.themes
    assert scene.guide.total == levels.count(level)
    driver.key(pygame.K_ESCAPE)
    driver.until(lambda: driver.top is learn)
    themes = {t for p in puzzles for t in p.themes}
    for _step in range(len(themes)):
        driver.click(filter_button().box.center)
    assert learn.theme is None and filter_button().label == "Ideas: all"


def test_the_first_start_offer_is_made_once(driver: Driver) -> None:
    assert should_welcome(driver.ctx)
    welcome = WelcomeScene(driver.ctx)
    driver.ctx.scenes.push(welcome)
    driver.frames()
    driver.click(next(b for b in welcome.buttons() if b.key == "learn").box.center)
    assert isinstance(driver.top, LearnScene)
    assert not should_welcome(driver.ctx)


def test_the_first_start_offers_a_language_and_keeps_the_offer(driver: Driver) -> None:
    welcome = WelcomeScene(driver.ctx)
    driver.ctx.scenes.push(welcome)
    driver.frames()
    keys = [b.key for b in welcome.buttons()]
    assert [k for k in keys if k.startswith("language:")] == [
        f"language:{code}" for code in i18n.LANGUAGES]
    try:
        driver.click(next(b for b in welcome.buttons() if b.key == "language:el").box.center)
        assert driver.ctx.settings.language == "el" and i18n.current_language() == "el"
        assert driver.top is welcome and should_welcome(driver.ctx)  # still offered
        learn = next(b for b in welcome.buttons() if b.key == "learn")
        assert learn.label == "Μάθε να παίζεις"
    finally:
        driver.ctx.update_settings(dataclasses.replace(driver.ctx.settings, language="en"))


def test_damaged_progress_starts_afresh_and_is_told() -> None:
    saved.progress_path().parent.mkdir(parents=True, exist_ok=True)
    saved.progress_path().write_text("{nope", encoding="utf-8")
    progress, message = saved.load_progress()
    (kept,) = saved.progress_path().parent.glob("progress.json.corrupt-*")
    assert progress == saved.Progress() and kept.read_text(encoding="utf-8") == "{nope"
    assert message is not None and "progress.json" in message and str(kept) in message
    saved.save_progress(saved.Progress({"play"}, set(), True))
    assert saved.load_progress() == (saved.Progress({"play"}, set(), True), None)


def test_the_hint_in_a_lesson_sets_up_the_steps_move(driver: Driver) -> None:
    learn = open_learn(driver)
    learn.open_lesson(0)
    scene = driver.top
    assert isinstance(scene, GuidedTableScene) and isinstance(scene.guide, LessonGuide)
    driver.until(lambda: scene.accepting())
    driver.key(pygame.K_h)
    expected = scene.guide.coach.expected()[0]
    assert scene.interaction.picked == expected.card
    assert scene.interaction.selected == set(move_items(expected))
    driver.key(pygame.K_RETURN)
    wait_step(driver, scene)
    assert scene.session.history[0].move == expected


@pytest.mark.parametrize("size", [(800, 600), (960, 600), (1280, 720)])
def test_the_learn_screen_s_buttons_never_overlap(size: tuple[int, int]) -> None:
    """Twenty-two lessons, the puzzle row and Glossary/Back all fit without overlapping."""
    _shell, ctx = make_app(size=size)
    try:
        boxes = [b.box for b in LearnScene(ctx).buttons()]
        for index, first in enumerate(boxes):
            for second in boxes[index + 1:]:
                apart = (first.right <= second.x or second.right <= first.x
                         or first.bottom <= second.y or second.bottom <= first.y)
                assert apart, (first, second)
    finally:
        ctx.close_session()


def lesson_index(key: str) -> int:
    return next(i for i, lesson in enumerate(LESSONS) if lesson.key == key)


def test_undo_in_a_lesson_takes_back_the_step_s_move(driver: Driver) -> None:
    learn = open_learn(driver)
    learn.open_lesson(lesson_index("partners"))
    scene = driver.top
    assert isinstance(scene, GuidedTableScene) and isinstance(scene.guide, LessonGuide)
    driver.until(lambda: scene.accepting())
    start = scene.session.position
    assert not scene.table_coach.can_undo()
    driver.key(pygame.K_u)
    assert "Nothing to take back" in scene.messages.toast
    scene.messages.say("", 0.0)
    driver.click(next(b for b in scene.buttons() if b.key == "undo").box.center)
    assert "Nothing to take back" in scene.messages.toast
    driver.play(Move.parse(scene.guide.coach.step.expect[0]))
    wait_step(driver, scene)
    assert scene.table_coach.can_undo()
    driver.click(next(b for b in scene.buttons() if b.key == "undo").box.center)
    driver.until(lambda: scene.accepting())
    assert scene.session.position == start and not scene.guided.waiting()
    assert scene.guide.coach.index == 0
    driver.play(Move.parse(scene.guide.coach.step.expect[0]))
    wait_step(driver, scene)
    assert scene.guided.waiting()


def test_a_lesson_s_round_summary_gives_no_accuracy_and_leaves_the_rule_in_view(
        driver: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    learn = open_learn(driver)
    learn.open_lesson(lesson_index("scoring"))
    scene = driver.top
    assert isinstance(scene, GuidedTableScene) and isinstance(scene.guide, LessonGuide)
    driver.until(lambda: scene.accepting())
    driver.play(Move.parse(scene.guide.coach.step.expect[0]))
    driver.until(lambda: isinstance(driver.top, RoundSummaryScene), timeout=30.0)
    summary = driver.top
    assert isinstance(summary, RoundSummaryScene) and summary.in_lesson
    driver.until(summary.review_ready, timeout=30.0)
    drawn: list[str] = []
    real = theme.blit_text

    def spy(surface: pygame.Surface, text: str, *args: object, **kwargs: object) -> object:
        drawn.append(text)
        return real(surface, text, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(theme, "blit_text", spy)
    driver.shell.draw()
    assert any("is over" in text for text in drawn), "the summary was drawn"
    assert not any("accuracy" in text.lower() for text in drawn)
    assert not any("wins the match" in text for text in drawn)
    # the lesson's result and rule, in the panel above, are not covered
    assert summary.frame().y >= scene.board.panel_box().bottom
    assert any(LESSONS[lesson_index("scoring")].summary in text for text in drawn)
    driver.key(pygame.K_u)
    assert driver.top is summary


def test_a_step_without_a_stock_does_not_call_it_empty(driver: Driver) -> None:
    xeri = LESSONS[lesson_index("xeri")]
    assert not stock_in_step(Position.parse(xeri.steps[1].position))
    assert stock_in_step(Position.parse(xeri.steps[2].position))  # the round's end
    learn = open_learn(driver)
    learn.open_lesson(lesson_index("xeri"))
    scene = driver.top
    assert isinstance(scene, GuidedTableScene)
    driver.until(lambda: scene.accepting())
    driver.play(Move.parse(scene.guide.coach.step.expect[0]))
    wait_step(driver, scene)
    press_panel(driver, "next")
    driver.until(lambda: scene.accepting())
    assert scene.decorations().stock_shown is False
