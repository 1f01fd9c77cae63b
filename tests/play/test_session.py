"""The game session on its own, with no screen: start, restart, new deal, put aside, record
(issue 11's policy, K-7), the way the Duel's two tables will use it."""

from __future__ import annotations

import json

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


def _played(session: Session, moves: int) -> None:
    """``moves`` clicks on the stock, each saved, as the table saves after every move."""
    for _ in range(moves):
        session.game.apply(DRAW)
        session.played()
        session.tick(1.0)
        session.save()


def test_a_copy_does_not_give_up_a_game_another_copy_is_playing(tmp_path):
    """Issue 32: copy A's new deal gave up the mode's saved game, which was copy B's game in play;
    B played on and ended it: one game counted twice, its token twice in ``ended``."""
    slot = slot_of("klondike", 1, "standard")
    b_store, a_store = Store(tmp_path), Store(tmp_path)
    b = Session.open(b_store, code="KL1-D1N-AAAAAAB")
    _played(b, 3)
    a = Session.open(a_store, "klondike", 1, "standard", resume=False)
    assert [n.kind for n in a_store.take_notices()] == ["save_open_elsewhere"]
    assert a.game.code != b.game.code and a_store.stats(slot).played == 0
    _played(b, 1)
    b.abandon()
    assert Store(tmp_path).stats(slot).played == 1
    ended = json.loads((tmp_path / "stats.json").read_text())["ended"][slot]
    assert len(ended) == len(set(ended)) == 1


def test_a_game_put_aside_is_given_up_by_another_copys_new_deal(tmp_path):
    """The saved game of a mode no copy plays in is given up as ever (issue 11's policy)."""
    slot = slot_of("klondike", 1, "standard")
    b_store, a_store = Store(tmp_path), Store(tmp_path)
    b = Session.open(b_store, code="KL1-D1N-AAAAAAB")
    _played(b, 2)
    b.start("klondike", 3, "standard")  # B's game waits as the mode's saved game
    Session.open(a_store, "klondike", 1, "standard", resume=False)
    assert a_store.stats(slot).played == 1 and not a_store.take_notices()


def test_a_game_ended_by_two_copies_is_counted_once_daily_included(tmp_path):
    """Issue 32: however two copies come to end one game (here A's store gives up B's save
    straight, as a copy that could not see B's mark would), its token is counted once, and so is
    its daily result."""
    from datetime import date

    from solitaire.play.session import daily_play_of, load_played
    from solitaire.store import Outcome

    slot = slot_of("klondike", 1, "standard")
    day = date(2026, 12, 2)
    b_store, a_store = Store(tmp_path), Store(tmp_path)
    b = Session.open(b_store, "klondike", 1, "standard", daily=day)
    _played(b, 3)
    game, _, elapsed, _, daily = a_store.load_game(slot, load_played)
    a_store.end_game(slot, Outcome(False, game.score, elapsed, game.moves), daily_play_of(game, daily))
    b.abandon()  # B ends it too
    again = Store(tmp_path)
    assert again.stats(slot).played == 1
    assert again.daily_results()[day.isoformat()][slot].games == 1


def test_a_save_with_an_illegal_move_in_its_redo_list_keeps_its_game_and_says_so(tmp_path):
    """Issue 32: one illegal move in the redo list set the whole saved game aside as damaged."""
    slot = slot_of("klondike", 1, "standard")
    store = Store(tmp_path)
    session = Session.open(store, code=CODE)
    _played(session, 3)
    session.put_aside()
    path = tmp_path / "saves" / f"{slot}.json"
    envelope = json.loads(path.read_text())
    envelope["game"]["redo"] = ["s", "t1>t2"]  # t1>t2 cannot be played on this deal
    path.write_text(json.dumps(envelope))
    again = Store(tmp_path)
    back = Session.open(again, slot=slot)
    assert back.game.moves == 3 and not back.game.can_redo
    assert [notice.kind for notice in again.take_notices()] == ["save_redo_dropped"]
    assert [p.name for p in (tmp_path / "saves").iterdir() if "damaged" in p.name] == []


def test_a_new_game_never_takes_the_token_of_a_game_another_copy_ended(tmp_path):
    """A copy's game put aside, then ended by another copy: the first copy's next game in that
    mode is a game of its own, counted when it ends (with the same token it would not be)."""
    from solitaire.play.session import give_up_saved

    slot = slot_of("klondike", 1, "standard")
    a_store, b_store = Store(tmp_path), Store(tmp_path)
    a = Session.open(a_store, code=CODE)
    _played(a, 2)
    a.put_aside()
    give_up_saved(b_store, slot)  # B's new deal there gives A's game up: counted
    a = Session.open(a_store, "klondike", 1, "standard", resume=False)
    _played(a, 2)
    a.abandon()
    assert Store(tmp_path).stats(slot).played == 2


def test_nothing_is_said_when_the_other_copy_has_no_saved_game_in_the_mode(tmp_path):
    b_store, a_store = Store(tmp_path), Store(tmp_path)
    Session.open(b_store, code="KL1-D1N-AAAAAAB")  # on B's table, no move yet: nothing saved
    Session.open(a_store, "klondike", 1, "standard", resume=False)
    assert a_store.take_notices() == []
