"""Worst-case timings on crowded tables: the calls the game makes per gesture and per turn.

    python -m lab.benchmarks.crowded [--positions 10000] [--seed 1] [--ai 3]

Crowded positions come from legal play in which every player lays whenever allowed
(else plays a random move from ``candidate_moves``), the way issue 11's freeze was found;
every position of those rounds counts, until ``--positions`` of them. Added to them: the
issue's position and positions with every numeral that can be loose on the table (all 40
but the hand's). For each position, with cold caches, the script times what the frame
thread or a turn calls:

- ``targets`` (the items lit while dragging) for every hand card;
- ``resolve_gesture`` for every hand card dropped on every loose card and pile (on the
  generated positions: on one loose card of each value, and every pile);
- ``is_legal`` and ``apply`` of a candidate move (and ``why_illegal`` via ``apply`` of a
  refused one); ``candidate_moves`` (the moves list 'M', the AI's candidates);

and reports the worst case of each, with the position it happened on. Then the Expert and
Master decide on the fixed positions and on the ``--ai`` most crowded generated ones.
Times are CPU time of this process (wall time is shown beside for the calls): on a machine
shared with other work the wall time adds whatever the scheduler gives away. Quote them with
the machine.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import random
import time
from collections.abc import Callable

from diloti_desktop.ai.players import make_player
from diloti_desktop.rules import (
    IllegalMoveError,
    Move,
    MoveKind,
    Position,
    Ruleset,
    apply,
    candidate_moves,
    is_legal,
    new_match,
    play_unchecked,
    resolve_gesture,
    seat_view,
    targets,
)
from diloti_desktop.rules.cards import NUMERALS, RANK_MASK, iter_cards
from diloti_desktop.rules.movegen import clear_caches
from diloti_desktop.rules.position import PLAY

ISSUE_POSITION = (
    "rules=2p round=1 phase=play dealer=0 turn=0 hands=3S6C8D9DTHTD/AS2SJSQDKC stock=- "
    "loose=AHAD2H2D2C3H4S4D4C5S5H5D6S6H6D7S7H7D7C8S8C9S9H9CTSTCJCQCKD piles=- "
    "captured=QSQHKSKH/AC3D3C4H5C8HJHJD xeri=0/0 xeristaki=0/0 last=0 played=37 "
    "score=0/0 winner=-")


def full_table_positions() -> list[Position]:
    """Every numeral that can be loose: the 40 numerals but the two hands' are on the table."""
    hands = [("3S6C8D9DTHTD", "JSQSKSJHQHKH"), ("AS5C7D9STHTC", "2S4SJDQDKDJC"),
             ("2C4H6S8HTD5D", "JSJHQSQHKSKH")]
    found = []
    for mine, theirs in hands:
        text = f"rules=2p turn=0 hands={mine}/{theirs} played=30"
        position = Position.parse(text)
        loose = NUMERALS & ~position.hands[0] & ~position.hands[1]
        rest = 0xFFFFFFFFFFFFF & ~loose & ~position.hands[0] & ~position.hands[1]
        captured = "".join(c.notation() for c in iter_cards(rest))
        found.append(Position.parse(
            f"{text} loose={''.join(c.notation() for c in iter_cards(loose))} "
            f"captured={captured}/-"))
    return found


def crowded_positions(count: int, seed: int) -> list[Position]:
    """Positions of rounds where everyone lays whenever allowed."""
    rng = random.Random(seed)
    found: list[Position] = []
    game = 0
    while len(found) < count:
        position, _events = new_match(Ruleset(), random.Random(seed * 7_919 + game))
        game += 1
        while position.phase == PLAY and len(found) < count:
            found.append(position)
            moves = candidate_moves(position)
            lays = [m for m in moves if m.kind == MoveKind.LAY]
            position = play_unchecked(position, rng.choice(lays or moves))
    return found


class Worst:
    """The worst time of one call (CPU time of this process, and wall time), and where.

    The CPU time is the call's own cost; the wall time also counts the moments the
    operating system gave the core to other programs (large on a loaded machine).
    """

    def __init__(self, name: str) -> None:
        self.name = name
        self.seconds = 0.0
        self.wall = 0.0
        self.calls = 0
        self.where = ""
        self.times: list[float] = []

    def time(self, position: Position, call: Callable[..., object], *args: object) -> None:
        start, start_wall = time.process_time(), time.perf_counter()
        call(position, *args)
        elapsed = time.process_time() - start
        self.wall = max(self.wall, time.perf_counter() - start_wall)
        self.calls += 1
        self.times.append(elapsed)
        if elapsed > self.seconds:
            self.seconds, self.where = elapsed, position.notation()

    def line(self) -> str:
        ordered = sorted(self.times) or [0.0]
        tail = ordered[min(len(ordered) - 1, int(len(ordered) * 0.999))]
        return (f"{self.name:>16}: worst {self.seconds * 1000:6.2f} ms CPU "
                f"(99.9% under {tail * 1000:6.2f} ms; worst wall {self.wall * 1000:7.2f} ms) "
                f"over {self.calls:>7} calls")


def _gesture(position: Position, card: int, loose: int, piles: tuple[int, ...]) -> None:
    with contextlib.suppress(IllegalMoveError):
        resolve_gesture(position, card, loose, piles)


def _collect(position: Position, into: list[Move]) -> None:
    into.extend(candidate_moves(position))


def _refused(position: Position, move: Move) -> None:
    with contextlib.suppress(IllegalMoveError):
        apply(position, move)


def measure(positions: list[Position], every_card: bool = True) -> list[Worst]:
    """Time the per-gesture and per-turn calls on every position (cold caches)."""
    names = ("targets", "resolve_gesture", "is_legal", "apply", "apply (refused)",
             "candidate_moves")
    worst = {name: Worst(name) for name in names}
    for position in positions:
        clear_caches()
        hand = position.hands[position.turn]
        pointed = position.loose
        if not every_card:  # one card of each value: same sums, same work
            pointed = 0
            for rank in range(1, 14):
                same = position.loose & RANK_MASK[rank]
                pointed |= same & -same
        items: list[tuple[int, tuple[int, ...]]] = [(1 << c, ()) for c in iter_cards(pointed)]
        items += [(0, (p.cards,)) for p in position.piles]
        for card in iter_cards(hand):
            worst["targets"].time(position, targets, card)
            for loose, piles in items:
                worst["resolve_gesture"].time(position, _gesture, card, loose, piles)
        moves: list[Move] = []
        worst["candidate_moves"].time(position, _collect, moves)
        if not moves:
            continue
        move = moves[len(moves) // 2]
        worst["is_legal"].time(position, is_legal, move)
        worst["apply"].time(position, apply, move)
        wrong = move._replace(value=move.value + 1 if move.kind != MoveKind.LAY else 0,
                              kind=MoveKind.FAMILY)
        worst["apply (refused)"].time(position, _refused, wrong)
    return list(worst.values())


def decide(position: Position, level: str) -> float:
    """CPU seconds the level takes to choose a move (cold caches)."""
    clear_caches()
    player = make_player(level, seed=1)
    view = seat_view(position, position.turn)
    start = time.process_time()
    player.choose(view)
    return time.process_time() - start


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print its figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--ai", type=int, default=3)
    args = parser.parse_args(argv)
    fixed = [Position.parse(ISSUE_POSITION), *full_table_positions()]
    print(f"{len(fixed)} fixed positions (issue 11's, and every numeral that can be loose)")
    for result in measure(fixed):
        print(result.line())
    generated = crowded_positions(args.positions, args.seed)
    # The 10,000 positions kept here are not the game's heap: keep the garbage collector
    # from walking them during the timed calls (it would time the collector, not the call).
    gc.collect()
    gc.freeze()
    loose_counts = sorted((p.loose & NUMERALS).bit_count() for p in generated)
    print(f"{len(generated)} positions of lay-whenever-allowed play (seed {args.seed}); "
          f"loose numerals: median {loose_counts[len(loose_counts) // 2]}, "
          f"max {loose_counts[-1]}")
    results = measure(generated, every_card=False)
    for result in results:
        print(result.line())
    slowest = max(results, key=lambda r: r.seconds)
    print(f"slowest call ({slowest.name}) on: {slowest.where}")
    most = sorted(generated, key=lambda p: -(p.loose & NUMERALS).bit_count())[: args.ai]
    for level in ("Expert", "Master"):
        times = [decide(p, level) for p in fixed + most]
        print(f"{level:>16}: worst decision {max(times):.2f} s CPU over {len(times)} positions "
              f"(" + ", ".join(f"{t:.2f}" for t in times) + " s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
