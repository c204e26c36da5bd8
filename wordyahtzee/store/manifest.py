"""A backup's manifest: what it holds, read strictly (docs/operations.md, "Backups and
restores").

The manifest (``manifest.json``, signed: :mod:`wordyahtzee.store.archive`) gives the kind
of store, its schema version, each table's columns and rows, the last id each table's
counter handed out, and every other member's name, size and sha256, in the archive's
order: first the rows of ``schema_version``, then those of every other table, then the
players' own dictionaries. A table's rows are data only, never SQL:

- SQLite: ``tables/NAME.jsonl``, one JSON array a row, in the manifest's column order
  (``null``, numbers, text; a blob as ``{"b64": …}``);
- PostgreSQL: ``tables/NAME.copy``, the text format of ``COPY`` in that column order.

Anything a manifest gives that this program does not expect (a value of another type, a
table or column the project's schema does not define at that version, a dictionary's name
the registry would refuse) is one line (:class:`~wordyahtzee.store.StoreError`), said
before any member is read.
"""

from __future__ import annotations

import base64
import json
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import StoreError
from .schema import IDENTIFIER, latest_version, tables

FORMAT = 2
"""The archive's format: 2 holds rows (format 1, before signed backups, held SQL)."""
STORES = ("sqlite", "postgresql")
EXTENSIONS = {"sqlite": ".jsonl", "postgresql": ".copy"}
TABLES = "tables/"
DICTIONARIES = "dictionaries/"
DICTIONARY_SUFFIXES = (".json", ".txt.gz")
MAX_TABLE_BYTES = 1 << 40
"""The most one table's rows may take (1 TiB): a hard cap whatever a manifest says."""
MAX_DICTIONARY_BYTES = 256 << 20
"""The most one dictionary's file may take (256 MiB; a word list is built from at most
64 MiB of text)."""
MAX_VERSION_BYTES = 1 << 20
"""The most the rows of ``schema_version`` may take (read whole, before any other)."""
_SHA256 = re.compile(r"[0-9a-f]{64}")


def _fail(path: Path, what: str) -> StoreError:
    return StoreError(f"{path}: {what}", "bad_input")


@dataclass(frozen=True)
class Member:
    """One member the manifest names: its name, size and sha256."""

    name: str
    size: int
    sha256: str

    @property
    def table(self) -> str | None:
        """The table whose rows it holds (``None``: a dictionary's file)."""
        if not self.name.startswith(TABLES):
            return None
        return self.name[len(TABLES):].rsplit(".", 1)[0]


@dataclass(frozen=True)
class Manifest:
    """A manifest, its values checked."""

    store: str
    schema: int
    taken_at: str
    program: str
    image_seconds: float | None
    tables: dict[str, tuple[str, ...]]
    counts: dict[str, int]
    sequences: dict[str, int]
    files: tuple[Member, ...]

    def to_json(self) -> bytes:
        """The manifest as the archive holds it."""
        return json.dumps({
            "format": FORMAT, "program": self.program, "store": self.store,
            "schema": self.schema, "taken_at": self.taken_at,
            "image_seconds": self.image_seconds,
            "tables": {name: list(columns) for name, columns in self.tables.items()},
            "counts": self.counts, "sequences": self.sequences,
            "files": [{"name": m.name, "size": m.size, "sha256": m.sha256}
                      for m in self.files]}, indent=1).encode()

    @property
    def dictionaries(self) -> list[Member]:
        """The players' dictionaries' files."""
        return [m for m in self.files if m.table is None]


def table_member(store: str, table: str) -> str:
    """The member holding ``table``'s rows in a backup of ``store``."""
    return f"{TABLES}{table}{EXTENSIONS[store]}"


def dictionary_file(name: str) -> bool:
    """Whether ``name`` is a file a user dictionary has (``NAME.json``, ``NAME.txt.gz``),
    its NAME one the registry takes."""
    from ..lexicon.registry import NAME_PATTERN

    for suffix in DICTIONARY_SUFFIXES:
        if name.endswith(suffix) and NAME_PATTERN.fullmatch(name[:-len(suffix)]):
            return True
    return False


def _int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def parse(path: Path, raw: bytes) -> Manifest:
    """The manifest in ``raw``, every value checked (one line for the first wrong one)."""
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        raise _fail(path, "its manifest cannot be read") from None
    if not isinstance(data, dict):
        raise _fail(path, "its manifest cannot be read")
    if data.get("format") == 1:
        raise _fail(path, "a backup of format 1, taken before backups were signed, which "
                          "this program does not restore: take a new backup")
    if data.get("format") != FORMAT or data.get("store") not in STORES:
        raise _fail(path, "a backup format this program does not know")
    store = str(data["store"])
    schema: Any = data.get("schema")
    if not _int(schema) or schema > 1_000_000:
        raise _fail(path, f"its manifest's schema is not a version: {schema!r:.40}")
    for key in ("taken_at", "program"):
        if not isinstance(data.get(key), str) or len(data[key]) > 64:
            raise _fail(path, f"its manifest's {key} is not a short text")
    seconds = data.get("image_seconds")
    if seconds is not None and (isinstance(seconds, bool)
                                or not isinstance(seconds, (int, float))):
        raise _fail(path, "its manifest's image_seconds is not a number")
    named = _tables(path, data.get("tables"))
    counts = _numbers(path, data.get("counts"), "counts")
    sequences = _numbers(path, data.get("sequences"), "sequences")
    if set(counts) != set(named) or not set(sequences) <= set(named):
        raise _fail(path, "its manifest's counts or sequences name other tables than it "
                          "holds")
    files = _files(path, store, data.get("files"), named)
    return Manifest(store, int(schema), data["taken_at"], data["program"],
                    None if seconds is None else float(seconds), named, counts, sequences,
                    files)


def _tables(path: Path, value: Any) -> dict[str, tuple[str, ...]]:
    if not isinstance(value, dict) or "schema_version" not in value:
        raise _fail(path, "its manifest's tables are not a list of tables and columns")
    named: dict[str, tuple[str, ...]] = {}
    for name, columns in value.items():
        if (not IDENTIFIER.fullmatch(name) or not isinstance(columns, list) or not columns
                or not all(isinstance(c, str) and IDENTIFIER.fullmatch(c) for c in columns)
                or len(set(columns)) != len(columns)):
            raise _fail(path, f"its manifest's table {name!r:.40} is not a table's name "
                              "and columns")
        named[name] = tuple(columns)
    return named


def _numbers(path: Path, value: Any, key: str) -> dict[str, int]:
    if not isinstance(value, dict) or not all(_int(n) for n in value.values()):
        raise _fail(path, f"its manifest's {key} are not whole numbers by table")
    return dict(value)


def _files(path: Path, store: str, value: Any,
           named: dict[str, tuple[str, ...]]) -> tuple[Member, ...]:
    if not isinstance(value, list):
        raise _fail(path, "its manifest's files are not a list")
    members: list[Member] = []
    for entry in value:
        if (not isinstance(entry, dict) or not isinstance(entry.get("name"), str)
                or not _int(entry.get("size")) or not isinstance(entry.get("sha256"), str)
                or not _SHA256.fullmatch(entry["sha256"])):
            raise _fail(path, "its manifest names a file without its size and sha256")
        members.append(Member(entry["name"], entry["size"], entry["sha256"]))
    wanted = [table_member(store, t) for t in named]
    order = [m.name for m in members]
    if order[:len(wanted)] != wanted or wanted[0] != table_member(store, "schema_version"):
        raise _fail(path, "its manifest's files are not its tables' rows, schema_version's "
                          "first")
    for member in members[len(wanted):]:
        name = member.name
        if (not name.startswith(DICTIONARIES)
                or not dictionary_file(name[len(DICTIONARIES):])):
            raise _fail(path, f"its manifest names an unexpected file {name!r:.80}")
    if len(set(order)) != len(order):
        raise _fail(path, "its manifest names a file twice")
    for member in members:
        cap = (MAX_DICTIONARY_BYTES if member.table is None else
               MAX_VERSION_BYTES if member.table == "schema_version" else MAX_TABLE_BYTES)
        if member.size > cap:
            raise _fail(path, f"{member.name} is larger than a backup's {member.name} may be")
    return tuple(members)


def check_schema(path: Path, manifest: Manifest) -> None:
    """Refuse a backup whose tables are not the project's at its schema version: a table
    or a column the schema does not define, or one it lacks (before any row is read)."""
    newest = latest_version(manifest.store)
    if manifest.schema > newest:
        raise StoreError(f"{path} has schema version {manifest.schema}; this program knows "
                         f"up to {newest} (upgrade it)", "schema_too_new")
    model = tables(manifest.store, manifest.schema)
    for name, columns in manifest.tables.items():
        if name not in model:
            raise _fail(path, f"it holds a table schema {manifest.schema} does not define: "
                              f"{name!r}")
        if set(columns) != set(model[name]):
            raise _fail(path, f"its table {name} has other columns than schema "
                              f"{manifest.schema} gives it")
    missing = [name for name in model if name not in manifest.tables]
    if missing:
        raise _fail(path, f"it lacks the table {missing[0]} of schema {manifest.schema}")


# -- rows --------------------------------------------------------------------------------------

def lines(path: Path, table: str, chunks: Iterable[bytes]) -> Iterator[bytes]:
    """The lines of a table's rows, each without its newline; rows that do not end with a
    newline are refused."""
    buffer = bytearray()
    for chunk in chunks:
        buffer.extend(chunk)
        end = buffer.rfind(b"\n")
        if end < 0:
            continue
        yield from bytes(buffer[:end]).split(b"\n")
        del buffer[:end + 1]
    if buffer:
        raise _fail(path, f"its table {table}'s rows do not end with a newline")


def json_row(path: Path, table: str, line: bytes, width: int) -> list[Any]:
    """One SQLite row from its JSON line: ``width`` plain values (a blob from its
    ``{"b64": …}``)."""
    try:
        row = json.loads(line)
        if isinstance(row, list) and len(row) == width:
            for i, value in enumerate(row):
                if isinstance(value, dict) and list(value) == ["b64"]:
                    row[i] = base64.b64decode(value["b64"], validate=True)
                elif isinstance(value, int) and not isinstance(value, bool):
                    if not -(1 << 63) <= value < 1 << 63:  # SQLite's integers
                        break
                elif isinstance(value, str):
                    if b"\\ud" in line.lower():  # a lone surrogate is no text
                        value.encode("utf-8")
                elif value is not None and not isinstance(value, float):
                    break
            else:
                return row
    except (ValueError, RecursionError, TypeError):  # UnicodeError is a ValueError
        pass
    raise _fail(path, f"its table {table} holds a row that is not {width} plain values")


def copy_row(path: Path, table: str, line: bytes, width: int) -> list[bytes]:
    """One PostgreSQL row of ``COPY``'s text format: ``width`` fields of UTF-8 (a tab or a
    newline inside a value is escaped, so every tab in the line separates two). Whether
    each value is one of its column's type is for ``COPY`` to say, at the restore."""
    fields = line.split(b"\t")
    try:
        line.decode("utf-8")
    except UnicodeDecodeError:
        fields = []
    if len(fields) != width or line == b"\\.":
        raise _fail(path, f"its table {table} holds a row that is not {width} values")
    return fields


def versions(path: Path, manifest: Manifest, data: bytes) -> list[int]:
    """The versions in the rows of ``schema_version``; refused unless the newest is the
    manifest's schema (a manifest claiming one version over the rows of another)."""
    columns = manifest.tables["schema_version"]
    at = columns.index("version")
    found: list[int] = []
    for line in lines(path, "schema_version", [data]):
        if manifest.store == "sqlite":
            value: Any = json_row(path, "schema_version", line, len(columns))[at]
        else:
            field = copy_row(path, "schema_version", line, len(columns))[at]
            value = int(field) if field.isdigit() and len(field) < 10 else None
        if not _int(value):
            raise _fail(path, "its schema_version holds a version that is not a number")
        found.append(value)
    if found and max(found) != manifest.schema:
        raise _fail(path, f"its manifest says schema {manifest.schema} over the rows of "
                          f"schema {max(found)}")
    return found
