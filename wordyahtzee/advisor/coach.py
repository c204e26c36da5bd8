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
from .levels import CLASSIC_LEVELS, KAARTSPEL_LEVELS, WOORD_LEVELS

HINT_OPTIONS = 6
"""How many options a hint lists, best first."""
HUMAN_THINKING = 5.0
"""The human-like Woord Yahtzee computer waits this many times the table's pace before each
move (with the default pace of 0.8 s: 4 s, so a turn takes 8 to 12 s of its minute)."""


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

    def thinking(self, level: str) -> float:
        """How many times the table's computer pace this level waits before a move."""
        ...

    def hint(self, game: Any, table: Any) -> dict[str, Any]:
        """The best choices for the player to move, with expected final scores."""
        ...

    def review(self, game: Any, table: Any) -> list[dict[str, Any]]:
        """Every finished turn: each decision the player took, what optimal play would
        have done, and the expected points lost (``regret``)."""
        ...

    def load_sample(self, key: str, games: int | None = None) -> Any:
        """Final scores of solo games by the optimal strategy ``key`` (a
        :class:`~wordyahtzee.advisor.final_scores.ScoreSample` of ``games`` games, default
        the mode's production size): from the cache, or the first time played; blocks."""
        ...

    def finished_scores(self, game: Any) -> list[dict[str, int]]:
        """Each seat's final score in each finished game of the table (``seat``, ``game``,
        ``score``), to set against the sample."""
        ...


def decision(turn: int, seat: int, throws: int, shown: str, chosen: dict[str, Any],
             best: dict[str, Any]) -> dict[str, Any]:
    """One reviewed decision (``chosen`` and ``best`` carry ``value``: expected points
    still to come)."""
    return {"turn": turn, "seat": seat, "throws": throws, "shown": shown, "chosen": chosen,
            "best": best, "regret": round(max(0.0, best["value"] - chosen["value"]), 2)}


def turns_of(decisions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Decisions grouped per turn, with each turn's total regret."""
    out: dict[int, dict[str, Any]] = {}
    for item in decisions:
        entry = out.setdefault(item["turn"], {"turn": item["turn"], "seat": item["seat"],
                                              "decisions": [], "regret": 0.0})
        entry["decisions"].append(item)
        entry["regret"] = round(entry["regret"] + item["regret"], 2)
    return list(out.values())


class ClassicCoach:
    """Classic Yahtzee: the optimal strategy per joker reading, three computer levels."""

    levels: tuple[str, ...] = CLASSIC_LEVELS
    table_keys: tuple[str, ...] = JOKER_READINGS

    def table_key(self, rules: Mapping[str, Any]) -> str | None:
        """The joker reading's strategy table."""
        return str(rules.get("joker", "free"))

    def load_table(self, key: str) -> Any:
        """:func:`wordyahtzee.advisor.load_strategy` for the joker reading ``key``."""
        from .strategy import load_strategy

        return load_strategy(key, quiet=True)

    def load_sample(self, key: str, games: int | None = None) -> Any:
        """:func:`~wordyahtzee.advisor.final_scores.classic_sample` for the joker reading."""
        from .final_scores import CLASSIC_GAMES, classic_sample

        return classic_sample(key, games or CLASSIC_GAMES, quiet=True)

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

    def review(self, game: Any, table: Any) -> list[dict[str, Any]]:
        """Replays each game of the table from its events, judging every keep (a throw
        after the first) and every box against the optimal strategy."""
        from ..modes.classic import ClassicGame
        from .players import position_of

        decisions: list[dict[str, Any]] = []
        offset = 0
        for played in game.games:
            replay = ClassicGame(played.players, played.rules)
            for event in played.events:
                if replay.dice is not None and event["type"] in ("throw", "score"):
                    advice = table.advise(position_of(replay))
                    if event["type"] == "score":
                        chosen = next((o for o in advice.options
                                       if o.kind == "box" and o.box == event["box"]), None)
                    else:
                        kept = sorted(replay.dice[k] for k in event.get("keep", []))
                        chosen = next((o for o in advice.options
                                       if o.kind == "keep" and sorted(o.keep) == kept), None)
                    assert replay.current_player is not None
                    if chosen is not None:  # every legal move is an option; be safe
                        decisions.append(decision(
                            offset + replay.turn,
                            replay.players.index(replay.current_player), replay.throws,
                            "".join(map(str, replay.dice)), _classic_option(chosen),
                            _classic_option(advice.options[0])))
                replay.apply(event)
            offset += played.turn
        return turns_of(decisions)


def _classic_option(option: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"kind": option.kind, "value": round(option.value, 2)}
    if option.kind == "keep":
        out["keep"] = list(option.keep)
    else:
        out.update(box=option.box, points=option.points)
    return out


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

    def load_sample(self, key: str, games: int | None = None) -> Any:
        """:func:`~wordyahtzee.advisor.final_scores.woord_sample` for
        ``dictionary/dice_set/threshold``."""
        from .final_scores import WOORD_GAMES, woord_sample

        dictionary, dice_set, threshold = key.split("/")
        return woord_sample(dictionary, dice_set, int(threshold), games or WOORD_GAMES,
                            quiet=True)

    def finished_scores(self, game: Any) -> list[dict[str, int]]:
        """Once the game is over, each seat's total (free order: none, as it has no
        review)."""
        if not game.finished or game.rules.free_order:
            return []
        return [{"seat": seat, "game": 0, "score": sheet.total}
                for seat, sheet in enumerate(game.sheets)]

    def thinking(self, level: str) -> float:
        """The human-like player takes its time, as people do within the hourglass."""
        return HUMAN_THINKING if level == "human" else 1.0

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


    def review(self, game: Any, table: Any) -> list[dict[str, Any]]:
        """Replays the game event by event, judging every keep and claim against the
        optimal strict-order strategy (free order: refused, no proven optimum)."""
        from ..modes.woord import Claim, WoordGame
        from ..solver import get_solver
        from .woord_strategy import SheetState

        if game.rules.free_order:
            raise RuleError("the review needs strict order (free order has no proven "
                            "optimum)", "no_hint")
        solver = get_solver(game.lexicon, game.dice_set, game.rules)
        replay = WoordGame(game.players, game.rules, lexicon=game.lexicon,
                           dice_set=game.dice_set, clock=game.clock)
        decisions: list[dict[str, Any]] = []
        for event in game.events:
            kind = event["type"]
            turn = None if replay.finished else replay.turn
            if turn is not None and turn.faces is not None and kind in ("throw", "claim"):
                sheet = replay.sheets[turn.player]
                state = SheetState.from_sheet(sheet)
                options = table.advise(state, turn.round, turn.throws, turn.faces,
                                       replay.dice_set, solver)
                best = options[0]
                if kind == "throw":
                    keep = tuple(sorted(event.get("keep") or ()))
                    found = next((o.ev for o in options
                                  if o.kind == "keep" and o.dice == keep), None)
                    if found is None:  # every legal keep is an option; be safe
                        replay.apply(event)
                        continue
                    value = found
                    chosen: dict[str, Any] = {"kind": "keep", "dice": list(keep),
                                              "letters": "".join(turn.faces[d] for d in keep)}
                else:
                    box = event["box"]
                    claim = Claim(box, tuple(event.get("words") or ()), event.get("zero_box"))
                    points = replay.evaluate(claim)
                    value = table.claim_ev(state, turn.round, box, points)
                    chosen = {"kind": "claim", "box": box, "words": list(claim.words),
                              "points": points}
                chosen["value"] = round(value - sheet.total, 2)
                best_json = {**best.to_json(), "value": round(best.ev - sheet.total, 2)}
                best_json.pop("ev", None)
                decisions.append(decision(turn.number, turn.player, turn.throws, turn.faces,
                                          chosen, best_json))
            replay.apply(event)
        return turns_of(decisions)


class KaartspelCoach:
    """Kaartspel: three computer levels (no strategy table); the hint gives, for each way
    to keep the black dice, the exact chance to take each card."""

    levels: tuple[str, ...] = KAARTSPEL_LEVELS
    table_keys: tuple[str, ...] = ()

    def table_key(self, rules: Mapping[str, Any]) -> str | None:
        """No strategy table."""
        return None

    def load_table(self, key: str) -> Any:
        """No strategy table."""
        raise LookupError("Kaartspel has no strategy tables")

    def load_sample(self, key: str, games: int | None = None) -> Any:
        """No optimal strategy to sample."""
        raise LookupError("Kaartspel has no optimal strategy to sample")

    def finished_scores(self, game: Any) -> list[dict[str, int]]:
        """Nothing to set against optimal play."""
        return []

    def thinking(self, level: str) -> float:
        """Every level moves at the table's pace."""
        return 1.0

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

    def review(self, game: Any, table: Any) -> list[dict[str, Any]]:
        """No optimal Kaartspel strategy is known to judge turns against."""
        raise RuleError("Kaartspel games have no review: no optimal strategy is known",
                        "no_hint")


_COACHES: dict[str, Coach] = {}
_KINDS: dict[str, type] = {"woord": WoordCoach, "classic": ClassicCoach,
                           "kaartspel": KaartspelCoach}


def coach(mode: str) -> Coach | None:
    """The coach of ``mode`` (None for a mode with no computer players or hints)."""
    kind = _KINDS.get(mode)
    if kind is None:
        return None
    return _COACHES.setdefault(mode, kind())
