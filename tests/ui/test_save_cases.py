"""What the player sees for every save that cannot be restored, and when saving fails.

A save that cannot be restored, for any reason, is set aside byte for byte (never
deleted) and the start menu says so in one sentence. When saving fails mid-game the table
shows a warning that stays until a save works, and every way out asks first.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest

from diloti_desktop.controller import HUMAN, GameConfig
from diloti_desktop.controller.session import save_data
from diloti_desktop.player_data import files, storage
from diloti_desktop.rules.movegen import candidate_moves
from diloti_desktop.ui.kit import theme
from diloti_desktop.ui.kit.context import make_ai_player
from diloti_desktop.ui.kit.notice import UnsavedGameScene
from diloti_desktop.ui.menus.menu import MainMenuScene
from diloti_desktop.ui.table.dialogs import PauseScene
from diloti_desktop.ui.table.table_scene import TableScene
from tests.controller.save_cases import FILE_CASES, GAME_CASES, envelope, good_game
from tests.ui.driver import Driver, make_app


@pytest.fixture
def driver() -> Iterator[Driver]:
    shell, ctx = make_app()
    yield Driver(shell, ctx)
    ctx.close_session()


def _start_with_save(driver: Driver, content: bytes | None) -> MainMenuScene:
    """What the app does at start (with the real AI ladder): check the save, show the menu."""
    if content is not None:
        path = storage.saved_game_path()
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(content)
    driver.ctx.player_factory = make_ai_player
    driver.ctx.check_saved_game()
    menu = MainMenuScene(driver.ctx)
    driver.ctx.scenes.reset(menu)
    driver.frames()
    return menu


def _assert_set_aside(data_dir: Path, content: bytes, menu: MainMenuScene) -> None:
    (kept,) = data_dir.iterdir()  # the only file left: nothing deleted, nothing added
    assert kept.name.startswith("saved_game.json.corrupt-")
    assert kept.read_bytes() == content
    # One sentence: "The interrupted game could not be restored (<reason>); its file was
    # kept as <path>."
    assert menu.message.startswith("The interrupted game could not be restored (")
    assert menu.message.endswith(f"); its file was kept as {kept}.")
    assert not any(b.enabled for b in menu.buttons() if b.key == "continue")


_ALL = [(case.name, envelope(case.build())) for case in GAME_CASES] + list(FILE_CASES)


@pytest.mark.parametrize(("name", "content"), _ALL, ids=[name for name, _c in _ALL])
def test_an_unrestorable_save_is_set_aside_and_the_menu_says_so(
        driver: Driver, data_dir: Path, name: str, content: bytes) -> None:
    menu = _start_with_save(driver, content)
    _assert_set_aside(data_dir, content, menu)
    assert driver.ctx.session is None


def test_the_ai_without_cards_never_reaches_the_error_screen(driver: Driver,
                                                           data_dir: Path) -> None:
    (case,) = [c for c in GAME_CASES if c.name == "AI to move with no cards"]
    content = envelope(case.build())
    menu = _start_with_save(driver, content)
    driver.frames(5)
    assert driver.top is menu and "has no cards" not in menu.message
    assert "seat 1 holds 0 cards but should hold 3" in menu.message
    _assert_set_aside(data_dir, content, menu)


def test_a_save_damaged_after_start_is_set_aside_when_continue_is_pressed(
        driver: Driver, data_dir: Path) -> None:
    menu = _start_with_save(driver, envelope(good_game()))
    assert menu.message == ""  # a good save: nothing to say, Continue is offered
    content = envelope({**good_game(), "format": 7})
    storage.saved_game_path().write_bytes(content)
    continue_button = next(b for b in menu.buttons() if b.key == "continue")
    driver.click(continue_button.box.center)
    assert driver.top is menu and driver.ctx.session is None
    _assert_set_aside(data_dir, content, menu)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_in_place_of_the_save_does_not_hang_the_start(driver: Driver,
                                                           data_dir: Path) -> None:
    data_dir.mkdir()
    os.mkfifo(storage.saved_game_path())
    menu = _start_with_save(driver, None)
    assert "not an ordinary file" in menu.message
    (kept,) = data_dir.iterdir()
    assert kept.is_fifo()


def test_a_good_save_is_kept_and_continued(driver: Driver) -> None:
    menu = _start_with_save(driver, envelope(good_game()))
    assert menu.message == "" and storage.saved_game_path().is_file()
    continue_button = next(b for b in menu.buttons() if b.key == "continue")
    driver.click(continue_button.box.center)
    assert isinstance(driver.top, TableScene)


# -- saving fails mid-game -------------------------------------------------------------------
def _refuse(monkeypatch: pytest.MonkeyPatch) -> Callable[[], None]:
    """Make every save fail as a read-only folder does; returns the undo."""
    def read_only(*args: object, **kwargs: object) -> tuple[int, str]:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(files.tempfile, "mkstemp", read_only)
    return monkeypatch.undo


def _play_one_move(driver: Driver) -> None:
    driver.wait_for_turn()
    moves = candidate_moves(driver.session.position)
    driver.play(next(m for m in moves if m.kind == 0) if any(m.kind == 0 for m in moves)
                else moves[0], style="double")
    driver.wait_for_turn()


def _new_game(driver: Driver) -> None:
    driver.ctx.scenes.reset(MainMenuScene(driver.ctx))
    driver.ctx.nav.match.new_game(GameConfig(seats=(HUMAN, "Random"), seed=11))
    driver.wait_for_turn()


def _has_alert_pixels(surface: pygame.Surface, box: tuple[int, int, int, int]) -> bool:
    """Whether a row across ``box`` crosses the warning's dark red (the felt is green)."""
    x, y, w, h = box
    red = theme.ALERT_BG
    for dx in range(0, w, 3):
        for dy in range(0, h, 4):
            r, g, b = surface.get_at((x + dx, y + dy))[:3]
            if abs(r - red[0]) + abs(g - red[1]) + abs(b - red[2]) < 30:
                return True
    return False


def test_a_failed_save_shows_a_lasting_warning_on_the_table(
        driver: Driver, data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _new_game(driver)
    undo = _refuse(monkeypatch)
    _play_one_move(driver)
    problem = driver.ctx.save_problem
    assert problem is not None and str(data_dir) in problem
    assert "you have no permission there" in problem
    driver.frames(3)
    table = driver.table
    area = table.board.layout().table
    surface = driver.shell.surface
    assert surface is not None
    banner = (area.x, area.y, area.w, area.h // 5)
    assert _has_alert_pixels(surface, banner)
    _play_one_move(driver)  # the game goes on under the warning (it takes no input)
    assert driver.ctx.save_problem is not None and _has_alert_pixels(surface, banner)
    undo()
    _play_one_move(driver)  # the next save works: the warning goes
    driver.frames(2)
    assert driver.ctx.save_problem is None and not _has_alert_pixels(surface, banner)
    assert storage.load_game()[0] == save_data(driver.session)


def test_quitting_with_an_unsaved_game_asks_first(
        driver: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    _new_game(driver)
    saved_before = storage.saved_game_path().read_bytes()
    undo = _refuse(monkeypatch)
    _play_one_move(driver)
    driver.post(pygame.QUIT)  # the window's close button
    driver.frames()
    question = driver.top
    assert isinstance(question, UnsavedGameScene) and driver.shell.running
    driver.key(pygame.K_ESCAPE)  # back to the game
    assert isinstance(driver.top, TableScene) and driver.shell.running
    driver.post(pygame.QUIT)
    driver.frames()
    assert isinstance(driver.top, UnsavedGameScene)
    undo()  # the player frees the folder, then tries again
    driver.key(pygame.K_RETURN)  # "Try to save again" has the focus
    assert not driver.shell.running
    assert storage.load_game()[0] == save_data(driver.session)
    assert storage.saved_game_path().read_bytes() != saved_before


def test_quit_without_saving_keeps_the_last_good_save(
        driver: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    _new_game(driver)
    saved_before = storage.saved_game_path().read_bytes()
    _refuse(monkeypatch)
    _play_one_move(driver)
    driver.key(pygame.K_ESCAPE)  # the pause menu
    assert isinstance(driver.top, PauseScene)
    quit_button = next(b for b in driver.top._buttons() if b.key == "quit")
    driver.click(quit_button.box.center)
    question = driver.top
    assert isinstance(question, UnsavedGameScene) and driver.shell.running
    driver.key(pygame.K_RETURN)  # try again: still failing, still asking
    assert driver.top is question and driver.shell.running
    leave = next(b for b in question.buttons() if b.key == "leave")
    assert leave.label == "Quit without saving"
    driver.click(leave.box.center)
    assert not driver.shell.running
    assert storage.saved_game_path().read_bytes() == saved_before


def test_the_main_menu_asks_too_and_a_second_close_quits(
        driver: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    _new_game(driver)
    _refuse(monkeypatch)
    _play_one_move(driver)
    driver.key(pygame.K_ESCAPE)
    menu_button = next(b for b in driver.top._buttons() if b.key == "menu")  # type: ignore[union-attr]
    assert menu_button.label == "Main menu (the game is not saved)"
    driver.click(menu_button.box.center)
    question = driver.top
    assert isinstance(question, UnsavedGameScene)
    assert next(b for b in question.buttons() if b.key == "leave").label == (
        "Leave without saving")
    assert driver.ctx.session is not None
    driver.post(pygame.QUIT)  # asked while the question shows: the player insists
    driver.frames()
    assert not driver.shell.running


def test_leaving_a_saved_game_asks_nothing(driver: Driver) -> None:
    _new_game(driver)
    _play_one_move(driver)
    driver.post(pygame.QUIT)
    driver.frames()
    assert not driver.shell.running and driver.ctx.save_problem is None
