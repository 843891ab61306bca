""""Find the best move" puzzles: choosing positions where one move is clearly best.

A position makes a puzzle when the best move is worth at least :data:`PUZZLE_MARGIN`
round points more than every other distinct move. The values come from the exact
end-of-round solver when the seat's view fixes every hidden card (two players, the stock
empty: the other hand is exactly the cards not yet seen), else from the Master's
determinized search with a large budget (:data:`PUZZLE_SEARCH`). :func:`assess` returns
the values, :func:`clear_best` the answer, :func:`difficulty` how hard it is to see:
*easy* when the immediate-gain policy of the playouts already plays it, *medium* when the
Expert's search (sampling and playouts, no exact solving) finds it, *hard* when only the
exact solver does.

Puzzles are plain data (:class:`Puzzle`, JSON via :func:`puzzle_to_dict` and
:func:`load_puzzles`); ``build_scripts/make_puzzles.py`` generates the shipped set from
seeded games between the strongest levels and the tests re-verify a sample of it with
the same functions.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable
from enum import Enum
from importlib import resources
from typing import Any, Final, NamedTuple

from diloti_desktop.ai.features import distinct_moves, move_class
from diloti_desktop.ai.players import make_player
from diloti_desktop.ai.playout import greedy_move
from diloti_desktop.ai.search import (
    MoveValue,
    SearchConfig,
    can_solve,
    evaluate,
    position_from_view,
    solve,
)
from diloti_desktop.rules.movegen import candidate_moves, is_legal
from diloti_desktop.rules.moves import Move
from diloti_desktop.rules.position import PLAY, Position
from diloti_desktop.rules.view import SeatView, seat_view

#: The best move must beat every other by this many round points.
PUZZLE_MARGIN: Final = 2.0
#: Nodes the exact solver may visit for one puzzle (positions that need more are skipped).
SOLVE_NODES: Final = 400_000
#: The Master's search with a large budget, for positions whose hidden cards are not known.
PUZZLE_SEARCH: Final = SearchConfig(ply_budget=200_000, min_samples=100, max_samples=600,
                                    solve_nodes=SOLVE_NODES)
#: Where the shipped puzzles live, inside the package.
DATA_PACKAGE: Final = "diloti_desktop"
DATA_FILE: Final = "data/puzzles.json"
DATA_FORMAT: Final = 1


class Difficulty(Enum):
    """How hard a puzzle's answer is to see."""

    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"


class Assessment(NamedTuple):
    """Every distinct move of a position with its value for the mover, best first."""

    values: tuple[MoveValue, ...]
    exact: bool

    @property
    def gap(self) -> float:
        """How many points the best move is ahead of the second best (inf if alone)."""
        if len(self.values) < 2:
            return float("inf")
        return self.values[0].value - self.values[1].value


class Puzzle(NamedTuple):
    """A shipped puzzle: the position (complete), the answer and how it was judged."""

    ident: str
    position: Position
    answer: Move
    margin: float               #: points the answer is ahead of the next best move
    exact: bool                 #: values from the exact solver (else from sampling)
    difficulty: Difficulty
    moves: int                  #: distinct legal moves
    source: str                 #: where it comes from ("seed 3, round 2, move 41")

    @property
    def seat(self) -> int:
        """The seat to move: the player solving the puzzle."""
        return self.position.turn

    def accepts(self, move: Move) -> bool:
        """Whether ``move`` is the answer (or a move equivalent to it: same ranks, same
        point cards, so the same value)."""
        return move_class(move) == move_class(self.answer)


def assess(view: SeatView, nodes: int = SOLVE_NODES,
           config: SearchConfig = PUZZLE_SEARCH) -> Assessment | None:
    """Values of every distinct legal move of the view's seat; None if the exact solver
    would need more than ``nodes`` nodes or the position has fewer than two moves."""
    moves = distinct_moves(candidate_moves(view.position))
    if len(moves) < 2:
        return None
    if can_solve(view):
        solved = solve(position_from_view(view), nodes, moves)
        if solved is None:
            return None
        return Assessment(tuple(solved), True)
    rng = random.Random(f"puzzle:{view.seat}:{view.position.notation()}")
    return Assessment(tuple(evaluate(view, config._replace(solve_nodes=0), rng, moves)),
                      False)


def clear_best(assessment: Assessment | None, margin: float = PUZZLE_MARGIN) -> Move | None:
    """The best move when it beats every other distinct move by ``margin``, else None."""
    if assessment is None or assessment.gap < margin:
        return None
    return assessment.values[0].move


def difficulty(position: Position, answer: Move) -> Difficulty:
    """Easy if the immediate-gain policy (the playouts' greedy move) plays ``answer``,
    medium if the Expert's search (sampling and playouts, no exact solving) finds it, hard
    when only the exact solver does."""
    moves = candidate_moves(position)
    key = move_class(answer)
    if move_class(greedy_move(position, moves)) == key:
        return Difficulty.EASY
    expert = make_player("Expert", seed=0)
    if move_class(expert.choose(seat_view(position, position.turn))) == key:
        return Difficulty.MEDIUM
    return Difficulty.HARD


def seat_zero_to_move(position: Position) -> Position:
    """The same two-player position with the seats swapped when seat 1 is to move, so the
    puzzle's solver sits at the bottom of the table as "You" (values do not change)."""
    if position.rules.players != 2 or position.turn == 0:
        return position

    def swap(pair: tuple[int, int]) -> tuple[int, int]:
        return pair[1], pair[0]

    def other(seat: int) -> int:
        return seat if seat < 0 else 1 - seat

    return position._replace(
        turn=0, dealer=other(position.dealer), hands=position.hands[::-1],
        piles=tuple(p._replace(owner=1 - p.owner) for p in position.piles),
        captured=swap(position.captured), xeris=swap(position.xeris),
        xeristakia=swap(position.xeristakia), last_capturer=other(position.last_capturer),
        scores=swap(position.scores), winner=other(position.winner))


def make_puzzle(position: Position, ident: str, source: str,
                margin: float = PUZZLE_MARGIN, nodes: int = SOLVE_NODES,
                exact_only: bool = True) -> Puzzle | None:
    """The puzzle ``position`` makes (its mover solving it), or None if it makes none."""
    if position.phase != PLAY:
        return None
    position = seat_zero_to_move(position)
    view = seat_view(position, position.turn)
    if exact_only and not can_solve(view):
        return None
    assessment = assess(view, nodes)
    answer = clear_best(assessment, margin)
    if answer is None or assessment is None:
        return None
    return Puzzle(ident, position, answer, round(assessment.gap, 2), assessment.exact,
                  difficulty(position, answer), len(assessment.values), source)


def verify(puzzle: Puzzle, nodes: int = SOLVE_NODES) -> str | None:
    """Re-check a puzzle from scratch; None when it holds, else what is wrong."""
    if not is_legal(puzzle.position, puzzle.answer):
        return f"{puzzle.ident}: the answer {puzzle.answer} is not legal"
    view = seat_view(puzzle.position, puzzle.seat)
    assessment = assess(view, nodes)
    if assessment is None:
        return f"{puzzle.ident}: the position could not be assessed"
    if not puzzle.accepts(assessment.values[0].move):
        return f"{puzzle.ident}: the best move is {assessment.values[0].move}, not the answer"
    if assessment.gap < PUZZLE_MARGIN - 1e-9:
        return f"{puzzle.ident}: the answer is only {assessment.gap:.2f} points ahead"
    if abs(assessment.gap - puzzle.margin) > 0.01 and puzzle.exact:
        return f"{puzzle.ident}: margin {assessment.gap:.2f}, recorded {puzzle.margin}"
    graded = difficulty(puzzle.position, puzzle.answer)
    if graded != puzzle.difficulty:
        return f"{puzzle.ident}: graded {graded.value}, recorded {puzzle.difficulty.value}"
    return None


# -- data ------------------------------------------------------------------------------
def puzzle_to_dict(puzzle: Puzzle) -> dict[str, Any]:
    """A JSON-ready record."""
    return {"id": puzzle.ident, "position": puzzle.position.notation(),
            "answer": puzzle.answer.notation(), "margin": puzzle.margin,
            "exact": puzzle.exact, "difficulty": puzzle.difficulty.value,
            "moves": puzzle.moves, "source": puzzle.source}


def puzzle_from_dict(data: dict[str, Any]) -> Puzzle:
    """Parse a record; raises ValueError (or the rules core's notation errors)."""
    return Puzzle(str(data["id"]), Position.parse(str(data["position"])),
                  Move.parse(str(data["answer"])), float(data["margin"]),
                  bool(data["exact"]), Difficulty(data["difficulty"]), int(data["moves"]),
                  str(data["source"]))


def dump_puzzles(puzzles: Iterable[Puzzle], meta: dict[str, Any]) -> str:
    """The data file's text."""
    return json.dumps({"format": DATA_FORMAT, "meta": meta,
                       "puzzles": [puzzle_to_dict(p) for p in puzzles]},
                      ensure_ascii=False, indent=1) + "\n"


def load_puzzles(text: str | None = None) -> list[Puzzle]:
    """The shipped puzzles (or those in ``text``), easiest first; [] when missing."""
    if text is None:
        try:
            text = (resources.files(DATA_PACKAGE) / DATA_FILE).read_text(encoding="utf-8")
        except (OSError, ModuleNotFoundError):
            return []
    data = json.loads(text)
    if data.get("format") != DATA_FORMAT:
        raise ValueError("unknown puzzle data format")
    order = {d: i for i, d in enumerate(Difficulty)}
    puzzles = [puzzle_from_dict(record) for record in data["puzzles"]]
    puzzles = [p._replace(position=seat_zero_to_move(p.position)) for p in puzzles]
    return sorted(puzzles, key=lambda p: (order[p.difficulty], p.ident))
