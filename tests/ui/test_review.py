"""The round review: opened from the summary, the match end and a restored game; stepped
with the keys and the mouse; the grades shown; the export replays in the rules CLI."""

from __future__ import annotations

import os
import random
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from diloti_desktop.controller import HUMAN, GameConfig, GameSession
from diloti_desktop.rules import Position, legal_moves
from diloti_desktop.rules.__main__ import main as rules_cli
from diloti_desktop.ui.menus.menu import MainMenuScene
from diloti_desktop.ui.review.review_scene import ReviewScene
from diloti_desktop.ui.table.summary import MatchEndScene, RoundSummaryScene
from diloti_desktop.ui.table.table_scene import TableScene
from diloti_desktop.ui.words.review_words import decision_advice
from tests.ui.driver import Driver, choose_move, make_app, random_players
from tests.ui.test_table_play import start_from_menu

SHOTS = os.environ.get("DILOTI_REVIEW_SHOTS")


@pytest.fixture
def driver() -> Iterator[Driver]:
    shell, ctx = make_app(size=(1280, 720))
    ctx.scenes.reset(MainMenuScene(ctx))
    shell.draw()
    yield Driver(shell, ctx)
    ctx.close_session()


def finish_round(driver: Driver, seed: int = 3) -> RoundSummaryScene:
    """Play the human's moves (with the mouse) until the round summary shows."""
    rng = random.Random(seed)
    while True:
        driver.wait_for_turn(timeout=20)
        top = driver.top
        if isinstance(top, RoundSummaryScene):
            return top
        driver.play(choose_move(list(legal_moves(driver.session.position)), rng), "double")


def wait_for_grades(driver: Driver, session: GameSession, round_no: int = 1) -> None:
    """Wait for the summary's analysis by the grading's own end (however slow the machine),
    then for the frames that show it."""
    play = session.played_round(round_no)
    assert play is not None
    session.round_grades.wait(600)
    driver.until(lambda: (lambda p: p[0] == p[1])(
        session.round_grades.progress(play, session.human_seats())))
    driver.frames(2)


def shot(driver: Driver, name: str) -> None:
    if SHOTS:
        driver.shell.draw()
        driver.shell.save_screenshot(Path(SHOTS) / f"{name}.png")


@pytest.mark.slow
def test_the_review_opens_from_the_summary_and_steps_through_the_round(driver: Driver) -> None:
    start_from_menu(driver, 2)
    summary = finish_round(driver)
    session = driver.session
    review_button = next(b for b in summary.buttons() if b.key == "review")
    assert review_button.enabled
    wait_for_grades(driver, session)
    shot(driver, "summary")
    driver.click(review_button.box.center)
    review = driver.top
    assert isinstance(review, ReviewScene) and review.reviewed.round_no == 1
    play = session.played_round(1)
    assert play is not None
    # The replay reaches the exact positions of the played round.
    assert review.reviewed.positions == play.positions()
    assert review.reviewed.positions[-1] == session.position
    first = review.reviewed.step
    assert play.moves[first][0] == 0  # it opens on the human's first decision
    shot(driver, "review-first")
    driver.key(pygame.K_RIGHT)
    assert review.reviewed.step == first + 1
    driver.key(pygame.K_LEFT)
    driver.key(pygame.K_END)
    assert review.reviewed.step == len(play.moves)
    driver.key(pygame.K_HOME)
    assert review.reviewed.step == 0
    # Every human decision is graded and shown; the table marks the played move.
    grades = review.reviewed.grades()
    assert sorted(grades) == play.plies_of({0})
    # The detail line counts the real choices; when the grade chips count more moves
    # (the forced ones), it says how many were left out.
    mine = [grades[ply] for ply in play.plies_of({0})]
    unforced = sum(not decision.forced for decision in mine)
    detail = review.panel.header.detail()
    assert f"over {unforced} decision" in detail
    assert (f"({len(mine) - unforced} move" in detail) == (unforced < len(mine))
    for ply in play.plies_of({0})[:6]:
        review.go(ply)
        driver.frames()
        deco = review.picture.decorations(review.picture.geometry())
        move = play.moves[ply][1]
        assert deco.picked == move.card and move.card in deco.card_rings
        decision = grades[ply]
        assert f"Move {ply + 1} of 48" in deco.status
        if not decision.was_best:
            assert any(g.card == decision.best.card for g in deco.ghosts)
            # A mistake says what happens next first, then the better move.
            assert "Better:" in deco.toast
            assert deco.toast.startswith("Better:") == (decision.refutation is None)
    # A click on a row of the move list jumps there.
    placed = review.panel.place()
    step, row = placed.rows[3]
    driver.click(row.center)
    assert review.reviewed.step == step
    # Opponent hands stay hidden until "all hands" is switched on.
    assert review.picture.decorations(review.picture.geometry()).face_up_hands == frozenset({0})
    driver.key(pygame.K_a)
    assert review.picture.decorations(review.picture.geometry()).face_up_hands == frozenset({0, 1})
    # "How did North play?"
    driver.key(pygame.K_g)
    session.round_grades.wait(600)
    driver.until(lambda: len(review.reviewed.grades()) >= 48)
    north = play.plies_of({1})[2]
    driver.click(next(b.box.center for b in review.panel.place().buttons if b.key == "next"))
    review.go(north)
    driver.frames()
    assert "Move" in review.picture.decorations(review.picture.geometry()).status
    shot(driver, "review-all-hands")
    driver.key(pygame.K_ESCAPE)
    assert driver.top is summary


def test_the_biggest_mistakes_jump_and_the_export_replays(driver: Driver,
                                                           capsys: pytest.CaptureFixture[str],
                                                           data_dir: Path) -> None:
    start_from_menu(driver, 2)
    finish_round(driver, seed=5)
    session = driver.session
    wait_for_grades(driver, session)
    driver.key(pygame.K_r)
    review = driver.top
    assert isinstance(review, ReviewScene)
    mistakes = review.panel.place().mistakes
    if mistakes:
        driver.key(pygame.K_1)
        assert review.reviewed.step == mistakes[0][0]
        driver.click(mistakes[-1][1].center)
        assert review.reviewed.step == mistakes[-1][0]
    driver.key(pygame.K_e)
    exported = list((data_dir / "rounds").glob("*.txt"))
    assert len(exported) == 1 and str(exported[0]) in review.message.text
    assert not review.message.problem and exported[0].stat().st_mode & 0o777 == 0o644
    capsys.readouterr()
    assert rules_cli(["replay", str(exported[0])]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[-1] == "replayed 48 moves (matches its end line)"
    assert out[-2] == session.position.notation()


def test_the_review_opens_from_a_restored_game_without_recomputing(driver: Driver) -> None:
    start_from_menu(driver, 2)
    summary = finish_round(driver, seed=7)
    session = driver.session
    wait_for_grades(driver, session)
    grades = session.round_grades.grades(1)
    driver.ctx.close_session()  # quit between rounds (the game is saved)
    restored, _message = driver.ctx.saved_session()
    assert restored is not None and restored.round_grades.grades(1) == grades

    driver.ctx.nav.match.play(restored)
    driver.frames(3)
    summary = driver.top
    assert isinstance(summary, RoundSummaryScene)
    driver.click(next(b.box.center for b in summary.buttons() if b.key == "review"))
    review = driver.top
    assert isinstance(review, ReviewScene)
    assert restored.round_grades.graded == 0 and not restored.round_grades.busy()
    assert review.reviewed.grades() == grades


@pytest.mark.slow
def test_the_match_end_shows_the_accuracy_and_reviews_every_round(driver: Driver) -> None:
    start_from_menu(driver, 2)
    session = driver.session
    rounds = 0
    rng = random.Random(11)
    while True:
        driver.wait_for_turn(timeout=20)
        top = driver.top
        if isinstance(top, MatchEndScene):
            break
        if isinstance(top, RoundSummaryScene):
            rounds += 1
            driver.click(next(b.box.center for b in top.buttons() if b.key == "next"))
            continue
        driver.play(choose_move(list(legal_moves(session.position)), rng), "double")
    end = driver.top
    assert isinstance(end, MatchEndScene)
    keys = [b.key for b in end.buttons() if b.key.startswith("round:")]
    assert keys == [f"round:{n}" for n in range(1, rounds + 1)]
    for number in range(1, rounds + 1):
        wait_for_grades(driver, session, number)
    line, running = end._accuracy or ("", True)
    assert "Your accuracy this match:" in line and not running
    shot(driver, "match-end")
    driver.click(next(b.box.center for b in end.buttons() if b.key == f"round:{rounds}"))
    review = driver.top
    assert isinstance(review, ReviewScene) and review.reviewed.round_no == rounds
    driver.key(pygame.K_ESCAPE)
    assert driver.top is end
    # The score sheet opens any round's review by its number too.
    driver.key(pygame.K_s)
    sheet = driver.top
    driver.key(pygame.K_1)
    review = driver.top
    assert isinstance(review, ReviewScene) and review.reviewed.round_no == 1
    driver.key(pygame.K_ESCAPE)
    assert driver.top is sheet
    assert isinstance(driver.ctx.scenes.find(TableScene), TableScene)


def test_an_export_that_cannot_be_written_says_why(data_dir: Path) -> None:
    from diloti_desktop.player_data import storage

    data_dir.mkdir(parents=True, exist_ok=True)
    (data_dir / "rounds").write_text("a file where the folder should be", encoding="utf-8")
    path, problem = storage.export_text("round.txt", "start hands=-/-\n")
    assert path is None and problem is not None and "could not be saved" in problem
    (data_dir / "rounds").unlink()
    path, problem = storage.export_text("round.txt", "start hands=-/-\n")
    assert problem is None and path is not None
    assert path.read_text(encoding="utf-8") == "start hands=-/-\n"


def test_the_summary_prepares_the_review_and_r_shows_the_same_picture(driver: Driver) -> None:
    """While the summary is idle it makes the review and draws its first step ahead
    (so that R opens it within a frame); R then shows that review, drawn exactly as a
    review made on the spot."""
    start_from_menu(driver, 2)
    summary = finish_round(driver)
    session = driver.session
    assert not summary._warmed
    assert summary.next_frame_in() < 0.1  # asks for idle frames to prepare the review
    wait_for_grades(driver, session)
    driver.until(lambda: summary._warmed)
    prepared = summary._review
    assert prepared is not None and prepared.picture._picture is not None
    assert summary.next_frame_in() > 0.1  # then idles again
    driver.key(pygame.K_r)
    assert driver.top is prepared
    driver.shell.draw()
    shown = pygame.image.tobytes(driver.shell.surface, "RGB")
    driver.key(pygame.K_ESCAPE)
    assert driver.top is summary
    driver.ctx.scenes.push(ReviewScene(driver.ctx, session, 1))  # made on the spot
    driver.shell.draw()
    assert pygame.image.tobytes(driver.shell.surface, "RGB") == shown


@pytest.mark.slow
def test_the_export_message_leaves_each_moves_advice_readable(driver: Driver) -> None:
    start_from_menu(driver, 2)
    finish_round(driver, seed=5)
    session = driver.session
    wait_for_grades(driver, session)
    driver.key(pygame.K_r)
    review = driver.top
    assert isinstance(review, ReviewScene)
    reviewed = review.reviewed
    worse = sorted(ply for ply, d in reviewed.grades().items() if not d.was_best
                   and not d.forced)
    assert len(worse) >= 2, "the test round should have two moves with a better one"
    review.press(f"step:{worse[0]}")  # as a click on its row
    driver.key(pygame.K_e)
    assert "Saved as" in review.message.text
    for ply in worse[:2]:
        while reviewed.step < ply:
            driver.key(pygame.K_RIGHT)
        decision = reviewed.decision()
        assert decision is not None
        deco = review.picture.decorations(review.picture.geometry())
        advice = decision_advice(decision, reviewed.positions[ply])
        assert "Better:" in advice and deco.toast == advice
        assert deco.status == review.message.text  # still said, on the status line


def test_the_mistake_keys_say_so_when_the_round_has_none(driver: Driver) -> None:
    # One card each and nothing left to deal: every decision is forced, so none is a
    # mistake.
    position = Position.parse("rules=2p hands=AH/KC loose=QC7H3D played=1")
    config = GameConfig(position.rules, (HUMAN, "Casual"), 3)
    session = GameSession(config, position, player_factory=random_players, ai_pace=0)
    driver.ctx.nav.match.play(session)
    driver.wait_for_turn()
    driver.play(next(iter(legal_moves(position))), "double")
    driver.until(lambda: isinstance(driver.top, RoundSummaryScene), timeout=20)
    wait_for_grades(driver, session)
    driver.key(pygame.K_r)
    review = driver.top
    assert isinstance(review, ReviewScene)
    driver.key(pygame.K_1, text="1")
    assert review.message.text == "No mistakes this round."
