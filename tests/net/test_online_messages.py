"""The online protocol's messages written and read back (``encode``, ``decode``), and what
``decode`` refuses: nothing a peer sends is trusted (issue 25 items 1 and 9)."""

from __future__ import annotations

import json
import typing

import pytest
from msgspec.structs import fields

from solitaire.net.online_messages import (FROM_PLAYER, FROM_SERVER, NAMES, Hello, MoveMessage, Ok, ProtocolError,
                                           RivalProgress, decode, encode)

SAMPLES = {int: 3, float: 1.5, str: "x", bool: True, list: ["QH"], dict: {"a": 1}}


def sample(cls: type):
    """A message of ``cls`` with a plain value of each field's type (``Annotated[int, ...]``: int)."""
    return cls(**{field.name: SAMPLES[typing.get_args(field.type)[0] if typing.get_args(field.type) else field.type]
                  for field in fields(cls)})


@pytest.mark.parametrize("cls", sorted(NAMES, key=lambda cls: NAMES[cls]), ids=lambda cls: NAMES[cls])
def test_every_message_is_written_type_first_with_its_fields_and_read_back(cls):
    message = sample(cls)
    text = encode(message)
    assert list(json.loads(text)) == ["type", *(f.name for f in fields(cls))]
    assert text.startswith('{"type":"%s"' % NAMES[cls])  # the benchmark's players read answers by it
    table = FROM_PLAYER if NAMES[cls] in FROM_PLAYER and FROM_PLAYER[NAMES[cls]] is cls else FROM_SERVER
    if cls is not Hello:  # a hello's key has a length limit the sample does not meet
        assert decode(text, table) == message
        assert decode(text.encode(), table) == message


def test_the_answers_of_a_move_read_back():
    assert decode(encode(Ok(4, ["QH", "2C"], 15, 201.25, {"foundation": 10})), FROM_SERVER) \
        == Ok(4, ["QH", "2C"], 15, 201.25, {"foundation": 10})
    assert decode(encode(RivalProgress(5, 2, 9, False)), FROM_SERVER) == RivalProgress(5, 2, 9, False, False)


@pytest.mark.parametrize("text, says", [
    (b'{"type":"move","n":1,"move":"s"\xff}', "not JSON"),  # not UTF-8
    ('{"type":"move","n":NaN,"move":"s"}', "not JSON"),
    ('{"type":"move","n":Infinity,"move":"s"}', "not JSON"),
    ("[1, 2]", "Expected `object`, got `array`"),
    ('{"type":"deal"}', "Invalid value 'deal' - at `\\$.type`"),
    ('{"type":"move","n":1,"move":"s","score":9999}', "unknown field `score`"),
    ('{"type":"move","move":"s"}', "missing required field `n`"),
    ('{"type":"move","n":"1","move":"s"}', "Expected `int`, got `str` - at `\\$.n`"),
    ('{"type":"move","n":true,"move":"s"}', "Expected `int`, got `bool` - at `\\$.n`"),
    ("\ufeff" + '{"type":"move","n":1,"move":"s"}', "not JSON"),
    ('{"type":"move","n":1,"move":"\\ud800"}', "not JSON"),  # a lone surrogate: no UTF-8 text holds it
    ('{"type":"move","n":100001,"move":"s"}', "Expected `int` <= 100000 - at `\\$.n`"),
    ('{"type":"move","n":1,"move":"%s"}' % ("s" * 25), "Expected `str` of length <= 24 - at `\\$.move`"),
    ('{"type":"find","waited":1e400}', "Number out of range - at `\\$.waited`"),
    ('{"type":"room","code":"","keep":1}', "Expected `bool`, got `int` - at `\\$.keep`"),
])
def test_decode_names_what_is_wrong(text, says):
    with pytest.raises(ProtocolError, match=says):
        decode(text, FROM_PLAYER)


def test_a_daily_board_from_the_server_keeps_the_bounds_of_the_ask_it_answers():
    with pytest.raises(ProtocolError, match="Expected `int` <= 9 - at `\\$.draw`"):
        decode('{"type":"daily_board","game":"klondike","draw":10,"day":"2026-12-02","top":[],"you":{}}', FROM_SERVER)


def test_a_move_is_read_from_the_bytes_of_a_frame():
    assert decode(b'{"type":"move","n":7,"move":"t1>f"}', FROM_PLAYER) == MoveMessage(7, "t1>f")
