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

``play`` prints the new position and one event per line, or exits with status 1 and the
reason when the move is illegal (status 2 for bad notation).
"""

from __future__ import annotations

import argparse
import random
import sys

from diloti_desktop.rules import bench
from diloti_desktop.rules.engine import apply, new_match
from diloti_desktop.rules.errors import IllegalMoveError, InvalidNotationError
from diloti_desktop.rules.events import event_notation
from diloti_desktop.rules.movegen import legal_moves
from diloti_desktop.rules.moves import Move
from diloti_desktop.rules.position import Position
from diloti_desktop.rules.ruleset import Ruleset


def main(argv: list[str] | None = None) -> int:
    """Run the CLI; returns the exit status."""
    parser = argparse.ArgumentParser(prog="python -m diloti_desktop.rules",
                                     description="Diloti rules engine tool.")
    commands = parser.add_subparsers(dest="command", required=True)
    new = commands.add_parser("new", help="print the starting position of a seeded match")
    new.add_argument("--seed", type=int, default=0)
    new.add_argument("--rules", default="2p", help="ruleset notation, e.g. 4p,t101")
    legal = commands.add_parser("legal", help="print every legal move, one per line")
    legal.add_argument("position")
    play = commands.add_parser("play", help="play a move; print the new position and events")
    play.add_argument("position")
    play.add_argument("move")
    bench_parser = commands.add_parser("bench", help="random 2-player rounds per second")
    bench_parser.add_argument("--rounds", type=int, default=1000)
    bench_parser.add_argument("--seed", type=int, default=1)
    replay_parser = commands.add_parser("replay", help="replay a round transcript file")
    replay_parser.add_argument("file")
    args = parser.parse_args(argv)

    try:
        if args.command == "new":
            position, _ = new_match(Ruleset.parse(args.rules), random.Random(args.seed))
            print(position.notation())
        elif args.command == "legal":
            for move in legal_moves(Position.parse(args.position)):
                print(move.notation())
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
        print(f"illegal: {error.reason}", file=sys.stderr)
        return 1
    except InvalidNotationError as error:
        print(f"invalid: {error}", file=sys.stderr)
        return 2
    return 0


def _replay(path: str) -> int:
    """The ``replay`` command (errors propagate to :func:`main`'s handlers)."""
    from diloti_desktop.rules import transcript

    try:
        with open(path, encoding="utf-8") as file:
            text = file.read()
    except (OSError, UnicodeDecodeError) as error:
        raise InvalidNotationError(f"cannot read {path}: {error}") from None
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
