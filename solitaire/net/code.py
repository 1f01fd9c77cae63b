"""The duel code: what a host reads out and a joiner types (issue 15).

A code holds the host's IPv4 address, its port and a random secret, in letters only, from an
alphabet of sixteen letters none of which looks like another letter or a digit (no B/8, G/6,
I/L/1, O/Q/0, S/5, U/V, Y, Z/2). Sixteen letters carry four bits each:

    address (32 bits) · port (16) · secret (28) · check letter (4)  =  20 letters, ACDE-FHJK-…

The check letter makes the weighted sum of all twenty letters zero in GF(16), each letter's
weight a different power of a generator: so every single mistyped letter and every swap of two
different neighbours is caught before anything is sent anywhere (Luhn mod 16 misses A↔X swaps). The plain form
``address:port:SECRET`` (the secret as its seven letters) is read too.
"""

from __future__ import annotations

import ipaddress
import secrets
from dataclasses import dataclass

from solitaire.core.quote import clip

ALPHABET = "ACDEFHJKMNPRTVWX"
SECRET_LETTERS = 7
GROUP = 4
DEFAULT_PORT = 47474
_BITS = 4
_PAYLOAD_LETTERS = (32 + 16 + SECRET_LETTERS * _BITS) // _BITS  # 19


class BadDuelCode(ValueError):
    """A duel code or address that cannot be read: one English sentence (the command line's),
    and the i18n key with its parameters the screens translate it by."""

    def __init__(self, key: str, message: str, **params: object) -> None:
        super().__init__(message)
        self.key = f"net.code.{key}"
        self.params = params


@dataclass(frozen=True)
class DuelAddress:
    """Where a host listens, and the secret a joiner must present."""

    host: str
    port: int
    secret: str

    @property
    def code(self) -> str:
        """The letters-only duel code, in groups of four."""
        return format_code(self)

    @property
    def plain(self) -> str:
        return f"{self.host}:{self.port}:{self.secret}"


def new_secret() -> str:
    """Seven letters of the alphabet, from the operating system's random source."""
    return "".join(secrets.choice(ALPHABET) for _ in range(SECRET_LETTERS))


def format_code(address: DuelAddress) -> str:
    value = int(ipaddress.IPv4Address(address.host))
    value = (value << 16) | address.port
    for letter in address.secret:
        value = (value << _BITS) | ALPHABET.index(letter)
    digits = [(value >> (_BITS * i)) & 0xF for i in reversed(range(_PAYLOAD_LETTERS))]
    digits.append(_check_digit(digits))
    letters = "".join(ALPHABET[d] for d in digits)
    return "-".join(letters[i:i + GROUP] for i in range(0, len(letters), GROUP))


def parse_address(text: object) -> DuelAddress:
    """Read a duel code or ``address:port:SECRET``; BadDuelCode says what is wrong, in a line."""
    if not isinstance(text, str) or not text.strip():
        raise BadDuelCode("empty", "type the duel code the host shows (like ACDE-FHJK-MNPR-TVWX-ACDE)")
    raw = text.strip()
    return _parse_plain(raw) if ":" in raw else _parse_code(raw)


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
    if _check_digit(digits[:-1]) != digits[-1]:
        raise BadDuelCode("mistyped", f"'{clip(raw)}' is not a duel code: a letter is mistyped "
                                      "(check it against the host's screen)")
    value = 0
    for digit in digits[:-1]:
        value = (value << _BITS) | digit
    secret_bits = SECRET_LETTERS * _BITS
    secret_value = value & ((1 << secret_bits) - 1)
    secret = "".join(ALPHABET[(secret_value >> (_BITS * i)) & 0xF] for i in reversed(range(SECRET_LETTERS)))
    port = (value >> secret_bits) & 0xFFFF
    host = str(ipaddress.IPv4Address(value >> (secret_bits + 16)))
    return DuelAddress(host, _port(port, raw), secret)


def _parse_plain(raw: str) -> DuelAddress:
    parts = raw.split(":")
    if len(parts) != 3:
        raise BadDuelCode("plain", f"'{clip(raw)}': write the address as address:port:secret, like 192.168.1.20:47474:ACDEFHJ")
    host_text, port_text, secret_text = (p.strip() for p in parts)
    try:
        host = str(ipaddress.IPv4Address(host_text))
    except ValueError:
        raise BadDuelCode("address", f"'{clip(host_text)}' is not an IPv4 address (four numbers 0-255 with dots)",
                          text=clip(host_text)) from None
    if not (port_text.isascii() and port_text.isdigit() and len(port_text) <= 5):
        raise BadDuelCode("port", f"'{clip(port_text)}' is not a port number (1-65535)", text=clip(port_text))
    secret = secret_text.upper()
    if len(secret) != SECRET_LETTERS or any(ch not in ALPHABET for ch in secret):
        raise BadDuelCode("secret",
                          f"the secret is {SECRET_LETTERS} letters of {' '.join(ALPHABET)}; '{clip(secret_text)}' is not",
                          count=SECRET_LETTERS, letters=" ".join(ALPHABET))
    return DuelAddress(host, _port(int(port_text), raw), secret)


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
