"""Every rule of docs/rules.md §1 (Woord Yahtzee), one test or more each, on the real dictionary."""

from __future__ import annotations

import pytest

from wordyahtzee.errors import RuleError
from wordyahtzee.modes.woord import (
    BOXES,
    ROUND_BOXES,
    ScoreSheet,
    WoordRules,
)

from .support.clock import Clock
from .support.woord import SCRABBLE_NL, new_game, show


def value(word: str) -> int:
    return sum(SCRABBLE_NL[ch] for ch in word)


# -- the score sheet ------------------------------------------------------------------------

def test_sheet_has_twelve_boxes_and_eight_rounds():
    assert len(BOXES) == 12
    assert ROUND_BOXES == ("letters_2", "letters_3", "letters_4", "letters_5", "letters_6",
                           "one_word", "two_words", "three_words")


def test_upper_bonus_at_forty_by_default_and_45_as_option():
    sheet = ScoreSheet()
    sheet.boxes.update(letters_2=5, letters_3=8, letters_4=9, letters_5=10, letters_6=7)
    assert sheet.upper_total == 39 and sheet.upper_bonus == 0
    sheet.boxes["letters_6"] = 8
    assert sheet.upper_total == 40 and sheet.upper_bonus == 35
    english = ScoreSheet(upper_bonus_at=45)
    english.boxes.update(sheet.boxes)
    assert english.upper_bonus == 0


def test_grand_total_adds_every_part():
    sheet = ScoreSheet()
    sheet.boxes.update(letters_2=10, letters_3=10, letters_4=10, letters_5=10, letters_6=0,
                       one_word=12, two_words=0, three_words=20, consonants=25, vowels=None,
                       woord_yahtzee=50, chance=7)
    sheet.woord_yahtzee_bonus = 200
    assert sheet.total == 40 + 35 + (12 + 20 + 25 + 50 + 7) + 200


# -- a turn: throws -------------------------------------------------------------------------

def test_first_throw_uses_all_dice():
    game = new_game()
    with pytest.raises(RuleError, match="first throw"):
        game.throw(keep=[0])


def test_at_most_three_throws_and_kept_dice_stay():
    game = new_game()
    first = game.throw()
    second = game.throw(keep=[0, 3])
    assert second[0] == first[0] and second[3] == first[3]
    game.throw(keep=[1])
    with pytest.raises(RuleError, match="no throws left"):
        game.throw()


def test_claim_needs_a_throw_first():
    game = new_game()
    with pytest.raises(RuleError, match="throw the dice first"):
        game.claim("letters_2", ["en"])


# -- forming words --------------------------------------------------------------------------

def test_round_box_scores_letter_values():
    game = new_game()
    show(game, "kenbrst")
    assert game.claim("letters_2", ["en"]) == value("en")
    assert game.sheets[0].boxes["letters_2"] == 2


def test_word_of_wrong_length_is_refused():
    game = new_game()
    show(game, "katenst")
    with pytest.raises(RuleError, match="exactly 2 letters"):
        game.claim("letters_2", ["kat"])


def test_word_not_in_dictionary_is_refused_and_changes_nothing():
    game = new_game()
    show(game, "xqkatzz")
    before = game.to_json()
    with pytest.raises(RuleError, match="not in the dictionary"):
        game.claim("letters_2", ["xq"])
    assert game.to_json() == before


def test_each_die_is_used_once():
    game = new_game(free_order=True)
    show(game, "ombcdfg")  # one 'o': 'oom' needs two
    with pytest.raises(RuleError, match="cannot be formed"):
        game.claim("letters_3", ["oom"])
    show(game, "oombcdf")
    assert game.claim("letters_3", ["oom"]) == value("oom")


def test_formability_counts_repeated_letters():
    game = new_game(free_order=True)
    show(game, "kusenbc")  # one s: 'kussen' needs two
    with pytest.raises(RuleError, match="cannot be formed"):
        game.claim("letters_6", ["kussen"])
    show(game, "kussenb")
    assert game.claim("letters_6", ["kussen"]) == value("kussen")


def test_blank_stands_for_any_letter_and_scores_zero():
    game = new_game()
    show(game, "?nbcdfg")  # 'en' needs an e: the blank gives it
    assert game.claim("letters_2", ["en"]) == SCRABBLE_NL["n"]


def test_real_die_beats_the_blank():
    game = new_game()
    show(game, "?enbcdf")
    assert game.claim("letters_2", ["en"]) == value("en")


def test_diacritics_fold_to_the_plain_letter():
    game = new_game(free_order=True)
    show(game, "ruinekd")
    assert game.claim("letters_5", ["ruïne"]) == value("ruine")
    show(game, "eenkdfg")
    assert game.claim("letters_3", ["één"]) == value("een")


def test_two_words_need_disjoint_dice():
    game = new_game(free_order=True)
    show(game, "katenbo")
    assert game.claim("two_words", ["kat", "en"]) == value("kat") + value("en")
    show(game, "katbcdf")
    with pytest.raises(RuleError, match="cannot be formed"):
        game.claim("chance", ["kat", "ka"], zero_box="letters_2")


def test_multi_word_boxes_take_their_number_of_words():
    game = new_game(free_order=True)
    show(game, "katenbo")
    with pytest.raises(RuleError, match="takes 2 words"):
        game.claim("two_words", ["kat"])
    with pytest.raises(RuleError, match="takes 1 word"):
        game.claim("one_word", ["kat", "en"])


def test_minimum_word_length_option():
    game = new_game(min_word_length=3, free_order=True)
    show(game, "katenbo")
    with pytest.raises(RuleError, match="shorter than 3"):
        game.claim("letters_2", ["en"])


def test_zero_in_round_box_with_no_words():
    game = new_game()
    show(game, "bcdfghk")
    assert game.claim("letters_2", []) == 0
    assert game.sheets[0].boxes["letters_2"] == 0


# -- special boxes --------------------------------------------------------------------------

def test_consonants_before_third_throw_blank_counts():
    game = new_game()
    show(game, "bcdfgh?")
    assert game.claim("consonants") == 25
    sheet = game.sheets[0]
    assert sheet.boxes["consonants"] == 25 and sheet.boxes["letters_2"] == 0


def test_consonants_needs_seven_consonants():
    game = new_game()
    show(game, "bcdfgha")
    with pytest.raises(RuleError, match="not all consonants"):
        game.claim("consonants")


def test_y_is_a_vowel_by_default_and_a_consonant_when_switched_off():
    game = new_game()
    show(game, "bcdfghy")
    with pytest.raises(RuleError, match="not all consonants"):
        game.claim("consonants")
    game = new_game(y_is_vowel=False)
    show(game, "bcdfghy")
    assert game.claim("consonants") == 25


def test_vowels_blank_counts_as_vowel():
    game = new_game()
    show(game, "aeiou?e")
    assert game.claim("vowels") == 25


def test_specials_refused_after_third_throw():
    for box, faces, words in (("consonants", "bcdfghk", []), ("vowels", "aeiouae", []),
                              ("chance", "katenbo", ["kat"])):
        game = new_game()
        for _ in range(3):
            show(game, faces)
        with pytest.raises(RuleError, match="before the third throw"):
            game.claim(box, words)


def test_chance_scores_its_words_and_no_loose_letters():
    game = new_game()
    show(game, "katenbx")
    assert game.claim("chance", ["kat", "en"]) == value("kat") + value("en")
    assert game.sheets[0].boxes["letters_2"] == 0


def test_woord_yahtzee_after_any_throw_then_bonus():
    game = new_game(free_order=True)
    for _ in range(3):
        show(game, "fietsen")
    assert game.claim("woord_yahtzee", ["fietsen"], zero_box="letters_2") == 50
    show(game, "fietsen")
    assert game.claim("woord_yahtzee", ["fietsen"], zero_box="letters_3") == 100
    sheet = game.sheets[0]
    assert sheet.boxes["woord_yahtzee"] == 50 and sheet.woord_yahtzee_bonus == 100
    assert sheet.boxes["letters_2"] == 0 and sheet.boxes["letters_3"] == 0
    assert sheet.total == 150


def test_woord_yahtzee_needs_a_seven_letter_word():
    game = new_game()
    show(game, "fietsen")
    with pytest.raises(RuleError, match="one word of 7 letters"):
        game.claim("woord_yahtzee", ["fiets"])


def test_special_box_used_twice_is_refused():
    game = new_game()
    show(game, "bcdfghk")
    game.claim("consonants")
    show(game, "bcdfghk")
    with pytest.raises(RuleError, match="already filled"):
        game.claim("consonants")


# -- order of the rounds --------------------------------------------------------------------

def test_strict_order_refuses_a_box_out_of_turn():
    game = new_game()
    show(game, "katenbo")
    with pytest.raises(RuleError, match="out of turn"):
        game.claim("letters_3", ["kat"])


def test_free_order_special_claim_names_its_zero_box():
    game = new_game(free_order=True)
    show(game, "bcdfghk")
    with pytest.raises(RuleError, match="names its zero_box"):
        game.claim("consonants")
    game.claim("consonants", zero_box="three_words")
    assert game.sheets[0].boxes["three_words"] == 0


def test_free_order_round_box_used_twice_is_refused():
    game = new_game(free_order=True)
    show(game, "katenbo")
    game.claim("letters_3", ["kat"])
    show(game, "katenbo")
    with pytest.raises(RuleError, match="already filled"):
        game.claim("letters_3", ["kat"])


def test_players_take_turns_and_game_ends_after_eight_rounds():
    game = new_game(["Anna", "Bram"])
    order = []
    while not game.finished:
        order.append(game.current_player)
        show(game, "bcdfghk")
        game.claim(ROUND_BOXES[game.turn.round - 1], [])
    assert order == ["Anna", "Bram"] * 8
    with pytest.raises(RuleError, match="game is over"):
        game.throw()


def test_winners_share_a_tie():
    game = new_game(["Anna", "Bram"])
    while not game.finished:
        show(game, "bcdfghk")
        game.claim(ROUND_BOXES[game.turn.round - 1], [])
    assert game.winners() == ["Anna", "Bram"]


# -- the hourglass --------------------------------------------------------------------------

def test_late_claim_scores_zero_in_the_round_box():
    clock = Clock()
    game = new_game(clock=clock)
    show(game, "kenbrst")
    clock.advance(61)
    assert game.claim("letters_2", ["en"]) == 0
    assert game.sheets[0].boxes["letters_2"] == 0


def test_late_special_claim_leaves_the_special_box_open():
    clock = Clock()
    game = new_game(clock=clock)
    show(game, "bcdfghk")
    clock.advance(60.5)
    game.claim("consonants")
    assert game.sheets[0].boxes["consonants"] is None
    assert game.sheets[0].boxes["letters_2"] == 0


def test_expire_scores_zero_and_moves_on_and_throw_after_deadline_refused():
    clock = Clock()
    game = new_game(["Anna", "Bram"], clock=clock)
    game.throw()
    clock.advance(30)
    assert game.expire() is False
    assert game.seconds_left() == 30
    clock.advance(31)
    with pytest.raises(RuleError, match="time is up"):
        game.throw(keep=[0])
    assert game.expire() is True
    assert game.sheets[0].boxes["letters_2"] == 0
    assert game.current_player == "Bram"


def test_no_timer_option():
    clock = Clock()
    game = new_game(clock=clock, turn_seconds=None)
    show(game, "kenbrst")
    clock.advance(10_000)
    assert game.expire() is False
    assert game.claim("letters_2", ["en"]) == value("en")


# -- rules options --------------------------------------------------------------------------

@pytest.mark.parametrize("options, message", [
    ({"upper_bonus_at": "40"}, "upper_bonus_at"),
    ({"upper_bonus_threshold": "40"}, "upper_bonus_at"),
    ({"upper_bonus_threshold": 40, "upper_bonus_at": 40}, "old name of upper_bonus_at"),
    ({"free_order": "yes"}, "free_order"),
    ({"turn_seconds": -1}, "turn_seconds"),
    ({"min_word_length": 0}, "min_word_length"),
    ({"colour": "red"}, "unknown option 'colour'"),
])
def test_bad_rules_options_are_refused(options, message):
    with pytest.raises(RuleError, match=message):
        WoordRules.from_json(options)


def test_the_bonus_option_is_read_by_its_old_name_and_written_by_its_new_one():
    """Records and clients from before the one name still say ``upper_bonus_threshold``."""
    old = WoordRules.from_json({"upper_bonus_threshold": 45})
    assert old == WoordRules.from_json({"upper_bonus_at": 45}) == WoordRules(upper_bonus_at=45)
    assert old.to_json()["upper_bonus_at"] == 45 and "upper_bonus_threshold" not in old.to_json()


@pytest.mark.parametrize("keep", [[7], [-1], ["0"], [[1]], [True], [0, 1, 2, 3, 4, 5, 6]])
def test_bad_keeps_are_refused_and_change_nothing(keep):
    game = new_game()
    game.throw()
    before = game.to_json()
    with pytest.raises(RuleError):
        game.throw(keep=keep)
    assert game.to_json() == before


def test_a_bad_event_changes_nothing():
    game = new_game()
    game.throw()
    before = game.to_json()
    for event in ({"type": "throw", "faces": "aaaaaaa", "keep": [0]},
                  {"type": "throw", "faces": 7, "keep": []},
                  {"type": "claim", "box": 3},
                  {"type": "claim", "box": "letters_2", "words": "en"},
                  {"type": "dance"}, ["throw"]):
        with pytest.raises(RuleError):
            game.apply(event)
    assert game.to_json() == before


def test_woord_yahtzees_made_counts_the_box_and_each_bonus() -> None:
    from wordyahtzee.modes.woord import yahtzees_made

    sheet = ScoreSheet()
    assert yahtzees_made(sheet.to_json("Anna")) == 0
    sheet.write("woord_yahtzee", 50)
    for _ in range(2):  # two more: each one goes to the bonus tally
        sheet.write("woord_yahtzee", 100)
    assert yahtzees_made(sheet.to_json("Anna")) == 3
    zero = ScoreSheet()
    zero.write("woord_yahtzee", 0)
    assert yahtzees_made(zero.to_json("Anna")) == 0
