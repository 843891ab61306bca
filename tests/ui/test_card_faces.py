"""Numerals show their real pips at every size; court cards show figures, or fall back."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from diloti_desktop import resources
from diloti_desktop.player_data.storage import Settings
from diloti_desktop.ui.kit import card_art as cards
from diloti_desktop.ui.kit import suits
from diloti_desktop.ui.kit.context import AppContext
from diloti_desktop.ui.kit.suits import CLUBS, DIAMONDS, HEARTS, SPADES

#: Kennard's gold (#FC4), used in every figure's crown and robes, never on a drawn card.
FIGURE_GOLD = (255, 204, 68)
WIDTHS = [cards.MIN_WIDTH, 36, 48, 60, 66, 71, 72, 90, 120, 200]


@pytest.fixture(autouse=True)
def restore_face_style() -> Iterator[None]:
    before = cards.face_style()
    yield
    cards.set_face_style(before)
    cards.clear_cache()


def ink_blobs(face: pygame.Surface) -> list[tuple[float, float]]:
    """The centres of the separate patches of ink between the two index columns."""
    w, h = face.get_size()
    left, right = round(w * 0.26), round(w * 0.74)
    top, bottom = round(h * 0.08), round(h * 0.92)
    middle = face.subsurface(pygame.Rect(left, top, right - left, bottom - top))
    # Ink is whatever is clearly not the card's white (antialiased edges included).
    mask = pygame.mask.from_threshold(middle, (*cards.FACE_WHITE, 255), (90, 90, 90, 255))
    mask.invert()
    blobs = mask.connected_components(minimum=2)
    return [(left + blob.centroid()[0], top + blob.centroid()[1]) for blob in blobs]


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("rank", range(2, 11))
def test_every_numeral_shows_its_pips_where_the_layout_puts_them(rank: int, width: int) -> None:
    """A 6♠ shows six separate pips at every card size, never one big central suit."""
    centres = cards.pip_centres(rank, width)
    assert len(centres) == rank
    for suit in suits.SUITS:
        blobs = ink_blobs(cards.face(rank, suit, width))
        assert len(blobs) == rank, f"{rank} of suit {suit} at width {width}: {len(blobs)} pips"
        reach = cards.pip_size(width) * 0.6
        for x, y, _upside_down in centres:
            assert any(abs(x - bx) <= reach and abs(y - by) <= reach for bx, by in blobs), (
                f"no pip near ({x:.0f}, {y:.0f}) on {rank} of suit {suit} at width {width}")


@pytest.mark.parametrize("width", [36, 72, 150])
def test_pip_layouts_are_mirror_symmetric_and_inside_the_card(width: int) -> None:
    w, h = cards.card_size(width)
    size = cards.pip_size(width)
    for rank in range(2, 11):
        centres = cards.pip_centres(rank, width)
        mirrored = sorted((round(w - x, 3), round(y, 3)) for x, y, _flip in centres)
        assert mirrored == sorted((round(x, 3), round(y, 3)) for x, y, _flip in centres)
        for x, y, upside_down in centres:
            assert size / 2 < x < w - size / 2 and size / 2 < y < h - size / 2
            assert upside_down == (y > h / 2 + 0.01)
        # No two pips overlap (a suit is about as wide as tall, and round-ish).
        for i, (x1, y1, _f) in enumerate(centres):
            for x2, y2, _g in centres[i + 1:]:
                assert ((x1 - x2) ** 2 + (y1 - y2) ** 2) ** 0.5 >= size * 0.85
    assert cards.pip_centres(1, width) == [] and cards.pip_centres(13, width) == []


def test_court_cards_show_the_figures_in_the_illustrated_deck() -> None:
    cards.set_face_style("illustrated")
    figure = cards.face(13, SPADES, 120)
    cards.set_face_style("drawn")
    letter = cards.face(13, SPADES, 120)
    assert pygame.image.tobytes(figure, "RGBA") != pygame.image.tobytes(letter, "RGBA")
    assert gold_pixels(figure) > 300
    assert gold_pixels(letter) == 0


@pytest.mark.parametrize("rank", [11, 12, 13])
@pytest.mark.parametrize("suit", suits.SUITS)
def test_every_court_picture_is_committed_at_a_sharp_resolution(rank: int, suit: int) -> None:
    for four_colour in (False, True):
        path = resources.sprite_path(cards.court_art_name(rank, suit, four_colour))
        image = pygame.image.load(str(path))
        # Never scaled up: at least as large as the largest card the game draws.
        assert image.get_size() == cards.card_size(cards.MAX_WIDTH)


def test_the_four_colour_deck_has_blue_diamonds_and_green_clubs_on_the_figures() -> None:
    cards.set_face_style("illustrated")
    assert cards.court_art_name(11, DIAMONDS, True) == "cards/jack-diamonds-4c.png"
    assert cards.court_art_name(11, HEARTS, True) == "cards/jack-hearts.png"
    classic = cards.face(11, DIAMONDS, 150)
    blue = cards.face(11, DIAMONDS, 150, four_colour=True)
    assert count_near(blue, suits.INK_BLUE, 30) > count_near(classic, suits.INK_BLUE, 30) + 200
    green = cards.face(12, CLUBS, 150, four_colour=True)
    assert count_near(green, suits.INK_GREEN, 30) > 300


def test_a_missing_picture_falls_back_to_the_drawn_court_card(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    cards.set_face_style("drawn")
    cards.clear_cache()
    drawn = pygame.image.tobytes(cards.face(12, HEARTS, 100), "RGBA")
    cards.set_face_style("illustrated")
    cards.clear_cache()
    empty = tmp_path / "sprites"
    empty.mkdir()
    monkeypatch.setattr(resources, "asset_dir", lambda kind: empty)
    fallback = cards.face(12, HEARTS, 100)
    assert pygame.image.tobytes(fallback, "RGBA") == drawn
    # A damaged picture falls back too.
    (empty / "cards").mkdir()
    (empty / "cards" / "king-hearts.png").write_bytes(b"not a png")
    cards.clear_cache()
    assert gold_pixels(cards.face(13, HEARTS, 100)) == 0


def test_the_setting_chooses_the_deck_and_refuses_unknown_styles() -> None:
    assert Settings().card_faces == "illustrated"
    with pytest.raises(ValueError, match="card_faces"):
        Settings(card_faces="photos")
    settings, problems = Settings.from_dict({"card_faces": "photos"})
    assert settings.card_faces == "illustrated" and problems
    with pytest.raises(ValueError):
        cards.set_face_style("photos")

    class NoWindow:
        def size(self) -> tuple[int, int]:
            return (960, 600)

        def set_fullscreen(self, on: bool) -> None:
            pass

        def request_quit(self) -> None:
            pass

    ctx = AppContext(settings=Settings(card_faces="drawn"), window=NoWindow(), persist=False)
    assert cards.face_style() == "drawn"
    ctx.update_settings(Settings(card_faces="illustrated"))
    assert cards.face_style() == "illustrated"


def gold_pixels(surface: pygame.Surface) -> int:
    return count_near(surface, FIGURE_GOLD, 40)


def count_near(surface: pygame.Surface, colour: tuple[int, int, int], tolerance: int) -> int:
    mask = pygame.mask.from_threshold(surface, (*colour, 255), (tolerance, tolerance,
                                                               tolerance, 255))
    return int(mask.count())
