"""``--duel online --autoplay STRENGTH`` in a window (issue 25): the computer plays our side of
the online race. The windowed start dropped ``--autoplay`` on the way to the wait screen, so the
race had no autoplayer and made no move (only ``--smoke`` played)."""

from __future__ import annotations

from dataclasses import replace

import pygame

from solitaire.main import Options
from solitaire.net.online import OnlineClient, OnlineDuel, new_key
from solitaire.net.online_messages import Matched, Welcome
from solitaire.scenes.duel.online_race import OnlineRaceScene
from solitaire.scenes.duel.start import open_duel
from tests.scenes.online_frames import frames, next_of
from tests.server.helpers import QUICK, running_server

pygame.init()


def test_a_windowed_online_race_with_autoplay_plays_our_side(app, tmp_path):
    with running_server(tmp_path / "server", replace(QUICK, race_seconds=20)) as (url, _):
        open_duel(app, Options(duel=f"online:{url}", room="new", name="Ann", autoplay="easy"))
        lobby = app.stack.top
        frames(app, lambda: lobby.room)
        bob = OnlineClient(url, new_key(), "Bob")
        bob.start()
        next_of(bob, Welcome)
        bob.join_room(lobby.room)
        theirs = OnlineDuel(bob, next_of(bob, Matched))
        frames(app, lambda: isinstance(app.stack.top, OnlineRaceScene))
        race = app.stack.top
        assert race.duel.autoplayer is not None
        frames(app, lambda: race.online.sent >= 2, limit=15)  # its moves reach the server
        assert race.duel.my_moves >= 2
        theirs.update()
        bob.close()
