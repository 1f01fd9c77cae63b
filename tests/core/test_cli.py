"""The ``deal`` / ``replay`` contract: JSON out, exit 0; bad input: exit 2 and one line."""

import json
import random
import string
import subprocess
import sys
from pathlib import Path

import pytest

from solitaire.entry.cli import run

ROOT = Path(__file__).resolve().parents[2]


def call(capsys, *argv):
    code = run(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_deal_prints_state_json(capsys):
    code, out, err = call(capsys, "deal", "KL1-D1N-AAAAAAB")
    state = json.loads(out)
    assert code == 0 and err == ""
    assert list(state) == ["code", "game", "draw", "scoring", "tableau", "stock", "waste", "foundations",
                           "score", "score_text", "moves", "recycles", "won"]
    assert state["tableau"][1] == ["9s", "6H"] and state["stock"][-1] == "qs"


def test_replay_applies_moves_and_reports_the_failing_one(capsys):
    code, out, _ = call(capsys, "replay", "KL1-D1N-AAAAAAB", "s", "S", "t1>t7", "u")
    assert code == 0 and json.loads(out)["moves"] == 3
    code, out, err = call(capsys, "replay", "KL1-D1N-AAAAAAB", "s", "s", "t1>t7", "t3>t5")
    assert code == 2 and out == ""
    assert err == ('move 4 "t3>t5": C-2: a card goes on a card one rank higher and of the other colour: '
                   'a 2 of hearts cannot go on a king of diamonds\n')


def test_replay_accepts_10_for_ten_and_destination_choices(capsys, tmp_path):
    state = json.loads(subprocess.run([sys.executable, "game.py", "deal", "DS1-D1V-AAAAAAA"], cwd=ROOT,
                                      capture_output=True, text=True, check=True).stdout)
    deal = tmp_path / "deal.json"
    text = json.dumps(state)
    assert '"td"' in text
    deal.write_text(text.replace('"td"', '"10d"'))
    moves = ("s", "s", "w>t", "u", "w>*", "t9>f")
    code, out, err = call(capsys, "replay", "--deal", str(deal), *moves)
    assert (code, err) == (0, "")
    assert json.loads(out) == json.loads(call(capsys, "replay", "DS1-D1V-AAAAAAA", *moves)[1])
    assert json.loads(out)["tableau"][3][-2:] == ["QS", "JH"] and json.loads(out)["moves"] == 5


def _deal_file(capsys, tmp_path, code="KL1-D1N-AAAAAAB"):
    _, out, _ = call(capsys, "deal", code)
    path = tmp_path / "deal.json"
    path.write_text(out)
    return path


@pytest.mark.parametrize("separator", [[], ["--"]])
def test_replay_of_a_deal_file_takes_every_word_as_a_move(capsys, tmp_path, separator):
    """The moves after ``--deal FILE`` are all moves (the first one was once taken for a code)."""
    deal = _deal_file(capsys, tmp_path)
    moves = ["s", "s", "t1>t7", "s", "u"]
    code, out, err = call(capsys, "replay", "--deal", str(deal), *separator, *moves)
    assert (code, err) == (0, "")
    _, by_code, _ = call(capsys, "replay", "KL1-D1N-AAAAAAB", *moves)
    assert json.loads(out) == json.loads(by_code) and json.loads(out)["moves"] == 4


def test_replay_of_a_deal_file_reports_the_refused_move(capsys, tmp_path):
    deal = _deal_file(capsys, tmp_path)
    code, out, err = call(capsys, "replay", "--deal", str(deal), "s", "s", "t1>t7", "t3>t5")
    assert code == 2 and out == ""
    assert err == ('move 4 "t3>t5": C-2: a card goes on a card one rank higher and of the other colour: '
                   'a 2 of hearts cannot go on a king of diamonds\n')


def test_replay_with_both_a_code_and_a_deal_file_is_refused(capsys, tmp_path):
    deal = _deal_file(capsys, tmp_path)
    code, out, err = call(capsys, "replay", "--deal", str(deal), "KL1-D1N-AAAAAAB", "s")
    assert (code, out, err) == (2, "", "give either a game code or --deal FILE\n")
    code, out, err = call(capsys, "replay")
    assert (code, out, err) == (2, "", "give either a game code or --deal FILE\n")


def test_deal_file_round_trip(capsys, tmp_path):
    _, out, _ = call(capsys, "replay", "TF1-D3N-AAAAAAC", "s", "s")
    deal = tmp_path / "d.json"
    deal.write_text(out)
    code, again, _ = call(capsys, "deal", "--deal", str(deal))
    assert code == 0 and json.loads(again) == json.loads(out)


@pytest.mark.parametrize(
    "mutate, message",
    [
        (lambda s: s["stock"].append("as"), "every card must appear once in Klondike: too many AS"),
        (lambda s: s.__setitem__("tableau", s["tableau"][:6]), "'tableau' must be a list of 7 piles"),
        (lambda s: s["tableau"][6].__setitem__(6, "ks"), "face down"),
        (lambda s: s.__setitem__("game", "chess"), "'game' must be one of"),
        (lambda s: s.__setitem__("draw", 4), "'draw' must be one of"),
        (lambda s: s.__setitem__("score", -5), "cannot be below 0"),
        (lambda s: s["foundations"][0].append("2H"), "one suit from the Ace up"),
        (lambda s: s.__setitem__("won", True), "'won' is true"),
    ],
)
def test_impossible_deal_files_are_refused_by_name(capsys, tmp_path, mutate, message):
    _, out, _ = call(capsys, "deal", "KL1-D1N-AAAAAAB")
    state = json.loads(out)
    mutate(state)
    deal = tmp_path / "bad.json"
    deal.write_text(json.dumps(state))
    code, out, err = call(capsys, "deal", "--deal", str(deal))
    assert code == 2 and out == "" and message in err and err.count("\n") == 1


def test_fuzzed_codes_files_and_moves_never_escape(capsys, tmp_path):
    rng = random.Random(2026)
    alphabet = string.ascii_letters + string.digits + "-:>*_ \t{}[]\",.\\é♠"
    good = ["KL1-D1N-AAAAAAB", "DS1-D3V-ABCDEFG", "TF1-D3N-ZZZZZZZ", "DU2-D3N-AAAAAAA"]
    _, base, _ = call(capsys, "deal", "DS1-D1N-AAAAAAB")
    state_text = base
    files = 0
    for i in range(3000):
        kind = i % 3
        if kind == 0:
            code = list(rng.choice(good))
            for _ in range(rng.randrange(1, 4)):
                code[rng.randrange(len(code))] = rng.choice(alphabet)
            argv = ["deal", "".join(code)]
        elif kind == 1:
            text = list(state_text)
            for _ in range(rng.randrange(1, 6)):
                position = rng.randrange(len(text))
                text[position:position + rng.randrange(0, 4)] = rng.choice(alphabet)
            path = tmp_path / f"f{files % 50}.json"
            files += 1
            path.write_text("".join(text), encoding="utf-8")
            argv = ["deal", "--deal", str(path)]
        else:
            moves = ["".join(rng.choice("swtfa*u>:0123456789x") for _ in range(rng.randrange(1, 7)))
                     for _ in range(rng.randrange(1, 6))]
            argv = ["replay", rng.choice(good), *moves]
        result, out, err = call(capsys, *argv)
        assert result in (0, 2), argv
        if result == 2:
            assert out == "" and err.count("\n") == 1 and "Traceback" not in err, argv
        else:
            json.loads(out)


def test_command_line_bad_code_is_one_line_exit_2():
    proc = subprocess.run([sys.executable, "game.py", "deal", "not-a-code"], cwd=ROOT, capture_output=True, text=True)
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.startswith("G-3: 'not-a-code'") and proc.stderr.count("\n") == 1


def test_missing_deal_file_is_one_line(capsys, tmp_path):
    code, _, err = call(capsys, "deal", "--deal", str(tmp_path / "nope.json"))
    assert code == 2 and "cannot read deal file" in err
