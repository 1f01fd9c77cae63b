"""One source for settings (issue 13 item 5): the store's ``Settings`` decides every default, and
the game reads settings as its attributes. A ``settings.get(key, default)`` or ``settings[key]``
anywhere in ``solitaire/`` would let a second default (or a misspelt key) creep back in.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "solitaire"


def _is_settings(node: ast.expr, aliases: set[str]) -> bool:
    """A name ``settings`` (or one bound to the settings: ``s = self.app.settings``) or an
    attribute ``….settings``."""
    return (isinstance(node, ast.Name) and node.id in aliases) or (
        isinstance(node, ast.Attribute) and node.attr == "settings")


def _aliases(tree: ast.AST) -> set[str]:
    """``settings`` and every name the module binds to ``….settings``, also in tuples
    (``t, s = self.app.t, self.app.settings``)."""
    names = {"settings"}
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign):
            for target in node.targets:
                pairs = (zip(target.elts, node.value.elts)
                         if isinstance(target, ast.Tuple) and isinstance(node.value, ast.Tuple)
                         else [(target, node.value)])
                names |= {t.id for t, v in pairs if isinstance(t, ast.Name) and _is_settings(v, set())}
    return names


def dict_style_reads(source: str) -> list[int]:
    """Lines that read settings by key: ``settings.get(...)`` or ``settings[...]``."""
    tree = ast.parse(source)
    aliases = _aliases(tree)
    lines = []
    for node in ast.walk(tree):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr == "get" and _is_settings(node.func.value, aliases)):
            lines.append(node.lineno)
        elif isinstance(node, ast.Subscript) and _is_settings(node.value, aliases):
            lines.append(node.lineno)
    return sorted(lines)


def test_the_checker_sees_both_dict_styles():
    source = ('a = app.settings.get("one_tap", True)\n'
              'b = settings["card_back"]\n'
              'c = self.app.settings.one_tap\n'
              'd = store.settings.draw.get(game)\n'
              's = app.settings\n'
              'e = s.get("volume", 0.7)\n'
              'f = s["sound"]\n'
              'u, v = app.t, app.settings\n'
              'g = v.get("sound", True)\n')
    assert dict_style_reads(source) == [1, 2, 6, 7, 9]


def test_no_settings_are_read_by_key_with_a_default_of_their_own():
    found = [f"{path.relative_to(PACKAGE.parent)}:{line}"
             for path in sorted(PACKAGE.rglob("*.py"))
             for line in dict_style_reads(path.read_text(encoding="utf-8"))]
    assert found == [], "read settings as attributes of the store's Settings: " + ", ".join(found)
