"""The engine-play check: every human seat of a finished rated game, and every finished
daily game, is judged against optimal play (the review's judgement); a profile whose play
over its recent games is better than the strongest person the check protects is held for
a moderator (:mod:`wordyahtzee.advisor.engine`; docs/daily.md, "Engine play").

While a profile is held, or once a moderator confirmed the hold, its daily results of
the mode stay off the board (the store's ``ON_BOARD``); once confirmed, a rated game with
it at the table rates nobody (:meth:`~wordyahtzee.tables.lobby.Lobby.rate_finished`). A
moderator who clears it starts its evidence anew. Judging happens in the background, never
in a request (:class:`~.fairplay.FairPlayService` runs it and holds the check as its
``engine``)."""

from __future__ import annotations

import logging
import random
from collections.abc import Callable
from typing import Any, Protocol

from .. import games
from ..advisor import engine
from ..advisor.coach import coach
from ..errors import ServiceError, WordyahtzeeError
from ..lexicon.overlay import Overlay
from ..runtime.loop import run_blocking
from ..store import Store
from ..store.engine import DECIDED
from ..tables.strategies import get as get_strategy
from ..tables.table import Table

log = logging.getLogger(__name__)

NOTHING: dict[str, Any] = {"decisions": 0}
"""The judgement of a seat the check cannot judge (a mode without optimal play, free
order): kept, so that nobody tries again, and read by nobody."""


class Tables(Protocol):
    """What the engine-play check asks of the live tables
    (:class:`~wordyahtzee.tables.TableService`)."""

    rng_factory: Callable[[], random.Random]
    overlay: Overlay

    def table(self, game_id: str) -> Table: ...


class EnginePlay:
    """Judging rated and daily games for engine play, and the moderators' decisions."""

    def __init__(self, store: Store, clock: Callable[[], float], tables: Tables) -> None:
        self.store = store
        self.clock = clock
        self.tables = tables

    def judged_seats(self, table: Table, game: Any,
                     seats: list[int] | None = None) -> dict[int, dict[str, Any]]:
        """Each of ``seats`` of ``game`` (restored from ``table``; default: every seat held
        by a profile and played by a person), judged: ``decisions``, ``loss`` (the
        review's total regret), ``expected``, ``variance``
        (:func:`~wordyahtzee.advisor.engine.summarise`); :data:`NOTHING` for each when the
        game cannot be judged. Loads the strategy table if need be: call it from a
        background thread."""
        if seats is None:
            seats = [s.seat for s in table.seats
                     if s.computer is None and s.seat in table.profiles]
        helper = coach(table.mode)
        key = None if helper is None else helper.table_key(table.rules)
        judge = getattr(helper, "judge", None)
        if table.mode not in engine.MODES or key is None or judge is None:
            return dict.fromkeys(seats, NOTHING)
        try:
            judged = run_blocking(judge, game, get_strategy(table.mode, key))
        except WordyahtzeeError as exc:  # free order: no proven optimum to judge against
            log.info("game %s is not judged for engine play: %s", table.id, exc.message)
            return dict.fromkeys(seats, NOTHING)
        return {seat: engine.summarise(table.mode, judged, seat).to_json() for seat in seats}

    def judge_rated_game(self, game_id: str) -> int:
        """Judge every person's seat of a finished rated game once and look again at their
        profiles; how many seats were judged now."""
        table = self.tables.table(game_id)
        with table.lock:
            done = table.rated and table.game.finished
            game = (games.restore(table.game.to_json(), rng=self.tables.rng_factory(),
                                  clock=self.clock, overlay=self.tables.overlay)
                    if done else None)
        judged = self.judged_seats(table, game) if done else {}
        if not judged:  # nothing to judge: marked, so that the sweep passes it by
            self.store.put_play_check(game_id, -1, "", table.mode, "rated", self.clock(),
                                      NOTHING)
        for seat, summary in judged.items():
            self.record_play(game_id, seat, table.profiles[seat], table.mode, "rated",
                             self.clock(), summary)
        return len(judged)

    def record_play(self, game_id: str, seat: int, profile_id: str, mode: str, kind: str,
                    at: float, summary: dict[str, Any]) -> None:
        """Keep a judged seat, and hold its profile when its play now says engine."""
        if self.store.put_play_check(game_id, seat, profile_id, mode, kind, at, summary) \
                and summary.get("decisions"):
            self.check_profile(profile_id, mode)

    def check_profile(self, profile_id: str, mode: str) -> engine.EngineVerdict | None:
        """The statistic over a profile's recent games of ``mode`` (since a moderator last
        cleared it); a profile it reaches is held for a moderator. None while the
        profile is held or confirmed (a moderator decides)."""
        hold = self.store.engine_hold(profile_id, mode)
        if hold is not None and hold["state"] != "cleared":
            return None
        rows = self.store.play_checks(profile_id, mode,
                                      hold["since"] if hold else 0.0, engine.WINDOW)
        found = engine.verdict(mode, [engine.GameSummary(
            r["decisions"], r["loss"], r["expected"], r["variance"]) for r in rows])
        if found.held:
            games_read = [{"game_id": r["game_id"], "kind": r["kind"], "at": r["at"],
                           "loss": round(r["loss"], 2), "expected": round(r["expected"], 2),
                           "score": round(engine.game_score(engine.GameSummary(
                               r["decisions"], r["loss"], r["expected"],
                               r["variance"])) or 0.0, 2)} for r in rows]
            if self.store.hold_engine(profile_id, mode, {
                    "verdict": found.to_json(), "games": games_read,
                    "slip": engine.REFERENCE_SLIP[mode]}, self.clock()):
                log.warning("profile %s held for a moderator: engine play in %s (z %.1f "
                            "over %d games)", profile_id, mode, found.z, found.games)
        return found

    # -- moderators ---------------------------------------------------------------------

    def held_profiles(self, states: tuple[str, ...] = ("held",),
                      mode: Any = None) -> list[dict[str, Any]]:
        """The profiles held for engine play in ``states`` (default: waiting for a
        moderator), with their names and evidence."""
        if mode is not None and mode not in engine.MODES:
            raise ServiceError("the engine-play check judges: " + ", ".join(engine.MODES),
                               "bad_mode")
        return self.store.engine_holds(states, mode)

    def moderate_engine(self, profile_id: Any, mode: Any, decision: Any, moderator: Any,
                        note: Any = "") -> dict[str, Any]:
        """A moderator's decision on a held profile (``cleared`` or ``confirmed``), logged
        with who took it and why; the hold as it is now."""
        if decision not in DECIDED:
            raise ServiceError("a decision is cleared or confirmed", "bad_request")
        if not isinstance(moderator, str) or not moderator.strip():
            raise ServiceError("a decision names its moderator", "bad_request")
        hold = (self.store.engine_hold(str(profile_id), str(mode))
                if isinstance(profile_id, str) and isinstance(mode, str) else None)
        if hold is None:
            raise ServiceError("no profile held for engine play to decide on", "not_found")
        self.store.moderate_engine(hold["profile_id"], hold["mode"], decision,
                                   moderator.strip()[:64],
                                   " ".join(str(note or "").split())[:500], self.clock())
        found = self.store.engine_hold(hold["profile_id"], hold["mode"])
        assert found is not None
        return found
