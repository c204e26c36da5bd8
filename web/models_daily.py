"""The bodies of the API's routes about profiles, the daily game and the lobby (see
:mod:`web.models`). A profile's name and a lobby table's options are checked by the table
service (``bad_name``, ``bad_option``, ``bad_rules``); the models document them and check
their JSON types."""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from pydantic import Field

from wordyahtzee.modes import DEFAULT_MODE
from wordyahtzee.tables.table import MAX_PLAYERS

from .models import NAME, Body, DailyModeName, ModeName, Reply
from .models_games import rules_schema

# -- profiles -------------------------------------------------------------------------------

class ProfileName(Body):
    """A profile's name (checked as a player's name is: ``bad_name``)."""

    name: Any = Field(json_schema_extra=NAME)
    error_codes: ClassVar[dict[str, str]] = {"name": "bad_name"}


class ProfileId(Reply):
    """A profile's id and name."""

    id: str
    name: str


class NewProfile(Reply):
    """The new profile and the link that carries it to another device (the secret goes
    into the ``wy_profile`` cookie)."""

    profile: ProfileId
    link: str


class Renamed(ProfileId):
    """The renamed profile."""

    created_at: float


class Profile(Reply):
    """This browser's profile: its daily games, figures per mode, the tables where it is
    its turn, its finished games and its ratings."""

    id: str
    name: str
    created_at: float
    games: list[dict[str, Any]]
    modes: dict[str, dict[str, Any]]
    your_turns: list[dict[str, Any]]
    history: list[dict[str, Any]]
    figures: list[Any]
    ratings: dict[str, dict[str, Any]]
    link: str


class Deleted(Reply):
    """The profile is gone."""

    deleted: bool


class CarryRequest(Body):
    """The secret of a profile's link (``no_profile`` if it is none)."""

    secret: Any = Field(json_schema_extra={"type": "string"})


class Carried(Reply):
    """The profile now used on this browser."""

    profile: ProfileId


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


# -- the daily game -------------------------------------------------------------------------

class DailyQuery(Body):
    """Which day (default today)."""

    date: str | None = Field(None, description="YYYY-MM-DD",
                             json_schema_extra={"format": "date"})


class DailyStart(Reply):
    """Today's game and the profile's seat in it."""

    game_id: str
    token: str
    day: str = Field(json_schema_extra={"format": "date"})
    url: str


class BoardEntry(Reply):
    """A place on the day's board: ranked by ``loss``, the expected points the game's
    choices lost against optimal play (the review's total; equal losses share a place),
    never by the score, which the dice decide as much."""

    rank: int
    name: str
    loss: float
    score: int
    finished_at: float | None = None
    game_id: str | None = None
    mine: bool = Field(False, description="this browser's profile's own game")


class Bar(Reply):
    """A bar of the histogram of the day's scores."""

    low: int = Field(alias="from")
    to: int
    count: int


class DaySkill(Reply):
    """The day's players by skill figure (docs/skill.md): how many have one, their
    median, the share of them below this browser's figure (null without one), and the
    computer levels' figures."""

    players: int
    median: float | None
    below: float | None
    levels: dict[str, float] | None


class DailyDay(Reply):
    """A day: par, top 100, histogram, the day's players by skill figure, this browser's
    attempt (once finished with its ``skill`` figure, its ``judge`` and its round
    ``symbols``), the seed once the day is over."""

    mode: DailyModeName
    day: str
    today: bool
    over: bool
    closes_at: float
    par: int | None
    seed: str | None
    players: int
    board: list[BoardEntry]
    histogram: list[Bar]
    you: dict[str, Any] | None
    skill: DaySkill
    profile: ProfileId | None = None


class Day(Reply):
    """A past day: its par, how many games are on its board, and the fewest expected points
    one of them lost (``best``)."""

    day: str
    par: int | None
    players: int
    best: float | None = None


class DailyDays(Reply):
    """Past days of a mode, newest first."""

    mode: DailyModeName
    days: list[Day]


# -- the lobby ------------------------------------------------------------------------------

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


__all__ = ["Carried", "CarryRequest", "DailyDay", "DailyDays", "DailyQuery", "DailyStart",
           "Deleted", "Left", "Lobby", "LobbyQuery", "LobbyTable", "NewLobbyTable",
           "NewProfile", "Profile", "ProfileName", "Renamed", "YourTurns"]
