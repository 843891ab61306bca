"""Restoring saved games: every impossible or damaged save is refused with a reason."""

from __future__ import annotations

import pytest

from diloti_desktop.ai.players import make_player
from diloti_desktop.controller import GameSession
from diloti_desktop.rules import Position
from tests.controller.save_cases import GAME_CASES, MATCH_END, MID_GAME, SaveCase, good_game


def test_the_cases_start_from_real_positions() -> None:
    restored = GameSession.from_dict(good_game(), player_factory=make_player)
    assert restored.position == Position.parse(MID_GAME)
    saved = restored.to_dict()
    assert {key: saved[key] for key in good_game()} == good_game()
    assert saved["rounds"] == []  # no round scored yet
    # A save without the round's moves (older format) restores with no history to undo.
    assert saved["moves"] == [] and saved["round_start"] == restored.position.notation()
    assert restored.history == [] and not restored.can_undo()
    assert saved["plays"] == []  # no finished round to review
    Position.parse(MATCH_END)  # well formed; refused only for being over


@pytest.mark.parametrize("case", GAME_CASES, ids=[case.name for case in GAME_CASES])
def test_every_impossible_save_is_refused_with_a_readable_reason(case: SaveCase) -> None:
    with pytest.raises(ValueError) as refused:
        GameSession.from_dict(case.build(), player_factory=make_player)
    reason = str(refused.value)
    assert case.phrase in reason
    assert "Traceback" not in reason and len(reason) < 400


def test_an_ai_with_no_cards_is_refused_before_any_ai_runs() -> None:
    """The save that used to reach heuristic._softmax_pick with nothing to pick."""
    (case,) = [c for c in GAME_CASES if c.name == "AI to move with no cards"]
    seated: list[str] = []

    def factory(level: str, seed: int) -> object:
        seated.append(level)
        return make_player(level, seed)

    with pytest.raises(ValueError, match="impossible"):
        GameSession.from_dict(case.build(), player_factory=factory)  # type: ignore[arg-type]
    assert seated == []  # refused before any player was even made
