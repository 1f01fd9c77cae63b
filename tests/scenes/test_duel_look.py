"""What the Duel looks like, checked on rects: every line of the panels beside the table inside
its box and the window, in English and Arabic, from the minimum window to 4K."""

from __future__ import annotations

import pygame
import pytest

from solitaire.scenes.duel import panel as duel_panel
from tests.play.scripted_rival import ScriptedRival
from tests.scenes.test_drawing import settle

CODE = "DU2-D3N-AAAAAAB"
SIZES = [(960, 600), (1280, 720), (1920, 1080), (3840, 2160)]


def racing(app, rival):
    app.open("title")
    duel = app.open("duel", rival=rival, code=CODE)
    settle(app, 6.0)  # the deal lands, the count runs out, the rival ends
    assert duel.duel.started
    return duel


def panel_lines(monkeypatch, duel) -> tuple[list[pygame.Rect], list[tuple[str, pygame.Rect, int]]]:
    """The panels' boxes, and each line's (text, box, ink bottom), as ``duel_panel.draw`` places
    them."""
    boxes: list[pygame.Rect] = []
    lines: list[tuple[str, pygame.Rect, int]] = []
    box, line = duel_panel._box, duel_panel._line

    def record_box(surface, rect, px):
        boxes.append(pygame.Rect(rect))
        box(surface, rect, px)

    def record_line(surface, scene, text, size, area, y, colour=(255, 255, 255), bold=False):
        t = scene.app.text
        fitted = t.fit_size(text, size, area.w - size, bold)
        lines.append((text, pygame.Rect(area), y + t.render(text, fitted, colour, bold).get_height()))
        return line(surface, scene, text, size, area, y, colour, bold)

    monkeypatch.setattr(duel_panel, "_box", record_box)
    monkeypatch.setattr(duel_panel, "_line", record_line)
    duel_panel.draw(duel.app.display.surface, duel)
    return boxes, lines


@pytest.mark.parametrize("lang", ["en", "ar"])
@pytest.mark.parametrize("size", SIZES)
def test_every_panel_line_lies_inside_its_box_and_the_window(make_app, monkeypatch, size, lang):
    """The opponent's state line under its chart ran out of its box (Arabic's dots below the
    letters most of all)."""
    app = make_app(size, lang)
    duel = racing(app, ScriptedRival([(0.5, "s")], name="Computer · Medium", end_at=1.0))
    duel.end_now()  # both panels at their longest: your end and total, the rival's end
    boxes, lines = panel_lines(monkeypatch, duel)
    assert duel.duel.race.finished(1) and len(boxes) == 3 and len(lines) >= 12
    for text, box, bottom in lines:
        assert box in boxes and bottom <= box.bottom - 2, (text, bottom, box)  # clear of the edge
    for box in boxes:
        assert app.display.surface.get_rect().contains(box), box



@pytest.mark.parametrize("lang", ["en", "ar"])
def test_the_score_line_stays_inside_its_chart_and_runs_with_the_reading(make_app, monkeypatch, lang):
    """In Arabic the line began one pixel right of its chart (time 0 at ``chart.right``)."""
    app = make_app((1280, 720), lang)
    duel = racing(app, ScriptedRival([(0.2, "s"), (0.4, "s")], name="Computer · Medium"))
    settle(app, 30)
    charts, lines = [], []
    score_line = duel_panel._score_line

    def record_chart(surface, scene, chart, px):
        charts.append(chart)
        score_line(surface, scene, chart, px)

    monkeypatch.setattr(duel_panel, "_score_line", record_chart)
    monkeypatch.setattr(duel_panel.pygame.draw, "lines",
                        lambda surface, colour, closed, points, width=1: lines.append(points))
    duel_panel.draw(app.display.surface, duel)
    chart, points = charts[0], lines[0]
    assert all(chart.collidepoint(point) for point in points), (chart, points)
    first, last = points[0][0], points[-1][0]
    assert (last < first) if lang == "ar" else (last > first)  # time runs with the reading


@pytest.mark.parametrize("lang", ["en", "ar"])
@pytest.mark.parametrize("size", [(960, 600), (1280, 720)])
def test_the_rule_over_the_total_touches_no_letter(make_app, size, lang):
    """The gold rule was drawn on the last line's row edge: its descenders (Arabic's dots below)
    touched it."""
    from solitaire.scenes.duel.dialogs import breakdown_rows, draw_rows, rows_height

    app = make_app(size, lang)
    duel = racing(app, ScriptedRival([], name="Computer · Medium"))
    dialog = app.open("duel_end", duel=duel)
    surface = pygame.Surface(size, pygame.SRCALPHA)
    box = pygame.Rect(dialog.box.x, dialog.box.y, dialog.box.w, rows_height(dialog.step))
    draw_rows(dialog, surface, breakdown_rows(app, duel.duel.preview(), ended=False), box, dialog.px, dialog.step)
    gold = [y for y in range(box.top, box.bottom) if surface.get_at((box.centerx, y)).a
            and all(surface.get_at((x, y)).a for x in range(box.x, box.right, 7))]
    assert gold, "no rule drawn"
    def inked(y: int) -> bool:
        return any(surface.get_at((x, y)).a for x in range(box.x, box.right))

    above = next(d for d in range(1, dialog.step) if inked(gold[0] - d)) - 1
    below = next(d for d in range(1, dialog.step) if inked(gold[-1] + d)) - 1
    assert min(above, below) >= max(3, dialog.px // 4), (above, below)  # clear space on both sides


def countdown_colours(monkeypatch, duel, lefts) -> list[set[tuple]]:
    """The colours the countdown's digits are drawn in, at each of the race clock's ``lefts``."""
    render, seen = duel.app.text.render, []

    def record(text, size, colour, *args, **kwargs):
        if text.isdigit():
            seen[-1].add(tuple(colour)[:3])
        return render(text, size, colour, *args, **kwargs)

    monkeypatch.setattr(duel.app.text, "render", record)
    area = pygame.Rect(0, 0, 300, 400)
    for left in lefts:
        seen.append(set())
        duel.duel.race.elapsed = duel.duel.race.limit - left
        duel_panel._countdown(duel.app.display.surface, duel, area, 20)
    return seen


@pytest.mark.parametrize("reduced", [False, True])
def test_the_urgent_countdown_beats_unless_motion_is_reduced(make_app, monkeypatch, reduced):
    """Issue 16: reduced motion means no pulsing: the last 30 seconds are red and steady."""
    app = make_app((1280, 720), "en", reduced_motion=reduced)
    duel = racing(app, ScriptedRival([], name="Computer · Medium"))
    colours = countdown_colours(monkeypatch, duel, [29.0, 28.75, 28.5, 28.25])
    assert all(len(c) == 1 for c in colours) and duel.urgent
    drawn = {c.pop() for c in colours}
    if reduced:
        assert drawn == {duel_panel.URGENT}  # red, the same in every frame
    else:
        assert len(drawn) > 1  # the beat
