"""No game id is compared in Python (issue 13): what a game does is a rule part of its level file,
read through the registry (solitaire/core/rules.py), so a new game is a new file. The ids are
read from levels/*.toml; the i18n tables, keyed by id, are the one exception.
"""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "solitaire"


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
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.parent.name == "i18n":
            continue  # the strings, keyed by game id
        for line, what in offences(path.read_text("utf-8"), ids):
            wrong.append(f"{path.relative_to(ROOT)}:{line}: {what}")
    assert wrong == []
