"""What the Duel shows around your table: the large countdown, your own figures, the opponent
panel and the 3-2-1 count. Drawing only: it reads the Duel's screen (``DuelScreen``: its duel,
its table's layout) and changes nothing.

The table's cards are sized from the width the panels leave it (the level's ``panel_share`` of
the window at each side); these panels live in those margins (the countdown and your figures
at the start of the reading direction, the opponent at its end: mirrored in Arabic as the
table is). The opponent is shown by its progress — score, cards home, moves, a
line of its score over time, whether it has finished — never by its cards (the same deal: its
uncovered cards would tell you your own hidden ones).
"""

from __future__ import annotations

import math
from typing import Protocol

import pygame

from solitaire import i18n
from solitaire.app import ui
from solitaire.app.scene import App
from solitaire.app.text import SMALLEST_PX, Text
from solitaire.play.duel import Duel
from solitaire.scenes.duel import connection_banner
from solitaire.scenes.duel.name_fit import fit_name, readable_size
from solitaire.scenes.table.hud import bar_height
from solitaire.view.layout import Layout

URGENT = (255, 120, 100)
LINE = (120, 200, 255)
BOX_FILL = (10, 24, 18, 200)
BOX_EDGE = (255, 255, 255, 40)
BEAT_STEPS = 5


class DuelScreen(Protocol):
    """What the panels read of the Duel's screen: its duel, its table's layout and top bar, and
    the clock as the screen shows it (the panels never change any of it)."""

    app: App
    duel: Duel
    bar: ui.TopBar
    hurry_button: ui.Button

    @property
    def layout(self) -> Layout: ...

    @property
    def dealing(self) -> bool: ...

    @property
    def countdown(self) -> float: ...

    @property
    def urgent(self) -> bool: ...


def clock_text(seconds: float) -> str:
    """'3:07' — the countdown, rounded up so 0:00 shows only when the time is out."""
    whole = max(0, math.ceil(seconds - 1e-9))
    return f"{whole // 60}:{whole % 60:02d}"


def margins(scene: DuelScreen) -> tuple[pygame.Rect, pygame.Rect]:
    """The start-side and end-side boxes beside the table (start: left in LTR, right in RTL)."""
    w, h = scene.app.display.size
    layout = scene.layout
    bar = bar_height((w, h))
    pad = max(8, layout.gap)
    span = layout.units_wide * layout.card[0] + (layout.units_wide - 1) * layout.gap
    side = max(40, layout.left - 2 * pad)
    left = pygame.Rect(pad, bar + pad, side, h - bar - 2 * pad)
    right = pygame.Rect(layout.left + span + pad, bar + pad, side, h - bar - 2 * pad)
    return (right, left) if i18n.is_rtl() else (left, right)


def draw(surface: pygame.Surface, scene: DuelScreen) -> None:
    start, end = margins(scene)
    px = max(12, bar_height(scene.app.display.size) * 36 // 100)
    clock_box = _countdown(surface, scene, start, px)
    _you(surface, scene, pygame.Rect(start.x, clock_box.bottom + px, start.w, start.h), px)
    _opponent(surface, scene, end, px)
    _figures(surface, scene, px)
    if scene.duel.waiting:
        _waiting(surface, scene)
    connection_banner.draw(surface, scene.app, scene.duel)  # over the waiting box's dimming: a drop stays seen
    if not scene.duel.started and not scene.dealing:
        _count_in(surface, scene)


def _box(surface: pygame.Surface, rect: pygame.Rect, px: int) -> None:
    surface.blit(ui.rounded_rect(rect.size, px // 2, BOX_FILL, None, BOX_EDGE, ui.hairline(px * 2)),
                 rect.topleft)


def _line(surface: pygame.Surface, scene: DuelScreen, text: str, size: int, box: pygame.Rect,
          y: int, colour: ui.Colour = ui.INK, bold: bool = False) -> int:
    """One centred line at ``y`` in ``box``, shrunk to fit but kept readable (a name or state
    too wide is cut short first: ``state_lines``); the next line's ``y``."""
    t = scene.app.text
    size = t.fit_size(text, size, box.w - size, bold, min_size=readable_size(size))
    image = t.render(text, size, colour, bold)
    surface.blit(image, image.get_rect(midtop=(box.centerx, y)))
    return y + image.get_height() + size // 4


def _countdown(surface: pygame.Surface, scene: DuelScreen, area: pygame.Rect, px: int) -> pygame.Rect:
    """The 4:00 countdown, large; red and beating in the last 30 seconds (steady red with
    reduced motion: issue 16, no pulsing). Drawn glyph by glyph from the text cache: a new
    second costs no new rendering of large letters in a frame."""
    t = scene.app.t
    big = max(px * 2, min(area.w // 3, int(px * 4.2)))
    colour = URGENT if scene.urgent else ui.GOLD_TOP
    # the beat, in a few steps of colour so that it reuses glyphs drawn before
    if scene.urgent and not scene.app.settings.reduced_motion:
        beat = round(BEAT_STEPS * (0.5 + 0.5 * math.cos(scene.countdown * math.tau))) / BEAT_STEPS
        colour = tuple(int(a + (b - a) * beat) for a, b in zip(URGENT, (255, 220, 200)))
    glyphs = [scene.app.text.render(ch, big, colour, True) for ch in clock_text(scene.countdown)]
    slot = scene.app.text.render("0", big, colour, True).get_width()  # digits do not jiggle
    widths = [g.get_width() if not g_char.isdigit() else slot
              for g, g_char in zip(glyphs, clock_text(scene.countdown))]
    label = t("duel.time_left")
    height = max(g.get_height() for g in glyphs) + px * 2
    box = pygame.Rect(area.x, area.y, area.w, height)
    _box(surface, box, px)
    y = _line(surface, scene, label, max(SMALLEST_PX, int(px * 0.8)), box, box.y + px // 3, ui.INK_DIM) - px // 4
    x = box.centerx - sum(widths) // 2  # the clock reads left to right in every language
    for glyph, width in zip(glyphs, widths):
        surface.blit(glyph, (x + (width - glyph.get_width()) // 2, y))
        x += width
    return box


def _you(surface: pygame.Surface, scene: DuelScreen, area: pygame.Rect, px: int) -> None:
    """Your side: how your game stands, and its end once it has ended."""
    t, race, game = scene.app.t, scene.duel.race, scene.duel.game
    lines = [(t("duel.you"), px, ui.GOLD, True),
             (str(race.total(0) if race.finished(0) else game.score), px * 2, ui.INK, True),
             (t("duel.home", n=race.home(0)), px, ui.INK, False),
             (t("hud.moves", moves=game.moves), px, ui.INK_DIM, False)]
    how = race.ended_how(0)
    if how is not None:
        lines.append((t(f"duel.ended.{how}"), px, ui.GOLD_TOP, True))
        lines.append((t("duel.total", total=race.total(0)), px, ui.GOLD_TOP, True))
    _stack(surface, scene, area, lines, px)


def _opponent(surface: pygame.Surface, scene: DuelScreen, area: pygame.Rect, px: int) -> None:
    """The rival's figures, the line of its score over time under them, and its state last."""
    t, race = scene.app.t, scene.duel.race
    total, home, moves = rival_figures(scene.duel)
    text = scene.app.text
    names = state_lines(text, scene.duel.rival.name, px, area.w - px, True)
    lines = [*((name, px, ui.GOLD, True) for name in names),
             (str(total), px * 2, ui.INK, True),
             (t("duel.home", n=home), px, ui.INK, False),
             (t("hud.moves", moves=moves), px, ui.INK_DIM, False)]
    done = race.finished(1)
    states = state_lines(text, _rival_state(scene), px, area.w - px, done)
    state_h = sum(text.render(line, px, ui.INK, done).get_height() + px // 4 for line in states) - px // 4
    chart_h = px * 4
    box, y = _stack(surface, scene, area, lines, px, below=px // 4 + chart_h + px // 3 + state_h)
    chart = pygame.Rect(box.x + px // 2, y + px // 4, box.w - px, chart_h)
    _score_line(surface, scene, chart, px)
    y = chart.bottom + px // 3
    for line in states:
        y = _line(surface, scene, line, px, box, y, ui.GOLD_TOP if done else ui.INK_DIM, done)


def state_lines(text: Text, state: str, px: int, width: int, bold: bool) -> list[str]:
    """A line of the rival's box (its name, its state) in one line, shrunk to fit ``width`` but
    kept readable (``name_fit.readable_size``); in lines of ``px`` when it would run out of the
    box even so ("The computer is thinking again…", "Sara · Bronze (recorded)" beside a
    1280-wide table), a word too wide for the box even alone (a 20-letter name) cut short, its
    "#2" kept (``name_fit.fit_name``)."""
    if text.width(state, readable_size(px), bold) <= width:
        return [state]
    return [fit_name(text, str, line, px, width, bold)[0] for line in text.wrap_even(state, px, width, bold)]


def rival_figures(duel: Duel) -> tuple[int, int, int]:
    """The rival's (total, cards home, moves): an online rival's as its server tells them (its
    cards never reach us), any other's from its game in the race."""
    told = getattr(duel.rival, "figures", None)
    if told is not None:
        return told()
    return duel.race.total(1), duel.race.home(1), duel.rival_game.moves


def _rival_state(scene: DuelScreen) -> str:
    t, duel = scene.app.t, scene.duel
    if duel.rival_side.note:
        return t(duel.rival_side.note)
    how = duel.race.ended_how(1)
    if how is not None:
        return t(f"duel.ended.{how}")
    return t("duel.playing") if duel.started else t("duel.ready")


def _stack(surface: pygame.Surface, scene: DuelScreen, area: pygame.Rect,
           lines: list[tuple[str, int, ui.Colour, bool]], px: int, below: int = 0) -> tuple[pygame.Rect, int]:
    """A box of centred lines, with ``below`` pixels of room under them (the opponent's chart
    and state line); the box and the ``y`` that room starts at."""
    text = scene.app.text
    heights = [text.render(s, size, colour, bold).get_height() + size // 4
               for s, size, colour, bold in lines]
    height = px // 2 + sum(heights) + below + px // 2
    box = pygame.Rect(area.x, area.y, area.w, min(area.h, height))
    _box(surface, box, px)
    y = box.y + px // 2
    for s, size, colour, bold in lines:
        y = _line(surface, scene, s, size, box, y, colour, bold)
    return box, y


def _score_line(surface: pygame.Surface, scene: DuelScreen, chart: pygame.Rect, px: int) -> None:
    """The rival's score over race time, 0:00 to 4:00 left to right (right to left in Arabic)."""
    surface.blit(ui.rounded_rect(chart.size, max(3, px // 4), (0, 0, 0, 70)), chart.topleft)
    duel = scene.duel
    limit = duel.race.limit
    told = getattr(duel.rival, "figures", None)  # an online rival: the server's score
    points = duel.rival_side.timeline + [(duel.race.elapsed, told()[0] if told is not None else duel.rival_game.score)]
    top = max(100, max(score for _, score in points))
    rtl = i18n.is_rtl()

    def at(time: float, score: int) -> tuple[int, int]:
        x = chart.x + int((chart.w - 1) * min(1.0, time / limit))  # 0:00 and 4:00 on its edges
        if rtl:
            x = chart.right - 1 - (x - chart.x)
        return x, chart.bottom - 1 - int((chart.h - 2) * max(0, score) / top)

    steps: list[tuple[int, int]] = []
    for (time, score), (next_time, _) in zip(points, points[1:] + points[-1:]):
        steps.append(at(time, score))
        steps.append(at(next_time, score))
    if len(steps) > 1:
        pygame.draw.lines(surface, LINE, False, steps, max(1, px // 8))


def _figures(surface: pygame.Surface, scene: DuelScreen, px: int) -> None:
    """Your score and moves, centred in the top bar as on every table."""
    t = scene.app.t
    game = scene.duel.game
    text = "   ·   ".join((t("hud.score", score=game.score_text), t("hud.moves", moves=game.moves)))
    image = scene.app.text.render(text, px, ui.INK, True)
    surface.blit(image, image.get_rect(center=scene.bar.rect.center))


def _count_in(surface: pygame.Surface, scene: DuelScreen) -> None:
    """3, 2, 1 over the dimmed table before the clocks start."""
    ui.dim(surface, 90)
    w, h = surface.get_size()
    number = max(1, math.ceil(scene.duel.count_left))
    image = scene.app.text.render(str(number), int(h * 0.22), ui.GOLD_TOP, True)
    surface.blit(image, image.get_rect(center=(w // 2, h // 2)))
    hint = scene.app.text.render(scene.app.t("duel.get_ready"), max(14, h // 30), ui.INK, True)
    surface.blit(hint, hint.get_rect(midtop=(w // 2, h // 2 + image.get_height() // 2)))


def waiting_box(size: tuple[int, int]) -> tuple[pygame.Rect, int]:
    """The card over the table while you wait for the opponent, and its text size."""
    w, h = size
    px = max(15, bar_height(size) * 40 // 100)
    box = pygame.Rect(0, 0, min(w - 2 * px, px * 22), px * 10)
    box.center = (w // 2, h // 2 + bar_height(size) // 2)
    return box, px


def place_hurry(scene: DuelScreen, size: tuple[int, int]) -> None:
    """"See the result now" at the foot of the waiting card."""
    box, px = waiting_box(size)
    width = min(box.w - 2 * px, px * 14)
    scene.hurry_button.layout((box.centerx - width // 2, box.bottom - px * 3, width, int(px * 2.2)))


def _waiting(surface: pygame.Surface, scene: DuelScreen) -> None:
    """Your game has ended and the opponent plays on: say so, with its clock (the race's);
    "See the result now" is drawn over it with the scene's widgets."""
    box, px = waiting_box(surface.get_size())
    ui.dim(surface, 70)
    surface.blit(ui.rounded_rect(box.size, px, (10, 24, 18, 235), None, ui.GOLD, ui.hairline(px * 2)), box.topleft)
    y = _line(surface, scene, scene.app.t("duel.waiting"), px, box, box.y + px, ui.GOLD_TOP, True)
    _line(surface, scene, clock_text(scene.countdown), px * 3, box, y, ui.INK, True)
