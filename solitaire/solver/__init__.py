"""The solver: pure search over positions (never imports pygame), run off the frame thread.

``api`` is what the game uses (solve, hint, winnability); ``worker`` runs it in a process;
``search`` is the search itself; ``cli`` the ``solve`` command (its figures: ``benches/solver.py``).
"""
