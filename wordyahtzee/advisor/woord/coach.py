"""The woord coach: computer moves, hints and reviews (see :mod:`wordyahtzee.advisor.coach`)."""


from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ...any_box import takes_any_box
from ...errors import RuleError
from ..coach import HINT_OPTIONS, HUMAN_THINKING, Judged, turns_of
from ..levels import WOORD_LEVELS


def _need_odds(game: Any) -> None:
    """Tips and reviews reckon with the dice's chances: none for a score pad that takes any
    box's letters (its faces are nobody's real dice; :mod:`~wordyahtzee.any_box`)."""
    if takes_any_box(game.dice_set):
        raise RuleError("without the family's own box the dice are unknown: no Tip and no "
                        "review (enter the box once on /dice)", "unknown_dice")


class WoordCoach:
    """Woord Yahtzee: the optimal strict-order strategy per dictionary, dice set and bonus
    threshold (free order plays the free-order advisor on it), three computer levels, and a
    hint listing keeps and claims with the expected final score of each."""

    levels: tuple[str, ...] = WOORD_LEVELS
    table_keys: tuple[str, ...] = ("nl/nl/40", "nl/nl-balans/40", "en/en/40")
    """The tables start-up prepares: the default rules on each shipped dice set."""

    def table_key(self, rules: Mapping[str, Any]) -> str | None:
        """``dictionary/dice_set/threshold``; None for dice whose chances nobody knows (a
        score pad's referee of any box): there is no strategy to load, warm or mine by."""
        from ...modes import options
        from ...modes.woord.rules import WoordRules

        if takes_any_box(str(rules.get("dice_set", "nl"))):
            return None
        at = options.renamed(WoordRules, rules).get("upper_bonus_at", 40)  # old records too
        return "/".join((str(rules.get("dictionary", "nl")), str(rules.get("dice_set", "nl")),
                         str(at)))

    def load_table(self, key: str) -> Any:
        """The strategy (from the cache, or computed: a minute or two the first time)."""
        from .strategy import load_woord_strategy

        dictionary, dice_set, threshold = key.split("/")
        return load_woord_strategy(dictionary, dice_set, int(threshold), quiet=True)

    def table_files(self, key: str) -> tuple[Path, ...]:
        """The score table's, the strategy's and the default sample's cache files."""
        from ...dice import DiceSet
        from ...lexicon import load_lexicon
        from ...modes.woord import ROUND_BOXES, WoordRules
        from ..final_scores import WOORD_GAMES, woord_path
        from .score_table import score_table_path, table_key
        from .strategy import strategy_key, strategy_path

        dictionary, dice_set, threshold = key.split("/")
        scores = table_key(load_lexicon(dictionary), DiceSet.load(dice_set), WoordRules())
        strategy = strategy_key(scores, int(threshold), ROUND_BOXES)
        return (score_table_path(scores), strategy_path(strategy),
                woord_path(strategy, WOORD_GAMES))

    def load_sample(self, key: str, games: int | None = None) -> Any:
        """:func:`~wordyahtzee.advisor.final_scores.woord_sample` for
        ``dictionary/dice_set/threshold``."""
        from ..final_scores import WOORD_GAMES, woord_sample

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
        from ...modes.contract import Throw
        from ...modes.woord import Claim
        from ...solver import get_solver
        from .simulate import woord_player

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
        from ...solver import get_solver

        _need_odds(game)
        turn = game.turn
        base = game.sheets[turn.player].total
        if turn.faces is None:
            from .strategy import SheetState

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

    def foresight(self, game: Any, table: Any, seed: bytes) -> list[Any]:
        """The choices of a daily game judged against the best game in hindsight on the
        day's dice (:mod:`.foresight`)."""
        from .foresight import WoordHindsight, choices

        return choices(game, table, WoordHindsight.compute(table, seed))

    def game_points(self, table: Any) -> float:
        """The optimal expected final score of a whole game under the table's rules."""
        from ...modes.woord.rules import ScoreSheet
        from .strategy import SheetState

        return float(table.state_value(SheetState.from_sheet(ScoreSheet(table.threshold)), 1))

    def judge(self, game: Any, table: Any) -> list[Judged]:
        """Replays the game event by event, judging every keep and claim against the
        optimal strict-order strategy, with every legal choice of the position (free order:
        refused, no proven optimum). A turn the hourglass ended is a decision too (``kind:
        "timeout"``: 0 in the round's box), judged against the best move at that moment,
        with the best claim the throw held (``best_claim``). A throw whose event does not
        say which dice were kept (a score pad's, a record's) is no judged keep."""
        from ...modes.woord import Claim, WoordGame
        from ...modes.woord.rules import default_zero_box
        from ...solver import get_solver
        from .strategy import SheetState

        _need_odds(game)
        if game.rules.free_order:
            raise RuleError("the review needs strict order (free order has no proven "
                            "optimum)", "no_hint")
        solver = get_solver(game.lexicon, game.dice_set, game.rules)
        replay = WoordGame(game.players, game.rules, lexicon=game.lexicon,
                           dice_set=game.dice_set, clock=game.clock)
        judged: list[Judged] = []
        for event in game.events:
            kind = event["type"]
            turn = None if replay.finished else replay.turn
            if turn is not None and turn.faces is not None and kind in ("throw", "claim",
                                                                         "timeout"):
                sheet = replay.sheets[turn.player]
                state = SheetState.from_sheet(sheet)
                advice = table.advise(state, turn.round, turn.throws, turn.faces,
                                      replay.dice_set, solver)
                options = tuple(_option(o, sheet.total) for o in advice)
                if kind == "throw" and "keep" not in event:  # a recorded throw: keep unknown
                    replay.apply(event)
                    continue
                if kind == "throw":
                    keep = sorted(event["keep"])
                    chosen = next((dict(o) for o in options
                                   if o["kind"] == "keep" and o["dice"] == keep), None)
                    if chosen is None:  # every legal keep is an option; be safe
                        replay.apply(event)
                        continue
                elif kind == "timeout":  # the hourglass ran out: 0 in the round's box
                    zero = default_zero_box(sheet, replay.rules, turn.round)
                    assert zero is not None  # a turn always has an open round box
                    chosen = {"kind": "timeout", "box": zero, "points": 0,
                              "value": _value(table.claim_ev(state, turn.round, zero, 0),
                                              sheet.total)}
                    claim_option = next((o for o in options if o["kind"] == "claim"), None)
                    if claim_option is not None:
                        chosen["best_claim"] = {k: claim_option[k] for k in
                                                ("kind", "box", "words", "points")}
                else:
                    box = event["box"]
                    claim = Claim(box, tuple(event.get("words") or ()), event.get("zero_box"))
                    points = replay.evaluate(claim)
                    chosen = {"kind": "claim", "box": box, "words": list(claim.words),
                              "points": points,
                              "value": _value(table.claim_ev(state, turn.round, box, points),
                                              sheet.total)}
                judged.append(Judged(turn.number, turn.player, turn.throws, turn.faces,
                                     _position(replay, sheet, event), options, chosen))
            replay.apply(event)
        return judged

    def review(self, game: Any, table: Any) -> list[dict[str, Any]]:
        """Every finished turn's decisions (:meth:`judge`) with the expected points lost.
        The skill figure counts each turn's claim only, against the best claim on the
        throw it was made on (``target``, :func:`~wordyahtzee.advisor.skill.woord_claim`;
        when no claim scored anything, a 0 in the box claimed):
        ``lost`` its points short of it, ``random`` all of them (a random answer finds no
        word); keeps are shown, not counted (``lost`` None)."""
        from ..skill import woord_claim

        decisions = []
        for item in self.judge(game, table):
            entry = item.decision()
            if item.chosen["kind"] == "keep":
                entry.update(lost=None, random=None)
            else:  # no claim scoring anything: nothing at stake, the claim is the best
                lost, target = woord_claim(item.options, item.chosen)
                entry.update(lost=lost, random=0.0 if target is None else
                             float(target["points"]), target=target or {
                                 "kind": "claim", "box": item.chosen["box"], "words": [],
                                 "points": 0})
            decisions.append(entry)
        return turns_of(decisions)


def _value(ev: float, total: int) -> float:
    """Expected points still to come, as the review shows them."""
    return round(ev - total, 2)


def _option(option: Any, total: int) -> dict[str, Any]:
    """A choice as the review shows it: its fields and ``value`` in place of ``ev``."""
    shown = {**option.to_json(), "value": _value(option.ev, total)}
    shown.pop("ev", None)
    return shown


def _position(game: Any, sheet: Any, event: Any) -> dict[str, Any]:
    """What the player to move saw: the letters, the throws made, the round, the sheet and
    the seconds the hourglass had left when the choice was made (None without one)."""
    from ...modes.woord.rules import ROUNDS

    turn = game.turn
    deadline, at = game.deadline(), event.get("at")
    left = (round(max(0.0, deadline - at), 1)
            if deadline is not None and isinstance(at, int | float) else None)
    return {"faces": turn.faces, "throws": turn.throws, "round": turn.round,
            "rounds": ROUNDS, "boxes": dict(sheet.boxes), "total": sheet.total,
            "upper_total": sheet.upper_total,
            # the key stored puzzles and the shipped proficiency tests hold
            "upper_bonus_threshold": sheet.upper_bonus_at,
            "woord_yahtzee_bonus": sheet.woord_yahtzee_bonus, "seconds_left": left,
            "turn_seconds": game.rules.turn_seconds}


COACH = WoordCoach()
"""The coach :func:`wordyahtzee.advisor.coach.coach` hands out for this mode."""
