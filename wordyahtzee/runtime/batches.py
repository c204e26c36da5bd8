"""Work on finished games in a background thread, each game at most once at a time: the
fair-play check and the daily skill figure hand their game ids here, right after a game
ends and at each sweep."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterable

log = logging.getLogger(__name__)


class Batches:
    """Runs ``work(id)`` for the ids handed to :meth:`later`, in a daemon thread named
    ``name`` per batch; an id already queued or being worked on in this process is left
    out. A failure is logged (``failed % id``) and the batch goes on: the next sweep
    tries again."""

    def __init__(self, name: str, work: Callable[[str], object], failed: str) -> None:
        self.name = name
        self.work = work
        self.failed = failed
        self._lock = threading.Lock()
        self._busy: set[str] = set()  # the ids queued or being worked on now

    def later(self, ids: Iterable[str]) -> None:
        """Work on ``ids`` in the background (those not busy already)."""
        with self._lock:
            todo = list(dict.fromkeys(i for i in ids if i not in self._busy))
            self._busy.update(todo)
        if todo:
            threading.Thread(target=self._run, args=(todo,), name=self.name,
                             daemon=True).start()

    def _run(self, ids: list[str]) -> None:
        try:
            for item in ids:
                try:
                    self.work(item)
                except Exception:  # pragma: no cover - logged; the next sweep tries again
                    log.exception(self.failed, item)
        finally:
            with self._lock:
                self._busy.difference_update(ids)
