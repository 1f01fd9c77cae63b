"""Headless pygame for every test: set before anything imports pygame."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

# No test may touch the player's real data folder: the whole run gets a scratch one.
import tempfile  # noqa: E402

os.environ["SOLITAIRE_HOME"] = tempfile.mkdtemp(prefix="solitaire-test-home-")

from pathlib import Path  # noqa: E402

import pytest  # noqa: E402

#: Level files of variants the project does not ship (issue 13: a game is data).
VARIANTS = Path(__file__).resolve().parent / "core" / "variants"


@pytest.fixture
def variants():
    """The games of tests/core/variants/, by id, known to the registry for one test only."""
    from solitaire.core.rules import REGISTRY

    loaded = REGISTRY.load_folder(VARIANTS)
    yield {rules.id: rules for rules in loaded}
    for rules in loaded:
        REGISTRY.forget(rules.id)


@pytest.fixture
def two_peaks(monkeypatch):
    """The game of tests/core/model/ (piles at places, one lying on others, a rule module), known to
    the registry for one test only (issue 34's model)."""
    from solitaire.core import rule_module
    from solitaire.core.rules import REGISTRY

    monkeypatch.setattr(rule_module, "PACKAGE", "tests.core.model")
    loaded = REGISTRY.load_folder(Path(__file__).resolve().parent / "core" / "model")
    yield loaded[0]
    REGISTRY.forget("two_peaks")


@pytest.fixture
def three_passes(variants):
    """The Klondike variant with three passes (KP-1)."""
    return next(rules for rules in variants.values() if rules.code == "KP")


@pytest.fixture(autouse=True)
def plain_look():
    """The widgets' look is set by an App from its settings (high contrast, text size); a test
    that made one with other settings must not leave its look to the next test."""
    yield
    from solitaire.app.ui import Look

    Look.high_contrast, Look.text_scale = False, 1.0
