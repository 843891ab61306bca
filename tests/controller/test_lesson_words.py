"""Words in order: every string a lesson can show uses only the glossary's terms that lesson
or an earlier one introduces (:attr:`Lesson.terms`), or explains on the spot.

The strings are the lesson's title, texts, tasks, wrong-try answers, done lines and closing
rule, and, for the position of every step, what the table can answer: the rules core's
refusal of every gesture (each hand card dropped on every set of table items, or on the
felt), the lesson's answer to every legal move it does not ask for, the chooser's lines when
a gesture means several moves, and every pile's label and tooltip. They are read in English;
the terms are the glossary's (:data:`glossary.TERMS`), with the forms they take in a
sentence. A move named in a reply brings its idea along: "9♥ takes 3♣ 6♦" is a sum.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import combinations

import pytest

from diloti_desktop import glossary
from diloti_desktop.controller.lessons import LESSONS, Lesson, LessonCoach, Step, move_ideas
from diloti_desktop.i18n import _, set_language
from diloti_desktop.rules.engine import apply
from diloti_desktop.rules.errors import IllegalMoveError
from diloti_desktop.rules.gestures import resolve_gesture
from diloti_desktop.rules.movegen import legal_moves
from diloti_desktop.rules.moves import Move
from diloti_desktop.rules.position import PLAY, Position
from diloti_desktop.ui.kit.tooltip import pile_tip
from diloti_desktop.ui.words.wording import describe_move, pile_caption

#: The forms a term takes in a sentence, beyond its name and the name's plural.
FORMS: dict[str, tuple[str, ...]] = {
    "capture": ("captures", "captured", "capturing", "capture pile", "capture piles"),
    "declaration": ("declare", "declares", "declared", "declaring"),
    "plain pile": (r"plain \d+", "plain declaration", "plain declarations"),
    "family": ("families",),
    "raise": ("raises", "raised", "raising"),
    "owner": ("owns", "owned", "owning"),
    "obligation": ("duty", "duties"),
    "xeri": ("xeris",),
    "leftovers": ("left over", "leftover"),
    "deal": ("deals", "dealt", "dealing"),
    "sum": ("add up", "adds up", "adding up", "added up", "add", "adds"),
    "inaccuracy": ("inaccuracies",),
    "forced": (),
}

#: How a sentence explains a word where it uses it: "a sweep, called a xeri",
#: "one group (a plain pile)".
ON_THE_SPOT = (r"called (?:a |an |the )?{form}\b", r"\((?:a |an |the )?{form}\b[^)]*\)")


def _patterns() -> list[tuple[str, re.Pattern[str], tuple[re.Pattern[str], ...]]]:
    found = []
    for term in glossary.TERMS:
        name = term.name
        forms = {name, name + "s", name[:-1] + "ies" if name.endswith("y") else name + "es"}
        forms.update(FORMS.get(term.key, ()))
        for form in forms:
            word = form if "\\" in form else re.escape(form)
            found.append((term.key, re.compile(rf"\b{word}\b", re.IGNORECASE),
                          tuple(re.compile(spot.format(form=word), re.IGNORECASE)
                                for spot in ON_THE_SPOT)))
    # longest first: "capture pile" is the capture's, not a pile; "plain pile" not a pile
    found.sort(key=lambda item: -len(item[1].pattern))
    return found


PATTERNS = _patterns()


def terms_in(text: str) -> set[str]:
    """The glossary terms ``text`` uses without explaining them there."""
    used = set()
    masked = text
    for key, pattern, spots in PATTERNS:
        if any(spot.search(masked) for spot in spots):
            masked = pattern.sub(lambda m: "#" * len(m.group(0)), masked)
            continue
        if pattern.search(masked):
            used.add(key)
        masked = pattern.sub(lambda m: "#" * len(m.group(0)), masked)
    return used


def _items(position: Position) -> list[tuple[int, tuple[int, ...]]]:
    """Every set of table items a card may be dropped on (loose cards, piles)."""
    loose = [1 << c for c in range(52) if position.loose >> c & 1]
    piles = [p.cards for p in position.piles]
    everything = [(card, 0) for card in loose] + [(0, pile) for pile in piles]
    found = []
    for size in range(len(everything) + 1):
        for chosen in combinations(everything, size):
            found.append((sum(c for c, _p in chosen), tuple(p for _c, p in chosen if p)))
    return found


def _step_positions(current: Lesson) -> Iterator[tuple[int, Step, Position, list[Position]]]:
    """Each step, the position the learner moves in, and the positions shown during it."""
    position: Position | None = None
    for index, step in enumerate(current.steps):
        if step.position:
            position = Position.parse(step.position)
        assert position is not None
        shown = [position]
        after, _events = apply(position, Move.parse(step.expect[0]))
        shown.append(after)
        if step.reply:
            after, _events = apply(after, Move.parse(step.reply))
            shown.append(after)
        yield index, step, position, shown
        position = after


def lesson_strings(current: Lesson) -> Iterator[tuple[str, str, set[str]]]:
    """(where, string, the ideas of the moves it names) for everything the lesson shows."""
    yield "title", _(current.title), set()
    yield "closing rule", _(current.summary), set()
    coach = LessonCoach(current)
    for index, step, position, shown in _step_positions(current):
        where = f"step {index + 1}"
        yield f"{where} text", _(step.text), set()
        yield f"{where} task", _(step.task), set()
        if step.done:
            yield f"{where} done", _(step.done), set()
        for move_text, answer in step.wrong:
            yield f"{where} answer to {move_text}", _(answer), set()
        for seen in shown:
            for pile in seen.piles:
                yield f"{where} pile label", pile_caption(pile, seen.players), set()
                yield f"{where} pile tooltip", pile_tip(seen, pile.cards, 0), set()
        if position.phase != PLAY:
            continue
        coach.index = index
        expected = {Move.parse(text) for text in step.expect}
        for move in legal_moves(position):
            if move not in expected:
                answer = coach.judge(position, move)
                assert answer is not None
                # the answer names the move unless the lesson wrote its own
                named = set() if any(Move.parse(t) == move for t, _a in step.wrong) else \
                    move_ideas(move)
                if answer.startswith("That move comes in a later lesson"):
                    named = set()
                yield f"{where} answer to {move.notation()}", answer, named
        hand = position.hands[position.turn]
        for card in (c for c in range(52) if hand >> c & 1):
            for loose, piles in _items(position):
                try:
                    moves = resolve_gesture(position, card, loose, piles)
                except IllegalMoveError as error:
                    yield (f"{where} refusal",
                           coach.refusal(position, card, loose, piles, error.reason), set())
                    continue
                if len(moves) > 1:
                    for move in moves:
                        yield (f"{where} choice", describe_move(move, position),
                               move_ideas(move))


def introduced_before(index: int) -> set[str]:
    """The terms lessons up to ``index`` (included) introduce."""
    return {key for lesson in LESSONS[:index + 1] for key in lesson.terms}


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    set_language("en")
    yield


def test_the_scan_finds_terms_and_what_is_explained_on_the_spot() -> None:
    assert terms_in("Both go to your capture pile.") == {"capture"}
    assert terms_in("the plain 8 is yours") == {"plain pile"}
    assert terms_in("North declared 9 and owns the pile") == {"declaration", "owner", "pile"}
    assert terms_in("a sweep, called a xeri, worth 10 points") == set()
    assert terms_in("one group (a plain pile) of 8") == set()
    assert terms_in("2 and 5 add up to 7") == {"sum"}
    assert move_ideas(Move.parse("9H x 3C 6D")) == {"sum"}
    assert move_ideas(Move.parse("4S x 4C 4H")) == set()
    assert move_ideas(Move.parse("8C x [3D5S]")) == {"pile"}


def test_every_lesson_term_is_a_glossary_term_introduced_once() -> None:
    seen: set[str] = set()
    for current in LESSONS:
        for key in current.terms:
            assert glossary.term(key).meaning
            assert key not in seen, f"{key} is introduced twice (again in {current.key})"
            seen.add(key)


@pytest.mark.parametrize("index", range(len(LESSONS)), ids=[item.key for item in LESSONS])
def test_every_string_a_lesson_shows_uses_only_terms_already_taught(index: int) -> None:
    current = LESSONS[index]
    known = introduced_before(index)
    problems = []
    for where, text, named in lesson_strings(current):
        for key in sorted((terms_in(text) | named) - known):
            problems.append(f"lesson {index + 1} ({current.key}), {where}: {key!r} in {text!r}")
    assert not problems, "\n".join(dict.fromkeys(problems))
