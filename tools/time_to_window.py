"""Seconds from a program's start to its window on the screen, for programs compared in one run
(issue 33 item 9: the game against Aisleriot, the source against the executable, a branch
against main):

    DISPLAY=:N python tools/time_to_window.py [--runs 7] COMMAND [COMMAND ...]

Each COMMAND is one shell-quoted string (``"sol"``, ``"python game.py"``, ``"dist/solitaire"``);
the commands take turns, run after run, so a busier moment weighs on each alike. A run ends when
the X server maps a new top-level window (with a window manager, openbox for one, that is the
frame around the program's window, mapped once the program asked for its window); the program
is then stopped. Prints each command's median and its ratio to the first command's median,
by the wall clock and in CPU time (the program's and its child processes').

Linux with X11 only: it watches the root window through libX11 (``ctypes``, nothing to install).
Run it on an X server of its own (Xvfb with openbox), where nothing else opens windows.
"""

from __future__ import annotations

import argparse
import ctypes
import ctypes.util
import os
import select
import shlex
import statistics
import subprocess
import sys
import tempfile
import time

MAP_NOTIFY = 19
SUBSTRUCTURE_NOTIFY_MASK = 1 << 19
TIMEOUT = 30.0


class XEvent(ctypes.Union):
    _fields_ = [("type", ctypes.c_int), ("pad", ctypes.c_long * 24)]


def _xlib() -> ctypes.CDLL:
    path = ctypes.util.find_library("X11")
    if path is None:
        sys.exit("time_to_window: libX11 not found (an X11 system is needed)")
    x = ctypes.CDLL(path)
    x.XOpenDisplay.restype = ctypes.c_void_p
    x.XOpenDisplay.argtypes = [ctypes.c_char_p]
    x.XDefaultRootWindow.restype = ctypes.c_ulong
    x.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
    x.XSelectInput.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_long]
    x.XConnectionNumber.argtypes = [ctypes.c_void_p]
    x.XPending.argtypes = [ctypes.c_void_p]
    x.XNextEvent.argtypes = [ctypes.c_void_p, ctypes.POINTER(XEvent)]
    x.XSync.argtypes = [ctypes.c_void_p, ctypes.c_int]
    return x


def cpu_seconds(pid: int) -> float:
    """The user and system time process ``pid`` and the processes it started have used so far
    (a one-file executable's bootloader unpacks, then its child runs the game)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
    except OSError:  # ended meanwhile
        return 0.0
    # its own time, and that of its children already ended
    ticks = sum(int(field) for field in fields[11:15])
    return ticks / os.sysconf("SC_CLK_TCK") + sum(cpu_seconds(child) for child in children(pid))


def children(pid: int) -> list[int]:
    found = []
    try:
        for task in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{task}/children") as listed:
                found += [int(child) for child in listed.read().split()]
    except OSError:
        pass
    return found


def time_to_window(x: ctypes.CDLL, display: int, command: str, env: dict[str, str]) -> tuple[float, float]:
    """Seconds from starting ``command`` to the first window mapped on the root after it, by the
    wall clock and in the program's CPU time."""
    x.XSync(display, 1)  # what was mapped before is not this run's
    fd = x.XConnectionNumber(display)
    event = XEvent()
    start = time.perf_counter()
    process = subprocess.Popen(shlex.split(command), env=env, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        while time.perf_counter() - start < TIMEOUT:
            while x.XPending(display):
                x.XNextEvent(display, ctypes.byref(event))
                if event.type == MAP_NOTIFY:
                    return time.perf_counter() - start, cpu_seconds(process.pid)
            if process.poll() is not None:
                raise RuntimeError(f"{command!r} ended (exit {process.returncode}) before any window")
            select.select([fd], [], [], 0.05)
        raise RuntimeError(f"{command!r} showed no window in {TIMEOUT:.0f} s")
    finally:
        os.killpg(process.pid, 15)  # its own session: the program and any child it started
        process.wait()
        time.sleep(0.3)  # its window gone before the next run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("commands", nargs="+")
    args = parser.parse_args()
    if not os.environ.get("DISPLAY"):
        sys.exit("time_to_window: set DISPLAY to an X server of its own (Xvfb with openbox)")
    x = _xlib()
    display = x.XOpenDisplay(None)
    if not display:
        sys.exit(f"time_to_window: cannot open display {os.environ['DISPLAY']}")
    x.XSelectInput(display, x.XDefaultRootWindow(display), SUBSTRUCTURE_NOTIFY_MASK)
    env = dict(os.environ, SOLITAIRE_HOME=tempfile.mkdtemp(prefix="time-to-window-"))
    times: dict[str, list[tuple[float, float]]] = {command: [] for command in args.commands}
    for command in args.commands:  # once each first, not counted: files come into the page cache
        time_to_window(x, display, command, env)
    for _ in range(args.runs):
        for command in args.commands:
            times[command].append(time_to_window(x, display, command, env))
    first = [statistics.median(run[i] for run in times[args.commands[0]]) for i in (0, 1)]
    with open("/proc/loadavg") as load:
        print(f"time to a visible window, median of {args.runs} alternating runs (load {load.read().split()[0]}):")
    for command, runs in times.items():
        wall, cpu = (statistics.median(run[i] for run in runs) for i in (0, 1))
        print(f"  {wall:.3f} s ({wall / first[0]:.2f}×), CPU {cpu:.2f} s ({cpu / max(first[1], 0.01):.2f}×)  {command}"
              "   [" + " ".join(f"{run[0]:.3f}" for run in runs) + "]")


if __name__ == "__main__":
    main()
