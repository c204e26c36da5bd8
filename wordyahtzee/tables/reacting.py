"""Quick reactions at online tables: a seat sends one of a few fixed emotes (no free text),
at most one every :data:`~.table.REACTION_GAP` seconds; every viewer sees it for
:data:`~.table.REACTION_SECONDS` in the table's state. A reaction is kept in the store, so
the viewers on other server processes get it on their ticker's next beat."""

from __future__ import annotations

from typing import Any

from ..errors import BadRequest, ServiceError
from .playing import Playing
from .table import REACTION_GAP, REACTION_SECONDS, REACTIONS, Table


class Reacting(Playing):
    """Quick reactions: sent, shown, and picked up from other processes."""

    def react(self, game_id: str, token: Any, emote: Any,
              secret: Any = None) -> dict[str, Any]:
        """Send ``emote`` (a key of :data:`~.table.REACTIONS`) for the token's seat
        (``secret``: the asking browser's profile, :meth:`~.playing.Playing.seats_of`)."""
        if not isinstance(emote, str) or emote not in REACTIONS:
            raise BadRequest("emote is one of: " + ", ".join(REACTIONS), "bad_option")
        table = self.seen_by(game_id, token, secret, fresh=False)
        if table.kind != "online":
            raise ServiceError("quick reactions are for online tables", "not_a_player")
        seats = self.player_seats(table, token, secret)
        seat, now = min(seats), self.clock()
        with table.lock:
            last = max((r["at"] for r in table.reactions if r["seat"] == seat), default=None)
            if last is not None and now - last < REACTION_GAP:
                raise ServiceError("one reaction every two seconds", "rate_limited")
            self.store.add_reaction(table.id, seat, emote, now)
            self._add_reactions(table, [{"seat": seat, "emote": emote, "at": now}])
        return {"seat": seat, "emote": emote, "at": now}

    def _add_reactions(self, table: Table, new: list[dict[str, Any]]) -> None:
        """Show reactions at a table (call under its lock), forget the old ones, and wake
        its viewers."""
        known = {(r["seat"], r["at"]) for r in table.reactions}
        fresh = [r for r in new if (r["seat"], r["at"]) not in known]
        cutoff = self.clock() - REACTION_SECONDS
        table.reactions = [r for r in [*table.reactions, *fresh] if r["at"] >= cutoff][-20:]
        if fresh:
            table.changed.notify_all()

    def recent_reactions(self, table: Table) -> list[dict[str, Any]]:
        """The reactions a state shows now: seat, emote key and its symbol, time."""
        cutoff = self.clock() - REACTION_SECONDS
        return [{**r, "symbol": REACTIONS[r["emote"]]} for r in table.reactions
                if r["at"] >= cutoff]

    def pick_up_reactions(self, tables: list[Table]) -> None:
        """The reactions other processes stored for these (watched, online) tables since
        the last beat (one query for all)."""
        online = [t for t in tables if t.kind == "online" and t.viewers]
        since = self.clock() - REACTION_SECONDS
        for item in self.store.reactions_since([t.id for t in online], since):
            table = next(t for t in online if t.id == item["game_id"])
            with table.lock:
                self._add_reactions(table, [item])
