"""The table driven with the events a Greek keyboard layout sends: its letter keys type
Greek letters, yet H, M, L and Ctrl+Z work by the key's place on the keyboard."""

from __future__ import annotations

import pygame

from diloti_desktop.controller import HUMAN, GameConfig, GameSession
from diloti_desktop.rules import Position
from diloti_desktop.rules.movegen import candidate_moves
from diloti_desktop.ui.table.moves_list import MovesListScene
from tests.ui.driver import Driver, random_players

POSITION = "rules=2p hands=6S9C/KC2S loose=6D2C4H9S played=1"


def greek_key(driver: Driver, typed: str, place: int, mod: int = 0) -> None:
    driver.key(ord(typed), mod=mod, scancode=place, text=typed)


def open_table(driver: Driver) -> GameSession:
    position = Position.parse(POSITION)
    config = GameConfig(position.rules, (HUMAN, "Novice"), 3)
    session = GameSession(config, position, player_factory=random_players, ai_pace=0)
    driver.ctx.nav.match.play(session)
    driver.frames(2)
    return session


def test_the_hint_history_and_moves_keys_on_a_greek_layout(driver: Driver) -> None:
    open_table(driver)
    table = driver.table
    driver.until(table.accepting)
    greek_key(driver, "η", pygame.KSCAN_H)  # the H key
    driver.until(lambda: table.hint.level >= 1 or table.hint.failed, timeout=30)
    assert table.hint.level == 1 and not table.hint.failed
    driver.key(pygame.K_ESCAPE)
    was_open = table.history.open
    greek_key(driver, "λ", pygame.KSCAN_L)  # the L key opens or closes the history
    assert table.history.open != was_open
    greek_key(driver, "μ", pygame.KSCAN_M)  # the M key lists the moves
    assert isinstance(driver.top, MovesListScene)


def test_undo_with_ctrl_z_on_a_greek_layout(driver: Driver) -> None:
    session = open_table(driver)
    table = driver.table
    driver.until(table.accepting)
    driver.play(candidate_moves(session.position)[0])
    driver.until(lambda: session.is_human_turn() and table.accepting())
    played = len(session.history)
    assert played >= 2
    greek_key(driver, "ζ", pygame.KSCAN_Z, pygame.KMOD_LCTRL)
    driver.until(table.accepting)
    assert len(session.history) < played
