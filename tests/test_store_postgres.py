"""What only PostgreSQL has: open_store picks it for postgresql:// URLs, its location hides
the password, an unreachable server is a one-line StoreError ``unavailable`` (never a
crash), and a server restart heals by itself: calls fail with ``unavailable`` while it is
down and the same store object works again once it is back, live updates too; a restart
between two calls costs the second nothing (the pool notices its dead connections)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import psycopg
import pytest
from wordyahtzee.web.errors import http_status

from wordyahtzee.modes.woord import WoordRules
from wordyahtzee.store import (
    Finish,
    Seat,
    StoreError,
    StoreUnavailableError,
    is_postgres_url,
    open_store,
    rules_key,
)
from wordyahtzee.store.jsontext import compact
from wordyahtzee.store.postgres import PostgresStore, check_idle, redact
from wordyahtzee.store.sqlite import SQLiteStore

from .support.pg import PostgresServer
from .support.server import free_port
from .support.store_workers import Heard


def test_open_store_dispatches_on_the_url(postgres_url: str, tmp_path: Path) -> None:
    assert is_postgres_url("postgresql://x/y") and is_postgres_url("POSTGRES://x/y")
    assert not is_postgres_url(str(tmp_path / "a.sqlite3")) and not is_postgres_url(None)
    for url in (postgres_url, postgres_url.replace("postgresql://", "postgres://", 1)):
        store = open_store(url)
        assert isinstance(store, PostgresStore)
        store.close()
    sqlite = open_store(tmp_path / "a.sqlite3")
    assert isinstance(sqlite, SQLiteStore)
    sqlite.close()


def test_location_hides_the_password(postgres_url: str) -> None:
    assert redact("postgresql://u:s3cret@h:5/db?sslmode=disable&password=s3cret") == \
        "postgresql://u@h:5/db?sslmode=disable"
    with_password = postgres_url.replace("postgres@", "postgres:s3cret@", 1)
    store = open_store(with_password)  # trust authentication ignores it
    assert store.location == postgres_url and "s3cret" not in store.location
    store.close()


@pytest.mark.parametrize(("url", "shown"), [
    ("postgresql://u:pw1@h:5/db?sslpassword=pw2&%70assword=pw3&PassWord=pw4",
     "postgresql://u@h:5/db"),
    ("postgresql://u@h/db?%20password=pw5&options=-c%20password%3Dpw6&sslmode=require",
     "postgresql://u@h/db?sslmode=require"),
    ("postgresql://u:p@ss@h/db?application_name=wy&passfile=%2Fpw7",
     "postgresql://u@h/db?application_name=wy"),
    ("redis://:pw8@localhost:6379/0", "redis://localhost:6379/0"),
    ("postgresql://[::1", "(a malformed URL)"),
])
def test_a_logged_url_keeps_no_password_under_any_name(url: str, shown: str) -> None:
    """The scrubber once kept ``sslpassword=`` and ``%70assword=`` (which the database
    reads as ``password=``): a parameter shows only if it is one of the harmless ones."""
    assert redact(url) == shown
    assert "pw" not in redact(url)


def test_an_unreachable_server_is_one_clear_line() -> None:
    url = f"postgresql://postgres:s3cret@127.0.0.1:{free_port()}/postgres"
    started = time.monotonic()
    with pytest.raises(StoreUnavailableError) as exc:
        open_store(url)
    assert time.monotonic() - started < 10
    message = str(exc.value)
    assert exc.value.code == "unavailable" and http_status("unavailable") == 503
    assert "\n" not in message and "s3cret" not in message and "cannot be reached" in message


def test_json_is_kept_as_written(postgres_url: str) -> None:
    store = open_store(postgres_url)
    setup = {"z": 1, "a": 0.1, "big": 1e300, "word": "ĳsje", "nested": {"b": [1, 2.5], "a": None}}
    store.create_game("g", "woord", "solo", setup, [])
    store.append_events("g", 0, [{"type": "x", "at": 1.0, "é": "ĳ"}])
    stored = store.load_game("g")
    assert stored.setup == setup and list(stored.setup) == list(setup)
    assert stored.events == [{"type": "x", "at": 1.0, "é": "ĳ"}]
    assert isinstance(stored.setup["big"], float) and isinstance(stored.events[0]["at"], float)
    store.close()


def test_an_append_stores_each_event_as_written_and_each_score_by_name(
        postgres_url: str) -> None:
    """The events of one append are stored in order, each as the very text the compact
    writer gives it (a record is a fact: its bytes do not depend on how they were sent), and
    high-score names with quotes, backslashes and commas arrive intact."""
    store = open_store(postgres_url)
    rules = WoordRules().to_json()
    store.create_game("t", "woord", "solo", {"rules": rules}, [Seat(0, 'Ann "A", \\ ĳ', "t")])
    events = [{"type": "throw", "note": 'a "quoted" \\ word, {ĳ}', "at": 0.5},
              {"type": "claim", "n": [1, {"x": None}], "é": "ĳ"},
              {"type": "throw", "dice": "{1,2}"}]
    store.append_events("t", 0, events, Finish({"r": 1}, {"rec": 1},
                                               [('Ann "A", \\ ĳ', 90), ("Bo,b", 80)]))
    with psycopg.connect(postgres_url) as conn:
        rows = conn.execute("SELECT seq, event::text FROM events WHERE game_id = 't' "
                            "ORDER BY seq").fetchall()
    assert rows == [(n, compact(event)) for n, event in enumerate(events)]
    best = store.high_scores("woord", "nl", rules_key(rules))
    assert [(h.player, h.score) for h in best] == [('Ann "A", \\ ĳ', 90), ("Bo,b", 80)]
    store.close()


def _until_back(store: PostgresStore, game_id: str, timeout: float = 60.0) -> float:
    """Seconds until a call on ``store`` works again."""
    started = time.monotonic()
    while True:
        try:
            store.event_count(game_id)
            return time.monotonic() - started
        except StoreError as exc:
            assert exc.code == "unavailable"
            if time.monotonic() - started > timeout:
                raise
            time.sleep(0.2)


def test_restart_heals_by_itself(postgres_server: PostgresServer) -> None:
    url = postgres_server.new_database()
    store = PostgresStore(url, timeout=1.0)
    store.create_game("g", "woord", "online", {}, [Seat(0, "A", "t")])
    store.append_events("g", 0, [{"type": "x"}])
    heard = Heard()
    store.subscribe(heard)
    assert store.listening()
    postgres_server.stop("fast")
    try:
        calls = [lambda: store.event_count("g"), lambda: store.load_game("g"),
                 lambda: store.append_events("g", 1, [{"type": "y"}]),
                 lambda: store.create_game("h", "woord", "solo", {}, []),
                 lambda: store.list_games(), lambda: store.game_ids("active"),
                 lambda: store.high_scores("woord", "nl", "{}"),
                 lambda: store.publish("g", 2)]
        for call in calls:
            with pytest.raises(StoreError) as exc:
                call()
            assert exc.value.code == "unavailable", exc.value
            assert "\n" not in str(exc.value)
        assert not store.ping()
    finally:
        postgres_server.start()
    assert _until_back(store, "g") < 30
    store.append_events("g", 1, [{"type": "y"}])  # the same store object, no restart
    assert store.load_game("g").events == [{"type": "x"}, {"type": "y"}]
    end = time.monotonic() + 30
    while not store.listening() and time.monotonic() < end:
        time.sleep(0.1)
    store.publish("g", 2)
    assert heard.wait_for(lambda n: ("g", 2) in n)
    store.close()


def test_the_pool_lends_no_connection_the_server_ended(postgres_url: str) -> None:
    with psycopg.connect(postgres_url, autocommit=True) as conn, \
            psycopg.connect(postgres_url, autocommit=True) as admin:
        check_idle(conn)  # healthy and idle: passes
        conn.execute("SELECT 1").fetchall()
        check_idle(conn)
        admin.execute("SELECT pg_terminate_backend(%s)", [conn.info.backend_pid])
        end = time.monotonic() + 10
        with pytest.raises(psycopg.OperationalError):  # the goodbye may take a moment
            while time.monotonic() < end:
                check_idle(conn)
                time.sleep(0.05)


GEVENT_CHECK = """
from gevent import monkey
monkey.patch_all()
import sys, time
import psycopg
from wordyahtzee.store.pg_connections import _system_poll, check_idle
print(_system_poll() is monkey.get_original("select", "poll"))
with psycopg.connect(sys.argv[1], autocommit=True) as conn, \\
        psycopg.connect(sys.argv[1], autocommit=True) as admin:
    check_idle(conn)
    admin.execute("SELECT pg_terminate_backend(%s)", [conn.info.backend_pid])
    end = time.monotonic() + 10
    while time.monotonic() < end:
        try:
            check_idle(conn)
        except psycopg.OperationalError:
            print("refused")
            break
        time.sleep(0.05)
"""


def test_under_gevent_the_check_looks_with_the_systems_poll(postgres_url: str) -> None:
    """A server's worker runs under gevent, whose own poll object cost 50 times the
    system's on every loan: the check looks with the system's, and still sees a
    connection the server ended."""
    done = subprocess.run([sys.executable, "-c", GEVENT_CHECK, postgres_url],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["True", "refused"]


def test_a_restart_between_two_calls_costs_the_second_nothing(
        postgres_server: PostgresServer) -> None:
    store = PostgresStore(postgres_server.new_database(), timeout=2.0, min_size=2)
    try:
        store.create_game("g", "woord", "online", {}, [Seat(0, "A", "t")])
        assert store.event_count("g") == 0  # the pool's connections have been used
        postgres_server.stop("fast")
        postgres_server.start()
        for n in range(4):  # every pooled connection died with the old server
            store.append_events("g", n, [{"type": "x"}])
        assert store.event_count("g") == 4
    finally:
        store.close()


def test_a_notice_carries_the_events_so_catching_up_needs_no_query(
        postgres_server: PostgresServer) -> None:
    """What another process stored comes with its notice (when it fits): the listener's
    catch-up (``events_since`` with ``until``) is answered with the database stopped."""
    url = postgres_server.new_database()
    writer, reader = PostgresStore(url, timeout=1.0), PostgresStore(url, timeout=1.0)
    try:
        writer.create_game("g", "woord", "online", {}, [Seat(0, "A", "t")])
        heard = Heard()
        reader.subscribe(heard)
        assert reader.listening()
        small = [{"type": "throw", "faces": "kusnatl", "n": n} for n in range(3)]
        writer.append_events("g", 0, small[:2])
        writer.append_events("g", 2, small[2:])
        big = {"type": "claim", "words": ["x" * 50] * 200}  # past a notice's 8,000 bytes
        writer.append_events("g", 3, [big])
        assert heard.wait_for(lambda n: ("g", 4) in n)
        assert reader.events_since("g", 1, 4) == [*small[1:], big]  # the last one read
        postgres_server.stop("fast")
        try:
            assert reader.events_since("g", 0, 3) == small
            assert reader.events_since("g", 2, 3) == small[2:]
            with pytest.raises(StoreError):  # not all heard: asks the database
                reader.events_since("g", 0, 4)
            with pytest.raises(StoreError):  # without until: always the database
                reader.events_since("g", 0)
        finally:
            postgres_server.start()
    finally:
        writer.close()
        reader.close()


def _server_pids(server: PostgresServer) -> list[int]:
    """The server's processes: the postmaster and every backend it started."""
    postmaster = int((server.data / "postmaster.pid").read_text().split()[0])
    children = subprocess.run(["pgrep", "-P", str(postmaster)], capture_output=True,
                              text=True, check=False).stdout.split()
    return [postmaster, *map(int, children)]


def test_ping_of_a_server_that_stopped_answering_fails_within_its_timeout(
        postgres_server: PostgresServer) -> None:
    store = PostgresStore(postgres_server.new_database(), timeout=1.0)
    assert store.ping()  # a pooled connection, idle and healthy
    frozen = _server_pids(postgres_server)
    for pid in frozen:  # accepts the query on its socket, never answers
        os.kill(pid, signal.SIGSTOP)
    try:
        started = time.monotonic()
        assert store.ping(timeout=1.0) is False
        assert time.monotonic() - started < 3
    finally:
        for pid in frozen:
            os.kill(pid, signal.SIGCONT)
    end = time.monotonic() + 30
    while not store.ping() and time.monotonic() < end:
        time.sleep(0.2)
    assert store.ping()  # answering again, the same store
    store.close()
