"""The screens around the table: the title, the game menu, new game, game code, rules,
statistics (its Daily page and streak calendar too, and its Online tab, the server's leaderboard:
``online_board``; the row of tabs they share: ``statistics_tabs``), settings, the player's name, and the
dialog frame they share (``confirm``: a yes/no question, ``DialogScene``), a start-up notice and
the questions asked before a game is given up. None of them imports the table: they are opened
by name and handed the scene (``play_table.PlayTable``).
"""
