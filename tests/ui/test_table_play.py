"""Whole games played through posted pygame events only, and the table's gestures.

The tests read the rules core to decide which move to make, then make it as a player
would: dragging a card, clicking table cards, double-clicking, pressing Play, picking
from the chooser, or using the keyboard. None of them applies a move directly.
"""

from __future__ import annotations

import random

import pygame
import pytest

from diloti_desktop.controller import HUMAN, GameConfig, GameSession
from diloti_desktop.controller.session import restore_session, save_data
from diloti_desktop.rules import Position, legal_moves, parse_cards
from diloti_desktop.rules.cards import Card
from diloti_desktop.rules.errors import IllegalMoveError
from diloti_desktop.rules.gestures import resolve_gesture
from diloti_desktop.rules.moves import Move
from diloti_desktop.rules.position import MATCH_OVER, PLAY
from diloti_desktop.ui.board.table_view import table_items
from diloti_desktop.ui.menus.menu import MainMenuScene, NewGameScene
from diloti_desktop.ui.table.dialogs import ChooserScene
from diloti_desktop.ui.table.summary import MatchEndScene, RoundSummaryScene
from diloti_desktop.ui.table.table_scene import TableScene
from tests.ui.driver import Driver, choose_move, random_players

STYLES = ("drag", "double", "click")



def start_from_menu(driver: Driver, players: int) -> None:
    """Main menu -> New game -> (4 players) -> Start, all by clicking."""
    menu = driver.top
    assert isinstance(menu, MainMenuScene)
    new_game = next(b for b in menu.buttons() if b.key == "new")
    driver.click(new_game.box.center)
    panel = driver.top
    assert isinstance(panel, NewGameScene)
    panel._layout()
    if players == 4:
        row = next(r for r in panel.form.rows if r.key == "players")
        driver.click(row.boxes[1].center)
        panel._layout()
    start = next(b for b in panel.form.buttons.buttons if b.key == "start")
    driver.click(start.box.center)
    assert isinstance(driver.top, TableScene)


def play_rounds(driver: Driver, rng: random.Random, rounds: int | None) -> int:
    """Play as the human until the match ends (or ``rounds`` rounds); returns moves made."""
    made = 0
    finished = 0
    while True:
        driver.wait_for_turn(timeout=20)
        top = driver.top
        if isinstance(top, MatchEndScene):
            return made
        if isinstance(top, RoundSummaryScene):
            finished += 1
            if rounds is not None and finished >= rounds:
                return made
            driver.click(top.buttons()[0].box.center)
            continue
        session = driver.session
        position = session.position
        move = choose_move(list(legal_moves(position)), rng)
        index = len(session.history)
        driver.play(move, STYLES[made % len(STYLES)])
        made += 1
        assert len(session.history) > index, f"{move} was not played"
        assert session.history[index].move == move, f"the gesture for {move} played another"


@pytest.mark.slow
def test_a_complete_two_player_match_with_the_mouse(driver: Driver) -> None:
    start_from_menu(driver, players=2)
    session = driver.session
    assert session.config.seats[0] == HUMAN and len(session.config.seats) == 2
    made = play_rounds(driver, random.Random(1), rounds=None)
    assert made >= 24
    assert session.position.phase == MATCH_OVER
    end = driver.top
    assert isinstance(end, MatchEndScene)
    assert max(session.position.scores) >= session.config.rules.target
    # Rematch: a new match with the same players, from round 1.
    driver.click(end.buttons()[0].box.center)
    assert isinstance(driver.top, TableScene)
    assert driver.session is not session and driver.session.position.round_no == 1
    assert driver.session.config.seats == session.config.seats


def test_a_complete_four_player_round_with_the_mouse(driver: Driver) -> None:
    start_from_menu(driver, players=4)
    session = driver.session
    assert session.players == 4
    made = play_rounds(driver, random.Random(2), rounds=1)
    assert made == 12  # two deals of six cards for the human seat
    summary = driver.top
    assert isinstance(summary, RoundSummaryScene)
    assert summary.result.round_no == 1
    assert sum(m.seat == 0 for m in session.history) == 12
    # The next round is dealt when the summary is dismissed.
    driver.click(summary.buttons()[0].box.center)
    driver.wait_for_turn()
    assert session.position.round_no == 2


# -- single gestures ------------------------------------------------------------------------
def open_position(driver: Driver, notation: str, players: int = 2) -> GameSession:
    position = Position.parse(notation)
    seats = (HUMAN, *("Casual",) * (players - 1))
    session = GameSession(GameConfig(position.rules, seats, 3), position,
                          player_factory=random_players, ai_pace=0)
    driver.ctx.nav.match.play(session)
    driver.frames(2)
    return session


def card(text: str) -> int:
    return int(Card.parse(text))


def test_an_illegal_drop_snaps_back_with_the_reason_and_changes_nothing(driver: Driver) -> None:
    session = open_position(driver, "hands=7HTC/KC2S loose=2D piles=P8@0:3D5S played=1")
    before = session.position
    table = driver.table
    home = dict(table.pointer.hand_card_boxes())[card("7H")]
    # 7♥ dropped on empty felt: laying is refused because the player owns the plain 8.
    driver.drag(home.center, driver.empty_table_spot())
    driver.frames(3)
    assert session.position is before
    assert table.interaction.drag is None and table.interaction.held is None
    expected = ("you own the plain 8, so you cannot lay 7♥; you may capture anywhere, or "
                "take your pile")
    assert table.messages.last_reason == expected
    assert table.messages.toast.lower() == expected.lower()
    assert dict(table.pointer.hand_card_boxes())[card("7H")] == home  # back in its place
    assert table.accepting()


def test_an_illegal_drop_on_a_card_gives_the_rules_reason(driver: Driver) -> None:
    session = open_position(driver, "hands=AH9C/KC2S loose=3H5D played=1")
    before = session.position
    driver.drag(driver.hand_card(card("AH")), driver.item(parse_cards("3H")))
    with pytest.raises(IllegalMoveError) as refused:
        resolve_gesture(before, card("AH"), parse_cards("3H"))
    assert driver.table.messages.last_reason == refused.value.reason
    assert session.position is before


def test_dropping_back_on_the_hand_is_not_a_move(driver: Driver) -> None:
    session = open_position(driver, "hands=AH9C/KC2S loose=3H5D played=1")
    before = session.position
    start = driver.hand_card(card("AH"))
    driver.drag(start, (start[0] + 40, start[1] - 10))
    assert session.position is before and driver.table.messages.toast == ""


def test_an_ambiguous_drop_opens_the_chooser(driver: Driver) -> None:
    session = open_position(driver, "hands=4C8C/KC2S loose=4S4H played=1")
    driver.drag(driver.hand_card(card("4C")), driver.item(parse_cards("4S")))
    chooser = driver.top
    assert isinstance(chooser, ChooserScene)
    offered = {move.notation() for _label, move in chooser.options}
    assert offered == {"4C x 4S", "4C =8 4S"}
    labels = [label for label, _move in chooser.options]
    assert "Take 4♠ with 4♣" in labels
    assert any(label.startswith("Declare 8") for label in labels)
    assert session.position.hands[0] >> card("4C") & 1  # nothing played yet
    # Cancelling puts the card back; choosing plays exactly the chosen move.
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.top, TableScene) and driver.table.interaction.held is None
    driver.drag(driver.hand_card(card("4C")), driver.item(parse_cards("4S")))
    build = Move.parse("4C =8 4S")
    driver.choose_in_chooser(build)
    assert session.history[-1].move == build


def test_drag_highlights_the_usable_items(driver: Driver) -> None:
    open_position(driver, "hands=6S9C/KC2S loose=6D2C4H9S played=1")
    driver.drag(driver.hand_card(card("6S")), driver.empty_table_spot(), release=False)
    table = driver.table
    assert table.interaction.drag is not None
    assert table.interaction.drag_targets == {parse_cards(c) for c in ("6D", "2C", "4H")}
    decorations = table.decorations()
    assert decorations.targets == table.interaction.drag_targets and decorations.lay_target
    driver.post(pygame.MOUSEBUTTONUP, pos=driver.empty_table_spot(), button=1)
    driver.frames()


def test_a_sum_capture_with_selected_cards(driver: Driver) -> None:
    session = open_position(driver, "hands=6S9C/KC2S loose=6D2C4H9S played=1")
    driver.click(driver.item(parse_cards("6D")))
    driver.click(driver.item(parse_cards("2C")))
    assert driver.table.interaction.selected == {parse_cards("6D"), parse_cards("2C")}
    driver.click(driver.item(parse_cards("2C")))  # click again: unselected
    driver.click(driver.item(parse_cards("2C")))
    driver.drag(driver.hand_card(card("6S")), driver.item(parse_cards("4H")))
    assert session.history[-1].move == Move.parse("6S x 6D 2C 4H")


def test_keyboard_play_reaches_a_sum_capture(driver: Driver) -> None:
    session = open_position(driver, "hands=6S9C/KC2S loose=6D2C4H9S played=1")
    table = driver.table
    driver.key(pygame.K_RIGHT)
    assert table.interaction.picked == card("6S")
    order = sorted(table.animations.slots, key=lambda m: table.animations.slots[m])
    wanted = {parse_cards(c) for c in ("6D", "2C", "4H")}
    for _ in order:
        driver.key(pygame.K_TAB)
        if table.interaction.focus_item in wanted:
            driver.key(pygame.K_SPACE)
    assert table.interaction.selected == wanted
    driver.key(pygame.K_RETURN)
    assert session.history[-1].move == Move.parse("6S x 6D 2C 4H")


def test_keyboard_move_list_reaches_every_legal_move(driver: Driver) -> None:
    session = open_position(driver, "hands=4C8C5H/KC2S3D loose=4S4H3C played=1")
    driver.key(pygame.K_m)
    chooser = driver.top
    assert isinstance(chooser, ChooserScene)
    assert sorted(move for _label, move in chooser.options) == sorted(
        legal_moves(session.position))
    last = chooser.options[-1][1]
    driver.key(pygame.K_END)
    driver.key(pygame.K_RETURN)
    assert session.history[-1].move == last


def test_a_resize_lays_the_table_out_again(driver: Driver) -> None:
    open_position(driver, "hands=6S9C/KC2S loose=6D2C4H9S played=1")
    before = driver.table.pointer.hand_card_boxes()
    driver.resize((1600, 900))
    assert driver.shell.size() == (1600, 900)
    after = driver.table.pointer.hand_card_boxes()
    assert after != before and all(box.inside(driver.table.board.layout().table.inflate(4000, 4000))
                                   for _c, box in after)
    assert all(box.right <= 1600 and box.bottom <= 900 for _c, box in after)
    # Smaller than the minimum: the table is laid out at least 960x600 (here with the
    # window's shape) and scaled down to the window; tests/ui/test_scaling.py has more.
    driver.resize((500, 300))
    assert driver.shell.size() == (1000, 600)
    # A drag still lands where the new layout put things.
    driver.drag(driver.hand_card(card("6S")), driver.item(parse_cards("4H")))
    assert isinstance(driver.top, ChooserScene | TableScene)


def test_the_hint_button_climbs_from_a_nudge_to_the_whole_move(driver: Driver) -> None:
    session = open_position(driver, "hands=6S9C/KC2S loose=6D2C4H9S played=1")
    table = driver.table
    driver.click(driver.button("hint"))
    driver.until(lambda: table.hint.level == 1 or table.hint.failed, timeout=20)
    assert table.hint.advice is not None and table.interaction.picked is None  # a nudge only
    assert table.hint.lines()[0]
    driver.click(driver.button("hint"))
    move = table.hint.advice.best.move
    assert table.hint.level == 2 and table.interaction.picked == move.card
    assert not table.interaction.selected
    driver.key(pygame.K_h)
    assert table.hint.full and table.interaction.selected == set(driver.items_of(move))
    assert move in legal_moves(session.position)
    assert session.coaching.assistance.hint_levels == [1, 1, 1]


def test_the_ai_is_shown_one_move_at_a_time_with_animation(driver: Driver) -> None:
    import dataclasses

    driver.ctx.settings = dataclasses.replace(driver.ctx.settings, animation_speed="fast")
    session = open_position(driver, "hands=6S9C/2S3C turn=1 loose=6D4H9S played=1")
    table = driver.table
    driver.until(lambda: table.animations.show.busy(), timeout=5)
    # The table still shows the move being made.
    assert table.animations.shown is not session.position
    flights = table.decorations().flights
    assert flights and flights[-1][0].card in (card("2S"), card("3C"))
    assert table.next_frame_in() == 0.0
    driver.until(lambda: table.caught_up(), timeout=5)
    assert table.accepting() and session.position.phase == PLAY


def test_only_the_moving_cards_are_sent_to_the_screen_during_a_drag(
        driver: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    open_position(driver, "hands=6S9C/KC2S loose=6D2C4H9S played=1")
    presented: list[object] = []
    monkeypatch.setattr(pygame.display, "flip", lambda: presented.append("full"))
    monkeypatch.setattr(pygame.display, "update",
                        lambda rects=None: presented.append(rects))
    start = driver.hand_card(card("9C"))
    driver.drag(start, (start[0] + 10, start[1] - 80), release=False)
    presented.clear()
    for step in range(1, 4):
        driver.move_to((start[0] + 10 + step * 3, start[1] - 80 - step * 2), held=True)
        driver.frames()
    partial = [p for p in presented if p != "full"]
    assert partial and all(isinstance(rects, list) and rects for rects in partial)
    assert all(r.w < 400 and r.h < 400 for rects in partial for r in rects)  # type: ignore[union-attr]
    presented.clear()
    target = driver.empty_table_spot()
    driver.move_to(target, held=True)
    driver.post(pygame.MOUSEBUTTONUP, pos=target, button=1)
    driver.frames()
    assert "full" in presented  # the card landed: the whole table changed


@pytest.mark.parametrize("players", [2, 4])
def test_a_continued_game_lays_the_table_cards_in_the_order_they_had(
        driver: Driver, players: int) -> None:
    """The table keeps the order the cards arrived in; a restored save (which holds the
    position and the round's moves) lays them out the same, not in the cards' own order."""
    start_from_menu(driver, players)
    rng = random.Random(8)
    reordered = 0
    for _turn in range(6):
        driver.wait_for_turn()
        table = driver.table
        session = table.session
        if session.position.phase != PLAY or not table.caught_up():
            break
        restored = restore_session(save_data(session), player_factory=random_players,
                                         ai_pace=0)
        try:
            again = TableScene(driver.ctx, restored)
            assert again.animations.slots == table.animations.slots
            assert (again.board.geometry(again.animations).item_boxes()
                    == table.board.geometry(table.animations).item_boxes())
        finally:
            restored.close()
        own_order = {mask: slot for slot, mask in enumerate(table_items(session.position))}
        reordered += table.animations.slots != own_order
        driver.play(choose_move(list(legal_moves(session.position)), rng), "click")
    assert reordered >= 2  # the check above saw arrival orders the cards' own order is not
    # A save without the round's moves (an older version's) still loads, in the cards' order.
    data = save_data(driver.session)
    del data["round_start"], data["moves"]
    older = restore_session(data, player_factory=random_players, ai_pace=0)
    try:
        assert TableScene(driver.ctx, older).animations.slots == {
            mask: slot for slot, mask in enumerate(table_items(older.position))}
    finally:
        older.close()
