"""``--duel online --autoplay STRENGTH`` in a window (issue 25): the computer plays our side of
the online race. The windowed start dropped ``--autoplay`` on the way to the wait screen, so the
race had no autoplayer and made no move (only ``--smoke`` played)."""

from __future__ import annotations

from dataclasses import replace

import pygame

from solitaire.main import Options
from solitaire.scenes.duel.start import open_duel
from tests.scenes.online_frames import frames, friend_joins
from tests.server.helpers import QUICK, running_server

pygame.init()


def test_a_windowed_online_race_with_autoplay_plays_our_side(app, tmp_path):
    with running_server(tmp_path / "server", replace(QUICK, race_seconds=20)) as (url, _):
        open_duel(app, Options(duel=f"online:{url}", room="new", name="Ann", autoplay="easy"))
        lobby = app.stack.top
        frames(app, lambda: lobby.room)
        bob, theirs, race = friend_joins(app, url, lobby.room)
        assert race.duel.autoplayer is not None
        frames(app, lambda: race.online.sent >= 2, limit=15)  # its moves reach the server
        assert race.duel.my_moves >= 2
        theirs.update()
        bob.close()
