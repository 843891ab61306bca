"""What a lesson shows stays in view, at two window sizes: pointed at every pile of every
step, a pile's explanation stays clear of the player's hand, of the table cards the step's
moves use (the pile to take among them) and of the lesson's panel; a round summary at a
lesson's end leaves the whole panel (its result, rule and buttons) uncovered."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from diloti_desktop.controller.lessons import LESSONS
from diloti_desktop.rules.moves import Move
from diloti_desktop.ui.kit import tooltip
from diloti_desktop.ui.kit.layout import Box
from diloti_desktop.ui.menus.menu import MainMenuScene
from diloti_desktop.ui.table.guided_table import GuidedTableScene, LessonGuide
from diloti_desktop.ui.table.hint_coach import move_items
from diloti_desktop.ui.table.summary import RoundSummaryScene
from tests.ui.driver import Driver, FrameClock, make_app
from tests.ui.test_learn import open_learn, press_panel, wait_step

#: The lessons whose steps show a pile while the learner is to play.
WITH_PILES = [i for i, lesson in enumerate(LESSONS)
              if lesson.key in {"declare", "duties", "raise", "family", "piles", "partners",
                                "protect", "family_wins", "reading", "partner_play"}]


@pytest.fixture(params=[(1280, 720), (960, 600)], ids=["1280x720", "960x600"])
def sized(request: pytest.FixtureRequest) -> Iterator[Driver]:
    """The app on its main menu in a window of the given size."""
    shell, ctx = make_app(size=request.param)
    ctx.scenes.reset(MainMenuScene(ctx))
    shell.draw()
    yield Driver(shell, ctx)
    ctx.close_session()


def tips_over_piles(driver: Driver, scene: GuidedTableScene,
                    monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, Box]]:
    """Point at each pile on the table and draw: where its explanation went."""
    drawn: list[Box] = []
    real = tooltip.draw_tip

    def spy(*args: object, **kwargs: object) -> Box:
        box = real(*args, **kwargs)  # type: ignore[arg-type]
        drawn.append(box)
        return box

    monkeypatch.setattr(tooltip, "draw_tip", spy)
    shown = []
    for pile in scene.session.position.piles:
        drawn.clear()
        driver.move_to(scene.pointer.item_boxes()[pile.cards].center)
        driver.frames(2)
        driver.shell.draw()
        assert drawn, "pointing at a pile explains it"
        shown.append((pile.cards, drawn[-1]))
    monkeypatch.setattr(tooltip, "draw_tip", real)
    driver.move_to((1, 1))
    driver.frames()
    return shown


@pytest.mark.parametrize("index", WITH_PILES, ids=[LESSONS[i].key for i in WITH_PILES])
def test_a_pile_s_explanation_never_covers_what_the_step_asks_for(
        sized: Driver, index: int, monkeypatch: pytest.MonkeyPatch) -> None:
    driver = sized
    open_learn(driver).open_lesson(index)
    scene = driver.top
    assert isinstance(scene, GuidedTableScene) and isinstance(scene.guide, LessonGuide)
    checked = 0
    for number, step in enumerate(LESSONS[index].steps):
        driver.until(lambda: scene.accepting())
        asked = frozenset().union(*(move_items(Move.parse(text)) for text in step.expect))
        items = scene.pointer.item_boxes()
        hand = [box for _card, box in scene.pointer.hand_card_boxes()]
        for pile, tip in tips_over_piles(driver, scene, monkeypatch):
            checked += 1
            where = f"step {number + 1}, pile {pile:#x}: {tip}"
            assert not any(tip.intersects(box) for box in hand), f"covers the hand, {where}"
            for mask in asked:
                assert not tip.intersects(items[mask]), f"covers an asked item, {where}"
            assert not tip.intersects(scene.board.panel_box()), f"under the panel, {where}"
            assert not tip.intersects(items[pile]), f"covers its own pile, {where}"
        driver.play(Move.parse(step.expect[0]))
        wait_step(driver, scene)
        if number + 1 < len(LESSONS[index].steps):
            press_panel(driver, "next")
    assert checked, "the lesson shows a pile"


def test_the_explanation_goes_below_a_pile_when_nothing_is_there() -> None:
    bounds = Box(0, 0, 1000, 700)
    near = Box(450, 100, 100, 150)
    assert tooltip.place_tip(bounds, [(300, 80)], near, 6) == (0, Box(350, 256, 300, 80))
    # a card to keep in view below: it goes above instead
    below = Box(400, 260, 200, 100)
    _shape, placed = tooltip.place_tip(bounds, [(300, 80)], near, 6, keep_clear=[below])
    assert not placed.intersects(below) and not placed.intersects(near)
    assert placed.bottom <= near.y


def test_the_explanation_covers_a_seen_card_rather_than_a_needed_one() -> None:
    bounds = Box(0, 0, 1000, 400)
    near = Box(450, 150, 100, 100)
    needed = [Box(0, 0, 1000, 140), Box(0, 260, 1000, 140)]  # above and below: all needed
    seen = [Box(560, 150, 80, 100)]
    _shape, placed = tooltip.place_tip(bounds, [(300, 90)], near, 6, keep_clear=needed,
                                      spare=seen)
    assert not any(placed.intersects(box) for box in needed)
    assert not placed.intersects(near)
    assert placed.right <= near.x, "left of the pile, where only felt is"



def test_a_wider_lower_panel_fits_between_the_table_and_the_hand() -> None:
    bounds = Box(0, 0, 700, 700)  # no room beside the pile
    near = Box(300, 100, 100, 150)
    hand = Box(50, 360, 600, 140)
    shape, placed = tooltip.place_tip(bounds, [(400, 120), (600, 90)], near, 6,
                                      keep_clear=[hand, Box(0, 0, 700, 95)])
    assert shape == 1 and not placed.intersects(hand) and not placed.intersects(near)


#: The lessons whose last move ends the round: a round summary comes up.
ROUND_ENDS = [i for i, lesson in enumerate(LESSONS)
              if lesson.key in {"xeri", "leftovers", "scoring", "partners", "last_capture"}]


@pytest.mark.parametrize("index", ROUND_ENDS, ids=[LESSONS[i].key for i in ROUND_ENDS])
def test_a_lesson_s_round_summary_leaves_the_whole_panel_in_view(sized: Driver,
                                                                 index: int) -> None:
    driver = sized
    open_learn(driver).open_lesson(index)
    scene = driver.top
    assert isinstance(scene, GuidedTableScene)
    steps = LESSONS[index].steps
    for number, step in enumerate(steps):
        driver.until(lambda: scene.accepting())
        driver.play(Move.parse(step.expect[0]))
        if number + 1 < len(steps):
            wait_step(driver, scene)
            press_panel(driver, "next")
    driver.until(lambda: isinstance(driver.top, RoundSummaryScene), timeout=30.0)
    summary = driver.top
    assert isinstance(summary, RoundSummaryScene)
    assert summary.frame().y >= scene.board.panel_box().bottom
    assert not any(label == "Match total" for label, _values, _strong in summary.rows())


def test_a_refusal_says_the_clicked_cards_stay_chosen(driver: Driver) -> None:
    """Lesson 10, step 2: the learner clicks the 3♥ for the refused try the step asks
    for; the next drop, the one asked, would fail with the 3♥ still chosen, so the
    refusal says how to let it go."""
    index = next(i for i, lesson in enumerate(LESSONS) if lesson.key == "piles")
    open_learn(driver).open_lesson(index)
    scene = driver.top
    assert isinstance(scene, GuidedTableScene)
    driver.until(lambda: scene.accepting())
    driver.play(Move.parse(LESSONS[index].steps[0].expect[0]))
    wait_step(driver, scene)
    press_panel(driver, "next")
    driver.until(lambda: scene.accepting())
    three = 1 << Move.parse("3H").card
    pile = scene.session.position.piles[0].cards
    driver.click(driver.item(three))
    driver.drag(driver.hand_card(Move.parse("TS").card), driver.item(pile))
    driver.frames(2)
    assert "plain 7" in scene.wrong and "stay chosen" in scene.wrong
    assert scene.wrong.startswith("The rules say no:")
    driver.key(pygame.K_ESCAPE)
    assert not scene.interaction.selected and driver.top is scene
    driver.drag(driver.hand_card(Move.parse("7S").card), driver.item(pile))
    wait_step(driver, scene)


def test_a_lay_that_is_not_asked_is_named_as_laying(driver: Driver) -> None:
    index = next(i for i, lesson in enumerate(LESSONS) if lesson.key == "scoring")
    open_learn(driver).open_lesson(index)
    scene = driver.top
    assert isinstance(scene, GuidedTableScene)
    driver.until(lambda: scene.accepting())
    driver.play(Move.parse("TC"))
    driver.frames(2)
    assert scene.wrong == "Laying 10♣ is allowed, but it is not what this step asks."


@pytest.mark.parametrize("language", ["en", "el", "de"])
def test_no_line_of_the_lesson_panel_is_squeezed_beside_its_buttons(
        driver: Driver, language: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A long refusal (a Greek one, with the chosen cards' sentence) wraps into the row of
    the panel's buttons: every line is drawn at the panel's size, none shrunk to fit the
    room left of the buttons."""
    from diloti_desktop.i18n import set_language
    from diloti_desktop.ui.kit import theme

    set_language(language)
    try:
        index = next(i for i, lesson in enumerate(LESSONS) if lesson.key == "faces")
        open_learn(driver).open_lesson(index)
        scene = driver.top
        assert isinstance(scene, GuidedTableScene)
        driver.until(lambda: scene.accepting())
        kings = [1 << Move.parse(c).card for c in ("KH", "KC")]
        driver.click(driver.item(kings[0]))
        driver.drag(driver.hand_card(Move.parse("KS").card), driver.item(kings[1]))
        driver.frames(2)
        assert scene.wrong
        drawn: list[tuple[str, int, bool, int | None]] = []
        real = theme.blit_text

        def spy(surface: pygame.Surface, text: str, size: int, *args: object,
                **kwargs: object) -> object:
            width = kwargs.get("max_width")
            drawn.append((text, size, bool(kwargs.get("bold")),
                          width if isinstance(width, int) else None))
            return real(surface, text, size, *args, **kwargs)  # type: ignore[arg-type]

        monkeypatch.setattr(theme, "blit_text", spy)
        scene.panel.draw(pygame.Surface(driver.ctx.window.size()), scene.content())
        monkeypatch.setattr(theme, "blit_text", real)
        body = drawn[1:]  # after the title
        shown = " ".join(text for text, *_rest in body)
        assert scene.wrong.split()[-1] in shown, "the refusal is drawn to its end"
        for text, size, bold, width in body:
            if width is not None and text:
                assert theme.text(text, size, bold=bold).get_width() <= width, text
        sizes = {size for _text, size, _bold, _width in body}
        font_px = scene.board.layout().font_px
        assert len(sizes) == 1 and sizes.pop() >= round(font_px * theme.MIN_SHRINK)
    finally:
        set_language("en")


def test_enter_pressed_while_the_step_s_cards_still_move_goes_on_when_they_land() -> None:
    """With animations on, Enter pressed right after the step's move (the opponent's
    scripted reply still to come) is kept and goes to the next step, not dropped."""
    from diloti_desktop.player_data.storage import Settings

    shell, ctx = make_app(settings=Settings(animation_speed="normal", sound_enabled=False,
                                            tutor=False))
    shell.clock = FrameClock()  # the cards move for a fixed number of frames
    ctx.scenes.reset(MainMenuScene(ctx))
    shell.draw()
    driver = Driver(shell, ctx)
    try:
        index = next(i for i, lesson in enumerate(LESSONS) if lesson.key == "declare")
        open_learn(driver).open_lesson(index)
        scene = driver.top
        assert isinstance(scene, GuidedTableScene)
        driver.until(lambda: scene.accepting())
        driver.play(Move.parse(LESSONS[index].steps[0].expect[0]))
        driver.frames(2)
        assert not scene.caught_up(), "the cards are still moving"
        driver.key(pygame.K_RETURN)
        driver.until(lambda: scene.guide.coach.index == 1, timeout=30.0)
    finally:
        ctx.close_session()


def test_a_lesson_s_review_shows_no_match_title(driver: Driver) -> None:
    from diloti_desktop.ui.review.review_scene import ReviewScene

    index = next(i for i, lesson in enumerate(LESSONS) if lesson.key == "scoring")
    open_learn(driver).open_lesson(index)
    scene = driver.top
    assert isinstance(scene, GuidedTableScene)
    driver.until(lambda: scene.accepting())
    driver.play(Move.parse(LESSONS[index].steps[0].expect[0]))
    driver.until(lambda: isinstance(driver.top, RoundSummaryScene), timeout=30.0)
    summary = driver.top
    assert isinstance(summary, RoundSummaryScene)
    driver.until(summary.review_ready, timeout=30.0)
    driver.key(pygame.K_r)
    assert isinstance(driver.top, ReviewScene)
    review = driver.top
    assert review.picture.decorations(review.picture.geometry()).round_title is False
    # Nor an accuracy: a lesson teaches one move, it does not measure the player.
    from diloti_desktop.ui.kit import theme

    drawn: list[str] = []
    real = theme.blit_text

    def record(target: object, label: str, *args: object, **kwargs: object) -> object:
        drawn.append(label)
        return real(target, label, *args, **kwargs)  # type: ignore[arg-type]

    theme.blit_text = record  # type: ignore[assignment]
    try:
        review.panel._picture = None  # drawn again, not from its cache
        review.panel.draw(pygame.Surface(driver.ctx.window.size()))
    finally:
        theme.blit_text = real  # type: ignore[assignment]
    assert any("Review of round" in text for text in drawn)
    assert not [text for text in drawn if text.startswith(("Your accuracy", "Accuracy"))]
