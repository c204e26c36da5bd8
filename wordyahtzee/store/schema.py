"""The tables the project's schema defines at each version, with their columns: what a
backup holds and the only thing a restore writes (docs/operations.md, "Backups and
restores").

The answer comes from the migrations themselves (:mod:`wordyahtzee.store.migrations`), so
a step added to them is covered without a second list:

- SQLite: the steps up to the version are applied to a database in memory, and its
  tables read back (exactly what a store of that version holds);
- PostgreSQL: the steps' statements are read (``CREATE TABLE``, ``ALTER TABLE … ADD|DROP|
  RENAME``, ``DROP TABLE``); a statement of another kind that could change a table is
  refused here, so a new kind of step cannot slip past unseen.
  ``tests/test_backup_tamper.py`` checks the result against a real PostgreSQL migrated to
  every version.
"""

from __future__ import annotations

import re
import sqlite3
from functools import cache

from . import StoreError
from .migrations import _VERSION_TABLE, POSTGRES_STEPS, SQLITE_STEPS, latest, migrate_sqlite

Tables = dict[str, tuple[str, ...]]
"""Each table's name and its columns, in the order the schema makes them."""

IDENTIFIER = re.compile(r"[a-z_][a-z0-9_]{0,62}")
"""A table's or a column's name, as the project writes them (unquoted, lower case)."""

_NOT_COLUMNS = ("PRIMARY", "UNIQUE", "CHECK", "FOREIGN", "CONSTRAINT", "EXCLUDE")
_NO_TABLE_CHANGE = ("CREATE INDEX", "CREATE UNIQUE INDEX", "DROP INDEX", "UPDATE ",
                    "INSERT ", "DELETE ")


def latest_version(store: str) -> int:
    """The newest schema version this program knows for ``store`` (``sqlite`` or
    ``postgresql``)."""
    return latest(SQLITE_STEPS if store == "sqlite" else POSTGRES_STEPS)


def tables(store: str, version: int) -> Tables:
    """The tables of the project's ``store`` schema at ``version`` (0: only
    ``schema_version``); a version this program does not know is refused."""
    if not 0 <= version <= latest_version(store):
        raise StoreError(f"schema version {version} is not one this program knows (up to "
                         f"{latest_version(store)})", "schema_too_new")
    return dict(_sqlite_tables(version) if store == "sqlite" else _postgres_tables(version))


@cache
def _sqlite_tables(version: int) -> tuple[tuple[str, tuple[str, ...]], ...]:
    db = sqlite3.connect(":memory:", isolation_level=None)
    try:
        migrate_sqlite(db, clock=lambda: 0.0,
                       steps=tuple(s for s in SQLITE_STEPS if s.version <= version))
        names = [r[0] for r in db.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE "
            "'sqlite_%' ORDER BY rowid")]
        return tuple((name, tuple(r[1] for r in db.execute(f'PRAGMA table_info("{name}")')))
                     for name in names)
    finally:
        db.close()


@cache
def _postgres_tables(version: int) -> tuple[tuple[str, tuple[str, ...]], ...]:
    found: dict[str, list[str]] = {}
    statements = [_VERSION_TABLE.format(real="DOUBLE PRECISION")] + [sql for step in POSTGRES_STEPS
                                     if step.version <= version for sql in step.statements]
    for sql in statements:
        _apply(found, " ".join(sql.split()))
    return tuple((name, tuple(columns)) for name, columns in found.items())


def _apply(found: dict[str, list[str]], sql: str) -> None:
    """What one statement does to the tables and their columns."""
    upper = sql.upper()
    if upper.startswith(_NO_TABLE_CHANGE):
        return
    made = re.fullmatch(r"CREATE TABLE (?:IF NOT EXISTS )?(\w+) \((.*)\)", sql, re.I | re.S)
    if made:
        name = _name(made.group(1))
        if name not in found:
            found[name] = [_name(item.split()[0]) for item in _items(made.group(2))
                           if item.split()[0].upper() not in _NOT_COLUMNS]
        return
    dropped = re.fullmatch(r"DROP TABLE (?:IF EXISTS )?(\w+)(?: CASCADE| RESTRICT)?", sql,
                           re.I)
    if dropped:
        found.pop(_name(dropped.group(1)), None)
        return
    altered = re.fullmatch(r"ALTER TABLE (?:ONLY )?(\w+) (.*)", sql, re.I | re.S)
    if altered:
        table = _name(altered.group(1))
        for action in _items(altered.group(2)):
            _alter(found, table, action)
        return
    raise ValueError(f"the schema model does not know this kind of statement: {sql[:60]}")


def _alter(found: dict[str, list[str]], table: str, action: str) -> None:
    words = action.split()
    upper = [w.upper() for w in words]
    columns = found[table]
    if upper[0] == "ADD" and upper[1] not in _NOT_COLUMNS:
        rest = words[2:] if upper[1] == "COLUMN" else words[1:]
        if [w.upper() for w in rest[:3]] == ["IF", "NOT", "EXISTS"]:
            rest = rest[3:]
        if _name(rest[0]) not in columns:
            columns.append(_name(rest[0]))
    elif upper[0] == "DROP" and upper[1] not in ("CONSTRAINT",):
        rest = words[2:] if upper[1] == "COLUMN" else words[1:]
        if [w.upper() for w in rest[:2]] == ["IF", "EXISTS"]:
            rest = rest[2:]
        if _name(rest[0]) in columns:
            columns.remove(_name(rest[0]))
    elif upper[:2] == ["RENAME", "TO"]:
        found[_name(words[2])] = found.pop(table)
    elif upper[0] == "RENAME":
        rest = words[2:] if upper[1] == "COLUMN" else words[1:]
        columns[columns.index(_name(rest[0]))] = _name(rest[2])
    elif upper[0] not in ("ALTER", "ADD", "DROP", "SET", "RESET", "OWNER", "ENABLE",
                          "DISABLE", "VALIDATE", "CLUSTER", "REPLICA"):
        raise ValueError(f"the schema model does not know ALTER TABLE … {action[:40]}")


def _name(word: str) -> str:
    name = word.strip('"').lower()
    if not IDENTIFIER.fullmatch(name):
        raise ValueError(f"the schema model cannot read the name {word!r}")
    return name


def _items(body: str) -> list[str]:
    """The parts of a list separated by commas outside parentheses and quotes."""
    items, depth, quoted, start = [], 0, False, 0
    for i, char in enumerate(body):
        if char == "'":
            quoted = not quoted
        elif not quoted and char == "(":
            depth += 1
        elif not quoted and char == ")":
            depth -= 1
        elif not quoted and depth == 0 and char == ",":
            items.append(body[start:i].strip())
            start = i + 1
    items.append(body[start:].strip())
    return [item for item in items if item]
