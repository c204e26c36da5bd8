"""``wordyahtzee migrate``: ``--check`` reads a store's schema version without changing
it; without it the missing steps are applied and named, once; a database newer than the
program, or one that cannot be reached, is one line and exit 2."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from wordyahtzee.store import is_postgres_url
from wordyahtzee.store.migrations import POSTGRES_STEPS, SQLITE_STEPS, database_version, latest

from .support.cli import run_cli
from .support.pg import BACKENDS


@pytest.fixture(params=BACKENDS)
def where(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A store not yet made: a SQLite path, or a fresh PostgreSQL database's URL."""
    if request.param == "sqlite":
        return str(tmp_path / "store.sqlite3")
    url: str = request.getfixturevalue("postgres_url")
    return url


def test_check_changes_nothing_and_migrate_applies_each_step_once(
        where: str, capsys: pytest.CaptureFixture[str]) -> None:
    newest = latest(POSTGRES_STEPS if is_postgres_url(where) else SQLITE_STEPS)
    code, out, _ = run_cli(capsys, ["migrate", "--db", where, "--check"])
    assert code == 0 and f"version 0; this program's is {newest}" in out
    assert database_version(where) == 0
    code, out, _ = run_cli(capsys, ["migrate", "--db", where])
    assert code == 0 and out.count("applied step") == newest
    assert out.splitlines()[-1] == f"database at schema version {newest} (was 0)"
    assert database_version(where) == newest
    code, out, _ = run_cli(capsys, ["migrate", "--db", where])
    assert code == 0 and "applied" not in out and "up to date" in out


def test_a_newer_database_is_named_and_refused_on_open(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "store.sqlite3"
    assert run_cli(capsys, ["migrate", "--db", str(path)])[0] == 0
    newer = latest(SQLITE_STEPS) + 1
    with sqlite3.connect(path) as db:
        db.execute("INSERT INTO schema_version VALUES (?, 'a later program', 0)", (newer,))
    code, out, _ = run_cli(capsys, ["migrate", "--db", str(path), "--check"])
    assert code == 0 and "newer than this program" in out
    code, out, err = run_cli(capsys, ["migrate", "--db", str(path)])
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert f"schema version {newer}" in err


def test_an_unreachable_database_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_cli(capsys, ["migrate", "--check", "--db",
                                      "postgresql://nobody:secret@127.0.0.1:1/none"])
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert "cannot be read" in err and "secret" not in err
