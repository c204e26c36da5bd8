"""The host's controls (skip, remove or hand over the seat of an absent player at an
unrated table), a player's way back to their seat, invite links, who is at the table, and
rematches."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..errors import BadRequest, ServiceError
from ..modes.contract import Skip
from ..modes.seating import HandOver, HostNote, Leave, Return
from ..store import Seat
from .playing import Playing
from .table import HOST_SEAT, Table


class Hosting(Playing):
    """What the host may do, and the links and presence of a table's seats."""

    def _host(self, table: Table, token: Any, secret: Any) -> None:
        if HOST_SEAT not in self.seats_of(table, token, secret):
            raise ServiceError("only the table's host (the first seat) may do this",
                               "not_host")

    def _seat(self, table: Table, seat: Any) -> Seat:
        if type(seat) is not int or not 0 <= seat < len(table.seats):
            raise ServiceError(f"no seat {seat!r} at this table", "not_found")
        return table.seats[seat]

    def manage_seat(self, game_id: str, token: Any, seat: Any, action: str,
                    body: Mapping[str, Any], secret: Any = None) -> dict[str, Any]:
        """The host's controls over another seat: ``skip`` its turn now, ``remove`` it
        (its turns are skipped from now on) or hand it to a ``computer`` (``{"level"}``),
        each only where :meth:`~.table.Table.host_refusal` allows: never at a rated table,
        elsewhere only on a player absent from the table. The event says who did it, how
        long the player had been away, and when; the player may come back
        (:meth:`return_seat`). ``secret``: the asking browser's profile."""
        table = self.seen_by(game_id, token, secret, fresh=False)
        with table.lock:
            self._sync(table)
            self._expire(table)
            self._host(table, token, secret)
            target = self._seat(table, seat)
            now, levels = self.clock(), self.computer_levels(table)
            refusal = table.host_refusal(target.seat, action, now, levels)
            if refusal is not None:
                raise refusal
            level = body.get("level")
            if action == "computer" and level not in levels:
                raise BadRequest("level is one of: " + ", ".join(levels), "bad_level")
            away = table.absent_for(target.seat, now)
            note = HostNote(HOST_SEAT, None if away is None else int(away), now)
            if action == "skip":
                table.game.act(Skip("host", note))
            elif action == "remove":
                table.game.act(Leave(target.seat, note))
            else:
                table.game.act(HandOver(target.seat, str(level), note))
            self._commit(table)  # the event first: the store refuses it if another wrote
            if action == "computer":
                self.store.set_computer(table.id, target.seat, str(level))
            return self._after_seat_change(table)

    def return_seat(self, game_id: str, token: Any, seat: Any,
                    secret: Any = None) -> dict[str, Any]:
        """The player of a seat the host removed, or handed to a computer, takes it back
        with the seat's own token while the game lasts: the seat plays again from its next
        turn (the computer's turn under way, if any, is the player's to finish). Anyone
        else learns nothing of the seat: today's daily game answers ``daily_hidden``
        first, and a token of another seat ``not_your_seat``, naming nobody."""
        table = self.seen_by(game_id, token, secret, fresh=False)
        with table.lock:
            self._sync(table)
            self._expire(table)
            target = self._seat(table, seat)
            if target.seat not in self.seats_of(table, token, secret, owned=True):
                raise ServiceError("only a seat's own link brings it back",
                                   "not_your_seat")
            self._came(table, {target.seat})
            if table.status != "active":
                raise ServiceError("the game is over", "game_over", conflict=True)
            computer = target.computer is not None
            if not computer and not table.game.seat_status(target.seat)[1]:
                raise ServiceError(f"{target.name} is at the table already: nothing to come "
                                   "back to", "at_table")
            table.game.act(Return(target.seat, self.clock()))
            self._commit(table)  # the seat is its player's again (Table.follow_seats)
            if computer:
                self.store.set_computer(table.id, target.seat, None)
            return self._after_seat_change(table)

    def _after_seat_change(self, table: Table) -> dict[str, Any]:
        """After a seat changed hands (under the lock): skip what is due now, start the
        computers, wake the viewers; the new state."""
        self._expire(table)
        self._kick(table)
        table.changed.notify_all()
        return {"state": self.state(table)}

    def invites(self, game_id: str, token: Any, secret: Any = None) -> dict[str, Any]:
        """Every human seat's invite link, for the host only (on any device). A table the
        lobby started has no invites: each seat's link is its profile's alone (the lobby
        and the profile's page give it), so the host gets only their own."""
        table = self.seen_by(game_id, token, secret, fresh=False)
        self._host(table, token, secret)
        mine = self.seats_of(table, token, secret)
        links: list[dict[str, Any]] = []
        for seat in table.seats:
            if seat.computer is not None or (table.lobby and seat.seat not in mine):
                continue
            same = next((link for link in links if link["token"] == seat.token), None)
            if same is not None:
                same["seats"].append(seat.seat)
                continue
            links.append({"seats": [seat.seat], "name": seat.name, "token": seat.token,
                          "url": f"/games/{table.id}#seat={seat.token}"})
        return {"links": links, "watch_url": f"/games/{table.id}"}

    def watching(self, table: Table, token: Any, secret: Any = None) -> Callable[[], None]:
        """Count a live viewer at the seats its token holds for the browser of ``secret``
        (:meth:`seats_of`: who is at the table now); returns the call that counts it out
        again."""
        # a seat a computer plays: its player is here too
        seats = self.seats_of(table, token, secret, owned=True)
        with table.lock:
            table.viewers += 1
            if seats:
                now = self.clock()
                table.resume(now)  # the table's clock goes on if it stood paused
                table.arrive(seats, now)
                for seat in seats:
                    table.present[seat] = table.present.get(seat, 0) + 1
                    table.absent_since.pop(seat, None)
                table.mark_absent(now)
                table.mark_clock(now)
                table.changed.notify_all()

        def leave() -> None:
            with table.lock:
                table.viewers -= 1
                if not seats:
                    return
                now = self.clock()
                for seat in seats:
                    table.present[seat] = max(0, table.present.get(seat, 0) - 1)
                    if not table.present[seat]:
                        table.absent_since[seat] = now  # away from now on
                if not any(table.present.values()):
                    table.empty_since = now  # nobody's here: a live table pauses
                table.mark_clock(now)
                table.changed.notify_all()
        return leave

    def rematch(self, game_id: str, token: Any, secret: Any = None) -> dict[str, Any]:
        """A new table with the same mode, kind, players and rules (made once: asking
        again returns it); the answer holds the asking seat's new link. The rematch of a
        table the lobby started is one too: the same profiles hold the same seats."""
        table = self.seen_by(game_id, token, secret, fresh=False)
        mine = self.player_seats(table, token, secret)
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
                new = self._rematch_table(table, body)
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

    def _rematch_table(self, table: Table, body: Mapping[str, Any]) -> Table:
        """The new table of a rematch of ``table`` (``body``: its options, as
        :meth:`create` reads them); at a table the lobby started, every seat held by the
        same profile as before."""
        new, _ = self.create(body, lobby=table.lobby)
        for seat, profile in sorted(table.profiles.items()) if table.lobby else ():
            self.store.set_seat_profile(new.id, seat, profile)
            new.profiles[seat] = profile
        return new
