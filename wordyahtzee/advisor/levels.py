"""The computer players' levels of every mode, strongest first (a light module: the CLI's
argument parser reads them without loading the strategies)."""

CLASSIC_LEVELS = ("optimal", "greedy", "beginner")
WOORD_LEVELS = ("optimal", "greedy", "human", "beginner")
KAARTSPEL_LEVELS = ("strong", "greedy", "beginner")
