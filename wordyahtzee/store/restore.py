"""Restoring a backup into an empty store (``wordyahtzee restore``; docs/operations.md,
"Backups and restores").

A restore runs no SQL from the backup: the program makes the schema itself, with its own
migrations up to the backup's version, loads the backup's rows into the tables and columns
that schema defines (SQLite: ``INSERT`` with parameters; PostgreSQL: ``COPY … FROM
STDIN``, data only), and then migrates to this program's version. Everything the backup
says is checked before it is used: its signature before anything else is read
(:mod:`wordyahtzee.store.archive`), its manifest's values and its tables against the
project's schema before any row is read (:mod:`wordyahtzee.store.manifest`), each row's
shape and each member's size and sha256 as it is read. Any refusal leaves the target store
and the data dir as they were: the rows go in in one transaction (SQLite: into a new file
beside the target, copied into it only once complete), and the user dictionaries are
written under temporary names that take their own only once the store is restored.
"""

from __future__ import annotations

import contextlib
import hashlib
import itertools
import os
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from . import StoreError, is_postgres_url, redact
from .backup import Summary, identity_columns, members, read_backup, summary
from .manifest import DICTIONARIES, Manifest, Member
from .migrations import POSTGRES_STEPS, SQLITE_STEPS, migrate_postgres, migrate_sqlite
from .schema import IDENTIFIER, tables

_Stream = Iterator[tuple[Member, Iterator[Any]]]
"""The members of a backup, in order (:func:`~wordyahtzee.store.backup.members`)."""


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _quoted(columns: tuple[str, ...]) -> str:
    return ", ".join(f'"{c}"' for c in columns)


class _Dictionaries:
    """The user dictionaries a restore brings: refused up front if one of the same name
    is there with other contents; written under temporary names as they are read; given
    their names at the end, or removed (with any folder made for them) on a refusal."""

    def __init__(self, manifest: Manifest) -> None:
        from ..lexicon.registry import user_dictionary_dir

        self.folder = user_dictionary_dir()
        self.there: set[str] = set()
        self.staged: list[tuple[Path, Path]] = []
        self.made: list[Path] = []
        for member in manifest.dictionaries:
            there = self.folder / member.name[len(DICTIONARIES):]
            if there.exists():
                if _sha256(there) != member.sha256:
                    raise StoreError(f"the user dictionary file {there} exists with other "
                                     "contents: move it away first", "exists")
                self.there.add(member.name)

    def _folder(self) -> None:
        missing: list[Path] = []
        folder = self.folder
        while not folder.exists() and folder != folder.parent:
            missing.append(folder)
            folder = folder.parent
        for folder in reversed(missing):
            folder.mkdir()
            self.made.append(folder)

    def stage(self, member: Member, chunks: Any) -> None:
        """Write one dictionary file under a temporary name (one already there as it is
        in the backup is left alone)."""
        if member.name in self.there:
            return
        name = member.name[len(DICTIONARIES):]
        try:
            self._folder()
            temporary = self.folder / f".{name}.restoring"
            with temporary.open("wb") as out:
                self.staged.append((temporary, self.folder / name))
                for block in chunks:
                    out.write(block)
        except OSError as exc:
            raise StoreError(f"the user dictionaries cannot be written into {self.folder}: "
                             f"{exc.strerror}", "unavailable") from None

    def commit(self) -> None:
        """Give every staged file its name."""
        for temporary, final in self.staged:
            os.replace(temporary, final)
        self.staged = []

    def discard(self) -> None:
        """Remove what was staged, and the folders made for it."""
        for temporary, _ in self.staged:
            temporary.unlink(missing_ok=True)
        for folder in reversed(self.made):
            with contextlib.suppress(OSError):
                folder.rmdir()


# -- SQLite -----------------------------------------------------------------------------------

def _check_empty_sqlite(target: Path) -> None:
    """Refuse a SQLite file with rows in it, or one that is no SQLite database; a file not
    there yet needs its directory."""
    if not target.exists():
        if not target.parent.is_dir():
            raise StoreError(f"the directory {target.parent} does not exist", "no_file")
        return
    try:
        db = sqlite3.connect(f"file:{target}?mode=ro", uri=True)
        try:
            names = [r[0] for r in db.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' "
                "AND name NOT LIKE 'sqlite_%' AND name != 'schema_version'")]
            rows = sum(int(db.execute(f'SELECT COUNT(*) FROM "{n}"').fetchone()[0])
                       for n in names)
        finally:
            db.close()
    except sqlite3.Error as exc:
        raise StoreError(f"{target} cannot be restored into: {exc}", "bad_input") from None
    if rows:
        raise StoreError(f"the database {target} is not empty: restore into a new file",
                         "exists")


def _load_sqlite(path: Path, stream: _Stream, manifest: Manifest, db: sqlite3.Connection,
                 dictionaries: _Dictionaries) -> None:
    """Every row into the tables of ``db`` (made by the migrations up to the backup's
    version), in one transaction; the dictionaries staged."""
    db.execute("BEGIN")
    for member, items in stream:
        table = member.table
        if table is None:
            dictionaries.stage(member, items)
            continue
        columns = manifest.tables[table]
        if table == "schema_version" and manifest.counts[table]:
            db.execute("DELETE FROM schema_version")  # the backup's history instead
        sql = (f'INSERT INTO "{table}" ({_quoted(columns)}) '
               f"VALUES ({', '.join('?' * len(columns))})")
        for batch in items:
            db.executemany(sql, batch)
    for table, last in manifest.sequences.items():
        made = db.execute("SELECT sql FROM sqlite_master WHERE name = ?", (table,)).fetchone()
        autoincrement = made is not None and "AUTOINCREMENT" in str(made[0]).upper()
        if autoincrement and last > 0 and not db.execute(
                "UPDATE sqlite_sequence SET seq = MAX(seq, ?) WHERE name = ?",
                (last, table)).rowcount:
            db.execute("INSERT INTO sqlite_sequence (name, seq) VALUES (?, ?)", (table, last))
    db.execute("COMMIT")


def _restore_sqlite(path: Path, stream: _Stream, manifest: Manifest, target: Path,
                    dictionaries: _Dictionaries) -> None:
    """Build the store in a new file beside ``target``, then copy it into ``target`` in
    one transaction (SQLite's backup API, which also takes an empty file in WAL mode)."""
    existed = target.exists()
    building = target.with_name(f".{target.name}.restoring-{os.getpid()}")
    try:
        db = sqlite3.connect(building, isolation_level=None)
        try:
            db.execute("PRAGMA journal_mode = MEMORY")  # a failure throws the file away
            db.execute("PRAGMA synchronous = OFF")
            migrate_sqlite(db, where=str(target), steps=tuple(
                s for s in SQLITE_STEPS if s.version <= manifest.schema))
            _load_sqlite(path, stream, manifest, db, dictionaries)
            migrate_sqlite(db, where=str(target))
            dest = sqlite3.connect(target)
            try:
                db.backup(dest)
            finally:
                dest.close()
        except sqlite3.Error as exc:
            raise StoreError(f"the backup cannot be restored into {target}: {exc}",
                             "bad_input") from None
        finally:
            db.close()
        dictionaries.commit()
    except BaseException:
        dictionaries.discard()
        if not existed:
            target.unlink(missing_ok=True)
        raise
    finally:
        for leftover in (building, building.with_name(building.name + "-journal")):
            leftover.unlink(missing_ok=True)


# -- PostgreSQL -------------------------------------------------------------------------------

def _postgres_tables(conn: Any) -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for table, column in conn.execute(
            "SELECT table_name, column_name FROM information_schema.columns "
            "WHERE table_schema = current_schema()"):
        found.setdefault(table, set()).add(column)
    return found


def _prepare_postgres(conn: Any, manifest: Manifest, where: str) -> None:
    """Refuse a database with rows, or with tables other than the backup's schema's; make
    the schema (the program's own migrations up to the backup's version) when it has
    none."""
    model = tables("postgresql", manifest.schema)
    found = _postgres_tables(conn)
    if not all(IDENTIFIER.fullmatch(table) for table in found):
        raise StoreError(f"the database {where} already holds tables of its own: restore "
                         "into a new, empty database", "exists")
    for table in found:
        if conn.execute(f'SELECT EXISTS (SELECT FROM "{table}")').fetchone()[0] \
                and table != "schema_version":
            raise StoreError(f"the database {where} is not empty: restore into a new "
                             "database", "exists")
    if found and {t: set(c) for t, c in model.items()} != found:
        raise StoreError(f"the database {where} already holds tables of another schema "
                         f"than the backup's ({manifest.schema}): restore into a new, empty "
                         "database", "exists")
    migrate_postgres(conn, where=where, steps=tuple(
        s for s in POSTGRES_STEPS if s.version <= manifest.schema))
    if {t: set(c) for t, c in model.items()} != _postgres_tables(conn):
        raise StoreError(f"the database {where} does not hold schema {manifest.schema} "
                         "as this program makes it", "bad_input")


def _restore_postgres(path: Path, stream: _Stream, manifest: Manifest, url: str,
                      dictionaries: _Dictionaries) -> None:
    """Make the schema, ``COPY`` the rows in and migrate, in one transaction."""
    import psycopg

    where = redact(url)
    try:
        with psycopg.connect(url, connect_timeout=10, autocommit=True) as conn:
            try:
                with conn.transaction():
                    conn.execute("SET LOCAL client_encoding = 'UTF8'")
                    _prepare_postgres(conn, manifest, where)
                    for member, items in stream:
                        table = member.table
                        if table is None:
                            dictionaries.stage(member, items)
                            continue
                        if table == "schema_version" and manifest.counts[table]:
                            conn.execute("DELETE FROM schema_version")
                        with conn.cursor() as cur:
                            columns = _quoted(manifest.tables[table])
                            with cur.copy(f'COPY "{table}" ({columns}) FROM STDIN') as copy:
                                for block in items:
                                    copy.write(block)
                            if cur.rowcount != manifest.counts[table]:
                                raise StoreError(f"{path}: its table {table} did not load "
                                                 "as many rows as it holds", "bad_input")
                    for table, column in identity_columns(conn).items():
                        row = conn.execute(
                            f'SELECT COALESCE(MAX("{column}"), 0) FROM "{table}"').fetchone()
                        top = max(manifest.sequences.get(table, 0), int(row[0]) if row else 0)
                        if top > 0:
                            conn.execute("SELECT setval(pg_get_serial_sequence(%s, %s), %s)",
                                         (f'"{table}"', column, top))
                    migrate_postgres(conn, where=where)
                dictionaries.commit()
            except BaseException:
                dictionaries.discard()
                raise
    except psycopg.Error as exc:
        raise StoreError(f"the backup cannot be restored into {where}: "
                         f"{str(exc).strip().splitlines()[0]}", "bad_input") from None


def restore(path: str | Path, database: str, key: bytes | None) -> Summary:
    """Restore the backup at ``path`` (its signature checked under ``key``; ``None``:
    not checked) into the EMPTY store at ``database`` (a SQLite path or a
    ``postgresql://`` URL, of the backup's kind), and its user dictionaries into the user
    data dir; the store is then migrated to this program's schema. A bad signature, a bad
    manifest, a table the schema does not define, a store with rows, another kind of
    store, a newer schema, a damaged backup or a clashing user dictionary is refused, and
    changes nothing."""
    path = Path(path)
    with read_backup(path, key) as (manifest, reader):
        kind = "postgresql" if is_postgres_url(database) else "sqlite"
        if manifest.store != kind:
            raise StoreError(f"{path} is a backup of a {manifest.store} store; it restores "
                             f"into a {manifest.store} store only", "usage")
        dictionaries = _Dictionaries(manifest)
        if kind == "sqlite":
            _check_empty_sqlite(Path(database))
        parts = members(path, reader, manifest)
        first = next(parts)  # schema_version's rows, checked before the store is touched
        stream = itertools.chain([first], parts)
        if kind == "sqlite":
            _restore_sqlite(path, stream, manifest, Path(database), dictionaries)
        else:
            _restore_postgres(path, stream, manifest, database.strip(), dictionaries)
    return summary(path, manifest)
