"""Solitaire: the game's package. Its version is kept here and nowhere else (pyproject.toml,
``game.py --version``, the duel server's welcome and ``listening`` line, the executable's
metadata and the About page read it)."""

__version__ = "1.7.4"
