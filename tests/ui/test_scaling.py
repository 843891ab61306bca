"""Windows below the layout's minimum: the whole frame is scaled down, clicks mapped back.

The clicks here are posted at window coordinates worked out by hand (frame point times
window/frame), not through the driver's own conversion, so they check the mapping.
"""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from diloti_desktop.controller import HUMAN, GameConfig, GameSession
from diloti_desktop.rules import Position
from diloti_desktop.rules.cards import Card
from diloti_desktop.ui.kit.input import Viewport
from diloti_desktop.ui.kit.layout import MIN_WINDOW
from diloti_desktop.ui.menus.menu import MainMenuScene
from diloti_desktop.ui.menus.settings import SettingsScene
from diloti_desktop.ui.table.dialogs import ChooserScene
from diloti_desktop.ui.table.table_scene import TableScene
from tests.ui.driver import Driver, make_app, random_players

Point = tuple[int, int]


@pytest.mark.parametrize(("window", "frame"), [
    ((640, 480), (960, 720)),     # 4:3, two thirds
    ((800, 600), (960, 720)),
    ((500, 300), (1000, 600)),    # limited by the height
    ((960, 400), (1440, 600)),    # wide and short
    ((320, 200), (960, 600)),     # the minimum's own shape, a third
])
def test_a_small_window_gets_a_frame_of_at_least_the_minimum_with_its_shape(
        window: tuple[int, int], frame: tuple[int, int]) -> None:
    view = Viewport.fit(window, MIN_WINDOW)
    assert view.scaled and view.frame == frame and view.window == window
    assert view.frame[0] >= MIN_WINDOW[0] and view.frame[1] >= MIN_WINDOW[1]
    assert view.scale == pytest.approx(min(window[0] / 960, window[1] / 600))
    # Both axes are scaled alike (the picture is not stretched), to within rounding.
    assert frame[0] / window[0] == pytest.approx(frame[1] / window[1], rel=0.01)
    for point in [(0, 0), (123, 77), (frame[0] - 1, frame[1] - 1), (frame[0] // 2, 5)]:
        back = view.to_frame(view.to_window(point))
        assert abs(back[0] - point[0]) <= 2 and abs(back[1] - point[1]) <= 2
        shown = view.to_window(point)
        assert 0 <= shown[0] < window[0] and 0 <= shown[1] < window[1]


@pytest.mark.parametrize("window", [(960, 600), (1280, 720), (2560, 1440)])
def test_a_window_at_least_the_minimum_is_drawn_one_to_one(window: tuple[int, int]) -> None:
    view = Viewport.fit(window, MIN_WINDOW)
    assert not view.scaled and view.frame == window and view.scale == 1.0
    assert view.to_frame((17, 33)) == (17, 33) == view.to_window((17, 33))


def shown_at(point: Point, window: tuple[int, int], frame: tuple[int, int]) -> Point:
    """Where a frame point is seen in the window (the test's own arithmetic)."""
    return (round((point[0] + 0.5) * window[0] / frame[0]),
            round((point[1] + 0.5) * window[1] / frame[1]))


def post_click(pos: Point) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


@pytest.fixture
def small() -> Iterator[Driver]:
    shell, ctx = make_app(size=(640, 480))
    ctx.scenes.reset(MainMenuScene(ctx))
    shell.draw()
    yield Driver(shell, ctx)
    ctx.close_session()


def test_the_app_opens_at_640x480_and_lays_out_a_960x720_frame(small: Driver) -> None:
    shell = small.shell
    assert shell.window is not None and shell.window.get_size() == (640, 480)
    assert shell.size() == (960, 720)
    menu = small.top
    assert isinstance(menu, MainMenuScene)
    settings = next(b for b in menu.buttons() if b.key == "settings")
    # The button is below the window's height in frame pixels, yet reachable.
    assert settings.box.bottom > 480
    post_click(shown_at(settings.box.center, (640, 480), (960, 720)))
    small.frames()
    assert isinstance(small.top, SettingsScene)


def test_clicks_and_drags_in_a_scaled_window_land_on_the_right_cards(small: Driver) -> None:
    position = Position.parse("hands=6S9C/KC2S loose=6D2C4H9S played=1")
    session = GameSession(GameConfig(position.rules, (HUMAN, "Casual"), 3), position,
                          player_factory=random_players, ai_pace=0)
    small.ctx.nav.match.play(session)
    small.frames(2)
    window, frame = (640, 480), small.shell.size()
    nine = int(Card.parse("9C"))
    table_nine = 1 << int(Card.parse("9S"))
    layout = small.table.board.layout()
    # Everything the layout places is inside the window once scaled: nothing cut off.
    for box in [*small.table.pointer.item_boxes().values(), *(b for _c, b in
                                                      small.table.pointer.hand_card_boxes()),
                *layout.captures, layout.stock, *(b.box for b in small.table.buttons())]:
        right, bottom = shown_at((box.right - 1, box.bottom - 1), window, frame)
        assert right < window[0] and bottom < window[1], box

    # Drag 9♣ from the hand onto 9♠, at window coordinates.
    start = shown_at(small.hand_card(nine), window, frame)
    end = shown_at(small.item(table_nine), window, frame)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    for step in range(1, 5):
        pos = (start[0] + (end[0] - start[0]) * step // 4,
               start[1] + (end[1] - start[1]) * step // 4)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1),
                                             buttons=(1, 0, 0)))
        small.frames()
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    small.frames(2)
    if isinstance(small.top, ChooserScene):
        pytest.fail("9♣ on 9♠ has one meaning here: no chooser expected")
    assert session.history, "the drop in the scaled window played no move"
    played = session.history[0].move
    assert played.card == nine and played.loose == table_nine


def test_the_window_shows_the_whole_frame_scaled(small: Driver) -> None:
    shell = small.shell
    shell.draw()
    assert shell.surface is not None and shell.window is not None
    frame, window = shell.surface, shell.window
    # Sample the frame on a grid: each sample's colour is seen at its scaled place.
    close = 0
    samples = 0
    for fx in range(40, 960, 80):
        for fy in range(40, 720, 80):
            samples += 1
            a = frame.get_at((fx, fy))
            b = window.get_at(shown_at((fx, fy), (640, 480), (960, 720)))
            if all(abs(a[i] - b[i]) <= 48 for i in range(3)):
                close += 1
    assert close >= samples * 0.9


def test_growing_the_window_again_draws_one_to_one(small: Driver) -> None:
    small.resize((1280, 720))
    shell = small.shell
    assert shell.size() == (1280, 720) and shell.surface is shell.window
    assert not shell.viewport.scaled
    small.resize((800, 500))
    assert shell.size() == (960, 600) and shell.surface is not shell.window
    assert isinstance(small.top, MainMenuScene)
    assert isinstance(small.ctx.scenes.top, MainMenuScene | TableScene)


@pytest.mark.parametrize("window", [(960, 600), (960, 720), (1280, 720), (1920, 1080)])
def test_the_settings_rows_stay_above_the_done_button(window: tuple[int, int]) -> None:
    """Nine rows (the language's included) never reach the Done button, nor leave the
    panel, whatever the window's shape."""
    _shell, ctx = make_app(window)
    try:
        scene = SettingsScene(ctx)
        box, _size = scene._layout()
        done = scene.form.buttons.buttons[0].box
        assert len(scene.form.rows) >= 9
        for row in scene.form.rows:
            assert row.row.bottom <= done.y, (row.key, row.row, done)
            for option in row.boxes:
                assert not option.intersects(done), (row.key, option, done)
                assert box.x <= option.x and option.right <= box.right
                assert option.bottom <= box.bottom
    finally:
        ctx.close_session()
        pygame.display.quit()
