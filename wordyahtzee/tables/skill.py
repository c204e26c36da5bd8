"""The skill figure of every finished daily game (:mod:`wordyahtzee.advisor.skill`), kept
beside its result so that a day's players compare with each other by it (docs/skill.md):
computed in the background right after the game's last move, and by the sweep for any a
stopped process left without one."""

from __future__ import annotations

import logging
import threading
from typing import Any

from .. import daily
from ..advisor.coach import coach
from . import strategies
from .daily import Daily
from .lifecycle import Lifecycle
from .table import Table

log = logging.getLogger(__name__)


class DailySkill(Daily, Lifecycle):
    """Each finished daily game's skill figure, kept in the store."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._figuring: set[str] = set()  # the games whose figure is being computed now

    def figure_finished(self, table: Table) -> None:
        """A daily game just ended: its figure, in the background (a listener of
        :attr:`announce`)."""
        if table.daily is not None:
            self._figure_later([table.id])

    def _figure_later(self, game_ids: list[str]) -> None:
        with self._lock:
            todo = [g for g in game_ids if g not in self._figuring]
            self._figuring.update(todo)
        if todo:
            threading.Thread(target=self._figure_all, args=(todo,), name="daily-skill",
                             daemon=True).start()

    def _figure_all(self, game_ids: list[str]) -> None:
        try:
            for game_id in game_ids:
                try:
                    self.figure_daily_game(game_id)
                except Exception:  # pragma: no cover - logged; the next sweep tries again
                    log.exception("the skill of daily game %s could not be figured", game_id)
        finally:
            with self._lock:
                self._figuring.difference_update(game_ids)

    def figure_daily_game(self, game_id: str) -> float | None:
        """Compute and keep the skill figure of a finished daily game once; the figure
        kept (None: not a finished daily game). A game with nothing at stake lost
        nothing: 100. Loads the strategy table it needs: call it from a background
        thread, never from a request."""
        entry = self.store.daily_entry_of(game_id)
        if entry is None or entry["score"] is None or entry["skill"] is not None:
            return None if entry is None else entry["skill"]
        mode = entry["mode"]
        helper = coach(mode)
        key = None if helper is None else helper.table_key(daily.daily_rules(mode))
        if key is not None:
            strategies.get(mode, key)  # blocks until loaded: the review then finds it
        review = self.review_of(self.table(game_id))
        if not review.get("ready") or not review.get("skill"):
            return None
        figure = review["skill"][0]["figure"]
        figure = 100.0 if figure is None else float(figure)
        self.store.put_daily_skill(game_id, figure)
        return figure

    def figure_unfigured(self) -> None:
        """At a sweep: the finished daily games left without a figure."""
        self._figure_later([e["game_id"] for e in self.store.unfigured_dailies()])
