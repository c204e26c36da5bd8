"""The Triple Yahtzee advisor: computer players at two levels (:mod:`.players`) and the
coach (:mod:`.coach`): computer moves and hints, without strategy tables.

This module stays light (the levels only), so naming the levels loads no numpy.
"""

LEVELS = ("greedy", "beginner")
"""Triple Yahtzee's computer levels, strongest first (defined here, not in
:mod:`wordyahtzee.advisor.levels`: a new mode touches nothing shared)."""
