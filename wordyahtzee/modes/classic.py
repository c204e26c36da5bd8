"""Classic Yahtzee (docs/rules.md §2): scoring, the score sheet, the turn state machine, games,
5-game matches, a solo high-score list and the JSON game records.

Every classic scoring rule lives here, once: :func:`box_score` (the ordinary value of dice in
a box), :func:`legal_scores` (where a throw may go and what it scores there, joker readings
included) and :func:`yahtzee_bonus`. The advisor builds its tables from these functions.

Dice are tuples of five pips 1..6. A game is its rules, its players and an append-only list
of events; :meth:`ClassicGame.from_json` rebuilds any game from that list.

>>> game = ClassicGame(["Anna"], rng=random.Random(1))
>>> dice = game.throw()                    # first throw: all five dice
>>> dice = game.throw(keep=[0, 1])         # keep dice 0 and 1, throw the other three
>>> sorted(game.options())[:3]             # the boxes the dice may go in now
['chance', 'fives', 'four_of_a_kind']
>>> points = game.score("chance")
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from ..dice import Cup
from ..errors import RecordError, RuleError
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
    replay_events,
    replay_turns,
)

__all__ = [
    "BOXES",
    "FACES",
    "JOKER_READINGS",
    "LOWER_BOXES",
    "MATCH_GAMES",
    "NUM_DICE",
    "UPPER_BONUS",
    "UPPER_BONUS_THRESHOLD",
    "UPPER_BOXES",
    "YAHTZEE_BONUS",
    "YAHTZEE_SCORE",
    "ClassicGame",
    "ClassicMatch",
    "ClassicRules",
    "HighScoreList",
    "ScoreSheet",
    "box_score",
    "format_dice",
    "has_run",
    "is_yahtzee",
    "legal_scores",
    "parse_dice",
    "replay_record",
    "yahtzee_bonus",
]

FACES = (1, 2, 3, 4, 5, 6)
NUM_DICE = 5
MAX_THROWS = 3
UPPER_BOXES = ("ones", "twos", "threes", "fours", "fives", "sixes")
LOWER_BOXES = ("three_of_a_kind", "four_of_a_kind", "full_house", "small_straight",
               "large_straight", "yahtzee", "chance")
#: The 13 boxes in score-sheet order (the order the advisor's bit masks use).
BOXES = UPPER_BOXES + LOWER_BOXES
UPPER_BONUS = 35
UPPER_BONUS_THRESHOLD = 63
FULL_HOUSE_SCORE = 25
SMALL_STRAIGHT_SCORE = 30
LARGE_STRAIGHT_SCORE = 40
YAHTZEE_SCORE = 50
YAHTZEE_BONUS = 100
JOKER_READINGS = ("free", "forced")
MATCH_GAMES = 5

Dice = tuple[int, ...]


# ------------------------------------------------------------------------------------------
# Rules options and scoring


@dataclass(frozen=True)
class ClassicRules:
    """Rules options of classic Yahtzee.

    ``joker``: ``"free"`` (the Dutch/German rulebooks, the default) or ``"forced"`` (the
    English rule); see docs/rules.md §2 and :func:`legal_scores`.
    """

    joker: str = "free"

    def __post_init__(self) -> None:
        if self.joker not in JOKER_READINGS:
            raise RuleError(f"unknown joker reading {self.joker!r}; readings: "
                            + ", ".join(JOKER_READINGS), "bad_rules")

    def to_json(self) -> dict[str, Any]:
        """The JSON form used in records: ``{"joker": "free"}``."""
        return {"joker": self.joker}

    @classmethod
    def from_json(cls, data: Any) -> ClassicRules:
        """Read the JSON form; unknown keys or bad values raise :class:`RuleError`."""
        if data is None:
            return cls()
        if not isinstance(data, Mapping):
            raise RuleError("rules must be an object such as {\"joker\": \"free\"}", "bad_rules")
        unknown = sorted(set(data) - {"joker"})
        if unknown:
            raise RuleError(f"unknown classic rules option {unknown[0]!r}; options: joker",
                            "bad_rules")
        joker = data.get("joker", "free")
        if not isinstance(joker, str):
            raise RuleError("rules: joker must be \"free\" or \"forced\"", "bad_rules")
        return cls(joker=joker)


def parse_dice(text: Any) -> Dice:
    """Parse five pips written as digits (``"33355"``); :class:`RuleError` if it is not."""
    if (not isinstance(text, str) or len(text) != NUM_DICE
            or any(ch not in "123456" for ch in text)):
        raise RuleError(f"a throw is {NUM_DICE} digits 1..6, not {text!r}", "impossible_throw")
    return tuple(int(ch) for ch in text)


def format_dice(dice: Iterable[int]) -> str:
    """The record form of dice: ``(3, 3, 3, 5, 5)`` -> ``"33355"``."""
    return "".join(str(d) for d in dice)


def _check_dice(dice: Sequence[int]) -> Dice:
    out = tuple(dice)
    if len(out) != NUM_DICE or any(type(d) is not int or not 1 <= d <= 6 for d in out):
        raise RuleError(f"a throw is {NUM_DICE} dice of 1..6, not {out!r}", "impossible_throw")
    return out


def is_yahtzee(dice: Sequence[int]) -> bool:
    """Five alike."""
    return len(dice) == NUM_DICE and len(set(dice)) == 1


def has_run(present: set[int], length: int) -> bool:
    """Do ``length`` consecutive pips all show (a straight)?"""
    return any(all(v in present for v in range(start, start + length))
               for start in range(1, 8 - length))


def box_score(box: str, dice: Sequence[int]) -> int:
    """The ordinary value of ``dice`` in ``box`` (no joker; five alike is no full house)."""
    counts = Counter(dice)
    most = max(counts.values())
    if box in UPPER_BOXES:
        face = UPPER_BOXES.index(box) + 1
        return face * counts[face]
    if box == "three_of_a_kind":
        return sum(dice) if most >= 3 else 0
    if box == "four_of_a_kind":
        return sum(dice) if most >= 4 else 0
    if box == "full_house":
        return FULL_HOUSE_SCORE if sorted(counts.values()) == [2, 3] else 0
    if box == "small_straight":
        return SMALL_STRAIGHT_SCORE if has_run(set(dice), 4) else 0
    if box == "large_straight":
        return LARGE_STRAIGHT_SCORE if has_run(set(dice), 5) else 0
    if box == "yahtzee":
        return YAHTZEE_SCORE if most == NUM_DICE else 0
    if box == "chance":
        return sum(dice)
    raise RuleError(f"unknown box {box!r}; boxes: " + ", ".join(BOXES), "unknown_box")


def _joker_score(box: str, dice: Sequence[int]) -> int:
    """The value of a Yahtzee used as a joker: full value in every lower box."""
    if box == "full_house":
        return FULL_HOUSE_SCORE
    if box == "small_straight":
        return SMALL_STRAIGHT_SCORE
    if box == "large_straight":
        return LARGE_STRAIGHT_SCORE
    return box_score(box, dice)


def legal_scores(dice: Sequence[int], filled: Iterable[str], joker: str = "free"
                 ) -> dict[str, int]:
    """Every box ``dice`` may be scored in now, with its score (Yahtzee bonus excluded).

    ``filled`` holds the ids of the boxes already filled. Without a Yahtzee, or while the
    ``yahtzee`` box is open, every open box takes its ordinary value. A Yahtzee thrown when
    the ``yahtzee`` box is filled (50 or 0) follows the joker reading (docs/rules.md §2):

    - ``"free"``: with the upper box of its number open, an ordinary throw (any open box,
      ordinary values); with it filled, a joker: any open lower box at full value, or any open
      upper box for 0.
    - ``"forced"``: the upper box of its number if open, and nothing else; otherwise any open
      lower box at full value; only when every lower box is filled, any open upper box for 0.
    """
    dice = _check_dice(dice)
    done = set(filled)
    unknown = done - set(BOXES)
    if unknown:
        raise RuleError(f"unknown box {sorted(unknown)[0]!r}", "unknown_box")
    open_boxes = [b for b in BOXES if b not in done]
    if not is_yahtzee(dice) or "yahtzee" not in done:
        return {b: box_score(b, dice) for b in open_boxes}
    own = UPPER_BOXES[dice[0] - 1]
    own_open = own not in done
    if joker == "free":
        if own_open:
            return {b: box_score(b, dice) for b in open_boxes}
        return {b: _joker_score(b, dice) for b in open_boxes}
    if joker != "forced":
        raise RuleError(f"unknown joker reading {joker!r}", "bad_rules")
    if own_open:
        return {own: box_score(own, dice)}
    lower = [b for b in open_boxes if b in LOWER_BOXES]
    if lower:
        return {b: _joker_score(b, dice) for b in lower}
    return {b: 0 for b in open_boxes}


def yahtzee_bonus(dice: Sequence[int], yahtzee_box: int | None) -> int:
    """The bonus a throw earns wherever it is scored: 100 for a further Yahtzee while the
    ``yahtzee`` box holds 50 (``yahtzee_box`` is its score, ``None`` while open)."""
    return YAHTZEE_BONUS if yahtzee_box == YAHTZEE_SCORE and is_yahtzee(dice) else 0


# ------------------------------------------------------------------------------------------
# The score sheet


@dataclass
class ScoreSheet:
    """One player's sheet: the filled boxes with their scores and the Yahtzee bonus tally."""

    scores: dict[str, int] = field(default_factory=dict)
    yahtzee_bonus: int = 0

    @property
    def filled(self) -> frozenset[str]:
        """Ids of the filled boxes."""
        return frozenset(self.scores)

    @property
    def open_boxes(self) -> tuple[str, ...]:
        """Ids of the open boxes, in sheet order."""
        return tuple(b for b in BOXES if b not in self.scores)

    @property
    def is_complete(self) -> bool:
        """True when all 13 boxes are filled."""
        return len(self.scores) == len(BOXES)

    @property
    def upper_total(self) -> int:
        """Sum of ``ones`` … ``sixes`` so far."""
        return sum(self.scores.get(b, 0) for b in UPPER_BOXES)

    @property
    def upper_bonus(self) -> int:
        """35 once the upper boxes reach 63, else 0."""
        return UPPER_BONUS if self.upper_total >= UPPER_BONUS_THRESHOLD else 0

    @property
    def total(self) -> int:
        """Grand total: boxes + upper bonus + Yahtzee bonuses."""
        return sum(self.scores.values()) + self.upper_bonus + self.yahtzee_bonus

    def options(self, dice: Sequence[int], rules: ClassicRules) -> dict[str, int]:
        """Where ``dice`` may be scored now, with the box score (see :func:`legal_scores`)."""
        return legal_scores(dice, self.scores, rules.joker)

    def fill(self, box: str, dice: Sequence[int], rules: ClassicRules) -> int:
        """Score ``dice`` in ``box``; returns the points gained, Yahtzee bonus included."""
        if box not in BOXES:
            raise RuleError(f"unknown box {box!r}; boxes: " + ", ".join(BOXES), "unknown_box")
        if box in self.scores:
            raise RuleError(f"box {box!r} is already filled", "box_filled")
        options = self.options(dice, rules)
        if box not in options:
            allowed = ", ".join(repr(b) for b in options)
            raise RuleError(f"the {rules.joker} joker rule does not allow a Yahtzee of "
                            f"{dice[0]}s in {box!r}; allowed: {allowed}", "joker_placement")
        bonus = yahtzee_bonus(dice, self.scores.get("yahtzee"))
        self.scores[box] = options[box]
        self.yahtzee_bonus += bonus
        return options[box] + bonus

    def to_json(self) -> dict[str, Any]:
        """``{"boxes": {id: score, 0 when unfilled}, "upper_bonus", "yahtzee_bonus", "total"}``."""
        return {"boxes": {b: self.scores.get(b, 0) for b in BOXES},
                "upper_bonus": self.upper_bonus, "yahtzee_bonus": self.yahtzee_bonus,
                "total": self.total}

    def copy(self) -> ScoreSheet:
        """An independent copy."""
        return ScoreSheet(dict(self.scores), self.yahtzee_bonus)


# ------------------------------------------------------------------------------------------
# A game: the turn state machine on the shared cup


def _pip_cup(rng: random.Random) -> Cup[int]:
    return Cup([FACES] * NUM_DICE, rng, max_throws=MAX_THROWS)


class ClassicGame:
    """A classic Yahtzee game for one or more players, 13 turns each, in seat order.

    A turn is one to three :meth:`throw` calls (the first throws all dice, later ones re-throw
    the dice not in ``keep``) and then one :meth:`score`. Every accepted action is appended to
    :attr:`events`; :meth:`to_json` / :meth:`from_json` save and restore a game from them, and
    :meth:`to_record` gives the game record (docs/records.md). Illegal actions raise
    :class:`RuleError` and leave the game unchanged.
    """

    def __init__(self, players: Sequence[str], rules: ClassicRules | None = None,
                 rng: random.Random | None = None) -> None:
        names = check_players(list(players) if isinstance(players, tuple) else players)
        self.players: tuple[str, ...] = tuple(names)
        self.rules = rules or ClassicRules()
        self.rng = rng if rng is not None else random.SystemRandom()
        self.sheets: dict[str, ScoreSheet] = {n: ScoreSheet() for n in names}
        self.cup = _pip_cup(self.rng)
        self.turn = 0  # turns completed by all players together
        self.events: list[dict[str, Any]] = []
        self.last_points = 0  # what the last score event gained
        self._turn_throws: list[Dice] = []

    # -- state -------------------------------------------------------------------------

    @property
    def current_player(self) -> str | None:
        """Whose turn it is (``None`` once the game is over)."""
        return None if self.is_over else self.players[self.turn % len(self.players)]

    @property
    def is_over(self) -> bool:
        """True after every player's 13th turn."""
        return self.turn >= len(BOXES) * len(self.players)

    @property
    def dice(self) -> Dice | None:
        """The dice showing this turn (``None`` before the first throw)."""
        return self.cup.showing

    @property
    def throws(self) -> int:
        """Throws made this turn (0..3)."""
        return self.cup.throws

    @property
    def throws_left(self) -> int:
        """Throws still allowed this turn."""
        return MAX_THROWS - self.cup.throws

    @property
    def round(self) -> int:
        """The round being played, 1..13 (13 once over)."""
        return min(self.turn // len(self.players) + 1, len(BOXES))

    def sheet(self, player: str | None = None) -> ScoreSheet:
        """The score sheet of ``player`` (default: the current player)."""
        name = player if player is not None else self.current_player
        if name not in self.sheets:
            raise RuleError(f"no player {name!r} in this game", "unknown_player")
        return self.sheets[name]

    def options(self) -> dict[str, int]:
        """The boxes the current dice may be scored in, with the points each would earn
        (the Yahtzee bonus included)."""
        dice = self._require_dice()
        sheet = self.sheet()
        bonus = yahtzee_bonus(dice, sheet.scores.get("yahtzee"))
        return {b: s + bonus for b, s in sheet.options(dice, self.rules).items()}

    def totals(self) -> dict[str, int]:
        """Each player's grand total so far."""
        return {n: s.total for n, s in self.sheets.items()}

    def winners(self) -> list[str]:
        """The players with the highest total (equal totals share the win)."""
        best = max(self.totals().values())
        return [n for n in self.players if self.sheets[n].total == best]

    # -- actions -----------------------------------------------------------------------

    def _require_turn(self) -> str:
        player = self.current_player
        if player is None:
            raise RuleError("the game is over", "game_over")
        return player

    def _require_dice(self) -> Dice:
        self._require_turn()
        if self.cup.showing is None:
            raise RuleError("throw the dice first", "no_throw")
        return self.cup.showing

    def throw(self, keep: Iterable[int] = ()) -> Dice:
        """Throw: all dice first, then the dice whose indices (0..4) are not in ``keep``."""
        player = self._require_turn()
        kept = sorted(self.cup.check_keep(keep))
        dice = self.cup.roll(kept)
        event: dict[str, Any] = {"type": "throw", "player": player, "dice": format_dice(dice)}
        if kept:
            event["keep"] = kept
        self.apply(event)
        return dice

    def record_throw(self, dice: Sequence[int] | str) -> Dice:
        """Record a throw made elsewhere (physical dice, a log): the five dice now showing."""
        player = self._require_turn()
        faces = parse_dice(dice) if isinstance(dice, str) else _check_dice(dice)
        self.apply({"type": "throw", "player": player, "dice": format_dice(faces)})
        return faces

    def skip(self, reason: str = "absent") -> None:
        """The player to move loses the turn: a 0 in their first open box in sheet order
        (docs/rules.md §2, absent players)."""
        self.apply({"type": "skip", "player": self._require_turn(), "reason": reason})

    def score(self, box: str) -> int:
        """Fill ``box`` with the current dice and end the turn; returns the points gained."""
        player = self._require_turn()
        self.apply({"type": "score", "player": player, "box": box})
        return self.last_points

    def apply(self, event: Mapping[str, Any]) -> None:
        """Apply one event (``throw`` or ``score``), validating it: the only place the
        game's state changes. A bad event raises :class:`RuleError` and changes nothing."""
        if not isinstance(event, Mapping):
            raise RuleError("an event is an object", "bad_event")
        if event.get("type") == "leave":  # a seat left the table; the turn goes on
            seat = event.get("seat")
            if type(seat) is not int or not 0 <= seat < len(self.players):
                raise RuleError(f"a seat is a number 0-{len(self.players) - 1}", "bad_event")
            self.events.append(dict(event))
            return
        player = self._require_turn()
        if event.get("player") != player:
            raise RuleError(f"it is {player!r}'s turn, not {event.get('player')!r}'s",
                            "wrong_player")
        kind = event.get("type")
        if kind == "throw":
            text = event.get("dice")
            if not isinstance(text, str):
                raise RuleError("a throw event has 'dice' as a string", "bad_event")
            dice = parse_dice(text)
            if not self.cup.can_throw:
                raise RuleError(f"no throws left: {MAX_THROWS} is the most a turn",
                                "no_throws_left")
            keep = event.get("keep")
            if keep is not None:
                if not isinstance(keep, list):
                    raise RuleError("keep is a list of dice positions", "bad_event")
                kept = self.cup.check_keep(keep)
                old = self.cup.showing
                if old is not None and any(old[i] != dice[i] for i in kept):
                    raise RuleError("a kept die changed", "impossible_throw")
            self.cup.record(dice)
            self._turn_throws.append(dice)
        elif kind == "skip":
            reason = event.get("reason", "absent")
            if not isinstance(reason, str) or reason not in SKIP_REASONS:
                raise RuleError("a skip names its reason: " + ", ".join(SKIP_REASONS),
                                "bad_event")
            self.sheets[player].scores[self.sheets[player].open_boxes[0]] = 0
            self.last_points = 0
            self.turn += 1
            self.cup.reset()
            self._turn_throws = []
        elif kind == "score":
            box = _box_field(event.get("box"))
            dice = self._require_dice()
            self.last_points = self.sheets[player].fill(box, dice, self.rules)
            self.turn += 1
            self.cup.reset()
            self._turn_throws = []
        else:
            raise RuleError(f"unknown event type {kind!r}", "bad_event")
        self.events.append(dict(event))

    # -- serialisation -----------------------------------------------------------------

    def state(self) -> dict[str, Any]:
        """A JSON snapshot for front-ends: sheets, whose turn, the dice and the options."""
        player = self.current_player
        dice = self.cup.showing
        return {
            "mode": "classic",
            "rules": self.rules.to_json(),
            "players": [{"name": n, **self.sheets[n].to_json(),
                         "filled": sorted(self.sheets[n].scores, key=BOXES.index)}
                        for n in self.players],
            "round": self.round,
            "current_player": player,
            "dice": list(dice) if dice is not None else None,
            "throws": self.cup.throws,
            "throws_left": self.throws_left if player is not None else 0,
            "options": self.options() if player is not None and dice is not None else {},
            "over": self.is_over,
            "winners": self.winners() if self.is_over else [],
        }

    def to_json(self) -> dict[str, Any]:
        """The game as data: rules, players and the event list (see :meth:`from_json`)."""
        return {"mode": "classic", "rules": self.rules.to_json(),
                "players": list(self.players), "events": [dict(e) for e in self.events]}

    @classmethod
    def from_json(cls, data: Mapping[str, Any], rng: random.Random | None = None
                  ) -> ClassicGame:
        """Rebuild a game by replaying its events; a bad event raises :class:`RecordError`."""
        if not isinstance(data, Mapping):
            raise RecordError("game: must be an object")
        try:
            game = cls(_players(data), ClassicRules.from_json(data.get("rules")), rng)
        except RuleError as exc:
            raise RecordError(f"game: {exc.message}") from None
        replay_events(game, data.get("events", []))
        return game

    def to_record(self) -> dict[str, Any]:
        """The game record of docs/records.md (completed turns only)."""
        turns: list[dict[str, Any]] = []
        throws: list[str] = []
        filled: dict[str, list[str]] = {p: [] for p in self.players}
        for event in self.events:
            if event["type"] == "throw":
                throws.append(event["dice"])
                continue
            if event["type"] == "leave":
                continue
            player = event["player"]
            if event["type"] == "skip":
                box = next(b for b in BOXES if b not in filled[player])
                turns.append({"player": player, "throws": throws, "box": box,
                              "skipped": event.get("reason", "absent")})
            else:
                box = event["box"]
                turns.append({"player": player, "throws": throws, "box": box})
            filled[player].append(box)
            throws = []
        return {"mode": "classic", "rules": self.rules.to_json(),
                "players": list(self.players), "turns": turns}

    def result(self) -> dict[str, Any]:
        """Final (or current) score sheets and winners, in the ``replay`` output format."""
        return {"players": [{"name": n, **self.sheets[n].to_json()} for n in self.players],
                "winners": self.winners()}


def _players(data: Mapping[str, Any]) -> list[str]:
    try:
        return check_players(data.get("players"))
    except RuleError as exc:
        raise RecordError(f"record: {exc.message}") from None


def _box_field(box: Any) -> str:
    if not isinstance(box, str):
        raise RuleError(f"'box' must be a box id string, not {box!r}", "bad_event")
    if box not in BOXES:
        raise RuleError(f"unknown box {box!r}", "unknown_box")
    return box


def replay_record(data: Mapping[str, Any], resources: Resources | None = None
                  ) -> dict[str, Any]:
    """Check and score a classic game record (docs/records.md).

    Returns ``{"players": [{"name", "boxes", "upper_bonus", "yahtzee_bonus", "total"}],
    "winners": [...]}``. Any illegal or malformed turn raises :class:`RecordError` whose one-line
    message names the turn (1-based, counted over all players) and the player.
    """
    if data.get("mode", "classic") != "classic":
        raise RecordError(f"record: mode {data.get('mode')!r} is not 'classic'")
    players = _players(data)
    try:
        rules = ClassicRules.from_json(data.get("rules"))
    except RuleError as exc:
        raise RecordError(f"record: {exc.message}") from None
    game = ClassicGame(players, rules, random.Random(0))

    def play_turn(turn: Mapping[str, Any]) -> None:
        expected, who = game.current_player, turn.get("player")
        if expected is None:
            raise RuleError(f"the game is over: {len(BOXES)} turns each", "game_over")
        if not isinstance(who, str):
            raise RuleError("'player' must be a player name", "bad_turn")
        if who != expected:
            raise RuleError(f"it is {expected}'s turn", "wrong_player")
        skipped = turn.get("skipped")
        throws = turn.get("throws", [] if skipped else None)
        least = 0 if skipped else 1
        if not isinstance(throws, list) or not least <= len(throws) <= MAX_THROWS:
            raise RuleError(f"'throws' must be a list of {least} to {MAX_THROWS} throws",
                            "bad_turn")
        for i, throw in enumerate(throws, 1):
            try:
                game.record_throw(parse_dice(throw))
            except RuleError as exc:
                raise RuleError(f"throw {i}: {exc.message}", exc.code) from None
        if skipped:
            box = game.sheet().open_boxes[0]
            if turn.get("box", box) != box:
                raise RuleError(f"a skipped turn scores 0 in the first open box {box!r}",
                                "bad_turn")
            game.skip(str(skipped))
            return
        game.score(_box_field(turn.get("box")))

    replay_turns(data.get("turns"), play_turn)
    return game.result()


# ------------------------------------------------------------------------------------------
# Matches and high scores


@dataclass(frozen=True)
class Score:
    """The ``claim`` action of classic Yahtzee: fill ``box`` with the dice showing."""

    name: ClassVar[str] = "claim"
    box: str

    def to_json(self) -> dict[str, Any]:
        """``{"box": id}``."""
        return {"box": self.box}

    @classmethod
    def from_json(cls, body: Mapping[str, Any]) -> Score:
        """Read ``{"box": id}``."""
        box = body.get("box")
        if not isinstance(box, str) or not 0 < len(box) <= 40:
            raise RuleError("claim needs a box id", "bad_request")
        return cls(box)


class ClassicMatch:
    """A match of ``games`` games between the same players (one game is a match of one):
    the highest total over all games wins (equal totals share the win). The next game starts
    as soon as one ends. This is the classic mode's game in the game contract
    (:mod:`wordyahtzee.modes.contract`); a match's events carry ``"game": index``.

    >>> match = ClassicMatch(["Anna"], rng=random.Random(2))
    >>> outcome = match.act(match.parse_action("throw", {}))
    >>> outcome.events[0]["type"], match.current_seat
    ('throw', 0)
    """

    mode: ClassVar[str] = "classic"
    ACTIONS: ClassVar[tuple[str, ...]] = ("throw", "claim", "skip")

    def __init__(self, players: Sequence[str], rules: ClassicRules | None = None,
                 rng: random.Random | None = None, games: int = MATCH_GAMES) -> None:
        if type(games) is not int or not 1 <= games <= MATCH_GAMES:
            raise RuleError(f"a match has 1 to {MATCH_GAMES} games", "bad_rules")
        self.players = check_players(players)
        self.rules = rules or ClassicRules()
        self.rng = rng if rng is not None else random.SystemRandom()
        self.length = games
        self.games: list[ClassicGame] = [ClassicGame(self.players, self.rules, self.rng)]

    @property
    def game(self) -> ClassicGame:
        """The game being played (or the last one)."""
        return self.games[-1]

    @property
    def is_over(self) -> bool:
        """True when the last game of the match is over."""
        return len(self.games) == self.length and self.game.is_over

    finished = is_over

    @property
    def left(self) -> set[int]:
        """The seats that left the table (``leave`` events)."""
        return {e["seat"] for g in self.games for e in g.events if e["type"] == "leave"}

    def turn_limit(self) -> float | None:
        """Classic Yahtzee has no hourglass."""
        return None

    def seat_status(self, seat: int) -> tuple[int, bool]:
        """Turns in a row ``seat`` missed (over the match), and whether it left."""
        name = self.players[seat]
        skips = [e.get("reason") if e["type"] == "skip" else None
                 for g in self.games for e in g.events
                 if e["type"] in ("skip", "score") and e["player"] == name]
        return missed_turns(skips), seat in self.left

    @property
    def current_seat(self) -> int | None:
        """The seat to move (None once the match is over)."""
        player = self.game.current_player
        return None if player is None else self.players.index(player)

    @property
    def events(self) -> list[dict[str, Any]]:
        """All events in order; a match's events name their game (0-based)."""
        if self.length == 1:
            return self.game.events
        return [{**event, "game": i} for i, game in enumerate(self.games)
                for event in game.events]

    def _advance(self) -> None:
        if self.game.is_over and not self.is_over:
            self.games.append(ClassicGame(self.players, self.rules, self.rng))

    def next_game(self) -> ClassicGame:
        """Start the next game once the current one is over."""
        if not self.game.is_over:
            raise RuleError("the current game is not over yet", "game_not_over")
        if self.is_over:
            raise RuleError(f"the match is over: {self.length} games", "match_over")
        self._advance()
        return self.game

    # -- the contract ---------------------------------------------------------------------

    def apply(self, event: Mapping[str, Any]) -> None:
        """Apply one event to the game it names (``"game"``, 0 for a single game)."""
        if not isinstance(event, Mapping):
            raise RuleError("an event is an object", "bad_event")
        if self.is_over:
            raise RuleError("the game is over", "game_over")
        index = event.get("game", 0) if self.length > 1 else 0
        if event.get("type") == "leave" and index == len(self.games):  # between games
            index -= 1
        if index != len(self.games) - 1:
            raise RuleError("events are out of game order", "bad_event")
        self.game.apply({k: v for k, v in event.items() if k != "game"})
        self._advance()

    def parse_action(self, name: str, body: Mapping[str, Any]) -> Throw | Score | Skip:
        """``throw`` (``{"keep": [0-4]}``), ``claim`` (``{"box"}``) or ``skip``
        (``{"reason"}``: the table service's, for an absent seat)."""
        if name == "throw":
            return Throw.from_json(body, NUM_DICE)
        if name == "claim":
            return Score.from_json(body)
        if name == "skip":
            return Skip.from_json(body)
        raise bad_action(name, self.ACTIONS)

    def act(self, action: Any) -> Outcome:
        """Play a :class:`Throw` or a :class:`Score` for the player to move."""
        first = sum(len(g.events) for g in self.games)
        if self.is_over:
            raise RuleError("the game is over", "game_over")
        if isinstance(action, Throw):
            summary: dict[str, Any] = {"dice": list(self.game.throw(action.keep))}
        elif isinstance(action, Score):
            points = self.game.score(action.box)
            self._advance()
            summary = {"points": points, "box": action.box}
        elif isinstance(action, Skip):
            self.game.skip(action.reason)
            self._advance()
            summary = {"skipped": action.reason}
        elif isinstance(action, Leave):
            self.game.apply({"type": "leave", "seat": action.seat})
            summary = {"left": action.seat}
        else:
            raise bad_action(getattr(action, "name", "?"), self.ACTIONS)
        return Outcome(self.events[first:], summary)

    def expire(self, now: float | None = None) -> bool:
        """Classic Yahtzee has no hourglass."""
        return False

    def deadline(self) -> float | None:
        """No hourglass: never."""
        return None

    def preview(self, body: Mapping[str, Any]) -> dict[str, Any]:
        """Nothing to preview: the view's ``options`` already give every box's score."""
        raise RuleError("classic Yahtzee has no words to preview; the state's options give "
                        "what each box would score", "no_preview")

    def totals(self) -> list[int]:
        """Each seat's total over the games played so far (the current one included)."""
        totals = self.match_totals()
        return [totals[p] for p in self.players]

    def match_totals(self) -> dict[str, int]:
        """Each player's total over the games played so far, by name."""
        return {p: sum(g.sheets[p].total for g in self.games) for p in self.players}

    def winners(self) -> list[str]:
        """The players with the highest match total."""
        totals = self.match_totals()
        best = max(totals.values())
        return [p for p in self.players if totals[p] == best]

    def finished_games(self, since_event: int) -> list[list[int]]:
        """Seat totals of each game whose last event is ``since_event`` or later."""
        out = []
        end = 0
        for game in self.games:
            end += len(game.events)
            if game.is_over and end - 1 >= since_event:
                out.append([game.sheets[p].total for p in game.players])
        return out

    def result(self) -> dict[str, Any]:
        """``ClassicGame.result()``; a match adds every game's result and the match totals."""
        if self.length == 1:
            return self.game.result()
        totals = self.match_totals()
        return {"players": [{"name": p, "total": totals[p]} for p in self.players],
                "winners": self.winners(), "games": [g.result() for g in self.games]}

    def to_record(self) -> dict[str, Any]:
        """``ClassicGame.to_record()``; a match: one record per game."""
        if self.length == 1:
            return self.game.to_record()
        return {"mode": "classic-match", "rules": self.rules.to_json(),
                "players": list(self.players), "length": self.length,
                "games": [g.to_record() for g in self.games]}

    def to_json(self) -> dict[str, Any]:
        """Mode, rules, players, the match length (above 1) and every event."""
        data: dict[str, Any] = {"mode": self.mode, "rules": self.rules.to_json(),
                                "players": list(self.players)}
        if self.length > 1:
            data["match"] = self.length
        data["events"] = [dict(e) for e in self.events]
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any], rng: random.Random | None = None
                  ) -> ClassicMatch:
        """Rebuild a match (or a single game) from :meth:`to_json` output."""
        if not isinstance(data, Mapping):
            raise RecordError("game: must be an object")
        try:
            match = cls(_players(data), ClassicRules.from_json(data.get("rules")), rng,
                        data.get("match", 1))
        except RuleError as exc:
            raise RecordError(f"game: {exc.message}") from None
        replay_events(match, data.get("events") or [])
        return match

    def view(self, seat: int | None = None) -> dict[str, Any]:
        """Everything a screen renders: sheets (``None`` = open box), the turn, the boxes
        the dice may go in with their points, the turns so far with their points, and the
        match."""
        game = self.game
        players = []
        for name in self.players:
            sheet = game.sheets[name]
            players.append({
                "name": name, "boxes": {b: sheet.scores.get(b) for b in BOXES},
                "upper_total": sheet.upper_total, "upper_bonus": sheet.upper_bonus,
                "yahtzee_bonus": sheet.yahtzee_bonus, "total": sheet.total,
                **dict(zip(("missed", "left"),
                           self.seat_status(self.players.index(name)), strict=True))})
        history: list[dict[str, Any]] = []
        throws: list[str] = []
        for event in game.events:
            if event["type"] == "throw":
                throws.append(event["dice"])
                continue
            if event["type"] == "leave":
                continue
            number = len(history)
            entry = {"number": number, "round": number // len(self.players) + 1,
                     "player": self.players.index(event["player"]), "throws": throws}
            if event["type"] == "skip":
                entry.update(box=None, score=0, skipped=event.get("reason", "absent"))
            else:
                entry.update(box=event["box"],
                             score=game.sheets[event["player"]].scores.get(event["box"]))
            history.append(entry)
            throws = []
        turn = None
        if game.current_player is not None:
            last = game.events[-1] if game.events and game.throws else {}
            turn = {"number": game.turn, "player": self.players.index(game.current_player),
                    "round": game.round, "throws": game.throws,
                    "throws_left": game.throws_left,
                    "dice": list(game.dice) if game.dice is not None else None,
                    "kept": list(last.get("keep", []))}
        state: dict[str, Any] = {
            "mode": self.mode, "rules": self.rules.to_json(), "players": players,
            "boxes": {"upper": list(UPPER_BOXES), "lower": list(LOWER_BOXES)},
            "rounds": len(BOXES), "max_throws": MAX_THROWS,
            "finished": self.is_over, "history": history, "turn": turn,
            "options": (game.options() if game.current_player is not None
                        and game.dice is not None else {}),
            "winners": self.winners() if self.is_over else [],
            "match": None,
        }
        if self.length > 1:
            totals = self.match_totals()
            state["match"] = {
                "length": self.length, "game": len(self.games),
                "games": [{"number": i + 1, "over": g.is_over,
                           "totals": [g.sheets[p].total for p in g.players],
                           "winners": g.winners() if g.is_over else []}
                          for i, g in enumerate(self.games)],
                "totals": [totals[p] for p in self.players]}
        return state


def parse_rules(data: Any) -> dict[str, Any]:
    """A table's options: ``{"joker": "free"|"forced", "match": bool}``, the engine's rules
    (checked by :meth:`ClassicRules.from_json`) plus whether it plays a match of five."""
    if data is None:
        data = {}
    if not isinstance(data, Mapping):
        raise RuleError("rules must be an object such as {\"joker\": \"free\"}", "bad_rules")
    match = data.get("match", False)
    if not isinstance(match, bool):
        raise RuleError("rules: match is true (five games) or false", "bad_rules")
    out = ClassicRules.from_json({k: v for k, v in data.items() if k != "match"}).to_json()
    if match:
        out["match"] = True
    return out


def new_game(players: Sequence[str], rules: Mapping[str, Any], resources: Resources
             ) -> ClassicMatch:
    """A fresh game, or the first game of a match (``rules`` from :func:`parse_rules`)."""
    engine_rules = ClassicRules.from_json({k: v for k, v in rules.items() if k != "match"})
    return ClassicMatch(players, engine_rules, resources.rng,
                        MATCH_GAMES if rules.get("match") else 1)


def restore(data: Mapping[str, Any], resources: Resources) -> ClassicMatch:
    """A stored game or match (:meth:`ClassicMatch.to_json`) replayed."""
    return ClassicMatch.from_json(data, resources.rng)


def describe() -> dict[str, Any]:
    """What a start screen needs to offer this mode's options."""
    return {"rules_defaults": {"joker": "free", "match": False}, "boxes": list(BOXES),
            "joker_readings": list(JOKER_READINGS), "match_games": MATCH_GAMES,
            "rules_schema": {"type": "object", "additionalProperties": False, "properties": {
                "joker": {"type": "string", "enum": list(JOKER_READINGS), "default": "free",
                          "description": "free: the Dutch rulebook; forced: the English "
                                         "rule"},
                "match": {"type": "boolean", "default": False,
                          "description": f"a match of {MATCH_GAMES} games: the highest "
                                         "total over all games wins"}}}}


@dataclass(frozen=True)
class HighScore:
    """One entry of a high-score list."""

    name: str
    score: int
    when: str = ""


@dataclass
class HighScoreList:
    """The best solo scores, highest first (ties keep the earlier entry first)."""

    limit: int = 10
    entries: list[HighScore] = field(default_factory=list)

    def qualifies(self, score: int) -> bool:
        """Would ``score`` enter the list?"""
        return len(self.entries) < self.limit or score > self.entries[-1].score

    def add(self, name: str, score: int, when: str = "") -> int | None:
        """Add a score; returns its 1-based rank, or ``None`` when it did not make the list."""
        if not self.qualifies(score):
            return None
        rank = sum(1 for e in self.entries if e.score >= score)
        self.entries.insert(rank, HighScore(name, score, when))
        del self.entries[self.limit:]
        return rank + 1

    def to_json(self) -> list[dict[str, Any]]:
        """``[{"name", "score", "when"}, …]``, best first."""
        return [{"name": e.name, "score": e.score, "when": e.when} for e in self.entries]

    @classmethod
    def from_json(cls, data: Any, limit: int = 10) -> HighScoreList:
        """Read :meth:`to_json` output."""
        out = cls(limit)
        for e in data if isinstance(data, list) else []:
            if isinstance(e, Mapping) and isinstance(e.get("name"), str) \
                    and type(e.get("score")) is int:
                out.add(e["name"], e["score"], str(e.get("when", "")))
        return out
