"""Layers only point down (ARCHITECTURE, issue 13 item 4): the import graph of ``solitaire/``,
read with ``ast`` from every module-level and function-level import, has no arrow pointing up.

    core  <-  solver, store, net       (pure: rules, search, files, the duel's sockets)
    core, net  <-  server              (pure: the online duel server; it uses net's protocol)
    core, solver, store, net, server  <-  play   (pure: the games being played, the duel's race)
    core  <-  app  <-  view  <-  scenes (the engine, the drawing, the screens; scenes use play)

``i18n`` (the strings) and ``args`` (command-line helpers) stand on the core alone and may be
used from anywhere above it. The composition root (``main``, which knows every scene, and the
tools: ``cli``, ``bench``, ``bench_frames``, ``bench_layout``) may import anything, and nothing
in the package imports it: only ``game.py``, ``tools/`` and the tests do.

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
    "args": frozenset({"core", "net"}),
    "solver": frozenset({"core", "args"}),
    "store": frozenset({"core"}),
    "net": frozenset({"core"}),
    "server": frozenset({"core", "net", "args"}),
    "play": frozenset({"core", "i18n", "solver", "store", "net", "server"}),
    "app": frozenset({"core", "i18n"}),
    "view": frozenset({"core", "i18n", "app"}),
    "scenes": frozenset({"core", "solver", "store", "net", "play", "i18n", "app", "view"}),
}

#: Top-level modules of the package that are the composition root or its tools.
ROOT_MODULES = frozenset({"main", "cli", "bench", "bench_frames", "bench_layout", "online_play"})


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
    (package / "solver" / "cli.py").write_text("from ..cli import run\nfrom ..core import cards\n")
    assert upward_arrows(package) == [
        "solitaire/app/scene.py:2: app -> scenes (solitaire.scenes)",
        "solitaire/solver/cli.py:1: solver -> root (solitaire.cli)",
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


# ----------------------------------------------------------------------------- import circles
#: Circles between the files of one folder that are kept, each with why: no new circle comes in
#: unseen, and one removed leaves this list (the test compares both ways).
KEPT_CIRCLES: dict[tuple[str, ...], str] = {
    ("solitaire/app/ui/group.py", "solitaire/app/ui/widgets.py"):
        "issue 24 item 2 removes it (the widget group and its widgets, with the scenes' folders)",
    ("solitaire/scenes/board_focus.py", "solitaire/scenes/clicks.py", "solitaire/scenes/finish.py",
     "solitaire/scenes/marks.py", "solitaire/scenes/pointer.py", "solitaire/scenes/table.py"):
        "issue 24 item 2 removes it (the table's parts talk to the table through a narrow interface)",
    ("solitaire/scenes/demo.py", "solitaire/scenes/play.py", "solitaire/scenes/questions.py"):
        "issue 24 item 2 removes it (the play scene and its questions, with the menus' folder)",
    ("solitaire/server/races.py", "solitaire/server/service.py"):
        "kept: races.py names the service's Client and Settings for type checking only; the service "
        "runs the races and hands them both, so the types are the service's to define",
}


def imported_files(path: Path, package: Path = PACKAGE) -> set[Path]:
    """The files of the package that ``path`` imports, at any depth (a ``TYPE_CHECKING`` import
    too: a type it names is still a dependency of meaning). ``from a import b`` imports the file
    ``a/b.py`` when there is one, else ``a``'s own."""
    name = module_name(path, package)
    here = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[Path] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = here.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1] + ([node.module] if node.module else []))
            targets = [f"{base}.{alias.name}" if file_of(f"{base}.{alias.name}", package) else base
                       for alias in node.names]
        else:
            continue
        found |= {file for target in targets if (file := file_of(target, package)) is not None}
    return found


def file_of(module: str, package: Path = PACKAGE) -> Path | None:
    """The file of a module of the package (a folder's ``__init__.py``); None outside it."""
    parts = module.split(".")
    if parts[0] != package.name:
        return None
    where = package.parent.joinpath(*parts)
    for file in (where.with_suffix(".py"), where / "__init__.py"):
        if file.is_file():
            return file
    return None


def circles(package: Path = PACKAGE) -> list[tuple[str, ...]]:
    """Every circle of imports between files of one folder: each as the sorted paths of the
    files that reach one another through the folder's own files."""
    found = []
    for folder in sorted({p.parent for p in package.rglob("*.py")}):
        files = sorted(folder.glob("*.py"))
        edges = {f: {g for g in imported_files(f, package) if g.parent == folder and g != f} for f in files}
        reach = {f: _reachable(f, edges) for f in files}
        seen: set[Path] = set()
        for f in files:
            if f in seen:
                continue
            group = {g for g in reach[f] if f in reach[g]} | {f}
            seen |= group
            if len(group) > 1:
                found.append(tuple(str(g.relative_to(package.parent)) for g in sorted(group)))
    return found


def _reachable(start: Path, edges: dict[Path, set[Path]]) -> set[Path]:
    todo, seen = [start], set()
    while todo:
        for nxt in edges[todo.pop()] - seen:
            seen.add(nxt)
            todo.append(nxt)
    return seen


def test_no_import_circles_between_the_files_of_a_folder_but_those_named():
    assert {circle: KEPT_CIRCLES.get(circle, "not named") for circle in circles()} == KEPT_CIRCLES


def test_the_circle_finder_sees_a_circle_through_a_third_file_and_a_type_checking_import(tmp_path):
    package = tmp_path / "solitaire"
    (package / "scenes").mkdir(parents=True)
    for init in (package / "__init__.py", package / "scenes" / "__init__.py"):
        init.write_text("")
    (package / "scenes" / "duel.py").write_text("from solitaire.scenes import panel\n")
    (package / "scenes" / "panel.py").write_text("from . import banner\n")
    (package / "scenes" / "banner.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from solitaire.scenes.duel import Duel\n")
    (package / "scenes" / "title.py").write_text("from solitaire.scenes import duel\n")
    assert circles(package) == [("solitaire/scenes/banner.py", "solitaire/scenes/duel.py",
                                 "solitaire/scenes/panel.py")]
