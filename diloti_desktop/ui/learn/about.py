"""About Diloti: the version, the credits, and every bundled licence in full.

The scene is the rules screen's scrolling panel with other text: the version and credits
(translated), one line per bundled component naming its licence, then the licence texts
themselves, read from ``sprites/licenses/`` and the fonts folder and shown as written
(legal texts are not translated).
"""

from __future__ import annotations

import logging
from typing import Final

from diloti_desktop import __version__, resources
from diloti_desktop.i18n import _, current_language
from diloti_desktop.resources import AssetKind
from diloti_desktop.ui.kit import theme
from diloti_desktop.ui.kit.layout import Box
from diloti_desktop.ui.learn.rules_screen import RulesScene

log = logging.getLogger(__name__)

#: The licence texts shown in full: (asset kind, file, what it covers). The names of
#: licences and projects are not translated.
#: NOTICES.txt (the same list in English, for the packages' copyright files) is not shown:
#: the translated paragraphs above say what it says.
LICENCE_FILES: tuple[tuple[AssetKind, str, str], ...] = (
    ("sprites", "licenses/MIT-Diloti.txt", "Diloti Desktop: MIT licence"),
    ("sprites", "licenses/CC0-1.0.txt", "Court-card figures: CC0 1.0 Universal"),
    ("fonts", "DejaVu-LICENSE.txt", "DejaVu fonts: Bitstream Vera and DejaVu licence"),
    ("sprites", "licenses/LGPL-2.1.txt", "pygame-ce: GNU Lesser General Public License 2.1"),
    ("sprites", "licenses/zlib-SDL.txt", "SDL 2 and its libraries: zlib licence"),
    ("sprites", "licenses/Python-PSF.txt", "Python: PSF licence"),
)


#: Names and licences are not translated.
BUNDLED_LIBRARIES: Final = (
    "FreeType (FreeType licence), HarfBuzz (MIT), libpng (PNG reference library licence), "
    "zlib (zlib licence), libjpeg-turbo (IJG, BSD-3-Clause), libwebp (BSD-3-Clause), "
    "libtiff (libtiff licence), Brotli (MIT), libogg, libvorbis, Opus, FLAC (BSD-3-Clause), "
    "WavPack (BSD-3-Clause), libxmp (MIT), PortMidi (MIT), mpg123, libsndfile, FluidSynth, "
    "alsa-lib (GNU LGPL 2.1, Linux)")


def licence_text(kind: AssetKind, name: str) -> str | None:
    """A bundled licence file's text, or None (logged) when it is missing."""
    try:
        return resources.asset_path(kind, name).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        log.warning("licence text %s unavailable: %s", name, error)
        return None


def about_paragraphs() -> list[tuple[str, list[str]]]:
    """The translated part: (heading, paragraphs) for the version, credits and licences."""
    return [
        (_("Diloti {version}").format(version=__version__), [
            _("The Greek fishing card game, with computer opponents and hints. Free "
              "software under the MIT licence."),
        ]),
        (_("Credits"), [
            _("Court-card figures: the playing card designs of {author}, given to the "
              "public domain (CC0 1.0), as packaged by {packager}.").format(
                author="Adrian Kennard (www.me.uk/cards)",
                packager="Letele Motebang (@letele/playing-cards)"),
            _("Font: {font}, by the DejaVu fonts team, based on Bitstream Vera.").format(
                font="DejaVu Sans"),
            _("Made with {library}, on {sdl} and {python}.").format(
                library="pygame-ce", sdl="SDL 2", python="Python"),
            _("Sound effects: made for this game."),
        ]),
        (_("Licences"), [
            _("Diloti Desktop: MIT licence."),
            _("Court-card figures: CC0 1.0 (public domain)."),
            _("DejaVu fonts: Bitstream Vera and DejaVu licence."),
            _("{library}: GNU LGPL 2.1. Its libraries sit unchanged in the game's folder "
              "and can be replaced.").format(library="pygame-ce"),
            _("SDL 2, SDL_image, SDL_mixer, SDL_ttf: zlib licence."),
            _("Python: PSF licence (in the standalone game)."),
            _("The libraries that pygame-ce's own builds bundle, depending on the "
              "platform: {libraries}. Each of those projects publishes its full licence "
              "text with its source code.").format(libraries=BUNDLED_LIBRARIES),
            _("Every licence text follows in full."),
        ]),
    ]


class AboutScene(RulesScene):
    """The version, credits and licences, in the rules screen's scrolling panel."""

    offers_glossary = False

    def heading(self) -> str:
        """The panel's title."""
        return _("About Diloti")

    def _lines(self, box: Box, size: int) -> list[tuple[str, bool]]:
        # The licence texts run to over a thousand lines: wrap them once per size.
        key = (box.w, size, current_language())
        cached = getattr(self, "_wrapped", None)
        if cached is not None and cached[0] == key:
            lines: list[tuple[str, bool]] = cached[1]
            return lines
        width = box.w - 4 * size
        lines = []
        for heading, paragraphs in about_paragraphs():
            if lines:
                lines.append(("", False))
            lines.append((heading, True))
            for paragraph in paragraphs:
                lines.extend((line, False) for line in theme.wrap(paragraph, size, width))
        for kind, name, title in LICENCE_FILES:
            text = licence_text(kind, name)
            lines += [("", False), (title, True)]
            if text is None:
                lines.append((_("(this licence text is missing from this copy of the game: "
                                "{file})").format(file=name), False))
                continue
            font = resources.font(size)
            for raw in text.expandtabs(4).splitlines():
                # The texts are wrapped already: measure each line once, rewrap the few
                # that are too wide for a narrow window.
                raw = raw.rstrip()
                if font.size(raw)[0] <= width:
                    lines.append((raw, False))
                else:
                    lines.extend((line, False) for line in theme.wrap(raw, size, width))
        self._wrapped = (key, lines)
        return lines
