"""Determinized search: the evaluator behind the Expert and Master levels and the hints.

From a seat's view we sample the hidden cards many times (each sample respects what the
seat knows, see :func:`diloti_desktop.rules.view.sample`), play every distinct candidate
move in every sample, and finish the deal with the playout policy (optionally after a
search of the next player's best reply). The same samples serve every move, so the
comparison between moves is paired and much less noisy than the values themselves.

When the hidden information allows it (two players, the stock empty: the other hand is
exactly the unseen cards) the rest of the round is a perfect-information game, and
:func:`solve` settles it exactly with alpha-beta search, within a node budget.

All budgets count samples and nodes, never seconds, so a seed gives the same decision on
any machine.
"""

from __future__ import annotations

import random
from typing import Final, Generic, TypeVar

from diloti_desktop.ai.features import distinct_moves, points
from diloti_desktop.ai.inference import Memo, likelihood
from diloti_desktop.ai.ismcts import tree_evaluate
from diloti_desktop.ai.playout import PLAIN, deal_value, greedy_move, play_deal
from diloti_desktop.ai.search_core import (
    MoveValue,
    SearchConfig,
    Utility,
    finish,
    makes_xeri,
    next_can_sweep,
)
from diloti_desktop.rules.engine import play_unchecked
from diloti_desktop.rules.movegen import candidate_moves, candidates_complete
from diloti_desktop.rules.moves import Move
from diloti_desktop.rules.position import PLAY, Position
from diloti_desktop.rules.ruleset import Ruleset
from diloti_desktop.rules.view import SeatView

_INFINITE: Final = 1e9
_EPSILON: Final = 1e-6

def _reply_value(after: Position, start: Position, side: int, rng: random.Random,
                 utility: Utility | None, style: int = PLAIN) -> tuple[float, int]:
    """Value for ``side`` when the next player (an opponent: sides alternate) picks the
    reply that is worst for ``side``, each reply followed by a playout; and the plies."""
    if after.phase != PLAY or len(after.stock) != len(start.stock):
        return finish(after, start, side, rng, utility, style)
    worst = _INFINITE
    plies = 0
    for reply in distinct_moves(candidate_moves(after)):
        value, used = finish(play_unchecked(after, reply), start, side, rng, utility,
                             style)
        worst = min(worst, value)
        plies += used + 1
    return worst, plies


def evaluate(view: SeatView, config: SearchConfig, rng: random.Random,
             moves: list[Move] | None = None, utility: Utility | None = None,
             truth: Position | None = None, margin: float | None = None,
             ) -> list[MoveValue]:
    """Every distinct legal move of the view's seat with its estimated value, best first.

    Values are the side's round points minus the other side's (or ``utility`` of the
    round's points when the search reaches the end of the round). ``truth``, for the
    oracle yardstick only, replaces the samples by the real position. With a ``margin``
    the exact solver only proves which moves are within it of the best (cheaper); the
    others get an upper bound as their value.
    """
    position = view.position
    candidates = distinct_moves(moves if moves is not None else candidate_moves(position))
    side = view.seat & 1
    known = truth if truth is not None else (
        position_from_view(view) if can_solve(view) else None)
    if known is not None and not known.stock and config.solve_nodes and candidates_complete(known):
        solved = solve(known, config.solve_nodes, candidates, utility,
                       margin=margin)
        if solved is None and config.fallback_depth:
            solved = solve(known, config.solve_nodes, candidates, utility,
                           depth=config.fallback_depth, margin=margin, style=config.playout)
        if solved is not None:
            return solved
    tree = known is None and grows_tree(view, config)
    if tree:
        config = tree_budget(config)
    if position.rules.players == 4 and config.four_player_share != 1.0:
        share = config.four_player_share
        config = config._replace(ply_budget=round(config.ply_budget * share),
                                 max_samples=max(config.min_samples,
                                                 round(config.max_samples * share)))
    if tree:
        return tree_evaluate(view, config, rng, candidates, utility)
    limit = 1 if known is not None else config.max_samples
    infer = config.inference > 0 and known is None and bool(view.deal)
    memo: Memo = {}
    draws = random.Random()
    totals = [0.0] * len(candidates)
    sweeps = [0.0] * len(candidates)
    count = plies = 0
    weights = 0.0
    # Whole samples until the ply budget is spent: every move sees the same samples and
    # the same playout draws (a sample's own seed), so the comparison is paired, and a
    # refutation replays any move's course from the sample stream alone.
    while count < limit and (count < config.min_samples or plies < config.ply_budget):
        sample, seed = next_sample(view, known, rng)
        weight = likelihood(view, sample, config.inference, memo=memo) if infer else 1.0
        count += 1
        weights += weight
        for index, move in enumerate(candidates):
            after = play_unchecked(sample, move)
            if next_can_sweep(after):
                sweeps[index] += weight
            draws.seed(seed)
            if config.reply_search:
                value, used = _reply_value(after, sample, side, draws, utility,
                                           config.playout)
            else:
                value, used = finish(after, sample, side, draws, utility, config.playout)
            totals[index] += weight * value
            plies += used + 1
    results = [MoveValue(move, totals[i] / weights, sweeps[i] / weights, count, False,
                         makes_xeri(position, move))
               for i, move in enumerate(candidates)]
    results.sort(key=lambda r: -r.value)
    return results


def view_rng(view: SeatView) -> random.Random:
    """The sample stream of a view's analysis, the same for the hint, the tutor and the
    review: a refutation (:mod:`diloti_desktop.ai.refutation`) replays its samples."""
    return random.Random(f"search:{view.seat}:{view.position.notation()}")


def next_sample(view: SeatView, known: Position | None,
                rng: random.Random) -> tuple[Position, float]:
    """The flat search's next sample of the hidden cards (``known``, when the view fixes
    them) and the seed of the playouts' draws in it."""
    sample = known if known is not None else view.sample(rng)
    return sample, rng.random()


def grows_tree(view: SeatView, config: SearchConfig) -> bool:
    """Whether :func:`evaluate` answers from the information-set tree: the config asks
    for one (in 4 players too, or not) and some hidden card is not known."""
    if config.tree <= 0 or can_solve(view):
        return False
    return view.position.rules.players == 2 or config.four_player_tree


def tree_budget(config: SearchConfig) -> SearchConfig:
    """The budget a tree searches with, as ``ply_budget`` and ``max_samples`` (the cap on
    iterations per candidate): the tree's own where it has one (``tree_plies``,
    ``tree_samples``), else the flat search's."""
    return config._replace(ply_budget=config.tree_plies or config.ply_budget,
                           max_samples=config.tree_samples or config.max_samples)


def choose_from(results: list[MoveValue], margin: float) -> Move:
    """The best move; among near-equal moves (within ``margin``) a xeri first, then the
    one leaving the fewest sweeps to the next player."""
    best = results[0].value
    near = [r for r in results if r.value >= best - margin]
    near.sort(key=lambda r: (not r.sweep, r.sweep_risk, -r.value))
    return near[0].move


#: Solver nodes the xeri guard may spend on its exact comparison (two moves only).
GUARD_SOLVE_NODES: Final = 20_000


def guard_xeri(view: SeatView, config: SearchConfig, rng: random.Random,
               results: list[MoveValue], choice: Move, utility: Utility | None = None,
               ) -> Move:
    """``choice``, or the best immediate xeri when passing it is not shown to be better.

    A sampled estimate can pass a sure sweep by mistake: the playouts let the next player
    answer poorly (it takes the card we lay, handing the table back), so a quiet move can
    look as good as the xeri. The xeri (the best-valued one, when several) is compared
    with ``choice`` again: exactly, to the end of the round, when the view fixes every
    hidden card; else on fresh samples with the next player's most damaging reply
    searched. ``choice`` stands only if it is strictly better (by more than the tie
    margin) there too; exact results are final already.
    """
    by_move = {r.move: r for r in results}
    chosen = by_move.get(choice)
    sweeps = [r for r in results if r.sweep]
    if chosen is None or chosen.sweep or chosen.exact or not sweeps:
        return choice
    sweep = max(sweeps, key=lambda r: r.value)
    margin = config.tie_margin
    pair = [sweep.move, choice]
    known = position_from_view(view) if can_solve(view) else None
    if known is not None and candidates_complete(known):
        nodes = max(config.solve_nodes, GUARD_SOLVE_NODES)
        solved = solve(known, nodes, pair, utility)
        if solved is not None:
            values = {r.move: r.value for r in solved}
            return choice if values[choice] > values[sweep.move] + margin else sweep.move
    check = config._replace(reply_search=True, min_samples=max(4, config.min_samples // 2),
                            tree=0.0)
    again = {r.move: r.value for r in evaluate(view, check, rng, pair, utility)}
    return choice if again[choice] > again[sweep.move] + margin else sweep.move


# -- exact solving ---------------------------------------------------------------------
def can_solve(view: SeatView) -> bool:
    """True when the view fixes every hidden card: two players, an empty stock, and the
    unseen cards exactly filling the other hand (not so in a hand-made partial position)."""
    return (view.position.rules.players == 2 and view.stock_size == 0
            and view.unseen.bit_count() == view.hand_sizes[1 - view.seat])


def position_from_view(view: SeatView) -> Position:
    """The full position, when :func:`can_solve` says the view determines it."""
    hands = list(view.position.hands)
    hands[1 - view.seat] = view.unseen
    return view.position._replace(hands=tuple(hands), stock=())


class _Budget(Exception):
    """The solver ran out of nodes."""


_EXACT, _LOWER, _UPPER = 0, 1, 2

V = TypeVar("V")


class _KeptPerRules(Generic[V]):
    """A store kept across solves for one ruleset at a time: emptied when the rules
    change or it holds more than ``limit`` entries. Replaced whole, never cleared in
    place, since other threads may still be reading the old one."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.kept: tuple[Ruleset | None, dict[tuple[object, ...], V]] = (None, {})

    def for_rules(self, rules: Ruleset) -> dict[tuple[object, ...], V]:
        """The store for ``rules`` (a new, empty one when the rules changed or it is full)."""
        kept_rules, store = self.kept
        if kept_rules != rules or len(store) > self.limit:
            store = {}
            self.kept = (rules, store)
        return store


#: A position's distinct moves in generator order and the playout policy's choice among
#: them, the solver's move ordering before its table knows a best move. A pure function
#: of the key (the mover, the hands, the table, whether a capture clearing the table
#: may sweep), so it is kept across solves: the plies of a solved line and the other
#: moves of one position search the same positions again.
Orders = dict[tuple[object, ...], tuple[tuple[Move, ...], Move]]
#: Orderings kept per ruleset before the store is emptied (under 700 bytes each).
ORDERS_KEPT: Final = 60_000
_orders: _KeptPerRules[tuple[tuple[Move, ...], Move]] = _KeptPerRules(ORDERS_KEPT)

#: The solver's transposition table: per position key, a bound's kind, the value's
#: future part (what is still to win from there), the depth searched and the best move.
Table = dict[tuple[object, ...], tuple[int, float, int, Move]]
#: Entries of the shared table (:func:`shared_table`) kept before it is emptied: about
#: 320 bytes each, so under 50 MB; a hard puzzle's every wrong try fills about as many.
TABLE_KEPT: Final = 150_000
_tables: _KeptPerRules[tuple[int, float, int, Move]] = _KeptPerRules(TABLE_KEPT)


def shared_table(rules: Ruleset) -> Table:
    """The transposition table the exact solves under ``rules`` share (see
    :func:`solve`). Its entries hold for any root: the future part of a position's value
    depends on the position alone."""
    return _tables.for_rules(rules)


class _Solver:
    """Alpha-beta over a complete position with an empty stock, to the end of the round
    (or to a depth limit, with a playout at the leaves).

    Values are for side 0: round points minus the other side's, or, with a utility, side
    0's utility (then the search is a max-min over that side's utility, both sides being
    the two halves of one zero-sum match). The transposition table remembers, per
    position, a bound, the depth it was searched to and the best move's index.
    """

    def __init__(self, root: Position, nodes: int, utility: Utility | None,
                 utility_side: int, style: int = PLAIN, table: Table | None = None) -> None:
        self.root = root
        self.orders = _orders.for_rules(root.rules)
        self.horizon = len(root.stock)  # the search ends with the deal: when this changes
        self.nodes_left = nodes
        self.utility = utility
        self.utility_side = utility_side
        self.style = style
        self.table: Table = table if table is not None else {}

    def terminal(self, position: Position) -> float:
        """Side 0's value at the end of the deal or round; a depth-limit leaf is first
        played out to there with the playout policy."""
        if position.phase == PLAY and len(position.stock) == self.horizon:
            position = play_deal(position, None, self.style)
        if self.utility is None or position.phase == PLAY:
            return deal_value(position, self.root, 0, self.style)
        side = self.utility_side
        value = self.utility(position.scores[side] - self.root.scores[side],
                             position.scores[1 - side] - self.root.scores[1 - side])
        return value if side == 0 else -value

    def value(self, position: Position, alpha: float, beta: float, depth: int) -> float:
        """Side 0's value under best play from ``position``, searching ``depth`` plies."""
        if position.phase != PLAY or depth <= 0 or len(position.stock) != self.horizon:
            return self.terminal(position)
        self.nodes_left -= 1
        if self.nodes_left < 0:
            raise _Budget
        captured = position.captured
        xeri = position.rules.xeri_points
        piles = position.piles
        key: tuple[object, ...] = (
            position.turn, position.hands, position.loose,
            tuple([(p.cards, p.owner, p.value, p.family) for p in piles]) if piles else (),
            position.last_capturer, captured[0].bit_count())
        if self.utility is None:
            # Round points are additive: store the future part, shared by every history.
            base = float(points(captured[0]) - points(captured[1])
                         + xeri * (position.xeris[0] - position.xeris[1]))
        else:
            base = 0.0
            key = (*key, points(captured[0]) + xeri * position.xeris[0],
                   points(captured[1]) + xeri * position.xeris[1])
        plies_left = sum(map(int.bit_count, position.hands))
        depth = min(depth, plies_left)  # searching deeper than the round changes nothing
        entry = self.table.get(key)
        first = None
        if entry is not None:
            flag, future, searched, first = entry
            if searched >= depth:
                stored = base + future
                if (flag == _EXACT or (flag == _LOWER and stored >= beta)
                        or (flag == _UPPER and stored <= alpha)):
                    return stored
        moves = self.ordered(position, first)
        maximise = position.turn & 1 == 0
        start_alpha, start_beta = alpha, beta
        best = -_INFINITE if maximise else _INFINITE
        best_move = moves[0]
        for move in moves:
            score = self.value(play_unchecked(position, move), alpha, beta, depth - 1)
            if maximise:
                if score > best:
                    best, best_move = score, move
                    alpha = max(alpha, best)
            elif score < best:
                best, best_move = score, move
                beta = min(beta, best)
            if alpha >= beta:
                break
        if best <= start_alpha:
            flag = _UPPER
        elif best >= start_beta:
            flag = _LOWER
        else:
            flag = _EXACT
        self.table[key] = (flag, best - base, depth, best_move)
        return best

    def ordered(self, position: Position, first: Move | None) -> list[Move]:
        """Distinct moves: the table's best move first, else the playout policy's choice."""
        key = (position.turn, position.hands, position.loose, position.piles,
               position.played > 0)
        known = self.orders.get(key)
        if known is None:
            moves = distinct_moves(candidate_moves(position))
            greedy = greedy_move(position, moves) if len(moves) > 1 else moves[0]
            known = self.orders[key] = (tuple(moves), greedy)
        moves_in_order, greedy = known
        lead = first if first is not None and first in moves_in_order else greedy
        moves = list(moves_in_order)
        if lead != moves[0]:
            moves.remove(lead)
            moves.insert(0, lead)
        return moves


def solve(position: Position, nodes: int, candidates: list[Move] | None = None,
          utility: Utility | None = None, depth: int = 0, margin: float | None = None,
          style: int = PLAIN, table: Table | None = None) -> list[MoveValue] | None:
    """Values for the mover's side (round points, or ``utility`` of them) of the candidate
    moves, best first; None when the search needs more than ``nodes`` nodes.

    ``position`` must be complete (every hand known) with an empty stock. ``depth`` 0
    solves to the end of the round (exact values); a positive depth searches that many
    plies after each candidate and plays the rest out with the playout policy (in
    ``style``). With a ``margin``, moves more than ``margin`` below the best get only an
    upper bound.

    ``table`` is a transposition table to start from and fill, shared by the solves of
    one round's exact lines (:func:`shared_table`): what one solve learnt, the next does
    not search again. Only for the round points (no ``utility``) to the end of the round
    (``depth`` 0), where what the table holds does not depend on the root.
    """
    side = position.turn & 1
    if table is not None and (utility is not None or depth > 0 or position.stock):
        raise ValueError("a shared table holds exact round points only")
    solver = _Solver(position, nodes, utility, side, style, table)
    candidates = distinct_moves(candidates if candidates is not None
                                else candidate_moves(position))
    if len(candidates) > 1:
        lead = greedy_move(position, candidates)
        candidates = [lead, *(m for m in candidates if m is not lead)]
    limit = depth if depth > 0 else 10_000

    def search(after: Position, low: float, high: float) -> float:
        """The mover's value, searched in the mover's window (low, high)."""
        if side == 0:
            return solver.value(after, low, high, limit - 1)
        return -solver.value(after, -high, -low, limit - 1)

    results: list[MoveValue] = []
    best = -_INFINITE
    try:
        for move in candidates:
            after = play_unchecked(position, move)
            if margin is None or not results:
                value = search(after, -_INFINITE, _INFINITE)
            else:
                # Null windows: is it better than the best? If not, is it within the margin?
                # Only a move that beats the best needs its exact value.
                bound = search(after, best, best + _EPSILON)
                if bound > best:
                    value = search(after, best, _INFINITE)
                else:
                    near = search(after, best - margin - _EPSILON, best - margin)
                    # Within the margin the upper bound is close enough; below it, the
                    # second test's bound is.
                    value = min(bound, best) if near > best - margin else near
            best = max(best, value)
            results.append(MoveValue(move, value, 1.0 if next_can_sweep(after) else 0.0,
                                     1, depth <= 0, makes_xeri(position, move)))
    except _Budget:
        return None
    results.sort(key=lambda r: -r.value)
    return results


__all__ = [
    "MoveValue",
    "SearchConfig",
    "Utility",
    "can_solve",
    "choose_from",
    "evaluate",
    "finish",
    "grows_tree",
    "guard_xeri",
    "makes_xeri",
    "next_can_sweep",
    "next_sample",
    "position_from_view",
    "shared_table",
    "solve",
    "view_rng",
]
