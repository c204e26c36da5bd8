"""Coaching: hints for the seat to move, the review of a game against optimal play, and
final scores set against a sample of optimal games. Strategy tables are loaded in the
background (:mod:`.strategies`), never inside a request."""

from __future__ import annotations

from collections import Counter
from typing import Any

from .. import games
from ..advisor import skill
from ..advisor.coach import coach, start_up_tables
from ..errors import RuleError, ServiceError
from . import strategies
from .playing import Playing
from .table import Table


class Coaching(Playing):
    """Hints, reviews and the modes' start-screen facts."""

    _warming: tuple[list[strategies.Key], list[strategies.SampleKey]] = ([], [])

    def hint(self, game_id: str, token: Any = None, secret: Any = None) -> dict[str, Any]:
        """The coach's suggestion for the player to move; ``ready: false`` while its
        strategy table is being prepared (never computed inside a request). The seat to
        move is marked as having used a Tip: at an online table only its own token may ask
        (403 ``not_your_turn`` for anyone else); at one device, whoever asks is the player
        (``secret``: the asking browser's profile, for :meth:`seen_by`). A rated game and
        a daily game have none (403 ``no_hints_here``: :meth:`unaided`)."""
        table = self.seen_by(game_id, token, secret)
        helper = coach(table.mode)
        if helper is None:
            raise RuleError(f"{table.mode} games have no hints", "no_hint")
        with table.lock:
            if table.game.finished:
                raise RuleError("the game is over", "game_over")
            self.unaided(table)
            if table.computer_to_move() is not None:
                raise RuleError("no hints while a computer player is to move",
                                "computer_to_move")
            seat = table.game.current_seat
            if table.kind == "online" and seat not in self.seats_of(table, token, secret):
                raise ServiceError("at an online table, a Tip is for the player to move",
                                   "not_your_turn")
            key = helper.table_key(table.rules)
            strategy = None if key is None else strategies.peek(table.mode, key)
            if key is not None and strategy is None:
                return {"ready": False, "failed": strategies.failure(table.mode, key),
                        "seq": table.seq, "player": seat}
            answer = {**helper.hint(table.game, strategy), "seq": table.seq, "player": seat}
            if seat is not None and seat not in table.aided:
                self.store.mark_aided(table.id, seat)
                table.aided.add(seat)
            return answer

    @staticmethod
    def unaided(table: Table) -> None:
        """Refuse the engine's advice while ``table`` is played unaided: a rated game
        (its players' ratings and the engine-play check count on their own play) and a
        daily game (its board does): 403 ``no_hints_here``. The one check of every route
        that would give it: the Tip (and so *Volg de tip*) and the review of a game still
        being played (docs/daily.md, "Fair play"; docs/lobby.md)."""
        if table.rated or table.daily is not None:
            what = "a rated game" if table.rated else "the daily game"
            raise ServiceError(f"{what} is played without the engine's advice: no Tip, and "
                               "its review once it is over", "no_hints_here")

    def review(self, game_id: str, token: Any = None, secret: Any = None) -> dict[str, Any]:
        """Every finished turn judged against optimal play, for a viewer :meth:`seen_by`
        admits (:meth:`review_of`); a rated or daily game's once it is over
        (:meth:`unaided`)."""
        return self.review_of(self.reviewable(self.seen_by(game_id, token, secret)))

    def reviewable(self, table: Table) -> Table:
        """``table``, whose review may be read now: any game's, a rated or daily game's
        only once it is over, or its day is (403 ``no_hints_here`` while it may be
        played)."""
        with table.lock:
            closed = table.daily is not None and self._day_over(table.daily)
            if table.status == "active" and not closed:
                self.unaided(table)
        return table

    def review_of(self, table: Table) -> dict[str, Any]:
        """Every finished turn of ``table`` judged against optimal play: each decision, the
        best one, and the expected points lost (``regret``); ``turn`` counts every seat's
        turns, ``round`` the seat's own (from 0); ``ready: false`` while the strategy table
        is being prepared. ``judge`` names the mode's judge of the skill figure (None: the
        mode has none, and nothing is judged), ``skill`` each seat's figure
        (:class:`~wordyahtzee.advisor.skill.Tally`) and ``levels`` the computer levels'
        figures to compare with (None: not measured for these rules); ``finished`` whether
        the game is over (else only the turns played are judged). Once a game is over,
        ``optimal`` sets each final score against a sample of optimal play's
        (:meth:`final_scores`) where optimal play is the judge (in Woord Yahtzee its
        bonus chains put every person's score below all of its games: the levels'
        figures say more there)."""
        helper = coach(table.mode)
        if helper is None:
            raise RuleError(f"{table.mode} games have no review", "no_hint")
        key = helper.table_key(table.rules)
        strategy = None if key is None else strategies.peek(table.mode, key)
        if key is not None and strategy is None:
            return {"ready": False, "failed": strategies.failure(table.mode, key)}
        with table.lock:
            game = games.restore(table.game.to_json(), rng=self.rng_factory(),
                                 clock=self.clock,
                                 overlay=self.overlay)
        judge = skill.JUDGES.get(table.mode)
        turns = helper.review(game, strategy) if judge is not None else []
        regret = [0.0] * len(game.players)
        for turn in turns:
            regret[turn["seat"]] = round(regret[turn["seat"]] + turn["regret"], 2)
            # the seat's own turn number (seats take turns in order, a skipped turn too)
            turn["round"] = turn["turn"] // len(game.players)
            for item in turn["decisions"]:
                item["round"] = turn["round"]
        tallies = skill.tally([d for turn in turns for d in turn["decisions"]],
                              len(game.players))
        answer = {"ready": True, "turns": turns, "regret": regret,
                  "players": list(game.players), "totals": game.totals(),
                  "finished": bool(game.finished), "judge": judge,
                  "skill": [t.to_json() for t in tallies] if judge is not None else None,
                  "levels": skill.levels("review", table.mode, key) if judge else None}
        finals = helper.finished_scores(game) if judge == "optimal" else []
        if finals and key is not None:  # beside the judge's own games, where it is perfect play
            answer["optimal"] = self.final_scores(table.mode, key, finals, list(game.players))
        self.announce.reviewed(table, answer)  # a feature's additions (a daily game's hindsight)
        return answer

    def final_scores(self, mode: str, key: str, finals: list[dict[str, int]],
                     players: list[str]) -> dict[str, Any]:
        """Final scores (``seat``, ``game``, ``score``) against the sample of optimal play
        for the strategy ``key``: the sample's size, seed and mean, its histogram, and per
        score the percentage of optimal games it beat (``better_than``). ``ready: false``
        (never waiting) while the sample is being prepared in the background."""
        size = self.sample_games.get(mode)
        sample = strategies.peek_sample(mode, key, size)
        if sample is None:
            return {"ready": False, "failed": strategies.sample_failure(mode, key, size)}
        histogram = sample.histogram(include=[item["score"] for item in finals])
        return {"ready": True, "games": sample.games, "seed": sample.seed,
                "mean": round(sample.mean, 2), "histogram": histogram.to_json(),
                "scores": [{**item, "name": players[item["seat"]],
                            "better_than": round(sample.better_than(item["score"]), 1)}
                           for item in finals]}

    def describe_modes(self) -> dict[str, dict[str, Any]]:
        """Every mode's start-screen facts, with its computer levels and whether its
        strategy tables are ready (without starting to warm them)."""
        modes = games.describe_modes()
        for name, info in modes.items():
            helper = coach(name)
            if helper is not None:
                info["hints_ready"] = {key: strategies.is_ready(name, key)
                                       for key in helper.table_keys}
        return modes

    def warm_plan(self, keys: list[str] | None = None
                  ) -> tuple[list[strategies.Key], list[strategies.SampleKey]]:
        """What start-up prepares, most used first: every mode's strategy tables (``keys``:
        only these table keys), then their samples of optimal play. Use is counted over the
        store's last thousand games; on a tie, or a new store, the coaches' own order
        (the default rules first)."""
        wanted = [(mode, key) for mode, key in start_up_tables() if keys is None or key in keys]
        use: Counter[tuple[str, str]] = Counter()
        for game in self.store.list_games(limit=1000):
            helper = coach(game["mode"])
            if helper is not None:
                key = helper.table_key(game.get("rules") or {})
                if key is not None:
                    use[(game["mode"], key)] += 1
        wanted.sort(key=lambda k: -use[k])  # stable: the coaches' order on ties
        samples = [(mode, key, self.sample_games.get(mode)) for mode, key in wanted]
        return wanted, samples

    def warm(self, keys: list[str] | None = None) -> None:
        """Start preparing, in the background and in order of use, every mode's strategy
        tables (``keys``: only these table keys; an empty list: none) and then the samples
        of optimal play the reviews draw, so that hints, computer players and reviews find
        them ready (:meth:`preparing` says how far that is)."""
        self._warming = self.warm_plan(keys)
        strategies.warm(*self._warming)

    def cold_tables(self) -> list[str]:
        """The strategy tables start-up was asked to prepare that are not in memory yet
        (``mode/key``, ``mode/key (failed)`` for one whose preparation failed: see the log);
        empty when all are warm (or none was asked for)."""
        return [f"{mode}/{key}" + (" (failed)" if strategies.failure(mode, key) else "")
                for mode, key in self._warming[0] if not strategies.is_ready(mode, key)]

    def preparing(self) -> dict[str, Any]:
        """How far the start-up preparation is (:func:`.strategies.progress`)."""
        return strategies.progress(*self._warming)
