"""A game session: which game is on a table, its clock, and what the store is told about it.

Pure Python, no pygame: the play scene, the New game and Game code windows, the game menu and
the ``--code`` start all start and end games through here, and the Duel will hold two. Drawing
and input are the scene's; here are only the game's life and the saved-game slot it lives in.

Issue 11's policy, the same for restart, new deal, game code and the New game window: a game
with no move is not played and counts for nothing; a game with moves that a new deal or a
restart replaces is given up and counts as a lost game, and the question asked before says so.
A game left without being replaced (back to the title, quitting, another mode, another
language) is not over: it waits as its mode's saved game (K-7). A game the demo has played in is
no longer the player's (C-13): given up at the demo's first move, it counts for nothing after,
won or not, saved and resumed included (its save says so).
"""

from __future__ import annotations

import random
from datetime import date
from functools import partial
from typing import Any, Callable

from solitaire.core import Game, GameCode, parse_code, ruleset
from solitaire.core.rules import default_game
from solitaire.core.codes import DEAL_LIMIT
from solitaire.core.daily import daily_deal
from solitaire.core.modes import mode_key
from solitaire.core.pools import winnable_codes
from solitaire.core.save import load_save, log_texts, save_data
from solitaire.store import Outcome
from solitaire.store.daily import DailyPlay, check_day
from solitaire.store.notices import Notice


def slot_of(game_id: str, draw: int, scoring: str) -> str:
    """The saved-game slot of a mode (K-7: one per game, draw and scoring)."""
    return mode_key(game_id, draw, scoring)


def mode_slot(game: Game) -> str:
    """The saved-game slot of a game's mode."""
    return slot_of(game.rules.id, game.draw, game.scoring.name)


def load_played(data: object, repairs: list[str] | None = None) -> tuple[Game, dict, float, bool, date | None]:
    """A saved game as ``load_save`` reads it (a redo list that cannot be played dropped, and
    said in ``repairs``), whether the demo has played in it (C-13), and the day whose daily deal
    it is (DD-3; None: not a daily deal)."""
    return (*load_save(data, repairs), isinstance(data, dict) and data.get("demo") is True, _daily_day(data))


def _daily_day(data: object) -> date | None:
    """The ``daily`` day of a saved game; a save without one, or with a wrong one, is an
    ordinary game (its moves are what matters, and they are checked)."""
    try:
        return check_day(data.get("daily")) if isinstance(data, dict) and "daily" in data else None
    except ValueError:
        return None


def saved_game_at_stake(store: Any, slot: str) -> bool:
    """True if ``slot`` holds a saved game that still counts (moves, no win, no demo), which a new
    deal there would give up (never one another copy of the game has on its table)."""
    if store is None or store.open_elsewhere(slot):
        return False
    loaded = store.load_game(slot, load_played)
    return loaded is not None and loaded[0].moves > 0 and not loaded[0].won and not loaded[3]


def resumed_game(store: Any, slot: str) -> tuple[Game, dict, float, bool, date | None] | None:
    """The saved game of ``slot`` as ``load_played`` reads it, to be played on; None if none. A
    redo list that could not be played is dropped, and the player told (the game is kept)."""
    repairs: list[str] = []
    loaded = store.load_game(slot, partial(load_played, repairs=repairs))
    if loaded is not None and repairs:
        store.notices.append(Notice("save_redo_dropped"))
    return loaded


def give_up_saved(store: Any, slot: str) -> None:
    """A new deal takes the place of ``slot``'s saved game: that game, if it had moves, ends as
    a lost one (issue 11's policy, above) and is forgotten. Unless another copy of the game
    has a game of that mode on its table, which may be that saved game (issue 32: both copies
    counted it): it is left to that copy, and the player told the new deal is played beside it.
    """
    if store is None or store.open_elsewhere(slot, tell=True):
        return
    loaded = store.load_game(slot, load_played)
    if loaded is None:
        return
    game, _, elapsed, demo, daily = loaded
    lost = Outcome(False, game.score, elapsed, game.moves) if game.moves and not game.won and not demo else None
    store.end_game(slot, lost, daily_play_of(game, daily) if daily else None)  # one step


def daily_play_of(game: Game, day: date) -> DailyPlay:
    """``game`` as a game of ``day``'s daily deal (DD-3): its moves, and its code (DD-6)."""
    return DailyPlay(day, tuple(log_texts(game)), str(game.code) if game.code is not None else None)


def pick_deal(game_id: str, draw: int, scoring: str, winnable: bool) -> GameCode:
    """A fresh deal: from the mode's verified-winnable pool when asked for and the mode has one
    (the New Game window offers the choice only there), else any deal.
    """
    if winnable:
        codes = winnable_codes(game_id, draw, scoring)
        if codes:
            return random.choice(codes)
    return GameCode(game_id, draw, scoring, random.randrange(DEAL_LIMIT))


class Session:
    """One table's game from deal to end: ``game``, the position it started from, the seconds
    played, and whether it counts (it has moves and is not over) — told to ``store`` (None: a
    table that keeps nothing) as the game goes.
    """

    def __init__(self, store: Any, game: Game, start: dict | None = None, elapsed: float = 0.0,
                 demo: bool = False, daily: date | None = None) -> None:
        self.store = store
        self.game = game
        self.start_json = start if start is not None else game.to_json()
        self.elapsed = elapsed
        self.demo_played = demo  # C-13: the demo has made a move in this game
        self.daily = daily  # DD-3: the day whose daily deal this is (None: an ordinary deal)
        self.counted = game.moves > 0 and not game.won and not demo
        self.on_new_game: Callable[[bool], None] | None = None  # told (resumed?) on a change of game
        self._marked: str | None = None
        self._mark()
        if store is not None and start is None:  # a new game, not one restored
            store.new_game(self.slot)

    @classmethod
    def open(cls, store: Any, game_id: str | None = None, draw: int | None = None,
             scoring: str | None = None, code: GameCode | str | None = None,
             winnable: bool = False, resume: bool = True, slot: str | None = None,
             daily: date | None = None) -> Session:
        """The game a table opens with: ``slot``'s saved game, else the deal of ``code`` or
        ``daily``'s daily deal of the mode (DD-1), else (with ``resume``) the mode's saved game,
        else a new deal giving up the one it replaces.
        """
        if slot and store is not None:
            restored = cls.restored(store, slot)
            if restored:
                return restored
            game_id, draw_text, scoring = slot.split("-")  # a mode key: klondike-d3-standard
            draw = int(draw_text[1:])
        if daily is not None and game_id is not None and draw is not None:
            code = daily_deal(game_id, draw, daily)
        if code is not None:
            game = Game.deal(parse_code(code) if isinstance(code, str) else code)
            give_up_saved(store, mode_slot(game))  # the dialogs asked first
            return cls(store, game, daily=daily)
        game_id = game_id or default_game()
        rules = ruleset(game_id)
        draw = draw if draw in rules.draws else rules.default_draw
        scoring = scoring if scoring in rules.scorings else rules.scorings[0]
        if resume and store is not None:
            restored = cls.restored(store, slot_of(game_id, draw, scoring))
            if restored:
                return restored
        give_up_saved(store, slot_of(game_id, draw, scoring))
        return cls(store, Game.deal(pick_deal(game_id, draw, scoring, winnable)))

    @classmethod
    def restored(cls, store: Any, slot: str) -> Session | None:
        """The saved game of ``slot`` with its start position and its clock; None if none."""
        loaded = resumed_game(store, slot)
        return cls(store, *loaded) if loaded is not None else None

    @property
    def slot(self) -> str:
        return mode_slot(self.game)

    def replace(self, game: Game, start: dict | None = None, elapsed: float | None = None,
                resumed: bool = False, demo: bool = False, daily: date | None = None) -> None:
        """``game`` takes this table (``resumed``: a saved game come back, ``demo``: one the demo
        played in, ``daily``: the day whose daily deal it is); a game with no move yet is not
        played. The table showing this session is told.
        """
        self.game = game
        self._mark()
        if self.store is not None and not resumed:
            self.store.new_game(self.slot)
        self.start_json = start if start is not None else game.to_json()
        self.demo_played = demo
        self.daily = daily
        self.counted = game.moves > 0 and not game.won and not demo
        if elapsed is not None:
            self.elapsed = elapsed
        if self.on_new_game is not None:
            self.on_new_game(resumed)

    def tick(self, dt: float) -> None:
        """``dt`` seconds pass: the clock runs while the game counts, and what the store could
        not write yet (another copy held the folder) is written once its moment comes."""
        if self.counted and not self.game.won:
            self.elapsed += dt
        if self.store is not None:
            self.store.retry()

    def at_stake(self, slot: str | None = None) -> bool:
        """Would a new deal in ``slot`` (None: this game's mode) give up a game with moves:
        this one, or that mode's saved game?
        """
        if slot is None or slot == self.slot:
            return self.counted and not self.game.won
        return saved_game_at_stake(self.store, slot)

    def abandon(self) -> None:
        """This game is given up for a new deal in its mode: a played one counts as lost."""
        if self.store is not None:
            self.store.end_game(self.slot, self.outcome(False) if not self.game.won else None, self.daily_play())
        self.counted = False

    def put_aside(self) -> None:
        """Another mode takes the table, or the table closes: this game waits as its mode's
        saved game (K-7).
        """
        if self.store is not None and self.game.moves and not self.game.won:
            self.save()
        if self.store is not None and self._marked is not None:
            self.store.not_playing(self._marked)
        self._marked = None

    def _mark(self) -> None:
        """Tell the store this table plays in this game's mode (issue 32: another copy then leaves
        that mode's saved game alone, which may be this game), until it is put aside."""
        if self.store is None or self._marked == self.slot:
            return
        self.store.playing(self.slot)
        if self._marked is not None:
            self.store.not_playing(self._marked)
        self._marked = self.slot

    def played(self) -> None:
        """A move is on the table: from its first, the game counts (C-11), unless the demo has
        had it (C-13)."""
        self.counted = not self.demo_played

    def hand_to_demo(self) -> None:
        """C-13: the demo is about to make its first move in this game, which stops being the
        player's: one that counted is given up now, a lost game (the player was asked), and from
        now on it counts for nothing, won or not."""
        if self.demo_played:
            return
        if self.counted and self.store is not None:
            self.store.end_game(self.slot, self.outcome(False), self.daily_play())
        self.counted = False
        self.demo_played = True

    def save(self) -> None:
        if self.store is not None:
            data = save_data(self.game, self.start_json, self.elapsed)
            if self.demo_played:
                data["demo"] = True
            if self.daily is not None:
                data["daily"] = self.daily.isoformat()
            self.store.save_game(self.slot, data)

    def daily_play(self) -> DailyPlay | None:
        """This game as a daily deal's game (DD-3): its day and its moves; None for another deal."""
        return daily_play_of(self.game, self.daily) if self.daily is not None else None

    def outcome(self, won: bool) -> Outcome | None:
        """The result to count for the game ending now; None if it never counted (no move)."""
        g = self.game
        return Outcome(won, g.score, self.elapsed, g.moves) if self.counted else None

    def record_win(self) -> None:
        """The game is won: counted once and its save deleted, in the store's one step."""
        if self.store is not None:
            self.store.end_game(self.slot, self.outcome(True), self.daily_play())
        self.counted = False

    def restart(self) -> None:
        """The same deal from the start (K-8), giving this one up."""
        from solitaire.core.position import game_from_json

        self.abandon()
        self.replace(game_from_json(self.start_json), self.start_json, elapsed=0.0, daily=self.daily)

    def start(self, game_id: str, draw: int, scoring: str, winnable: bool = False,
              resume: bool = True) -> None:
        """Play ``game_id`` in this mode. In another mode this game waits as its mode's saved
        game, and with ``resume`` that mode's own saved game comes back if it has one (K-7);
        otherwise a new deal, which gives up the game it replaces.
        """
        slot = slot_of(game_id, draw, scoring)
        if slot != self.slot:
            self.put_aside()
            loaded = resumed_game(self.store, slot) if resume and self.store is not None else None
            if loaded:
                game, start, elapsed, demo, daily = loaded
                self.replace(game, start, elapsed, resumed=True, demo=demo, daily=daily)
                return
        self.deal(pick_deal(game_id, draw, scoring, winnable))

    def new_deal(self, winnable: bool) -> None:
        """Another deal in the same mode (K-8)."""
        g = self.game
        self.start(g.rules.id, g.draw, g.scoring.name, winnable, resume=False)

    def start_code(self, code: GameCode) -> None:
        """Play the deal of a game code (G-1): a new deal in the code's mode."""
        if slot_of(code.game, code.draw, code.scoring) != self.slot:
            self.put_aside()
        self.deal(code)

    def start_daily(self, game_id: str, draw: int, day: date) -> None:
        """Play ``day``'s daily deal of the mode (DD-1): a new deal in its mode's place."""
        code = daily_deal(game_id, draw, day)
        if slot_of(code.game, code.draw, code.scoring) != self.slot:
            self.put_aside()
        self.deal(code, daily=day)

    def deal(self, code: GameCode, daily: date | None = None) -> None:
        """Deal ``code`` in its mode's place (``daily``: as that day's daily deal), giving up the
        game that was there."""
        if slot_of(code.game, code.draw, code.scoring) == self.slot:
            self.abandon()
        else:
            give_up_saved(self.store, slot_of(code.game, code.draw, code.scoring))
        self.replace(Game.deal(code), elapsed=0.0, daily=daily)
