"""The bodies of the API's puzzle routes (see :mod:`web.models` and docs/puzzles.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from pydantic import Field

from wordyahtzee.puzzles.mining import MINED_MODES
from wordyahtzee.puzzles.model import THEMES

from ..models import Body, Reply, one_of

if TYPE_CHECKING:
    PuzzleMode = str
    ThemeName = str
else:
    PuzzleMode = one_of(MINED_MODES)
    ThemeName = one_of(tuple(sorted({t for themes in THEMES.values() for t in themes})))


class NextQuery(Body):
    """Which puzzles to draw from."""

    error_codes: ClassVar[dict[str, str]] = {"mode": "bad_mode", "theme": "bad_theme"}

    mode: PuzzleMode = Field(description="classic, woord or kaartspel")
    theme: ThemeName | None = Field(None, description="only puzzles of this theme")
    skip: str | None = Field(None, description="comma-separated ids of puzzles not to "
                                               "show again (the ones just seen)",
                             max_length=400)


class ThemesQuery(Body):
    """Which mode's themes."""

    error_codes: ClassVar[dict[str, str]] = {"mode": "bad_mode"}

    mode: PuzzleMode


class Question(Reply):
    """A puzzle as the solver sees it: what the player saw then, nothing of the answer.

    ``position`` is the mode's: classic ``dice``, ``throws``, ``round``, ``scores`` (the
    filled boxes), ``upper_total``, ``upper_bonus_at``, ``yahtzee_bonus``, ``joker``;
    Woord Yahtzee ``faces`` (the letters), ``throws``, ``round``, ``boxes`` (None: open),
    ``total``, ``upper_total``, ``upper_bonus_threshold``, ``seconds_left`` (the
    hourglass when the choice was made; None without one); Kaartspel the board as the
    game's screen has it without names (``spaces``, ``players`` by seat, ``to_move``: the
    seat answering), ``phase``, ``target``, ``red``, ``dice``, ``throws``, ``casino``,
    ``unplaced``, ``takes`` (what the dice may take now), ``round`` (the seat's own turn)
    and ``step``. Kaartspel also lists its other ``choices``."""

    id: str
    mode: str
    rules: dict[str, Any]
    throws: int
    shown: str
    position: dict[str, Any]
    themes: list[str]
    boxes: list[str] = Field(description="the boxes open to a claim now, in sheet order")
    can_keep: bool = Field(description="whether a keep (throwing again) is open")
    screen: dict[str, str] = Field(
        description="how a page draws the question, as the mode declares it: ``board`` "
        "(``sheet`` or ``cards``), and for a sheet ``faces`` (``pips`` or ``letters``), "
        "``claim`` (the choice's kind for a box), ``filled`` and ``upper_at`` (the "
        "position's fields of the filled boxes and of the upper bonus's threshold)")
    choices: list[dict[str, Any]] | None = Field(
        None, description="Kaartspel: the choices other than a keep, in a fixed order: each "
        "card to take (``card``, ``how``, ``score``; null card: nothing), ``throw`` (to "
        "raise), ``roll`` (move on), ``stop``")
    rating: int
    plays: int


class DailyPuzzle(Question):
    """Today's puzzle of a mode, the same for everyone."""

    date: str = Field(json_schema_extra={"format": "date"})


class Answer(Body):
    """A choice: ``{"kind": "keep", "dice": [0, 2]}`` (the positions of the dice kept,
    from 0; ``[]`` throws all again) or ``{"kind": "box", "box": "sixes"}`` (Woord Yahtzee:
    ``"kind": "claim"``); Kaartspel also ``{"kind": "take", "card": "sixes"}`` (null:
    nothing) and ``{"kind": "throw" | "roll" | "stop"}`` next to an own card."""

    choice: dict[str, Any] = Field(description="the choice made")
    error_codes: ClassVar[dict[str, str]] = {"choice": "bad_choice"}


class Graded(Reply):
    """The grade: ``regret`` (expected points lost against the best choice: the same
    figure the game's review shows for it), ``solved`` (the best was chosen), the choice,
    the best, the top five with their ``value`` (expected points still to come; Kaartspel:
    the strong player's worth of the choice this turn), the
    choice made in the game (``played``) and the gap to the second best (``margin``);
    Woord Yahtzee also ``best_words``. A profile's first answer is rated (``rated``,
    ``rating`` before and after, the puzzle's new rating); ``earlier``: its first answer,
    when it answered before."""

    regret: float
    solved: bool
    chosen: dict[str, Any]
    best: dict[str, Any]
    top: list[dict[str, Any]]
    played: dict[str, Any]
    margin: float
    rated: bool


class Themes(Reply):
    """Each theme of a mode with its number of puzzles."""

    mode: str
    themes: dict[str, int]


class PuzzleProfile(Reply):
    """A profile's puzzle rating per mode and its answers, newest first."""

    ratings: dict[str, dict[str, Any]]
    history: list[dict[str, Any]]


class TestPositions(Reply):
    """A mode's proficiency test: its version and positions (as :class:`Question` has them,
    without rating)."""

    mode: str
    version: int
    positions: list[dict[str, Any]]


class TestAnswers(Body):
    """One choice per position of the test, in order (each as :class:`Answer`'s)."""

    answers: list[dict[str, Any]] = Field(max_length=100)
    error_codes: ClassVar[dict[str, str]] = {"answers": "bad_choice"}


class TestScore(Reply):
    """The test's score, the skill figure of the answers (docs/skill.md): 100 × (1 −
    ``regret`` / ``random``), 100 for the best answers, about 0 for answers drawn at random
    (``random``: the points those lose on average), below 0 for worse; how many answers
    were the best, the points lost, the computer levels' scores (``levels``; null: not
    measured) and each position's grade."""

    mode: str
    version: int
    positions: int
    score: float
    best_answers: int
    regret: float
    random: float
    levels: dict[str, float] | None
    graded: list[dict[str, Any]]
