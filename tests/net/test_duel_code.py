"""The duel code (issues 15 and 25): letters only, from an alphabet without look-alikes, holding
the host's IPv4 address, its duel server's port and the room made there (never the deal); a
mistyped letter is caught by the check letter."""

from __future__ import annotations

import random

import pytest

import secrets

from solitaire.net.code import (ALPHABET, ROOM_LENGTH, ROOM_LETTERS, BadDuelCode, DuelAddress, _check_digit,
                                parse_address)

ADDRESS = DuelAddress("192.168.1.20", 47474, "K7QXM")


def new_room() -> str:
    return "".join(secrets.choice(ROOM_LETTERS) for _ in range(ROOM_LENGTH))


def test_a_code_is_letters_only_in_groups_and_reads_back():
    code = ADDRESS.code
    assert set(code) <= set(ALPHABET) | {"-"}
    assert [len(group) for group in code.split("-")] == [4, 4, 4, 4, 4]
    assert parse_address(code) == ADDRESS
    assert parse_address(code.lower().replace("-", " ")) == ADDRESS


@pytest.mark.parametrize("host,port", [("0.0.0.0", 1), ("255.255.255.255", 65535), ("127.0.0.1", 47474)])
def test_every_address_and_port_fits(host, port):
    address = DuelAddress(host, port, new_room())
    assert parse_address(address.code) == address
    assert address.url == f"ws://{host}:{port}"


@pytest.mark.parametrize("room", ["AAAAA", "99999", "K7QXM", "ZZZZZ"])
def test_every_room_fits(room):
    assert parse_address(DuelAddress("10.0.0.7", 47474, room).code).room == room


def test_the_alphabet_has_no_look_alikes():
    assert len(ALPHABET) == len(set(ALPHABET)) == 16
    assert not set(ALPHABET) & set("BGILOQSUYZ0123456789")


def test_every_single_mistyped_letter_is_caught():
    letters = ADDRESS.code.replace("-", "")
    for i, right in enumerate(letters):
        for wrong in ALPHABET.replace(right, ""):
            with pytest.raises(BadDuelCode, match="mistyped"):
                parse_address(letters[:i] + wrong + letters[i + 1:])


def test_every_swap_of_two_different_neighbours_is_caught():
    rng = random.Random(15)
    for _ in range(200):
        address = DuelAddress(f"10.{rng.randrange(256)}.{rng.randrange(256)}.{rng.randrange(256)}",
                              rng.randrange(1, 65536), "".join(rng.choice(ROOM_LETTERS) for _ in range(ROOM_LENGTH)))
        letters = address.code.replace("-", "")
        for i in range(len(letters) - 1):
            if letters[i] != letters[i + 1]:
                with pytest.raises(BadDuelCode, match="mistyped"):
                    parse_address(letters[:i] + letters[i + 1] + letters[i] + letters[i + 2:])


def test_the_plain_form_reads_too():
    assert parse_address("192.168.1.20:47474:k7qxm") == ADDRESS
    assert ADDRESS.plain == "192.168.1.20:47474:K7QXM"


@pytest.mark.parametrize("text,says", [
    ("", "type the duel code"),
    ("KXAA-AAAC-MPTH-NDFW-AMH", "has 20 letters"),
    ("KXAA-AAOC-MPTH-NDFW-AMHT", "'O' is not in duel codes"),
    ("KXAA-AA0C-MPTH-NDFW-AMHT", "'0' is not in duel codes"),
    ("192.168.1:47474:K7QXM", "not an IPv4 address"),
    ("192.168.1.20:port:K7QXM", "not a port number"),
    ("192.168.1.20:0:K7QXM", "between 1 and 65535"),
    ("192.168.1.20:70000:K7QXM", "between 1 and 65535"),
    ("192.168.1.20:47474:K7QX", "the room is 5 letters"),
    ("192.168.1.20:47474:K7QX0", "the room is 5 letters"),
    ("192.168.1.20:47474", "address:port:room"),
])
def test_a_bad_code_is_one_clear_line(text, says):
    with pytest.raises(BadDuelCode, match=says) as caught:
        parse_address(text)
    assert "\n" not in str(caught.value)


def test_a_code_whose_room_number_no_room_has_is_refused():
    """Two letters wrong can pass the check letter and still name no room: refused as mistyped."""
    letters = DuelAddress("10.0.0.7", 47474, "99999").code.replace("-", "")
    payload = [ALPHABET.index(ch) for ch in letters[:-1]]
    payload[-7] = 0xF  # the room's top bits: a number past 32^5
    forged = "".join(ALPHABET[d] for d in payload + [_check_digit(payload)])
    with pytest.raises(BadDuelCode, match="mistyped"):
        parse_address(forged)
