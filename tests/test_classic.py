"""Classic Yahtzee engine: every scoring rule, both joker readings, the turn state machine,
games, matches, high scores and record replay (docs/rules.md §2, docs/records.md)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordyahtzee.cli import main
from wordyahtzee.errors import RecordError, RuleError
from wordyahtzee.modes.classic import (
    BOXES,
    LOWER_BOXES,
    UPPER_BOXES,
    ClassicGame,
    ClassicMatch,
    ClassicRules,
    ScoreSheet,
    box_score,
    legal_scores,
    parse_dice,
    replay_record,
    yahtzee_bonus,
)
from wordyahtzee.records import replay


def d(text: str) -> tuple[int, ...]:
    return parse_dice(text)


# ------------------------------------------------------------------------------------------
# Ordinary scoring


@pytest.mark.parametrize(("box", "dice", "score"), [
    ("ones", "11234", 2), ("ones", "23456", 0), ("twos", "22222", 10), ("threes", "33315", 9),
    ("fours", "44441", 16), ("fives", "55123", 10), ("sixes", "66666", 30),
    ("three_of_a_kind", "33345", 18), ("three_of_a_kind", "33335", 17),
    ("three_of_a_kind", "66666", 30), ("three_of_a_kind", "33445", 0),
    ("four_of_a_kind", "44445", 21), ("four_of_a_kind", "22222", 10),
    ("four_of_a_kind", "44455", 0),
    ("full_house", "33355", 25), ("full_house", "53535", 25), ("full_house", "33335", 0),
    ("full_house", "44444", 0), ("full_house", "12345", 0),
    ("small_straight", "12346", 30), ("small_straight", "34561", 30),
    ("small_straight", "23345", 30), ("small_straight", "12345", 30),
    ("small_straight", "12356", 0), ("small_straight", "11223", 0),
    ("large_straight", "12345", 40), ("large_straight", "65432", 40),
    ("large_straight", "12346", 0), ("large_straight", "13456", 0),
    ("yahtzee", "55555", 50), ("yahtzee", "55551", 0),
    ("chance", "12345", 15), ("chance", "66666", 30), ("chance", "11111", 5),
])
def test_box_scores(box: str, dice: str, score: int) -> None:
    assert box_score(box, d(dice)) == score


def test_unknown_box_and_bad_dice() -> None:
    with pytest.raises(RuleError, match="unknown box"):
        box_score("pair", d("11111"))
    for bad in ("1234", "123456", "12307", "1234a", ""):
        with pytest.raises(RuleError):
            parse_dice(bad)
    with pytest.raises(RuleError):
        legal_scores((1, 2, 3, 4, 7), [], "free")


def test_ordinary_options_are_every_open_box() -> None:
    opts = legal_scores(d("33355"), ["ones", "chance"], "free")
    assert set(opts) == set(BOXES) - {"ones", "chance"}
    assert opts["full_house"] == 25 and opts["threes"] == 9 and opts["fives"] == 10


# ------------------------------------------------------------------------------------------
# Yahtzee bonus and the joker readings


@pytest.mark.parametrize("joker", ["free", "forced"])
def test_first_yahtzee_is_an_ordinary_throw(joker: str) -> None:
    opts = legal_scores(d("44444"), ["fours"], joker)
    assert set(opts) == set(BOXES) - {"fours"}
    assert opts["yahtzee"] == 50 and opts["full_house"] == 0
    assert opts["small_straight"] == 0 and opts["large_straight"] == 0
    assert opts["three_of_a_kind"] == opts["four_of_a_kind"] == opts["chance"] == 20


def test_yahtzee_bonus_needs_fifty_in_the_box() -> None:
    assert yahtzee_bonus(d("22222"), 50) == 100
    assert yahtzee_bonus(d("22222"), 0) == 0
    assert yahtzee_bonus(d("22222"), None) == 0
    assert yahtzee_bonus(d("22223"), 50) == 0


def test_free_joker_own_upper_box_open_is_ordinary() -> None:
    opts = legal_scores(d("33333"), ["yahtzee", "ones"], "free")
    assert set(opts) == set(BOXES) - {"yahtzee", "ones"}
    assert opts["threes"] == 15 and opts["twos"] == 0
    assert opts["full_house"] == 0 and opts["small_straight"] == 0
    assert opts["large_straight"] == 0 and opts["chance"] == 15


def test_free_joker_own_upper_box_filled_is_a_joker() -> None:
    opts = legal_scores(d("33333"), ["yahtzee", "threes"], "free")
    assert set(opts) == set(BOXES) - {"yahtzee", "threes"}
    assert opts["full_house"] == 25 and opts["small_straight"] == 30
    assert opts["large_straight"] == 40
    assert opts["three_of_a_kind"] == opts["four_of_a_kind"] == opts["chance"] == 15
    assert all(opts[b] == 0 for b in UPPER_BOXES if b != "threes")


def test_free_joker_applies_after_a_zero_yahtzee_box_too() -> None:
    sheet = ScoreSheet({"yahtzee": 0, "sixes": 24})
    rules = ClassicRules("free")
    assert sheet.fill("large_straight", d("66666"), rules) == 40
    assert sheet.yahtzee_bonus == 0


def test_forced_joker_must_use_own_upper_box() -> None:
    assert legal_scores(d("55555"), ["yahtzee"], "forced") == {"fives": 25}
    assert legal_scores(d("55555"), ["yahtzee", "chance"], "forced") == {"fives": 25}


def test_forced_joker_lower_boxes_at_full_value() -> None:
    opts = legal_scores(d("55555"), ["yahtzee", "fives", "chance"], "forced")
    assert opts == {"three_of_a_kind": 25, "four_of_a_kind": 25, "full_house": 25,
                    "small_straight": 30, "large_straight": 40}


def test_forced_joker_upper_zero_only_when_lower_full() -> None:
    filled = [*LOWER_BOXES, "fives", "ones"]
    opts = legal_scores(d("55555"), filled, "forced")
    assert opts == {"twos": 0, "threes": 0, "fours": 0, "sixes": 0}


def test_forced_joker_before_the_yahtzee_box_is_filled_is_free() -> None:
    opts = legal_scores(d("55555"), ["full_house"], "forced")
    assert set(opts) == set(BOXES) - {"full_house"}


def test_sheet_fill_bonus_wherever_scored() -> None:
    rules = ClassicRules("free")
    sheet = ScoreSheet()
    assert sheet.fill("yahtzee", d("44444"), rules) == 50
    assert sheet.fill("fours", d("44444"), rules) == 120  # 20 + 100 bonus
    assert sheet.fill("full_house", d("44444"), rules) == 125  # joker 25 + 100
    assert sheet.yahtzee_bonus == 200
    assert sheet.upper_total == 20
    assert sheet.total == 50 + 20 + 25 + 200
    with pytest.raises(RuleError, match="already filled"):
        sheet.fill("fours", d("12345"), rules)
    with pytest.raises(RuleError, match="unknown box"):
        sheet.fill("pair", d("12345"), rules)


def test_sheet_forced_joker_refuses_placement() -> None:
    sheet = ScoreSheet({"yahtzee": 50})
    with pytest.raises(RuleError, match="forced joker"):
        sheet.fill("chance", d("22222"), ClassicRules("forced"))
    assert sheet.scores == {"yahtzee": 50} and sheet.yahtzee_bonus == 0


def test_upper_bonus_threshold() -> None:
    sheet = ScoreSheet({"ones": 3, "twos": 6, "threes": 9, "fours": 12, "fives": 15,
                        "sixes": 18})
    assert sheet.upper_total == 63 and sheet.upper_bonus == 35
    sheet.scores["ones"] = 2
    assert sheet.upper_bonus == 0


@given(st.integers(1, 105), st.dictionaries(st.sampled_from(UPPER_BOXES), st.integers(0, 5)))
def test_upper_bonus_at_any_threshold(threshold: int, counts: dict[str, int]) -> None:
    """The house rule: the bonus comes exactly when the upper boxes reach the threshold,
    and the screen's reckoning says how far off it still is."""
    from wordyahtzee.modes.classic.view import upper_par

    scores = {box: n * (UPPER_BOXES.index(box) + 1) for box, n in counts.items()}
    sheet = ScoreSheet(dict(scores), 0, threshold)
    assert sheet.upper_bonus == (35 if sheet.upper_total >= threshold else 0)
    assert sheet.copy().upper_bonus == sheet.upper_bonus
    assert sheet.total == sum(scores.values()) + sheet.upper_bonus
    needed = upper_par(scores, threshold)["bonus_needed"]
    assert needed == max(0, threshold - sheet.upper_total)
    assert (needed == 0) == (sheet.upper_bonus == 35)


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(1, 105))
def test_house_threshold_games_replay(seed: int, threshold: int) -> None:
    """A game with the bonus elsewhere keeps it in its JSON and its record."""
    rng = random.Random(seed)
    rules = ClassicRules.from_json({"upper_bonus_at": threshold})
    game = ClassicGame(["Anna"], rules, rng)
    while not game.is_over:
        game.throw()
        game.claim(rng.choice(sorted(game.options())))
    sheet = game.sheet("Anna")
    assert sheet.upper_bonus == (35 if sheet.upper_total >= threshold else 0)
    assert game.to_json()["rules"] == ({} if threshold == 63 else {"upper_bonus_at": threshold})
    assert ClassicGame.from_json(json.loads(json.dumps(game.to_json()))).result() \
        == game.result() == replay_record(game.to_record())


def test_rules_options() -> None:
    assert ClassicRules.from_json({"joker": "free", "upper_bonus_at": 63}).to_json() == {}
    assert ClassicRules.from_json({"upper_bonus_at": 50}).upper_bonus_at == 50
    for bad in ({"upper_bonus_at": 0}, {"upper_bonus_at": 106}, {"upper_bonus_at": "50"},
                {"upper_bonus_at": 50.0}, {"upper_bonus_at": True}):
        with pytest.raises(RuleError, match="upper_bonus_at"):
            ClassicRules.from_json(bad)
    assert ClassicRules().joker == "free"
    assert ClassicRules.from_json({"joker": "forced"}).joker == "forced"
    assert ClassicRules.from_json(None) == ClassicRules()
    for bad in ({"joker": "wild"}, {"joker": 1}, {"colour": "red"}, [1]):
        with pytest.raises(RuleError):
            ClassicRules.from_json(bad)


# ------------------------------------------------------------------------------------------
# Properties: scores within their bounds

dice_st = st.tuples(*[st.integers(1, 6)] * 5)
MAX = {"ones": 5, "twos": 10, "threes": 15, "fours": 20, "fives": 25, "sixes": 30,
       "three_of_a_kind": 30, "four_of_a_kind": 30, "full_house": 25, "small_straight": 30,
       "large_straight": 40, "yahtzee": 50, "chance": 30}


@given(dice_st, st.sets(st.sampled_from(BOXES), max_size=12),
       st.sampled_from(["free", "forced"]))
def test_scores_within_bounds(dice: tuple[int, ...], filled: set[str], joker: str) -> None:
    opts = legal_scores(dice, filled, joker)
    assert opts, "a throw can always be scored somewhere"
    assert set(opts) <= set(BOXES) - filled
    for box, score in opts.items():
        assert 0 <= score <= MAX[box]
        if box not in ("full_house", "small_straight", "large_straight"):
            assert score == box_score(box, dice)
    if joker == "free":
        assert set(opts) == set(BOXES) - filled


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from(["free", "forced"]),
       st.integers(1, 3))
def test_random_games_are_consistent(seed: int, joker: str, players: int) -> None:
    rng = random.Random(seed)
    names = [f"p{i}" for i in range(players)]
    game = ClassicGame(names, ClassicRules(joker), rng)
    while not game.is_over:
        for _ in range(rng.randint(1, 3)):
            game.throw([i for i in range(5) if rng.random() < 0.5][:4]
                       if game.dice is not None else ())
        game.claim(rng.choice(sorted(game.options())))
    for name in names:
        sheet = game.sheet(name)
        assert sheet.is_complete
        assert sheet.upper_bonus in (0, 35)
        assert sheet.yahtzee_bonus % 100 == 0 and 0 <= sheet.yahtzee_bonus <= 1200
        assert sheet.total == sum(sheet.scores.values()) + sheet.upper_bonus \
            + sheet.yahtzee_bonus
        assert 5 <= sheet.total <= 1575
    # the event log and the record both replay to the same result
    again = ClassicGame.from_json(json.loads(json.dumps(game.to_json())))
    assert again.result() == game.result()
    assert replay_record(game.to_record()) == game.result()


# ------------------------------------------------------------------------------------------
# The turn state machine


def test_turn_flow_and_illegal_moves() -> None:
    game = ClassicGame(["Anna", "Bram"], rng=random.Random(7))
    assert game.current_player == "Anna"
    with pytest.raises(RuleError, match="throw the dice first"):
        game.claim("chance")
    with pytest.raises(RuleError, match="first throw"):
        game.throw([0])
    first = game.throw()
    second = game.throw([0, 1])
    assert second[:2] == first[:2]
    with pytest.raises(RuleError, match="keeping every die"):
        game.throw([0, 1, 2, 3, 4])
    with pytest.raises(RuleError, match="no die number"):
        game.throw([5])
    game.throw([])
    assert game.throws == 3 and game.throws_left == 0
    with pytest.raises(RuleError, match="no throws left"):
        game.throw()
    assert game.current_player == "Anna" and game.throws == 3
    assert set(game.options()) == set(BOXES)
    points = game.claim("chance")
    assert points == sum(game.sheet("Anna").scores.values())
    assert game.current_player == "Bram" and game.dice is None
    game.record_throw("11111")
    game.claim("yahtzee")
    game.record_throw("11111")
    with pytest.raises(RuleError, match="already filled"):
        game.claim("chance")


def test_record_throw_and_options_include_bonus() -> None:
    game = ClassicGame(["Solo"], rng=random.Random(1))
    game.record_throw("22222")
    game.claim("yahtzee")
    game.record_throw("12345")
    game.record_throw("22222")
    opts = game.options()
    assert opts["twos"] == 110 and opts["chance"] == 110
    with pytest.raises(RuleError, match="digits"):
        game.record_throw("2222")


def test_bad_players() -> None:
    for players in ([], ["a", "a"], [""]):
        with pytest.raises(RuleError):
            ClassicGame(players)


def test_match_of_five_games() -> None:
    rng = random.Random(11)
    match = ClassicMatch(["Anna", "Bram"], rng=rng)
    with pytest.raises(RuleError, match="not over"):
        match.next_game()
    for n in range(5):
        game = match.game
        while not game.is_over:
            game.throw()
            game.claim(game.sheet().open_boxes[0])
        if n < 4:
            match.next_game()
    assert match.is_over and len(match.games) == 5
    with pytest.raises(RuleError, match="match is over"):
        match.next_game()
    totals = match.match_totals()
    assert match.totals() == [totals["Anna"], totals["Bram"]]
    assert totals["Anna"] == sum(g.sheet("Anna").total for g in match.games)
    assert match.winners() == [p for p in ("Anna", "Bram") if totals[p] == max(totals.values())]
    again = ClassicMatch.from_json(json.loads(json.dumps(match.to_json())))
    assert again.match_totals() == totals and again.is_over


# ------------------------------------------------------------------------------------------
# Records


def record(turns: list[tuple[str, list[str], str]], joker: str = "free",
           players: list[str] | None = None) -> dict[str, Any]:
    return {"mode": "classic", "rules": {"joker": joker},
            "players": players or sorted({t[0] for t in turns}, key=[t[0] for t in turns].index),
            "turns": [{"player": p, "throws": th, "box": b} for p, th, b in turns]}


def full_solo(joker: str = "free") -> list[tuple[str, list[str], str]]:
    return [
        ("Anna", ["12345", "66661"], "yahtzee"),      # 0 in yahtzee: no bonus later
        ("Anna", ["11166"], "ones"),                    # 3
        ("Anna", ["22234"], "twos"),                    # 6
        ("Anna", ["33312"], "threes"),                  # 9
        ("Anna", ["44445"], "fours"),                   # 16
        ("Anna", ["55512"], "fives"),                   # 15
        ("Anna", ["66612"], "sixes"),                   # 18 -> upper 67, bonus 35
        ("Anna", ["66666"], "full_house"),              # joker: sixes filled -> 25
        ("Anna", ["11111"], "small_straight"),          # joker: ones filled -> 30
        ("Anna", ["12346"], "large_straight"),          # 0
        ("Anna", ["33345"], "three_of_a_kind"),         # 18
        ("Anna", ["22225"], "four_of_a_kind"),          # 13
        ("Anna", ["66554", "66555", "66655"], "chance"),  # 28
    ]


def test_replay_full_solo_game_free() -> None:
    out = replay(record(full_solo()))
    (anna,) = out["players"]
    assert anna["boxes"] == {"ones": 3, "twos": 6, "threes": 9, "fours": 16, "fives": 15,
                             "sixes": 18, "three_of_a_kind": 18, "four_of_a_kind": 13,
                             "full_house": 25, "small_straight": 30, "large_straight": 0,
                             "yahtzee": 0, "chance": 28}
    assert anna["upper_bonus"] == 35 and anna["yahtzee_bonus"] == 0
    assert anna["total"] == 67 + 35 + 18 + 13 + 25 + 30 + 28
    assert out["winners"] == ["Anna"]


def test_replay_forced_joker_rejects_free_placement() -> None:
    turns = [("Anna", ["55555"], "yahtzee"), ("Anna", ["55555"], "chance")]
    with pytest.raises(RecordError) as err:
        replay(record(turns, "forced"))
    msg = str(err.value)
    assert msg.startswith("turn 2 (Anna): ") and "fives" in msg and "\n" not in msg
    out = replay(record(turns, "free"))
    assert out["players"][0]["boxes"]["chance"] == 25
    assert out["players"][0]["yahtzee_bonus"] == 100


def test_replay_bonus_and_joker_two_players() -> None:
    turns = [
        ("Anna", ["44444"], "yahtzee"), ("Bram", ["44444"], "fours"),
        ("Anna", ["12266", "44444"], "fours"),        # bonus 100, 20 in fours
        ("Bram", ["44444"], "yahtzee"),
        ("Anna", ["44444"], "large_straight"),        # joker 40 + bonus 100
        ("Bram", ["44444"], "full_house"),            # joker 25 + bonus 100
    ]
    out = replay(record(turns, "forced"))
    anna, bram = out["players"]
    assert anna["boxes"]["yahtzee"] == 50 and anna["boxes"]["fours"] == 20
    assert anna["boxes"]["large_straight"] == 40 and anna["yahtzee_bonus"] == 200
    assert anna["total"] == 50 + 20 + 40 + 200
    assert bram["boxes"]["full_house"] == 25 and bram["yahtzee_bonus"] == 100
    assert bram["total"] == 20 + 50 + 25 + 100
    assert out["winners"] == ["Anna"]


def test_replay_shared_win() -> None:
    turns = [("Anna", ["12345"], "chance"), ("Bram", ["54321"], "chance")]
    assert replay(record(turns))["winners"] == ["Anna", "Bram"]


@pytest.mark.parametrize(("turns", "players", "message"), [
    ([("Anna", ["11111"], "yahtzee"), ("Bram", ["11111"], "yahtzee"),
      ("Anna", ["22222"], "yahtzee")], None, "turn 3 (Anna): box 'yahtzee' is already filled"),
    ([("Bram", ["11111"], "chance")], ["Anna", "Bram"], "turn 1 (Bram): it is Anna's turn"),
    ([("Anna", ["1111"], "chance")], None, "turn 1 (Anna): throw 1: a throw is 5 digits"),
    ([("Anna", ["11117"], "chance")], None, "turn 1 (Anna): throw 1"),
    ([("Anna", ["12345"], "pair")], None, "turn 1 (Anna): unknown box 'pair'"),
    ([("Anna", [], "chance")], None, "turn 1 (Anna): 'throws' must be a list of 1 to 3"),
    ([("Anna", ["12345"] * 4, "chance")], None, "turn 1 (Anna): 'throws'"),
    ([("Anna", ["12345"], "chance"), ("Eve", ["12345"], "ones")], ["Anna"],
     "turn 2 (Eve): it is Anna's turn"),
])
def test_replay_errors(turns: list[tuple[str, list[str], str]], players: list[str] | None,
                       message: str) -> None:
    with pytest.raises(RecordError) as err:
        replay(record(turns, players=players))
    assert str(err.value).startswith(message), str(err.value)


def test_replay_fourteenth_turn() -> None:
    turns = [*full_solo(), ("Anna", ["12345"], "chance")]
    with pytest.raises(RecordError, match=r"^turn 14 \(Anna\): the game is over"):
        replay(record(turns))


@pytest.mark.parametrize("data", [
    {"mode": "classic", "players": "Anna", "turns": []},
    {"mode": "classic", "players": ["Anna"], "turns": {}},
    {"mode": "classic", "players": ["Anna"], "rules": {"joker": "wild"}, "turns": []},
    {"mode": "classic", "players": ["Anna"], "turns": [5]},
    {"mode": "classic", "players": ["Anna"], "turns": [{"player": "Anna", "throws": [12345],
                                                        "box": "chance"}]},
    {"mode": "classic", "players": ["Anna"], "turns": [{"player": "Anna",
                                                        "throws": ["12345"], "box": 3}]},
])
def test_replay_malformed(data: dict[str, Any]) -> None:
    with pytest.raises(RecordError):
        replay(data)


def test_cli_replay(tmp_path: Any, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record(full_solo())))
    assert main(["replay", str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["players"][0]["total"] == 216
    bad = record([("Anna", ["55555"], "yahtzee"), ("Anna", ["55555"], "chance")], "forced")
    path.write_text(json.dumps(bad))
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "turn 2 (Anna)" in err


def test_yahtzees_made_counts_the_box_and_each_bonus() -> None:
    from wordyahtzee.modes.classic import ClassicRules, ScoreSheet, yahtzees_made

    rules = ClassicRules()
    sheet = ScoreSheet()
    assert yahtzees_made(sheet.to_json()) == 0
    sheet.fill("yahtzee", (6, 6, 6, 6, 6), rules)
    sheet.fill("sixes", (6, 6, 6, 6, 6), rules)  # a second Yahtzee: the bonus
    assert yahtzees_made(sheet.to_json()) == 2
    zero = ScoreSheet()
    zero.fill("yahtzee", (1, 2, 3, 4, 5), rules)  # a 0 in the box is no Yahtzee
    assert yahtzees_made(zero.to_json()) == 0
