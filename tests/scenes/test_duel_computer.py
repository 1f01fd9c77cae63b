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
