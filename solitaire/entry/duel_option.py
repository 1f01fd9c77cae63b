"""The game's ``--duel`` option, read so that a mistake is one line like every other bad input
(:mod:`solitaire.core.args`). It reads a network duel's code (``net.code``), which the rules core
below it may not import, so it stands here with the command line's other commands.
"""

from __future__ import annotations

import argparse

from solitaire.core.quote import shown


def duel_opponent(text: str) -> str:
    """``--duel``: ``computer:STRENGTH``, ``host[:PORT]`` (0: any free port), ``join:CODE``
    (a duel code, or address:port:room) or ``online[:ws://HOST:PORT]`` (the duel server),
    each read here so that a mistake is one line."""
    from solitaire.core.duel import parse_opponent
    from solitaire.net.code import BadDuelCode, parse_address

    kind, _, value = text.strip().partition(":")
    if kind.lower() == "online":
        if value and not (value.startswith(("ws://", "wss://")) and len(value) > 6 and value.isprintable()):
            raise argparse.ArgumentTypeError(f"online:URL takes a ws:// or wss:// address, not {value!r}")
        return f"online:{value}" if value else "online"
    try:
        kind, value = parse_opponent(text)
        if kind == "join":
            parse_address(value)
    except BadDuelCode as error:
        raise argparse.ArgumentTypeError(f"join:CODE: {error}") from None
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error).removeprefix("--duel ")) from None
    if kind == "host" and value and not (value.isascii() and value.isdigit() and len(value) <= 5
                                          and int(value) <= 65535):
        raise argparse.ArgumentTypeError(
            f"host:PORT takes a port number from 0 to 65535 (0: any free one), not {shown(value)}")
    return text.strip().lower()
