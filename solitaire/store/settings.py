"""The player's settings: a schema with a default and a check for every key.

Settings are repaired key by key: an unknown key is dropped and a wrong value falls back to that
key's default, so one odd value (a card back that no longer ships, a hand edit) never resets the
rest. Adding a setting is one line in `Settings`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from pathlib import Path
from dataclasses import MISSING, dataclass, field, fields, replace
from typing import Any

from solitaire.core.quote import shown
from solitaire.store.modes import game_choices, parse_mode_key
from solitaire.store.atomic import DamagedFileError, read_json
from solitaire.store.home import data_dir
from solitaire.store.versions import Migration, NewerVersionError, upgrade

SETTINGS_FILE = "settings.json"
SETTINGS_VERSION = 1
SETTINGS_MIGRATIONS: dict[int, Migration] = {}


class Scalar:
    """A setting whose value is checked whole by `check`, which normalises or raises ValueError."""

    def __init__(self, check: Callable[[object], object]) -> None:
        self.check = check

    def load(self, raw: object, default: object) -> object:
        try:
            return self.check(raw)
        except ValueError:
            return default

    def update(self, current: object, new: object) -> object:
        return self.check(new)


class PerGame:
    """A setting with one value per game (draw, scoring), repaired game by game."""

    def __init__(self, options: Callable[[str], tuple[object, ...]]) -> None:
        self.options = options

    def load(self, raw: object, default: Mapping[str, object]) -> dict[str, object]:
        result = dict(default)
        if isinstance(raw, dict):
            for game in result:
                if game in raw and _is_one_of(raw[game], self.options(game)):
                    result[game] = raw[game]
        return result

    def update(self, current: Mapping[str, object], new: object) -> dict[str, object]:
        """Merge `new` (some games only) into `current`; any bad entry raises ValueError."""
        if not isinstance(new, Mapping):
            raise ValueError(f"expected a mapping of game to value, got {shown(new)}")
        result = dict(current)
        for game, value in new.items():
            if game not in game_choices() or not _is_one_of(value, self.options(game)):
                raise ValueError(f"{shown(value)} is not a choice for {shown(game)}")
            result[game] = value
        return result


def _is_one_of(value: object, options: tuple[object, ...]) -> bool:
    """Membership that does not let True pass for 1."""
    return any(type(value) is type(option) and value == option for option in options)


def boolean(value: object) -> bool:
    if type(value) is not bool:
        raise ValueError(f"expected true or false, got {shown(value)}")
    return value


def number_between(low: float, high: float) -> Callable[[object], float]:
    def check(value: object) -> float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise ValueError(f"expected a number, got {shown(value)}")
        if not math.isfinite(value) or not low <= value <= high:
            raise ValueError(f"expected a number from {low} to {high}, got {shown(value)}")
        return float(value)
    return check


def one_of(*options: object) -> Callable[[object], object]:
    def check(value: object) -> object:
        if not _is_one_of(value, options):
            raise ValueError(f"expected one of {options}, got {shown(value)}")
        return value
    return check


NETWORK_ROLES = ("host", "join")
"""A person on the network as the Duel's opponent: host the duel (your deal) or join one."""

CARD_BACKS = ("blue", "red", "green")
"""The backs the view draws (`CardArt.BACKS`; a test keeps the two equal). A newer version's
back in the file falls back to the default instead of reaching the view."""


CARD_FACES = ("classic", "simple")
"""The court cards' styles the view draws (`palette.FACE_STYLES`; a test keeps the two equal)."""


def window_size(value: object) -> tuple[int, int]:
    if (not isinstance(value, (list, tuple)) or len(value) != 2
            or any(type(side) is not int or not 200 <= side <= 16384 for side in value)):
        raise ValueError(f"expected [width, height] in pixels, got {shown(value)}")
    return (value[0], value[1])


def optional_window_size(value: object) -> tuple[int, int] | None:
    return None if value is None else window_size(value)


def optional_known_mode(value: object) -> str | None:
    """A mode of a game this version plays, or None: Continue cannot resume a newer version's game."""
    if value is None:
        return None
    game, draw, scoring = parse_mode_key(value)
    games = game_choices()
    if game not in games or draw not in games[game].draws or scoring not in games[game].scorings:
        raise ValueError(f"{shown(value)} is not a mode of a game this version plays")
    return value


def player_name(value: object) -> str:
    """A name other players see in a network duel: "" means the system's user name."""
    if not isinstance(value, str) or len(value) > 32 or not value.isprintable():
        raise ValueError(f"expected a name of at most 32 printable characters, got {shown(value)}")
    return value.strip()


def opponent_choice(value: object) -> object:
    """The computer's strength or a network role (``core.duel.STRENGTHS``, imported here when a
    value is checked: the duel's module loads the rules, which the window does not wait for)."""
    from solitaire.core.duel import STRENGTHS

    return one_of(*STRENGTHS, *NETWORK_ROLES, "online")(value)


DEFAULT_ONLINE_SERVER = "ws://127.0.0.1:47475"  # the duel server's own default (server.cli.DEFAULT_PORT)


def server_address(value: object) -> str:
    """The online duel server (issue 25): a ws:// or wss:// address; "" means the game's default."""
    if not isinstance(value, str) or len(value) > 200 or not value.isprintable() \
            or (value.strip() and not value.strip().startswith(("ws://", "wss://"))):
        raise ValueError(f"expected a ws:// or wss:// address, got {value!r}")
    return value.strip()


def port(value: object) -> int:
    if type(value) is not int or not 1024 <= value <= 65535:
        raise ValueError(f"expected a port number from 1024 to 65535, got {shown(value)}")
    return value


def setting(default: object, check: Callable[[object], object]) -> Any:
    return field(default=default, metadata={"spec": Scalar(check)})


def per_game(options: Callable[[str], tuple[object, ...]]) -> Any:
    return field(default_factory=lambda: {game: options(game)[0] for game in game_choices()},
                 metadata={"spec": PerGame(options)})


@dataclass(frozen=True)
class Settings:
    """Every setting with its default.

    Frozen, and the per-game dicts are to be read only: change settings through
    `Store.update_settings`, which checks and saves.
    """

    draw: dict[str, int] = per_game(lambda game: game_choices()[game].draws)
    scoring: dict[str, str] = per_game(lambda game: game_choices()[game].scorings)
    one_tap: bool = setting(True, boolean)
    double_click: bool = setting(True, boolean)
    interactive_rules: bool = setting(True, boolean)
    show_rule_numbers: bool = setting(False, boolean)
    """The rules' ids ("Rule C-2") under a refusal and the rules' paragraphs: for those who look
    them up in the rules document; to a player they read as internal numbers (issue 22)."""
    show_time: bool = setting(True, boolean)
    show_moves: bool = setting(True, boolean)
    status_line: bool = setting(True, boolean)
    sound: bool = setting(True, boolean)
    volume: float = setting(0.7, number_between(0.0, 1.0))
    card_back: str = setting("blue", one_of(*CARD_BACKS))
    language: str | None = setting(None, one_of(None, "en", "ar"))
    """None: never chosen, so the game speaks the system's language (`solitaire.i18n.system_language`)."""
    window_size: tuple[int, int] | None = setting(None, optional_window_size)
    """None: never sized, so the first window is chosen from the screen (`app.display`)."""
    fullscreen: bool = setting(False, boolean)
    winnable_only: bool = setting(False, boolean)
    animation_speed: float = setting(1.0, number_between(0.25, 4.0))
    four_colour_deck: bool = setting(False, boolean)
    """Spades black, hearts red, diamonds blue, clubs green: no two suits share an ink."""
    high_contrast: bool = setting(False, boolean)
    card_faces: str = setting("classic", one_of(*CARD_FACES))
    """The court cards drawn as figures ("classic") or as the rank's letter over its suit ("simple")."""
    reduced_motion: bool = setting(False, boolean)
    text_size: str = setting("normal", one_of("normal", "large", "largest"))
    """Every text of the game larger (bars, buttons, dialogs, card indices); layouts reflow."""
    speak: bool | None = setting(None, one_of(None, True, False))
    """Speak for a screen reader (issue 36); None until the player chooses: on when a screen
    reader runs."""
    left_handed: bool = setting(False, boolean)
    """The table mirrored on its own: stock and waste on the other side from where the
    interface language puts them."""
    player_name: str = setting("", player_name)
    """Shown to the other player of a network duel; "" uses the system's user name."""
    duel_opponent: str = setting("medium", opponent_choice)
    """The opponent last chosen in the New duel window: the computer's strength, or a network role."""
    duel_port: int = setting(47474, port)
    """Where a hosted network duel listens (the next free port if this one is taken)."""
    online_server: str = setting("", server_address)
    """The online duel server New duel -> Online connects to; "" is the default address."""
    continue_slot: str | None = setting(None, optional_known_mode)
    """The saved game the title screen's Continue resumes: the last one played."""

    @classmethod
    def from_document(cls, document: Mapping[str, object]) -> Settings:
        """Build settings from an upgraded document, repairing key by key (never raises)."""
        defaults = cls()
        values = {f.name: f.metadata["spec"].load(document.get(f.name, MISSING), getattr(defaults, f.name))
                  for f in fields(cls)}
        return cls(**values)

    def to_document(self) -> dict[str, object]:
        document: dict[str, object] = {"version": SETTINGS_VERSION}
        document.update({f.name: getattr(self, f.name) for f in fields(self)})
        return document

    def changes_to(self, other: Settings) -> dict[str, object]:
        """The smallest changes that turn these settings into `other`: the settings that differ
        and, of a per-game setting, only the games that differ."""
        changes: dict[str, object] = {}
        for f in fields(self):
            mine, theirs = getattr(self, f.name), getattr(other, f.name)
            if isinstance(f.metadata["spec"], PerGame):
                games = {game: value for game, value in theirs.items() if mine.get(game) != value}
                if games:
                    changes[f.name] = games
            elif mine != theirs:
                changes[f.name] = theirs
        return changes

    def updated(self, **changes: object) -> Settings:
        """Return a copy with `changes`; an unknown key or a bad value raises ValueError.

        Per-game settings merge: `updated(draw={"klondike": 3})` changes Klondike's draw only.
        """
        specs = {f.name: f.metadata["spec"] for f in fields(self)}
        values = {}
        for name, new in changes.items():
            if name not in specs:
                raise ValueError(f"no setting called {shown(name)}")
            values[name] = specs[name].update(getattr(self, name), new)
        return replace(self, **values)


#: What the window is opened with, before the rest of the game loads (issue 33 item 9).
WINDOW_SETTINGS = ("window_size", "fullscreen", "language", "high_contrast")


def window_settings(folder: Path | None = None) -> dict[str, object]:
    """The settings of ``WINDOW_SETTINGS`` as the store will read them, without loading the store
    (its statistics, saves and the rules their checks need): the file read and upgraded as the
    store reads it, each key checked by its setting's own check. A file the store would set aside
    or leave alone gives the defaults, as it gives them to the store; this never writes or tells.
    """
    try:
        document = upgrade(read_json((data_dir() if folder is None else folder) / SETTINGS_FILE),
                           SETTINGS_VERSION, SETTINGS_MIGRATIONS)
    except (OSError, DamagedFileError, NewerVersionError):  # UnreadableFileError is an OSError
        document = {}
    schema = {f.name: f for f in fields(Settings)}
    return {name: schema[name].metadata["spec"].load(document.get(name, MISSING), schema[name].default)
            for name in WINDOW_SETTINGS}


def merge_changes(earlier: Mapping[str, object], later: Mapping[str, object]) -> dict[str, object]:
    """Changes `earlier` and then `later`, as one set of changes (per-game settings keep the games
    of both)."""
    merged = dict(earlier)
    for name, value in later.items():
        previous = merged.get(name)
        merged[name] = {**previous, **value} if isinstance(previous, dict) and isinstance(value, dict) else value
    return merged


def apply_changes(document: Mapping[str, object], changes: Mapping[str, object]) -> dict[str, object]:
    """A settings document from disk with `changes` written into it, and nothing else touched.

    Another copy of the game, or a newer version, may have written keys and values this copy
    never changed, some it does not even understand: they stay exactly as they are.
    """
    result = dict(document)
    result["version"] = SETTINGS_VERSION
    for name, value in changes.items():
        previous = result.get(name)
        result[name] = {**previous, **value} if isinstance(previous, dict) and isinstance(value, dict) else value
    return result
