"""The online duel server (issue 25): pure Python on asyncio and ``websockets``, no pygame.

It holds every deal and referees every race through the rules core (``service`` runs the
connections, ``duel`` one race, ``lobby`` the queue and the rooms, ``store`` the SQLite
database, ``names`` and ``ratings`` who the players are, ``daily`` the daily deal's board).
``python game.py server`` starts it (``cli``); ``python game.py bench --server`` measures it
(``solitaire/benches/server.py``); a network duel's host runs it inside the game (``hosted``).
"""
