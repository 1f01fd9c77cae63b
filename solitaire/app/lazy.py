"""A scene named in the registry but imported when it first opens (issue 33 item 9).

Registering every scene class at start-up imported the duel, the network client, the online
screens and the solver's player for every solitaire table (~30-40 ms before the first frame). The
registry (``solitaire.app.scene.SCENES``) maps a name to a factory; a ``LazyScene`` is such a
factory that names its class as ``"package.module:Class"`` and imports it on first use.
"""

from __future__ import annotations

import importlib
from typing import Any


class LazyScene:
    """A scene factory for ``"module:Class"``: ``factory(app, **kwargs)`` makes the scene, and
    an attribute (``overlay``; a test's stand-in ``start_server``) is the class's, read or set;
    each imports the module first."""

    def __init__(self, where: str) -> None:
        module, _, name = where.partition(":")
        if not module or not name:
            raise ValueError(f"a lazy scene is named 'module:Class', not {where!r}")
        self._where, self._module, self._name = where, module, name
        self._class: Any = None

    def load(self) -> Any:
        """The scene's class, its module imported now if it was not yet."""
        if self._class is None:
            self._class = getattr(importlib.import_module(self._module), self._name)
        return self._class

    def __call__(self, app: Any, **kwargs: Any) -> Any:
        return self.load()(app, **kwargs)

    def __getattr__(self, attribute: str) -> Any:
        if attribute.startswith("_"):
            raise AttributeError(attribute)
        return getattr(self.load(), attribute)

    def __setattr__(self, attribute: str, value: Any) -> None:
        if attribute.startswith("_"):
            object.__setattr__(self, attribute, value)
        else:
            setattr(self.load(), attribute, value)

    def __delattr__(self, attribute: str) -> None:
        delattr(self.load(), attribute)

    def __repr__(self) -> str:
        return f"LazyScene({self._where!r})"
