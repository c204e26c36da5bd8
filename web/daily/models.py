"""The bodies of the API's routes about profiles and the daily game (see :mod:`web.models`).
A profile's name is checked by the table service (``bad_name``); the models document it and
check its JSON type."""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import Field

from ..models import NAME, Body, DailyModeName, Reply

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


class ProfileDeleted(Reply):
    """The profile is gone."""

    deleted: bool


class CarryRequest(Body):
    """The secret of a profile's link (``no_profile`` if it is none)."""

    secret: Any = Field(json_schema_extra={"type": "string"})


class Carried(Reply):
    """The profile now used on this browser."""

    profile: ProfileId


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


__all__ = ["Carried", "CarryRequest", "DailyDay", "DailyDays", "DailyQuery", "DailyStart",
           "NewProfile", "Profile", "ProfileDeleted", "ProfileId", "ProfileName", "Renamed"]
