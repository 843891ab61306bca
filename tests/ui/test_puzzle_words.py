"""The puzzles' words: the answer's "why" tells only differences from the best other move
(easy #4's kept Jack and the leftovers), never chances where every card is known; a
wrong try says what it loses; every theme has a name and an idea."""

from __future__ import annotations

import pytest

from diloti_desktop.ai.features import distinct_moves
from diloti_desktop.ai.puzzle_ideas import Theme, contrast, wrong_try
from diloti_desktop.ai.puzzles import Puzzle, load_puzzles
from diloti_desktop.controller.guided import WrongTry
from diloti_desktop.rules.movegen import legal_moves
from diloti_desktop.rules.moves import Move
from diloti_desktop.rules.view import seat_view
from diloti_desktop.ui.words.puzzle_words import (
    THEMES,
    idea_text,
    theme_name,
    why_lines,
    wrong_reason,
    wrong_try_text,
)
from tests.ai.test_puzzle_ideas import KEEP_THE_JACK, TWO_FOURS


def test_keeping_the_jack_says_so_and_the_leftovers() -> None:
    found = contrast(seat_view(KEEP_THE_JACK, 0), Move.parse("TS"))
    assert found is not None
    said = " ".join(why_lines(found, KEEP_THE_JACK))
    assert "You keep J♠ to take North's J♦ when it is laid." in said
    assert "You make the last capture, so the" in said
    assert "Next best: Lay J♠ on the table (" in said


def test_the_why_names_no_sweep_both_moves_avoid_and_no_chance() -> None:
    found = contrast(seat_view(TWO_FOURS, 0), Move.parse("9S x [AC8C]"))
    assert found is not None
    said = " ".join(why_lines(found, TWO_FOURS))
    if not found.xeris_denied and not found.xeris_won:
        assert "xeri" not in said and "sweep" not in said
    for word in ("likely", "chance", "%", "unseen"):
        assert word not in said


def test_a_wrong_try_says_what_it_loses_and_an_equal_one_costs_nothing() -> None:
    move = Move.parse("4S x 4C")
    said = wrong_try_text(WrongTry(move, 4.0, 2, False), TWO_FOURS, revealed=False)
    assert said.startswith("Take 4♣ with 4♠? That loses 4 points by the end of the round "
                           "against the best move.")
    assert said.endswith("2 tries left.")
    again = wrong_try_text(WrongTry(move, 4.0, 2, True), TWO_FOURS, revealed=False)
    assert "costs no try" in again
    last = wrong_try_text(WrongTry(move, 4.0, 0, False), TWO_FOURS, revealed=True,
                          refutation="North then takes your 9♠.")
    assert "North then takes your 9♠." in last and last.endswith("Here is the answer.")


def test_every_theme_has_a_name_and_an_idea() -> None:
    assert set(THEMES) == set(Theme) and len(Theme) >= 6
    for theme in Theme:
        assert theme_name(theme)
        assert idea_text((theme,)).startswith("Idea: ")
    assert idea_text(()) == ""


def test_a_wrong_try_the_next_plies_do_not_refute_is_told_by_the_exact_lines() -> None:
    view = seat_view(KEEP_THE_JACK, 0)
    answer, spent = Move.parse("TS"), Move.parse("JS")
    found = contrast(view, answer, spent)
    said = wrong_reason(None, found, KEEP_THE_JACK)
    assert said.startswith("Then North makes the last capture and takes the cards left")
    assert wrong_reason(None, None, KEEP_THE_JACK) == ""


#: Every how many shipped puzzles the test checks (all of them take minutes: the whole set
#: is measured by ``python -m lab.benchmarks.puzzle_reasons``).
PUZZLE_STRIDE = 9


def sample() -> list[Puzzle]:
    """Every :data:`PUZZLE_STRIDE`-th shipped puzzle, one test each so that pytest-xdist
    spreads them over the cores."""
    return load_puzzles()[::PUZZLE_STRIDE]


@pytest.mark.slow
@pytest.mark.parametrize("puzzle", sample(), ids=lambda p: p.ident)
def test_every_wrong_try_of_the_shipped_puzzles_is_told_why_it_loses(puzzle: Puzzle) -> None:
    view = seat_view(puzzle.position, puzzle.seat)
    for move in distinct_moves(list(legal_moves(puzzle.position))):
        if not puzzle.accepts(move):
            refuted, found = wrong_try(view, move, puzzle.answer)
            assert wrong_reason(refuted, found, puzzle.position), (puzzle.ident, move)
