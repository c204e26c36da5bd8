"""The load clients' players: the move a simple, decent player makes from the state the
server sent, in every mode (Woord Yahtzee: the best words for the round's box, from the
client's own solver; classic and Triple: the best box, sometimes after a second throw;
Kaartspel: a throw, then the best card). Used by ``scripts.bench_moves`` and
``scripts.load_test``."""

from __future__ import annotations

import random
from typing import Any

MODES = ("woord", "classic", "kaartspel", "triple")


def best_words(faces: str, box: str) -> list[str]:
    """The client's own choice of words for ``box`` (its own solver: no server CPU)."""
    from wordyahtzee.solver import solve

    return list(solve(faces).boxes[box].words)


def next_move(mode: str, state: dict[str, Any], rng: random.Random) -> tuple[str, dict[str, Any]]:
    """The action a simple, decent player makes now."""
    if mode == "kaartspel":
        options = {o["action"]: o for o in state["options"]}
        for action in ("start", "roll"):
            if action in options and len(options) == 1:
                return action, {}
        if "take" in options and (options["take"].get("cards") or "throw" not in options
                                  or rng.random() < 0.5):
            cards = options["take"].get("cards") or {}
            best = max(cards, key=lambda c: cards[c]["score"], default=None)
            return "take", {"card": best}
        if "throw" in options:
            return "throw", {"keep": []}
        if "stop" in options:
            return "stop", {}
        return next(iter(options)), {}
    turn = state["turn"]
    if turn["throws"] == 0:
        return "throw", {}
    if mode == "woord":
        box = turn["round_box"]
        return "claim", {"box": box, "words": best_words(turn["faces"], box)}
    if turn["throws"] < 2 and rng.random() < 0.4:
        return "throw", {"keep": [0, 1]}
    if mode == "classic":
        options = state["options"]
        return "claim", {"box": max(options, key=options.get)}
    column, box = max(((c, b) for c, boxes in state["options"].items() for b in boxes),
                      key=lambda cb: state["options"][cb[0]][cb[1]])
    return "claim", {"column": int(column), "box": box}
