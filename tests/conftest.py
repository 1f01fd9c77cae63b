"""Headless pygame for every test: set before anything imports pygame."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

# No test may touch the player's real data folder: the whole run gets a scratch one.
import tempfile  # noqa: E402

os.environ["SOLITAIRE_HOME"] = tempfile.mkdtemp(prefix="solitaire-test-home-")
