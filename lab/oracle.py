"""The oracle and the seer: cheating yardsticks for experiments, never offered as levels.

The oracle sees the whole position (every hand and the stock order) and runs the Master's
search on it instead of on samples of the hidden cards, so the gap between it and the
Master measures what the hidden information costs. Only the tournament tool creates it;
it is deliberately kept out of :mod:`diloti_desktop.ai.players`. The seer
(:class:`SeerPlayer`) sees every hand but not the stock's order, which splits that gap
in two.
"""

from __future__ import annotations

from diloti_desktop.ai.base import decision_rng
from diloti_desktop.ai.players import SEARCH
from diloti_desktop.ai.search import MoveValue, choose_from, evaluate
from diloti_desktop.ai.winprob import round_utility
from diloti_desktop.rules.movegen import candidate_moves
from diloti_desktop.rules.moves import Move
from diloti_desktop.rules.position import Position
from diloti_desktop.rules.view import SeatView, seat_view


class OraclePlayer:
    """Plays from the full position (:meth:`choose_full`); refuses a mere view."""

    name = "Oracle"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        # One sample (the truth) needs no sampling budget, nor a tree over samples (the
        # flat search, as the Master's was): search the reply instead.
        self.config = SEARCH["Master"]._replace(reply_search=True, tree=0.0)

    def choose(self, view: SeatView) -> Move:
        """Refuse: the oracle needs the full position (see :meth:`choose_full`)."""
        raise TypeError("the oracle plays from the full position: call choose_full()")

    def choose_full(self, position: Position) -> Move:
        """The best move knowing every hand and the stock order."""
        moves = candidate_moves(position)
        if len(moves) == 1:
            return moves[0]
        view = seat_view(position, position.turn)
        rng = decision_rng(self.seed, self.name, view)
        results = evaluate(view, self.config, rng, truth=position,
                           utility=round_utility(position, position.turn),
                           margin=self.config.tie_margin)
        return choose_from(results, self.config.tie_margin)


class SeerPlayer(OraclePlayer):
    """A second yardstick: sees every hand but not the stock's order.

    It runs the oracle's search on several positions that keep every hand and deal the
    stock in a fresh random order each (:data:`STOCK_ORDERS` of them), and plays the
    best mean. Set beside the oracle it splits the oracle's edge in two: what knowing the
    stock's order is worth (Oracle against Seer: information no player can ever have)
    and what knowing the hands is worth (Seer against a level).
    """

    name = "Seer"
    #: Stock orders averaged per decision (the hands are the truth in each).
    STOCK_ORDERS = 24

    def choose_full(self, position: Position) -> Move:
        """The best move knowing every hand, the stock's order unknown."""
        if not position.stock:
            return super().choose_full(position)
        moves = candidate_moves(position)
        if len(moves) == 1:
            return moves[0]
        view = seat_view(position, position.turn)
        rng = decision_rng(self.seed, self.name, view)
        utility = round_utility(position, position.turn)
        totals: dict[Move, float] = {}
        last: list[MoveValue] = []
        cards = sorted(position.stock)  # the order given must not matter
        for _ in range(self.STOCK_ORDERS):
            stock = cards.copy()
            rng.shuffle(stock)
            order = position._replace(stock=tuple(stock))
            last = evaluate(view, self.config, rng, truth=order, utility=utility)
            for result in last:
                totals[result.move] = totals.get(result.move, 0.0) + result.value
        results = [r._replace(value=totals[r.move] / self.STOCK_ORDERS,
                              samples=self.STOCK_ORDERS) for r in last]
        results.sort(key=lambda r: -r.value)
        return choose_from(results, self.config.tie_margin)
