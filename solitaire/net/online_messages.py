"""The online duel protocol (issue 25): JSON objects over WebSocket, each a frozen dataclass.

Every message is read field by field against its dataclass: the field's annotated type, and for
what a player sends, the ranges in ``LIMITS`` (text length, number range) — nothing a peer sends
is trusted (issue 15's rule). An unknown type, a missing or extra
field (a score claim, a deal code), a wrong type or an out-of-range value is a ProtocolError that
names it; the server answers it with a ``Refused`` and never crashes.

Player -> server::

    hello  {version, key, name}   first: the protocol version, the player's secret key, a name
    find   {waited}               join the queue (paired by rating); waited: the seconds waited
                                  before the connection was lost (a comeback to the queue), else 0
    cancel {}                     leave the queue, or drop the room you made
    room   {code, keep}           make a private room (code "") or join one by its code; keep:
                                  make the room again under its code (its maker come back)
    move   {n, move}              move n (1, 2, …; an undo is one too) in replay notation
    end    {}                     End (DU-4)
    recorded {}                   race a recorded run (a real player's earlier race) now; with none
                                  the player has not raced (``queued.recorded`` false), refused
                                  (no_recorded) and the place in the queue kept
    board  {}                     the leaderboard
    daily  {game, draw, day, part, moves, more}   a daily deal's moves (DD-5), in parts
    daily_board {game, draw, day} a day's daily leaderboard
    bye    {}                     leaving

Server -> player: ``Welcome``, ``Refused``, ``Queued``, ``RoomMade``, ``Matched``, ``Ok``,
``No``, ``RivalProgress``, ``Result``, ``Board``, ``DailyScore``, ``DailyBoard``. No message of the server ever holds a deal
code or a face-down card: a card travels only when it is turned up (``Matched.table``: the
face-up cards; ``Ok.shown``: the card a move uncovered, or the cards a draw turned). ``points``
is the player's score by kind as the server's referee keeps it (``points_json``), for the End
question (DU-4).
"""

from __future__ import annotations

import json
import math
import typing
from dataclasses import MISSING, dataclass, fields
from typing import Any

from ..core.duel import Points

VERSION = 6  # 2: Matched, Ok and No carry the player's points by kind (the End question's rows);
#             3: find carries the wait kept and room may keep its code (a comeback while waiting);
#             4: welcome names the server's game version (a game of version 3 reads no extra field);
#             5: Welcome and Result say a rating is provisional, Result why it moved no rating
#                (``unrated``) and whether it is saved yet (``saved``); board lines, provisional and flagged;
#             6: queued says whether a recorded run is there to race, rival carries the total
MAX_MESSAGE = 4096  # bytes: the largest message a player may send (the server's max_size)
MAX_NUMBER = 100_000
COMEBACK_SECONDS = 30.0  # a player whose connection dropped may come back to the race this long


class ProtocolError(ValueError):
    """A message that breaks the protocol; the text says exactly what came (for the log, the
    ``Refused`` answer and the tests)."""


@dataclass(frozen=True)
class Hello:
    version: int
    key: str
    name: str


@dataclass(frozen=True)
class Find:
    waited: float = 0.0  # seconds already waited before a lost connection (the server caps it)


@dataclass(frozen=True)
class Cancel:
    pass


@dataclass(frozen=True)
class Room:
    code: str  # "" asks for a new room
    keep: bool = False  # make the room again under ``code``: its maker come back (``lobby.Rooms.keep``)


@dataclass(frozen=True)
class MoveMessage:
    n: int
    move: str


@dataclass(frozen=True)
class EndMessage:
    pass


@dataclass(frozen=True)
class RecordedAsk:
    pass


@dataclass(frozen=True)
class BoardAsk:
    pass


@dataclass(frozen=True)
class Bye:
    pass


@dataclass(frozen=True)
class DailySubmit:
    """Part ``part`` (0, 1, …) of the moves of one game of a day's daily deal, as saved (space
    between moves, ``u`` an undo); ``more`` false on the last part, which the server then judges
    by replaying them all (DD-5). Never a score: the server computes it."""

    game: str
    draw: int
    day: str  # the deal's UTC day, 2026-12-02
    part: int
    moves: str
    more: bool


@dataclass(frozen=True)
class DailyAsk:
    game: str
    draw: int
    day: str


@dataclass(frozen=True)
class Welcome:
    name: str  # the name as the server cleaned and told it apart ("Sara#2")
    number: int  # the rating, as shown
    tier: str
    online: int  # players connected now
    server: str  # the version of the game whose server this is (solitaire.__version__)
    provisional: bool = False  # the rating is not established yet (its first rated duels)


@dataclass(frozen=True)
class Refused:
    reason: str  # a word: version, hello, garbage, too_many, throttled, no_room, busy, ...
    detail: str = ""


@dataclass(frozen=True)
class Queued:
    online: int
    waited: float  # seconds in the queue
    window: int  # the rating window searched now (it widens with the wait)
    recorded: bool = False  # a recorded run this player has not raced is there to race now


@dataclass(frozen=True)
class RoomMade:
    code: str


@dataclass(frozen=True)
class Matched:
    duel: str  # the duel's id (never its deal)
    opponent: dict  # {name, number, tier, recorded}: recorded, a real player's earlier race
    seconds: int  # the race's length
    starts_in: float  # seconds to race time 0 (the 3-2-1 count)
    table: dict  # the player's table as it stands, face-up cards only (``net.mirror``)
    moves: int  # moves of ours the server took already (a comeback: the next is moves + 1)
    points: dict  # our points by kind so far (``points_json``; all 0 but after a comeback)


@dataclass(frozen=True)
class Ok:
    n: int
    shown: list  # the cards the move turned up, as text ("QH"), bottom to top
    score: int
    left: float  # seconds left on the server's race clock
    points: dict  # our points by kind after the move (``points_json``)


@dataclass(frozen=True)
class No:
    n: int
    reason: str  # the core's refusal key ("not_on"), or the server's (order, not_started, ...)
    rule: str  # the rule's id, "" for the server's own reasons
    detail: str  # the refusal in English words
    strikes: int  # refused moves counted towards disqualification
    due: int  # the number the server expects next
    table: dict  # the table as it stands, face-up cards only: the player's copy is set to it
    points: dict  # our points by kind as they stand (``points_json``)


@dataclass(frozen=True)
class RivalProgress:
    score: int
    home: int
    moves: int
    ended: bool
    away: bool = False  # its connection dropped: it may come back within COMEBACK_SECONDS
    total: int = 0  # score + the time bonus banked once ended (DU-5): the figure the End and Leave questions weigh


@dataclass(frozen=True)
class Result:
    duel: str
    you: dict  # {score, bonus, total, foundation, ended}
    opponent: dict
    winner: str  # you | opponent | tie
    opponent_name: str
    rating: dict  # {before, after}
    tier: str
    why: str = ""  # "disqualified", "opponent_disqualified", "server_stopped", "recorded" or ""
    # ``rating`` is {} and ``tier`` "" where no rating moves: a duel hosted in a player's game
    unrated: str = ""  # why no rating moved (before == after): room, aborted, too_fast, quick_losses,
    #                    opponent_too_fast, opponent_quick_losses (``server.fairness``); "" rated
    provisional: bool = False  # the rating after is provisional (the player's first rated duels)
    saved: bool = True  # False: the server could not write it yet; it keeps it and will (``server.unsaved``)


@dataclass(frozen=True)
class DailyScore:
    """The server's judgement of a daily game sent (DD-5), and the player's best of the day."""

    game: str
    draw: int
    day: str
    won: bool
    score: int
    moves: int
    place: int  # the player's place on that day's board (their best game)


@dataclass(frozen=True)
class DailyBoard:
    game: str
    draw: int
    day: str
    top: list  # [{place, name, won, score, moves}]
    you: dict  # the player's line ({} when they have none that day)


@dataclass(frozen=True)
class Board:
    top: list  # [{place, name, number, tier, duels, wins, provisional, flagged}]: established players
    you: dict  # the same line for the player; place null while their rating is provisional


FROM_PLAYER: dict[str, type] = {
    "hello": Hello, "find": Find, "cancel": Cancel, "room": Room, "move": MoveMessage,
    "end": EndMessage, "recorded": RecordedAsk, "board": BoardAsk, "bye": Bye,
    "daily": DailySubmit, "daily_board": DailyAsk,
}
FROM_SERVER: dict[str, type] = {
    "welcome": Welcome, "refused": Refused, "queued": Queued, "room_made": RoomMade,
    "matched": Matched, "ok": Ok, "no": No, "rival": RivalProgress, "result": Result, "board": Board,
    "daily_score": DailyScore, "daily_board": DailyBoard,
}
NAMES = {cls: name for table in (FROM_PLAYER, FROM_SERVER) for name, cls in table.items()}

#: What a player may send, beyond its type: (low, high) for numbers, the longest text for text.
LIMITS: dict[tuple[str, str], Any] = {
    ("hello", "version"): (0, MAX_NUMBER),
    ("hello", "key"): 64,
    ("hello", "name"): 64,  # cleaned to names.MAX_NAME by the server
    ("room", "code"): 12,
    ("move", "n"): (1, MAX_NUMBER),
    ("move", "move"): 24,
    ("daily", "game"): 16, ("daily", "draw"): (1, 9), ("daily", "day"): 10, ("daily", "part"): (0, 99),
    ("daily", "moves"): 3600,
    ("daily_board", "game"): 16, ("daily_board", "draw"): (1, 9), ("daily_board", "day"): 10,
}


#: Each message's fields and their types, read once (``typing.get_type_hints`` is slow, and every
#: move is a message).
FIELDS: dict[type, dict[str, Any]] = {cls: typing.get_type_hints(cls) for cls in NAMES}
DEFAULTS: dict[type, frozenset[str]] = {
    cls: frozenset(f.name for f in fields(cls) if f.default is not MISSING) for cls in NAMES}


#: One encoder for every message: ``json.dumps`` with options builds a new one each call.
_ENCODE = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), allow_nan=False).encode


POINT_KINDS = tuple(f.name for f in fields(Points))


def points_json(points: Points) -> dict[str, int]:
    """A player's points by kind as a message carries them."""
    return {"foundation": points.foundation, "waste": points.waste, "turned": points.turned,
            "recycles": points.recycles, "taken_back": points.taken_back}


def read_points(data: dict) -> Points:
    """``points_json``'s dict read back; ProtocolError when it is not one (a kind missing or
    extra, or not a whole number)."""
    if sorted(data) != sorted(POINT_KINDS) or any(type(data[kind]) is not int for kind in POINT_KINDS):
        raise _bad(f"not points by kind: {str(data)[:80]}")
    return Points(**data)


def encode(message: Any) -> str:
    """A message as JSON text, its type first (its fields are plain JSON values, and a frozen
    dataclass's ``__dict__`` holds its fields and nothing else: a shallow copy is enough)."""
    return _ENCODE({"type": NAMES[type(message)], **message.__dict__})


def decode(text: str | bytes, table: dict[str, type]) -> Any:
    """The message ``text`` holds, from ``table`` (FROM_PLAYER on the server, FROM_SERVER in the
    game); ProtocolError names the first thing wrong with it."""
    try:
        data = _DECODE(text.decode() if isinstance(text, bytes) else text)  # a text frame is UTF-8 (RFC 6455)
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise _bad(f"not JSON: {str(text)[:60]!r}") from None
    if not isinstance(data, dict):
        raise _bad("not a JSON object")
    kind = data.pop("type", None)
    if not isinstance(kind, str) or kind not in table:
        raise _bad(f"unknown message type {str(kind)[:40]!r}")
    cls = table[kind]
    hints = FIELDS[cls]
    extra = data.keys() - hints.keys()
    if extra:
        raise _bad(f"unexpected fields in {kind}: {', '.join(sorted(map(str, extra)))[:80]}")
    for name, kind_of in hints.items():
        if name in data:
            data[name] = _checked(kind, name, data[name], kind_of)
        elif name not in DEFAULTS[cls]:
            raise _bad(f"'{name}' is missing from {kind}")
    return cls(**data)


def _checked(kind: str, name: str, value: Any, kind_of: Any) -> Any:
    limit = LIMITS.get((kind, name))
    if kind_of is int:
        low, high = limit or (-2**53, 2**53)
        if type(value) is not int or not low <= value <= high:
            raise _bad(f"'{name}' must be a whole number from {low} to {high}")
    elif kind_of is float:
        if type(value) not in (int, float) or not math.isfinite(value):
            raise _bad(f"'{name}' must be a number")
        value = float(value)
    elif kind_of is str:
        if not isinstance(value, str) or len(value) > (limit or 2000):
            raise _bad(f"'{name}' must be text of at most {limit or 2000} characters")
    elif kind_of is bool:
        if type(value) is not bool:
            raise _bad(f"'{name}' must be true or false")
    elif not isinstance(value, typing.get_origin(kind_of) or kind_of):
        raise _bad(f"'{name}' must be a {getattr(kind_of, '__name__', kind_of)}")
    return value


def _bad(detail: str) -> ProtocolError:
    return ProtocolError(detail)


def _no_constants(name: str) -> float:
    raise ValueError(f"{name} is not a number")


#: One decoder for every message (``json.loads`` with an option makes one a call).
_DECODE = json.JSONDecoder(parse_constant=_no_constants).decode
