"""What the store has to tell the player, as ids with fields: the words live in `solitaire.i18n`.

The store sits below the interface and knows no language, so a notice is a kind (`disk_full`)
and its fields (a file or folder name); the interface looks up `store.<kind>` in the player's
language. `KINDS` lists every kind with its fields, so a test can check that each language
says each of them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

KINDS: dict[str, tuple[str, ...]] = {
    # A file found damaged and renamed `<name>.damaged-<stamp>` (or, failing that, left as it was).
    "settings_damaged": ("aside",),
    "stats_damaged": ("aside",),
    "save_damaged": ("aside",),
    "settings_damaged_kept": ("name",),
    "stats_damaged_kept": ("name",),
    "save_damaged_kept": ("name",),
    # Some statistics records were odd: only they are dropped; a copy of the file is kept.
    "stats_records_dropped": ("modes", "aside"),
    "stats_records_ignored": ("modes",),
    # Written by a newer version of the game: left as it is, never overwritten.
    "settings_newer": ("name",),
    "stats_newer": ("name",),
    "save_newer": ("name",),
    # The system refuses to let the game read it: left as it is, never overwritten.
    "settings_unreadable": ("name",),
    "stats_unreadable": ("name",),
    "save_unreadable": ("name",),
    "folder_unreadable": ("folder",),
    # Saving does not work (told once per kind), and then works again.
    "cannot_save_read_only": ("folder",),
    "cannot_save_disk_full": (),
    "cannot_save_not_folder": ("folder",),
    "cannot_save": ("folder",),
    # Another copy has held the folder's lock for seconds (stopped while writing): kept, retried.
    "cannot_save_busy": ("folder",),
    "saving_again": (),
    # A new deal in a mode whose saved game another copy has on its table: that game is left to it.
    "save_open_elsewhere": (),
    # A folder in the place of the lock file (`.lock`): set aside, or, failing that, written without it.
    "lock_damaged": ("aside",),
    "lock_unusable": ("name",),
    # A saved game whose redo list had a move that cannot be played: the game kept, the list dropped.
    "save_redo_dropped": (),
    # The online key file was damaged: set aside, and a new key made (a new online identity).
    "key_damaged": ("aside",),
}


@dataclass(frozen=True)
class Notice:
    """One thing to tell the player: `kind` (a key of `KINDS`) and its fields, as text."""

    kind: str
    fields: dict[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.kind not in KINDS or set(self.fields) != set(KINDS[self.kind]):
            raise ValueError(f"bad notice {self.kind!r} with fields {sorted(self.fields)}")

    @property
    def key(self) -> str:
        """The i18n key of the sentence: `t(notice.key, **notice.fields)`."""
        return f"store.{self.kind}"
