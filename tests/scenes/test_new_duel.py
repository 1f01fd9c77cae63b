"""Duel on the title screen, and the New duel window: opponent strength and deal."""

from __future__ import annotations

import json

import pygame
import pytest

from solitaire.core import parse_code
from solitaire.core.rules import REGISTRY
from solitaire.scenes.duel.net_lobby import NetLobbyScene


def test_duel_is_on_the_title_and_opens_the_new_duel_window(app, driver):
    assert "duel" in REGISTRY.title_games()
    title = app.open("title")
    button = next(b for b in title.game_buttons if b.label == "Duel")
    assert button.visible
    button.on_click()
    assert type(app.stack.top).__name__ == "NewDuelScene"


def test_start_plays_the_chosen_strength_on_a_random_deal(app):
    app.open("title")
    dialog = app.open("new_duel")
    dialog.opponent_choice.select(2)
    dialog.start()
    duel = app.stack.top
    assert type(duel).__name__ == "DuelScene" and duel.duel.rival.kind == "hard"
    assert duel.duel.code.game == "duel" and duel.duel.code.draw == 3
    assert [type(s).__name__ for s in app.stack.scenes] == ["TitleScene", "DuelScene"]


def test_a_game_code_deal_and_its_mistakes(app):
    app.open("title")
    dialog = app.open("new_duel")
    dialog.deal_choice.select([d for d, _ in dialog.deal_choice.options].index("code"))
    assert dialog.code_field.visible
    dialog.code_field.set_value("KL1-D3N-AAAAAAB")
    dialog.start()
    assert app.stack.top is dialog and "Duel code" in dialog.code_field.error
    dialog.code_field.set_value("DU2-D3N-AAAAAB")
    dialog.start()
    assert app.stack.top is dialog and dialog.code_field.error
    dialog.code_field.set_value("DU2-D3N-AAAAAAZ")
    dialog.start()
    assert app.stack.top.duel.code == parse_code("DU2-D3N-AAAAAAZ")


def test_winnable_deals_come_from_the_duel_pool(app):
    from pathlib import Path

    pool = json.loads((Path(__file__).resolve().parents[2] / "levels/pools/duel-d3-standard.json").read_text())
    app.open("title")
    dialog = app.open("new_duel")
    dialog.deal_choice.select([d for d, _ in dialog.deal_choice.options].index("winnable"))
    dialog.start()
    assert str(app.stack.top.duel.code) in pool["codes"]


def test_the_new_duel_window_draws_in_arabic(app, driver):
    from solitaire import i18n

    i18n.set_language("ar")
    try:
        app.open("title")
        app.open("new_duel")
        driver.draw()
        driver.key(pygame.K_ESCAPE)
        assert type(app.stack.top).__name__ == "TitleScene"
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("lang", ["en", "ar"])
@pytest.mark.parametrize("size", [(960, 600), (1280, 720)])
def test_every_opponent_label_is_drawn_at_one_readable_size_the_chosen_one_too(make_app, monkeypatch, size, lang):
    """The chosen (bold) label was fitted on its own, so with five options it came out smaller
    than the others (8 px at 960×600); one size now, at which every label fits its segment in
    either weight, on two lines where that gives larger letters."""
    app = make_app(size, lang)
    app.open("title")
    dialog = app.open("new_duel")
    choice = dialog.opponent_choice
    render, made, drawn = app.text.render, {}, {}

    def record(text, size, colour=(255, 255, 255), bold=False, *args, **kwargs):
        image = render(text, size, colour, bold, *args, **kwargs)
        made[id(image)] = (text, size)
        return image

    class Screen(pygame.Surface):
        def blit(self, source, dest, *args, **kwargs):
            if id(source) in made:  # a line of text, not a fill
                text, size = made[id(source)]
                drawn[text] = size
            return super().blit(source, dest, *args, **kwargs)

    monkeypatch.setattr(app.text, "render", record)
    choice.draw(Screen(size, pygame.SRCALPHA))
    assert len(set(drawn.values())) == 1, drawn
    assert min(drawn.values()) >= 12  # as large as the window's small print, not the 8 px floor
    px, labels = choice.label_layout()
    assert set(drawn) == {line for label in labels for line in label} and set(drawn.values()) == {px}
    for seg, label in zip(choice.segments(), labels):
        inner = choice._inner(seg)
        for bold in (True, False):
            assert all(app.text.width(line, px, bold) <= inner.w for line in label), (label, bold)
            assert app.text.line_step(label, px, bold, spacing=1.0) * len(label) <= inner.h, (label, bold)


def test_the_window_opens_on_the_opponent_chosen_last(app):
    """Issue 22: it went back to Medium each time."""
    app.open("title")
    dialog = app.open("new_duel")
    assert dialog.opponent_choice.value == "medium"
    dialog.opponent_choice.select(2)  # Hard
    app.stack.pop()
    again = app.open("new_duel")
    assert again.strength == again.opponent_choice.value == "hard" == app.settings.duel_opponent
    again.start()
    assert app.stack.top.duel.rival.kind == "hard"


def test_with_a_person_chosen_there_is_no_deal_to_choose(app):
    """Issue 22: joining plays the host's deal, yet the Deal row still showed; issue 25: a duel
    server deals every duel with a person (hosted here, or online), so neither host nor join
    chooses one."""
    app.open("title")
    dialog = app.open("new_duel")
    dialog.deal_choice.select([d for d, _ in dialog.deal_choice.options].index("code"))
    tall = dialog.panel.rect.h
    dialog.opponent_choice.select(4)  # Network · Join
    assert dialog.strength == "join"
    assert not (dialog.deal_label.visible or dialog.deal_choice.visible or dialog.code_field.visible)
    assert dialog.panel.rect.h < tall and dialog.panel.rect.contains(dialog.start_button.rect)
    assert dialog.start_button.rect.top > dialog.opponent_choice.rect.bottom
    dialog.opponent_choice.select(3)  # Network · Host: the server this game runs deals
    assert not (dialog.deal_label.visible or dialog.deal_choice.visible or dialog.code_field.visible)
    dialog.opponent_choice.select(0)  # the computer: the deal is chosen here again
    assert dialog.deal_choice.visible and dialog.code_field.visible


def test_the_first_network_duel_asks_for_a_name_and_keeps_it(app, driver):
    """Issue 22: both players were the system's user name ("root" and "root")."""
    app.open("title")
    dialog = app.open("new_duel")
    dialog.opponent_choice.select(4)  # Network · Join
    dialog.start()
    asking = app.stack.top
    assert type(asking).__name__ == "PlayerNameScene" and app.stack.scenes[-2] is dialog
    asking.accept("   ")
    assert app.stack.top is asking and asking.field.error  # a name is needed
    asking.field.set_value("Samira")
    driver.key(pygame.K_RETURN)
    assert app.settings.player_name == "Samira"
    lobby = app.stack.top
    assert isinstance(lobby, NetLobbyScene) and lobby.role == "join"
    app.stack.clear()
    app.open("title")
    app.open("new_duel").start()  # named now: straight to the lobby
    assert isinstance(app.stack.top, NetLobbyScene)
