"""The network Duel (issue 15): duel codes, the line protocol, the host's door, the link to the
other player and the rival the Duel scene plays against. Pure I/O beside the store: it imports
the rules core only, and never pygame.
"""
