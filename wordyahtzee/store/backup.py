"""Backups of a store, and restores into an empty one (``wordyahtzee backup`` and
``restore``; docs/operations.md, "Backups and restores").

A backup is one file, a gzipped tar archive holding:

- ``manifest.json``: the format, the program's version, the kind of store, its schema
  version, when it was taken and how long its database image took, the rows of each table,
  and the sha256 of every other member;
- the database's image: ``database.sqlite3`` (SQLite's online backup API) or
  ``database.pgdump`` (``pg_dump`` in its custom format);
- ``dictionaries/…``: the players' own dictionaries (the user data dir's files).

**Every move answered before the backup began is in it.** A move is answered only after the
commit that holds it; the backup reads one snapshot taken at its start (SQLite: one read
transaction over the whole copy; PostgreSQL: ``pg_dump`` on a snapshot exported by the
transaction that also counts the rows). In WAL mode a SQLite reader never blocks the writer,
so the server plays on while the copy runs.

The archive is written under a temporary name and renamed into place once complete, so a
backup's name never holds half a backup.
"""

from __future__ import annotations

import contextlib
import glob
import gzip
import hashlib
import io
import json
import os
import re
import shutil
import sqlite3
import subprocess
import tarfile
import tempfile
import time
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from . import StoreError, is_postgres_url, redact

FORMAT = 1
"""The archive's format version (a manifest with another one is refused)."""
MANIFEST = "manifest.json"
SQLITE_IMAGE = "database.sqlite3"
POSTGRES_IMAGE = "database.pgdump"
DICTIONARIES = "dictionaries/"
NAME_PATTERN = re.compile(r"^wordyahtzee-\d{8}-\d{6}Z\.tar\.gz$")
"""The names ``backup DIR`` gives its files, and the only ones ``--keep`` removes."""
MEMBER_PATTERN = re.compile(r"^dictionaries/(?!\.\.?$)[^/\\]+$")
"""A user dictionary's member: one file name under ``dictionaries/``, nothing above it."""


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


def _fail(message: str) -> StoreError:
    return StoreError(message, "bad_input")


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


# -- the database's image ------------------------------------------------------------------

def _sqlite_counts(db: sqlite3.Connection) -> dict[str, int]:
    names = [r[0] for r in db.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' "
        "ORDER BY name")]
    return {name: int(db.execute(f'SELECT COUNT(*) FROM "{name}"').fetchone()[0])
            for name in names}


def _sqlite_image(source: Path, image: Path) -> dict[str, int]:
    """Copy the live SQLite file at ``source`` into ``image`` in one read transaction (the
    writers go on meanwhile); the rows of each table in the copy."""
    if not source.exists():
        raise StoreError(f"there is no database at {source}", "no_file")
    src = sqlite3.connect(f"file:{source}?mode=ro", uri=True, timeout=30)
    dest = sqlite3.connect(image)
    try:
        src.backup(dest, pages=-1)  # one step: one snapshot, never restarted by a write
        dest.execute("PRAGMA journal_mode=DELETE")  # one self-contained file
        return _sqlite_counts(dest)
    except sqlite3.Error as exc:
        raise StoreError(f"the database {source} cannot be backed up: {exc}",
                         "unavailable") from None
    finally:
        dest.close()
        src.close()


def _pg_tool(name: str) -> str:
    """The newest ``pg_dump`` or ``pg_restore`` (Debian's versioned directories first)."""
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"),
                   key=lambda p: int(Path(p).parts[-3]) if Path(p).parts[-3].isdigit() else 0)
    if found:
        return found[-1]
    path = shutil.which(name)
    if path is None:
        raise StoreError(f"{name} is not installed: install PostgreSQL's client programs "
                         "(Debian: postgresql-client)", "unavailable")
    return path


def _pg_target(url: str) -> tuple[str, dict[str, str]]:
    """The connection string for a PostgreSQL tool without its password, and the
    environment that carries the password (never on a command line)."""
    from psycopg.conninfo import conninfo_to_dict, make_conninfo

    params = conninfo_to_dict(url)
    env = dict(os.environ)
    password = params.pop("password", None)
    if password is not None:
        env["PGPASSWORD"] = str(password)
    return make_conninfo(**{k: str(v) for k, v in params.items()}), env


def _run(command: list[str], env: dict[str, str], what: str) -> None:
    done = subprocess.run(command, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        lines = [line for line in done.stderr.splitlines() if line.strip()]
        raise StoreError(f"{what} failed: {lines[-1] if lines else done.returncode}",
                         "unavailable")


def _scalar(conn: Any, sql: str) -> Any:
    """The one value a PostgreSQL query answers."""
    row = conn.execute(sql).fetchone()
    return None if row is None else row[0]


def _postgres_image(url: str, image: Path) -> tuple[dict[str, int], int]:
    """``pg_dump`` of the database at ``url`` into ``image``, on the snapshot of a
    transaction that counts the rows of each table meanwhile; the counts and the schema
    version."""
    import psycopg

    pg_dump = _pg_tool("pg_dump")  # a missing tool is said before the database is touched
    dsn, env = _pg_target(url)
    try:
        with psycopg.connect(url, connect_timeout=10) as conn:
            conn.execute("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
            snapshot = _scalar(conn, "SELECT pg_export_snapshot()")
            names = [r[0] for r in conn.execute(
                "SELECT tablename FROM pg_tables WHERE schemaname = current_schema() "
                "ORDER BY tablename")]
            counts = {n: int(_scalar(conn, f'SELECT COUNT(*) FROM "{n}"')) for n in names}
            schema = (int(_scalar(conn, "SELECT MAX(version) FROM schema_version") or 0)
                      if "schema_version" in counts else 0)
            _run([pg_dump, "--format=custom", "--no-owner", "--no-privileges",
                  f"--snapshot={snapshot}", f"--file={image}", f"--dbname={dsn}"],
                 env, "pg_dump")
            conn.execute("COMMIT")
    except psycopg.Error as exc:
        raise StoreError(f"the database {redact(url)} cannot be backed up: "
                         f"{str(exc).strip().splitlines()[0]}", "unavailable") from None
    return counts, schema


# -- backing up ------------------------------------------------------------------------------

def _user_dictionaries() -> list[Path]:
    from ..lexicon.registry import user_dictionary_dir

    folder = user_dictionary_dir()
    return sorted(p for p in folder.iterdir() if p.is_file()) if folder.is_dir() else []


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


def backup(database: str | None, where: str | Path) -> Summary:
    """Back up the store at ``database`` (a SQLite path, default the user data dir's file,
    or a ``postgresql://`` URL) and the user dictionaries into one archive at ``where`` (a
    file, or a directory for a name with the time); what it holds."""
    from .migrations import database_version
    from .sqlite import default_path

    path = target_file(where)
    if not path.parent.is_dir():
        raise StoreError(f"the directory {path.parent} does not exist", "no_file")
    taken = datetime.now(UTC).isoformat(timespec="seconds")
    with tempfile.TemporaryDirectory(dir=path.parent, prefix=".wordyahtzee-backup-") as tmp:
        work = Path(tmp)
        began = time.monotonic()
        if is_postgres_url(database):
            store, member = "postgresql", POSTGRES_IMAGE
            counts, schema = _postgres_image(str(database).strip(), work / member)
        else:
            store, member = "sqlite", SQLITE_IMAGE
            source = Path(database) if database else default_path()
            counts = _sqlite_image(source, work / member)
            schema = database_version(str(work / member))
        image_seconds = round(time.monotonic() - began, 3)
        files = {member: _sha256(work / member)}
        dictionaries = _user_dictionaries()
        for file in dictionaries:
            files[DICTIONARIES + file.name] = _sha256(file)
        manifest = {"format": FORMAT, "program": _program_version(), "store": store,
                    "schema": schema, "taken_at": taken, "image_seconds": image_seconds,
                    "counts": counts, "files": files}
        partial = work / "archive.tar.gz"
        with tarfile.open(partial, "w:gz", compresslevel=6) as tar:
            data = json.dumps(manifest, indent=2).encode()
            info = tarfile.TarInfo(MANIFEST)
            info.size, info.mtime = len(data), int(time.time())
            tar.addfile(info, io.BytesIO(data))
            tar.add(work / member, arcname=member)
            for file in dictionaries:
                tar.add(file, arcname=DICTIONARIES + file.name)
        os.chmod(partial, 0o600)  # it holds the daily game's secret: the owner's alone
        with partial.open("rb") as f:
            os.fsync(f.fileno())
        os.replace(partial, path)
        _sync_directory(path.parent)
    return Summary(path, store, schema, taken, counts, path.stat().st_size,
                   len(dictionaries), image_seconds)


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

@contextlib.contextmanager
def _opened(path: Path) -> Iterator[tuple[dict[str, Any], Path]]:
    """The manifest of the backup at ``path`` and a directory holding its members, each
    checked against the manifest's sha256."""
    if not path.is_file():
        raise StoreError(f"there is no backup at {path}", "no_file")
    with tempfile.TemporaryDirectory(prefix="wordyahtzee-restore-") as tmp:
        work = Path(tmp)
        try:
            with tarfile.open(path, "r:gz") as tar:
                members = tar.getmembers()
                names = [m.name for m in members]
                if MANIFEST not in names:
                    raise _fail(f"{path} is not a wordyahtzee backup (no {MANIFEST})")
                for m in members:
                    if not m.isfile() or m.name.startswith(("/", "..")) or ".." in m.name:
                        raise _fail(f"{path} holds an unexpected member {m.name!r}")
                tar.extractall(work, filter="data")
        except (tarfile.TarError, EOFError, gzip.BadGzipFile, zlib.error, OSError) as exc:
            if isinstance(exc, StoreError):
                raise
            raise _fail(f"{path} is damaged or not a wordyahtzee backup: {exc}") from None
        try:
            manifest = json.loads((work / MANIFEST).read_text())
            files = dict(manifest["files"])
            store = manifest["store"]
        except (ValueError, KeyError, TypeError):
            raise _fail(f"{path}: its manifest cannot be read") from None
        if manifest.get("format") != FORMAT or store not in ("sqlite", "postgresql"):
            raise _fail(f"{path}: a backup format this program does not know")
        extra = set(names) - set(files) - {MANIFEST}
        if extra:
            raise _fail(f"{path} holds files its manifest does not name: {sorted(extra)[0]}")
        image = SQLITE_IMAGE if store == "sqlite" else POSTGRES_IMAGE
        for name in files:
            if name != image and not MEMBER_PATTERN.match(name):
                raise _fail(f"{path}: its manifest names an unexpected file {name!r}")
        for name, digest in files.items():
            member = work / name
            if name not in names or not member.is_file() or _sha256(member) != digest:
                raise _fail(f"{path}: {name} is missing or damaged (its sha256 differs)")
        yield manifest, work


def _summary(path: Path, manifest: dict[str, Any]) -> Summary:
    return Summary(path, manifest["store"], int(manifest.get("schema", 0)),
                   str(manifest.get("taken_at", "?")), dict(manifest.get("counts", {})),
                   path.stat().st_size,
                   sum(1 for n in manifest["files"] if n.startswith(DICTIONARIES)),
                   _seconds(manifest.get("image_seconds")))


def _seconds(value: Any) -> float | None:
    """A manifest's duration, when it has one."""
    return float(value) if isinstance(value, (int, float)) else None


def verify(path: str | Path) -> Summary:
    """Check a backup without restoring it: every member against its sha256, and the
    database's image (SQLite: ``PRAGMA integrity_check`` and the rows of each table;
    PostgreSQL: ``pg_restore --list``); what it holds. A damaged or foreign file is a
    :class:`~wordyahtzee.store.StoreError` (``bad_input``)."""
    path = Path(path)
    with _opened(path) as (manifest, work):
        if manifest["store"] == "sqlite":
            try:
                db = sqlite3.connect(f"file:{work / SQLITE_IMAGE}?mode=ro", uri=True)
                try:
                    check = db.execute("PRAGMA integrity_check").fetchone()[0]
                    counts = _sqlite_counts(db)
                finally:
                    db.close()
            except sqlite3.Error as exc:
                raise _fail(f"{path}: the database image cannot be read: {exc}") from None
            if check != "ok":
                raise _fail(f"{path}: the database image is damaged: {check}")
            if counts != manifest.get("counts"):
                raise _fail(f"{path}: the database image's rows differ from its manifest")
        else:
            _run([_pg_tool("pg_restore"), "--list", str(work / POSTGRES_IMAGE)],
                 dict(os.environ), "pg_restore --list")
        return _summary(path, manifest)


# -- restoring ----------------------------------------------------------------------------

def _rows_in_sqlite(path: Path) -> int:
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        counts = _sqlite_counts(db)
    finally:
        db.close()
    return sum(n for name, n in counts.items() if name != "schema_version")


def _rows_in_postgres(url: str) -> int:
    import psycopg

    try:
        with psycopg.connect(url, connect_timeout=10) as conn:
            names = [r[0] for r in conn.execute(
                "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()")]
            return sum(int(_scalar(conn, f'SELECT COUNT(*) FROM "{n}"'))
                       for n in names if n != "schema_version")
    except psycopg.Error as exc:
        raise StoreError(f"the database {redact(url)} cannot be reached: "
                         f"{str(exc).strip().splitlines()[0]}", "unavailable") from None


def _dictionary_clashes(work: Path, files: dict[str, str]) -> list[Path]:
    """The user dictionaries the backup brings that are not there yet; an existing one with
    other contents is refused."""
    from ..lexicon.registry import user_dictionary_dir

    folder = user_dictionary_dir()
    new: list[Path] = []
    for name in files:
        if not name.startswith(DICTIONARIES):
            continue
        there = folder / name[len(DICTIONARIES):]
        if there.exists():
            if _sha256(there) != files[name]:
                raise StoreError(f"the user dictionary file {there} exists with other "
                                 "contents: move it away first", "exists")
        else:
            new.append(work / name)
    return new


def _check_empty_sqlite(target: Path) -> None:
    """Refuse a SQLite file with rows in it, or one that is no SQLite database; a file not
    there yet needs its directory."""
    if not target.exists():
        if not target.parent.is_dir():
            raise StoreError(f"the directory {target.parent} does not exist", "no_file")
        return
    try:
        rows = _rows_in_sqlite(target)
    except sqlite3.Error as exc:
        raise StoreError(f"{target} cannot be restored into: {exc}", "bad_input") from None
    if rows:
        raise StoreError(f"the database {target} is not empty: restore into a new file",
                         "exists")


def _restore_sqlite(image: Path, target: Path) -> None:
    """Copy the image into ``target`` (one transaction: a failure leaves it as it was)."""
    try:
        src = sqlite3.connect(f"file:{image}?mode=ro", uri=True)
        try:
            dest = sqlite3.connect(target)
            try:
                src.backup(dest)
            finally:
                dest.close()
        finally:
            src.close()
    except sqlite3.Error as exc:
        raise StoreError(f"the backup cannot be restored into {target}: {exc}",
                         "unavailable") from None


def _check_empty_postgres(url: str) -> None:
    if _rows_in_postgres(url):
        raise StoreError(f"the database {redact(url)} is not empty: restore into a new "
                         "database", "exists")


def _restore_postgres(image: Path, url: str) -> None:
    """``pg_restore`` the image into ``url`` in one transaction."""
    dsn, env = _pg_target(url)
    _run([_pg_tool("pg_restore"), "--clean", "--if-exists", "--no-owner", "--no-privileges",
          "--single-transaction", "--exit-on-error", f"--dbname={dsn}", str(image)],
         env, "pg_restore")


def _stage_dictionaries(files: list[Path]) -> list[tuple[Path, Path]]:
    """Copy the user dictionaries a restore brings into the user data dir under temporary
    names, before the store changes (a folder that cannot be written, or a full disk, is
    said first); the (temporary, final) names."""
    from ..lexicon.registry import user_dictionary_dir

    folder = user_dictionary_dir()
    staged: list[tuple[Path, Path]] = []
    try:
        if files:
            folder.mkdir(parents=True, exist_ok=True)
        for file in files:
            staged.append((folder / f".{file.name}.restoring", folder / file.name))
            shutil.copy2(file, staged[-1][0])
    except OSError as exc:
        for temporary, _ in staged:
            temporary.unlink(missing_ok=True)
        raise StoreError(f"the user dictionaries cannot be written into {folder}: "
                         f"{exc.strerror}", "unavailable") from None
    return staged


def restore(path: str | Path, database: str) -> Summary:
    """Restore the backup at ``path`` into the EMPTY store at ``database`` (a SQLite path
    or a ``postgresql://`` URL, of the backup's kind), and its user dictionaries into the
    user data dir; the store is then migrated to this program's schema. A store with rows,
    another kind of store, a newer schema, a damaged backup or a clashing user dictionary
    is refused before anything changes; the dictionaries take their names only once the
    store is restored."""
    from . import open_store
    from .migrations import POSTGRES_STEPS, SQLITE_STEPS, latest

    path = Path(path)
    with _opened(path) as (manifest, work):
        kind = "postgresql" if is_postgres_url(database) else "sqlite"
        if manifest["store"] != kind:
            raise StoreError(f"{path} is a backup of a {manifest['store']} store; it restores "
                             f"into a {manifest['store']} store only", "usage")
        newest = latest(POSTGRES_STEPS if kind == "postgresql" else SQLITE_STEPS)
        if int(manifest.get("schema", 0)) > newest:
            raise StoreError(f"{path} has schema version {manifest['schema']}; this program "
                             f"knows up to {newest} (upgrade it)", "schema_too_new")
        new_dictionaries = _dictionary_clashes(work, manifest["files"])
        if kind == "sqlite":
            _check_empty_sqlite(Path(database))
        else:
            _check_empty_postgres(database.strip())
        staged = _stage_dictionaries(new_dictionaries)
        try:
            if kind == "sqlite":
                _restore_sqlite(work / SQLITE_IMAGE, Path(database))
            else:
                _restore_postgres(work / POSTGRES_IMAGE, database.strip())
            store: Any = open_store(database)  # migrates an older schema
            store.close()
            for temporary, final in staged:
                os.replace(temporary, final)
        finally:
            for temporary, _ in staged:
                temporary.unlink(missing_ok=True)
        return _summary(path, manifest)
