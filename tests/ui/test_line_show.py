"""Show the line: the tutor's refutation played on the table and stepped in the review,
driven by posted pygame events. The line is shown from copies of positions: the
session is never changed, and the tutor's panel comes back with its choices.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import pygame
import pytest

from diloti_desktop.ai.players import make_player
from diloti_desktop.ai.refutation import Ply, Refutation, refute
from diloti_desktop.controller import HUMAN, GameConfig, GameSession
from diloti_desktop.rules import play_unchecked, seat_view
from diloti_desktop.rules.moves import Move
from diloti_desktop.rules.position import Position
from diloti_desktop.ui.board.line_play import play_line
from diloti_desktop.ui.kit.widgets import Button
from diloti_desktop.ui.menus.menu import MainMenuScene
from diloti_desktop.ui.review.review_scene import ReviewScene
from diloti_desktop.ui.table.line_show import LineShowScene
from diloti_desktop.ui.table.tutor import TutorScene
from diloti_desktop.ui.words.line_words import show_line_label
from tests.ai.helpers import complete
from tests.ui.driver import Driver, FrameClock, make_app, random_players
from tests.ui.scene_gallery import graded_round

# Laying 4♥ lets North's 7♦ sweep 3♣+4♥ (every card known: the line is exact).
SWEEP_TRAP = "rules=2p dealer=1 turn=0 hands=4H7S/7DKH loose=3C played=40"


def tutor_game(driver: Driver, text: str = SWEEP_TRAP) -> GameSession:
    driver.ctx.settings = dataclasses.replace(driver.ctx.settings, tutor=True)
    position = complete(text)
    config = GameConfig(position.rules, (HUMAN, "Expert"), 3)
    session = GameSession(config, position, player_factory=make_player, ai_pace=0)
    # The line's pauses are counted in frames: a test waits for them without spinning
    # through seconds of real frames.
    driver.shell.clock = FrameClock()
    driver.ctx.nav.match.play(session)
    driver.frames(2)
    return session


def warned(driver: Driver, card: str = "4H") -> TutorScene:
    """Lay ``card`` with a drag and wait for the tutor's panel."""
    driver.drag(driver.hand_card(Move.parse(card).card), driver.empty_table_spot())
    driver.until(lambda: isinstance(driver.top, TutorScene), timeout=30)
    panel = driver.top
    assert isinstance(panel, TutorScene)
    return panel


def after(start: Position, line: tuple[Ply, ...], plies: int) -> Position:
    """``start`` with the first ``plies`` of ``line`` applied."""
    for ply in line[:plies]:
        start = play_unchecked(start, ply.move)
    return start


def showing(driver: Driver) -> LineShowScene:
    scene = driver.top
    assert isinstance(scene, LineShowScene)
    return scene


def test_show_the_line_plays_each_ply_and_comes_back_to_the_panel(driver: Driver) -> None:
    session = tutor_game(driver)
    before, table = session.position, driver.table
    panel = warned(driver)
    refutation = panel.check.refutation
    assert refutation is not None and refutation.exact
    line_button = next(b for b in panel.buttons() if b.key == "line")
    assert line_button.label == show_line_label() and line_button.hotkey == "W"
    panel.list.focus = 2  # the player moved the focus: it is kept
    driver.click(line_button.box.center)
    show = showing(driver)
    assert len(show.played) == len(refutation.line) >= 2
    assert show.shown == refutation.start  # the line starts where the table is
    for plies in range(1, len(refutation.line) + 1):
        # Each ply's result stays on the table, under its caption, until → (or its time).
        driver.until(lambda plies=plies: show.shown == after(refutation.start,
                                                             refutation.line, plies))
        assert show.step == plies and show.decorations().toast == show.line.caption(plies)  # type: ignore[union-attr]
        assert session.position is before and not session.history
        driver.key(pygame.K_RIGHT)
    # North's sweep is told under the table as it is shown.
    assert "7♦" in show.line.caption(2) and "3♣" in show.line.caption(2)  # type: ignore[union-attr]
    assert driver.top is panel and panel.list.focus == 2
    assert session.position is before and not session.history and table.animations.shown is before
    assert table.interaction.held is not None  # the card still waits for the choice
    # W shows it again; the line ends by itself after its last pause.
    driver.key(pygame.K_w)
    show = showing(driver)
    clock = driver.shell.clock
    assert isinstance(clock, FrameClock)
    start = clock.now
    driver.until(lambda: driver.top is panel, timeout=30)
    assert clock.now - start > 2 * 0.7  # each ply stayed long enough to be read
    assert session.position is before
    # The choices still work: Take it back.
    driver.click(next(b for b in panel.buttons() if b.key == "back").box.center)
    assert driver.top is table and session.position is before and not session.history


def test_esc_and_a_click_end_the_line_and_keys_pressed_meanwhile_reach_the_panel(
        driver: Driver) -> None:
    session = tutor_game(driver)
    before = session.position
    panel = warned(driver)
    driver.key(pygame.K_w)
    show = showing(driver)
    assert show.step == 1
    driver.key(pygame.K_ESCAPE)
    assert driver.top is panel and session.position is before  # Esc did not take it back
    driver.key(pygame.K_w)
    showing(driver)
    driver.click((10, 10))
    assert driver.top is panel
    # Tab and Enter pressed during the line wait; they act on the panel once it ends.
    driver.key(pygame.K_w)
    showing(driver)
    driver.key(pygame.K_TAB)
    driver.key(pygame.K_RETURN)
    assert isinstance(driver.top, LineShowScene)
    focus = panel.list.focus
    driver.key(pygame.K_ESCAPE)
    # Tab moved the focus on from "Take it back" (to "Show me the better move"), Enter
    # chose it: the panel closed and the hint shows the better move.
    assert focus == 1 and driver.top is not panel
    driver.until(lambda: driver.table.hint.full, timeout=30)
    assert driver.table.hint.move == Move.parse("7S") and session.position is before


def test_the_panel_offers_the_line_only_with_a_refutation(driver: Driver) -> None:
    session = tutor_game(driver)
    panel = warned(driver)
    assert panel.check.refutation is not None
    bare = TutorScene(driver.ctx, session.position, panel.move,
                      panel.check._replace(refutation=None), lambda key: None)
    assert [b.key for b in bare.buttons()] == ["play", "back", "better"]
    assert [b.key for b in panel.buttons()] == ["play", "back", "better", "line"]
    # W on a panel without a line does nothing.
    driver.ctx.scenes.pop(panel)
    driver.ctx.scenes.push(bare)
    driver.key(pygame.K_w)
    assert driver.top is bare


#: Two players, the stock not empty (the hidden cards are guessed), two cards each: laying
#: 10♥ instead of building 10 with 7♣ and 3♥; the line crosses the next deal.
SAMPLED = ("rules=2p round=1 phase=play dealer=1 turn=0 hands=7CTH/AS2D "
           "stock=KDKHQHQS6DKCACTS5HJD4CQD loose=3H6CQCKS piles=- "
           "captured=4DAHAD3D3C6H8S8H8C9H9CTDTCJSJC/JH2S2H2C3S4S4H5S5D5C6S7S7H7D8D9S9D "
           "xeri=0/0 xeristaki=0/0 last=1 played=30 score=0/0 winner=-")


def test_a_sampled_line_shows_no_guessed_card_before_it_is_played(driver: Driver) -> None:
    position = Position.parse(SAMPLED)
    found = refute(seat_view(position, 0), Move.parse("TH"), Move.parse("7C =10 3H"), samples=8)
    assert found is not None and not found.exact
    line = play_line(found)
    assert line is not None and line.dealt(len(line.plies)) and line.concealed
    # The move looked at is told as it is; the plies after it, from guessed cards, are
    # examples.
    assert line.caption(1) and not line.caption(1).startswith("For example")
    assert all(line.caption(k).startswith("For example: ")
               for k in range(2, len(line.plies) + 1))
    session = GameSession(GameConfig(position.rules, (HUMAN, "Expert"), 3), position,
                          player_factory=random_players, ai_pace=1e9)
    driver.ctx.nav.match.play(session)
    driver.frames(2)
    driver.table.table_coach.show_line(found)
    show = showing(driver)
    for plies in range(1, len(line.plies) + 1):
        driver.until(lambda plies=plies: show.shown == line.position(plies))
        deco = show.decorations()
        # Only the watcher's hand is face up; the cards a guessed deal brings never show.
        assert deco.face_up_hands == frozenset({0})
        assert deco.hidden & line.concealed == line.concealed
        if plies < len(line.plies):
            driver.key(pygame.K_RIGHT)
    assert session.position is position


@pytest.mark.parametrize("step", [0, 5])
def test_a_line_the_rules_refuse_is_cut_where_they_refuse_it(step: int) -> None:
    start = complete(SWEEP_TRAP)
    good = (Ply(0, Move.parse("4H")), Ply(1, Move.parse("7D x 3C 4H")))
    bad = Ply(0, Move.parse("KS"))  # not in the hand
    line = (*good[:step], bad) if step == 0 else (*good, bad)
    refutation = Refutation(start, line, True, good[1], 1, 0, 0, True, 10, 1.0, True, 5.0)
    played = play_line(refutation)
    if step == 0:
        assert played is None
    else:
        assert played is not None and len(played.plies) == 2
        assert played.position(2) == after(start, good, 2)


# -- the review ------------------------------------------------------------------------------
@pytest.fixture
def wide_driver() -> Iterator[Driver]:
    shell, ctx = make_app(size=(1280, 720))
    ctx.scenes.reset(MainMenuScene(ctx))
    shell.draw()
    yield Driver(shell, ctx)
    ctx.close_session()


def graded_session(seed: int = 7) -> GameSession:
    """The gallery's review round (a two-player round's last deal by seeded random
    moves), graded for the human."""
    return graded_round(frozenset({0}), seed)


def line_button(review: ReviewScene) -> Button:
    return next(b for b in review.panel.place().buttons if b.key == "line")


def test_the_review_steps_through_a_mistakes_line_and_back(wide_driver: Driver) -> None:
    driver = wide_driver
    session = graded_session()
    review = driver.open_review(session)
    reviewed = review.reviewed
    mistakes = [ply for ply, d in reviewed.grades().items() if d.refutation is not None]
    assert mistakes, "the round has a mistake with a refutation"
    # A step without a refutation: the button is off and W says why.
    plain = next(p for p in reviewed.play.plies_of({0}) if p not in mistakes)
    review.go(plain)
    driver.frames()
    assert not line_button(review).enabled
    driver.key(pygame.K_w)
    assert not review.line.active and "mistakes" in review.message.text
    # The mistake: the button shows the line, each step a ply.
    review.go(mistakes[0])
    driver.frames()
    refutation = reviewed.decision().refutation  # type: ignore[union-attr]
    assert refutation is not None
    button = line_button(review)
    assert button.enabled and button.hotkey == "W"
    driver.click(button.box.center)
    line = review.line
    assert line.active and line.step == 1 and line.length == len(refutation.line)
    for plies in range(1, line.length + 1):
        assert line.step == plies
        assert line.geometry().position == after(refutation.start, refutation.line, plies)  # type: ignore[union-attr]
        assert line.decorations().toast == line.line.caption(plies)  # type: ignore[union-attr]
        driver.frames()
        driver.key(pygame.K_RIGHT)
    assert line.step == line.length  # → stops at the line's end
    # The panel's Back steps back; ← from the first ply is the reviewed move again.
    back = next(b for b in review.panel.place().buttons if b.key == "previous")
    driver.click(back.box.center)
    assert line.step == line.length - 1
    for _ in range(line.length):
        driver.key(pygame.K_LEFT)
    assert not line.active and reviewed.step == mistakes[0]
    # W and Esc: in and out; Esc leaves the line, not the review.
    driver.key(pygame.K_w)
    assert line.active
    driver.key(pygame.K_ESCAPE)
    assert not line.active and driver.top is review and reviewed.step == mistakes[0]
    # Another step of the round leaves the line too.
    driver.key(pygame.K_w)
    driver.key(pygame.K_END)  # the line's last ply, not the round's end
    assert line.active and line.step == line.length and reviewed.step == mistakes[0]
    driver.key(pygame.K_PAGEDOWN)
    assert not line.active
