"""The session's score sheet: one record per scored round, kept in the save file."""

from __future__ import annotations

import json

from diloti_desktop.controller import GameConfig, GameSession, RoundOver
from diloti_desktop.controller.scoresheet import RoundRecord, rounds_from_data, rounds_to_data
from diloti_desktop.controller.session import restore_session, save_data
from diloti_desktop.rules import Ruleset
from diloti_desktop.rules.position import MATCH_OVER, ROUND_OVER
from tests.controller.test_session import random_players, run_ai


def test_every_scored_round_is_on_the_sheet_and_adds_up_to_the_score() -> None:
    session = GameSession(GameConfig(Ruleset(), ("novice", "novice"), seed=4),
                          player_factory=random_players, ai_pace=0)
    events = run_ai(session)
    results = [e for e in events if isinstance(e, RoundOver)]
    assert session.position.phase == MATCH_OVER
    assert [r.round_no for r in session.rounds] == [r.round_no for r in results]
    assert [r.breakdown for r in session.rounds] == [r.breakdown for r in results]
    for side in (0, 1):
        assert sum(r.breakdown[side].total for r in session.rounds) == (
            session.position.scores[side])
    assert session.rounds[-1].scores == session.position.scores


def test_the_sheet_survives_saving_and_continuing() -> None:
    config = GameConfig(Ruleset(target=101), ("novice", "novice"), seed=9)
    session = GameSession(config, player_factory=random_players, ai_pace=0)
    for _ in range(2000):
        session.update()
        session.wait_for_work(30)
        session.poll()
        if session.position.phase == ROUND_OVER and len(session.rounds) == 2:
            break
        if session.position.phase == ROUND_OVER:
            session.continue_after_round()
    assert len(session.rounds) == 2
    saved = json.loads(json.dumps(save_data(session)))
    restored = restore_session(saved, player_factory=random_players)
    assert restored.rounds == session.rounds
    # An older save without a sheet still loads, with an empty sheet.
    del saved["rounds"]
    assert restore_session(saved, player_factory=random_players).rounds == []


def test_a_damaged_sheet_keeps_the_rounds_before_the_damage() -> None:
    session = GameSession(GameConfig(Ruleset(), ("novice", "novice"), seed=4),
                          player_factory=random_players, ai_pace=0)
    run_ai(session)
    data = rounds_to_data(session.rounds)
    assert len(data) >= 2
    assert rounds_from_data(data) == session.rounds
    data[1]["sides"] = [[1, 2], "x"]
    assert rounds_from_data(data) == session.rounds[:1]
    assert rounds_from_data("not a list") == []
    assert rounds_from_data([{"round": 1, "sides": [[-1] * 9, [0] * 9], "scores": [0, 0]}]) == []
    assert isinstance(session.rounds[0], RoundRecord)
