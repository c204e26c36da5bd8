"""Woord Yahtzee (docs/rules.md §1): rules options, the score sheet, the turn, the game.

A :class:`WoordGame` is its rules, its players and an append-only list of events
(``throw``, ``claim``, ``timeout``); its state is what :meth:`WoordGame.apply` makes of
that list, so a game saved as JSON replays to the same state. Randomness (the dice) and
time (the hourglass) are injected.
"""

from __future__ import annotations

import math
import random
import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field, fields
from typing import TYPE_CHECKING, Any, ClassVar

from ..dice import Cup, DiceSet
from ..errors import RecordError, RuleError, WordyahtzeeError
from ..letters import BLANK, fold, is_consonant, is_plain_word, is_vowel
from ..lexicon.why import explain
from .contract import (
    SKIP_REASONS,
    Leave,
    Outcome,
    Resources,
    Skip,
    Throw,
    bad_action,
    check_players,
    missed_turns,
    replay_turns,
)

if TYPE_CHECKING:
    from ..lexicon import Lexicon

UPPER_BOXES = ("letters_2", "letters_3", "letters_4", "letters_5", "letters_6")
ROUND_BOXES = (*UPPER_BOXES, "one_word", "two_words", "three_words")
"""The eight round boxes, in round order: round ``r`` scores ``ROUND_BOXES[r - 1]``."""
SPECIAL_BOXES = ("consonants", "vowels", "woord_yahtzee", "chance")
BOXES = ROUND_BOXES + SPECIAL_BOXES
LOWER_BOXES = ROUND_BOXES[5:] + SPECIAL_BOXES
ROUNDS = len(ROUND_BOXES)
MAX_THROWS = 3

UPPER_BONUS = 35
CONSONANTS_SCORE = 25
VOWELS_SCORE = 25
WOORD_YAHTZEE_SCORE = 50
WOORD_YAHTZEE_BONUS = 100

WORD_COUNT = {"one_word": 1, "two_words": 2, "three_words": 3}
WORD_COUNT.update({f"letters_{n}": 1 for n in range(2, 7)})
EARLY_ONLY = frozenset({"consonants", "vowels", "chance"})
"""Special boxes that may only be claimed before the third throw (docs/rules.md §1, turn step 3)."""
MAX_WORDS = 7
"""The most words a claim (or a preview) may carry: one per die."""
MAX_WORD_CHARS = 40


@dataclass(frozen=True)
class WoordRules:
    """The rules options of docs/rules.md §1, with its defaults."""

    upper_bonus_threshold: int = 40
    free_order: bool = False
    turn_seconds: float | None = 60.0
    min_word_length: int = 2
    y_is_vowel: bool = True
    dictionary: str = "nl"
    dice_set: str = "nl"

    def __post_init__(self) -> None:
        def bad(message: str) -> RuleError:
            return RuleError(f"rules: {message}", "bad_rules")

        threshold = self.upper_bonus_threshold
        if type(threshold) is not int or not 0 <= threshold <= 500:
            raise bad("upper_bonus_threshold must be a whole number such as 40 or 45")
        if not isinstance(self.free_order, bool):
            raise bad("free_order must be true or false")
        if self.turn_seconds is not None and (
                isinstance(self.turn_seconds, bool)
                or not isinstance(self.turn_seconds, int | float)
                or not math.isfinite(self.turn_seconds) or not 1 <= self.turn_seconds <= 3600):
            raise bad("turn_seconds must be a number of seconds (1-3600) or null")
        if type(self.min_word_length) is not int or not 1 <= self.min_word_length <= 7:
            raise bad("min_word_length must be a whole number from 1 to 7")
        if not isinstance(self.y_is_vowel, bool):
            raise bad("y_is_vowel must be true or false")
        if not isinstance(self.dictionary, str) or not isinstance(self.dice_set, str):
            raise bad("dictionary and dice_set are names")

    def to_json(self) -> dict[str, Any]:
        """The options as a JSON object (``dictionary`` and ``dice_set`` included)."""
        return asdict(self)

    @classmethod
    def from_json(cls, data: Any, **overrides: Any) -> WoordRules:
        """Read options; unknown keys are an error (a typo must not silently do nothing)."""
        if data is None:
            data = {}
        if not isinstance(data, Mapping):
            raise RuleError("rules: must be a JSON object", "bad_rules")
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise RuleError(f"rules: unknown option {unknown[0]!r}; options are: "
                            + ", ".join(sorted(known)), "bad_rules")
        return cls(**{**data, **overrides})


@dataclass(frozen=True)
class Claim:
    """What a player writes on the sheet: a box, the words for it, and (free order) the
    round box that takes the 0 of a special claim. The ``claim`` action."""

    name: ClassVar[str] = "claim"
    box: str
    words: tuple[str, ...] = ()
    zero_box: str | None = None

    def to_json(self) -> dict[str, Any]:
        """The record form ``{"box", "words", "zero_box"?}``."""
        data: dict[str, Any] = {"box": self.box, "words": list(self.words)}
        if self.zero_box is not None:
            data["zero_box"] = self.zero_box
        return data

    @classmethod
    def from_json(cls, body: Mapping[str, Any]) -> Claim:
        """Read ``{"box", "words"?, "zero_box"?}`` (blank words are dropped)."""
        box = body.get("box")
        if not isinstance(box, str) or not 0 < len(box) <= MAX_WORD_CHARS:
            raise RuleError("a claim names its box", "bad_request")
        return cls(box, tuple(word_list(body.get("words"))),
                   optional_box(body.get("zero_box")))


def word_list(value: Any) -> list[str]:
    """Words from a request: a list of at most :data:`MAX_WORDS` short strings (blank
    entries dropped); :class:`RuleError` otherwise."""
    if value is None:
        return []
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise RuleError("words must be a list of strings", "bad_request")
    if len(value) > MAX_WORDS:
        raise RuleError(f"words: at most {MAX_WORDS}", "bad_request")
    if any(len(v) > MAX_WORD_CHARS for v in value):
        raise RuleError(f"words: a word has at most {MAX_WORD_CHARS} characters",
                        "bad_request")
    return [v for v in value if v.strip()]


def optional_box(value: Any) -> str | None:
    """A ``zero_box`` from a request: a box id, or None when absent or empty."""
    if value is None or value == "":
        return None
    if not isinstance(value, str) or len(value) > MAX_WORD_CHARS:
        raise RuleError("zero_box must be a box id", "bad_request")
    return value


@dataclass
class ScoreSheet:
    """One player's twelve boxes (``None`` = still open) and the Woord Yahtzee bonuses."""

    upper_bonus_threshold: int = 40
    boxes: dict[str, int | None] = field(default_factory=lambda: dict.fromkeys(BOXES))
    woord_yahtzee_bonus: int = 0

    def is_open(self, box: str) -> bool:
        """True when ``box`` has not been written yet."""
        return self.boxes[box] is None

    @property
    def upper_total(self) -> int:
        """Sum of ``letters_2`` … ``letters_6``."""
        return sum(self.boxes[b] or 0 for b in UPPER_BOXES)

    @property
    def upper_bonus(self) -> int:
        """35 once the upper boxes reach the threshold (40, or 45 in the English edition)."""
        return UPPER_BONUS if self.upper_total >= self.upper_bonus_threshold else 0

    @property
    def lower_total(self) -> int:
        """Sum of the seven lower boxes."""
        return sum(self.boxes[b] or 0 for b in LOWER_BOXES)

    @property
    def total(self) -> int:
        """Grand total: upper + upper bonus + lower + Woord Yahtzee bonuses."""
        return self.upper_total + self.upper_bonus + self.lower_total + self.woord_yahtzee_bonus

    def write(self, box: str, points: int, zero_box: str | None = None) -> None:
        """Write a claim's points: into ``box``, or into the bonus tally when ``box`` is
        ``woord_yahtzee`` already holding 50; ``zero_box`` (a special claim's round box)
        gets 0."""
        if box == "woord_yahtzee" and self.boxes[box] == WOORD_YAHTZEE_SCORE:
            self.woord_yahtzee_bonus += points
        else:
            self.boxes[box] = points
        if zero_box is not None:
            self.boxes[zero_box] = 0

    def to_json(self, name: str) -> dict[str, Any]:
        """The ``replay`` output form; an empty box counts 0."""
        return {"name": name, "boxes": {b: self.boxes[b] or 0 for b in BOXES},
                "upper_bonus": self.upper_bonus, "yahtzee_bonus": self.woord_yahtzee_bonus,
                "total": self.total}


# -- forming words ------------------------------------------------------------------------

def letter_need(words: Sequence[str]) -> Counter[str]:
    """How many of each letter the words use together (each die serves one letter)."""
    need: Counter[str] = Counter()
    for word in words:
        need.update(word)
    return need


def missing_letters(words: Sequence[str], faces: str) -> int:
    """How many letters the shown real dice lack for ``words`` (the blanks must supply them)."""
    have = Counter(faces.replace(BLANK, ""))
    return sum(max(0, n - have[ch]) for ch, n in letter_need(words).items())


def is_formable(words: Sequence[str], faces: str) -> bool:
    """Can these (folded) words be laid from distinct dice showing ``faces``?"""
    return missing_letters(words, faces) <= faces.count(BLANK)


def words_score(words: Sequence[str], faces: str, dice_set: DiceSet) -> int:
    """Letter values of formable words; real dice are used before the blank (worth 0)."""
    have = Counter(faces.replace(BLANK, ""))
    return sum(min(n, have[ch]) * dice_set.value(ch) for ch, n in letter_need(words).items())


def all_consonants(faces: str, y_is_vowel: bool = True) -> bool:
    """Seven consonants (the blank counts as one): the ``consonants`` box."""
    return all(f == BLANK or is_consonant(f, y_is_vowel) for f in faces)


def all_vowels(faces: str, y_is_vowel: bool = True) -> bool:
    """Seven vowels (the blank counts as one): the ``vowels`` box."""
    return all(f == BLANK or is_vowel(f, y_is_vowel) for f in faces)


# -- what may be claimed: the one place for round order and the zero box ------------------

def default_zero_box(sheet: ScoreSheet, rules: WoordRules, round_no: int) -> str | None:
    """The round box that takes the 0 of a special claim or a timeout: this round's box in
    strict order; with free order the first open round box (it keeps the later, richer
    boxes). None when no round box is open."""
    if not rules.free_order:
        return ROUND_BOXES[round_no - 1]
    return next((b for b in ROUND_BOXES if sheet.is_open(b)), None)


def claimable_boxes(sheet: ScoreSheet, rules: WoordRules, round_no: int,
                    throws: int) -> dict[str, str | None]:
    """The boxes a player may claim after ``throws`` throws, whatever the dice show:
    box → the round box that then takes the 0 (``None`` for a round box itself).

    Strict order offers this round's box, free order every open round box; the specials
    follow docs/rules.md §1 (``consonants``, ``vowels``, ``chance`` only before the third throw,
    ``woord_yahtzee`` after any throw, also as the 100-point bonus once it holds 50). Whether
    the dice qualify is :meth:`WoordGame.evaluate`'s job.
    """
    if throws < 1:
        return {}
    rounds = ([b for b in ROUND_BOXES if sheet.is_open(b)] if rules.free_order
              else [ROUND_BOXES[round_no - 1]])
    out: dict[str, str | None] = dict.fromkeys(rounds)
    zero = default_zero_box(sheet, rules, round_no)
    if zero is None:
        return out
    for box in SPECIAL_BOXES:
        if box in EARLY_ONLY and throws >= MAX_THROWS:
            continue
        bonus = box == "woord_yahtzee" and sheet.boxes[box] == WOORD_YAHTZEE_SCORE
        if sheet.is_open(box) or bonus:
            out[box] = zero
    return out


# -- the game -----------------------------------------------------------------------------

@dataclass(frozen=True)
class Turn:
    """Where the game stands: whose turn, which round, what the dice show."""

    number: int          # 0-based across the game
    player: int          # index into players
    round: int           # 1..8
    faces: str | None    # die order; None before the first throw
    throws: int
    started_at: float | None


class WoordGame:
    """A game of Woord Yahtzee for one or more players over eight rounds.

    The game is pure: it is given its dictionary (a loaded :class:`Lexicon`), its dice set,
    an RNG and a clock, and reads no file (:mod:`wordyahtzee.games` loads them by name).

    >>> from wordyahtzee.lexicon import load_lexicon
    >>> from wordyahtzee.dice import DiceSet
    >>> game = WoordGame(["Anna"], WoordRules(turn_seconds=None), lexicon=load_lexicon("nl"),
    ...                  dice_set=DiceSet.load("nl"), rng=random.Random(3))
    >>> len(game.throw())
    7
    >>> game.claim("letters_2", [])        # no word: the round box scores 0
    0
    >>> game.turn.round
    2
    """

    mode: ClassVar[str] = "woord"
    ACTIONS: ClassVar[tuple[str, ...]] = ("throw", "claim", "skip")

    def __init__(self, players: Sequence[str], rules: WoordRules | None = None, *,
                 lexicon: Lexicon, dice_set: DiceSet,
                 rng: random.Random | None = None,
                 clock: Callable[[], float] = time.time) -> None:
        self.rules = rules or WoordRules()
        self.players = check_players(players)
        self.lexicon = lexicon
        self.dice_set = dice_set
        self.rng = rng or random.SystemRandom()
        self.clock = clock
        self.sheets = [ScoreSheet(self.rules.upper_bonus_threshold) for _ in self.players]
        self.events: list[dict[str, Any]] = []
        self.history: list[dict[str, Any]] = []  # finished turns in record form
        self.turn_points: list[dict[str, int]] = []  # per finished turn: points, gain
        self.skips: list[list[str | None]] = [[] for _ in self.players]  # per seat's turn
        self.left: set[int] = set()  # seats that left the table
        self._cup: Cup[str] = Cup([self.dice_set.letters(d) for d in range(self.dice_set.size)],
                                  self.rng, MAX_THROWS)
        self._turn = 0
        self._throws: list[str] = []
        self._kept: list[int] = []
        self._started_at: float | None = None

    # -- state ----------------------------------------------------------------------------

    @property
    def finished(self) -> bool:
        """True after every player has played eight turns."""
        return self._turn >= ROUNDS * len(self.players)

    @property
    def current_seat(self) -> int | None:
        """The seat to move (None once the game is over)."""
        return None if self.finished else self._turn % len(self.players)

    @property
    def turn(self) -> Turn:
        """The current turn (raises once the game is over)."""
        if self.finished:
            raise RuleError("the game is over", "game_over")
        n = len(self.players)
        showing = self._cup.showing
        return Turn(self._turn, self._turn % n, self._turn // n + 1,
                    None if showing is None else "".join(showing), self._cup.throws,
                    self._started_at)

    @property
    def current_player(self) -> str:
        """The name of the player to move."""
        return self.players[self.turn.player]

    def deadline(self) -> float | None:
        """Clock time at which the current turn runs out (None: no throw yet or no timer)."""
        if self._started_at is None or self.rules.turn_seconds is None:
            return None
        return self._started_at + self.rules.turn_seconds

    def turn_limit(self) -> float | None:
        """The hourglass: ``turn_seconds`` (None: no timer)."""
        return self.rules.turn_seconds

    def seat_status(self, seat: int) -> tuple[int, bool]:
        """Turns in a row ``seat`` missed, and whether it left the table."""
        return missed_turns(self.skips[seat]), seat in self.left

    def seconds_left(self) -> float | None:
        """Seconds of the hourglass left, by the injected clock (None: not running)."""
        deadline = self.deadline()
        return None if deadline is None else max(0.0, deadline - self.clock())

    def round_box(self) -> str:
        """The box of the current round (strict order)."""
        return ROUND_BOXES[self.turn.round - 1]

    def totals(self) -> list[int]:
        """Each player's grand total so far."""
        return [s.total for s in self.sheets]

    def winners(self) -> list[str]:
        """The players with the highest total (ties share the win)."""
        best = max(self.totals())
        return [p for p, t in zip(self.players, self.totals(), strict=True) if t == best]

    def finished_games(self, since_event: int) -> list[list[int]]:
        """The totals once the game is over (the event that finished it is the last)."""
        return [self.totals()] if self.finished and len(self.events) - 1 >= since_event else []

    # -- actions (they create events) -----------------------------------------------------

    def parse_action(self, name: str, body: Mapping[str, Any]) -> Throw | Claim | Skip:
        """``throw`` (``{"keep"}``), ``claim`` (``{"box", "words", "zero_box"}``) or
        ``skip`` (``{"reason"}``: the table service's, for an absent seat)."""
        if name == "throw":
            return Throw.from_json(body, self.dice_set.size)
        if name == "claim":
            return Claim.from_json(body)
        if name == "skip":
            return Skip.from_json(body)
        raise bad_action(name, self.ACTIONS)

    def act(self, action: Any) -> Outcome:
        """Play a :class:`Throw` or a :class:`Claim` for the player to move."""
        first = len(self.events)
        if isinstance(action, Throw):
            summary: dict[str, Any] = {"faces": self.throw(action.keep)}
        elif isinstance(action, Claim):
            points = self.claim(action.box, action.words, action.zero_box)
            summary = {"points": points, "box": action.box}
        elif isinstance(action, Skip):
            self.apply({"type": "skip", "reason": action.reason, "at": self.clock()})
            summary = {"skipped": action.reason}
        elif isinstance(action, Leave):
            self.apply({"type": "leave", "seat": action.seat})
            summary = {"left": action.seat}
        else:
            raise bad_action(getattr(action, "name", "?"), self.ACTIONS)
        return Outcome(self.events[first:], summary)

    def throw(self, keep: Sequence[int] = ()) -> str:
        """Throw the dice not kept (indices into the dice); returns the faces shown."""
        self._check_running()
        if self._time_is_up():
            raise RuleError("the time is up for this turn", "time_up")
        faces = "".join(self._cup.roll(keep))  # validates the keep
        self.apply({"type": "throw", "faces": faces, "keep": sorted(set(keep)),
                    "at": self.clock()})
        return faces

    def claim(self, box: str, words: Sequence[str] = (), zero_box: str | None = None) -> int:
        """Write a claim on the sheet; returns the points it scored in its box (0 when
        too late; the 100 of a Woord Yahtzee bonus)."""
        self._check_running()
        seconds = 0.0 if self._started_at is None else self.clock() - self._started_at
        event: dict[str, Any] = {"type": "claim", "box": box, "words": list(words),
                                 "seconds": round(seconds, 3)}
        if zero_box is not None:
            event["zero_box"] = zero_box
        self.apply(event)
        return self.turn_points[-1]["points"]

    def expire(self, now: float | None = None) -> bool:
        """If the hourglass has run out by ``now`` (default: the clock), score 0 and move
        on; True when it did."""
        if self.finished or not self._time_is_up(now):
            return False
        assert self._started_at is not None
        now = self.clock() if now is None else now
        self.apply({"type": "timeout", "seconds": round(now - self._started_at, 3)})
        return True

    # -- evaluation (pure) ----------------------------------------------------------------

    def claimable(self) -> dict[str, str | None]:
        """:func:`claimable_boxes` for the player to move."""
        turn = self.turn
        return claimable_boxes(self.sheets[turn.player], self.rules, turn.round, turn.throws)

    def evaluate(self, claim: Claim) -> int:
        """The points ``claim`` would score now, or :class:`RuleError` if it is illegal.

        Ignores the clock (a late claim is legal but scores 0: see :meth:`apply`).
        """
        turn = self.turn
        sheet = self.sheets[turn.player]
        if turn.faces is None:
            raise RuleError("throw the dice first", "no_throw")
        box = claim.box
        if box not in BOXES:
            raise RuleError(f"unknown box {box!r}", "unknown_box")
        self._zero_box(claim, sheet)  # validates round order and the zero box
        if box in SPECIAL_BOXES and box not in self.claimable():
            if box in EARLY_ONLY and turn.throws >= MAX_THROWS and sheet.is_open(box):
                raise RuleError(f"{box!r} may only be claimed before the third throw",
                                "too_late_for_special")
            raise RuleError(f"box {box!r} is already filled", "box_filled")
        words = self._check_words(claim.words, turn.faces)
        if box in ("consonants", "vowels"):
            if words:
                raise RuleError(f"{box!r} takes no words", "bad_words")
            test = all_consonants if box == "consonants" else all_vowels
            if not test(turn.faces, self.rules.y_is_vowel):
                kind = "consonants" if box == "consonants" else "vowels"
                raise RuleError(f"the dice {self._throws[-1]!r} are not all {kind}",
                                "not_eligible")
            return CONSONANTS_SCORE if box == "consonants" else VOWELS_SCORE
        if box == "woord_yahtzee":
            if len(words) != 1 or len(words[0]) != self.dice_set.size:
                raise RuleError(f"'woord_yahtzee' takes one word of {self.dice_set.size} "
                                "letters", "bad_words")
            return (WOORD_YAHTZEE_BONUS if sheet.boxes[box] == WOORD_YAHTZEE_SCORE
                    else WOORD_YAHTZEE_SCORE)
        if box == "chance":
            if not words:
                raise RuleError("'chance' takes one or more words", "bad_words")
        elif words:
            wanted = WORD_COUNT[box]
            if len(words) != wanted:
                raise RuleError(f"{box!r} takes {wanted} word{'s' if wanted > 1 else ''}, "
                                f"not {len(words)}", "bad_words")
            if box.startswith("letters_"):
                size = int(box.rsplit("_", 1)[1])
                if len(words[0]) != size:
                    raise RuleError(f"{box!r} takes a word of exactly {size} letters; "
                                    f"{words[0]!r} has {len(words[0])}", "bad_words")
        return words_score(words, turn.faces, self.dice_set)

    def options(self) -> dict[str, dict[str, Any]]:
        """The boxes the current player may claim now: box → what it needs and scores.

        ``{"needs": "words"|"nothing", "score": int | None, "bonus": bool,
        "zero_box": str | None}``; ``score`` is known for boxes that need no words.
        """
        if self.finished or self.turn.faces is None:
            return {}
        sheet = self.sheets[self.turn.player]
        result: dict[str, dict[str, Any]] = {}
        for box, zero in self.claimable().items():
            needs = "nothing" if box in ("consonants", "vowels") else "words"
            score = None
            if needs == "nothing":
                try:
                    score = self.evaluate(Claim(box, (), zero if self.rules.free_order
                                                else None))
                except RuleError:
                    continue
            result[box] = {"needs": needs, "score": score, "zero_box": zero,
                           "bonus": box == "woord_yahtzee" and not sheet.is_open(box)}
        return result

    def preview(self, body: Mapping[str, Any]) -> dict[str, Any]:
        """Live feedback while a player types ``{"words", "zero_box"?}``: per word (letters
        a-z? long enough? in the dictionary? formable from the dice? its value) and per
        claimable box (its score, or the reason it is refused), without playing."""
        words = word_list(body.get("words"))
        zero_box = optional_box(body.get("zero_box"))
        self._check_running()
        faces = self.turn.faces
        if faces is None:
            raise RuleError("throw the dice first", "no_throw")
        word_info = []
        for raw in words:
            folded = fold(raw)
            plain = is_plain_word(folded)
            formable = plain and is_formable([folded], faces)
            valid = plain and self.lexicon.is_valid(folded)
            word_info.append({
                "word": raw, "folded": folded, "letters": plain,
                "long_enough": len(folded) >= self.rules.min_word_length,
                "in_dictionary": valid,
                "refused": None if valid or not plain else explain(raw, self.lexicon).to_json(),
                "formable": formable,
                "value": words_score([folded], faces, self.dice_set) if formable else None})
        folded_all = [str(w["folded"]) for w in word_info if w["letters"]]
        together = bool(folded_all) and len(folded_all) == len(word_info) and is_formable(
            folded_all, faces)
        boxes: dict[str, Any] = {}
        default_zero = None
        for box, option in self.options().items():
            claim_words = [] if option["needs"] == "nothing" else words
            zero = None
            if box in SPECIAL_BOXES and self.rules.free_order:
                zero = zero_box or option["zero_box"]
                default_zero = option["zero_box"]
            try:
                score = self.evaluate(Claim(box, tuple(claim_words), zero))
                boxes[box] = {"score": score, "error": None, "words": claim_words,
                              "zero_box": option["zero_box"] if zero is None else zero}
            except WordyahtzeeError as exc:
                boxes[box] = {"score": None, "words": claim_words,
                              "error": {"code": exc.code, "message": exc.message},
                              "zero_box": option["zero_box"] if zero is None else zero}
        return {"words": word_info, "formable_together": together, "boxes": boxes,
                "zero_box": zero_box or default_zero}

    # -- views ----------------------------------------------------------------------------

    def view(self, seat: int | None = None) -> dict[str, Any]:
        """The whole game for a screen: rules, sheets, the turn, what may be claimed now,
        and every finished turn with the points it scored (``points``: in its box or as a
        bonus; ``gain``: what it added to the total, upper bonus included)."""
        players = []
        for seat, (name, sheet) in enumerate(zip(self.players, self.sheets, strict=True)):
            players.append({
                "name": name, "boxes": dict(sheet.boxes), "upper_total": sheet.upper_total,
                "upper_bonus": sheet.upper_bonus, "lower_total": sheet.lower_total,
                "woord_yahtzee_bonus": sheet.woord_yahtzee_bonus, "total": sheet.total,
                "missed": self.seat_status(seat)[0], "left": seat in self.left})
        history = [{**turn, "number": i, "round": i // len(self.players) + 1,
                    "seat": i % len(self.players), **self.turn_points[i]}
                   for i, turn in enumerate(self.history)]
        state: dict[str, Any] = {
            "mode": self.mode, "rules": self.rules.to_json(), "players": players,
            "boxes": {"round": list(ROUND_BOXES), "special": list(SPECIAL_BOXES),
                      "upper": list(UPPER_BOXES), "lower": list(LOWER_BOXES)},
            "rounds": ROUNDS, "max_throws": MAX_THROWS,
            "finished": self.finished, "history": history, "turn": None, "options": {},
            "winners": self.winners() if self.finished else [],
        }
        if not self.finished:
            turn = self.turn
            faces = turn.faces
            state["turn"] = {
                "number": turn.number, "player": turn.player, "round": turn.round,
                "round_box": self.round_box(), "throws": turn.throws,
                "throws_left": MAX_THROWS - turn.throws, "faces": faces,
                "dice": None if faces is None else [
                    {"letter": ch, "value": self.dice_set.value(ch), "blank": ch == BLANK}
                    for ch in faces],
                "kept": list(self._kept), "deadline": self.deadline(),
                "seconds_left": self.seconds_left(),
                "turn_seconds": self.rules.turn_seconds, "started_at": turn.started_at,
                "zero_box": default_zero_box(self.sheets[turn.player], self.rules,
                                             turn.round),
            }
            state["options"] = self.options()
        return state

    # -- events ---------------------------------------------------------------------------

    def apply(self, event: Mapping[str, Any]) -> None:
        """Apply one event (validating it); the only place game state changes."""
        if not isinstance(event, Mapping):
            raise RuleError("an event is a JSON object", "bad_event")
        self._check_running()
        kind = event.get("type")
        if kind == "throw":
            self._apply_throw(event)
        elif kind == "claim":
            self._apply_claim(event)
        elif kind == "timeout":
            if self._started_at is None:
                raise RuleError("no hourglass is running", "bad_event")
            zero = default_zero_box(self.sheets[self.turn.player], self.rules, self.turn.round)
            assert zero is not None  # a turn always has an open round box
            self._end_turn(zero, 0, None, None, _seconds(event))
        elif kind == "leave":
            self.left.add(_seat(event, len(self.players)))
        elif kind == "skip":
            reason = event.get("reason", "absent")
            if not isinstance(reason, str) or reason not in SKIP_REASONS:
                raise RuleError("a skip names its reason: " + ", ".join(SKIP_REASONS),
                                "bad_event")
            zero = default_zero_box(self.sheets[self.turn.player], self.rules, self.turn.round)
            assert zero is not None
            self._end_turn(zero, 0, None, None, None, skipped=reason)
        else:
            raise RuleError(f"unknown event type {kind!r}", "bad_event")
        self.events.append(dict(event))

    def _apply_throw(self, event: Mapping[str, Any]) -> None:
        faces = event.get("faces")
        if not isinstance(faces, str):
            raise RuleError("a throw names its faces as a string", "bad_event")
        faces = fold(faces)
        keep = event.get("keep")
        if self._cup.throws >= MAX_THROWS:
            raise RuleError(f"no throws left: {MAX_THROWS} is the most a turn",
                            "no_throws_left")
        kept: frozenset[int] = frozenset()
        if keep is None:  # a record: faces in any order; match them to dice
            arranged = self.dice_set.arrange(faces)
        else:
            if not isinstance(keep, list):
                raise RuleError("keep is a list of die numbers", "bad_event")
            kept = self._cup.check_keep(keep)
            arranged = faces
            if len(arranged) != self.dice_set.size:
                raise RuleError(f"a throw shows {self.dice_set.size} dice, not "
                                f"{len(arranged)}", "impossible_throw")
            for d, letter in enumerate(arranged):
                if letter not in self.dice_set.letters(d):
                    raise RuleError(f"die {d} cannot show {letter!r}", "impossible_throw")
            old = self._cup.showing
            if old is not None and any(old[d] != arranged[d] for d in kept):
                raise RuleError("a kept die changed", "impossible_throw")
        self._cup.record(tuple(arranged))
        self._throws.append(faces)  # as shown (a record's own order, for its messages)
        self._kept = sorted(kept)
        if self._started_at is None:
            at = event.get("at")
            self._started_at = float(at) if isinstance(at, int | float) else self.clock()

    def _apply_claim(self, event: Mapping[str, Any]) -> None:
        box, words, zero_box = event.get("box"), event.get("words") or [], event.get("zero_box")
        if not isinstance(box, str):
            raise RuleError("a claim names its box", "bad_event")
        if (not isinstance(words, list | tuple)
                or not all(isinstance(w, str) for w in words)):
            raise RuleError("a claim's words are a list of strings", "bad_event")
        if zero_box is not None and not isinstance(zero_box, str):
            raise RuleError("zero_box is a box id", "bad_event")
        claim = Claim(box, tuple(words), zero_box)
        points = self.evaluate(claim)
        seconds = _seconds(event)
        sheet = self.sheets[self.turn.player]
        target_zero = self._zero_box(claim, sheet)
        late = (self.rules.turn_seconds is not None and seconds is not None
                and seconds > self.rules.turn_seconds)
        if late:
            self._end_turn(target_zero or box, 0, claim, None, seconds)
        else:
            self._end_turn(box, points, claim, target_zero, seconds)

    def _end_turn(self, box: str, points: int, claim: Claim | None, zero_box: str | None,
                  seconds: float | None, skipped: str | None = None) -> None:
        seat = self.turn.player
        sheet = self.sheets[seat]
        before = sheet.total
        sheet.write(box, points, zero_box)
        self.turn_points.append({"points": points, "gain": sheet.total - before})
        record: dict[str, Any] = {"player": self.current_player, "throws": list(self._throws)}
        record["claim"] = claim.to_json() if claim else {"box": box, "words": []}
        if seconds is not None:
            record["seconds"] = seconds
        if skipped is not None:
            record["skipped"] = skipped
            if skipped == "left":
                self.left.add(seat)
        elif claim is None:
            record["timeout"] = True
        self.skips[seat].append(skipped)
        self.history.append(record)
        self._turn += 1
        self._cup.reset()
        self._throws = []
        self._kept = []
        self._started_at = None

    # -- helpers --------------------------------------------------------------------------

    def _check_running(self) -> None:
        if self.finished:
            raise RuleError("the game is over", "game_over")

    def _time_is_up(self, now: float | None = None) -> bool:
        deadline = self.deadline()
        return deadline is not None and (self.clock() if now is None else now) > deadline

    def _zero_box(self, claim: Claim, sheet: ScoreSheet) -> str | None:
        """Check the claim's box against the round order; the round box that takes the 0."""
        if claim.box in ROUND_BOXES:
            if claim.zero_box is not None:
                raise RuleError("zero_box goes only with a special claim", "bad_claim")
            if self.rules.free_order:
                if not sheet.is_open(claim.box):
                    raise RuleError(f"box {claim.box!r} is already filled", "box_filled")
            elif claim.box != self.round_box():
                raise RuleError(f"box {claim.box!r} is out of turn: round {self.turn.round} "
                                f"scores {self.round_box()!r}", "out_of_turn")
            return None
        if not self.rules.free_order:
            if claim.zero_box not in (None, self.round_box()):
                raise RuleError(f"zero_box must be this round's box {self.round_box()!r}",
                                "bad_claim")
            return self.round_box()
        if claim.zero_box is None:
            raise RuleError("with free order a special claim names its zero_box", "bad_claim")
        if claim.zero_box not in ROUND_BOXES:
            raise RuleError(f"zero_box {claim.zero_box!r} is not a round box", "bad_claim")
        if not sheet.is_open(claim.zero_box):
            raise RuleError(f"zero_box {claim.zero_box!r} is already filled", "box_filled")
        return claim.zero_box

    def _check_words(self, words: Sequence[str], faces: str) -> list[str]:
        folded = []
        for raw in words:
            word = fold(raw)
            if not is_plain_word(word):
                raise RuleError(f"{raw!r} is not a word of letters a-z", "bad_word")
            if len(word) < self.rules.min_word_length:
                raise RuleError(f"{raw!r} is shorter than {self.rules.min_word_length} "
                                "letters", "too_short")
            if not self.lexicon.is_valid(word):
                raise RuleError(f"{raw!r} is not in the dictionary {self.lexicon.name!r}",
                                "not_a_word")
            folded.append(word)
        if folded and not is_formable(folded, faces):
            shown = " ".join(folded)
            raise RuleError(f"{shown!r} cannot be formed from the dice {self._throws[-1]!r} "
                            "(each die once)", "not_formable")
        return folded

    # -- serialisation --------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The game as plain JSON: rules, players, the dice set, and every event."""
        return {"mode": self.mode, "rules": self.rules.to_json(), "players": self.players,
                "dice_set": self.dice_set.to_json(), "events": list(self.events)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any], *, lexicon: Lexicon, dice_set: DiceSet,
                  rng: random.Random | None = None,
                  clock: Callable[[], float] = time.time) -> WoordGame:
        """Rebuild a game from :meth:`to_json` output by replaying its events (``dice_set``:
        the stored one, see :func:`wordyahtzee.games.restore`)."""
        rules = WoordRules.from_json(data.get("rules"))
        game = cls(data.get("players", []), rules, lexicon=lexicon, dice_set=dice_set,
                   rng=rng, clock=clock)
        events = data.get("events", [])
        if not isinstance(events, list):
            raise RuleError("events must be a list", "bad_event")
        for event in events:
            game.apply(event)
        return game

    def to_record(self) -> dict[str, Any]:
        """The finished turns in the record format of ``docs/records.md`` (``replay``)."""
        rules = self.rules.to_json()
        dictionary, dice_name = rules.pop("dictionary"), rules.pop("dice_set")
        shipped = dice_name == self.dice_set.name and self.dice_set.shipped
        return {"mode": self.mode, "rules": rules, "dictionary": dictionary,
                "dice_set": dice_name if shipped else self.dice_set.to_json(),
                "players": list(self.players), "turns": list(self.history)}

    def result(self) -> dict[str, Any]:
        """Score sheets and winners (the ``replay`` output)."""
        return {"players": [s.to_json(p) for p, s in zip(self.players, self.sheets,
                                                          strict=True)],
                "winners": self.winners()}



def _seat(event: Mapping[str, Any], seats: int) -> int:
    seat = event.get("seat")
    if type(seat) is not int or not 0 <= seat < seats:
        raise RuleError(f"a seat is a number 0-{seats - 1}", "bad_event")
    return seat


def _seconds(event: Mapping[str, Any]) -> float | None:
    seconds = event.get("seconds")
    if seconds is None:
        return None
    if (isinstance(seconds, bool) or not isinstance(seconds, int | float)
            or not math.isfinite(seconds) or seconds < 0):
        raise RuleError("seconds must be a number of seconds, 0 or more", "bad_event")
    return float(seconds)


# -- records ------------------------------------------------------------------------------

@dataclass(frozen=True)
class Needs:
    """The named resources a stored game or a record asks for: a dictionary and a dice set
    (a shipped name, or a set given inline)."""

    dictionary: str
    dice_set: str | DiceSet


def needs(data: Mapping[str, Any]) -> Needs:
    """What a stored game (``to_json``) or a record names: its dictionary and dice set."""
    rules = data.get("rules") or {}
    if not isinstance(rules, Mapping):
        raise RecordError("record: rules must be a JSON object")
    dictionary = data.get("dictionary", rules.get("dictionary", "nl"))
    dice = data.get("dice_set", rules.get("dice_set", "nl"))
    if not isinstance(dictionary, str):
        raise RecordError("record: 'dictionary' is a dictionary name")
    try:
        if isinstance(dice, Mapping):
            return Needs(dictionary, DiceSet.from_json(dice))
    except WordyahtzeeError as exc:
        raise RecordError(f"record: {exc.message}") from None
    if not isinstance(dice, str):
        raise RecordError("record: 'dice_set' is a name or a dice set object")
    return Needs(dictionary, dice)


def game_from_record(data: Mapping[str, Any], resources: Resources) -> WoordGame:
    """Replay a game record into a game; :class:`RecordError` names the turn.

    ``resources`` holds the lexicon and dice set the record names (:func:`needs`).
    """
    try:
        rules_data = data.get("rules") or {}
        if not isinstance(rules_data, Mapping):
            raise RuleError("rules must be a JSON object", "bad_rules")
        wanted = needs(data)
        dice_name = (wanted.dice_set if isinstance(wanted.dice_set, str)
                     else wanted.dice_set.name)
        rules = WoordRules.from_json(rules_data, dictionary=wanted.dictionary,
                                     dice_set=dice_name)
        game = WoordGame(data.get("players", []), rules, lexicon=resources.lexicon,
                         dice_set=resources.dice_set, rng=random.Random(0),
                         clock=lambda: 0.0)
    except WordyahtzeeError as exc:
        raise RecordError(f"record: {exc.message}") from None
    replay_turns(data.get("turns"), lambda turn: _replay_turn(game, turn))
    return game


def _replay_turn(game: WoordGame, turn: Any) -> None:
    if not isinstance(turn, Mapping):
        raise RuleError("a turn must be a JSON object", "bad_record")
    if game.finished:
        raise RuleError("the game is over: every player has played 8 rounds", "game_over")
    if turn.get("player") != game.current_player:
        raise RuleError(f"it is {game.current_player}'s turn, not {turn.get('player')!r}",
                        "wrong_player")
    skipped = turn.get("skipped")
    throws = turn.get("throws", [] if skipped else None)
    least = 0 if skipped else 1
    if not isinstance(throws, list) or not least <= len(throws) <= MAX_THROWS:
        raise RuleError(f"'throws' must list {least} to {MAX_THROWS} throws", "bad_throws")
    for i, faces in enumerate(throws, 1):
        if not isinstance(faces, str):
            raise RuleError(f"throw {i} must be a string of faces", "bad_throws")
        try:
            game.apply({"type": "throw", "faces": faces, "at": 0.0})
        except RuleError as exc:
            raise RuleError(f"throw {i}: {exc.message}", exc.code) from None
    if skipped:
        game.apply({"type": "skip", "reason": skipped})
        return
    claim = turn.get("claim")
    if not isinstance(claim, Mapping):
        raise RuleError("'claim' must be an object with a 'box'", "bad_claim")
    event: dict[str, Any] = {"type": "claim", "box": claim.get("box"),
                             "words": claim.get("words", [])}
    if claim.get("zero_box") is not None:
        event["zero_box"] = claim["zero_box"]
    if turn.get("seconds") is not None:
        event["seconds"] = turn["seconds"]
    game.apply(event)


def replay_record(data: Mapping[str, Any], resources: Resources) -> dict[str, Any]:
    """Score a Woord Yahtzee record (``wordyahtzee replay``)."""
    return game_from_record(data, resources).result()


def parse_rules(data: Any) -> dict[str, Any]:
    """A table's options (:meth:`WoordRules.from_json`) as canonical JSON."""
    return WoordRules.from_json(data).to_json()


def new_game(players: Sequence[str], rules: Any, resources: Resources) -> WoordGame:
    """A fresh game on the given resources (the mode registry's constructor)."""
    if not isinstance(rules, WoordRules):
        rules = WoordRules.from_json(rules)
    return WoordGame(players, rules, lexicon=resources.lexicon, dice_set=resources.dice_set,
                     rng=resources.rng, clock=resources.clock)


def restore(data: Mapping[str, Any], resources: Resources) -> WoordGame:
    """A stored game (``to_json``) replayed on the given resources."""
    return WoordGame.from_json(data, lexicon=resources.lexicon, dice_set=resources.dice_set,
                               rng=resources.rng, clock=resources.clock)


def describe() -> dict[str, Any]:
    """What a start screen needs to offer this mode's options."""
    return {"rules_defaults": WoordRules().to_json(), "boxes": list(BOXES),
            "round_boxes": list(ROUND_BOXES), "special_boxes": list(SPECIAL_BOXES),
            "rules_schema": {"type": "object", "additionalProperties": False, "properties": {
                "upper_bonus_threshold": {"type": "integer", "default": 40},
                "free_order": {"type": "boolean", "default": False},
                "turn_seconds": {"type": ["number", "null"], "default": 60},
                "min_word_length": {"type": "integer", "default": 2},
                "y_is_vowel": {"type": "boolean", "default": True},
                "dictionary": {"type": "string", "default": "nl"},
                "dice_set": {"type": "string", "default": "nl", "description":
                             "a shipped dice set; left out: the dictionary language's "
                             "default (en for English, else nl)"}}}}
