"""Positions for AI tests: complete hand-written endgames and positions from real games."""

from __future__ import annotations

from diloti_desktop.ai.players import SEARCH, SearchPlayer
from diloti_desktop.rules import Position
from diloti_desktop.rules.cards import parse_cards
from lab.benchmarks.positions import game_positions as sample_positions


def complete(text: str, side0_extra: int = 30) -> Position:
    """A hand-written position with every card not mentioned put into the capture piles:
    the first ``side0_extra`` of them to side 0 (decides the majority), the rest to side 1.

    A seat's view then knows exactly which cards are still hidden, as in a real game.
    """
    position = Position.parse(text)
    used = 0
    for mask in position.accounted_cards():
        used |= mask
    missing = [c for c in range(52) if not used >> c & 1]
    side0 = position.captured[0] | sum(1 << c for c in missing[:side0_extra])
    side1 = position.captured[1] | sum(1 << c for c in missing[side0_extra:])
    position = position._replace(captured=(side0, side1))
    assert sum(m.bit_count() for m in position.accounted_cards()) == 52
    return position


def cards(text: str) -> int:
    """A card mask from notation."""
    return parse_cards(text)


def game_positions(players: int, count: int, seed: int, level: str = "Intermediate",
                   ) -> list[Position]:
    """Positions from seeded games between copies of ``level``, four plies of each game's
    first round (the benchmarks' sampler, :mod:`lab.benchmarks.positions`)."""
    return sample_positions(players, count, seed, level, per_game=4)


def small_master(seed: int) -> SearchPlayer:
    """The Master's search with every feature it uses (the tree, the exact solve, the xeri
    guard, the match utility) on a tenth of its budgets: for tests of legality and
    honesty, which do not depend on the budget (its strength is the lab's business)."""
    config = SEARCH["Master"]._replace(ply_budget=4_800, max_samples=40, solve_nodes=8_000,
                                       tree_plies=3_600, tree_samples=200)
    return SearchPlayer("Master", config, seed, win_probability=True)
