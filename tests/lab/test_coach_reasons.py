"""The one-verdict benchmark on a few decisions: the hint is graded best by the review,
the tutor's loss is the review's, and no filler sentence is phrased."""

from __future__ import annotations

from diloti_desktop.controller.coach import Analysis
from lab.benchmarks import coach_reasons


def test_a_few_decisions_get_one_verdict_and_no_filler() -> None:
    budget = Analysis.search
    figures = coach_reasons.one_verdict(12, 0.02, seed=6, languages=["en", "el"])
    assert figures.decisions == 12 and figures.hinted and figures.sentences > 100
    assert figures.hinted_best == figures.hinted
    assert figures.equal_loss == figures.tutored == 12
    assert figures.regraded == 0
    assert not figures.filler, figures.examples
    assert 0 < figures.refuted <= figures.warnings
    assert Analysis.search == budget  # the run's budget is not left behind


def test_the_filler_patterns_catch_the_old_sentences() -> None:
    figures = coach_reasons.Verdicts()
    coach_reasons._check_sentences(figures, [
        "It is worth about 0.1 points per round more than the next choice.",
        "A face card can only be taken by the same face: 0 J are still unseen.",
        "You can take every card on the table at once: a xeri (a sweep), worth extra points.",
        "Lay 2♠ on the table instead: about 12.1 points worse per round.",
        "Lay 2♠ on the table instead: about 0.0 points worse per round.",
        "It leaves North no sweep."], exact=False, english=True)
    assert set(figures.filler) == {"tiny margin", "zero unseen", "extra points",
                                   "alternative without a reason", "zero points"}
    coach_reasons._check_sentences(figures, ["Μετά ο Βορράς μπορεί να κάνει ξερή "
                                             "(πιθανότητα 100%, με 7♦)."],
                                   exact=True, english=False)
    assert figures.filler["odds where all is known"] == 1
