"""The table's parts (issue 24): each keeps its own state and sees the scene through
``scenes/table/interface.py``; what one part's event means for another is the scene's to route,
and a sentence is taken back by its kind, never by comparing its translated words.
"""

from __future__ import annotations

import ast
from pathlib import Path
from types import SimpleNamespace

import pygame

from solitaire.app.speech import Speech
from solitaire.core import DRAW, STOCK, TABLEAU, Move, Pile
from solitaire.scenes.menus.play_table import PlayTable
from solitaire.scenes.table.demo import DemoTable
from solitaire.scenes.table.hints import Hints
from solitaire.scenes.table.hud import Hud
from solitaire.scenes.table.interface import Table
from solitaire.scenes.table.win import WinScene
from tests.scenes.test_comfort import _won_game as won_game
from tests.scenes.table.test_play_drag import card_centre

TABLE = Path(__file__).resolve().parents[3] / "solitaire" / "scenes" / "table"
#: The parts a table is put together from, by the names the scene holds them under.
PARTS = frozenset({"pointer", "clicks", "hints", "hud", "finish", "board", "screen", "demo"})


def part_state_writes(folder: Path = TABLE) -> list[str]:
    """Every assignment to a field of a part reached through another object (``table.clicks.x
    = ...``, ``self.hud.toast = ...``), as "file:line": the owner's methods do that."""
    writes = []
    for path in sorted(folder.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            targets = node.targets if isinstance(node, ast.Assign) else (
                [node.target] if isinstance(node, (ast.AugAssign, ast.AnnAssign)) else [])
            for target in targets:
                for leaf in ast.walk(target):
                    if (isinstance(leaf, ast.Attribute) and isinstance(leaf.value, ast.Attribute)
                            and leaf.value.attr in PARTS):
                        writes.append(f"{path.name}:{node.lineno}")
    return writes


def test_no_part_of_the_table_sets_another_parts_state():
    assert part_state_writes() == []


def test_the_check_of_part_state_writes_can_fail(tmp_path):
    (tmp_path / "pointer.py").write_text("def drag(table):\n    table.clicks.selection = None\n"
                                         "    table.hints.hint, x = None, 1\n    table.view.x = 2\n")
    assert part_state_writes(tmp_path) == ["pointer.py:2", "pointer.py:3"]


def test_a_drag_lets_go_of_the_selection_and_the_hint_through_the_scene(app, driver):
    """The pointer does not clear the clicks' selection or the hints' glow itself: the scene it
    tells of the drag has each owner do it."""
    app.settings = app.settings.updated(one_tap=False)
    app.open("play", code="KL1-D1N-AAAAAAB")
    driver.settle(3)
    scene = driver.scene
    column = Pile(TABLEAU, 0)
    scene.clicks.key_pick(column, 1)
    scene.hints.hint = (DRAW, 2.0)
    assert scene.marks().selection == (column, 1) and scene.marks().hint == DRAW
    start = card_centre(scene, column)
    driver.down(start)
    for step in range(1, 4):
        driver.move((start[0] + 30 * step, start[1] + 10 * step))
    assert scene.pointer.press is not None and scene.pointer.press.dragging
    assert scene.clicks.selection is None and scene.hints.hint is None
    assert scene.marks().selection is None and scene.marks().hint is None


class AnsweringAdvisor:
    """An advisor whose hint has been waited for long enough to say "Thinking…", and whose
    answer is ``answers`` once they are set."""

    def __init__(self) -> None:
        self.hint_ticket: int | None = 1
        self.hint_waited = 1.0
        self.status: str | None = None
        self.answers: list[Move | None] = []

    def poll(self, dt: float) -> list[Move | None]:
        answers, self.answers = self.answers, []
        if answers:
            self.hint_ticket = None
        return answers


def hints_speaking(words: dict[str, str]) -> tuple[Hints, Hud, AnsweringAdvisor]:
    app = SimpleNamespace(t=lambda key, **_: words[key], settings=SimpleNamespace(status_line=False),
                          services=SimpleNamespace(solver=None), speech=Speech())  # the advisor is replaced below
    hud = Hud(app)
    hints = Hints(app, hud)
    advisor = AnsweringAdvisor()
    hints.advisor = advisor
    return hints, hud, advisor


def test_thinking_goes_when_the_hint_comes_whatever_language_it_was_said_in():
    """The "Thinking…" toast is the hints' own kind of sentence: the answer takes it back even
    when the words have changed since (a language switched while the solver thought)."""
    words = {"play.thinking": "Thinking…"}
    hints, hud, advisor = hints_speaking(words)
    game = SimpleNamespace()
    hints.update(0.1, game)
    assert hud.toast is not None and hud.toast.text == "Thinking…"
    words["play.thinking"] = "يفكر…"
    advisor.answers = [DRAW]
    hints.update(0.1, game)
    assert hud.toast is None and hints.move == DRAW


def test_a_sentence_of_another_kind_stays_when_the_hint_comes():
    """A refusal said while the solver thought is not the hints' to take back."""
    hints, hud, advisor = hints_speaking({"play.thinking": "Thinking…"})
    hud.say("Thinking…")  # the same words, another part's sentence
    advisor.answers = [Move(Pile(STOCK), Pile(TABLEAU, 2))]
    hints.update(0.1, SimpleNamespace())
    assert hud.toast is not None and hud.toast.text == "Thinking…"


def test_a_window_resized_during_the_win_cascade_still_opens_the_win_panel(app, driver):
    """The cascade is laid out for the old window, so a resize ends it, as a click does: the win
    panel opens (it used to be dropped, and the panel never came)."""
    play = app.open("play", game=won_game())
    play.finish.won_shown = False  # as if the last card had just landed
    driver.settle(2.5)
    assert play.finish.cascade is not None and app.stack.top is play
    pygame.display.set_mode((1100, 700), pygame.RESIZABLE)
    app.dispatch(pygame.event.Event(pygame.VIDEORESIZE, size=(1100, 700), w=1100, h=700))
    driver.settle(0.5)
    assert play.finish.cascade is None and isinstance(app.stack.top, WinScene)


def protocol_members(protocol: type) -> set[str]:
    """The names a Protocol asks for: its attributes, properties and methods."""
    names = set(vars(protocol).get("__annotations__", {}))
    return names | {name for name, value in vars(protocol).items()
                    if not name.startswith("_") and (callable(value) or isinstance(value, property))}


def test_the_play_scene_is_what_its_parts_and_its_dialogs_are_told_it_is(app, driver):
    """The interfaces the parts, the demo and the dialogs over the table see it through name
    only what the scene has (nothing else checks a Protocol here)."""
    play = app.open("play", code="KL1-D1N-AAAAAAB")
    driver.settle(0.1)
    for protocol in (Table, DemoTable, PlayTable):
        assert protocol_members(protocol) and [n for n in protocol_members(protocol) if not hasattr(play, n)] == []
