"""A puzzle's tries: a wrong try worth the same as an earlier one costs none, a move
equivalent to the answer solves it, and each wrong try carries what it loses."""

from __future__ import annotations

from diloti_desktop.ai.features import distinct_moves
from diloti_desktop.ai.puzzles import equivalent, load_puzzles
from diloti_desktop.controller import offload
from diloti_desktop.controller.guided import GuidedSession, PuzzleCoach
from diloti_desktop.rules.movegen import legal_moves
from tests.controller.helpers import nap, until
from tests.ui.driver import random_players


def puzzle_with_equal_wrong_moves():  # type: ignore[no-untyped-def]
    """A shipped puzzle with two different wrong moves that are equivalent."""
    for puzzle in load_puzzles():
        moves = list(legal_moves(puzzle.position))
        for first in moves:
            for second in moves:
                if (first != second and not puzzle.accepts(first)
                        and equivalent(puzzle.position, first, second)):
                    return puzzle, first, second
    raise AssertionError("no shipped puzzle has two equivalent wrong moves")


def test_an_equivalent_wrong_try_costs_no_try() -> None:
    puzzle, first, second = puzzle_with_equal_wrong_moves()
    coach = PuzzleCoach(puzzle)
    assert coach.judge(puzzle.position, first) is not None
    assert coach.tries == 1 and coach.last_wrong is not None and not coach.last_wrong.again
    assert coach.judge(puzzle.position, second) is not None
    assert coach.tries == 1 and coach.last_wrong.again and coach.last_wrong.left == 2
    assert coach.judge(puzzle.position, first) is not None  # the same move again
    assert coach.tries == 1 and not coach.revealed


def test_three_different_wrong_tries_reveal_the_answer_with_their_losses() -> None:
    puzzle = load_puzzles()[0]
    coach = PuzzleCoach(puzzle)
    wrong = [m for m in distinct_moves(list(legal_moves(puzzle.position)))
             if not puzzle.accepts(m)]
    for number, move in enumerate(wrong[:3], start=1):
        coach.judge(puzzle.position, move)
        assert coach.tries == number and coach.last_wrong is not None
        assert coach.last_wrong.loss is not None and coach.last_wrong.loss >= puzzle.margin
    assert coach.revealed and coach.last_wrong.left == 0


def test_every_move_equivalent_to_the_answer_is_right() -> None:
    for puzzle in load_puzzles():
        for move in legal_moves(puzzle.position):
            if equivalent(puzzle.position, move, puzzle.answer):
                assert PuzzleCoach(puzzle).judge(puzzle.position, move) is None


def test_leaving_a_puzzle_ends_the_study_its_panel_started() -> None:
    """The panel's exact solves run for seconds in a worker process: a player who leaves
    the puzzle gets the worker back at once (the study is abandoned, never finished)."""
    puzzle = load_puzzles()[0]
    guided = GuidedSession(PuzzleCoach(puzzle), player_factory=random_players, ai_pace=0.0)
    pool = offload.start(workers=1)
    try:
        guided.studies.study("slow", puzzle.position, nap, 60)
        until(lambda: bool(guided.studies._cancel._working))  # the worker has the call
        guided.session.close()  # what leaving the puzzle's table does
        assert guided.session.wait_for_work(timeout=10)  # ended, not slept out
        guided.turns.update()
        assert guided.studies.results == {"slow": None}
        assert pool.alive() == 0 and pool.fallbacks == 0
        guided.studies.study("later", puzzle.position, nap, 0)
        assert guided.studies.pending() == [None]  # nothing starts once closed
    finally:
        offload.stop()
