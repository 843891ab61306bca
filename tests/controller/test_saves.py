"""Restoring saved games: every impossible or damaged save is refused with a reason."""

from __future__ import annotations

import copy
import random
from collections import Counter

import pytest

from diloti_desktop.ai.players import make_player
from diloti_desktop.controller import GameSession
from diloti_desktop.controller.session import restore_session, save_data
from diloti_desktop.rules import Position
from diloti_desktop.rules.movegen import candidate_moves
from tests.controller.save_cases import GAME_CASES, MATCH_END, MID_GAME, SaveCase, good_game


def test_the_cases_start_from_real_positions() -> None:
    restored = restore_session(good_game(), player_factory=make_player)
    assert restored.position == Position.parse(MID_GAME)
    saved = save_data(restored)
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
        restore_session(case.build(), player_factory=make_player)
    reason = str(refused.value)
    assert case.phrase in reason
    assert "Traceback" not in reason and "<rules=" not in reason and len(reason) < 200


def test_an_ai_with_no_cards_is_refused_before_any_ai_runs() -> None:
    """The save that used to reach heuristic._softmax_pick with nothing to pick."""
    (case,) = [c for c in GAME_CASES if c.name == "AI to move with no cards"]
    seated: list[str] = []

    def factory(level: str, seed: int) -> object:
        seated.append(level)
        return make_player(level, seed)

    with pytest.raises(ValueError, match="impossible"):
        restore_session(case.build(), player_factory=factory)  # type: ignore[arg-type]
    assert seated == []  # refused before any player was even made


# -- fuzzing: damaged saves with every optional part (history, round records, grades) -----
def _real_save() -> dict[str, object]:
    """A save of a real game well into round 2, with every part the session writes."""
    from diloti_desktop.ai.base import RandomPlayer
    from diloti_desktop.controller import HUMAN, GameConfig
    from diloti_desktop.rules import Ruleset
    from diloti_desktop.rules.position import PLAY, ROUND_OVER

    def random_players(level: str, seed: int) -> RandomPlayer:
        return RandomPlayer(seed)

    session = GameSession(GameConfig(Ruleset(), (HUMAN, "Casual"), 5),
                          player_factory=random_players, ai_pace=0)
    rng = random.Random(1)
    while session.position.round_no < 2 or session.position.played < 9:
        if session.position.phase == PLAY and session.is_human_turn():
            session.submit(rng.choice(candidate_moves(session.position)))
        elif session.position.phase == PLAY:
            session.update()
            session.wait_for_work(30)
            session.update()
        elif session.position.phase == ROUND_OVER:
            session.continue_after_round()
        session.poll()
    return save_data(session)


_ODD_VALUES: list[object] = [None, 1, -1, 10**30, "x", "-", [], {}, True, 1.5]


def _mutate(value: object, rng: random.Random) -> object:
    """One random change somewhere inside a JSON value."""
    if isinstance(value, dict) and value:
        key = rng.choice(list(value))
        roll = rng.random()
        if roll < 0.2:
            del value[key]
        else:
            value[key] = _mutate(value[key], rng) if roll < 0.7 else rng.choice(_ODD_VALUES)
        return value
    if isinstance(value, list) and value:
        index = rng.randrange(len(value))
        roll = rng.random()
        if roll < 0.2:
            del value[index]
        else:
            value[index] = _mutate(value[index], rng) if roll < 0.7 else rng.choice(_ODD_VALUES)
        return value
    if isinstance(value, str) and value:
        index = rng.randrange(len(value))
        return value[:index] + rng.choice(("", "Z", "9", " ", "/", value[index] * 2)) + (
            value[index + 1:])
    if isinstance(value, int) and not isinstance(value, bool):
        return rng.choice((value + 1, value - 1, -value, 10**30, 0))
    return rng.choice(_ODD_VALUES)


def test_any_damage_to_a_save_gives_a_value_error_or_a_valid_game() -> None:
    """Like python-chess's fuzzer: only ValueError escapes, and what loads is a real game."""
    from diloti_desktop.ai.base import RandomPlayer
    from diloti_desktop.rules.validate import validate_position

    base = _real_save()
    assert {"position", "config", "format"} <= set(base) and len(base) > 3
    outcomes: Counter[str] = Counter()
    for seed in range(600):
        rng = random.Random(seed)
        damaged: object = copy.deepcopy(base)
        for _change in range(rng.randrange(1, 4)):
            damaged = _mutate(damaged, rng)
        if not isinstance(damaged, dict):
            continue
        try:
            session = restore_session(damaged, player_factory=lambda _l, s: RandomPlayer(s))
        except ValueError as refused:
            assert str(refused)
            outcomes["refused"] += 1
            continue
        validate_position(session.position)
        assert candidate_moves(session.position)
        outcomes["restored"] += 1
    assert outcomes["refused"] > 50 and outcomes["restored"] > 50, outcomes
