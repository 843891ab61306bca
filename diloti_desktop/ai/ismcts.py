"""Information-set tree search: a measured alternative to the flat determinized search.

The flat search (:func:`diloti_desktop.ai.search.evaluate`) plays every move in every
sample and then lets the playout policy finish the deal, seeing every card of the
sample. So the later moves of both sides are chosen knowing the other hands. Here, as in
single-observer information-set Monte Carlo tree search, one tree is grown over the moves
of the current deal: each iteration samples the hidden cards afresh, walks down the tree
choosing among the moves that sample allows by the statistics of every sample before it
(UCB1, with the number of times a move was available in place of the parent's visits),
adds one node, and finishes the deal with the playout policy. A move deep in the tree is
so judged over many samples: a player who cannot see the others' cards cannot adapt its
choice to them, and the tree's opponents neither.

Values are the root side's deal-end estimate (:func:`~diloti_desktop.ai.playout.deal_value`,
or the utility at the end of the round), in points; every side picks by its own side's
mean. Budgets count plies, like the flat search's.
"""

from __future__ import annotations

import math
import random

from diloti_desktop.ai.features import distinct_moves, move_class
from diloti_desktop.ai.playout import greedy_move
from diloti_desktop.ai.search import (
    MoveValue,
    SearchConfig,
    Utility,
    finish,
    makes_xeri,
    next_can_sweep,
)
from diloti_desktop.rules.engine import play_unchecked
from diloti_desktop.rules.movegen import candidate_moves
from diloti_desktop.rules.moves import Move
from diloti_desktop.rules.position import PLAY
from diloti_desktop.rules.view import SeatView

_Key = tuple[int, int, int, int, tuple[int, ...]]


class _Node:
    """The statistics of one move in the tree (the root is a node with no move)."""

    __slots__ = ("available", "children", "total", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.total = 0.0       #: sum of the root side's values through this node
        self.available = 0     #: iterations in which this move was legal at its parent
        self.children: dict[_Key, _Node] = {}


def tree_evaluate(view: SeatView, config: SearchConfig, rng: random.Random,
                  candidates: list[Move], utility: Utility | None = None,
                  ) -> list[MoveValue]:
    """The candidates' values from an information-set tree over the current deal, the
    most visited first (``config.tree`` is the exploration constant, in points)."""
    position = view.position
    side = view.seat & 1
    root = _Node()
    root_keys = [move_class(m) for m in candidates]
    for key in root_keys:
        root.children[key] = _Node()
    sweeps = dict.fromkeys(root_keys, 0)
    explore = config.tree
    limit = config.max_samples * len(candidates)
    floor = config.min_samples * len(candidates)
    iterations = plies = 0
    while iterations < limit and (iterations < floor or plies < config.ply_budget):
        sample = view.sample(rng)
        iterations += 1
        node = root
        path = []
        current = sample
        first = True
        while current.phase == PLAY and len(current.stock) == len(sample.stock):
            moves = candidates if first else distinct_moves(candidate_moves(current))
            by_key = {move_class(m): m for m in moves}
            untried = [m for k, m in by_key.items()
                       if k not in node.children or node.children[k].visits == 0]
            for key in by_key:
                child = node.children.get(key)
                if child is None:
                    child = node.children[key] = _Node()
                child.available += 1
            if untried:
                move = untried[0] if len(untried) == 1 else greedy_move(current, untried)
                expand = True
            else:
                sign = 1.0 if current.turn & 1 == side else -1.0
                best = -math.inf
                move = moves[0]
                for key, candidate in by_key.items():
                    child = node.children[key]
                    score = (sign * child.total / child.visits
                             + explore * math.sqrt(math.log(child.available) / child.visits))
                    if score > best:
                        best, move = score, candidate
                expand = False
            key = move_class(move)
            node = node.children[key]
            path.append(node)
            current = play_unchecked(current, move)
            plies += 1
            if first:
                if next_can_sweep(current):
                    sweeps[key] += 1
                first = False
            if expand:
                break
        value, used = finish(current, sample, side, rng, utility, config.playout)
        plies += used
        root.visits += 1
        for visited in path:
            visited.visits += 1
            visited.total += value
    results = []
    for move, key in zip(candidates, root_keys, strict=True):
        child = root.children[key]
        visits = max(child.visits, 1)
        results.append(MoveValue(move, child.total / visits, sweeps[key] / visits,
                                 child.visits, False, makes_xeri(position, move)))
    results.sort(key=lambda r: (-r.samples, -r.value))
    return results


__all__ = ["tree_evaluate"]
