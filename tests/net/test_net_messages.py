"""The duel protocol's lines and messages (issue 15): one JSON object a line, UTF-8, at most
64 KiB; every field type- and range-checked; a wrong version named as such."""

from __future__ import annotations

import pytest

from solitaire.net.framing import MAX_LINE, LineReader, ProtocolError, decode_line, encode_line
from solitaire.net.messages import VERSION, Bye, Deal, Hello, Move, VersionMismatch, from_json, to_json


def test_lines_come_whole_from_pieces():
    reader = LineReader()
    assert reader.feed(b'{"type":"be') == []
    assert reader.feed(b'at"}\n{"type":"beat"}\n{"ty') == [b'{"type":"beat"}', b'{"type":"beat"}']
    assert reader.feed(b'pe":"beat"}\n') == [b'{"type":"beat"}']


def test_a_line_of_the_limit_passes_and_one_byte_more_is_refused_before_its_end():
    reader = LineReader()
    assert reader.feed(b"x" * MAX_LINE + b"\n") == [b"x" * MAX_LINE]
    reader.feed(b"y" * MAX_LINE)
    with pytest.raises(ProtocolError) as caught:
        reader.feed(b"y")  # no newline yet: refused as soon as the limit is passed
    assert caught.value.key == "net.error.too_long"


@pytest.mark.parametrize("line", [b"\xff\xfe", b"not json", b"[1, 2]", b'{"type": NaN}', b'"text"', b"[" * 100000])
def test_what_is_not_a_json_object_is_garbage(line):
    with pytest.raises(ProtocolError) as caught:
        decode_line(line)
    assert caught.value.key == "net.error.garbage"


def test_messages_go_and_come_back_unchanged():
    for message in (Hello(VERSION, "Zaïd زيد", 3, secret="KMRTXAC", session="ab12"), Deal("DU2-D3N-AAAAAAB", 20),
                    Move(7, "t3:2>t5", 12.5), Bye("left")):
        assert from_json(decode_line(encode_line(to_json(message))[:-1])) == message


def test_a_hello_of_another_version_names_both():
    with pytest.raises(VersionMismatch) as caught:
        from_json({"type": "hello", "version": VERSION + 1, "anything": "else"})
    assert caught.value.theirs == VERSION + 1
    assert f"version {VERSION + 1}" in str(caught.value) and f"we speak {VERSION}" in str(caught.value)


@pytest.mark.parametrize("data", [
    {"type": "launch"},
    {"name": "no type"},
    {"type": "hello", "version": True, "name": "a", "have": 0},
    {"type": "hello", "version": VERSION, "name": "", "have": 0},
    {"type": "hello", "version": VERSION, "name": "x" * 33, "have": 0},
    {"type": "hello", "version": VERSION, "name": "a\nb", "have": 0},
    {"type": "hello", "version": VERSION, "name": "a", "have": -1},
    {"type": "hello", "version": VERSION, "name": "a", "have": 0, "admin": True},
    {"type": "move", "n": 1, "move": "__import__('os')", "at": 1.0},
    {"type": "move", "n": 1, "move": "s", "at": "1.0"},
    {"type": "move", "n": 1.5, "move": "s", "at": 1.0},
    {"type": "move", "n": 0, "move": "s", "at": 1.0},
    {"type": "move", "n": 1, "move": "s", "at": -0.1},
    {"type": "move", "n": 1, "move": "s"},
    {"type": "deal", "code": "KL1-D1N-AAAAAAB", "seconds": 20},
    {"type": "deal", "code": "DU2-D3N-AAAAAAB", "seconds": 241},
    {"type": "deal", "code": "DU2-D3N-AAAAAAB", "seconds": 0},
    {"type": "end", "at": 1e9},
    {"type": "bye", "reason": "bored"},
    {"type": "refused", "reason": "secret", "version": "1"},
])
def test_every_field_is_checked(data):
    with pytest.raises(ProtocolError) as caught:
        from_json(data)
    assert caught.value.key == "net.error.garbage"


def test_numbers_are_read_as_numbers():
    assert from_json({"type": "move", "n": 2, "move": "W>F", "at": 3}) == Move(2, "W>F", 3.0)


def test_a_players_name_is_made_fit_for_a_hello():
    from solitaire.net.messages import MAX_NAME, player_name

    assert player_name("  Zaïd\tزيد \n") == "Zaïdزيد"
    assert player_name("x" * 50) == "x" * MAX_NAME
    assert player_name("\x00\x07 ") == "Player"
    from_json({"type": "hello", "version": VERSION, "name": player_name("x" * 50 + "\n"), "have": 0})
