"""The start menu and the new-game panel (its advanced rules: advanced_rules.py)."""

from __future__ import annotations

import pygame

from diloti_desktop.ai.players import LEVELS as AI_LEVELS
from diloti_desktop.controller import HUMAN, GameConfig
from diloti_desktop.i18n import _
from diloti_desktop.player_data import stats
from diloti_desktop.player_data.last_setup import Setup, load_setup, save_setup
from diloti_desktop.player_data.track import Track
from diloti_desktop.rules.ruleset import Ruleset
from diloti_desktop.ui.kit import card_art, theme
from diloti_desktop.ui.kit.audio import Sound
from diloti_desktop.ui.kit.context import AppContext
from diloti_desktop.ui.kit.input import Action, Click, InputEvent, KeyAction
from diloti_desktop.ui.kit.layout import Box, panel, screen_unit, stack
from diloti_desktop.ui.kit.scene import Scene
from diloti_desktop.ui.kit.widgets import Button, ButtonList, Choice, Form, draw_button
from diloti_desktop.ui.words.rating_words import suggestion_line
from diloti_desktop.ui.words.wording import level_description, level_label

#: The AI levels a seat can have, weakest first.
LEVELS = tuple(AI_LEVELS)
DEFAULT_LEVEL = "Casual"
TARGETS = (61, 101)


def _title(surface: pygame.Surface, text: str, unit: int, y: int) -> None:
    size = round(unit * 0.085)
    theme.blit_text(surface, text, size, (surface.get_width() // 2 + 2, y + 3), theme.BAR,
                    bold=True, anchor="midtop")
    theme.blit_text(surface, text, size, (surface.get_width() // 2, y), theme.GOLD, bold=True,
                    anchor="midtop")


class MainMenuScene(Scene):
    """New game, continue, rules, settings, quit."""

    def __init__(self, ctx: AppContext) -> None:
        super().__init__(ctx)
        self.list = ButtonList()
        # Continue is the default when there is a game to continue.
        keys = [button.key for button in self.buttons()]
        self.list.focus = keys.index("continue") if ctx.has_saved_game() else 0
        self.message = ""

    def enter(self) -> None:
        """Show any pending notice (a damaged settings file, for example)."""
        if self.ctx.notices:
            self.message = "\n".join(self.ctx.notices)
            self.ctx.notices.clear()

    def resume(self) -> None:
        """Back from a sub-screen."""
        self.enter()

    def buttons(self) -> list[Button]:
        """The menu's buttons, placed for the window."""
        width, height = self.ctx.window.size()
        unit = screen_unit(width, height)
        row_h = round(unit * 0.07)
        area = Box(0, round(height * 0.46), width, round(height * 0.5))
        saved = self.ctx.has_saved_game()
        entries = [
            ("new", _("New game"), True, not saved),
            ("continue", _("Continue"), saved, saved),
            ("learn", _("Learn to play"), True, False),
            ("statistics", _("Statistics"), True, False),
            ("progress", _("Your progress"), True, False),
            ("rules", _("How to play"), True, False),
            ("settings", _("Settings"), True, False),
            ("quit", _("Quit"), True, False),
        ]
        # rows and quarter-row gaps must fit the area, however many entries there are
        row_h = min(row_h, 4 * area.h // (5 * len(entries) - 1))
        boxes = stack(area, len(entries), row_h, row_h // 4, width=round(unit * 0.5))
        buttons = [Button(key, label, box, enabled=enabled, primary=primary)
                   for (key, label, enabled, primary), box in zip(entries, boxes, strict=True)]
        # About (version, credits, licences) sits in the corner, out of the main list.
        pad = round(unit * 0.02)
        about_w, about_h = round(unit * 0.16), round(row_h * 0.8)
        buttons.append(Button("about", _("About"), Box(width - pad - about_w,
                                                       height - pad - about_h, about_w,
                                                       about_h)))
        return buttons

    def handle(self, event: InputEvent) -> None:
        """Menu choices."""
        self.list.set_buttons(self.buttons())
        if self.message and isinstance(event, Click | KeyAction):
            self.message = ""
            return
        if isinstance(event, KeyAction) and event.action == Action.CANCEL:
            return
        key = self.list.handle(event)
        if key is None:
            return
        self.ctx.play_sound(Sound.CLICK)
        if key == "new":
            self.ctx.scenes.push(NewGameScene(self.ctx))
        elif key == "continue":
            session, message = self.ctx.saved_session()
            if session is None:
                self.message = message or _("The interrupted game could not be continued.")
                self.list.focus = 0  # New game, now that there is nothing to continue
            else:
                self.ctx.nav.match.play(session)
        elif key == "statistics":
            self.ctx.nav.menus.open_statistics()
        elif key == "progress":
            self.ctx.nav.menus.open_progress()
        elif key == "learn":
            self.ctx.nav.learn.open_learn()
        elif key == "rules":
            self.ctx.nav.learn.open_rules()
        elif key == "settings":
            self.ctx.nav.menus.open_settings()
        elif key == "quit":
            self.ctx.window.request_quit()
        elif key == "about":
            self.ctx.nav.learn.open_about()

    def draw(self, surface: pygame.Surface) -> None:
        """Title, a fan of cards, the buttons."""
        width, height = surface.get_size()
        unit = screen_unit(width, height)
        surface.blit(theme.felt((width, height)), (0, 0))
        card_w = round(unit * 0.11)
        fan = ((1, 0), (10, 2), (2, 3), (13, 1), (7, 2))
        centre_x = width // 2
        for index, (rank, suit) in enumerate(fan):
            image = card_art.face(rank, suit, card_w,
                                  four_colour=self.ctx.settings.four_colour_suits)
            angle = (index - 2) * -9
            rotated = pygame.transform.rotozoom(image, angle, 1.0)
            x = centre_x + (index - 2) * round(card_w * 0.55)
            y = round(height * 0.08) + abs(index - 2) * round(card_w * 0.08)
            surface.blit(rotated, rotated.get_rect(midtop=(x, y)))
        _title(surface, _("Diloti"), unit, round(height * 0.265))
        theme.blit_text(surface, _("The Greek fishing card game"), round(unit * 0.028),
                        (width // 2, round(height * 0.265 + unit * 0.115)), theme.INK_DIM,
                        anchor="midtop")
        size = max(14, round(unit * 0.028))
        for index, button in enumerate(self.buttons()):
            draw_button(surface, button, size, hovered=button.key == self.list.hover,
                        focused=index == self.list.focus)
        if self.message:
            box = panel(width, height, 0.7, 0.0, max_w=round(unit * 1.2))
            lines = theme.wrap(self.message, size - 2, box.w - 2 * size)
            h = len(lines) * theme.line_height(size - 2) + 2 * size
            box = Box(box.x, height - h - size, box.w, h)
            theme.rounded(surface, box, theme.ALERT_BG, 12, alpha=240)
            y = box.y + size
            for line in lines:
                theme.blit_text(surface, line, size - 2, (box.centerx, y), theme.ALERT,
                                anchor="midtop")
                y += theme.line_height(size - 2)


def seat_roles(players: int) -> list[tuple[int, str]]:
    """The AI seats of a new game and how the menu names them."""
    if players == 2:
        return [(1, _("Opponent (North)"))]
    return [(1, _("East (opponent)")), (2, _("North (your partner)")),
            (3, _("West (opponent)"))]


def rules_summary(rules: Ruleset) -> str:
    """The advanced rules in force, in a few words ("Classic rules" when none)."""
    changes = []
    if rules.xeri_points != 10:
        changes.append(_("xeri worth {points}").format(points=rules.xeri_points))
    if rules.xeristaki:
        changes.append(_("xeristaki"))
    if rules.locked_declarations:
        changes.append(_("locked declarations"))
    if rules.first_card_xeri:
        changes.append(_("first-card xeri"))
    if rules.capture_all_of_rank:
        changes.append(_("take every card of the rank"))
    if rules.one_sum_group:
        changes.append(_("one sum group"))
    if rules.layout_redeal != "faces":
        changes.append(_("redeal on 3 Jacks") if rules.layout_redeal == "jacks"
                       else _("no layout redeal"))
    if rules.self_raise:
        changes.append(_("self raise"))
    if rules.raise_with_loose:
        changes.append(_("raise with loose cards"))
    if rules.partner_raise and rules.players == 4:
        changes.append(_("partner raise"))
    if not changes:
        return _("Classic rules")
    return _("House rules: {list}").format(list=", ".join(changes))


class NewGameScene(Scene):
    """Two or four players, the AI levels, the target, and the advanced rules."""

    def __init__(self, ctx: AppContext) -> None:
        super().__init__(ctx)
        self.players = 2
        self.levels = {1: DEFAULT_LEVEL, 2: DEFAULT_LEVEL, 3: DEFAULT_LEVEL}
        self.rules = Ruleset()
        remembered, message = load_setup(LEVELS) if ctx.persist else (None, None)
        if message:  # shown when the menu is back
            ctx.notices.append(message)
        if remembered is not None:  # the setup of the last game started here
            self.players = remembered.rules.players
            self.levels.update(remembered.levels)
            self.rules = remembered.rules
        self.form = Form()
        self.placed: tuple[Box, int] | None = None
        #: The player's rating, for the level suggested (a suggestion, never a setting).
        self.track = Track()
        if ctx.persist:
            statistics, message = stats.load_stats()
            self.track = statistics.track
            if message:
                ctx.notices.append(message)
        self._rebuild()

    def config(self) -> GameConfig:
        """The game the panel describes."""
        rules = self.rules.with_changes(
            players=self.players,
            partner_raise=self.rules.partner_raise and self.players == 4)
        seats = (HUMAN, *(self.levels[seat] for seat in range(1, self.players)))
        return GameConfig(rules, seats, self.ctx.seed_source())

    def _rebuild(self) -> None:
        targets = [*TARGETS] + ([self.rules.target] if self.rules.target not in TARGETS else [])
        rows: list[Choice[object]] = [
            Choice("players", _("Players"),
                   [(2, _("2 players")), (4, _("4 players, with a partner"))], self.players),
        ]
        for seat, role in seat_roles(self.players):
            rows.append(Choice(f"level{seat}", role,
                               [(level, level_label(level)) for level in LEVELS],
                               self.levels[seat]))
        rows.append(Choice("target", _("Play to"),
                           [(t, _("{points} points").format(points=t)) for t in targets],
                           self.rules.target))
        self.form.set_rows(rows)
        self.form.buttons.set_buttons([
            Button("back", _("Back")),
            Button("advanced", _("Advanced rules…")),
            Button("start", _("Start"), primary=True),
        ])

    def _layout(self) -> tuple[Box, int]:
        width, height = self.ctx.window.size()
        unit = screen_unit(width, height)
        size = max(13, round(unit * 0.026))
        box = panel(width, height, 0.9, 0.78, max_w=round(unit * 1.55))
        inner = box.inflate(-4 * size, -4 * size).move(0, round(size * 1.5))
        inner = Box(inner.x, inner.y, inner.w, inner.h - round(size * 1.5))
        self.form.layout(inner, round(size * 2.4), round(inner.w * 0.26), round(size * 2.5),
                         size)
        self.placed = (box, size)
        return box, size

    def update(self, dt: float) -> bool:
        """Place the form for the window's current size (drawing only reads it)."""
        self._layout()
        return False

    def handle(self, event: InputEvent) -> None:
        """Form changes and buttons."""

        self._layout()
        if isinstance(event, KeyAction) and event.action == Action.CANCEL:
            self.ctx.scenes.pop(self)
            return
        if isinstance(event, KeyAction) and event.action == Action.CONFIRM and (
                self.form.buttons.focus is None):
            result: tuple[str, object] | str | None = "start"
        else:
            result = self.form.handle(event)
        if isinstance(result, tuple):
            key, value = result
            self.ctx.play_sound(Sound.CLICK)
            if key == "players" and isinstance(value, int):
                self.players = value
            elif key.startswith("level") and isinstance(value, str):
                self.levels[int(key[5:])] = value
            elif key == "target" and isinstance(value, int):
                self.rules = self.rules.with_changes(target=value)
            self._rebuild()
        elif result == "back":
            self.ctx.scenes.pop(self)
        elif result == "advanced":
            self.ctx.nav.menus.open_advanced_rules(self)
        elif result == "start":
            self.ctx.play_sound(Sound.CLICK)
            self.start()

    def start(self) -> None:
        """Start the game, after asking when it would replace an interrupted one."""
        if not self.ctx.has_saved_game():
            self._start_now()
            return
        self.ctx.nav.match.confirm_replacing_saved_game(self._start_now)

    def _start_now(self) -> None:
        if self.ctx.persist:
            save_setup(Setup(self.rules.with_changes(players=self.players), dict(self.levels)))
        self.ctx.nav.match.new_game(self.config())

    def resume(self) -> None:
        """Back from the advanced rules."""
        self._rebuild()

    def retranslate(self) -> None:
        """The language changed: reword the rows."""
        self._rebuild()

    def draw(self, surface: pygame.Surface) -> None:
        """The panel."""
        box, size = self.placed or self._layout()
        theme.screen_frame(surface, box, _("New game"), size, alpha=235)
        self.form.draw(surface, size)
        y = self.form.rows[-1].row.bottom + size if self.form.rows else box.y
        chosen = dict.fromkeys(self.levels[seat] for seat, _role in seat_roles(self.players))
        for level in chosen:
            description = level_description(level)
            if not description:
                continue
            line = _("{level}: {description}").format(level=level_label(level),
                                                      description=description)
            theme.blit_text(surface, line, size - 2, (self.form.rows[0].row.x, y),
                            theme.INK_DIM, max_width=box.w - 4 * size)
            y += theme.line_height(size - 2)
        theme.blit_text(surface, suggestion_line(self.track), size - 2,
                        (self.form.rows[0].row.x, y + size // 3), theme.HINT,
                        max_width=box.w - 4 * size)
        summary = rules_summary(self.rules.with_changes(players=self.players))
        buttons = self.form.buttons.buttons
        y = buttons[0].box.y - round(size * 1.6) if buttons else box.bottom - 3 * size
        theme.blit_text(surface, summary, size - 2, (box.centerx, y), theme.INK_DIM,
                        anchor="midtop", max_width=box.w - 4 * size)
