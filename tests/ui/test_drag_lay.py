"""Dragging a hand card over the empty felt shows whether it may be laid there: the
rules' answer for the gesture (rules.gestures.find_moves), asked during the player's
turn."""

from __future__ import annotations

import pygame

from diloti_desktop.controller import HUMAN, GameConfig, GameSession
from diloti_desktop.rules import Position
from diloti_desktop.rules.cards import parse_card
from tests.ui.driver import Driver, random_players


def dragged_over_felt(driver: Driver, notation: str, held: str) -> bool:
    """Whether the felt offers to lay ``held`` while it is dragged over an empty spot."""
    position = Position.parse(notation)
    session = GameSession(GameConfig(position.rules, (HUMAN, "Casual"), 3), position,
                          player_factory=random_players, ai_pace=0)
    driver.ctx.nav.match.play(session)
    driver.frames(2)
    driver.wait_for_turn()
    spot = driver.empty_table_spot()
    driver.drag(driver.hand_card(int(parse_card(held))), spot, release=False)
    table = driver.table
    assert table.interaction.drag is not None
    offered = table.interaction.lay_target and table.decorations().lay_target
    driver.post(pygame.MOUSEBUTTONUP, pos=spot, button=1)
    driver.frames()
    return offered


def test_a_card_that_may_be_laid_is_offered_the_felt(driver: Driver) -> None:
    assert dragged_over_felt(driver, "hands=6S9C/KC2S loose=6D2C4H9S played=1", "9C")


def test_a_pile_owner_is_not_offered_the_felt(driver: Driver) -> None:
    # seat 0 owns the pile of 5: the rules let it capture or take its pile, never lay
    assert not dragged_over_felt(
        driver, "hands=5H9C/KC2S loose=6D piles=P5@0:2C3D played=11", "9C")
