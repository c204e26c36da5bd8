"""What the puzzles (:mod:`wordyahtzee.puzzles`) need to know of a mode, declared by the
mode itself (its ``puzzles``: a :class:`PuzzleRules`, or ``None`` for a mode without
puzzles), so that the puzzle code names no mode: the themes of a position, how a choice is
told and ordered, what a question and an answer add, where a position stands in the game
(for the proficiency test) and the position in a few lines of text (the command line).

The judge a puzzle is graded against is the advisor's (its coach's ``judge`` and
``game_points``); this is only what the rules say.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any, Protocol

JSON = dict[str, Any]


class PuzzleRules(Protocol):
    """A mode's knowledge for its puzzles."""

    themes: tuple[str, ...]
    """Every theme a position may touch (:meth:`themes_of`), in the order a page lists
    them."""
    judge: str
    """Whose play the grades measure, for a text: ``perfect play`` or ``the strong
    player``."""
    box_order: tuple[str, ...]
    """The boxes a claim may name, in sheet order (empty: the mode's choices are no
    claims)."""
    move_kinds: tuple[str, ...]
    """The kinds of choice besides keeps and claims (Kaartspel: take, throw, roll, stop)."""
    test_rules: Mapping[str, Any]
    """The rules the proficiency test's games are played by."""
    test_players: tuple[str, ...]
    """The seats of a proficiency test's games."""
    screen: Mapping[str, str]
    """How a page draws a question (its ``screen``), so the page names no mode: ``board``
    (``sheet``: dice and a score sheet; ``cards``: Kaartspel's board), and for a sheet
    ``faces`` (``pips`` or ``letters``), ``claim`` (the kind of choice a box is),
    ``filled`` (the position's field of filled boxes) and ``upper_at`` (its field of the
    upper bonus's threshold)."""

    def key_fields(self, position: Mapping[str, Any]) -> list[Any]:
        """What tells two positions of one throw apart, besides the turn and the throws
        (Kaartspel: the turn's step); part of a puzzle's id."""
        ...

    def keep_key(self, shown: Sequence[str]) -> str:
        """The identity of a keep of these faces (:func:`~wordyahtzee.advisor.coach.identity`)."""
        ...

    def themes_of(self, position: Mapping[str, Any], best: Mapping[str, Any],
                  played: Mapping[str, Any]) -> list[str]:
        """The themes a position touches, from what the player saw and the best choice and
        the one made."""
        ...

    def question(self, options: Sequence[Mapping[str, Any]]) -> JSON:
        """What a question shows besides the position, the boxes and whether a keep is
        open (Kaartspel: its ``choices``, in an order that says nothing of their worth)."""
        ...

    def answer(self, options: Sequence[Mapping[str, Any]]) -> JSON:
        """What a graded answer adds (Woord Yahtzee: the words of the best claim)."""
        ...

    def moment(self, game: Any) -> tuple[int, ...] | None:
        """The turn and throws of a decision now (None: no decision now)."""
        ...

    def moment_of(self, turn: int, throws: int, position: Mapping[str, Any]
                  ) -> tuple[int, ...]:
        """:meth:`moment` of a judged decision."""
        ...

    def stage(self, position: Mapping[str, Any]) -> int:
        """Where in the game a position stands, from 1 (the round)."""
        ...

    def stages(self, position: Mapping[str, Any]) -> int:
        """How many stages a game has (:meth:`stage`)."""
        ...

    def describe(self, puzzle: Mapping[str, Any]) -> str:
        """A puzzle's position in a few lines of text."""
        ...


NO_PUZZLES: PuzzleRules | None = None
"""The ``puzzles`` of a mode without puzzles (no judge to grade them against)."""


class DicePuzzles:
    """What the dice-and-sheet modes (classic, Woord Yahtzee) share: choices are keeps and
    claims of a box, one decision per throw, and a stage per round."""

    themes: tuple[str, ...] = ()
    judge: str = "perfect play"
    box_order: tuple[str, ...] = ()
    move_kinds: tuple[str, ...] = ()
    test_rules: Mapping[str, Any] = MappingProxyType({})
    test_players: tuple[str, ...] = ("Computer",)
    screen: Mapping[str, str] = MappingProxyType({})

    def key_fields(self, position: Mapping[str, Any]) -> list[Any]:
        """Nothing: a throw is one decision."""
        return []

    def keep_key(self, shown: Sequence[str]) -> str:
        """Pips, sorted."""
        return "".join(sorted(str(int(s)) for s in shown))

    def question(self, options: Sequence[Mapping[str, Any]]) -> JSON:
        """Nothing more."""
        return {}

    def answer(self, options: Sequence[Mapping[str, Any]]) -> JSON:
        """Nothing more."""
        return {}

    def moment_of(self, turn: int, throws: int, position: Mapping[str, Any]
                  ) -> tuple[int, ...]:
        """The turn and the throws."""
        return turn, throws

    def stage(self, position: Mapping[str, Any]) -> int:
        """The round."""
        return int(position["round"])

    def stages(self, position: Mapping[str, Any]) -> int:
        """The rounds."""
        return int(position["rounds"])

    def game_themes(self, position: Mapping[str, Any], best: Mapping[str, Any],
                    claim: str) -> list[str]:
        """The themes every dice mode's position has: the opening, the last round, and
        whether the best choice is a keep or a ``claim`` (its theme's name)."""
        found = []
        if position["round"] <= 2:
            found.append("opening")
        if position["round"] == position["rounds"]:
            found.append("last_round")
        found.append("keep" if best["kind"] == "keep" else claim)
        return found

    def head(self, puzzle: Mapping[str, Any]) -> str:
        """A puzzle's first line: its id, mode, themes, round and throw."""
        pos = puzzle["position"]
        return (f"puzzle {puzzle['id']} ({puzzle['mode']}; {', '.join(puzzle['themes'])}): "
                f"round {pos['round']} of {pos['rounds']}, after throw {puzzle['throws']} "
                "of 3")


def claimed_boxes(best: Mapping[str, Any], played: Mapping[str, Any]) -> set[Any]:
    """The boxes the best choice and the one made claim (keeps claim none)."""
    return {c.get("box") for c in (best, played) if c["kind"] != "keep"}
