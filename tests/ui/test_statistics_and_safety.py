"""Statistics after a match played with the mouse, the score sheet during play, the
question before a new game replaces an interrupted one, and the remembered setup.

Everything is driven by posted pygame events, as a player would."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pygame
import pytest

from diloti_desktop.player_data import stats, storage
from diloti_desktop.player_data.last_setup import Setup, load_setup, save_setup, setup_path
from diloti_desktop.rules.ruleset import Ruleset
from diloti_desktop.ui.kit.confirm import ConfirmScene
from diloti_desktop.ui.kit.widgets import Button
from diloti_desktop.ui.menus.menu import LEVELS, MainMenuScene, NewGameScene
from diloti_desktop.ui.menus.statistics import StatisticsScene
from diloti_desktop.ui.table.score_sheet import ScoreSheetScene
from diloti_desktop.ui.table.summary import MatchEndScene, RoundSummaryScene
from diloti_desktop.ui.table.table_scene import TableScene
from tests.ui.driver import Driver
from tests.ui.test_table_play import play_rounds


def press(driver: Driver, buttons: list[Button], key: str) -> None:
    driver.click(next(b.box.center for b in buttons if b.key == key))


def menu_press(driver: Driver, key: str) -> None:
    menu = driver.top
    assert isinstance(menu, MainMenuScene)
    press(driver, menu.buttons(), key)


def panel(driver: Driver) -> NewGameScene:
    scene = driver.top
    assert isinstance(scene, NewGameScene)
    scene._layout()
    return scene


def start_game(driver: Driver) -> None:
    menu_press(driver, "new")
    press(driver, panel(driver).form.buttons.buttons, "start")


def back_to_menu(driver: Driver) -> None:
    """Esc opens the pause menu; its Main menu button leaves (the game is saved)."""
    driver.wait_for_turn()
    driver.key(pygame.K_ESCAPE)
    pause = driver.top
    press(driver, pause._buttons(), "menu")  # type: ignore[union-attr]
    assert isinstance(driver.top, MainMenuScene)


@pytest.mark.slow
def test_a_finished_match_counts_in_the_statistics_and_reset_asks_first(
        driver: Driver, data_dir: Path) -> None:
    save_setup(Setup(Ruleset(target=21), {1: "Expert"}))
    start_game(driver)
    session = driver.session
    assert session.config.rules.target == 21 and session.config.seats[1] == "Expert"
    play_rounds(driver, random.Random(3), rounds=None)
    end = driver.top
    assert isinstance(end, MatchEndScene)
    # The score sheet from the end of the match: every round, then the totals.
    driver.key(pygame.K_s)
    sheet = driver.top
    assert isinstance(sheet, ScoreSheetScene)
    rows = sheet.rows()
    assert [row.cells[0] for row in rows[:-1]] == [str(r.round_no) for r in session.rounds]
    # The match score, then the player's accuracy over the match in the last column.
    # (the accuracy column only where the window leaves it room beside the breakdowns)
    score = f"{session.position.scores[0]}–{session.position.scores[1]}"
    if sheet.accuracy() is None:
        assert rows[-1].cells[-1] == score
    else:
        assert rows[-1].cells[-2] == score
        assert rows[-1].cells[-1].endswith("%") or rows[-1].cells[-1] == "…"
    driver.key(pygame.K_ESCAPE)
    assert driver.top is end
    won = session.position.winner == 0
    press(driver, end.buttons(), "menu")
    # The file holds the match.
    statistics, message = stats.load_stats()
    assert message is None
    record = statistics.groups[stats.GroupKey(2, "Expert")]
    assert (record.played, record.won) == (1, int(won))
    assert record.rounds == len(session.rounds)
    assert record.points == session.position.scores[0]
    assert record.xeris_made == sum(r.breakdown[0].xeris for r in session.rounds)
    assert record.xeris_conceded == sum(r.breakdown[1].xeris for r in session.rounds)
    assert record.best_round == max(r.breakdown[0].total for r in session.rounds)
    assert record.best_streak == int(won)
    assert not storage.saved_game_path().exists()  # a finished match is not "interrupted"
    # The screen shows it.
    menu_press(driver, "statistics")
    screen = driver.top
    assert isinstance(screen, StatisticsScene)
    driver.shell.draw()
    [row] = screen.rows()
    assert row.cells[:3] == ["2 players · Expert", "1", str(int(won))]
    assert row.cells[3] == ("100%" if won else "0%")  # English: CLDR writes no space
    # Reset asks; keeping them changes nothing.
    press(driver, screen.buttons(), "reset")
    question = driver.top
    assert isinstance(question, ConfirmScene)
    driver.key(pygame.K_RETURN)  # the focused answer is the safe one
    assert driver.top is screen and stats.load_stats()[0] == statistics
    press(driver, screen.buttons(), "reset")
    press(driver, driver.top.buttons(), "proceed")  # type: ignore[union-attr]
    assert driver.top is screen and screen.rows() == []
    assert stats.load_stats() == (stats.Statistics.empty(), None)
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.top, MainMenuScene)


def test_a_damaged_statistics_file_is_set_aside_with_a_message(driver: Driver,
                                                                data_dir: Path) -> None:
    data_dir.mkdir(parents=True, exist_ok=True)
    (data_dir / "stats.json").write_text("{oops", encoding="utf-8")
    menu_press(driver, "statistics")
    screen = driver.top
    assert isinstance(screen, StatisticsScene)
    assert "could not be read" in screen.message
    driver.shell.draw()
    assert [p.name.split("-")[0] for p in data_dir.iterdir()] == ["stats.json.corrupt"]


def test_the_score_sheet_is_one_key_away_during_play(driver: Driver) -> None:
    start_game(driver)
    session = driver.session
    play_rounds(driver, random.Random(5), rounds=1)
    summary = driver.top
    assert isinstance(summary, RoundSummaryScene)
    driver.click(summary.buttons()[0].box.center)
    driver.wait_for_turn()
    driver.key(pygame.K_s)
    sheet = driver.top
    assert isinstance(sheet, ScoreSheetScene)
    driver.shell.draw()
    first, in_play, total = sheet.rows()
    a, b = session.rounds[0].breakdown
    assert first.cells[0] == "1" and first.cells[6] == str(a.total)
    assert first.cells[12] == str(b.total)
    assert in_play.cells[0] == "2 (in play)" and in_play.dim
    assert total.strong and total.cells[6] == str(session.position.scores[0])
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.top, TableScene)
    # Also from the pause menu.
    driver.key(pygame.K_ESCAPE)
    press(driver, driver.top._buttons(), "scores")  # type: ignore[union-attr]
    assert isinstance(driver.top, ScoreSheetScene)


def test_new_game_asks_before_replacing_an_interrupted_game(driver: Driver) -> None:
    start_game(driver)
    back_to_menu(driver)
    saved = storage.saved_game_path().read_bytes()
    menu = driver.top
    assert isinstance(menu, MainMenuScene)
    assert [b.key for b in menu.buttons() if b.primary] == ["continue"]
    menu_press(driver, "new")
    press(driver, panel(driver).form.buttons.buttons, "start")
    question = driver.top
    assert isinstance(question, ConfirmScene)
    assert "round 1, You 0 – 0 North" in question.message
    driver.shell.draw()
    driver.key(pygame.K_ESCAPE)  # keep it
    assert isinstance(driver.top, NewGameScene)
    assert storage.saved_game_path().read_bytes() == saved
    driver.ctx.seed_source = lambda: 77
    press(driver, panel(driver).form.buttons.buttons, "start")
    press(driver, driver.top.buttons(), "proceed")  # type: ignore[union-attr]
    assert isinstance(driver.top, TableScene)
    assert driver.session.config.seed == 77
    data, _message = storage.load_game()
    assert data is not None and data["config"]["seed"] == 77


def test_without_an_interrupted_game_new_game_starts_at_once(driver: Driver) -> None:
    menu = driver.top
    assert isinstance(menu, MainMenuScene)
    assert [b.key for b in menu.buttons() if b.primary] == ["new"]
    start_game(driver)
    assert isinstance(driver.top, TableScene)


def test_the_new_game_panel_remembers_the_last_setup(driver: Driver) -> None:
    menu_press(driver, "new")
    scene = panel(driver)
    assert (scene.players, scene.rules.target) == (2, 61)
    players = next(r for r in scene.form.rows if r.key == "players")
    driver.click(players.boxes[1].center)  # 4 players
    scene = panel(driver)
    level = next(r for r in scene.form.rows if r.key == "level3")
    driver.click(level.boxes[LEVELS.index("Master")].center)
    target = next(r for r in panel(driver).form.rows if r.key == "target")
    driver.click(target.boxes[1].center)  # 101
    press(driver, panel(driver).form.buttons.buttons, "start")
    assert isinstance(driver.top, TableScene)
    back_to_menu(driver)
    menu_press(driver, "new")
    again = panel(driver)
    assert again.players == 4 and again.rules.target == 101 and again.levels[3] == "Master"
    assert again.config().seats[3] == "Master"
    # A damaged memory is set aside and the panel opens with its defaults.
    setup_path().write_text(json.dumps({"kind": "diloti-desktop new game setup",
                                        "version": 1, "rules": "7p", "levels": {}}))
    assert load_setup(LEVELS)[0] is None
    assert not setup_path().exists()
    assert any(p.name.startswith("new_game.json.corrupt-") for p in setup_path().parent.iterdir())
    driver.key(pygame.K_ESCAPE)
    menu_press(driver, "new")
    assert panel(driver).players == 2


def test_a_damaged_interrupted_game_is_not_asked_about_but_explained(driver: Driver) -> None:
    path = storage.saved_game_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"kind": "diloti-desktop saved game", "version": 1, "game": 7}',
                    encoding="utf-8")
    menu_press(driver, "new")
    press(driver, panel(driver).form.buttons.buttons, "start")
    note = driver.top
    assert isinstance(note, ConfirmScene)
    assert note.title == "New game" and "could not be restored" in note.message
    assert not path.exists()
    kept = list(path.parent.glob("saved_game.json.corrupt-*"))
    assert len(kept) == 1 and '"game": 7' in kept[0].read_text(encoding="utf-8")
    driver.shell.draw()
    press(driver, note.buttons(), "proceed")
    assert isinstance(driver.top, TableScene)
