"""No game id is compared in Python (issue 13): what a game does is a rule part of its level file,
read through the registry (solitaire/core/rules.py), so a new game is a new file. The ids are
read from levels/*.toml. Nor is a game id written in as a default (a default argument, ``x or
"klondike"``, a value assigned or passed): the default is the registry's (``default_game()``). The
i18n tables, keyed by id, and the bench suites' tables, whose targets are published figures set on
named games, are the only places an id is written; the suites are checked against the registry.
"""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "solitaire"
SOURCES = (PACKAGE, ROOT / "tools")
# The bench suites: tables of the modes whose published figures the benches compare with.
BENCH_TABLES = {
    "solitaire/benches/core.py": {"GAMES"},
    "solitaire/benches/solver.py": {"SUITES", "HINT_MODES"},
    "solitaire/benches/frames.py": {"FRAME_SUITES"},
}


def sources() -> list[Path]:
    """The Python files checked: the package and the tools, without the strings (i18n)."""
    return [path for root in SOURCES for path in sorted(root.rglob("*.py")) if path.parent.name != "i18n"]


def game_ids() -> set[str]:
    ids = set()
    for path in (ROOT / "levels").glob("*.toml"):
        with open(path, "rb") as f:
            ids.add(tomllib.load(f)["game"]["id"])
    return ids


def _ids_in(node: ast.AST, ids: set[str]) -> list[str]:
    """The game ids written as constants in ``node`` itself or directly in a collection."""
    if isinstance(node, ast.Constant) and node.value in ids:
        return [node.value]
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return [e.value for e in node.elts if isinstance(e, ast.Constant) and e.value in ids]
    if isinstance(node, ast.Call) and node.args:  # frozenset({...}), set((...))
        return _ids_in(node.args[0], ids)
    return []


def offences(source: str, ids: set[str]) -> list[tuple[int, str]]:
    """Comparisons with a game id (``==``, ``!=``, ``in``), and lists or tables of two ids or more."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            named = [i for side in (node.left, *node.comparators) for i in _ids_in(side, ids)]
            if named:
                found.append((node.lineno, f"compares with {', '.join(named)}"))
        elif isinstance(node, (ast.Tuple, ast.List, ast.Set)) and len(_ids_in(node, ids)) >= 2:
            found.append((node.lineno, f"lists games {', '.join(_ids_in(node, ids))}"))
        elif isinstance(node, ast.Dict):
            values = [v.value for v in node.values if isinstance(v, ast.Constant) and v.value in ids]
            keys = [k.value for k in node.keys if isinstance(k, ast.Constant) and k.value in ids]
            if len(values) >= 2 or len(keys) >= 2:
                found.append((node.lineno, f"tabulates games {', '.join(values or keys)}"))
    return found


def _is_id(node: ast.AST | None, ids: set[str]) -> bool:
    return isinstance(node, ast.Constant) and node.value in ids


def _literal_constants(node: ast.AST):
    """The constants of a literal value, through nested tuples, lists, sets and dicts (not calls:
    ``rules.extra.get("duel")`` reads the level file's own ``[duel]`` table).
    """
    if isinstance(node, ast.Constant):
        yield node
    elif isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        for element in node.elts:
            yield from _literal_constants(element)
    elif isinstance(node, ast.Dict):
        for value in node.values:
            yield from _literal_constants(value)
    elif isinstance(node, ast.Subscript):  # (("klondike", 1), ...)[index % 5]
        yield from _literal_constants(node.value)


def _table_nodes(tree: ast.Module, tables: set[str]) -> set[int]:
    """The ids (``id()``) of every node inside the module-level assignments named ``tables``."""
    inside: set[int] = set()
    for statement in tree.body:
        targets = statement.targets if isinstance(statement, ast.Assign) else (
            [statement.target] if isinstance(statement, ast.AnnAssign) else [])
        if any(isinstance(t, ast.Name) and t.id in tables for t in targets):
            inside.update(id(node) for node in ast.walk(statement))
    return inside


def defaults(source: str, ids: set[str], tables: set[str] = frozenset()) -> list[tuple[int, str]]:
    """Game ids written as defaults: default arguments, ``x or "id"``, ``.get(key, "id")``, values
    assigned, passed by keyword or put in a dict; the module-level ``tables`` are let through.
    """
    tree = ast.parse(source)
    allowed = _table_nodes(tree, set(tables))
    found = []
    for node in ast.walk(tree):
        if id(node) in allowed:
            continue
        named: list[ast.AST | None] = []
        if isinstance(node, ast.arguments):
            named = [*node.defaults, *node.kw_defaults]
        elif isinstance(node, ast.BoolOp):
            named = list(node.values)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            named = list(_literal_constants(node.value)) if node.value else []
        elif isinstance(node, ast.Call):
            named = [k.value for k in node.keywords]
            if isinstance(node.func, ast.Attribute) and node.func.attr in ("get", "setdefault", "pop"):
                named += node.args[1:]
        elif isinstance(node, ast.Dict):
            named = list(node.values)
        for value in named:
            if _is_id(value, ids):
                found.append((node.lineno if hasattr(node, "lineno") else value.lineno,
                              f"writes in the game {value.value!r} as a default"))
    return found


def test_the_ids_come_from_the_level_files():
    assert {"klondike", "double", "thoughtful", "duel"} <= game_ids()


def test_the_check_finds_the_shapes_that_were_there_before():
    ids = game_ids()
    before = '''
if rules.id in ("klondike", "duel"): pass
EASY_HARD = frozenset({"double", "thoughtful"})
GAME_IDS = {"KL": "klondike", "DS": "double"}
ok = code.game != "duel"
'''
    assert sorted({line for line, _ in offences(before, ids)}) == [2, 3, 4, 5]
    assert offences('def f(game_id="klondike"): return ruleset(game_id).click == "one_tap"', ids) == []


def test_no_game_id_is_compared_in_python_outside_the_registry():
    ids = game_ids()
    wrong = []
    for path in sources():
        for line, what in offences(path.read_text("utf-8"), ids):
            wrong.append(f"{path.relative_to(ROOT)}:{line}: {what}")
    assert wrong == []


def test_the_default_check_finds_ids_written_in_as_defaults():
    ids = game_ids()
    before = '''
def __init__(self, app, game_id: str = "klondike"): pass
game_id = game_id or "klondike"
args = {"game_id": "klondike", "play": play}
scene = open_scene(game="double")
draw = settings.get("game", "thoughtful")
LAST: str = "duel"
game, draw = (("klondike", 1), ("duel", 3))[index % 2]
GAMES = (("klondike", 1), ("double", 3))
'''
    assert sorted({line for line, _ in defaults(before, ids)}) == [2, 3, 4, 5, 6, 7, 8, 9]
    assert sorted({line for line, _ in defaults(before, ids, {"GAMES"})}) == [2, 3, 4, 5, 6, 7, 8]
    allowed = '''
def f(game_id=None): return game_id or default_game()
table = rules.extra.get("duel")
rules = ruleset(code.game)
'''
    assert defaults(allowed, ids) == []


def test_no_game_id_is_written_in_as_a_default():
    ids = game_ids()
    wrong = []
    for path in sources():
        name = path.relative_to(ROOT).as_posix()
        for line, what in defaults(path.read_text("utf-8"), ids, BENCH_TABLES.get(name, set())):
            wrong.append(f"{name}:{line}: {what}")
    assert wrong == []


def test_the_bench_suites_name_modes_the_registry_has():
    from solitaire.benches import frames as bench_frames
    from solitaire.benches import core as core_bench
    from solitaire.core.rules import REGISTRY
    from solitaire.benches import solver as solver_bench

    suites = ([row[:3] for row in core_bench.GAMES] + [row[1:4] for row in solver_bench.SUITES]
              + list(solver_bench.HINT_MODES) + list(bench_frames.FRAME_SUITES.values()))
    assert [mode for mode in suites if mode not in REGISTRY.modes()] == []
