"""Kaartspel rules, one test per rule (docs/kaartspel.md)."""

from __future__ import annotations

import random

import pytest

from wordyahtzee.errors import RuleError
from wordyahtzee.modes.contract import Resources
from wordyahtzee.modes.kaartspel import (
    CARD_SPACES,
    CARDS,
    CORNERS,
    MAX_SCORE,
    KaartspelGame,
    KaartspelRules,
    Roll,
    Start,
    Stop,
    Take,
    Throw,
    card_value,
    parse_dice,
    preview,
    shown_cards,
    start_squares,
    view,
)

from .support.kaartspel import (
    fill_board,
    new_game,
    place_by_yahtzee,
    red,
    safe_roll,
    step,
    take,
    throws,
)


def d(text: str) -> tuple[int, ...]:
    return parse_dice(text)


def code_of(fn, *args) -> str:
    with pytest.raises(RuleError) as info:
        fn(*args)
    return info.value.code


# ------------------------------------------------------------------------------------------
# Board and card values


def test_board_numbering():
    assert CORNERS == (0, 4, 8, 12)
    assert CARD_SPACES == (1, 2, 3, 5, 6, 7, 9, 10, 11, 13, 14, 15)
    assert start_squares(2) == (0, 8)
    assert start_squares(3) == (0, 4, 8)
    assert start_squares(4) == (0, 4, 8, 12)
    for n in (1, 5):
        with pytest.raises(RuleError):
            start_squares(n)
    game = KaartspelGame(["A", "B", "C"])
    assert game.pawns == [0, 4, 8]


@pytest.mark.parametrize(("card", "dice", "value"), [
    ("ones", "12345", 10), ("ones", "11234", 20), ("ones", "11134", 30), ("ones", "11114", 40),
    ("sixes", "66666", 40), ("sixes", "12345", 0), ("threes", "33312", 30),
    ("three_of_a_kind", "44412", 30), ("three_of_a_kind", "44442", 30),
    ("three_of_a_kind", "44122", 0), ("four_of_a_kind", "44442", 40),
    ("four_of_a_kind", "44412", 0), ("full_house", "22555", 50), ("full_house", "22255", 50),
    ("full_house", "22256", 0), ("full_house", "22222", 0), ("small_straight", "12346", 50),
    ("small_straight", "34566", 50), ("small_straight", "12456", 0),
    ("large_straight", "23456", 70), ("large_straight", "12345", 70),
    ("large_straight", "12346", 0), ("chance", "55564", 60), ("chance", "66661", 60),
    ("chance", "66651", 0),
])
def test_card_values(card, dice, value):
    assert card_value(card, d(dice)) == value


def test_card_value_unknown_card():
    with pytest.raises(RuleError):
        card_value("yahtzee", d("11111"))


def test_max_scores():
    assert MAX_SCORE == {"ones": 40, "twos": 40, "threes": 40, "fours": 40, "fives": 40,
                         "sixes": 40, "three_of_a_kind": 30, "four_of_a_kind": 40,
                         "full_house": 50, "small_straight": 50, "large_straight": 70,
                         "chance": 60}
    assert shown_cards(d("12346")) == {"ones": 10, "twos": 10, "threes": 10, "fours": 10,
                                        "sixes": 10, "small_straight": 50}


def test_rules_options():
    assert KaartspelRules.from_json(None) == KaartspelRules.from_json({}) == KaartspelRules()
    assert KaartspelRules().to_json() == {}
    with pytest.raises(RuleError):
        KaartspelRules.from_json({"casino": False})
    with pytest.raises(RuleError):
        KaartspelRules.from_json([])


def test_players():
    for names in (["A"], ["A", "B", "C", "D", "E"], ["A", "A"], ["A", ""]):
        with pytest.raises(RuleError):
            KaartspelGame(names)


# ------------------------------------------------------------------------------------------
# Start


def test_start_throw_off_is_played_through_the_rng():
    game = KaartspelGame.new(["A", "B", "C", "D"],
                             resources=Resources(random.Random(5), lambda: 0.0))
    event = game.events[0]
    assert event["type"] == "start"
    last = event["rolls"][-1]
    best = max(v for v in last if v is not None)
    assert [s for s, v in enumerate(last) if v == best] == [event["starter"]]
    assert game.current_seat == event["starter"] and game.phase == "move"


def test_start_ties_throw_again():
    game = KaartspelGame(["A", "B", "C"])
    game.apply({"type": "start", "starter": 2,
                "rolls": [[6, 3, 6], [4, None, 5]]})
    assert game.current_seat == 2
    for rolls in ([[6, 3, 6]], [[6, 3, 6], [4, 2, 5]], [[1, 3, 2]]):
        fresh = KaartspelGame(["A", "B", "C"])
        with pytest.raises(RuleError):
            fresh.apply({"type": "start", "starter": 2, "rolls": rolls})
        assert fresh.phase == "start" and fresh.events == []


def test_nothing_before_start():
    game = KaartspelGame(["A", "B"])
    assert game.current_seat is None and not game.finished
    assert code_of(game.apply, {"type": "red", "roll": 3}) == "not_started"
    assert code_of(game.act, Roll()) == "not_started"
    game.act(Start())
    assert code_of(game.act, Start()) == "started"


# ------------------------------------------------------------------------------------------
# Placing


def test_place_on_empty_space():
    game = new_game()
    step(game, 2, ["22456", "22236"], "twos")
    state = game.cards["twos"]
    assert (state.space, state.owner, state.score, state.token) == (2, 0, 30, False)
    assert game.board[2] == "twos" and game.pawns[0] == 2
    assert game.current_seat == 1 and game.phase == "move"
    assert game.totals() == [30, 0]


def test_place_any_card_shown_without_naming_it_first():
    game = new_game()
    step(game, 3, ["22456", "23456"], "large_straight")
    assert game.cards["large_straight"].score == 70


def test_nothing_fits_ends_the_turn():
    game = new_game()
    step(game, 2, ["12456"], None)
    assert game.cards == {} and game.pawns[0] == 2 and game.current_seat == 1


def test_place_card_not_shown_is_refused_and_changes_nothing():
    game = new_game()
    red(game, 2)
    throws(game, "22456")
    before = list(game.events)
    assert code_of(take, game, "chance") == "not_shown"
    assert code_of(take, game, "ones") == "not_shown"
    assert game.events == before and game.phase == "throw"


def test_place_card_already_on_the_board_is_refused():
    game = new_game()
    step(game, 2, "22456", "twos")
    red(game, 1)                     # Bram: 8 -> 9, an empty space
    throws(game, "22456")
    assert code_of(take, game, "twos") == "card_placed"


def test_black_dice_must_be_thrown_next_to_an_empty_space():
    game = new_game()
    red(game, 2)
    assert code_of(red, game, 3) == "must_throw"
    assert code_of(game.apply, {"type": "stop"}) == "cannot_stop"
    assert code_of(take, game, None) == "no_throw"


def test_at_most_three_throws():
    game = new_game()
    red(game, 2)
    throws(game, "12345", "12346", "12356")
    assert code_of(throws, game, "11111") == "no_throws_left"
    assert game.legal_actions() == ["take"]


def test_kept_dice_must_stay():
    game = new_game()
    red(game, 2)
    throws(game, "12345")
    with pytest.raises(RuleError):
        game.apply({"type": "throw", "dice": "62345", "keep": [0, 1]})
    game.apply({"type": "throw", "dice": "12666", "keep": [0, 1]})
    assert game.dice == (1, 2, 6, 6, 6)


# ------------------------------------------------------------------------------------------
# Stealing


def bram_twos_at_9(score_dice: str = "22456") -> KaartspelGame:
    """Anna at JOKER corner 4 (took nothing), Bram's twos on space 9; Anna to move."""
    game = new_game()
    step(game, 4, "13456", None)
    step(game, 1, score_dice, "twos")
    return game


def test_steal_needs_at_least_the_score():
    game = bram_twos_at_9()
    assert game.cards["twos"].score == 20
    step(game, 5, "22135", "twos")                # 20 >= 20
    state = game.cards["twos"]
    assert (state.owner, state.score, state.space) == (0, 20, 9)
    assert game.totals() == [20, 0] and game.pawns[0] == 9


def test_steal_below_the_score_is_refused():
    game = bram_twos_at_9()
    red(game, 5)
    throws(game, "21345")
    with pytest.raises(RuleError, match="needs at least 20, the throw 21345 gives 10"):
        take(game, "twos")


def test_steal_only_that_card():
    game = bram_twos_at_9()
    red(game, 5)
    throws(game, "22256")
    assert set(game.take_options()) == {"twos"}
    assert code_of(take, game, "threes") == "wrong_card"
    take(game, None)
    assert game.cards["twos"].owner == 1 and game.pawns[0] == 9


# ------------------------------------------------------------------------------------------
# Own card: move on, raise, stop


def anna_back_at_twos(card: str = "twos", dice: str = "22456") -> KaartspelGame:
    """Anna's ``card`` on space 1 and Anna's pawn back next to it (phase ``choose``)."""
    game = new_game()
    step(game, 1, dice, card)         # Anna 0 -> 1
    step(game, 1, "12456", None)      # Bram 8 -> 9
    step(game, 6, "12456", None)      # Anna 1 -> 7
    step(game, 1, "12456", None)      # Bram 9 -> 10
    step(game, 6, "12456", None)      # Anna 7 -> 13
    step(game, 1, "12456", None)      # Bram 10 -> 11
    red(game, 4)                      # Anna 13 -> 1
    assert game.phase == "choose"
    return game


def test_raise_must_beat_the_score():
    game = anna_back_at_twos()
    assert game.legal_actions() == ["roll", "throw", "stop"]
    throws(game, "22456")
    with pytest.raises(RuleError, match="raising twos must beat 20"):
        take(game, "twos")
    throws(game, "22256")
    take(game, "twos")
    assert game.cards["twos"].score == 30 and game.current_seat == 1


def test_raise_failure_ends_the_turn():
    game = anna_back_at_twos()
    throws(game, "12456")
    take(game, None)
    assert game.cards["twos"].score == 20 and game.current_seat == 1


def test_raise_only_number_cards_below_40():
    game = anna_back_at_twos("full_house", "22555")
    assert game.legal_actions() == ["roll", "stop"]
    assert code_of(throws, game, "22555") == "not_raisable"
    game = anna_back_at_twos("twos", "22226")
    assert game.cards["twos"].score == 40
    assert code_of(throws, game, "22222") == "not_raisable"


def test_own_card_stop_and_move_on():
    game = anna_back_at_twos()
    game.apply({"type": "stop"})
    assert game.current_seat == 1
    game = anna_back_at_twos()
    red(game, 4)                      # move on: 1 -> 5
    assert game.pawns[0] == 5 and game.phase == "throw"


# ------------------------------------------------------------------------------------------
# JOKER corners


def test_joker_place_goes_to_next_empty_space():
    game = new_game()
    step(game, 4, "33345", "threes")
    assert game.cards["threes"].space == 5 and game.pawns[0] == 5
    step(game, 6, "13456", None)          # Bram 8 -> 14
    step(game, 3, "33345", None)          # Anna 5 -> 8 (a JOKER corner), takes nothing
    assert game.pawns[0] == 8
    step(game, 6, "13456", None)          # Bram 14 -> 4
    step(game, 4, "44412", "fours")       # Anna 8 -> 12, places on 13
    assert game.cards["fours"].space == 13 and game.pawns[0] == 13


def test_joker_place_skips_occupied_spaces():
    game = new_game()
    step(game, 5, "33345", "threes")      # Anna: space 5
    step(game, 4, "13456", None)          # Bram 8 -> 12
    step(game, 6, "13456", None)          # Anna 5 -> 11
    step(game, 1, "13456", None)          # Bram 12 -> 13
    step(game, 5, "44412", "fours")       # Anna 11 -> 0 (corner): 1 is empty
    assert game.cards["fours"].space == 1
    step(game, 3, "13456", None)          # Bram 13 -> 0
    step(game, 3, "13456", None)          # Anna 1 -> 4 (corner)
    step(game, 4, "13456", None)          # Bram 0 -> 4
    step(game, 0 + 4, "55512", "fives")   # Anna 4 -> 8 (corner): 9
    assert game.cards["fives"].space == 9


def test_joker_steal_moves_the_pawn():
    game = bram_twos_at_9()
    step(game, 4, "22234", "twos")        # Anna 4 -> 8, steals twos (30 >= 20)
    state = game.cards["twos"]
    assert (state.owner, state.score) == (0, 30) and game.pawns[0] == 9


def test_joker_raise_moves_the_pawn():
    game = new_game()
    step(game, 1, "22456", "twos")        # Anna: twos 20 on 1
    step(game, 1, "13456", None)          # Bram
    red(game, 3)                          # Anna 1 -> 4
    throws(game, "22236")
    options = game.take_options()
    assert options["twos"].kind == "raise" and options["twos"].score == 30
    take(game, "twos")
    assert game.cards["twos"].score == 30 and game.pawns[0] == 1


def test_joker_failure_stays():
    game = new_game()
    step(game, 4, "12456", None)
    assert game.pawns[0] == 4 and game.cards == {}


def test_joker_cannot_take_a_token_card_without_a_yahtzee():
    game = new_game()
    step(game, 2, "55555", "large_straight")        # Anna's token
    red(game, 4)                                     # Bram 8 -> 12
    throws(game, "12345")
    assert "large_straight" not in game.take_options()
    assert code_of(take, game, "large_straight") == "token_card"


# ------------------------------------------------------------------------------------------
# Yahtzee and the token


def test_yahtzee_places_any_card_with_the_token():
    game = new_game()
    step(game, 2, "55555", "large_straight")
    state = game.cards["large_straight"]
    assert (state.space, state.score, state.token) == (2, 70, True)
    assert game.tokens == ["large_straight", None]
    assert game.result()["players"][0] == {"name": "Anna", "cards": {"large_straight": 70},
                                           "token": "large_straight", "total": 70}


def test_yahtzee_is_never_an_ordinary_combination():
    game = new_game()
    red(game, 2)
    throws(game, "22222")
    options = game.take_options()
    assert all(o.yahtzee and o.score == MAX_SCORE[c] for c, o in options.items())
    take(game, "twos")
    assert game.cards["twos"].score == 40 and game.cards["twos"].token


def test_yahtzee_only_in_the_final_throw():
    game = new_game()
    step(game, 2, ["55555", "55512"], "fives")
    assert game.cards["fives"].score == 30 and not game.cards["fives"].token


def test_yahtzee_next_to_opponent_card_places_on_next_empty_space():
    game = bram_twos_at_9()
    step(game, 5, "44444", "chance")       # Anna 4 -> 9 (Bram's twos), places chance
    assert game.cards["chance"].space == 10 and game.pawns[0] == 10
    assert game.cards["twos"].owner == 1


def test_yahtzee_steals_any_card_and_moves_the_pawn():
    game = bram_twos_at_9()
    step(game, 2, "33333", "twos")         # Anna 4 -> 6, steals twos on 9
    state = game.cards["twos"]
    assert (state.owner, state.score, state.token) == (0, 40, True)
    assert game.pawns[0] == 9 and game.tokens[0] == "twos"


def test_yahtzee_never_names_own_card():
    game = anna_back_at_twos()
    throws(game, "33333")
    assert "twos" not in game.take_options()
    assert code_of(take, game, "twos") == "own_card"
    take(game, "threes")
    assert game.cards["threes"].space == 2 and game.pawns[0] == 2


def test_challenge_returns_the_token_and_second_yahtzee_uses_a_chip():
    game = new_game()
    step(game, 2, "55555", "large_straight")        # Anna: token on large_straight
    step(game, 1, "22222", "large_straight")        # Bram challenges from 9
    state = game.cards["large_straight"]
    assert (state.owner, state.score, state.token) == (1, 70, True)
    assert game.tokens == [None, "large_straight"]
    assert game.board[2] == "large_straight" and game.pawns[1] == 2
    step(game, 1, "66666", "chance")                # Anna's token is back: on chance
    assert game.tokens[0] == "chance" and game.cards["chance"].token
    red(game, safe_roll(game))                      # Bram's second Yahtzee: a chip at max
    throws(game, "44444")
    take(game, "full_house")
    state = game.cards["full_house"]
    assert (state.owner, state.score, state.token) == (1, 50, False)
    assert game.tokens == ["chance", "large_straight"]


def test_yahtzee_may_name_nothing():
    game = new_game()
    step(game, 2, "55555", None)
    assert game.cards == {} and game.current_seat == 1


# ------------------------------------------------------------------------------------------
# The Casino round and the end


def test_casino_order_from_the_placers_left_ending_with_the_placer():
    game = new_game(3)
    fill_board(game)
    # 12 placements: the 12th by seat 2 (turns 0,1,2,0,…)
    assert game.casino and game.placer == 2
    seats = []
    while not game.finished:
        seats.append(game.current_seat)
        red(game, safe_roll(game))
        throws(game, "12356" if game.target != "raise" else "11111")
        take(game, None)
    assert seats == [0, 1, 2]
    assert game.phase == "over" and game.current_seat is None


def test_casino_starts_after_the_placing_turn_ends():
    game = new_game(2)
    fill_board(game, list(CARDS[:11]))
    assert not game.casino and game.current_seat == 1
    place_by_yahtzee(game, CARDS[11])
    assert game.casino and game.placer == 1 and game.current_seat == 0
    assert game.casino_left == 2


def casino_game() -> KaartspelGame:
    """2 players, the board full (Anna placed the 12th card), Bram's Casino turn next."""
    game = new_game(2)
    fill_board(game)
    assert game.placer == 1 or game.placer == 0
    return game


def test_casino_steal_chains_and_red_is_compulsory():
    game = casino_game()
    seat = game.current_seat
    assert seat is not None
    # find a roll landing next to an opponent's card
    roll = next(r for r in range(1, 7)
                if (c := game.board[(game.pawns[seat] + r) % 16]) is not None
                and game.cards[c].owner != seat)
    red(game, roll)
    card = game.board[game.pawns[seat]]
    throws(game, "11111")                          # a Yahtzee steals it (a challenge if token)
    take(game, card)
    assert game.cards[card].owner == seat
    assert game.current_seat == seat and game.phase == "move"
    assert code_of(throws, game, "12345") == "must_move"
    assert code_of(game.apply, {"type": "stop"}) == "cannot_stop"
    red(game, 1)
    assert game.current_seat == seat


def test_casino_failure_ends_the_turn_and_game_ends():
    game = casino_game()
    first = game.current_seat
    red(game, safe_roll(game))
    throws(game, "12356")
    take(game, None)
    assert game.current_seat != first and game.casino_left == 1
    red(game, safe_roll(game))
    throws(game, "12356")
    take(game, None)
    assert game.finished and game.current_seat is None
    assert code_of(red, game, 3) == "game_over"
    assert game.finished_games(0) == [game.totals()]
    assert game.finished_games(len(game.events)) == []


def test_casino_raise_success_ends_the_turn():
    game = new_game(2)
    step(game, 1, "22456", "twos")             # Anna's twos 20 on space 1
    fill_board(game)
    seat = game.current_seat
    assert game.casino
    # Drive until Anna (seat 0) is next to twos at a JOKER corner or on space 1: use the
    # JOKER corner 0 (from space 15 etc.) -- simpler: Anna's pawn position is known.
    game2 = game.copy()
    for r in range(1, 7):
        g = game2.copy()
        if g.current_seat != 0:
            red(g, safe_roll(g))
            throws(g, "12356")
            take(g, None)
        sq = (g.pawns[0] + r) % 16
        if sq in CORNERS:
            red(g, r)
            throws(g, "22236")
            take(g, "twos")
            assert g.cards["twos"].score == 30 and g.pawns[0] == 1
            assert g.current_seat != 0 or g.finished
            return
    assert seat is not None
    pytest.skip("no JOKER corner in reach for this board")


def test_ties_share_the_win():
    game = new_game()
    step(game, 2, "33312", "threes")
    step(game, 1, "44412", "three_of_a_kind")
    assert game.totals() == [30, 30]
    assert game.winners() == ["Anna", "Bram"]


# ------------------------------------------------------------------------------------------
# Actions, views


def test_actions_parse_and_act():
    game = KaartspelGame(["A", "B"], resources=Resources(random.Random(3), lambda: 0.0))
    assert game.parse_action("start", {}) == Start()
    assert game.parse_action("throw", {"keep": [3, 1]}) == Throw((1, 3))
    assert game.parse_action("take", {"card": None}) == Take(None)
    assert game.parse_action("stop", {}) == Stop()
    for name, body in (("fly", {}), ("take", {}), ("take", {"card": "yahtzee"}),
                       ("throw", {"keep": "01"})):
        with pytest.raises(RuleError):
            game.parse_action(name, body)
    game.act(Start())
    out = game.act(Roll())
    assert out.events[0]["type"] == "red" and 1 <= out.summary["roll"] <= 6
    assert game.phase == "throw"
    out = game.act(Throw())
    assert len(out.summary["dice"]) == 5
    with pytest.raises(RuleError):
        game.act(Throw((0, 1, 2, 3, 4)))
    game.act(Throw((0, 1)))
    assert game.events[-1]["keep"] == [0, 1]
    with pytest.raises(RuleError):
        game.act(Roll())
    game.act(Take(None))
    assert game.current_seat is not None
    assert not game.expire() and game.deadline() is None
    with pytest.raises(RuleError) as info:
        preview(game, {})
    assert info.value.code == "no_preview"


def test_view_board():
    game = new_game()
    step(game, 2, "55555", "large_straight")
    red(game, 1)
    throws(game, "22456")
    shown = view(game, 1)
    assert shown["mode"] == "kaartspel" and shown["phase"] == "throw"
    assert shown["current_player"] == "Bram" and shown["dice"] == [2, 2, 4, 5, 6]
    space = shown["spaces"][2]
    assert space == {"space": 2, "kind": "card", "corner_of": None, "card": "large_straight",
                     "owner": 0, "score": 70, "token": True, "pawns": [0]}
    assert shown["spaces"][8]["corner_of"] == 1 and shown["spaces"][4]["corner_of"] is None
    take_opt = next(o for o in shown["options"] if o["action"] == "take")
    assert take_opt["cards"]["twos"]["score"] == 20
    assert shown["history"][0]["points"] == 70 and shown["history"][0]["player"] == "Anna"
    assert view(game, 0)["options"] == []


def test_game_and_players_follow_the_contract():
    from wordyahtzee.advisor.kaartspel.players import computer_player
    from wordyahtzee.modes.contract import ComputerPlayer, Game

    game = new_game()
    assert isinstance(game, Game)
    player: ComputerPlayer = computer_player("strong")
    assert player.level == "strong"


def test_view_options_next_to_own_card_and_take_summary():
    game = anna_back_at_twos()
    options = view(game)["options"]
    assert options == [{"action": "roll"}, {"action": "throw", "throws_left": 3, "raise": "twos"},
                       {"action": "stop"}]
    throws(game, "22236")
    assert view(game)["target"] == "raise"
    out = game.act(Take("twos"))
    assert out.summary == {"card": "twos", "kind": "raise", "score": 30, "space": 1,
                           "token": False, "yahtzee": False}
    assert view(game)["history"][-1]["points"] == 10


def _roll_to(game: KaartspelGame, want) -> int | None:
    seat = game.current_seat
    assert seat is not None
    return next((x for x in range(1, 7) if want((game.pawns[seat] + x) % 16)), None)


def test_casino_chained_steals_until_a_throw_fails():
    game = casino_game()
    seat = game.current_seat
    assert seat is not None

    def opponents_card(square: int) -> bool:
        card = game.board[square]
        return card is not None and game.cards[card].owner != seat

    steals = 0
    for _ in range(2):
        roll = _roll_to(game, opponents_card)
        if roll is None:
            break
        red(game, roll)
        throws(game, "33333")                      # a Yahtzee: a steal (or a challenge)
        take(game, game.board[game.pawns[seat]])
        steals += 1
        assert game.current_seat == seat and game.phase == "move"
    assert steals == 2
    red(game, safe_roll(game))
    if game.phase == "throw":
        throws(game, "12356")
        take(game, None)
    else:
        game.apply({"type": "stop"})
    assert game.current_seat != seat
    chain = game.turns[-2]["steps"]
    assert [next(iter(x)) for x in chain][:5] == ["red", "throws", "red", "throws", "red"]


def test_casino_joker_steal_moves_on_with_a_compulsory_move():
    game = casino_game()
    seat = game.current_seat
    assert seat is not None
    roll = _roll_to(game, lambda sq: sq in CORNERS)
    if roll is None:
        pytest.skip("no JOKER corner in reach")
    victim = next(c for c in CARDS[:6]
                  if game.cards[c].owner != seat and not game.cards[c].token)
    face = str(CARDS.index(victim) + 1)
    other = "1" if face != "1" else "2"
    red(game, roll)
    throws(game, face * 4 + other)                 # 40 >= 40: an ordinary steal
    options = game.take_options()
    assert options[victim].kind == "steal" and not options[victim].yahtzee
    take(game, victim)
    assert game.cards[victim].owner == seat and game.pawns[seat] == game.cards[victim].space
    assert game.phase == "move" and game.current_seat == seat
