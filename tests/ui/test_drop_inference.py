"""Issue 13: a drop that matches exactly one legal move plays it, with real mouse events."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from diloti_desktop.rules import parse_cards
from diloti_desktop.ui.table.dialogs import ChooserScene

from .driver import Driver
from .test_table_play import card, open_position


def test_dropping_nine_on_eight_with_an_ace_loose_takes_both(driver: Driver) -> None:
    session = open_position(driver, "hands=9H5S/KC2S loose=8CAD4S played=3")
    start, target = driver.hand_card(card("9H")), driver.item(parse_cards("8C"))
    driver.drag(start, target, release=False)
    assert parse_cards("AD") in driver.table.interaction.drag_targets  # A♦ lit during the drag
    driver.post(pygame.MOUSEBUTTONUP, pos=target, button=1)  # let go over 8♣
    driver.frames(3)
    assert session.position.captured[0] == parse_cards("9H8CAD")
    assert session.position.loose & parse_cards("8CAD4S") == parse_cards("4S")  # (the AI moved)
    assert driver.table.messages.last_reason == ""


def test_a_drop_with_two_completions_opens_the_chooser(driver: Driver) -> None:
    session = open_position(driver, "hands=9H5S/KC2S loose=8CADAS played=3")
    before = session.position
    driver.drag(driver.hand_card(card("9H")), driver.item(parse_cards("8C")))
    chooser = driver.top
    assert isinstance(chooser, ChooserScene)
    assert {move.notation() for _label, move in chooser.options} == {"9H x AS 8C",
                                                                      "9H x AD 8C"}
    assert session.position is before
