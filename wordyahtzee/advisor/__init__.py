"""The advisors: for each game mode a package with its optimal strategy (where one is
computed), its computer players and its coach, the one interface the table service uses
(:mod:`.coach`).

- :mod:`.classic`: the optimal classic Yahtzee strategy and players.
- :mod:`.woord`: the optimal strict-order Woord Yahtzee strategy, free-order and
  human-like players, simulations and the exact score breakdown.
- :mod:`.kaartspel`: Kaartspel's computer players and keep hint.

Shared by all: :mod:`.levels` (the computer levels), :mod:`.cache` (where tables are kept,
built once across processes) and :mod:`.final_scores` (score samples for percentiles).
"""
