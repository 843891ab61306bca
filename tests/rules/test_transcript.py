"""Round transcripts: the text form of a round, and the CLI's ``replay`` command."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from diloti_desktop.rules import Move, Ruleset, legal_moves, new_match, play_unchecked
from diloti_desktop.rules.__main__ import main
from diloti_desktop.rules.errors import IllegalMoveError, InvalidNotationError
from diloti_desktop.rules.position import PLAY, Position
from diloti_desktop.rules.transcript import format_transcript, parse_transcript, replay


def played_round(seed: int, players: int = 2) -> tuple[Position, list[tuple[int, Move]],
                                                       Position]:
    start, _events = new_match(Ruleset(players=players), random.Random(seed))
    rng = random.Random(seed)
    position, moves = start, []
    while position.phase == PLAY:
        move = rng.choice(list(legal_moves(position)))
        moves.append((position.turn, move))
        position = play_unchecked(position, move)
    return start, moves, position


@pytest.mark.parametrize("players", [2, 4])
def test_a_round_round_trips_and_replays_to_its_end(players: int) -> None:
    start, moves, end = played_round(11, players)
    notes = ["mistake 2.30 9H"] + [""] * (len(moves) - 1)
    text = format_transcript(start, moves, notes, end=end, comments=["a round", ""])
    assert text.startswith("# a round\n#\nstart rules=")
    parsed = parse_transcript(text)
    assert parsed.start == start and parsed.end == end
    assert [(m.seat, m.move) for m in parsed.moves] == moves
    assert parsed.moves[0].note == "mistake 2.30 9H" and parsed.moves[1].note == ""
    after = replay(parsed)
    assert len(after) == len(moves) and after[-1][0] == end


def test_replay_names_the_first_bad_move() -> None:
    start, moves, end = played_round(12)
    seat, move = moves[4]
    wrong = [moves[0], *moves[1:4], (1 - seat, move), *moves[5:]]
    with pytest.raises(IllegalMoveError, match="move 5: seat"):
        replay(parse_transcript(format_transcript(start, wrong)))
    again = [moves[0], (moves[1][0], moves[0][1]), *moves[2:]]  # a card already played
    with pytest.raises(IllegalMoveError, match=r"move 2: .* is not in your hand"):
        replay(parse_transcript(format_transcript(start, again)))
    with pytest.raises(IllegalMoveError, match="do not reach the 'end' position"):
        replay(parse_transcript(format_transcript(start, moves[:-1], end=end)))


@pytest.mark.parametrize("text, message", [
    ("1 s0 9H\n", "line 1: a move before the 'start' line"),
    ("# nothing\n", "no 'start' line"),
    ("start hands=9H/-\n2 s0 9H\n", "line 2: move number '2' where 1 was expected"),
    ("start hands=9H/-\n1 0 9H\n", "line 2: expected '<number> s<seat> <move>'"),
    ("start hands=9H/-\n1 sX 9H\n", "line 2: bad seat 'sX'"),
    ("start hands=9H/-\n1 s0 9Z\n", "line 2: not a card"),
    ("start hands=9H/-\nstart hands=9H/-\n", "line 2: a second 'start' line"),
    ("start nonsense\n", "line 1: unknown position field"),
])
def test_bad_transcripts_are_refused_with_the_line(text: str, message: str) -> None:
    with pytest.raises(InvalidNotationError, match=message):
        parse_transcript(text)


def test_the_cli_replays_a_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    start, moves, end = played_round(13)
    path = tmp_path / "round.txt"
    path.write_text(format_transcript(start, moves, end=end), encoding="utf-8")
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"1 s{moves[0][0]} {moves[0][1].notation()}"
    assert out[-2] == end.notation()
    assert out[-1] == f"replayed {len(moves)} moves (matches its end line)"
    assert any(line.startswith("  RoundScored") for line in out)


def test_the_cli_reports_bad_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    start, moves, _end = played_round(14)
    bad = tmp_path / "bad.txt"
    bad.write_text(format_transcript(start, [moves[1], *moves]), encoding="utf-8")
    assert main(["replay", str(bad)]) == 1
    assert capsys.readouterr().err.startswith("illegal: move 1: seat")
    assert main(["replay", str(tmp_path / "missing.txt")]) == 2
    assert capsys.readouterr().err.startswith("invalid: cannot read")
    bad.write_bytes(b"\xff\xfe start")
    assert main(["replay", str(bad)]) == 2
