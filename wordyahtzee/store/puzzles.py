"""Puzzles mined from finished games, the answers profiles gave, the puzzle ratings and the
daily puzzle, written once for both back ends (docs/puzzles.md).

:class:`PuzzleRecords` is mixed into each store on top of ``_rows`` and ``_change``. A
puzzle's own JSON (:class:`~wordyahtzee.puzzles.model.Puzzle`) is kept as text; its rating
is columns, so that picking the next puzzle is one query. A rated answer changes the
puzzle's rating and the profile's in one transaction, guarded by a token the puzzle's row
takes, so two answers at once never write over each other and a profile is rated once
per puzzle.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Sequence
from typing import Any, Protocol

from .players import Records, Statement

PUZZLE_COLUMNS = "id, mode, rules_key, source, day, themes, data, rating, rd, vol, plays, solved"


def _puzzle(row: Any) -> dict[str, Any]:
    return {"id": row["id"], "mode": row["mode"], "rules_key": row["rules_key"],
            "source": row["source"], "day": row["day"], "themes": row["themes"].split(),
            "data": json.loads(row["data"]), "rating": float(row["rating"]),
            "rd": float(row["rd"]), "vol": float(row["vol"]), "plays": int(row["plays"]),
            "solved": int(row["solved"])}


class PuzzleRecords(Records, Protocol):
    """Puzzles and their ratings, on top of a store's ``_rows`` and ``_change``."""

    # -- mining ------------------------------------------------------------------------------

    def unmined_games(self, modes: Sequence[str], today: str,
                      limit: int = 20) -> list[str]:
        """Finished games of ``modes`` not mined yet, oldest first, leaving out every daily
        game whose day is not over (``today`` or later)."""
        marks = ", ".join("?" for _ in modes)
        rows = self._rows(
            "SELECT g.id FROM games g LEFT JOIN puzzle_sources s ON s.game_id = g.id "
            "LEFT JOIN daily_entries d ON d.game_id = g.id "
            f"WHERE g.status = 'finished' AND g.mode IN ({marks}) AND s.game_id IS NULL "
            "AND (d.day IS NULL OR d.day < ?) AND (g.kind <> 'daily' OR d.day IS NOT NULL) "
            "ORDER BY g.finished_at, g.id LIMIT ?", (*modes, today, limit))
        return [str(r["id"]) for r in rows]

    def put_puzzles(self, game_id: str, puzzles: Sequence[dict[str, Any]], at: float,
                    start: tuple[float, float, float]) -> int:
        """Keep the puzzles mined from a game (each: ``id``, ``mode``, ``rules_key``,
        ``source``, ``day``, ``themes``, ``data``) at the starting rating ``start``, and
        mark the game mined; a puzzle already kept stays as it is. Returns how many are
        new."""
        statements: list[Statement] = [
            ("INSERT INTO puzzles (id, mode, rules_key, source, day, themes, data, rating, "
             "rd, vol, plays, solved, version, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, "
             "?, ?, 0, 0, '', ?) ON CONFLICT (id) DO NOTHING",
             (p["id"], p["mode"], p["rules_key"], p["source"], p["day"],
              " ".join(p["themes"]), json.dumps(p["data"], sort_keys=True), *start, at))
            for p in puzzles]
        statements.append(("INSERT INTO puzzle_sources (game_id, mined_at, found) VALUES "
                           "(?, ?, ?) ON CONFLICT (game_id) DO NOTHING",
                           (game_id, at, len(puzzles))))
        return sum(self._change(statements)[:-1])

    # -- reading -----------------------------------------------------------------------------

    def puzzle(self, puzzle_id: str) -> dict[str, Any] | None:
        """One puzzle, with its rating and counts."""
        rows = self._rows(f"SELECT {PUZZLE_COLUMNS} FROM puzzles WHERE id = ?", (puzzle_id,))
        return _puzzle(rows[0]) if rows else None

    def next_puzzle(self, mode: str, today: str, rating: float, theme: str | None = None,
                    profile_id: str | None = None, skip: Sequence[str] = ()
                    ) -> dict[str, Any] | None:
        """The puzzle of ``mode`` nearest in rating to ``rating`` (of ``theme``) that the
        profile has not answered, none from a daily game whose day is not over; ``skip``:
        ids to leave out (the ones just seen)."""
        where = ["mode = ?", "(day IS NULL OR day < ?)"]
        params: list[Any] = [mode, today]
        if theme:
            where.append("(' ' || themes || ' ') LIKE ?")
            params.append(f"% {theme} %")
        if profile_id:
            where.append("NOT EXISTS (SELECT 1 FROM puzzle_attempts a WHERE a.puzzle_id = "
                         "puzzles.id AND a.profile_id = ?)")
            params.append(profile_id)
        if skip:
            where.append(f"id NOT IN ({', '.join('?' for _ in skip)})")
            params.extend(skip)
        rows = self._rows(f"SELECT {PUZZLE_COLUMNS} FROM puzzles WHERE {' AND '.join(where)} "
                          "ORDER BY ABS(rating - ?), id LIMIT 1", (*params, rating))
        return _puzzle(rows[0]) if rows else None

    def puzzle_themes(self, mode: str, today: str) -> dict[str, int]:
        """How many puzzles of ``mode`` each theme has."""
        counts: dict[str, int] = {}
        for row in self._rows("SELECT themes FROM puzzles WHERE mode = ? AND (day IS NULL OR "
                              "day < ?)", (mode, today)):
            for theme in str(row["themes"]).split():
                counts[theme] = counts.get(theme, 0) + 1
        return counts

    def puzzle_count(self, mode: str | None = None) -> int:
        """How many puzzles there are (of ``mode``)."""
        sql, params = "SELECT COUNT(*) AS n FROM puzzles", tuple[Any, ...]()
        if mode is not None:
            sql, params = sql + " WHERE mode = ?", (mode,)
        return int(self._rows(sql, params)[0]["n"])

    # -- answering ---------------------------------------------------------------------------

    def puzzle_rating(self, profile_id: str, mode: str) -> dict[str, Any] | None:
        """A profile's puzzle rating in ``mode`` (rating, rd, vol, attempts), if it has
        one."""
        rows = self._rows("SELECT rating, rd, vol, attempts FROM puzzle_ratings WHERE "
                          "profile_id = ? AND mode = ?", (profile_id, mode))
        return dict(rows[0]) if rows else None

    def puzzle_ratings(self, profile_id: str) -> dict[str, dict[str, Any]]:
        """Every puzzle rating of a profile, by mode."""
        return {str(r["mode"]): {k: r[k] for k in ("rating", "rd", "vol", "attempts")}
                for r in self._rows("SELECT mode, rating, rd, vol, attempts FROM "
                                    "puzzle_ratings WHERE profile_id = ?", (profile_id,))}

    def answered(self, profile_id: str, puzzle_id: str) -> dict[str, Any] | None:
        """The profile's rated answer to a puzzle, if it gave one."""
        rows = self._rows("SELECT choice, regret, solved, rating_before, rating_after, at "
                          "FROM puzzle_attempts WHERE profile_id = ? AND puzzle_id = ?",
                          (profile_id, puzzle_id))
        if not rows:
            return None
        return {**dict(rows[0]), "choice": json.loads(rows[0]["choice"]),
                "solved": bool(rows[0]["solved"])}

    def rate_answer(self, profile_id: str, puzzle: dict[str, Any], choice: Any,
                    regret: float, solved: bool, player_before: tuple[float, float, float],
                    player_after: tuple[float, float, float],
                    puzzle_after: tuple[float, float, float], at: float) -> bool:
        """Keep a profile's first answer to a puzzle with both new ratings, in one
        transaction; False (nothing written) when the profile answered it before or the
        puzzle's rating changed since ``puzzle`` was read (read it again and retry)."""
        token = secrets.token_hex(8)
        counts = self._change([
            ("UPDATE puzzles SET rating = ?, rd = ?, vol = ?, plays = plays + 1, "
             "solved = solved + ?, version = ? WHERE id = ? AND plays = ? AND NOT EXISTS "
             "(SELECT 1 FROM puzzle_attempts a WHERE a.profile_id = ? AND a.puzzle_id = ?)",
             (*puzzle_after, int(solved), token, puzzle["id"], puzzle["plays"], profile_id,
              puzzle["id"])),
            ("INSERT INTO puzzle_attempts (profile_id, puzzle_id, mode, choice, regret, "
             "solved, rating_before, rating_after, at) SELECT ?, ?, ?, ?, ?, ?, ?, ?, ? "
             "WHERE EXISTS (SELECT 1 FROM puzzles WHERE id = ? AND version = ?)",
             (profile_id, puzzle["id"], puzzle["mode"], json.dumps(choice, sort_keys=True),
              regret, int(solved), player_before[0], player_after[0], at, puzzle["id"],
              token)),
            ("INSERT INTO puzzle_ratings (profile_id, mode, rating, rd, vol, attempts) "
             "SELECT ?, ?, ?, ?, ?, 1 WHERE EXISTS (SELECT 1 FROM puzzles WHERE id = ? AND "
             "version = ?) ON CONFLICT (profile_id, mode) DO UPDATE SET rating = "
             "excluded.rating, rd = excluded.rd, vol = excluded.vol, attempts = "
             "puzzle_ratings.attempts + 1",
             (profile_id, puzzle["mode"], *player_after, puzzle["id"], token))])
        return counts[0] == 1

    def puzzle_history(self, profile_id: str, limit: int = 100) -> list[dict[str, Any]]:
        """A profile's rated answers, newest first."""
        return [{**dict(r), "solved": bool(r["solved"])} for r in self._rows(
            "SELECT a.puzzle_id, a.mode, a.regret, a.solved, a.rating_before, "
            "a.rating_after, a.at, p.themes FROM puzzle_attempts a JOIN puzzles p ON "
            "p.id = a.puzzle_id WHERE a.profile_id = ? ORDER BY a.at DESC LIMIT ?",
            (profile_id, limit))]

    # -- the daily puzzle --------------------------------------------------------------------

    def daily_puzzle(self, day: str, mode: str, before: float) -> dict[str, Any] | None:
        """The puzzle of the day for ``mode``, the same for everyone: chosen once, the
        first time it is asked for, among the puzzles kept before the day began
        (``before``) and not from a daily game of that day or later."""
        rows = self._rows("SELECT puzzle_id FROM daily_puzzles WHERE day = ? AND mode = ?",
                          (day, mode))
        if not rows:
            ids = [str(r["id"]) for r in self._rows(
                "SELECT id FROM puzzles WHERE mode = ? AND created_at < ? AND (day IS NULL "
                "OR day < ?)", (mode, before, day))]
            if not ids:
                return None
            pick = min(ids, key=lambda i: hashlib.sha256(f"{day}/{mode}/{i}".encode())
                       .hexdigest())
            self._change([("INSERT INTO daily_puzzles (day, mode, puzzle_id) VALUES "
                           "(?, ?, ?) ON CONFLICT (day, mode) DO NOTHING", (day, mode, pick))])
            rows = self._rows("SELECT puzzle_id FROM daily_puzzles WHERE day = ? AND "
                              "mode = ?", (day, mode))
        return self.puzzle(str(rows[0]["puzzle_id"]))
