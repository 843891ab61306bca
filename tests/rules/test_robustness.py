"""Bad input never escapes as anything but the typed rules errors (issue 11, item 5).

Fuzzed notation raises only :class:`DilotiError`; ``apply`` raises only
:class:`IllegalMoveError` whatever value it is given as a move; the CLI answers every bad
input with one line and status 2, never a traceback; numbers in positions are bounded.
"""

from __future__ import annotations

import contextlib
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from diloti_desktop.rules import (
    DilotiError,
    IllegalMoveError,
    InvalidNotationError,
    Move,
    MoveKind,
    Position,
    Ruleset,
    apply,
    resolve_gesture,
)
from diloti_desktop.rules.__main__ import main

BUSY = "hands=AH8C9H/2S loose=AS3D5S7H piles=P8@1:2C6D played=5"
HUGE = "9" * 4300


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(
    ["rules=", "round=", "phase=", "dealer=", "turn=", "hands=", "stock=", "loose=",
     "piles=", "captured=", "xeri=", "xeristaki=", "last=", "played=", "score=", "winner="]),
    min_size=1, max_size=4),
    st.lists(st.one_of(st.text(max_size=12), st.integers(-10**30, 10**30).map(str),
                       st.sampled_from([HUGE, HUGE + "/0", "0/" + HUGE, "4p", "P8@1:2C6D",
                                        "2p,t" + HUGE, "AS/", "-", "/"])),
             min_size=4, max_size=4))
def test_fuzzed_position_fields_raise_only_typed_errors(keys: list[str], values: list[str]) -> None:
    text = " ".join(k + v.replace(" ", "") for k, v in zip(keys, values, strict=False))
    try:
        position = Position.parse(text)
    except DilotiError:
        return
    assert Position.parse(position.notation()) == position  # and it prints back


@pytest.mark.parametrize("field", ["round", "played", "score", "xeri", "xeristaki"])
def test_numbers_in_positions_are_bounded(field: str) -> None:
    value = HUGE if field in ("round", "played") else f"{HUGE}/0"
    with pytest.raises(InvalidNotationError, match="out of range"):
        Position.parse(f"{field}={value}")
    with pytest.raises(InvalidNotationError):
        Ruleset.parse(f"2p,t{HUGE}")
    with pytest.raises(InvalidNotationError):
        Ruleset.parse("2p,t100001")


moves = st.builds(
    Move,
    st.one_of(st.sampled_from(list(MoveKind)), st.integers(-3, 9), st.none(), st.text(max_size=2)),
    st.one_of(st.integers(-5, 60), st.none(), st.floats(), st.text(max_size=2)),
    st.one_of(st.integers(-3, 15), st.none()),
    st.one_of(st.integers(-(1 << 53), 1 << 60), st.none(), st.text(max_size=2)),
    st.one_of(st.tuples(), st.tuples(st.integers(-5, 1 << 53)),
              st.tuples(st.integers(0, 1 << 52), st.integers(0, 1 << 52)), st.none(),
              st.text(max_size=2)),
)


@settings(max_examples=500, deadline=None)
@given(moves)
def test_apply_raises_only_illegal_move_errors_on_any_move_value(move: Move) -> None:
    position = Position.parse(BUSY)
    with contextlib.suppress(IllegalMoveError):
        after, _events = apply(position, move)
        assert after.played == position.played + 1


def test_a_family_of_eleven_is_illegal_not_a_crash() -> None:
    position = Position.parse(BUSY)
    with pytest.raises(IllegalMoveError):
        apply(position, Move(MoveKind.FAMILY, 0, 11, 1 << 0 | 1 << 9))  # AS *11 AH 3D...
    with pytest.raises(IllegalMoveError):
        apply(position, Move(MoveKind.FAMILY, 29, 11, 0, (1 << 7 | 1 << 22,)))


@settings(max_examples=200, deadline=None)
@given(st.integers(-5, 60), st.integers(-(1 << 53), 1 << 60), st.lists(st.integers(0, 1 << 52),
                                                                         max_size=3))
def test_gestures_raise_only_illegal_move_errors(card: int, loose: int, piles: list[int]) -> None:
    with contextlib.suppress(IllegalMoveError):
        resolve_gesture(Position.parse(BUSY), card, loose, piles)


BAD_ARGUMENTS = [
    ["new", "--seed=--"], ["new", "--seed"], ["new", "--seed", HUGE], ["new", "--seed", "1e9"],
    ["new", "--rules", "2p,t" + HUGE], ["new", "--rules", "5p"], ["bench", "--rounds", "0"],
    ["bench", "--rounds=--"], ["bench", "--rounds", HUGE], ["legal"], ["frobnicate"], [],
    ["legal", f"round={HUGE}"], ["legal", f"score={HUGE}/0"], ["legal", "hands=ZZ/-"],
    ["play", BUSY], ["play", BUSY, "8C x"], ["play", BUSY, "8C *11 AS"],
    ["play", "phase=nope", "AH"], ["new", "--nonsense"],
]


@pytest.mark.parametrize("argv", BAD_ARGUMENTS, ids=lambda a: " ".join(a)[:40] or "nothing")
def test_the_cli_answers_bad_input_with_one_line_and_status_2(
        argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("invalid: ")
    assert "Traceback" not in captured.err


def test_the_cli_as_a_process_prints_no_traceback() -> None:
    for argv in (["new", "--seed=--"], ["legal", f"round={HUGE}"]):
        done = subprocess.run([sys.executable, "-m", "diloti_desktop.rules", *argv],
                              capture_output=True, text=True, timeout=60)
        assert done.returncode == 2
        assert len(done.stderr.splitlines()) == 1 and "Traceback" not in done.stderr


def test_the_cli_streams_the_legal_moves_of_a_crowded_table() -> None:
    crowded = ("hands=3S6C8D9DTHTD/AS2SJSQDKC loose=AHAD2H2D2C3H4S4D4C5S5H5D6S6H6D7S7H7D7C8S8C"
               "9S9H9CTSTCJCQCKD played=37")
    process = subprocess.Popen([sys.executable, "-m", "diloti_desktop.rules", "legal", crowded],
                               stdout=subprocess.PIPE, text=True)
    try:
        assert process.stdout is not None
        first = [process.stdout.readline().strip() for _ in range(3)]
    finally:
        process.kill()
        process.wait()
    assert first == ["3S x AH 2H", "3S x AH 2D", "3S x AH 2C"]
