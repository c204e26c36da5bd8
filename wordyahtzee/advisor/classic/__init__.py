"""The classic Yahtzee advisor: the optimal strategy (:mod:`.strategy`, its numeric kernel
:mod:`.tables`), the computer players (:mod:`.players`) and the coach (:mod:`.coach`).

>>> from wordyahtzee.advisor.classic.strategy import load_strategy, Position
>>> strategy = load_strategy("free")                         # doctest: +SKIP
>>> strategy.expected_score                                  # doctest: +SKIP
254.5896094819...
>>> strategy.advise(Position(frozenset(), dice=(1, 3, 3, 5, 6), throws=1)).best  # doctest: +SKIP
"""
