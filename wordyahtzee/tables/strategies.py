"""Strategy tables for computer players and hints: warmed in the background, never
computed inside a request.

A coach (:mod:`wordyahtzee.advisor.coach`) names the table a rules set needs by a key
(classic: the joker reading). The first use of a key loads its table, or the first time
ever computes it (seconds: docs/classic.md, docs/strategy.md) and caches it on disk; later
starts load it in milliseconds. :func:`warm` does this in a daemon thread; a hint asked
for meanwhile answers
"not ready yet" at once, and a computer player waits in its own background thread. One
lock per key makes sure a table is computed once per process.

The same goes for the *samples* of optimal play's final score the review page draws
(:meth:`Coach.load_sample <wordyahtzee.advisor.coach.Coach.load_sample>`: seconds to load,
tens of seconds the first time ever): :func:`peek_sample` answers at once and starts one
in the background when it is not in memory yet.

The tables and samples start-up prepares ship with the package
(:data:`~wordyahtzee.advisor.cache.SHIPPED_DIR`): a fresh server reads them in a real
thread in well under a second, so hints, computer players and reviews are ready at once.
Only a table that is neither cached nor shipped (a house rule, an own dictionary, a new
version of the code that computes it) is computed: under the server (gevent) first in a
child process, which leaves it in the disk cache, and then loaded from the cache in a real
thread, since computing it in a thread of the server would hold the interpreter lock for
tens of seconds and slow every request (``/api/meta`` p99 85 ms, single calls 0.3 s).
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterable
from typing import Any

from ..advisor.cache import NotStored, stored_only
from ..advisor.coach import coach
from ..runtime import metrics
from ..runtime.loop import event_loop_active, run_blocking
from .offload import run_in_process

log = logging.getLogger(__name__)

Key = tuple[str, str]  # (mode, table key)
SampleKey = tuple[str, str, int | None]  # (mode, table key, games; None: the default)

_locks: dict[Any, threading.Lock] = {}
_locks_guard = threading.Lock()
_ready: dict[Key, Any] = {}
_failed: dict[Key, str] = {}


_samples: dict[SampleKey, Any] = {}
_samples_failed: dict[SampleKey, str] = {}
_sampling: set[SampleKey] = set()  # a thread is preparing these

PREPARE_SECONDS = 1800.0
"""The time budget of computing one table or sample in a child process."""


def _compute_table(mode: str, key: str) -> None:
    """Compute the table into the disk cache, if it is not there (in a child process)."""
    helper = coach(mode)
    assert helper is not None
    helper.load_table(key)


def _compute_sample(mode: str, key: str, games: int | None) -> None:
    """Compute the sample into the disk cache, if it is not there (in a child process)."""
    helper = coach(mode)
    assert helper is not None
    helper.load_sample(key, games)


def _stored(load: Callable[[], Any]) -> Any:
    """``load()`` if it only reads (the cache or the shipped copy); raises
    :class:`NotStored` where it would compute."""
    with stored_only():
        return load()


def _load(load: Callable[[], Any], compute: str, args: tuple[Any, ...]) -> Any:
    """``load()`` in a real thread: read at once when cached or shipped; otherwise, under
    the server, first computed into the disk cache by a child process (``compute(*args)``
    of this module)."""
    try:
        return run_blocking(_stored, load)
    except NotStored:
        pass
    if event_loop_active():
        run_in_process(f"{__name__}:{compute}", args, PREPARE_SECONDS)
    return run_blocking(load)


def _lock(key: Any) -> threading.Lock:
    with _locks_guard:
        return _locks.setdefault(key, threading.Lock())


def get(mode: str, key: str) -> Any:
    """The table ``key`` of ``mode``, loading or computing it if needed (blocks: call it
    from a background thread, never from a request)."""
    found = _ready.get((mode, key))
    if found is not None:
        return found
    helper = coach(mode)
    if helper is None:
        raise LookupError(f"{mode} has no strategy tables")
    with _lock((mode, key)):
        found = _ready.get((mode, key))
        if found is None:
            metrics.WARM.labels(mode=mode, key=key).set(0)
            started = time.monotonic()
            try:
                found = _load(lambda: helper.load_table(key), "_compute_table", (mode, key))
            except Exception as exc:  # kept so a hint can say so instead of waiting forever
                _failed[(mode, key)] = str(exc)
                raise
            _failed.pop((mode, key), None)
            _ready[(mode, key)] = found
            metrics.WARM_SECONDS.labels(mode=mode, key=key).set(time.monotonic() - started)
            metrics.WARM.labels(mode=mode, key=key).set(1)
        return found


def peek(mode: str, key: str) -> Any:
    """The table if it is in memory now; otherwise start warming it and return None."""
    found = _ready.get((mode, key))
    if found is None:
        warm([(mode, key)])
    return found


def is_ready(mode: str, key: str) -> bool:
    """Is the table in memory (without starting anything)?"""
    return (mode, key) in _ready


def failure(mode: str, key: str) -> str | None:
    """Why the last attempt to load the table failed, if it did."""
    return _failed.get((mode, key))


def warm(keys: Iterable[Key], samples: Iterable[SampleKey] = ()) -> threading.Thread | None:
    """Load or compute the tables ``keys``, then the samples ``samples``, in a daemon thread
    (one after another, in the order given)."""
    todo = [k for k in keys if k not in _ready and coach(k[0]) is not None]
    later = [s for s in samples if s not in _samples and coach(s[0]) is not None]
    if not later and (not todo or all(_lock(k).locked() for k in todo)):
        return None

    def run() -> None:
        for mode, key in todo:
            try:
                get(mode, key)
            except Exception:  # logged; a hint reports it
                log.exception("could not prepare the %s strategy table %s", mode, key)
        for wanted in later:
            with _locks_guard:
                if wanted in _sampling or wanted in _samples:
                    continue
                _sampling.add(wanted)
            try:
                sample(*wanted)
            except Exception:  # logged; the review page says it is not there
                log.exception("could not prepare the %s sample of final scores for %s",
                              wanted[0], wanted[1])
            finally:
                with _locks_guard:
                    _sampling.discard(wanted)

    thread = threading.Thread(target=run, name="wordyahtzee-strategy-warm", daemon=True)
    thread.start()
    return thread


def progress(keys: Iterable[Key], samples: Iterable[SampleKey] = ()) -> dict[str, Any]:
    """How far preparing ``keys`` and ``samples`` is: ``{"done", "total", "items"}``, each
    item ``{"mode", "key", "what": "table"|"sample", "state": "ready"|"working"|"waiting"|
    "failed"}`` in the order they are prepared."""
    items = []
    for mode, key in keys:
        state = ("ready" if (mode, key) in _ready else "failed" if (mode, key) in _failed
                 else "working" if _lock((mode, key)).locked() else "waiting")
        items.append({"mode": mode, "key": key, "what": "table", "state": state})
    for mode, key, games in samples:
        wanted = (mode, key, games)
        state = ("ready" if wanted in _samples else "failed" if wanted in _samples_failed
                 else "working" if wanted in _sampling else "waiting")
        items.append({"mode": mode, "key": key, "what": "sample", "state": state})
    done = sum(item["state"] in ("ready", "failed") for item in items)
    return {"done": done, "total": len(items), "items": items}


def sample(mode: str, key: str, games: int | None = None) -> Any:
    """The sample of optimal final scores for the table ``key`` of ``mode`` (``games``
    games; None: the mode's default), loading the table and the sample or computing them
    if needed (blocks: call it from a background thread, never from a request)."""
    wanted = (mode, key, games)
    found = _samples.get(wanted)
    if found is not None:
        return found
    helper = coach(mode)
    if helper is None:
        raise LookupError(f"{mode} has no strategy tables")
    with _lock(("sample", *wanted)):
        found = _samples.get(wanted)
        if found is None:
            try:
                get(mode, key)  # the strategy first, under its own lock (shared with hints)
                found = _load(lambda: helper.load_sample(key, games), "_compute_sample",
                               (mode, key, games))
            except Exception as exc:  # kept so the review can say so
                _samples_failed[wanted] = str(exc)
                raise
            _samples_failed.pop(wanted, None)
            _samples[wanted] = found
        return found


def peek_sample(mode: str, key: str, games: int | None = None) -> Any:
    """The sample if it is in memory now; otherwise start preparing it in a daemon thread
    and return None."""
    wanted = (mode, key, games)
    found = _samples.get(wanted)
    if found is not None or coach(mode) is None:
        return found
    with _locks_guard:
        if wanted in _sampling:
            return None
        _sampling.add(wanted)

    def run() -> None:
        try:
            sample(mode, key, games)
        except Exception:  # logged; the review page says it is not there
            log.exception("could not prepare the %s sample of final scores for %s",
                          mode, key)
        finally:
            with _locks_guard:
                _sampling.discard(wanted)

    threading.Thread(target=run, name="wordyahtzee-sample-warm", daemon=True).start()
    return None


def sample_failure(mode: str, key: str, games: int | None = None) -> str | None:
    """Why the last attempt to prepare the sample failed, if it did."""
    return _samples_failed.get((mode, key, games))
