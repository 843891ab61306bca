"""Every screen, in every language, at three window sizes: no text is cut off.

Each state of tests/ui/scene_gallery.py is drawn (tests/ui/gallery_sweep.py) with
``theme.overflows`` collecting every text that did not fit its box even after shrinking
(cut with "…", wrapped to more lines than its box holds, drawn beyond the window's edge,
or a word broken between its letters), and every text drawn under ``theme.MIN_TEXT_PX``.
A screen that cannot be built fails too, so a new screen is never silently left out.
"""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from diloti_desktop import i18n
from diloti_desktop.ui.kit import theme
from diloti_desktop.ui.kit.layout import MIN_WINDOW
from tests.ui import gallery_sweep, scene_gallery


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    i18n.set_language("en")
    theme.overflows = None


#: The window sizes every screen is checked at: below the minimum (the frame is scaled
#: down), the minimum, and the most common laptop size.
SIZES = [(800, 600), MIN_WINDOW, (1280, 720)]
#: The fast tier: German (long compound words) and Greek (the home language) at the
#: minimum window, where text has the least room; the other languages and sizes are in
#: the slow tier (the full suite).
FAST = {(MIN_WINDOW, "de"), (MIN_WINDOW, "el")}


def cases() -> list[object]:
    """Every size with every language, each kept on one worker with the panels check of
    the same size and language (they share one pass over the gallery)."""
    found = []
    for size in SIZES:
        for language in sorted(i18n.LANGUAGES):
            marks = [gallery_sweep.xdist_group(size, language)]
            if (size, language) not in FAST:
                marks.append(pytest.mark.slow)
            found.append(pytest.param(size, language, marks=marks,
                                      id=f"{size[0]}x{size[1]}-{language}"))
    return found


@pytest.mark.parametrize(("size", "language"), cases())
def test_every_text_fits_at_every_size(size: tuple[int, int], language: str) -> None:
    found = gallery_sweep.sweep(size, language)
    assert not found.unbuilt, (f"the gallery cannot build {list(found.unbuilt)}: add a "
                               "builder to tests/ui/scene_gallery.py BUILDERS")
    assert not found.textless, f"these drew no text at all: {list(found.textless)}"
    problems = [*found.misfits, *found.tiny]
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
