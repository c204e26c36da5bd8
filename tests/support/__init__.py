"""What the tests share, by purpose: the servers they start for real (``pg``,
``redis_server``, ``nginx``), the command line run in-process (``cli``), games dealt as a
test wants them (``woord``, ``kaartspel``), puzzles answered (``puzzles``) and the store's
child processes (``store_workers``). A test module imports from here, never from another
test module (tests/test_architecture.py checks it)."""
