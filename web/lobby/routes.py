"""The lobby on the web: open tables, quick matches and the tables where it is your turn
(the JSON routes under ``/api/lobby`` and ``/api/profile/turns``, and the page ``/lobby``)."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, jsonify
from werkzeug.routing import BaseConverter

from ..apidoc import documented, json_object, replies
from ..cookies import profile_secret
from ..models import Empty
from ..pages import render
from ..services import tables
from .models import Left, Lobby, LobbyQuery, LobbyTable, NewLobbyTable, YourTurns

bp = Blueprint("lobby", __name__)


class LobbyId(BaseConverter):
    """An open table's id (12 hex digits), so that ``/api/lobby/quick`` is only the quick
    match (its ``Allow`` names POST alone)."""

    regex = "[0-9a-f]{12}"


@bp.get("/api/lobby")
@documented(replies(Lobby, errors=(400,)), query=LobbyQuery)
def open_tables(query: LobbyQuery) -> Response:
    """The open tables, with their players' ratings, and the public tables to watch.

    ``mode``: only its; each table with its players and their ratings; ``watch``: the
    tables being played whose players made them public, each with its players and watch
    link; and this browser's profile with its ratings."""
    return jsonify(tables().lobby.lobby(profile_secret(), query.mode))


@bp.post("/api/lobby")
@documented(replies(LobbyTable, 201, (400, 403, 413, 415)), json=NewLobbyTable)
def open_table() -> Any:
    """Open a table with this browser's profile on its first seat.

    ``{"mode", "rules", "seats": 2-8, "pace": "live"|"slow", "idle_seconds", "rated",
    "public"}``; ``public``: strangers may watch it once it plays (the lobby lists it)."""
    return jsonify(tables().lobby.lobby_open(profile_secret(), json_object())), 201


@bp.post("/api/lobby/quick")
@documented(replies(LobbyTable, errors=(400, 403, 413, 415)), json=NewLobbyTable)
def quick_match() -> Response:
    """Quick match: sit down with the next player waiting for the same game.

    Seat this browser's profile with the next player waiting for the same game
    (``{"mode", "rules", "pace"}``), or wait for the next one."""
    return jsonify(tables().lobby.quick_match(profile_secret(), json_object()))


@bp.get("/api/lobby/<lobby:lobby_id>")
@documented(replies(LobbyTable, errors=(404,)))
def lobby_entry(lobby_id: str) -> Response:
    """An open table: its players and free seats.

    Once started, for its players the game and their seat's link (the game for anyone when
    the table is public)."""
    return jsonify(tables().lobby.lobby_entry(profile_secret(), lobby_id))


@bp.post("/api/lobby/<lobby:lobby_id>/join")
@documented(replies(LobbyTable, errors=(400, 403, 404, 409, 413, 415)), json=Empty)
def join(lobby_id: str) -> Response:
    """Take the next free seat (the last one starts the game)."""
    return jsonify(tables().lobby.lobby_join(profile_secret(), lobby_id))


@bp.post("/api/lobby/<lobby:lobby_id>/leave")
@documented(replies(Left, errors=(400, 403, 404, 413, 415)), json=Empty)
def leave(lobby_id: str) -> Response:
    """Leave a table before it starts."""
    tables().lobby.lobby_leave(profile_secret(), lobby_id)
    return jsonify({"left": True})


@bp.get("/api/profile/turns")
@documented(replies(YourTurns))
def your_turns() -> Response:
    """The online tables where it is this browser's profile's turn, with their links."""
    return jsonify({"turns": tables().lobby.your_turns(profile_secret())})


@bp.get("/lobby")
def page() -> Response:
    """The lobby: quick match, open a table, the open tables."""
    from wordyahtzee.modes import MODES

    view = tables().lobby.lobby(profile_secret())
    return render("lobby.html", view=view, modes=MODES)


__all__ = ["bp"]
