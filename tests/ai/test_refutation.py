"""The refutation: what happens next that shows why a move loses."""

from __future__ import annotations

from diloti_desktop.ai.refutation import MIN_DAMAGE, refute
from diloti_desktop.rules import Move, candidate_moves, play_unchecked, seat_view
from diloti_desktop.rules.cards import parse_cards
from tests.ai.helpers import complete, game_positions

# Laying 4♥ lets the opponent's 7♦ sweep 3♣+4♥; laying 7♠ is safe (every card known).
SWEEP_TRAP = "rules=2p dealer=1 turn=0 hands=4H7S/7DKH loose=3C played=40"


def test_an_exact_refutation_names_the_sweep_the_move_allows() -> None:
    view = seat_view(complete(SWEEP_TRAP), 0)
    found = refute(view, Move.parse("4H"), Move.parse("7S"))
    assert found is not None and found.exact and found.by_reply
    assert found.chance == 1.0
    assert found.event.seat == 1 and found.event.move == Move.parse("7D x 3C 4H")
    assert found.at == 1 and found.xeri and found.points == 10
    assert found.taken == parse_cards("3C4H")
    assert found.damage >= MIN_DAMAGE
    # The line starts with the played move, then the reply, from the real position.
    assert found.line[0].move == Move.parse("4H") and found.line[1] == found.event
    assert found.start == complete(SWEEP_TRAP)


def test_the_better_move_itself_has_no_refutation_and_the_line_is_legal() -> None:
    view = seat_view(complete(SWEEP_TRAP), 0)
    assert refute(view, Move.parse("7S"), Move.parse("7S")) is None
    assert refute(view, Move.parse("7S"), None) is None
    found = refute(view, Move.parse("4H"), Move.parse("7S"))
    assert found is not None
    position = found.start
    for ply in found.line:  # play_unchecked trusts the move: check each is legal first
        assert ply.seat == position.turn
        assert ply.move in candidate_moves(position)
        position = play_unchecked(position, ply.move)


def test_a_fact_true_of_both_moves_is_not_a_refutation() -> None:
    # Either lay (4♥ or 5♥) leaves a sweep to the opponent's 7♦ or 8♦ ... both hold:
    # laying 4♥ gives 3♣+4♥ to 7♦, laying 5♥ gives 3♣+5♥ to 8♦, the same sweep.
    text = "rules=2p dealer=1 turn=0 hands=4H5H/7D8D loose=3C played=40"
    view = seat_view(complete(text), 0)
    assert refute(view, Move.parse("4H"), Move.parse("5H")) is None


def test_sampled_refutations_are_seeded_and_say_how_likely_they_are() -> None:
    shown = 0
    for position in game_positions(2, 12, seed=5):
        view = seat_view(position, position.turn)
        ordered = sorted(candidate_moves(position), key=lambda m: m.notation())
        if len(ordered) < 2:
            continue
        first = refute(view, ordered[0], ordered[-1])
        again = refute(view, ordered[0], ordered[-1])
        assert first == again
        if first is not None and not first.exact:
            shown += 1
            assert 0.0 < first.chance <= 1.0
            assert first.damage >= MIN_DAMAGE
    assert shown >= 1



def test_the_better_move_s_exact_course_is_kept_and_changes_no_refutation() -> None:
    """The wrong tries of one position (a puzzle's) are each compared with the better
    move's exact course: it is solved once and kept, and every refutation is the one
    computed without it."""
    from diloti_desktop.ai import refutation
    from diloti_desktop.ai.search import position_from_view

    position = complete("rules=2p dealer=1 turn=0 hands=4H7S2C5D/7DKH5S9C loose=3C played=36")
    view = seat_view(position, 0)
    better = Move.parse("7S")
    tries = [m for m in candidate_moves(position) if m != better]
    assert len(tries) >= 2
    refutation._exact_courses.clear()
    kept = [refute(view, move, better) for move in tries]
    assert (position_from_view(view), better) in refutation._exact_courses
    fresh = []
    for move in tries:
        refutation._exact_courses.clear()
        fresh.append(refute(view, move, better))
    assert kept == fresh and any(found is not None for found in kept)
