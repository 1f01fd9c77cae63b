"""Layers only point down (ARCHITECTURE, issue 13 item 4): the import graph of ``solitaire/``,
read with ``ast`` from every module-level and function-level import, has no arrow pointing up.

    core  <-  solver, store, net       (pure: rules, search, files, the duel's sockets)
    core, net  <-  server              (pure: the online duel server; it uses net's protocol)
    core, solver, store, net, server  <-  play   (pure: the games being played, the duel's race)
    core, solver, store  <-  app  <-  view  <-  scenes (the engine, the drawing, the screens; scenes
                         use play; the app is given the store and the solver: app/services.py)

``i18n`` (the strings) stands on the core alone and may be used from anywhere above it; so do the
command-line helpers, which are the core's (``core/args.py``: the solver's and the server's
commands use them). The composition root may import anything, and nothing in the package below it
imports it: ``main`` (which knows every scene) and ``entry/`` (the command line's commands, which
``game.py`` and the pip-installed ``solitaire`` command run, and their tools: ``cli``, deal and
replay; ``online_play``, a duel played headless; ``duel_option``, the ``--duel`` option, which
reads a network duel's code; ``hosting``, which gives the network duel's screens the duel server
they host); only ``entry``, ``game.py``, ``tools/`` and the tests import them. The benches
(``benches/``, ``python game.py bench``) sit beside the root, off the path from ``game.py`` to
it: they measure every layer, so they may import any, and only ``entry`` runs them.

Within one folder, files do not import one another in a circle (issue 24): one that does is
named, with why, in ``KEPT_CIRCLES``.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "solitaire"

#: Layer -> the layers it may import (besides itself).
ALLOWED: dict[str, frozenset[str]] = {
    "core": frozenset(),
    "i18n": frozenset({"core"}),
    "solver": frozenset({"core"}),
    "store": frozenset({"core"}),
    "net": frozenset({"core"}),
    "server": frozenset({"core", "net"}),
    "play": frozenset({"core", "i18n", "solver", "store", "net", "server"}),
    "app": frozenset({"core", "i18n", "solver", "store"}),
    "view": frozenset({"core", "i18n", "app"}),
    "scenes": frozenset({"core", "solver", "store", "net", "play", "i18n", "app", "view"}),
}

#: Top-level modules and folders of the package that are the composition root, its tools and the benches.
ROOT_MODULES = frozenset({"main", "entry", "benches"})


def module_name(path: Path, package: Path = PACKAGE) -> str:
    parts = list(path.relative_to(package.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imported_modules(path: Path, package_dir: Path = PACKAGE) -> list[tuple[int, str]]:
    """(line, module) for every import in the file, at any depth; relative imports resolved.
    ``from solitaire import name`` counts as importing ``solitaire.name``.
    """
    name = module_name(path, package_dir)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            out += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if layer_of(target) is not None:
                out.append((node.lineno, target))
            else:  # ``from solitaire import i18n``: the names are the modules
                out += [(node.lineno, f"{target}.{alias.name}") for alias in node.names]
    return out


def layer_of(module: str) -> str | None:
    """The layer of a module of the package; None for one outside it (stdlib, pygame, ...)."""
    parts = module.split(".")
    if parts[0] != "solitaire" or len(parts) == 1:
        return None
    top = parts[1]
    if top in ROOT_MODULES:
        return "root"
    return top if top in ALLOWED else None


def upward_arrows(package: Path = PACKAGE) -> list[str]:
    """Every import in ``package`` that its layer is not allowed, as "file:line: a -> b"."""
    bad = []
    for path in sorted(package.rglob("*.py")):
        source = layer_of(module_name(path, package)) or "unknown"
        for line, target in imported_modules(path, package):
            layer = layer_of(target)
            if layer is None or layer == source or source == "root":
                continue  # outside the package, within one layer, or the root's own imports
            if layer in ALLOWED.get(source, frozenset()):
                continue
            where = path.relative_to(package.parent)
            bad.append(f"{where}:{line}: {source} -> {layer} ({target})")
    return bad


def test_every_module_of_the_package_has_a_layer():
    unplaced = [module_name(p) for p in PACKAGE.rglob("*.py")
                if module_name(p) != "solitaire" and layer_of(module_name(p)) is None]
    assert unplaced == []


def test_no_import_points_up_a_layer():
    assert upward_arrows() == []


def test_the_graph_reader_sees_function_level_and_relative_imports(tmp_path):
    """The check itself can fail: a scene imported inside a function of app/, and a relative
    import of the composition root from the solver, are both reported.
    """
    package = tmp_path / "solitaire"
    for folder in ("app", "solver", "scenes"):
        (package / folder).mkdir(parents=True)
        (package / folder / "__init__.py").write_text("")
    (package / "__init__.py").write_text("")
    (package / "main.py").write_text("from solitaire.scenes import play\n")
    (package / "scenes" / "play.py").write_text("from solitaire.app import scene\n")
    (package / "app" / "scene.py").write_text("def open():\n    from solitaire.scenes import play\n")
    (package / "solver" / "cli.py").write_text("from ..entry.cli import run\nfrom ..core import cards\n")
    assert upward_arrows(package) == [
        "solitaire/app/scene.py:2: app -> scenes (solitaire.scenes)",
        "solitaire/solver/cli.py:1: solver -> root (solitaire.entry.cli)",
    ]


def test_scenes_never_place_card_sprites():
    """Drawing reads state; the view places its sprites. A scene asks the view (``drag_by``,
    ``release``) instead of writing a sprite's position itself (issue 13)."""
    offences = []
    for path in sorted((Path(__file__).resolve().parent.parent / "solitaire" / "scenes").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            targets = node.targets if isinstance(node, ast.Assign) else (
                [node.target] if isinstance(node, (ast.AugAssign, ast.AnnAssign)) else [])
            for target in targets:
                for leaf in ast.walk(target):
                    if isinstance(leaf, ast.Attribute) and leaf.attr in ("pos", "prev"):
                        offences.append(f"{path.name}:{node.lineno}")
    assert offences == []



#: Circles between the files of one folder that are kept, each with why: no new circle comes in
#: unseen, and one removed leaves this list (the test compares both ways). A part of the table
#: sees the scene through ``scenes/table/interface.py``, a widget its group through
#: ``ui.widgets.Holder``, the Duel's panel its screen through ``scenes/duel/panel.DuelScreen``.
KEPT_CIRCLES: dict[tuple[str, ...], str] = {}  # none now (server's Client and Settings: ``clients.py``)

def imports_within(folder: Path, package: Path = PACKAGE) -> dict[str, set[str]]:
    """Module -> the modules of the same folder it imports, at any depth (``TYPE_CHECKING`` and
    function-level imports included: a circle typed away is still a circle of the design).
    ``from folder import name`` counts as importing the module ``name`` when there is one.
    """
    modules = {module_name(path, package): path for path in folder.glob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        package_name = name if path.name == "__init__.py" else name.rpartition(".")[0]
        graph[name] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.Import):
                candidates = [[alias.name] for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = package_name.split(".")
                    base = ".".join(parts[: len(parts) - node.level + 1] + ([base] if base else []))
                candidates = [[f"{base}.{alias.name}", base] for alias in node.names]
            else:
                continue
            for options in candidates:
                target = next((m for m in options if m in modules), None)
                if target is not None and target != name:
                    graph[name].add(target)
    return graph


def import_circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The groups of modules that import one another round a circle (Tarjan's strongly
    connected components of more than one module), each sorted, shortest names first."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    circles: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for target in sorted(graph[module]):
            if target not in index:
                visit(target)
                low[module] = min(low[module], low[target])
            elif target in stack:
                low[module] = min(low[module], index[target])
        if low[module] == index[module]:
            group = []
            while not group or group[-1] != module:
                group.append(stack.pop())
            if len(group) > 1:
                circles.append(sorted(group))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return sorted(circles)


def test_the_menus_never_import_the_table():
    """The dialogs over the table are handed the play scene (``menus/play_table.PlayTable``);
    the table uses the dialogs' frame and questions, so the arrow points one way."""
    arrows = [f"{path.name}:{line}: {target}" for path in sorted((PACKAGE / "scenes" / "menus").glob("*.py"))
              for line, target in imported_modules(path) if target.startswith("solitaire.scenes.table")]
    assert arrows == []


def test_no_import_circle_between_the_files_of_a_folder_but_those_named():
    """Every folder of the package (the Duel's screens: the duel scene, its panel and the
    connection banner were one circle; the panel now reads the screen through a Protocol)."""
    folders = sorted({path.parent for path in PACKAGE.rglob("*.py")})
    found = [tuple(circle) for folder in folders for circle in import_circles(imports_within(folder))]
    assert {circle: KEPT_CIRCLES.get(circle, "not named") for circle in found} == KEPT_CIRCLES


def test_the_circle_finder_sees_circles_through_type_checking_and_package_imports(tmp_path):
    """The check itself can fail: a part importing its scene only to type it, and a widget
    reaching its group through ``from package import module``, are both circles."""
    folder = tmp_path / "solitaire" / "scenes" / "table"
    folder.mkdir(parents=True)
    for name, source in {
        "__init__.py": "",
        "table.py": "from solitaire.scenes.table.pointer import Pointer\n",
        "pointer.py": ("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                       "    from solitaire.scenes.table.table import TableScene\n"),
        "group.py": "from . import widgets\n",
        "widgets.py": "def add():\n    from solitaire.scenes.table import group\n",
        "marks.py": "from solitaire.scenes.table import table\n",
    }.items():
        (folder / name).write_text(source)
    assert import_circles(imports_within(folder, tmp_path / "solitaire")) == [
        ["solitaire.scenes.table.group", "solitaire.scenes.table.widgets"],
        ["solitaire.scenes.table.pointer", "solitaire.scenes.table.table"],
    ]


def folder_imports(top: Path, package: Path = PACKAGE) -> dict[str, set[str]]:
    """Folder -> the other folders under ``top`` its files import (a package's own ``__init__``
    imported by one of its files is not an arrow)."""
    graph: dict[str, set[str]] = {}
    for path in sorted(top.rglob("*.py")):
        name = module_name(path, package)
        here = name if path.name == "__init__.py" else name.rpartition(".")[0]
        graph.setdefault(here, set())
        for _, target in imported_modules(path, package):
            where = package.parent / target.replace(".", "/")
            folder = target if where.is_dir() else target.rpartition(".")[0]
            if not (package.parent / folder.replace(".", "/")).is_relative_to(top):
                continue
            if folder != here and not (where.is_dir() and here.startswith(folder + ".")):
                graph[here].add(folder)
                graph.setdefault(folder, set())
    return graph


def test_the_folders_of_the_screens_import_one_another_one_way():
    """Statistics' Online tab lived in ``scenes/`` and the menus imported its tab layout, while
    it imported the menus' dialog frame: the tab row is ``menus/statistics_tabs.py`` now, the
    Online tab beside the other Statistics pages, and what ``scenes/`` keeps at its top imports
    no menu (issue 34)."""
    assert import_circles(folder_imports(PACKAGE / "scenes")) == []


def test_the_folder_circle_finder_sees_two_folders_importing_each_other(tmp_path):
    package = tmp_path / "solitaire"
    (package / "scenes" / "menus").mkdir(parents=True)
    for name, source in {"__init__.py": "", "scenes/__init__.py": "", "scenes/menus/__init__.py": "",
                         "scenes/board.py": "from solitaire.scenes.menus.confirm import DialogScene\n",
                         "scenes/menus/confirm.py": "from solitaire.scenes import menus\n",
                         "scenes/menus/stats.py": "def tabs():\n    from solitaire.scenes.board import TABS\n"}.items():
        (package / name).write_text(source)
    assert import_circles(folder_imports(package / "scenes", package)) == [
        ["solitaire.scenes", "solitaire.scenes.menus"]]
