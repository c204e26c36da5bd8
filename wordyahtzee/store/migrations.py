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

from . import StoreError

SQLiteAction = Callable[[sqlite3.Connection], None]


@dataclass(frozen=True)
class Step:
    """One migration: the version it produces, what it does, and the statements (or, for
    SQLite, a function of the connection) that do it."""

    version: int
    description: str
    statements: Sequence[str] = ()
    action: SQLiteAction | None = None


_PLAYERS = (
    "CREATE TABLE secrets (name TEXT PRIMARY KEY, value TEXT NOT NULL)",
    """CREATE TABLE profiles (
        id          TEXT PRIMARY KEY,
        name        TEXT NOT NULL,
        secret_hash TEXT NOT NULL UNIQUE,
        created_at  {real} NOT NULL
    )""",
    """CREATE TABLE daily_days (
        day     TEXT NOT NULL,
        mode    TEXT NOT NULL,
        par     INTEGER NOT NULL,
        rules   TEXT NOT NULL,
        record  TEXT NOT NULL,
        PRIMARY KEY (day, mode)
    )""",
    """CREATE TABLE daily_entries (
        day         TEXT NOT NULL,
        mode        TEXT NOT NULL,
        profile_id  TEXT NOT NULL,
        game_id     TEXT NOT NULL UNIQUE,
        started_at  {real} NOT NULL,
        score       INTEGER,
        finished_at {real},
        PRIMARY KEY (day, mode, profile_id)
    )""",
)
"""Profiles, the server's secrets and the daily game, the same in both backends (JSON kept
as text: :mod:`wordyahtzee.store.players` reads them for both)."""
_PLAYERS_INDEXES = (
    "CREATE INDEX daily_board ON daily_entries (day, mode, score DESC, finished_at)",
    "CREATE INDEX daily_of_profile ON daily_entries (profile_id, day)",
)
_LOBBY = (
    """CREATE TABLE seat_profiles (
        game_id     TEXT NOT NULL,
        seat        INTEGER NOT NULL,
        profile_id  TEXT NOT NULL,
        PRIMARY KEY (game_id, seat)
    )""",
    "CREATE INDEX seat_profiles_of ON seat_profiles (profile_id)",
    """CREATE TABLE lobby (
        id           TEXT PRIMARY KEY,
        mode         TEXT NOT NULL,
        rules        TEXT NOT NULL,
        rules_key    TEXT NOT NULL,
        pace         TEXT NOT NULL,
        idle_seconds {real} NOT NULL,
        seats        INTEGER NOT NULL,
        rated        INTEGER NOT NULL,
        created_at   {real} NOT NULL,
        game_id      TEXT
    )""",
    "CREATE INDEX lobby_open ON lobby (game_id, mode, created_at)",
    """CREATE TABLE lobby_players (
        lobby_id    TEXT NOT NULL,
        seat        INTEGER NOT NULL,
        profile_id  TEXT NOT NULL,
        joined_at   {real} NOT NULL,
        PRIMARY KEY (lobby_id, seat),
        UNIQUE (lobby_id, profile_id)
    )""",
    "CREATE INDEX lobby_players_of ON lobby_players (profile_id)",
    """CREATE TABLE ratings (
        profile_id  TEXT NOT NULL,
        mode        TEXT NOT NULL,
        rating      {real} NOT NULL,
        rd          {real} NOT NULL,
        volatility  {real} NOT NULL,
        games       INTEGER NOT NULL,
        updated_at  {real} NOT NULL,
        PRIMARY KEY (profile_id, mode)
    )""",
    "CREATE TABLE rated_games (game_id TEXT PRIMARY KEY, at {real} NOT NULL)",
)
"""Which profile holds which seat, the lobby of open tables and the ratings, the same in
both backends."""
_AIDED = ("CREATE TABLE aided_seats (game_id TEXT NOT NULL, seat INTEGER NOT NULL, "
          "PRIMARY KEY (game_id, seat))",
          "CREATE TABLE reactions (game_id TEXT NOT NULL, seat INTEGER NOT NULL, "
          "emote TEXT NOT NULL, at {real} NOT NULL)",
          "CREATE INDEX reactions_recent ON reactions (at, game_id)")
"""The seats that asked for a Tip, and the players' quick reactions at online tables (the
same in both backends)."""
_PUBLIC = ("ALTER TABLE lobby ADD COLUMN public INTEGER NOT NULL DEFAULT 0",
           "CREATE INDEX lobby_public ON lobby (public, game_id)")
"""Whether the players of a lobby table let strangers watch it (the same in both
backends)."""
_FAIR_PLAY = (
    "ALTER TABLE daily_entries ADD COLUMN check_state TEXT",
    "ALTER TABLE daily_entries ADD COLUMN check_result TEXT",
    # results finished before the check existed stand as they were
    "UPDATE daily_entries SET check_state = 'clear' WHERE score IS NOT NULL",
    """CREATE TABLE moderation_log (
        at        {real} NOT NULL,
        moderator TEXT NOT NULL,
        action    TEXT NOT NULL,
        subject   TEXT NOT NULL,
        note      TEXT NOT NULL
    )""",
    "CREATE INDEX moderation_log_at ON moderation_log (at)",
    "CREATE INDEX daily_checks ON daily_entries (check_state, finished_at)",
)
"""The fair-play check of each finished daily game (its state and evidence), and the log
of what moderators decided (the same in both backends)."""
_MODERATORS = (
    """CREATE TABLE moderators (
        name          TEXT PRIMARY KEY,
        password_hash TEXT NOT NULL,
        created_at    {real} NOT NULL
    )""",
    """CREATE TABLE moderator_sessions (
        token_hash  TEXT PRIMARY KEY,
        moderator   TEXT NOT NULL,
        created_at  {real} NOT NULL,
        last_seen   {real} NOT NULL,
        expires_at  {real} NOT NULL
    )""",
    "CREATE INDEX moderator_sessions_of ON moderator_sessions (moderator)",
    """CREATE TABLE login_failures (
        name  TEXT NOT NULL,
        at    {real} NOT NULL
    )""",
    "CREATE INDEX login_failures_of ON login_failures (name, at)",
    """CREATE TABLE word_decisions (
        dictionary  TEXT NOT NULL,
        word        TEXT NOT NULL,
        verdict     TEXT NOT NULL CHECK (verdict IN ('accept', 'refuse')),
        reason      TEXT NOT NULL,
        moderator   TEXT NOT NULL,
        at          {real} NOT NULL,
        seq         INTEGER NOT NULL,
        PRIMARY KEY (dictionary, word)
    )""",
    "CREATE INDEX word_decisions_seq ON word_decisions (seq)",
    "ALTER TABLE profiles ADD COLUMN hidden_name TEXT",
)
"""Moderators who log in (their Argon2 password hashes; sessions kept as hashes of their
tokens; failed logins per name), the dictionaries' overlay of word decisions (one current
verdict per word and dictionary; ``seq`` grows with every decision, so a process sees a
newer one with one cheap query), and a profile's name a moderator hid (the chosen name
kept in ``hidden_name``; the same in both backends)."""

_PUZZLES = (
    """CREATE TABLE puzzles (
        id          TEXT PRIMARY KEY,
        mode        TEXT NOT NULL,
        rules_key   TEXT NOT NULL,
        source      TEXT NOT NULL,
        day         TEXT,
        themes      TEXT NOT NULL,
        data        TEXT NOT NULL,
        rating      {real} NOT NULL,
        rd          {real} NOT NULL,
        vol         {real} NOT NULL,
        plays       INTEGER NOT NULL,
        solved      INTEGER NOT NULL,
        version     TEXT NOT NULL,
        created_at  {real} NOT NULL
    )""",
    "CREATE INDEX puzzles_pick ON puzzles (mode, rating)",
    """CREATE TABLE puzzle_sources (
        game_id   TEXT PRIMARY KEY,
        mined_at  {real} NOT NULL,
        found     INTEGER NOT NULL
    )""",
    """CREATE TABLE puzzle_attempts (
        profile_id    TEXT NOT NULL,
        puzzle_id     TEXT NOT NULL,
        mode          TEXT NOT NULL,
        choice        TEXT NOT NULL,
        regret        {real} NOT NULL,
        solved        INTEGER NOT NULL,
        rating_before {real} NOT NULL,
        rating_after  {real} NOT NULL,
        at            {real} NOT NULL,
        PRIMARY KEY (profile_id, puzzle_id)
    )""",
    "CREATE INDEX puzzle_attempts_of ON puzzle_attempts (profile_id, at)",
    """CREATE TABLE puzzle_ratings (
        profile_id  TEXT NOT NULL,
        mode        TEXT NOT NULL,
        rating      {real} NOT NULL,
        rd          {real} NOT NULL,
        vol         {real} NOT NULL,
        attempts    INTEGER NOT NULL,
        PRIMARY KEY (profile_id, mode)
    )""",
    """CREATE TABLE daily_puzzles (
        day        TEXT NOT NULL,
        mode       TEXT NOT NULL,
        puzzle_id  TEXT NOT NULL,
        PRIMARY KEY (day, mode)
    )""",
)
"""Puzzles mined from finished games (their JSON as text, their Glicko-2 rating as
columns), the games mined, each profile's rated answers and puzzle rating per mode, and the
puzzle of each day (the same in both backends)."""

_LOBBY_GAMES = "id IN (SELECT game_id FROM lobby WHERE game_id IS NOT NULL) AND {table}"
"""The games the lobby started (``{table}``: their setup has its table options), written
before a setup said so (``table.lobby``: a seat acts only with the profile that holds
it)."""

_SCORES_BY_GAME = ("CREATE INDEX high_scores_game ON high_scores (game_id, player)",)
"""A profile's score history reads the lines of the games where it holds a seat (the same
in both backends)."""

_OWNED = (
    """CREATE TABLE owners (
        owner       TEXT PRIMARY KEY,
        created_at  {real} NOT NULL
    )""",
    """CREATE TABLE dice_sets (
        id          TEXT PRIMARY KEY,
        owner       TEXT NOT NULL,
        title       TEXT NOT NULL,
        dice        TEXT NOT NULL,
        created_at  {real} NOT NULL
    )""",
    "CREATE INDEX dice_sets_of ON dice_sets (owner, created_at)",
    """CREATE TABLE owned_dictionaries (
        name        TEXT PRIMARY KEY,
        owner       TEXT NOT NULL,
        title       TEXT NOT NULL,
        listing     TEXT NOT NULL
                    CHECK (listing IN ('private', 'asked', 'public', 'declined')),
        created_at  {real} NOT NULL
    )""",
    "CREATE INDEX owned_dictionaries_of ON owned_dictionaries (owner)",
)
"""What players make and own (:mod:`wordyahtzee.store.owned`): the owners (a profile or a
browser; a row each, locked while a new thing of theirs is counted against their cap), their
own dice sets (the set's JSON as text; the id is its link) and the uploaded dictionaries'
owners and listing (the word lists stay files in the data dir; the same in both
backends)."""

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

_LOGIN_ATTEMPTS = (
    "DROP TABLE login_failures",
    """CREATE TABLE login_attempts (
        id        TEXT PRIMARY KEY,
        name      TEXT NOT NULL,
        address   TEXT NOT NULL,
        name_lock TEXT NOT NULL,
        at        {real} NOT NULL
    )""",
    "CREATE INDEX login_attempts_of_name ON login_attempts (name, address, at)",
    "CREATE INDEX login_attempts_of_address ON login_attempts (address, at)",
    "CREATE INDEX login_attempts_by_lock ON login_attempts (name_lock, at)",
    """CREATE TABLE login_locks (
        lock  TEXT PRIMARY KEY,
        at    {real} NOT NULL
    )""",
)
"""The moderators' login budgets: a row per password check reserved (the name typed, the
client's address, the name's lock, when; given back when the password was right), and
the rows whose lock a reservation takes first, so that every process counts one name's
and one address's checks one at a time (the same in both backends; they replace
``login_failures``, which counted a failure only after its check)."""

_ENGINE_PLAY = (
    "ALTER TABLE daily_entries ADD COLUMN loss {real}",
    "CREATE INDEX daily_skill ON daily_entries (day, mode, loss, finished_at)",
    """CREATE TABLE play_checks (
        game_id    TEXT NOT NULL,
        seat       INTEGER NOT NULL,
        profile_id TEXT NOT NULL,
        mode       TEXT NOT NULL,
        kind       TEXT NOT NULL,
        at         {real} NOT NULL,
        decisions  INTEGER NOT NULL,
        loss       {real} NOT NULL,
        expected   {real} NOT NULL,
        variance   {real} NOT NULL,
        PRIMARY KEY (game_id, seat)
    )""",
    "CREATE INDEX play_checks_of ON play_checks (profile_id, mode, at)",
    """CREATE TABLE engine_holds (
        profile_id TEXT NOT NULL,
        mode       TEXT NOT NULL,
        state      TEXT NOT NULL,
        evidence   TEXT NOT NULL,
        at         {real} NOT NULL,
        since      {real} NOT NULL,
        PRIMARY KEY (profile_id, mode)
    )""",
    "CREATE INDEX engine_holds_state ON engine_holds (state, at)",
    # games rated before the check existed stand as they were: nothing judges them
    "INSERT INTO play_checks (game_id, seat, profile_id, mode, kind, at, decisions, loss, "
    "expected, variance) SELECT game_id, -1, '', '', 'rated', at, 0, 0, 0, 0 FROM "
    "rated_games",
)
"""The daily board ranked by the expected points a game lost (``daily_entries.loss``,
filled by the next check of every finished daily game, older ones included), the judged
seats of rated and daily games that the engine-play check reads, and the profiles it
holds for a moderator (the same in both backends)."""

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
    Step(5, "profiles and the daily game", (*(
        sql.format(real="REAL") for sql in _PLAYERS), *_PLAYERS_INDEXES)),
    Step(6, "profiles at tables, the lobby and ratings",
         tuple(sql.format(real="REAL") for sql in _LOBBY)),
    Step(7, "the seats that used a Tip, quick reactions",
         tuple(sql.format(real="REAL") for sql in _AIDED)),
    Step(8, "lobby.public: tables strangers may watch", _PUBLIC),
    Step(9, "the daily game's fair-play check, the moderators' log",
         tuple(sql.format(real="REAL") for sql in _FAIR_PLAY)),
    Step(10, "moderators, their sessions, word decisions, hidden profile names",
         tuple(sql.format(real="REAL") for sql in _MODERATORS)),
    Step(11, "one name per move: classic and Triple's score events become claim events", (
        "UPDATE events SET event = json_set(event, '$.type', 'claim') "
        "WHERE json_extract(event, '$.type') = 'score'",)),
    Step(12, "rules keys without their defaults", _CANONICAL_RULES),
    Step(13, "puzzles, the answers to them, puzzle ratings, the daily puzzle",
         tuple(sql.format(real="REAL") for sql in _PUZZLES)),
    Step(14, "tables the lobby started say so: each seat is its profile's alone", (
        "UPDATE games SET setup = json_set(setup, '$.table.lobby', json('true')) "
        "WHERE " + _LOBBY_GAMES.format(table="json_type(setup, '$.table') = 'object'"),)),
    Step(15, "high scores found by game: a profile's score history", _SCORES_BY_GAME),
    Step(16, "the moderators' login attempts, reserved before the password is checked",
         tuple(sql.format(real="REAL") for sql in _LOGIN_ATTEMPTS)),
    Step(17, "owners, their own dice sets, the uploaded dictionaries' owners",
         tuple(sql.format(real="REAL") for sql in _OWNED)),
    Step(18, "the daily board by expected points lost; the engine-play check",
         tuple(sql.format(real="REAL") for sql in _ENGINE_PLAY)),
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
    Step(4, "profiles and the daily game", (*(
        sql.format(real="DOUBLE PRECISION") for sql in _PLAYERS), *_PLAYERS_INDEXES)),
    Step(5, "profiles at tables, the lobby and ratings",
         tuple(sql.format(real="DOUBLE PRECISION") for sql in _LOBBY)),
    Step(6, "the seats that used a Tip, quick reactions",
         tuple(sql.format(real="DOUBLE PRECISION") for sql in _AIDED)),
    Step(7, "lobby.public: tables strangers may watch", _PUBLIC),
    Step(8, "the daily game's fair-play check, the moderators' log",
         tuple(sql.format(real="DOUBLE PRECISION") for sql in _FAIR_PLAY)),
    Step(9, "moderators, their sessions, word decisions, hidden profile names",
         tuple(sql.format(real="DOUBLE PRECISION") for sql in _MODERATORS)),
    Step(10, "one name per move: classic and Triple's score events become claim events", (
        "UPDATE events SET event = jsonb_set(event::jsonb, '{type}', '\"claim\"')::json "
        "WHERE event->>'type' = 'score'",)),
    Step(11, "rules keys without their defaults", _CANONICAL_RULES),
    Step(12, "puzzles, the answers to them, puzzle ratings, the daily puzzle",
         tuple(sql.format(real="DOUBLE PRECISION") for sql in _PUZZLES)),
    Step(13, "tables the lobby started say so: each seat is its profile's alone", (
        "UPDATE games SET setup = jsonb_set(setup::jsonb, '{table,lobby}', 'true')::json "
        "WHERE " + _LOBBY_GAMES.format(table="json_typeof(setup->'table') = 'object'"),)),
    Step(14, "high scores found by game: a profile's score history", _SCORES_BY_GAME),
    Step(15, "the moderators' login attempts, reserved before the password is checked",
         tuple(sql.format(real="DOUBLE PRECISION") for sql in _LOGIN_ATTEMPTS)),
    Step(16, "owners, their own dice sets, the uploaded dictionaries' owners",
         tuple(sql.format(real="DOUBLE PRECISION") for sql in _OWNED)),
    Step(17, "the daily board by expected points lost; the engine-play check",
         tuple(sql.format(real="DOUBLE PRECISION") for sql in _ENGINE_PLAY)),
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
