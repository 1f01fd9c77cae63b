"""The lobby's side of a comeback while waiting (issue 25): a player back in the queue keeps the
seconds waited (capped), and a room's maker makes it again under its code when no room holds it."""

from __future__ import annotations

from solitaire.net.online_messages import FROM_PLAYER, Find, Room, decode, encode
from solitaire.server.lobby import CARRIED_WAIT, WRONG_CODES, Queue, Rooms, window


def test_a_player_back_in_the_queue_keeps_the_wait_and_its_window_capped():
    queue: Queue[str] = Queue()
    assert queue.add("ann", 1500, 100.0, waited=12.0) == 12.0
    assert queue.waited("ann", 100.0) == 12.0 and window(queue.waited("ann", 100.0)) > window(0.0)
    assert queue.add("bob", 1500, 100.0, waited=1e9) == CARRIED_WAIT
    assert queue.add("cat", 1500, 100.0, waited=-5.0) == 0.0
    assert queue.add("ann", 1500, 200.0, waited=0.0) == 112.0  # already queued: the first entry stands


def test_a_room_is_kept_under_its_code_once_and_a_refused_code_counts_as_a_wrong_one():
    rooms: Rooms[str] = Rooms()
    assert rooms.keep("ann", "K7QXM", "1.2.3.4", 0.0) and rooms.rooms["K7QXM"][0] == "ann"
    assert not rooms.keep("bob", "K7QXM", "5.6.7.8", 0.0)  # held here: not Bob's
    assert not rooms.keep("bob", "K0QXM", "5.6.7.8", 0.0) and not rooms.keep("bob", "K7QX", "5.6.7.8", 0.0)
    for _ in range(WRONG_CODES - 3):
        rooms.keep("bob", "AAAA", "5.6.7.8", 0.0)
    assert rooms.throttled("5.6.7.8", 1.0) and not rooms.throttled("1.2.3.4", 1.0)
    assert rooms.join("K7QXM", "9.9.9.9", 1.0) == "ann"


def test_find_and_room_carry_the_comeback_and_old_shapes_still_read():
    assert decode(encode(Find(3.5)), FROM_PLAYER) == Find(3.5)
    assert decode('{"type": "find"}', FROM_PLAYER) == Find(0.0)
    assert decode(encode(Room("K7QXM", keep=True)), FROM_PLAYER) == Room("K7QXM", True)
    assert decode('{"type": "room", "code": ""}', FROM_PLAYER) == Room("", False)
