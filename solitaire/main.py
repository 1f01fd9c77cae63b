"""The composition root: build the App (display, audio, text, strings), register the scenes,
push the first scene, loop.

It lives above every layer because it is the one module that knows them all: ``app/`` is the
engine the scenes run on and must not know which scenes exist, so the names are registered here
in :data:`solitaire.app.scene.SCENES` (see :func:`register_scenes`); a scene name missing from
the registry is simply not offered. Only ``entry`` (``game.py``), ``tools/`` and the tests import it.
"""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import Mapping
from dataclasses import MISSING, dataclass, fields
from typing import Any

from solitaire.core.quote import shown

log = logging.getLogger(__name__)


def __getattr__(name: str) -> Any:
    """``DEFAULT_SETTINGS``: the settings of a player who never changed one (tests and benches
    start from them; frozen, so sharing them is safe). Made when first asked for: the store's
    ``Settings`` is the one place a default is decided, and its per-game defaults read the level
    files, which the game's start does not wait for (issue 33 item 9)."""
    if name != "DEFAULT_SETTINGS":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from solitaire.store import Settings

    globals()[name] = Settings()
    return globals()[name]


@dataclass
class Options:
    """What the command line can ask of a run."""

    fullscreen: bool = False
    lang: str | None = None
    smoke: bool = False
    frames: int = 120
    screenshot: str | None = None
    scene: str | None = None
    code: str | None = None
    size: tuple[int, int] | None = None
    duel: str | None = None  # computer:STRENGTH (issue 14); host[:PORT] / join:CODE / online[:URL] (issue 25)
    autoplay: str | None = None  # the computer plays your side of the duel too
    fast: bool = False  # the duel's clocks and thinking simulated, not waited for
    frames_given: bool = False  # --frames on the command line: a smoke duel stops there
    race_seconds: int | None = None  # a shorter race (a network host's applies to both)
    listen: str | None = None  # a network host's address (its duel server listens there; in its code)
    name: str | None = None  # --duel online/host/join: the name to play under (Settings' by default)
    room: str | None = None  # --duel online: a friend's room code, or "new" to make one
    speak: bool = False  # speak for a screen reader, whatever the setting says (issue 36)


def register_scenes() -> None:
    """Fill the scene registry (names already taken are kept, so tests may substitute). Each
    scene's module is imported when the scene first opens (``LazyScene``): a solitaire table
    does not pay for the duel, the network or the online screens."""
    from solitaire.app.lazy import LazyScene
    from solitaire.app.scene import SCENES

    for name, where in {
        "title": "menus.title:TitleScene", "settings": "menus.settings:SettingsScene",
        "play": "table.play:PlayScene", "win": "table.win:WinScene", "new_game": "menus.new_game:NewGameScene",
        "menu": "menus.menu:MenuScene", "rules": "menus.rules:RulesScene",
        "game_code": "menus.game_code:GameCodeScene", "statistics": "menus.statistics:StatisticsScene",
        "confirm": "menus.confirm:ConfirmScene", "notice": "menus.notice:NoticeScene",
        "new_duel": "duel.new_duel:NewDuelScene", "duel": "duel.duel:DuelScene",
        "duel_end": "duel.dialogs:DuelEndScene", "duel_menu": "duel.dialogs:DuelMenuScene",
        "duel_results": "duel.results:DuelResultsScene", "net_lobby": "solitaire.entry.hosting:HostingNetLobby",
        "online_lobby": "duel.online_lobby:OnlineLobbyScene", "online_race": "duel.online_race:OnlineRaceScene",
        "online_results": "duel.online_results:OnlineResultsScene", "online_board": "menus.online_board:OnlineBoardScene",
        "daily_stats": "menus.daily_stats:DailyStatsScene", "daily_day": "menus.daily_day:DailyDayScene",
        "about": "menus.about:AboutScene",
    }.items():
        SCENES.setdefault(name, LazyScene(where if where.startswith("solitaire.") else f"solitaire.scenes.{where}"))


def run(options: Options | None = None, *, settings: Mapping[str, Any] | None = None,
        **overrides: Any) -> int:
    """Play (or, with ``smoke``, draw ``frames`` frames headless); returns the exit code.

    ``run(smoke=True, frames=5, screenshot="out.png")`` is the same as passing an
    :class:`Options`; ``settings`` are changes to the saved settings for this run.
    """
    opts = options or Options()
    known = {f.name for f in fields(Options)}
    for name, value in overrides.items():
        if name not in known:
            raise TypeError(f"unknown option {name!r}")
        setattr(opts, name, value)
    if opts.smoke:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

    import pygame

    from solitaire import i18n
    from solitaire.app.display import Display, ScreenshotFailed, start_video
    from solitaire.store.settings import WINDOW_SETTINGS, window_settings
    from solitaire.view.icon import window_icon
    from solitaire.view.palette import FELT_EDGE, HC_TABLE

    # The window first, in the felt's colour (issue 33 item 9: the player sees it while the rest
    # of the game loads), opened with the few settings it needs: the store, the rules and what
    # only the running game needs are loaded after it.
    first = window_settings() | {name: value for name, value in (settings or {}).items() if name in WINDOW_SETTINGS}
    i18n.set_language(opts.lang or first["language"] or i18n.system_language(pygame.system.get_pref_locales()))
    start_video()
    unsaved: ScreenshotFailed | None = None
    try:
        display = Display(opts.size or first["window_size"], fullscreen=opts.fullscreen or first["fullscreen"],
                          title=i18n.t("app.title"), icon=window_icon())
        display.first_colour(HC_TABLE if first["high_contrast"] else FELT_EDGE)  # the felt's rim
        from solitaire.entry import say_games_left_out
        from solitaire.store import Store

        say_games_left_out()
        store = Store()
        merged = store.settings.updated(**(settings or {}))
        if opts.lang:
            merged = merged.updated(language=opts.lang)
        from solitaire.app.audio import Audio
        from solitaire.app.loop import Loop
        from solitaire.app.scene import App
        from solitaire.app.services import Services
        from solitaire.app.speech_output import start_speech
        from solitaire.app.text import Text

        register_scenes()
        pygame.font.init()
        merged = merged.updated(fullscreen=display.fullscreen)
        audio = Audio(volume=merged.volume, muted=not merged.sound)
        text = Text()
        text.base_rtl = i18n.is_rtl()  # every line of an Arabic interface reads right to left
        app = App(display, audio, text, merged, i18n.t, Services.around(store),
                  speech=start_speech(merged.speak, opts.speak, engine=not opts.smoke))
        audio.listen(app.events)
        app.card_backs = _card_backs()
        one_off = {"language": merged.language} if opts.lang else {}
        if opts.fullscreen:
            one_off["fullscreen"] = True
        app.settings_listeners.append(lambda changed: _persist(store, changed, display, one_off))
        pygame.key.set_repeat(400, 35)
        _open_first_scene(app, opts, store)
        smoke_duel = opts.smoke and opts.duel is not None and not opts.frames_given
        # a headless duel played to its end: no one could close a notice (the log said it on stderr)
        if store.notices and app.can_open("notice") and not smoke_duel:
            app.open("notice", lines=[i18n.notice_text(notice) for notice in store.take_notices()])
        app.stack.on_resize(display.size)
        network = (opts.duel or "").partition(":")[0] in ("host", "join", "online")  # its clock is real
        loop = Loop(fixed_frame_time=1 / 60 if opts.smoke and not network else None)
        try:
            loop.run(app, max_frames=None if smoke_duel else (opts.frames if opts.smoke else None),
                     screenshot=opts.screenshot)
        except ScreenshotFailed as error:  # the run ends as every run does, then says so
            unsaved = error
        log.debug("%d frames, %d idle waits", loop.stats.frames, loop.stats.idle_waits)
        app.stack.clear()
        if "solitaire.entry.hosting" in sys.modules:  # imported when a network duel's host first waits
            sys.modules["solitaire.entry.hosting"].HOSTED.stop_all()  # none outlives the game
        _persist(store, app.settings, display, one_off)
        store.flush()
        app.services.solver.shutdown()
        app.speech.close()
        text.close()
        from solitaire.view.paint import close_fonts
        close_fonts()  # the card faces' fonts: a later run() in this process opens its own
    finally:
        # Not pygame.quit(): what the view cached (drawn glyphs) stays valid if run() is called
        # again in the same process, as the tests do.
        pygame.mixer.quit()
        pygame.display.quit()
    if unsaved is not None:
        raise BadOption(str(unsaved))
    return 0


#: Scenes a player only ever sees over a game in play: started on their own they get one.
OVER_PLAY = frozenset({"menu", "game_code", "confirm", "win"})
#: ... and those seen over a duel.
OVER_DUEL = frozenset({"duel_end", "duel_menu", "duel_results"})
#: The online race and its results need the server's match: started alone, the wait screen
#: that leads to them opens (the queue, on the server in Settings).
AFTER_ONLINE_WAIT = frozenset({"online_race", "online_results"})


def _open_first_scene(app: Any, opts: Options, store: Any) -> None:
    """Open the scene the run starts in, over the scenes a player would find under it and with
    the arguments the game itself would give it, so every name ``--scene`` takes starts
    sensibly (issue 11): the new game window for Klondike, the game menu over a deal, ...
    """
    if opts.duel is not None:
        from solitaire.scenes.duel.start import open_duel

        open_duel(app, opts)
        return
    if opts.code and app.can_open("play"):
        _open_code(app, opts.code, store)
        return
    if opts.code:
        log.warning("no play scene yet; ignoring --code %s", opts.code)
    name = opts.scene or "title"
    if name in AFTER_ONLINE_WAIT:
        name = "online_lobby"
    if not app.can_open(name):
        raise BadOption(f"--scene: no scene {shown(name)}; there are {', '.join(sorted(app.scenes))}")
    if getattr(app.scenes[name], "overlay", False) and name != "title" and app.can_open("title"):
        app.open("title")  # an overlay asked for on its own is shown over the title
    play = None
    if name in OVER_PLAY and app.can_open("play"):
        play = app.open("play", game=_won_game() if name == "win" else None)
    if name in OVER_DUEL and app.can_open("duel"):
        from solitaire.scenes.duel.start import open_over_duel

        open_over_duel(app, name)
        return
    app.open(name, **_scene_arguments(app, name, store, play))


def _open_code(app: Any, text: str, store: Any) -> None:
    """Play ``--code``; when that gives up a saved game with moves in the code's mode, ask first
    over the title, as the Game code dialog does (No leaves the saved game behind Continue).
    """
    from solitaire.core import parse_code
    from solitaire.scenes.menus.confirm import ask
    from solitaire.scenes.menus.game_code import code_question
    from solitaire.play.session import saved_game_at_stake, slot_of

    code = parse_code(text)
    if not saved_game_at_stake(store, slot_of(code.game, code.draw, code.scoring)):
        app.open("play", code=code)
        return
    app.open("title")
    ask(app, code_question(app, code), lambda: app.open("play", code=code),
        yes_label=app.t("game_code.play"), no_label=app.t("menu.cancel"))


def _scene_arguments(app: Any, name: str, store: Any, play: Any) -> dict[str, Any]:
    """What the game passes scene ``name`` when it opens it (``play``: the game under it)."""
    if name == "new_game":
        from solitaire.core.rules import default_game

        return {"game_id": default_game(), "play": play}
    if name == "notice":
        from solitaire import i18n

        lines = [i18n.notice_text(notice) for notice in store.take_notices()]
        return {"lines": lines or [app.t("notice.nothing")]}
    if name == "confirm" and play is not None:  # the question Restart asks
        return {"message": app.t("menu.restart_confirm"), "on_yes": play.session.restart,
                "yes_label": app.t("menu.restart"), "no_label": app.t("menu.cancel")}
    return {"play": play} if play is not None else {}


def _won_game() -> Any:
    """The default game played out the shortest way, for the win panel: every stock card drawn
    once (draw 1) and sent home from the waste, every column card sent home, each face-down card
    turned on the way; its score and moves are what those moves earn (Thoughtful: 520 points in
    76 moves, TF-5; Klondike: 745, K-6).
    """
    from solitaire.core import ruleset
    from solitaire.core.cards import card, card_text
    from solitaire.core.position import game_from_json
    from solitaire.core.rules import default_game

    rules = ruleset(default_game())
    scoring = rules.scoring_systems[rules.scorings[0]]
    dealt = sum(rules.columns)
    stock = rules.card_count - dealt
    face_down = sum(rules.dealt_hidden)
    earned = (stock * scoring.waste_to_foundation + dealt * scoring.column_to_foundation
              + face_down * scoring.flip)
    home = [[card_text(card(rank, suit)) for rank in range(1, 14)]
            for _ in range(rules.decks) for suit in range(4)]
    return game_from_json({"game": rules.id, "draw": min(rules.draws), "scoring": scoring.name,
                           "tableau": [[]] * len(rules.columns), "stock": [], "waste": [],
                           "foundations": home, "score": scoring.add(scoring.start, earned),
                           "moves": rules.card_count + stock})


def _card_backs() -> list[str]:
    from solitaire.view.cardart import CardArt

    return list(CardArt.BACKS)


#: Settings the store owns outright (the new game window and the session write them there
#: directly) or takes from elsewhere (the window size, from the display): the app's copy of them
#: may be stale and is never written back.
NOT_FROM_APP = frozenset({"draw", "scoring", "continue_slot", "window_size"})


def _persist(store: Any, settings: Any, display: Any, one_off: dict[str, Any]) -> None:
    """Save what changed in the app's settings, and the window size (issue 4). A value given on
    the command line for this run only (``one_off``: ``--lang``, ``--fullscreen``) is not saved
    unless the player changes it in the game. Only the settings that differ from the store's are
    written, so another copy's changes to the others survive (issue 12)."""
    current = store.settings
    changes = {name: value for name, value in current.changes_to(settings).items()
               if name not in NOT_FROM_APP and one_off.get(name, MISSING) != value}
    before = current.window_size or getattr(display, "first_size", None)  # never sized: chosen from the screen
    if before is None or tuple(display.windowed_size) != tuple(before):  # full screen saves the window it left
        changes["window_size"] = list(display.windowed_size)
    for name, value in changes.items():
        try:
            store.update_settings(**{name: value})
        except ValueError:
            log.debug("setting %s=%r not saved", name, value)


class BadOption(Exception):
    """A command-line value the game cannot use; main() prints it as one line and exits 2."""


def main(argv: list[str]) -> int:
    """``python game.py [--fullscreen] [--code CODE] [--lang en|ar] [--smoke ...]``."""
    import sys

    from solitaire.app.display import NoDisplay
    from solitaire.app.notices import add_notice_options
    from solitaire.core.args import (ToolParser, UsageError, bad_input, check_duel_arguments, frame_count, ipv4,
                                     race_seconds, screenshot_path, strength, window_size)
    from solitaire.entry.duel_option import duel_opponent

    parser = ToolParser(prog="game.py", description="Play solitaire.")
    add_notice_options(parser)  # --version, --licenses
    parser.add_argument("--fullscreen", action="store_true", help="start full screen (F11 toggles)")
    parser.add_argument("--code", help="play this game code, e.g. KL1-D3N-AAAAAAB")
    parser.add_argument("--lang", choices=("en", "ar"), help="interface language")
    parser.add_argument("--smoke", action="store_true", help="run a few frames and exit (tests, tools)")
    parser.add_argument("--frames", type=frame_count, help="frames for --smoke (120; a duel: to its end)")
    parser.add_argument("--screenshot", type=screenshot_path, help="with --smoke: save the last frame as PNG")
    parser.add_argument("--scene", help="with --smoke: the scene to start in (title, play, ...)")
    parser.add_argument("--size", type=window_size, help="window size WIDTHxHEIGHT, e.g. 1280x720")
    parser.add_argument("--duel", metavar="OPPONENT", type=duel_opponent, help="duel computer:easy|medium|hard "
                        "(with --code DU2-D3N-…: that deal), host[:PORT] (on the network), join:CODE or "
                        "online[:ws://HOST:PORT] (the duel server)")
    parser.add_argument("--race-seconds", type=race_seconds, metavar="N", help="with --duel: a shorter race")
    parser.add_argument("--listen", metavar="ADDRESS", type=ipv4, help="with --duel host: listen there")
    parser.add_argument("--autoplay", metavar="STRENGTH", type=strength,
                        help="with --duel: the computer plays your side too (easy, medium, hard)")
    parser.add_argument("--fast", action="store_true",
                        help="with --duel: simulate the clocks and the thinking instead of waiting")
    parser.add_argument("--name", help="with --duel online, host or join: your name there")
    parser.add_argument("--room", metavar="CODE", help="with --duel online: join a friend's room (new: make one)")
    parser.add_argument("--speak", action="store_true", help="speak for a screen reader (see README)")
    try:
        args = parser.parse_args(argv)
        check_duel_arguments(args)
    except UsageError as error:
        return bad_input(error)
    if (args.duel or "").partition(":")[0] in ("online", "host", "join") and args.smoke and args.autoplay:
        from solitaire.entry.online_play import run_headless  # no pygame: a headless client

        return run_headless(args.duel, args.name, args.room, args.autoplay, args.fast, args.listen, args.race_seconds)
    if args.code:
        from solitaire.core import BadCode, parse_code

        try:
            parse_code(args.code)
        except BadCode as error:
            print(error, file=sys.stderr)
            return 2
    options = Options(fullscreen=args.fullscreen, lang=args.lang, smoke=args.smoke,
                      frames=args.frames or 120, screenshot=args.screenshot, scene=args.scene,
                      code=args.code, size=args.size, duel=args.duel, autoplay=args.autoplay,
                      fast=args.fast, frames_given=args.frames is not None,
                      race_seconds=args.race_seconds, listen=args.listen, name=args.name, room=args.room,
                      speak=args.speak)
    try:
        return run(options)
    except NoDisplay as error:
        print(error, file=sys.stderr)
        return 2
    except BadOption as error:
        print(f"game.py: {error}", file=sys.stderr)
        return 2
    except Exception:  # a bug must not end in a traceback for the player: say where it is written
        from solitaire.store.crash import report_crash

        return report_crash()

