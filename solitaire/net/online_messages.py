"""The online duel protocol (issue 25): JSON objects over WebSocket, each a frozen msgspec struct.

Every message is a ``msgspec`` struct, read by msgspec's strict typed JSON decoding (issue 35
item 6: no hand-made checks): each field's annotated type, and its bounds (text length, number
range) — nothing a peer sends is trusted (issue 15's rule). An unknown type, a missing or extra
field (a score claim, a deal code), a wrong type (``true`` for a number, ``1`` for true, ``"1"``
for 1), an out-of-range value or text that is not strict JSON (NaN, a byte-order mark, a lone
surrogate, bytes not UTF-8) is a ProtocolError that names it (msgspec's words, with the field's
path); the server answers it with a ``Refused`` and never crashes.

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

from dataclasses import fields
from typing import Annotated, Any, Union

import msgspec
from msgspec import Meta, Struct

from ..core.duel import Points

VERSION = 6  # 2: Matched, Ok and No carry the player's points by kind (the End question's rows);
#             3: find carries the wait kept and room may keep its code (a comeback while waiting);
#             4: welcome names the server's game version (a game of version 3 reads no extra field);
#             5: Welcome and Result say a rating is provisional, Result why it moved no rating
#                (``unrated``) and whether it is saved yet (``saved``); board lines, provisional and flagged;
#             6: queued says whether a recorded run is there to race, rival carries the total
MAX_MESSAGE = 4096  # bytes: the largest message a player may send (the server's max_size)
MAX_NUMBER = 100_000
DAILY_MOVES = 3600  # characters of moves in one part of a daily game (``DailySubmit.moves``)
COMEBACK_SECONDS = 30.0  # a player whose connection dropped may come back to the race this long

# What a field may hold: a number in a range, text of at most so many characters. A field with
# no bound of its own is a whole number within +-2**53 (exact in any JSON reader) or text of at
# most 2000 characters.
Whole = Annotated[int, Meta(ge=-2**53, le=2**53)]
Text = Annotated[str, Meta(max_length=2000)]
Counted = Annotated[int, Meta(ge=1, le=MAX_NUMBER)]
Draw = Annotated[int, Meta(ge=1, le=9)]
Name = Annotated[str, Meta(max_length=64)]
Game = Annotated[str, Meta(max_length=16)]
Day = Annotated[str, Meta(max_length=10)]


class ProtocolError(ValueError):
    """A message that breaks the protocol; the text says exactly what came (for the log, the
    ``Refused`` answer and the tests)."""


class Message(Struct, tag_field="type", forbid_unknown_fields=True, frozen=True):
    """Every message: its type is the JSON object's ``type`` (written first), and a field it
    does not have refuses it."""


class Hello(Message, tag="hello"):
    version: Annotated[int, Meta(ge=0, le=MAX_NUMBER)]
    key: Name
    name: Name  # cleaned to names.MAX_NAME by the server


class Find(Message, tag="find"):
    waited: float = 0.0  # seconds already waited before a lost connection (the server caps it)


class Cancel(Message, tag="cancel"):
    pass


class Room(Message, tag="room"):
    code: Annotated[str, Meta(max_length=12)]  # "" asks for a new room
    keep: bool = False  # make the room again under ``code``: its maker come back (``lobby.Rooms.keep``)


class MoveMessage(Message, tag="move"):
    n: Counted
    move: Annotated[str, Meta(max_length=24)]


class EndMessage(Message, tag="end"):
    pass


class RecordedAsk(Message, tag="recorded"):
    pass


class BoardAsk(Message, tag="board"):
    pass


class Bye(Message, tag="bye"):
    pass


class DailySubmit(Message, tag="daily"):
    """Part ``part`` (0, 1, …) of the moves of one game of a day's daily deal, as saved (space
    between moves, ``u`` an undo); ``more`` false on the last part, which the server then judges
    by replaying them all (DD-5). Never a score: the server computes it."""

    game: Game
    draw: Draw
    day: Day  # the deal's UTC day, 2026-12-02
    part: Annotated[int, Meta(ge=0, le=99)]
    moves: Annotated[str, Meta(max_length=DAILY_MOVES)]
    more: bool


class DailyAsk(Message, tag="daily_board"):
    game: Game
    draw: Draw
    day: Day


class Welcome(Message, tag="welcome"):
    name: Text  # the name as the server cleaned and told it apart ("Sara#2")
    number: Whole  # the rating, as shown
    tier: Text
    online: Whole  # players connected now
    server: Text  # the version of the game whose server this is (solitaire.__version__)
    provisional: bool = False  # the rating is not established yet (its first rated duels)


class Refused(Message, tag="refused"):
    reason: Text  # a word: version, hello, garbage, too_many, throttled, no_room, busy, ...
    detail: Text = ""


class Queued(Message, tag="queued"):
    online: Whole
    waited: float  # seconds in the queue
    window: Whole  # the rating window searched now (it widens with the wait)
    recorded: bool = False  # a recorded run this player has not raced is there to race now


class RoomMade(Message, tag="room_made"):
    code: Text


class Matched(Message, tag="matched"):
    duel: Text  # the duel's id (never its deal)
    opponent: dict  # {name, number, tier, recorded}: recorded, a real player's earlier race
    seconds: Whole  # the race's length
    starts_in: float  # seconds to race time 0 (the 3-2-1 count)
    table: dict  # the player's table as it stands, face-up cards only (``net.mirror``)
    moves: Whole  # moves of ours the server took already (a comeback: the next is moves + 1)
    points: dict  # our points by kind so far (``points_json``; all 0 but after a comeback)


class Ok(Message, tag="ok"):
    n: Whole
    shown: list  # the cards the move turned up, as text ("QH"), bottom to top
    score: Whole
    left: float  # seconds left on the server's race clock
    points: dict  # our points by kind after the move (``points_json``)


class No(Message, tag="no"):
    n: Whole
    reason: Text  # the core's refusal key ("not_on"), or the server's (order, not_started, ...)
    rule: Text  # the rule's id, "" for the server's own reasons
    detail: Text  # the refusal in English words
    strikes: Whole  # refused moves counted towards disqualification
    due: Whole  # the number the server expects next
    table: dict  # the table as it stands, face-up cards only: the player's copy is set to it
    points: dict  # our points by kind as they stand (``points_json``)


class RivalProgress(Message, tag="rival"):
    score: Whole
    home: Whole
    moves: Whole
    ended: bool
    away: bool = False  # its connection dropped: it may come back within COMEBACK_SECONDS
    total: Whole = 0  # score + the time bonus banked once ended (DU-5): the figure the End and Leave questions weigh


class Result(Message, tag="result"):
    duel: Text
    you: dict  # {score, bonus, total, foundation, ended}
    opponent: dict
    winner: Text  # you | opponent | tie
    opponent_name: Text
    rating: dict  # {before, after}
    tier: Text
    why: Text = ""  # "disqualified", "opponent_disqualified", "server_stopped", "recorded" or ""
    # ``rating`` is {} and ``tier`` "" where no rating moves: a duel hosted in a player's game
    unrated: Text = ""  # why no rating moved (before == after): room, aborted, too_fast, quick_losses,
    #                    opponent_too_fast, opponent_quick_losses (``server.fairness``); "" rated
    provisional: bool = False  # the rating after is provisional (the player's first rated duels)
    saved: bool = True  # False: the server could not write it yet; it keeps it and will (``server.unsaved``)


class DailyScore(Message, tag="daily_score"):
    """The server's judgement of a daily game sent (DD-5), and the player's best of the day."""

    game: Text
    draw: Whole
    day: Text
    won: bool
    score: Whole
    moves: Whole
    place: Whole  # the player's place on that day's board (their best game)


class DailyBoard(Message, tag="daily_board"):
    game: Game  # the bounds of the ``DailyAsk`` it answers
    draw: Draw
    day: Day
    top: list  # [{place, name, won, score, moves}]
    you: dict  # the player's line ({} when they have none that day)


class Board(Message, tag="board"):
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

#: One decoder a direction: msgspec reads the ``type`` and decodes into that message's struct,
#: checking each field as it goes (no dict in between).
_DECODERS = {id(table): msgspec.json.Decoder(Union[tuple(table.values())])  # type: ignore[misc]
             for table in (FROM_PLAYER, FROM_SERVER)}
_ENCODE = msgspec.json.Encoder().encode


def encode(message: Message) -> str:
    """A message as JSON text, its type first, then its fields in order (UTF-8 as it is, no
    spaces)."""
    return _ENCODE(message).decode()


def decode(text: str | bytes, table: dict[str, type]) -> Any:
    """The message ``text`` holds, from ``table`` (FROM_PLAYER on the server, FROM_SERVER in the
    game); ProtocolError names the first thing wrong with it."""
    try:
        return _DECODERS[id(table)].decode(text)
    except msgspec.ValidationError as error:
        raise ProtocolError(str(error)[:200]) from None
    except (msgspec.DecodeError, UnicodeEncodeError) as error:  # a text frame is UTF-8 JSON (RFC 6455, 8259)
        raise ProtocolError(f"not JSON ({error}): {str(text)[:60]!r}") from None


POINT_KINDS = tuple(f.name for f in fields(Points))


def points_json(points: Points) -> dict[str, int]:
    """A player's points by kind as a message carries them."""
    return {"foundation": points.foundation, "waste": points.waste, "turned": points.turned,
            "recycles": points.recycles, "taken_back": points.taken_back}


def read_points(data: dict) -> Points:
    """``points_json``'s dict read back; ProtocolError when it is not one (a kind missing or
    extra, or not a whole number)."""
    if sorted(data) != sorted(POINT_KINDS) or any(type(data[kind]) is not int for kind in POINT_KINDS):
        raise ProtocolError(f"not points by kind: {str(data)[:80]}")
    return Points(**data)
