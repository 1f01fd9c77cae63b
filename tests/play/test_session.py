"""The game session on its own, with no screen: start, restart, new deal, put aside, record
(issue 11's policy, K-7), the way the Duel's two tables will use it."""

from __future__ import annotations

from solitaire.core import DRAW, GameCode
from solitaire.play.session import Session, slot_of
from solitaire.store import Store

CODE = GameCode("klondike", 1, "standard", 7)


def test_a_played_game_given_up_by_a_new_deal_counts_as_lost(tmp_path):
    store = Store(tmp_path)
    session = Session.open(store, code=CODE)
    assert not session.at_stake()  # no move yet: nothing to give up
    session.game.apply(DRAW)
    session.counted = True
    session.tick(12.0)
    session.save()
    assert session.at_stake() and session.at_stake(slot_of("klondike", 1, "standard"))
    session.new_deal(winnable=False)
    assert session.elapsed == 0.0 and session.game.moves == 0 and not session.counted
    stats = store.stats(slot_of("klondike", 1, "standard"))
    assert stats.played == 1 and stats.won == 0


def test_another_mode_puts_the_game_aside_and_resumes_it_K7(tmp_path):
    store = Store(tmp_path)
    session = Session.open(store, code=CODE)
    session.game.apply(DRAW)
    session.counted = True
    told: list[bool] = []
    session.on_new_game = told.append
    session.start("klondike", 3, "standard")  # nothing saved there: a deal
    assert session.game.draw == 3 and told == [False]
    session.start("klondike", 1, "standard")  # the first game, back
    assert session.game.code == CODE and session.game.moves == 1 and told == [False, True]


def test_restart_deals_the_same_cards_again(tmp_path):
    session = Session.open(Store(tmp_path), code=CODE)
    first = session.game.to_json()
    session.game.apply(DRAW)
    session.counted = True
    session.tick(5.0)
    session.restart()
    assert session.game.to_json() == first and session.elapsed == 0.0
