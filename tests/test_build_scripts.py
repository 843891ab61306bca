"""The build helpers: the screenshot check tells a real frame from a blank one; build.py
packages a clean copy of the package, compiled when it can be, pure Python otherwise; the
size manifest fails growth beyond its tolerance; deb.py lays out a valid Debian package."""

import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "build_scripts"))
import check_screenshot

REPO = Path(__file__).resolve().parents[1]
BUILD_SCRIPTS = REPO / "build_scripts"


def test_a_blank_or_missing_frame_fails(tmp_path: Path) -> None:
    blank = tmp_path / "blank.png"
    surface = pygame.Surface((640, 480))
    surface.fill((10, 90, 40))
    pygame.image.save(surface, str(blank))
    assert "colours" in (check_screenshot.check(blank) or "")
    assert "does not exist" in (check_screenshot.check(tmp_path / "none.png") or "")
    assert check_screenshot.main([str(blank)]) == 1
    assert check_screenshot.main([]) == 1


def test_a_busy_frame_passes(tmp_path: Path) -> None:
    from diloti_desktop.ui.kit import card_art as cards

    # Only the fonts the faces need: pygame.init() would also open the mixer and leave it
    # open for the tests that run after this one in the process (tests/ui/test_audio.py).
    pygame.font.init()
    frame = tmp_path / "frame.png"
    surface = pygame.Surface((640, 480))
    surface.fill((10, 90, 40))
    for index in range(13):
        surface.blit(cards.face(index + 1, index % 4, 90), (10 + index * 45, 60 + index * 8))
    pygame.image.save(surface, str(frame))
    assert check_screenshot.check(frame) is None
    assert check_screenshot.main([str(frame)]) == 0


def _script(name: str) -> ModuleType:
    """A build script by its path (``build`` is also the name of a PyPI package)."""
    spec = importlib.util.spec_from_file_location(f"diloti_{name}_script",
                                                  BUILD_SCRIPTS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_an_extension_module_counts_as_compiled_and_a_source_module_does_not() -> None:
    import pygame.base

    from diloti_desktop.rules import moves, native

    assert native.is_compiled(pygame.base)
    assert not native.is_compiled(moves)


def test_the_packaged_copy_leaves_out_caches_and_in_place_builds(tmp_path: Path) -> None:
    build = _script("build")

    root = tmp_path / "checkout"
    rules = root / "diloti_desktop" / "rules"
    (rules / "__pycache__").mkdir(parents=True)
    (rules / "movegen.py").write_text("X = 1\n")
    (rules / "movegen.cpython-311-x86_64-linux-gnu.so").write_bytes(b"stale")
    (rules / "__pycache__" / "movegen.cpython-311.pyc").write_bytes(b"cache")
    for name in ("setup.py", "pyproject.toml", "README.md"):
        (root / name).write_text("")
    dest = tmp_path / "copy"
    (dest / "old").mkdir(parents=True)  # a previous build's copy is replaced whole
    build.copy_source(dest, root)
    copied = sorted(str(p.relative_to(dest)) for p in dest.rglob("*") if p.is_file())
    assert copied == ["README.md", "diloti_desktop/rules/movegen.py", "pyproject.toml",
                      "setup.py"]


def test_without_mypyc_the_build_packages_the_pure_core_and_says_why(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    build = _script("build")

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "mypyc" else real(name, *a))
    source = tmp_path / "source"
    assert build.prepare_source(pure=False, source=source) == "pure Python"
    out = capsys.readouterr().out.strip().splitlines()
    assert out == ["rules core: pure Python (not compiled: mypy (mypyc) is not installed: "
                   "pip install mypy setuptools)"]
    assert (source / "diloti_desktop" / "rules" / "movegen.py").is_file()
    assert build.core_of(source) == "pure Python"
    assert build.prepare_source(pure=True, source=source) == "pure Python"
    assert capsys.readouterr().out == "rules core: pure Python (--pure)\n"


# -- the size manifest ------------------------------------------------------------------------
def test_the_manifest_normalises_what_changes_by_itself_and_reads_back(tmp_path: Path) -> None:
    manifest = _script("manifest")
    dist = tmp_path / "Diloti"
    (dist / "_internal" / "python3.11" / "lib-dynload").mkdir(parents=True)
    (dist / "Diloti").write_bytes(b"x" * 10)
    (dist / "_internal" / "fc87a22cdfc9b91887f8__mypyc.cpython-311-x86_64-linux-gnu.so"
     ).write_bytes(b"y" * 7)
    (dist / "_internal" / "python3.11" / "lib-dynload" / "math.cpython-311-x86_64-linux-gnu.so"
     ).write_bytes(b"z" * 3)
    (dist / "_internal" / "libSDL2.so").symlink_to(dist / "Diloti")  # links are not counted
    sizes = manifest.scan(dist)
    assert sizes == {"Diloti": 10,
                     "_internal/<hash>__mypyc.cpython-3X-x86_64-linux-gnu.so": 7,
                     "_internal/python3.X/lib-dynload/math.cpython-3X-x86_64-linux-gnu.so": 3}
    text = manifest.render(sizes)
    assert "# total: 20 bytes" in text
    assert manifest.parse(text) == sizes


def test_the_size_check_passes_noise_and_fails_growth_and_the_limit() -> None:
    manifest = _script("manifest")
    recorded = {"Diloti": 3_000_000, "_internal/libSDL2.so": 2_000_000,
                "_internal/sprites/a.png": 100_000}
    # A few KiB here and there, a library 60 KiB bigger (3 % of it): passes, listed.
    noise = dict(recorded, Diloti=3_004_000, **{"_internal/libSDL2.so": 2_060_000})
    failures, changes = manifest.compare(recorded, noise)
    assert failures == [] and len(changes) == 2
    # A new 1 MiB library is a decision: it fails, named.
    grown = dict(recorded, **{"_internal/libcrypto.so.3": 1_048_576})
    failures, _changes = manifest.compare(recorded, grown)
    assert any("libcrypto.so.3: new, 0 -> 1048576" in failure for failure in failures)
    assert any("more than 2%" in failure for failure in failures)
    # An asset doubled (100 KiB more) fails even though the total stays within 2 %.
    art = dict(recorded, **{"_internal/sprites/a.png": 200_000})
    failures, _changes = manifest.compare(recorded, art)
    assert failures == ["_internal/sprites/a.png: 100000 -> 200000 bytes"]
    # Over 40 MiB fails whatever the record says.
    huge = {"Diloti": 41 * 2**20}
    failures, _changes = manifest.compare(huge, huge)
    assert failures == ["the build is 41.00 MiB, over the limit of 40 MiB"]


def test_the_recorded_build_is_within_the_limit() -> None:
    manifest = _script("manifest")
    recorded = manifest.parse(manifest.RECORD.read_text(encoding="utf-8"))
    total = sum(recorded.values())
    assert 10 * 2**20 < total <= manifest.LIMIT
    # What the game never imports stays out (build_scripts/diloti.spec, EXCLUDES).
    for unwanted in ("libcrypto", "libssl", "_ssl", "unicodedata", "_codecs_jp", "pyexpat",
                     "pygame/_sdl2"):
        assert not [path for path in recorded if unwanted in path], unwanted
    assert not [path for path in recorded if path.endswith((".po", ".pot"))]
    # What it needs stays in: the compiled core, card art, fonts and six languages' catalogs.
    assert any("__mypyc" in path for path in recorded)
    assert sum(path.startswith("_internal/sprites/cards/") for path in recorded) >= 12
    assert sum(path.endswith("LC_MESSAGES/diloti.mo") for path in recorded) == 5


# -- the Debian package -----------------------------------------------------------------------
def test_the_desktop_entry_speaks_six_languages_and_validates(tmp_path: Path) -> None:
    deb = _script("deb")
    entry = deb.desktop_entry()
    lines = entry.splitlines()
    assert "Name[el]=Δηλωτή" in lines and "Exec=diloti" in lines
    assert "Categories=Game;CardGame;" in lines and "StartupWMClass=Diloti" in lines
    for key in ("Name", "Comment", "GenericName"):
        languages = {line.split("[", 1)[1].split("]")[0] for line in lines
                     if line.startswith(f"{key}[")}
        assert languages == {"el", "fr", "it", "es", "de"}, key
    assert "Comment[el]=Το ελληνικό παιχνίδι ψαρέματος με χαρτιά" in lines
    validator = shutil.which("desktop-file-validate")
    if validator is None:
        pytest.skip("desktop-file-validate is not installed (CI's package step installs it)")
    path = tmp_path / f"{deb.APP_ID}.desktop"
    path.write_text(entry, encoding="utf-8")
    result = subprocess.run([validator, str(path)], capture_output=True, text=True)
    assert result.returncode == 0 and not result.stdout.strip(), result.stdout


def test_the_appstream_file_is_translated_and_validates(tmp_path: Path) -> None:
    deb = _script("deb")
    text = deb.metainfo("1.2.3", "2026-12-03")
    assert f"<id>{deb.APP_ID}</id>" in text
    assert '<name xml:lang="el">Δηλωτή</name>' in text
    assert text.count("<summary") == 6 and text.count("<p>") + text.count("<p xml:lang") == 6
    validator = shutil.which("appstreamcli")
    if validator is None:
        pytest.skip("appstreamcli is not installed (CI's package step installs it)")
    path = tmp_path / f"{deb.APP_ID}.metainfo.xml"
    path.write_text(text, encoding="utf-8")
    result = subprocess.run([validator, "validate", "--no-net", str(path)],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_package_layout_icons_licences_and_control(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    deb = _script("deb")
    dist = tmp_path / "Diloti"
    (dist / "_internal").mkdir(parents=True)
    (dist / "Diloti").write_bytes(b"\x7fELF")
    (dist / "Diloti").chmod(0o700)
    (dist / "_internal" / "data.txt").write_text("x")
    root = tmp_path / "root"
    deb.stage(dist, root, "1.2.3", "2026-12-03")
    assert os.readlink(root / "usr" / "bin" / "diloti") == "/opt/diloti/Diloti"
    assert (root / "opt" / "diloti" / "Diloti").stat().st_mode & 0o777 == 0o755
    assert (root / "opt" / "diloti" / "_internal" / "data.txt").stat().st_mode & 0o777 == 0o644
    assert (root / "usr" / "share" / "applications" / f"{deb.APP_ID}.desktop").is_file()
    for size in (16, 24, 32, 48, 64, 128, 256, 512):
        icon = root / "usr" / "share" / "icons" / "hicolor" / f"{size}x{size}" / "apps" / \
            "diloti.png"
        assert pygame.image.load(str(icon)).get_size() == (size, size)
    copyright_text = (root / "usr" / "share" / "doc" / "diloti" / "copyright").read_text(
        encoding="utf-8")
    for licence in (REPO / "sprites" / "licenses").glob("*.txt"):
        if licence.name != "NOTICES.txt":
            assert f"License: {licence.stem}\n" in copyright_text, licence.name
    assert "License: DejaVu-LICENSE" in copyright_text
    # The game's own files name the licence whose text follows.
    assert copyright_text.count("License: MIT-Diloti\n") == 2
    assert all(line.startswith(" ") or not line or ":" in line.split(" ")[0]
               for line in copyright_text.splitlines())
    monkeypatch.delenv("DEBFULLNAME", raising=False)
    control = deb.control("1.2.3", "amd64", 35_000, "2.34")
    assert "Depends: libc6 (>= 2.34), libx11-6, libxext6" in control
    assert "Installed-Size: 35000" in control and "Section: games" in control
    assert f"Maintainer: {deb.MAINTAINER}" in control
    monkeypatch.setenv("DEBFULLNAME", "A Packager")
    monkeypatch.setenv("DEBEMAIL", "packager@example.org")
    assert "Maintainer: A Packager <packager@example.org>" in deb.control(
        "1.2.3", "amd64", 1, None)


def test_the_glibc_requirement_is_the_newest_symbol_version(tmp_path: Path) -> None:
    deb = _script("deb")
    if shutil.which("objdump") is None:
        pytest.skip("objdump (binutils) is not installed")
    lib = Path(pygame.base.__file__)
    (tmp_path / lib.name).write_bytes(lib.read_bytes())
    (tmp_path / "notes.txt").write_text("GLIBC_9.99 in a text file does not count")
    found = deb.glibc_needed(tmp_path)
    assert found is not None and found.startswith("2.")
