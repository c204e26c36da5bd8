"""What the live tables announce to the features that follow them: a game that just ended
(stored), the sweep (at most once a minute, and at a start), and a review just made (which
a feature may add to). The ratings, the fair-play check, the daily skill figure and the
puzzles each subscribe in one place (:func:`~.service.wire`), instead of each overriding a
hook and calling ``super()``: the order is written down, and a listener that fails is
logged while the others still hear."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .table import Table

log = logging.getLogger(__name__)

FinishedListener = Callable[["Table"], None]
SweepListener = Callable[[], None]
ReviewListener = Callable[["Table", dict[str, Any]], None]


class Announcements:
    """The listeners of a table service, called in the order they subscribed."""

    def __init__(self) -> None:
        self._finished: list[FinishedListener] = []
        self._swept: list[SweepListener] = []
        self._reviewed: list[ReviewListener] = []

    def on_finished(self, listener: FinishedListener) -> None:
        """Call ``listener(table)`` after each game that ends in this process."""
        self._finished.append(listener)

    def on_sweep(self, listener: SweepListener) -> None:
        """Call ``listener()`` at each sweep."""
        self._swept.append(listener)

    def on_review(self, listener: ReviewListener) -> None:
        """Call ``listener(table, review)`` on each review of a table made in this process,
        before it is shown: the listener may add to it."""
        self._reviewed.append(listener)

    def listeners(self) -> tuple[tuple[FinishedListener, ...], tuple[SweepListener, ...]]:
        """Who hears a game's end, and who hears a sweep, in order."""
        return tuple(self._finished), tuple(self._swept)

    def finished(self, table: Table) -> None:
        """The game of ``table`` has just ended and is stored: tell every listener."""
        for listener in self._finished:
            try:
                listener(table)
            except Exception:  # one feature's trouble must not keep the game from the rest
                log.exception("after game %s ended: %s failed", table.id,
                              getattr(listener, "__qualname__", listener))

    def swept(self) -> None:
        """A sweep has run: tell every listener."""
        for listener in self._swept:
            try:
                listener()
            except Exception:  # pragma: no cover - logged; the next sweep tries again
                log.exception("at the sweep: %s failed",
                              getattr(listener, "__qualname__", listener))

    def reviewed(self, table: Table, review: dict[str, Any]) -> None:
        """The review of ``table`` has just been made: every listener may add to it."""
        for listener in self._reviewed:
            try:
                listener(table, review)
            except Exception:  # pragma: no cover - logged; the review is shown without it
                log.exception("at the review of game %s: %s failed", table.id,
                              getattr(listener, "__qualname__", listener))
