"""The Duel's screens: the race's table and its panels, the dialogs over it, the results, and
the waiting screens of a network or online duel. The race itself is ``solitaire.play.duel``."""
