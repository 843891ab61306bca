"""The game's words: one glossary for the rules screen, the Advanced rules screen, the
lessons and the table; the rules screen's table examples are real positions."""

from __future__ import annotations

import re

import pygame
import pytest

from diloti_desktop import glossary
from diloti_desktop.rules.position import Position
from diloti_desktop.rules.ruleset import FIELD_NAMES
from diloti_desktop.ui.kit import theme, tooltip
from diloti_desktop.ui.learn.glossary_screen import GlossaryScene
from diloti_desktop.ui.learn.rules_screen import SECTIONS, RulesScene
from diloti_desktop.ui.menus.advanced_rules import AdvancedRulesScene
from diloti_desktop.ui.menus.menu import NewGameScene
from tests.ui.driver import Driver

#: The words the issue asks the glossary to explain, and those the table and the round
#: summary show (pile labels, summary rows).
ISSUE_TERMS = ("loose card", "pile", "plain pile", "family", "raise", "owner", "obligation",
               "xeri", "xeristaki", "majority", "deal", "round", "match")
TABLE_TERMS = ("plain pile", "family", "owner", "stock", "majority", "xeri", "xeristaki",
               "point cards", "leftovers", "partner")



def test_every_term_the_screens_use_is_explained() -> None:
    for key in (*ISSUE_TERMS, *TABLE_TERMS):
        term = glossary.term(key)
        assert 20 < len(term.meaning) < 200 and term.name == key
        assert glossary.definition(key).startswith(key[0].upper())


def test_the_rules_screen_uses_glossary_words_and_every_example_is_a_position() -> None:
    text = " ".join(p.lower() for _h, paragraphs, _e, _c in SECTIONS for p in paragraphs)
    used = [t.key for t in glossary.TERMS if re.search(rf"\b{re.escape(t.key)}", text)]
    assert {"loose card", "pile", "family", "xeri", "majority", "face card",
            "numeral"} <= set(used)
    examples = [(e, c) for _h, _p, e, c in SECTIONS if e]
    assert len(examples) >= 10
    for notation, caption in examples:
        assert Position.parse(notation) and caption


def test_every_variant_has_a_one_line_explanation_and_an_example() -> None:
    fields = {v.field for v in glossary.VARIANTS}
    assert fields == set(FIELD_NAMES) - {"players"}
    for field in fields:
        variant = glossary.variant(field)
        assert variant.name and variant.meaning and variant.example
        assert "\n" not in variant.meaning and len(variant.meaning) < 160
        if variant.table:
            Position.parse(variant.table)


def test_the_advanced_rules_explain_the_pointed_or_focused_row(driver: Driver) -> None:
    new_game = NewGameScene(driver.ctx)
    driver.ctx.scenes.push(new_game)
    scene = AdvancedRulesScene(driver.ctx, new_game)
    driver.ctx.scenes.push(scene)
    driver.frames()
    for row in scene.form.rows:
        driver.move_to(row.row.center)
        driver.frames()
        assert scene.explained() == row.key
    driver.key(pygame.K_DOWN)
    driver.key(pygame.K_DOWN)
    assert scene.explained() == scene.form.rows[scene.form.focus_row or 0].key


def test_the_glossary_opens_from_the_rules_screen_and_scrolls(driver: Driver) -> None:
    rules = RulesScene(driver.ctx)
    driver.ctx.scenes.push(rules)
    driver.frames()
    glossary_button = rules.glossary_button()
    assert glossary_button is not None
    driver.click(glossary_button.box.center)
    scene = driver.top
    assert isinstance(scene, GlossaryScene)
    lines = [text for text, is_term in scene.lines() if is_term]
    assert len(lines) == len(glossary.TERMS)
    driver.key(pygame.K_PAGEDOWN)
    assert scene.offset > 0
    driver.key(pygame.K_ESCAPE)
    assert driver.top is rules



def test_pointing_at_a_pile_on_the_table_explains_it(driver: Driver) -> None:
    from diloti_desktop.controller.lessons import LESSONS
    from diloti_desktop.ui.table.guided_table import GuidedTableScene, LessonGuide

    index = next(i for i, lesson in enumerate(LESSONS) if lesson.key == "duties")
    scene = GuidedTableScene(driver.ctx, LessonGuide(index))
    driver.ctx.scenes.push(scene)
    driver.until(lambda: scene.accepting())
    assert scene.drawing.tip_item() is None
    pile = scene.animations.shown.piles[0]
    driver.move_to(scene.pointer.item_boxes()[pile.cards].center)
    driver.frames()
    tip = scene.drawing.tip_item()
    assert tip is not None and tip[0] == pile.cards
    text = tooltip.pile_tip(scene.animations.shown, pile.cards, 0)
    assert glossary.explain("plain pile") in text and "yours" in text
    assert scene.damage() is None  # the tooltip appearing redraws the whole frame


def test_summary_rows_explain_their_words() -> None:
    assert tooltip.summary_tip(1, False) == glossary.definition("majority")
    assert tooltip.summary_tip(2, False) == glossary.definition("point cards")
    assert tooltip.summary_tip(5, False) == glossary.definition("xeri")
    assert tooltip.summary_tip(6, True) == glossary.definition("xeristaki")
    assert tooltip.summary_tip(8, False) == ""


@pytest.mark.parametrize(("notation", "captions"), [
    ("hands=AS7HKD/-", ["Your hand"]),                          # nothing on the table
    ("hands=AS/- loose=3C4D", ["Your hand", "Table"]),
    ("hands=-/- loose=3C", ["Table"]),
])
def test_an_example_captions_only_what_it_shows(driver: Driver, notation: str,
                                                captions: list[str],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    from diloti_desktop.ui.board import example_view
    from diloti_desktop.ui.kit.layout import Box

    drawn: list[str] = []
    original = example_view.theme.blit_text

    def recording(surface: pygame.Surface, text: str, *args: object,
                  **kwargs: object) -> pygame.Rect:
        drawn.append(text)
        return original(surface, text, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(example_view.theme, "blit_text", recording)
    surface = pygame.Surface((900, 200))
    example_view.draw_example(surface, Box(0, 0, 900, 200), notation, 60, 16)
    assert [t for t in drawn if t in ("Your hand", "Table")] == captions


@pytest.mark.parametrize("size", [(960, 600), (1280, 720)])
def test_the_glossary_shows_whole_entries_a_scroll_bar_and_more_below(
        driver: Driver, size: tuple[int, int]) -> None:
    driver.resize(size)
    scene = GlossaryScene(driver.ctx)
    driver.ctx.scenes.push(scene)
    driver.frames()
    _box, text_size, area = scene._frame()
    first = scene.shown()
    assert first.start == 0 and 1 < len(first) < len(glossary.TERMS)
    # the first view ends with a whole entry: its last line ends a sentence
    last_line = scene.entries()[first.stop - 1][-1][0]
    assert last_line.rstrip().endswith((".", ")")), last_line
    rows = sum(len(entry) for entry in scene.entries()[first.start:first.stop])
    assert rows * theme.line_height(text_size) <= area.h
    assert scene.more_below()
    track, thumb = scene.scroll_bar()
    assert thumb.y == track.y and thumb.h < track.h and track.x >= area.right
    driver.key(pygame.K_PAGEDOWN)
    assert scene.offset == first.stop
    assert scene.scroll_bar()[1].y > track.y
    for _ in range(len(glossary.TERMS)):
        driver.key(pygame.K_DOWN)
    assert not scene.more_below() and scene.shown().stop == len(glossary.TERMS)
    assert abs(scene.scroll_bar()[1].bottom - track.bottom) <= 1


def test_how_to_play_lists_every_control_of_the_table_and_the_review() -> None:
    heading, paragraphs, _example, _caption = SECTIONS[-1]
    assert heading == "Playing on this table"
    text = " ".join(paragraphs)
    from diloti_desktop.ui.kit.input import LETTERS
    # every letter shortcut, the table's and the review's own
    for letter in LETTERS:
        assert re.search(rf"\b{letter.upper()}\b", text), letter
    for words in ("Ctrl+Z", "Undo", "three times", "history", "tutor", "Settings", "review",
                  "F11", "F12", "Esc", "Enter", "Tab", "Space", "Home", "End", "Page Up",
                  "Page Down", "1 to 9"):
        assert words in text, words
