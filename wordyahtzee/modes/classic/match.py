"""The classic mode's game in the game contract: a match of one to five games between the
same players, and its one action of its own, the claim."""

from __future__ import annotations

import itertools
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from ...errors import RecordError, RuleError
from ..contract import (
    Acting,
    Dispute,
    Throw,
    check_players,
    missed_turns,
    pips_of,
    replay_events,
)
from ..seating import SEAT_EVENTS, left_seats
from .game import ClassicGame, _players
from .rules import BOXES, MATCH_GAMES, NUM_DICE, ClassicRules


@dataclass(frozen=True)
class Claim:
    """The ``claim`` action of classic Yahtzee: fill ``box`` with the dice showing."""

    name: ClassVar[str] = "claim"
    schema: ClassVar[dict[str, Any]] = {
        "box": {"enum": list(BOXES), "description": "the box to write the dice in"}}
    box: str

    def to_json(self) -> dict[str, Any]:
        """``{"box": id}``."""
        return {"box": self.box}

    @classmethod
    def from_json(cls, body: Mapping[str, Any], game: Any = None) -> Claim:
        """Read ``{"box": id}``."""
        box = body.get("box")
        if not isinstance(box, str) or not 0 < len(box) <= 40:
            raise RuleError("claim needs a box id", "bad_request")
        return cls(box)


@dataclass(frozen=True)
class Note:
    """A score pad's box without the throw (``note``): ``{"box", "points"}``. The players
    did not enter the dice, only what the box gets; the game checks what it can (the box
    is free and some throw gives it those points) and writes it."""

    name: ClassVar[str] = "note"
    schema: ClassVar[dict[str, Any]] = {
        "box": {"enum": list(BOXES), "description": "the box to write"},
        "points": {"type": "integer", "minimum": 0,
                   "description": "the box's points, without the throw"}}
    box: str
    points: int

    def to_json(self) -> dict[str, Any]:
        """``{"box": id, "points": n}``."""
        return {"box": self.box, "points": self.points}

    @classmethod
    def from_json(cls, body: Mapping[str, Any], game: Any = None) -> Note:
        """Read ``{"box", "points"}``."""
        box, points = Claim.from_json(body).box, body.get("points")
        if type(points) is not int or not 0 <= points <= 100:
            raise RuleError("a note gives the box's points (0-100)", "bad_request")
        return cls(box, points)


class ClassicMatch(Acting):
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
    ACTIONS: ClassVar[tuple[type[Any], ...]] = (Throw, Claim, Note)
    dice_count: ClassVar[int] = NUM_DICE

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
        """The seats that left the table (a ``leave`` event not followed by a
        ``return``)."""
        return left_seats((e for g in self.games for e in g.events), len(self.players))

    def turn_limit(self) -> float | None:
        """Classic Yahtzee has no hourglass."""
        return None

    def seat_status(self, seat: int) -> tuple[int, bool]:
        """Turns in a row ``seat`` missed (over the match), and whether it left."""
        name = self.players[seat]
        skips = [e.get("reason") if e["type"] == "skip" else None
                 for g in self.games for e in g.events
                 if e["type"] in ("skip", "claim") and e["player"] == name]
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

    @property
    def disputes(self) -> list[Dispute]:
        """The recorded judgments the replay disagreed with, in every game of the match
        (numbered among the match's events)."""
        found: list[Dispute] = []
        start = 0
        for game in self.games:
            found += [replace(d, event=start + d.event) for d in game.disputes]
            start += len(game.events)
        return found

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
        if event.get("type") in SEAT_EVENTS and index == len(self.games):  # between games
            index -= 1
        if index != len(self.games) - 1:
            raise RuleError("events are out of game order", "bad_event")
        self.game.apply({k: v for k, v in event.items() if k != "game"})
        self._advance()

    def _open(self) -> None:
        if self.is_over:
            raise RuleError("the game is over", "game_over")

    def do_throw(self, action: Throw) -> dict[str, Any]:
        """Throw the dice not kept."""
        self._open()
        if action.faces is not None:  # real dice (a score pad)
            return {"dice": list(self.game.record_throw(pips_of(action.faces)))}
        return {"dice": list(self.game.throw(action.keep))}

    def do_note(self, action: Note) -> dict[str, Any]:
        """A score pad's box without the throw: the dice are taken to be the first throw
        (in pip order, a Yahtzee only when nothing else gives the points) that gives the
        box those points; then the box is written as any."""
        self._open()
        if self.game.dice is not None:
            raise RuleError("the throw is entered: write its box as usual", "bad_request")
        sheet = self.game.sheet()
        if action.box in sheet.scores:
            raise RuleError(f"box {action.box!r} is already filled", "box_filled")
        throws = sorted(itertools.combinations_with_replacement(range(1, 7), 5),
                        key=lambda d: len(set(d)) == 1)
        dice = next((d for d in throws
                     if sheet.options(d, self.rules).get(action.box) == action.points), None)
        if dice is None:
            raise RuleError(f"no throw gives {action.points} in {action.box!r}",
                            "impossible_points")
        self.game.record_throw(dice, assumed=True)
        return self.do_claim(Claim(action.box))

    def do_claim(self, action: Claim) -> dict[str, Any]:
        """Fill a box with the dice showing; the next game of a match starts at once."""
        self._open()
        points = self.game.claim(action.box)
        self._advance()
        return {"points": points, "box": action.box}

    def skip(self, reason: str, note: Mapping[str, Any] | None = None) -> None:
        """A 0 in the first open box of the seat to move (docs/rules.md §2); ``note``: the
        host's, when the host skipped it."""
        self._open()
        self.game.skip(reason, note)
        self._advance()

    def expire(self, now: float | None = None) -> bool:
        """Classic Yahtzee has no hourglass."""
        return False

    def deadline(self) -> float | None:
        """No hourglass: never."""
        return None

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
