"""The strategy lessons teach what really wins: in every step that offers a wrong try, the
game's exact end-of-round solver (:func:`diloti_desktop.ai.search.solve`, every hand known,
the stock empty) finds the step's move best, and each wrong try at least a point per round
worse. The scripted reply is one of the replier's best answers, so the lesson does not
show an opponent playing badly for the idea to work."""

from __future__ import annotations

import pytest

from diloti_desktop.ai.search import solve
from diloti_desktop.controller.lessons import LESSONS, Lesson
from diloti_desktop.rules.engine import apply
from diloti_desktop.rules.moves import Move
from diloti_desktop.rules.position import Position

STRATEGY = [item for item in LESSONS if item.key in {
    "last_capture", "counting", "no_sweep", "protect", "family_wins", "race", "reading",
    "partner_play", "partners"}]
NODES = 3_000_000


def values(position: Position) -> dict[Move, float]:
    """Each distinct move's exact value for the side to move (round points, relative)."""
    solved = solve(position, NODES)
    assert solved is not None, "the solver needs more nodes"
    return {found.move: found.value for found in solved}


def value_of(position: Position, move: Move, solved: dict[Move, float]) -> float:
    """The value of ``move``, or of the distinct move the solver lists for the same result."""
    if move in solved:
        return solved[move]
    after = apply(position, move)[0]
    same = [v for m, v in solved.items() if apply(position, m)[0] == after]
    assert same, move
    return same[0]


@pytest.mark.parametrize("current", STRATEGY, ids=lambda item: item.key)
def test_the_step_s_move_is_best_and_each_wrong_try_loses(current: Lesson) -> None:
    position: Position | None = None
    checked = 0
    for step in current.steps:
        if step.position:
            position = Position.parse(step.position)
        assert position is not None
        if step.wrong:
            solved = values(position)
            best = max(solved.values())
            expected = Move.parse(step.expect[0])
            assert value_of(position, expected, solved) == best, (current.key, solved)
            for text, _answer in step.wrong:
                wrong = value_of(position, Move.parse(text), solved)
                assert wrong <= best - 1.0, (current.key, text, wrong, best)
            checked += 1
        position = apply(position, Move.parse(step.expect[0]))[0]
        if step.reply:
            reply = Move.parse(step.reply)
            answers = values(position)
            assert value_of(position, reply, answers) == max(answers.values()), (
                current.key, step.reply, answers)
            position = apply(position, reply)[0]
    assert checked or current.key == "partners"


def test_there_are_eight_strategy_lessons_after_the_rules() -> None:
    keys = [item.key for item in LESSONS]
    strategy = [item for item in STRATEGY if item.key != "partners"]
    assert len(strategy) >= 8
    assert min(keys.index(item.key) for item in strategy) > keys.index("partners")
