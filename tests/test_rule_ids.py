"""Every rule of docs/RULES.md is named by a test (``test_K6_…`` or ``"K-6"`` in a test file)."""

import re
from pathlib import Path

from solitaire.core.rules import REGISTRY

ROOT = Path(__file__).resolve().parent.parent
RULE_LINE = re.compile(r"^- ([A-Z]+)-(\d+) ", re.M)


def rule_ids() -> list[str]:
    return [f"{prefix}-{number}"
            for prefix, number in RULE_LINE.findall((ROOT / "docs" / "RULES.md").read_text("utf-8"))]


def test_rules_md_defines_the_rules_of_every_game():
    """The prefixes are learnt from the registry: every rule a game's level file cites, the
    common rules, the game codes' and the daily deal's (a game added as a level file needs no
    line here).
    """
    prefixes = {rule.partition("-")[0] for rule in rule_ids()}
    cited = {rule.partition("-")[0] for game in REGISTRY.ids() for rule in REGISTRY.get(game).rule_ids.values()}
    assert prefixes == cited | {"C", "G", "DD"}


def test_every_rule_a_level_file_cites_is_defined():
    defined = set(rule_ids())
    cited = {rule for game in REGISTRY.ids() for rule in REGISTRY.get(game).rule_ids.values()}
    assert sorted(cited - defined) == []


def test_every_rule_is_named_by_a_test():
    tests = "\n".join(path.read_text("utf-8") for path in (ROOT / "tests").rglob("*.py")
                      if path.name != Path(__file__).name)
    missing = [rule for rule in rule_ids()
               if not re.search(rf"(?<![A-Za-z0-9]){rule.replace('-', '-?')}(?![0-9])", tests)]
    assert missing == []
