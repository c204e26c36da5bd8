"""Schema migrations: fresh databases get the newest version; SQLite databases written
before migrations existed (version 1: no computer seats; version 2) upgrade in place and
keep their games; opening again changes nothing; two processes opening a fresh database
at once both succeed; a database newer than the program refuses to open."""

from __future__ import annotations

import multiprocessing
import sqlite3
from pathlib import Path

import pytest

from wordyahtzee.store import Seat, StoreError, open_store
from wordyahtzee.store.migrations import POSTGRES_STEPS, SQLITE_STEPS, latest
from wordyahtzee.store.sqlite import SQLiteStore

from .support import store_workers
from .support.legacy import legacy_sqlite
from .support.pg import BACKENDS


def _history(path: Path) -> list[int]:
    db = sqlite3.connect(path)
    try:
        return [r[0] for r in db.execute("SELECT version FROM schema_version ORDER BY version")]
    finally:
        db.close()


def test_fresh_sqlite_gets_every_step(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "new.sqlite3")
    newest = latest(SQLITE_STEPS)
    assert store.schema_version == newest >= 3
    assert _history(store.path) == list(range(1, newest + 1))
    store.create_game("g", "woord", "solo", {}, [Seat(0, "Bot", "", "optimal")])
    assert store.load_game("g").seats[0].computer == "optimal"
    store.close()
    again = SQLiteStore(store.path)  # idempotent: nothing more to do
    assert again.schema_version == newest and _history(store.path) == list(range(1, newest + 1))
    again.close()


@pytest.mark.parametrize(("user_version", "computer", "first"),
                         [(1, False, 1), (0, False, 1), (2, True, 2), (0, True, 2)])
def test_legacy_sqlite_upgrades_in_place(tmp_path: Path, user_version: int, computer: bool,
                                         first: int) -> None:
    applied = list(range(first, latest(SQLITE_STEPS) + 1))  # every step it lacked
    path = tmp_path / "old.sqlite3"
    legacy_sqlite(path, user_version, computer)
    store = SQLiteStore(path)
    assert store.schema_version == latest(SQLITE_STEPS) == applied[-1]
    assert _history(path) == applied
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == applied[-1]
    db.close()
    old = store.load_game("old")  # the stored game survived
    assert old.seats == [Seat(0, "Anna", "tok")] and old.events == [{"type": "throw"}]
    store.append_events("old", 1, [{"type": "claim"}])
    store.create_game("new", "classic", "solo", {}, [Seat(0, "Bot", "", "optimal")])
    assert store.load_game("new").seats[0].computer == "optimal"
    store.close()


LOBBY_ROW = ("INSERT INTO lobby (id, mode, rules, rules_key, pace, idle_seconds, seats, "
             "rated, created_at) VALUES ('waits', 'classic', '{}', '{}', 'live', 0, 2, 1, 1)")


def _older(backend: str, tmp_path: Path, request: pytest.FixtureRequest, sqlite_version: int,
           rows: tuple[str, ...]) -> str:
    """A database at an older schema (SQLite ``sqlite_version``; PostgreSQL's matching
    step, one lower) holding ``rows``, its address; opening it migrates it."""
    from wordyahtzee.store.migrations import migrate_postgres, migrate_sqlite

    if backend == "sqlite":
        where = str(tmp_path / f"v{sqlite_version}.sqlite3")
        db = sqlite3.connect(where, isolation_level=None)
        assert migrate_sqlite(db, steps=SQLITE_STEPS[:sqlite_version]) == sqlite_version
        for row in rows:
            db.execute(row)
        db.close()
        return where
    import psycopg

    where = str(request.getfixturevalue("postgres_url"))
    with psycopg.connect(where, autocommit=True) as conn:
        pg_version = sqlite_version - 1
        assert migrate_postgres(conn, steps=POSTGRES_STEPS[:pg_version]) == pg_version
        for row in rows:
            conn.execute(row)
    return where


@pytest.mark.parametrize("backend", BACKENDS)
def test_lobby_tables_made_before_public_ones_stay_private(
        backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    """A database from before ``lobby.public`` (SQLite 7, PostgreSQL 6) keeps its open
    tables, none of them public, and takes public ones from then on."""
    where = _older(backend, tmp_path, request, 7, (LOBBY_ROW,))
    store = open_store(where)
    try:
        entry = store.lobby_entry("waits")
        assert entry is not None and entry["public"] is False
        store.create_profile("p", "Anna", "hash", 1.0)
        store.open_lobby({"id": "shown", "mode": "classic", "rules": {}, "rules_key": "{}",
                          "pace": "live", "idle_seconds": 0, "seats": 2, "rated": True,
                          "public": True}, "p", 2.0)
        assert store.lobby_entry("shown")["public"] is True  # type: ignore[index]
    finally:
        store.close()


DAILY_ROWS = (
    "INSERT INTO profiles (id, name, secret_hash, created_at) VALUES ('p', 'Anna', 'h', 1)",
    "INSERT INTO daily_entries (day, mode, profile_id, game_id, started_at, score, "
    "finished_at) VALUES ('2026-11-27', 'classic', 'p', 'done', 1, 250, 2)",
    "INSERT INTO daily_entries (day, mode, profile_id, game_id, started_at) VALUES "
    "('2026-11-27', 'woord', 'p', 'playing', 1)")


@pytest.mark.parametrize("backend", BACKENDS)
def test_daily_results_from_before_the_fair_play_check_stand(
        backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    """A database from before the fair-play check (SQLite 8, PostgreSQL 7) keeps its
    finished daily results (clear: on the board once the next sweep has measured the
    points they lost) and judges the games still in play when they finish."""
    where = _older(backend, tmp_path, request, 8, DAILY_ROWS)
    store = open_store(where)
    try:
        assert store.daily_entry_of("done")["check"] == "clear"  # type: ignore[index]
        assert store.daily_entry_of("playing")["check"] is None  # type: ignore[index]
        # unfinished: nothing to judge yet; finished: to measure
        assert [e["game_id"] for e in store.unchecked_dailies()] == ["done"]
        assert store.measure_daily("done", 4.25) and not store.measure_daily("done", 1.0)
        assert [(e["game_id"], e["loss"]) for e in store.daily_board(
            "2026-11-27", "classic")] == [("done", 4.25)]
        assert store.unchecked_dailies() == []
        assert store.moderation_log() == []
    finally:
        store.close()


SCORE_EVENTS = (
    "INSERT INTO games (id, mode, kind, setup, created_at, updated_at) VALUES "
    "('old', 'classic', 'live', '{\"players\": [\"Anna\"], \"rules\": {}}', 1, 1)",
    "INSERT INTO events (game_id, seq, event, at) VALUES "
    "('old', 0, '{\"type\": \"throw\", \"player\": \"Anna\", \"dice\": \"66666\"}', 1), "
    "('old', 1, '{\"type\": \"score\", \"player\": \"Anna\", \"box\": \"yahtzee\"}', 2)")


@pytest.mark.parametrize("backend", BACKENDS)
def test_score_events_stored_before_one_name_per_move_become_claims(
        backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    """A classic game stored when its move's event was ``score`` (SQLite 10, PostgreSQL 9)
    reads back with ``claim`` events, as new games write them, and replays."""
    from wordyahtzee.modes.classic import ClassicGame

    where = _older(backend, tmp_path, request, 10, SCORE_EVENTS)
    store = open_store(where)
    try:
        events = store.load_game("old").events
        assert [e["type"] for e in events] == ["throw", "claim"]
        game = ClassicGame.from_json({"players": ["Anna"], "events": events})
        assert game.sheet("Anna").scores["yahtzee"] == 50
    finally:
        store.close()


def test_too_new_sqlite_refuses(tmp_path: Path) -> None:
    path = tmp_path / "future.sqlite3"
    SQLiteStore(path).close()
    db = sqlite3.connect(path)
    db.execute("INSERT INTO schema_version VALUES (99, 'the future', 0)")
    db.commit()
    db.close()
    with pytest.raises(StoreError) as exc:
        SQLiteStore(path)
    assert exc.value.code == "schema_too_new" and "99" in str(exc.value)


def test_postgres_fresh_and_again(postgres_url: str) -> None:
    import psycopg

    store = open_store(postgres_url)
    assert getattr(store, "schema_version", None) == latest(POSTGRES_STEPS)
    store.create_game("g", "woord", "solo", {}, [Seat(0, "Bot", "", "optimal")])
    store.close()
    again = open_store(postgres_url)
    assert again.load_game("g").seats[0].computer == "optimal"
    again.close()
    with psycopg.connect(postgres_url) as conn:
        rows = conn.execute("SELECT version FROM schema_version ORDER BY version").fetchall()
        assert [r[0] for r in rows] == [s.version for s in POSTGRES_STEPS]
        conn.execute("INSERT INTO schema_version VALUES (99, 'the future', 0)")
    with pytest.raises(StoreError) as exc:
        open_store(postgres_url)
    assert exc.value.code == "schema_too_new"


@pytest.mark.parametrize("backend", BACKENDS)
def test_two_processes_open_a_fresh_database_at_once(
        backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    where = (str(tmp_path / "fresh.sqlite3") if backend == "sqlite"
             else str(request.getfixturevalue("postgres_url")))
    ctx = multiprocessing.get_context("spawn")
    barrier = ctx.Barrier(3)
    results = ctx.Queue()
    openers = [ctx.Process(target=store_workers.migrate, args=(where, barrier, results))
               for _ in range(3)]
    for p in openers:
        p.start()
    found = [results.get(timeout=120) for _ in openers]
    for p in openers:
        p.join(timeout=60)
    steps = SQLITE_STEPS if backend == "sqlite" else POSTGRES_STEPS
    assert found == [latest(steps)] * 3


def test_a_failing_step_leaves_the_version_before_it(tmp_path: Path) -> None:
    from wordyahtzee.store.migrations import Step, migrate_sqlite

    path = tmp_path / "half.sqlite3"
    SQLiteStore(path).close()
    n = latest(SQLITE_STEPS)
    broken = (*SQLITE_STEPS, Step(n + 1, "a table", ("CREATE TABLE later (x INTEGER)",)),
              Step(n + 2, "a mistake", ("ALTER TABLE nowhere ADD COLUMN y TEXT",)))
    db = sqlite3.connect(path, isolation_level=None)
    with pytest.raises(sqlite3.OperationalError):
        migrate_sqlite(db, steps=broken)
    tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert "later" not in tables and db.execute("PRAGMA user_version").fetchone()[0] == n
    assert migrate_sqlite(db, steps=broken[:n + 1]) == n + 1  # the fixed list migrates
    db.close()
    assert _history(path) == list(range(1, n + 2))


def test_a_failing_postgres_step_leaves_the_version_before_it(postgres_url: str) -> None:
    import psycopg

    from wordyahtzee.store.migrations import Step, migrate_postgres

    open_store(postgres_url).close()
    n = latest(POSTGRES_STEPS)
    broken = (*POSTGRES_STEPS, Step(n + 1, "a table", ("CREATE TABLE later (x INTEGER)",)),
              Step(n + 2, "a mistake", ("ALTER TABLE nowhere ADD COLUMN y TEXT",)))
    with psycopg.connect(postgres_url, autocommit=True) as conn:
        with pytest.raises(psycopg.errors.UndefinedTable):
            migrate_postgres(conn, steps=broken)
        assert conn.execute("SELECT to_regclass('later')").fetchone() == (None,)
        assert conn.execute("SELECT MAX(version) FROM schema_version").fetchone() == (n,)
        assert migrate_postgres(conn, steps=broken[:n + 1]) == n + 1


OLD_CLASSIC_ROWS = (
    "INSERT INTO games (id, mode, kind, setup, rules_key, created_at, updated_at) VALUES "
    "('old', 'classic', 'solo', '{\"rules\":{\"joker\":\"free\"}}', '{\"joker\":\"free\"}', 1, 2)",
    "INSERT INTO high_scores (mode, kind, dictionary, rules_key, player, score, game_id, at) "
    "VALUES ('classic', 'solo', '', '{\"joker\":\"free\"}', 'Anna', 250, 'old', 2)",
    "INSERT INTO high_scores (mode, kind, dictionary, rules_key, player, score, game_id, at) "
    "VALUES ('classic', 'solo', '', '{\"joker\":\"free\",\"match\":true}', 'Anna', 900, "
    "'old', 2)")


@pytest.mark.parametrize("backend", BACKENDS)
def test_old_classic_rules_keys_join_the_lists_of_new_games(
        backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    """Classic rules once spelled out the default joker; after the migration an old game's
    high score sits under the canonical key a new game with the same rules gets."""
    from wordyahtzee.modes.classic import parse_rules
    from wordyahtzee.store import rules_key
    from wordyahtzee.store.migrations import migrate_postgres, migrate_sqlite

    if backend == "sqlite":
        where = str(tmp_path / "v10.sqlite3")
        db = sqlite3.connect(where, isolation_level=None)
        assert migrate_sqlite(db, steps=SQLITE_STEPS[:11]) == 11
        for row in OLD_CLASSIC_ROWS:
            db.execute(row)
        db.close()
    else:
        import psycopg

        where = str(request.getfixturevalue("postgres_url"))
        with psycopg.connect(where, autocommit=True) as conn:
            assert migrate_postgres(conn, steps=POSTGRES_STEPS[:10]) == 10
            for row in OLD_CLASSIC_ROWS:
                conn.execute(row)
    open_store(where).close()
    query = "SELECT rules_key FROM high_scores ORDER BY score"
    if backend == "sqlite":
        db = sqlite3.connect(where)
        keys = [r[0] for r in db.execute(query)]
        game_key = db.execute("SELECT rules_key FROM games").fetchone()[0]
        db.close()
    else:
        with psycopg.connect(where) as conn:
            keys = [r[0] for r in conn.execute(query)]
            game_key = conn.execute("SELECT rules_key FROM games").fetchone()[0]
    assert keys == [rules_key(parse_rules({"joker": "free"})),
                    rules_key(parse_rules({"match": True}))] == ["{}", '{"match":true}']
    assert game_key == "{}"


LOBBY_GAMES = (
    "INSERT INTO games (id, mode, kind, setup, created_at, updated_at) VALUES "
    "('started', 'classic', 'online', '{\"players\": [\"Anna\", \"Bram\"], \"table\": "
    "{\"rated\": false, \"idle_seconds\": 120}}', 1, 1), "
    "('friends', 'classic', 'online', '{\"players\": [\"Anna\", \"Bram\"], \"table\": "
    "{\"idle_seconds\": 120}}', 1, 1)",
    "INSERT INTO lobby (id, mode, rules, rules_key, pace, idle_seconds, seats, rated, "
    "created_at, game_id) VALUES ('met', 'classic', '{}', '{}', 'live', 0, 2, 0, 1, "
    "'started')")


@pytest.mark.parametrize("backend", BACKENDS)
def test_tables_the_lobby_started_before_they_said_so_keep_their_seats_to_profiles(
        backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    """An unrated table the lobby started before its setup said so (SQLite 13, PostgreSQL
    12) is a lobby table after the migration (each seat acts only with its profile); a
    table one person made for friends is not."""
    where = _older(backend, tmp_path, request, 13, LOBBY_GAMES)
    store = open_store(where)
    try:
        assert store.load_game("started").setup["table"] == {
            "rated": False, "idle_seconds": 120, "lobby": True}
        assert "lobby" not in store.load_game("friends").setup["table"]
    finally:
        store.close()


RATED_ROWS = (
    "INSERT INTO rated_games (game_id, at) VALUES ('rated-before', 5)",)


@pytest.mark.parametrize("backend", BACKENDS)
def test_games_rated_before_the_engine_play_check_stand(
        backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    """A database from before the engine-play check (SQLite 18, PostgreSQL 17): the games
    it rated stand as they were (nothing judges them), those rated from then on are
    judged, and its finished daily results wait to be measured."""
    engine = next(s.version for s in SQLITE_STEPS if "engine-play" in s.description)
    where = _older(backend, tmp_path, request, engine - 1, (*DAILY_ROWS[:2], *RATED_ROWS))
    store = open_store(where)
    try:
        assert store.unjudged_rated() == []
        store.rate_game("rated-after", "classic", {}, 6.0)
        assert store.unjudged_rated() == ["rated-after"]
        assert store.play_checks("p", "classic") == []
        assert [e["game_id"] for e in store.unchecked_dailies()] == ["done"]
    finally:
        store.close()


OLD_BONUS = ('{"dice_set":"nl","free_order":false,"min_word_length":2,"turn_seconds":60.0,'
             '"upper_bonus_threshold":45,"y_is_vowel":true}')
OLD_BONUS_ROWS = (
    "INSERT INTO games (id, mode, kind, setup, rules_key, created_at, updated_at, record) "
    "VALUES ('woord45', 'woord', 'solo', '{\"players\": [\"Anna\"], \"rules\": "
    "{\"upper_bonus_threshold\": 45, \"free_order\": false}}', "
    f"'{OLD_BONUS}', 1, 1, '{{\"mode\": \"woord\", \"rules\": "
    "{\"upper_bonus_threshold\": 45}, \"players\": [\"Anna\"], \"turns\": []}')",
    "INSERT INTO high_scores (mode, kind, dictionary, rules_key, player, score, game_id, at) "
    f"VALUES ('woord', 'solo', 'nl', '{OLD_BONUS}', 'Anna', 300, 'woord45', 2)",
    "INSERT INTO lobby (id, mode, rules, rules_key, pace, idle_seconds, seats, rated, "
    "created_at) VALUES ('waits45', 'woord', '{\"upper_bonus_threshold\": 45}', "
    f"'{OLD_BONUS}', 'live', 0, 2, 1, 1)",
    "INSERT INTO daily_days (day, mode, par, rules, record) VALUES ('2026-12-01', 'woord', "
    "250, '{\"upper_bonus_threshold\": 45}', '{}')",
    # a player's name is no option: it stays as it was
    "INSERT INTO games (id, mode, kind, setup, rules_key, created_at, updated_at) VALUES "
    "('named', 'woord', 'solo', '{\"players\": [\"upper_bonus_threshold\"], \"rules\": {}}', "
    "'{}', 1, 1)")


@pytest.mark.parametrize("backend", BACKENDS)
def test_the_bonus_option_stored_by_its_old_name_takes_the_one_name(
        backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    """Woord Yahtzee's ``upper_bonus_threshold`` became ``upper_bonus_at``, classic's name:
    a database from before (the step before the rename) reads back every stored rules set
    under the new name, and an old game's high score sits in the list a new game with the
    same rules goes to."""
    from wordyahtzee.games import high_score_list
    from wordyahtzee.store import rules_key

    renamed = next(s.version for s in SQLITE_STEPS if "upper_bonus_at" in s.description)
    where = _older(backend, tmp_path, request, renamed - 1, OLD_BONUS_ROWS)
    store = open_store(where)
    try:
        game = store.load_game("woord45")
        assert game.setup["rules"] == {"upper_bonus_at": 45, "free_order": False}
        assert game.record is not None and game.record["rules"] == {"upper_bonus_at": 45}
        assert store.lobby_entry("waits45")["rules"] == {  # type: ignore[index]
            "upper_bonus_at": 45}
        assert store.daily_par("2026-12-01", "woord")["rules"] == {  # type: ignore[index]
            "upper_bonus_at": 45}
        assert store.load_game("named").setup["players"] == ["upper_bonus_threshold"]
        _, canonical = high_score_list("woord", {"upper_bonus_at": 45}, "nl")
        new_key = rules_key(canonical)
        lobby = store.lobby_entry("waits45")
        assert lobby is not None and game.rules_key == lobby["rules_key"] == new_key
        assert [s.score for s in store.high_scores("woord", "nl", new_key)] == [300]
    finally:
        store.close()
