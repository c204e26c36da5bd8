"""The lobby: players who come back. Their profiles (:mod:`.profiles`), the open tables
and quick matches that seat them, the tables where it is their turn, and the ratings of
rated games (:mod:`.service`, :mod:`.ratings`; docs/lobby.md).

Kept free of imports, so that :mod:`.ratings` loads alone (the puzzles' ratings start where
a player's do)."""
