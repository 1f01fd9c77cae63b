"""The rule modules level files name (``[game] rule_module``, core/rule_module.py): one a game at
most, for what its named rule parts cannot say."""
