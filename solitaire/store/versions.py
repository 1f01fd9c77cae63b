"""Bring an older document up to the current version, one step at a time.

Each kind of document keeps a table `{n: upgrade_from_n_to_n_plus_1}`. A document from a newer
game cannot be understood safely, so it is refused like damage rather than half-read and then
overwritten.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from solitaire.store.atomic import DamagedFileError

Migration = Callable[[dict[str, object]], dict[str, object]]


def upgrade(document: object, current: int, migrations: Mapping[int, Migration]) -> dict[str, object]:
    """Return `document` at version `current`, or raise DamagedFileError saying why it cannot be."""
    if not isinstance(document, dict):
        raise DamagedFileError("not a JSON object")
    version = document.get("version")
    if type(version) is not int or version < 1:
        raise DamagedFileError(f"bad version {version!r}")
    if version > current:
        raise DamagedFileError(f"version {version} is newer than {current}")
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
