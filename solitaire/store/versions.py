"""Bring an older document up to the current version, one step at a time.

Each kind of document keeps a table `{n: upgrade_from_n_to_n_plus_1}`. A document from a newer
game cannot be understood safely, so it is refused; but it is not damage either (the newer game
reads it fine), so it gets its own error and the store neither sets it aside nor overwrites it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from solitaire.core.quote import shown
from solitaire.store.atomic import DamagedFileError

Migration = Callable[[dict[str, object]], dict[str, object]]


class NewerVersionError(Exception):
    """The document was written by a newer version of the game than this one."""

    def __init__(self, version: int, current: int) -> None:
        super().__init__(f"version {version} is newer than {current}")
        self.version = version


def upgrade(document: object, current: int, migrations: Mapping[int, Migration]) -> dict[str, object]:
    """Return `document` at version `current`; raise NewerVersionError for a newer game's
    document, or DamagedFileError saying why it cannot be read."""
    if not isinstance(document, dict):
        raise DamagedFileError("not a JSON object")
    version = document.get("version")
    if type(version) is not int or version < 1:
        raise DamagedFileError(f"bad version {shown(version)}")
    if version > current:
        raise NewerVersionError(version, current)
    while version < current:
        if version not in migrations:
            raise DamagedFileError(f"no migration from version {version}")
        try:
            document = migrations[version](document)
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            raise DamagedFileError(f"cannot migrate from version {version}: {error!r}") from error
        version += 1
        document["version"] = version
    return document
