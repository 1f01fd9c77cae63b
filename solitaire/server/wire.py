"""One player's WebSocket connection on the duel server, read and written without a task a
message (issue 25's figures).

``websockets`` parses the frames (sizes, UTF-8, pings, closing) and its ``serve`` does the
handshake, TLS and keepalive; what this connection changes is how a message gets in and out.
By default each message read goes into a queue that a task awaits (``recv``), and each one sent
is a coroutine behind a lock (``send``): at a move a second per player, those task switches were
most of the server's time. Here a whole message is handed to the server's ``listener`` in the
callback that read it off the socket, and a message is sent by writing its frame (made here,
``text_frame``) to the transport at once. A reader too slow to take what is written fills the
transport's buffer; past ``outbox`` bytes its socket is aborted, so nobody else's race waits on it.

A message split into frames (no honest client splits a message of at most 4 KiB) reaches the
listener as ``None``: a broken message.

Reading has a fast path too: what a socket brings is most often one small move, a whole masked
text frame. When ``websockets``' parser waits between frames and a read holds nothing but whole
text frames, those frames are read here (``whole_text_frames``) and handed on; any other read (a
piece of a frame, a ping or pong, a close, anything malformed) goes to ``websockets`` whole, which
then parses it as it would have. Its parser, a generator of generators, took about a tenth of the
server's time a move under ``bench --server``.

Measured against the alternatives (issue 35, ``bench --server --against``, one run, server CPU
a move): the same server on picows (a WebSocket library whose frames reach a callback) used as
much CPU (0.9x to 1.1x of this one's: noise) and more memory; on ``websockets``' public API alone
(``async for`` reading, ``await send`` in a writer task a connection) it used 1.2x to 1.7x this
one's. So this stays, and a ``websockets`` upgrade that moved its parser's wait fails a test
(tests/server/test_server_speed.py) rather than quietly costing CPU.

Built on ``websockets`` (pinned in requirements-server.txt): ``process_event`` is the method its
connection classes override to see each event, ``send_data`` the one that writes what the
protocol has framed (used here only when an extension, such as compression, would change frames).
"""

from __future__ import annotations

import logging
from typing import Callable

from websockets.asyncio.server import ServerConnection
from websockets.frames import Frame, Opcode, apply_mask
from websockets.protocol import Protocol, State
from websockets.streams import StreamReader

#: A whole message, or None for a piece of one (a fragmented message).
Listener = Callable[[bytes | None], None]
EARLY_LIMIT = 64  # messages come before the listener is set: more is a flood, the socket is aborted
WHOLE = (Opcode.TEXT, Opcode.BINARY)
PIECES = (Opcode.TEXT, Opcode.BINARY, Opcode.CONT)
#: Where ``websockets``' parser waits when it has read whole frames and waits for the next one.
BETWEEN_FRAMES = StreamReader.at_eof.__code__
FIN_TEXT, MASKED, LENGTH = 0x81, 0x80, 0x7F  # a frame's first byte; its second's mask bit and length


class PlayerConnection(ServerConnection):
    """A ``websockets`` server connection whose messages go straight to a listener."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.listener: Listener | None = None
        self.early: list[bytes | None] = []  # read before ``listen`` (in the handshake's wake)
        limits = (self.protocol.max_message_size, self.protocol.max_fragment_size)  # ``serve``'s max_size
        self.largest = min((limit for limit in limits if limit is not None), default=1 << 62)

    def listen(self, listener: Listener) -> None:
        """Hand every message to ``listener`` from now on, first those already read."""
        self.listener = listener
        early, self.early = self.early, []
        for data in early:
            listener(data)

    def data_received(self, data: bytes) -> None:
        between = self.listener is not None and waits_between_frames(self.protocol)
        messages = whole_text_frames(data, self.largest) if between else None
        if messages is None:
            super().data_received(data)  # websockets parses it, and calls ``process_event``
            return
        for message in messages:
            self._hand(message)

    def process_event(self, event: object) -> None:
        if self.request is None or not isinstance(event, Frame) or event.opcode not in PIECES:
            super().process_event(event)  # the handshake, pings, pongs, closing
            return
        self._hand(bytes(event.data) if event.opcode in WHOLE and event.fin else None)

    def _hand(self, data: bytes | None) -> None:
        """One message (None: a piece of one) to the listener, or kept until there is one."""
        if self.listener is None:
            self.early.append(data)
            if len(self.early) > EARLY_LIMIT:
                self.transport.abort()
            return
        try:
            self.listener(data)
        except Exception:  # a bug in answering one player must not stop the others' reading
            logging.getLogger(__name__).exception("a message could not be answered")
            self.transport.abort()

    @property
    def open(self) -> bool:
        return self.protocol.state is State.OPEN

    def write(self, text: str, outbox: int) -> bool:
        """Send one text message now; False when the connection is closing, or the reader has
        left more than ``outbox`` bytes unread (then its socket is aborted)."""
        if self.protocol.state is not State.OPEN:
            return False
        if self.transport.get_write_buffer_size() > outbox:
            self.transport.abort()
            return False
        if self.protocol.extensions:  # none as the server serves (no compression): websockets frames it
            self.protocol.send_text(text.encode())
            self.send_data()
        else:
            self.transport.write(text_frame(text.encode()))
        return True


def waits_between_frames(protocol: Protocol) -> bool:
    """``protocol`` is open, has parsed every byte it was given and waits for a new frame, not in
    a fragmented message: what comes next may be read without it. (A frame's header read to its
    end leaves the buffer empty too: only the generator it waits in tells the two apart.)"""
    if protocol.state is not State.OPEN or protocol.current_size is not None or protocol.reader.buffer:
        return False
    parser = protocol.parser
    while parser.gi_yieldfrom is not None:  # down to the generator it waits in
        parser = parser.gi_yieldfrom
    return parser.gi_code is BETWEEN_FRAMES


def whole_text_frames(data: bytes, largest: int) -> list[bytes] | None:
    """The payloads of ``data`` when it is nothing but whole, final, masked text frames of at
    most ``largest`` bytes each, with no reserved bit set (RFC 6455 5.2: what a client sends for
    a message in one frame); None for anything else, which ``websockets`` then reads."""
    payloads = []
    at, end = 0, len(data)
    while at < end:
        if end - at < 6 or data[at] != FIN_TEXT or not data[at + 1] & MASKED:
            return None
        size, at = data[at + 1] & LENGTH, at + 2
        if size == 127:  # a 64-bit length: far over any message a player sends
            return None
        if size == 126:
            size, at = int.from_bytes(data[at:at + 2], "big"), at + 2
        if size > largest or end - at < 4 + size:
            return None
        payloads.append(apply_mask(data[at + 4:at + 4 + size], data[at:at + 4]))
        at += 4 + size
    return payloads


def text_frame(payload: bytes) -> bytes:
    """A server's final, unmasked text frame of ``payload`` (RFC 6455 5.2), the same bytes as
    ``websockets``' ``Frame(Opcode.TEXT, payload).serialize(mask=False, extensions=[])``, made in
    one step: a move's answer and the rival's progress are framed thousands of times a second,
    and websockets' general path (a ``Frame``, its checks, a buffer, a list of writes) took
    2.2 µs a message where this takes 0.6 µs."""
    size = len(payload)
    if size < 126:
        return bytes((0x81, size)) + payload
    if size < 1 << 16:
        return b"\x81\x7e" + size.to_bytes(2, "big") + payload
    return b"\x81\x7f" + size.to_bytes(8, "big") + payload
