"""The benches: ``python game.py bench …`` (:mod:`.command` reads its options) prints every
performance figure the issues ask for, each with its target. They measure the layers, so they may
import any of them; nothing in the package imports them (only ``entry``, the tests and tools/), and
the executable leaves them out (tools/build_exe.py).

``core`` (apply+undo, move lists), ``solver`` (decided deals, win rates, hints), ``opponent`` (the
computer player), ``frames``, ``memory`` and ``layout`` (the game's window), ``server`` (the duel
server under load, with its simulated players in ``server_players`` and its second process in
``server_cluster``), ``server_store`` (a result's write).
"""
