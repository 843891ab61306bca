"""The app's identity: version, window class and icon, icon files, About and its licences."""

from __future__ import annotations

import argparse
import configparser
import io
import os
import shutil
import struct
import subprocess
import sys
import time
import tomllib
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from diloti_desktop import __version__, app, i18n, resources
from diloti_desktop.ui import shell as shell_module
from diloti_desktop.ui.kit import theme, window_class
from diloti_desktop.ui.learn import about
from diloti_desktop.ui.learn.about import AboutScene
from diloti_desktop.ui.menus.menu import MainMenuScene
from tests.ui.driver import Driver, make_app

REPO = Path(__file__).resolve().parents[2]


def test_version_prints_the_package_version_which_matches_pyproject() -> None:
    config = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    assert config["project"]["version"] == __version__
    result = subprocess.run([sys.executable, "-m", "diloti_desktop", "--version"],
                            capture_output=True, text=True, cwd=REPO, timeout=60,
                            env={**os.environ, "SDL_VIDEODRIVER": "dummy"})
    assert result.returncode == 0
    # The core this checkout imports: the pure modules, unless an in-place build shadows them.
    from diloti_desktop.rules.native import core_build

    assert result.stdout.strip() == f"Diloti {__version__}, rules core: {core_build()}"


def test_the_window_class_is_set_before_the_window_opens(
        monkeypatch: pytest.MonkeyPatch) -> None:
    seen: dict[str, str | None] = {}

    def fake_run(args: argparse.Namespace) -> int:
        seen["x11"] = os.environ.get("SDL_VIDEO_X11_WMCLASS")
        seen["wayland"] = os.environ.get("SDL_VIDEO_WAYLAND_WMCLASS")
        seen["app_id"] = os.environ.get("SDL_APP_ID")
        return 0

    for name in ("SDL_VIDEO_X11_WMCLASS", "SDL_VIDEO_WAYLAND_WMCLASS", "SDL_APP_ID"):
        monkeypatch.setenv(name, "")  # recorded, so that what main() sets is undone
        monkeypatch.delenv(name)
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)  # main() installs its own
    monkeypatch.setattr(app, "_run", fake_run)
    assert app.main([]) == 0
    app_id = "io.github.diloti_desktop.Diloti"  # the desktop entry's file name (deb.py)
    assert seen == {"x11": "Diloti", "wayland": app_id, "app_id": app_id}
    assert app.WINDOW_CLASS == "Diloti"


class FakeXlib:
    """Records the Xlib calls of window_class.set_x11_class."""

    def __init__(self, display: int = 1234) -> None:
        self.display = display
        self.calls: list[tuple[object, ...]] = []
        self.XOpenDisplay = self._record("open", lambda name: self.display)
        self.XSetClassHint = self._record("set", lambda display, window, hint: 1)
        self.XCloseDisplay = self._record("close", lambda display: 0)

    def _record(self, name: str, answer: Callable[..., int]) -> Callable[..., int]:
        def call(*args: object) -> int:
            if name == "set":
                hint = args[2]._obj  # type: ignore[attr-defined]  # ctypes.byref
                args = (args[0], args[1], hint.res_name, hint.res_class)
            self.calls.append((name, *args))
            return answer(*args[:3] if name == "set" else args)
        return call


def test_x11_gets_the_lowercase_instance_and_the_capitalised_class() -> None:
    xlib = FakeXlib()
    assert window_class.set_x11_class(0x3C00007, load=lambda name: xlib)
    assert xlib.calls == [("open", None), ("set", 1234, 0x3C00007, b"diloti", b"Diloti"),
                          ("close", 1234)]
    # No display to talk to, or no Xlib at all: SDL's class stays, the game goes on.
    nowhere = FakeXlib(display=0)
    assert not window_class.set_x11_class(7, load=lambda name: nowhere)
    assert [call[0] for call in nowhere.calls] == ["open"]

    def missing(name: str) -> object:
        raise OSError(f"{name}: cannot open shared object file")

    assert not window_class.set_x11_class(7, load=missing)


@pytest.mark.skipif(shutil.which("Xvfb") is None or shutil.which("xprop") is None,
                    reason="needs Xvfb and xprop (x11-utils) to open a real X11 window")
def test_a_real_x11_window_carries_wm_class_diloti_diloti(tmp_path: Path) -> None:
    display = f":{90 + os.getpid() % 500}"
    server = subprocess.Popen(["Xvfb", display, "-screen", "0", "1280x800x24", "-nolisten",
                               "tcp"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        script = ("import os, sys, pygame\n"
                  "from diloti_desktop.ui.shell import Shell\n"
                  "pygame.display.init(); pygame.font.init()\n"
                  "shell = Shell(); shell.open()\n"
                  "print(pygame.display.get_wm_info()['window'], flush=True)\n"
                  "sys.stdin.readline()\n")
        env = {**os.environ, "DISPLAY": display, "SDL_VIDEODRIVER": "x11",
               "SDL_VIDEO_X11_WMCLASS": "Diloti"}
        for _attempt in range(50):  # the server takes a moment to accept clients
            game = subprocess.Popen([sys.executable, "-c", script], cwd=REPO, env=env,
                                    stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
            assert game.stdout is not None and game.stdin is not None
            window = game.stdout.readline().strip()
            if window:
                break
            game.wait(timeout=60)
            time.sleep(0.1)
        assert window, "no window opened on the virtual X server"
        wm_class = subprocess.run(["xprop", "-display", display, "-id", window, "WM_CLASS"],
                                  capture_output=True, text=True, timeout=60).stdout
        game.stdin.write("\n")
        game.stdin.close()
        game.wait(timeout=60)
        assert wm_class.strip() == 'WM_CLASS(STRING) = "diloti", "Diloti"'
    finally:
        server.terminate()
        server.wait(timeout=60)


def test_f12_says_where_the_screenshot_went_then_the_note_goes(driver: Driver,
                                                                data_dir: Path) -> None:
    shell = driver.shell
    now = [1000.0]
    shell.clock = lambda: now[0]
    plain = shell.surface.copy()  # type: ignore[union-attr]
    driver.key(pygame.K_F12)
    driver.frames()
    saved = sorted((data_dir / "screenshots").glob("diloti-*.png"))
    assert len(saved) == 1
    assert shell.note == f"Screenshot saved: {saved[0]}"
    assert pygame.image.load(str(saved[0])).get_size() == shell.size()
    # Drawn at the bottom of the frame, over the scene.
    width, height = shell.size()
    bottom = pygame.Rect(0, height * 3 // 4, width, height // 4)
    assert shell.surface.subsurface(bottom).get_view("2").raw != \
        plain.subsurface(bottom).get_view("2").raw  # type: ignore[union-attr]
    assert 0 < shell.next_frame_in() <= shell_module.NOTE_SECONDS
    # A second screenshot while the note shows is a picture of the game, not of the note.
    first = pygame.image.tobytes(pygame.image.load(str(saved[0])), "RGB")
    now[0] += 1.0
    driver.key(pygame.K_F12)
    driver.frames()
    latest = max((data_dir / "screenshots").glob("diloti-*.png"),
                 key=lambda path: path.stat().st_mtime_ns)
    assert pygame.image.tobytes(pygame.image.load(str(latest)), "RGB") == first
    now[0] += shell_module.NOTE_SECONDS + 0.1
    driver.frames()
    assert shell.note is None
    assert shell.surface.subsurface(bottom).get_view("2").raw == \
        plain.subsurface(bottom).get_view("2").raw  # type: ignore[union-attr]


def test_f12_speaks_the_players_language_and_a_failed_save_is_said(
        driver: Driver, data_dir: Path) -> None:
    i18n.set_language("el")
    try:
        driver.key(pygame.K_F12)
        driver.frames()
        assert (driver.shell.note or "").startswith("Το στιγμιότυπο οθόνης αποθηκεύτηκε: ")
        # The screenshots folder cannot be made (a file stands in its way): said, not fatal.
        for path in (data_dir / "screenshots").iterdir():
            path.unlink()
        (data_dir / "screenshots").rmdir()
        (data_dir / "screenshots").write_text("in the way")
        driver.key(pygame.K_F12)
        driver.frames()
        assert (driver.shell.note or "").startswith(
            "Το στιγμιότυπο οθόνης δεν αποθηκεύτηκε: ")
        assert isinstance(driver.top, MainMenuScene)
    finally:
        i18n.set_language("en")


def test_the_window_gets_the_app_icon_and_the_title() -> None:
    _shell, ctx = make_app()
    icon = shell_module.window_icon()
    assert icon.get_size() == (256, 256)
    assert pygame.display.get_caption()[0] == "Diloti"
    ctx.close_session()


def test_a_missing_icon_falls_back_to_a_drawn_card(monkeypatch: pytest.MonkeyPatch,
                                                    tmp_path: Path) -> None:
    make_app()
    real = resources.asset_dir
    monkeypatch.setattr(resources, "asset_dir",
                        lambda kind: tmp_path if kind == "sprites" else real(kind))
    icon = shell_module.window_icon()
    assert icon.get_width() == 64


def read_ico(data: bytes) -> dict[int, pygame.Surface]:
    reserved, kind, count = struct.unpack("<HHH", data[:6])
    assert (reserved, kind) == (0, 1)
    images = {}
    for index in range(count):
        side, _h, _c, _r, _planes, bits, size, offset = struct.unpack(
            "<BBBBHHII", data[6 + 16 * index:22 + 16 * index])
        assert bits == 32
        image = pygame.image.load(io.BytesIO(data[offset:offset + size]), "entry.png")
        assert image.get_width() == (side or 256)
        images[image.get_width()] = image
    return images


def test_the_windows_and_macos_icons_hold_every_size() -> None:
    icons = REPO / "sprites" / "icons"
    ico = read_ico((icons / "diloti.ico").read_bytes())
    assert sorted(ico) == [16, 24, 32, 48, 64, 128, 256]
    data = (icons / "diloti.icns").read_bytes()
    assert data[:4] == b"icns" and struct.unpack(">I", data[4:8])[0] == len(data)
    offset, sizes = 8, {}
    while offset < len(data):
        kind = data[offset:offset + 4].decode("ascii")
        length = struct.unpack(">I", data[offset + 4:offset + 8])[0]
        image = pygame.image.load(io.BytesIO(data[offset + 8:offset + length]), "chunk.png")
        sizes[kind] = image.get_width()
        offset += length
    assert offset == len(data)
    assert sizes["ic10"] == 1024 and sizes["ic07"] == 128 and sizes["icp4"] == 16
    png = pygame.image.load(str(icons / "diloti.png"))
    assert png.get_size() == (256, 256)


def test_the_linux_desktop_entry_names_the_window_class_and_icon() -> None:
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read(REPO / "build_scripts" / "diloti.desktop", encoding="utf-8")
    entry = parser["Desktop Entry"]
    assert entry["Type"] == "Application" and entry["Name"] == "Diloti"
    assert entry["StartupWMClass"] == app.WINDOW_CLASS
    assert entry["Icon"] == "diloti" and entry["Exec"]
    assert "Game" in entry["Categories"].split(";")



def about_text(scene: AboutScene) -> str:
    box, size = scene._frame()
    return "\n".join(line for line, _heading in scene._lines(box, size))


def test_the_about_screen_shows_the_version_credits_and_every_licence(driver: Driver) -> None:
    menu = driver.top
    assert isinstance(menu, MainMenuScene)
    about_button = next(b for b in menu.buttons() if b.key == "about")
    driver.click(about_button.box.center)
    scene = driver.top
    assert isinstance(scene, AboutScene)
    driver.frames()
    text = about_text(scene)
    assert f"Diloti {__version__}" in text
    assert "Adrian Kennard" in text and "DejaVu" in text and "pygame-ce" in text
    # The licences, named and in full.
    for words in ["MIT licence", "CC0 1.0", "GNU LGPL 2.1", "zlib licence", "PSF licence",
                  "GNU LESSER GENERAL PUBLIC LICENSE", "Bitstream, Inc",
                  "Statement of Purpose", "PYTHON SOFTWARE FOUNDATION LICENSE VERSION 2",
                  "Permission is hereby granted, free of charge", "Sam Lantinga",
                  "FreeType", "libpng"]:
        assert words in text, words
    # It scrolls to the very end, and Esc goes back to the menu.
    driver.key(pygame.K_END)
    assert scene.offset > 0
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.top, MainMenuScene)


def test_every_listed_licence_file_is_shipped() -> None:
    for kind, name, _title in about.LICENCE_FILES:
        text = about.licence_text(kind, name)
        assert text is not None and len(text) > 300, name


def test_a_missing_licence_text_is_said_not_crashed_on(
        driver: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(about, "LICENCE_FILES",
                        (*about.LICENCE_FILES, ("sprites", "licenses/none.txt", "Nothing")))
    driver.ctx.scenes.push(AboutScene(driver.ctx))
    driver.frames()
    text = about_text(driver.top)  # type: ignore[arg-type]
    assert "missing from this copy of the game: licenses/none.txt" in text


@pytest.mark.slow
@pytest.mark.parametrize("size", [(960, 600), (1024, 640), (1280, 720), (1920, 1080)])
def test_the_about_screen_scrolls_by_whole_lines_to_its_last_line(size: tuple[int, int]) -> None:
    """The text area holds whole lines and the wheel moves by whole lines: at the top, in
    the middle and at the very end no line is cut (the last one was, while scrolling)."""
    shell, ctx = make_app(size)
    driver = Driver(shell, ctx)
    scene = AboutScene(ctx)
    ctx.scenes.reset(scene)
    driver.frames()
    box, font_size, area, limit = scene._view()
    line_h = theme.line_height(font_size)
    lines = scene._lines(box, font_size)
    assert area.h % line_h == 0 and limit % line_h == 0 and limit > 0
    seen_end = False
    for _notch in range(len(lines)):
        driver.post(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0,
                    precise_y=-1.0, touch=False, which=0)
        driver.frames()
        assert scene.offset % line_h == 0 and 0 <= scene.offset <= limit
        if scene.offset == limit:
            seen_end = True
            break
    assert seen_end
    # At the end the last line sits wholly inside the area, right at its bottom.
    last_top = area.y - scene.offset + (len(lines) - 1) * line_h
    assert last_top + line_h == area.bottom
    assert lines[-1][0].startswith("PERFORMANCE OF THIS SOFTWARE")
    # A window resized under the screen keeps whole lines too.
    driver.resize((size[0] + 37, size[1] + 23))
    driver.key(pygame.K_UP)
    _box, font_size, _area, limit = scene._view()
    assert scene.offset % theme.line_height(font_size) == 0 and scene.offset <= limit
    ctx.close_session()


def test_bench_rules_times_the_core_it_names_and_exits(capsys: pytest.CaptureFixture[str]) -> None:
    from diloti_desktop.rules.native import core_build

    assert app.main(["--bench-rules", "3"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == f"rules core: {core_build()}"
    assert [line.split(":")[0].strip() for line in lines[1:]] == ["unchecked", "checked"]
    assert all("(3 rounds in" in line for line in lines[1:])
    with pytest.raises(SystemExit):
        app.parse_args(["--bench-rules", "0"])


@pytest.mark.parametrize("language", sorted(i18n.LANGUAGES))
def test_the_screenshot_note_fits_the_smallest_frame_in_every_language(language: str) -> None:
    from diloti_desktop.ui.kit.layout import MIN_WINDOW

    shell, ctx = make_app(size=MIN_WINDOW)
    ctx.scenes.reset(MainMenuScene(ctx))
    folder = ("/home/a-player-with-a-long-name/.local/share/diloti-desktop/screenshots/"
              "diloti-20261203-093000.png")
    i18n.set_language(language)
    try:
        for note in (i18n._("Screenshot saved: {path}").format(path=folder),
                     i18n._("The screenshot could not be saved: {reason}").format(
                         reason=f"[Errno 30] Read-only file system: '{folder}'")):
            theme.overflows = []
            shell.show_note(note)
            shell.draw()
            assert theme.overflows == [], note
    finally:
        i18n.set_language("en")
        theme.overflows = None
        ctx.close_session()
