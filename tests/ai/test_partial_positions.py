"""AI players and hints also work on hand-made positions that hold fewer than 52 cards."""

import pytest

from diloti_desktop.ai.hints import suggest
from diloti_desktop.ai.players import LEVELS, make_player
from diloti_desktop.ai.search import can_solve
from diloti_desktop.rules import Position, legal_moves, seat_view

PARTIAL = "hands=6S9C/KC2S loose=6D2C4H9S played=1"


def test_the_end_of_round_solver_needs_the_unseen_cards_to_be_the_other_hand():
    view = seat_view(Position.parse(PARTIAL), 0)
    assert view.stock_size == 0 and view.hand_sizes[1] == 2
    assert not can_solve(view)  # 44 unseen cards cannot all be in a 2-card hand


@pytest.mark.slow
def test_hints_and_every_level_handle_a_partial_position():
    position = Position.parse(PARTIAL)
    view = seat_view(position, 0)
    hints = suggest(view, count=3)
    assert hints and all(h.move in legal_moves(position) for h in hints)
    for level in LEVELS:
        assert make_player(level, 1).choose(view) in legal_moves(position)
