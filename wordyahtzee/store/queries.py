"""The store's read queries, written once for both back ends.

Each function returns ``(sql, params)`` with ``?`` placeholders, as SQLite takes them;
:func:`for_postgres` turns them into psycopg's ``%s``. Orders are total (ties broken by
the row id), so both back ends list the same rows in the same order. What comes back is
read by the shared helpers below from rows that index by column name (``sqlite3.Row``,
psycopg's ``dict_row``); JSON columns are decoded by each back end, as their types differ.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from . import HighScore

Query = tuple[str, list[Any]]

GAME_COLUMNS = ("id, mode, kind, status, setup, created_at, updated_at, finished_at, "
                "result")
"""What :func:`list_games` reads of a game."""


def for_postgres(sql: str) -> str:
    """The same query with psycopg's placeholders (the queries hold no literal ``?``)."""
    return sql.replace("?", "%s")


def _limit(limit: int, most: int) -> int:
    return max(1, min(int(limit), most))


def list_games(status: str | None, limit: int,
               after: tuple[float, str] | None = None, profile: str | None = None) -> Query:
    """Recent games, newest first (``status``: only those; at most 500); ``after``: the
    ``(updated_at, id)`` of the last game of the page before, to list the next page;
    ``profile``: only the tables where that profile holds a seat. Daily games are never
    listed: their dice are everyone's that day."""
    sql, where = f"SELECT {GAME_COLUMNS} FROM games", ["kind <> 'daily'"]
    params: list[Any] = []
    if profile is not None:
        where.append("id IN (SELECT game_id FROM seat_profiles WHERE profile_id = ?)")
        params.append(profile)
    if status is not None:
        where.append("status = ?")
        params.append(status)
    if after is not None:
        where.append("(updated_at < ? OR (updated_at = ? AND id > ?))")
        params += [float(after[0]), float(after[0]), str(after[1])]
    sql += " WHERE " + " AND ".join(where)
    return sql + " ORDER BY updated_at DESC, id LIMIT ?", [*params, _limit(limit, 500)]


AIDED = ("EXISTS (SELECT 1 FROM seats s JOIN aided_seats a ON a.game_id = s.game_id AND "
         "a.seat = s.seat WHERE s.game_id = h.game_id AND s.name = h.player)")
"""Whether the player of a high-score row used a Tip in that game."""


def high_scores(mode: str, dictionary: str, rules: str, limit: int,
                kind: str | None, aided: bool | None = False) -> Query:
    """A high-score list, best first (equal scores: the earlier first; at most 100); the
    ``solo`` list also holds the score pads' games (kind ``pad``: real dice). ``aided``:
    False (the default) leaves out the games in which the player used a Tip, None lists
    them too (marked ``aided``). Daily games never enter: they have their day's board."""
    sql = (f"SELECT h.player, h.score, h.game_id, h.at, h.kind, {AIDED} AS aided "
           "FROM high_scores h WHERE h.mode = ? AND h.dictionary = ? AND h.rules_key = ? "
           "AND h.kind <> 'daily'")
    params: list[Any] = [mode, dictionary, rules]
    if kind == "solo":  # the solo list holds score pads too: games played with real dice
        sql += " AND h.kind IN ('solo', 'pad')"
    elif kind is not None:
        sql += " AND h.kind = ?"
        params.append(kind)
    if aided is False:
        sql += f" AND NOT {AIDED}"
    return (sql + " ORDER BY h.score DESC, h.at ASC, h.id ASC LIMIT ?",
            [*params, _limit(limit, 100)])


def profile_scores(profile: str, mode: str, dictionary: str, rules: str, limit: int) -> Query:
    """A profile's latest scores with these rules, newest first (at most 500): the lines of
    the seats it holds (a game's names differ, so its seat's name finds its line), never
    anyone else's of the same name."""
    return ("SELECT h.player, h.score, h.game_id, h.at, h.kind FROM seat_profiles p "
            "JOIN seats s ON s.game_id = p.game_id AND s.seat = p.seat "
            "JOIN high_scores h ON h.game_id = p.game_id AND h.player = s.name "
            "WHERE p.profile_id = ? AND h.mode = ? AND h.dictionary = ? AND h.rules_key = ? "
            "ORDER BY h.at DESC, h.id DESC LIMIT ?",
            [profile, mode, dictionary, rules, _limit(limit, 500)])


def high_score_lists(mode: str | None, collate: str = "") -> Query:
    """Every (mode, dictionary, rules key) with a list, its size and best score, in byte
    order of the names (``collate``: the clause that makes a back end sort by bytes);
    daily games make no list."""
    sql = ("SELECT mode, dictionary, rules_key, COUNT(*) AS n, MAX(score) AS best "
           "FROM high_scores WHERE kind <> 'daily'")
    params: list[Any] = []
    if mode is not None:
        sql += " AND mode = ?"
        params.append(mode)
    order = ", ".join(f"{column}{collate}" for column in ("mode", "dictionary", "rules_key"))
    return sql + f" GROUP BY mode, dictionary, rules_key ORDER BY {order}", params


def finished_games(mode: str, kind: str | None) -> tuple[Query, Query]:
    """For :func:`~wordyahtzee.store.rank_wins`: the finished games of ``mode`` (``kind``:
    only those; never daily games) in the order they ended, and their human seats that
    entered the high scores (whether each used a Tip: ``aided``): a seat the game ended
    without (away or gone at its end: no high-score line) counts neither a game nor a
    win."""
    where = ("g.mode = ? AND g.status = 'finished' AND g.result IS NOT NULL "
             "AND g.kind <> 'daily'")
    params: list[Any] = [mode]
    if kind is not None:
        where += " AND g.kind = ?"
        params.append(kind)
    return ((f"SELECT g.id, g.kind, g.finished_at, g.result FROM games g WHERE {where} "
             "ORDER BY g.finished_at, g.id", params),
            ("SELECT s.game_id, s.name, EXISTS (SELECT 1 FROM aided_seats a WHERE "
             "a.game_id = s.game_id AND a.seat = s.seat) AS aided FROM seats s JOIN games g "
             f"ON g.id = s.game_id WHERE {where} AND s.computer IS NULL AND EXISTS "
             "(SELECT 1 FROM high_scores h WHERE h.game_id = s.game_id AND "
             "h.player = s.name) ORDER BY s.game_id, s.seat", params))


def word_reports(dictionary: str | None) -> Query:
    """Every word report, oldest first (``dictionary``: only its)."""
    sql, params = "SELECT word, dictionary, kind, note, at FROM word_reports", []
    if dictionary is not None:
        sql += " WHERE dictionary = ?"
        params.append(dictionary)
    return sql + " ORDER BY id", params


def high_score(row: Any) -> HighScore:
    """A row of :func:`high_scores` or :func:`profile_scores`."""
    keys = row.keys()
    return HighScore(row["player"], row["score"], row["game_id"], row["at"], row["kind"],
                     bool(row["aided"]) if "aided" in keys else False)


def score_list(row: Any) -> dict[str, Any]:
    """A row of :func:`high_score_lists`."""
    return {"mode": row["mode"], "dictionary": row["dictionary"], "rules": row["rules_key"],
            "entries": int(row["n"]), "best": row["best"]}


def game_summary(row: Any, setup: Mapping[str, Any] | None,
                 result: Any) -> dict[str, Any]:
    """A row of :func:`list_games`, its setup and result decoded by the back end."""
    return {"id": row["id"], "mode": row["mode"], "kind": row["kind"], "status": row["status"],
            "players": (setup or {}).get("players", []),
            "rules": (setup or {}).get("rules") or {}, "created_at": row["created_at"],
            "updated_at": row["updated_at"], "finished_at": row["finished_at"],
            "result": result}
