"""The computer player's policies: what a player sees (``view``), the sensible priorities of Easy
(``priorities``), Medium's short look-ahead (``lookahead``) and Hard's determinised search over
samples of the unseen cards (``sampling``). ``solitaire.solver.player`` puts them together.
"""
