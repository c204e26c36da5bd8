"""Players who come back: the profile that holds each seat, the lobby of open tables and
quick matches, the ratings of rated games, and the tables where it is a profile's turn.

An open table waits in the lobby until its seats are taken; the player who takes the last
one makes the online table (live or slow), with every seat held by its profile, and each
player finds their seat's link in the lobby entry. A quick match joins the oldest open
table of the same kind (two seats, rated) that the player is not at, or opens one.

:class:`Lobby` is a service of its own, reached as ``service.lobby``: built by
:func:`~wordyahtzee.tables.service.compose` from the store, the clock, the tables (it makes
the table of a full entry and acts for a seat through them) and the profiles. It hears the
end of every game (:meth:`Lobby.rate_finished`, subscribed in
:func:`~wordyahtzee.tables.service.wire`).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from .. import games
from ..errors import BadRequest, ServiceError
from ..owned.service import public_rules
from ..store import Store, rules_key
from ..tables.table import MAX_PLAYERS, PACES, Table, parse_idle
from .profiles import Profiles
from .ratings import START, rate

if TYPE_CHECKING:
    from ..tables.playing import Playing

QUICK_SEATS = 2
"""A quick match seats two players."""


def _unique_names(names: list[str]) -> list[str]:
    """Profile names made distinct for one table (a second Anna plays as "Anna 2")."""
    seen: set[str] = set()
    out = []
    for name in names:
        candidate, n = name, 1
        while candidate.casefold() in seen:
            n += 1
            candidate = f"{name[:20]} {n}"
        seen.add(candidate.casefold())
        out.append(candidate)
    return out


class Lobby:
    """Seats held by profiles, the lobby, quick matches and ratings."""

    def __init__(self, store: Store, clock: Callable[[], float], tables: Playing,
                 profiles: Profiles) -> None:
        self.store = store
        self.clock = clock
        self.tables = tables
        self.profiles = profiles

    # -- profiles at tables -------------------------------------------------------------------

    def claim_seat(self, table: Table, seat: int, secret: Any) -> None:
        """Let the profile of ``secret`` (if any) hold ``seat`` of ``table``, unless the seat
        is held already (the first profile to act for an online seat keeps it)."""
        if seat in table.profiles or not secret:
            return
        profile = self.profiles.find_profile(secret)
        if profile is None or profile["id"] in table.profiles.values():
            return
        self.store.set_seat_profile(table.id, seat, profile["id"])
        table.profiles.update(self.store.seat_profiles(table.id))

    def games_of(self, secret: Any, status: str | None = None, limit: int = 20,
                 after: tuple[float, str] | None = None) -> list[dict[str, Any]]:
        """The tables the profile of ``secret`` sits at, most recently moved first
        (``status``: only those; ``after``: the ``(updated_at, id)`` of the last of the page
        before); none without a profile. Daily games are on the profile's page instead."""
        profile = self.profiles.find_profile(secret)
        if profile is None:
            return []
        return self.store.list_games(status, limit, after, profile=profile["id"])

    def act_as(self, game_id: str, token: Any, action: str, body: Mapping[str, Any],
               secret: Any) -> dict[str, Any]:
        """The tables' :meth:`~wordyahtzee.tables.playing.Playing.act`, and the first time a
        profile acts for an online seat, the seat becomes the profile's (a lookup only then:
        a move costs nothing more)."""
        answer = self.tables.act(game_id, token, action, body, secret)
        table = self.tables.table(game_id)
        if secret and table.kind == "online":
            for seat in sorted(table.seats_for(token) - set(table.profiles)):
                self.claim_seat(table, seat, secret)
        return answer

    def your_turns(self, secret: Any) -> list[dict[str, Any]]:
        """The online tables where it is the profile's turn: id, mode, players, when the
        turn is skipped, and the seat's link."""
        profile = self.profiles.find_profile(secret)
        if profile is None:
            return []
        out = []
        for entry in self.store.profile_games(profile["id"], "active"):
            if entry["kind"] != "online":
                continue
            try:
                table = self.tables.tick(entry["game_id"])
            except ServiceError:
                continue
            seat = entry["seat"]
            if (table.to_move() == seat and table.profiles.get(seat) == profile["id"]
                    and table.seats[seat].computer is None):
                out.append({"game_id": table.id, "mode": table.mode, "pace": table.pace,
                            "players": [s.name for s in table.seats],
                            "deadline": table.idle_deadline(self.clock()),
                            "url": f"/games/{table.id}#seat={table.seats[seat].token}"})
        return out

    # -- the lobby ----------------------------------------------------------------------------

    def _lobby_options(self, body: Mapping[str, Any]) -> dict[str, Any]:
        """A checked lobby entry from ``{"mode", "rules", "seats", "pace", "idle_seconds",
        "rated", "public"}`` (``public``: strangers may watch the table once it plays)."""
        mode = body.get("mode", games.DEFAULT_MODE)
        rules = games.parse_rules(mode, body.get("rules"))
        if not public_rules(self.store, rules):  # the lobby lists its tables' rules to all
            raise BadRequest("a lobby table plays with a shipped dice set and a dictionary "
                             "everyone sees listed", "not_public")
        seats = body.get("seats", QUICK_SEATS)
        if type(seats) is not int or not 2 <= seats <= MAX_PLAYERS:
            raise BadRequest(f"seats is a number from 2 to {MAX_PLAYERS}", "bad_option")
        pace = body.get("pace", "live")
        if pace not in PACES:
            raise BadRequest("pace is live or slow", "bad_option")
        idle = parse_idle(body.get("idle_seconds"), pace)
        rated = body.get("rated", True)
        if not isinstance(rated, bool):
            raise BadRequest("rated is true or false", "bad_option")
        public = body.get("public", False)
        if not isinstance(public, bool):
            raise BadRequest("public is true or false", "bad_option")
        if idle is None:
            idle = 0.0  # the table's own default (the hourglass, or two minutes)
        return {"mode": mode, "rules": rules, "rules_key": rules_key(rules), "pace": pace,
                "idle_seconds": idle, "seats": seats, "rated": rated, "public": public}

    def lobby_open(self, secret: Any, body: Mapping[str, Any]) -> dict[str, Any]:
        """Open a table in the lobby with the profile on its first seat."""
        return self._open(secret, self._lobby_options(body))

    def _open(self, secret: Any, options: Mapping[str, Any]) -> dict[str, Any]:
        profile = self.profiles.profile(secret)
        entry = {**options, "id": secrets.token_hex(6)}
        self.store.open_lobby(entry, profile["id"], self.clock())
        return self.lobby_entry(secret, entry["id"])

    def lobby_join(self, secret: Any, lobby_id: str) -> dict[str, Any]:
        """Take the next seat of an open table; the last seat starts the game."""
        profile = self.profiles.profile(secret)
        entry = self.store.lobby_entry(lobby_id)
        if entry is None:
            raise ServiceError("no such table in the lobby", "not_found")
        seated = any(p["profile_id"] == profile["id"] for p in entry["players"])
        if not seated and (entry["game_id"] is not None or not self.store.join_lobby(
                lobby_id, profile["id"], self.clock())):
            raise ServiceError("this table is full or has started", "lobby_full",
                               conflict=True)
        self._start_if_full(lobby_id)
        return self.lobby_entry(secret, lobby_id)

    def lobby_leave(self, secret: Any, lobby_id: str) -> None:
        """Leave an open table before it starts."""
        profile = self.profiles.profile(secret)
        if not self.store.leave_lobby(lobby_id, profile["id"]):
            raise ServiceError("you are not waiting at this table", "not_found")

    def quick_match(self, secret: Any, body: Mapping[str, Any]) -> dict[str, Any]:
        """Seat the profile with the next player waiting for the same kind of game (mode,
        rules, pace; two seats, rated, not public), or open such a table for the next
        one."""
        profile = self.profiles.profile(secret)
        wanted = self._lobby_options({**body, "seats": QUICK_SEATS, "rated": True,
                                      "public": False})
        for entry in self.store.open_lobbies(wanted["mode"]):
            same = all(entry[k] == wanted[k]
                       for k in ("rules_key", "pace", "seats", "rated", "public"))
            mine = any(p["profile_id"] == profile["id"] for p in entry["players"])
            if same and mine:
                return self.lobby_entry(secret, entry["id"])  # waiting already
            if same and self.store.join_lobby(entry["id"], profile["id"], self.clock()):
                self._start_if_full(entry["id"])
                return self.lobby_entry(secret, entry["id"])
        return self._open(secret, wanted)

    def _start_if_full(self, lobby_id: str) -> None:
        """Make the online table of a full entry, every seat held by its profile (once:
        a second maker's table is left unjoined and is abandoned in time)."""
        entry = self.store.lobby_entry(lobby_id)
        if entry is None or entry["game_id"] is not None or len(entry["players"]) < entry[
                "seats"]:
            return
        names = _unique_names([p["name"] for p in entry["players"]])
        options: dict[str, Any] = {"rated": entry["rated"], "lobby": True}
        if entry["pace"] != "live":
            options["pace"] = entry["pace"]
        if entry["public"]:
            options["public"] = True  # kept in the table's setup: its players chose it
        table, _ = self.tables.open_table(entry["mode"], "online", entry["rules"],
                                   [(name, None) for name in names],
                                   entry["idle_seconds"] or None, options)
        for player in entry["players"]:
            self.store.set_seat_profile(table.id, player["seat"], player["profile_id"])
            table.profiles[player["seat"]] = player["profile_id"]
        self.store.start_lobby(lobby_id, table.id)

    def lobby_entry(self, secret: Any, lobby_id: str) -> dict[str, Any]:
        """An entry with its players and their ratings; once started, for a player at it
        the game's id and their seat's link (the game's id for anyone when the table is
        public)."""
        entry = self.store.lobby_entry(lobby_id)
        if entry is None:
            raise ServiceError("no such table in the lobby", "not_found")
        return self._described(entry, self.profiles.find_profile(secret))

    def _described(self, entry: dict[str, Any], profile: dict[str, Any] | None,
                   ratings: Mapping[str, Mapping[str, Any]] | None = None) -> dict[str, Any]:
        """An entry for a screen (``ratings``: its players' in its mode, if read already)."""
        if ratings is None:
            ratings = self.store.ratings([p["profile_id"] for p in entry["players"]],
                                         entry["mode"])
        players = [{"seat": p["seat"], "name": p["name"],
                    "rating": round(ratings.get(p["profile_id"], {}).get("rating", START[0])),
                    "you": profile is not None and p["profile_id"] == profile["id"]}
                   for p in entry["players"]]
        out = {k: entry[k] for k in ("id", "mode", "rules", "pace", "idle_seconds", "seats",
                                     "rated", "public", "created_at", "game_id")}
        out.update({"players": players, "free": entry["seats"] - len(players), "url": None})
        mine = next((p for p in players if p["you"]), None)
        if mine is None and not entry["public"]:
            out["game_id"] = None  # a table its players did not make public: theirs alone
        if entry["game_id"] is not None and mine is not None:
            table = self.tables.table(entry["game_id"])
            out["url"] = f"/games/{table.id}#seat={table.seats[mine['seat']].token}"
        return out

    def lobby(self, secret: Any, mode: Any = None) -> dict[str, Any]:
        """The open tables (with their players' ratings; ``you`` marks the profile's seat),
        the public tables being played (``watch``: mode, rules, pace, players and the
        watch link) and the profile with its ratings."""
        if mode is not None:
            games.parse_rules(mode, None)  # an unknown mode: a clear 400
        profile = self.profiles.find_profile(secret)
        entries = self.store.open_lobbies(mode)
        ratings = {m: self.store.ratings([p["profile_id"] for e in entries if e["mode"] == m
                                          for p in e["players"]], m)
                   for m in {e["mode"] for e in entries}}  # one read per mode
        tables = [self._described(e, profile, ratings[e["mode"]]) for e in entries]
        watch = [{**game, "url": f"/games/{game['game_id']}"}
                 for game in self.store.public_tables(mode)]
        return {"tables": tables, "watch": watch, "profile": None if profile is None else {
            "id": profile["id"], "name": profile["name"],
            "ratings": {m: round(r["rating"]) for m, r in
                        self.store.profile_ratings(profile["id"]).items()}}}

    # -- ratings ------------------------------------------------------------------------------

    def rate_finished(self, table: Table) -> None:
        """A rated online game between profiles ended: its players' new ratings (none when
        a moderator confirmed that one of them plays with the engine: docs/daily.md,
        "Engine play"). A listener of :attr:`announce`."""
        if table.kind != "online" or not table.rated:
            return
        humans = [s for s in table.seats if s.computer is None]
        if len(humans) < 2 or any(s.seat not in table.profiles for s in humans):
            return
        totals = table.game.totals()
        results = [(table.profiles[s.seat], int(totals[s.seat])) for s in humans]
        if any((self.store.engine_hold(p, table.mode) or {}).get("state") == "confirmed"
               for p, _ in results):
            return  # a profile a moderator confirmed plays with the engine rates nobody
        current = {p: (r["rating"], r["rd"], r["volatility"]) for p, r in
                   self.store.ratings([p for p, _ in results], table.mode).items()}
        self.store.rate_game(table.id, table.mode, rate(results, current), self.clock())
