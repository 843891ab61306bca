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

import itertools
import json
import random
from collections.abc import Iterable
from enum import Enum
from importlib import resources
from typing import Any, Final, NamedTuple

from diloti_desktop.ai.features import class_multiset, distinct_moves, move_class, outcome
from diloti_desktop.ai.players import make_player
from diloti_desktop.ai.playout import greedy_move
from diloti_desktop.ai.puzzle_ideas import MAX_THEMES, Theme, contrast, themes
from diloti_desktop.ai.search import (
    MoveValue,
    SearchConfig,
    can_solve,
    evaluate,
    position_from_view,
    solve,
)
from diloti_desktop.rules.movegen import candidate_moves, is_legal
from diloti_desktop.rules.moves import Move, MoveKind
from diloti_desktop.rules.position import PLAY, Position
from diloti_desktop.rules.view import SeatView, seat_view

#: The best move must beat every other by this many round points.
PUZZLE_MARGIN: Final = 2.0
#: Distinct moves a puzzle offers at the least: with fewer, trying everything solves it.
MIN_MOVES: Final = 4
#: Nodes the exact solver may visit for one puzzle (positions that need more are skipped).
SOLVE_NODES: Final = 400_000
#: The Master's search with a large budget, for positions whose hidden cards are not known.
PUZZLE_SEARCH: Final = SearchConfig(ply_budget=200_000, min_samples=100, max_samples=600,
                                    solve_nodes=SOLVE_NODES)
#: Where the shipped puzzles live, inside the package.
DATA_PACKAGE: Final = "diloti_desktop"
DATA_FILE: Final = "data/puzzles.json"
DATA_FORMAT: Final = 2


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
    themes: tuple[Theme, ...] = ()  #: the ideas it teaches (from the exact lines)
    #: every distinct move with its value for the solver, best first (exact puzzles)
    values: tuple[tuple[Move, float], ...] = ()

    @property
    def seat(self) -> int:
        """The seat to move: the player solving the puzzle."""
        return self.position.turn

    def accepts(self, move: Move) -> bool:
        """Whether ``move`` is the answer or equivalent to it (:func:`equivalent`)."""
        return equivalent(self.position, move, self.answer)

    def loss(self, move: Move) -> float | None:
        """Round points ``move`` loses against the answer; None when not recorded."""
        if not self.values:
            return None
        best = self.values[0][1]
        for other, value in self.values:
            if equivalent(self.position, move, other):
                return round(max(0.0, best - value), 2)
        return None


def result_key(position: Position, move: Move) -> tuple[object, ...]:
    """What ``move`` leaves behind, up to swapping cards nobody can tell apart: the hand,
    the cards taken, a xeri, the table's loose cards and piles."""
    effect = outcome(position, move)
    hand = position.hands[position.turn] & ~(1 << move.card)
    declared = move.kind in (MoveKind.BUILD, MoveKind.FAMILY, MoveKind.RAISE)
    return (class_multiset(hand), class_multiset(effect.taken), effect.xeri,
            class_multiset(effect.loose_after), effect.piles_after,
            class_multiset(effect.pile_cards), declared and move.kind == MoveKind.FAMILY)


def equivalent(position: Position, first: Move, second: Move) -> bool:
    """Whether two legal moves of ``position`` are worth the same for certain: the same
    class (:func:`move_class`) or the same result (:func:`result_key`)."""
    return (move_class(first) == move_class(second)
            or result_key(position, first) == result_key(position, second))


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
    if len(distinct_moves(candidate_moves(position))) < MIN_MOVES:
        return None
    assessment = assess(view, nodes)
    answer = clear_best(assessment, margin)
    if answer is None or assessment is None:
        return None
    ideas = puzzle_themes(position, answer)
    if not ideas:
        return None
    return Puzzle(ident, position, answer, round(assessment.gap, 2), assessment.exact,
                  difficulty(position, answer), len(assessment.values), source, ideas,
                  tuple((v.move, round(v.value, 2)) for v in assessment.values))


def puzzle_themes(position: Position, answer: Move) -> tuple[Theme, ...]:
    """The ideas the answer teaches, from the exact lines (none if they cannot be solved
    or the position is not complete)."""
    found = contrast(seat_view(position, position.turn), answer)
    return themes(found) if found is not None else ()


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
    if len(assessment.values) < MIN_MOVES:
        return f"{puzzle.ident}: only {len(assessment.values)} distinct moves"
    ideas = puzzle_themes(puzzle.position, puzzle.answer)
    if ideas != puzzle.themes:
        return f"{puzzle.ident}: themes {[t.value for t in ideas]}, recorded " \
               f"{[t.value for t in puzzle.themes]}"
    for (move, value), found in zip(puzzle.values, assessment.values, strict=False):
        if abs(value - found.value) > 0.01 or not equivalent(puzzle.position, move,
                                                             found.move):
            return f"{puzzle.ident}: recorded {move} at {value}, solved {found.move} at " \
                   f"{found.value:.2f}"
    if len(puzzle.values) != len(assessment.values):
        return f"{puzzle.ident}: {len(puzzle.values)} values for {len(assessment.values)} moves"
    return None


# -- data ------------------------------------------------------------------------------
def puzzle_to_dict(puzzle: Puzzle) -> dict[str, Any]:
    """A JSON-ready record."""
    return {"id": puzzle.ident, "position": puzzle.position.notation(),
            "answer": puzzle.answer.notation(), "margin": puzzle.margin,
            "exact": puzzle.exact, "difficulty": puzzle.difficulty.value,
            "moves": puzzle.moves, "source": puzzle.source,
            "themes": [theme.value for theme in puzzle.themes],
            "values": [[move.notation(), value] for move, value in puzzle.values]}


def puzzle_from_dict(data: dict[str, Any]) -> Puzzle:
    """Parse a record; raises ValueError (the rules core's notation errors are ValueErrors).

    Every field is checked for its type and bounds, and the answer for legality in its
    position, so a damaged record is refused here rather than failing on the table.
    """
    def text(key: str, longest: int) -> str:
        value = data.get(key)
        if not isinstance(value, str) or not 0 < len(value) <= longest:
            raise ValueError(f"{key} is not a text of 1 to {longest} characters")
        return value

    margin, exact, moves = data.get("margin"), data.get("exact"), data.get("moves")
    if isinstance(margin, bool) or not isinstance(margin, int | float) or not (
            0 <= margin <= MAX_MARGIN):
        raise ValueError(f"margin is not a number from 0 to {MAX_MARGIN}")
    if not isinstance(exact, bool):
        raise ValueError("exact is not true or false")
    if type(moves) is not int or not MIN_MOVES <= moves <= MAX_MOVES:
        raise ValueError(f"moves is not a whole number from {MIN_MOVES} to {MAX_MOVES}")
    try:
        level = Difficulty(data.get("difficulty"))
    except ValueError:
        raise ValueError(f"difficulty is not one of {', '.join(d.value for d in Difficulty)}"
                         ) from None
    position = Position.parse(text("position", MAX_NOTATION_CHARS))
    answer = Move.parse(text("answer", MAX_NOTATION_CHARS))
    if position.phase != PLAY or not is_legal(position, answer):
        raise ValueError("the answer is not a legal move of the position")
    return Puzzle(text("id", MAX_TEXT_CHARS), position, answer, float(margin), exact, level,
                  moves, text("source", MAX_TEXT_CHARS), _themes(data.get("themes")),
                  _values(data.get("values"), position, answer, moves))


def _themes(data: object) -> tuple[Theme, ...]:
    """A record's themes: one to :data:`MAX_THEMES` known names, none twice."""
    if not isinstance(data, list) or not 0 < len(data) <= MAX_THEMES:
        raise ValueError(f"themes is not a list of 1 to {MAX_THEMES} names")
    try:
        found = tuple(Theme(name) for name in data)
    except ValueError:
        raise ValueError(f"themes are not among {', '.join(t.value for t in Theme)}"
                         ) from None
    if len(set(found)) != len(found):
        raise ValueError("a theme is named twice")
    return found


def _values(data: object, position: Position, answer: Move, moves: int
            ) -> tuple[tuple[Move, float], ...]:
    """A record's move values: one [move, value] pair per distinct move, legal, best
    first, the answer's first."""
    if not isinstance(data, list) or len(data) != moves:
        raise ValueError("values is not a list of one pair per distinct move")
    result: list[tuple[Move, float]] = []
    for pair in data:
        if not (isinstance(pair, list) and len(pair) == 2 and isinstance(pair[0], str)
                and 0 < len(pair[0]) <= MAX_NOTATION_CHARS
                and isinstance(pair[1], int | float) and not isinstance(pair[1], bool)
                and abs(pair[1]) <= MAX_MARGIN):
            raise ValueError("a value is not a [move, points] pair")
        move = Move.parse(pair[0])
        if not is_legal(position, move):
            raise ValueError(f"{pair[0]} is not a legal move of the position")
        result.append((move, float(pair[1])))
    if any(a[1] < b[1] for a, b in itertools.pairwise(result)):
        raise ValueError("the values are not best first")
    if not equivalent(position, result[0][0], answer):
        raise ValueError("the first value is not the answer's")
    if len(distinct_moves([move for move, _value in result])) != len(result):
        raise ValueError("two values are for the same move")
    return tuple(result)


#: Bounds of a shipped puzzle's fields (the shipped ones are far inside them).
MAX_MARGIN: Final = 1000
MAX_MOVES: Final = 100_000
MAX_NOTATION_CHARS: Final = 2000
MAX_TEXT_CHARS: Final = 200
MAX_PUZZLES: Final = 100_000


def parse_puzzles(data: object) -> list[Puzzle]:
    """The puzzles of a parsed data file, easiest first; raises ValueError naming the
    first problem (a file of another format, a record that is not a puzzle)."""
    if not isinstance(data, dict) or data.get("format") != DATA_FORMAT:
        raise ValueError("not a puzzle file of this version")
    records = data.get("puzzles")
    if not isinstance(records, list) or len(records) > MAX_PUZZLES:
        raise ValueError(f"puzzles is not a list of at most {MAX_PUZZLES}")
    puzzles: list[Puzzle] = []
    for number, record in enumerate(records, start=1):
        if not isinstance(record, dict):
            raise ValueError(f"puzzle {number} is not a record")
        try:
            puzzles.append(puzzle_from_dict(record))
        except ValueError as error:
            raise ValueError(f"puzzle {number}: {str(error)[:200]}") from None
    if len({p.ident for p in puzzles}) != len(puzzles):
        raise ValueError("two puzzles have the same id")
    order = {d: i for i, d in enumerate(Difficulty)}
    puzzles = [p._replace(position=seat_zero_to_move(p.position)) for p in puzzles]
    return sorted(puzzles, key=lambda p: (order[p.difficulty], p.ident))


def dump_puzzles(puzzles: Iterable[Puzzle], meta: dict[str, Any]) -> str:
    """The data file's text."""
    return json.dumps({"format": DATA_FORMAT, "meta": meta,
                       "puzzles": [puzzle_to_dict(p) for p in puzzles]},
                      ensure_ascii=False, indent=1) + "\n"


def load_puzzles(text: str | None = None) -> list[Puzzle]:
    """The shipped puzzles (or those in ``text``), easiest first; raises ValueError.

    For tools and tests: the game reads the shipped file through the player files' bounded
    reader instead (:func:`diloti_desktop.player_data.learning_progress.load_puzzles`).
    """
    if text is None:
        text = (resources.files(DATA_PACKAGE) / DATA_FILE).read_text(encoding="utf-8")
    return parse_puzzles(json.loads(text))
