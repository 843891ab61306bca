"""Menus, settings, saved games, the error screen, the frame loop's idling and the smoke test."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from diloti_desktop.controller.session import save_data
from diloti_desktop.player_data import storage
from diloti_desktop.rules.moves import Move
from diloti_desktop.rules.position import Position
from diloti_desktop.rules.ruleset import Ruleset
from diloti_desktop.ui.kit.animation import Flight, Show, Step
from diloti_desktop.ui.kit.context import AppContext
from diloti_desktop.ui.kit.layout import Box
from diloti_desktop.ui.kit.scene import IDLE, Scene
from diloti_desktop.ui.kit.scene_stack import SceneStack
from diloti_desktop.ui.learn.rules_screen import RulesScene
from diloti_desktop.ui.menus.advanced_rules import AdvancedRulesScene
from diloti_desktop.ui.menus.error import ErrorScene
from diloti_desktop.ui.menus.menu import MainMenuScene, NewGameScene
from diloti_desktop.ui.menus.settings import SettingsScene
from diloti_desktop.ui.table.table_scene import TableScene
from diloti_desktop.ui.words.wording import describe_move, pile_caption
from tests.ui.driver import Driver

REPO = Path(__file__).resolve().parents[2]



def menu_button(driver: Driver, key: str) -> tuple[int, int]:
    menu = driver.top
    assert isinstance(menu, MainMenuScene)
    return next(b.box.center for b in menu.buttons() if b.key == key)


# -- the scene stack ------------------------------------------------------------------------
class Recorder(Scene):
    def __init__(self, name: str, log: list[str]) -> None:
        super().__init__(None)  # type: ignore[arg-type]
        self.name, self.log = name, log

    def enter(self) -> None:
        self.log.append(f"{self.name}.enter")

    def exit(self) -> None:
        self.log.append(f"{self.name}.exit")

    def pause(self) -> None:
        self.log.append(f"{self.name}.pause")

    def resume(self) -> None:
        self.log.append(f"{self.name}.resume")


def test_the_scene_lifecycle() -> None:
    log: list[str] = []
    stack = SceneStack()
    a, b, c = Recorder("a", log), Recorder("b", log), Recorder("c", log)
    stack.push(a)
    stack.push(b)
    b.opaque = False
    assert stack.visible() == [a, b]
    stack.pop()
    stack.push(c)
    stack.replace(b)
    stack.reset(a)
    assert log == ["a.enter", "a.pause", "b.enter", "b.exit", "a.resume", "a.pause", "c.enter",
                   "c.exit", "b.enter", "b.exit", "a.exit", "a.enter"]
    stack.pop(c)  # not on top: ignored
    assert stack.top is a


def test_show_plays_steps_in_order_and_zero_steps_at_once() -> None:
    flight = Flight(1, Box(0, 0, 10, 14), Box(100, 0, 10, 14), 0.0, 1.0)
    show = Show()
    show.extend([Step(0.0, "p0", {}, sound="a"), Step(1.0, "p1", {}, flights=(flight,)),
                 Step(0.0, "p2", {}, account="done")])
    started, ended = show.advance(0.0)
    assert [s.position for s in started] == ["p0", "p1"] and [s.position for s in ended] == ["p0"]
    assert show.current is not None and show.current.position == "p1"
    assert flight.box_at(0.5).x > 50  # eased: more than half way at half time
    started, ended = show.advance(1.0)
    assert [s.position for s in ended] == ["p1", "p2"] and not show.busy()
    flip = Flight(1, Box(0, 0, 10, 14), Box(0, 0, 10, 14), duration=1.0, flip=True)
    assert flip.face_shown(0.05)[0] is False and flip.face_shown(0.9) == (True, 1.0)


# -- words -----------------------------------------------------------------------------
def test_moves_and_piles_in_plain_words() -> None:
    position = Position.parse("hands=6S4C3HAH/KC turn=0 loose=6D2C4H5S piles=P8@1:5D3C "
                              "played=3")
    expected = {
        "6S x 6D 2C 4H": "Take 2♣ 4♥ 6♦ with 6♠",
        "AH ^9 [5D3C]": "Raise the plain 8 (North) to 9 with A♥",
        "4C": "Lay 4♣ on the table",
        "4C =8 4H": "Declare 8: put 4♣ on 4♥, to take later with another 8",
        "3H *8 5S [5D3C]": "Declare a family of 8s: 3♥ with 5♠ and the plain 8 (North)",
    }
    for notation, words in expected.items():
        assert describe_move(Move.parse(notation), position) == words
    assert pile_caption(position.piles[0], 2) == "plain 8 — North"


# -- menus -------------------------------------------------------------------------------
def test_new_game_with_advanced_rules(driver: Driver) -> None:
    driver.click(menu_button(driver, "new"))
    panel = driver.top
    assert isinstance(panel, NewGameScene)
    panel._layout()
    driver.click(next(b.box.center for b in panel.form.buttons.buttons if b.key == "advanced"))
    advanced = driver.top
    assert isinstance(advanced, AdvancedRulesScene)
    wanted = {"xeri_points": 5, "xeristaki": True, "locked_declarations": True,
              "first_card_xeri": True, "capture_all_of_rank": True, "one_sum_group": True,
              "layout_redeal": "jacks", "self_raise": True, "raise_with_loose": True,
              "target": 101}
    for key, value in wanted.items():
        advanced._layout()
        row = next(r for r in advanced.form.rows if r.key == key)
        index = next(i for i, (v, _label) in enumerate(row.options) if v == value)
        driver.click(row.boxes[index].center)
    partner = next(r for r in advanced.form.rows if r.key == "partner_raise")
    assert not partner.enabled  # two players: partners do not exist
    driver.key(pygame.K_ESCAPE)
    assert driver.top is panel
    panel._layout()
    driver.click(next(b.box.center for b in panel.form.buttons.buttons if b.key == "start"))
    table = driver.top
    assert isinstance(table, TableScene)
    rules = table.session.config.rules
    assert rules == Ruleset(players=2, **wanted)  # type: ignore[arg-type]
    assert rules.notation() == "2p,t101,x5,redeal=jacks,xeristaki,locked,firstxeri,takeall,"\
        "onegroup,selfraise,raiseloose"


def test_the_keyboard_drives_the_menus(driver: Driver) -> None:
    driver.key(pygame.K_RETURN)  # "New game" has the focus
    assert isinstance(driver.top, NewGameScene)
    driver.key(pygame.K_DOWN)  # focus the players row
    driver.key(pygame.K_RIGHT)  # 4 players
    assert driver.top.players == 4  # type: ignore[union-attr]
    driver.key(pygame.K_RETURN)
    assert isinstance(driver.top, TableScene) and driver.table.session.players == 4


def test_continue_restores_the_interrupted_game(driver: Driver) -> None:
    driver.click(menu_button(driver, "new"))
    panel = driver.top
    assert isinstance(panel, NewGameScene)
    driver.key(pygame.K_RETURN)
    driver.wait_for_turn()
    session = driver.session
    position = session.position
    driver.key(pygame.K_ESCAPE)  # the pause menu
    for _ in range(5):
        driver.key(pygame.K_DOWN)
    driver.key(pygame.K_RETURN)  # "Main menu (the game is saved)"
    menu = driver.top
    assert isinstance(menu, MainMenuScene) and driver.ctx.session is None
    assert storage.saved_game_path().is_file()
    # Continue is now the default button: Enter continues.
    buttons = menu.buttons()
    assert menu.list.focus is not None and buttons[menu.list.focus].key == "continue"
    assert [b.key for b in buttons if b.primary] == ["continue"]
    driver.key(pygame.K_RETURN)
    assert isinstance(driver.top, TableScene)
    assert driver.session.position == position and driver.session is not session


def test_a_damaged_save_is_set_aside_with_a_message(driver: Driver) -> None:
    path = storage.saved_game_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{not json", encoding="utf-8")
    driver.ctx.scenes.reset(MainMenuScene(driver.ctx))  # Continue has the focus
    driver.click(menu_button(driver, "continue"))
    menu = driver.top
    assert isinstance(menu, MainMenuScene)
    assert "could not be restored" in menu.message
    assert not path.exists() and list(path.parent.glob("saved_game.json.corrupt-*"))
    # Nothing to continue any more: Enter (after closing the message) means New game.
    driver.key(pygame.K_RETURN)
    driver.key(pygame.K_RETURN)
    assert isinstance(driver.top, NewGameScene)


def test_quitting_saves_the_game(driver: Driver) -> None:
    driver.key(pygame.K_RETURN)
    driver.key(pygame.K_RETURN)
    driver.wait_for_turn()
    position = driver.session.position
    driver.post(pygame.QUIT)
    driver.frames()
    assert not driver.shell.running
    saved = json.loads(storage.saved_game_path().read_text(encoding="utf-8"))
    assert saved["game"]["position"] == position.notation()


def test_settings_apply_and_persist(driver: Driver) -> None:
    driver.click(menu_button(driver, "settings"))
    scene = driver.top
    assert isinstance(scene, SettingsScene)
    calls: list[bool] = []
    driver.shell.set_fullscreen = calls.append  # type: ignore[method-assign]
    for key, value in (("animation_speed", "slow"), ("card_size", "large"),
                       ("four_colour_suits", True), ("fullscreen", True),
                       ("sound_enabled", True), ("volume", 0.4)):
        scene._layout()
        row = next(r for r in scene.form.rows if r.key == key)
        index = next(i for i, (v, _label) in enumerate(row.options) if v == value)
        driver.click(row.boxes[index].center)
    settings, message = storage.load_settings()
    assert message is None
    assert (settings.animation_speed, settings.card_size, settings.four_colour_suits,
            settings.fullscreen, settings.volume) == ("slow", "large", True, True, 0.4)
    assert calls == [True]
    assert driver.ctx.settings == settings
    language = next(r for r in scene.form.rows if r.key == "language")
    assert language.enabled and [v for v, _label in language.options] == [
        "en", "el", "fr", "it", "es", "de"]


def test_the_rules_screen_scrolls_and_closes(driver: Driver) -> None:
    driver.click(menu_button(driver, "rules"))
    scene = driver.top
    assert isinstance(scene, RulesScene)
    driver.key(pygame.K_PAGEDOWN)
    assert scene.offset > 0
    driver.key(pygame.K_END)
    end = scene.offset
    driver.post(pygame.MOUSEWHEEL, x=0, y=1)
    driver.frames()
    assert scene.offset < end
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.top, MainMenuScene)


# -- robustness and the frame loop ----------------------------------------------------------
class Exploding(Scene):
    def update(self, dt: float) -> bool:
        raise ZeroDivisionError("boom")


def test_an_unexpected_error_shows_the_error_screen(driver: Driver,
                                                    caplog: pytest.LogCaptureFixture) -> None:
    driver.ctx.scenes.push(Exploding(driver.ctx))
    driver.frames()
    screen = driver.top
    assert isinstance(screen, ErrorScene)
    assert "ZeroDivisionError: boom" in screen.summary
    assert not screen.saved  # no game in play: the screen must not promise Continue
    assert "unexpected error" in caplog.text
    driver.key(pygame.K_RETURN)  # "Back to the main menu"
    assert isinstance(driver.top, MainMenuScene)


def test_the_loop_sleeps_when_nothing_moves(driver: Driver) -> None:
    ctx: AppContext = driver.ctx
    assert driver.shell.next_frame_in() == IDLE  # the menu waits for input
    driver.key(pygame.K_RETURN)
    driver.key(pygame.K_RETURN)
    driver.wait_for_turn()
    driver.frames(2)
    assert driver.shell.next_frame_in() == IDLE  # the player's turn, nothing moving
    drawn = driver.shell.frames_drawn
    driver.frames(5)
    assert driver.shell.frames_drawn == drawn  # no redraw without a change
    driver.move_to((5, 5))
    driver.frames()
    assert driver.shell.frames_drawn == drawn + 1
    assert ctx.session is not None


@pytest.mark.slow
def test_the_smoke_test_plays_a_round_and_saves_a_real_frame(tmp_path: Path) -> None:
    shot = tmp_path / "smoke.png"
    # The checkout goes first on the path, so the test runs this tree's game whether or not
    # the package is installed.
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        filter(None, [str(REPO), os.environ.get("PYTHONPATH")]))}
    result = subprocess.run([sys.executable, "-m", "diloti_desktop", "--smoke-test", str(shot)],
                            capture_output=True, text=True, timeout=60, check=False,
                            cwd=tmp_path, env=env)
    assert result.returncode == 0, result.stderr
    assert "smoke test passed" in result.stdout
    check = subprocess.run([sys.executable, str(REPO / "build_scripts" / "check_screenshot.py"),
                            str(shot)], capture_output=True, text=True, timeout=60, check=False)
    assert check.returncode == 0, check.stdout + check.stderr


def test_a_game_saved_between_rounds_continues_with_the_summary(driver: Driver) -> None:
    from diloti_desktop.controller import HUMAN, GameConfig, GameSession
    from diloti_desktop.rules.cards import FULL_DECK, format_cards
    from diloti_desktop.ui.table.summary import RoundSummaryScene
    from tests.ui.driver import random_players

    half = FULL_DECK & ((1 << 27) - 1)
    position = Position.parse(f"phase=roundover round=1 captured={format_cards(half)}/"
                              f"{format_cards(FULL_DECK & ~half)} xeri=1/0 score=25/4 "
                              "played=48 last=1")
    session = GameSession(GameConfig(position.rules, (HUMAN, "Casual"), 8), position,
                          player_factory=random_players)
    storage.save_game(save_data(session))
    driver.ctx.scenes.reset(MainMenuScene(driver.ctx))
    driver.click(menu_button(driver, "continue"))
    driver.frames(2)
    summary = driver.top
    assert isinstance(summary, RoundSummaryScene)
    assert summary.result.breakdown[0].cards == 27 and summary.result.scores == (25, 4)
    driver.key(pygame.K_RETURN)
    driver.wait_for_turn()
    assert driver.session.position.round_no == 2
