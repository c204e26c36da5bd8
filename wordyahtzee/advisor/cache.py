"""The disk cache of computed tables: strategy tables, score tables, samples of play.

:func:`load_or_build` reads a cached file, or the copy of it shipped with the package, or
builds the table, saves it atomically and returns it. A damaged file is said on ``out`` and
rebuilt. Several processes may want the same table at once (``serve --workers 2`` warming
its strategies at start-up, a test run warming them in the background): an exclusive lock
on a file beside the cache file lets the first one build the table while the others wait
for it and then load what it wrote, instead of each spending the same tens of seconds.

**Shipped tables.** The tables a server prepares at start-up come with the package, in
:data:`SHIPPED_DIR`, under the names the cache gives them (``scripts/build_tables.py``
writes them; a test checks them against what the code computes). A cache file's name holds
the table's version and key, so a shipped file is read only by the code that computes the
same table: any other version or key looks for a name nobody shipped and builds as before.
``WORDYAHTZEE_SHIPPED_TABLES=0`` ignores them (every table computed, as a first use
without them would). :func:`stored_only` lets a server ask for a table only if it can be
read (:class:`NotStored` otherwise), to compute it elsewhere.

:func:`save_arrays` and :func:`load_arrays` are the one file format of those tables: numpy
arrays with a JSON header (the table's version, what the table is for, a checksum of the
arrays), written atomically as an ``.npz`` file whose bytes depend only on what it holds
(no time stamp; the members in a fixed order), written and read without a copy of the
arrays.

A table's version is never bumped by hand: :func:`code_version` derives it from the code
that computes the table (each table module names those modules), so a change to the
scoring, the rules declaration or the arithmetic gives the cache file another name and a
stale file is never served; an unchanged tree gives the same version in every process.
"""

from __future__ import annotations

import ast
import contextlib
import functools
import importlib.util
import json
import os
import threading
import zipfile
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from typing import IO, Any, Protocol, TextIO, TypeVar

import numpy as np

from ..runtime.progress import Progress

__all__ = ["SHIPPED_DIR", "NotStored", "code_version", "copy_arrays", "load_arrays",
           "load_or_build", "save_arrays", "shipped_copy", "source_digest", "stored_only"]

T = TypeVar("T")

SHIPPED_DIR = Path(__file__).resolve().parents[1] / "data" / "tables"
"""The tables shipped with the package, under their cache names (relative to the cache
folder)."""
SHIPPED_ENV = "WORDYAHTZEE_SHIPPED_TABLES"
"""``0``: ignore the shipped tables."""


class NotStored(LookupError):
    """A table is neither in the cache nor shipped, and :func:`stored_only` forbids
    building it here."""


_local = threading.local()


@contextlib.contextmanager
def stored_only() -> Iterator[None]:
    """In this block, in this thread, :func:`load_or_build` reads a table from the cache or
    its shipped copy and raises :class:`NotStored` where it would build one."""
    before = getattr(_local, "stored_only", False)
    _local.stored_only = True
    try:
        yield
    finally:
        _local.stored_only = before


def shipped_copy(path: Path) -> Path | None:
    """The copy of the cache file ``path`` shipped with the package (the same name under
    :data:`SHIPPED_DIR`), if there is one and :data:`SHIPPED_ENV` does not turn them off."""
    if os.environ.get(SHIPPED_ENV, "1").strip() == "0":
        return None
    from ..lexicon.registry import cache_dir

    try:
        relative = path.relative_to(cache_dir())
    except ValueError:
        return None
    found = SHIPPED_DIR / relative
    return found if found.is_file() else None


@contextlib.contextmanager
def _exclusive(path: Path) -> Iterator[None]:
    """Hold an exclusive lock on ``path.lock`` (waits for another holder; no lock where the
    platform or the folder has none: then two processes may both build, which is only
    slower, since saving is atomic)."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not POSIX
        yield
        return
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path.with_name(path.name + ".lock"), os.O_RDWR | os.O_CREAT, 0o644)
    except OSError:
        yield
        return
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)  # closing releases the lock


def _load(path: Path | None, load: Callable[[Path], T], out: TextIO | None) -> T | None:
    """The table in ``path``, or None when there is none or it is damaged (said on ``out``)."""
    if path is None or not path.exists():
        return None
    try:
        return load(path)
    except ValueError as exc:
        if out is not None:
            print(f"wordyahtzee: the cache {path} is corrupt ({exc}); recomputing it",
                  file=out)
        return None


def load_or_build(path: Path, label: str, load: Callable[[Path], T],
                  build: Callable[[Progress | None], T], save: Callable[[T], None],
                  out: TextIO | None, use_cache: bool = True) -> T:
    """The table cached at ``path`` or shipped under its name (:func:`shipped_copy`; read by
    ``load(file)``, which raises ``ValueError`` on a damaged file), else ``build(progress)``
    saved by ``save``. Progress and problems go to ``out``; ``None`` is quiet.
    ``use_cache=False`` builds and neither reads nor writes (nor reads a shipped copy)."""
    if not use_cache:
        return _build(build, Progress(label, out) if out is not None else None)
    found = _load(path, load, out)
    if found is None:
        found = _load(shipped_copy(path), load, out)
    if found is not None:
        return found
    if getattr(_local, "stored_only", False):
        raise NotStored(f"{label}: not stored yet")
    with _exclusive(path):
        # another process may have built it while this one waited for the lock
        found = _load(path, load, None)
        if found is not None:
            return found
        result = _build(build, Progress(label, out) if out is not None else None)
        try:
            save(result)
        except OSError as exc:
            if out is not None:
                print(f"wordyahtzee: cannot write the cache {path}: {exc.strerror}", file=out)
    return result


def _build(build: Callable[[Progress | None], T], progress: Progress | None) -> T:
    result = build(progress)
    if progress is not None:
        progress.done()
    return result


class _Hash(Protocol):
    """What :func:`_hash` gives: a hash fed bytes."""

    def update(self, data: bytes | memoryview, /) -> None: ...

    def hexdigest(self) -> str: ...


def _hash() -> _Hash:
    """A new 32-byte BLAKE2b hash, Python's own: fast (17 ms for a classic table's 8 MB),
    and unlike hashlib's SHA-256 it does not load OpenSSL's library (3.5 MB, a fourteenth
    of what computing a classic table may take)."""
    try:
        from _blake2 import blake2b
    except ImportError:  # pragma: no cover - CPython always has it
        from hashlib import blake2b
    hashed: _Hash = blake2b(digest_size=32)
    return hashed


def _digest(arrays: Mapping[str, np.ndarray[Any, Any]]) -> str:
    digest = _hash()
    for name in sorted(arrays):
        # the array's own bytes, not a copy (a copy of a strategy table is 8 MB of peak memory)
        digest.update(np.ascontiguousarray(arrays[name]).reshape(-1).view(np.uint8).data)
    return digest.hexdigest()


_CHUNK = 1 << 20
"""Bytes handed to the zip stream at a time (zlib's buffers stay small)."""


def _write_member(archive: zipfile.ZipFile, name: str, array: np.ndarray[Any, Any],
                  compress: bool) -> None:
    """One ``.npy`` member: the format's header, then the array's own bytes in chunks (no
    copy of the array, unlike ``np.savez``, which copies up to 16 MB at a time)."""
    info = zipfile.ZipInfo(name + ".npy", date_time=(1980, 1, 1, 0, 0, 0))
    info.compress_type = zipfile.ZIP_DEFLATED if compress else zipfile.ZIP_STORED
    info.create_system = 3  # the same bytes on every platform
    info.external_attr = 0o644 << 16
    data = array if array.flags.c_contiguous else array.copy(order="C")  # 0-d stays 0-d
    with archive.open(info, "w", force_zip64=True) as member:
        np.lib.format.write_array_header_1_0(
            member, np.lib.format.header_data_from_array_1_0(data))
        raw = data.reshape(-1).view(np.uint8).data if data.size else memoryview(b"")
        for start in range(0, len(raw), _CHUNK):
            member.write(raw[start:start + _CHUNK])


def _write_npz(fh: IO[bytes], members: Mapping[str, np.ndarray[Any, Any]],
               compress: bool) -> None:
    """``members`` as an ``.npz`` archive (``meta`` first, then the others by name) whose
    bytes depend only on the arrays: ``np.load`` reads it."""
    with zipfile.ZipFile(fh, "w", allowZip64=True) as archive:
        for name in sorted(members, key=lambda n: (n != "meta", n)):
            _write_member(archive, name, members[name], compress)


def save_arrays(path: Path, arrays: Mapping[str, np.ndarray[Any, Any]],
                meta: Mapping[str, Any], *, compress: bool = False) -> None:
    """Write ``arrays`` with the header ``meta`` (plus their checksum) to ``path``,
    atomically (``compress``: deflated, as the shipped tables are)."""
    header = {**meta, "blake2b": _digest(arrays)}
    _save_members(path, {"meta": np.array(json.dumps(header)), **arrays}, compress)


def _save_members(path: Path, members: Mapping[str, np.ndarray[Any, Any]],
                  compress: bool) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + f".{os.getpid()}.tmp")
    try:
        with open(tmp, "wb") as fh:
            _write_npz(fh, members, compress)
        os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)


def copy_arrays(source: Path, target: Path, *, compress: bool = True) -> None:
    """Copy a :func:`save_arrays` file (deflated by default: how a table ships), keeping
    its header and arrays as they are."""
    with np.load(source, allow_pickle=False) as data:
        members = {name: data[name] for name in data.files}
    _save_members(target, members, compress)


def load_arrays(path: Path, version: str, **expected: Any
                ) -> tuple[dict[str, np.ndarray[Any, Any]], dict[str, Any]]:
    """Read :func:`save_arrays` output: its arrays and header. ``ValueError`` says what is
    wrong: a damaged file, another ``version``, a header field that differs from
    ``expected`` (``key=…``), or a checksum mismatch."""
    try:
        with np.load(path, allow_pickle=False) as data:
            meta = json.loads(str(data["meta"]))
            # each member is read into an array of its own: no copy of it is needed
            arrays = {k: data[k] for k in data.files if k != "meta"}
    except Exception:  # zipfile, numpy and json raise many kinds on a damaged file
        raise ValueError("not a readable table file") from None
    if not isinstance(meta, dict) or meta.get("version") != version:
        raise ValueError("written by another version")
    for field, value in expected.items():
        if meta.get(field) != value:
            raise ValueError(f"holds the table for {field} {meta.get(field)!r}, not {value!r}")
    if _digest(arrays) != meta.get("blake2b"):
        raise ValueError("checksum mismatch")
    return arrays, meta


def _code(source: bytes) -> str:
    """What a module's code does: its syntax tree without the docstrings (comments, layout
    and line numbers are not in the tree), dumped as text."""
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if not isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef
                          | ast.AsyncFunctionDef):
            continue
        body = node.body
        if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                and isinstance(body[0].value.value, str):
            node.body = body[1:] or [ast.Pass()]
    return ast.dump(tree)


def source_digest(paths: Iterable[Path]) -> str:
    """A short BLAKE2b digest of the code of the Python files ``paths``, in order: a change
    to what the code does changes it, an edited comment or docstring does not; the same
    files give the same digest wherever they lie."""
    digest = _hash()
    for path in paths:
        digest.update(_code(path.read_bytes()).encode())
        digest.update(b"\0")
    return digest.hexdigest()[:16]


@functools.cache
def code_version(*modules: str) -> str:
    """The version of a cached table: the :func:`source_digest` of the modules (dotted
    names) whose code computes it; worked out once per process."""
    paths = []
    for name in modules:
        spec = importlib.util.find_spec(name)
        if spec is None or spec.origin is None:
            raise ImportError(f"no source for the module {name!r}")
        paths.append(Path(spec.origin))
    return source_digest(paths)
