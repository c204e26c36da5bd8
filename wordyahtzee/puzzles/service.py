"""The puzzles' service: mining every finished game in the background (a daily game only
once its day is closed), the next puzzle for a profile, grading and rating an answer, the
daily puzzle and a profile's puzzle history (docs/puzzles.md).

:class:`Puzzles` is reached as ``service.puzzles``: built by
:func:`~wordyahtzee.tables.service.compose` from the store, the clock and the profiles (it
reads stored games, never a live table), and it hears the end of every game and the sweep
(:meth:`Puzzles.mine_finished`, :meth:`Puzzles.mine_later`, subscribed in
:func:`~wordyahtzee.tables.service.wire`)."""

from __future__ import annotations

import datetime as dt
import logging
import threading
import time
from collections.abc import Callable, Mapping
from typing import Any

from .. import daily
from ..errors import ServiceError
from ..lobby.profiles import Profiles
from ..owned.service import public_rules
from ..runtime.loop import run_blocking
from ..store import Store
from ..tables.strategies import get as strategy_table
from ..tables.table import Table
from .grading import grade
from .mining import MINED_MODES, mine_stored
from .model import THEMES, Puzzle
from .rating import START, rate_answer

log = logging.getLogger(__name__)

MINE_BATCH = 20
"""How many games one pass of the miner takes from the store."""
MINE_SHARE = 0.1
"""The share of its time the miner may judge: after a game that took t seconds to mine it
rests t × (1 / share − 1), so that games ending fast (a busy process) never make mining
more than a tenth of the moves' price; what waits is mined later, oldest first."""


def closed_day(now: float) -> str:
    """The first day whose daily games may still be played at ``now`` (its seed not
    published): only daily games of earlier days are mined or shown."""
    today = daily.day_of(now)
    yesterday = today - dt.timedelta(days=1)
    return (today if daily.published(yesterday, now) else yesterday).isoformat()


class Puzzles:
    """Puzzles mined from finished games, answered and rated."""

    def __init__(self, store: Store, clock: Callable[[], float], profiles: Profiles) -> None:
        self.store = store
        self.clock = clock
        self.profiles = profiles
        self._lock = threading.Lock()  # guards the miner's start and end
        self.mining = True
        """Whether this process mines finished games for puzzles."""
        self.share = MINE_SHARE
        """The share of its time the miner judges (:data:`MINE_SHARE`)."""
        self.rest: Callable[[float], None] = time.sleep
        """How the miner rests between two games."""
        self._mining = False  # a miner thread is running in this process
        self._unminable: set[str] = set()  # games whose mining failed here (logged)
        self._daily_shown: set[tuple[str, str]] = set()  # (day, mode): a daily puzzle chosen

    # -- mining ----------------------------------------------------------------------------

    def closed_before(self) -> str:
        """The first day whose daily games may still be played (:func:`closed_day`)."""
        return closed_day(self.clock())

    def mine_finished(self, table: Table) -> None:
        """A game just ended: mine the finished games not mined yet, in the background (a
        listener of the tables' announcements; at a sweep, :meth:`mine_later` mines the games left
        unmined: a process stopped before it mined them, a daily game whose day just
        closed)."""
        if table.mode in MINED_MODES:
            self.mine_later()

    def mine_later(self) -> None:
        """Start this process's miner unless it runs already (or mining is off)."""
        with self._lock:
            if self._mining or not self.mining:
                return
            self._mining = True
        threading.Thread(target=self._mine_all, name="wordyahtzee-puzzles", daemon=True).start()

    def _mine_all(self) -> None:
        try:
            while True:
                found = self.store.unmined_games(MINED_MODES, self.closed_before(),
                                                 MINE_BATCH + len(self._unminable))
                todo = [g for g in found if g not in self._unminable]
                for game_id in todo:
                    started = time.monotonic()
                    try:
                        self.mine_game(game_id)
                    except Exception:  # pragma: no cover - logged; tried again after a restart
                        log.exception("puzzles of game %s could not be mined", game_id)
                        self._unminable.add(game_id)
                    if self.share < 1:
                        self.rest((time.monotonic() - started) * (1 / self.share - 1))
                if not todo:
                    return
        finally:
            with self._lock:
                self._mining = False

    def mine_game(self, game_id: str) -> int:
        """Mine one finished game into the store (:func:`~..puzzles.mining.mine_stored`);
        how many puzzles are new. Loads the strategy table it needs: call it from a
        background thread, never from a request."""
        return mine_stored(self.store, game_id, strategy_table, self.clock(), START,
                           run_blocking, lambda rules: public_rules(self.store, rules))

    # -- solving ---------------------------------------------------------------------------

    def _shown(self, row: Mapping[str, Any]) -> dict[str, Any]:
        """A stored puzzle as a solver sees it before answering."""
        question = Puzzle.from_json(row["data"]).question()
        return {**question, "rating": round(row["rating"]), "plays": row["plays"]}

    def _open_puzzle(self, puzzle_id: str) -> dict[str, Any]:
        row = self.store.puzzle(str(puzzle_id))
        if row is None or (row["day"] is not None and row["day"] >= self.closed_before()):
            raise ServiceError("no such puzzle", "not_found")
        return row

    def puzzle(self, puzzle_id: str) -> dict[str, Any]:
        """One puzzle as a solver sees it."""
        return self._shown(self._open_puzzle(puzzle_id))

    def next_puzzle(self, mode: str, theme: str | None = None, secret: Any = None,
                    skip: tuple[str, ...] = ()) -> dict[str, Any]:
        """The next puzzle of ``mode`` for the profile of ``secret`` (or for a guest): near
        its puzzle rating, not answered before, of ``theme`` when given."""
        if mode not in MINED_MODES:
            raise ServiceError(f"no puzzles for {mode!r}; modes: {', '.join(MINED_MODES)}",
                               "bad_mode")
        if theme is not None and theme not in THEMES[mode]:
            raise ServiceError(f"no theme {theme!r}; themes: {', '.join(THEMES[mode])}",
                               "bad_theme")
        profile = self.profiles.find_profile(secret) if secret else None
        rating = START[0]
        if profile is not None:
            rating = (self.store.puzzle_rating(profile["id"], mode) or {}).get("rating",
                                                                                rating)
        row = self.store.next_puzzle(mode, self.closed_before(), rating, theme,
                                     None if profile is None else profile["id"], skip)
        if row is None:
            raise ServiceError("no puzzle left to show: play games and come back",
                               "no_puzzle")
        return self._shown(row)

    def answer_puzzle(self, puzzle_id: str, choice: Any, secret: Any = None
                      ) -> dict[str, Any]:
        """Grade an answer (:func:`~wordyahtzee.puzzles.grading.grade`); a profile's first
        answer to a puzzle is also rated (``rating``: before and after)."""
        if not isinstance(choice, Mapping):
            raise ServiceError("the answer is a choice object", "bad_choice")
        row = self._open_puzzle(puzzle_id)
        graded = grade(Puzzle.from_json(row["data"]), choice)
        profile = self.profiles.find_profile(secret) if secret else None
        answer: dict[str, Any] = {**graded, "puzzle_id": row["id"], "rated": False}
        if profile is None:
            return answer
        earlier = self.store.answered(profile["id"], row["id"])
        if earlier is not None:
            return {**answer, "earlier": earlier}
        for _ in range(5):  # another answer to the same puzzle may come between
            before = self.store.puzzle_rating(profile["id"], row["mode"])
            mine_before = START if before is None else (before["rating"], before["rd"],
                                                        before["vol"])
            mine_after, its_after = rate_answer(mine_before, (row["rating"], row["rd"],
                                                              row["vol"]), graded["solved"])
            if self.store.rate_answer(profile["id"], row, dict(choice), graded["regret"],
                                      graded["solved"], mine_before, mine_after, its_after,
                                      self.clock()):
                return {**answer, "rated": True,
                        "rating": {"before": round(mine_before[0]),
                                   "after": round(mine_after[0])},
                        "puzzle_rating": round(its_after[0])}
            if self.store.answered(profile["id"], row["id"]) is not None:
                return {**answer, "earlier": self.store.answered(profile["id"], row["id"])}
            row = self._open_puzzle(puzzle_id)
        raise ServiceError("the puzzle is busy: try again", "puzzle_busy")

    def daily_puzzle(self, mode: str) -> dict[str, Any]:
        """Today's puzzle of ``mode``, the same for everyone."""
        if mode not in MINED_MODES:
            raise ServiceError(f"no puzzles for {mode!r}", "bad_mode")
        today = daily.day_of(self.clock())
        row = self.store.daily_puzzle(today.isoformat(), mode, daily.day_start(today))
        if row is None:
            raise ServiceError("no puzzle of the day yet", "no_puzzle")
        return {**self._shown(row), "date": today.isoformat()}

    def daily_puzzle_modes(self) -> list[str]:
        """The modes that have a puzzle of the day today (the start page offers only
        those). A day's puzzle once chosen stays, so this process remembers it."""
        today = daily.day_of(self.clock())
        day = today.isoformat()
        found = []
        for mode in MINED_MODES:
            if (day, mode) not in self._daily_shown:
                if self.store.daily_puzzle(day, mode, daily.day_start(today)) is None:
                    continue
                self._daily_shown.add((day, mode))
            found.append(mode)
        return found

    def puzzle_profile(self, secret: Any) -> dict[str, Any]:
        """A profile's puzzle ratings per mode and its answers, newest first."""
        profile = self.profiles.profile(secret)
        return {"ratings": {mode: {"rating": round(r["rating"]), "rd": round(r["rd"]),
                                   "attempts": r["attempts"]}
                            for mode, r in self.store.puzzle_ratings(profile["id"]).items()},
                "history": self.store.puzzle_history(profile["id"])}

    def puzzle_themes(self, mode: str) -> dict[str, int]:
        """Each theme of ``mode`` with how many puzzles it has."""
        if mode not in MINED_MODES:
            raise ServiceError(f"no puzzles for {mode!r}", "bad_mode")
        counts = self.store.puzzle_themes(mode, self.closed_before())
        return {theme: counts.get(theme, 0) for theme in THEMES[mode]}
