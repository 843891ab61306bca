"""How the coach explains: one verdict for hint, tutor and review; filler; reason kinds.

Usage: ``python -m lab.benchmarks.coach_reasons [--decisions 200] [--scale 0.25]
[--count 300] [--part verdict|reasons|all]``.

**One verdict** (``--part verdict``, issue 27): ``--decisions`` human decisions of seeded
games, two- and four-player in turn (the human against Novices, the tutor on, through the
real :class:`~diloti_desktop.controller.session.GameSession`). At each the hint is asked
for, then the hinted move or a random legal move is played (anyway, when the tutor warns),
and at the round's end the review grades the round. Reported: the share of hinted moves
the review grades best (the bar: 100%), the share of moves whose review loss equals the
tutor's (:func:`~diloti_desktop.ai.coach.check` on the turn's ranking; bar: 100%), the
human moves the review graded again, and the filler: every sentence the hint, the tutor
and the review phrase about these decisions, in every language, checked against
:data:`FILLER_ANY` and (where every card is known) :data:`FILLER_EXACT_ANY`, and in English
against :data:`FILLER_EN`, :data:`FILLER_EXACT`, alternatives priced without a reason,
the only move unlabelled, the own pile named by a card and a reason as true of the
played move (bar: 0); and the share of tutor warnings and review mistakes and blunders
that say what happens next (a refutation sentence; bar: 95%). ``--scale`` multiplies the hint's and
the review's budgets (the real ones at 1).

**Reason kinds** (``--part reasons``): ``--count`` hint positions, half from two-player
games, half from four-player games (Intermediate players, seeded). For each, the full hint
(:func:`diloti_desktop.ai.coach.advise`) is computed as the game does, and the kinds of
the reasons shown with the best move are counted: the main (first) reason, and every
reason shown. The bar (issue 8): at least 8 distinct kinds, none shown in more than 35%
of the hints. Then the tutor: every other move of the same positions that the tutor
would stop (:func:`diloti_desktop.ai.coach.check`), by the kind of its reason.
``better_value`` ("the better move scores more on average") is the sentence that
explains nothing; a reason marked ``better move:`` says what the better move achieves,
given when no difference between the two moves explains the loss.
"""

from __future__ import annotations

import argparse
import collections
import random
import re
import time
from dataclasses import dataclass, field
from typing import Final

from diloti_desktop.ai.coach import Advice, TutorCheck, advise, check, teach
from diloti_desktop.ai.hints import GRADE_LIMITS, HINT_SEARCH, Verdict, analyse, move_facts
from diloti_desktop.ai.players import make_player
from diloti_desktop.ai.reasons import fact_reasons
from diloti_desktop.ai.review import REVIEW_SEARCH, Decision
from diloti_desktop.ai.search import MoveValue, SearchConfig
from diloti_desktop.controller import HUMAN, GameConfig, GameSession, HintReady, TutorWarning
from diloti_desktop.controller.coach import Analysis
from diloti_desktop.i18n import set_language
from diloti_desktop.rules import Move, Position, Ruleset, SeatView, legal_moves, seat_view
from diloti_desktop.rules.position import PLAY
from diloti_desktop.ui.words.coach_words import (
    card_text,
    full_hint_lines,
    nudge_text,
    reason_text,
    refutation_text,
    tutor_paragraphs,
    tutor_title,
)
from diloti_desktop.ui.words.review_words import decision_advice, decision_status
from lab.benchmarks.positions import game_positions

LANGUAGES: Final = ["en", "de", "el", "es", "fr", "it"]


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=300, help="hint positions (part 1)")
    parser.add_argument("--decisions", type=int, default=200,
                        help="decisions of the one-verdict run (part 2)")
    parser.add_argument("--scale", type=float, default=0.25,
                        help="the hint's and the review's budgets times this (part 2)")
    parser.add_argument("--seed", type=int, default=27)
    parser.add_argument("--part", choices=("reasons", "verdict", "all"), default="all")
    args = parser.parse_args()
    if args.part in ("verdict", "all"):
        started = time.monotonic()
        report_verdicts(one_verdict(args.decisions, args.scale, args.seed, LANGUAGES))
        print(f"  ({time.monotonic() - started:.0f} s)")
    if args.part in ("reasons", "all"):
        reason_kinds(args.count)


def reason_kinds(count: int) -> None:
    """Print the distribution of the reasons' kinds."""
    half = count // 2
    positions = (game_positions(2, half, seed=81)
                 + game_positions(4, count - half, seed=82))
    main_kind: collections.Counter[str] = collections.Counter()
    shown: collections.Counter[str] = collections.Counter()
    nudges: collections.Counter[str] = collections.Counter()
    tutor: collections.Counter[str] = collections.Counter()
    for position in positions:
        view = seat_view(position, position.turn)
        ranking = analyse(view)
        advice = advise(view, ranking)
        assert advice is not None
        reasons = advice.best.reasons
        main_kind[reasons[0].why.value if reasons else "(none)"] += 1
        for reason in reasons:
            shown[reason.why.value] += 1
        nudges[advice.nudge.kind.value] += 1
        for result in ranking[1:]:
            warning = check(view, result.move, ranking)
            if warning.warn:
                about = "better move: " if warning.about_better else ""
                tutor[about + warning.reason.why.value] += 1
    total = len(positions)
    print(f"hint positions: {total} (2 players: {half}, 4 players: {total - half})")
    for title, counter in (("main reason", main_kind), ("any reason shown", shown),
                           ("nudge", nudges)):
        print(f"\n{title}: {len([k for k in counter if k != '(none)'])} kinds")
        for kind, count in counter.most_common():
            print(f"  {kind:14} {count:4}  {100 * count / total:5.1f}% of hints")
    warned = sum(tutor.values())
    print(f"\ntutor warnings (the other moves of these positions): {warned}")
    for kind, count in tutor.most_common():
        print(f"  {kind:26} {count:4}  {100 * count / warned:5.1f}% of warnings")
    worst = max(shown.values()) / total
    kinds = len(shown)
    ok = kinds >= 8 and worst <= 0.35
    print(f"\nbar: >= 8 kinds shown ({kinds}), none in > 35% of hints "
          f"(max {100 * worst:.1f}%): {'met' if ok else 'NOT met'}")


# -- one verdict: the hint, the tutor and the review of the same decisions -------------
#: Sentences that say nothing, in every language (a number that rounds to nothing).
FILLER_ANY: Final = (
    ("zero points", re.compile(r"(?<![\d.,])[−-]?0[.,]0(?!\d)")),
)
#: Odds, in every language, where every card is known (the percent sign).
FILLER_EXACT_ANY: Final = (("odds where all is known", re.compile(r"%")),)
#: Sentences that say nothing, in English (the catalogs' wording is checked by the
#: patterns above, and by the English run of the same decisions).
FILLER_EN: Final = (
    ("tiny margin", re.compile(r"worth about 0[.,]\d points per round more")),
    ("zero unseen", re.compile(r"(?<!\d)0 \S+ (?:is|are) still unseen")),
    ("extra points", re.compile(r"extra points")),
)
#: Said where every card is known (two players, the stock empty): guesses, in English.
FILLER_EXACT: Final = (
    ("odds where all is known", re.compile(r"\blikely\b|\bprobably\b|\bchance\b")),
)
#: An alternative priced without a word of why, beyond the GOOD limit.
UNEXPLAINED = re.compile(r"instead: about (\d+[.,]\d) points worse per round\.$")


@dataclass
class Verdicts:
    """The figures of the one-verdict run."""

    decisions: int = 0
    unforced: int = 0
    hinted: int = 0                 #: hinted moves played
    hinted_best: int = 0            #: ... graded best by the review
    tutored: int = 0                #: moves the tutor graded (every move played)
    equal_loss: int = 0             #: ... with the review's loss equal to the tutor's
    regraded: int = 0               #: human moves the review graded again
    sentences: int = 0
    filler: collections.Counter[str] = field(default_factory=collections.Counter)
    examples: dict[str, str] = field(default_factory=dict)
    warnings: int = 0               #: tutor warnings and review mistakes
    refuted: int = 0                #: ... with a refutation sentence
    unrefuted: list[str] = field(default_factory=list)  #: ... and those without one

    def flag(self, kind: str, text: str) -> None:
        self.filler[kind] += 1
        self.examples.setdefault(kind, text)


def _exact(view: SeatView) -> bool:
    """Every card is known: two players, the stock empty (the unseen cards are the
    opponent's hand)."""
    return view.position.players == 2 and view.stock_size == 0


def _check_sentences(figures: Verdicts, texts: list[str], exact: bool, english: bool,
                     ) -> None:
    for text in texts:
        if not text:
            continue
        figures.sentences += 1
        patterns = FILLER_ANY + (FILLER_EN if english else ())
        patterns += FILLER_EXACT_ANY if exact else ()
        patterns += FILLER_EXACT if exact and english else ()
        for kind, pattern in patterns:
            if pattern.search(text):
                figures.flag(kind, text)
        found = UNEXPLAINED.search(text) if english else None
        if found and float(found.group(1).replace(",", ".")) >= GRADE_LIMITS[1][0]:
            figures.flag("alternative without a reason", text)


def _hint_texts(advice: Advice, position: Position) -> list[str]:
    return [nudge_text(advice.nudge, position.players), card_text(advice.best.move),
            *full_hint_lines(advice, position)]


def _own_pile_named_by_card(advice: Advice, position: Position) -> bool:
    """The nudge names the side's own pile by one of its cards ("the 3♦ and 1 more")."""
    if advice.nudge.kind.value != "take":
        return False
    side = position.turn & 1
    return any(p.cards in advice.best.move.piles and p.owner & 1 == side
               for p in position.piles)


def _phrase_decision(figures: Verdicts, view: SeatView, move: Move, ranking: list[MoveValue],
                     advice: Advice | None, tutor: TutorCheck | None,
                     decision: Decision | None, number: int, languages: list[str]) -> None:
    """Phrase everything the coach says about one decision in each language, and
    check it."""
    position = view.position
    exact = _exact(view)
    forced = len(ranking) <= 1
    for language in languages:
        set_language(language)
        english = language == "en"
        texts: list[str] = []
        if advice is not None:
            hint = _hint_texts(advice, position)
            texts += hint
            if english and forced and not any("only" in t for t in hint):
                figures.flag("forced move not labelled", " ".join(hint))
            if english and _own_pile_named_by_card(advice, position):
                figures.flag("own pile named by a card", hint[0])
        if tutor is not None and tutor.warn:
            paragraphs = [tutor_title(tutor), *tutor_paragraphs(tutor, position)]
            texts += paragraphs
            if english and tutor.about_better:
                facts = move_facts(view, [move])[0]
                played = {reason_text(r, position.players) for r in teach(view, move, facts)}
                if reason_text(tutor.reason, position.players) in played:
                    figures.flag("reason equally true of the played move", paragraphs[-1])
        if decision is not None:
            advice_text = decision_advice(decision, position)
            texts += [decision_status(move, decision, position, number, 48), advice_text]
            if english and not decision.was_best:
                next_seat = (decision.seat + 1) % position.players
                played = {reason_text(r, position.players)
                          for r in fact_reasons(decision.played_facts, next_seat)}
                if any(advice_text.endswith(" " + t) for t in played):
                    figures.flag("reason equally true of the played move", advice_text)
        _check_sentences(figures, texts, exact, english)
    set_language("en")


def _refutations(figures: Verdicts, view: SeatView, move: Move,
                 tutor: TutorCheck | None, decision: Decision | None) -> None:
    """Count the tutor's warnings and the review's mistakes, and those that say what
    happens next (a refutation, phrased in the player's language)."""
    found = ([tutor.refutation] if tutor is not None and tutor.warn else []) + (
        [decision.refutation] if decision is not None
        and decision.verdict in (Verdict.MISTAKE, Verdict.BLUNDER) else [])
    for refutation in found:
        figures.warnings += 1
        if refutation is not None and refutation_text(refutation, view.position.players):
            figures.refuted += 1
        else:
            loss = tutor.grade.loss if tutor is not None else 0.0
            figures.unrefuted.append(f"{move.notation()} (loss {loss:.2f}) in "
                                     f"{view.position.notation()}")


def _drive(session: GameSession) -> list[object]:
    """Frames until the human is to move (or the round is over)."""
    events: list[object] = []
    for _ in range(2_000):
        session.update()
        session.wait_for_work(120)
        events += session.poll()
        if session.position.phase != PLAY or (session.is_human_turn()
                                              and not session.coaching.grading()):
            return events
    raise RuntimeError("the session did not come back to the human")


def _play(session: GameSession, move: Move) -> TutorCheck | None:
    """Submit a move, played anyway when the tutor warns; returns the warning."""
    ply = len(session.history)
    session.submit(move)
    warning = None
    for _ in range(2_000):
        session.update()
        session.wait_for_work(120)
        for event in session.poll():
            if isinstance(event, TutorWarning):
                warning = event.check
                session.submit(move, checked=True)
        if len(session.history) > ply:
            return warning
    raise RuntimeError("the move was not played")


def one_verdict(count: int, scale: float, seed: int, languages: list[str]) -> Verdicts:
    """``count`` human decisions of seeded games (2 and 4 players in turn, the human
    against Novices, the tutor on): at each, the hint is asked for; the hinted move or
    a random one is played (anyway, when the tutor warns); at the round's end the
    review grades them. Budgets are the hint's and the review's times ``scale``."""
    search = HINT_SEARCH._replace(ply_budget=int(HINT_SEARCH.ply_budget * scale),
                                  solve_nodes=int(HINT_SEARCH.solve_nodes * scale))
    kept, Analysis.search = Analysis.search, search
    try:
        return _one_verdict(count, search, scale, seed, languages)
    finally:
        Analysis.search = kept


def _one_verdict(count: int, search: SearchConfig, scale: float, seed: int,
                 languages: list[str]) -> Verdicts:
    figures = Verdicts()
    rng = random.Random(seed)
    game = 0
    while figures.decisions < count:
        players = 2 if game % 2 == 0 else 4
        config = GameConfig(Ruleset(players=players), (HUMAN, *("Novice",) * (players - 1)),
                            seed * 1000 + game)
        game += 1
        session = GameSession(config, player_factory=make_player, ai_pace=0)
        session.tutor = True
        session.round_grades.config = REVIEW_SEARCH._replace(
            ply_budget=int(REVIEW_SEARCH.ply_budget * scale),
            solve_nodes=int(REVIEW_SEARCH.solve_nodes * scale))
        played: list[tuple[int, SeatView, Move, list[MoveValue], Advice | None,
                           TutorCheck, bool]] = []
        while figures.decisions + len(played) < count:
            _drive(session)
            if session.position.phase != PLAY:
                break
            position = session.position
            view = seat_view(position, position.turn)
            ranking = analyse(view, search)  # the turn's ranking, as the session's
            session.request_hint()
            session.coaching.wait()
            hints = [e for e in _drive_one(session) if isinstance(e, HintReady)]
            advice = hints[0].advice if hints else None
            follow = advice is not None and rng.random() < 0.5
            move = advice.best.move if follow and advice is not None else rng.choice(
                list(legal_moves(position)))
            tutor = check(view, move, ranking)
            _play(session, move)
            played.append((len(session.history) - 1, view, move, ranking, advice, tutor,
                           follow))
        _drive_to_round_end(session)
        grades = _grades(session)
        figures.regraded += session.round_grades.graded
        session.close()
        for ply, view, move, ranking, advice, tutor, follow in played:
            decision = grades.get(ply)
            figures.decisions += 1
            figures.unforced += len(ranking) > 1
            if follow:
                figures.hinted += 1
                figures.hinted_best += decision is not None and decision.was_best
            figures.tutored += 1
            figures.equal_loss += decision is not None and decision.loss == tutor.grade.loss
            _phrase_decision(figures, view, move, ranking, advice, tutor, decision,
                             ply + 1, languages)
            _refutations(figures, view, move, tutor, decision)
    return figures


def _drive_one(session: GameSession) -> list[object]:
    session.update()
    return list(session.poll())


def _drive_to_round_end(session: GameSession) -> None:
    """Let the round finish: the human plays its first legal move (not counted)."""
    while session.position.phase == PLAY:
        _drive(session)
        if session.position.phase == PLAY and session.is_human_turn():
            _play(session, next(iter(legal_moves(session.position))))


def _grades(session: GameSession) -> dict[int, Decision]:
    round_no = session.position.round_no
    session.request_analysis(round_no)
    play = session.played_round(round_no)
    if play is None:
        return {}
    while True:
        done, total = session.round_grades.progress(play, session.human_seats())
        if done == total and not session.round_grades.busy():
            return session.round_grades.grades(round_no)
        time.sleep(0.02)


def report_verdicts(figures: Verdicts) -> None:
    """Print the one-verdict figures."""
    def share(part: int, whole: int) -> str:
        return f"{part}/{whole} ({100 * part / whole:.1f}%)" if whole else "—"

    print(f"\none verdict: {figures.decisions} decisions ({figures.unforced} unforced)")
    print(f"  hinted move graded best by the review: {share(figures.hinted_best, figures.hinted)}")
    print(f"  tutor's loss == review's loss: {share(figures.equal_loss, figures.tutored)}")
    print(f"  human moves the review graded again: {figures.regraded}")
    print(f"  sentences checked: {figures.sentences}; filler: {sum(figures.filler.values())}")
    for kind, found in figures.filler.most_common():
        print(f"    {kind:40} {found:4}  e.g. {figures.examples[kind]!r}")
    refuted = share(figures.refuted, figures.warnings)
    print(f"  warnings and mistakes with a refutation sentence: {refuted} "
          f"(of {figures.warnings})")
    for case in figures.unrefuted:
        print(f"    without: {case}")


if __name__ == "__main__":
    main()
