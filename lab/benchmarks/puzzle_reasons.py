"""Whether every wrong try of every shipped puzzle is told why it loses.

Usage: ``python -m lab.benchmarks.puzzle_reasons``. For each distinct legal move of each
shipped puzzle that is not the answer, the puzzle's wrong-try answer is worked out as the
game does (:func:`diloti_desktop.ai.puzzle_ideas.wrong_try`: the refutation, else the
first difference of the exact lines) and phrased; the report counts the tries told by a
refutation, by the exact lines, and not at all (the bar: none), and the slowest.
"""

from __future__ import annotations

import time

from diloti_desktop.ai.features import distinct_moves
from diloti_desktop.ai.puzzle_ideas import wrong_try
from diloti_desktop.ai.puzzles import load_puzzles
from diloti_desktop.rules import seat_view
from diloti_desktop.rules.movegen import legal_moves
from diloti_desktop.ui.words.puzzle_words import wrong_reason


def main() -> None:
    """Print the counts."""
    refuted = by_lines = untold = 0
    slowest = 0.0
    for puzzle in load_puzzles():
        view = seat_view(puzzle.position, puzzle.seat)
        for move in distinct_moves(list(legal_moves(puzzle.position))):
            if puzzle.accepts(move):
                continue
            start = time.perf_counter()
            found, lines = wrong_try(view, move, puzzle.answer)
            slowest = max(slowest, time.perf_counter() - start)
            if not wrong_reason(found, lines, puzzle.position):
                untold += 1
                print(f"untold: {puzzle.ident} {move}")
            elif found is not None:
                refuted += 1
            else:
                by_lines += 1
    total = refuted + by_lines + untold
    print(f"wrong tries: {total}; told by a refutation {refuted}, by the exact lines "
          f"{by_lines}, not told {untold}; slowest {slowest:.1f} s")


if __name__ == "__main__":
    main()
