"""The bodies of the API's routes about words and the start screen: meta, dictionaries and
their builds, checking and solving words, dice sets, word reports and high scores (see
:mod:`web.models`)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Literal

from pydantic import Field, WithJsonSchema, create_model, field_validator

from wordyahtzee.dice import MAX_TITLE, OWN_DICE, OWN_FACES
from wordyahtzee.errors import BadRequest
from wordyahtzee.letters import fold, is_plain_word
from wordyahtzee.modes import MODES
from wordyahtzee.records import nested_deeper
from wordyahtzee.store import REPORT_KINDS
from wordyahtzee.tables.table import MAX_PLAYERS

from .models import (
    MAX_JSON_DEPTH,
    Body,
    BoxId,
    ComputerLevel,
    DictionaryName,
    ModeName,
    Reply,
    ReportKind,
    TableKind,
)

MAX_CHECK_WORDS = 50
MAX_NOTE = 200
MAX_LIST_GAMES = 100

# -- meta -----------------------------------------------------------------------------------


class Dictionary(Reply):
    """A dictionary, shipped or built from an uploaded word list."""

    name: str
    title: str
    language: str
    shipped: bool
    word_count: int | None = None
    listing: Literal["private", "asked", "public", "declined"] = Field(
        "public", description="who sees it listed: everyone (public), its owner only "
        "(private), its owner while a moderator decides (asked), its owner after a "
        "moderator's refusal (declined)")
    mine: bool = Field(False, description="uploaded by this browser or its profile")


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


class DictionaryList(Reply):
    """Every dictionary."""

    dictionaries: list[Dictionary]


class UploadForm(Body):
    """A word list to build a dictionary from (multipart/form-data)."""

    file: Annotated[str, WithJsonSchema({"type": "string", "format": "binary"})] = Field(
        description="UTF-8 text or gzip, one word a line, at most 8 MiB")
    title: str = Field("", description="what lists show (default: the file's name); the "
                       "server names the dictionary itself, and that name is its link")
    public: Literal["", "on", "true", "1"] = Field(
        "", description="ask the moderators to list it to everyone (until they approve, "
        "only its owner and whoever has its link see it)")


class Job(Reply):
    """A dictionary build."""

    id: str
    name: str
    status: Literal["queued", "building", "done", "failed"]
    progress: float
    error: dict[str, Any] | None = None
    word_count: int | None = None


class JobReply(Reply):
    """A dictionary build, under ``job``."""

    job: Job


# -- words ----------------------------------------------------------------------------------

CheckWord = Annotated[str, Field(min_length=1, max_length=40)]


class CheckRequest(Body):
    """Words to check: a list, or one string of words separated by spaces."""

    words: (Annotated[list[CheckWord], Field(min_length=1, max_length=MAX_CHECK_WORDS)]
            | Annotated[str, Field(pattern=r"\S")]) = Field(examples=[["huis", "tv", "kussens"]])
    dictionary: DictionaryName = "nl"
    error_codes: ClassVar[dict[str, str]] = {"dictionary": "bad_name"}
    error_text: ClassVar[dict[str, str]] = {
        "words": f"words must be a list of 1 to {MAX_CHECK_WORDS} words (at most 40 "
                 "letters each)",
        "dictionary": "dictionary is a name"}

    @field_validator("words", mode="before")
    @classmethod
    def _split(cls, value: Any) -> Any:
        return value.split() if isinstance(value, str) else value


class Why(Reply):
    """Where a valid word comes from, or why a word is refused
    (:mod:`wordyahtzee.lexicon.why`)."""

    source: str
    detail: str = ""
    text: str
    nearby: list[str]


class CheckedWord(Reply):
    """One checked word."""

    word: str
    folded: str
    valid: bool
    why: Why


class CheckReply(Reply):
    """Each word: valid or not, and why."""

    dictionary: str
    results: list[CheckedWord]


class SolveRequest(Body):
    """Seven faces (``?`` = the blank)."""

    letters: str = Field(description="the 7 faces of a throw, ? for the blank",
                         examples=["kusnatl", "ee?rstn"])
    dictionary: DictionaryName = "nl"
    dice_set: str = "nl"
    error_codes: ClassVar[dict[str, str]] = {"dictionary": "bad_name"}
    error_text: ClassVar[dict[str, str]] = {
        "dictionary": "dictionary is a name: 1-40 lower-case letters, digits, - or _",
        "": "give letters (7 faces, ? for the blank), dictionary and dice_set as strings"}


class BoxWords(Reply):
    """A box's best score and words."""

    score: int
    words: list[str]


class ScoredWord(Reply):
    """A word and its score."""

    word: str
    score: int


class SolveReply(Reply):
    """The best words per box."""

    letters: str
    boxes: dict[str, BoxWords]
    words: list[ScoredWord]


# -- dice sets ------------------------------------------------------------------------------

Face = Annotated[list[str | int], Field(min_length=2, max_length=2,
                                        description="a face: [letter, points]")]


class DiceSet(Reply):
    """A dice set with every die's faces and points."""

    name: str = Field(description="a shipped set's name, or an own box's id (its link)")
    title: str
    language: str
    own: bool
    dice: list[list[Face]]
    mine: bool = Field(False, description="an own box of this browser or its profile")
    url: str | None = Field(None, description="an own box's link")


class DiceSetList(Reply):
    """The shipped dice sets and this browser's (or its profile's) own boxes."""

    dice_sets: list[DiceSet]


class NewDiceSet(Body):
    """A player's own box: seven dice of six faces (an Umlaut counts as its plain vowel);
    the engine checks it (``bad_dice_set``). The server names it (its id is its link)."""

    title: str = Field(min_length=1, max_length=MAX_TITLE,
                       description=f"what lists show, 1-{MAX_TITLE} characters")
    language: str = Field("nl", max_length=8)
    dice: list[Annotated[list[Face], Field(min_length=OWN_FACES, max_length=OWN_FACES)]] = (
        Field(min_length=OWN_DICE, max_length=OWN_DICE))
    error_codes: ClassVar[dict[str, str]] = {"": "bad_dice_set"}


class Deleted(Reply):
    """What was deleted."""

    deleted: str


# -- reports --------------------------------------------------------------------------------

class ReportRequest(Body):
    """A player disputes the dictionary."""

    word: str = Field(max_length=40, description="one word of letters a-z")
    dictionary: DictionaryName = "nl"
    kind: ReportKind
    note: str = Field("", max_length=MAX_NOTE)
    error_codes: ClassVar[dict[str, str]] = {"dictionary": "bad_name"}
    error_text: ClassVar[dict[str, str]] = {
        "word": "word is one word of letters a-z (at most 40)",
        "kind": "kind is one of: " + ", ".join(REPORT_KINDS),
        "dictionary": f"dictionary is a name; note at most {MAX_NOTE} characters",
        "note": f"dictionary is a name; note at most {MAX_NOTE} characters"}

    @field_validator("word")
    @classmethod
    def _plain(cls, value: str) -> str:
        if not is_plain_word(fold(value)):
            raise ValueError("not one word of letters a-z")
        return value


class Report(Reply):
    """A report, as kept."""

    word: str
    dictionary: str
    kind: ReportKind
    valid_now: bool = Field(description="whether the dictionary takes the word now")


class WordReport(Reply):
    """A reported word with how often and the notes."""

    word: str
    dictionary: str
    kind: ReportKind
    count: int
    notes: list[str]
    last: float


class ReportsQuery(Body):
    """Which reports."""

    dictionary: DictionaryName | None = None
    error_codes: ClassVar[dict[str, str]] = {"dictionary": "bad_name"}


class ReportList(Reply):
    """The reported words, most reported first."""

    reports: list[WordReport]


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


__all__ = ["MAX_CHECK_WORDS", "MAX_LIST_GAMES", "MAX_NOTE", "CheckReply", "CheckRequest",
           "DiceSet", "DiceSetList", "Dictionary", "DictionaryList", "GameList",
           "GamesQuery", "HighScores", "HighScoresQuery", "JobReply", "Meta", "ModeInfo",
           "NewDiceSet", "Report", "ReportList", "ReportRequest", "ReportsQuery",
           "SolveReply", "SolveRequest", "UploadForm"]
