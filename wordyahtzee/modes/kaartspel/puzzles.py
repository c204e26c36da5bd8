"""What the puzzles need to know of Kaartspel (:class:`~..puzzling.PuzzleRules`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from ..puzzling import JSON, PuzzleRules
from .rules import CARDS

MOVES = ("throw", "roll", "stop")
"""The choices next to an own card, in the order a question lists them."""
STAGES = 5
"""A game has no fixed rounds: its proficiency test is spread over five stages instead, by
the cards placed (0-2, 3-5, 6-8, 9-11) and the Casino round."""
AIMS = {"space": "to place a card", "steal": "to steal", "raise": "to raise",
        "joker": "at a JOKER corner"}


class KaartspelPuzzles:
    """Keeps of pips, takes of a card and the moves next to an own card; themes: what the
    black dice are thrown for, a steal, five of a kind, the Casino round."""

    themes: tuple[str, ...] = ("place", "steal", "raise", "joker", "stop", "yahtzee",
                               "casino", "opening", "keep", "take")
    judge: str = "the strong player"
    box_order: tuple[str, ...] = ()
    move_kinds: tuple[str, ...] = ("take", *MOVES)
    test_rules: Mapping[str, Any] = MappingProxyType({})
    test_players: tuple[str, ...] = ("Computer 1", "Computer 2")
    screen: Mapping[str, str] = MappingProxyType({"board": "cards"})

    def key_fields(self, position: Mapping[str, Any]) -> list[Any]:
        """The turn's step: a turn may throw the black dice more than once."""
        return [position["step"]]

    def keep_key(self, shown: Sequence[str]) -> str:
        """Pips, sorted."""
        return "".join(sorted(str(int(s)) for s in shown))

    def themes_of(self, position: Mapping[str, Any], best: Mapping[str, Any],
                  played: Mapping[str, Any]) -> list[str]:
        """What the black dice are thrown for (placing, stealing, raising, a JOKER corner;
        ``stop``: next to an own card, whether to throw, move on or stop), a steal taken or
        missed, five of a kind, the Casino round, the opening, and whether the best choice
        is a keep or a take."""
        target = position["target"] if position["phase"] == "throw" else "stop"
        found = [{"space": "place"}.get(target, target)]
        if target != "steal" and any(c.get("how") == "steal" for c in (best, played)):
            found.append("steal")
        dice = position.get("dice") or []
        if dice and len(set(dice)) == 1:
            found.append("yahtzee")
        if position["casino"]:
            found.append("casino")
        if position["round"] <= 2:
            found.append("opening")
        if best["kind"] in ("keep", "take"):
            found.append(best["kind"])
        return found

    def question(self, options: Sequence[Mapping[str, Any]]) -> JSON:
        """The ``choices`` other than keeps, in a fixed order that says nothing of their
        worth: the cards to take (in card order, each with ``how`` and ``score``), taking
        nothing, then throwing to raise, moving on and stopping."""
        def order(option: Mapping[str, Any]) -> tuple[int, int]:
            card = option.get("card")
            if option["kind"] == "take":
                return 0, CARDS.index(card) if card else len(CARDS)
            return 1, MOVES.index(option["kind"])

        return {"choices": [{k: o[k] for k in ("kind", "card", "how", "score") if k in o}
                            for o in sorted((o for o in options if o["kind"] != "keep"),
                                            key=order)]}

    def answer(self, options: Sequence[Mapping[str, Any]]) -> JSON:
        """Nothing more."""
        return {}

    def moment(self, game: Any) -> tuple[int, ...] | None:
        """The turns done, the turn's step and the throws, while dice show or next to an
        own card."""
        if game.phase != "choose" and game.dice is None:
            return None
        return game.turns_done, len(game.turns[-1]["steps"]), game.throws

    def moment_of(self, turn: int, throws: int, position: Mapping[str, Any]
                  ) -> tuple[int, ...]:
        """The turn, its step and the throws."""
        return turn, position["step"], throws

    def stage(self, position: Mapping[str, Any]) -> int:
        """By the cards placed, the Casino round last (:data:`STAGES`)."""
        if position["casino"]:
            return STAGES
        placed = sum(1 for space in position["spaces"] if space["card"])
        return 1 + min(placed, 11) // 3

    def stages(self, position: Mapping[str, Any]) -> int:
        """:data:`STAGES`."""
        return STAGES

    def describe(self, puzzle: Mapping[str, Any]) -> str:
        """The board's cards, each seat's total, the dice and what they are thrown for (the
        seat to move is "you", the others by seat number)."""
        pos = puzzle["position"]
        me = pos["to_move"]
        who = ["you" if s == me else f"seat {s + 1}" for s in range(len(pos["players"]))]
        cards = ", ".join(f"{s['space']} {s['card']} {who[s['owner']]} {s['score']}"
                          + ("*" if s["token"] else "") for s in pos["spaces"] if s["card"])
        doing = ("next to an own card" if pos["phase"] == "choose"
                 else f"throwing {AIMS[pos['target']]} at square {pos['players'][me]['pawn']}")
        totals = ", ".join(f"{who[p['seat']]} {p['total']}" for p in pos["players"])
        dice = f"\n  dice    {' '.join(puzzle['shown'])} (throw {puzzle['throws']} of 3)" \
            if puzzle["shown"] else ""
        return (f"puzzle {puzzle['id']} ({puzzle['mode']}; {', '.join(puzzle['themes'])}): "
                f"your turn {pos['round']}{', Casino round' if pos['casino'] else ''}, "
                f"{doing}{dice}\n  board   {cards or 'no cards yet'}\n  totals  {totals}")


PUZZLES: PuzzleRules = KaartspelPuzzles()
