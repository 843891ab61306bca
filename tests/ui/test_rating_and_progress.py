"""A match played with the mouse to its end: it is rated, the match end shows the rating
and the level suggested, each graded round's accuracy is kept, and the progress page
opens from the main menu and from the statistics with the rating line and the rounds."""

from __future__ import annotations

import random
from pathlib import Path

import pygame

from diloti_desktop.player_data import stats
from diloti_desktop.player_data.last_setup import Setup, save_setup
from diloti_desktop.rules.ruleset import Ruleset
from diloti_desktop.ui.menus.menu import MainMenuScene, NewGameScene
from diloti_desktop.ui.menus.progress_page import ProgressScene
from diloti_desktop.ui.menus.statistics import StatisticsScene
from diloti_desktop.ui.table.summary import MatchEndScene
from tests.ui.driver import Driver
from tests.ui.test_statistics_and_safety import menu_press, press, start_game
from tests.ui.test_table_play import play_rounds


def test_a_match_is_rated_and_the_progress_page_shows_it(driver: Driver,
                                                         data_dir: Path) -> None:
    # A short match (two rounds with this seed): the rating needs its end, not its length.
    save_setup(Setup(Ruleset(target=14), {1: "Novice"}))
    start_game(driver)
    session = driver.session
    play_rounds(driver, random.Random(5), rounds=None)
    end = driver.top
    assert isinstance(end, MatchEndScene)
    assert not session.assisted
    assert len(session.plays) >= 2, "the match has rounds before its last"
    lines = [text for text, _strong in end.rating_lines()]
    assert lines[0].startswith("Your rating: about ") and " ± " in lines[0]
    assert lines[1].startswith("Try ") and " next: " in lines[1]
    statistics, message = stats.load_stats()
    assert message is None
    track = statistics.track
    assert track.rating is not None and len(track.history) == 1
    assert track.history[0].won == (session.position.winner == 0)
    assert track.history[0].opponents == "Novice"
    # Every round's accuracy is kept once its grading is done (the match end waits for
    # it in the background: here the frames run until it is).
    driver.until(lambda: not session.round_grades.busy()
                 and len(stats.load_stats()[0].track.rounds) == len(session.plays), 600)
    rounds = stats.load_stats()[0].track.rounds
    assert all(r.opponents == "Novice" and 0 <= r.accuracy <= 100 for r in rounds)
    press(driver, end.buttons(), "menu")
    # From the main menu.
    menu_press(driver, "progress")
    page = driver.top
    assert isinstance(page, ProgressScene)
    driver.shell.draw()
    assert page.track == stats.load_stats()[0].track
    assert any(line.startswith("Your rating: about") for line in page.fact_lines())
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.top, MainMenuScene)
    # From the statistics.
    menu_press(driver, "statistics")
    screen = driver.top
    assert isinstance(screen, StatisticsScene)
    driver.shell.draw()
    press(driver, screen.buttons(), "progress")
    assert isinstance(driver.top, ProgressScene)
    driver.key(pygame.K_ESCAPE)
    assert driver.top is screen


def test_new_game_lists_the_beginner_first_and_suggests_a_level(driver: Driver,
                                                               data_dir: Path) -> None:
    menu_press(driver, "new")
    scene = driver.top
    assert isinstance(scene, NewGameScene)
    scene._layout()
    [level_row] = [row for row in scene.form.rows if row.key == "level1"]
    assert level_row.options[0][0] == "Beginner"
    driver.shell.draw()
    # A newcomer (no rating yet) is pointed at a weak level, never forced: the seat keeps
    # the remembered or default level.
    from diloti_desktop.ui.words.rating_words import suggested_level

    assert suggested_level(scene.track) in ("Beginner", "Novice")
    assert scene.levels[1] == "Casual"
