"""Every screen of the game in a few telling states, for tests that must see them all.

The text-fit test (tests/ui/test_text_fit.py) draws each state in every language at the
minimum window size. Screens are found by themselves: every :class:`Scene` subclass in
``diloti_desktop.ui`` is built, its constructor's arguments supplied by type (an
``AppContext``, a ``GameSession`` in mid-round, the ``TableScene``, a ``RoundOver``, a
``str`` ...). A screen whose constructor needs something else gets a builder in
:data:`BUILDERS`; until it has one, the test fails and names it.

Everything is deterministic: fixed positions and seeds, no AI thread runs (the human is
to move in every session), animations off.
"""

from __future__ import annotations

import functools
import importlib
import inspect
import pkgutil
import random
import typing
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import diloti_desktop.ui
from diloti_desktop import rules
from diloti_desktop.ai.puzzles import Puzzle
from diloti_desktop.ai.refutation import Refutation
from diloti_desktop.controller import HUMAN, GameConfig, GameSession, RoundOver
from diloti_desktop.controller.narration import describe_round_end
from diloti_desktop.player_data.track import Track
from diloti_desktop.rules.cards import FULL_DECK, format_cards, iter_cards
from diloti_desktop.rules.movegen import candidate_moves
from diloti_desktop.rules.moves import Move
from diloti_desktop.rules.position import PLAY, Position
from diloti_desktop.ui.kit.context import AppContext
from diloti_desktop.ui.kit.scene import Scene
from diloti_desktop.ui.shell import Shell
from tests.ui.driver import random_players

#: The golden test's mid-round position: both kinds of pile, xeris, a score.
MID_ROUND = ("rules=2p round=2 phase=play dealer=1 turn=0 hands=AH5S6D9HTDKC/2C3D4S8C7C7D "
             "loose=3HKS9C piles=P8@1:5D3C,F6@0:6S.2H4C captured=AS2S4H5H/AD2D4DQC "
             "xeri=1/2 score=23/17 last=1 played=20")
#: A long path, as the error screen and storage messages show them.
LONG_PATH = str(Path("/home/a-player-with-a-long-name/.local/share/diloti-desktop/logs") /
                "diloti.log")


class Unbuildable(Exception):
    """A scene whose constructor needs arguments the gallery cannot supply by type."""


@functools.cache
def fixed_position(text: str = MID_ROUND) -> Position:
    """A position from its notation, the cards it does not name in the stock (parsed once
    per process: a position is immutable)."""
    partial = Position.parse(text)
    used = 0
    for mask in partial.accounted_cards():
        used |= mask
    stock = "".join(format_cards(1 << c) for c in iter_cards(FULL_DECK & ~used))
    return Position.parse(f"{text} stock={stock}")


def played_position(players: int, seed: int, until: Callable[[Position], bool]) -> tuple[
        Position, list[rules.Event]]:
    """A seeded match played by random legal moves until ``until`` holds (or the round ends)."""
    rng = random.Random(seed)
    ruleset = rules.Ruleset(players=players)
    position, events = rules.new_match(ruleset, rng)
    while position.phase == PLAY and not until(position):
        position, events = rules.apply(position, rng.choice(rules.candidate_moves(position)))
    return position, events


@dataclass
class Pieces:
    """What constructors may ask for, built once per app."""

    ctx: AppContext
    session: GameSession
    result: RoundOver

    def for_type(self, annotation: object) -> object:
        """A value for a constructor parameter of this type, or None when unknown."""
        from diloti_desktop.ui.menus.menu import NewGameScene
        from diloti_desktop.ui.table.table_scene import TableScene

        table = self.ctx.scenes.find(TableScene)
        known: dict[str, Callable[[], object]] = {
            "AppContext": lambda: self.ctx, "GameSession": lambda: self.session,
            "RoundOver": lambda: self.result, "TableScene": lambda: table,
            "PlayedTable": lambda: table, "RulesChoice": lambda: NewGameScene(self.ctx),
            "Position": lambda: self.session.position, "str": lambda: LONG_PATH,
            "NewGameScene": lambda: NewGameScene(self.ctx),
        }
        name = annotation if isinstance(annotation, str) else getattr(annotation, "__name__", "")
        make = known.get(name)
        return make() if make is not None else None


def make_session(players: int = 2) -> GameSession:
    """A session in mid-round with the human to move (no AI thread starts)."""
    if players == 2:
        position = fixed_position()
        seats: tuple[str, ...] = (HUMAN, "Intermediate")
    else:
        position, _events = played_position(4, 11, lambda p: p.turn == 0 and bool(p.piles)
                                            and p.played > 6)
        seats = (HUMAN, "Intermediate", "Expert", "Master")
    session = GameSession(GameConfig(position.rules, seats, 1), position,
                          player_factory=random_players, ai_pace=1e9)
    session.last_account = ""
    return session


_ROUNDS: dict[int, tuple[Position, list[rules.Event]]] = {}


def round_result(players: int = 2, match_over: bool = False) -> RoundOver:
    """The result of a whole round of random legal moves (with its account of the end,
    told in the language of the moment; the round is played once per process)."""
    if players not in _ROUNDS:
        _ROUNDS[players] = played_position(players, 3, lambda p: False)
    position, events = _ROUNDS[players]
    scores = position.scores
    winner = 1 if match_over else -1
    if match_over:
        scores = (48, 63)
    account = describe_round_end(events, players)
    return RoundOver(position.round_no, rules.round_breakdown(position), scores, winner,
                     account)


def scene_classes() -> list[type[Scene]]:
    """Every Scene subclass defined in the game's UI package (importing all its modules)."""
    for module in pkgutil.walk_packages(diloti_desktop.ui.__path__, "diloti_desktop.ui."):
        importlib.import_module(module.name)
    found: list[type[Scene]] = []
    pending: list[type[Scene]] = list(Scene.__subclasses__())
    while pending:
        kind = pending.pop()
        pending.extend(kind.__subclasses__())
        if kind.__module__.startswith("diloti_desktop.") and kind not in found:
            found.append(kind)
    return sorted(found, key=lambda k: (k.__module__, k.__name__))


def construct(kind: type[Scene], pieces: Pieces) -> Scene | None:
    """``kind`` built with arguments supplied by type; None when one cannot be supplied."""
    try:
        hints: dict[str, object] = typing.get_type_hints(kind.__init__)
    except NameError:  # annotations naming types imported only for type checking
        hints = dict(kind.__init__.__annotations__)
    arguments: dict[str, object] = {}
    for name, parameter in inspect.signature(kind.__init__).parameters.items():
        if name == "self" or parameter.kind in (parameter.VAR_POSITIONAL,
                                                parameter.VAR_KEYWORD):
            continue
        if parameter.default is not parameter.empty:
            continue
        value = pieces.for_type(hints.get(name))
        if value is None:
            return None
        arguments[name] = value
    return kind(**arguments)  # type: ignore[call-arg]


# -- states beyond the default construction -----------------------------------------------
State = Callable[[AppContext, Pieces], list[Scene]]


def _table(ctx: AppContext, pieces: Pieces) -> Scene:
    from diloti_desktop.ui.table.table_scene import TableScene

    table = TableScene(ctx, pieces.session)
    ctx.session = pieces.session
    return table


def table_with_hint(ctx: AppContext, pieces: Pieces) -> list[Scene]:
    """The table with the longest kind of hint message up."""
    from diloti_desktop.i18n import _, format_percent

    table = _table(ctx, pieces)
    assert hasattr(table, "say")
    reason = _("the next player can sweep afterwards ({percent} chance; unseen: {cards})"
               ).format(percent=format_percent(0.83), cards="A♠ 2♥ 3♦ 4♣ 5♠ 6♥")
    move = _("Declare {value}: put {card} on {items}, to take later with another {value}"
             ).format(value=9, card="6♦", items="3♥")
    table.say(_("Hint: {move} — {reason}").format(move=move, reason=reason), hint=True)
    return [table]


def table_with_refusal(ctx: AppContext, pieces: Pieces) -> list[Scene]:
    """The table showing a long reason for refusing a move."""
    from diloti_desktop.i18n import _

    table = _table(ctx, pieces)
    table.say(_("{card} must take one of the {faces} on the table: a face card cannot be "
                "laid beside a loose card of its rank").format(card="K♣", faces=_("Kings")))
    return [table]


def four_player_table(ctx: AppContext, pieces: Pieces) -> list[Scene]:
    """Four seats with AI levels in their labels."""
    from diloti_desktop.ui.table.table_scene import TableScene

    session = make_session(4)
    ctx.session = session
    return [TableScene(ctx, session)]


def moves_list(ctx: AppContext, pieces: Pieces) -> list[Scene]:
    """The list of every legal move over the table."""
    table = _table(ctx, pieces)
    table.table_coach.open_moves_list()
    return ctx.scenes.scenes()[-1:]


def match_end(ctx: AppContext, pieces: Pieces) -> list[Scene]:
    """The match is over: the opponent won."""
    from diloti_desktop.ui.table.summary import MatchEndScene, RoundSummaryScene

    table = _table(ctx, pieces)
    result = round_result(match_over=True)
    return [table, RoundSummaryScene(ctx, table, result), MatchEndScene(ctx, table, result)]


def four_player_summary(ctx: AppContext, pieces: Pieces) -> list[Scene]:
    """A round summary of a four-player game."""
    from diloti_desktop.ui.table.summary import RoundSummaryScene

    table = four_player_table(ctx, pieces)[0]
    return [table, RoundSummaryScene(ctx, table, round_result(4))]  # type: ignore[arg-type]


def error_screen(ctx: AppContext, pieces: Pieces) -> list[Scene]:
    """The error screen with a long technical detail and log path."""
    from diloti_desktop.i18n import _
    from diloti_desktop.ui.menus.error import ErrorScene

    detail = _("Technical detail: {error}").format(
        error="KeyError: 'a-rather-long-key-name-that-does-not-exist-in-the-table'")
    return [ErrorScene(ctx, detail, LONG_PATH, saved=True)]


def menu_with_notice(ctx: AppContext, pieces: Pieces) -> list[Scene]:
    """The main menu showing a message about damaged settings."""
    from diloti_desktop.i18n import _
    from diloti_desktop.ui.menus.menu import MainMenuScene

    ctx.notices.append(_("Your settings could not be read ({reason}), so the defaults are in "
                         "use. The damaged file was kept as {kept}.").format(
        reason=_("the file is damaged"), kept=LONG_PATH + ".corrupt-20261201T120000Z"))
    return [MainMenuScene(ctx)]


def rules_screen_end(ctx: AppContext, pieces: Pieces) -> list[Scene]:
    """The rules, scrolled to the end."""
    from diloti_desktop.ui.kit.input import Action, KeyAction
    from diloti_desktop.ui.learn.rules_screen import RulesScene

    scene = RulesScene(ctx)
    scene.handle(KeyAction(Action.END))
    return [scene]


def advanced_rules(ctx: AppContext, pieces: Pieces) -> list[Scene]:
    """The advanced rules over the new-game panel."""
    from diloti_desktop.ui.menus.advanced_rules import AdvancedRulesScene
    from diloti_desktop.ui.menus.menu import NewGameScene

    owner = NewGameScene(ctx)
    return [owner, AdvancedRulesScene(ctx, owner)]


def _save_problem(ctx: AppContext) -> None:
    from diloti_desktop.i18n import _

    ctx.save_problem = _("The game could not be saved in {folder}: {reason}.").format(
        folder=str(Path(LONG_PATH).parent), reason="No space left on device")


def table_with_save_warning(ctx: AppContext, pieces: Pieces) -> list[Scene]:
    """The table while saves fail: the banner over the table."""
    table = _table(ctx, pieces)
    _save_problem(ctx)
    return [table]


def unsaved_game_question(ctx: AppContext, pieces: Pieces) -> list[Scene]:
    """Leaving a game that could not be saved: the question."""
    from diloti_desktop.ui.kit.notice import UnsavedGameScene

    table = _table(ctx, pieces)
    _save_problem(ctx)
    return [table, UnsavedGameScene(ctx, lambda: None, quitting=True)]


def unsaved_game_to_menu(ctx: AppContext, pieces: Pieces) -> list[Scene]:
    """Going to the main menu from a game that could not be saved."""
    from diloti_desktop.ui.kit.notice import UnsavedGameScene

    table = _table(ctx, pieces)
    _save_problem(ctx)
    return [table, UnsavedGameScene(ctx, lambda: None, quitting=False)]


def replace_saved_game(ctx: AppContext, pieces: Pieces) -> list[Scene]:
    """New game while a game is interrupted: the question."""
    from diloti_desktop.ui.menus.menu import MainMenuScene

    menu = MainMenuScene(ctx)
    ctx.scenes.reset(menu)
    ctx.nav.match.confirm_replacing_saved_game(lambda: None)
    return ctx.scenes.scenes()


def statistics_with_records(ctx: AppContext, pieces: Pieces) -> list[Scene]:
    """The statistics with a few groups (helped ones too), then the reset question."""
    from diloti_desktop.player_data import stats
    from diloti_desktop.ui.menus.statistics import StatisticsScene

    scene = StatisticsScene(ctx)
    record = stats.Record(played=128, won=67, rounds=640, points=5123, xeris_made=151,
                          xeris_conceded=149, best_round=43, streak=2, best_streak=9)
    scene.statistics = stats.Statistics({
        stats.GroupKey(2, "Intermediate"): record,
        stats.GroupKey(4, "Intermediate+Master"): record,
        stats.GroupKey(4, "Intermediate+Master", assisted=True): record,
    })
    return [scene]


def statistics_reset_question(ctx: AppContext, pieces: Pieces) -> list[Scene]:
    """Asking before the statistics go back to zero."""
    scene = statistics_with_records(ctx, pieces)[0]
    ctx.scenes.reset(scene)
    scene.ask_reset()  # type: ignore[attr-defined]
    return ctx.scenes.scenes()


def sample_track() -> Track:
    """Forty rated matches of a player improving from Beginner to Casual strength, and
    the last hundred rounds' accuracy against three levels (seeded, no game played)."""
    from diloti_desktop.ai.player_rating import expected_score, level_ratings

    ratings = level_ratings().ratings
    rng = random.Random(31)
    track = Track()
    for index in range(40):
        level = ("Beginner", "Novice", "Casual")[min(2, index // 14)]
        strength = ratings["Beginner"] + index * 12
        won = rng.random() < expected_score(strength, ratings[level])
        track = track.with_match((level,), None, won, False, f"2026-{10 + index // 30:02d}-"
                                 f"{1 + index % 28:02d}", level)
    for index in range(100):
        level = ("Beginner", "Novice", "Casual")[min(2, index // 35)]
        track = track.with_round(min(100.0, 35 + index * 0.4 + rng.uniform(-12, 12)), level, 2)
    return track


def match_end_rated(ctx: AppContext, pieces: Pieces) -> list[Scene]:
    """The match end after a rated match: the rating and the level suggested."""
    scenes = match_end(ctx, pieces)
    ctx.track = sample_track()
    ctx.recorded = pieces.session
    return scenes


def match_end_with_help(ctx: AppContext, pieces: Pieces) -> list[Scene]:
    """The match end after a match where hints were used: not rated, and it says why."""
    scenes = match_end(ctx, pieces)
    pieces.session.coaching.assistance.undos = 1
    return scenes


def progress_page(ctx: AppContext, pieces: Pieces) -> list[Scene]:
    """The progress page with lessons, puzzles, a hundred rounds and a rating line."""
    from diloti_desktop.ui.menus.progress_page import Learnt, ProgressScene

    scene = ProgressScene(ctx)
    scene.track = sample_track()
    from diloti_desktop.controller.lessons import LESSONS

    scene.learnt = Learnt(9, len(LESSONS), [("easy", 12, 66), ("medium", 3, 40),
                                            ("hard", 0, 26)])
    return [scene]


def statistics_with_rating(ctx: AppContext, pieces: Pieces) -> list[Scene]:
    """The statistics with records and the player's rating."""
    from dataclasses import replace

    scene = statistics_with_records(ctx, pieces)[0]
    scene.statistics = replace(scene.statistics, track=sample_track())  # type: ignore[attr-defined]
    return [scene]


_ADVICE: dict[str, object] = {}


def _advice(position: Position) -> tuple[object, object, object]:
    """The coach's advice and the tutor's check of the worst move for the seat to move
    (computed once: the hint search is seeded by the view, so always the same)."""
    from diloti_desktop.ai import coach, hints
    from diloti_desktop.rules.view import seat_view

    key = position.notation()
    if key not in _ADVICE:
        view = seat_view(position, position.turn)
        results = hints.analyse(view)
        _ADVICE[key] = (coach.advise(view, results),
                        coach.check(view, results[-1].move, results), results[-1].move)
    return _ADVICE[key]  # type: ignore[return-value]


def _hint_level(level: int) -> State:
    def build(ctx: AppContext, pieces: Pieces) -> list[Scene]:
        table = _table(ctx, pieces)
        advice, _check, _move = _advice(pieces.session.position)
        coach = table.hint  # type: ignore[attr-defined]
        coach.position, coach.advice = pieces.session.position, advice
        coach.level = coach.target = level
        return [table]
    build.__doc__ = f"The progressive hint at step {level}."
    return build


def tutor_warning(ctx: AppContext, pieces: Pieces) -> list[Scene]:
    """The tutor stopping the worst move of the position."""
    from diloti_desktop.ui.table.tutor import TutorScene

    table = _table(ctx, pieces)
    _unused, check, move = _advice(pieces.session.position)
    check = check._replace(refutation=_long_refutation(pieces.session.position, move))
    return [table, TutorScene(ctx, pieces.session.position, move, check,  # type: ignore[arg-type]
                              lambda key: None)]


def _long_refutation(position: Position, move: Move) -> Refutation:
    """A refutation with the longest sentences: a capture later in the deal, its points
    and its odds."""
    from diloti_desktop.ai.refutation import Ply
    from diloti_desktop.rules.cards import parse_cards

    reply = Ply(1, Move.parse("8S x 2D 6C 8D"))
    return Refutation(position, (Ply(0, move), reply), True, reply, 3,
                      parse_cards("2D6C8D"), 0, False, 3, 0.45, False, 2.4)


def _played_line(position: Position, move: Move, plies: int = 3) -> Refutation:
    """A refutation whose line is legal from ``position``: ``move``, then at each ply the
    capture taking the most cards (else the first move), told as a guess of the hidden
    cards ("For example: ..."), the longest captions."""
    from diloti_desktop.ai.refutation import Ply

    line = [Ply(position.turn, move)]
    after = rules.play_unchecked(position, move)
    while len(line) < plies and after.phase == PLAY:
        moves = rules.candidate_moves(after)
        reply = max(moves, key=lambda m: (m.table_cards.bit_count(), m.notation()))
        line.append(Ply(after.turn, reply))
        after = rules.play_unchecked(after, reply)
    return Refutation(position, tuple(line), True, line[1], 1, line[1].move.table_cards, 0,
                      False, 0, 0.45, False, 2.4)


def tutor_showing_the_line(ctx: AppContext, pieces: Pieces) -> list[Scene]:
    """Show the line over the tutor: the opponent's reply just played, its caption an
    example (the hidden cards guessed)."""
    from diloti_desktop.ui.table.line_show import LineShowScene
    from diloti_desktop.ui.table.table_drawing import seat_labels
    from diloti_desktop.ui.table.tutor import TutorScene

    table = _table(ctx, pieces)
    _unused, check, move = _advice(pieces.session.position)
    refutation = _played_line(pieces.session.position, move)  # type: ignore[arg-type]
    check = check._replace(refutation=refutation)  # type: ignore[attr-defined]
    tutor = TutorScene(ctx, pieces.session.position, move, check,  # type: ignore[arg-type]
                       lambda key: None)
    board = table.board  # type: ignore[attr-defined]
    show = LineShowScene(ctx, refutation, board.layout, board.viewer,
                         table.animations.slots,  # type: ignore[attr-defined]
                         seat_labels(pieces.session.config, board.players, board.viewer))
    show.begin(2)
    return [table, tutor, show]


def tutor_about_the_better_move(ctx: AppContext, pieces: Pieces) -> list[Scene]:
    """The tutor saying what the better move achieves, with the hint's two reasons (the
    longest panel: the better move named first, then two sentences)."""
    from diloti_desktop.ai.coach import Reason, Why
    from diloti_desktop.rules.cards import parse_cards
    from diloti_desktop.ui.table.tutor import TutorScene

    table = _table(ctx, pieces)
    _unused, check, move = _advice(pieces.session.position)
    about = check._replace(
        warn=True, about_better=True, reason=Reason(Why.PREPARE, value=10),
        detail=Reason(Why.DENY, cards=parse_cards("8D2S"), value=10, chance=0.45, seat=1),
        refutation=_long_refutation(pieces.session.position, move))
    return [table, TutorScene(ctx, pieces.session.position, move, about,  # type: ignore[arg-type]
                              lambda key: None)]


def history_panel(ctx: AppContext, pieces: Pieces) -> list[Scene]:
    """The round's moves (L), after a few moves of a seeded round."""
    from diloti_desktop.ui.table.table_scene import TableScene

    position, _events = played_position(2, 5, lambda p: p.played >= 9 and p.turn == 0)
    session = GameSession(GameConfig(position.rules, (HUMAN, "Expert"), 1), position,
                          player_factory=random_players, ai_pace=1e9)
    ctx.session = session
    table = TableScene(ctx, session)
    table.history.open = True
    return [table]


def hint_beside_history(ctx: AppContext, pieces: Pieces) -> list[Scene]:
    """The hint's last step while the round's moves are open: the felt is narrowest and
    the hint panel has the least room."""
    scenes = history_panel(ctx, pieces)
    table = scenes[0]
    position = table.session.position  # type: ignore[attr-defined]
    advice, _check, _move = _advice(position)
    coach = table.hint  # type: ignore[attr-defined]
    coach.position, coach.advice = position, advice
    coach.level = coach.target = 3
    return scenes


def _dealt(ctx: AppContext, scene: Scene) -> None:
    """``scene`` entered and its first deal shown: a new deal clears the panel's last
    complaint, so a wrong try set before it would never be drawn."""
    ctx.scenes.reset(scene)
    scene.update(0.0)


def _lesson_step(index: int, tried: bool = False) -> State:
    def build(ctx: AppContext, pieces: Pieces) -> list[Scene]:
        from diloti_desktop.controller.lessons import LESSONS
        from diloti_desktop.i18n import _
        from diloti_desktop.ui.table.guided_table import GuidedTableScene, LessonGuide

        guide = LessonGuide(index)
        scene = GuidedTableScene(ctx, guide)
        ctx.session = scene.session
        guide.coach.index = _wordiest_step(index, tried)
        if tried:
            _dealt(ctx, scene)
            scene.wrong = max((_(why) for _move, why in
                               LESSONS[index].steps[guide.coach.index].wrong), key=len)
        return [scene]
    build.__doc__ = (f"Lesson {index + 1} at its wordiest step"
                     + (", after its longest wrong try." if tried else "."))
    return build


def _wordiest_step(index: int, tried: bool = False) -> int:
    """The step of lesson ``index`` whose text and longest wrong try are longest (of the
    steps with a wrong try, when ``tried``)."""
    from diloti_desktop.controller.lessons import LESSONS
    from diloti_desktop.i18n import _

    steps = LESSONS[index].steps
    return max((k for k in range(len(steps)) if steps[k].wrong or not tried),
               key=lambda k: len(_(steps[k].text)) + max(
                   (len(_(why)) for _move, why in steps[k].wrong), default=0))


@functools.cache
def shipped_puzzles() -> list[Puzzle]:
    """The shipped puzzles, read and checked once per process (a fraction of a second each
    time; the builders only read them)."""
    from diloti_desktop.ai.puzzles import load_puzzles

    return load_puzzles()


def _puzzle(level: str, tried: bool = False) -> State:
    def build(ctx: AppContext, pieces: Pieces) -> list[Scene]:
        from diloti_desktop.controller.guided import PuzzleCoach
        from diloti_desktop.ui.table.guided_table import GuidedTableScene, PuzzleGuide

        puzzles = shipped_puzzles()
        group = [p for p in puzzles if p.difficulty.value == level] or puzzles
        guide = PuzzleGuide(PuzzleCoach(group[0]), len(group), len(group))
        scene = GuidedTableScene(ctx, guide)
        ctx.session = scene.session
        if tried:
            _dealt(ctx, scene)
        puzzle = group[0]
        move = next(m for m in rules.legal_moves(puzzle.position) if not puzzle.accepts(m))
        scene.wrong = guide.coach.judge(puzzle.position, move) or ""
        if tried:
            # The try's answer as the player reads it once what the try loses is found
            # (the panel's background study, here solved once per process and given).
            scene.guided.studies.results[("refute", move.notation())] = _wrong_try(puzzle,
                                                                                   move)
        return [scene]
    build.__doc__ = (f"A {level} puzzle after a wrong try, with what the try loses."
                     if tried else
                     f"A {level} puzzle as it opens (a try made before its first deal "
                     "counts, but the deal clears the panel's answer to it).")
    return build


_WRONG_TRIES: dict[tuple[str, str], object] = {}


def _wrong_try(puzzle: Puzzle, move: Move) -> object:
    """What a wrong try loses against the puzzle's answer (an exact solve: once per
    process, like the panel's own study of it)."""
    from diloti_desktop.ai.puzzle_ideas import wrong_try
    from diloti_desktop.rules.view import seat_view

    key = (puzzle.ident, move.notation())
    if key not in _WRONG_TRIES:
        _WRONG_TRIES[key] = wrong_try(seat_view(puzzle.position, puzzle.seat), move,
                                      puzzle.answer)
    return _WRONG_TRIES[key]


def graded_round(seats: frozenset[int], seed: int = 7,
                 grades: dict[str, object] | None = None) -> GameSession:
    """A two-player round's last deal played by seeded random moves (both seats human;
    move 1 is a blunder with a better capture), its moves of ``seats`` graded (the
    exact analysis takes a fraction of a second). With ``grades`` (an earlier call's
    ``round_grades.to_dict()``, for the same seats and seed) the grades are taken from
    it, as a save brings them back, instead of being worked out again."""
    position, _events = played_position(2, seed, lambda p: p.played >= 40)
    session = GameSession(GameConfig(position.rules, (HUMAN, HUMAN), 3), position,
                          player_factory=random_players, ai_pace=0)
    rng = random.Random(3)
    while session.position.phase == PLAY:
        session.submit(rng.choice(candidate_moves(session.position)))
        session.update()
        session.poll()
    play = session.played_round(position.round_no)
    assert play is not None
    if grades is None:
        session.request_analysis(position.round_no, seats)
        session.round_grades.wait(600)  # by the grading's own end, however slow the machine
    else:
        session.round_grades.load(grades, session.plays)
    assert session.round_grades.progress(play, seats)[0] == len(play.plies_of(seats)), (
        "the review's analysis stopped before grading every move")
    session.update()
    session.poll()
    return session


#: Whether the review's states share one graded round (graded once per process): for
#: passes that only draw them (tests/ui/gallery_sweep.py). Off by default, because an
#: act on the review (grading every seat, a retry) changes its session.
share_graded_round = False
_GRADED: list[GameSession] = []


def round_review(ctx: AppContext, pieces: Pieces) -> list[Scene]:
    """The review of a finished round, the human's moves graded (the last deal only, so
    that the exact analysis takes a fraction of a second)."""
    from diloti_desktop.ui.review.review_scene import ReviewScene

    if not share_graded_round:
        session = graded_round(frozenset({0}))
    else:
        if not _GRADED:
            _GRADED.append(graded_round(frozenset({0})))
        session = _GRADED[0]
    position = session.position
    ctx.session = session
    return [ReviewScene(ctx, session, position.round_no)]


def round_review_line(ctx: AppContext, pieces: Pieces) -> list[Scene]:
    """The review stepping through a mistake's line (Show the line), at its second ply."""
    from diloti_desktop.ui.review.review_scene import ReviewScene

    review = round_review(ctx, pieces)[0]
    assert isinstance(review, ReviewScene)
    refuted = sorted(ply for ply, d in review.reviewed.grades().items()
                     if d.refutation is not None and d.seat == review.reviewed.viewer)
    assert refuted, "the review's round has a mistake with a line"
    review.go(refuted[0])
    assert review.line.press("line")
    review.line.go(2)
    return [review]


def first_game_review(ctx: AppContext, pieces: Pieces) -> list[Scene]:
    """The guided first game's review: the same round, closing on what to practise."""
    from diloti_desktop.ui.review.review_scene import ReviewScene

    shown = round_review(ctx, pieces)[0]
    assert isinstance(shown, ReviewScene)
    return [ReviewScene(ctx, shown.session, shown.reviewed.round_no, practise=True)]


LONG_CAPTIONS = ("rules=4p round=1 phase=play dealer=3 turn=0 hands=AH5S6D9H/2C3D4S8C/7C7D8D9C/"
                 "KCQCJC5C loose=3HKS piles=F10@3:TS.4C6H,P9@1:5D4D captured=AS2S/AD2D "
                 "xeri=0/0 score=12/17 last=1 played=16")


def long_pile_captions(ctx: AppContext, pieces: Pieces) -> list[Scene]:
    """Four players, a family of 10s owned by West and a plain 9 by East: the longest
    pile captions ("family of 10s — West") in the narrower four-player table."""
    from diloti_desktop.ui.table.table_scene import TableScene

    position = fixed_position(LONG_CAPTIONS)
    session = GameSession(GameConfig(position.rules, (HUMAN, "Master", "Expert", "Master"), 1),
                          position, player_factory=random_players, ai_pace=1e9)
    ctx.session = session
    return [TableScene(ctx, session)]


def learn_theme_filter(ctx: AppContext, pieces: Pieces) -> list[Scene]:
    """The lessons and puzzles with the theme filter on its longest name."""
    from diloti_desktop.ui.learn.learn import LearnScene, puzzle_themes

    scene = LearnScene(ctx)
    labels = {}
    for theme in puzzle_themes():
        scene.theme = theme
        labels[theme] = len(scene.filter_label())
    scene.theme = max(labels, key=lambda t: labels[t]) if labels else None
    return [scene]


_CONTRASTS: dict[str, object] = {}


def puzzle_solved(ctx: AppContext, pieces: Pieces) -> list[Scene]:
    """A solved puzzle with two ideas: why its answer is best and the ideas."""
    from diloti_desktop.ai.puzzle_ideas import contrast
    from diloti_desktop.controller.guided import PuzzleCoach
    from diloti_desktop.rules.view import seat_view
    from diloti_desktop.ui.table.guided_table import CONTRAST, GuidedTableScene, PuzzleGuide

    puzzle = next(p for p in shipped_puzzles() if len(p.themes) == 2)
    guide = PuzzleGuide(PuzzleCoach(puzzle), 2, 3)
    scene = GuidedTableScene(ctx, guide)
    ctx.session = scene.session
    guide.coach.solved = guide.studying = guide.explaining = True
    if puzzle.ident not in _CONTRASTS:  # an exact solve: once per process
        _CONTRASTS[puzzle.ident] = contrast(seat_view(puzzle.position, 0), puzzle.answer)
    scene.guided.studies.results[CONTRAST] = _CONTRASTS[puzzle.ident]
    return [scene]


#: Named states drawn besides every scene's default construction. Add one for a screen
#: whose constructor needs arguments the gallery cannot supply by type, or for a state
#: with longer text than the default one.
BUILDERS: dict[str, State] = {
    "table with a hint": table_with_hint,
    "table refusing a move": table_with_refusal,
    "table for four": four_player_table,
    "list of legal moves": moves_list,
    "match end": match_end,
    "summary for four": four_player_summary,
    "error screen": error_screen,
    "main menu with a notice": menu_with_notice,
    "rules screen at the end": rules_screen_end,
    "advanced rules": advanced_rules,
    "table with a save warning": table_with_save_warning,
    "unsaved game, quitting": unsaved_game_question,
    "unsaved game, to the menu": unsaved_game_to_menu,
    "replace the interrupted game": replace_saved_game,
    "statistics with records": statistics_with_records,
    "statistics reset question": statistics_reset_question,
    "statistics with a rating": statistics_with_rating,
    "match end, rated": match_end_rated,
    "match end, with help": match_end_with_help,
    "progress page": progress_page,
    "hint, step 1": _hint_level(1),
    "hint, step 2": _hint_level(2),
    "hint, step 3": _hint_level(3),
    "tutor warning": tutor_warning,
    "tutor, about the better move": tutor_about_the_better_move,
    "tutor, showing the line": tutor_showing_the_line,
    "history panel": history_panel,
    "hint beside the history": hint_beside_history,
    "long pile captions": long_pile_captions,
    "round review": round_review,
    "round review, showing the line": round_review_line,
    "first game review": first_game_review,
    **{f"puzzle, {level}": _puzzle(level) for level in ("easy", "medium", "hard")},
    **{f"puzzle, {level}, wrong try": _puzzle(level, tried=True)
       for level in ("easy", "medium", "hard")},
    "puzzle, solved": puzzle_solved,
    "learn, theme filter": learn_theme_filter,
}


def _lesson_builders() -> dict[str, State]:
    from diloti_desktop.controller.lessons import LESSONS

    found = {f"lesson {index + 1}": _lesson_step(index) for index in range(len(LESSONS))}
    found.update({f"lesson {index + 1}, wrong try": _lesson_step(index, tried=True)
                  for index, lesson in enumerate(LESSONS)
                  if any(step.wrong for step in lesson.steps)})
    return found


BUILDERS.update(_lesson_builders())
#: Scene classes the builders above cover (their constructors need more than types give;
#: the bases QuestionScene and _ResultScene are drawn as their subclasses).
COVERED_BY_BUILDERS = {"ChooserScene", "ErrorScene", "MatchEndScene", "MovesListScene",
                       "UnsavedGameScene", "ConfirmScene", "QuestionScene", "_ResultScene",
                       "GuidedTableScene",
                       "TutorScene", "ReviewScene", "LineShowScene"}


@dataclass
class Shot:
    """One state to draw: a name and how to build its scene stack (bottom first)."""

    name: str
    build: State


def shots() -> Iterator[Shot]:
    """Every scene's default construction, then every named state."""
    for kind in scene_classes():
        if kind.__name__ in COVERED_BY_BUILDERS:
            continue

        def build(ctx: AppContext, pieces: Pieces, kind: type[Scene] = kind) -> list[Scene]:
            from diloti_desktop.ui.table.table_scene import TableScene

            scene = construct(kind, pieces)
            if scene is None:
                raise Unbuildable(kind.__name__)
            table = ctx.scenes.find(TableScene)
            if scene.opaque or isinstance(scene, TableScene) or table is None:
                return [scene]
            return [table, scene]
        yield Shot(kind.__name__, build)
    for name, state in BUILDERS.items():
        yield Shot(name, state)


def stage(shell: Shell, ctx: AppContext, shot: Shot) -> list[Scene]:
    """Put a shot's scenes on the stack and draw one frame; returns the scenes."""
    ctx.save_problem = None
    ctx.notices.clear()
    session = make_session()
    pieces = Pieces(ctx, session, round_result())
    ctx.scenes.reset(_table(ctx, pieces))
    scenes = shot.build(ctx, pieces)
    ctx.scenes.reset(scenes[0])
    for scene in scenes[1:]:
        ctx.scenes.push(scene)
    for scene in ctx.scenes.scenes():
        scene.update(0.0)
    shell.draw()
    return scenes
