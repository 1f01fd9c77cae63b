"""The duel protocol's messages, each a frozen dataclass, read from a JSON object with every field
type- and range-checked (issue 15: nothing the peer sends is trusted; no eval, no pickle).

    hello   {version, name, secret?, session?, have}   first, both ways (the joiner's carries the secret)
    refused {reason, version}                          the host's answer to a hello it will not take
    deal    {code, seconds}                            host: the deal and the race's length
    ping    {id, t} / pong {id, t, host}               the joiner measures the host's clock
    ready   {}                                         joiner: clock measured
    start   {at}                                       host: race time 0, on the host's clock
    move    {n, move, at}                              a move in replay notation, numbered, at race time
    end     {at}                                       End pressed (DU-4)
    beat    {}                                         nothing to say, still here
    bye     {reason, why}                              leaving for good (left, disqualified)

``hello`` and ``refused`` keep this shape in every protocol version, so two versions can always
tell each other which they speak.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, fields
from typing import Any

from ..core import BadCode, parse_code, parse_request, ruleset
from .framing import ProtocolError

VERSION = 2  # 2: DU-5's time bonus changed (issue 22); each side scores both, so both must score alike
MAX_NAME = 32
MAX_NUMBER = 100_000
MAX_RACE_SECONDS = 3600.0
MAX_CLOCK = 1e12
REFUSALS = ("version", "secret", "busy")
BYES = ("left", "disqualified")


class VersionMismatch(ProtocolError):
    def __init__(self, theirs: int) -> None:
        super().__init__("net.error.version", f"the peer speaks protocol version {theirs}, we speak {VERSION}")
        self.theirs = theirs


@dataclass(frozen=True)
class Hello:
    version: int
    name: str
    have: int
    secret: str | None = None
    session: str | None = None


@dataclass(frozen=True)
class Refused:
    reason: str
    version: int


@dataclass(frozen=True)
class Deal:
    code: str
    seconds: int


@dataclass(frozen=True)
class Ping:
    id: int
    t: float


@dataclass(frozen=True)
class Pong:
    id: int
    t: float
    host: float


@dataclass(frozen=True)
class Ready:
    pass


@dataclass(frozen=True)
class Start:
    at: float


@dataclass(frozen=True)
class Move:
    n: int
    move: str
    at: float


@dataclass(frozen=True)
class End:
    at: float


@dataclass(frozen=True)
class Beat:
    pass


@dataclass(frozen=True)
class Bye:
    reason: str
    why: str = ""


Message = Hello | Refused | Deal | Ping | Pong | Ready | Start | Move | End | Beat | Bye
TYPES: dict[str, type] = {
    "hello": Hello, "refused": Refused, "deal": Deal, "ping": Ping, "pong": Pong, "ready": Ready,
    "start": Start, "move": Move, "end": End, "beat": Beat, "bye": Bye,
}
NAMES = {cls: name for name, cls in TYPES.items()}


def player_name(text: str, fallback: str = "Player") -> str:
    """A name as a hello may carry it: printable, trimmed, at most MAX_NAME characters."""
    name = "".join(ch for ch in text if ch.isprintable()).strip()[:MAX_NAME].strip()
    return name or fallback


def to_json(message: Message) -> dict:
    data = {key: value for key, value in asdict(message).items() if value is not None}
    return {"type": NAMES[type(message)], **data}


def from_json(data: dict) -> Message:
    """The message a JSON object holds; ProtocolError names the first thing wrong with it."""
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in TYPES:
        raise _bad(f"unknown message type {str(kind)[:40]!r}")
    if kind == "hello":
        version = data.get("version")
        if type(version) is not int:
            raise _bad("a hello without a protocol version")
        if version != VERSION:
            raise VersionMismatch(version)
    cls = TYPES[kind]
    allowed = {f.name for f in fields(cls)}
    extra = set(data) - allowed - {"type"}
    if extra:
        raise _bad(f"unexpected fields in {kind}: {', '.join(sorted(map(str, extra)))[:80]}")
    values = {name: data.get(name) for name in allowed if name in data}
    _CHECKS[kind](values)
    try:
        return cls(**values)
    except TypeError:
        raise _bad(f"missing fields in {kind}") from None


def _bad(detail: str) -> ProtocolError:
    return ProtocolError("net.error.garbage", detail)


def _int(values: dict, name: str, low: int, high: int) -> None:
    value = values.get(name)
    if type(value) is not int or not low <= value <= high:
        raise _bad(f"'{name}' must be a whole number from {low} to {high}")


def _number(values: dict, name: str, low: float, high: float) -> None:
    value = values.get(name)
    if type(value) not in (int, float) or not math.isfinite(value) or not low <= value <= high:
        raise _bad(f"'{name}' must be a number from {low} to {high}")
    values[name] = float(value)


def _text(values: dict, name: str, limit: int, optional: bool = False) -> None:
    value = values.get(name)
    if value is None and optional:
        return
    if not isinstance(value, str) or len(value) > limit or not value.isprintable():
        raise _bad(f"'{name}' must be text of at most {limit} printable characters")


def _choice(values: dict, name: str, options: tuple[str, ...]) -> None:
    if values.get(name) not in options:
        raise _bad(f"'{name}' must be one of {', '.join(options)}")


def _check_hello(values: dict) -> None:
    _text(values, "name", MAX_NAME)
    if not values["name"].strip():
        raise _bad("'name' must not be empty")
    _int(values, "have", 0, MAX_NUMBER)
    _text(values, "secret", 16, optional=True)
    _text(values, "session", 64, optional=True)


def _check_deal(values: dict) -> None:
    try:
        code = parse_code(values.get("code"))
    except BadCode as error:
        raise _bad(f"'code': {error}") from None
    race = ruleset(code.game).extra.get("duel")  # the level file's [duel] table
    if race is None:
        raise _bad(f"'code': {code} is not a Duel deal")
    _int(values, "seconds", 1, int(race["seconds"]))


def _check_move(values: dict) -> None:
    _int(values, "n", 1, MAX_NUMBER)
    _number(values, "at", 0.0, MAX_RACE_SECONDS)
    _text(values, "move", 24)
    try:
        parse_request(values["move"])
    except ValueError as error:
        raise _bad(f"'move': {error}") from None


def _check_pong(values: dict) -> None:
    _int(values, "id", 0, MAX_NUMBER)
    _number(values, "t", -MAX_CLOCK, MAX_CLOCK)
    _number(values, "host", -MAX_CLOCK, MAX_CLOCK)


def _check_ping(values: dict) -> None:
    _int(values, "id", 0, MAX_NUMBER)
    _number(values, "t", -MAX_CLOCK, MAX_CLOCK)


def _check_bye(values: dict) -> None:
    _choice(values, "reason", BYES)
    _text(values, "why", 300, optional=True)
    values.setdefault("why", "")


def _nothing(values: dict) -> None:
    pass


_CHECKS: dict[str, Any] = {
    "hello": _check_hello,
    "refused": lambda v: (_choice(v, "reason", REFUSALS), _int(v, "version", 0, MAX_NUMBER)),
    "deal": _check_deal,
    "ping": _check_ping,
    "pong": _check_pong,
    "ready": _nothing,
    "start": lambda v: _number(v, "at", -MAX_CLOCK, MAX_CLOCK),
    "move": _check_move,
    "end": lambda v: _number(v, "at", 0.0, MAX_RACE_SECONDS),
    "beat": _nothing,
    "bye": _check_bye,
}
