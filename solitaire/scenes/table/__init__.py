"""The table in play: the scene the play scene and the Duel share (``table``), the parts it is
put together from (the mouse, clicks, the keyboard's board focus, the heads-up display, hints,
the glows over the cards, the game's ending, the picture), and the play scene with its demo
and win panel. The parts see the scene only through ``interface.Table``, the demo through
``demo.DemoTable``: none of them imports the scene that holds it.
"""
