"""The woord coach: computer moves, hints and reviews (see :mod:`wordyahtzee.advisor.coach`)."""


from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...errors import RuleError
from ..coach import HINT_OPTIONS, HUMAN_THINKING, decision, turns_of
from ..levels import WOORD_LEVELS


class WoordCoach:
    """Woord Yahtzee: the optimal strict-order strategy per dictionary, dice set and bonus
    threshold (free order plays the free-order advisor on it), three computer levels, and a
    hint listing keeps and claims with the expected final score of each."""

    levels: tuple[str, ...] = WOORD_LEVELS
    table_keys: tuple[str, ...] = ("nl/nl/40", "nl/nl-balans/40", "en/en/40")
    """The tables start-up prepares: the default rules on each shipped dice set."""

    def table_key(self, rules: Mapping[str, Any]) -> str | None:
        """``dictionary/dice_set/threshold``."""
        return "/".join((str(rules.get("dictionary", "nl")), str(rules.get("dice_set", "nl")),
                         str(rules.get("upper_bonus_threshold", 40))))

    def load_table(self, key: str) -> Any:
        """The strategy (from the cache, or computed: a minute or two the first time)."""
        from .strategy import load_woord_strategy

        dictionary, dice_set, threshold = key.split("/")
        return load_woord_strategy(dictionary, dice_set, int(threshold), quiet=True)

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

    def review(self, game: Any, table: Any) -> list[dict[str, Any]]:
        """Replays the game event by event, judging every keep and claim against the
        optimal strict-order strategy (free order: refused, no proven optimum). A turn the
        hourglass ended is a decision too (``kind: "timeout"``: 0 in the round's box),
        judged against the best move at that moment, with the best claim the throw held
        (``best_claim``)."""
        from ...modes.woord import Claim, WoordGame
        from ...modes.woord.rules import default_zero_box
        from ...solver import get_solver
        from .strategy import SheetState

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
            if turn is not None and turn.faces is not None and kind in ("throw", "claim",
                                                                         "timeout"):
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
                elif kind == "timeout":  # the hourglass ran out: 0 in the round's box
                    zero = default_zero_box(sheet, replay.rules, turn.round)
                    assert zero is not None  # a turn always has an open round box
                    value = table.claim_ev(state, turn.round, zero, 0)
                    chosen = {"kind": "timeout", "box": zero, "points": 0}
                    claim_option = next((o for o in options if o.kind == "claim"), None)
                    if claim_option is not None:
                        chosen["best_claim"] = {"kind": "claim", "box": claim_option.box,
                                                "words": list(claim_option.words),
                                                "points": claim_option.points}
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


COACH = WoordCoach()
"""The coach :func:`wordyahtzee.advisor.coach.coach` hands out for this mode."""
