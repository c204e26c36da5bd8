"""Fair play in the daily game: each finished daily game is judged for foresight
(:mod:`wordyahtzee.advisor.foresight`) and measured (the expected points it lost, by
which the board ranks it) before it joins the day's board, in the background; a flagged
result stays off the board and the histogram until a moderator clears it, and its player
sees it with a short neutral note. Finished daily and rated games are judged for engine
play too (:mod:`.engineplay`, the service's ``engine``; docs/daily.md, "Fair play",
"Engine play").

:class:`FairPlayService` is composed over the store, the clock and the live tables
(:func:`wordyahtzee.tables.service.compose`): the tables hand it a game that ended, each
sweep and each review through their announcements (:func:`~wordyahtzee.tables.service.wire`)."""

from __future__ import annotations

import logging
import random
from collections.abc import Callable
from typing import Any, Protocol, cast

from .. import daily, games
from ..advisor.coach import DailyCoach, coach
from ..advisor.foresight import verdict
from ..errors import ServiceError, WordyahtzeeError
from ..lexicon.overlay import Overlay
from ..runtime.batches import Batches
from ..runtime.loop import run_blocking
from ..store import Store
from ..tables.strategies import get as get_strategy
from ..tables.table import Table
from .engineplay import EnginePlay

log = logging.getLogger(__name__)


def describe_option(option: dict[str, Any]) -> str:
    """A choice of a check's evidence in a few words, for the moderators (``keep ab``,
    ``chance for 23``)."""
    if option.get("kind") == "keep":
        kept = option.get("letters") or "".join(map(str, option.get("keep", [])))
        return f"keep {kept or 'nothing'}"
    points = option.get("points")
    return str(option.get("box")) + ("" if points is None else f" for {points}")

DECISIONS = ("cleared", "confirmed")
"""What a moderator may decide on a checked result: cleared (it joins the board) or
confirmed (it stays off)."""


class Tables(Protocol):
    """What the fair-play check asks of the live tables
    (:class:`~wordyahtzee.tables.TableService`)."""

    rng_factory: Callable[[], random.Random]
    overlay: Overlay

    def table(self, game_id: str) -> Table: ...
    def daily_secret(self) -> bytes: ...


class FairPlayService:
    """The check of every finished daily game (foresight, the points it lost, engine play)
    and of every finished rated game (engine play), and the moderators' decisions on the
    daily results it held back."""

    def __init__(self, store: Store, clock: Callable[[], float], tables: Tables) -> None:
        self.store = store
        self.clock = clock
        self.tables = tables
        self.engine = EnginePlay(store, clock, tables)
        """The engine-play check, and the moderators' decisions on the profiles it holds."""
        self._checks = Batches("fair-play", self._check, "the game %s could not be checked")

    def check_finished(self, table: Table) -> None:
        """A daily or rated game just ended: check it in the background (a listener of the
        tables' announcements)."""
        if table.daily is not None or (table.rated and table.kind == "online"):
            self._checks.later([table.id])

    def _check(self, game_id: str) -> None:
        if self.store.daily_entry_of(game_id) is not None:
            self.check_daily_game(game_id)
        else:
            self.engine.judge_rated_game(game_id)

    def check_daily_game(self, game_id: str) -> str | None:
        """Judge a finished daily game once and keep the result (``clear`` or ``flagged``,
        with the evidence), the expected points it lost (the board's measure) and its
        play for the engine-play check; the check's state (None: not a finished daily
        game). Loads the strategy table it needs if need be: call it from a background
        thread, never from a request."""
        entry = self.store.daily_entry_of(game_id)
        if entry is None or entry["score"] is None:
            return None if entry is None else entry["check"]
        measure = entry["loss"] is None
        if entry["check"] is not None and not measure:
            return str(entry["check"])
        mode = entry["mode"]
        helper = cast("DailyCoach", coach(mode))
        key = helper.table_key(daily.daily_rules(mode))
        assert key is not None  # every daily mode plays from a strategy table
        strategy = get_strategy(mode, key)
        table = self.tables.table(game_id)
        with table.lock:
            game = games.restore(table.game.to_json(), rng=self.tables.rng_factory(),
                                 clock=self.clock,
                                 overlay=self.tables.overlay)
        state = entry["check"]
        if state is None:
            state = self._judge_foresight(entry, helper, game, strategy)
        if measure:
            summary = self.engine.judged_seats(table, game, [0])[0]
            if summary.get("decisions") is not None and "loss" in summary:
                self.store.measure_daily(game_id, summary["loss"])
                self.engine.record_play(game_id, 0, entry["profile_id"], mode, "daily",
                                 entry["finished_at"] or self.clock(), summary)
        return str(state)

    def _judge_foresight(self, entry: dict[str, Any], helper: DailyCoach, game: Any,
                         strategy: Any) -> str:
        """The foresight check of a daily game, kept: ``clear`` or ``flagged``."""
        game_id, mode = entry["game_id"], entry["mode"]
        seed = daily.day_seed(self.tables.daily_secret(), daily.parse_day(entry["day"]))
        try:
            choices = run_blocking(helper.foresight, game, strategy, seed)
        except WordyahtzeeError as exc:  # not judged: a moderator looks at it
            log.warning("daily game %s could not be judged: %s", game_id, exc.message)
            self.store.check_daily(game_id, "flagged", {"error": exc.message})
            return "flagged"
        found = verdict(mode, choices)
        state = "flagged" if found.flagged else "clear"
        self.store.check_daily(game_id, state, {
            "verdict": found.to_json(), "choices": [c.to_json() for c in choices]})
        if found.flagged:
            log.warning("daily game %s of %s flagged for a moderator (log LR %.1f)",
                        game_id, entry["day"], found.log_lr)
        return state

    def check_unchecked(self) -> None:
        """At a sweep: the daily and rated games that finished unchecked (a process stopped
        before it checked them, say)."""
        self._checks.later([e["game_id"] for e in self.store.unchecked_dailies()]
                           + self.store.unjudged_rated())

    def hindsight(self, table: Table, answer: dict[str, Any]) -> None:
        """A daily game's review (:meth:`~wordyahtzee.tables.coaching.Coaching.review_of`),
        once its day is over, gets each decision's worth in hindsight from its check
        (``worth``; ``hindsight``: true when there is one; a listener of the tables'
        announcements)."""
        if table.daily is None or not answer.get("ready") or \
                not daily.published(daily.parse_day(table.daily), self.clock()):
            return
        entry = self.store.daily_entry_of(table.id)
        choices = ((entry or {}).get("result") or {}).get("choices") or []
        worth = {(c["turn"], c["throws"]): c["worth"] for c in choices}
        for turn in answer["turns"]:
            for item in turn["decisions"]:
                if (item["turn"], item["throws"]) in worth:
                    item["worth"] = worth[item["turn"], item["throws"]]
        answer["hindsight"] = bool(worth)

    # -- moderators ---------------------------------------------------------------------

    def flagged_results(self, day: Any = None, mode: Any = None,
                        states: tuple[str, ...] = ("flagged",)) -> list[dict[str, Any]]:
        """The checked daily games in ``states`` (default: waiting for a moderator), with
        their players and the evidence."""
        return self.store.daily_checks(
            states, None if day is None else daily.parse_day(day).isoformat(),
            None if mode is None else daily.check_mode(mode))

    def moderate(self, game_id: Any, decision: Any, moderator: Any,
                 note: Any = "") -> dict[str, Any]:
        """A moderator's decision on a checked result (:data:`DECISIONS`), logged with
        who took it and why; the entry as it is now."""
        if decision not in DECISIONS:
            raise ServiceError("a decision is cleared or confirmed", "bad_request")
        if not isinstance(moderator, str) or not moderator.strip():
            raise ServiceError("a decision names its moderator", "bad_request")
        entry = self.store.daily_entry_of(str(game_id))
        if entry is None or entry["check"] in (None, "clear"):
            raise ServiceError(f"no checked result to decide on for game {game_id!r}",
                               "not_found")
        self.store.moderate_daily(entry["game_id"], decision, moderator.strip()[:64],
                                  " ".join(str(note or "").split())[:500], self.clock())
        found = self.store.daily_entry_of(entry["game_id"])
        assert found is not None
        return found
