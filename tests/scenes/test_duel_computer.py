"""The Duel's screen against the computer: the opponent and ``--autoplay`` strength chosen
become the computer thinking in the App's one solver worker, named in the App's strings. The
computer's duels themselves (to their result, the same every time, a worker killed mid-duel,
"See the result now") are played with no display in tests/play/test_computer_rival.py."""

from __future__ import annotations

from solitaire import i18n
from solitaire.play.computer import AutoPlayer, ComputerRival

CODE = "DU2-D3N-AAAAAAB"


def test_the_computer_chosen_thinks_in_the_apps_worker_and_is_named_in_its_language(app):
    app.open("title")
    duel = app.open("duel", code=CODE, opponent="computer:hard", autoplay="medium", fast=True)
    rival, autoplayer = duel.duel.rival, duel.duel.autoplayer
    assert isinstance(rival, ComputerRival) and isinstance(autoplayer, AutoPlayer)
    assert rival.kind == "hard" and rival.solver is app.services.solver
    assert autoplayer.player.worker is app.services.solver and autoplayer.player.strength == "medium"
    assert rival.name == "Computer · Hard"
    i18n.set_language("ar")
    try:
        app.relocalise()
        assert rival.name == app.t("duel.computer", strength=app.t("duel.strength.hard")) != "Computer · Hard"
    finally:
        i18n.set_language("en")


def test_DU3_the_computer_playing_our_side_undoes_on_our_table(app):
    """Issue 31: ``--autoplay hard`` retries by undo as the rival does; the table takes the move
    back (its Undo refuses while the computer plays, so the duel's computer puts it back itself)."""
    from solitaire.play.rival import ME
    from solitaire.solver.player import UNDO
    from tests.play.races import STEP, started
    from tests.play.test_computer_undo import Scripted

    app.open("title")
    scene = app.open("duel", code="DU2-D3N-AAAAAAH", opponent="computer:easy", autoplay="hard")
    duel = started(scene.duel)
    move = next(m for m in duel.game.legal_moves() if m.dst.kind == "f")
    before = duel.game.to_json()
    duel.autoplayer.player = Scripted([move, UNDO])
    duel.step(STEP)
    assert duel.game.to_json()["foundations"] != before["foundations"] and duel.race.total(ME) > 0
    duel.step(STEP)
    after = duel.game.to_json()
    assert (after["tableau"], after["foundations"], after["score"]) == (before["tableau"], before["foundations"], 0)
    assert duel.race.total(ME) == 0
