"""Issue 22 item 11: no text on any screen is drawn under 13 px at 1280×720, in English or Arabic.

The text renderer is hooked: every string a scene asks ``Text.render`` for while it draws is
recorded with its size (a cached string is still recorded: the hook sits in front of the cache).
The walk opens every scene the game registers, each page and tab of those that have them, and
the passing messages (a refusal's toast, the network banner), and draws each.
"""

from __future__ import annotations

import pytest

from solitaire.app.text import Text
from solitaire.core import parse_code
from solitaire.core.duel import RivalGone
from solitaire.scenes.menus.player_name import PlayerNameScene
from solitaire.scenes.menus.statistics import DUEL_ROWS
from tests.scenes.scripted_rival import ScriptedRival

SMALLEST_PX = 13
SIZE = (1280, 720)


@pytest.fixture
def drawn(monkeypatch):
    """Every (text, size) rendered while the hook is on, for the walk's report."""
    seen: list[tuple[str, int, str]] = []
    render = Text.render
    where = {"scene": ""}

    def recording(self, text, size, *args, **kwargs):
        if text.strip():
            seen.append((text, int(size), where["scene"]))
        return render(self, text, size, *args, **kwargs)

    monkeypatch.setattr(Text, "render", recording)
    seen.append(("", 0, ""))  # keeps the list and the place together for the helpers below
    return seen, where


def draw(app, drawn, name: str) -> None:
    seen, where = drawn
    where["scene"] = name
    for _ in range(3):  # a dialog's fade-in and a table's first frames
        app.stack.update(1 / 60)
    app.stack.draw(app.display.surface, 1.0)


def too_small(drawn) -> list[tuple[str, int, str]]:
    seen, _ = drawn
    return sorted({(text, size, scene) for text, size, scene in seen[1:] if size < SMALLEST_PX},
                  key=lambda item: (item[2], item[1]))


def walk_table_and_dialogs(app, drawn) -> None:
    app.open("title")
    draw(app, drawn, "title")
    settings = app.open("settings")
    for page in settings._columns():
        settings.show_page(page)
        settings.on_resize(SIZE)
        draw(app, drawn, f"settings:{page}")
    app.stack.pop()
    statistics = app.open("statistics")
    for game, _ in statistics.games.options:
        statistics._set_game(game)
        draw(app, drawn, f"statistics:{game}")
        if game == "duel":
            for row in DUEL_ROWS:
                statistics._set_mode(row)
                draw(app, drawn, f"statistics:duel:{row}")
    app.stack.pop()
    play = app.open("play", code="KL1-D3N-AAAAAAB")
    draw(app, drawn, "play")
    play.refuse(play.game.undo_refusal())  # nothing to undo yet: the toast with its reason
    draw(app, drawn, "play:toast")
    for name, kwargs in [("menu", {"play": play}), ("game_code", {"play": play}),
                         ("new_game", {"game_id": "klondike", "play": play}),
                         ("confirm", {"message": "Restart this deal? It counts as a lost game.",
                                      "on_yes": lambda: None}),
                         ("notice", {"lines": ["A file was set aside."]}), ("win", {"play": play})]:
        app.open(name, **kwargs)
        draw(app, drawn, name)
        app.stack.pop()
    code = app.open("game_code", play=play)
    code.submit("KL9-D1N-AAAAAAB")  # refused: its line under the field
    draw(app, drawn, "game_code:refused")
    app.stack.pop()
    app.open("play", code="TF1-D3N-AAAAAAB")  # every card known: the winnable pill in its corner
    for _ in range(120):
        app.stack.update(1 / 60)
    draw(app, drawn, "play:thoughtful")
    for game in ("klondike", "double", "thoughtful", "duel"):
        rules = app.open("rules", game_id=game)
        for _ in range(12):  # every paragraph through the view
            draw(app, drawn, f"rules:{game}")
            rules.target = rules.scroll = min(rules.max_scroll, rules.scroll + rules.view.h * 0.8)
        app.stack.pop()


def walk_duel(app, drawn) -> None:
    app.stack.clear()
    app.open("title")
    app.open("new_duel")
    draw(app, drawn, "new_duel")
    app.stack.top.opponent_choice.select(4)  # Network · Join
    draw(app, drawn, "new_duel:join")
    app.stack.push(PlayerNameScene(app, on_named=lambda: None))
    draw(app, drawn, "player_name")
    app.stack.clear()
    app.open("title")
    rival = ScriptedRival([(0.5, "s")], name="Computer · Medium", end_at=1.0)
    duel = app.open("duel", rival=rival, code=parse_code("DU2-D3N-AAAAAAB"))
    draw(app, drawn, "duel:count")
    for _ in range(6 * 60):
        app.stack.update(1 / 60)
    draw(app, drawn, "duel")
    duel._apply_rival(RivalGone("net.gone", 30.0))  # the banner with its countdown
    draw(app, drawn, "duel:gone")
    app.open("duel_menu", duel=duel)
    draw(app, drawn, "duel_menu")
    app.stack.pop()
    app.open("duel_end", duel=duel)
    draw(app, drawn, "duel_end")
    app.stack.pop()
    duel.end_now()
    for _ in range(60):
        app.stack.update(1 / 60)
    draw(app, drawn, "duel_results")


def walk_lobby(app, drawn) -> None:
    app.stack.clear()
    app.open("title")
    lobby = app.open("net_lobby", role="join")
    lobby.join("KXAA-AAOC")  # refused: its line under the field
    draw(app, drawn, "net_lobby:join")
    app.stack.pop()
    app.open("net_lobby", role="host", bind="127.0.0.1", address="127.0.0.1", port=0)
    draw(app, drawn, "net_lobby:host")
    app.stack.pop()


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_no_text_on_any_screen_is_under_13_px_at_1280x720(make_app, drawn, lang):
    app = make_app(SIZE, lang, player_name="Sam", show_rule_numbers=True)  # their small lines too
    walk_table_and_dialogs(app, drawn)
    walk_duel(app, drawn)
    walk_lobby(app, drawn)
    scenes = {scene for _, _, scene in drawn[0][1:]}
    assert {"title", "settings:network", "statistics:duel:network", "play:toast", "win", "rules:duel",
            "new_duel:join", "player_name", "duel", "duel:gone", "duel_end", "duel_results", "net_lobby:host"} <= scenes
    small = too_small(drawn)
    assert small == [], "\n".join(f"{scene}: {size} px {text!r}" for text, size, scene in small)
