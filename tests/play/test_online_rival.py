"""The online rival (``play.online.OnlineRival``) as the duel hears it, with no display: the
rival's connection dropping and coming back, and its end as the server tells it."""

from __future__ import annotations

from types import SimpleNamespace

from solitaire.core.duel import RivalBack, RivalEnded, RivalGone, RivalLost
from solitaire.net.online_messages import RivalProgress
from solitaire.play.online import OnlineRival


def test_a_rival_the_server_ends_while_away_has_left_and_one_that_ends_has_ended():
    told = SimpleNamespace(rival=RivalProgress(0, 0, 0, False))
    rival = OnlineRival(told, "Bob")
    assert rival.update(1.0) == []
    told.rival = RivalProgress(40, 2, 9, False, away=True)
    assert rival.update(2.0) == [RivalGone("net.gone", 30.0)] and rival.update(2.5) == []
    told.rival = RivalProgress(40, 2, 9, False, away=False)
    assert rival.update(3.0) == [RivalBack()]
    told.rival = RivalProgress(40, 2, 9, True, away=True)  # the window closed: the server ended its game
    assert rival.update(40.0) == [RivalGone("net.gone", 30.0), RivalLost("net.lost.left")]
    assert rival.update(41.0) == []
    other = OnlineRival(SimpleNamespace(rival=RivalProgress(5, 0, 3, True)), "Eve")
    assert other.update(7.0) == [RivalEnded(7.0)]  # it pressed End
