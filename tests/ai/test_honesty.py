"""The AI sees only its seat's view: hidden cards cannot change a decision.

Three angles: reshuffling the hidden cards consistently with the view leaves every
level's decision unchanged; the tournament hands players views with the other hands and
the stock removed; and the AI modules have no way to reach a full position (no imports
of the view builder, no private state of the rules core, no introspection).
"""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

from diloti_desktop.ai import make_player
from diloti_desktop.rules import Move, Position, Ruleset, SeatView, legal_moves, seat_view
from lab.tournament import play_match
from tests.ai.helpers import game_positions, small_master

AI_DIR = Path(__file__).resolve().parents[2] / "diloti_desktop" / "ai"
#: Modules that drive games and so may build views from full positions: puzzles.py picks
#: puzzle positions from whole seeded games (it judges moves from the seat view only). The
#: lab (lab/: tournaments, the audit, the oracle) drives games too, outside the package.
DRIVERS = {"puzzles.py"}


def reshuffled(position: Position, seat: int, seed: int) -> Position:
    """The same situation for ``seat`` with the hidden cards dealt differently."""
    return seat_view(position, seat).sample(random.Random(seed))


@pytest.fixture(scope="module")
def positions() -> list[Position]:
    return (game_positions(2, 8, seed=21) + game_positions(4, 4, seed=22))


def test_reshuffled_positions_really_differ_but_look_the_same(positions: list) -> None:
    differing = 0
    for position in positions:
        seat = position.turn
        other = reshuffled(position, seat, 1)
        assert seat_view(other, seat) == seat_view(position, seat)
        differing += other.hands != position.hands or other.stock != position.stock
    assert differing >= len(positions) // 2  # (an empty stock in 2 players hides nothing)


@pytest.mark.parametrize("level", ["Random", "Novice", "Casual", "Intermediate",
                                   pytest.param("Expert", marks=pytest.mark.slow)])
def test_decisions_ignore_hidden_cards(level: str, positions: list) -> None:
    for position in positions:
        seat = position.turn
        player = make_player(level, seed=31)
        original = player.choose(seat_view(position, seat))
        for seed in (1, 2):
            other = reshuffled(position, seat, seed)
            assert make_player(level, seed=31).choose(seat_view(other, seat)) == original


def test_master_decisions_ignore_hidden_cards(positions: list) -> None:
    for position in positions[::4]:
        seat = position.turn
        original = small_master(31).choose(seat_view(position, seat))
        other = reshuffled(position, seat, 7)
        assert small_master(31).choose(seat_view(other, seat)) == original


class SpyPlayer:
    """Records what it is shown; plays the first legal move."""

    name = "Spy"

    def __init__(self) -> None:
        self.views: list[SeatView] = []

    def choose(self, view: SeatView) -> Move:
        self.views.append(view)
        return next(legal_moves(view.position))


@pytest.mark.parametrize("players", [2, 4])
def test_players_are_shown_views_without_hidden_cards(players: int) -> None:
    spies = [SpyPlayer() for _ in range(players)]
    final, _, _ = play_match(spies, Ruleset(players=players, target=15), seed=5)
    assert final.winner in (0, 1)
    for seat, spy in enumerate(spies):
        assert spy.views
        for view in spy.views:
            assert view.seat == seat
            assert view.position.stock == ()
            assert all(hand == 0 for s, hand in enumerate(view.position.hands) if s != seat)
            assert view.hand == view.position.hands[seat]
            # The deal's earlier positions hide every hand, the seat's own included.
            assert all(p.hands == (0,) * players and p.stock == () for p, _ in view.deal)
        assert any(view.deal for view in spy.views)


def _ai_modules() -> list[Path]:
    return sorted(p for p in AI_DIR.glob("*.py") if p.name not in DRIVERS)


def test_ai_modules_cannot_reach_a_full_position() -> None:
    assert len(_ai_modules()) >= 8
    for path in _ai_modules():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                module = node.module or ""
                names = {alias.name for alias in node.names}
                assert not module.startswith(("diloti_desktop.controller", "diloti_desktop.ui",
                                              "pygame", "numpy")), (path.name, module)
                assert "seat_view" not in names, f"{path.name} builds views from positions"
                assert not any(n.startswith("_") and n != "_" for n in names), (path.name, names)
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    assert alias.name.split(".")[0] not in (
                        "gc", "inspect", "ctypes", "pygame", "numpy"), (path.name, alias.name)
            elif isinstance(node, ast.Attribute):
                # e.g. movegen._last_position would be the last position anyone looked at
                assert not (node.attr.startswith("_") and not node.attr.startswith("__")
                            and node.attr not in ("_replace", "_fields")), (
                    path.name, node.attr, node.lineno)
            elif isinstance(node, ast.Name):
                assert node.id not in ("globals", "vars", "eval", "exec"), (path.name, node.id)


def test_ai_package_imports_only_the_rules_core_and_the_standard_library() -> None:
    allowed_roots = {"diloti_desktop", "__future__"}
    import sys

    stdlib = set(sys.stdlib_module_names)
    for path in sorted(AI_DIR.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            modules = []
            if isinstance(node, ast.ImportFrom) and node.module:
                modules = [node.module]
            elif isinstance(node, ast.Import):
                modules = [a.name for a in node.names]
            for module in modules:
                root = module.split(".")[0]
                assert root in allowed_roots or root in stdlib, (path.name, module)
                if root == "diloti_desktop":
                    assert module.startswith(("diloti_desktop.rules", "diloti_desktop.ai",
                                              "diloti_desktop.i18n")), (path.name, module)
