"""The sentences the store says to the player.

Each is a template keyed by an id so the i18n layer can swap in a translation without touching
the store: replace or extend `TEMPLATES` (same ids, same `{fields}`).
"""

from __future__ import annotations

TEMPLATES: dict[str, str] = {
    "settings_damaged": "Your settings file was damaged; it was set aside as {aside} and defaults are used.",
    "stats_damaged": "Your statistics file was damaged; it was set aside as {aside} and your statistics start again.",
    "save_damaged": "Your saved game was damaged; it was set aside as {aside} and a new game will be dealt.",
    "settings_damaged_kept": "Your settings file {name} is damaged and could not be set aside; defaults are used.",
    "stats_damaged_kept": "Your statistics file {name} is damaged and could not be set aside; your statistics start again.",
    "save_damaged_kept": "Your saved game {name} is damaged and could not be set aside; a new game will be dealt.",
    "cannot_save": "Your progress cannot be saved in {folder}; the game keeps it while it runs and keeps trying.",
    "cannot_save_full": "The disk is full, so your progress cannot be saved; the game keeps it while it runs and keeps trying.",
}


def message(message_id: str, **fields: object) -> str:
    """Fill the template `message_id`; a missing id or field is a programming error and raises."""
    return TEMPLATES[message_id].format(**fields)
