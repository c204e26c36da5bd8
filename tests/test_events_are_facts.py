"""A move is judged once, when it is made; a stored game replays as its events record it.

Later decisions of the moderators, a dictionary release without a word a game used, or a
scoring rule computed otherwise never change a game already played: its replay has the
same sheets, totals, record and view. (The tables' and the stores' side: test_damaged_games.py
and test_stored_games_facts.py.)"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wordyahtzee import games
from wordyahtzee.dice import DiceSet
from wordyahtzee.lexicon import Lexicon, load_lexicon
from wordyahtzee.lexicon.overlay import Overlay
from wordyahtzee.modes import get_mode
from wordyahtzee.modes.woord import WoordGame, WoordRules
from wordyahtzee.solver.claims import legal_claims

from .support.clock import Clock


class Decisions:
    """The moderators' decisions as a store holds them (what :class:`Overlay` reads)."""

    def __init__(self, verdicts: dict[str, str]) -> None:
        self.verdicts = verdicts

    def word_decisions_mark(self) -> tuple[int, int, float]:
        return (len(self.verdicts), len(self.verdicts), 1.0)

    def word_decisions(self) -> list[dict[str, Any]]:
        return [{"dictionary": "nl", "word": w, "verdict": v, "reason": "a test"}
                for w, v in sorted(self.verdicts.items())]


def overlay_of(verdicts: dict[str, str]) -> Overlay:
    overlay = Overlay()
    overlay.refresh(Decisions(verdicts))
    return overlay


def played_game(seed: int, turns: int, overlay: Overlay | None = None) -> WoordGame:
    """A Woord Yahtzee game on ``nl`` played ``turns`` turns by a player who throws one to
    three times and makes a random legal claim (words in most turns)."""
    rng = random.Random(seed)
    clock = Clock(1_000_000.0)
    game = WoordGame(["Anna", "Bram"], WoordRules(turn_seconds=None),
                     lexicon=load_lexicon("nl"), dice_set=DiceSet.load("nl"),
                     rng=random.Random(seed), clock=clock, overlay=overlay)
    for _ in range(turns):
        if game.finished:
            break
        for _ in range(rng.randint(1, 3)):
            game.throw(sorted(rng.sample(range(7), rng.randint(0, 3))) if game.turn.throws
                       else ())
            clock.advance(3)
        claims = legal_claims(game)
        worded = [c for c in claims if c.claim.words]
        choice = rng.choice(worded if worded and rng.random() < 0.9 else claims)
        game.claim(choice.claim.box, choice.claim.words, choice.claim.zero_box)
        clock.advance(5)
    return game


def played_words(game: WoordGame) -> set[str]:
    return {w for e in game.events if e["type"] == "claim" for w in e["words"]}


def snapshot(game: Any) -> dict[str, Any]:
    """Everything a stored game shows: sheets and winners, the record, the screen."""
    view = get_mode(game.mode).view(game)
    return {"result": game.result(), "record": game.to_record(), "totals": game.totals(),
            "view": view, "events": game.events}


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), turns=st.integers(1, 16), data=st.data())
def test_later_decisions_on_the_words_leave_the_replay_as_it_was(
        seed: int, turns: int, data: st.DataObject) -> None:
    game = played_game(seed, turns)
    before = snapshot(game)
    words = sorted(played_words(game))
    refused = data.draw(st.lists(st.sampled_from(words), unique=True) if words
                        else st.just([]))
    accepted = data.draw(st.lists(st.text("bcdfgxz", min_size=2, max_size=6), max_size=4))
    overlay = overlay_of({**dict.fromkeys(accepted, "accept"),
                          **dict.fromkeys(refused, "refuse")})
    stored = game.to_json()
    again = games.restore(stored, rng=random.Random(0), clock=lambda: 0.0, overlay=overlay)
    assert snapshot(again) == before
    assert again.disputes == []
    # a release of the dictionary without any word the game used: the same again
    release = Lexicon.from_words(["zzz"], name="nl", language="nl")
    replayed = WoordGame.from_json(stored, lexicon=release, dice_set=game.dice_set,
                                   rng=random.Random(0), clock=lambda: 0.0)
    assert snapshot(replayed) == before


def test_a_claim_records_what_it_was_judged() -> None:
    game = played_game(5, 1)
    claim = next(e for e in game.events if e["type"] == "claim")
    assert claim["points"] == game.turn_points[0]["points"]
    assert claim["dictionary"] == load_lexicon("nl").digest[:16]
    assert all(w == w.lower() and w.isascii() for w in claim["words"])
    setup = game.to_json()  # the game names its dictionary, and the exact word list
    assert setup["rules"]["dictionary"] == "nl"
    assert setup["dictionary_digest"] == load_lexicon("nl").digest


def test_a_refusal_judges_the_moves_after_it_not_those_before() -> None:
    game = played_game(11, 3)
    turn = next(t for t in game.history if t["claim"]["words"])
    word = turn["claim"]["words"][0]
    refused = overlay_of({word: "refuse"})
    later = games.restore(game.to_json(), rng=random.Random(0), clock=lambda: 0.0,
                          overlay=refused)
    assert later.totals() == game.totals()  # the move made before the refusal stands
    for judged, valid in ((later, False), (game, True)):  # a move made now
        assert isinstance(judged, WoordGame)
        judged.apply({"type": "throw", "faces": turn["throws"][-1], "at": 1.0})
        shown = get_mode("woord").preview(judged, {"words": [word]})
        assert shown["words"][0]["in_dictionary"] is valid


def test_the_record_wins_over_a_scoring_rule_computed_otherwise() -> None:
    """A stored claim whose recorded points a replay computes otherwise (as after a fix to
    a scoring rule) keeps the recorded points; the difference is a dispute, not an error."""
    game = played_game(3, 4)
    stored = game.to_json()
    claim = next(e for e in stored["events"] if e["type"] == "claim")
    claim["points"] += 7  # what the rules of the move's day made of it
    again = games.restore(stored, rng=random.Random(0), clock=lambda: 0.0)
    assert again.totals()[0] == game.totals()[0] + 7
    assert [(d.recorded, d.computed) for d in again.disputes] == [
        (claim["points"], claim["points"] - 7)]


def test_old_claims_without_recorded_points_replay_without_the_dictionary() -> None:
    """Events from before claims recorded their judgment: their words are taken as the
    words they were judged to be, and score as the rules say."""
    game = played_game(8, 6)
    stored = game.to_json()
    for event in stored["events"]:
        for key in ("points", "dictionary", "moderated"):
            event.pop(key, None)
    nothing = Lexicon.from_words(["zzz"], name="nl", language="nl")
    again = WoordGame.from_json(stored, lexicon=nothing, dice_set=game.dice_set,
                                rng=random.Random(0), clock=lambda: 0.0)
    assert again.result() == game.result() and again.disputes == []


def test_a_replay_never_reads_the_clock() -> None:
    game = played_game(2, 5)
    stored = game.to_json()

    def no_clock() -> float:
        raise AssertionError("a replay read the clock")

    again = WoordGame.from_json(stored, lexicon=game.lexicon, dice_set=game.dice_set,
                                rng=random.Random(0), clock=no_clock)
    assert again.result() == game.result()


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10_000), bump=st.integers(1, 30))
def test_pip_claims_keep_their_recorded_points(seed: int, bump: int) -> None:
    """Classic and Triple Yahtzee: a claim's event records its box points and Yahtzee
    bonus; a replay applies them, and counts a recomputation that differs as a dispute."""
    for mode, rules in (("classic", {}), ("triple", {})):
        rng = random.Random(seed)
        game: Any = games.new_game(mode, ["Anna"], games.parse_rules(mode, rules),
                                   rng=random.Random(seed), clock=lambda: 0.0)
        for _ in range(rng.randint(1, 12)):
            game.act(game.parse_action("throw", {}))
            body = _any_claim(mode, game, rng)
            game.act(game.parse_action("claim", body))
        stored = game.to_json()
        assert games.restore(stored, rng=random.Random(0)).result() == game.result()
        claims = [e for e in stored["events"] if e["type"] == "claim"]
        assert claims and all("points" in e and "bonus" in e for e in claims)
        claims[-1]["points"] += bump
        again = games.restore(stored, rng=random.Random(0))
        assert again.totals()[0] > game.totals()[0]
        assert len(again.disputes) == 1


def _any_claim(mode: str, game: Any, rng: random.Random) -> dict[str, Any]:
    if mode == "classic":
        return {"box": rng.choice(sorted(game.game.options()))}
    options = game.options()
    column = rng.choice([c for c, boxes in options.items() if boxes])
    return {"column": column, "box": rng.choice(sorted(options[column]))}
