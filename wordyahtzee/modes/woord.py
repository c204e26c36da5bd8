"""Woord Yahtzee (RULES.md §1): rules options, the score sheet, the turn, the game.

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
from typing import Any

from ..dice import Cup, DiceSet
from ..errors import RecordError, RuleError, WordyahtzeeError
from ..letters import BLANK, fold, is_consonant, is_plain_word, is_vowel
from ..lexicon import Lexicon, load_lexicon

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
"""Special boxes that may only be claimed before the third throw (RULES §1, turn step 3)."""


@dataclass(frozen=True)
class WoordRules:
    """The rules options of RULES §1, with its defaults."""

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
    round box that takes the 0 of a special claim."""

    box: str
    words: tuple[str, ...] = ()
    zero_box: str | None = None

    def to_json(self) -> dict[str, Any]:
        """The record form ``{"box", "words", "zero_box"?}``."""
        data: dict[str, Any] = {"box": self.box, "words": list(self.words)}
        if self.zero_box is not None:
            data["zero_box"] = self.zero_box
        return data


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
    """A game of Woord Yahtzee for one or more players over eight rounds."""

    mode = "woord"

    def __init__(self, players: Sequence[str], rules: WoordRules | None = None, *,
                 lexicon: Lexicon | None = None, dice_set: DiceSet | None = None,
                 rng: random.Random | None = None,
                 clock: Callable[[], float] = time.time) -> None:
        self.rules = rules or WoordRules()
        self.players = _check_players(players)
        self.lexicon = lexicon or load_lexicon(self.rules.dictionary)
        self.dice_set = dice_set or DiceSet.load(self.rules.dice_set)
        self.rng = rng or random.SystemRandom()
        self.clock = clock
        self.sheets = [ScoreSheet(self.rules.upper_bonus_threshold) for _ in self.players]
        self.events: list[dict[str, Any]] = []
        self.history: list[dict[str, Any]] = []  # finished turns in record form
        self._cup: Cup[str] = Cup([self.dice_set.letters(d) for d in range(self.dice_set.size)],
                                  self.rng, MAX_THROWS)
        self._turn = 0
        self._throws: list[str] = []
        self._started_at: float | None = None

    # -- state ----------------------------------------------------------------------------

    @property
    def finished(self) -> bool:
        """True after every player has played eight turns."""
        return self._turn >= ROUNDS * len(self.players)

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

    @property
    def deadline(self) -> float | None:
        """Clock time at which the current turn runs out (None: no throw yet or no timer)."""
        if self._started_at is None or self.rules.turn_seconds is None:
            return None
        return self._started_at + self.rules.turn_seconds

    def seconds_left(self) -> float | None:
        """Seconds of the hourglass left, by the injected clock (None: not running)."""
        deadline = self.deadline
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

    # -- actions (they create events) -----------------------------------------------------

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
        """Write a claim on the sheet; returns the points it scored (0 when too late)."""
        self._check_running()
        seconds = 0.0 if self._started_at is None else self.clock() - self._started_at
        event: dict[str, Any] = {"type": "claim", "box": box, "words": list(words),
                                 "seconds": round(seconds, 3)}
        if zero_box is not None:
            event["zero_box"] = zero_box
        player = self.turn.player
        before = self.sheets[player].total
        self.apply(event)
        return self.sheets[player].total - before

    def expire(self) -> bool:
        """If the hourglass has run out, score 0 and move on; True when it did."""
        if self.finished or not self._time_is_up():
            return False
        assert self._started_at is not None
        self.apply({"type": "timeout", "seconds": round(self.clock() - self._started_at, 3)})
        return True

    # -- evaluation (pure) ----------------------------------------------------------------

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
        if box == "woord_yahtzee" and sheet.boxes[box] == WOORD_YAHTZEE_SCORE:
            pass  # the 100-point bonus: the box itself stays at 50
        elif not sheet.is_open(box):
            raise RuleError(f"box {box!r} is already filled", "box_filled")
        if box in EARLY_ONLY and turn.throws >= MAX_THROWS:
            raise RuleError(f"{box!r} may only be claimed before the third throw",
                            "too_late_for_special")
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

        ``{"needs": "words"|"nothing", "score": int | None, "bonus": bool}``; ``score`` is
        known for boxes that need no words.
        """
        turn = self.turn
        if turn.faces is None:
            return {}
        sheet = self.sheets[turn.player]
        result: dict[str, dict[str, Any]] = {}
        round_boxes = ([b for b in ROUND_BOXES if sheet.is_open(b)] if self.rules.free_order
                       else [self.round_box()])
        for box in round_boxes:
            result[box] = {"needs": "words", "score": None, "bonus": False}
        zero = None if not self.rules.free_order else round_boxes[0]
        for box in SPECIAL_BOXES:
            needs = "nothing" if box in ("consonants", "vowels") else "words"
            try:
                score = self.evaluate(Claim(box, (), zero)) if needs == "nothing" else None
                if needs == "words":
                    self._special_open(box, sheet, turn)
            except RuleError:
                continue
            result[box] = {"needs": needs, "score": score,
                           "bonus": box == "woord_yahtzee" and not sheet.is_open(box)}
        return result

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
            self._end_turn(self._default_zero_box(), 0, None, None, _seconds(event))
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
                  seconds: float | None) -> None:
        self.sheets[self.turn.player].write(box, points, zero_box)
        record: dict[str, Any] = {"player": self.current_player, "throws": list(self._throws)}
        record["claim"] = claim.to_json() if claim else {"box": box, "words": []}
        if seconds is not None:
            record["seconds"] = seconds
        if claim is None:
            record["timeout"] = True
        self.history.append(record)
        self._turn += 1
        self._cup.reset()
        self._throws = []
        self._started_at = None

    # -- helpers --------------------------------------------------------------------------

    def _check_running(self) -> None:
        if self.finished:
            raise RuleError("the game is over", "game_over")

    def _time_is_up(self) -> bool:
        deadline = self.deadline
        return deadline is not None and self.clock() > deadline

    def _default_zero_box(self) -> str:
        """The round box that takes a 0 when the time runs out (free order: the first open)."""
        if not self.rules.free_order:
            return self.round_box()
        sheet = self.sheets[self.turn.player]
        return next(b for b in ROUND_BOXES if sheet.is_open(b))

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

    def _special_open(self, box: str, sheet: ScoreSheet, turn: Turn) -> None:
        """Raise unless ``box`` (chance / woord_yahtzee) may be claimed now with words."""
        if box == "woord_yahtzee":
            return  # always claimable (a bonus once it holds 50)
        if not sheet.is_open(box):
            raise RuleError(f"box {box!r} is already filled", "box_filled")
        if turn.throws >= MAX_THROWS:
            raise RuleError(f"{box!r} may only be claimed before the third throw",
                            "too_late_for_special")

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
    def from_json(cls, data: Mapping[str, Any], *, rng: random.Random | None = None,
                  clock: Callable[[], float] = time.time,
                  lexicon: Lexicon | None = None) -> WoordGame:
        """Rebuild a game from :meth:`to_json` output by replaying its events."""
        rules = WoordRules.from_json(data.get("rules"))
        dice = data.get("dice_set")
        dice_set = DiceSet.from_json(dice) if isinstance(dice, Mapping) else None
        game = cls(data.get("players", []), rules, lexicon=lexicon, dice_set=dice_set,
                   rng=rng, clock=clock)
        events = data.get("events", [])
        if not isinstance(events, list):
            raise RuleError("events must be a list", "bad_event")
        for event in events:
            game.apply(event)
        return game

    def to_record(self) -> dict[str, Any]:
        """The finished turns in the record format of DESIGN.md (read by ``replay``)."""
        rules = self.rules.to_json()
        dictionary, dice_name = rules.pop("dictionary"), rules.pop("dice_set")
        shipped = dice_name == self.dice_set.name and _is_shipped(dice_name)
        return {"mode": self.mode, "rules": rules, "dictionary": dictionary,
                "dice_set": dice_name if shipped else self.dice_set.to_json(),
                "players": list(self.players), "turns": list(self.history)}

    def result(self) -> dict[str, Any]:
        """Score sheets and winners (the ``replay`` output)."""
        return {"players": [s.to_json(p) for p, s in zip(self.players, self.sheets,
                                                          strict=True)],
                "winners": self.winners()}


def _is_shipped(name: str) -> bool:
    from ..dice import shipped_dice_sets

    return name in shipped_dice_sets()


def _seconds(event: Mapping[str, Any]) -> float | None:
    seconds = event.get("seconds")
    if seconds is None:
        return None
    if (isinstance(seconds, bool) or not isinstance(seconds, int | float)
            or not math.isfinite(seconds) or seconds < 0):
        raise RuleError("seconds must be a number of seconds, 0 or more", "bad_event")
    return float(seconds)


def _check_players(players: Any) -> list[str]:
    if (not isinstance(players, list | tuple) or not players
            or not all(isinstance(p, str) and p.strip() for p in players)):
        raise RuleError("players must be a non-empty list of names", "bad_players")
    if len(set(players)) != len(players):
        raise RuleError("player names must differ", "bad_players")
    return list(players)


# -- records ------------------------------------------------------------------------------

def game_from_record(data: Mapping[str, Any]) -> WoordGame:
    """Replay a DESIGN.md game record into a game; :class:`RecordError` names the turn."""
    try:
        rules_data = data.get("rules") or {}
        if not isinstance(rules_data, Mapping):
            raise RuleError("rules must be a JSON object", "bad_rules")
        overrides: dict[str, Any] = {}
        dictionary = data.get("dictionary")
        if dictionary is not None:
            overrides["dictionary"] = dictionary
        dice = data.get("dice_set")
        dice_set: DiceSet | None = None
        if isinstance(dice, Mapping):
            dice_set = DiceSet.from_json(dice)
            overrides["dice_set"] = dice_set.name
        elif dice is not None:
            overrides["dice_set"] = dice
        rules = WoordRules.from_json(rules_data, **overrides)
        game = WoordGame(data.get("players", []), rules, dice_set=dice_set,
                         rng=random.Random(0), clock=lambda: 0.0)
    except WordyahtzeeError as exc:
        raise RecordError(f"record: {exc.message}") from None
    turns = data.get("turns")
    if not isinstance(turns, list):
        raise RecordError("record: 'turns' must be a list")
    for number, turn in enumerate(turns, 1):
        who = turn.get("player") if isinstance(turn, Mapping) else None
        label = f"turn {number}" + (f" ({who})" if isinstance(who, str) else "")
        try:
            _replay_turn(game, turn)
        except WordyahtzeeError as exc:
            raise RecordError(f"{label}: {exc.message}") from None
    return game


def _replay_turn(game: WoordGame, turn: Any) -> None:
    if not isinstance(turn, Mapping):
        raise RuleError("a turn must be a JSON object", "bad_record")
    if game.finished:
        raise RuleError("the game is over: every player has played 8 rounds", "game_over")
    if turn.get("player") != game.current_player:
        raise RuleError(f"it is {game.current_player}'s turn, not {turn.get('player')!r}",
                        "wrong_player")
    throws = turn.get("throws")
    if not isinstance(throws, list) or not 1 <= len(throws) <= MAX_THROWS:
        raise RuleError(f"'throws' must list 1 to {MAX_THROWS} throws", "bad_throws")
    for i, faces in enumerate(throws, 1):
        if not isinstance(faces, str):
            raise RuleError(f"throw {i} must be a string of faces", "bad_throws")
        try:
            game.apply({"type": "throw", "faces": faces, "at": 0.0})
        except RuleError as exc:
            raise RuleError(f"throw {i}: {exc.message}", exc.code) from None
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


def replay_record(data: Mapping[str, Any]) -> dict[str, Any]:
    """Score a Woord Yahtzee record (``wordyahtzee replay``)."""
    return game_from_record(data).result()
