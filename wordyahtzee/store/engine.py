"""The engine-play check's records, written once for both back ends: each judged seat of a
rated or daily game (``play_checks``: what :mod:`wordyahtzee.advisor.engine` reads of
it), and the profiles held for a moderator (``engine_holds``; docs/daily.md, "Engine
play").

:class:`EngineRecords` is mixed into each store on top of the same two primitives as
:class:`~wordyahtzee.store.players.PlayerRecords` (``_rows`` and ``_change``, ``?``
placeholders). A profile's games are read through the index ``play_checks_of`` (profile,
mode, when), the holds waiting through ``engine_holds_state``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from .players import Records

HOLDING = ("held", "confirmed")
"""The states of a hold that keep the profile's daily results of its mode off the board:
waiting for a moderator, or confirmed by one."""
DECIDED = ("cleared", "confirmed")
"""What a moderator may decide on a held profile."""


def _hold(row: Any) -> dict[str, Any]:
    return {"profile_id": row["profile_id"], "mode": row["mode"], "state": row["state"],
            "evidence": json.loads(row["evidence"]), "at": row["at"],
            "since": row["since"], "name": row["name"]}


class EngineRecords(Records, Protocol):
    """Judged seats and held profiles, on top of a store's ``_rows`` and ``_change``."""

    def put_play_check(self, game_id: str, seat: int, profile_id: str, mode: str,
                       kind: str, at: float, summary: Mapping[str, Any]) -> bool:
        """Keep the judgement of one seat of a finished rated (``kind`` ``rated``) or daily
        game once (``summary``: ``decisions``, ``loss``, ``expected``, ``variance``; no
        decisions: a game the check cannot judge, kept so that nobody judges it again);
        False when it was kept already."""
        return self._change([(
            "INSERT INTO play_checks (game_id, seat, profile_id, mode, kind, at, decisions, "
            "loss, expected, variance) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
            "ON CONFLICT (game_id, seat) DO NOTHING",
            (game_id, int(seat), profile_id, mode, kind, float(at),
             int(summary.get("decisions", 0)), float(summary.get("loss", 0.0)),
             float(summary.get("expected", 0.0)), float(summary.get("variance", 0.0))))])[0] > 0

    def play_checks(self, profile_id: str, mode: str, since: float = 0.0,
                    limit: int = 30) -> list[dict[str, Any]]:
        """A profile's judged games of ``mode`` that finished after ``since``, newest
        first (at most ``limit``), without the ones the check could not judge."""
        return [dict(r) for r in self._rows(
            "SELECT game_id, seat, kind, at, decisions, loss, expected, variance FROM "
            "play_checks WHERE profile_id = ? AND mode = ? AND at > ? AND decisions > 0 "
            "ORDER BY at DESC, game_id DESC LIMIT ?",
            (profile_id, mode, float(since), max(1, min(int(limit), 500))))]

    def unjudged_rated(self, limit: int = 20) -> list[str]:
        """Rated games the engine-play check has not judged yet (a process stopped before
        it did), the oldest first."""
        return [r["game_id"] for r in self._rows(
            "SELECT r.game_id FROM rated_games r WHERE NOT EXISTS (SELECT 1 FROM "
            "play_checks c WHERE c.game_id = r.game_id) ORDER BY r.at LIMIT ?",
            (max(1, min(int(limit), 500)),))]

    def engine_hold(self, profile_id: str, mode: str) -> dict[str, Any] | None:
        """The hold of a profile in ``mode``, if it ever had one."""
        rows = self._rows(
            "SELECT h.*, p.name FROM engine_holds h JOIN profiles p ON p.id = h.profile_id "
            "WHERE h.profile_id = ? AND h.mode = ?", (profile_id, mode))
        return _hold(rows[0]) if rows else None

    def hold_engine(self, profile_id: str, mode: str, evidence: Mapping[str, Any],
                    at: float) -> bool:
        """Hold a profile for a moderator in ``mode``, with the evidence: a first hold, or
        a new one after a moderator cleared it (never over a hold waiting or confirmed);
        False when it is held or confirmed already."""
        return self._change([(
            "INSERT INTO engine_holds (profile_id, mode, state, evidence, at, since) VALUES "
            "(?, ?, 'held', ?, ?, 0) ON CONFLICT (profile_id, mode) DO UPDATE SET "
            "state = 'held', evidence = excluded.evidence, at = excluded.at "
            "WHERE engine_holds.state = 'cleared'",
            (profile_id, mode, json.dumps(dict(evidence), ensure_ascii=False), at))])[0] > 0

    def engine_holds(self, states: Sequence[str], mode: str | None = None,
                     limit: int = 200) -> list[dict[str, Any]]:
        """The holds in ``states`` (``mode``: of that mode only), newest first, with their
        profiles' names and evidence."""
        marks = ", ".join("?" for _ in states)
        sql = ("SELECT h.*, p.name FROM engine_holds h JOIN profiles p ON p.id = "
               f"h.profile_id WHERE h.state IN ({marks})")
        params: list[Any] = list(states)
        if mode is not None:
            sql += " AND h.mode = ?"
            params.append(mode)
        params.append(max(1, min(int(limit), 1000)))
        return [_hold(r) for r in self._rows(sql + " ORDER BY h.at DESC, h.profile_id "
                                             "LIMIT ?", params)]

    def moderate_engine(self, profile_id: str, mode: str, state: str, moderator: str,
                        note: str, at: float) -> bool:
        """A moderator's decision on a held profile (``cleared``: its results count again,
        and its evidence starts anew from now; ``confirmed``: they stay off the board and
        its rated games rate nobody), with its line in the moderators' log, in one
        transaction; False when the profile has no hold to decide on."""
        subject = f"{profile_id} {mode}"
        return self._change([
            ("UPDATE engine_holds SET state = ?, at = ?, since = COALESCE(?, since) "
             "WHERE profile_id = ? AND mode = ?",
             (state, at, at if state == "cleared" else None, profile_id, mode)),
            ("INSERT INTO moderation_log (at, moderator, action, subject, note) SELECT "
             "?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM engine_holds WHERE profile_id = ? "
             "AND mode = ? AND state = ?)",
             (at, moderator, f"engine {state}", subject, note, profile_id, mode, state))
        ])[0] > 0
