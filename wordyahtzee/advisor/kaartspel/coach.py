"""The Kaartspel coach: computer moves, hints and reviews (see :mod:`wordyahtzee.advisor.coach`).

No optimal Kaartspel strategy is known. The review and the puzzles judge every decision by
the strong player's own evaluation (:func:`~.players.ranked_options`): a choice's ``value``
is the points it is worth this turn as the strong player weighs them (a steal counts what
the victim loses, a chained Casino steal and a Yahtzee token their bonus), and the regret
of a choice is its gap to the strong player's choice.
"""


from __future__ import annotations

import random
from typing import Any

from ..coach import Judged, WithoutTables, turns_of
from ..levels import KAARTSPEL_LEVELS

DECIDING_EVENTS = ("red", "throw", "take", "stop")
"""The events that can carry a decision (a red-die throw only next to an own card: moving
on; elsewhere it is the compulsory move)."""


GAME_POINTS = 237.5
"""Kaartspel has no optimal play: a whole game is worth what the strong player scores on
average in a two-player game against itself (237.5 ± 0.6 points per player over 400 seeded
games, ``python -m scripts.kaartspel_game_points``)."""


class KaartspelCoach(WithoutTables):
    """Kaartspel: three computer levels (no strategy table); the hint ranks every move by
    the strong player's evaluation, with the exact chance of each card per keep."""

    levels: tuple[str, ...] = KAARTSPEL_LEVELS

    def decide(self, game: Any, level: str, table: Any) -> Any:
        """The action of a computer player of ``level``."""
        from .players import computer_player

        return computer_player(level, game.resources.rng).decide(game)

    def hint(self, game: Any, table: Any) -> dict[str, Any]:
        """Everything the player may do now, best first by the strong player's own
        evaluation (:func:`~.players.ranked_options`), each with its ``value``; a keep also
        carries the exact chance to take each card in reach (:func:`~.players.keep_chances`)."""
        from ..coach import HINT_OPTIONS
        from .players import keep_chances, ranked_options

        chances = {tuple(row["keep"]): row["chances"] for row in keep_chances(game)}
        options = []
        for option in ranked_options(game)[:HINT_OPTIONS]:
            shown = option.to_json()
            if shown["kind"] == "keep":
                shown["chances"] = chances.get(tuple(shown["keep"]), {})
            options.append(shown)
        return {"ready": True, "throws": game.throws, "best": options[0] if options else None,
                "options": options}

    def game_points(self, table: Any = None) -> float:
        """The strong player's mean game (:data:`GAME_POINTS`): no optimal play."""
        return GAME_POINTS

    def judge(self, game: Any, table: Any = None) -> list[Judged]:
        """Replays the game from its events, judging every decision with a choice by the
        strong player's evaluation: each keep and take of the black dice, and next to an own
        card throwing to raise, moving on or stopping. A position with one choice only (the
        first throw, the red-die move) is no decision, nor is a throw whose event does not
        say which dice were kept (a record's, a score pad's). ``table`` is unused (no
        strategy table)."""
        from ...modes.contract import Resources
        from ...modes.kaartspel import KaartspelGame
        from .players import ranked_options

        replay = KaartspelGame(game.players, game.rules,
                               Resources(random.Random(0), lambda: 0.0))
        judged: list[Judged] = []
        for event in game.events:
            seat = replay.current_seat
            if seat is not None and event.get("type") in DECIDING_EVENTS \
                    and (replay.phase == "choose" or replay.dice is not None):
                options = tuple(choice_of(replay, o.to_json()) for o in ranked_options(replay))
                chosen = _chosen(replay, event, options)
                if chosen is not None and len(options) > 1:
                    judged.append(Judged(
                        replay.turns_done, seat, replay.throws,
                        "".join(map(str, replay.dice or ())), position_of(replay, seat),
                        options, chosen))
            replay.apply(event)
        return judged

    def review(self, game: Any, table: Any) -> list[dict[str, Any]]:
        """Every finished turn's decisions (:meth:`judge`), each with its regret against
        the strong player's choice."""
        return turns_of([item.decision() for item in self.judge(game, table)])


def choice_of(game: Any, option: dict[str, Any]) -> dict[str, Any]:
    """A ranked option as a judged choice: a keep of the black dice names the pips kept
    (``keep``) and the dice (``keep_indices``); next to an own card the throw to raise is
    ``{"kind": "throw"}``, moving on ``roll`` and ending the turn ``stop``; a take names
    its ``card`` (null: nothing), ``how`` and ``score``."""
    if option["kind"] != "keep":
        return option
    if game.phase == "choose":
        return {"kind": "throw", "value": option["value"]}
    dice = game.dice
    return {"kind": "keep", "value": option["value"],
            "keep": sorted(dice[i] for i in option["keep"]), "keep_indices": option["keep"]}


def _chosen(game: Any, event: dict[str, Any], options: tuple[dict[str, Any], ...]
            ) -> dict[str, Any] | None:
    """The option an event plays (None: an event that is no choice)."""
    kind = event["type"]
    if kind == "throw" and game.phase == "choose":
        wanted: tuple[str, Any] = ("throw", None)
    elif kind == "throw":
        if "keep" not in event:  # a record's or a score pad's throw: the keep is unknown
            return None
        wanted = ("keep", sorted(game.dice[i] for i in event["keep"]))
    elif kind == "take":
        wanted = ("take", event.get("card"))
    elif kind == "red" and game.phase == "choose":
        wanted = ("roll", None)
    elif kind == "stop":
        wanted = ("stop", None)
    else:
        return None
    for option in options:
        have = option.get("keep") if option["kind"] == "keep" else option.get("card")
        if (option["kind"], have) == wanted:
            return option
    return None


def position_of(game: Any, seat: int) -> dict[str, Any]:
    """What the player in ``seat`` saw, without anybody's name: the board's spaces, each
    seat's corner, pawn, token, cards and total, the phase and target, the red die, the
    black dice and throws made, the Casino round, the cards not placed, what the dice may
    take now (``takes``), the seat's own turn number (``round``; ``rounds``: unknown
    ahead, null) and the steps of the turn so far (``step``: red-die moves and takes)."""
    from ...modes.kaartspel import view

    shown = view(game)
    takes = {card: option.to_json() for card, option in sorted(game.take_options().items())} \
        if game.phase == "throw" and game.dice is not None else {}
    players = [{k: p[k] for k in ("seat", "corner", "pawn", "token", "cards", "total")}
               for p in shown["players"]]
    return {"to_move": seat, "spaces": shown["spaces"], "players": players,
            "phase": shown["phase"], "target": shown["target"], "red": shown["red"],
            "dice": shown["dice"], "throws": shown["throws"], "casino": shown["casino"],
            "casino_left": shown["casino_left"], "unplaced": shown["unplaced"],
            "takes": takes, "round": game.turns_done // len(game.players) + 1,
            "rounds": None, "step": len(game.turns[-1]["steps"])}


COACH = KaartspelCoach()
"""The coach :func:`wordyahtzee.advisor.coach.coach` hands out for this mode."""
