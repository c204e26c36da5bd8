"""Backups of a store, checked without restoring (``wordyahtzee backup`` and ``backup
--verify``; docs/operations.md, "Backups and restores"). Restoring is
:mod:`wordyahtzee.store.restore`.

A backup is one file, a gzipped tar archive (:mod:`wordyahtzee.store.archive`) holding a
manifest signed with the operator's key, the rows of every table the project's schema
defines at the store's version (:mod:`wordyahtzee.store.schema`), as data, never SQL, and
the players' own dictionaries (:mod:`wordyahtzee.store.manifest`).

**Every move answered before the backup began is in it.** A move is answered only after the
commit that holds it; the backup reads one snapshot taken at its start (SQLite: the online
backup API copies the file in one read transaction, and the rows are read from that copy;
PostgreSQL: every table is copied out in one ``REPEATABLE READ`` transaction). In WAL mode
a SQLite reader never blocks the writer, so the server plays on while the copy runs.

The archive is written under a temporary name and renamed into place once complete, so a
backup's name never holds half a backup.
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import json
import os
import re
import shutil
import sqlite3
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from . import StoreError, archive, is_postgres_url, redact
from .manifest import (
    DICTIONARIES,
    Manifest,
    Member,
    check_schema,
    copy_row,
    dictionary_file,
    json_row,
    lines,
    parse,
    table_member,
    versions,
)
from .schema import Tables, latest_version, tables

NAME_PATTERN = re.compile(r"^wordyahtzee-\d{8}-\d{6}Z\.tar\.gz$")
"""The names ``backup DIR`` gives its files, and the only ones ``--keep`` removes."""
_BATCH = 2000
"""Rows read, checked or written at a time."""


@dataclass(frozen=True)
class Summary:
    """What a backup holds, from its manifest."""

    path: Path
    store: str
    schema: int
    taken_at: str
    counts: dict[str, int]
    size: int
    dictionaries: int
    image_seconds: float | None
    """How long the database's image took (its snapshot was held that long)."""

    def line(self) -> str:
        """One line: the file, its size and what it holds."""
        counts = self.counts
        took = "" if self.image_seconds is None else f" (image {self.image_seconds:.2f} s)"
        return (f"{self.path}: {self.size / 1e6:.1f} MB, {self.store} schema {self.schema}, "
                f"taken {self.taken_at}{took}; {counts.get('games', 0)} games, "
                f"{counts.get('events', 0)} events, {counts.get('profiles', 0)} profiles, "
                f"{self.dictionaries} user dictionary files")


def summary(path: Path, manifest: Manifest) -> Summary:
    """The summary of the backup at ``path``."""
    return Summary(path, manifest.store, manifest.schema, manifest.taken_at,
                   dict(manifest.counts), path.stat().st_size, len(manifest.dictionaries),
                   manifest.image_seconds)


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _program_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("wordyahtzee")
    except PackageNotFoundError:
        return "unknown"


def _model(store: str, version: int, where: str) -> Tables:
    """The project's tables at ``version``; a database newer than this program is
    refused (its tables are not known here)."""
    if version > latest_version(store):
        raise StoreError(f"the database {where} has schema version {version}; this program "
                         f"knows up to {latest_version(store)} (upgrade it)",
                         "schema_too_new")
    return tables(store, version)


def _check_present(model: Tables, present: dict[str, set[str]], version: int,
                   where: str) -> None:
    """Refuse a database that lacks a table or column of its schema (one it has beyond
    them is not the project's, and not backed up)."""
    for name, columns in model.items():
        if name not in present:
            if name == "schema_version":  # a SQLite file written before it existed
                continue
            raise StoreError(f"the database {where} lacks the table {name} of schema "
                             f"{version}", "bad_input")
        if not set(columns) <= present[name]:
            raise StoreError(f"the database {where} lacks a column of the table {name} of "
                             f"schema {version}", "bad_input")


def _columns_sql(columns: tuple[str, ...]) -> str:
    return ", ".join(f'"{c}"' for c in columns)


# -- the database's rows -------------------------------------------------------------------

@dataclass
class _Dump:
    """The rows of a store's tables, written as members into a work directory."""

    store: str
    schema: int
    tables: Tables
    counts: dict[str, int]
    sequences: dict[str, int]
    files: list[tuple[str, Path]]
    seconds: float


def _blob(value: Any) -> Any:
    if isinstance(value, bytes):
        return {"b64": base64.b64encode(value).decode()}
    raise TypeError(type(value).__name__)


_ENCODE = json.JSONEncoder(default=_blob).encode
"""One SQLite row as a line of JSON (made once: ``json.dumps`` with ``default`` makes an
encoder for every call)."""


def _sqlite_image(source: Path, image: Path) -> None:
    """Copy the live SQLite file at ``source`` into ``image`` in one read transaction (the
    writers go on meanwhile)."""
    if not source.exists():
        raise StoreError(f"there is no database at {source}", "no_file")
    src = sqlite3.connect(f"file:{source}?mode=ro", uri=True, timeout=30)
    dest = sqlite3.connect(image)
    try:
        src.backup(dest, pages=-1)  # one step: one snapshot, never restarted by a write
    except sqlite3.Error as exc:
        raise StoreError(f"the database {source} cannot be backed up: {exc}",
                         "unavailable") from None
    finally:
        dest.close()
        src.close()


def _sqlite_dump(source: Path, work: Path) -> _Dump:
    """The rows of the SQLite store at ``source``, read from a copy of it."""
    from .migrations import database_version

    image = work / "image.sqlite3"
    began = time.monotonic()
    _sqlite_image(source, image)
    seconds = round(time.monotonic() - began, 3)
    version = database_version(str(image))
    model = _model("sqlite", version, str(source))
    db = sqlite3.connect(f"file:{image}?mode=ro", uri=True)
    try:
        names = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = "
                                          "'table' AND name NOT LIKE 'sqlite_%'")]
        present = {n: {r[1] for r in db.execute(f'PRAGMA table_info("{n}")')} for n in names}
        _check_present(model, present, version, str(source))
        counts, files = {}, []
        for name, columns in model.items():
            file = work / table_member("sqlite", name)
            file.parent.mkdir(exist_ok=True)
            rows = 0
            with file.open("w", encoding="ascii") as out:
                if name in present:
                    cursor = db.execute(f'SELECT {_columns_sql(columns)} FROM "{name}"')
                    while batch := cursor.fetchmany(_BATCH):
                        out.write("\n".join(map(_ENCODE, batch)) + "\n")
                        rows += len(batch)
            counts[name] = rows
            files.append((table_member("sqlite", name), file))
        sequences: dict[str, int] = {}
        if any(r[0] == "sqlite_sequence" for r in db.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table'")):
            sequences = {str(n): int(s) for n, s in db.execute(
                "SELECT name, seq FROM sqlite_sequence") if n in model and int(s) >= 0}
    except sqlite3.Error as exc:
        raise StoreError(f"the database {source} cannot be backed up: {exc}",
                         "unavailable") from None
    finally:
        db.close()
    image.unlink()
    return _Dump("sqlite", version, model, counts, sequences, files, seconds)


def _postgres_dump(url: str, work: Path) -> _Dump:
    """The rows of every table of the PostgreSQL database at ``url``, copied out in one
    snapshot (``REPEATABLE READ``: the counts, the rows and the version agree)."""
    import psycopg

    where = redact(url)
    began = time.monotonic()
    try:
        with psycopg.connect(url, connect_timeout=10) as conn:
            conn.isolation_level = psycopg.IsolationLevel.REPEATABLE_READ
            conn.read_only = True
            with conn.transaction():
                conn.execute("SET LOCAL extra_float_digits = 3")  # every digit, as pg_dump
                conn.execute("SET LOCAL client_encoding = 'UTF8'")
                row = conn.execute("SELECT to_regclass('schema_version') IS NOT NULL"
                                   ).fetchone()
                version = int((conn.execute("SELECT MAX(version) FROM schema_version")
                               .fetchone() or (0,))[0] or 0) if row and row[0] else 0
                model = _model("postgresql", version, where)
                present: dict[str, set[str]] = {}
                for table, column in conn.execute(
                        "SELECT table_name, column_name FROM information_schema.columns "
                        "WHERE table_schema = current_schema()"):
                    present.setdefault(table, set()).add(column)
                _check_present(model, present, version, where)
                counts, files = {}, []
                for name, columns in model.items():
                    file = work / table_member("postgresql", name)
                    file.parent.mkdir(exist_ok=True)
                    rows = 0
                    with file.open("wb") as out, conn.cursor() as cur:
                        if name in present:
                            with cur.copy(f'COPY "{name}" ({_columns_sql(columns)}) '
                                          "TO STDOUT") as copy:
                                for data in copy:
                                    out.write(data)
                                    rows += bytes(data).count(b"\n")
                    counts[name] = rows
                    files.append((table_member("postgresql", name), file))
                sequences = _postgres_sequences(conn, model)
    except psycopg.Error as exc:
        raise StoreError(f"the database {where} cannot be backed up: "
                         f"{str(exc).strip().splitlines()[0]}", "unavailable") from None
    seconds = round(time.monotonic() - began, 3)
    return _Dump("postgresql", version, model, counts, sequences, files, seconds)


def identity_columns(conn: Any) -> dict[str, str]:
    """Each table's column whose values a sequence hands out (an identity column)."""
    return {t: c for t, c in conn.execute(
        "SELECT table_name, column_name FROM information_schema.columns "
        "WHERE table_schema = current_schema() "
        "AND (is_identity = 'YES' OR column_default LIKE 'nextval(%')")}


def _postgres_sequences(conn: Any, model: Tables) -> dict[str, int]:
    """The last value each table's sequence handed out (tables whose sequence was used)."""
    found: dict[str, int] = {}
    for table, column in identity_columns(conn).items():
        if table in model:
            row = conn.execute("SELECT pg_sequence_last_value(pg_get_serial_sequence(%s, %s))",
                               (f'"{table}"', column)).fetchone()
            if row and row[0] is not None and int(row[0]) >= 0:
                found[table] = int(row[0])
    return found


# -- backing up ------------------------------------------------------------------------------

def _user_dictionaries(work: Path) -> list[tuple[str, Path]]:
    """A copy of each user dictionary's file (a name the registry takes; nothing else in
    the folder is one) in ``work``, as it is now."""
    from ..lexicon.registry import user_dictionary_dir

    folder = user_dictionary_dir()
    found: list[tuple[str, Path]] = []
    if not folder.is_dir():
        return found
    (work / DICTIONARIES).mkdir()
    for file in sorted(folder.iterdir()):
        if dictionary_file(file.name) and file.is_file() and not file.is_symlink():
            copy = work / DICTIONARIES / file.name
            shutil.copyfile(file, copy)
            found.append((DICTIONARIES + file.name, copy))
    return found


def _sync_directory(folder: Path) -> None:
    """Make a rename in ``folder`` durable (the new name survives a power cut)."""
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def target_file(where: str | Path, now: float | None = None) -> Path:
    """The backup's file: ``where`` itself, or in a directory a new name with the time
    (UTC) in it."""
    path = Path(where)
    if path.is_dir():
        stamp = datetime.fromtimestamp(time.time() if now is None else now, UTC)
        return path / f"wordyahtzee-{stamp:%Y%m%d-%H%M%S}Z.tar.gz"
    return path


def backup(database: str | None, where: str | Path, key: bytes | None) -> Summary:
    """Back up the store at ``database`` (a SQLite path, default the user data dir's file,
    or a ``postgresql://`` URL) and the user dictionaries into one archive at ``where`` (a
    file, or a directory for a name with the time), its manifest signed with ``key``
    (``None``: unsigned); what it holds."""
    from .sqlite import default_path

    path = target_file(where)
    if not path.parent.is_dir():
        raise StoreError(f"the directory {path.parent} does not exist", "no_file")
    taken = datetime.now(UTC).isoformat(timespec="seconds")
    with tempfile.TemporaryDirectory(dir=path.parent, prefix=".wordyahtzee-backup-") as tmp:
        work = Path(tmp)
        if is_postgres_url(database):
            dump = _postgres_dump(str(database).strip(), work)
        else:
            dump = _sqlite_dump(Path(database) if database else default_path(), work)
        members = dump.files + _user_dictionaries(work)
        manifest = Manifest(dump.store, dump.schema, taken, _program_version(),
                            dump.seconds, dump.tables, dump.counts, dump.sequences,
                            tuple(Member(name, file.stat().st_size, _sha256(file))
                                  for name, file in members))
        partial = work / "archive.tar.gz"
        archive.write(partial, manifest.to_json(), key, members)
        os.chmod(partial, 0o600)  # it holds the daily game's secret: the owner's alone
        with partial.open("rb") as f:
            os.fsync(f.fileno())
        os.replace(partial, path)
        _sync_directory(path.parent)
    return summary(path, manifest)


def check_keep(keep: int) -> None:
    """Refuse a number of backups to keep below one (before any backup is taken)."""
    if keep < 1:
        raise StoreError("--keep is at least 1", "usage")


def prune(directory: Path, keep: int) -> list[Path]:
    """Remove all but the newest ``keep`` backups that ``backup DIR`` named in
    ``directory`` (no other file is touched); the files removed."""
    check_keep(keep)
    ours = sorted(p for p in directory.iterdir() if NAME_PATTERN.match(p.name))
    gone = ours[:-keep]
    for path in gone:
        path.unlink()
    return gone


# -- reading a backup ---------------------------------------------------------------------

def _table_rows(path: Path, manifest: Manifest, table: str,
                chunks: Iterator[bytes]) -> Iterator[Any]:
    """A table's rows in batches, each row checked: lists of values (SQLite) or blocks of
    ``COPY`` lines (PostgreSQL); their number is checked against the manifest's at the
    end."""
    width = len(manifest.tables[table])
    rows = 0
    batch: list[bytes] = []
    for line in lines(path, table, chunks):
        batch.append(line)
        if len(batch) == _BATCH:
            rows += len(batch)
            yield _batch(path, manifest, table, batch, width)
            batch = []
    if batch:
        rows += len(batch)
        yield _batch(path, manifest, table, batch, width)
    if rows != manifest.counts[table]:
        raise StoreError(f"{path}: its table {table} holds {rows} rows; its manifest says "
                         f"{manifest.counts[table]}", "bad_input")


def _batch(path: Path, manifest: Manifest, table: str, batch: list[bytes],
           width: int) -> Any:
    if manifest.store == "sqlite":
        return [json_row(path, table, line, width) for line in batch]
    for line in batch:
        copy_row(path, table, line, width)
    return b"\n".join(batch) + b"\n"


def members(path: Path, reader: archive.Reader,
            manifest: Manifest) -> Iterator[tuple[Member, Iterator[Any]]]:
    """Each member the manifest names, in its order: a table's rows in checked batches
    (``schema_version``'s checked against the manifest's schema before anything else is
    read), or a dictionary file's data in blocks. What the caller leaves unread is read and
    checked before the next member; anything after the last is refused."""
    for member in manifest.files:
        reader.expect(member.name, member.size)
        chunks = reader.data(member.name, member.size, member.sha256)
        items: Iterator[Any] = chunks
        if member.table is not None:
            if member.table == "schema_version":
                data = b"".join(chunks)
                versions(path, manifest, data)
                chunks = iter([data])
            items = _table_rows(path, manifest, member.table, chunks)
        yield member, items
        for _ in items:
            pass
    reader.end()


@contextlib.contextmanager
def read_backup(path: Path, key: bytes | None) -> Iterator[tuple[Manifest, archive.Reader]]:
    """The checked manifest of the backup at ``path`` and its reader at the first member:
    the signature under ``key`` first, then the manifest's values, then its tables against
    the project's schema."""
    with archive.open_archive(path) as stream:
        reader, raw = archive.read_head(path, stream, key)
        manifest = parse(path, raw)
        check_schema(path, manifest)
        yield manifest, reader


def verify(path: str | Path, key: bytes | None) -> Summary:
    """Check a backup without restoring it: its signature under ``key``, its manifest, its
    tables against the schema, every member's size and sha256, every row's shape and the
    rows of each table; nothing is written. A damaged, changed or foreign file is a
    :class:`~wordyahtzee.store.StoreError`."""
    path = Path(path)
    with read_backup(path, key) as (manifest, reader):
        for _member, items in members(path, reader, manifest):
            for _ in items:
                pass
        return summary(path, manifest)
