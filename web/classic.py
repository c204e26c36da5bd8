"""Classic Yahtzee (RULES.md §2) for the web: the mode adapter, hints and computer moves.

Every score, legal box and joker decision comes from :mod:`wordyahtzee.modes.classic`; every
hint and computer move from :mod:`wordyahtzee.advisor`. A table plays a single game or a
match of five (the engine's :class:`ClassicMatch`; a single game is a match of one), and is
stored as one event list: the events of a match's games carry ``"game": index``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from wordyahtzee.advisor import Move, position_of
from wordyahtzee.errors import RuleError
from wordyahtzee.modes.classic import (
    BOXES,
    LOWER_BOXES,
    MATCH_GAMES,
    MAX_THROWS,
    NUM_DICE,
    UPPER_BOXES,
    ClassicGame,
    ClassicMatch,
    ClassicRules,
)

from . import strategies
from .modes import BadRequest, Played

HINT_OPTIONS = 6


class ClassicPlay:
    """A table's classic match (one game, or five) with its events as one list."""

    def __init__(self, match: ClassicMatch) -> None:
        self.match = match

    @property
    def game(self) -> ClassicGame:
        """The game being played (or the last one)."""
        return self.match.game

    @property
    def events(self) -> list[dict[str, Any]]:
        """All events in order; a match's events name their game (0-based)."""
        if self.match.length == 1:
            return self.match.game.events
        return [{**event, "game": i} for i, game in enumerate(self.match.games)
                for event in game.events]

    def advance(self) -> None:
        """Start the match's next game once the current one is over."""
        if self.match.game.is_over and not self.match.is_over:
            self.match.next_game()


def _play(played: Played) -> ClassicPlay:
    play: ClassicPlay = played.game
    return play


class ClassicMode:
    """Classic Yahtzee for the web."""

    name = "classic"

    # -- set-up ---------------------------------------------------------------------------

    def parse_rules(self, data: Any) -> dict[str, Any]:
        """``{"joker": "free"|"forced", "match": bool}``: the engine's rules (checked by
        ``ClassicRules.from_json``) plus whether the table plays a match of five games."""
        if data is None:
            data = {}
        if not isinstance(data, Mapping):
            raise RuleError("rules must be an object such as {\"joker\": \"free\"}",
                            "bad_rules")
        match = data.get("match", False)
        if not isinstance(match, bool):
            raise RuleError("rules: match is true (five games) or false", "bad_rules")
        rules = ClassicRules.from_json({k: v for k, v in data.items() if k != "match"})
        out = rules.to_json()
        if match:
            out["match"] = True
        return out

    def new_game(self, players: list[str], rules: Mapping[str, Any], rng: random.Random,
                 clock: Callable[[], float]) -> Played:
        """A fresh game, or the first game of a match."""
        engine_rules = ClassicRules.from_json({k: v for k, v in rules.items() if k != "match"})
        length = MATCH_GAMES if rules.get("match") else 1
        return Played(ClassicPlay(ClassicMatch(players, engine_rules, rng, games=length)))

    def restore(self, data: Mapping[str, Any], rng: random.Random,
                clock: Callable[[], float]) -> Played:
        """Replay the stored events game by game (``ClassicMatch.from_json``)."""
        length = data.get("match", 1)
        if type(length) is not int or not 1 <= length <= MATCH_GAMES:
            raise RuleError("a stored classic game has a bad match length", "bad_record")
        groups: list[list[dict[str, Any]]] = [[]]
        for event in data.get("events") or []:
            index = event.get("game", 0) if isinstance(event, Mapping) else 0
            if type(index) is not int or not len(groups) - 1 <= index <= len(groups):
                raise RuleError("stored events are out of game order", "bad_record")
            if index == len(groups):
                groups.append([])
            groups[index].append({k: v for k, v in event.items() if k != "game"})
        setup = {"players": data.get("players"), "rules": data.get("rules")}
        match = ClassicMatch.from_json(
            {**setup, "length": length, "games": [{**setup, "events": g} for g in groups]},
            rng)
        play = ClassicPlay(match)
        play.advance()
        return Played(play)

    def setup(self, played: Played) -> dict[str, Any]:
        """Mode, engine rules, players and (for a match) its length; no events."""
        match = _play(played).match
        data: dict[str, Any] = {"mode": self.name, "rules": match.rules.to_json(),
                                "players": list(match.players)}
        if match.length > 1:
            data["match"] = match.length
        return data

    # -- actions --------------------------------------------------------------------------

    def act(self, played: Played, action: str, body: Mapping[str, Any]) -> dict[str, Any]:
        """``throw`` (``keep``: dice positions 0-4 not thrown again) or ``claim`` (``box``)."""
        play = _play(played)
        game = play.game
        if action == "throw":
            keep = body.get("keep", [])
            if keep is None:
                keep = []
            if (not isinstance(keep, list) or len(keep) > NUM_DICE
                    or not all(type(k) is int for k in keep)):
                raise BadRequest("keep must be a list of dice positions (0-4)")
            return {"dice": list(game.throw(keep))}
        if action == "claim":
            box = body.get("box")
            if not isinstance(box, str) or len(box) > 40:
                raise BadRequest("claim needs a box id")
            points = game.score(box)
            play.advance()
            return {"points": points, "box": box}
        raise BadRequest(f"unknown action {action!r}")

    def prepare_computer(self, played: Played, level: str) -> None:
        """Make sure the computer player can move (the optimal level waits for its strategy
        table; called from the table's background worker, outside the table lock)."""
        strategies.player(level, _play(played).game.rules.joker)

    def computer_move(self, played: Played, level: str) -> Move:
        """Decide and play one move for the computer player to move (a background thread
        calls this under the table lock; the optimal level needs its table loaded)."""
        play = _play(played)
        game = play.game
        player = strategies.player(level, game.rules.joker)
        move = player.decide(game)
        if move.kind == "throw":
            game.throw(move.keep)
        else:
            game.score(move.box)
            play.advance()
        return move

    def expire(self, played: Played) -> bool:
        """Classic Yahtzee has no hourglass."""
        return False

    def preview(self, played: Played, body: Mapping[str, Any]) -> dict[str, Any]:
        """Nothing to preview: the state's ``options`` already give every box's score."""
        raise RuleError("classic Yahtzee has no words to preview; the state's options give "
                        "what each box would score", "no_preview")

    # -- views ----------------------------------------------------------------------------

    def current_seat(self, played: Played) -> int | None:
        """The seat to move (None once the game or match is over)."""
        game = _play(played).game
        player = game.current_player
        return None if player is None else game.players.index(player)

    def totals(self, played: Played) -> list[int]:
        """Each seat's total (over the games of a match)."""
        match = _play(played).match
        totals = match.totals()
        return [totals[p] for p in match.players]

    def finished(self, played: Played) -> bool:
        """The game (or the match's last game) is over."""
        return _play(played).match.is_over

    def result(self, played: Played) -> dict[str, Any]:
        """``ClassicGame.result()``; a match adds every game's result and the match totals."""
        match = _play(played).match
        if match.length == 1:
            return dict(match.game.result())
        totals = match.totals()
        return {"players": [{"name": p, "total": totals[p]} for p in match.players],
                "winners": match.winners(), "games": [g.result() for g in match.games]}

    def record(self, played: Played) -> dict[str, Any]:
        """``ClassicGame.to_record()``; a match: one record per game."""
        match = _play(played).match
        if match.length == 1:
            return dict(match.game.to_record())
        return {"mode": "classic-match", "rules": match.rules.to_json(),
                "players": list(match.players), "length": match.length,
                "games": [g.to_record() for g in match.games]}

    def game_results(self, played: Played, first_seq: int) -> list[list[int]]:
        """Seat totals of each game whose last event is ``first_seq`` or later."""
        out = []
        end = 0
        for game in _play(played).match.games:
            end += len(game.events)
            if game.is_over and end - 1 >= first_seq:
                out.append([game.sheets[p].total for p in game.players])
        return out

    def state(self, played: Played) -> dict[str, Any]:
        """Everything a browser renders: sheets (``None`` = open box), the turn, the boxes
        the dice may go in with their points, the turns so far, and the match."""
        play = _play(played)
        match, game = play.match, play.game
        engine = game.state()
        players = []
        for entry in engine["players"]:
            sheet = game.sheets[entry["name"]]
            players.append({
                "name": entry["name"],
                "boxes": {b: sheet.scores.get(b) for b in BOXES},
                "upper_total": sheet.upper_total, "upper_bonus": entry["upper_bonus"],
                "yahtzee_bonus": entry["yahtzee_bonus"], "total": entry["total"]})
        history: list[dict[str, Any]] = []
        throws: list[str] = []
        for event in game.events:
            if event["type"] == "throw":
                throws.append(event["dice"])
                continue
            number = len(history)
            name = event["player"]
            history.append({"number": number, "round": number // len(game.players) + 1,
                            "player": game.players.index(name), "throws": throws,
                            "box": event["box"],
                            "score": game.sheets[name].scores.get(event["box"])})
            throws = []
        turn = None
        if game.current_player is not None:
            last = game.events[-1] if game.events and game.throws else {}
            turn = {"number": game.turn, "player": game.players.index(game.current_player),
                    "round": game.round, "throws": game.throws,
                    "throws_left": engine["throws_left"], "dice": engine["dice"],
                    "kept": list(last.get("keep", []))}
        state: dict[str, Any] = {
            "mode": self.name, "rules": game.rules.to_json(), "players": players,
            "boxes": {"upper": list(UPPER_BOXES), "lower": list(LOWER_BOXES)},
            "rounds": len(BOXES), "max_throws": MAX_THROWS,
            "finished": match.is_over, "history": history, "turn": turn,
            "options": engine["options"],
            "winners": match.winners() if match.is_over else [],
            "match": None,
        }
        if match.length > 1:
            totals = match.totals()
            state["match"] = {
                "length": match.length, "game": len(match.games),
                "games": [{"number": i + 1, "over": g.is_over,
                           "totals": [g.sheets[p].total for p in g.players],
                           "winners": g.winners() if g.is_over else []}
                          for i, g in enumerate(match.games)],
                "totals": [totals[p] for p in match.players]}
        return state

    def hint(self, played: Played) -> dict[str, Any]:
        """The advisor's best choices for the player to move: keeps and boxes with the
        expected final score of each, best first. ``ready`` is false while the strategy
        table is still being prepared (never computed inside a request)."""
        game = _play(played).game
        if game.current_player is None:
            raise RuleError("the game is over", "game_over")
        strategy = strategies.peek(game.rules.joker)
        if strategy is None:
            failed = strategies.failure(game.rules.joker)
            return {"ready": False, "failed": failed}
        sheet = game.sheet()
        base = sheet.total
        if game.dice is None:
            value = strategy.state_value(sheet.scores, sheet.upper_total,
                                         sheet.scores.get("yahtzee"))
            first = {"kind": "keep", "keep": [], "keep_indices": [], "value": round(value, 2),
                     "expected_total": round(base + value, 2)}
            return {"ready": True, "throws": 0, "best": first, "options": [first]}
        advice = strategy.advise(position_of(game))
        options = []
        for option in advice.options[:HINT_OPTIONS]:
            item: dict[str, Any] = {"kind": option.kind, "value": round(option.value, 2),
                                    "expected_total": round(base + option.value, 2)}
            if option.kind == "keep":
                item["keep"] = list(option.keep)
                item["keep_indices"] = option.keep_indices(game.dice)
            else:
                item["box"] = option.box
                item["points"] = option.points
            options.append(item)
        return {"ready": True, "throws": game.throws, "best": options[0], "options": options}


__all__ = ["ClassicMode", "ClassicPlay"]
