"""A Duel against the computer heard to its results (issue 36): the game run as ``--smoke --duel
computer:hard --autoplay easy --fast`` plays it (the computer on both sides, the solver's worker
thinking), with speech on and ``SOLITAIRE_SPEECH_LOG`` set; the log must hold the duel's name, Go (``--fast`` skips the count), the
time the race has, each minute as the clock passes it, the last ten seconds or the race's end,
the opponent's cards home as they change (never going back), and the results as they open."""

from __future__ import annotations

import re

from solitaire.main import run


def test_a_duel_against_the_computer_is_heard_to_its_results(tmp_path, monkeypatch):
    monkeypatch.setenv("SOLITAIRE_HOME", str(tmp_path / "home"))
    log = tmp_path / "speech.log"
    monkeypatch.setenv("SOLITAIRE_SPEECH_LOG", str(log))
    assert run(smoke=True, duel="computer:hard", autoplay="easy", fast=True, code="DU2-D3N-AAAAAAB",
               race_seconds=11, settings={"speak": True}) == 0
    said = [line.split("\t", 1)[1] for line in log.read_text(encoding="utf-8").splitlines()]
    assert all(line.startswith("en\t") for line in log.read_text(encoding="utf-8").splitlines())
    start = said.index("Go!")
    assert said[start - 1].startswith("Duel against Computer, Hard. ")  # --fast: no count to hear
    assert said[start + 1] == "11 seconds left"
    clock = [line for line in said[start:] if line.isdigit()]
    assert clock == [str(n) for n in range(10, 10 - len(clock), -1)]  # the last ten, as the race reached them
    homes = [int(m.group(1)) for line in said if (m := re.fullmatch(r"Computer, Hard: (\d+) cards? home", line))]
    assert homes and homes == sorted(homes) and len(set(homes)) == len(homes)
    results = said[-1]
    assert results.startswith(("You won! ", "Your opponent won. ", "A tie! "))
    assert "Deal DU2-D3N-AAAAAAB" in results and results.endswith("Buttons: Rematch, New duel, Title. Rematch")
