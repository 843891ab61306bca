"""The list of legal moves (M): order by kind, stable numbers, the range note, the hint mark."""

from __future__ import annotations

import pygame

from diloti_desktop.rules import legal_moves
from diloti_desktop.rules.moves import Move, MoveKind
from diloti_desktop.ui.table.moves_list import KIND_ORDER, MovesListScene, ordered_moves
from diloti_desktop.ui.table.table_scene import TableScene
from tests.ui.driver import Driver
from tests.ui.test_table_play import open_position

#: 56 legal moves: many captures, declarations, families and lays.
CROWDED = "hands=AS2S3S4S5S6S/KC2C3C4C5C6C loose=AH2H3H4H played=1"



def open_list(driver: Driver) -> MovesListScene:
    driver.key(pygame.K_m)
    scene = driver.top
    assert isinstance(scene, MovesListScene)
    return scene


def test_moves_are_grouped_by_kind_captures_first_and_nothing_is_lost() -> None:
    from diloti_desktop.rules import Position

    moves = list(legal_moves(Position.parse(CROWDED)))
    ordered = ordered_moves(moves)
    assert sorted(ordered) == sorted(moves)
    kinds = [KIND_ORDER.index(m.kind) for m in ordered]
    assert kinds == sorted(kinds)
    assert ordered[0].kind == MoveKind.CAPTURE and ordered[-1].kind == MoveKind.LAY
    assert {m.kind for m in moves} >= {MoveKind.CAPTURE, MoveKind.BUILD, MoveKind.LAY}


def test_numbers_stay_with_their_move_while_scrolling_and_the_end_is_labelled(
        driver: Driver) -> None:
    session = open_position(driver, CROWDED)
    scene = open_list(driver)
    count = len(scene.options)
    assert count == len(list(legal_moves(session.position))) == 56
    visible = len(scene.option_boxes())
    assert visible < count
    assert scene.range_note() == f"1–{visible} of {count} · scroll for more"
    assert scene.tags[0] == "Capture" and scene.tags[-1] == "Lay"
    # Scroll to the end with the wheel, as a player would.
    for _ in range(count):
        driver.post(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0,
                    precise_y=-1.0, touch=False, which=0)
    driver.frames()
    shown = [index for index, _box in scene.option_boxes()]
    assert shown[-1] == count - 1
    assert scene.range_note() == f"{count - visible + 1}–{count} of {count}"
    # Key 1 still means option 1 (the first capture), not the first row on screen.
    first = scene.options[0][1]
    driver.key(pygame.K_1)
    assert isinstance(driver.top, TableScene)
    assert session.history[-1].move == first


def test_a_click_on_a_scrolled_row_plays_that_row(driver: Driver) -> None:
    session = open_position(driver, CROWDED)
    scene = open_list(driver)
    driver.move_to(scene.option_boxes()[0][1].center)
    driver.post(pygame.MOUSEWHEEL, x=0, y=-3, flipped=False, precise_x=0.0, precise_y=-3.0,
                touch=False, which=0)
    driver.frames()
    index, box = scene.option_boxes()[1]
    assert index == 4
    wanted = scene.options[index][1]
    driver.click(box.center)
    assert session.history[-1].move == wanted


def test_the_recommended_move_is_marked_and_focused_once_a_hint_is_computed(
        driver: Driver) -> None:
    session = open_position(driver, "hands=6S9C/KC2S loose=6D2C4H9S played=1")
    table = driver.table
    before = open_list(driver)
    assert before.marked is None and before.focus == 0
    driver.key(pygame.K_ESCAPE)
    driver.key(pygame.K_h)  # the first hint step is a nudge: the move is not given yet
    driver.until(lambda: table.hint.level >= 1 or table.hint.failed, timeout=20)
    assert table.hint.move is None
    driver.key(pygame.K_h)  # the second step names the card: now the list may show it
    hinted = table.hint.move
    assert isinstance(hinted, Move)
    scene = open_list(driver)
    assert scene.marked is not None and scene.options[scene.marked][1] == hinted
    assert scene.focus == scene.marked
    driver.key(pygame.K_RETURN)
    assert session.history[-1].move == hinted


def test_the_list_draws_at_the_smallest_window(driver: Driver) -> None:
    driver.resize((960, 600))
    open_position(driver, CROWDED)
    scene = open_list(driver)
    driver.shell.draw()
    boxes = [box for _index, box in scene.option_boxes()]
    assert boxes and all(box.bottom <= 600 for box in boxes)
    assert scene.cancel_box().bottom <= 600
