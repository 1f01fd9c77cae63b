"""The duel code (issue 15): letters only, from an alphabet without look-alikes, holding the
host's IPv4 address, its port and the secret; a mistyped letter is caught by the check letter."""

from __future__ import annotations

import random

import pytest

from solitaire.net.code import ALPHABET, BadDuelCode, DuelAddress, new_secret, parse_address

ADDRESS = DuelAddress("192.168.1.20", 47474, "KMRTXAC")


def test_a_code_is_letters_only_in_groups_and_reads_back():
    code = ADDRESS.code
    assert set(code) <= set(ALPHABET) | {"-"}
    assert [len(group) for group in code.split("-")] == [4, 4, 4, 4, 4]
    assert parse_address(code) == ADDRESS
    assert parse_address(code.lower().replace("-", " ")) == ADDRESS


@pytest.mark.parametrize("host,port", [("0.0.0.0", 1), ("255.255.255.255", 65535), ("127.0.0.1", 47474)])
def test_every_address_and_port_fits(host, port):
    address = DuelAddress(host, port, new_secret())
    assert parse_address(address.code) == address


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
                              rng.randrange(1, 65536), "".join(rng.choice(ALPHABET) for _ in range(7)))
        letters = address.code.replace("-", "")
        for i in range(len(letters) - 1):
            if letters[i] != letters[i + 1]:
                with pytest.raises(BadDuelCode, match="mistyped"):
                    parse_address(letters[:i] + letters[i + 1] + letters[i] + letters[i + 2:])


def test_the_plain_form_reads_too():
    assert parse_address("192.168.1.20:47474:kmrtxac") == ADDRESS
    assert ADDRESS.plain == "192.168.1.20:47474:KMRTXAC"


@pytest.mark.parametrize("text,says", [
    ("", "type the duel code"),
    ("KXAA-AAAC-MPTH-NDFW-AMH", "has 20 letters"),
    ("KXAA-AAOC-MPTH-NDFW-AMHT", "'O' is not in duel codes"),
    ("KXAA-AA0C-MPTH-NDFW-AMHT", "'0' is not in duel codes"),
    ("192.168.1:47474:KMRTXAC", "not an IPv4 address"),
    ("192.168.1.20:port:KMRTXAC", "not a port number"),
    ("192.168.1.20:0:KMRTXAC", "between 1 and 65535"),
    ("192.168.1.20:70000:KMRTXAC", "between 1 and 65535"),
    ("192.168.1.20:47474:KMRT", "the secret is 7 letters"),
    ("192.168.1.20:47474", "address:port:secret"),
])
def test_a_bad_code_is_one_clear_line(text, says):
    with pytest.raises(BadDuelCode, match=says) as caught:
        parse_address(text)
    assert "\n" not in str(caught.value)


def test_secrets_are_random_letters():
    secrets = {new_secret() for _ in range(50)}
    assert len(secrets) == 50
    assert all(len(s) == 7 and set(s) <= set(ALPHABET) for s in secrets)
