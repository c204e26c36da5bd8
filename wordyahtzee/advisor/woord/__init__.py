"""The Woord Yahtzee advisor: the optimal strict-order strategy (:mod:`.strategy`, from the
score table :mod:`.score_table` and the turn lattice :mod:`.lattice`), the computer players
(:mod:`.players`; free order :mod:`.free`; by level and in simulated games :mod:`.simulate`),
the exact breakdown of the optimal score (:mod:`.breakdown`) and the coach (:mod:`.coach`).
"""
