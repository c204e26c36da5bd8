"""The host's controls (skip, remove or hand over a seat), invite links, who is at the
table, and rematches."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..advisor.coach import coach
from ..errors import BadRequest, ServiceError
from ..modes.contract import Leave, Skip
from ..store import Seat
from .playing import Playing
from .table import HOST_SEAT, Table


class Hosting(Playing):
    """What the host may do, and the links and presence of a table's seats."""

    def _host(self, table: Table, token: Any) -> None:
        if HOST_SEAT not in table.seats_for(token):
            raise ServiceError("only the table's host (the first seat) may do this",
                               "not_host")

    def _seat(self, table: Table, seat: Any) -> Seat:
        if type(seat) is not int or not 0 <= seat < len(table.seats):
            raise ServiceError(f"no seat {seat!r} at this table", "not_found")
        return table.seats[seat]

    def manage_seat(self, game_id: str, token: Any, seat: Any, action: str,
                    body: Mapping[str, Any]) -> dict[str, Any]:
        """The host's controls over another seat: ``skip`` its turn now, ``remove`` it
        (its turns are skipped from now on) or hand it to a ``computer`` (``{"level"}``)."""
        table = self.table(game_id)
        with table.lock:
            self._sync(table)
            self._host(table, token)
            target = self._seat(table, seat)
            game = table.game
            if game.finished:
                raise ServiceError("the game is over", "game_over", conflict=True)
            if action == "skip":
                if game.current_seat != target.seat:
                    raise ServiceError(f"it is not {target.name}'s turn", "not_their_turn")
                game.act(Skip("host"))
            elif action == "remove":
                if target.seat == HOST_SEAT:
                    raise BadRequest("the host cannot remove their own seat", "bad_request")
                game.act(Leave(target.seat))
            elif action == "computer":
                helper = coach(table.mode)
                level = body.get("level")
                if helper is None:
                    raise ServiceError(f"{table.mode} has no computer players", "no_computer")
                if level not in helper.levels:
                    raise BadRequest("level is one of: " + ", ".join(helper.levels),
                                     "bad_level")
                if target.computer is None and target.seat == HOST_SEAT:
                    raise BadRequest("the host keeps their own seat", "bad_request")
                self.store.set_computer(table.id, target.seat, level)
                table.seats[target.seat] = Seat(target.seat, target.name, "", level)
            else:
                raise ServiceError(f"no seat action {action!r}", "not_found")
            self._commit(table)
            self._expire(table)
            self._kick(table)
            table.changed.notify_all()
            return {"state": self.state(table)}

    def invites(self, game_id: str, token: Any) -> dict[str, Any]:
        """Every human seat's invite link, for the host only (on any device)."""
        table = self.seen_by(game_id, token, fresh=False)
        self._host(table, token)
        links: list[dict[str, Any]] = []
        for seat in table.seats:
            if seat.computer is not None:
                continue
            same = next((link for link in links if link["token"] == seat.token), None)
            if same is not None:
                same["seats"].append(seat.seat)
                continue
            links.append({"seats": [seat.seat], "name": seat.name, "token": seat.token,
                          "url": f"/games/{table.id}#seat={seat.token}"})
        return {"links": links, "watch_url": f"/games/{table.id}"}

    def watching(self, table: Table, token: Any) -> Callable[[], None]:
        """Count a live viewer at the seats its token holds (who is at the table now);
        returns the call that counts it out again."""
        seats = table.seats_for(token)
        with table.lock:
            table.viewers += 1
            for seat in seats:
                table.present[seat] = table.present.get(seat, 0) + 1
            if seats:
                table.changed.notify_all()

        def leave() -> None:
            with table.lock:
                table.viewers -= 1
                for seat in seats:
                    table.present[seat] = max(0, table.present.get(seat, 0) - 1)
                if seats:
                    table.changed.notify_all()
        return leave

    def rematch(self, game_id: str, token: Any) -> dict[str, Any]:
        """A new table with the same mode, kind, players and rules (made once: asking
        again returns it); the answer holds the asking seat's new link."""
        table = self.seen_by(game_id, token, fresh=False)
        mine = table.seats_for(token)
        if not mine:
            raise ServiceError("this link cannot act in this game (watching only)",
                               "not_a_player")
        with table.lock:
            if not table.game.finished:
                raise ServiceError("the game is not over yet", "game_not_over")
            if table.daily is not None:
                raise ServiceError("a daily game has no rematch: one attempt a day",
                                   "daily_played", conflict=True)
            # the pointer lives in the store: whichever process is asked, one rematch
            pointer = table.rematch or self.store.rematch_of(table.id)
            if pointer is None:
                players = [{"name": s.name, "computer": s.computer} if s.computer
                           else s.name for s in table.seats]
                body: dict[str, Any] = {"mode": table.mode, "kind": table.kind,
                                        "players": players, "rules": table.rules,
                                        "idle_seconds": table.idle_seconds}
                new, _ = self.create(body)
                # another process may have got there first: its table is the rematch
                # (ours stays unjoined and is abandoned in time)
                pointer = self.store.claim_rematch(table.id, new.id)
            if table.rematch != pointer:
                table.rematch = pointer
                table.changed.notify_all()
        new_table = self.table(pointer)
        seat = min(mine)
        link = new_table.seats[seat].token
        return {"id": new_table.id, "url": f"/games/{new_table.id}#seat={link}"}
