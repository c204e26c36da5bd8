"""The bodies of the API's routes about words: dictionaries and their builds, checking and
solving words, dice sets and word reports (see :mod:`web.models`)."""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal

from pydantic import Field, WithJsonSchema, field_validator

from wordyahtzee.dice import MAX_TITLE, OWN_DICE, OWN_FACES
from wordyahtzee.letters import fold, is_plain_word
from wordyahtzee.store import REPORT_KINDS

from ..models import (
    Body,
    DictionaryName,
    Reply,
    ReportKind,
)

MAX_CHECK_WORDS = 50
MAX_NOTE = 200

# -- dictionaries ---------------------------------------------------------------------------


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


class DiceSetDeleted(Reply):
    """The dice set is gone: its name."""

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


__all__ = ["MAX_CHECK_WORDS", "MAX_NOTE", "CheckReply", "CheckRequest", "DiceSet",
           "DiceSetDeleted", "DiceSetList", "Dictionary", "DictionaryList", "JobReply",
           "NewDiceSet", "Report", "ReportList", "ReportRequest", "ReportsQuery",
           "SolveReply", "SolveRequest", "UploadForm"]
