"""Coaches: computer moves and hints for any mode, behind one interface.

The table service asks :func:`coach` for a mode's coach. A coach names the computer
levels it plays, the strategy table a rules set needs (``table_key``; loading one may take
seconds the first time, so the table service does it in a background thread, never in a
request), and, given that table, decides a computer's next action or gives a hint.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from ..errors import RuleError
from ..modes.classic import JOKER_READINGS
from .players import LEVELS
from .woord_players import WOORD_LEVELS

HINT_OPTIONS = 6
"""How many options a hint lists, best first."""


class Coach(Protocol):
    """Computer players and hints for one mode."""

    levels: tuple[str, ...]
    table_keys: tuple[str, ...]

    def table_key(self, rules: Mapping[str, Any]) -> str | None:
        """The strategy table games with these rules need (None: none)."""
        ...

    def load_table(self, key: str) -> Any:
        """Load (or the first time ever, compute) the table ``key``; blocks."""
        ...

    def decide(self, game: Any, level: str, table: Any) -> Any:
        """The action a computer of ``level`` plays now (``table`` from :meth:`load_table`,
        or None when the level needs none)."""
        ...

    def needs_table(self, level: str) -> bool:
        """Does the computer ``level`` play from the strategy table?"""
        ...

    def hint(self, game: Any, table: Any) -> dict[str, Any]:
        """The best choices for the player to move, with expected final scores."""
        ...


class ClassicCoach:
    """Classic Yahtzee: the optimal strategy per joker reading, three computer levels."""

    levels: tuple[str, ...] = LEVELS
    table_keys: tuple[str, ...] = JOKER_READINGS

    def table_key(self, rules: Mapping[str, Any]) -> str | None:
        """The joker reading's strategy table."""
        return str(rules.get("joker", "free"))

    def load_table(self, key: str) -> Any:
        """:func:`wordyahtzee.advisor.load_strategy` for the joker reading ``key``."""
        from .strategy import load_strategy

        return load_strategy(key, quiet=True)

    def needs_table(self, level: str) -> bool:
        """Only the optimal player reads the table."""
        return level == "optimal"

    def decide(self, game: Any, level: str, table: Any) -> Any:
        """The move of a computer player of ``level`` as a contract action."""
        from ..modes.classic import Score
        from ..modes.contract import Throw
        from .players import BeginnerPlayer, GreedyPlayer, OptimalPlayer

        players = {"optimal": lambda: OptimalPlayer(table), "greedy": GreedyPlayer,
                   "beginner": BeginnerPlayer}
        if level not in players:
            raise RuleError(f"unknown computer level {level!r}; levels: "
                            + ", ".join(self.levels), "bad_level")
        move = players[level]().decide(game.game)
        return Throw(move.keep) if move.kind == "throw" else Score(move.box)

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


class WoordCoach:
    """Woord Yahtzee: the optimal strict-order strategy per dictionary, dice set and bonus
    threshold (free order plays the free-order advisor on it), three computer levels, and a
    hint listing keeps and claims with the expected final score of each."""

    levels: tuple[str, ...] = WOORD_LEVELS
    table_keys: tuple[str, ...] = ("nl/nl/40",)

    def table_key(self, rules: Mapping[str, Any]) -> str | None:
        """``dictionary/dice_set/threshold``."""
        return "/".join((str(rules.get("dictionary", "nl")), str(rules.get("dice_set", "nl")),
                         str(rules.get("upper_bonus_threshold", 40))))

    def load_table(self, key: str) -> Any:
        """The strategy (from the cache, or computed: a minute or two the first time)."""
        from .woord_strategy import load_woord_strategy

        dictionary, dice_set, threshold = key.split("/")
        return load_woord_strategy(dictionary, dice_set, int(threshold), quiet=True)

    def needs_table(self, level: str) -> bool:
        """Only the optimal player reads the strategy."""
        return level == "optimal"

    def decide(self, game: Any, level: str, table: Any) -> Any:
        """The next action of a computer player of ``level`` (a throw to start the turn)."""
        from ..modes.contract import Throw
        from ..modes.woord import Claim
        from ..solver import get_solver
        from .woord_players import woord_player

        if game.turn.faces is None:
            return Throw(())
        player = woord_player(level, get_solver(game.lexicon, game.dice_set, game.rules),
                              strategy=table, rng=game.rng,
                              free_order=game.rules.free_order)
        move = player.decide(game)
        if move.kind == "throw":
            return Throw(move.keep)
        return Claim(move.box, move.words, move.zero_box)

    def hint(self, game: Any, table: Any) -> dict[str, Any]:
        """Keeps and claims with the expected final score of each, best first (strict
        order: the optimal strategy; free order: the free-order advisor's ranking)."""
        from ..solver import get_solver

        turn = game.turn
        base = game.sheets[turn.player].total
        if turn.faces is None:
            from .woord_strategy import SheetState

            value = table.state_value(SheetState.from_sheet(game.sheets[turn.player]),
                                      turn.round)
            first = {"kind": "keep", "dice": [], "letters": "", "value": round(value, 2),
                     "expected_total": round(base + value, 2)}
            return {"ready": True, "throws": 0, "best": first, "options": [first]}
        if game.rules.free_order:
            raise RuleError("hints are for strict order; free order has no proven optimum",
                            "no_hint")
        options = table.advise_game(game, get_solver(game.lexicon, game.dice_set, game.rules))
        shown = [{**o.to_json(), "value": round(o.ev - base, 2),
                  "expected_total": round(o.ev, 2)} for o in options[:HINT_OPTIONS]]
        return {"ready": True, "throws": turn.throws, "best": shown[0], "options": shown}


class KaartspelCoach:
    """Kaartspel: three computer levels (no strategy table); the hint gives, for each way
    to keep the black dice, the exact chance to take each card."""

    levels: tuple[str, ...] = ("strong", "greedy", "beginner")
    table_keys: tuple[str, ...] = ()

    def table_key(self, rules: Mapping[str, Any]) -> str | None:
        """No strategy table."""
        return None

    def load_table(self, key: str) -> Any:
        """No strategy table."""
        raise LookupError("Kaartspel has no strategy tables")

    def needs_table(self, level: str) -> bool:
        """No level needs a table."""
        return False

    def decide(self, game: Any, level: str, table: Any) -> Any:
        """The action of a computer player of ``level``."""
        from .kaartspel_players import computer_player

        return computer_player(level, game.resources.rng).decide(game)

    def hint(self, game: Any, table: Any) -> dict[str, Any]:
        """Per way to keep the dice now, the chance to take each card (at a black-dice
        step with dice showing; otherwise no keeps to weigh)."""
        from .kaartspel_players import keep_chances

        return {"ready": True, "throws": game.throws,
                "options": keep_chances(game) if game.dice is not None else []}


_COACHES: dict[str, Coach] = {}
_KINDS: dict[str, type] = {"woord": WoordCoach, "classic": ClassicCoach,
                           "kaartspel": KaartspelCoach}


def coach(mode: str) -> Coach | None:
    """The coach of ``mode`` (None for a mode with no computer players or hints)."""
    kind = _KINDS.get(mode)
    if kind is None:
        return None
    return _COACHES.setdefault(mode, kind())
