"""Sound follows what happened (issue 13 item 5): the sounds asked of the audio while a player
plays are the ones the game has always made, in the same order. The expected lists were recorded
on the code before the play scene stopped calling the audio itself.
"""

import ast
from pathlib import Path

import pygame
import pytest

from solitaire.app.audio import Audio
from solitaire.core import STOCK, Pile
from solitaire.core.position import game_from_json
from test_play import T, _position, centre, open_play


class RecordingAudio(Audio):
    """The real Audio, muted, that writes down every sound it is asked for."""

    def __init__(self) -> None:
        super().__init__(muted=True)
        self.heard: list[str] = []

    def play(self, name: str) -> None:
        self.heard.append(name)


@pytest.fixture
def heard(app):
    audio = RecordingAudio()
    app.audio = audio
    audio.listen(app.events)  # as the composition root wires the game's audio
    return audio.heard


def test_moves_a_refusal_a_let_go_undo_and_a_draw_sound_as_before(app, driver, heard):
    scene = open_play(app, driver)
    driver.click(centre(scene, T(1)))                       # one tap: 7♥ onto the 8♣
    driver.key(pygame.K_z, pygame.KMOD_CTRL)                # undo
    driver.drag(centre(scene, T(3)), centre(scene, T(5)))   # refused (C-2)
    driver.settle(1)
    start = centre(scene, T(2))
    driver.drag(start, (start[0], start[1] + 300))          # let go over the bare table
    driver.settle(1)
    driver.click(centre(scene, Pile(STOCK)))                # draw
    driver.settle(1)
    assert heard == ["shuffle", "place", "pickup", "pickup", "refuse", "pickup", "place", "deal"]


def test_drawing_the_stock_out_and_turning_the_waste_back_sound_as_before(app, driver, heard):
    scene = open_play(app, driver, code="KL1-D3N-AAAAAAB")
    heard.clear()
    for _ in range(9):  # 24 cards, three at a time: eight draws, then the waste turned back and drawn
        driver.click(centre(scene, Pile(STOCK)))
        driver.settle(0.5)  # not a double click
    assert len(scene.game.stock) == 21 and heard == ["deal"] * 9


def test_select_then_place_sounds_as_before_K8(app, driver, heard):
    scene = open_play(app, driver, one_tap=False)
    driver.click(centre(scene, T(1)))
    driver.click(centre(scene, T(7)))
    assert heard == ["shuffle", "pickup", "place"]


def test_a_card_turned_face_up_sounds_as_before(app, driver, heard):
    state = _position("klondike", {0: ["7H"], 1: ["8C"]}).to_json()
    state["stock"].remove("ks")
    state["tableau"][0].insert(0, "ks")  # face down under the 7♥
    game = game_from_json(state)
    scene = open_play(app, driver, game=game, one_tap=False)
    heard.clear()
    driver.drag(centre(scene, T(1)), centre(scene, T(2)))  # the K♠ beneath the 7♥ is turned (C-6)
    assert heard == ["pickup", "place", "flip"]


def test_auto_complete_and_the_win_sound_as_before_K9(app, driver, heard):
    columns = {0: ["KS", "QH", "JS", "TH", "9S", "8H", "7S", "6H", "5S", "4H", "3S", "2H"],
               1: ["KH", "QS", "JH", "TS", "9H", "8S", "7H", "6S", "5H", "4S", "3H", "2S"],
               2: ["AH"], 3: ["AS"]}
    foundations = {0: "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC".split(),
                   1: "AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD".split()}
    scene = open_play(app, driver, game=_position("klondike", columns, foundations=foundations,
                                                  stock_empty=True))
    driver.click(centre(scene, T(3)))
    driver.settle(8)
    assert scene.game.won
    assert heard == ["shuffle", "shuffle"] + ["place"] * 26 + ["win"]  # the deal, the position put in


def test_turning_sound_on_in_the_settings_plays_a_sample(app, driver, heard):
    app.open("title")
    dialog = app.open("settings")
    dialog.toggles["sound"].set(False)
    dialog.toggles["sound"].set(True)
    assert heard == ["shuffle", "flip"]  # the title's shuffle, then a sample at the new level


def test_no_scene_asks_the_audio_for_a_sound():
    """Scenes report what happened; which sound that makes is the audio's choice alone."""
    scenes = Path(__file__).resolve().parents[2] / "solitaire" / "scenes"
    calls = [f"{path.name}:{node.lineno}" for path in sorted(scenes.rglob("*.py"))
             for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
             if isinstance(node, ast.Attribute) and node.attr == "audio"]
    assert calls == []
