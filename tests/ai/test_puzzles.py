"""The shipped puzzles: valid data, legal answers, and (on a sample) the exact solver's
unique best move by the stated margin, re-verified from scratch."""

from __future__ import annotations

import random
import tomllib
from pathlib import Path

import pytest

from diloti_desktop.ai.puzzle_ideas import Theme
from diloti_desktop.ai.puzzles import (
    MIN_MOVES,
    PUZZLE_MARGIN,
    Difficulty,
    assess,
    clear_best,
    dump_puzzles,
    load_puzzles,
    make_puzzle,
    seat_zero_to_move,
    verify,
)
from diloti_desktop.rules.movegen import legal_moves
from diloti_desktop.rules.position import PLAY, Position
from diloti_desktop.rules.view import seat_view

ROOT = Path(__file__).resolve().parents[2]
PUZZLES = load_puzzles()


def test_at_least_sixty_puzzles_of_every_difficulty() -> None:
    assert len(PUZZLES) >= 60
    for level in Difficulty:
        assert sum(1 for p in PUZZLES if p.difficulty == level) >= 5


def test_every_puzzle_is_a_legal_position_with_a_legal_answer() -> None:
    assert PUZZLES
    assert len({p.ident for p in PUZZLES}) == len(PUZZLES)
    for puzzle in PUZZLES:
        position = puzzle.position
        assert position.phase == PLAY and position.turn == 0 and not position.stock
        assert Position.parse(position.notation()) == position
        assert puzzle.answer in legal_moves(position), puzzle.ident
        assert puzzle.margin >= PUZZLE_MARGIN and puzzle.exact
        assert puzzle.moves >= MIN_MOVES
        assert isinstance(puzzle.difficulty, Difficulty)
        # every card is somewhere exactly once
        masks = position.accounted_cards()
        assert sum(m.bit_count() for m in masks) == 52
        total = 0
        for mask in masks:
            assert not total & mask
            total |= mask


@pytest.mark.slow
def test_a_sample_is_the_exact_solvers_unique_best_by_the_margin() -> None:
    sample = random.Random(10).sample(PUZZLES, min(4, len(PUZZLES)))
    for puzzle in sample:
        assert verify(puzzle) is None


def test_a_position_with_no_clear_best_move_makes_no_puzzle() -> None:
    # The last three cards, none worth a point: laying the 2 or the 3 first ends the same.
    position = Position.parse(
        "hands=2S3S/4C last=0 played=49 captured=ASAD2H2C3D4S4D5H5C6H6C7H7C8H8C9H9CTHTCJHJCQH"
        "QCKHKC/AHAC2D3H3C4H5S5D6S6D7S7D8S8D9S9DTSTDJSJDQSQDKSKD")
    assessment = assess(seat_view(position, 0))
    assert assessment is not None and assessment.exact
    assert assessment.gap == 0 and clear_best(assessment) is None
    assert make_puzzle(position, "x", "test") is None


def test_an_obvious_sweep_is_an_easy_puzzle() -> None:
    # three cards each, so that the solver has four distinct moves (MIN_MOVES)
    position = Position.parse("hands=8S2DQD/KC5HJC loose=3H5C played=42 "
                              "captured=ASAH2H2C3D3C4C5S6S7S7H8C9S9DJSJHQCKSKH/"
                              "ADAC2S3S4S4H4D5D6H6D6C7D7C8H8D9H9CTSTHTDTCJDQSQHKD")
    puzzle = make_puzzle(position, "sweep", "test")
    assert puzzle is not None and puzzle.exact
    assert puzzle.answer.notation() == "8S x 3H 5C" and puzzle.margin >= 10
    assert Theme.SWEEP in puzzle.themes
    assert puzzle.accepts(puzzle.answer) and not puzzle.accepts(list(legal_moves(position))[-1])
    assert puzzle.difficulty == Difficulty.EASY


def test_seat_one_puzzles_are_turned_so_the_solver_sits_at_the_bottom() -> None:
    position = Position.parse("hands=KC5H/8S2D loose=3H5C turn=1 last=0 piles=- "
                              "score=10/20 played=45")
    turned = seat_zero_to_move(position)
    assert turned.turn == 0 and turned.hands == (position.hands[1], position.hands[0])
    assert turned.scores == (20, 10) and turned.last_capturer == 1


def test_the_data_round_trips_and_ships_with_the_package() -> None:
    text = dump_puzzles(PUZZLES, {"rounds": 1})
    assert [p.ident for p in load_puzzles(text)] == [p.ident for p in PUZZLES]
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    globs = config["tool"]["setuptools"]["package-data"]["diloti_desktop"]
    assert "data/*.json" in globs
    assert (ROOT / "diloti_desktop" / "data" / "puzzles.json").is_file()
    spec = (ROOT / "build_scripts" / "diloti.spec").read_text(encoding="utf-8")
    assert '"diloti_desktop/data"' in spec
