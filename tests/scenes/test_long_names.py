"""A 20-letter name with its "#2" and the "recorded" label keeps its line readable (issue 25):
the online results' line and the race panel's name were shrunk as far as the UI's smallest size
(13 px: at 4K a sixth of the lines beside them); the name is cut short now, its number, tier and
"recorded" kept, and the line is drawn at no less than ``name_fit.readable_size`` of its size.
The text renderer is hooked: every string drawn is measured as it is rendered."""

from __future__ import annotations

import pytest

from solitaire.app.text import Text
from solitaire.net.online_messages import Result
from solitaire.scenes.duel.name_fit import ELLIPSIS, readable_size, shorter_names
from solitaire.scenes.duel.online_race import opponent_label
from solitaire.scenes.duel.panel import margins
from solitaire.scenes.menus.confirm import unit
from solitaire.scenes.table.hud import bar_height
from tests.play.scripted_rival import ScriptedRival

NAMES = {"en": "W" * 20 + "#2", "ar": "ص" * 20 + "#2"}
SIZES = [(1280, 720), (3840, 2160)]


@pytest.fixture
def rendered(monkeypatch):
    """Every (text, size, height, width) rendered while the hook is on."""
    seen: list[tuple[str, int, int, int]] = []
    render = Text.render

    def measuring(self, text, size, *args, **kwargs):
        image = render(self, text, size, *args, **kwargs)
        seen.append((text, int(size), image.get_height(), image.get_width()))
        return image

    monkeypatch.setattr(Text, "render", measuring)
    return seen


def side(total: int) -> dict:
    return {"score": total - 100, "bonus": 100, "total": total, "foundation": 52, "ended": True}


@pytest.mark.parametrize("lang", ["en", "ar"])
@pytest.mark.parametrize("size", SIZES)
def test_a_recorded_runs_long_name_keeps_the_results_line_readable(make_app, rendered, lang, size):
    app = make_app(size, lang)
    name = NAMES[lang]
    label = opponent_label(app, {"name": name, "tier": "platinum", "recorded": True})
    result = Result("d1", side(1234), side(1567), "opponent", name, {"before": 1500, "after": 1488}, "silver",
                    "recorded")
    scene = app.open("online_results", result=result, opponent=label)
    app.stack.on_resize(size)
    rendered.clear()
    app.stack.draw(app.display.surface, 1.0)
    px = int(unit(size) * 0.45)
    lines = [(text, px_, h, w) for text, px_, h, w in rendered if "#2" in text]
    assert len(lines) == 1, lines
    text, drawn, height, width = lines[0]
    assert drawn >= readable_size(px) > 13 * (size[0] // 1280) - 1
    assert height >= app.text.render(text, readable_size(px), bold=True).get_height()  # measured, not only asked (bold: won)
    assert width <= scene.boxes["opponent"].w
    assert ELLIPSIS + "#2" in text and app.t("online.recorded.name", name="").strip(" ()") in text
    mine = [item for item in rendered if item[0] == scene.side_line(result.you, app.t("duel.you"))]
    assert mine and mine[0][1] == px  # the short line keeps its size


@pytest.mark.parametrize("lang", ["en", "ar"])
@pytest.mark.parametrize("size", SIZES)
def test_a_recorded_runs_long_name_keeps_the_race_panel_readable(make_app, rendered, lang, size):
    app = make_app(size, lang)
    label = opponent_label(app, {"name": NAMES[lang], "tier": "platinum", "recorded": True})
    app.open("title")
    scene = app.open("duel", rival=ScriptedRival([], name=label), code="DU2-D3N-AAAAAAB")
    while scene.dealing:
        app.stack.update(1 / 60)
    rendered.clear()
    app.stack.draw(app.display.surface, 1.0)
    px = max(12, bar_height(size) * 36 // 100)
    _, end = margins(scene)
    drawn = {}  # each text as drawn: the panel measures a line at its size first, then fits it
    for text, at, height, width in rendered:
        if "#2" in text and at <= drawn.get(text, (at,))[0]:
            drawn[text] = (at, height, width)
    assert drawn and all(at >= readable_size(px) and width <= end.w - px for at, _, width in drawn.values()), drawn
    assert all(height >= app.text.render(text, readable_size(px), bold=True).get_height()
               for text, (_, height, _) in drawn.items())
    assert all(ELLIPSIS + "#2" in text for text in drawn)


def test_a_name_is_cut_at_its_end_and_keeps_its_number_and_what_follows():
    assert shorter_names("Sara#2 · Gold")[:2] == ["Sar…#2 · Gold", "Sa…#2 · Gold"]
    assert shorter_names("Sara")[-1] == "S…" and shorter_names("S") == []
    assert shorter_names("A#1B#12")[0] == "A#1…#12"
