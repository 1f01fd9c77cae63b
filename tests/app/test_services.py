"""Services given, not bolted on (issue 24 item 3): the App gets its store, its solver worker and
the online key at construction, typed, and no screen asks whether the app happens to have one.
"""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

import pytest

from solitaire.app.services import Services
from solitaire.store import Store
from solitaire.store.player_key import KEY_FILE

PACKAGE = Path(__file__).resolve().parents[2] / "solitaire"
#: The App's services by name: none may be looked up with getattr.
SERVICE_NAMES = frozenset(field.name for field in dataclasses.fields(Services)) | {"services"}


def service_lookups(package: Path = PACKAGE) -> list[str]:
    """Every ``getattr(x, "store"…)`` (any service's name) in the package, as "file:line"."""
    found = []
    for path in sorted(package.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("getattr", "hasattr")
                    and len(node.args) >= 2 and isinstance(node.args[1], ast.Constant)
                    and node.args[1].value in SERVICE_NAMES):
                found.append(f"{path.relative_to(package.parent)}:{node.lineno}")
    return found


def test_no_module_looks_a_service_up_by_name():
    assert service_lookups() == []


def test_the_look_up_check_can_fail(tmp_path):
    package = tmp_path / "solitaire"
    package.mkdir()
    (package / "scene.py").write_text('store = getattr(app, "store", None)\nworker = app.services.solver\n')
    assert service_lookups(package) == ["solitaire/scene.py:1"]


def test_the_solver_worker_is_made_in_one_place():
    """The hints and the computer rival each made the worker on first use; now the services do."""
    makers = [f"{path.relative_to(PACKAGE.parent)}" for path in sorted(PACKAGE.rglob("*.py"))
              if "SolverWorker()" in path.read_text(encoding="utf-8")]
    assert makers == ["solitaire/app/services.py"]


def test_services_cannot_be_swapped_after_the_app_is_made(tmp_path):
    services = Services.around(Store(tmp_path))
    with pytest.raises(dataclasses.FrozenInstanceError):
        services.store = None  # type: ignore[misc]


def test_the_online_key_is_kept_beside_the_store(tmp_path):
    services = Services.around(Store(tmp_path / "home"))
    key = services.player_key()
    assert (tmp_path / "home" / KEY_FILE).read_text().strip() == key
    assert services.player_key() == key

