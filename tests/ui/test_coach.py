"""The coach at the table, driven by posted pygame events: following hints, the tutor's
panel, undo (with the button and Ctrl+Z, also after a save and Continue) and the history.

The driver reads the hint the table shows and acts as a player would (keys, drags,
clicks); it never applies a move itself.
"""

from __future__ import annotations

import dataclasses
import itertools
import random
import time
from pathlib import Path

import pygame
import pytest

from diloti_desktop.ai.players import make_player
from diloti_desktop.controller import HUMAN, GameConfig, GameSession
from diloti_desktop.controller.coach import Analysis
from diloti_desktop.rules import Position, Ruleset, legal_moves
from diloti_desktop.rules.moves import Move, MoveKind
from diloti_desktop.rules.position import PLAY
from diloti_desktop.ui.kit.layout import Box
from diloti_desktop.ui.menus.menu import MainMenuScene
from diloti_desktop.ui.table.history_panel import HistoryPanel, history_lines
from diloti_desktop.ui.table.summary import RoundSummaryScene
from diloti_desktop.ui.table.table_scene import TableScene
from diloti_desktop.ui.table.tutor import TutorScene
from tests.ai.helpers import complete
from tests.ui.driver import CHEAP_HINTS, Driver, choose_move, make_app, random_players

DATA = Path(__file__).parent / "data" / "hint_positions.txt"
SWEEP_TRAP = "rules=2p dealer=1 turn=0 hands=4H7S/7DKH loose=3C played=40"



def open_game(driver: Driver, position: Position, level: str = "Casual",
              factory: object = random_players) -> GameSession:
    players = position.rules.players
    config = GameConfig(position.rules, (HUMAN, *(level,) * (players - 1)), 3)
    session = GameSession(config, position, player_factory=factory,  # type: ignore[arg-type]
                          ai_pace=0)
    driver.ctx.nav.match.play(session)
    driver.frames(2)
    return session


def full_hint(driver: Driver) -> Move:
    """Press H until the whole move is shown; the hinted move."""
    table = driver.table
    driver.key(pygame.K_h)
    driver.until(lambda: table.hint.level >= 1 or table.hint.failed, timeout=30)
    assert not table.hint.failed
    driver.key(pygame.K_h)
    driver.key(pygame.K_h)
    assert table.hint.full and table.hint.advice is not None
    return table.hint.advice.best.move


def test_a_hint_slower_than_the_timeout_is_waited_for(driver: Driver,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """A loaded machine makes the hint's search slow: the driver waits for the job itself,
    not for a number of seconds (the followed-hint test once timed out under load)."""
    from diloti_desktop.ai import coach

    advise = coach.advise

    def slow_advise(*args: object, **kwargs: object) -> object:
        time.sleep(1.0)  # far longer than the timeout below
        return advise(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(coach, "advise", slow_advise)
    open_game(driver, Position.parse("rules=2p hands=6S9C/KC2S loose=6D2C4H9S played=1"))
    table = driver.table
    driver.key(pygame.K_h)
    driver.until(lambda: table.hint.level >= 1 or table.hint.failed, timeout=0.2)
    assert table.hint.level == 1 and not table.hint.failed


def hint_positions() -> list[tuple[str, str]]:
    rows = [line.split("\t") for line in DATA.read_text().splitlines() if line.strip()]
    return [(kind, notation) for kind, notation in rows]


def test_the_hint_positions_cover_every_move_kind() -> None:
    kinds = {kind for kind, _n in hint_positions()}
    assert kinds == {"lay", "capture-single", "capture-multi", "capture-pile", "build",
                     "family", "raise"}
    assert len(hint_positions()) >= 60


@pytest.mark.slow
@pytest.mark.parametrize("style", ["enter", "drag"])
def test_a_followed_hint_plays_exactly_the_hinted_move(driver: Driver, style: str,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    # Which move is best is the search's business (tests/ai): here the hint's budget is
    # tiny, and the positions still give a hint of every move kind with it.
    monkeypatch.setattr(Analysis, "search", CHEAP_HINTS)
    seen_kinds: set[MoveKind] = set()
    for index, (_kind, notation) in enumerate(hint_positions()):
        session = open_game(driver, Position.parse(notation))
        table = driver.table
        driver.wait_for_turn()
        move = full_hint(driver)
        seen_kinds.add(move.kind)
        assert table.interaction.picked == move.card
        assert table.interaction.selected == set(driver.items_of(move))
        before = len(session.history)
        if style == "enter":
            driver.key(pygame.K_RETURN)
        else:
            items = driver.items_of(move)
            target = (driver.item(items[index % len(items)]) if items
                      else driver.empty_table_spot())
            driver.drag(driver.hand_card(move.card), target)
        assert len(session.history) > before, f"{notation}: the hinted {move} was not played"
        assert session.history[before].move == move, notation
        driver.ctx.close_session()
    assert seen_kinds == set(MoveKind)


def test_any_other_action_clears_the_hint(driver: Driver) -> None:
    session = open_game(driver, Position.parse("rules=2p hands=6S9C/KC2S loose=6D2C4H9S "
                                               "played=1"))
    table = driver.table
    move = full_hint(driver)
    other = next(c for c, _b in table.pointer.hand_card_boxes() if c != move.card)
    driver.click(driver.hand_card(other))
    assert table.hint.level == 0 and table.hint.lit() == (None, frozenset())
    assert table.interaction.picked == other
    # Dragging an unrelated card clears a shown hint too.
    full_hint(driver)
    driver.drag(driver.hand_card(other), driver.empty_table_spot(), release=False)
    assert table.hint.level == 0 and table.decorations().hint_card is None
    driver.post(pygame.MOUSEBUTTONUP, pos=driver.empty_table_spot(), button=1)
    driver.frames()
    assert session.position.phase == PLAY


def test_the_hints_selection_does_not_trap_the_next_drag(driver: Driver) -> None:
    """After H×3 the hinted items are selected; dragging another card onto empty felt
    lays it (the hint's selection is let go), not a gesture with the hinted items."""
    position = Position.parse("rules=2p hands=3S5H/4C7C loose=3D played=1")
    session = open_game(driver, position)
    table = driver.table
    move = full_hint(driver)
    assert move.table_cards and table.interaction.selected
    lays = {m.card: m for m in legal_moves(position) if m.kind == MoveKind.LAY}
    other = next(c for c, _b in table.pointer.hand_card_boxes()
                 if c != move.card and c in lays)
    driver.drag(driver.hand_card(other), driver.empty_table_spot())
    assert table.hint.level == 0
    assert len(session.history) == 1 and session.history[0].move == lays[other]


def test_a_key_or_a_click_lets_the_hints_selection_go(driver: Driver) -> None:
    position = Position.parse("rules=2p hands=3S5H/4C7C loose=3D played=1")
    open_game(driver, position)
    table = driver.table
    full_hint(driver)
    driver.key(pygame.K_RIGHT)
    assert table.hint.level == 0 and not table.interaction.selected
    move = full_hint(driver)
    # A click on a hinted item starts a selection of its own: that item alone.
    item = driver.items_of(move)[0]
    driver.click(driver.item(item))
    assert table.hint.level == 0 and table.interaction.selected == {item}


def tutor_game(driver: Driver) -> GameSession:
    driver.ctx.settings = dataclasses.replace(driver.ctx.settings, tutor=True)
    return open_game(driver, complete(SWEEP_TRAP), level="Expert", factory=make_player)


def test_a_blunder_opens_the_tutor_and_take_it_back_changes_nothing(driver: Driver) -> None:
    session = tutor_game(driver)
    before = session.position
    table = driver.table
    driver.drag(driver.hand_card(Move.parse("4H").card), driver.empty_table_spot())
    driver.until(lambda: isinstance(driver.top, TutorScene), timeout=30)
    panel = driver.top
    assert isinstance(panel, TutorScene)
    assert panel.check.grade.verdict.value == "blunder"
    assert session.position is before
    back = next(b for b in panel.buttons() if b.key == "back")
    driver.click(back.box.center)
    assert driver.top is table and session.position is before and not session.history
    assert table.interaction.held is None and table.accepting()
    assert session.assisted
    # Play anyway plays it.
    driver.drag(driver.hand_card(Move.parse("4H").card), driver.empty_table_spot())
    driver.until(lambda: isinstance(driver.top, TutorScene), timeout=30)
    panel = driver.top
    assert isinstance(panel, TutorScene)
    driver.click(next(b for b in panel.buttons() if b.key == "play").box.center)
    driver.until(lambda: bool(session.history), timeout=10)
    assert session.history[0].move == Move.parse("4H")


def test_show_me_the_better_move_shows_the_whole_hint(driver: Driver) -> None:
    session = tutor_game(driver)
    table = driver.table
    driver.click(driver.hand_card(Move.parse("4H").card))
    driver.key(pygame.K_RETURN)
    driver.until(lambda: isinstance(driver.top, TutorScene), timeout=30)
    panel = driver.top
    assert isinstance(panel, TutorScene)
    driver.click(next(b for b in panel.buttons() if b.key == "better").box.center)
    driver.until(lambda: table.hint.full, timeout=30)
    assert table.hint.move == Move.parse("7S") and table.interaction.picked == Move.parse("7S").card
    driver.key(pygame.K_RETURN)  # a fine move: no panel, played at once once graded
    driver.until(lambda: bool(session.history), timeout=30)
    assert session.history[0].move == Move.parse("7S")
    assert not isinstance(driver.top, TutorScene)


def play_some(driver: Driver, decisions: int, rng: random.Random) -> list[Position]:
    """Make ``decisions`` human moves with the mouse; the position before each."""
    before = []
    for _ in range(decisions):
        driver.wait_for_turn()
        session = driver.session
        before.append(session.position)
        driver.play(choose_move(list(legal_moves(session.position)), rng), "click")
    driver.wait_for_turn()
    return before


def start_game(driver: Driver, players: int, seed: int = 4) -> GameSession:
    """A fresh seeded match against Intermediate players, shown on the table."""
    config = GameConfig(Ruleset(players=players), (HUMAN, *("Intermediate",) * (players - 1)),
                        seed)
    session = GameSession(config, player_factory=make_player, ai_pace=0)
    driver.ctx.nav.match.play(session)
    driver.frames(2)
    return session


def test_undo_with_the_button_and_ctrl_z_also_after_save_and_continue(driver: Driver) -> None:
    session = start_game(driver, players=4)
    decisions = play_some(driver, 3, random.Random(5))
    table = driver.table
    driver.click(driver.button("undo"))
    assert session.position == decisions[2] and table.animations.shown is session.position
    assert table.accepting() and table.animations.moves_shown == len(session.history)
    driver.key(pygame.K_z, mod=pygame.KMOD_CTRL)
    assert session.position == decisions[1]
    # Save, back to the main menu, Continue: undo still reaches the first decision.
    driver.ctx.save_session()
    driver.ctx.nav.match.main_menu()
    driver.frames()
    menu = driver.top
    assert isinstance(menu, MainMenuScene)
    driver.click(next(b for b in menu.buttons() if b.key == "continue").box.center)
    driver.wait_for_turn()
    restored = driver.session
    assert restored is not session and restored.position == decisions[1]
    assert restored.assisted
    driver.key(pygame.K_u)
    assert restored.position == decisions[0]
    assert not restored.can_undo()
    assert not next(b for b in driver.table.buttons() if b.key == "undo").enabled


def test_the_history_lists_every_move_of_a_four_player_round(driver: Driver) -> None:
    driver.resize((960, 600))  # the minimum window: the panel must still be readable
    session = start_game(driver, players=4, seed=8)
    rng = random.Random(3)
    table = driver.table
    driver.key(pygame.K_l)
    assert table.history.open
    while True:
        driver.wait_for_turn(timeout=20)
        if isinstance(driver.top, RoundSummaryScene):
            break
        # Every move shown so far is listed, in order, with its seat.
        lines = history_lines(session.history[:table.animations.moves_shown])
        assert [line.seat for line in lines] == [p.seat for p in session.history[:len(lines)]]
        driver.play(choose_move(list(legal_moves(session.position)), rng), "click")
    lines = history_lines(session.history)
    assert len(lines) == 48 and table.animations.moves_shown == 48
    # Play goes round the table: each move's seat follows the one before.
    assert all(b.seat == (a.seat + 1) % 4 for a, b in itertools.pairwise(lines))
    assert [line.number for line in lines] == list(range(1, 49))
    for line, played in zip(lines, session.history, strict=True):
        assert line.text == played.account and line.text
        assert line.seat == played.seat
    surface = pygame.Surface((960, 600))
    panel = HistoryPanel(open=True)
    panel.draw(surface, table.board.layout(), lines, 0)
    assert HistoryPanel.box(table.board.layout()).w >= 300


def test_the_history_panel_toggles_with_its_button(driver: Driver) -> None:
    open_game(driver, Position.parse("rules=2p hands=6S9C/KC2S loose=6D2C4H9S played=1"))
    table = driver.table
    driver.click(driver.button("history"))
    assert table.history.open
    driver.frames()
    # The table cards move beside the panel: none lies under it, and clicks reach them.
    panel = HistoryPanel.box(table.board.layout())
    items = table.board.geometry(table.animations).item_boxes()
    assert len(items) == 4
    assert not any(box.intersects(panel) for box in items.values())
    driver.click(driver.button("history"))
    assert not table.history.open
    assert isinstance(driver.top, TableScene)


def test_every_hint_line_fits_inside_its_panel(driver: Driver) -> None:
    """The first line of each step is drawn bold, so it is wrapped with the bold font:
    a long nudge (prepare a declaration) stays inside the panel at every step."""
    from diloti_desktop import resources
    from diloti_desktop.ui.kit import theme

    open_game(driver, Position.parse("rules=2p hands=AH8S/2C3D loose=KD6S4C7D played=1"))
    table = driver.table
    layout = table.board.layout()
    seen_bold = 0
    for _step in range(3):
        driver.key(pygame.K_h)
        driver.until(lambda: table.hint.level >= 1 or table.hint.failed, timeout=30)
        assert not table.hint.failed
        box, rows = table.hint.place(layout)
        for text, bold in rows:
            seen_bold += bold
            width = resources.font(layout.font_px, bold).size(text)[0]
            # drawn from 2 pads in, wrapped to leave 1 pad at the right
            assert 2 * layout.pad + width <= box.w - layout.pad, (text, width, box.w)
        assert theme.line_height(layout.font_px) * len(rows) < box.h
    assert seen_bold >= 3


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_hint_panel_keeps_clear_of_the_side_seats(size: tuple[int, int]) -> None:
    """Four players: when the panel cannot go low (here something is in the way), it
    never goes beside the cards over West's or East's hand and name."""
    shell, ctx = make_app(size)
    driver = Driver(shell, ctx)
    try:
        open_game(driver, Position.parse("rules=4p hands=AS2C8S/KC2S3D/4H5S6D/7C8C9C "
                                         "loose=5H10HJDQC played=28"))
        table = driver.table
        full_hint(driver)
        layout = table.board.layout()
        toast = layout.toast
        blocker = Box(toast.centerx - 10, toast.y, 20, toast.h)  # low is taken
        avoid = [*table.board.geometry(table.animations).item_boxes().values(), blocker]
        box, _rows = table.hint.place(layout, avoid)
        for place in layout.seats:
            if place.edge in ("left", "right"):
                assert not box.intersects(place.label), (place.edge, box, place.label)
                assert not box.intersects(place.area), (place.edge, box, place.area)
    finally:
        ctx.close_session()
        pygame.display.quit()


def test_a_move_with_no_choice_is_hinted_in_full_at_once(driver: Driver) -> None:
    """With one possible move ("lay your last card") the first H shows the whole move,
    not "lay a card that gives little away" and "press H again to see which card"."""
    position = Position.parse("rules=2p hands=AH/KC loose=QC7H3D played=1")
    assert len(list(legal_moves(position))) == 1
    open_game(driver, position)
    table = driver.table
    driver.key(pygame.K_h)
    driver.until(lambda: table.hint.level >= 1 or table.hint.failed, timeout=30)
    assert table.hint.full and table.hint.move == next(iter(legal_moves(position)))
