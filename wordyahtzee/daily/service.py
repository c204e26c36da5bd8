"""The daily game's service: starting a profile's one attempt of the day, the day's par
(computed once, from the strategy tables start-up prepared, never inside a request), the
board, the skill figure of every finished daily game (kept beside its result, so that a
day's players compare with each other by it: docs/skill.md), and a profile's page
(:mod:`wordyahtzee.daily` holds the rules).

:class:`DailyService` is composed over the store, the clock and the live tables
(:func:`wordyahtzee.tables.service.compose`), never a part of them: the tables hand it a
game that ended through their announcements (:func:`~wordyahtzee.tables.service.wire`)."""

from __future__ import annotations

import datetime as dt
import json
import logging
import statistics
import threading
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Protocol

from .. import daily
from ..advisor import skill
from ..advisor.coach import coach
from ..errors import ServiceError
from ..lobby.profiles import Profiles
from ..modes import get_mode
from ..runtime.batches import Batches
from ..runtime.loop import run_blocking
from ..store import Seat, Store
from ..store.engine import HOLDING
from ..store.players import LISTED_CHECKS
from ..tables.strategies import get as get_strategy
from ..tables.strategies import peek as peek_strategy
from ..tables.table import Table

if TYPE_CHECKING:
    from ..lobby.service import Lobby
    from ..tables.coaching import Coaching

log = logging.getLogger(__name__)

HISTOGRAM_WIDTH = 20
"""Points per bar of a day's histogram of scores."""
KIND = "daily"
"""The table kind of a daily game (a solo game on the day's dice)."""


def _summary(entry: Mapping[str, Any] | None) -> dict[str, Any] | None:
    if entry is None:
        return None
    return {"game_id": entry["game_id"], "score": entry["score"],
            "finished": entry["score"] is not None, "finished_at": entry["finished_at"]}


class Tables(Protocol):
    """What the daily game asks of the live tables
    (:class:`~wordyahtzee.tables.TableService`)."""

    @property
    def profiles(self) -> Profiles: ...
    @property
    def lobby(self) -> Lobby: ...
    def open_table(self, mode: str, kind: str, rules: Mapping[str, Any],
                   entries: list[tuple[str, str | None]], idle: float | None = None,
                   options: Mapping[str, Any] | None = None) -> tuple[Table, list[Seat]]: ...
    def table(self, game_id: str) -> Table: ...
    def tick(self, game_id: str) -> Table: ...
    @property
    def coaching(self) -> Coaching: ...
    def daily_secret(self) -> bytes: ...


class DailyService:
    """The daily game of each mode in :data:`~wordyahtzee.daily.DAILY_MODES`, each finished
    daily game's skill figure, and a profile's page."""

    def __init__(self, store: Store, clock: Callable[[], float], tables: Tables) -> None:
        self.store = store
        self.clock = clock
        self.tables = tables
        self._lock = threading.Lock()
        self._known_pars: dict[tuple[str, str], int] = {}  # (day, mode): a par never changes
        self._pending_pars: set[tuple[str, str]] = set()  # the pars being computed now
        self._figures = Batches("daily-skill", self.figure_daily_game,
                                "the skill of daily game %s could not be figured")

    def today(self) -> dt.date:
        """The daily game's day now."""
        return daily.day_of(self.clock())

    def _day(self, text: Any) -> dt.date:
        """The day ``text`` names (today when None); no day that has not begun."""
        day = self.today() if text is None else daily.parse_day(text)
        if day > self.today():
            raise ServiceError(f"the daily game of {day.isoformat()} has not begun",
                               "not_found")
        return day

    def start(self, mode: Any, secret: Any) -> dict[str, Any]:
        """Start the profile's attempt at today's game of ``mode``: the new table's id and
        seat token. A second attempt the same day is refused (409 ``daily_played``)."""
        mode = daily.check_mode(mode)
        profile = self.tables.profiles.profile(secret)
        day = self.today().isoformat()
        entry = self.store.daily_entry(day, mode, profile["id"])
        if entry is None:
            table, seats = self.tables.open_table(
                mode, KIND, daily.daily_rules(mode), [(profile["name"], None)],
                options={"daily": day})
            if self.store.start_daily(day, mode, profile["id"], table.id, self.clock()):
                table.profiles[0] = profile["id"]
                self.par(mode, day)  # prepared while the player plays
                return {"game_id": table.id, "token": seats[0].token, "day": day}
            entry = self.store.daily_entry(day, mode, profile["id"])  # a second tab won
        raise ServiceError("you have played today's game already: one attempt a day",
                           "daily_played", conflict=True, extra={"entry": _summary(entry)})

    def par(self, mode: str, day: str, compute: bool = True) -> int | None:
        """The day's par, or None while it is being computed (in the background, once the
        strategy table is ready: a tenth of a second of play; ``compute`` False: only a par
        computed before)."""
        known = self._known_pars.get((day, mode))
        if known is not None:
            return known
        stored = self.store.daily_par(day, mode)
        if stored is not None:
            self._known_pars[(day, mode)] = int(stored["par"])
            return int(stored["par"])
        if not compute:
            return None
        rules = daily.daily_rules(mode)
        helper = coach(mode)
        key = helper.table_key(rules) if helper else None
        strategy = None if key is None else peek_strategy(mode, key)  # warms it if need be
        if strategy is None:
            return None
        with self._lock:
            if (day, mode) in self._pending_pars:
                return None
            self._pending_pars.add((day, mode))
        threading.Thread(target=self._compute_par, args=(mode, day, rules, strategy),
                         name=f"par-{mode}-{day}", daemon=True).start()
        return None

    def _compute_par(self, mode: str, day: str, rules: dict[str, Any], strategy: Any) -> None:
        try:
            seed = daily.day_seed(self.tables.daily_secret(), daily.parse_day(day))
            game = run_blocking(daily.play_par, mode, seed, rules, strategy)
            self.store.put_daily_par(day, mode, game.totals()[0], rules, game.to_record())
        except Exception:  # pragma: no cover - logged; the next request tries again
            log.exception("the par of %s %s could not be computed", mode, day)
        finally:
            with self._lock:
                self._pending_pars.discard((day, mode))

    def view(self, mode: Any, day_text: Any = None, secret: Any = None) -> dict[str, Any]:
        """A day of ``mode``: its par, the board (top 100, ranked by the expected points a
        game lost; equal: who finished first, ``mine`` marks the profile's own game), the
        histogram of scores, the day's players by skill figure
        (:meth:`day_skill`), and, for the profile of ``secret``, its attempt, rank, round
        symbols and skill figure. Game ids and the seed only once the day is over."""
        mode = daily.check_mode(mode)
        day = self._day(day_text)
        over = daily.published(day, self.clock())
        key = day.isoformat()
        scores = self.store.daily_scores(key, mode)
        board: list[dict[str, Any]] = []
        rows = self.store.daily_board(key, mode)
        for i, row in enumerate(rows):
            same = bool(board) and board[-1]["loss"] == row["loss"]  # a shared place
            board.append({"rank": board[-1]["rank"] if same else i + 1, "name": row["name"],
                          "loss": row["loss"], "score": row["score"],
                          "finished_at": row["finished_at"],
                          "game_id": row["game_id"] if over else None, "mine": False})
        histogram: dict[int, int] = {}
        for score, count in scores.items():
            low = score // HISTOGRAM_WIDTH * HISTOGRAM_WIDTH
            histogram[low] = histogram.get(low, 0) + count
        answer: dict[str, Any] = {
            "mode": mode, "day": key, "today": day == self.today(), "over": over,
            "closes_at": daily.closes_at(day),
            # a day nobody played gets no par (a look at any old date computes nothing)
            "par": self.par(mode, key, compute=bool(scores) or day == self.today()),
            "seed": daily.day_seed(self.tables.daily_secret(), day).hex() if over else None,
            "players": sum(scores.values()), "board": board,
            "histogram": [{"from": low, "to": low + HISTOGRAM_WIDTH - 1, "count": n}
                          for low, n in sorted(histogram.items())],
            "you": None}
        profile = self.tables.profiles.find_profile(secret)
        if profile is not None:
            answer["profile"] = {"id": profile["id"], "name": profile["name"]}
            entry = self.store.daily_entry(key, mode, profile["id"])
            answer["you"] = self._yours(mode, entry, over)
            for place, row in zip(board, rows, strict=True):
                place["mine"] = entry is not None and row["game_id"] == entry["game_id"]
        answer["skill"] = self.day_skill(mode, key, answer["you"])
        return answer

    def _yours(self, mode: str, entry: Mapping[str, Any] | None,
               over: bool) -> dict[str, Any] | None:
        """The profile's attempt: its table (and seat token while it is being played), its
        rank, and once finished its skill figure (``skill``, by ``judge``), the symbols of
        its rounds, each round's loss (``regrets``, in the judge's points) and the turn it
        lost most."""
        you = _summary(entry)
        if you is None or entry is None:
            return None
        table = self.tables.table(entry["game_id"])
        you["status"] = table.status
        if table.status == "active" and not over:
            you["token"] = table.seats[0].token
        if entry["score"] is None:
            return you
        # on the board once checked and clear, measured, and its profile not held for
        # engine play (docs/daily.md, "Fair play"): until then the player sees the
        # result, and ``check`` says why it has no rank yet (a hold as a flag: nobody
        # learns more of a check than that)
        you["check"] = self._check_shown(entry, mode)
        you["loss"] = entry.get("loss")
        you["rank"] = (self.store.daily_rank(entry["day"], mode, entry["loss"])
                       if you["check"] in LISTED_CHECKS and entry.get("loss") is not None
                       else None)
        # caught up with the store
        review = self.tables.coaching.review_of(self.tables.tick(table.id))
        if review.get("ready") and review.get("judge") is not None:
            turns = review["turns"]
            you["judge"] = review["judge"]
            you["skill"] = review["skill"][0]
            you["symbols"] = daily.round_symbols(turns)
            you["regrets"] = [turn["lost"] for turn in turns]
            worst = max(turns, key=lambda t: t["lost"], default=None)
            if worst is not None and worst["lost"] > 0:
                step = max(worst["decisions"], key=lambda d: d["lost"] or 0.0)
                you["worst"] = {"round": worst["round"] + 1, "regret": worst["lost"],
                                "chosen": step["chosen"],
                                "best": step.get("target") or step["best"],
                                "shown": step["shown"], "throws": step["throws"]}
        return you

    def day_skill(self, mode: str, day: str, you: Mapping[str, Any] | None
                  ) -> dict[str, Any]:
        """The day's players by skill figure (docs/skill.md): how many have one (the
        games on the board), their median, and the share of them whose figure is below yours
        (``below``, None without yours); ``levels``, the computer levels' figures."""
        figures = self.store.daily_skills(day, mode)
        mine = None if not you or not you.get("skill") else you["skill"]["figure"]
        helper = coach(mode)
        key = helper.table_key(daily.daily_rules(mode)) if helper else None
        return {"players": len(figures),
                "median": round(statistics.median(figures), 1) if figures else None,
                "below": (round(100.0 * sum(f < mine for f in figures) / len(figures), 1)
                          if figures and mine is not None else None),
                "levels": skill.levels("review", mode, key)}

    def _check_shown(self, entry: Mapping[str, Any], mode: str) -> str | None:
        """The state of a finished daily result as its player sees it: its check's (None
        while it is judged or measured), ``flagged`` while its profile is held for engine
        play in the mode, ``confirmed`` once a moderator confirmed the hold."""
        check = entry.get("check")
        if check in LISTED_CHECKS and entry.get("loss") is None:
            return None
        hold = self.store.engine_hold(entry["profile_id"], mode)
        if check in LISTED_CHECKS and hold is not None and hold["state"] in HOLDING:
            return "flagged" if hold["state"] == "held" else "confirmed"
        return str(check) if check is not None else None

    def days(self, mode: Any) -> list[dict[str, Any]]:
        """The archive: past days of ``mode`` with their pars, newest first."""
        mode = daily.check_mode(mode)
        return self.store.daily_days(mode, self.today().isoformat())

    def profile_view(self, secret: Any) -> dict[str, Any]:
        """A profile's page: the tables where it is its turn; its daily games (newest first,
        each with par) and per daily mode the number played, best, mean, streak and the
        mean against par over the last 30 days; every finished game with its total, and
        per mode and dice set the games, mean, best and Woord Yahtzees or Yahtzees made;
        its rating per mode."""
        profile = self.tables.profiles.profile(secret)
        dailies = self.store.profile_dailies(profile["id"])
        today = self.today()
        modes: dict[str, Any] = {}
        for mode in daily.DAILY_MODES:
            mine = [g for g in dailies if g["mode"] == mode and g["score"] is not None]
            recent = [g for g in mine if g["par"] is not None and
                      (today - dt.date.fromisoformat(g["day"])).days < 30]
            modes[mode] = {
                "played": len(mine), "best": max((g["score"] for g in mine), default=None),
                "mean": round(statistics.fmean(g["score"] for g in mine), 1) if mine else None,
                "streak": daily.streak([dt.date.fromisoformat(g["day"]) for g in mine], today),
                "vs_par_30": round(statistics.fmean(g["score"] - g["par"] for g in recent), 1)
                if recent else None}
        history = [game for entry in self.store.profile_games(profile["id"], "finished")
                   if (game := _finished_game(entry)) is not None]
        return {"id": profile["id"], "name": profile["name"],
                "created_at": profile["created_at"], "games": dailies, "modes": modes,
                "your_turns": self.tables.lobby.your_turns(secret), "history": history,
                "figures": _figures(history),
                "ratings": {m: {"rating": round(r["rating"]), "rd": round(r["rd"]),
                                "games": r["games"]}
                            for m, r in self.store.profile_ratings(profile["id"]).items()}}


    # -- the skill figure of each finished daily game -------------------------------------

    def figure_finished(self, table: Table) -> None:
        """A daily game just ended: its figure, in the background (a listener of the
        tables' announcements)."""
        if table.daily is not None:
            self._figures.later([table.id])

    def figure_unfigured(self) -> None:
        """At a sweep: the finished daily games left without a figure (a process stopped
        before it figured them, say)."""
        self._figures.later([e["game_id"] for e in self.store.unfigured_dailies()])

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
            get_strategy(mode, key)  # blocks until loaded: the review then finds it
        review = self.tables.coaching.review_of(self.tables.table(game_id))
        if not review.get("ready") or not review.get("skill"):
            return None
        figure = review["skill"][0]["figure"]
        figure = 100.0 if figure is None else float(figure)
        self.store.put_daily_skill(game_id, figure)
        return figure

def _finished_game(entry: Mapping[str, Any]) -> dict[str, Any] | None:
    """A finished game of a profile's history: mode, kind, dice set, the profile's total,
    whether it won, and its Woord Yahtzees or Yahtzees (the mode's ``yahtzees_made``; None:
    a result without totals)."""
    result = entry.get("result") or {}
    players = result.get("players") or []
    seat = entry["seat"]
    if not isinstance(players, list) or seat >= len(players) or "total" not in players[seat]:
        return None
    me = players[seat]
    try:
        rules = json.loads(entry.get("rules_key") or "{}")
    except ValueError:
        rules = {}
    counter = get_mode(entry["mode"]).yahtzees_made
    return {"game_id": entry["game_id"], "mode": entry["mode"], "kind": entry["kind"],
            "dice_set": rules.get("dice_set", ""), "total": int(me["total"]),
            "won": me.get("name") in (result.get("winners") or []) and len(players) > 1,
            "players": len(players), "finished_at": entry["finished_at"],
            "yahtzees": counter(me) if counter is not None else 0,
            "aided": bool(entry.get("aided"))}


def _figures(history: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per mode and dice set: games, mean, best and Yahtzees (Woord Yahtzees) made."""
    groups: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for game in history:
        groups.setdefault((game["mode"], game["dice_set"]), []).append(game)
    return [{"mode": mode, "dice_set": dice_set, "games": len(items),
             "mean": round(statistics.fmean(g["total"] for g in items), 1),
             "best": max(g["total"] for g in items),
             "yahtzees": sum(g["yahtzees"] for g in items)}
            for (mode, dice_set), items in sorted(groups.items())]
