"""Make the Debian package from the one-folder build: ``python3 build_scripts/deb.py``.

Run it after ``build_scripts/build.py`` on the Linux machine that built ``dist/Diloti``;
it needs ``dpkg-deb`` and ``objdump`` and no network. It writes
``dist/diloti_<version>_<arch>.deb`` and prints the package's files and size:

- ``/opt/diloti/``: the one-folder build, unchanged (``Diloti`` and ``_internal/``);
- ``/usr/bin/diloti``: a link to ``/opt/diloti/Diloti`` (PyInstaller's loader finds its
  ``_internal`` folder beside the link's target);
- ``/usr/share/applications/<APP_ID>.desktop``: the menu entry, its name and comment in the
  game's six languages (taken from the game's own catalogs);
- ``/usr/share/icons/hicolor/<N>x<N>/apps/diloti.png``: the icon at 16 to 512 px, the very
  images of ``sprites/icons/diloti.ico`` and ``diloti.icns`` (drawn per size by
  ``make_icons.py``);
- ``/usr/share/metainfo/<APP_ID>.metainfo.xml``: the AppStream description that software
  centres show;
- ``/usr/share/doc/diloti/copyright``: every licence of what the package bundles
  (``sprites/licenses/``).

``Depends`` names the C library at least as new as the newest symbol version the build
uses, and the libraries the build needs from the system: the X11 client libraries that
SDL opens when the window opens. ``python3 build_scripts/deb.py --desktop-entry PATH``
writes only the localised desktop entry (for the release's tarball).
"""

from __future__ import annotations

import argparse
import gettext
import os
import re
import shutil
import struct
import subprocess
import sys
import tomllib
from pathlib import Path
from xml.sax.saxutils import escape

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from diloti_desktop.ui.kit import window_class  # noqa: E402

PACKAGE = "diloti"
PREFIX = Path("opt") / PACKAGE
APP_ID = window_class.APP_ID
ICON_NAME = "diloti"
TEMPLATE = ROOT / "build_scripts" / "diloti.desktop"
LICENSES = ROOT / "sprites" / "licenses"
ICONS = ROOT / "sprites" / "icons"
LOCALE_DIR = ROOT / "diloti_desktop" / "locale"
#: The catalogs' languages, besides English.
LANGUAGES = ("el", "fr", "it", "es", "de")
#: The desktop entry's translated keys and the English text of each, which the game's
#: catalogs translate (diloti_desktop/ui/window_class.py marks them).
DESKTOP_TEXTS = window_class.DESKTOP_TEXTS
#: What the software centre shows under the summary: the About screen's paragraph.
DESCRIPTION = ("The Greek fishing card game, with computer opponents and hints. Free "
               "software under the MIT licence.")
#: The package's Maintainer field (Debian's DEBFULLNAME and DEBEMAIL override it): the
#: project publishes no address, so the default names a reserved, undeliverable domain.
MAINTAINER = "Diloti Desktop contributors <maintainers@diloti-desktop.invalid>"
#: Libraries SDL opens by name at run time (dlopen, so no ELF file lists them): an X11
#: window needs libX11 and libXext; the rest improve it (cursors, input, screens) and
#: sound needs ALSA or PulseAudio.
DEPENDS = ("libx11-6", "libxext6")
RECOMMENDS = ("libxcursor1", "libxi6", "libxrandr2", "libxss1", "libasound2 | libpulse0")


def version() -> str:
    """The version in pyproject.toml."""
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return str(data["project"]["version"])


class _Untranslated(gettext.NullTranslations):
    """Answers for a message the catalog does not hold (its text may equal the English)."""

    def gettext(self, message: str) -> str:
        return ""


def translations(message: str) -> dict[str, str]:
    """``message`` in each language whose catalog holds it (even when it reads as in
    English: "Diloti" stays "Diloti" in French)."""
    found: dict[str, str] = {}
    for language in LANGUAGES:
        catalog = gettext.translation("diloti", LOCALE_DIR, [language])
        catalog.add_fallback(_Untranslated())
        text = catalog.gettext(message)
        if text:
            found[language] = text
    return found


def desktop_entry(exec_line: str = PACKAGE) -> str:
    """The desktop entry: the committed template with ``Exec`` set and every key of
    :data:`DESKTOP_TEXTS` followed by its translations."""
    lines: list[str] = []
    for line in TEMPLATE.read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            continue
        key = line.split("=", 1)[0]
        if key == "Exec":
            line = f"Exec={exec_line}"
        lines.append(line)
        if key in DESKTOP_TEXTS:
            for language, text in translations(DESKTOP_TEXTS[key]).items():
                lines.append(f"{key}[{language}]={text}")
    return "\n".join(lines) + "\n"


def metainfo(release: str, date: str) -> str:
    """The AppStream file (validated by ``appstreamcli validate``)."""
    def localised(tag: str, message: str, indent: str) -> list[str]:
        out = [f"{indent}<{tag}>{escape(message)}</{tag}>"]
        out += [f'{indent}<{tag} xml:lang="{language}">{escape(text)}</{tag}>'
                for language, text in translations(message).items()]
        return out

    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             '<component type="desktop-application">',
             f"  <id>{APP_ID}</id>",
             "  <metadata_license>CC0-1.0</metadata_license>",
             "  <project_license>MIT</project_license>",
             *localised("name", DESKTOP_TEXTS["Name"], "  "),
             *localised("summary", DESKTOP_TEXTS["Comment"], "  "),
             "  <description>",
             *localised("p", DESCRIPTION, "    "),
             "  </description>",
             f'  <launchable type="desktop-id">{APP_ID}.desktop</launchable>',
             "  <developer_name>Diloti Desktop contributors</developer_name>",
             '  <content_rating type="oars-1.1"/>',
             "  <categories>", "    <category>Game</category>",
             "    <category>CardGame</category>", "  </categories>",
             "  <provides>", f"    <binary>{PACKAGE}</binary>", "  </provides>",
             "  <releases>", f'    <release version="{release}" date="{date}"/>',
             "  </releases>", "</component>"]
    return "\n".join(lines) + "\n"


def copyright_file() -> str:
    """``/usr/share/doc/diloti/copyright`` (Debian's machine-readable format): what is
    bundled under which licence (NOTICES.txt), then every licence text in full."""
    notices = (LICENSES / "NOTICES.txt").read_text(encoding="utf-8")
    texts = sorted(LICENSES.glob("*.txt")) + sorted((ROOT / "sprites" / "fonts").glob(
        "*LICENSE*"))
    parts = ["Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/",
             "Upstream-Name: Diloti Desktop",
             "Comment:", _field(notices), "",
             "Files: *", "Copyright: 2026 the Diloti Desktop contributors",
             "License: MIT-Diloti", ""]
    for path in texts:
        if path.name == "NOTICES.txt":
            continue
        parts += [f"License: {path.stem}", _field(path.read_text(encoding="utf-8")), ""]
    return "\n".join(parts)


def _field(text: str) -> str:
    """``text`` as a Debian control field's continuation lines (blank lines become " .")."""
    return "\n".join(f" {line}" if line.strip() else " ." for line in text.splitlines())


def ico_images(path: Path) -> dict[int, bytes]:
    """The PNG images of an ICO file, by size."""
    data = path.read_bytes()
    count = struct.unpack("<HHH", data[:6])[2]
    images: dict[int, bytes] = {}
    for index in range(count):
        side, _h, _c, _r, _p, _b, size, offset = struct.unpack(
            "<BBBBHHII", data[6 + 16 * index:22 + 16 * index])
        images[side or 256] = data[offset:offset + size]
    return images


def icns_image(path: Path, kind: str) -> bytes:
    """One PNG chunk of an ICNS file."""
    data = path.read_bytes()
    offset = 8
    while offset < len(data):
        name, length = data[offset:offset + 4].decode("ascii"), struct.unpack(
            ">I", data[offset + 4:offset + 8])[0]
        if name == kind:
            return data[offset + 8:offset + length]
        offset += length
    raise KeyError(f"{path.name} has no {kind} image")


def icons() -> dict[int, bytes]:
    """The hicolor theme's sizes: 16 to 256 from the .ico, 512 from the .icns."""
    found = ico_images(ICONS / "diloti.ico")
    found[512] = icns_image(ICONS / "diloti.icns", "ic09")
    return dict(sorted(found.items()))


def glibc_needed(folder: Path) -> str | None:
    """The newest GLIBC_x.y symbol version any ELF file of ``folder`` asks for."""
    newest: tuple[int, ...] = ()
    for path in sorted(folder.rglob("*")):
        if not path.is_file() or path.is_symlink() or path.read_bytes()[:4] != b"\x7fELF":
            continue
        dump = subprocess.run(["objdump", "-T", str(path)], capture_output=True, text=True,
                              check=False).stdout
        for found in re.findall(r"GLIBC_(\d+(?:\.\d+)+)", dump):
            newest = max(newest, tuple(int(part) for part in found.split(".")))
    return ".".join(map(str, newest)) or None


def architecture() -> str:
    """dpkg's name of this machine's architecture (amd64, arm64...)."""
    return subprocess.run(["dpkg", "--print-architecture"], capture_output=True, text=True,
                          check=True).stdout.strip()


def control(release: str, arch: str, installed_kib: int, glibc: str | None) -> str:
    """The package's DEBIAN/control."""
    depends = [f"libc6 (>= {glibc})" if glibc else "libc6", *DEPENDS]
    name, email = os.environ.get("DEBFULLNAME"), os.environ.get("DEBEMAIL")
    maintainer = f"{name} <{email}>" if name and email else MAINTAINER
    return "\n".join([
        f"Package: {PACKAGE}", f"Version: {release}", f"Architecture: {arch}",
        f"Maintainer: {maintainer}", f"Installed-Size: {installed_kib}",
        f"Depends: {', '.join(depends)}", f"Recommends: {', '.join(RECOMMENDS)}",
        "Section: games", "Priority: optional",
        "Description: Diloti, the Greek fishing card game",
        " Diloti (Δηλωτή) is the Greek fishing card game of the Casino family: capture",
        " cards by matching and adding, declare piles that only an exact card can take,",
        " sweep the table for a xeri. Play offline against computer opponents of five",
        " strengths, with hints, lessons, puzzles and round reviews, in Greek, English,",
        " French, Italian, Spanish and German.", ""])


def _write(path: Path, content: str | bytes, mode: int = 0o644) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(content, str):
        path.write_text(content, encoding="utf-8")
    else:
        path.write_bytes(content)
    path.chmod(mode)


def stage(dist: Path, root: Path, release: str, date: str) -> None:
    """Lay out the package's files under ``root`` (replaced whole)."""
    if root.exists():
        shutil.rmtree(root)
    shutil.copytree(dist, root / PREFIX, symlinks=True)
    (root / "usr" / "bin").mkdir(parents=True)
    (root / "usr" / "bin" / PACKAGE).symlink_to(Path("/") / PREFIX / "Diloti")
    share = root / "usr" / "share"
    _write(share / "applications" / f"{APP_ID}.desktop", desktop_entry())
    for size, png in icons().items():
        _write(share / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{ICON_NAME}.png", png)
    _write(share / "metainfo" / f"{APP_ID}.metainfo.xml", metainfo(release, date))
    _write(share / "doc" / PACKAGE / "copyright", copyright_file())
    for path in [root, *root.rglob("*")]:
        if path.is_symlink():
            continue
        if path.is_dir():
            path.chmod(0o755)
        else:
            path.chmod(0o755 if path.stat().st_mode & 0o111 else 0o644)


def release_date() -> str:
    """The date of the commit built (today outside a git checkout)."""
    result = subprocess.run(["git", "log", "-1", "--format=%cs"], cwd=ROOT,
                            capture_output=True, text=True, check=False)
    if result.returncode == 0 and result.stdout.strip():
        return result.stdout.strip()
    import datetime

    return datetime.date.today().isoformat()


def build(dist: Path, out: Path) -> Path:
    """Stage and pack the package; returns the .deb's path."""
    release, arch = version(), architecture()
    root = ROOT / "build" / "deb" / "root"
    stage(dist, root, release, release_date())
    size = sum(p.stat().st_size for p in root.rglob("*") if p.is_file() and not p.is_symlink())
    (root / "DEBIAN").mkdir()
    _write(root / "DEBIAN" / "control",
           control(release, arch, (size + 1023) // 1024, glibc_needed(dist)))
    out.mkdir(parents=True, exist_ok=True)
    deb = out / f"{PACKAGE}_{release}_{arch}.deb"
    subprocess.run(["dpkg-deb", "--root-owner-group", "--build", str(root), str(deb)],
                   check=True, env=dict(os.environ, SOURCE_DATE_EPOCH=os.environ.get(
                       "SOURCE_DATE_EPOCH", "0")), stdout=subprocess.DEVNULL)
    return deb


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", type=Path, default=ROOT / "dist" / "Diloti",
                        help="the one-folder build (default: dist/Diloti)")
    parser.add_argument("--out", type=Path, default=ROOT / "dist", help="where the .deb goes")
    parser.add_argument("--desktop-entry", type=Path, metavar="PATH",
                        help="only write the localised desktop entry (Exec=Diloti) to PATH")
    args = parser.parse_args(argv)
    if args.desktop_entry is not None:
        _write(args.desktop_entry, desktop_entry("Diloti"))
        return 0
    if not (args.dist / "Diloti").is_file():
        print(f"no build at {args.dist}: run build_scripts/build.py first", file=sys.stderr)
        return 1
    deb = build(args.dist, args.out)
    listing = subprocess.run(["dpkg-deb", "--contents", str(deb)], capture_output=True,
                             text=True, check=True).stdout
    print(subprocess.run(["dpkg-deb", "--field", str(deb), "Package", "Version",
                          "Architecture", "Installed-Size", "Depends"], capture_output=True,
                         text=True, check=True).stdout, end="")
    print(listing, end="")
    print(f"built {deb} ({deb.stat().st_size / 2**20:.1f} MiB, "
          f"{listing.count(chr(10))} entries)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
