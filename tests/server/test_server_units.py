"""The server's pure parts: names, ratings, the lobby, the store (issue 25)."""

from __future__ import annotations

import gc
import weakref

import pytest

from solitaire.i18n import ar, en
from solitaire.server.heap import THAW_SECONDS, Heap
from solitaire.server.lobby import BASE_WINDOW, WRONG_CODES, WRONG_WINDOW, Queue, Rooms, window
from solitaire.server.names import FALLBACK, MAX_NAME, clean_name, numbered
from solitaire.server.ratings import Skill, rated, tier_of
from solitaire.server.store import PROVISIONAL_DUELS, DuelRecord, SideRecord, Store, key_hash


# -- names -----------------------------------------------------------------------------------
def test_a_name_loses_control_bidi_and_zero_width_characters():
    assert clean_name("Sa\u202era\u200b\u2066h\x07\n") == "Sarah"
    assert clean_name("  Ann   \t Lee ") == "Ann Lee"
    assert clean_name("\u200d\u202e") == FALLBACK


def test_a_name_is_cut_to_twenty_characters_and_keeps_arabic_whole():
    assert len(clean_name("x" * 50)) == MAX_NAME
    assert clean_name("سارة") == "سارة"


@pytest.mark.parametrize("strings", [en.STRINGS, ar.STRINGS], ids=["en", "ar"])
@pytest.mark.parametrize("strength", ["easy", "medium", "hard"])
def test_a_name_copying_a_computer_label_is_changed(strings, strength):
    label = strings["duel.computer"].format(strength=strings[f"duel.strength.{strength}"])
    assert clean_name(label) == FALLBACK
    assert clean_name(label.upper().replace(" ", "")) == FALLBACK


def test_players_of_one_name_are_told_apart():
    assert [numbered("Sara", n) for n in range(3)] == ["Sara", "Sara#2", "Sara#3"]
    assert len(numbered("y" * 20, 11)) == MAX_NAME


# -- ratings ---------------------------------------------------------------------------------
def test_a_win_raises_a_loss_lowers_and_a_tie_counts():
    new = Skill()
    winner, loser = rated(new, new, "first")
    assert winner.number > new.number > loser.number
    a, b = rated(new, new, "tie")
    assert a == b and a.sigma < new.sigma  # a tie is information too
    assert tier_of(new.number) == "silver" and tier_of(2000) == "diamond"


# -- the lobby -------------------------------------------------------------------------------
def test_the_queue_pairs_close_ratings_at_once_and_far_ones_after_waiting():
    queue: Queue[str] = Queue()
    queue.add("a", 1000, 0.0)
    queue.add("b", 1050, 0.0)
    queue.add("c", 1600, 0.0)
    assert queue.pairs(0.0) == [("a", "b")]
    queue.add("d", 1000, 1.0)
    assert queue.pairs(1.0) == []  # 600 apart: the windows are narrow still
    wait = (600 - BASE_WINDOW) / 25
    assert queue.pairs(wait) == [("c", "d")]
    assert window(0) == BASE_WINDOW and window(1e6) == 1000


def test_a_room_is_joined_by_its_code_once_and_wrong_codes_are_throttled():
    rooms: Rooms[str] = Rooms()
    code = rooms.make("maker", 0.0)
    assert len(code) == 5 and rooms.join(code.lower(), "1.2.3.4", 1.0) == "maker"
    assert rooms.join(code, "1.2.3.4", 1.0) is None  # used up
    for _ in range(WRONG_CODES - 1):
        rooms.join("ZZZZZ", "1.2.3.4", 2.0)
    assert rooms.throttled("1.2.3.4", 2.0) and not rooms.throttled("5.6.7.8", 2.0)
    assert not rooms.throttled("1.2.3.4", 2.0 + WRONG_WINDOW)


# -- the store -------------------------------------------------------------------------------
def record(duel_id: str, first: int, second: int, outcome: str = "first") -> DuelRecord:
    sides = (SideRecord(first, 50, 10, 60, 4, "end"), SideRecord(second, 20, 0, 20, 1, "time"))
    return DuelRecord(duel_id, "DU2-D3N-AAAAAAB", 240, 0.0, 1.0, sides, outcome, "", [[1.0, 0, "s", "ok"]])


def test_the_store_keeps_a_hash_of_the_key_and_tells_names_apart(tmp_path):
    store = Store(tmp_path)
    sara = store.player("k" * 30, "Sara")
    other = store.player("j" * 30, "sara")
    assert (sara.name, other.name) == ("Sara", "Sara#2")  # numbered in the first holder's spelling
    assert store.player("k" * 30, "Sara").id == sara.id  # the same key is the same player
    rows = store.db.execute("SELECT key_hash FROM players").fetchall()
    assert ("k" * 30,) not in rows and (key_hash("k" * 30),) in rows


def test_a_finished_duel_is_written_whole_once(tmp_path):
    store = Store(tmp_path)
    a, b = store.player("a" * 30, "A").id, store.player("b" * 30, "B").id
    before, after = store.record(record("d1", a, b))
    assert after[0].number > before[0].number
    again = store.record(record("d1", a, b, outcome="second"))  # another process's write of it: none
    assert again == (before, after)  # its ratings as written first
    assert store.counts() == {"duels": 1, "results": 2, "players": 2}
    sides = store.written("d1")
    assert sides is not None and [side.outcome for side in sides] == ["win", "loss"]
    assert sides[0].line == {"score": 50, "bonus": 10, "total": 60, "foundation": 4, "ended": "end"}
    assert store.written("d2") is None
    assert store.skill(a) == after[0]
    assert store.db.execute("PRAGMA journal_mode").fetchone() == ("wal",)


def test_the_leaderboard_has_the_top_and_your_place(tmp_path):
    store = Store(tmp_path)
    ids = [store.player(f"{n}" * 30, f"P{n}").id for n in range(5)]
    for index in range(PROVISIONAL_DUELS * 4):
        store.record(record(f"d{index}", ids[index % 4], ids[index % 4 + 1]))
    top, you = store.leaderboard(ids[4], limit=2)
    assert [line["place"] for line in top] == [1, 2]
    assert top[0]["number"] >= top[1]["number"]
    assert you is not None and you["name"] == "P4" and you["place"] == 5


def test_the_heap_is_set_aside_from_the_collector_and_handed_back_to_it_in_time():
    """``server.heap``: what lives is frozen (not scanned by collections), and cyclic garbage
    set aside with it is collected at the thaw, not before."""

    class Node:
        pass

    now = [0.0]
    heap = Heap(clock=lambda: now[0])
    node = Node()
    node.me = node  # a cycle: only the collector frees it
    gone = weakref.ref(node)
    try:
        heap.settle()
        assert gc.get_freeze_count() > 0
        del node
        gc.collect()
        assert gone() is not None  # set aside: not collected
        now[0] = THAW_SECONDS
        heap.settle()
        assert gone() is None  # handed back and collected at the thaw
    finally:
        gc.unfreeze()
