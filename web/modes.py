"""The game modes the web front-end can host, keyed by mode id (``"woord"``,
``"classic"``; the classic adapter lives in :mod:`web.classic`).

A :class:`ModeAdapter` turns HTTP intent into engine calls and engine state into JSON.
It computes no rule: every legal move, score and face comes from the engine
(``wordyahtzee.modes``). The table plumbing (:mod:`web.tables`) only talks to this
interface, so another mode plugs in by registering an adapter in :data:`MODES`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Protocol

from wordyahtzee.dice import DiceSet, shipped_dice_sets
from wordyahtzee.errors import RuleError, WordyahtzeeError
from wordyahtzee.letters import BLANK, fold, is_plain_word
from wordyahtzee.lexicon import load_lexicon
from wordyahtzee.lexicon.registry import find_dictionary
from wordyahtzee.modes import woord
from wordyahtzee.modes.woord import (
    BOXES,
    ROUND_BOXES,
    SPECIAL_BOXES,
    Claim,
    WoordGame,
    WoordRules,
    is_formable,
    words_score,
)

MAX_WORDS = 7
MAX_WORD_CHARS = 40


class BadRequest(WordyahtzeeError):
    """A request body the API cannot use (wrong types, missing fields)."""

    code = "bad_request"


@dataclass
class Played:
    """An engine game plus what the adapter remembers of it: the points of every turn."""

    game: Any
    turn_points: list[int] = field(default_factory=list)


class ModeAdapter(Protocol):
    """What a mode offers the web front-end."""

    name: str

    def parse_rules(self, data: Any) -> dict[str, Any]:
        """Validate rules options from a request; the canonical options as JSON."""
        ...

    def new_game(self, players: list[str], rules: Mapping[str, Any], rng: random.Random,
                 clock: Callable[[], float]) -> Played:
        """A fresh game."""
        ...

    def restore(self, data: Mapping[str, Any], rng: random.Random,
                clock: Callable[[], float]) -> Played:
        """A game rebuilt by replaying its stored setup and events."""
        ...

    def setup(self, played: Played) -> dict[str, Any]:
        """The game's setup (``to_json()`` without events), stored once."""
        ...

    def act(self, played: Played, action: str, body: Mapping[str, Any]) -> dict[str, Any]:
        """Perform ``action`` (``"throw"``, ``"claim"``) for the player to move."""
        ...

    def expire(self, played: Played) -> bool:
        """Apply a timeout if the turn's time has run out."""
        ...

    def state(self, played: Played) -> dict[str, Any]:
        """Everything a browser renders, as JSON."""
        ...

    def preview(self, played: Played, body: Mapping[str, Any]) -> dict[str, Any]:
        """What a claim with these words would score, box by box, without playing it."""
        ...

    def current_seat(self, played: Played) -> int | None:
        """The seat index whose turn it is (None once the game is over)."""
        ...

    def totals(self, played: Played) -> list[int]:
        """Each player's total."""
        ...

    def finished(self, played: Played) -> bool:
        """True when the game is over."""
        ...

    def result(self, played: Played) -> dict[str, Any]:
        """Final sheets and winners."""
        ...

    def record(self, played: Played) -> dict[str, Any]:
        """The game record (DESIGN.md format)."""
        ...

    def game_results(self, played: Played, first_seq: int) -> list[list[int]]:
        """Each seat's total in every game that ended at event ``first_seq`` or later (the
        high-score entries of a commit; a classic match ends several games)."""
        ...


def _error(exc: WordyahtzeeError) -> dict[str, str]:
    return {"code": exc.code, "message": exc.message}


def _string_list(value: Any, what: str, limit: int = MAX_WORDS) -> list[str]:
    if value is None:
        return []
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise BadRequest(f"{what} must be a list of strings")
    if len(value) > limit:
        raise BadRequest(f"{what}: at most {limit}")
    if any(len(v) > MAX_WORD_CHARS for v in value):
        raise BadRequest(f"{what}: a word has at most {MAX_WORD_CHARS} characters")
    return [v for v in value if v.strip()]


def _optional_box(value: Any, what: str) -> str | None:
    if value is None or value == "":
        return None
    if not isinstance(value, str) or len(value) > 40:
        raise BadRequest(f"{what} must be a box id")
    return value


class WoordMode:
    """Woord Yahtzee (RULES.md §1) for the web."""

    name = "woord"

    # -- set-up ---------------------------------------------------------------------------

    def parse_rules(self, data: Any) -> dict[str, Any]:
        """Validate options (``WoordRules.from_json``) and that the dictionary and dice exist."""
        rules = WoordRules.from_json(data)
        find_dictionary(rules.dictionary)
        if rules.dice_set not in shipped_dice_sets():
            raise RuleError(f"unknown dice set {rules.dice_set!r}; known: "
                            + ", ".join(shipped_dice_sets()), "bad_rules")
        return rules.to_json()

    def new_game(self, players: list[str], rules: Mapping[str, Any], rng: random.Random,
                 clock: Callable[[], float]) -> Played:
        """A fresh game with the rules' dictionary and dice set."""
        game = WoordGame(players, WoordRules.from_json(rules), rng=rng, clock=clock)
        return Played(game)

    def restore(self, data: Mapping[str, Any], rng: random.Random,
                clock: Callable[[], float]) -> Played:
        """Replay the stored events one by one, noting each finished turn's points."""
        events = list(data.get("events") or [])
        game = WoordGame.from_json({**data, "events": []}, rng=rng, clock=clock)
        played = Played(game)
        for event in events:
            self._tracked(played, partial(game.apply, event))
        return played

    def setup(self, played: Played) -> dict[str, Any]:
        """``to_json()`` without the events."""
        data = played.game.to_json()
        data.pop("events", None)
        return dict(data)

    # -- actions --------------------------------------------------------------------------

    def _tracked(self, played: Played, step: Callable[[], Any]) -> Any:
        """Run an engine step; if it ended a turn, remember that turn's points."""
        game: WoordGame = played.game
        before = [s.total for s in game.sheets]
        turns = len(game.history)
        result = step()
        if len(game.history) > turns:
            player = game.players.index(game.history[-1]["player"])
            played.turn_points.append(game.sheets[player].total - before[player])
        return result

    def act(self, played: Played, action: str, body: Mapping[str, Any]) -> dict[str, Any]:
        """``throw`` (``keep``: die indices) or ``claim`` (``box``, ``words``, ``zero_box``)."""
        game: WoordGame = played.game
        if action == "throw":
            keep = body.get("keep", [])
            if keep is None:
                keep = []
            if (not isinstance(keep, list) or len(keep) > game.dice_set.size
                    or not all(type(k) is int for k in keep)):
                raise BadRequest("keep must be a list of die numbers (0-6)")
            faces = self._tracked(played, lambda: game.throw(keep))
            return {"faces": faces}
        if action == "claim":
            box = body.get("box")
            if not isinstance(box, str) or len(box) > 40:
                raise BadRequest("claim needs a box id")
            words = _string_list(body.get("words"), "words")
            zero_box = _optional_box(body.get("zero_box"), "zero_box")
            points = self._tracked(played, lambda: game.claim(box, words, zero_box))
            return {"points": points, "box": box}
        raise BadRequest(f"unknown action {action!r}")

    def expire(self, played: Played) -> bool:
        """``WoordGame.expire`` (a timeout scores 0 in the round box)."""
        return bool(self._tracked(played, played.game.expire))

    # -- views ----------------------------------------------------------------------------

    def current_seat(self, played: Played) -> int | None:
        """The player index to move."""
        game: WoordGame = played.game
        return None if game.finished else game.turn.player

    def totals(self, played: Played) -> list[int]:
        """Grand totals."""
        return list(played.game.totals())

    def finished(self, played: Played) -> bool:
        """Eight rounds played by everyone."""
        return bool(played.game.finished)

    def result(self, played: Played) -> dict[str, Any]:
        """``WoordGame.result()``."""
        return dict(played.game.result())

    def record(self, played: Played) -> dict[str, Any]:
        """``WoordGame.to_record()``."""
        return dict(played.game.to_record())

    def game_results(self, played: Played, first_seq: int) -> list[list[int]]:
        """The totals once the game is over (a finished game takes no further events, so
        the commit that sees it finished is the one that finished it)."""
        return [self.totals(played)] if self.finished(played) else []

    def state(self, played: Played) -> dict[str, Any]:
        """The whole game for rendering: rules, sheets, the turn, what may be claimed now."""
        game: WoordGame = played.game
        dice_set = game.dice_set
        players = []
        for name, sheet in zip(game.players, game.sheets, strict=True):
            players.append({
                "name": name, "boxes": dict(sheet.boxes), "upper_total": sheet.upper_total,
                "upper_bonus": sheet.upper_bonus, "lower_total": sheet.lower_total,
                "woord_yahtzee_bonus": sheet.woord_yahtzee_bonus, "total": sheet.total})
        history = []
        for i, finished_turn in enumerate(game.history):
            entry = dict(finished_turn)
            entry["number"] = i
            entry["round"] = i // len(game.players) + 1
            entry["points"] = played.turn_points[i] if i < len(played.turn_points) else None
            history.append(entry)
        state: dict[str, Any] = {
            "mode": self.name, "rules": game.rules.to_json(), "players": players,
            "boxes": {"round": list(ROUND_BOXES), "special": list(SPECIAL_BOXES),
                      "upper": list(woord.UPPER_BOXES), "lower": list(woord.LOWER_BOXES)},
            "rounds": woord.ROUNDS, "max_throws": woord.MAX_THROWS,
            "finished": game.finished, "history": history, "turn": None, "options": {},
            "winners": game.winners() if game.finished else [],
        }
        if not game.finished:
            turn = game.turn
            faces = turn.faces
            state["turn"] = {
                "number": turn.number, "player": turn.player, "round": turn.round,
                "round_box": game.round_box(), "throws": turn.throws,
                "throws_left": woord.MAX_THROWS - turn.throws, "faces": faces,
                "dice": None if faces is None else [
                    {"letter": ch, "value": dice_set.value(ch), "blank": ch == BLANK}
                    for ch in faces],
                "kept": (game.events[-1].get("keep", []) if turn.throws > 1 else []),
                "deadline": game.deadline, "seconds_left": game.seconds_left(),
                "turn_seconds": game.rules.turn_seconds, "started_at": turn.started_at,
            }
            state["options"] = game.options()
        return state

    def preview(self, played: Played, body: Mapping[str, Any]) -> dict[str, Any]:
        """Live feedback while a player types: per word (letters a-z? in the dictionary?
        formable from the dice? its value) and per claimable box (score or the reason not).
        """
        game: WoordGame = played.game
        words = _string_list(body.get("words"), "words")
        zero_box = _optional_box(body.get("zero_box"), "zero_box")
        if game.finished:
            raise RuleError("the game is over", "game_over")
        faces = game.turn.faces
        if faces is None:
            raise RuleError("throw the dice first", "no_throw")
        word_info = []
        for raw in words:
            folded = fold(raw)
            plain = is_plain_word(folded)
            formable = plain and is_formable([folded], faces)
            word_info.append({
                "word": raw, "folded": folded, "letters": plain,
                "long_enough": len(folded) >= game.rules.min_word_length,
                "in_dictionary": plain and game.lexicon.is_valid(folded),
                "formable": formable,
                "value": words_score([folded], faces, game.dice_set) if formable else None})
        folded_all = [str(w["folded"]) for w in word_info if w["letters"]]
        together = bool(folded_all) and len(folded_all) == len(word_info) and is_formable(
            folded_all, faces)
        options = game.options()
        if zero_box is None and game.rules.free_order:
            sheet = game.sheets[game.turn.player]
            zero_box = next((b for b in ROUND_BOXES if sheet.is_open(b)), None)
        boxes: dict[str, Any] = {}
        for box, option in options.items():
            claim_words = [] if option["needs"] == "nothing" else words
            zero = zero_box if box in SPECIAL_BOXES else None
            try:
                score = game.evaluate(Claim(box, tuple(claim_words), zero))
                boxes[box] = {"score": score, "error": None, "words": claim_words}
            except WordyahtzeeError as exc:
                boxes[box] = {"score": None, "error": _error(exc), "words": claim_words}
        return {"words": word_info, "formable_together": together, "boxes": boxes,
                "zero_box": zero_box}


from .classic import ClassicMode  # noqa: E402  (it uses Played and BadRequest from here)

MODES: dict[str, ModeAdapter] = {"woord": WoordMode(), "classic": ClassicMode()}
"""The registered modes: Woord Yahtzee and classic Yahtzee."""


def get_mode(name: Any) -> ModeAdapter:
    """The adapter for a mode id, or :class:`BadRequest` naming the known ones."""
    if not isinstance(name, str) or name not in MODES:
        raise BadRequest("unknown mode; known: " + ", ".join(sorted(MODES)), "unknown_mode")
    return MODES[name]


def dice_values(name: str) -> dict[str, int]:
    """The letter values of a dice set (for the rules page)."""
    return dict(DiceSet.load(name).values)


def check_words(words: list[str], dictionary: str) -> list[dict[str, Any]]:
    """Is each word in the dictionary (folded as the engine folds)?"""
    lexicon = load_lexicon(dictionary)
    return [{"word": w, "folded": fold(w), "valid": lexicon.is_valid(w)} for w in words]


__all__ = ["BOXES", "MODES", "BadRequest", "ModeAdapter", "Played", "WoordMode", "get_mode"]
