"""A package's public names, each loaded from its module on first use (PEP 562).

``from solitaire.core import Game`` works as it always did, but importing one small module of a
package (``solitaire.core.quote``, ``solitaire.store.settings``) no longer runs every module the
package names: the game's window opens before the rules and the store are loaded (issue 33 item 9).
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping
from typing import Any


def lazy_exports(package: str, where: Mapping[str, str]) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """The ``__getattr__`` and ``__dir__`` of ``package``, whose public name ``name`` is defined
    in its module ``where[name]``."""

    def __getattr__(name: str) -> Any:
        module = where.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f"{package}.{module}"), name)
        setattr(sys.modules[package], name, value)  # looked up once
        return value

    def __dir__() -> list[str]:
        return sorted(set(vars(sys.modules[package])) | set(where))

    return __getattr__, __dir__
