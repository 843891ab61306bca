"""Find seeded positions whose best move (the hint) covers every move kind, for the
follow-the-hint GUI test (``tests/ui/data/hint_positions.txt``).

Usage: ``python -m lab.benchmarks.hint_positions > tests/ui/data/hint_positions.txt``.
Positions come from seeded games between Intermediate players, seat 0 to move; the test
recomputes every hint itself, so the file only fixes which positions are used.
"""

from __future__ import annotations

from diloti_desktop.ai.hints import analyse
from diloti_desktop.rules import seat_view
from diloti_desktop.rules.moves import Move, MoveKind
from lab.benchmarks.positions import game_positions

WANTED = {"lay": 10, "capture-single": 10, "capture-multi": 10, "capture-pile": 10,
          "build": 10, "family": 8, "raise": 8}


def category(move: Move) -> str:
    """The move kinds the issue lists."""
    if move.kind == MoveKind.LAY:
        return "lay"
    if move.kind == MoveKind.CAPTURE:
        if move.piles:
            return "capture-pile"
        return "capture-multi" if move.loose.bit_count() > 1 else "capture-single"
    return {MoveKind.BUILD: "build", MoveKind.FAMILY: "family"}.get(move.kind, "raise")


def main() -> None:
    """Print one ``category<TAB>notation`` line per chosen position."""
    found: dict[str, list[str]] = {name: [] for name in WANTED}
    seed = 300
    while any(len(found[k]) < n for k, n in WANTED.items()) and seed < 420:
        for players in (2, 4):
            for position in game_positions(players, 40, seed=seed, per_game=12):
                if position.turn != 0:
                    continue
                best = analyse(seat_view(position, 0))[0].move
                name = category(best)
                if len(found[name]) < WANTED[name]:
                    found[name].append(position.notation())
        seed += 1
    for name, notations in found.items():
        for notation in notations:
            print(f"{name}\t{notation}")


if __name__ == "__main__":
    main()
