"""A daily deal in the game session (DD-1, DD-3): dealt from the day, counted as that day's
daily result whether won or given up, and still a daily deal after it waits as a saved game."""

from __future__ import annotations

from datetime import date

from solitaire.core import DRAW, Game
from solitaire.core.daily import daily_deal
from solitaire.core.save import play_log
from solitaire.play.session import Session, slot_of
from solitaire.solver.api import solve
from solitaire.store import Store

DAY = date(2026, 12, 2)
SLOT = slot_of("klondike", 1, "standard")


def test_DD1_a_daily_deal_is_the_days_deal_and_a_new_deal_is_not_daily(tmp_path):
    store = Store(tmp_path)
    session = Session.open(store, "klondike", 1, "standard", daily=DAY)
    assert session.game.code == daily_deal("klondike", 1, DAY) and session.daily == DAY
    session.new_deal(winnable=False)
    assert session.daily is None


def test_DD3_a_daily_game_given_up_counts_for_its_day_and_a_restart_stays_daily(tmp_path):
    store = Store(tmp_path)
    session = Session.open(store, "klondike", 3, "standard")
    session.start_daily("klondike", 1, DAY)
    session.game.apply(DRAW)
    session.played()
    session.restart()
    assert session.daily == DAY and session.game.code == daily_deal("klondike", 1, DAY)
    result = store.daily_results()["2026-12-02"][SLOT]
    assert (result.games, result.won, result.moves, result.log) == (1, False, 1, ("s",))
    assert result.code == str(daily_deal("klondike", 1, DAY))  # DD-6: the deal played, kept


def test_DD3_a_daily_game_put_aside_comes_back_daily_and_its_win_counts_for_its_day(tmp_path):
    store = Store(tmp_path)
    session = Session.open(store, "freecell", 1, "standard", daily=DAY)
    line = solve(Game.deal(session.game.code), 5.0).moves
    play_log(session.game, line[:-1])
    session.played()
    session.tick(3.0)
    session.start("klondike", 1, "standard")  # FreeCell's game waits as its saved game
    assert session.daily is None
    session.start("freecell", 1, "standard")
    assert session.daily == DAY and session.game.moves == len(line) - 1
    play_log(session.game, line[-1:])
    assert session.game.won
    session.record_win()
    result = Store(tmp_path).daily_results()["2026-12-02"]["freecell-d1-standard"]
    assert (result.won, result.score, result.seconds, result.log) == (True, 520, 3.0, tuple(line))
    assert result.code == str(daily_deal("freecell", 1, DAY))  # a game put aside keeps it too
    assert Store(tmp_path).stats("freecell-d1-standard").won == 1
