"""The game layer (issue 24): the games being played, without pygame and without the screens.

    session    one table's game from deal to end: its clock, its saved-game slot, its statistics
    advisor    the solver's side of a table: hints and whether the deal can still be won
    duel       a Duel being played: the 3-2-1 count, the race clock, both sides' moves, End,
               the result (``race_clock``: how far race time moves a frame)
    rival      the other side of a Duel: the ``Rival`` protocol, and what its events do to the race
    computer   the computer rival, and the computer playing your own side (``--autoplay``)
    online     the other side of an online race, and the race whose clock and referee are the
               server's

The screens (``solitaire.scenes``) hold what they draw and forward input here; a duel can be
played to its result with no display at all (``tests/play``).
"""
