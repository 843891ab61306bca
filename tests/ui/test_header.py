"""The table's top bar: the deal, the match score and what the round has secured."""

from __future__ import annotations

import itertools

import pygame
import pytest

from diloti_desktop import i18n
from diloti_desktop.controller import side_name
from diloti_desktop.rules import Position
from diloti_desktop.rules.progress import round_progress
from diloti_desktop.ui.board.header import (
    NAMED_TALLIES,
    draw_header,
    fit_header,
    round_titles,
    secured_items,
    tally_texts,
)
from diloti_desktop.ui.kit import theme
from diloti_desktop.ui.kit.layout import MIN_WINDOW, table_layout
from tests.ui.driver import Driver
from tests.ui.test_table_play import card, open_position

MID_ROUND = ("round=2 hands=6S9C/KC2S stock=2D3D4D5D7D8D9DJDQDKD2H3H loose=6D4H9S "
             "captured=AHADTD2CKS/AS3CQCQS xeri=1/0 score=12/30 played=9")
MID_ROUND_4P = ("rules=4p round=3 hands=6S/KC/2S/3H stock=2D3D4D5D7D8D9DJDQDKD2H4S5S "
                "loose=6D4H9S captured=AHADTD2CKS/AS3CQCQS score=40/52 played=9")



def test_the_title_names_the_round_and_the_deal() -> None:
    titles = round_titles(Position.parse(MID_ROUND))
    assert titles[0] == "Round 2 · deal 3 of 4 · first to 61"
    assert titles[1] == "Round 2 · deal 3 of 4"
    assert round_titles(Position.parse(MID_ROUND_4P))[1] == "Round 3 · deal 2 of 2"


def test_the_tally_lists_the_secured_points_and_the_card_race() -> None:
    position = Position.parse(MID_ROUND)
    progress = round_progress(position)
    assert secured_items(progress.secured[0]) == "A, A, 10♦, 2♣, 1 xeri"
    assert secured_items(progress.secured[1]) == "A"
    texts = tally_texts(progress, 2)
    assert texts[0] == "This round: You 15 (A, A, 10♦, 2♣, 1 xeri) · North 1 (A) · cards 5–4"
    assert texts[2] == "This round: You 15 · North 1"
    assert texts[-1] == "This round 15–1"
    # The named wordings first, then the bare points; each group longest first.
    named, bare = texts[:NAMED_TALLIES], texts[NAMED_TALLIES:]
    assert all("You" in t and "North" in t for t in named)
    assert not any("You" in t or "North" in t for t in bare)
    for group in (named, bare):
        assert [len(t) for t in group] == sorted((len(t) for t in group), reverse=True)


#: Four players late in a match, both sides with two-digit points this round.
LATE_4P = ("rules=4p round=6 hands=6S/KC/2S/3H stock=2D3D4D5D7D8D9DJDQDKD2H4S5S "
           "loose=6D4H9S captured=AHADTD2CKS/AS3CQCQS xeri=2/1 score=48/55 played=9")


@pytest.mark.parametrize("language", ["en", "el", "fr", "it", "es", "de"])
@pytest.mark.parametrize("size", [(960, 600), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("notation", [MID_ROUND_4P, LATE_4P])
def test_the_four_player_tally_names_the_sides(language: str, size: tuple[int, int],
                                               notation: str) -> None:
    """With partners the sides' names are long: the bar gives up the deal, the card race
    and then the title before it gives up saying which side has which points."""
    pygame.font.init()
    i18n.set_language(language)
    try:
        position = Position.parse(notation)
        layout = table_layout(*size, 4)
        fit = fit_header(layout.top_bar, layout.pad, layout.font_px, position,
                         min(box.x for _name, box in layout.buttons))
        assert side_name(0, 4) in fit.tally and side_name(1, 4) in fit.tally, fit
        assert fit.tally_size >= theme.MIN_TEXT_PX
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("size", [(960, 600), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("notation", [MID_ROUND, MID_ROUND_4P])
def test_the_bar_fits_between_the_edge_and_the_buttons(size: tuple[int, int],
                                                       notation: str) -> None:
    pygame.font.init()
    position = Position.parse(notation)
    layout = table_layout(*size, position.players)
    surface = pygame.Surface(size)
    buttons_left = min(box.x for _name, box in layout.buttons)
    rects = draw_header(surface, layout.top_bar, layout.pad, layout.font_px, position,
                        buttons_left)
    # With partners at the smallest window, the sides' long names leave no room for the
    # round's title at 12 px: the title gives way first (see the test above).
    crowded = position.players == 4 and size == MIN_WINDOW
    assert len(rects) == 3 or (crowded and len(rects) == 2), "the score and the tally"
    for rect in rects:
        assert rect.left >= 0 and rect.right <= buttons_left
        assert rect.top >= 0 and rect.bottom <= layout.top_bar.bottom
    assert not any(a.colliderect(b) for a, b in itertools.pairwise(rects))
    # A lesson or a puzzle plays no match: no round title, the score and tally remain.
    rects = draw_header(surface, layout.top_bar, layout.pad, layout.font_px, position,
                        buttons_left, round_title=False)
    assert len(rects) == 2 and rects[0].right <= rects[1].left


def test_a_capture_shows_up_in_the_tally_at_once(driver: Driver) -> None:
    session = open_position(driver, "hands=AS9C/KC2S loose=AH3H9S played=1")
    table = driver.table
    assert tally_texts(round_progress(table.animations.shown), 2)[1] == (
        "This round: You 0 · North 0 · cards 0–0")
    driver.drag(driver.hand_card(card("AS")), driver.item(1 << card("AH")))
    driver.until(table.caught_up)
    assert session.history[0].move.kind == 1
    assert tally_texts(round_progress(table.animations.shown), 2)[0] == (
        "This round: You 2 (A, A) · North 0 · cards 2–0")
