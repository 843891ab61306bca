"""The table's feed of the session's events (table_feed.py): a refusal is told at once,
the moves wait for the show before them, and nothing is shown while a dialog covers the
table.

Animations run at their normal speed here, timed by frames.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from diloti_desktop.controller import MovePlayed
from diloti_desktop.rules.movegen import candidate_moves
from diloti_desktop.rules.moves import Move
from diloti_desktop.rules.position import PLAY
from diloti_desktop.ui.table.summary import RoundSummaryScene
from tests.ui.driver import Driver, frame_timed_app, open_game
from tests.ui.scene_gallery import played_position


@pytest.fixture
def driver() -> Iterator[Driver]:
    """The app with animations at their normal speed, timed by frames."""
    with frame_timed_app() as driver:
        yield driver


def test_a_refusal_is_told_at_once_while_the_deal_still_moves(driver: Driver) -> None:
    session = open_game(driver)
    table = driver.table
    assert table.animations.busy()
    session.submit(Move.parse("KH x 2C 4H"))  # not a card of the hand
    assert table.feed.take()
    assert table.messages.last_reason and table.messages.toast
    assert table.animations.busy()  # the deal still plays: the refusal did not wait
    assert not table.feed.take()  # taken once


def test_the_reply_waits_for_the_move_before_it_then_plays(driver: Driver) -> None:
    session = open_game(driver)
    table = driver.table
    driver.wait_for_turn()
    assert session.submit(candidate_moves(session.position)[0])
    mine = len(session.history)
    while len(session.history) == mine:  # the reply, before the table sees either move
        session.update()
        session.wait_for_work(30)
    assert table.feed.take()
    assert table.feed.show_next()
    # the player's move is being shown: the reply waits behind it
    assert table.animations.show.busy() and table.animations.moves_shown == mine
    assert [type(e) for e in table.animations.pending] == [MovePlayed]
    driver.until(lambda: table.animations.moves_shown == mine + 1)
    assert not table.animations.pending


def test_nothing_is_shown_while_a_dialog_covers_the_table(driver: Driver) -> None:
    session = open_game(driver)
    table = driver.table
    driver.wait_for_turn()
    shown = table.animations.moves_shown
    driver.ctx.nav.table.open_pause()
    assert driver.top is not table
    assert session.submit(candidate_moves(session.position)[0])
    assert table.feed.take()  # taken, but not shown under the dialog
    assert not table.feed.show_next()
    assert table.animations.moves_shown == shown and table.animations.pending
    driver.ctx.scenes.pop(driver.top)  # type: ignore[arg-type]
    driver.until(lambda: table.animations.moves_shown == shown + 1)


def test_a_round_s_end_opens_its_summary_over_the_table(driver: Driver) -> None:
    # From the round's last deal: every move is animated at normal speed, frame by frame.
    position, _events = played_position(2, 3, lambda p: p.played >= 40 and p.turn == 0)
    session = open_game(driver, position)
    table = driver.table
    while session.position.phase == PLAY:
        driver.wait_for_turn(30)
        if session.position.phase == PLAY:
            session.submit(candidate_moves(session.position)[0])
    driver.until(lambda: driver.top is not table)
    assert isinstance(driver.top, RoundSummaryScene)
    # opened once every move of the round was shown, the round's end last
    assert table.animations.moves_shown == len(session.history)
    assert not table.animations.pending and table.animations.shown is session.position
