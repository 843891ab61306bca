"""Command-line tool over the notation, for bug reports and black-box tests.

    python -m diloti_desktop.rules new [--seed N] [--rules 2p]
    python -m diloti_desktop.rules legal "<position>"
    python -m diloti_desktop.rules play "<position>" "<move>"
    python -m diloti_desktop.rules bench [--rounds N] [--seed N]
    python -m diloti_desktop.rules replay FILE

``replay`` plays a round transcript (see ``rules/transcript.py``; the game's review
exports them) move by move, printing each move with its events and the final position;
status 1 names the first illegal move (or a wrong end position), 2 a file that does not
parse or cannot be read.

``legal`` streams every legal move, one per line, as they are found (the list can be
astronomically long on a crowded table: stop it with Ctrl-C or pipe it into ``head``).
``play`` prints the new position and one event per line. Exit status: 0 done, 1 illegal
move (with the reason), 2 any bad input (one line on stderr, never a traceback).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import NoReturn

from diloti_desktop.rules import bench
from diloti_desktop.rules.engine import apply, new_match
from diloti_desktop.rules.errors import IllegalMoveError, InvalidNotationError
from diloti_desktop.rules.events import event_notation
from diloti_desktop.rules.movegen import legal_moves
from diloti_desktop.rules.moves import Move
from diloti_desktop.rules.position import Position
from diloti_desktop.rules.ruleset import Ruleset

#: Seeds and counts are bounded so that a typo cannot ask for a day of work.
MAX_SEED_DIGITS = 30
MAX_ROUNDS = 1_000_000
#: A round's transcript is a few kilobytes (one line per card played).
MAX_TRANSCRIPT_BYTES = 1024 * 1024
#: The longest error line printed: a damaged file's line is quoted, never whole.
MAX_ERROR_CHARS = 300


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line and status 2 (no usage block)."""

    def error(self, message: str) -> NoReturn:
        raise InvalidNotationError(message)


def _seed(text: str) -> int:
    raw = text.strip()
    digits = raw[1:] if raw[:1] in "+-" else raw
    if not digits.isascii() or not digits.isdigit() or len(digits) > MAX_SEED_DIGITS:
        raise argparse.ArgumentTypeError(
            f"seed must be a whole number of at most {MAX_SEED_DIGITS} digits, not {text!r}")
    return int(raw)


def _count(text: str) -> int:
    raw = text.strip()
    if not raw.isascii() or not raw.isdigit() or len(raw) > 7 or not 1 <= int(raw) <= MAX_ROUNDS:
        raise argparse.ArgumentTypeError(f"expected a count from 1 to {MAX_ROUNDS}, not {text!r}")
    return int(raw)


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m diloti_desktop.rules", description="Diloti rules engine tool.")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    new = commands.add_parser("new", help="print the starting position of a seeded match")
    new.add_argument("--seed", type=_seed, default=0)
    new.add_argument("--rules", default="2p", help="ruleset notation, e.g. 4p,t101")
    legal = commands.add_parser("legal", help="stream every legal move, one per line")
    legal.add_argument("position")
    play = commands.add_parser("play", help="play a move; print the new position and events")
    play.add_argument("position")
    play.add_argument("move")
    bench_parser = commands.add_parser("bench", help="random 2-player rounds per second")
    bench_parser.add_argument("--rounds", type=_count, default=1000)
    bench_parser.add_argument("--seed", type=_seed, default=1)
    replay_parser = commands.add_parser("replay", help="replay a round transcript file")
    replay_parser.add_argument("file")
    return parser


def _stream(moves: Iterator[Move]) -> None:
    """Print moves as they come: the first at once, then in flushed batches."""
    for count, move in enumerate(moves):
        sys.stdout.write(move.notation() + "\n")
        if count % 1000 == 0:
            sys.stdout.flush()


def main(argv: list[str] | None = None) -> int:
    """Run the CLI; returns the exit status."""
    try:
        args = _parser().parse_args(argv)
        for name in ("seed", "rounds"):  # argparse drops a value of "--" without a check
            if hasattr(args, name) and type(getattr(args, name)) is not int:
                raise InvalidNotationError(f"argument --{name}: expected a whole number")
        if args.command == "new":
            position, _ = new_match(Ruleset.parse(args.rules), random.Random(args.seed))
            print(position.notation())
        elif args.command == "legal":
            _stream(legal_moves(Position.parse(args.position)))
        elif args.command == "play":
            position, events = apply(Position.parse(args.position), Move.parse(args.move))
            print(position.notation())
            for event in events:
                print(event_notation(event))
        elif args.command == "replay":
            return _replay(args.file)
        else:
            print(f"Random legal 2-player rounds, seed {args.seed}, {args.rounds} rounds per path")
            for checked in (False, True):
                print(bench.run(args.rounds, args.seed, checked).line())
    except IllegalMoveError as error:
        print(f"illegal: {_one_line(error.reason)}", file=sys.stderr)
        return 1
    except InvalidNotationError as error:
        print(f"invalid: {_one_line(str(error))}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # ``legal ... | head``: the reader has all it wanted
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # nothing more to flush at exit
        return 0
    except KeyboardInterrupt:
        return 130
    return 0


def _one_line(text: str) -> str:
    """``text`` on one line of at most :data:`MAX_ERROR_CHARS` characters."""
    text = " ".join(text.splitlines())
    return text if len(text) <= MAX_ERROR_CHARS else text[:MAX_ERROR_CHARS - 1] + "…"


def _replay(path: str) -> int:
    """The ``replay`` command (errors propagate to :func:`main`'s handlers)."""
    from diloti_desktop.player_data import files
    from diloti_desktop.rules import transcript

    # The game's reader of player files: a regular file only, opened without blocking
    # (a FIFO, /dev/zero or /dev/urandom are refused at once), of bounded size, UTF-8 with
    # or without a byte order mark.
    try:
        raw = files.read_regular_file(Path(path), MAX_TRANSCRIPT_BYTES)
        if raw is None:
            raise files.UnreadableFile("no such file", "no such file")
        text = files.decode_text(raw)
    except files.UnreadableFile as error:
        raise InvalidNotationError(f"cannot read {files.shown_path(path)}: {error.reason}"
                                   ) from None
    parsed = transcript.parse_transcript(text)
    played = transcript.replay(parsed)
    for index, (entry, (_position, events)) in enumerate(
            zip(parsed.moves, played, strict=True), start=1):
        print(f"{index} s{entry.seat} {entry.move.notation()}")
        for event in events[1:]:  # the first is the CardPlayed just shown
            print(f"  {event_notation(event)}")
    final = played[-1][0] if played else parsed.start
    print(final.notation())
    checked = " (matches its end line)" if parsed.end is not None else ""
    print(f"replayed {len(played)} moves{checked}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
