"""Every screen, in every language, at three window sizes: no text is cut off.

Each state of tests/ui/scene_gallery.py is drawn with ``theme.overflows`` collecting every
text that did not fit its box even after shrinking (cut with "…", wrapped to more lines
than its box holds, drawn beyond the window's edge, or a word broken between its
letters). A screen that cannot be built fails too, so a new screen is never silently left
out.
"""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from diloti_desktop import i18n
from diloti_desktop.player_data.storage import Settings
from diloti_desktop.ui.kit import theme
from diloti_desktop.ui.kit.layout import MIN_WINDOW
from tests.ui import scene_gallery
from tests.ui.driver import make_app

SHOTS = list(scene_gallery.shots())


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    i18n.set_language("en")
    theme.overflows = None


#: The window sizes every screen is checked at: below the minimum (the frame is scaled
#: down), the minimum, and the most common laptop size.
SIZES = [(800, 600), MIN_WINDOW, (1280, 720)]


@pytest.fixture(scope="module", params=SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def app(request: pytest.FixtureRequest) -> Iterator[tuple[object, object, tuple[int, int]]]:
    size: tuple[int, int] = request.param
    shell, ctx = make_app(size=size, settings=Settings(animation_speed="off",
                                                       sound_enabled=False))
    ctx.persist = False
    yield shell, ctx, size
    ctx.close_session()


# German (long compound words) and Greek (the home language) in the fast tier, at every
# size; the other languages in the slow tier.
@pytest.mark.parametrize("language", [
    lang if lang in ("de", "el") else pytest.param(lang, marks=pytest.mark.slow)
    for lang in sorted(i18n.LANGUAGES)])
def test_every_text_fits_at_every_size(language: str,
                                       app: tuple[object, object, tuple[int, int]],
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    shell, ctx, size = app
    i18n.set_language(language)
    drawn: list[tuple[str, int]] = []
    render = theme.text

    def recording_text(label: str, size: int, *args: object,
                       **kwargs: object) -> pygame.Surface:
        drawn.append((label, size))
        return render(label, size, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(theme, "text", recording_text)
    problems: list[str] = []
    unbuilt: list[str] = []
    for shot in SHOTS:
        theme.overflows = []
        drawn.clear()
        try:
            scene_gallery.stage(shell, ctx, shot)  # type: ignore[arg-type]
        except scene_gallery.Unbuildable as missing:
            unbuilt.append(str(missing))
            continue
        finally:
            if ctx.session is not None:  # type: ignore[attr-defined]
                ctx.session.close()  # type: ignore[attr-defined]
        assert drawn, f"{shot.name} drew no text at all"
        problems += [f"{shot.name}: {o.why}: {o.label!r} ({o.width} > {o.room})"
                     for o in theme.overflows]
        problems += sorted({f"{shot.name}: drawn at {px} px, under {theme.MIN_TEXT_PX}: "
                            f"{label!r}" for label, px in drawn
                            if px < theme.MIN_TEXT_PX and label.strip()})
    assert not unbuilt, (f"the gallery cannot build {unbuilt}: add a builder to "
                         "tests/ui/scene_gallery.py BUILDERS")
    assert not problems, f"{language} at {size}:\n" + "\n".join(problems)


def test_the_gallery_covers_the_game_s_screens() -> None:
    names = {kind.__name__ for kind in scene_gallery.scene_classes()}
    assert {"MainMenuScene", "SettingsScene", "TableScene", "RoundSummaryScene",
            "MatchEndScene", "RulesScene", "PauseScene", "ChooserScene"} <= names


def test_an_overlong_text_is_reported() -> None:
    pygame.font.init()
    surface = pygame.Surface((200, 50))
    theme.overflows = []
    theme.blit_text(surface, "short", 14, (0, 0), max_width=180)
    assert theme.overflows == []
    theme.blit_text(surface, "a rather long label that cannot fit " * 3, 14, (0, 0),
                    max_width=180)
    assert [o.why for o in theme.overflows] == ["cut with an ellipsis"]
    theme.overflows = []
    theme.blit_text(surface, "beyond the right edge", 14, (150, 10))
    assert [o.why for o in theme.overflows] == ["drawn beyond the edge of the window"]


def test_a_slightly_long_text_shrinks_instead_of_being_cut() -> None:
    pygame.font.init()
    label = "Einstellungen speichern"
    width = theme.resources.font(20).size(label)[0]
    size = theme.fit_size(label, 20, width - 10)
    assert size < 20
    assert theme.resources.font(size).size(label)[0] <= width - 10
    theme.overflows = []
    surface = pygame.Surface((400, 60))
    theme.blit_text(surface, label, 20, (0, 0), max_width=width - 10)
    assert theme.overflows == []


class _CountingFont:
    """A real font that counts its measures and the characters they measured."""

    def __init__(self, font: pygame.font.Font, counts: dict[str, int]) -> None:
        self.font = font
        self.counts = counts

    def size(self, text: str) -> tuple[int, int]:
        self.counts["measures"] += 1
        self.counts["characters"] += len(text)
        return self.font.size(text)  # type: ignore[no-any-return]

    def __getattr__(self, name: str) -> object:
        return getattr(self.font, name)


def _counting(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """From now on every font the theme asks for counts its measures (caches emptied)."""
    pygame.font.init()
    real = theme.resources.font
    counts = {"measures": 0, "characters": 0}
    monkeypatch.setattr(theme.resources, "font",
                        lambda size, bold=False: _CountingFont(real(size, bold), counts))
    theme.clear_caches()
    return counts


def test_fitting_a_million_characters_takes_a_logarithmic_number_of_measures(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Cutting with "…" is a binary search on the cut, and no measure reads the whole
    label: the work grows with log(n) at most, whatever the label's length (no timing)."""
    import math

    measures: dict[int, int] = {}
    for length in (1_000, 1_000_000):
        counts = _counting(monkeypatch)
        label = "x" * length
        cut = theme.fit(label, 20, 300)
        size = theme.fit_size(label, 20, 300)
        monkeypatch.undo()
        assert cut.endswith("…") and theme.resources.font(20).size(cut)[0] <= 300
        assert size < 20
        assert counts["measures"] <= 4 * math.log2(length) + 16, counts
        assert counts["characters"] <= 20_000, counts  # never the whole label
        measures[length] = counts["measures"]
    # A thousand times longer: a few more measures at most, not a thousand times more.
    assert measures[1_000_000] - measures[1_000] <= 2 * math.log2(1000) + 4, measures
    # Drawn in a box, and wrapped (to at most MAX_WRAP_LINES lines): bounded work too.
    counts = _counting(monkeypatch)
    label = "Casual+Expert " * 71_500
    rect = theme.blit_text(pygame.Surface((400, 60)), label, 20, (0, 0), max_width=300)
    lines = theme.wrap(label, 20, 300)
    monkeypatch.undo()
    theme.clear_caches()
    assert rect.w <= 300 and len(lines) == theme.MAX_WRAP_LINES and lines[-1].endswith("…")
    assert counts["characters"] <= 100_000, counts


def test_a_word_broken_between_its_letters_is_reported() -> None:
    pygame.font.init()
    theme.overflows = []
    lines = theme.wrap("Gewonnen Spiele", 14, theme.resources.font(14, False).size("Gewo")[0])
    assert len(lines) > 2
    assert [o.why for o in theme.overflows] == ["a word broken inside"] * 2
    theme.overflows = []
    theme.wrap("/a/very/long/path/that/breaks", 14, 40)  # a path is no word
    assert theme.overflows == []
