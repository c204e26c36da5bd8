"""The tables and columns of the project's schema at each version, as a backup holds them
and a restore checks them (``wordyahtzee/store/schema.py``): read from the migrations,
they are what a real database has after the migrations, at every version, on both
backends; a kind of statement the model cannot read is refused, not passed over."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from wordyahtzee.store.migrations import (
    POSTGRES_STEPS,
    SQLITE_STEPS,
    latest,
    migrate_postgres,
    migrate_sqlite,
)
from wordyahtzee.store.schema import _apply, tables

from .support.pg import PostgresServer


def test_the_model_is_what_the_postgresql_migrations_make(
        postgres_server: PostgresServer) -> None:
    import psycopg

    for version in range(latest(POSTGRES_STEPS) + 1):
        with psycopg.connect(postgres_server.new_database(), autocommit=True) as conn:
            migrate_postgres(conn, steps=tuple(s for s in POSTGRES_STEPS
                                               if s.version <= version))
            found: dict[str, set[str]] = {}
            for table, column in conn.execute(
                    "SELECT table_name, column_name FROM information_schema.columns "
                    "WHERE table_schema = current_schema()"):
                found.setdefault(table, set()).add(column)
        assert {t: set(c) for t, c in tables("postgresql", version).items()} == found


def test_the_model_is_what_the_sqlite_migrations_make(tmp_path: Path) -> None:
    for version in range(latest(SQLITE_STEPS) + 1):
        db = sqlite3.connect(tmp_path / f"v{version}.sqlite3", isolation_level=None)
        migrate_sqlite(db, steps=tuple(s for s in SQLITE_STEPS if s.version <= version))
        found = {name: tuple(r[1] for r in db.execute(f'PRAGMA table_info("{name}")'))
                 for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = "
                                           "'table' AND name NOT LIKE 'sqlite_%'")}
        db.close()
        assert tables("sqlite", version) == found
    assert "puzzles" in tables("sqlite", latest(SQLITE_STEPS))


def test_the_model_follows_what_a_step_may_do_to_a_table() -> None:
    found: dict[str, list[str]] = {}
    for sql in ("CREATE TABLE IF NOT EXISTS t (a TEXT, b INT, PRIMARY KEY (a, b), "
                "CHECK (b IN (1, 2)))",
                "ALTER TABLE t ADD COLUMN c TEXT NOT NULL DEFAULT 'x, y'",
                "ALTER TABLE t RENAME COLUMN a TO z", "ALTER TABLE t DROP COLUMN b",
                "ALTER TABLE t ADD CONSTRAINT t_c CHECK (c <> '')",
                "CREATE INDEX t_c ON t (c)", "UPDATE t SET c = 'y'",
                "CREATE TABLE u (id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY)",
                "ALTER TABLE u RENAME TO v", "DROP TABLE IF EXISTS v"):
        _apply(found, sql)
    assert found == {"t": ["z", "c"]}
    for sql in ("CREATE VIEW w AS SELECT 1", "CREATE TABLE x AS SELECT 1",
                "ALTER TABLE t ENCRYPT EVERYTHING"):
        with pytest.raises(ValueError):
            _apply(found, sql)


def test_a_version_this_program_does_not_know_has_no_tables() -> None:
    from wordyahtzee.store import StoreError

    with pytest.raises(StoreError):
        tables("sqlite", latest(SQLITE_STEPS) + 1)
