"""Game codes and deterministic deals (G-1 … G-3)."""

import json
from dataclasses import replace
from pathlib import Path

import pytest

from solitaire.core import BadCode, Game, GameCode, parse_code
from solitaire.core.codes import deal_letters
from solitaire.core.rules import REGISTRY
from solitaire.core.rng import SplitMix64, shuffled

GOLDEN = json.loads((Path(__file__).parent / "golden_deals.json").read_text())


def test_G1_code_form_and_round_trip():
    code = parse_code("DS1-D1N-AAAAAAB")
    assert code == GameCode("double", 1, "standard", 1)
    assert str(code) == "DS1-D1N-AAAAAAB"
    assert str(parse_code("tf1-d3n-aaaaaba")) == "TF1-D3N-AAAAABA"  # typed in lower case
    assert parse_code("TF1-D3N-AAAAABA").deal == 26
    assert deal_letters(26**7 - 1) == "ZZZZZZZ"
    assert str(GameCode("double", 3, "vegas", 12345)) == "DS1-D3V-" + deal_letters(12345)


def test_G1_a_code_reproduces_columns_hidden_cards_and_stock_order():
    a = Game.deal(parse_code("KL1-D3N-AAAQZZB")).to_json()
    b = Game.deal(parse_code("KL1-D3N-AAAQZZB")).to_json()
    assert a == b
    assert Game.deal(parse_code("KL1-D3N-AAAQZZC")).to_json()["tableau"] != a["tableau"]


@pytest.mark.parametrize("code", sorted(GOLDEN))
def test_G2_golden_deals_never_change(code):
    state = Game.deal(parse_code(code)).to_json()
    assert [" ".join(c) for c in state["tableau"]] == GOLDEN[code]["tableau"]
    assert " ".join(state["stock"]) == GOLDEN[code]["stock"]


def test_G2_the_generator_is_splitmix64():
    rng = SplitMix64(0)
    # Reference outputs of SplitMix64 seeded with 0 (Vigna's splitmix64.c).
    assert [rng.next() for _ in range(3)] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]
    assert shuffled(list(range(10)), 7) == shuffled(list(range(10)), 7)
    assert sorted(shuffled(list(range(104)), 3)) == list(range(104))


@pytest.mark.parametrize(
    "text, part",
    [
        ("TF1-D2N-AAAAAAB", "no draw 2"),
        ("KL1-D1V-AAAAAAB", "no vegas scoring"),
        ("XX1-D1N-AAAAAAB", "unknown game 'XX'"),
        ("KL2-D1N-AAAAAAB", "unknown rules version '2'"),
        ("KL1-X1N-AAAAAAB", "draw part"),
        ("KL1-D1Q-AAAAAAB", "unknown scoring 'Q'"),
        ("KL1-D1N-AAAAAA", "7 letters"),
        ("KL1-D1N-AAAAAA1", "7 letters"),
        ("DU2-D1N-AAAAAAB", "no draw 1"),
        ("", "not a game code"),
        ("KL1D1NAAAAAAB", "not a game code"),
    ],
)
def test_G3_bad_codes_name_the_wrong_part(text, part):
    with pytest.raises(BadCode) as error:
        parse_code(text)
    assert str(error.value).startswith("G-3") and part in str(error.value)
    assert "\n" not in str(error.value)


def test_G3_non_text_is_refused():
    with pytest.raises(BadCode):
        parse_code(None)


def test_G4_an_older_rules_version_names_todays_code_for_the_same_deal():
    with pytest.raises(BadCode) as error:
        parse_code("du1-d3n-mfrfcdc")
    message = str(error.value)
    assert message.startswith("G-4") and "rules version 1" in message and message.endswith("DU2-D3N-MFRFCDC")
    assert parse_code("DU2-D3N-MFRFCDC").deal == parse_code("KL1-D3N-MFRFCDC").deal
    assert str(parse_code("DU2-D3N-MFRFCDC")) == "DU2-D3N-MFRFCDC"
    with pytest.raises(BadCode, match="unknown rules version '3'"):
        parse_code("DU3-D3N-AAAAAAB")  # a later version is unknown, not older


def test_G4_a_microsoft_code_is_checked_against_its_own_games_version(monkeypatch):
    with pytest.raises(BadCode, match="FreeCell plays version 1"):
        parse_code("FC2-MS-11982")  # FreeCell is at version 1 while the Duel is at 2
    monkeypatch.setitem(REGISTRY._games, "freecell", replace(REGISTRY.get("freecell"), version=2))
    with pytest.raises(BadCode) as error:
        parse_code("fc1-ms-11982")
    assert str(error.value).startswith("G-4") and str(error.value).endswith("FC2-MS-11982")
    assert str(parse_code("FC2-MS-11982")) == "FC2-MS-11982"
