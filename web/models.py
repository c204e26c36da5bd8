"""The API's bodies, declared once as pydantic models: the same classes validate the
requests (through :mod:`web.apidoc`) and make the OpenAPI document at
``/api/openapi.json``.

This module holds what every feature shares: the two base classes, the error's detail, the
seat token header and the enumerations, which come from the registry of modes
(:data:`wordyahtzee.modes.MODES`, :func:`wordyahtzee.games.describe_modes`) and the
engine's own tuples, never written out here. The bodies themselves live beside each
feature's routes: :mod:`web.games.models` (the start screen, tables and games, high scores;
the error body, which may carry a game's state) with :mod:`web.games.state` (a game's
state), :mod:`web.words.models` (dictionaries, words, dice sets, word reports),
:mod:`web.daily.models` (profiles, the daily game), :mod:`web.lobby.models` and
:mod:`web.puzzles.models`.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from wordyahtzee.daily import DAILY_MODES
from wordyahtzee.games import describe_modes
from wordyahtzee.lexicon.registry import NAME_PATTERN
from wordyahtzee.modes import MODES
from wordyahtzee.modes.contract import MAX_NAME
from wordyahtzee.store import REPORT_KINDS
from wordyahtzee.tables.table import KINDS, REACTIONS


@cache
def modes_info() -> dict[str, dict[str, Any]]:
    """Every mode's start-screen facts (:func:`wordyahtzee.games.describe_modes`), read
    once: the boxes, computer levels and rules schemas the enumerations below list."""
    return describe_modes()


def _each(key: str) -> tuple[str, ...]:
    """Every value of the list ``key`` over all modes, in the registry's order, once."""
    return tuple(dict.fromkeys(v for info in modes_info().values() for v in info[key]))


def one_of(values: tuple[str, ...]) -> Any:
    """A ``Literal`` of ``values``: a string field that must be one of them (the document
    lists them as its ``enum``)."""
    return Literal[values]


BOXES = _each("boxes")
"""Every box id of every mode."""
COMPUTER_LEVELS = _each("computer_levels")
"""Every computer level of every mode."""

MAX_JSON_DEPTH = 32
"""How deep a request's JSON (a body, or a query parameter holding JSON) may nest arrays
and objects; the deepest the API reads, a dice set's faces, nests three levels. Deeper is
refused before it is parsed (:func:`web.apidoc.json_object`), so that nothing that walks
a body (the parser, the encoder checking its strings, a model) recurses without bound."""

NAME: dict[str, Any] = {"type": "string", "minLength": 1, "maxLength": MAX_NAME,
                        "pattern": r"\S",
                        "description": f"at most {MAX_NAME} characters as sent, not only "
                                       "spaces (runs of spaces fold to one); no control "
                                       "characters"}
"""A player's or a profile's name, as the document gives it: the engine takes what it
says (:func:`wordyahtzee.modes.contract.typed_name`: the length is the raw text's)."""

DictionaryName = Annotated[str, Field(pattern=NAME_PATTERN.pattern,
                                      description="a dictionary's name")]
"""A dictionary's name (``bad_name`` otherwise): 1-40 lower-case letters, digits, - or _."""

if TYPE_CHECKING:
    ModeName = str
    DailyModeName = str
    BoxId = str
    ComputerLevel = str
    TableKind = str
    ReactionName = str
    ReportKind = str
else:
    ModeName = one_of(MODES)
    DailyModeName = one_of(DAILY_MODES)
    BoxId = one_of(BOXES)
    ComputerLevel = one_of(COMPUTER_LEVELS)
    TableKind = one_of(KINDS)
    ReactionName = one_of(tuple(REACTIONS))
    ReportKind = one_of(REPORT_KINDS)


class Body(BaseModel):
    """A request body or query: unknown fields are ignored, as they always were.

    ``error_codes`` names the error code a bad value of a field gets (``bad_request``
    otherwise); ``error_text`` the message, in place of pydantic's."""

    model_config = ConfigDict(extra="ignore")
    error_codes: ClassVar[dict[str, str]] = {}
    error_text: ClassVar[dict[str, str]] = {}


class Reply(BaseModel):
    """A response body: the fields it always or sometimes has; others may follow."""

    model_config = ConfigDict(extra="allow")


class ErrorDetail(Reply):
    """What went wrong: a code from :data:`web.errors.ERRORS` and a message."""

    code: str = Field(description="one of the codes of web/errors.py, e.g. bad_json, "
                                  "bad_request, bad_rules, not_found, stale")
    message: str = Field(description="what went wrong, in English")
    request_id: str | None = Field(None, description="the request's id, as in its "
                                   "X-Request-Id header and the server's log line")


class SeatToken(BaseModel):
    """The seat's secret token, from the seat's link ``#seat=TOKEN`` (also accepted as
    ``token`` in a JSON body)."""

    model_config = ConfigDict(extra="allow", populate_by_name=True)
    x_seat_token: str | None = Field(None, alias="X-Seat-Token",
                                     description="the seat's secret token")


class Empty(Body):
    """A body that carries nothing (or nothing the route reads)."""


__all__ = [
    "BOXES",
    "COMPUTER_LEVELS",
    "MAX_JSON_DEPTH",
    "NAME",
    "Body",
    "BoxId",
    "ComputerLevel",
    "DailyModeName",
    "DictionaryName",
    "Empty",
    "ErrorDetail",
    "ModeName",
    "ReactionName",
    "Reply",
    "ReportKind",
    "SeatToken",
    "TableKind",
    "modes_info",
    "one_of",
]
