"""Input made while cards move is kept, not lost: H, Enter and the Hint button pressed
during the deal or the opponent's move act once the table is ready, in order.

Animations are on here (the driver's default turns them off), and the driver only posts
real pygame events.
"""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from diloti_desktop.ai.coach import Advice
from diloti_desktop.controller import GameSession
from diloti_desktop.controller.coach import Analysis
from diloti_desktop.rules import Position
from diloti_desktop.rules.movegen import candidate_moves
from tests.ui.driver import CHEAP_HINTS, Driver, frame_timed_app, open_game


@pytest.fixture
def driver(monkeypatch: pytest.MonkeyPatch) -> Iterator[Driver]:
    """The app with animations at their normal speed, timed by frames."""
    monkeypatch.setattr(Analysis, "search", CHEAP_HINTS)
    with frame_timed_app() as driver:
        yield driver


def mine(session: GameSession) -> int:
    """How many moves the player (seat 0) made."""
    return sum(1 for event in session.history if event.seat == 0)


def spy_hints(driver: Driver) -> list[Advice | None]:
    """The advice each hint showed, as it arrived (read, not changed)."""
    coach = driver.table.table_coach
    seen: list[Advice | None] = []
    arrived = coach.hint_arrived

    def record(position: Position, advice: Advice | None) -> None:
        seen.append(advice)
        arrived(position, advice)

    coach.hint_arrived = record  # type: ignore[method-assign]
    return seen


def test_h_pressed_during_the_deal_shows_the_hint_once_the_table_is_ready(
        driver: Driver) -> None:
    open_game(driver)
    table = driver.table
    assert table.animations.busy() and not table.accepting()
    driver.key(pygame.K_h)
    assert not table.accepting(), "the deal should still be moving"
    # The panel answers at once, before the coach can even start.
    assert table.hint.lines() == ["Looking for a good move…"]
    driver.until(lambda: table.hint.level >= 1 or table.hint.failed, timeout=30)
    assert table.hint.level == 1 and not table.hint.failed and not table.presses.waiting


def test_the_hint_button_pressed_during_the_deal_is_kept(driver: Driver) -> None:
    open_game(driver)
    table = driver.table
    assert not table.accepting()
    driver.click(driver.button("hint"))
    assert not table.accepting() and table.presses.waiting
    driver.until(lambda: table.hint.level >= 1 or table.hint.failed, timeout=30)
    assert table.hint.level == 1 and not table.hint.failed


def test_h_pressed_during_the_opponents_move_is_not_lost(driver: Driver) -> None:
    session = open_game(driver)
    table = driver.table
    driver.wait_for_turn()
    move = candidate_moves(session.position)[0]
    before = len(session.history)
    driver.play(move)
    # The opponent has played and its move is being shown.
    driver.until(lambda: len(session.history) >= before + 2 and table.animations.busy())
    assert not table.accepting()
    driver.key(pygame.K_h)
    assert table.hint.lines() == ["Looking for a good move…"]
    driver.until(lambda: table.hint.level >= 1 or table.hint.failed, timeout=30)
    assert table.hint.level == 1 and not table.hint.failed
    assert table.hint.position is session.position and session.is_human_turn()


def test_h_three_times_then_enter_during_the_deal_plays_the_hinted_move(
        driver: Driver) -> None:
    session = open_game(driver)
    table = driver.table
    seen = spy_hints(driver)
    for key in (pygame.K_h, pygame.K_h, pygame.K_h, pygame.K_RETURN):
        driver.key(key)
    assert not table.accepting() and len(table.presses.waiting) == 4
    driver.until(lambda: mine(session) > 0, timeout=30)
    assert len(seen) == 1 and seen[0] is not None
    assert next(e.move for e in session.history if e.seat == 0) == seen[0].best.move
    assert not table.presses.waiting


def test_a_digit_pressed_during_the_deal_picks_that_card_once_ready(driver: Driver) -> None:
    open_game(driver)
    table = driver.table
    driver.key(pygame.K_2, text="2")
    assert not table.accepting() and len(table.presses.waiting) == 1
    driver.wait_for_turn()
    assert table.interaction.picked == table.pointer.hand_card_boxes()[1][0]
    assert not table.presses.waiting


def test_presses_waiting_for_the_table_are_dropped_when_the_table_is_left(
        driver: Driver) -> None:
    open_game(driver)
    table = driver.table
    driver.key(pygame.K_h)
    assert table.presses.waiting
    driver.key(pygame.K_ESCAPE)
    assert not table.presses.waiting and not table.hint.asked


def test_presses_waiting_for_the_table_are_dropped_when_a_dialog_covers_it(
        driver: Driver) -> None:
    open_game(driver)
    table = driver.table
    driver.key(pygame.K_h)
    assert table.presses.waiting and table.hint.asked
    driver.key(pygame.K_s, text="s")  # the score sheet covers the table
    assert driver.top is not table and not table.presses.waiting
    driver.key(pygame.K_ESCAPE)
    driver.wait_for_turn()
    driver.frames(3)
    assert table.hint.level == 0 and not table.hint.waiting and not table.hint.asked
