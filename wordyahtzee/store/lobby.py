"""Profiles at tables, the lobby of open tables and the ratings, written once for both back
ends (on the primitives of :class:`~wordyahtzee.store.players.Records`).

A lobby entry is an open table: its mode, rules, pace (live or slow), number of seats and
whether it is rated. Players join it in turn (``lobby_players``: the seat is the next free
number, and the primary key refuses a second player on one seat, so two joiners racing for
the last seat cannot both have it). When the last seat is taken, the table is made and its
id written onto the entry, once.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from .players import Records

LOBBY_SIZE = 100
"""The most open tables the lobby lists."""
WATCH_SIZE = 20
"""The most public tables the lobby lists for watching."""


def _lobby(row: Any, players: list[dict[str, Any]]) -> dict[str, Any]:
    return {"id": row["id"], "mode": row["mode"], "rules": json.loads(row["rules"]),
            "rules_key": row["rules_key"], "pace": row["pace"],
            "idle_seconds": row["idle_seconds"], "seats": row["seats"],
            "rated": bool(row["rated"]), "public": bool(row["public"]),
            "created_at": row["created_at"],
            "game_id": row["game_id"], "players": players}


class LobbyRecords(Records, Protocol):
    """Seats held by profiles, the lobby and the ratings."""

    # -- profiles at tables ------------------------------------------------------------------

    def set_seat_profile(self, game_id: str, seat: int, profile_id: str) -> bool:
        """Record that a profile holds a seat (once: a seat's profile never changes)."""
        return self._change([("INSERT INTO seat_profiles (game_id, seat, profile_id) VALUES "
                              "(?, ?, ?) ON CONFLICT (game_id, seat) DO NOTHING",
                              (game_id, seat, profile_id))])[0] > 0

    def seat_profiles(self, game_id: str) -> dict[int, str]:
        """The profile of each seat that has one."""
        return {int(r["seat"]): r["profile_id"] for r in self._rows(
            "SELECT seat, profile_id FROM seat_profiles WHERE game_id = ?", (game_id,))}

    def profile_games(self, profile_id: str, status: str | None = None,
                      limit: int = 200) -> list[dict[str, Any]]:
        """The tables a profile sits at, most recently moved first (``status``: only those):
        game id, seat, mode, kind, status, rules key, times, the result, and whether the
        profile used a Tip (``aided``)."""
        sql = ("SELECT s.game_id, s.seat, g.mode, g.kind, g.status, g.rules_key, g.created_at, "
               "g.updated_at, g.finished_at, g.result, EXISTS (SELECT 1 FROM aided_seats a "
               "WHERE a.game_id = s.game_id AND a.seat = s.seat) AS aided FROM seat_profiles s "
               "JOIN games g ON g.id = s.game_id WHERE s.profile_id = ?")
        params: list[Any] = [profile_id]
        if status is not None:
            sql += " AND g.status = ?"
            params.append(status)
        rows = self._rows(sql + " ORDER BY g.updated_at DESC, g.id LIMIT ?",
                          [*params, max(1, min(int(limit), 500))])
        out = []
        for r in rows:
            result = r["result"]
            out.append({"game_id": r["game_id"], "seat": r["seat"], "mode": r["mode"],
                        "kind": r["kind"], "status": r["status"], "rules_key": r["rules_key"],
                        "created_at": r["created_at"], "updated_at": r["updated_at"],
                        "finished_at": r["finished_at"], "aided": bool(r["aided"]),
                        "result": json.loads(result) if isinstance(result, str) else result})
        return out

    # -- Tips ---------------------------------------------------------------------------------

    def mark_aided(self, game_id: str, seat: int) -> None:
        """Mark that the player of ``seat`` used a Tip in this game (high-score lists leave
        such games out unless asked, and mark them)."""
        self._change([("INSERT INTO aided_seats (game_id, seat) VALUES (?, ?) ON CONFLICT "
                       "(game_id, seat) DO NOTHING", (game_id, seat))])

    def aided_seats(self, game_id: str) -> set[int]:
        """The seats of a game that used a Tip."""
        return {int(r["seat"]) for r in self._rows(
            "SELECT seat FROM aided_seats WHERE game_id = ?", (game_id,))}

    # -- quick reactions ---------------------------------------------------------------------

    def add_reaction(self, game_id: str, seat: int, emote: str, at: float,
                     keep_seconds: float = 3600.0) -> None:
        """Keep a seat's quick reaction for every process's viewers (and forget those older
        than ``keep_seconds``)."""
        self._change([("DELETE FROM reactions WHERE at < ?", (at - keep_seconds,)),
                      ("INSERT INTO reactions (game_id, seat, emote, at) VALUES (?, ?, ?, ?)",
                       (game_id, seat, emote, at))])

    def reactions_since(self, game_ids: Sequence[str], since: float) -> list[dict[str, Any]]:
        """The reactions at these tables after ``since``, oldest first."""
        if not game_ids:
            return []
        marks = ", ".join("?" * len(game_ids))
        return [{"game_id": r["game_id"], "seat": int(r["seat"]), "emote": r["emote"],
                 "at": r["at"]} for r in self._rows(
            f"SELECT game_id, seat, emote, at FROM reactions WHERE at > ? AND game_id IN "
            f"({marks}) ORDER BY at", [since, *game_ids])]

    # -- the lobby ---------------------------------------------------------------------------

    def open_lobby(self, entry: Mapping[str, Any], profile_id: str, at: float) -> None:
        """Open a table in the lobby (``id``, ``mode``, ``rules``, ``rules_key``, ``pace``,
        ``idle_seconds``, ``seats``, ``rated``, ``public``) with its first player on seat
        0."""
        self._change([
            ("INSERT INTO lobby (id, mode, rules, rules_key, pace, idle_seconds, seats, rated,"
             " public, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
             (entry["id"], entry["mode"], json.dumps(dict(entry["rules"])), entry["rules_key"],
              entry["pace"], float(entry["idle_seconds"]), int(entry["seats"]),
              int(bool(entry["rated"])), int(bool(entry.get("public"))), at)),
            ("INSERT INTO lobby_players (lobby_id, seat, profile_id, joined_at) "
             "VALUES (?, 0, ?, ?)", (entry["id"], profile_id, at))])

    def join_lobby(self, lobby_id: str, profile_id: str, at: float) -> bool:
        """Take the next free seat of an open table; False when it is full, started, gone,
        or the profile sits there already (or another joiner took the seat first)."""
        return self._change([(
            "INSERT INTO lobby_players (lobby_id, seat, profile_id, joined_at) "
            "SELECT ?, (SELECT COALESCE(MAX(seat), -1) + 1 FROM lobby_players "
            "WHERE lobby_id = ?), ?, ? WHERE (SELECT COUNT(*) FROM lobby_players "
            "WHERE lobby_id = ?) < (SELECT seats FROM lobby WHERE id = ? AND game_id IS NULL) "
            "ON CONFLICT DO NOTHING",
            (lobby_id, lobby_id, profile_id, at, lobby_id, lobby_id))])[0] > 0

    def leave_lobby(self, lobby_id: str, profile_id: str) -> bool:
        """Leave a table that has not started; the table closes when its last player
        leaves."""
        counts = self._change([
            ("DELETE FROM lobby_players WHERE lobby_id = ? AND profile_id = ? AND lobby_id IN "
             "(SELECT id FROM lobby WHERE game_id IS NULL)", (lobby_id, profile_id)),
            ("DELETE FROM lobby WHERE id = ? AND game_id IS NULL AND id NOT IN "
             "(SELECT lobby_id FROM lobby_players)", (lobby_id,))])
        return counts[0] > 0

    def start_lobby(self, lobby_id: str, game_id: str) -> bool:
        """Write the table made for a full entry onto it (once)."""
        return self._change([("UPDATE lobby SET game_id = ? WHERE id = ? AND game_id IS NULL",
                              (game_id, lobby_id))])[0] > 0

    def lobby_entry(self, lobby_id: str) -> dict[str, Any] | None:
        """An entry with its players (seat, profile id, name) in seat order."""
        rows = self._rows("SELECT * FROM lobby WHERE id = ?", (lobby_id,))
        if not rows:
            return None
        return _lobby(rows[0], self._lobby_players([lobby_id]).get(lobby_id, []))

    def open_lobbies(self, mode: str | None = None, limit: int = LOBBY_SIZE
                     ) -> list[dict[str, Any]]:
        """The tables waiting for players, oldest first (``mode``: only its)."""
        sql, params = "SELECT * FROM lobby WHERE game_id IS NULL", []
        if mode is not None:
            sql += " AND mode = ?"
            params.append(mode)
        rows = self._rows(sql + " ORDER BY created_at, id LIMIT ?",
                          [*params, max(1, min(int(limit), LOBBY_SIZE))])
        players = self._lobby_players([r["id"] for r in rows])
        return [_lobby(r, players.get(r["id"], [])) for r in rows]

    def public_tables(self, mode: str | None = None, limit: int = WATCH_SIZE
                      ) -> list[dict[str, Any]]:
        """The tables the lobby started whose players made them public and that are being
        played, most recently moved first (``mode``: only its): game id, mode, rules, pace
        and the players' names in seat order."""
        sql = ("SELECT l.game_id, l.mode, l.rules, l.pace FROM lobby l JOIN games g "
               "ON g.id = l.game_id WHERE l.public = 1 AND g.status = 'active'")
        params: list[Any] = []
        if mode is not None:
            sql += " AND l.mode = ?"
            params.append(mode)
        rows = self._rows(sql + " ORDER BY g.updated_at DESC, g.id LIMIT ?",
                          [*params, max(1, min(int(limit), WATCH_SIZE))])
        names: dict[str, list[str]] = {}
        if rows:
            marks = ", ".join("?" * len(rows))
            for r in self._rows(f"SELECT game_id, name FROM seats WHERE game_id IN ({marks}) "
                                "ORDER BY game_id, seat", [r["game_id"] for r in rows]):
                names.setdefault(r["game_id"], []).append(r["name"])
        return [{"game_id": r["game_id"], "mode": r["mode"], "rules": json.loads(r["rules"]),
                 "pace": r["pace"], "players": names.get(r["game_id"], [])} for r in rows]

    def _lobby_players(self, ids: Sequence[str]) -> dict[str, list[dict[str, Any]]]:
        if not ids:
            return {}
        marks = ", ".join("?" * len(ids))
        out: dict[str, list[dict[str, Any]]] = {}
        for r in self._rows(
                "SELECT p.lobby_id, p.seat, p.profile_id, f.name FROM lobby_players p "
                f"JOIN profiles f ON f.id = p.profile_id WHERE p.lobby_id IN ({marks}) "
                "ORDER BY p.lobby_id, p.seat", list(ids)):
            out.setdefault(r["lobby_id"], []).append(
                {"seat": r["seat"], "profile_id": r["profile_id"], "name": r["name"]})
        return out

    # -- ratings -------------------------------------------------------------------------------

    def ratings(self, profile_ids: Sequence[str], mode: str) -> dict[str, dict[str, Any]]:
        """The rating of each of these profiles in ``mode`` that has one: ``rating``,
        ``rd``, ``volatility``, ``games``."""
        if not profile_ids:
            return {}
        marks = ", ".join("?" * len(profile_ids))
        return {r["profile_id"]: {"rating": r["rating"], "rd": r["rd"],
                                  "volatility": r["volatility"], "games": r["games"]}
                for r in self._rows(f"SELECT * FROM ratings WHERE mode = ? AND profile_id IN "
                                    f"({marks})", [mode, *profile_ids])}

    def profile_ratings(self, profile_id: str) -> dict[str, dict[str, Any]]:
        """A profile's rating per mode."""
        return {r["mode"]: {"rating": r["rating"], "rd": r["rd"],
                            "volatility": r["volatility"], "games": r["games"]}
                for r in self._rows("SELECT * FROM ratings WHERE profile_id = ?",
                                    (profile_id,))}

    def rate_game(self, game_id: str, mode: str,
                  updates: Mapping[str, tuple[float, float, float]], at: float) -> bool:
        """Store the new ratings a finished game gave (profile → rating, rd, volatility),
        once per game: False when the game was rated already (by another process)."""
        guard = "NOT EXISTS (SELECT 1 FROM rated_games WHERE game_id = ?)"
        counts = self._change([
            *((f"INSERT INTO ratings (profile_id, mode, rating, rd, volatility, games, "
               f"updated_at) SELECT ?, ?, ?, ?, ?, 1, ? WHERE {guard} ON CONFLICT "
               "(profile_id, mode) DO UPDATE SET rating = excluded.rating, rd = excluded.rd, "
               "volatility = excluded.volatility, games = ratings.games + 1, "
               "updated_at = excluded.updated_at",
               (profile, mode, *values, at, game_id)) for profile, values in updates.items()),
            ("INSERT INTO rated_games (game_id, at) VALUES (?, ?) ON CONFLICT (game_id) "
             "DO NOTHING", (game_id, at))])
        return counts[-1] > 0
