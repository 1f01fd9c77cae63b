"""What the screens use beyond the window, handed to the App when it is made (issue 24 item 3).

The composition root (``solitaire.main``) builds them once; a screen reads ``app.services.store``
and never asks whether the app happens to have one (``getattr(app, "store", None)`` hid that
dependency, and the solver worker was made on first use in two places). Tests and benches build
their own: a store in a scratch folder or none, a stand-in worker.

A frozen dataclass rather than loose attributes on the App: the set of services is written down
in one place with its types, and nothing can be bolted on or swapped after the App is made.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

from solitaire.solver.worker import SolverWorker
from solitaire.store.notices import Notice
from solitaire.store.player_key import player_key

if TYPE_CHECKING:
    from solitaire.store import Store


@dataclass(frozen=True)
class Services:
    #: The player's settings, saved games and statistics; None where nothing may be kept (the
    #: benches, and tests that play hundreds of moves): saving and counting are then skipped.
    store: Store | None
    #: The one solver worker (hints, the deal's status, the Demo, the computer in a duel). Its
    #: process starts on first use, so an App that never asks costs no process.
    solver: SolverWorker
    #: The online player's secret key, read (or made and kept) when an online screen connects:
    #: a player who never plays online has no key file. Raises ``KeyNotKept`` when no key can
    #: be read or kept (the screens say why; the rest of the game goes on).
    player_key: Callable[[], str]

    @classmethod
    def around(cls, store: Store | None) -> Services:
        """The game's services around ``store``: a fresh solver worker, and the online key kept
        in the store's folder (the per-user folder when there is no store)."""
        told = None if store is None else partial(_key_set_aside, store)
        return cls(store, SolverWorker(), partial(player_key, store.folder if store is not None else None, told=told))


def _key_set_aside(store: Store, aside: str) -> None:
    """A damaged key file was set aside: told as the store tells its own files' damage."""
    store.notices.append(Notice("key_damaged", {"aside": aside}))
