"""Line framing of the duel protocol: one JSON object per line, UTF-8, at most 64 KiB a line.

Bytes arrive in pieces; ``LineReader`` keeps what has come and hands out whole lines. A line
longer than the limit is refused as soon as the limit is passed, without waiting for its end, so
a peer cannot make us hold more than one line's worth of its bytes.
"""

from __future__ import annotations

import json

MAX_LINE = 64 * 1024


class ProtocolError(Exception):
    """The peer broke the protocol. ``key`` is an i18n key for the player; the message says
    exactly what came, for the log and the tests.
    """

    def __init__(self, key: str, detail: str) -> None:
        super().__init__(detail)
        self.key = key


class LineReader:
    def __init__(self, limit: int = MAX_LINE) -> None:
        self.limit = limit
        self._pending = bytearray()

    def feed(self, data: bytes) -> list[bytes]:
        """The whole lines completed by ``data`` (without their newline)."""
        self._pending += data
        lines = []
        while (end := self._pending.find(b"\n")) >= 0:
            if end > self.limit:
                break
            lines.append(bytes(self._pending[:end]))
            del self._pending[:end + 1]
        if self._pending.find(b"\n", 0, self.limit + 1) < 0 and len(self._pending) > self.limit:
            raise ProtocolError("net.error.too_long", f"a line longer than {self.limit} bytes")
        return lines


def decode_line(line: bytes) -> dict:
    """One line as a JSON object; anything else (bad UTF-8, not JSON, NaN, not an object) is a
    ProtocolError.
    """
    try:
        value = json.loads(line.decode("utf-8"), parse_constant=_no_constants)
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise ProtocolError("net.error.garbage", f"not a JSON line: {line[:80]!r}") from None
    if not isinstance(value, dict):
        raise ProtocolError("net.error.garbage", f"not a JSON object: {line[:80]!r}")
    return value


def encode_line(message: dict) -> bytes:
    data = json.dumps(message, ensure_ascii=False, separators=(",", ":"), allow_nan=False).encode("utf-8")
    if len(data) > MAX_LINE:
        raise ValueError(f"a message of {len(data)} bytes is over the line limit")
    return data + b"\n"


def _no_constants(name: str) -> float:
    raise ValueError(f"{name} is not a number")
