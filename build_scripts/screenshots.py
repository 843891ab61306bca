"""Render every screenshot of the README and docs/ from the scene gallery.

    python3 build_scripts/screenshots.py              # rewrite docs/screenshots/*.png
    python3 build_scripts/screenshots.py --check      # render and compare, exit 1 on a change
    python3 build_scripts/screenshots.py table about  # only these (names without .png)

Each picture is a state of ``tests/ui/scene_gallery.py`` (fixed positions and seeds, no
AI move, animations off), drawn headless by the real scenes at a fixed window size and
language, sometimes after a player's gesture (a card dragged and held, the pointer resting
on a line), made with the test driver's posted events. ``--check`` fails when a picture
differs from the committed one by more than :data:`TOLERANCE` (tests/ui/test_screenshots.py
runs it, so the docs show the game as it is).

To add a picture: one :class:`Picture` line in :data:`PICTURES` naming a gallery state
(a ``BUILDERS`` key or a scene class's name), and an ``act`` function if a gesture is
needed; then run this script and link the file from the docs.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from diloti_desktop import i18n, rules  # noqa: E402
from diloti_desktop.player_data import storage  # noqa: E402
from diloti_desktop.player_data.storage import Settings  # noqa: E402
from diloti_desktop.rules.cards import parse_cards  # noqa: E402
from diloti_desktop.rules.movegen import candidate_moves  # noqa: E402
from diloti_desktop.ui.kit import theme  # noqa: E402
from diloti_desktop.ui.kit.scene import Scene  # noqa: E402
from tests.ui import scene_gallery  # noqa: E402
from tests.ui.driver import Driver, make_app, random_players  # noqa: E402

OUT = ROOT / "docs" / "screenshots"
#: A picture passes ``--check`` while at most this share of its pixels differ by more than
#: :data:`NOISE` in a colour channel (text antialiasing or scaling may differ a little
#: between two builds of SDL; a moved button or a changed word does not pass).
TOLERANCE = 0.002
NOISE = 24

Act = Callable[[Driver], None]
State = Callable[..., list[Scene]]


@dataclass(frozen=True)
class Picture:
    """One screenshot: its file, the gallery state, and how it is taken."""

    name: str
    state: str | State
    size: tuple[int, int] = (1280, 720)
    language: str = "en"
    act: Act | None = None
    settings: dict[str, object] = field(default_factory=dict)
    #: Keep only this part of the frame (x, y, w, h).
    crop: tuple[int, int, int, int] | None = None
    #: Save what the window shows (a small window shows the frame scaled down).
    window: bool = False


def _card(text: str) -> int:
    """The index of one card given in the notation ("9H")."""
    return parse_cards(text).bit_length() - 1


def drag_held(card: str, onto: str) -> Act:
    """Drag the hand's ``card`` over the table item holding ``onto`` and keep holding it:
    everything the card can use lights up."""
    def act(driver: Driver) -> None:
        target = next(box for mask, box in driver.table.pointer.item_boxes().items()
                      if mask & parse_cards(onto))
        start = driver.hand_card(_card(card))
        end = (target.center[0] + target.w // 3, target.center[1] + target.h // 4)
        driver.drag(start, end, steps=6, release=False)
    return act


def scene_class(name: str) -> Any:
    """The game's scene class called ``name``, wherever the UI package keeps it (found as
    the gallery finds screens, so that moving a screen to another module breaks nothing)."""
    for kind in scene_gallery.scene_classes():
        if kind.__name__ == name:
            return kind
    raise KeyError(f"the game has no scene class {name!r}")


def top_scene(driver: Driver, name: str) -> Any:
    """The scene on top, checked to be a ``name``."""
    top = driver.top
    assert isinstance(top, scene_class(name)), f"{type(top).__name__} is on top, not {name}"
    return top


def point_at_row(key: str) -> Act:
    """Rest the pointer on the top scene's form row ``key`` (its explanation shows)."""
    def act(driver: Driver) -> None:
        form = top_scene(driver, "AdvancedRulesScene").form
        driver.move_to(next(row.row.center for row in form.rows if row.key == key))
        driver.frames()
    return act


def select_then_drag(selected: str, card: str, onto: str) -> Act:
    """Click the table cards ``selected``, then drag ``card`` over ``onto`` and hold it."""
    def act(driver: Driver) -> None:
        for text in (selected[i:i + 2] for i in range(0, len(selected), 2)):
            driver.click(driver.item(parse_cards(text)))
        drag_held(card, onto)(driver)
    return act


def lay(card: str) -> Act:
    """Drop the hand's ``card`` on empty felt (a lesson answers a wrong try)."""
    def act(driver: Driver) -> None:
        driver.drag(driver.hand_card(_card(card)), driver.empty_table_spot())
        driver.frames(2)
    return act


def grade_everyone(driver: Driver) -> None:
    """The review with every hand shown (A) and North graded too (G), once graded."""
    driver.key(pygame.K_a)
    driver.key(pygame.K_g)
    review = top_scene(driver, "ReviewScene")
    driver.until(lambda: review.reviewed.progress()[0] >= review.reviewed.progress()[1],
                 timeout=120)
    driver.frames(2)


def reveal_puzzle(driver: Driver) -> None:
    """Every try spent on wrong moves: the puzzle shows its answer and why."""
    scene = top_scene(driver, "GuidedTableScene")
    coach = scene.guide.coach
    puzzle = coach.puzzle
    for move in [m for m in rules.legal_moves(puzzle.position) if not puzzle.accepts(m)]:
        if coach.revealed:
            break
        scene.wrong = coach.judge(puzzle.position, move) or ""
    driver.until(lambda: scene.guide.explained(scene), timeout=60)
    driver.frames(2)


def retry_wrong_try(driver: Driver) -> None:
    """The review's biggest mistake (key 1) retried (R), and one wrong try made with the
    mouse: the move played then, answered in the panel."""
    driver.key(pygame.K_1, text="1")
    driver.key(pygame.K_r, text="r")
    scene = top_scene(driver, "GuidedTableScene")
    driver.until(scene.accepting)
    driver.play(scene.guide.retry.decision.move)
    driver.frames(2)


def court_cards(ctx: object, pieces: scene_gallery.Pieces) -> list[Scene]:
    """The table with Jacks, Queens and Kings in the hand and on the table."""
    from diloti_desktop.controller import HUMAN, GameConfig, GameSession

    position = scene_gallery.fixed_position(
        "rules=2p round=1 phase=play dealer=1 turn=0 hands=5C7D9SJDQHKS/2C3D4S8C7C7H "
        "loose=6SJHQDKC xeri=0/0 score=0/0 last=- played=0")
    session = GameSession(GameConfig(position.rules, (HUMAN, "Casual"), 1), position,
                          player_factory=random_players, ai_pace=1e9)
    session.last_account = ""
    pieces.ctx.session = session
    return [scene_class("TableScene")(pieces.ctx, session)]


def match_end_graded(ctx: object, pieces: scene_gallery.Pieces) -> list[Scene]:
    """The match end over the reviewed round's session: the match's accuracy and a
    button to review the round."""
    review: Any = scene_gallery.round_review(pieces.ctx, pieces)[0]
    assert isinstance(review, scene_class("ReviewScene"))
    table = scene_class("TableScene")(pieces.ctx, review.session)
    result = scene_gallery.round_result(match_over=True)
    return [table, scene_class("MatchEndScene")(pieces.ctx, table, result)]


def history_of_moves(ctx: object, pieces: scene_gallery.Pieces) -> list[Scene]:
    """The round's history (L) after eight moves of a seeded round, played through the
    session as the game records them (captures, a declaration, lays)."""
    import random

    from diloti_desktop.controller import HUMAN, GameConfig, GameSession

    rng = random.Random(5)
    position, _events = rules.new_match(rules.Ruleset(players=2), rng)
    session = GameSession(GameConfig(position.rules, (HUMAN, HUMAN), 1), position,
                          player_factory=random_players, ai_pace=0)
    while len(session.history) < 8:
        session.submit(rng.choice(candidate_moves(session.position)))
        session.update()
        session.poll()
    pieces.ctx.session = session
    table = scene_class("TableScene")(pieces.ctx, session)
    table.history.open = True
    return [table]


def saved_game_set_aside(ctx: object, pieces: scene_gallery.Pieces) -> list[Scene]:
    """The main menu after a damaged saved game was set aside (the message storage.py
    gives, with a fixed path and time)."""
    from diloti_desktop.i18n import _

    kept = "~/.local/share/diloti-desktop/saved_game.json.corrupt-20261201T120000Z"
    pieces.ctx.notices.append(_(
        "The interrupted game could not be restored ({reason}); its file was kept as {kept}."
    ).format(reason=_("the file is not a Diloti Desktop saved game"), kept=kept))
    return [scene_class("MainMenuScene")(pieces.ctx)]


def analysed(driver: Driver) -> None:
    """Wait until the player's moves in every round of the match are graded (the match end
    asks for it)."""
    session = driver.table.session
    seats = session.human_seats()
    driver.until(lambda: all(graded >= total for graded, total in
                             (session.round_grades.progress(play, seats)
                              for play in session.plays)), timeout=120)
    driver.frames(2)


#: Every screenshot the README and docs/ show.
PICTURES: tuple[Picture, ...] = (
    Picture("table", "TableScene", act=drag_held("9H", "9C")),
    Picture("round-summary", "RoundSummaryScene"),
    Picture("court-cards-large", court_cards, size=(1920, 1080),
            settings={"card_size": "large"}),
    Picture("court-cards-small", court_cards, size=(960, 600), settings={"card_size": "small"}),
    Picture("small-window-800x600", "TableScene", size=(800, 600), window=True),
    Picture("about", "AboutScene"),
    Picture("save-set-aside", saved_game_set_aside),
    Picture("save-failed-warning", "table with a save warning"),
    Picture("save-failed-quit", "unsaved game, quitting"),
    Picture("score-sheet", "ScoreSheetScene"),
    Picture("statistics", "statistics with records"),
    Picture("hint-full", "hint, step 3"),
    Picture("tutor", "tutor warning"),
    Picture("tutor-line", "tutor, showing the line"),
    Picture("history", history_of_moves),
    Picture("learn", "LearnScene"),
    Picture("learn-lesson-step", "lesson 5", act=select_then_drag("8S3C", "8H", "5D")),
    Picture("learn-wrong-try", "lesson 7", act=lay("7H")),
    Picture("learn-puzzle", "puzzle, medium"),
    Picture("learn-puzzle-answer", "puzzle, easy", act=reveal_puzzle),
    Picture("advanced-rules", "advanced rules", act=point_at_row("self_raise")),
    Picture("rules-examples", "RulesScene"),
    Picture("review", "round review"),
    Picture("review-all-hands", "round review", act=grade_everyone),
    Picture("review-line", "round review, showing the line"),
    Picture("first-game-review", "first game review"),
    Picture("review-retry", "round review", act=retry_wrong_try),
    Picture("match-end-accuracy", match_end_graded, act=analysed),
    Picture("lang-table-el", "TableScene", size=(960, 600), language="el"),
    Picture("lang-summary-el", "RoundSummaryScene", size=(960, 600), language="el"),
    Picture("lang-table-de", "TableScene", size=(960, 600), language="de"),
    Picture("lang-summary-de", "RoundSummaryScene", size=(960, 600), language="de"),
    Picture("progress", "progress page"),
    Picture("match-end-rating", "match end, rated"),
    # Greek, the game's home language, at the smallest usual window.
    Picture("el-hint", "hint, step 3", size=(960, 600), language="el"),
    Picture("el-tutor", "tutor warning", size=(960, 600), language="el"),
    Picture("el-review", "round review", size=(960, 600), language="el"),
    Picture("el-first-game-review", "first game review", size=(960, 600), language="el"),
    Picture("el-statistics", "statistics with a rating", size=(960, 600), language="el"),
    Picture("el-progress", "progress page", size=(960, 600), language="el"),
)


def _shot(state: str | State) -> scene_gallery.Shot:
    if not isinstance(state, str):
        return scene_gallery.Shot(state.__name__, state)
    for shot in scene_gallery.shots():
        if shot.name == state:
            return shot
    raise KeyError(f"the scene gallery has no state named {state!r}")


def render(picture: Picture) -> pygame.Surface:
    """Draw one picture headless; returns a copy of the frame (or the window)."""
    i18n.set_language(picture.language)
    settings = Settings(animation_speed="off", sound_enabled=False, tutor=False,
                        language=picture.language, **picture.settings)  # type: ignore[arg-type]
    shell, ctx = make_app(size=picture.size, settings=settings)
    ctx.persist = False
    try:
        scene_gallery.stage(shell, ctx, _shot(picture.state))
        driver = Driver(shell, ctx)
        if picture.act is not None:
            picture.act(driver)
        shell.draw()
        assert shell.surface is not None and shell.window is not None
        image = (shell.window if picture.window else shell.surface).copy()
    finally:
        if ctx.session is not None:
            ctx.session.close()
        i18n.set_language("en")
    if picture.crop is not None:
        image = image.subsurface(pygame.Rect(picture.crop)).copy()
    return image


def difference(before: pygame.Surface, after: pygame.Surface) -> str | None:
    """Why ``after`` does not pass for ``before`` (None: within the tolerance)."""
    if before.get_size() != after.get_size():
        return f"size {before.get_size()} became {after.get_size()}"
    # Pixels of ``after`` within NOISE of ``before``'s in every colour channel.
    alike = pygame.transform.threshold(None, after, None, (NOISE, NOISE, NOISE, 255), None, 0,
                                       before)
    share = 1 - alike / (before.get_width() * before.get_height())
    if share > TOLERANCE:
        return f"{share:.2%} of the pixels differ (more than {TOLERANCE:.2%})"
    return None


def chosen(names: list[str]) -> Iterator[Picture]:
    """The pictures named (all when none is)."""
    unknown = set(names) - {picture.name for picture in PICTURES}
    if unknown:
        raise SystemExit(f"no such screenshot: {', '.join(sorted(unknown))}")
    return (picture for picture in PICTURES if not names or picture.name in names)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="compare with docs/screenshots instead of writing")
    parser.add_argument("names", nargs="*", help="only these pictures (file names, no .png)")
    args = parser.parse_args(argv)
    os.environ[storage.DATA_DIR_ENV] = tempfile.mkdtemp(prefix="diloti-screenshots-")
    theme.clear_caches()
    failures = []
    for picture in chosen(args.names):
        image = render(picture)
        path = OUT / f"{picture.name}.png"
        if args.check:
            if not path.is_file():
                failures.append(f"{path.name}: not in docs/screenshots")
                continue
            why = difference(pygame.image.load(str(path)), image)
            if why is not None:
                failures.append(f"{path.name}: {why}")
            print(f"{path.name}: {'differs' if why else 'current'}", flush=True)
        else:
            pygame.image.save(image, str(path))
            print(f"wrote {path.relative_to(ROOT)} ({image.get_width()}x{image.get_height()})",
                  flush=True)
    for failure in failures:
        print(f"screenshot out of date: {failure}", file=sys.stderr)
    if failures:
        print("regenerate them: python3 build_scripts/screenshots.py", file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
