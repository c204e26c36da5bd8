"""The bodies of the API's lobby routes: open tables, quick matches and the tables where it
is a profile's turn (see :mod:`web.models`). A lobby table's options are checked by the
table service (``bad_option``, ``bad_rules``); the models document them and check their
JSON types."""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from pydantic import Field

from wordyahtzee.modes import DEFAULT_MODE
from wordyahtzee.tables.table import MAX_PLAYERS

from ..daily.models import ProfileId
from ..games.models import rules_schema
from ..models import Body, ModeName, Reply


class YourTurn(Reply):
    """An online table where it is the profile's turn."""

    game_id: str
    mode: ModeName
    pace: Literal["live", "slow"]
    players: list[str]
    deadline: float | None
    url: str


class YourTurns(Reply):
    """The online tables where it is this browser's profile's turn."""

    turns: list[YourTurn]


class LobbyQuery(Body):
    """Which open tables."""

    mode: ModeName | None = None
    error_codes: ClassVar[dict[str, str]] = {"mode": "unknown_mode"}


class NewLobbyTable(Body):
    """A table to open (or, for a quick match, to find)."""

    mode: ModeName = DEFAULT_MODE
    rules: dict[str, Any] | None = Field(None, json_schema_extra=rules_schema())
    seats: int = Field(2, ge=2, le=MAX_PLAYERS)
    pace: Literal["live", "slow"] = "live"
    idle_seconds: float | None = Field(None, description="slow: 3600-604800 (default 86400)")
    rated: bool = True
    public: bool = Field(False, description="strangers may watch the table once it plays "
                                            "(the lobby lists it); a quick match never is")
    error_codes: ClassVar[dict[str, str]] = {
        "mode": "unknown_mode", "rules": "bad_rules", "seats": "bad_option",
        "pace": "bad_option", "idle_seconds": "bad_option", "rated": "bad_option",
        "public": "bad_option"}


class LobbyPlayer(Reply):
    """A seated player with their rating in the mode."""

    seat: int
    name: str
    rating: int
    you: bool


class LobbyTable(Reply):
    """An open table; once started, for a player its game and their seat's link (its game
    for anyone when it is public)."""

    id: str
    mode: ModeName
    rules: dict[str, Any]
    pace: Literal["live", "slow"]
    idle_seconds: float
    seats: int
    rated: bool
    public: bool
    created_at: float
    game_id: str | None
    players: list[LobbyPlayer]
    free: int
    url: str | None


class LobbyProfile(ProfileId):
    """The browser's profile with its rating per mode."""

    ratings: dict[str, int]


class PublicTable(Reply):
    """A table its players made public, being played: anyone may watch it."""

    game_id: str
    mode: ModeName
    rules: dict[str, Any]
    pace: Literal["live", "slow"]
    players: list[str]
    url: str = Field(description="the watch link")


class Lobby(Reply):
    """The open tables, the public tables being played, and this browser's profile."""

    tables: list[LobbyTable]
    watch: list[PublicTable]
    profile: LobbyProfile | None


class Left(Reply):
    """The profile left the table."""

    left: bool


__all__ = ["Left", "Lobby", "LobbyQuery", "LobbyTable", "NewLobbyTable", "YourTurns"]
