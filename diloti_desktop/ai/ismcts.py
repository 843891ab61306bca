"""Information-set tree search: a measured alternative to the flat determinized search.

The flat search (:func:`diloti_desktop.ai.search.evaluate`) plays every move in every
sample and then lets the playout policy finish the deal, seeing every card of the
sample. So the later moves of both sides are chosen knowing the other hands. Here, as in
single-observer information-set Monte Carlo tree search, one tree is grown over the moves
of the current deal: each iteration samples the hidden cards afresh, walks down the tree
choosing among the moves that sample allows by the statistics of every sample before it
(PUCT, with the playout policy's scores as the prior; UCB1 at the root, with the number
of times a move was available in place of the parent's visits), adds one node, and
finishes the deal with the playout policy. A move deep in the tree is so judged over
many samples: a player who cannot see the others' cards cannot adapt its choice to them,
and the tree's opponents neither.

Values are the root side's deal-end estimate (:func:`~diloti_desktop.ai.playout.deal_value`,
or the utility at the end of the round), in points; every side picks by its own side's
mean. Budgets count plies, like the flat search's; :func:`~diloti_desktop.ai.search.evaluate`
passes the tree's own budget, if it has one (:func:`~diloti_desktop.ai.search.tree_budget`).
The flat search's reply search and inference options do not apply here; a position whose
hidden cards are known still goes to the exact solver first (``evaluate`` decides).
Measurements: docs/ai-strength.md.
"""

from __future__ import annotations

import math
import random

from diloti_desktop.ai.features import MoveClass, classed_moves, move_class
from diloti_desktop.ai.playout import greedy_scores
from diloti_desktop.ai.search_core import (
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
from diloti_desktop.rules.position import PLAY, Position
from diloti_desktop.rules.view import SeatView

#: The exploration constant (points) of the Master's tree and of the bare ``tree`` option.
#: One decision's iteration values spread by about 2.7 points; with 3 the root often
#: settled on a move ahead by luck and stayed there however long it searched (another
#: seed chose differently in 15% of the decisions, with 2.5 times the iterations too),
#: with 5 in 6% (docs/ai-strength.md).
TREE_EXPLORATION = 5.0

#: Temperature (points) of the softmax that turns the playout policy's scores into the
#: tree's prior: a move scoring one point less is e times less likely to be tried.
PRIOR_TEMPERATURE = 1.0


class _Node:
    """The statistics of one move in the tree (the root is a node with no move)."""

    __slots__ = ("available", "children", "total", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.total = 0.0       #: sum of the root side's values through this node
        self.available = 0     #: iterations in which this move was legal at its parent
        self.children: dict[MoveClass, _Node] = {}


def tree_evaluate(view: SeatView, config: SearchConfig, rng: random.Random,
                  candidates: list[Move], utility: Utility | None = None,
                  ) -> list[MoveValue]:
    """The candidates' values from an information-set tree over the current deal
    (``config.tree`` is the exploration constant, in points).

    With ``config.paired_root`` every candidate is played in every sample, as in the flat
    search (a paired comparison, best value first), and only the moves after it grow
    trees; else the root chooses by UCB too and the most visited move comes first.
    """
    position = view.position
    side = view.seat & 1
    root = _Node()
    root_moves = {move_class(m): m for m in candidates}  # the candidates are distinct
    for key in root_moves:
        root.children[key] = _Node()
    sweeps = dict.fromkeys(root_moves, 0)
    limit = config.max_samples * len(candidates)
    floor = config.min_samples * len(candidates)
    done = plies = 0
    while done < limit and (done < floor or plies < config.ply_budget):
        sample = view.sample(rng)
        if config.paired_root:
            for key, move in root_moves.items():
                after = play_unchecked(sample, move)
                if next_can_sweep(after):
                    sweeps[key] += 1
                plies += 1 + _iterate(root.children[key], after, sample, side, rng,
                                      utility, config)
            done += len(candidates)
        else:
            plies += _iterate(root, sample, sample, side, rng, utility, config,
                              root_moves, sweeps)
            done += 1
    results = []
    for key, move in root_moves.items():
        child = root.children[key]
        visits = max(child.visits, 1)
        results.append(MoveValue(move, child.total / visits, sweeps[key] / visits,
                                 child.visits, False, makes_xeri(position, move)))
    if config.paired_root:
        results.sort(key=lambda r: -r.value)
    else:
        results.sort(key=lambda r: (-r.samples, -r.value))
    return results


def _iterate(node: _Node, current: Position, sample: Position, side: int,
             rng: random.Random, utility: Utility | None, config: SearchConfig,
             root_moves: dict[MoveClass, Move] | None = None,
             sweeps: dict[MoveClass, int] | None = None) -> int:
    """One iteration from ``node`` (whose move led to ``current``, in ``sample``): walk
    down among the moves each position allows (:func:`_root_choice` at the root,
    :func:`_prior_choice` below), add a node, play the deal out and
    add the value to every node passed (``node`` included). The plies played.

    ``root_moves`` are the moves at ``node`` by class when it is the root (the
    candidates), and ``sweeps`` counts, per root move, the iterations in which the next
    player could sweep after it."""
    path = [node]
    plies = 0
    moves_here = root_moves
    while current.phase == PLAY and len(current.stock) == len(sample.stock):
        if moves_here is not None:
            key, expand = _root_choice(node, moves_here, config.tree)
            move = moves_here[key]
        else:
            moves = classed_moves(candidate_moves(current))
            key, expand = _prior_choice(node, current, moves, side, config.tree,
                                        config.playout)
            move = moves[key]
        node = node.children[key]
        path.append(node)
        current = play_unchecked(current, move)
        plies += 1
        if moves_here is not None and sweeps is not None and next_can_sweep(current):
            sweeps[key] += 1
        moves_here = None
        if expand:
            break
    value, used = finish(current, sample, side, rng, utility, config.playout)
    for visited in path:
        visited.visits += 1
        visited.total += value
    return plies + used


def _child(node: _Node, key: MoveClass) -> _Node:
    """The node of the moves of class ``key`` below ``node``, made on first sight; counts
    one availability."""
    child = node.children.get(key)
    if child is None:
        child = node.children[key] = _Node()
    child.available += 1
    return child


def _root_choice(root: _Node, moves: dict[MoveClass, Move], explore: float,
                 ) -> tuple[MoveClass, bool]:
    """At the root (the mover is the searching side): every candidate once, then UCB1.
    The move's class and whether it is tried for the first time."""
    best = -math.inf
    choice = next(iter(moves))
    for key in moves:
        child = _child(root, key)
        if not child.visits:
            return key, True
        score = (child.total / child.visits
                 + explore * math.sqrt(math.log(child.available) / child.visits))
        if score > best:
            best, choice = score, key
    return choice, False


def _prior_choice(node: _Node, position: Position, moves: dict[MoveClass, Move],
                  side: int, explore: float, style: int) -> tuple[MoveClass, bool]:
    """Below the root: PUCT with the playout policy's scores (in the playouts' ``style``:
    with :data:`~diloti_desktop.ai.playout.BLIND`, judged from the mover's view, not the
    sample's hands) as the prior, a move not tried yet valued at its parent's mean (so
    the tree follows the policy until the moves it tried look worse). The move's class
    and whether it is tried for the first time."""
    if len(moves) == 1:
        key = next(iter(moves))
        return key, not _child(node, key).visits
    sign = 1.0 if position.turn & 1 == side else -1.0
    scores = greedy_scores(position, list(moves.values()), style)
    top = max(scores)
    weights = [math.exp((s - top) / PRIOR_TEMPERATURE) for s in scores]
    scale = explore * math.sqrt(node.visits + 1) / sum(weights)
    parent = sign * node.total / node.visits if node.visits else 0.0
    best = -math.inf
    choice = next(iter(moves))
    new = False
    for key, weight in zip(moves, weights, strict=True):
        child = _child(node, key)
        mean = sign * child.total / child.visits if child.visits else parent
        score = mean + scale * weight / (1 + child.visits)
        if score > best:
            best, choice, new = score, key, not child.visits
    return choice, new


__all__ = ["PRIOR_TEMPERATURE", "TREE_EXPLORATION", "tree_evaluate"]
