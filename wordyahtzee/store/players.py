"""Profiles, the server's secrets and the daily game, written once for both back ends.

:class:`PlayerRecords` is mixed into each store; the store gives it two primitives,
``_rows(sql, params)`` (a read) and ``_change(statements)`` (writes in one transaction,
their row counts), and the SQL here uses ``?`` placeholders (PostgreSQL's store converts
them). Every list is read through an index (docs/storage.md): the day's board through
``daily_loss`` (day, mode, loss), a profile's days through ``daily_of_profile``.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

Statement = tuple[str, Sequence[Any]]

BOARD_SIZE = 100
"""The most entries a day's board lists."""
LISTED_CHECKS = ("clear", "cleared")
"""The finished daily games the board, the ranks and the histogram count: checked and
clear, or cleared by a moderator (docs/daily.md, "Fair play"). A check is None until the
game is judged, and ``flagged`` or ``confirmed`` keeps a result off the board."""
LISTED = "check_state IN (" + ", ".join(f"'{state}'" for state in LISTED_CHECKS) + ")"
ON_BOARD = (f"e.{LISTED} AND e.loss IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "
            "engine_holds h WHERE h.profile_id = e.profile_id AND h.mode = e.mode AND "
            "h.state IN ('held', 'confirmed'))")
"""A daily entry ``e`` on its day's board: finished, checked and clear (or cleared), its
expected points lost measured, and its profile not held for engine play in the mode
(:data:`~wordyahtzee.store.engine.HOLDING`; docs/daily.md, "Fair play")."""


def profile_owner(profile_id: str) -> str:
    """The owner key of a profile (:mod:`wordyahtzee.store.owned`)."""
    return f"p:{profile_id}"


def _entry(row: Any) -> dict[str, Any]:
    return {"day": row["day"], "mode": row["mode"], "game_id": row["game_id"],
            "started_at": row["started_at"], "score": row["score"],
            "finished_at": row["finished_at"], "check": row["check_state"],
            "skill": row["skill"], "loss": row["loss"], "profile_id": row["profile_id"]}


class Records(Protocol):
    """The two primitives a store gives the records written once for both back ends."""

    def _rows(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        """The rows of a read (``?`` placeholders), indexable by column name."""
        raise NotImplementedError

    def _change(self, statements: Sequence[Statement]) -> list[int]:
        """Run writes in one transaction; the row count of each."""
        raise NotImplementedError


class PlayerRecords(Records, Protocol):
    """Profiles and the daily game on top of a store's ``_rows`` and ``_change`` (a part of
    the :class:`~wordyahtzee.store.Store` protocol that both back ends inherit)."""

    # -- secrets ---------------------------------------------------------------------------

    def secret(self, name: str) -> bytes:
        """The server secret ``name`` (32 random bytes made on first use, the same for every
        process of this database; never served)."""
        self._change([("INSERT INTO secrets (name, value) VALUES (?, ?) ON CONFLICT (name) "
                       "DO NOTHING", (name, secrets.token_hex(32)))])
        row = self._rows("SELECT value FROM secrets WHERE name = ?", (name,))[0]
        return bytes.fromhex(row["value"])

    # -- profiles --------------------------------------------------------------------------

    def create_profile(self, profile_id: str, name: str, secret_hash: str, at: float) -> None:
        """Keep a new profile: its id, chosen name and the hash of its secret."""
        self._change([("INSERT INTO profiles (id, name, secret_hash, created_at) "
                       "VALUES (?, ?, ?, ?)", (profile_id, name, secret_hash, at))])

    def profile_by_secret(self, secret_hash: str) -> dict[str, Any] | None:
        """The profile whose secret hashes to ``secret_hash`` (id, name, created_at)."""
        rows = self._rows("SELECT id, name, created_at FROM profiles WHERE secret_hash = ?",
                          (secret_hash,))
        return dict(rows[0]) if rows else None

    def rename_profile(self, profile_id: str, name: str) -> bool:
        """Give a profile a new name; False when there is no such profile or a moderator
        hid its name (it keeps the placeholder)."""
        return self._change([("UPDATE profiles SET name = ? WHERE id = ? AND "
                              "hidden_name IS NULL",
                              (name, profile_id))])[0] > 0

    def delete_profile(self, profile_id: str) -> bool:
        """Delete a profile with all its data: its daily entries and their games (events,
        seats, scores), its seats at other tables (the games stay, for the other players),
        its ratings, the engine-play check's records of it and its hold, its places in the
        lobby and its own dice sets (the games played with
        one keep their copy); a dictionary it uploaded stays, owned by nobody (games name
        it), reached by its link only. False when there is no such profile."""
        games = "SELECT game_id FROM daily_entries WHERE profile_id = ?"
        counts = self._change([
            *((f"DELETE FROM {table} WHERE game_id IN ({games})", (profile_id,))
              for table in ("events", "seats", "high_scores")),
            (f"DELETE FROM games WHERE id IN ({games})", (profile_id,)),
            *((f"DELETE FROM {table} WHERE profile_id = ?", (profile_id,))
              for table in ("daily_entries", "seat_profiles", "ratings", "lobby_players",
                            "play_checks", "engine_holds")),
            ("DELETE FROM lobby WHERE game_id IS NULL AND id NOT IN "
             "(SELECT lobby_id FROM lobby_players)", ()),
            ("DELETE FROM dice_sets WHERE owner = ?", (profile_owner(profile_id),)),
            ("UPDATE owned_dictionaries SET owner = '' WHERE owner = ?",
             (profile_owner(profile_id),)),
            ("DELETE FROM owners WHERE owner = ?", (profile_owner(profile_id),)),
            ("DELETE FROM profiles WHERE id = ?", (profile_id,))])
        return counts[-1] > 0

    # -- the daily game ------------------------------------------------------------------------

    def daily_par(self, day: str, mode: str) -> dict[str, Any] | None:
        """The day's par: ``par``, the ``rules`` and the optimal player's ``record``."""
        rows = self._rows("SELECT par, rules, record FROM daily_days WHERE day = ? AND "
                          "mode = ?", (day, mode))
        if not rows:
            return None
        return {"par": rows[0]["par"], "rules": json.loads(rows[0]["rules"]),
                "record": json.loads(rows[0]["record"])}

    def put_daily_par(self, day: str, mode: str, par: int, rules: Mapping[str, Any],
                      record: Mapping[str, Any]) -> None:
        """Keep the day's par once (a second process computing it too changes nothing)."""
        self._change([("INSERT INTO daily_days (day, mode, par, rules, record) VALUES "
                       "(?, ?, ?, ?, ?) ON CONFLICT (day, mode) DO NOTHING",
                       (day, mode, int(par), json.dumps(dict(rules)),
                        json.dumps(dict(record), ensure_ascii=False)))])

    def start_daily(self, day: str, mode: str, profile_id: str, game_id: str,
                    at: float) -> bool:
        """Record a profile's attempt at the day's game, and its seat at the game's table,
        in one transaction; False when it has an attempt already."""
        return self._change([
            ("INSERT INTO daily_entries (day, mode, profile_id, game_id, started_at) "
             "VALUES (?, ?, ?, ?, ?) ON CONFLICT (day, mode, profile_id) DO NOTHING",
             (day, mode, profile_id, game_id, at)),
            ("INSERT INTO seat_profiles (game_id, seat, profile_id) SELECT ?, 0, ? WHERE "
             "EXISTS (SELECT 1 FROM daily_entries WHERE game_id = ? AND profile_id = ?) "
             "ON CONFLICT (game_id, seat) DO NOTHING",
             (game_id, profile_id, game_id, profile_id))])[0] > 0

    def daily_entry(self, day: str, mode: str, profile_id: str) -> dict[str, Any] | None:
        """A profile's attempt at the day's game, if it made one."""
        rows = self._rows("SELECT * FROM daily_entries WHERE day = ? AND mode = ? AND "
                          "profile_id = ?", (day, mode, profile_id))
        return _entry(rows[0]) if rows else None

    def daily_board(self, day: str, mode: str, limit: int = BOARD_SIZE) -> list[dict[str, Any]]:
        """The day's finished games that are on the board (:data:`ON_BOARD`), best first:
        the fewest expected points lost; equal: who finished first."""
        rows = self._rows(
            "SELECT e.*, p.name FROM daily_entries e JOIN profiles p ON p.id = e.profile_id "
            f"WHERE e.day = ? AND e.mode = ? AND {ON_BOARD} "
            "ORDER BY e.loss, e.finished_at, e.game_id LIMIT ?",
            (day, mode, max(1, min(int(limit), BOARD_SIZE))))
        return [{**_entry(r), "name": r["name"]} for r in rows]

    def daily_rank(self, day: str, mode: str, loss: float) -> int:
        """The place on the day's board of a game that lost ``loss`` expected points (1:
        the best; games that lost as many share a place)."""
        rows = self._rows(
            "SELECT COUNT(*) AS n FROM daily_entries e WHERE e.day = ? AND e.mode = ? AND "
            f"{ON_BOARD} AND e.loss < ?", (day, mode, loss))
        return int(rows[0]["n"]) + 1

    def daily_scores(self, day: str, mode: str) -> dict[int, int]:
        """How many games on the day's board made each score."""
        return {int(r["score"]): int(r["n"]) for r in self._rows(
            "SELECT e.score, COUNT(*) AS n FROM daily_entries e WHERE e.day = ? AND "
            f"e.mode = ? AND {ON_BOARD} GROUP BY e.score", (day, mode))}

    def daily_days(self, mode: str, before: str, limit: int = 60) -> list[dict[str, Any]]:
        """Past days of ``mode`` before ``before``, newest first: the par, how many games
        on the board and the fewest expected points one of them lost (``best``)."""
        rows = self._rows(
            "SELECT d.day, d.par, (SELECT COUNT(*) FROM daily_entries e WHERE e.day = d.day "
            f"AND e.mode = d.mode AND {ON_BOARD}) AS players, "
            "(SELECT MIN(e.loss) FROM daily_entries e WHERE e.day = d.day AND "
            f"e.mode = d.mode AND {ON_BOARD}) AS best "
            "FROM daily_days d WHERE d.mode = ? AND d.day < ? ORDER BY d.day DESC LIMIT ?",
            (mode, before, max(1, min(int(limit), 366))))
        return [{"day": r["day"], "par": r["par"], "players": int(r["players"]),
                 "best": r["best"]} for r in rows]

    def profile_dailies(self, profile_id: str, limit: int = 366) -> list[dict[str, Any]]:
        """A profile's daily games, newest first, each with the day's par (None while it is
        not known)."""
        rows = self._rows(
            "SELECT e.*, d.par FROM daily_entries e LEFT JOIN daily_days d ON d.day = e.day "
            "AND d.mode = e.mode WHERE e.profile_id = ? ORDER BY e.day DESC, e.mode LIMIT ?",
            (profile_id, max(1, min(int(limit), 366))))
        return [{**_entry(r), "par": r["par"]} for r in rows]

    # -- skill -----------------------------------------------------------------------------

    def put_daily_skill(self, game_id: str, figure: float) -> bool:
        """Keep the skill figure of a finished daily game (the first one: a second process
        computing it too changes nothing); False when it had one, or is not finished."""
        return self._change([
            ("UPDATE daily_entries SET skill = ? WHERE game_id = ? AND score IS NOT NULL "
             "AND skill IS NULL", (float(figure), game_id))])[0] > 0

    def daily_skills(self, day: str, mode: str) -> list[float]:
        """The skill figures of the day's games on the board (:data:`ON_BOARD`: the
        players the board counts), lowest first."""
        return sorted(float(r["skill"]) for r in self._rows(
            "SELECT e.skill FROM daily_entries e WHERE e.day = ? AND e.mode = ? AND "
            f"e.score IS NOT NULL AND {ON_BOARD} AND e.skill IS NOT NULL", (day, mode)))

    def unfigured_dailies(self, limit: int = 20) -> list[dict[str, Any]]:
        """Finished daily games without a skill figure yet, the oldest first (through the
        index ``daily_skills``)."""
        return [_entry(r) for r in self._rows(
            "SELECT * FROM daily_entries WHERE skill IS NULL AND score IS NOT NULL "
            "ORDER BY finished_at LIMIT ?", (max(1, min(int(limit), 500)),))]

    # -- fair play -----------------------------------------------------------------------------

    def daily_entry_of(self, game_id: str) -> dict[str, Any] | None:
        """The daily entry whose game is ``game_id`` (with its profile's id and name and
        the check's evidence, ``result``), if there is one."""
        rows = self._rows("SELECT e.*, p.name FROM daily_entries e JOIN profiles p ON "
                          "p.id = e.profile_id WHERE e.game_id = ?", (game_id,))
        return _checked(rows[0]) if rows else None

    def check_daily(self, game_id: str, state: str, result: Mapping[str, Any]) -> bool:
        """Keep the first check of a finished daily game (a second process checking it
        too changes nothing); False when it was checked already."""
        return self._change([
            ("UPDATE daily_entries SET check_state = ?, check_result = ? WHERE game_id = ? "
             "AND score IS NOT NULL AND check_state IS NULL",
             (state, json.dumps(dict(result), ensure_ascii=False), game_id))])[0] > 0

    def measure_daily(self, game_id: str, loss: float) -> bool:
        """Keep the expected points a finished daily game lost (the review's total), once;
        False when it was kept already."""
        return self._change([
            ("UPDATE daily_entries SET loss = ? WHERE game_id = ? AND score IS NOT NULL "
             "AND loss IS NULL", (round(float(loss), 2), game_id))])[0] > 0

    def unchecked_dailies(self, limit: int = 20) -> list[dict[str, Any]]:
        """Finished daily games not checked yet, or listed and not measured yet (a result
        finished before the board was ranked by the points lost, say), the oldest first."""
        return [_entry(r) for r in self._rows(
            "SELECT * FROM daily_entries WHERE score IS NOT NULL AND (check_state IS NULL "
            f"OR (loss IS NULL AND {LISTED})) ORDER BY finished_at LIMIT ?",
            (max(1, min(int(limit), 500)),))]

    def daily_checks(self, states: Sequence[str], day: str | None = None,
                     mode: str | None = None) -> list[dict[str, Any]]:
        """The finished daily games whose check is in ``states`` (``day``, ``mode``: only
        those), newest first, with their players' names and evidence."""
        marks = ", ".join("?" for _ in states)
        sql = ("SELECT e.*, p.name FROM daily_entries e JOIN profiles p ON p.id = "
               f"e.profile_id WHERE e.check_state IN ({marks})")
        params: list[Any] = list(states)
        for column, value in (("day", day), ("mode", mode)):
            if value is not None:
                sql += f" AND e.{column} = ?"
                params.append(value)
        return [_checked(r) for r in self._rows(sql + " ORDER BY e.finished_at DESC, "
                                                "e.game_id LIMIT 500", params)]

    def moderate_daily(self, game_id: str, state: str, moderator: str, note: str,
                       at: float) -> bool:
        """A moderator's decision on a checked daily game (``cleared``: on the board;
        ``confirmed``: off it), with its line in the moderators' log, in one transaction;
        False when the game has no check to decide on."""
        return self._change([
            ("UPDATE daily_entries SET check_state = ? WHERE game_id = ? AND check_state "
             "IN ('flagged', 'cleared', 'confirmed')", (state, game_id)),
            ("INSERT INTO moderation_log (at, moderator, action, subject, note) SELECT "
             "?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM daily_entries WHERE game_id = ? "
             "AND check_state = ?)",
             (at, moderator, f"daily {state}", game_id, note, game_id, state))])[0] > 0

    def moderation_log(self, limit: int = 100) -> list[dict[str, Any]]:
        """The moderators' decisions, newest first: when, who, what, on what, and why."""
        return [dict(r) for r in self._rows(
            "SELECT at, moderator, action, subject, note FROM moderation_log "
            "ORDER BY at DESC LIMIT ?", (max(1, min(int(limit), 1000)),))]


def _checked(row: Any) -> dict[str, Any]:
    """A daily entry with its player's name and its check's evidence."""
    raw = row["check_result"]
    return {**_entry(row), "name": row["name"],
            "result": json.loads(raw) if raw else None}
