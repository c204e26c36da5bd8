"""Kaartspel records: replay, golden records, illegal records refused with one line, and
properties of random games (they end, totals add up, replays reproduce the game)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordyahtzee.errors import RecordError
from wordyahtzee.modes.contract import Resources
from wordyahtzee.modes.kaartspel import (
    CARDS,
    KaartspelGame,
    game_from_record,
    replay_record,
    view,
)

from .support.kaartspel import (
    fill_board,
    new_game,
    play_random,
    r,
    record,
    red,
    safe_roll,
    t,
    take,
    throws,
    turn,
)

RECORDS = Path(__file__).parent / "records" / "kaartspel"

STEAL = [turn("Anna", r(4), t("13456", None)),
         turn("Bram", r(1), t("22456", "twos")),
         turn("Anna", r(5), t(["21345", "22135"], "twos"))]


def refused(rec: dict[str, Any]) -> str:
    with pytest.raises(RecordError) as info:
        replay_record(rec)
    message = str(info.value)
    assert "\n" not in message
    return message


# ------------------------------------------------------------------------------------------
# Legal records


def test_replay_steal():
    out = replay_record(record(2, STEAL))
    assert out == {"players": [{"name": "Anna", "cards": {"twos": 20}, "token": None,
                                "total": 20},
                               {"name": "Bram", "cards": {}, "token": None, "total": 0}],
                   "winners": ["Anna"]}


def test_first_turn_names_the_starter():
    out = game_from_record(record(3, [turn("Cees", r(2), t("22456", "twos")),
                                      turn("Anna", r(2), t("12456", None))]))
    assert out.cards["twos"].owner == 2 and out.current_seat == 1


def test_own_card_turn_may_end_move_on_or_raise():
    base = [turn("Anna", r(1), t("22456", "twos")),
            turn("Bram", r(1), t("12456", None)),
            turn("Anna", r(6), t("12456", None)),
            turn("Bram", r(1), t("12456", None)),
            turn("Anna", r(6), t("12456", None)),
            turn("Bram", r(1), t("12456", None))]
    stop = game_from_record(record(2, [*base, turn("Anna", r(4)), turn("Bram", r(1))]))
    assert stop.current_seat == 1 and stop.pawns == [1, 12] and stop.phase == "throw"
    on = game_from_record(record(2, [*base, turn("Anna", r(4), r(2), t("33345", "threes"))]))
    assert on.cards["threes"].space == 3
    up = game_from_record(record(2, [*base, turn("Anna", r(4), t(["22456", "22226"], "twos"))]))
    assert up.cards["twos"].score == 40
    fail = game_from_record(record(2, [*base, turn("Anna", r(4), t("22456", None))]))
    assert fail.cards["twos"].score == 20 and fail.current_seat == 1


def test_unfinished_last_turn_is_accepted():
    out = replay_record(record(2, [turn("Anna", r(2))]))
    assert [p["total"] for p in out["players"]] == [0, 0]
    assert out["winners"] == ["Anna", "Bram"]
    assert replay_record(record(2, [])) == out


def test_yahtzee_challenge_record():
    out = replay_record(record(2, [
        turn("Anna", r(2), t("55555", "large_straight")),
        turn("Bram", r(1), t(["12345", "22222"], "large_straight")),
        turn("Anna", r(1), t("66666", "chance")),
    ]))
    anna, bram = out["players"]
    assert anna == {"name": "Anna", "cards": {"chance": 60}, "token": "chance", "total": 60}
    assert bram == {"name": "Bram", "cards": {"large_straight": 70},
                    "token": "large_straight", "total": 70}


# ------------------------------------------------------------------------------------------
# Illegal records


@pytest.mark.parametrize(("turns", "message"), [
    ([turn("Anna", t("22456", "twos"))],
     "turn 1 (Anna): step 1: a turn starts with a red-die move"),
    ([turn("Anna", r(2), t("12456", None)), turn("Anna", r(1))],
     "turn 2 (Anna): it is Bram's turn"),
    ([turn("Anna", r(2)), turn("Bram", r(1), t("12456", None))],
     "turn 1 (Anna): the turn is not over: the black dice must be thrown next to an empty "
     "card space (square 2)"),
    ([turn("Anna", r(4)), turn("Bram", r(1))],
     "turn 1 (Anna): the turn is not over: the black dice must be thrown next to a JOKER "
     "corner (square 4)"),
    ([turn("Anna", r(2), {"throws": ["12345"] * 4, "take": None})],
     "turn 1 (Anna): step 2: 'throws' must be a list of 1 to 3 throws"),
    ([turn("Anna", r(2), {"throws": [], "take": None})],
     "turn 1 (Anna): step 2: 'throws' must be a list of 1 to 3 throws"),
    ([turn("Anna", r(2), t("22457", None))],
     "turn 1 (Anna): step 2: throw 1: a throw is 5 digits 1..6, not '22457'"),
    ([turn("Anna", r(7))], "turn 1 (Anna): step 1: 'red' is the red die, 1..6, not 7"),
    ([turn("Anna", r(2), {"throws": ["12345"]})],
     "turn 1 (Anna): step 2: a black-dice step needs 'take' (a card id or null)"),
    ([turn("Anna", {"red": 2, "throws": ["12345"], "take": None})],
     "turn 1 (Anna): step 1: a step has either 'red' or 'throws' (with 'take')"),
    ([turn("Anna", r(2), t("12345", "yahtzee"))],
     "turn 1 (Anna): step 2: unknown card 'yahtzee'; cards: " + ", ".join(CARDS)),
    ([turn("Anna", r(2), t("22456", "chance"))],
     "turn 1 (Anna): step 2: the throw 22456 does not show chance"),
    ([turn("Anna", r(2), t("22456", "twos"), r(3))],
     "turn 1 (Anna): step 3: the turn is already over"),
    ([turn("Anna")], "turn 1 (Anna): 'steps' must be a non-empty list"),
    ([turn("Erik", r(1))], "turn 1 (Erik): 'player' must be one of the players, not 'Erik'"),
    ([{"steps": []}], "turn 1: 'player' must be one of the players, not None"),
    (["x"], "turn 1: a turn is an object with 'player' and 'steps'"),
    ([*STEAL[:2], turn("Anna", r(5), t("21345", "twos"))],
     "turn 3 (Anna): step 2: stealing twos needs at least 20, the throw 21345 gives 10"),
    ([*STEAL[:2], turn("Anna", r(5), t("33345", "threes"))],
     "turn 3 (Anna): step 2: only the card next to the pawn (twos) can be taken here, not "
     "threes"),
    ([*STEAL[:2], turn("Anna", r(3), t("22456", "twos"))],
     "turn 3 (Anna): step 2: twos is already on the board (space 9); only an unplaced card "
     "can be placed here"),
    ([turn("Anna", r(2), t("55555", "large_straight")),
      turn("Bram", r(4), t("12345", "large_straight"))],
     "turn 2 (Bram): step 2: large_straight carries a Yahtzee token: only a Yahtzee takes it"),
    ([turn("Anna", r(1), t("22456", "twos")), turn("Bram", r(1), t("12456", None)),
      turn("Anna", r(3), t("22456", "twos"))],
     "turn 3 (Anna): step 2: raising twos must beat 20, the throw 22456 gives 20"),
    ([turn("Anna", r(1), t("22555", "full_house")), turn("Bram", r(1), t("12456", None)),
      turn("Anna", r(3), t("22555", "full_house"))],
     "turn 3 (Anna): step 2: full_house cannot be raised: only number cards below 40"),
    ([turn("Anna", r(1), t("22456", "twos")), turn("Bram", r(1), t("12456", None)),
      turn("Anna", r(3), t("33333", "twos"))],
     "turn 3 (Anna): step 2: a Yahtzee never names the player's own card (twos)"),
])
def test_illegal_records(turns, message):
    assert refused(record(2, turns)) == message


def test_raise_at_own_full_house_is_refused():
    base = [turn("Anna", r(1), t("22555", "full_house")),
            turn("Bram", r(1), t("12456", None)),
            turn("Anna", r(6), t("12456", None)),
            turn("Bram", r(1), t("12456", None)),
            turn("Anna", r(6), t("12456", None)),
            turn("Bram", r(1), t("12456", None))]
    assert refused(record(2, [*base, turn("Anna", r(4), t("22555", None))])) == (
        "turn 7 (Anna): step 2: full_house cannot be raised (only a number card below 40): "
        "next to an own card move on or end the turn")


@pytest.mark.parametrize(("data", "message"), [
    ({"mode": "kaartspel", "players": ["A"], "turns": []},
     "record: 'players' must be a list of 2 to 4 names"),
    ({"mode": "kaartspel", "players": ["A", "B", "C", "D", "E"], "turns": []},
     "record: 'players' must be a list of 2 to 4 names"),
    ({"mode": "kaartspel", "players": ["A", "A"], "turns": []},
     "record: player names must differ"),
    ({"mode": "classic", "players": ["A", "B"], "turns": []},
     "record: mode 'classic' is not 'kaartspel'"),
    ({"mode": "kaartspel", "players": ["A", "B"]}, "record: 'turns' must be a list"),
    ({"mode": "kaartspel", "players": ["A", "B"], "rules": {"x": 1}, "turns": []},
     "record: rules: unknown option 'x'; options: none"),
    ([], "record: must be an object"),
])
def test_malformed_records(data, message):
    assert refused(data) == message


def played_game(seed: int, players: int = 2) -> KaartspelGame:
    game = KaartspelGame(["Anna", "Bram", "Cees", "Dirk"][:players],
                         resources=Resources(random.Random(seed), lambda: 0.0))
    return play_random(game, random.Random(seed))


def test_no_turn_after_the_casino_round():
    game = played_game(1)
    rec = game.to_record()
    n = len(rec["turns"]) + 1
    nxt = game.players[(game.players.index(rec["turns"][-1]["player"]) + 1) % 2]
    rec["turns"].append(turn(nxt, r(1)))
    assert refused(rec) == (f"turn {n} ({nxt}): the game is over: the Casino round has "
                            "been played")


def test_casino_steal_needs_the_compulsory_red_move():
    game = new_game(2)
    fill_board(game)
    seat = game.current_seat
    assert seat is not None and game.casino
    roll = next(x for x in range(1, 7)
                if (c := game.board[(game.pawns[seat] + x) % 16]) is not None
                and game.cards[c].owner != seat)
    red(game, roll)
    throws(game, "11111")
    take(game, game.board[game.pawns[seat]])
    rec = game.to_record()
    assert replay_record(rec) == game.result()          # an unfinished last turn
    n = len(rec["turns"])
    other = game.players[1 - seat]
    rec["turns"].append(turn(other, r(1)))
    assert refused(rec) == (f"turn {n} ({game.players[seat]}): the turn is not over: after a "
                            "successful steal in the Casino round the red die must be "
                            "thrown again")
    rec["turns"].pop()
    rec["turns"][-1]["steps"].append(t("12345", None))
    assert refused(rec) == (f"turn {n} ({game.players[seat]}): step 3: after a successful "
                            "steal in the Casino round the red die must be thrown again")
    rec["turns"][-1]["steps"][-1] = r(safe_roll(game))
    game_from_record(rec)


# ------------------------------------------------------------------------------------------
# Golden records: tests/records/kaartspel/NAME.json = {"record": …, "result": …} for a legal
# record, {"record": …, "error": "…"} for an illegal one.


def golden_files() -> list[Path]:
    return sorted(RECORDS.glob("*.json"))


def test_golden_records_exist():
    names = [p.stem for p in golden_files()]
    assert len(names) >= 6


@pytest.mark.parametrize("path", golden_files(), ids=lambda p: p.stem)
def test_golden_record(path: Path):
    data = json.loads(path.read_text(encoding="utf-8"))
    if "error" in data:
        assert refused(data["record"]) == data["error"]
    else:
        assert replay_record(data["record"]) == data["result"]


# ------------------------------------------------------------------------------------------
# Properties of random games


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([2, 3, 4]))
def test_random_games_end_and_replay(seed: int, players: int):
    game = played_game(seed, players)
    assert game.finished and game.current_seat is None
    result = game.result()
    for p in result["players"]:
        assert p["total"] == sum(p["cards"].values())
        if p["token"] is not None:
            assert p["token"] in p["cards"]
    assert sorted(c for p in result["players"] for c in p["cards"]) == sorted(CARDS)
    again = KaartspelGame.from_json(json.loads(json.dumps(game.to_json())))
    assert again.result() == result and view(again) == view(game)
    rec = json.loads(json.dumps(game.to_record()))
    assert replay_record(rec) == result
    assert game_from_record(rec).to_record() == rec
    # the Casino round: one turn each, from the placer's left, ending with the placer
    casino = game.turns[-players:]
    assert game.placer is not None
    assert [x["seat"] for x in casino] == [(game.placer + 1 + i) % players
                                           for i in range(players)]


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 10**6), st.integers(1, 400))
def test_any_prefix_replays(seed: int, cut: int):
    game = played_game(seed, 2)
    data = game.to_json()
    data["events"] = data["events"][:cut]
    partial = KaartspelGame.from_json(data)
    assert replay_record(partial.to_record()) == partial.result()


# ------------------------------------------------------------------------------------------
# A second, independent reading of what a final throw may take, checked against the engine
# at every black-dice step of random games for every possible throw


def oracle_takes(game: KaartspelGame, dice: tuple[int, ...]) -> dict[str, tuple[str, int, int]]:
    from wordyahtzee.modes.kaartspel import MAX_SCORE, card_value

    seat = game.current_seat
    assert seat is not None
    pawn = game.pawns[seat]
    here = game.board[pawn]

    def next_empty(square: int) -> int:
        return next((square + k) % 16 for k in range(16)
                    if (square + k) % 4 and game.board[(square + k) % 16] is None)

    unplaced = [c for c in CARDS if c not in game.cards]
    out: dict[str, tuple[str, int, int]] = {}
    if len(set(dice)) == 1:
        for c in unplaced:
            out[c] = ("place", MAX_SCORE[c], next_empty(pawn))
        for c, s in game.cards.items():
            if s.owner != seat:
                out[c] = ("steal", MAX_SCORE[c], s.space)
        return out

    def can_raise(c: str, value: int) -> bool:
        s = game.cards[c]
        return c in CARDS[:6] and s.score < 40 and value > s.score

    def can_steal(c: str, value: int) -> bool:
        s = game.cards[c]
        return not s.token and value >= s.score

    for c in CARDS:
        value = card_value(c, dice)
        if value == 0:
            continue
        s = game.cards.get(c)
        if pawn % 4 == 0:                                   # a JOKER corner
            if s is None:
                out[c] = ("place", value, next_empty(pawn))
            elif s.owner != seat and can_steal(c, value):
                out[c] = ("steal", value, s.space)
            elif s.owner == seat and can_raise(c, value):
                out[c] = ("raise", value, s.space)
        elif here is None:                                  # an empty card space
            if s is None:
                out[c] = ("place", value, pawn)
        elif c == here and s is not None:
            if s.owner != seat and can_steal(c, value):
                out[c] = ("steal", value, s.space)
            elif s.owner == seat and can_raise(c, value):
                out[c] = ("raise", value, s.space)
    return out


@settings(max_examples=6, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([2, 3, 4]))
def test_take_options_match_an_independent_reading(seed: int, players: int):
    import itertools

    from .support.kaartspel import random_action

    everything = list(itertools.combinations_with_replacement(range(1, 7), 5))
    game = KaartspelGame(["Anna", "Bram", "Cees", "Dirk"][:players],
                         resources=Resources(random.Random(seed), lambda: 0.0))
    rng = random.Random(seed)
    checked = 0
    while not game.finished:
        if game.phase == "throw" and game.throws == 0:
            for dice in everything[checked % 7::7]:
                engine = {c: (o.kind, o.score, o.space)
                          for c, o in game.take_options(dice).items()}
                assert engine == oracle_takes(game, dice), (dice, game.to_record())
            checked += 1
        game.act(random_action(game, rng))
    assert checked > 10
