"""The daily deal (DD-1, DD-2): one verified-winnable deal a day for each daily mode, the same on
every machine, known from the UTC date alone (no server is asked: the game can play it offline
and the duel server computes the same deal to referee a result).

A daily mode is a game's draw listed in its level file's ``daily_draws`` (standard scoring) whose
pool of winnable deals (``levels/pools/``, ``core.pools``) is not empty; a game with no pool (one
whose solver cannot prove deals winnable yet) has no daily deal.

The days are taken in cycles as long as the pool: each cycle is a fresh shuffle of the pool,
seeded by the mode and the cycle's number, so within a cycle no deal comes twice, and the cycle's
first deal is moved off the first place when it was the previous cycle's last, so two days in a
row never have the same deal (with a pool of three deals or more).
"""

from __future__ import annotations

import hashlib
from datetime import date, datetime, timezone

from .codes import GameCode
from .errors import BadCode, BadDeal
from .game import Game
from .modes import mode_key
from .pools import winnable_codes
from .rng import shuffled
from .rules import REGISTRY, ruleset
from .save import MAX_LOG, play_log

DAILY_SCORING = "standard"


def daily_modes() -> tuple[tuple[str, int], ...]:
    """(game, draw) of every mode with a daily deal, in menu order (DD-1)."""
    return tuple((game, draw) for game in REGISTRY.ids() for draw in ruleset(game).daily_draws
                 if winnable_codes(game, draw, DAILY_SCORING))


def has_daily(game: str, draw: int, scoring: str = DAILY_SCORING) -> bool:
    """Whether this mode has a daily deal."""
    return scoring == DAILY_SCORING and (game, draw) in daily_modes()


def daily_key(game: str, draw: int) -> str:
    """The mode key a daily mode's results are kept under (``klondike-d3-standard``)."""
    return mode_key(game, draw, DAILY_SCORING)


def utc_today(now: datetime | None = None) -> date:
    """The UTC date at ``now`` (default: this moment): the day whose deals are dealt (DD-2)."""
    return (now or datetime.now(timezone.utc)).astimezone(timezone.utc).date()


def daily_deal(game: str, draw: int, day: date) -> GameCode:
    """The deal of ``day`` in the daily mode ``game`` draw ``draw`` (DD-1): a deal of its pool,
    the same for every player and machine. BadCode for a mode without a daily deal.
    """
    pool = winnable_codes(game, draw, DAILY_SCORING) if draw in ruleset(game).daily_draws else ()
    if not pool:
        raise BadCode(f"DD-1: {game} draw {draw} has no daily deal (no pool of winnable deals)")
    cycle, place = divmod(day.toordinal(), len(pool))
    return pool[_cycle_order(daily_key(game, draw), cycle, len(pool))[place]]


def replay_daily(game: str, draw: int, day: date, log: list[str]) -> Game:
    """``day``'s daily deal of the mode with ``log`` (its moves as text, as saved) played on it
    through the rules (DD-5): the score, moves and whether it is won are the replay's, never a
    player's word. BadDeal names the first move the rules refuse; BadCode a mode with no daily.
    """
    if len(log) > MAX_LOG:
        raise BadDeal(f"DD-5: a daily result of more than {MAX_LOG} moves")
    return play_log(Game.deal(daily_deal(game, draw, day)), log)


def _cycle_order(key: str, cycle: int, size: int) -> list[int]:
    """The order of the pool's deals in one cycle of days; its first is never the previous
    cycle's last (with three deals or more)."""
    order = shuffled(list(range(size)), _seed(key, cycle))
    if size >= 3 and order[0] == shuffled(list(range(size)), _seed(key, cycle - 1))[-1]:
        order[0], order[1] = order[1], order[0]
    return order


def _seed(key: str, cycle: int) -> int:
    """A 64-bit seed of the mode and the cycle, the same in every Python (not ``hash``)."""
    return int.from_bytes(hashlib.sha256(f"daily:{key}:{cycle}".encode()).digest()[:8], "big")
