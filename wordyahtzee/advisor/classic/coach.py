"""The classic coach: computer moves, hints and reviews (see :mod:`wordyahtzee.advisor.coach`)."""


from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ...errors import RuleError
from ...modes.classic import BOXES, JOKER_READINGS, UPPER_BONUS_THRESHOLD, ClassicRules
from ..coach import HINT_OPTIONS, Judged, turns_of
from ..levels import CLASSIC_LEVELS


class ClassicCoach:
    """Classic Yahtzee: the optimal strategy per joker reading, three computer levels."""

    levels: tuple[str, ...] = CLASSIC_LEVELS
    table_keys: tuple[str, ...] = JOKER_READINGS

    def table_key(self, rules: Mapping[str, Any]) -> str | None:
        """The strategy table of the rules: the joker reading, and the upper bonus threshold
        when a house rule moves it (``"free"``, ``"forced/50"``)."""
        read = ClassicRules.from_json({k: v for k, v in rules.items()
                                       if k in ("joker", "upper_bonus_at")})
        at = read.upper_bonus_at
        return read.joker if at == UPPER_BONUS_THRESHOLD else f"{read.joker}/{at}"

    def load_table(self, key: str) -> Any:
        """:func:`wordyahtzee.advisor.load_strategy` for a :meth:`table_key`."""
        from .strategy import load_strategy

        joker, upper_bonus_at = _table_rules(key)
        return load_strategy(joker, upper_bonus_at=upper_bonus_at, quiet=True)

    def table_files(self, key: str) -> tuple[Path, ...]:
        """The strategy table's cache file and its default sample's."""
        from ..final_scores import CLASSIC_GAMES, classic_path
        from .strategy import cache_path

        joker, upper_bonus_at = _table_rules(key)
        return (cache_path(joker, upper_bonus_at),
                classic_path(joker, CLASSIC_GAMES, upper_bonus_at=upper_bonus_at))

    def load_sample(self, key: str, games: int | None = None) -> Any:
        """:func:`~wordyahtzee.advisor.final_scores.classic_sample` for the joker reading."""
        from ..final_scores import CLASSIC_GAMES, classic_sample

        joker, upper_bonus_at = _table_rules(key)
        return classic_sample(joker, games or CLASSIC_GAMES, upper_bonus_at=upper_bonus_at,
                              quiet=True)

    def finished_scores(self, game: Any) -> list[dict[str, int]]:
        """Every finished game of the match, each seat's total in it."""
        return [{"seat": seat, "game": index, "score": played.sheets[name].total}
                for index, played in enumerate(game.games) if played.is_over
                for seat, name in enumerate(played.players)]

    def thinking(self, level: str) -> float:
        """Every level moves at the table's pace."""
        return 1.0

    def needs_table(self, level: str) -> bool:
        """Only the optimal player reads the table."""
        return level == "optimal"

    def decide(self, game: Any, level: str, table: Any) -> Any:
        """The move of a computer player of ``level`` as a contract action."""
        from ...modes.classic import Claim
        from ...modes.contract import Throw
        from .players import BeginnerPlayer, GreedyPlayer, OptimalPlayer

        players = {"optimal": lambda: OptimalPlayer(table), "greedy": GreedyPlayer,
                   "beginner": BeginnerPlayer}
        if level not in players:
            raise RuleError(f"unknown computer level {level!r}; levels: "
                            + ", ".join(self.levels), "bad_level")
        move = players[level]().decide(game.game)
        return Throw(move.keep) if move.kind == "throw" else Claim(move.box)

    def hint(self, game: Any, table: Any) -> dict[str, Any]:
        """The advisor's keeps and boxes with the expected final score of each, best
        first (``ready`` true: the table is loaded)."""
        from .players import position_of

        current = game.game
        if current.current_player is None:
            raise RuleError("the game is over", "game_over")
        sheet = current.sheet()
        base = sheet.total
        if current.dice is None:
            value = table.state_value(sheet.scores, sheet.upper_total,
                                      sheet.scores.get("yahtzee"))
            first = {"kind": "keep", "keep": [], "keep_indices": [], "value": round(value, 2),
                     "expected_total": round(base + value, 2)}
            return {"ready": True, "throws": 0, "best": first, "options": [first]}
        advice = table.advise(position_of(current))
        options = []
        for option in advice.options[:HINT_OPTIONS]:
            item: dict[str, Any] = {"kind": option.kind, "value": round(option.value, 2),
                                    "expected_total": round(base + option.value, 2)}
            if option.kind == "keep":
                item["keep"] = list(option.keep)
                item["keep_indices"] = option.keep_indices(current.dice)
            else:
                item["box"] = option.box
                item["points"] = option.points
            options.append(item)
        return {"ready": True, "throws": current.throws, "best": options[0],
                "options": options}

    def foresight(self, game: Any, table: Any, seed: bytes) -> list[Any]:
        """The choices of a daily game (one game of a match) judged against the best
        game in hindsight on the day's dice (:mod:`.foresight`)."""
        from .foresight import ClassicHindsight, choices

        return choices(game.game, table, ClassicHindsight.compute(table, seed))

    def game_points(self, table: Any) -> float:
        """The optimal expected final score of a whole game under the table's rules."""
        return float(table.state_value(()))

    def judge(self, game: Any, table: Any) -> list[Judged]:
        """Replays each game of the table from its events, judging every keep (a throw
        after the first) and every box against the optimal strategy, with every legal
        choice of the position. A throw whose event does not say which dice were kept (a
        score pad's, a record's) is no judged keep."""
        from ...modes.classic import ClassicGame
        from .players import position_of

        judged: list[Judged] = []
        offset = 0
        for played in game.games:
            replay = ClassicGame(played.players, played.rules)
            for event in played.events:
                if replay.dice is not None and event["type"] in ("throw", "claim"):
                    advice = table.advise(position_of(replay))
                    options = tuple(_classic_option(o) for o in advice.options)
                    if event["type"] == "claim":
                        chosen = next((o for o in options
                                       if o["kind"] == "box" and o["box"] == event["box"]), None)
                    elif "keep" not in event:  # a recorded throw: the keep is unknown
                        chosen = None
                    else:
                        kept = sorted(replay.dice[k] for k in event.get("keep", []))
                        chosen = next((o for o in options
                                       if o["kind"] == "keep" and sorted(o["keep"]) == kept),
                                      None)
                    player = replay.current_player
                    assert player is not None
                    if chosen is not None:  # every legal move is an option
                        judged.append(Judged(
                            offset + replay.turn, replay.players.index(player), replay.throws,
                            "".join(map(str, replay.dice)), _position(replay, player),
                            options, chosen))
                replay.apply(event)
            offset += played.turn
        return judged

    def review(self, game: Any, table: Any) -> list[dict[str, Any]]:
        """Every finished turn's decisions (:meth:`judge`) with the expected points lost."""
        return turns_of([item.decision() for item in self.judge(game, table)])


def _position(game: Any, player: str) -> dict[str, Any]:
    """What the player to move saw: the dice, the throws made, the round and the sheet."""
    sheet = game.sheet(player)
    return {"dice": list(game.dice), "throws": game.throws, "round": game.round,
            "rounds": len(BOXES),
            "scores": dict(sheet.scores), "upper_total": sheet.upper_total,
            "upper_bonus_at": sheet.upper_bonus_at, "yahtzee_bonus": sheet.yahtzee_bonus,
            "joker": game.rules.joker}


def _table_rules(key: str) -> tuple[str, int]:
    """The joker reading and the upper bonus threshold of a :meth:`ClassicCoach.table_key`."""
    joker, _, at = key.partition("/")
    return joker, int(at) if at else UPPER_BONUS_THRESHOLD


def _classic_option(option: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"kind": option.kind, "value": round(option.value, 2)}
    if option.kind == "keep":
        out["keep"] = list(option.keep)
    else:
        out.update(box=option.box, points=option.points)
    return out


COACH = ClassicCoach()
"""The coach :func:`wordyahtzee.advisor.coach.coach` hands out for this mode."""
