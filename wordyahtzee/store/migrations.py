"""Versioned schema migrations for both store backends.

Each backend has a list of numbered steps (:data:`SQLITE_STEPS`, :data:`POSTGRES_STEPS`);
step ``n`` turns a version ``n - 1`` database into version ``n``. The version a database
is at lives in its ``schema_version`` table (one row per step applied, with a description
and the time); SQLite also mirrors it in ``PRAGMA user_version``, which databases written
before this module existed carry (version 1: no ``seats.computer``; version 2: with it).

:func:`migrate_sqlite` and :func:`migrate_postgres` run at every open. They are idempotent
(a database at the newest version is left alone) and safe when two processes open the same
database at once: SQLite migrates inside one ``BEGIN IMMEDIATE`` transaction (the second
opener waits for the write lock, then finds nothing left to do); PostgreSQL takes a
transaction-scoped advisory lock first. DDL is transactional in both, so a step that fails
leaves the database at the version before it. A database newer than this program refuses
to open (:class:`~wordyahtzee.store.StoreError` ``schema_too_new``).
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from . import StoreError, ddl

SQLiteAction = Callable[[sqlite3.Connection], None]


@dataclass(frozen=True)
class Step:
    """One migration: the version it produces, what it does, and the statements (or, for
    SQLite, a function of the connection) that do it."""

    version: int
    description: str
    statements: Sequence[str] = ()
    action: SQLiteAction | None = None


# -- SQLite ---------------------------------------------------------------------------------

_SQLITE_V1 = (
    """CREATE TABLE IF NOT EXISTS games (
        id          TEXT PRIMARY KEY,
        mode        TEXT NOT NULL,
        kind        TEXT NOT NULL,
        setup       TEXT NOT NULL,
        dictionary  TEXT NOT NULL DEFAULT '',
        rules_key   TEXT NOT NULL DEFAULT '',
        status      TEXT NOT NULL DEFAULT 'active',
        created_at  REAL NOT NULL,
        updated_at  REAL NOT NULL,
        finished_at REAL,
        result      TEXT,
        record      TEXT
    )""",
    """CREATE TABLE IF NOT EXISTS events (
        game_id TEXT NOT NULL REFERENCES games(id),
        seq     INTEGER NOT NULL,
        event   TEXT NOT NULL,
        at      REAL NOT NULL,
        PRIMARY KEY (game_id, seq)
    )""",
    """CREATE TABLE IF NOT EXISTS seats (
        game_id TEXT NOT NULL REFERENCES games(id),
        seat    INTEGER NOT NULL,
        name    TEXT NOT NULL,
        token   TEXT NOT NULL,
        PRIMARY KEY (game_id, seat)
    )""",
    "CREATE INDEX IF NOT EXISTS seats_token ON seats (game_id, token)",
    """CREATE TABLE IF NOT EXISTS high_scores (
        id          INTEGER PRIMARY KEY AUTOINCREMENT,
        mode        TEXT NOT NULL,
        kind        TEXT NOT NULL,
        dictionary  TEXT NOT NULL,
        rules_key   TEXT NOT NULL,
        player      TEXT NOT NULL,
        score       INTEGER NOT NULL,
        game_id     TEXT NOT NULL,
        at          REAL NOT NULL
    )""",
    "CREATE INDEX IF NOT EXISTS high_scores_list "
    "ON high_scores (mode, dictionary, rules_key, score DESC)",
)


def _sqlite_add_computer(db: sqlite3.Connection) -> None:
    """Computer seats (their level; no token)."""
    columns = {r[1] for r in db.execute("PRAGMA table_info(seats)")}
    if "computer" not in columns:
        db.execute("ALTER TABLE seats ADD COLUMN computer TEXT")


_CANONICAL_RULES = tuple(
    f"UPDATE {table} SET {column} = '{new}' WHERE mode = 'classic' AND {column} = '{old}'"
    for table, column, sep in (("games", "rules_key", ":"), ("high_scores", "rules_key", ":"),
                               ("lobby", "rules_key", ":"), ("lobby", "rules", ": "))
    for old, new in ((f'{{"joker"{sep}"free"}}', "{}"),
                     (f'{{"joker"{sep}"free",{sep[1:]}"match"{sep}true}}',
                      f'{{"match"{sep}true}}')))
"""Classic rules keys in their canonical form, defaults left out (``joker: free`` was
written before): an old game and a new one with the same rules share a high-score list."""


_OLD_BONUS, _NEW_BONUS = "upper_bonus_threshold", "upper_bonus_at"
"""Woord Yahtzee's upper-bonus option, renamed to classic's name (one name for one rule)."""

_BONUS_KEYS = tuple(
    f"UPDATE {table} SET rules_key = REPLACE(rules_key, '\"{_OLD_BONUS}\":', "
    f"'\"{_NEW_BONUS}\":') WHERE mode = 'woord' AND rules_key LIKE '%\"{_OLD_BONUS}\":%'"
    for table in ("games", "high_scores", "lobby", "puzzles"))
"""The rules keys under the option's new name: it sorts where the old one did (between
``turn_seconds`` and ``y_is_vowel``), so the key stays canonical and old games' high scores
join the lists of new ones."""


def _rename_bonus(edit: Callable[[str, tuple[str, ...], str], str]) -> tuple[str, ...]:
    """The statements that rename the option in the stored rules (a game's setup and
    record, a lobby table's rules, a daily game's rules; old records and clients are still
    read by the option's ``old_names``), and in the rules keys. ``edit(column, keys,
    cast)`` is the backend's expression: ``column`` with the JSON member under ``keys``
    moved from the old name to the new one; ``cast`` the column's type."""
    moves = (("games", "setup", ("rules",), "json"), ("games", "record", ("rules",), "json"),
             ("lobby", "rules", (), "text"), ("daily_days", "rules", (), "text"))
    return (*(f"UPDATE {table} SET {column} = {edit(column, keys, cast)} WHERE mode = "
              f"'woord' AND CAST({column} AS TEXT) LIKE '%\"{_OLD_BONUS}\"%'"
              for table, column, keys, cast in moves), *_BONUS_KEYS)


def _sqlite_bonus(column: str, keys: tuple[str, ...], cast: str) -> str:
    old, new = (f"'${''.join(f'.{k}' for k in (*keys, name))}'"
                for name in (_OLD_BONUS, _NEW_BONUS))
    return (f"CASE WHEN json_type({column}, {old}) IS NULL THEN {column} ELSE json_set("
            f"json_remove({column}, {old}), {new}, json_extract({column}, {old})) END")


def _postgres_bonus(column: str, keys: tuple[str, ...], cast: str) -> str:
    old, new = ("'{" + ",".join((*keys, name)) + "}'" for name in (_OLD_BONUS, _NEW_BONUS))
    doc = f"{column}::jsonb"
    return (f"CASE WHEN {doc} #> {old} IS NULL THEN {column} ELSE "
            f"jsonb_set({doc} #- {old}, {new}, {doc} #> {old})::{cast} END")


def _shared_steps(first: int, real: str, json_type: str, lobby_tables: str,
                  bonus: Sequence[str]) -> tuple[Step, ...]:
    """The steps both backends take alike, numbered from ``first`` (SQLite's numbers are one
    higher than PostgreSQL's): ``real`` is the backend's floating-point type, ``json_type``,
    ``lobby_tables`` and ``bonus`` its statements that edit JSON (each backend's own
    functions)."""

    def typed(statements: Sequence[str]) -> tuple[str, ...]:
        return tuple(sql.format(real=real) for sql in statements)

    return tuple(Step(first + n, description, statements) for n, (description, statements)
                 in enumerate((
        ("profiles and the daily game", (*typed(ddl.PLAYERS), *ddl.PLAYERS_INDEXES)),
        ("profiles at tables, the lobby and ratings", typed(ddl.LOBBY)),
        ("the seats that used a Tip, quick reactions", typed(ddl.AIDED)),
        ("lobby.public: tables strangers may watch", ddl.PUBLIC),
        ("the daily game's fair-play check, the moderators' log", typed(ddl.FAIR_PLAY)),
        ("moderators, their sessions, word decisions, hidden profile names",
         typed(ddl.MODERATORS)),
        ("one name per move: classic and Triple's score events become claim events",
         (json_type,)),
        ("rules keys without their defaults", _CANONICAL_RULES),
        ("puzzles, the answers to them, puzzle ratings, the daily puzzle", typed(ddl.PUZZLES)),
        ("tables the lobby started say so: each seat is its profile's alone",
         (lobby_tables,)),
        ("high scores found by game: a profile's score history", ddl.SCORES_BY_GAME),
        ("the moderators' login attempts, reserved before the password is checked",
         typed(ddl.LOGIN_ATTEMPTS)),
        ("owners, their own dice sets, the uploaded dictionaries' owners", typed(ddl.OWNED)),
        ("the skill figure of each finished daily game", typed(ddl.DAILY_SKILL)),
        ("the daily board by expected points lost; the engine-play check",
         typed(ddl.ENGINE_PLAY)),
        ("one name for the upper-bonus option: upper_bonus_at in Woord Yahtzee's rules",
         tuple(bonus)),
    )))


SQLITE_STEPS: tuple[Step, ...] = (
    Step(1, "games, events, seats, high scores", _SQLITE_V1),
    Step(2, "seats.computer: the level of a computer seat", action=_sqlite_add_computer),
    Step(3, "word reports: players' disputes of the dictionary", (
        """CREATE TABLE IF NOT EXISTS word_reports (
            id          INTEGER PRIMARY KEY AUTOINCREMENT,
            word        TEXT NOT NULL,
            dictionary  TEXT NOT NULL,
            kind        TEXT NOT NULL,
            note        TEXT NOT NULL DEFAULT '',
            at          REAL NOT NULL
        )""",
        "CREATE INDEX IF NOT EXISTS word_reports_list ON word_reports (dictionary, word)",
    )),
    Step(4, "what any process must answer for: rematch pointers and build jobs", (
        "ALTER TABLE games ADD COLUMN rematch TEXT",
        """CREATE TABLE IF NOT EXISTS jobs (
            id          TEXT PRIMARY KEY,
            state       TEXT NOT NULL,
            updated_at  REAL NOT NULL
        )""",
    )),
    *_shared_steps(5, "REAL", json_type=(
        "UPDATE events SET event = json_set(event, '$.type', 'claim') "
        "WHERE json_extract(event, '$.type') = 'score'"), lobby_tables=(
        "UPDATE games SET setup = json_set(setup, '$.table.lobby', json('true')) "
        "WHERE " + ddl.LOBBY_GAMES.format(table="json_type(setup, '$.table') = 'object'")),
        bonus=_rename_bonus(_sqlite_bonus)),
)
"""The SQLite schema, step by step (the newest version is the last step's)."""

# -- PostgreSQL -----------------------------------------------------------------------------

POSTGRES_STEPS: tuple[Step, ...] = (
    Step(1, "games, events, seats (with computer levels), high scores", (
        """CREATE TABLE games (
            id          TEXT PRIMARY KEY,
            mode        TEXT NOT NULL,
            kind        TEXT NOT NULL,
            setup       JSON NOT NULL,
            dictionary  TEXT NOT NULL DEFAULT '',
            rules_key   TEXT NOT NULL DEFAULT '',
            status      TEXT NOT NULL DEFAULT 'active',
            created_at  DOUBLE PRECISION NOT NULL,
            updated_at  DOUBLE PRECISION NOT NULL,
            finished_at DOUBLE PRECISION,
            result      JSON,
            record      JSON
        )""",
        "CREATE INDEX games_status ON games (status, created_at)",
        "CREATE INDEX games_updated ON games (updated_at DESC)",
        """CREATE TABLE events (
            game_id TEXT NOT NULL REFERENCES games(id),
            seq     INTEGER NOT NULL CHECK (seq >= 0),
            event   JSON NOT NULL,
            at      DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (game_id, seq)
        )""",
        """CREATE TABLE seats (
            game_id  TEXT NOT NULL REFERENCES games(id),
            seat     INTEGER NOT NULL,
            name     TEXT NOT NULL,
            token    TEXT NOT NULL,
            computer TEXT,
            PRIMARY KEY (game_id, seat)
        )""",
        """CREATE TABLE high_scores (
            id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            mode        TEXT NOT NULL,
            kind        TEXT NOT NULL,
            dictionary  TEXT NOT NULL,
            rules_key   TEXT NOT NULL,
            player      TEXT NOT NULL,
            score       INTEGER NOT NULL,
            game_id     TEXT NOT NULL,
            at          DOUBLE PRECISION NOT NULL
        )""",
        "CREATE INDEX high_scores_list ON high_scores (mode, dictionary, rules_key, "
        "score DESC)",
    )),
    Step(2, "word reports: players' disputes of the dictionary", (
        """CREATE TABLE word_reports (
            id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            word        TEXT NOT NULL,
            dictionary  TEXT NOT NULL,
            kind        TEXT NOT NULL,
            note        TEXT NOT NULL DEFAULT '',
            at          DOUBLE PRECISION NOT NULL
        )""",
        "CREATE INDEX word_reports_list ON word_reports (dictionary, word)",
    )),
    Step(3, "what any process must answer for: rematch pointers and build jobs", (
        "ALTER TABLE games ADD COLUMN rematch TEXT",
        """CREATE TABLE jobs (
            id          TEXT PRIMARY KEY,
            state       JSON NOT NULL,
            updated_at  DOUBLE PRECISION NOT NULL
        )""",
    )),
    *_shared_steps(4, "DOUBLE PRECISION", json_type=(
        "UPDATE events SET event = jsonb_set(event::jsonb, '{type}', '\"claim\"')::json "
        "WHERE event->>'type' = 'score'"), lobby_tables=(
        "UPDATE games SET setup = jsonb_set(setup::jsonb, '{table,lobby}', 'true')::json "
        "WHERE " + ddl.LOBBY_GAMES.format(table="json_typeof(setup->'table') = 'object'")),
        bonus=_rename_bonus(_postgres_bonus)),
)
"""The PostgreSQL schema, step by step (it starts where SQLite's version 2 is)."""

_VERSION_TABLE = ("CREATE TABLE IF NOT EXISTS schema_version ("
                  " version INTEGER PRIMARY KEY,"
                  " description TEXT NOT NULL,"
                  " applied_at {real} NOT NULL)")

MIGRATION_LOCK = 0x776F7264  # "word": the advisory-lock key PostgreSQL migrations hold


def latest(steps: Sequence[Step]) -> int:
    """The version a database has after every step."""
    return steps[-1].version if steps else 0


def _check(current: int, steps: Sequence[Step], where: str) -> None:
    if current > latest(steps):
        raise StoreError(f"the database {where} has schema version {current}; this "
                         f"program knows up to {latest(steps)} (upgrade it)",
                         "schema_too_new")


def _sqlite_version(db: sqlite3.Connection) -> int:
    """The version of a SQLite database, also one written before ``schema_version``."""
    tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    if "schema_version" in tables:
        row = db.execute("SELECT MAX(version) FROM schema_version").fetchone()
        if row[0] is not None:
            return int(row[0])
    version = int(db.execute("PRAGMA user_version").fetchone()[0])
    if version == 0 and "games" in tables:  # written before user_version was set
        columns = {r[1] for r in db.execute("PRAGMA table_info(seats)")}
        version = 2 if "computer" in columns else 1
    return version


def migrate_sqlite(db: sqlite3.Connection, *, where: str = "",
                   clock: Callable[[], float] = time.time,
                   steps: Sequence[Step] = SQLITE_STEPS) -> int:
    """Bring a SQLite database (a connection in autocommit mode) to the newest version in
    one transaction; the version it is at now."""
    db.execute("BEGIN IMMEDIATE")
    try:
        current = _sqlite_version(db)
        _check(current, steps, where)
        db.execute(_VERSION_TABLE.format(real="REAL"))
        if current and db.execute("SELECT COUNT(*) FROM schema_version").fetchone()[0] == 0:
            db.execute("INSERT INTO schema_version (version, description, applied_at) "
                       "VALUES (?, ?, ?)", (current, "found: written before schema_version",
                                            clock()))
        if current < latest(steps):
            for step in steps:
                if step.version <= current:
                    continue
                for statement in step.statements:
                    db.execute(statement)
                if step.action is not None:
                    step.action(db)
                db.execute("INSERT INTO schema_version (version, description, applied_at) "
                           "VALUES (?, ?, ?)", (step.version, step.description, clock()))
                current = step.version
        if int(db.execute("PRAGMA user_version").fetchone()[0]) != current:
            db.execute(f"PRAGMA user_version = {int(current)}")
    except BaseException:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")
    return current


def migrate_postgres(conn: Any, *, where: str = "", clock: Callable[[], float] = time.time,
                     steps: Sequence[Step] = POSTGRES_STEPS) -> int:
    """Bring a PostgreSQL database (a psycopg connection) to the newest version in one
    transaction, holding the migration advisory lock; the version it is at now."""
    with conn.transaction():
        conn.execute("SELECT pg_advisory_xact_lock(%s)", (MIGRATION_LOCK,))
        conn.execute(_VERSION_TABLE.format(real="DOUBLE PRECISION"))
        row = conn.execute("SELECT MAX(version) FROM schema_version").fetchone()
        current = int(_first(row) or 0)
        _check(current, steps, where)
        for step in steps:
            if step.version <= current:
                continue
            for statement in step.statements:
                conn.execute(statement)
            conn.execute("INSERT INTO schema_version (version, description, applied_at) "
                         "VALUES (%s, %s, %s)", (step.version, step.description, clock()))
            current = step.version
    return current


def database_version(where: str) -> int:
    """The schema version of the store at ``where`` (a SQLite path or a ``postgresql://``
    URL) without changing it: 0 for a database not yet made. Raises
    :class:`~wordyahtzee.store.StoreError` (``unavailable``) when it cannot be read."""
    from . import is_postgres_url, redact

    if is_postgres_url(where):
        import psycopg

        try:
            with psycopg.connect(str(where).strip(), connect_timeout=5) as conn:
                found = conn.execute("SELECT to_regclass('schema_version')").fetchone()
                if _first(found) is None:
                    return 0
                return int(_first(conn.execute(
                    "SELECT MAX(version) FROM schema_version").fetchone()) or 0)
        except psycopg.Error as exc:
            raise StoreError(f"the database {redact(str(where))} cannot be read: "
                             f"{str(exc).strip().splitlines()[0]}", "unavailable") from None
    from pathlib import Path

    path = Path(where)
    if not path.exists():
        return 0
    try:
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            return _sqlite_version(db)
        finally:
            db.close()
    except sqlite3.Error as exc:
        raise StoreError(f"the database {path} cannot be read: {exc}", "unavailable") from None


def _first(row: Any) -> Any:
    """The first column of a row that may be a tuple or a dict."""
    if row is None:
        return None
    if isinstance(row, dict):
        return next(iter(row.values()))
    return row[0]
