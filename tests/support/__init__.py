"""What the tests share, a module per purpose: the app in-process (``app``) on a clock the
test moves (``clock``), the servers the tests start for real (``server``, ``pg``,
``redis_server``, ``nginx``), the command run in-process (``cli``), games through the API
or on the engine (``tables``, ``daily``, ``classic``, ``triple``, ``kaartspel``,
``woord``), and the others named for what they hold. A test module imports from here (its
fixtures come from tests/conftest.py), never from another test module:
tests/test_architecture.py checks it. docs/architecture.md ("The tests") has the map."""
