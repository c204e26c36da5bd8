"""The disk cache of computed tables: strategy tables, score tables, samples of play.

:func:`load_or_build` reads a cached file, or builds the table, saves it atomically and
returns it. A damaged file is said on ``out`` and rebuilt. Several processes may want the
same table at once (``serve --workers 2`` warming its strategies at start-up, a test run
warming them in the background): an exclusive lock on a file beside the cache file lets the
first one build the table while the others wait for it and then load what it wrote, instead
of each spending the same tens of seconds.

:func:`save_arrays` and :func:`load_arrays` are the one file format of those tables: numpy
arrays with a JSON header (the table's version, what the table is for, a checksum of the
arrays), written atomically.

A table's version is never bumped by hand: :func:`code_version` derives it from the code
that computes the table (each table module names those modules), so a change to the
scoring, the rules declaration or the arithmetic gives the cache file another name and a
stale file is never served; an unchanged tree gives the same version in every process.
"""

from __future__ import annotations

import ast
import contextlib
import functools
import hashlib
import importlib.util
import json
import os
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any, TextIO, TypeVar

import numpy as np

from ..runtime.progress import Progress

__all__ = ["code_version", "load_arrays", "load_or_build", "save_arrays", "source_digest"]

T = TypeVar("T")


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


def _load(path: Path, load: Callable[[], T], out: TextIO | None) -> T | None:
    """The table in ``path``, or None when there is none or it is damaged (said on ``out``)."""
    if not path.exists():
        return None
    try:
        return load()
    except ValueError as exc:
        if out is not None:
            print(f"wordyahtzee: the cache {path} is corrupt ({exc}); recomputing it",
                  file=out)
        return None


def load_or_build(path: Path, label: str, load: Callable[[], T],
                  build: Callable[[Progress | None], T], save: Callable[[T], None],
                  out: TextIO | None, use_cache: bool = True) -> T:
    """The table cached at ``path`` (read by ``load``, which raises ``ValueError`` on a
    damaged file), else ``build(progress)`` saved by ``save``. Progress and problems go to
    ``out``; ``None`` is quiet. ``use_cache=False`` builds and neither reads nor writes."""
    progress = Progress(label, out) if out is not None else None
    if not use_cache:
        return _build(build, progress)
    found = _load(path, load, out)
    if found is not None:
        return found
    with _exclusive(path):
        # another process may have built it while this one waited for the lock
        found = _load(path, load, None)
        if found is not None:
            return found
        result = _build(build, progress)
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


def _digest(arrays: Mapping[str, np.ndarray[Any, Any]]) -> str:
    digest = hashlib.sha256()
    for name in sorted(arrays):
        # the array's own bytes, not a copy (a copy of a strategy table is 8 MB of peak memory)
        digest.update(np.ascontiguousarray(arrays[name]).reshape(-1).view(np.uint8).data)
    return digest.hexdigest()


def save_arrays(path: Path, arrays: Mapping[str, np.ndarray[Any, Any]],
                meta: Mapping[str, Any]) -> None:
    """Write ``arrays`` with the header ``meta`` (plus their checksum) to ``path``,
    atomically."""
    header = {**meta, "sha256": _digest(arrays)}
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + f".{os.getpid()}.tmp")
    with open(tmp, "wb") as fh:
        np.savez(fh, meta=np.array(json.dumps(header)), **arrays)  # type: ignore[arg-type]
    os.replace(tmp, path)


def load_arrays(path: Path, version: str, **expected: Any
                ) -> tuple[dict[str, np.ndarray[Any, Any]], dict[str, Any]]:
    """Read :func:`save_arrays` output: its arrays and header. ``ValueError`` says what is
    wrong: a damaged file, another ``version``, a header field that differs from
    ``expected`` (``key=…``), or a checksum mismatch."""
    try:
        with np.load(path, allow_pickle=False) as data:
            meta = json.loads(str(data["meta"]))
            arrays = {k: np.array(data[k]) for k in data.files if k != "meta"}
    except Exception:  # zipfile, numpy and json raise many kinds on a damaged file
        raise ValueError("not a readable table file") from None
    if not isinstance(meta, dict) or meta.get("version") != version:
        raise ValueError("written by another version")
    for field, value in expected.items():
        if meta.get(field) != value:
            raise ValueError(f"holds the table for {field} {meta.get(field)!r}, not {value!r}")
    if _digest(arrays) != meta.get("sha256"):
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
    """A short sha256 of the code of the Python files ``paths``, in order: a change to what
    the code does changes it, an edited comment or docstring does not; the same files give
    the same digest wherever they lie."""
    digest = hashlib.sha256()
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
