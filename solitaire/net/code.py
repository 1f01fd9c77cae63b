"""The duel code of a duel hosted on this computer (issues 15 and 25): what the host reads out and
the friend types. It holds where the host's game runs its duel server (its IPv4 address and port)
and the private room the host made there, never the deal: the server holds that.

A room is ``ROOM_LENGTH`` of ``ROOM_LETTERS`` (the server's room codes: no 0/O or 1/I to misread).
The duel code writes the three in letters only, from an alphabet of sixteen letters none of which
looks like another letter or a digit (no B/8, G/6, I/L/1, O/Q/0, S/5, U/V, Y, Z/2). Sixteen
letters carry four bits each:

    address (32 bits) · port (16) · room (25 bits in 28) · check letter (4)  =  20 letters, ACDE-FHJK-…

The check letter makes the weighted sum of all twenty letters zero in GF(16), each letter's
weight a different power of a generator: so every single mistyped letter and every swap of two
different neighbours is caught before anything is sent anywhere (Luhn mod 16 misses A↔X swaps).
The plain form ``address:port:ROOM`` is read too.
"""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass

from solitaire.core.quote import clip

ALPHABET = "ACDEFHJKMNPRTVWX"
ROOM_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
ROOM_LENGTH = 5
GROUP = 4
_BITS = 4
_ROOM_BITS = 28  # 5 letters of 32 (25 bits), in whole letters of the code
_PAYLOAD_LETTERS = (32 + 16 + _ROOM_BITS) // _BITS  # 19


class BadDuelCode(ValueError):
    """A duel code or address that cannot be read: one English sentence (the command line's),
    and the i18n key with its parameters the screens translate it by."""

    def __init__(self, key: str, message: str, **params: object) -> None:
        super().__init__(message)
        self.key = f"net.code.{key}"
        self.params = params


@dataclass(frozen=True)
class DuelAddress:
    """Where a host's duel server listens, and the room the friend joins there."""

    host: str
    port: int
    room: str

    @property
    def code(self) -> str:
        """The letters-only duel code, in groups of four."""
        return format_code(self)

    @property
    def plain(self) -> str:
        return f"{self.host}:{self.port}:{self.room}"

    @property
    def url(self) -> str:
        """The duel server's WebSocket address."""
        return f"ws://{self.host}:{self.port}"


def format_code(address: DuelAddress) -> str:
    value = int(ipaddress.IPv4Address(address.host))
    value = (value << 16) | address.port
    value = (value << _ROOM_BITS) | _room_number(address.room)
    digits = [(value >> (_BITS * i)) & 0xF for i in reversed(range(_PAYLOAD_LETTERS))]
    digits.append(_check_digit(digits))
    letters = "".join(ALPHABET[d] for d in digits)
    return "-".join(letters[i:i + GROUP] for i in range(0, len(letters), GROUP))


def parse_address(text: object) -> DuelAddress:
    """Read a duel code or ``address:port:ROOM``; BadDuelCode says what is wrong, in a line."""
    if not isinstance(text, str) or not text.strip():
        raise BadDuelCode("empty", "type the duel code the host shows (like ACDE-FHJK-MNPR-TVWX-ACDE)")
    raw = text.strip()
    return _parse_plain(raw) if ":" in raw else _parse_code(raw)


def _room_number(room: str) -> int:
    number = 0
    for letter in room:
        number = number * len(ROOM_LETTERS) + ROOM_LETTERS.index(letter)
    return number


def _room_text(number: int) -> str:
    letters = []
    for _ in range(ROOM_LENGTH):
        number, letter = divmod(number, len(ROOM_LETTERS))
        letters.append(ROOM_LETTERS[letter])
    return "".join(reversed(letters))


def _parse_code(raw: str) -> DuelAddress:
    letters = "".join(ch for ch in raw.upper() if ch not in "- ")
    for ch in letters:
        if ch not in ALPHABET:
            raise BadDuelCode("letter", f"'{ch}' is not in duel codes: they use only the letters {' '.join(ALPHABET)}",
                              letter=ch, letters=" ".join(ALPHABET))
    expected = _PAYLOAD_LETTERS + 1
    if len(letters) != expected:
        raise BadDuelCode("length", f"a duel code has {expected} letters; '{clip(raw)}' has {len(letters)}",
                          expected=expected, count=len(letters))
    digits = [ALPHABET.index(ch) for ch in letters]
    mistyped = BadDuelCode("mistyped", f"'{clip(raw)}' is not a duel code: a letter is mistyped "
                                       "(check it against the host's screen)")
    if _check_digit(digits[:-1]) != digits[-1]:
        raise mistyped
    value = 0
    for digit in digits[:-1]:
        value = (value << _BITS) | digit
    room = value & ((1 << _ROOM_BITS) - 1)
    if room >= len(ROOM_LETTERS) ** ROOM_LENGTH:  # more than one letter wrong: no room has that number
        raise mistyped
    port = (value >> _ROOM_BITS) & 0xFFFF
    host = str(ipaddress.IPv4Address(value >> (_ROOM_BITS + 16)))
    return DuelAddress(host, _port(port, raw), _room_text(room))


def _parse_plain(raw: str) -> DuelAddress:
    parts = raw.split(":")
    if len(parts) != 3:
        raise BadDuelCode("plain", f"'{clip(raw)}': write the address as address:port:room, like 192.168.1.20:47474:K7QXM")
    host_text, port_text, room_text = (p.strip() for p in parts)
    try:
        host = str(ipaddress.IPv4Address(host_text))
    except ValueError:
        raise BadDuelCode("address", f"'{clip(host_text)}' is not an IPv4 address (four numbers 0-255 with dots)",
                          text=clip(host_text)) from None
    if not (port_text.isascii() and port_text.isdigit() and len(port_text) <= 5):
        raise BadDuelCode("port", f"'{clip(port_text)}' is not a port number (1-65535)", text=clip(port_text))
    room = room_text.upper()
    if len(room) != ROOM_LENGTH or any(ch not in ROOM_LETTERS for ch in room):
        raise BadDuelCode("room", f"the room is {ROOM_LENGTH} letters and digits (no 0, 1, I or O); "
                                  f"'{clip(room_text)}' is not", count=ROOM_LENGTH)
    return DuelAddress(host, _port(int(port_text), raw), room)


def _port(port: int, raw: str) -> int:
    if not 1 <= port <= 65535:
        raise BadDuelCode("port", f"'{clip(raw)}': the port must be between 1 and 65535", text=str(port))
    return port


def _check_digit(digits: list[int]) -> int:
    """The letter that makes sum(α^k · d_k) zero in GF(16), the check letter's weight being α^0
    and the letter before it α^1, … (α = x, the field GF(2)[x] / (x^4 + x + 1)).
    """
    total, weight = 0, 1
    for digit in reversed(digits):
        weight = _times_x(weight)
        total ^= _multiply(weight, digit)
    return total  # weight α^0 = 1, and in GF(2^n) a value is its own negative


def _times_x(value: int) -> int:
    value <<= 1
    return value ^ 0b10011 if value & 0b10000 else value


def _multiply(a: int, b: int) -> int:
    product = 0
    while b:
        if b & 1:
            product ^= a
        a, b = _times_x(a), b >> 1
    return product
