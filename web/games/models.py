"""The bodies of the API's routes about tables and games: the start screen's facts, making
a table, its state, the moves, the host's controls, hints, reviews, records, high scores
and a browser's list of games (see :mod:`web.models`).

A move's body is read by the mode itself (its ``parse_action``, with its own error codes:
``bad_keep``, ``unknown_box`` …), so the fields it reads are documented here exactly but
checked there; the models check what the web reads itself (``seq``, ``token``) and the
JSON types of a new table.
"""

from __future__ import annotations

import inspect
import json
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from pydantic import Field, TypeAdapter, create_model

from wordyahtzee.errors import BadRequest
from wordyahtzee.modes import MODES, get_mode
from wordyahtzee.records import nested_deeper
from wordyahtzee.tables.table import MAX_PLAYERS

from ..models import (
    MAX_JSON_DEPTH,
    NAME,
    Body,
    BoxId,
    ComputerLevel,
    DictionaryName,
    ErrorDetail,
    ModeName,
    ReactionName,
    Reply,
    TableKind,
    modes_info,
)
from ..words.models import Dictionary
from .state import GameState

MAX_LIST_GAMES = 100


def schema_of(kind: Any) -> dict[str, Any]:
    """The JSON schema of a type, to document a field the engine checks."""
    schema: dict[str, Any] = TypeAdapter(kind).json_schema()
    return schema


def rules_schema() -> dict[str, Any]:
    """Any mode's rules: the schemas of the modes' own ``describe()`` (anyOf: the empty
    rules of a mode without options match several)."""
    return {"anyOf": [info["rules_schema"] for info in modes_info().values()],
            "description": "the rules options of the game's mode"}


BOX = schema_of(BoxId)


# -- the start screen --------------------------------------------------------------------

class ModeInfo(Reply):
    """What a start screen needs to offer a mode (its ``describe()``)."""

    rules_defaults: dict[str, Any]
    boxes: list[BoxId]
    rules_schema: dict[str, Any] = Field(description="the JSON schema of the mode's rules")
    computer_levels: list[ComputerLevel]


class Preparing(Reply):
    """How far preparing the strategy tables and samples is."""

    done: int
    total: int
    items: list[dict[str, Any]]


class MetaBase(Reply):
    """The start screen's facts; besides these, one :class:`ModeInfo` per mode, under its
    name."""

    modes: list[ModeName]
    kinds: list[TableKind]
    max_players: int = Field(examples=[MAX_PLAYERS])
    dictionaries: list[Dictionary]
    dice_sets: list[str]
    rules_defaults: dict[str, Any] = Field(description="the first mode's")
    preparing: Preparing
    server_time: float


if TYPE_CHECKING:
    Meta = MetaBase
else:
    Meta = create_model("Meta", __base__=MetaBase, __doc__=MetaBase.__doc__,
                        **{name: (ModeInfo, ...) for name in MODES})


# -- a new table ----------------------------------------------------------------------------

class NewGame(Body):
    """A new table: ``solo``: one human (plus any computer players); ``hotseat``/
    ``online``: 2-8 seats, at least one human; ``pad``: a score pad for real dice (1-8
    players at one device, no computers, each throw gives its ``faces``). The players and
    rules are checked by the engine (``bad_players``, ``bad_level``, ``bad_rules``)."""

    mode: ModeName = MODES[0]
    kind: TableKind = "solo"
    players: list[Any] = Field(
        min_length=1, max_length=MAX_PLAYERS,
        json_schema_extra={"items": {"oneOf": [NAME, {
            "type": "object", "required": ["name"],
            "properties": {"name": NAME, "computer": {
                "anyOf": [schema_of(ComputerLevel), {"type": "null"}],
                "description": "a computer player's level; none: a human"}}}]}})
    rules: dict[str, Any] | None = Field(None, json_schema_extra={
        "anyOf": [*rules_schema()["anyOf"], {"type": "null"}],
        "description": "the rules options of the game's mode (none: the defaults)"})
    pace: Literal["live", "slow"] = Field("live", description="online tables only")
    idle_seconds: float | None = Field(None, description="slow: 3600-604800")
    error_codes: ClassVar[dict[str, str]] = {
        "mode": "unknown_mode", "kind": "bad_kind", "players": "bad_players",
        "rules": "bad_rules", "pace": "bad_option", "idle_seconds": "bad_option"}


class SeatLink(Reply):
    """A human seat's link (a hotseat table: one link for all its seats)."""

    seats: list[int]
    name: str
    token: str
    url: str


class ErrorBody(Reply):
    """Every error: ``{"error": {"code", "message", "request_id"}}``; a 409 of a game action
    also carries the game's current ``state``."""

    error: ErrorDetail
    state: GameState | None = Field(None, description="a 409 of a game action: the "
                                                     "current state")


class NewGameReply(Reply):
    """The new table, with its seats' links."""

    id: str
    kind: TableKind
    links: list[SeatLink]
    watch_url: str
    state: GameState


class Invites(Reply):
    """Every human seat's invite link."""

    links: list[SeatLink]
    watch_url: str
    base: str | None = Field(None, description=(
        "where another device reaches this server, when the page asked at an address only "
        "this machine reaches (127.0.0.1) and the server listens on its network: the links' "
        "origin (else the page's own)"))


class WatchQuery(Body):
    """Who watches a table's live updates."""

    token: str | None = Field(None, description="the viewer's seat token: it counts as "
                                                "present at its seats")


# -- moves ----------------------------------------------------------------------------------

class Move(Body):
    """What every move carries besides its own fields."""

    seq: int | None = Field(None, ge=0, description="the number of events the browser has "
                                                    "seen; a different number gets 409 stale")
    token: str | None = Field(None, description="the seat's token, if not in X-Seat-Token")


def _action_bodies() -> list[type[Move]]:
    """A model of each action's body, made from the schema the action declares (its
    ``schema``): one per action name, or one per mode where the modes' actions of that
    name read different fields (``WoordClaimRequest``, ``ClassicClaimRequest`` …). The
    fields are documented exactly and checked by the mode's ``parse_action``, so each is
    ``Any`` here: the model refuses no body the mode reads."""
    by_name: dict[str, dict[str, tuple[str, Any]]] = {}
    for mode in MODES:
        for action in get_mode(mode).ACTIONS:
            by_name.setdefault(action.name, {})[json.dumps(action.schema, sort_keys=True)] = (
                mode, action)
    made: list[type[Move]] = []
    for name, actions in by_name.items():
        for mode, action in actions.values():
            title = (mode.capitalize() if len(actions) > 1 else "") + name.capitalize()
            fields: dict[str, Any] = {field: (Any, Field(None, json_schema_extra=extra))
                                      for field, extra in action.schema.items()}
            about = inspect.cleandoc(action.__doc__ or "").split("\n\n")[0]
            made.append(create_model(f"{title}Request", __base__=Move,
                                     __doc__=f"``{name}``: {about}", **fields))
    return made


ACTION_BODIES = _action_bodies()
"""Every action's body, as its mode declares it."""


class ActRequest(Move):
    """The body of the action named in the path: one of the actions' own bodies, each
    as its mode declares it, with ``seq`` and ``token``. The mode reads the action's
    fields (its ``parse_action``, with its own error codes); the web checks ``seq`` and
    ``token``."""

    @classmethod
    def __get_pydantic_json_schema__(cls, core_schema: Any, handler: Any) -> dict[str, Any]:
        """The document's schema: any one of the actions' bodies."""
        return {"anyOf": [handler(model.__pydantic_core_schema__) for model in ACTION_BODIES],
                "description": inspect.cleandoc(cls.__doc__ or "")}


class MoveReply(Reply):
    """The move's summary (Woord Yahtzee's throw: ``faces``; classic's: ``dice``; a
    claim: ``points`` and ``box``; Kaartspel: roll, square, dice, card …) and the new
    state."""

    state: GameState


class PreviewRequest(Body):
    """Words typed so far (Woord Yahtzee)."""

    words: Any = Field(None, json_schema_extra={"type": "array",
                                                "items": {"type": "string"}})
    zero_box: Any = Field(None, json_schema_extra=BOX)


class BoxPreview(Reply):
    """What claiming a box with the words would give."""

    score: int | None
    words: list[str]
    error: dict[str, Any] | None


class Preview(Reply):
    """Per word and per claimable box, without playing."""

    words: list[dict[str, Any]]
    formable_together: bool
    boxes: dict[str, BoxPreview]
    seq: int


class SeatRequest(Move):
    """The host's control over a seat (``computer``: the ``level`` that plays it)."""

    level: Any = Field(None, json_schema_extra=schema_of(ComputerLevel))


class ReturnRequest(Body):
    """Who comes back: the seat's own token."""

    token: str | None = Field(None, description="the seat's token, if not in X-Seat-Token")


class StateReply(Reply):
    """The new state."""

    state: GameState


class ReactRequest(Body):
    """A quick reaction (fixed ones, no free text; the engine checks: ``bad_option``)."""

    emote: Any = Field(json_schema_extra=schema_of(ReactionName))
    token: str | None = None
    error_codes: ClassVar[dict[str, str]] = {"emote": "bad_option"}


class Reaction(Reply):
    """A reaction as every viewer sees it."""

    seat: int
    emote: ReactionName
    at: float


class RematchRequest(Body):
    """Who asks for the rematch."""

    token: str | None = None


class Rematch(Reply):
    """The asking seat's link to the new table."""

    id: str
    url: str


# -- the coach ------------------------------------------------------------------------------

class HintOption(Reply):
    """One choice: ``keep`` (throw keeping these dice; every mode), ``box`` (write a box:
    classic, Triple), ``claim`` (claim a box with words: Woord Yahtzee), ``take``, ``roll``,
    ``stop`` (Kaartspel's moves)."""

    kind: Literal["keep", "box", "claim", "take", "roll", "stop"]
    value: float | None = Field(None, description="expected points still to come")
    expected_total: float | None = Field(None, description="the expected final score")
    keep: list[int] | None = Field(None, description="the pips kept")
    keep_indices: list[int] | None = Field(None, description="the dice positions kept")
    dice: list[int] | None = Field(None, description="Woord Yahtzee: the dice kept")
    letters: str | None = Field(None, description="Woord Yahtzee: their letters")
    box: str | None = None
    words: list[str] | None = None
    points: int | None = None
    column: int | None = None
    card: str | None = None
    chances: dict[str, float] | None = None


class Hint(Reply):
    """The coach's best choices, best first; ``ready: false`` (202) while the strategy
    table is being prepared."""

    ready: bool
    failed: str | None = None
    seq: int | None = None
    player: int | None = None
    throws: int | None = None
    best: HintOption | None = None
    options: list[HintOption] | None = None


class Skill(Reply):
    """A player's skill figure (docs/skill.md): ``figure`` = 100 × (1 − ``lost`` /
    ``random``): 100 for the judge's choices, about 0 for random answers (null: nothing
    at stake yet); ``judged`` decisions (Woord Yahtzee: turns), ``best`` of them the
    judge's own."""

    figure: float | None
    lost: float
    random: float
    judged: int
    best: int


class Review(Reply):
    """Every finished turn judged against optimal play; ``ready: false`` (202) while the
    strategy table is being prepared. ``judge`` names the skill figure's judge
    (``optimal``, ``claims``: Woord Yahtzee's claims against the best claim of their
    throw, ``strong``: the strong computer player; null: the mode has none and nothing is
    judged); ``skill`` each player's figure, ``levels`` the computer levels' (null: not
    measured for these rules); ``finished``: false while the game goes on (only the turns
    played are judged). Each decision carries ``lost`` and ``random`` (null: shown, not
    counted) and, in Woord Yahtzee, ``target``: the best claim of its throw. ``optimal``:
    the final scores against a sample of optimal play's, once the game is over, where
    optimal play is the judge; ``hindsight``: a daily game's, once its day is over, whose
    decisions carry their ``worth`` in hindsight (docs/daily.md)."""

    ready: bool
    failed: str | None = None
    turns: list[dict[str, Any]] | None = None
    regret: list[float] | None = None
    players: list[str] | None = None
    totals: list[int] | None = None
    finished: bool | None = None
    judge: str | None = None
    skill: list[Skill] | None = None
    levels: dict[str, float] | None = None
    optimal: dict[str, Any] | None = None
    hindsight: bool | None = None


class Record(Reply):
    """The game record (docs/records.md) of the turns played so far, and the result once
    over."""

    record: dict[str, Any]
    result: dict[str, Any] | None


# -- high scores ----------------------------------------------------------------------------

class HighScoresQuery(Body):
    """Which high-score lists."""

    mode: ModeName | None = Field(None, description="default: every mode, or woord with "
                                                    "dictionary/rules")
    dictionary: DictionaryName | None = None
    rules: str | None = Field(None, description="a JSON object of rules options")
    kind: Literal["solo", "hotseat", "online", "all"] = "solo"
    aided: Literal["no", "all"] = Field("no", description="no: games in which the player "
                                        "used no Tip; all: those too, each entry marked "
                                        "aided")
    error_codes: ClassVar[dict[str, str]] = {"mode": "unknown_mode", "dictionary": "bad_name"}
    error_text: ClassVar[dict[str, str]] = {
        "mode": "unknown mode; known: " + ", ".join(MODES),
        "kind": "kind is solo, hotseat, online or all",
        "aided": "aided is no (games without a Tip, the default) or all"}

    def rules_object(self) -> dict[str, Any] | None:
        """``rules`` read as a JSON object (None without ``rules``)."""
        if self.rules is None:
            return None
        rules = None
        if not nested_deeper(self.rules, MAX_JSON_DEPTH):  # as deep as a body may be
            try:
                rules = json.loads(self.rules) if self.rules else {}
            except ValueError:
                rules = None
        if not isinstance(rules, dict):
            raise BadRequest("rules is a JSON object of rules options")
        return rules


class HighScoreList(Reply):
    """One list: a mode, dictionary and rules set, ranked by score or by wins."""

    mode: ModeName
    dictionary: str
    rules: dict[str, Any]
    rules_key: str
    ranking: Literal["score", "wins"]
    entries: list[dict[str, Any]]


class HighScores(Reply):
    """The lists asked for."""

    lists: list[HighScoreList]
    kind: Literal["solo", "hotseat", "online", "all"]
    aided: Literal["no", "all"]


# -- the list of games ----------------------------------------------------------------------

class GamesQuery(Body):
    """A page of this browser's games."""

    status: Literal["active", "finished"] | None = None
    limit: int = Field(20, ge=1, le=MAX_LIST_GAMES)
    cursor: str | None = Field(None, description="the next of the page before")
    error_text: ClassVar[dict[str, str]] = {
        "status": "status is active or finished",
        "limit": f"limit is a whole number from 1 to {MAX_LIST_GAMES}"}


class GameSummary(Reply):
    """A game of this browser's profile."""

    id: str
    mode: ModeName
    kind: TableKind
    status: Literal["active", "finished", "abandoned"]
    players: list[str]
    rules: dict[str, Any]
    created_at: float
    updated_at: float
    finished_at: float | None
    result: dict[str, Any] | None


class GameList(Reply):
    """A page of the games where this browser's profile holds a seat, newest first (none
    without a profile)."""

    games: list[GameSummary]
    next: str | None = Field(description="the cursor of the next page; null on the last")


__all__ = ["MAX_LIST_GAMES", "ActRequest", "ErrorBody", "GameList", "GameState",
           "GamesQuery", "HighScores", "HighScoresQuery", "Hint", "Invites", "Meta",
           "ModeInfo", "MoveReply",
           "NewGame", "NewGameReply", "Preview", "PreviewRequest", "ReactRequest",
           "Reaction", "Record", "Rematch", "RematchRequest", "ReturnRequest", "Review",
           "SeatRequest", "Skill", "StateReply", "WatchQuery", "rules_schema",
           "schema_of"]
