"""What the flat search (:mod:`diloti_desktop.ai.search`) and the information-set tree
(:mod:`diloti_desktop.ai.ismcts`) share: the budget, the value of a move, and playing a
sample out. Both build on this module, so neither needs the other's.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import NamedTuple

from diloti_desktop.ai.features import sweepers
from diloti_desktop.ai.playout import PLAIN, ROUND, deal_value, play_deal
from diloti_desktop.rules.engine import play_unchecked
from diloti_desktop.rules.moves import Move
from diloti_desktop.rules.position import PLAY, Position

#: A utility maps a finished round's points (ours, theirs) to what the player maximises.
Utility = Callable[[int, int], float]


class SearchConfig(NamedTuple):
    """A thinking budget and the search features it buys."""

    #: Plies (moves played in samples) to spend on one decision; sampling stops after the
    #: first whole sample that reaches it, within the bounds below.
    ply_budget: int
    min_samples: int
    max_samples: int
    #: Search the next player's best reply in each sample (a shallow two-ply search).
    reply_search: bool = False
    #: Nodes the exact end-of-round solver may visit before giving up (0: never solve).
    solve_nodes: int = 0
    #: When the exact solve does not fit, search this many plies of the known position
    #: with playouts at the leaves (0: fall back to plain playouts).
    fallback_depth: int = 0
    #: Moves within this many points of the best count as equal; the tie goes to the
    #: move that leaves the next player fewest sweeps. Measured (docs/ai-strength.md):
    #: wider margins (0.25, 1 point) played worse than near-exact ties only.
    tie_margin: float = 0.05
    #: Never pass an immediate xeri on a sampled estimate alone: when the best move found
    #: is not a xeri and a xeri is possible, the two are compared again, exactly when the
    #: hidden cards are known, else with the next player's best reply searched in every
    #: sample; the xeri is kept unless the alternative wins both comparisons.
    xeri_guard: bool = False
    #: Share of ``ply_budget`` and ``max_samples`` spent in 4 players, where a sample
    #: costs about twice as much (more hands to play out) and nothing is solved exactly.
    four_player_share: float = 1.0
    #: Weigh each sample by how well it explains the others' moves this deal
    #: (:func:`diloti_desktop.ai.inference.likelihood`, needs the view's deal history):
    #: the model's temperature in points, 0 for no inference.
    inference: float = 0.0
    #: The playouts' style flags (:mod:`diloti_desktop.ai.playout`: ``PLAIN``, or any of
    #: ``BLIND`` and ``TAKERS`` for the policy, ``LEFTOVER`` for the deal-end evaluation,
    #: ``ROUND`` for the horizon), in the samples and at the depth-limited solve's leaves.
    playout: int = PLAIN
    #: Grow an information-set tree over the current deal's moves
    #: (:mod:`diloti_desktop.ai.ismcts`) instead of playing every move in every sample:
    #: the tree's exploration constant in points, 0 for the flat search.
    tree: float = 0.0
    #: With a tree: play every candidate in every sample (the flat search's paired
    #: comparison) and grow the trees only below them.
    paired_root: bool = False
    #: With a tree: grow it in 4 players too (else the flat search there).
    four_player_tree: bool = True
    #: With a tree: its own ply budget and cap on iterations per candidate (0: the flat
    #: search's ``ply_budget`` and ``max_samples``). An iteration plays one move per
    #: tree level, not every candidate, so a cap sized for whole flat samples stops the
    #: tree long before its plies are spent wherever the deal is nearly over.
    tree_plies: int = 0
    tree_samples: int = 0


class MoveValue(NamedTuple):
    """One candidate move and what the search found about it."""

    move: Move
    value: float        #: mean points for the mover's side (round points, relative)
    sweep_risk: float   #: share of samples where the next player can sweep afterwards
    samples: int
    exact: bool         #: value from the exact solver (no sampling)
    sweep: bool = False  #: the move itself makes a xeri (clears the table, scoring it)


# -- determinized evaluation -----------------------------------------------------------
def makes_xeri(position: Position, move: Move) -> bool:
    """True when ``move`` scores a xeri for its side right now (the rules engine decides:
    the table cleared, not the round's first card unless the ruleset allows it)."""
    side = position.turn & 1
    return play_unchecked(position, move).xeris[side] > position.xeris[side]


def next_can_sweep(position: Position) -> bool:
    """In a sample just after a move: can the player now to move sweep the table?"""
    if position.phase != PLAY or not (position.loose or position.piles):
        return False
    values = tuple(sorted(p.value for p in position.piles)) if position.piles else ()
    return bool(sweepers(position.loose, values) & position.hands[position.turn])


def finish(position: Position, start: Position, side: int, rng: random.Random,
           utility: Utility | None = None, style: int = PLAIN) -> tuple[float, int]:
    """Play the deal (with :data:`ROUND` in ``style``, the round) out from ``position``;
    the value for ``side`` and the plies played."""
    played = position.played
    if position.phase == PLAY and len(position.stock) == len(start.stock):
        position = play_deal(position, rng, style)
        while style & ROUND and position.phase == PLAY:
            position = play_deal(position, rng, style)
    plies = position.played - played
    if utility is not None and position.phase != PLAY:
        return utility(position.scores[side] - start.scores[side],
                       position.scores[1 - side] - start.scores[1 - side]), plies
    return deal_value(position, start, side, style), plies


__all__ = ["MoveValue", "SearchConfig", "Utility", "finish", "makes_xeri", "next_can_sweep"]
