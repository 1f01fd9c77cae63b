"""The command-line tools: ``deal`` and ``replay`` (a public contract; see README).

Exit 0 on success; a bad code, deal file or move: exit 2 with one line on stderr, never a
traceback. Nothing here imports pygame.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Sequence

from solitaire.core.args import EXIT_OK, ToolParser, UsageError, add_position_args, bad_input, load_position
from solitaire.core import BadCode, BadDeal, Game, IllegalMove, parse_code
from solitaire.core.quote import clip


def build_parser() -> argparse.ArgumentParser:
    parser = ToolParser(prog="game.py", description="Solitaire's tools: a game code's deal and the position after its moves.")
    sub = parser.add_subparsers(dest="command")
    deal = sub.add_parser("deal", help="print a deal's initial layout as JSON")
    add_position_args(deal)
    # One list of words, split by split_replay_words(): with two optional positionals argparse
    # would take the first move after --deal FILE for the code.
    replay = sub.add_parser("replay", help="apply moves and print the state as JSON",
                            usage="game.py replay (CODE | --deal FILE) MOVE...")
    replay.add_argument("words", nargs="*", metavar="CODE|MOVE")
    replay.add_argument("--deal", metavar="FILE", help="a deal file (state JSON)")
    return parser


def split_replay_words(words: Sequence[str], deal_file: str | None) -> tuple[str | None, list[str]]:
    """``replay``'s words as (code, moves): with ``--deal`` every word is a move, else the first
    is the code. A code given beside ``--deal`` is refused rather than replayed as a bad move.
    """
    if deal_file is None:
        return (words[0], list(words[1:])) if words else (None, [])
    if words and _is_code(words[0]):
        raise UsageError("give either a game code or --deal FILE")
    return None, list(words)


def _is_code(word: str) -> bool:
    try:
        parse_code(word)
    except BadCode:
        return False
    return True


play_text = Game.play_text  # play_text(game, text): the tools' and tests' name for it


def run(argv: Sequence[str]) -> int:
    try:
        args = build_parser().parse_args(list(argv))
        if args.command == "replay":
            code, moves = split_replay_words(args.words, args.deal)
        else:
            code, moves = args.code, []
        game = load_position(code, args.deal)
        for number, text in enumerate(moves, start=1):
            try:
                play_text(game, text)
            except (IllegalMove, ValueError) as error:
                raise UsageError(f'move {number} "{clip(text)}": {error}') from None
        json.dump(game.to_json(), sys.stdout)
        sys.stdout.write("\n")
        return EXIT_OK
    except (UsageError, BadCode, BadDeal) as error:
        return bad_input(error)
