"""The engine's shuffle makes the stdlib's draws: the same seed deals the same game."""

from __future__ import annotations

import random

import pytest

from diloti_desktop.rules.engine import shuffle


@pytest.mark.parametrize("size", [0, 1, 2, 3, 17, 40, 52])
def test_shuffle_matches_random_shuffle(size: int) -> None:
    for seed in range(40):
        ours, theirs = random.Random(seed), random.Random(seed)
        cards, expected = list(range(size)), list(range(size))
        shuffle(ours, cards)
        theirs.shuffle(expected)
        assert cards == expected
        assert ours.getstate() == theirs.getstate()  # the same draws were made


class _Reversing(random.Random):
    def shuffle(self, x: list[int]) -> None:  # type: ignore[override]
        x.reverse()


def test_a_subclass_shuffles_itself() -> None:
    cards = list(range(10))
    shuffle(_Reversing(1), cards)
    assert cards == list(range(9, -1, -1))
