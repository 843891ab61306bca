"""Inference from the others' play: the deal history a view carries, and the weights
the search gives its samples from it (issue 14)."""

from __future__ import annotations

import random

import pytest

from diloti_desktop.ai.base import RandomPlayer
from diloti_desktop.ai.inference import Memo, likelihood
from diloti_desktop.ai.players import SEARCH
from diloti_desktop.ai.search import evaluate
from diloti_desktop.controller import GameConfig, GameSession
from diloti_desktop.rules import Move, Position, Ruleset, seat_view
from diloti_desktop.rules.cards import parse_cards
from diloti_desktop.rules.engine import play_unchecked
from diloti_desktop.rules.movegen import candidate_moves
from diloti_desktop.rules.moves import MoveKind
from diloti_desktop.rules.position import PLAY
from diloti_desktop.rules.view import SeatView
from lab.specs import build_player, parse_options
from lab.tournament import play_match
from tests.ai.helpers import complete

#: North (seat 1) holds K♠ 3♣ 7♦ with K♥ on the table, and lays 3♣ instead of taking K♥.
BEFORE = complete("rules=2p dealer=0 turn=1 hands=2H4C5D/KS3C7D loose=KH9S played=6 "
                  "stock=6S8DJHQC2S4S5S6H7C8C9C", 20)


def _after_lay() -> tuple[Position, SeatView]:
    lay = next(m for m in candidate_moves(BEFORE)
               if m.kind == MoveKind.LAY and m.card == parse_cards("3C").bit_length() - 1)
    after = play_unchecked(BEFORE, lay)
    return after, seat_view(after, 0, [(BEFORE, lay)])


def _with_north(position: Position, hand: str) -> Position:
    """``position`` with North's hand replaced, the cards swapped with the stock."""
    new = parse_cards(hand)
    old = position.hands[1]
    stock = [c for c in position.stock if not new >> c & 1]
    stock += [c for c in range(52) if old >> c & 1 and not new >> c & 1]
    hands = (position.hands[0], new)
    return position._replace(hands=hands, stock=tuple(stock))


def test_laying_beside_a_king_one_could_take_makes_holding_a_king_unlikely() -> None:
    after, view = _after_lay()
    assert [m for _, m in view.deal] and view.deal[0][0].hands == (0, 0)
    with_king = likelihood(view, after)                     # North kept K♠ and 7♦
    without = likelihood(view, _with_north(after, "6S7D"))  # North had no king
    assert with_king < 0.8 * without  # a plain capture (no points) passed: weak evidence


def test_only_the_others_moves_count() -> None:
    """The seat's own moves say nothing about hidden cards: a view of the seat that just
    played weighs every sample alike."""
    after, _ = _after_lay()
    mover = seat_view(after, 1, [(BEFORE, _after_lay()[1].deal[0][1])])
    assert mover.deal
    samples = [mover.sample(random.Random(seed)) for seed in range(5)]
    assert {likelihood(mover, s) for s in samples} == {1.0}


def test_the_view_keeps_the_current_deal_only_hidden_and_complete() -> None:
    """Every view a player gets in a seeded match: the deal's moves, contiguous up to
    now, every hand hidden, all from this deal; per seat, moves made plus cards left
    make a full deal's hand."""
    seen: list[SeatView] = []

    class Recorder(RandomPlayer):
        def choose(self, view: SeatView) -> Move:
            seen.append(view)
            return super().choose(view)

    rules = Ruleset.parse("2p")
    play_match([Recorder(1), Recorder(2)], rules, seed=3)
    assert len(seen) > 100
    per_deal = rules.cards_per_deal
    non_empty = 0
    for view in seen:
        entries = view.deal
        non_empty += bool(entries)
        assert all(p.hands == (0, 0) and p.stock == () for p, _ in entries)
        assert [p.played for p, _ in entries] == list(
            range(view.position.played - len(entries), view.position.played))
        assert all(p.round_no == view.position.round_no for p, _ in entries)
        for seat in range(2):
            made = sum(1 for p, _ in entries if p.turn == seat)
            assert made + view.hand_sizes[seat] == per_deal, (view.position, seat)
    assert non_empty > len(seen) // 2


def test_a_history_that_does_not_reach_the_position_is_ignored() -> None:
    after, _ = _after_lay()
    later = play_unchecked(after, candidate_moves(after)[0])
    assert seat_view(later, 1, [(BEFORE, _after_lay()[1].deal[0][1])]).deal == ()
    assert seat_view(after, 0).deal == ()


def test_without_a_deal_history_inference_changes_nothing() -> None:
    """The same samples, the same values: the option only weighs samples by evidence."""
    view = seat_view(BEFORE, 1)
    plain = SEARCH["Expert"]._replace(solve_nodes=0)
    inferring = parse_options(plain, "infer")
    assert inferring.inference == 0.5 and not plain.inference
    assert parse_options(plain, "infer=0.25").inference == 0.25
    a = evaluate(view, plain, random.Random(5))
    b = evaluate(view, inferring, random.Random(5))
    assert a == b


def test_the_evidence_moves_the_estimates() -> None:
    """On the same samples, weighing them by North's pass of K♥ changes the values."""
    _, view = _after_lay()
    plain = SEARCH["Expert"]._replace(solve_nodes=0, min_samples=200, max_samples=200)
    a = evaluate(view, plain, random.Random(7))
    b = evaluate(view, parse_options(plain, "infer"), random.Random(7))
    assert {r.move for r in a} == {r.move for r in b}
    assert [r.value for r in a] != [r.value for r in b]


def test_the_game_session_gives_its_ai_the_deal() -> None:
    views: list[SeatView] = []

    class Recorder(RandomPlayer):
        def choose(self, view: SeatView) -> Move:
            views.append(view)
            return super().choose(view)

    session = GameSession(GameConfig(Ruleset(), ("a", "b"), 4),
                          player_factory=lambda level, seed: Recorder(seed), ai_pace=0)
    for _ in range(12):
        session.update()
        session.wait_for_work(30)
        session.poll()
        if session.position.phase != PLAY:
            break
    assert len(views) >= 6
    assert any(v.deal for v in views)
    assert all(len(v.deal) == v.position.played - (v.deal[0][0].played if v.deal else
                                                   v.position.played) for v in views)


@pytest.mark.slow
def test_the_master_with_inference_plays_legal_moves_in_a_match() -> None:
    players = [build_player("Master:infer,tree=0,plies=1500,samples=20", 1), build_player(
        "Expert", 2)]
    final, _, _ = play_match(players, Ruleset.parse("2p,t21"), seed=8)
    assert final.phase != PLAY


def test_the_memo_changes_no_weight() -> None:
    """Late in a deal samples repeat the hidden hands; the memo must give the very same
    weights as replaying every choice."""
    seen: list[SeatView] = []

    class Recorder(RandomPlayer):
        def choose(self, view: SeatView) -> Move:
            seen.append(view)
            return super().choose(view)

    play_match([Recorder(5), Recorder(6)], Ruleset.parse("2p,t21"), seed=11)
    checked = 0
    for view in seen[::3]:
        if not view.deal or view.stock_size == 0:
            continue
        memo: Memo = {}
        rng = random.Random(1)
        for sample in [view.sample(rng) for _ in range(30)]:
            assert likelihood(view, sample, memo=memo) == likelihood(view, sample)
            checked += 1
        assert memo
    assert checked > 100
