"""Command-line parsing whose mistakes read like every other bad input: one line, exit 2.

argparse prints its whole usage before the error; the player (or a script reading stderr)
needs only the line that says what is wrong. ``--help`` still prints the full usage.

The tools that read a position (``deal`` and ``replay`` in ``solitaire.entry.cli``, ``solve`` in
``solitaire.solver.cli``) share the pieces below, so they take a position and report bad input
the same way. This module stands on the rules core alone, so the solver may use it.
"""

from __future__ import annotations

import argparse
import os
import re
import stat
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from solitaire.core.quote import clip_words, shown

if TYPE_CHECKING:
    from solitaire.core import Game

EXIT_OK, EXIT_BAD_INPUT = 0, 2


class UsageError(Exception):
    """A mistake on a tool's command line; :func:`bad_input` prints it as one line."""


class ToolParser(argparse.ArgumentParser):
    """argparse, but a usage mistake raises :class:`UsageError`, reported like a bad code (the
    game, ``bench`` and the tools alike)."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: {clip_words(message)}")


def add_position_args(parser: argparse.ArgumentParser) -> None:
    """The two ways to name a position: a game code, or ``--deal FILE``."""
    parser.add_argument("code", nargs="?", help="a game code such as KL1-D1N-AAAAAAB")
    parser.add_argument("--deal", metavar="FILE", help="a deal file (state JSON)")


def load_position(code: str | None, deal_file: str | None) -> Game:
    """The game named by exactly one of a code and a deal file (BadCode, BadDeal or UsageError)."""
    from solitaire.core import Game, parse_code
    from solitaire.core.position import load_deal_file

    if (code is None) == (deal_file is None):
        raise UsageError("give either a game code or --deal FILE")
    if deal_file is not None:
        return load_deal_file(deal_file)
    return Game.deal(parse_code(code))


def bad_input(error: Exception) -> int:
    """Say what is wrong in one line on stderr; the exit status for bad input."""
    print(str(error).splitlines()[0] if str(error) else type(error).__name__, file=sys.stderr)
    return EXIT_BAD_INPUT


def ipv4(text: str) -> str:
    """``--listen``: an IPv4 address of this machine (127.0.0.1 keeps a duel on this machine)."""
    import ipaddress

    try:
        return str(ipaddress.IPv4Address(text.strip()))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected an IPv4 address like 127.0.0.1, not {shown(text)}") from None


def race_seconds(text: str) -> int:
    """``--race-seconds``: a race shorter than the Duel's own (its level file's [duel] seconds)."""
    from solitaire.core.duel import race_mode
    from solitaire.core.rules import ruleset

    limit = int(ruleset(race_mode()[0]).extra["duel"]["seconds"])
    if not (text.isascii() and text.isdigit() and 1 <= int(text) <= limit):
        raise argparse.ArgumentTypeError(f"expected whole seconds from 1 to {limit}, not {shown(text)}")
    return int(text)


def strength(text: str) -> str:
    """``--autoplay``: the computer player's strength."""
    from solitaire.core.duel import STRENGTHS

    if text.strip().lower() not in STRENGTHS:
        raise argparse.ArgumentTypeError(f"expected easy, medium or hard, not {shown(text)}")
    return text.strip().lower()


def window_size(text: str) -> tuple[int, int]:
    """``--size``: ``WIDTHxHEIGHT`` in ASCII digits; the display then fits it between its
    minimum and the screen."""
    match = re.fullmatch(r"([0-9]{1,5})[xX]([0-9]{1,5})", text.strip())
    width, height = (int(match[1]), int(match[2])) if match else (0, 0)
    if not (width and height):
        raise argparse.ArgumentTypeError(f"expected WIDTHxHEIGHT such as 1280x720, not {shown(text)}")
    return width, height


def frame_count(text: str) -> int:
    """``--frames``: how many frames a smoke run draws."""
    if not (text.isascii() and text.isdigit() and len(text) <= 7) or not 1 <= int(text) <= 1_000_000:
        raise argparse.ArgumentTypeError(f"expected a number of frames from 1 to 1000000, not {shown(text)}")
    return int(text)


def screenshot_path(text: str) -> str:
    """``--screenshot``: the picture is written after the run, so whatever would stop it is
    found now, in one line, rather than as an internal error once the run is over: a name the
    system refuses (too long), a folder, a device (``/dev/null``, ``/dev/full``), a folder that
    is not there or cannot be written."""
    path = Path(text)
    try:
        info = path.stat()
    except FileNotFoundError:
        info = None
    except OSError as error:  # a name too long, a loop of links, a parent that is a file
        raise argparse.ArgumentTypeError(f"cannot write {shown(text)}: {error.strerror}") from None
    if info is not None and stat.S_ISDIR(info.st_mode):
        raise argparse.ArgumentTypeError(f"{shown(text)} is a folder; give a file name such as shot.png")
    if info is not None and not stat.S_ISREG(info.st_mode):
        raise argparse.ArgumentTypeError(f"{shown(text)} is not a regular file; give a file name such as shot.png")
    folder = path.parent
    if not folder.is_dir():
        raise argparse.ArgumentTypeError(f"no folder {shown(str(folder))} to save {shown(path.name)} in")
    if not os.access(folder, os.W_OK):
        raise argparse.ArgumentTypeError(f"the folder {shown(str(folder))} cannot be written")
    return text


def check_duel_arguments(args: Any) -> None:
    """The duel's options belong together: UsageError, one clear line, when they do not."""
    if args.duel is None:
        for given, name in ((args.autoplay, "--autoplay"), (args.fast, "--fast"), (args.name, "--name"),
                            (args.room, "--room"),
                            (args.race_seconds, "--race-seconds"), (args.listen, "--listen")):
            if given:
                raise UsageError(f"game.py: {name} goes with --duel computer:STRENGTH")
        return
    from solitaire.core import BadCode, parse_code  # the rules: a game without a duel opens its window first
    from solitaire.core.duel import is_race

    if args.scene:
        raise UsageError("game.py: --duel opens the duel itself; leave out --scene")
    kind = args.duel.partition(":")[0]
    if kind == "computer" and args.name is not None:
        raise UsageError("game.py: --name goes with --duel online, host or join")
    if kind != "online" and args.room is not None:
        raise UsageError("game.py: --room goes with --duel online (a duel code carries its room)")
    if kind == "host" and args.code:
        raise UsageError("game.py: a hosted duel's server deals (the joiner never sees the deal): leave out --code")
    if kind == "online" and (args.code or args.race_seconds or args.listen):
        raise UsageError("game.py: the online server deals and times the race: leave out --code, "
                         "--race-seconds and --listen")
    if args.race_seconds is not None and kind == "join":
        raise UsageError("game.py: --race-seconds is the host's to choose (it applies to both)")
    if args.listen is not None and kind != "host":
        raise UsageError("game.py: --listen goes with --duel host[:PORT]")
    if args.code:
        try:
            code = parse_code(args.code)
        except BadCode:
            return  # told as every bad code is
        if not is_race(code.game):
            raise UsageError(f"game.py: --code {args.code}: a duel is played on a Duel code (DU2-D3N-…)")
