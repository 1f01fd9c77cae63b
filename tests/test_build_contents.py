"""What the one-file build is told to hold, read from its PyInstaller command line without
building (tests/test_build.py builds it): the benches and the duel server's own process (its
NATS cluster, its command line) are left out; the server a network duel's host runs stays
(issue 33 item 9)."""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

import build_exe  # noqa: E402


def named(flag: str) -> set[str]:
    args = build_exe.pyinstaller_args(Path("dist"), Path("build"))
    return {args[i + 1] for i, arg in enumerate(args) if arg == flag}


def test_the_benches_and_the_servers_own_process_are_left_out():
    hidden, excluded = named("--hidden-import"), named("--exclude-module")
    benches = {m for m in build_exe.package_modules() if m.startswith("solitaire.benches")}
    assert {"solitaire.benches.command", "solitaire.benches.frames", "solitaire.benches.server_players"} <= benches
    assert benches <= excluded and not benches & hidden
    for module in ("solitaire.server.cluster", "solitaire.server.cli", "solitaire.server.link", "nats"):
        assert module in excluded and module not in hidden


def test_what_a_host_and_a_player_run_stays_in():
    hidden, excluded = named("--hidden-import"), named("--exclude-module")
    for module in ("solitaire.server.hosted", "solitaire.server.service", "solitaire.server.store",
                   "solitaire.entry.hosting", "solitaire.net.online", "solitaire.scenes.duel.duel", "solitaire.main"):
        assert module in hidden and module not in excluded
