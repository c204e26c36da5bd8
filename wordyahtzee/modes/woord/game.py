"""A game of Woord Yahtzee: the turn, the hourglass, claims checked against the dictionary
and the dice, and the events that make the state."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from typing_extensions import TypedDict

from ...dice import Cup, DiceSet
from ...errors import RuleError
from ...letters import BLANK, fold, is_plain_word
from ..contract import (
    SKIP_REASONS,
    Acting,
    Dispute,
    Throw,
    check_players,
    event_seconds,
    missed_turns,
    recorded_points,
    recorded_time,
    settle,
)
from ..seating import SEAT_EVENTS, check_note, follow_seat
from .actions import Claim, ClaimRecord, Hourglass, Note, TurnRecord
from .rules import (
    BOX,
    BOXES,
    MAX_THROWS,
    ROUND_BOXES,
    ROUNDS,
    SPECIAL_BOXES,
    ScoreSheet,
    WoordRules,
    box_score,
    claimable_boxes,
    default_zero_box,
    is_formable,
    words_score,
    zero_box_of,
)

if TYPE_CHECKING:
    from ...lexicon import Lexicon
    from ...lexicon.overlay import Overlay


DIGEST_CHARS = 16
"""How much of the dictionary's digest (hex) a claim records: 64 bits tell the releases of
a dictionary apart."""


class TurnPoints(TypedDict):
    """What a finished turn scored."""

    points: int
    """in its box, or as a bonus"""
    gain: int
    """what it added to the total, the upper bonus included"""


class ClaimOption(TypedDict):
    """A box the player to move may claim now."""

    needs: Literal["words", "nothing"]
    score: int | None
    """what it scores, known for a box that needs no words"""
    zero_box: str | None
    """the round box that would take the 0 of a special claim"""
    bonus: bool
    """a claim of it earns the Woord Yahtzee bonus"""


@dataclass(frozen=True)
class Turn:
    """Where the game stands: whose turn, which round, what the dice show."""

    number: int          # 0-based across the game
    player: int          # index into players
    round: int           # 1..8
    faces: str | None    # die order; None before the first throw
    throws: int
    started_at: float | None


class WoordGame(Acting):
    """A game of Woord Yahtzee for one or more players over eight rounds.

    The game is pure: it is given its dictionary (a loaded :class:`Lexicon`), the
    moderators' decisions on words (an :class:`~wordyahtzee.lexicon.overlay.Overlay`, or
    none), its dice set, an RNG and a clock, and reads no file (:mod:`wordyahtzee.games`
    loads them by name).

    A claim is judged once, when it is made (:meth:`judge`): its event records the words as
    folded, the points its box got, the round box that took a 0 and the dictionary's
    digest. Replaying the event applies that record; it never asks the dictionary, the
    overlay or the clock again (a recomputation that disagrees is a :class:`Dispute`).

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
    ACTIONS: ClassVar[tuple[Any, ...]] = (Throw, Claim, Hourglass, Note)

    def __init__(self, players: Sequence[str], rules: WoordRules | None = None, *,
                 lexicon: Lexicon, dice_set: DiceSet,
                 rng: random.Random | None = None,
                 clock: Callable[[], float] = time.time,
                 overlay: Overlay | None = None) -> None:
        self.rules = rules or WoordRules()
        self.players = check_players(players)
        self.lexicon = lexicon
        self.dictionary_digest = lexicon.digest  # the word list the game was started with
        self.overlay = overlay
        self.dice_set = dice_set
        self.rng = rng or random.SystemRandom()
        self.clock = clock
        self.sheets = [ScoreSheet(self.rules.upper_bonus_at) for _ in self.players]
        self.events: list[dict[str, Any]] = []
        self.disputes: list[Dispute] = []
        self.history: list[TurnRecord] = []  # finished turns in record form
        self.turn_points: list[TurnPoints] = []  # per finished turn
        self.skips: list[list[str | None]] = [[] for _ in self.players]  # per seat's turn
        self.left: set[int] = set()  # seats that left the table
        self._cup: Cup[str] = Cup([self.dice_set.letters(d) for d in range(self.dice_set.size)],
                                  self.rng, MAX_THROWS)
        self._turn = 0
        self._throws: list[str] = []
        self._kept: list[int] = []
        self._started_at: float | None = None
        self._assumed = False
        self._judged: Mapping[str, Any] | None = None

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

    @property
    def kept(self) -> list[int]:
        """The dice positions kept for the next throw (sorted)."""
        return list(self._kept)

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

    @property
    def dice_count(self) -> int:
        """How many dice the cup throws."""
        return self.dice_set.size

    def do_throw(self, action: Throw) -> dict[str, Any]:
        """Throw the dice not kept (or record the letters real dice show: a score pad)."""
        if action.faces is not None:
            return {"faces": self.record_throw(action.faces)}
        return {"faces": self.throw(action.keep)}

    def do_hourglass(self, action: Hourglass) -> dict[str, Any]:
        """Turn the hourglass over (a score pad's tap; otherwise the first throw does)."""
        self.check_running()
        if self._started_at is not None:
            raise RuleError("the hourglass is already running", "hourglass_running")
        if self.rules.turn_seconds is None:
            raise RuleError("these rules have no hourglass", "no_hourglass")
        self.apply({"type": "hourglass", "at": self.clock()})
        return {"deadline": self.deadline()}

    def do_note(self, action: Note) -> dict[str, Any]:
        """A score pad's claim without the throw: the dice are taken to show the words'
        letters (the blank standing in for one letter if the box's dice need it, the one
        that costs least), then the claim is checked and scored as any."""
        self.check_running()
        if self.turn.faces is not None:
            raise RuleError("the throw is entered: claim it as usual", "bad_request")
        faces = self._faces_for([fold(w) for w in action.words])
        self.apply({"type": "throw", "faces": faces, "at": self.clock(), "assumed": True})
        return self.do_claim(Claim(action.box, action.words, action.zero_box))

    def _faces_for(self, words: Sequence[str]) -> str:
        """A throw of this dice set that shows ``words`` (the fewest points lost to the
        blank); :class:`RuleError` when none can."""
        letters = "".join(words)
        found = self.dice_set.complete(letters)
        if found is not None:
            return found
        options = [self.dice_set.complete(letters[:i] + BLANK + letters[i + 1:])
                   for i in range(len(letters))]
        best = max((f for f in options if f is not None), default=None,
                   key=lambda f: words_score(words, f, self.dice_set))
        if best is None:
            raise RuleError("the dice of this box cannot lay these words", "not_formable")
        return best

    def record_throw(self, faces: Any) -> str:
        """Record the letters real dice show (``?`` the blank): each a face of a different
        die of the dice set, at most three throws a turn; returns them folded."""
        self.check_running()
        if not isinstance(faces, str):
            raise RuleError("the letters are a string, e.g. 'kusnatl'", "impossible_throw")
        if self._time_is_up():
            raise RuleError("the time is up for this turn", "time_up")
        self.apply({"type": "throw", "faces": faces, "at": self.clock()})
        return self._throws[-1]

    def do_claim(self, action: Claim) -> dict[str, Any]:
        """Write a claim on the sheet."""
        points = self.claim(action.box, action.words, action.zero_box)
        return {"points": points, "box": action.box}

    def skip(self, reason: str, note: Mapping[str, Any] | None = None) -> None:
        """The seat to move loses its turn: its round box scores 0 (docs/rules.md §1);
        ``note``: the host's, when the host skipped it."""
        self.apply({"type": "skip", "reason": reason, "at": self.clock(), **(note or {})})

    def throw(self, keep: Sequence[int] = ()) -> str:
        """Throw the dice not kept (indices into the dice); returns the faces shown."""
        self.check_running()
        if self._time_is_up():
            raise RuleError("the time is up for this turn", "time_up")
        faces = "".join(self._cup.roll(keep))  # validates the keep
        self.apply({"type": "throw", "faces": faces, "keep": sorted(set(keep)),
                    "at": self.clock()})
        return faces

    def claim(self, box: str, words: Sequence[str] = (), zero_box: str | None = None) -> int:
        """Write a claim on the sheet; returns the points it scored in its box (0 when
        too late; the 100 of a Woord Yahtzee bonus)."""
        self.check_running()
        seconds = 0.0 if self._started_at is None else self.clock() - self._started_at
        event = self.judge(Claim(box, tuple(words), zero_box), round(seconds, 3))
        self._judged = event  # judged a moment ago: apply need not check it again
        self.apply(event)
        return self.turn_points[-1]["points"]

    def judge(self, claim: Claim, seconds: float | None) -> dict[str, Any]:
        """The event of ``claim`` made now, ``seconds`` into the turn: judged by the
        dictionary, the moderators' decisions, the dice and the rules
        (:class:`RuleError` when it is illegal), with what was decided: the words as
        folded, the points its box gets (0 when too late), the round box that takes the
        0 of a special claim, and the dictionary's digest (with the words the moderators'
        decisions admitted, if any)."""
        points = self.evaluate(claim)
        target_zero = self._target_zero(claim)
        late = (self.rules.turn_seconds is not None and seconds is not None
                and seconds > self.rules.turn_seconds)
        words = [fold(w) for w in claim.words]
        event: dict[str, Any] = {"type": "claim", "box": claim.box, "words": words}
        if seconds is not None:
            event["seconds"] = seconds
        if target_zero is not None:
            event["zero_box"] = target_zero
        event["points"] = 0 if late else points
        event["dictionary"] = self.lexicon.digest[:DIGEST_CHARS]
        overlay = self.overlay
        if words and overlay is not None and overlay.active:
            moderated = [w for w in words if overlay.verdict(self.lexicon.name, w) is not None]
            if moderated:
                event["moderated"] = moderated
        return event

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

        Ignores the clock (a late claim is legal but scores 0: see :meth:`judge`).
        """
        faces = self._place(claim)
        return self._score(claim, faces, judge_words=True)

    def _place(self, claim: Claim) -> str:
        """Check that ``claim`` may fill its box now: a throw made, a known box, the round
        order and the zero box, an open special box (before the third throw where the box
        asks it); the faces showing."""
        turn = self.turn
        sheet = self.sheets[turn.player]
        if turn.faces is None:
            raise RuleError("throw the dice first", "no_throw")
        box = claim.box
        if box not in BOXES:
            raise RuleError(f"unknown box {box!r}", "unknown_box")
        self._target_zero(claim)  # validates the round order and the zero box
        if box in SPECIAL_BOXES and box not in self.claimable():
            if BOX[box].early_only and turn.throws >= MAX_THROWS and sheet.is_open(box):
                raise RuleError(f"{box!r} may only be claimed before the third throw",
                                "too_late_for_special")
            raise RuleError(f"box {box!r} is already filled", "box_filled")
        return turn.faces

    def _score(self, claim: Claim, faces: str, judge_words: bool) -> int:
        """The points ``claim`` scores in its box with ``faces`` showing; ``judge_words``:
        ask the dictionary (and the moderators' decisions) whether its words are words,
        as a move made now does; a replay does not."""
        words = self._check_words(claim.words, faces, judge_words)
        return box_score(claim.box, words, faces, self.dice_set,
                         self.sheets[self.turn.player], self.rules, shown=self._throws[-1])

    def options(self) -> dict[str, ClaimOption]:
        """The boxes the current player may claim now: box → what it needs and scores.

        ``{"needs": "words"|"nothing", "score": int | None, "bonus": bool,
        "zero_box": str | None}``; ``score`` is known for boxes that need no words.
        """
        if self.finished or self.turn.faces is None:
            return {}
        sheet = self.sheets[self.turn.player]
        result: dict[str, ClaimOption] = {}
        for box, zero in self.claimable().items():
            needs: Literal["words", "nothing"] = "nothing" if BOX[box].words == 0 else "words"
            score = None
            if needs == "nothing":
                try:
                    score = self.evaluate(Claim(box, (), zero if self.rules.free_order
                                                else None))
                except RuleError:
                    continue
            result[box] = {"needs": needs, "score": score, "zero_box": zero,
                           "bonus": sheet.bonus_due(box)}
        return result

    # -- events ---------------------------------------------------------------------------

    def apply(self, event: Mapping[str, Any]) -> None:
        """Apply one event (validating it); the only place game state changes."""
        if not isinstance(event, Mapping):
            raise RuleError("an event is a JSON object", "bad_event")
        self.check_running()
        kind = event.get("type")
        if kind == "throw":
            self._apply_throw(event)
        elif kind == "claim":
            self._apply_claim(event)
        elif kind == "hourglass":
            if self._started_at is not None:
                raise RuleError("the hourglass is already running", "bad_event")
            self._started_at = recorded_time(event)
            if self._started_at is None:
                raise RuleError("an hourglass event says when it was turned ('at')",
                                "bad_event")
        elif kind == "timeout":
            if self._started_at is None:
                raise RuleError("no hourglass is running", "bad_event")
            zero = default_zero_box(self.sheets[self.turn.player], self.rules, self.turn.round)
            assert zero is not None  # a turn always has an open round box
            self._end_turn(zero, 0, None, None, event_seconds(event))
        elif kind in SEAT_EVENTS:
            follow_seat(self.left, event, len(self.players))
        elif kind == "skip":
            reason = event.get("reason", "absent")
            if not isinstance(reason, str) or reason not in SKIP_REASONS:
                raise RuleError("a skip names its reason: " + ", ".join(SKIP_REASONS),
                                "bad_event")
            check_note(event, len(self.players), self.turn.player)
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
        self._assumed = event.get("assumed") is True  # a pad's note: no throw was entered
        self._kept = sorted(kept)
        if self._started_at is None:  # a record's throw says no time: no hourglass runs
            self._started_at = recorded_time(event)

    def _apply_claim(self, event: Mapping[str, Any]) -> None:
        """Apply a claim as its event records it (:meth:`judge`): the box must be open to
        it, and the points are the record's; the replay's own scoring of the words on the
        dice, without the dictionary, only checks the record (:func:`settle`). An event
        from before claims recorded their points scores as the rules say, its words taken
        as the words they were judged to be then."""
        box, words, zero_box = event.get("box"), event.get("words") or [], event.get("zero_box")
        if not isinstance(box, str):
            raise RuleError("a claim names its box", "bad_event")
        if (not isinstance(words, list | tuple)
                or not all(isinstance(w, str) for w in words)):
            raise RuleError("a claim's words are a list of strings", "bad_event")
        if zero_box is not None and not isinstance(zero_box, str):
            raise RuleError("zero_box is a box id", "bad_event")
        claim = Claim(box, tuple(words), zero_box)
        recorded = recorded_points(event)
        seconds = event_seconds(event)
        faces = self._place(claim)
        target_zero = self._target_zero(claim)
        late = (self.rules.turn_seconds is not None and seconds is not None
                and seconds > self.rules.turn_seconds)

        def computed() -> int:
            points = self._score(claim, faces, judge_words=False)
            return 0 if late else points

        if event is self._judged and recorded is not None:
            points = recorded
        else:
            points = settle(self.disputes, len(self.events), recorded, computed)
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
        written: ClaimRecord = claim.to_record() if claim else {"box": box, "words": []}
        record: TurnRecord = {"player": self.current_player, "throws": list(self._throws),
                              "claim": written}
        if seconds is not None:
            record["seconds"] = seconds
        if self._assumed:
            record["assumed"] = True
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
        self._assumed = False
        self._throws = []
        self._kept = []
        self._started_at = None

    # -- helpers --------------------------------------------------------------------------

    def check_running(self) -> None:
        """:class:`RuleError` ``game_over`` once the game has ended."""
        if self.finished:
            raise RuleError("the game is over", "game_over")

    def _time_is_up(self, now: float | None = None) -> bool:
        deadline = self.deadline()
        return deadline is not None and (self.clock() if now is None else now) > deadline

    def _target_zero(self, claim: Claim) -> str | None:
        """:func:`zero_box_of` the claim in this turn."""
        turn = self.turn
        return zero_box_of(claim.box, claim.zero_box, self.sheets[turn.player], self.rules,
                           turn.round)

    def _check_words(self, words: Sequence[str], faces: str, judge: bool) -> list[str]:
        folded = []
        for raw in words:
            word = fold(raw)
            if not is_plain_word(word):
                raise RuleError(f"{raw!r} is not a word of letters a-z", "bad_word")
            if len(word) < self.rules.min_word_length:
                raise RuleError(f"{raw!r} is shorter than {self.rules.min_word_length} "
                                "letters", "too_short")
            if judge and not self.lexicon.is_valid(word, self.overlay):
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
        """The game as plain JSON: rules, players, the dice set, the digest of the
        dictionary it was started with, and every event."""
        return {"mode": self.mode, "rules": self.rules.to_json(), "players": self.players,
                "dice_set": self.dice_set.to_json(),
                "dictionary_digest": self.dictionary_digest, "events": list(self.events)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any], *, lexicon: Lexicon, dice_set: DiceSet,
                  rng: random.Random | None = None,
                  clock: Callable[[], float] = time.time,
                  overlay: Overlay | None = None) -> WoordGame:
        """Rebuild a game from :meth:`to_json` output by replaying its events (``dice_set``:
        the stored one, see :func:`wordyahtzee.games.restore`); ``lexicon`` and ``overlay``
        judge only the moves made after it."""
        rules = WoordRules.from_json(data.get("rules"))
        game = cls(data.get("players", []), rules, lexicon=lexicon, dice_set=dice_set,
                   rng=rng, clock=clock, overlay=overlay)
        digest = data.get("dictionary_digest")
        game.dictionary_digest = digest if isinstance(digest, str) else ""  # "": not said
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
