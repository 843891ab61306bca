"""Blind-spot audit: self-play rounds scanned for sure gains a searching level passed up.

Every decision of a self-play round is checked for four kinds of chance:

- ``xeri``: a move sweeping the table (scoring a xeri) was legal;
- ``ten``: a capture taking 10♦ (2 points) off the table was legal;
- ``ace``: a capture taking an ace off the table was legal;
- ``pile``: the player declared a pile (build or raise): the chance to *not* expose it.

A decision that passes the chance (no xeri, no 10♦, no ace taken; or a pile declared
while the next player, an opponent, really holds its value) is judged again by a stronger
reference evaluation from the same seat's view (exact to the end of the round when the
hidden cards are known, else twice the Master's playout plies, at least 24 samples,
with the next player's reply searched in every sample). It counts as a *blind spot*
when the reference finds the best move of the passed kind (or, for piles, the best other
move) at least :data:`BLIND_SPOT_LOSS` round points better than the move played.

The audit plays the level against itself; every decision is the level's own, so a
blind spot found here is one a human opponent would see.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from multiprocessing import get_context
from typing import Final, NamedTuple

from diloti_desktop.ai.features import ACES, TEN_D_BIT, move_class
from diloti_desktop.ai.search import SearchConfig, evaluate, makes_xeri
from diloti_desktop.rules.cards import RANK_MASK
from diloti_desktop.rules.engine import new_match, play_unchecked
from diloti_desktop.rules.movegen import candidate_moves
from diloti_desktop.rules.moves import Move, MoveKind
from diloti_desktop.rules.position import PLAY, Position
from diloti_desktop.rules.ruleset import Ruleset
from diloti_desktop.rules.view import seat_view
from lab.specs import build_player
from lab.tournament import wilson

KINDS: Final = ("xeri", "ten", "ace", "pile")
#: Reference loss (round points) from which a passed chance is a blind spot.
BLIND_SPOT_LOSS: Final = 1.0
#: The reference evaluation of a passed chance.
REFERENCE: Final = SearchConfig(ply_budget=48_000, min_samples=24, max_samples=400,
                                reply_search=True, solve_nodes=200_000, fallback_depth=3)


class Finding(NamedTuple):
    """One passed chance and the reference's verdict on it."""

    kind: str
    position: str          #: the position before the move, in notation
    played: str            #: the move played
    better: str            #: the reference's best move of the passed kind (or other move)
    loss: float            #: reference value of ``better`` minus that of ``played``
    exact: bool            #: the reference solved the round exactly


class RoundAudit(NamedTuple):
    """What one self-play round showed: chances and passes per kind, and findings."""

    chances: dict[str, int]
    passes: dict[str, int]
    findings: list[Finding]


def _takes(position: Position, move: Move) -> int:
    """The table cards a move captures (0 for a lay or a declaration)."""
    if move.kind != MoveKind.CAPTURE:
        return 0
    taken = move.loose
    for pile in position.piles:
        if pile.cards in move.piles:
            taken |= pile.cards
    return taken


def _kinds(position: Position, move: Move) -> set[str]:
    """The chance kinds a move takes."""
    kinds = set()
    if makes_xeri(position, move):
        kinds.add("xeri")
    taken = _takes(position, move)
    if taken & TEN_D_BIT:
        kinds.add("ten")
    if taken & ACES:
        kinds.add("ace")
    return kinds


def _exposed(position: Position, move: Move) -> bool:
    """A declaration whose value the next player (an opponent) really holds."""
    if move.kind not in (MoveKind.BUILD, MoveKind.FAMILY, MoveKind.RAISE):
        return False
    after = play_unchecked(position, move)
    if after.phase != PLAY:
        return False
    return bool(after.hands[after.turn] & RANK_MASK[move.value])


def audit_round(task: tuple[str, str, int]) -> RoundAudit:
    """Self-play one round of ``name`` and audit every decision (a pool task)."""
    name, rules_text, seed = task
    rules = Ruleset.parse(rules_text)
    seats = [build_player(name, seed * 8 + s) for s in range(rules.players)]
    position, _ = new_match(rules, random.Random(seed))
    chances = dict.fromkeys(KINDS, 0)
    passes = dict.fromkeys(KINDS, 0)
    findings: list[Finding] = []
    while position.phase == PLAY:
        view = seat_view(position, position.turn)
        move = seats[position.turn].choose(view)
        moves = candidate_moves(position)
        by_kind = {kind: [m for m in moves if kind in _kinds(position, m)]
                   for kind in KINDS[:3]}
        played_kinds = _kinds(position, move)
        suspects: list[tuple[str, list[Move]]] = []
        for kind, chance in by_kind.items():
            if chance:
                chances[kind] += 1
                if kind not in played_kinds:
                    passes[kind] += 1
                    suspects.append((kind, chance))
        if move.kind in (MoveKind.BUILD, MoveKind.FAMILY, MoveKind.RAISE):
            chances["pile"] += 1
            if _exposed(position, move):
                passes["pile"] += 1
                suspects.append(("pile", [m for m in moves if m != move]))
        for kind, others in suspects:
            finding = _judge(kind, position, move, others, seed)
            if finding is not None:
                findings.append(finding)
        position = play_unchecked(position, move)
    return RoundAudit(chances, passes, findings)


def _judge(kind: str, position: Position, played: Move, others: list[Move], seed: int,
           ) -> Finding | None:
    """The reference's verdict on a passed chance: a finding when it is a blind spot."""
    view = seat_view(position, position.turn)
    rng = random.Random(f"audit:{seed}:{position.notation()}")
    results = evaluate(view, REFERENCE, rng, moves=[played, *others])
    values = {r.move: r.value for r in results}
    played_class = move_class(played)
    played_value = next(v for m, v in values.items() if move_class(m) == played_class)
    better = max((r for r in results if move_class(r.move) != played_class),
                 key=lambda r: r.value, default=None)
    if better is None or better.value - played_value < BLIND_SPOT_LOSS:
        return None
    return Finding(kind, position.notation(), str(played), str(better.move),
                   better.value - played_value, better.exact)


def run_audit(name: str, rounds: int, rules: Ruleset, seed: int, processes: int,
              progress: Callable[[int], None] | None = None) -> list[RoundAudit]:
    """Audit ``rounds`` self-play rounds of ``name`` in ``processes`` processes."""
    tasks = [(name, rules.notation(), seed * 1_000_003 + i) for i in range(rounds)]
    audits: list[RoundAudit] = []
    if processes <= 1:
        for task in tasks:
            audits.append(audit_round(task))
            if progress:
                progress(len(audits))
    else:
        with get_context("spawn").Pool(processes) as pool:
            for audit in pool.imap(audit_round, tasks):
                audits.append(audit)
                if progress:
                    progress(len(audits))
    return audits


def audit_report(name: str, rules: Ruleset, audits: list[RoundAudit], examples: int = 3,
                 ) -> str:
    """The printed audit: per kind, chances, passes and blind spots with 95% intervals."""
    lines = [f"{name} self-play, {rules.players} players, {len(audits)} rounds "
             f"(blind spot: the reference finds the passed kind >= {BLIND_SPOT_LOSS:g} "
             "point better)",
             f"{'kind':<6}{'chances':>9}{'passed':>9}{'blind spots':>13}   "
             "95% Wilson (per chance)"]
    findings = [f for a in audits for f in a.findings]
    for kind in KINDS:
        chances = sum(a.chances[kind] for a in audits)
        passed = sum(a.passes[kind] for a in audits)
        blind = sum(1 for f in findings if f.kind == kind)
        share = wilson(blind, chances)
        lines.append(f"{kind:<6}{chances:>9}{passed:>9}{blind:>13}   "
                     f"{100 * share.estimate:.2f}% [{100 * share.low:.2f}%, "
                     f"{100 * share.high:.2f}%]")
    for finding in sorted(findings, key=lambda f: -f.loss)[:examples]:
        lines.append(f"  {finding.kind}: played {finding.played}, better {finding.better} "
                     f"(+{finding.loss:.2f}{' exact' if finding.exact else ''}) in "
                     f"<{finding.position}>")
    return "\n".join(lines)


__all__ = ["BLIND_SPOT_LOSS", "KINDS", "REFERENCE", "Finding", "RoundAudit", "audit_report",
           "audit_round", "run_audit"]
