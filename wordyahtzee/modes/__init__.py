"""One module per game: ``woord`` (Woord Yahtzee), ``classic`` (Yahtzee)."""
