"""The optimal Woord Yahtzee strategy: the lattice transforms, a brute-force cross-check on
a game small enough to enumerate, the real ``nl`` table, and advice."""

from __future__ import annotations

import io
import itertools
import math
import statistics
from functools import cache
from pathlib import Path

import numpy as np
import pytest

from wordyahtzee.advisor.woord.lattice import Lattice
from wordyahtzee.advisor.woord.score_table import ScoreTable, score_table_key
from wordyahtzee.advisor.woord.simulate import simulate_woord, summarise
from wordyahtzee.advisor.woord.strategy import (
    SheetState,
    WoordStrategy,
    keep_means,
    load_woord_strategy,
)
from wordyahtzee.dice import DiceSet, Face
from wordyahtzee.errors import RuleError
from wordyahtzee.lexicon import Lexicon
from wordyahtzee.modes.woord import WoordRules, all_consonants, all_vowels, is_formable
from wordyahtzee.solver import Solver

# -- the lattice --------------------------------------------------------------------------


def test_lattice_transforms_match_a_loop_over_keep_masks() -> None:
    faces = (2, 3, 2, 4)
    lat = Lattice(faces)
    rng = np.random.default_rng(5)
    values = rng.random(faces)
    expect = lat.expectations(values)
    assert expect.shape == (3, 4, 3, 5)
    outcomes = list(itertools.product(*(range(f) for f in faces)))
    for outcome in outcomes:
        best = -math.inf
        for mask in range(1 << len(faces)):
            # the mean over every completion of the dice outside the mask
            choices = [[f] if mask >> i & 1 else list(range(faces[i]))
                       for i, f in enumerate(outcome)]
            mean = statistics.fmean(values[c] for c in itertools.product(*choices))
            assert expect[lat.index(outcome, mask)] == pytest.approx(mean, rel=1e-12)
            best = max(best, mean)
        outcome_best = best
        assert lat.best_keeps(expect.copy())[outcome] == pytest.approx(outcome_best)


def test_keep_means_are_the_lattice_at_one_outcome() -> None:
    """The keeps of one outcome, averaged over the dice thrown again, are the lattice's
    expectations at that outcome's partial outcomes (what advice used to read)."""
    faces = (2, 3, 2, 4)
    lat = Lattice(faces)
    rng = np.random.default_rng(8)
    values = rng.random(faces)
    expect = lat.expectations(values)
    for outcome in itertools.product(*(range(f) for f in faces)):
        means = keep_means(values, outcome)
        for mask in range(1 << len(faces)):
            bits = tuple(mask >> i & 1 for i in range(len(faces)))
            assert means[bits] == pytest.approx(expect[lat.index(outcome, mask)], rel=1e-12)


def test_lattice_float32_matches_float64() -> None:
    faces = (6,) * 5
    values = np.random.default_rng(1).random(faces) * 300
    lat = Lattice(faces)
    e64 = lat.best_keeps(lat.expectations(values))
    e32 = lat.best_keeps(lat.expectations(values.astype(np.float32)))
    assert np.max(np.abs(e64 - e32) / e64) < 1e-6


def test_aimed_turn_gives_the_known_chance_of_a_yahtzee() -> None:
    """Five alike within three throws, keeping the most common face: 2,783,176 / 6^10."""
    faces = np.indices((6,) * 5).reshape(5, -1)
    chance = Lattice((6,) * 5).aimed_turn((faces == faces[0]).all(axis=0))
    assert chance == pytest.approx(2_783_176 / 6 ** 10, abs=1e-12)


@pytest.mark.parametrize("throws", [1, 2, 3, 4])
def test_aimed_turn_on_one_die_is_one_minus_misses(throws: int) -> None:
    """One die aimed at a six: every throw misses with chance 5/6."""
    chance = Lattice((6,)).aimed_turn(np.arange(6) == 5, throws)
    assert chance == pytest.approx(1 - (5 / 6) ** throws, abs=1e-12)


# -- a game small enough to enumerate -----------------------------------------------------

WORDS = ["a", "e", "at", "ta", "te", "es", "kat", "tak", "kas", "set", "tas", "eet"]
TINY_DICE = DiceSet("tiny", (
    (Face("k", 3), Face("a", 1), Face("?", 0)),
    (Face("a", 1), Face("t", 2), Face("e", 1)),
    (Face("t", 2), Face("s", 2), Face("e", 1)),
))
TINY_RULES = WoordRules(min_word_length=1, upper_bonus_at=7)
ROUNDS = ("letters_2", "two_words", "letters_3")


def _tiny_scores(faces: str) -> dict[str, int]:
    """Best score per box by enumerating word combinations (independent of the solver)."""
    value = {f.letter: f.value for die in TINY_DICE.dice for f in die}

    def score(words: tuple[str, ...]) -> int:
        have = list(faces)
        total = 0
        for letter in "".join(words):
            if letter in have:
                have.remove(letter)
                total += value[letter]
            else:
                have.remove("?")
        return total

    def best(count: int, length: int | None = None) -> int:
        pool = [w for w in WORDS if length is None or len(w) == length]
        return max((score(c) for c in itertools.combinations_with_replacement(pool, count)
                    if is_formable(c, faces)), default=0)

    return {"letters_2": best(1, 2), "letters_3": best(1, 3), "two_words": best(2),
            "woord_yahtzee": 50 if best(1, 3) or any(is_formable((w,), faces)
                                                     for w in WORDS if len(w) == 3) else 0,
            "chance": max(best(1), best(2), best(3)),
            "consonants": 25 if all_consonants(faces) else 0,
            "vowels": 25 if all_vowels(faces) else 0}


def _brute_force_ev() -> float:
    """Expected final score by recursion over every throw, keep and claim."""
    dice = [[f.letter for f in die] for die in TINY_DICE.dice]
    outcomes = list(itertools.product(*dice))
    scores = {o: _tiny_scores("".join(o)) for o in outcomes}
    threshold = TINY_RULES.upper_bonus_at

    @cache
    def game(k: int, used: frozenset[str], upper: int) -> float:
        if k == len(ROUNDS):
            return 0.0
        return statistics.fmean(turn(k, used, upper, o, 1) for o in outcomes)

    def claims(k: int, used: frozenset[str], upper: int, o: tuple[str, ...],
               throws: int) -> list[float]:
        box = ROUNDS[k]
        s = scores[o]
        x = s[box]
        out = []
        if box.startswith("letters_"):
            bonus = 35 if upper < threshold <= upper + x else 0
            out.append(x + bonus + game(k + 1, used, upper + x))
        else:
            out.append(x + game(k + 1, used, upper))
        for special in ("consonants", "vowels", "chance", "woord_yahtzee"):
            if s[special] == 0:
                continue
            if special != "woord_yahtzee" and throws == 3:
                continue
            if special in used:
                if special == "woord_yahtzee":
                    out.append(100 + game(k + 1, used, upper))
                continue
            out.append(s[special] + game(k + 1, used | {special}, upper))
        return out

    @cache
    def turn(k: int, used: frozenset[str], upper: int, o: tuple[str, ...],
             throws: int) -> float:
        best = max(claims(k, used, upper, o, throws))
        if throws < 3:
            for keep in itertools.product((False, True), repeat=len(o)):
                if all(keep):
                    continue
                choices = [[o[i]] if kept else dice[i] for i, kept in enumerate(keep)]
                best = max(best, statistics.fmean(
                    turn(k, used, upper, n, throws + 1) for n in itertools.product(*choices)))
        return best

    return game(0, frozenset(), 0)


@pytest.fixture(scope="module")
def tiny_table() -> ScoreTable:
    lexicon = Lexicon.from_words(WORDS, name="tiny")
    return ScoreTable.build(Solver(lexicon, TINY_DICE, TINY_RULES, cache=False))


def test_score_table_matches_enumeration(tiny_table: ScoreTable) -> None:
    for row, o in enumerate(itertools.product(*(range(len(d)) for d in TINY_DICE.dice))):
        faces = "".join(TINY_DICE.letters(d)[f] for d, f in enumerate(o))
        expected = _tiny_scores(faces)
        for box, score in expected.items():
            assert tiny_table.column(box)[row] == score, (faces, box)


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
def test_dp_matches_brute_force(tiny_table: ScoreTable, dtype: type) -> None:
    strategy = WoordStrategy.compute(tiny_table, TINY_RULES.upper_bonus_at, ROUNDS,
                                     dtype=dtype)
    expected = _brute_force_ev()
    rel = 1e-12 if dtype is np.float64 else 1e-6
    assert strategy.expected_score == pytest.approx(expected, rel=rel)


def test_threads_share_a_round_and_give_the_same_table(tiny_table: ScoreTable) -> None:
    """compute's states of a round run on several threads: the table is the one thread's,
    to the bit (each state's sums do not depend on the thread or the order)."""
    one = WoordStrategy.compute(tiny_table, TINY_RULES.upper_bonus_at, ROUNDS,
                                workers=1)
    three = WoordStrategy.compute(tiny_table, TINY_RULES.upper_bonus_at, ROUNDS,
                                  workers=3)
    assert np.array_equal(one.values, three.values)
    assert one.expected_score == pytest.approx(_brute_force_ev(), rel=1e-12)


def test_advice_on_the_tiny_game(tiny_table: ScoreTable) -> None:
    strategy = WoordStrategy.compute(tiny_table, TINY_RULES.upper_bonus_at, ROUNDS)
    options = strategy.advise(SheetState(), 1, 1, "kas", TINY_DICE)
    assert options == sorted(options, key=lambda o: -o.ev)
    kinds = {o.kind for o in options}
    assert kinds == {"keep", "claim"}
    assert len([o for o in options if o.kind == "keep"]) == 7
    # the first throw's best option is worth the turn's mean over all first throws
    firsts = [strategy.advise(SheetState(), 1, 1, "".join(o), TINY_DICE)[0].ev
              for o in itertools.product(*(d for d in (TINY_DICE.letters(i)
                                                      for i in range(3))))]
    assert statistics.fmean(firsts) == pytest.approx(strategy.expected_score, rel=1e-6)
    after_third = strategy.advise(SheetState(), 1, 3, "kas", TINY_DICE)
    assert {o.kind for o in after_third} == {"claim"}
    assert "chance" not in {o.box for o in after_third}
    with pytest.raises(RuleError):
        strategy.advise(SheetState(), 1, 1, "zzz", TINY_DICE)


# -- the real nl table --------------------------------------------------------------------


@pytest.fixture(scope="session")
def nl_strategy(strategy_tables: None) -> WoordStrategy:
    return load_woord_strategy("nl", "nl", quiet=True)


def test_nl_strategy_ev_and_cache(nl_strategy: WoordStrategy) -> None:
    ev = nl_strategy.expected_score
    assert 300 < ev < 900
    again = load_woord_strategy("nl", "nl", quiet=True)
    assert again.expected_score == ev
    # values only fall as rounds pass
    assert np.all(np.diff(nl_strategy.values[:, 0, 0]) < 0)


def test_optimal_simulation_agrees_with_ev(nl_strategy: WoordStrategy) -> None:
    sim = simulate_woord("optimal", 300, seed=11)
    s = summarise(sim)
    se = s["stdev"] / math.sqrt(s["games"])
    assert abs(s["mean"] - nl_strategy.expected_score) < 4 * se


@pytest.mark.slow
def test_optimal_simulation_2000_games(nl_strategy: WoordStrategy) -> None:
    s = summarise(simulate_woord("optimal", 2000, seed=2026))
    se = s["stdev"] / math.sqrt(s["games"])
    assert abs(s["mean"] - nl_strategy.expected_score) < 4 * se


def test_corrupt_cache_is_rebuilt(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from wordyahtzee.advisor.woord import strategy as ws

    lexicon = Lexicon.from_words(WORDS, name="tiny")
    monkeypatch.setenv("WORDYAHTZEE_CACHE_DIR", str(tmp_path))
    first = load_woord_strategy(lexicon, TINY_DICE, rules=TINY_RULES, rounds=ROUNDS,
                                quiet=True)
    files = sorted((tmp_path / "woord-strategy").glob("strategy-*.npz"))
    assert len(files) == 1
    files[0].write_bytes(b"garbage")
    ws._STRATEGIES.clear()
    out = io.StringIO()
    again = load_woord_strategy(lexicon, TINY_DICE, rules=TINY_RULES, rounds=ROUNDS,
                                out=out)
    assert "corrupt" in out.getvalue()  # said, then rebuilt
    assert again.expected_score == pytest.approx(first.expected_score)
    ws._STRATEGIES.clear()
    out = io.StringIO()
    load_woord_strategy(lexicon, TINY_DICE, rules=TINY_RULES, rounds=ROUNDS, out=out)
    assert out.getvalue() == ""  # the rewritten file loads


def test_cache_keys_follow_dictionary_dice_and_rules() -> None:
    def key(words: list[str], dice: DiceSet = TINY_DICE,
            rules: WoordRules = TINY_RULES) -> str:
        return score_table_key(Solver(Lexicon.from_words(words, name="tiny"), dice, rules,
                                      cache=False))

    base = key(WORDS)
    assert key(list(reversed(WORDS))) == base
    assert key([*WORDS, "kast"]) != base  # a rebuilt dictionary: a new checksum
    other = DiceSet("tiny", (*TINY_DICE.dice[:2], (Face("t", 2), Face("s", 2), Face("a", 1))))
    assert key(WORDS, other) != base
    assert key(WORDS, rules=WoordRules(min_word_length=2)) != base


def test_best_only_is_the_first_option(tiny_table: ScoreTable) -> None:
    strategy = WoordStrategy.compute(tiny_table, TINY_RULES.upper_bonus_at, ROUNDS)
    for faces, throws in (("kas", 1), ("kte", 2), ("?ae", 3), ("aat", 1)):
        full = strategy.advise(SheetState(), 2, throws, faces, TINY_DICE)
        assert strategy.advise(SheetState(), 2, throws, faces, TINY_DICE,
                               best_only=True) == full[:1]
    with pytest.raises(RuleError):
        strategy.advise(SheetState(), 1, 0, "kas", TINY_DICE)
    with pytest.raises(RuleError):
        strategy.advise(SheetState(), 4, 1, "kas", TINY_DICE)


def test_advice_from_several_threads_agrees(tiny_table: ScoreTable) -> None:
    from concurrent.futures import ThreadPoolExecutor

    strategy = WoordStrategy.compute(tiny_table, TINY_RULES.upper_bonus_at, ROUNDS)
    queries = [(SheetState(frozenset(used), upper), rnd, throws, faces)
               for used in ((), ("chance",)) for upper in (0, 3) for rnd in (2, 3)
               for throws in (1, 2) for faces in ("kas", "?te", "ats")]
    serial = [strategy.advise(*q, TINY_DICE) for q in queries]
    fresh = WoordStrategy.compute(tiny_table, TINY_RULES.upper_bonus_at, ROUNDS)
    with ThreadPoolExecutor(4) as pool:
        parallel = list(pool.map(lambda q: fresh.advise(*q, TINY_DICE), queries))
    assert parallel == serial


def test_exact_breakdown_adds_up_to_the_ev(tiny_table: ScoreTable) -> None:
    from wordyahtzee.advisor.woord.breakdown import exact_breakdown

    strategy = WoordStrategy.compute(tiny_table, TINY_RULES.upper_bonus_at, ROUNDS)
    parts = exact_breakdown(strategy)
    ev = strategy.expected_score
    assert parts.expected_score == pytest.approx(ev, rel=1e-9)
    assert sum(parts.boxes.values()) + parts.upper_bonus + parts.woord_yahtzee_bonus == \
        pytest.approx(ev, rel=1e-9)
    assert 0 <= parts.p_upper_bonus <= 1 and 0 < parts.p_woord_yahtzee <= 1
    assert parts.upper_bonus == pytest.approx(35 * parts.p_upper_bonus)
    assert parts.boxes["woord_yahtzee"] == pytest.approx(50 * parts.p_woord_yahtzee)
