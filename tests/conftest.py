"""Test-session isolation: a private data dir (no user dictionaries, no user database) and
a cache shared by the whole session (the shipped dictionary compiles once); the strategy
tables warmed in a background process from the start; a real PostgreSQL server for the
store tests, started on first use (tests/support/pg.py); the markers of the quick loop; the
app, its test client and the clock they run on, for every test that asks for them (the
helpers the tests share are in tests/support/)."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from wordyahtzee.store import Store
from wordyahtzee.store.sqlite import SQLiteStore

from .support.app import make_app
from .support.clock import Clock
from .support.pg import BACKENDS, PostgresServer, PostgresUnavailable, start_server

_SESSION = tempfile.mkdtemp(prefix="wordyahtzee-tests-")
os.environ["WORDYAHTZEE_DATA_DIR"] = os.path.join(_SESSION, "data")
os.environ.setdefault("WORDYAHTZEE_CACHE_DIR", os.path.join(_SESSION, "cache"))
os.environ.setdefault("WORDYAHTZEE_WARM", "")  # servers the tests start warm no strategy


BROWSER_TESTS = os.path.join(os.path.dirname(__file__), "browser")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every browser test ``browser``, every test on the PostgreSQL server ``pg`` and
    every test that plays with the whole strategy tables ``slow``, so that the quick loop can
    leave them out: ``pytest -m "not slow and not browser and not pg"``. The tests on the
    strategy tables run after the others, and the browser tests last."""
    for item in items:
        needs = getattr(item, "fixturenames", ())
        if str(item.path).startswith(BROWSER_TESTS + os.sep):
            item.add_marker(pytest.mark.browser)
        if "postgres_server" in needs:
            item.add_marker(pytest.mark.pg)
        if "strategy_tables" in needs:
            item.add_marker(pytest.mark.slow)
    items.sort(key=_order)


def _order(item: pytest.Item) -> int:
    """Tests that play with the strategy tables after the others (the tables are warmed in
    the background meanwhile), the browser tests last."""
    if item.get_closest_marker("browser") is not None:
        return 2
    return 1 if "strategy_tables" in getattr(item, "fixturenames", ()) else 0


WARM = """
from wordyahtzee.advisor.classic.strategy import load_strategy
from wordyahtzee.advisor.woord.strategy import load_woord_strategy
load_strategy("free", quiet=True)
load_strategy("forced", quiet=True)
load_woord_strategy("nl", "nl", quiet=True)
"""


@pytest.fixture(scope="session", autouse=True)
def _warm_strategy_tables(request: pytest.FixtureRequest,
                          ) -> Iterator[subprocess.Popen[bytes] | None]:
    """When the run holds tests on the strategy tables or browser tests (whose server plays
    with them), start building the tables (classic,
    both joker readings; Woord Yahtzee on ``nl``) into the session's cache at once, in a
    background process on the core the tests leave idle (its errors go to ``warm.log`` in
    the session folder)."""
    if not any("strategy_tables" in getattr(item, "fixturenames", ())
               or item.get_closest_marker("browser") for item in request.session.items):
        yield None
        return
    with open(os.path.join(_SESSION, "warm.log"), "wb") as log:
        warm = subprocess.Popen([sys.executable, "-c", WARM], stdout=log, stderr=log)
    yield warm
    warm.kill()
    warm.wait()


@pytest.fixture(scope="session")
def strategy_tables(_warm_strategy_tables: subprocess.Popen[bytes] | None) -> None:
    """The strategy tables are in the session's cache. A test that plays with them asks for
    this fixture, which also marks it ``slow`` and runs it after the tests that do not.
    Were the warm-up to fail, this says why (a test of the build itself uses a cache folder
    of its own)."""
    assert _warm_strategy_tables is not None
    if _warm_strategy_tables.wait() != 0:
        with open(os.path.join(_SESSION, "warm.log"), encoding="utf-8") as log:
            pytest.fail("warming the strategy tables failed:\n" + log.read(), pytrace=False)


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """A PostgreSQL server of this test session; the tests FAIL (never skip) without the
    server binaries."""
    try:
        server = start_server()
    except PostgresUnavailable as exc:
        pytest.fail(str(exc), pytrace=False)
    yield server
    server.destroy()


@pytest.fixture
def postgres_url(postgres_server: PostgresServer) -> str:
    """The URL of a fresh, empty database on the session's server."""
    return postgres_server.new_database()


@pytest.fixture(params=BACKENDS)
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    """A fresh store of each backend (the store tests run on both)."""
    if request.param == "sqlite":
        opened: Store = SQLiteStore(tmp_path / "games.sqlite3")
    else:
        from wordyahtzee.store.postgres import PostgresStore

        opened = PostgresStore(request.getfixturevalue("postgres_url"))
    yield opened
    opened.close()


@pytest.fixture
def clock() -> Clock:
    """The test's clock: it stands still until the test moves it."""
    return Clock()


@pytest.fixture
def app(request: pytest.FixtureRequest, tmp_path: Path, clock: Clock) -> Flask:
    """The app in-process on a fresh SQLite file, on the test's clock. A module whose tests
    need other settings says so once: ``pytestmark = pytest.mark.app_config(
    TICK_SECONDS=None)`` (no background ticker)."""
    marker = request.node.get_closest_marker("app_config")
    return make_app(tmp_path / "app.sqlite3", clock, **(marker.kwargs if marker else {}))


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    """A browser of the app: the test client, its own cookies."""
    return app.test_client()
