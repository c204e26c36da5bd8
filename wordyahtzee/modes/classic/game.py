"""One game of classic Yahtzee: the turn state machine on the shared cup, its events, its
records."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ...dice import Cup
from ...errors import RecordError, RuleError
from ..contract import (
    SKIP_REASONS,
    Dispute,
    PipDice,
    check_players,
    replay_events,
    settle_claim,
)
from ..seating import SEAT_EVENTS, check_note, seat_event
from .rules import (
    BOXES,
    FACES,
    MAX_THROWS,
    NUM_DICE,
    ClassicRules,
    Dice,
    ScoreSheet,
    _check_dice,
    format_dice,
    parse_dice,
    throw_of_event,
    yahtzee_bonus,
)


def _pip_cup(rng: random.Random) -> Cup[int]:
    return Cup([FACES] * NUM_DICE, rng, max_throws=MAX_THROWS)


class ClassicGame(PipDice):
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
        self.sheets: dict[str, ScoreSheet] = {
            n: ScoreSheet(upper_bonus_at=self.rules.upper_bonus_at) for n in names}
        self.cup = _pip_cup(self.rng)
        self.turn = 0  # turns completed by all players together
        self.events: list[dict[str, Any]] = []
        self.disputes: list[Dispute] = []
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
        if kept or self.cup.showing is not None:
            # the dice kept, said even when none: a review judges only a keep it knows (a
            # recorded throw, from real dice or a log, does not say)
            event["keep"] = kept
        self.apply(event)
        return dice

    def record_throw(self, dice: Sequence[int] | str, *, assumed: bool = False) -> Dice:
        """Record a throw made elsewhere (physical dice, a log): the five dice now showing
        (``assumed``: a score pad's note, no throw was entered; the record says so)."""
        player = self._require_turn()
        faces = parse_dice(dice) if isinstance(dice, str) else _check_dice(dice)
        event: dict[str, Any] = {"type": "throw", "player": player, "dice": format_dice(faces)}
        if assumed:
            event["assumed"] = True
        self.apply(event)
        return faces

    def skip(self, reason: str = "absent", note: Mapping[str, Any] | None = None) -> None:
        """The player to move loses the turn: a 0 in their first open box in sheet order
        (docs/rules.md §2, absent players); ``note``: the host's, when the host skipped
        it."""
        self.apply({"type": "skip", "player": self._require_turn(), "reason": reason,
                    **(note or {})})

    def claim(self, box: str) -> int:
        """Fill ``box`` with the current dice and end the turn; returns the points gained.
        The claim is judged now, and its event records what it scored (the box's points
        and the Yahtzee bonus): a replay applies that, never judging it again."""
        player = self._require_turn()
        sheet = self.sheets[player]
        sheet.check_open(_box_field(box))
        points, bonus = sheet.score(box, self._require_dice(), self.rules)
        self.apply({"type": "claim", "player": player, "box": box, "points": points,
                    "bonus": bonus})
        return self.last_points

    def apply(self, event: Mapping[str, Any]) -> None:
        """Apply one event (``throw`` or ``score``), validating it: the only place the
        game's state changes. A bad event raises :class:`RuleError` and changes nothing."""
        if not isinstance(event, Mapping):
            raise RuleError("an event is an object", "bad_event")
        if event.get("type") in SEAT_EVENTS:  # who sits at a seat; the turn goes on
            seat_event(event, len(self.players))
            self.events.append(dict(event))
            return
        player = self._require_turn()
        if event.get("player") != player:
            raise RuleError(f"it is {player!r}'s turn, not {event.get('player')!r}'s",
                            "wrong_player")
        kind = event.get("type")
        if kind == "throw":
            dice = throw_of_event(event, self.cup)
            self.cup.record(dice)
            self._turn_throws.append(dice)
        elif kind == "skip":
            reason = event.get("reason", "absent")
            if not isinstance(reason, str) or reason not in SKIP_REASONS:
                raise RuleError("a skip names its reason: " + ", ".join(SKIP_REASONS),
                                "bad_event")
            check_note(event, len(self.players), self.players.index(player))
            self.sheets[player].scores[self.sheets[player].open_boxes[0]] = 0
            self.last_points = 0
            self.turn += 1
            self.cup.reset()
            self._turn_throws = []
        elif kind == "claim":
            box = _box_field(event.get("box"))
            dice = self._require_dice()
            sheet = self.sheets[player]
            sheet.check_open(box)
            points, bonus = settle_claim(self.disputes, len(self.events), event,
                                         lambda: sheet.score(box, dice, self.rules))
            self.last_points = sheet.write(box, points, bonus)
            self.turn += 1
            self.cup.reset()
            self._turn_throws = []
        else:
            raise RuleError(f"unknown event type {kind!r}", "bad_event")
        self.events.append(dict(event))

    # -- serialisation -----------------------------------------------------------------

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
            if event["type"] in SEAT_EVENTS:
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
