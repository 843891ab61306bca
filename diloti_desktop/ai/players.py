"""The strength ladder: six AI levels behind one factory.

==============  ==========================================================================
level           how it plays
==============  ==========================================================================
Beginner        a newcomer's habits (:mod:`diloti_desktop.ai.beginner`): takes the
                biggest capture it sees, never sees a sum of three cards, rarely
                declares, remembers nothing, leaves sweeps open
Novice          takes what it sees right now and makes only plain builds; often misses
                sums and the sweeps it leaves open, remembers no played card
Casual          notices the sweeps it leaves most of the time, declares families and
                raises too, remembers about half of the played cards, misses some sums
Intermediate    the full heuristic with card counting: piles judged by the odds that an
                opponent holds the value, sweep odds from the unseen cards; rare slips
Expert          determinized search: samples the hidden cards from its view, plays every
                distinct move in every sample and finishes the deal with playouts; the
                last deal (2 players) searched exactly within a small node budget
Master          in 2 players one information-set tree over the deal's moves, grown
                until 36,000 plies are spent (six times the Expert's budget) in every
                decision, so the later moves of both sides are judged without seeing
                the hidden cards; in 4 players four times the Expert's sampling budget,
                flat; eight times the Expert's solver nodes for the end of the round (2
                players, empty stock); near the target it maximises its chance of
                winning the match
==============  ==========================================================================

Slips of the heuristic levels are drawn per decision at fixed rates (:data:`HABITS`);
the searching levels have fixed budgets counted in plies and nodes (:data:`SEARCH`),
never in seconds, so they decide the same on any machine.

Every decision draws its randomness from a generator seeded by the player's seed and the
view (:func:`decision_rng`), so a seed gives the same move in the same situation whatever
happened before: games replay exactly, and hidden cards cannot leak in through the
generator's state.
"""

from __future__ import annotations

from typing import Final

from diloti_desktop.ai.base import Player, RandomPlayer, decision_rng
from diloti_desktop.ai.beginner import BeginnerPlayer
from diloti_desktop.ai.heuristic import Habits, choose_heuristic
from diloti_desktop.ai.ismcts import TREE_EXPLORATION
from diloti_desktop.ai.search import (
    MoveValue,
    SearchConfig,
    Utility,
    choose_from,
    evaluate,
    grows_tree,
    guard_xeri,
)
from diloti_desktop.ai.winprob import round_utility
from diloti_desktop.rules.movegen import candidate_moves
from diloti_desktop.rules.moves import Move
from diloti_desktop.rules.view import SeatView

LEVELS: Final = ("Beginner", "Novice", "Casual", "Intermediate", "Expert", "Master")

HABITS: Final = {
    "Novice": Habits(miss_sums=0.4, ignore_sweeps=0.5, memory=0.0, declarations=1,
                     temperature=0.25),
    "Casual": Habits(miss_sums=0.2, ignore_sweeps=0.25, memory=0.5, declarations=2,
                     temperature=0.15),
    "Intermediate": Habits(miss_sums=0.03, ignore_sweeps=0.03, memory=1.0, declarations=2,
                           temperature=0.05),
}

SEARCH: Final = {
    # The last deal of 2 players is searched, not played out: greedy playouts give away
    # aces, 10♦ and piles there (docs/ai-strength.md, "Why the levels' budgets").
    "Expert": SearchConfig(ply_budget=6_000, min_samples=8, max_samples=60,
                           solve_nodes=10_000, fallback_depth=2, xeri_guard=True),
    # The largest budgets whose decisions stay within p95 1 s and p99 2 s of CPU; the
    # tree only in 2 players, where it beat the flat search (it lost in 4 players).
    # The measurements: docs/ai-strength.md, "Why the levels' budgets".
    "Master": SearchConfig(ply_budget=48_000, min_samples=8, max_samples=400,
                           solve_nodes=80_000, fallback_depth=3, xeri_guard=True,
                           four_player_share=0.5, tree=TREE_EXPLORATION,
                           four_player_tree=False, tree_plies=36_000, tree_samples=2_000),
}


class HeuristicPlayer:
    """A non-searching level: the view heuristic with a person's habits and slips."""

    def __init__(self, name: str, habits: Habits, seed: int = 0) -> None:
        self.name = name
        self.habits = habits
        self.seed = seed

    def choose(self, view: SeatView) -> Move:
        """A move from the view, with this level's habits."""
        rng = decision_rng(self.seed, self.name, view)
        return choose_heuristic(view, self.habits, rng, salt=self.seed * 4 + view.seat)


class SearchPlayer:
    """A searching level: determinized evaluation with a fixed budget."""

    def __init__(self, name: str, config: SearchConfig, seed: int = 0,
                 win_probability: bool = False) -> None:
        self.name = name
        self.config = config
        self.seed = seed
        self.win_probability = win_probability

    def analyse(self, view: SeatView, margin: float | None = None) -> list[MoveValue]:
        """Every distinct move with its value, best first (what the choice is based on).

        With a ``margin``, exact solving only separates the moves within it of the best.
        """
        rng = decision_rng(self.seed, self.name, view)
        return evaluate(view, self.config, rng, utility=self.utility(view), margin=margin)

    def utility(self, view: SeatView) -> Utility | None:
        """What the player maximises: the match win chance (Master), else None (points)."""
        return round_utility(view.position, view.seat) if self.win_probability else None

    def choose(self, view: SeatView) -> Move:
        """The best move found within the budget (never a passed xeri by mistake: see
        :func:`~diloti_desktop.ai.search.guard_xeri`)."""
        moves = candidate_moves(view.position)
        if len(moves) == 1:
            return moves[0]
        margin = self.config.tie_margin
        results = self.analyse(view, margin)
        if not self.config.paired_root and grows_tree(view, self.config):
            # The tree's most visited move (a tree means hidden cards: nothing was solved).
            choice = results[0].move
        else:
            choice = choose_from(results, margin)
        if self.config.xeri_guard:
            rng = decision_rng(self.seed, f"{self.name}:guard", view)
            choice = guard_xeri(view, self.config, rng, results, choice, self.utility(view))
        return choice


def make_player(level: str, seed: int = 0) -> Player:
    """A player of the given level (one of :data:`LEVELS`, or "Random"), seeded."""
    if level == "Random":
        return RandomPlayer(seed)
    if level == "Beginner":
        return BeginnerPlayer(seed)
    if level in HABITS:
        return HeuristicPlayer(level, HABITS[level], seed)
    if level == "Expert":
        return SearchPlayer(level, SEARCH[level], seed)
    if level == "Master":
        return SearchPlayer(level, SEARCH[level], seed, win_probability=True)
    known = ", ".join((*LEVELS, "Random"))
    raise ValueError(f"unknown AI level {level!r} (expected one of {known})")
