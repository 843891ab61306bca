"""The lab's playout-style tools: the search options that name the styles and the
benchmark's duel and leaf fit (lab/specs.py, lab/benchmarks/playout_styles.py)."""

from __future__ import annotations

import random

import pytest

from diloti_desktop.ai.players import SEARCH
from diloti_desktop.ai.playout import BLIND, LEFTOVER, PLAIN, ROUND, TAKERS
from lab.benchmarks.playout_styles import duel, least_squares
from lab.specs import parse_options


def test_styles_are_search_options() -> None:
    expert = SEARCH["Expert"]
    assert expert.playout == PLAIN
    assert parse_options(expert, "takers,blind").playout == TAKERS | BLIND
    assert parse_options(expert, "leftover,round").playout == LEFTOVER | ROUND
    assert parse_options(parse_options(expert, "takers"), "plain").playout == PLAIN


def test_the_leaf_fit_recovers_known_coefficients() -> None:
    rng = random.Random(5)
    rows = [[1.0, rng.uniform(-3, 3), rng.uniform(0, 4)] for _ in range(400)]
    ys = [0.5 + 2.0 * x - 0.75 * z + rng.gauss(0, 0.1) for _, x, z in rows]
    beta, errors = least_squares(rows, ys)
    assert beta == pytest.approx([0.5, 2.0, -0.75], abs=0.05)
    assert all(0 < e < 0.02 for e in errors)


def test_a_style_against_itself_is_even_and_takers_differs() -> None:
    assert duel(PLAIN, PLAIN, 4) == [0.0] * 4
    assert duel(TAKERS, PLAIN, 4) != [0.0] * 4
