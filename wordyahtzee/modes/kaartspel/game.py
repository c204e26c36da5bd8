"""One Kaartspel game: the pawns, the red die, the black dice, placing, stealing and raising
cards, the Yahtzee token, the Casino round, and the events that make the state."""

from __future__ import annotations

import random
import time
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any, ClassVar

from ...dice import Cup
from ...errors import RecordError, RuleError
from ..classic import format_dice, parse_dice
from ..contract import (
    JSON,
    SKIP_REASONS,
    Acting,
    Dispute,
    PipDice,
    Resources,
    Throw,
    missed_turns,
    pips_of,
    recorded_points,
    replay_events,
    settle,
)
from ..seating import SEAT_EVENTS, check_note, follow_seat
from .actions import Roll, Start, Stop, Take, _card_field
from .rules import (
    CARDS,
    CORNERS,
    MAX_PLAYERS,
    MAX_SCORE,
    MAX_THROWS,
    MIN_PLAYERS,
    MODE,
    NUM_DICE,
    NUMBER_CARDS,
    SQUARES,
    CardState,
    KaartspelOption,
    KaartspelRules,
    KaartspelTurn,
    TakeOption,
    check_rolls,
    start_squares,
    throw_off,
)
from .taking import take_error, take_options


def _keep_field(keep: Any) -> tuple[int, ...]:
    if keep is None:
        return ()
    if not isinstance(keep, list | tuple) or any(type(i) is not int for i in keep):
        raise RuleError("'keep' is a list of die indices 0..4", "bad_keep")
    if len(set(keep)) != len(keep):
        raise RuleError("'keep' names a die twice", "bad_keep")
    return tuple(sorted(keep))


def _pip_cup(rng: random.Random) -> Cup[int]:
    return Cup([(1, 2, 3, 4, 5, 6)] * NUM_DICE, rng, max_throws=MAX_THROWS)


class KaartspelGame(PipDice, Acting):
    """One Kaartspel game for 2 to 4 players (seats in the clockwise order of ``players``).

    A new game is in phase ``start``: :class:`Start` (or a ``start`` event naming the
    starter) begins it. A turn is a :class:`Roll`, then what the pawn stands by decides:
    :class:`Throw` (1 to 3 times) and :class:`Take` next to an empty card space, an
    opponent's card or a JOKER corner; next to an own card :class:`Roll` again,
    :class:`Throw` to raise a number card below 40, or :class:`Stop`. The state is what
    :meth:`apply` made of :attr:`events`.

    Phases: ``start``, ``move`` (the red die must be thrown), ``choose`` (next to an own
    card), ``throw`` (the black dice: throw or take), ``over``.
    """

    mode: ClassVar[str] = MODE
    ACTIONS: ClassVar[tuple[Any, ...]] = (Start, Roll, Throw, Take, Stop)

    def __init__(self, players: Sequence[str], rules: KaartspelRules | None = None,
                 resources: Resources | None = None) -> None:
        names = list(players)
        if any(not isinstance(n, str) or not n.strip() for n in names):
            raise RuleError("player names are non-empty strings", "bad_players")
        if len(set(names)) != len(names):
            raise RuleError("player names must differ", "same_names")
        corners = start_squares(len(names))
        self.players: list[str] = names
        self.rules = rules or KaartspelRules()
        self.resources = resources or Resources(random.SystemRandom(), time.time)
        self.events: list[JSON] = []
        self.disputes: list[Dispute] = []
        #: Each seat's JOKER corner (its colour).
        self.corners: tuple[int, ...] = corners
        self.pawns: list[int] = list(corners)
        #: The placed cards by id.
        self.cards: dict[str, CardState] = {}
        #: The card on each space (``None``: empty card space or a corner).
        self.board: list[str | None] = [None] * SQUARES
        #: The card each seat's Yahtzee token lies on (``None``: the token is free).
        self.tokens: list[str | None] = [None] * len(names)
        self.phase = "start"
        self.seat: int | None = None
        #: What the black dice are thrown for: ``space``, ``steal``, ``raise`` or ``joker``.
        self.target: str | None = None
        self.cup = _pip_cup(self.resources.rng)
        self.casino = False
        self.casino_left = 0
        self.placer: int | None = None
        self.red: int | None = None
        self.turns_done = 0
        #: Finished and current turns.
        self.turns: list[KaartspelTurn] = []
        self._throws: list[str] = []
        self._turn_start_total = 0
        self._finished_at: int | None = None
        #: Seats that left the table (their turns are skipped).
        self.left: set[int] = set()

    @classmethod
    def new(cls, players: Sequence[str], rules: KaartspelRules | None = None,
            resources: Resources | None = None) -> KaartspelGame:
        """A game with its start throw-off already played."""
        game = cls(players, rules, resources)
        game.act(Start())
        return game

    # -- state -------------------------------------------------------------------------

    @property
    def finished(self) -> bool:
        """True once the Casino round has been played."""
        return self.phase == "over"

    def turn_limit(self) -> float | None:
        """Kaartspel has no hourglass."""
        return None


    @property
    def current_seat(self) -> int | None:
        """The seat to move (``None`` before the start and once finished)."""
        return None if self.phase in ("start", "over") else self.seat



    def owner(self, card: str) -> int | None:
        """The seat owning ``card`` (``None`` while unplaced)."""
        state = self.cards.get(card)
        return None if state is None else state.owner

    def unplaced(self) -> list[str]:
        """The cards not yet on the board, in card order."""
        return [c for c in CARDS if c not in self.cards]

    def cards_of(self, seat: int) -> dict[str, int]:
        """The cards ``seat`` owns with their scores (a token card at its maximum)."""
        return {c: s.score for c, s in self.cards.items() if s.owner == seat}

    def totals(self) -> list[int]:
        """Each seat's total: the scores of the cards its chips and token lie on."""
        out = [0] * len(self.players)
        for state in self.cards.values():
            out[state.owner] += state.score
        return out

    def winners(self) -> list[str]:
        """The players with the highest total (ties share the win)."""
        totals = self.totals()
        best = max(totals)
        return [p for p, t in zip(self.players, totals, strict=True) if t == best]

    def next_empty_space(self, square: int) -> int:
        """``square`` if it is an empty card space, else the next one clockwise."""
        for step in range(SQUARES):
            space = (square + step) % SQUARES
            if space not in CORNERS and self.board[space] is None:
                return space
        raise RuleError("every card is on the board", "board_full")

    def raisable(self, seat: int, card: str) -> bool:
        """Can ``seat`` throw to raise ``card``? Its own number card below 40."""
        state = self.cards.get(card)
        return (state is not None and state.owner == seat and card in NUMBER_CARDS
                and state.score < MAX_SCORE[card])

    def take_options(self, dice: Sequence[int] | None = None) -> dict[str, TakeOption]:
        """What the final throw (``dice``, default the dice showing) may take now, by card
        (:func:`.taking.take_options`)."""
        return take_options(self, dice)

    # -- events: the only state changes ------------------------------------------------

    def apply(self, event: Mapping[str, Any]) -> None:
        """Apply one event, validating it first (an illegal event changes nothing).

        Events: ``{"type": "start", "starter": seat, "rolls": [[...], ...]}`` (``rolls``
        optional: the throw-off rounds, one red die per seat, ``null`` for seats out of the
        tie), ``{"type": "red", "roll": 1..6}``, ``{"type": "throw", "dice": "22456",
        "keep": [...]}`` (``keep`` optional), ``{"type": "take", "card": id | null}``,
        ``{"type": "stop"}``.
        """
        if not isinstance(event, Mapping):
            raise RuleError("an event is an object", "bad_event")
        kind = event.get("type")
        if kind == "start":
            self._apply_start(event)
        elif self.phase == "start":
            raise RuleError("the game has not started: a start event comes first",
                            "not_started")
        elif self.phase == "over":
            raise RuleError("the game is over: the Casino round has been played",
                            "game_over")
        elif kind == "red":
            self._apply_red(event)
        elif kind == "throw":
            self._apply_throw(event)
        elif kind == "take":
            self._apply_take(event)
        elif kind == "stop":
            self._apply_stop()
        elif kind == "skip":
            self._apply_skip(event)
        elif kind in SEAT_EVENTS:
            follow_seat(self.left, event, len(self.players))
        else:
            raise RuleError(f"unknown event type {kind!r}", "bad_event")
        self.events.append(dict(event))
        if self.phase == "over" and self._finished_at is None:
            self._finished_at = len(self.events) - 1

    def _apply_start(self, event: Mapping[str, Any]) -> None:
        if self.phase != "start":
            raise RuleError("the game has already started", "started")
        starter = event.get("starter")
        n = len(self.players)
        if type(starter) is not int or not 0 <= starter < n:
            raise RuleError(f"'starter' must be a seat 0..{n - 1}", "bad_event")
        rolls = event.get("rolls")
        if rolls is not None:
            check_rolls(rolls, n, starter)
        self.seat = starter
        self._begin_turn()

    def _apply_skip(self, event: Mapping[str, Any]) -> None:
        """The seat to move loses the rest of its turn (absent, skipped by the host, or
        gone): the pawn stays where it stands, nothing is taken (docs/kaartspel.md)."""
        reason = event.get("reason", "absent")
        if reason not in SKIP_REASONS:
            raise RuleError("a skip names its reason: " + ", ".join(SKIP_REASONS), "bad_event")
        assert self.seat is not None
        check_note(event, len(self.players), self.seat)
        self.turns[-1]["skipped"] = reason
        if reason == "left":
            self.left.add(self.seat)
        self._end_turn()

    def seat_status(self, seat: int) -> tuple[int, bool]:
        """Turns in a row ``seat`` missed (skipped), and whether it left the table."""
        own = [t.get("skipped") for t in self.turns if t["seat"] == seat
               and (t["steps"] or t.get("skipped"))]
        if self.seat == seat and self.turns and not self.turns[-1]["steps"] \
                and not self.turns[-1].get("skipped") and own and own[-1] is None:
            own = own[:-1]  # the turn under way has not been missed (yet)
        return missed_turns(own), seat in self.left

    def _begin_turn(self) -> None:
        assert self.seat is not None
        self.phase = "move"
        self.target = None
        self.red = None
        self.cup.reset()
        self._throws = []
        self._turn_start_total = self.totals()[self.seat]
        self.turns.append({"player": self.players[self.seat], "seat": self.seat,
                           "steps": [], "points": 0})

    def _apply_red(self, event: Mapping[str, Any]) -> None:
        roll = event.get("roll")
        if type(roll) is not int or not 1 <= roll <= 6:
            raise RuleError(f"the red die shows 1..6, not {roll!r}", "bad_event")
        if self.phase == "throw":
            raise RuleError(self._must_throw_reason(), "must_throw")
        seat = self.seat
        assert seat is not None
        square = (self.pawns[seat] + roll) % SQUARES
        self.pawns[seat] = square
        self.red = roll
        self.turns[-1]["steps"].append({"red": roll})
        self.cup.reset()
        self._throws = []
        card = self.board[square]
        if square in CORNERS:
            self.phase, self.target = "throw", "joker"
        elif card is None:
            self.phase, self.target = "throw", "space"
        elif self.cards[card].owner == seat:
            self.phase, self.target = "choose", None
        else:
            self.phase, self.target = "throw", "steal"

    def _must_throw_reason(self) -> str:
        if self.cup.throws:
            return "the black-dice step is not over: take a card or nothing first"
        where = {"joker": "a JOKER corner", "space": "an empty card space",
                 "steal": "an opponent's card", "raise": "the own card being raised"}
        return (f"the black dice must be thrown next to {where.get(self.target or '', '?')}"
                f" (square {self.pawns[self.seat or 0]})")

    def _apply_throw(self, event: Mapping[str, Any]) -> None:
        seat = self.seat
        assert seat is not None
        if self.phase == "move":
            if self.turns[-1]["steps"]:
                raise RuleError("after a successful steal in the Casino round the red die "
                                "must be thrown again", "must_move")
            raise RuleError("a turn starts with a red-die move", "must_move")
        faces = parse_dice(event.get("dice"))
        keep = _keep_field(event.get("keep"))
        raising = False
        if self.phase == "choose":
            card = self.board[self.pawns[seat]]
            assert card is not None
            if not self.raisable(seat, card):
                raise RuleError(f"{card} cannot be raised (only a number card below 40): "
                                "next to an own card move on or end the turn", "not_raisable")
            raising = True
        kept = self.cup.check_keep(keep) if not raising else frozenset()
        if raising and keep:
            raise RuleError("the first throw uses all the dice", "keep_before_throw")
        old = self.cup.showing
        if old is not None and any(faces[i] != old[i] for i in kept):
            raise RuleError(f"kept dice changed: {format_dice(old)} -> {format_dice(faces)}",
                            "bad_keep")
        if raising:
            self.phase, self.target = "throw", "raise"
            self.cup.reset()
        self.cup.record(faces)
        self._throws.append(format_dice(faces))

    def _apply_take(self, event: Mapping[str, Any]) -> None:
        seat = self.seat
        assert seat is not None
        if self.phase != "throw" or self.cup.showing is None:
            raise RuleError("nothing to take: no black dice thrown in this step", "no_throw")
        card = _card_field(event.get("card"))
        dice = self.cup.showing
        option = None
        if card is not None:
            option = self.take_options(dice).get(card)
            if option is None:
                raise take_error(self, card, dice)
            judged = option.score  # the score its event recorded stands:
            score = settle(self.disputes, len(self.events), recorded_points(event, "score"),
                           lambda: judged)
            option = option if score == judged else replace(option, score=score)
        self.turns[-1]["steps"].append({"throws": list(self._throws), "take": card})
        self._throws = []
        self.cup.reset()
        if option is None:
            self._end_turn()
            return
        self._perform(seat, option)
        if option.kind == "place" and len(self.cards) == len(CARDS):
            self.placer = seat
            self._end_turn()
            return
        if self.casino and option.kind == "steal":
            self.phase, self.target = "move", None   # a compulsory red-die move
            return
        self._end_turn()

    def _perform(self, seat: int, option: TakeOption) -> None:
        state = self.cards.get(option.card)
        if state is not None:
            if state.token:
                self.tokens[state.owner] = None          # a challenge: the token goes home
            self.board[state.space] = None
        if option.token:
            self.tokens[seat] = option.card
        self.cards[option.card] = CardState(option.space, seat, option.score, option.token)
        self.board[option.space] = option.card
        self.pawns[seat] = option.space

    def _apply_stop(self) -> None:
        if self.phase != "choose":
            raise RuleError("only next to an own card can a turn be ended without a throw",
                            "cannot_stop")
        self._end_turn()

    def _end_turn(self) -> None:
        seat = self.seat
        assert seat is not None
        self.turns[-1]["points"] = self.totals()[seat] - self._turn_start_total
        self.turns_done += 1
        n = len(self.players)
        if self.casino:
            self.casino_left -= 1
            if self.casino_left == 0:
                self.phase, self.target = "over", None
                self.cup.reset()
                return
        elif len(self.cards) == len(CARDS):
            self.casino = True
            self.casino_left = n
        self.seat = (seat + 1) % n
        self._begin_turn()

    # -- actions -----------------------------------------------------------------------

    @property
    def dice_count(self) -> int:
        """How many black dice the cup throws."""
        return NUM_DICE

    def do_start(self, action: Start) -> JSON:
        """Throw off with the red die for who starts."""
        if self.phase != "start":
            raise RuleError("the game has already started", "started")
        rolls, starter = throw_off(self.resources.rng, len(self.players))
        self.apply({"type": "start", "starter": starter, "rolls": rolls})
        return {"starter": starter, "player": self.players[starter]}

    def do_roll(self, action: Roll) -> JSON:
        """Throw the red die and move the pawn."""
        seat = self._require_turn()
        if self.phase == "throw":
            raise RuleError(self._must_throw_reason(), "must_throw")
        roll = self.resources.rng.randint(1, 6) if action.pips is None else action.pips
        self.apply({"type": "red", "roll": roll})
        return {"roll": roll, "square": self.pawns[seat], "phase": self.phase}

    def do_throw(self, action: Throw) -> JSON:
        """Throw the black dice not kept (all five for the first throw)."""
        self._require_turn()
        keep = action.keep
        if action.faces is not None:  # the real dice's pips (a score pad)
            if self.phase not in ("throw", "choose"):
                raise RuleError("a turn starts with a red-die move", "must_move")
            if self.phase == "throw" and not self.cup.can_throw:
                raise RuleError("no throws left this step", "no_throws_left")
            faces = pips_of(action.faces)
        elif self.phase == "throw":
            faces = self.cup.roll(self.cup.check_keep(keep))
        elif self.phase == "choose":
            if keep:
                raise RuleError("the first throw uses all the dice", "keep_before_throw")
            faces = tuple(self.resources.rng.randint(1, 6) for _ in range(NUM_DICE))
        else:
            raise RuleError("a turn starts with a red-die move", "must_move")
        event: JSON = {"type": "throw", "dice": format_dice(faces)}
        if keep or (action.faces is None and self.phase == "throw" and self.cup.throws):
            # the dice kept, said even when none (a review judges only a keep it knows;
            # a record's or a score pad's throw does not say)
            event["keep"] = list(keep)
        self.apply(event)
        return {"dice": event["dice"], "throws": self.cup.throws,
                "options": {c: o.to_json() for c, o in self.take_options().items()}}

    def do_take(self, action: Take) -> JSON:
        """Take a card with the final throw (or nothing)."""
        self._require_turn()
        option = self.take_options().get(action.card) if action.card else None
        self.apply({"type": "take", "card": action.card,  # judged now: the score recorded
                    **({"score": option.score} if option is not None else {})})
        summary: JSON = {"card": action.card}
        if option is not None:
            summary.update(option.to_json())
        return summary

    def do_stop(self, action: Stop) -> JSON:
        """End the turn next to an own card."""
        self._require_turn()
        self.apply({"type": "stop"})
        return {}

    def skip(self, reason: str, note: Mapping[str, Any] | None = None) -> None:
        """The seat to move loses its turn (docs/kaartspel.md); ``note``: the host's, when
        the host skipped it."""
        self._require_turn()
        self.apply({"type": "skip", "reason": reason, **(note or {})})

    def _require_turn(self) -> int:
        if self.phase == "start":
            raise RuleError("the game has not started", "not_started")
        if self.phase == "over":
            raise RuleError("the game is over", "game_over")
        assert self.seat is not None
        return self.seat

    def legal_actions(self) -> list[str]:
        """The names of the actions allowed now."""
        if self.phase == "start":
            return ["start"]
        if self.phase == "move":
            return ["roll"]
        if self.phase == "choose":
            assert self.seat is not None
            card = self.board[self.pawns[self.seat]]
            raise_ok = card is not None and self.raisable(self.seat, card)
            return ["roll", "throw", "stop"] if raise_ok else ["roll", "stop"]
        if self.phase == "throw":
            out = ["throw"] if self.cup.can_throw else []
            return out + (["take"] if self.cup.showing is not None else [])
        return []

    def expire(self, now: float | None = None) -> bool:
        """Kaartspel has no hourglass: never expires."""
        return False

    def deadline(self) -> float | None:
        """Kaartspel turns do not time out."""
        return None

    # -- views and records -------------------------------------------------------------

    def options(self) -> list[KaartspelOption]:
        """The legal actions now, with what each final throw could take."""
        out: list[KaartspelOption] = []
        for name in self.legal_actions():
            item: KaartspelOption = {"action": name}
            if name == "throw":
                item["throws_left"] = (MAX_THROWS - self.cup.throws
                                       if self.phase == "throw" else MAX_THROWS)
                if self.phase == "choose":
                    assert self.seat is not None
                    item["raise"] = self.board[self.pawns[self.seat]]
            if name == "take":
                item["cards"] = {c: o.to_json() for c, o in self.take_options().items()}
            out.append(item)
        return out

    def result(self) -> JSON:
        """Each player's cards (``{card: score}``), token card and total, and the winners:
        the ``replay`` output."""
        totals = self.totals()
        return {"players": [{"name": name, "cards": self.cards_of(s), "token": self.tokens[s],
                             "total": totals[s]} for s, name in enumerate(self.players)],
                "winners": self.winners()}

    def to_json(self) -> JSON:
        """Setup and events: ``{"mode", "rules", "players", "events"}``."""
        return {"mode": MODE, "rules": self.rules.to_json(), "players": list(self.players),
                "events": [dict(e) for e in self.events]}

    @classmethod
    def from_json(cls, data: Mapping[str, Any], resources: Resources | None = None
                  ) -> KaartspelGame:
        """Rebuild a game by applying its events; a bad event raises :class:`RecordError`
        naming it (1-based)."""
        if not isinstance(data, Mapping):
            raise RecordError("game: must be an object")
        if data.get("mode", MODE) != MODE:
            raise RecordError(f"game: mode {data.get('mode')!r} is not {MODE!r}")
        try:
            game = cls(_players(data), KaartspelRules.from_json(data.get("rules")), resources)
        except RuleError as exc:
            raise RecordError(f"game: {exc.message}") from None
        replay_events(game, data.get("events", []))
        return game

    def to_record(self) -> JSON:
        """The game record (docs/kaartspel.md): the turns played, each a list of steps; a
        black-dice step still under way is left out."""
        turns = [{"player": t["player"], "steps": [dict(s) for s in t["steps"]],
                  **({"skipped": t["skipped"]} if t.get("skipped") else {})}
                 for t in self.turns if t["steps"] or t.get("skipped")]
        return {"mode": MODE, "players": list(self.players), "turns": turns}

    def finished_games(self, since_event: int) -> list[list[int]]:
        """``[totals]`` if the game ended at event ``since_event`` or later, else ``[]``."""
        if self._finished_at is not None and self._finished_at >= since_event:
            return [self.totals()]
        return []

    def copy(self) -> KaartspelGame:
        """An independent copy (same resources), rebuilt from the events."""
        game = KaartspelGame(self.players, self.rules, self.resources)
        for event in self.events:
            game.apply(event)
        return game


def _players(data: Mapping[str, Any]) -> list[str]:
    players = data.get("players")
    if not isinstance(players, list) or not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise RecordError(f"record: 'players' must be a list of {MIN_PLAYERS} to "
                          f"{MAX_PLAYERS} names")
    if any(not isinstance(p, str) or not p.strip() for p in players):
        raise RecordError("record: every player name is a non-empty string")
    if len(set(players)) != len(players):
        raise RecordError("record: player names must differ")
    return players


# ------------------------------------------------------------------------------------------
# Records
