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

Built on ``websockets`` (pinned in requirements-server.txt): ``process_event`` is the method its
connection classes override to see each event, ``send_data`` the one that writes what the
protocol has framed (used here only when an extension, such as compression, would change frames).
"""

from __future__ import annotations

import logging
from typing import Callable

from websockets.asyncio.server import ServerConnection
from websockets.frames import Frame, Opcode
from websockets.protocol import State

#: A whole message, or None for a piece of one (a fragmented message).
Listener = Callable[[bytes | None], None]
EARLY_LIMIT = 64  # messages come before the listener is set: more is a flood, the socket is aborted
WHOLE = (Opcode.TEXT, Opcode.BINARY)
PIECES = (Opcode.TEXT, Opcode.BINARY, Opcode.CONT)


class PlayerConnection(ServerConnection):
    """A ``websockets`` server connection whose messages go straight to a listener."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.listener: Listener | None = None
        self.early: list[bytes | None] = []  # read before ``listen`` (in the handshake's wake)

    def listen(self, listener: Listener) -> None:
        """Hand every message to ``listener`` from now on, first those already read."""
        self.listener = listener
        early, self.early = self.early, []
        for data in early:
            listener(data)

    def process_event(self, event: object) -> None:
        if self.request is None or not isinstance(event, Frame) or event.opcode not in PIECES:
            super().process_event(event)  # the handshake, pings, pongs, closing
            return
        data = bytes(event.data) if event.opcode in WHOLE and event.fin else None
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
