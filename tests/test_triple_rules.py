"""Triple Yahtzee's rules (docs/triple.md): three classic columns weighted ×1, ×2, ×3, each
with its own upper bonus, Yahtzee bonus and free joker; skipped turns; illegal actions and
their codes; records; and properties of random legal games."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordyahtzee.errors import RecordError, RuleError
from wordyahtzee.games import new_game, replay, restore
from wordyahtzee.modes import get_mode
from wordyahtzee.modes.classic import BOXES, UPPER_BOXES, ScoreSheet, legal_scores
from wordyahtzee.modes.contract import Skip, Throw
from wordyahtzee.modes.seating import Leave
from wordyahtzee.modes.triple import (
    Claim,
    ScoreCard,
    TripleGame,
    describe,
    parse_rules,
    preview,
    replay_record,
    view,
)


def code_of(call: Any) -> str:
    with pytest.raises(RuleError) as caught:
        call()
    return caught.value.code


def fill_all(card: ScoreCard, column: int, dice: tuple[int, ...] = (1, 2, 3, 4, 6)) -> None:
    for box in card.sheet(column).open_boxes:
        card.fill(column, box, dice)


# -- the card: columns, factors, bonuses, joker ---------------------------------------------

def test_each_column_scores_as_a_classic_sheet() -> None:
    card, sheet = ScoreCard(), ScoreSheet()
    throws = [(3, 3, 3, 5, 5), (1, 2, 3, 4, 5), (6, 6, 6, 6, 2), (2, 2, 4, 4, 4)]
    boxes = ["full_house", "large_straight", "four_of_a_kind", "fours"]
    for dice, box in zip(throws, boxes, strict=True):
        expected = legal_scores(dice, sheet.scores)[box]
        assert sheet.fill(box, dice, card_rules()) == expected
        for column in (1, 2, 3):
            assert card.options(dice)[column][box] == expected
            assert card.fill(column, box, dice) == expected
    assert card.column_totals == [sheet.total] * 3


def card_rules() -> Any:
    from wordyahtzee.modes.triple.rules import JOKER

    return JOKER


def test_the_grand_total_weighs_the_columns_one_two_three() -> None:
    card = ScoreCard()
    card.fill(1, "chance", (6, 6, 6, 6, 5))   # 29
    card.fill(2, "chance", (1, 1, 1, 1, 2))   # 6
    card.fill(3, "twos", (2, 2, 2, 3, 4))     # 6
    assert card.column_totals == [29, 6, 6]
    assert card.total == 29 + 2 * 6 + 3 * 6
    assert [c["weighted"] for c in card.to_json()["columns"]] == [29, 12, 18]


def test_the_upper_bonus_is_per_column() -> None:
    card = ScoreCard()
    for face, box in enumerate(UPPER_BOXES, 1):
        card.fill(2, box, (face, face, face, 1 if face != 1 else 2, 2 if face != 2 else 3))
    sheet = card.sheet(2)
    assert sheet.upper_total == 63 and sheet.upper_bonus == 35
    assert [s.upper_bonus for s in card.columns] == [0, 35, 0]
    assert card.total == 2 * (63 + 35)


def test_the_yahtzee_bonus_is_for_the_column_whose_yahtzee_box_holds_50() -> None:
    card = ScoreCard()
    five = (4, 4, 4, 4, 4)
    assert card.fill(1, "yahtzee", five) == 50
    assert card.options(five)[1]["fours"] == 120         # armed column: +100
    assert card.options(five)[2]["fours"] == 20          # column 2's Yahtzee box is open
    assert card.fill(2, "fours", five) == 20
    assert card.fill(1, "chance", five) == 120
    assert [s.yahtzee_bonus for s in card.columns] == [100, 0, 0]
    card.fill(3, "yahtzee", (2, 2, 3, 4, 5))             # a 0: never armed
    assert card.options(five)[3]["fours"] == 20
    assert card.total == (50 + 120) + 2 * 20


def test_the_free_joker_is_read_per_column() -> None:
    card = ScoreCard()
    card.fill(1, "yahtzee", (1, 2, 3, 4, 6))             # column 1: Yahtzee box 0
    card.fill(1, "sixes", (6, 6, 1, 2, 3))               # and its sixes filled
    card.fill(2, "yahtzee", (1, 2, 3, 4, 6))             # column 2: sixes still open
    sixes = (6, 6, 6, 6, 6)
    options = card.options(sixes)
    assert options[1]["full_house"] == 25 and options[1]["large_straight"] == 40  # joker
    assert options[1]["ones"] == 0
    assert options[2]["full_house"] == 0 and options[2]["sixes"] == 30  # ordinary throw
    assert options[3]["full_house"] == 0 and options[3]["yahtzee"] == 50  # box open
    assert options[1] == legal_scores(sixes, card.sheet(1).scores, "free")


def test_a_skip_writes_0_in_the_first_open_box_of_the_lowest_open_column() -> None:
    card = ScoreCard()
    card.fill(1, "ones", (1, 1, 2, 3, 4))
    assert card.skip() == (1, "twos") and card.sheet(1).scores["twos"] == 0
    fill_all(card, 1)
    card.fill(2, "ones", (1, 1, 2, 3, 4))
    assert card.skip() == (2, "twos")
    fill_all(card, 2)
    fill_all(card, 3)
    assert card.is_complete
    assert code_of(card.skip) == "game_over"


def test_fill_errors() -> None:
    card = ScoreCard()
    card.fill(3, "chance", (1, 2, 3, 4, 5))
    with pytest.raises(RuleError, match="box 'chance' in column 3 is already filled"):
        card.fill(3, "chance", (1, 2, 3, 4, 5))
    assert code_of(lambda: card.fill(4, "chance", (1, 2, 3, 4, 5))) == "bad_request"
    assert code_of(lambda: card.fill(True, "chance", (1, 2, 3, 4, 5))) == "bad_request"
    assert code_of(lambda: card.fill(1, "sevens", (1, 2, 3, 4, 5))) == "unknown_box"


# -- the game: turns, actions, events ------------------------------------------------------

def test_a_turn_throws_then_writes_and_passes_on() -> None:
    game = TripleGame(["Anna", "Bram"], random.Random(3))
    outcome = game.act(game.parse_action("throw", {}))
    assert outcome.events[0]["type"] == "throw" and game.throws == 1
    dice = game.dice
    assert dice is not None
    second = game.act(game.parse_action("throw", {"keep": [0, 1]}))
    assert second.summary["dice"][:2] == list(dice[:2]) and second.events[0]["keep"] == [0, 1]
    options = game.options()
    points = options[3]["chance"]
    outcome = game.act(Claim("chance", 3))
    assert outcome.summary == {"points": points, "box": "chance", "column": 3,
                               "weighted": 3 * points}
    # the claim's event records what it was judged to score: a replay applies that
    assert outcome.events == [{"type": "claim", "player": "Anna", "column": 3,
                               "box": "chance", "points": points, "bonus": 0}]
    assert game.current_player == "Bram" and game.dice is None and game.totals()[0] == 3 * points


@pytest.mark.parametrize(("setup", "action", "code"), [
    ([], Claim("chance", 1), "no_throw"),
    ([Throw()], Throw((0, 1, 2, 3, 4)), "bad_keep"),
    ([], Throw((0,)), "keep_before_throw"),
    ([Throw(), Throw(), Throw()], Throw(()), "no_throws_left"),
    ([Throw()], Claim("sevens", 1), "unknown_box"),
    ([Throw(), Claim("ones", 2), Throw()], Claim("ones", 2), "box_filled"),
])
def test_illegal_actions_have_their_codes_and_change_nothing(
        setup: list[Any], action: Any, code: str) -> None:
    game = TripleGame(["Anna"], random.Random(1))
    for step in setup:
        game.act(step)
    before = json.dumps(game.to_json())
    assert code_of(lambda: game.act(action)) == code
    assert json.dumps(game.to_json()) == before


@pytest.mark.parametrize(("body", "code"), [
    ({"box": "chance"}, "bad_request"), ({"box": "chance", "column": 0}, "bad_request"),
    ({"box": "chance", "column": 2.0}, "bad_request"), ({"column": 1}, "bad_request"),
    ({"box": "x" * 41, "column": 1}, "bad_request"),
])
def test_malformed_claims(body: dict[str, Any], code: str) -> None:
    game = TripleGame(["Anna"])
    assert code_of(lambda: game.parse_action("claim", body)) == code
    assert code_of(lambda: game.parse_action("take", {})) == "bad_request"
    assert code_of(lambda: preview(game, {})) == "no_preview"


@pytest.mark.parametrize(("event", "code"), [
    ({"type": "throw", "player": "Bram", "dice": "11111"}, "wrong_player"),
    ({"type": "throw", "player": "Anna", "dice": "1111"}, "impossible_throw"),
    ({"type": "throw", "player": "Anna", "dice": 11111}, "bad_event"),
    ({"type": "roll", "player": "Anna"}, "bad_event"),
    ({"type": "skip", "player": "Anna", "reason": "bored"}, "bad_event"),
    ({"type": "leave", "seat": 2}, "bad_event"),
    ({"type": "claim", "player": "Anna", "column": 1, "box": "ones"}, "no_throw"),
    (["throw"], "bad_event"),
])
def test_bad_events_are_refused(event: Any, code: str) -> None:
    game = TripleGame(["Anna", "Bram"])
    assert code_of(lambda: game.apply(event)) == code
    assert game.events == []


def test_a_kept_die_may_not_change() -> None:
    game = TripleGame(["Anna"])
    game.record_throw("12345")
    assert code_of(lambda: game.apply({"type": "throw", "player": "Anna", "dice": "22345",
                                       "keep": [0]})) == "impossible_throw"


def test_skips_leave_and_seat_status() -> None:
    game = TripleGame(["Anna", "Bram"], random.Random(2))
    game.act(Throw())
    game.act(Skip("host"))                              # after a throw: still 0, box 1
    assert game.cards[0].sheet(1).scores == {"ones": 0} and game.current_player == "Bram"
    assert game.turns[-1]["throws"] and game.turns[-1]["skipped"] == "host"
    game.act(Throw())
    game.act(Claim("chance", 1))
    game.act(Leave(0))
    game.act(Skip("left"))
    assert game.seat_status(0) == (2, True) and game.seat_status(1) == (0, False)
    assert game.cards[0].sheet(1).scores == {"ones": 0, "twos": 0}
    record = game.to_record()
    assert [t.get("skipped") for t in record["turns"]] == ["host", None, "left"]
    assert record["turns"][2] == {"player": "Anna", "throws": [], "column": 1, "box": "twos",
                                  "skipped": "left"}
    assert code_of(lambda: game.act(Skip("nap"))) == "bad_event"


def test_39_turns_a_player_then_the_game_is_over_and_ties_share() -> None:
    game = TripleGame(["Anna", "Bram"], random.Random(7))
    for _ in range(39 * 2 - 1):
        game.act(Skip("absent"))
    assert not game.finished and game.current_player == "Bram"
    assert game.finished_games(0) == []
    game.act(Skip("absent"))
    assert game.finished and game.current_seat is None and game.round == 39
    assert game.winners() == ["Anna", "Bram"] and game.totals() == [0, 0]
    assert game.finished_games(len(game.events) - 1) == [[0, 0]]
    assert game.finished_games(len(game.events)) == []
    assert all(card.is_complete for card in game.cards)
    for action in (Throw(), Skip("host")):
        assert code_of(lambda a=action: game.act(a)) == "game_over"
    assert view(game)["winners"] == ["Anna", "Bram"] and view(game)["turn"] is None


def test_players_and_rules() -> None:
    assert parse_rules({}) == {} and parse_rules(None) == {}
    wrong: list[Any] = [{"joker": "free"}, {"match": True}, [], "x"]
    for rules in wrong:
        assert code_of(lambda r=rules: parse_rules(r)) == "bad_rules"
    assert code_of(lambda: TripleGame([])) == "bad_players"
    assert code_of(lambda: TripleGame([f"P{i}" for i in range(9)])) == "bad_players"
    assert len(TripleGame([f"P{i}" for i in range(8)]).players) == 8
    assert code_of(lambda: TripleGame(["Anna", "anna"])) == "same_names"
    info = describe()
    assert info["rules_defaults"] == {} and info["players"] == [1, 8]
    assert get_mode("triple").describe() == info


def test_the_view() -> None:
    game = TripleGame(["Anna"], random.Random(9))
    game.record_throw("66666")
    shown = view(game)
    assert set(shown["options"]) == {"1", "2", "3"}
    assert shown["options"]["3"]["yahtzee"] == 50 and shown["turn"]["dice"] == [6] * 5
    game.claim(3, "yahtzee")
    shown = view(game)
    anna = shown["players"][0]
    assert anna["columns"][2]["boxes"]["yahtzee"] == 50 and anna["total"] == 150
    assert anna["columns"][0]["boxes"]["yahtzee"] is None
    assert shown["history"] == [{"player": 0, "column": 3, "box": "yahtzee", "score": 50,
                                "points": 50, "weighted": 150, "throws": ["66666"],
                                "number": 0, "round": 1}]
    assert shown["options"] == {} and shown["turn"]["round"] == 2 and "rules" not in shown


# -- records --------------------------------------------------------------------------------

def record(turns: list[dict[str, Any]], players: list[str] | None = None) -> dict[str, Any]:
    return {"mode": "triple", "rules": {}, "players": players or ["Anna", "Bram"],
            "turns": turns}


@pytest.mark.parametrize(("turns", "message"), [
    ([{"player": "Bram", "throws": ["11111"], "column": 1, "box": "ones"}],
     "turn 1 (Bram): it is Anna's turn"),
    ([{"player": "Anna", "throws": ["11111"], "box": "ones"}],
     "turn 1 (Anna): 'column' must be 1, 2 or 3, not None"),
    ([{"player": "Anna", "throws": ["11111"], "column": 1, "box": "ones"},
      {"player": "Bram", "throws": [], "column": 1, "box": "ones"}],
     "turn 2 (Bram): 'throws' must be a list of 1 to 3 throws"),
    ([{"player": "Anna", "throws": ["1111x"], "column": 1, "box": "ones"}],
     "turn 1 (Anna): throw 1: a throw is 5 digits 1..6, not '1111x'"),
    ([{"player": "Anna", "throws": [], "column": 2, "box": "ones", "skipped": "absent"}],
     "turn 1 (Anna): a skipped turn scores 0 in the first open box: 'ones' in column 1"),
    ([{"player": "Anna", "throws": ["11111"], "column": 1, "box": "ones"},
      {"player": "Bram", "throws": ["11111"], "column": 1, "box": "ones"},
      {"player": "Anna", "throws": ["11111"], "column": 1, "box": "ones"}],
     "turn 3 (Anna): box 'ones' in column 1 is already filled"),
    (["nope"], "turn 1: a turn must be a JSON object"),
])
def test_illegal_records_name_the_turn_and_the_rule(turns: list[Any], message: str) -> None:
    with pytest.raises(RecordError) as caught:
        replay(record(turns))
    assert caught.value.message == message and "\n" not in message


def test_record_setup_errors() -> None:
    with pytest.raises(RecordError, match="unknown option 'joker'; options: none"):
        replay_record({**record([]), "rules": {"joker": "free"}})
    with pytest.raises(RecordError, match="mode 'classic' is not 'triple'"):
        replay_record({**record([]), "mode": "classic"})
    with pytest.raises(RecordError, match="record: players"):
        replay_record({**record([]), "players": "Anna"})
    with pytest.raises(RecordError, match="game: mode 'woord'"):
        TripleGame.from_json({"mode": "woord", "players": ["A"], "events": []})
    with pytest.raises(RecordError, match="event 1: "):
        TripleGame.from_json({"mode": "triple", "players": ["A"], "events": [{"type": "x"}]})


def test_the_game_is_over_after_39_turns_each_in_a_record() -> None:
    turns = [{"player": "Anna", "throws": [], "skipped": "absent"} for _ in range(39)]
    assert replay(record(turns, ["Anna"]))["players"][0]["total"] == 0
    with pytest.raises(RecordError, match=r"^turn 40 \(Anna\): the game is over: 39 turns"):
        replay(record([*turns, turns[0]], ["Anna"]))


# -- properties of random legal games --------------------------------------------------------

def play_random(game: TripleGame, rng: random.Random, moves: int | None = None) -> None:
    """Random legal actions: throws keeping random dice, claims of random open boxes of
    random columns, now and then a skip; ``moves`` actions at most (None: to the end)."""
    done = 0
    while not game.finished and (moves is None or done < moves):
        done += 1
        if rng.random() < 0.03:
            game.act(Skip(rng.choice(["absent", "host", "left"])))
        elif game.dice is None or (game.throws_left and rng.random() < 0.5):
            keep = () if game.dice is None else tuple(i for i in range(5) if rng.random() < .4)
            game.act(Throw(keep if len(keep) < 5 else ()))
        else:
            options = [(c, b) for c, boxes in game.options().items() for b in boxes]
            column, box = rng.choice(options)
            game.act(game.parse_action("claim", {"box": box, "column": column}))


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(1, 4))
def test_random_legal_games_end_after_39_turns_a_player(seed: int, players: int) -> None:
    game = TripleGame([f"P{i}" for i in range(players)], random.Random(seed))
    play_random(game, random.Random(seed))
    assert game.finished and len(game.turns) == 39 * players
    for seat, card in enumerate(game.cards):
        assert card.is_complete and sum(t["player"] == seat for t in game.turns) == 39
        assert card.total == sum(f * s.total for f, s in zip((1, 2, 3), card.columns,
                                                             strict=True))
        assert all(set(s.scores) == set(BOXES) for s in card.columns)
    assert game.totals() == [card.total for card in game.cards]
    assert game.finished_games(0) == [game.totals()]


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(1, 3), st.integers(0, 400))
def test_to_json_and_from_json_replay_to_the_same_state(seed: int, players: int,
                                                        moves: int) -> None:
    game = new_game("triple", [f"P{i}" for i in range(players)], {},
                    rng=random.Random(seed))
    assert isinstance(game, TripleGame)
    play_random(game, random.Random(seed), moves)
    stored = json.loads(json.dumps(game.to_json()))
    again = restore(stored, rng=random.Random(seed + 1))
    assert isinstance(again, TripleGame)
    assert view(again) == view(game) and again.to_json() == game.to_json()
    assert again.result() == game.result() and again.seat_status(0) == game.seat_status(0)
    if not game.finished:  # both play on alike
        if game.dice is None:
            again.record_throw(game.throw())
        else:
            column, box = next((c, b) for c, boxes in game.options().items() for b in boxes)
            game.act(Claim(box, column))
            again.act(Claim(box, column))
        assert view(again) == view(game)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(1, 3), st.booleans())
def test_to_record_then_replay_record_gives_the_result(seed: int, players: int,
                                                       whole: bool) -> None:
    game = TripleGame([f"P{i}" for i in range(players)], random.Random(seed))
    play_random(game, random.Random(seed), None if whole else seed % 300)
    data = json.loads(json.dumps(game.to_record()))
    assert len(data["turns"]) == len(game.turns)  # a turn under way is not in it
    assert replay(data) == game.result() == replay_record(data)
