"""What the others' play says about their hands: a weight for each sampled deal.

A sample deals the unseen cards uniformly among what a seat may not see. But the others
did not play at random this deal: a player who lays a 3 while a King lies on the table
probably holds no King. :func:`likelihood` replays the deal's moves (the view's
:attr:`~diloti_desktop.rules.view.SeatView.deal`) in a sample, each player's hand then
being the hand the sample gives them plus the cards they played since, and multiplies the
chances that a player of the playout policy's kind (:func:`~diloti_desktop.ai.playout.
greedy_scores`, softened) chose each move that was played. The search weighs each sample
by it, so deals that explain what happened count more.

The model is deliberately soft: a share of every choice is taken as uniform at random,
because the others are people or other levels, not the playout policy.
"""

from __future__ import annotations

import math
from typing import Final

from diloti_desktop.ai.features import distinct_moves, move_class
from diloti_desktop.ai.playout import greedy_scores
from diloti_desktop.rules.movegen import candidate_moves
from diloti_desktop.rules.moves import Move
from diloti_desktop.rules.position import Position
from diloti_desktop.rules.view import SeatView

#: Points of the policy's score that make a move e (2.72) times likelier than another.
TEMPERATURE: Final = 0.5
#: Share of each choice modelled as uniformly random among the distinct moves.
NOISE: Final = 0.2


#: Chances already computed for one view: (move's index in the deal, hands then) -> chance.
Memo = dict[tuple[int, tuple[int, ...]], float]


def likelihood(view: SeatView, sample: Position, temperature: float = TEMPERATURE,
               noise: float = NOISE, memo: Memo | None = None) -> float:
    """How likely the others' moves of this deal were if the hidden cards are as in
    ``sample`` (relative: only ratios between samples of one view mean anything).

    ``memo``, shared by the samples of one view, saves replaying a choice whose hands
    were already met (late in a deal the hidden hands are small and samples repeat them).
    """
    if not view.deal:
        return 1.0
    later = [0] * len(sample.hands)
    weight = 1.0
    for index in range(len(view.deal) - 1, -1, -1):
        public, move = view.deal[index]
        seat = public.turn
        later[seat] |= 1 << move.card
        if seat == view.seat:
            continue
        hands = tuple(hand | played for hand, played in zip(sample.hands, later, strict=True))
        chance = memo.get((index, hands)) if memo is not None else None
        if chance is None:
            chance = choice_probability(public._replace(hands=hands), move, temperature,
                                        noise)
            if memo is not None:
                memo[index, hands] = chance
        weight *= chance
    return weight


def choice_probability(position: Position, move: Move, temperature: float = TEMPERATURE,
                       noise: float = NOISE) -> float:
    """The chance that the player to move in ``position`` (every hand known) plays a move
    of ``move``'s class: a softmax of the playout policy's scores, mixed with noise."""
    moves = distinct_moves(candidate_moves(position))
    if len(moves) <= 1:
        return 1.0
    wanted = move_class(move)
    index = next((i for i, m in enumerate(moves) if move_class(m) == wanted), -1)
    if index < 0:
        return 1.0  # not among the candidates (a crowded table): no evidence either way
    scores = greedy_scores(position, moves)
    top = max(scores)
    exps = [math.exp((s - top) / temperature) for s in scores]
    return noise / len(moves) + (1.0 - noise) * exps[index] / sum(exps)


__all__ = ["NOISE", "TEMPERATURE", "Memo", "choice_probability", "likelihood"]
