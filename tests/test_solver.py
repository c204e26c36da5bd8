"""The solver against an independent brute force on the real ``nl`` dictionary.

The brute force below shares nothing with the solver but the rules of
:mod:`wordyahtzee.modes.woord` (``is_formable``, ``words_score``): it scans every word of
the dictionary for each throw and tries every combination of formable words (branch and
bound, with bounds that are obviously safe).
"""

from __future__ import annotations

import itertools
import json
import random
import string
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wordyahtzee.dice import DiceSet
from wordyahtzee.errors import RuleError
from wordyahtzee.letters import VOWELS
from wordyahtzee.lexicon import Lexicon, load_lexicon
from wordyahtzee.modes.woord import (
    BOXES,
    ScoreSheet,
    WoordGame,
    WoordRules,
    is_formable,
    words_score,
)
from wordyahtzee.solver import (
    BoxResult,
    Solver,
    SolverIndex,
    get_solver,
    legal_claims,
    parse_rack,
    rank_claims,
    solve,
)

from .support.clock import Clock

LEXICON = load_lexicon("nl")
DICE = DiceSet.load("nl")
SOLVER = get_solver(LEXICON, DICE)
SETTINGS = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow],
                    derandomize=True)

Found = list[tuple[str, int]]


class BruteForce:
    """Every word of the dictionary against every throw, the slow and obvious way."""

    def __init__(self, lexicon: Lexicon, dice: DiceSet, min_length: int = 2) -> None:
        self.dice = dice
        self.min_length = min_length
        # The whole dictionary; words longer than the dice count can never be laid. A
        # word's frequency rank counts among the words that fit on the dice (rank 0: the
        # most frequent; equal frequencies alphabetically), as docs/solver.md defines it.
        ordered = sorted(((w, z) for w, z in lexicon.frequencies() if len(w) <= dice.size),
                         key=lambda wz: (-wz[1], wz[0]))
        self.rank = {w: r for r, (w, _) in enumerate(ordered)}
        self.words = [w for w, _ in ordered if len(w) >= min_length]

    def formable(self, faces: str) -> Found:
        """Every formable word with its score, by score, then frequency, then alphabet."""
        found = [(w, words_score((w,), faces, self.dice)) for w in self.words
                 if is_formable((w,), faces)]
        found.sort(key=lambda ws: (-ws[1], self.rank[ws[0]]))
        return found

    @staticmethod
    def single(found: Found, length: int | None = None) -> tuple[int, tuple[str, ...]]:
        """The best single word (of ``length`` letters): the first in the sorted list."""
        for word, score in found:
            if length is None or len(word) == length:
                return score, (word,)
        return 0, ()

    def _search(self, faces: str, count: int | None, found: Found,
                accept: Callable[[tuple[str, ...], int], bool], floor: list[int],
                rank_cap: int | None = None, most: int | None = None) -> bool:
        """Depth-first over claims of ``count`` words (``None``: any number) on disjoint
        dice, each multiset of words once; ``accept(words, score)`` returning True stops
        the search. Branches that cannot reach ``floor[0]`` are cut: a word's own score
        bounds what it adds to a claim, ``found`` is sorted by score, and no claim scores
        more than all the real dice together. With ``rank_cap``, claims whose rank sum
        exceeds it are cut too (ranks are never negative); ``most`` caps the word count."""
        limit = count if count is not None else most or self.dice.size // self.min_length
        ceiling = sum(self.dice.value(f) for f in faces if f != "?")  # every real die used

        def extend(start: int, words: tuple[str, ...], bound: int, ranks: int) -> bool:
            if (words and (count is None or len(words) == count)
                    and accept(words, words_score(words, faces, self.dice))):
                return True
            if len(words) == limit:
                return False
            left = limit - len(words)
            room = self.dice.size - sum(map(len, words))  # dice not yet used
            if count is not None:
                room -= (left - 1) * self.min_length  # the words still to come need dice
            if ceiling < floor[0]:
                return False
            for i in range(start, len(found)):
                word, score = found[i]
                if bound + left * score < floor[0]:
                    return False
                if len(word) > room:
                    continue
                rank = ranks + self.rank[word]
                if rank_cap is not None and rank > rank_cap:
                    continue
                if is_formable((*words, word), faces) and extend(i, (*words, word),
                                                                  bound + score, rank):
                    return True
            return False

        return extend(0, (), 0, 0)

    def best_score(self, faces: str, count: int | None,
                   found: Found) -> int:
        """The best total of exactly ``count`` words (``None``: one or more) on disjoint
        dice; 0 when there is no such claim."""
        top = [-1]
        floor = [0]

        def accept(words: tuple[str, ...], score: int) -> bool:
            if score > top[0]:
                top[0] = score
                floor[0] = score + 1  # only strictly better claims are of interest now
            return False

        self._search(faces, count, found, accept, floor)
        return max(top[0], 0)

    def exists(self, faces: str, count: int | None, found: Found) -> bool:
        """Is there any claim of ``count`` words (``None``: one or more)?"""
        return self._search(faces, count, found, lambda words, score: True, [0])

    def better(self, faces: str, count: int | None, found: Found,
               score: int, words: tuple[str, ...]) -> tuple[str, ...] | None:
        """A claim that beats ``words`` (total ``score``) under the documented order —
        higher total; then (``chance``) fewer words; then a smaller sum of frequency
        ranks — or None when there is none."""
        key = (len(words), self.rank_sum(words))

        def accept(other: tuple[str, ...], other_score: int) -> bool:
            if other_score > score:
                return True
            if other_score < score:
                return False
            other_key = (len(other) if count is None else key[0], self.rank_sum(other))
            return other_key < key

        found_claim: list[tuple[str, ...]] = []

        def record(other: tuple[str, ...], other_score: int) -> bool:
            if accept(other, other_score):
                found_claim.append(other)
                return True
            return False

        cap = None if count is None else key[1]  # chance: fewer words may cost more ranks
        self._search(faces, count, found, record, [score], cap, len(words))
        return found_claim[0] if found_claim else None

    def rank_sum(self, words: tuple[str, ...]) -> int:
        """The documented tie-break: the smaller sum of frequency ranks wins."""
        return sum(self.rank[w] for w in words)


BRUTE = BruteForce(LEXICON, DICE)


def check_against_brute_force(solver: Solver, brute: BruteForce, faces: str) -> None:
    """Every box and every word of the solver against the brute force."""
    solution = solver.solve(faces)
    found = brute.formable(faces)
    # every formable word, scored by the rules, in the documented order
    assert [(w.word, w.score) for w in solution.words] == found
    boxes = solution.boxes
    assert list(boxes) == list(BOXES)
    for size in range(2, 7):
        box = boxes[f"letters_{size}"]
        assert (box.score, box.words) == brute.single(found, size), size
    assert (boxes["one_word"].score, boxes["one_word"].words) == brute.single(found)
    seven = brute.single(found, DICE.size)
    assert boxes["woord_yahtzee"].words == seven[1]
    assert boxes["woord_yahtzee"].score == (50 if seven[1] else 0)
    for box, count in (("two_words", 2), ("three_words", 3), ("chance", None)):
        best = boxes[box]
        if not best.words:
            assert best.score == 0
            assert not brute.exists(faces, count, found), box
            continue
        assert count is None or len(best.words) == count
        assert all(LEXICON.is_valid(w) and len(w) >= brute.min_length for w in best.words)
        assert is_formable(best.words, faces)
        assert words_score(best.words, faces, DICE) == best.score
        assert best.score == brute.best_score(faces, count, found), box
        assert brute.better(faces, count, found, best.score, best.words) is None, box
    real = [f for f in faces if f != "?"]
    assert boxes["vowels"].score == (25 if all(f in VOWELS | {"y"} for f in real) else 0)
    assert boxes["consonants"].score == (
        25 if all(f not in VOWELS | {"y"} for f in real) else 0)
    assert not boxes["vowels"].words and not boxes["consonants"].words


throws = st.tuples(*(st.sampled_from(DICE.letters(d)) for d in range(DICE.size))).map(
    "".join)
blanked = st.tuples(throws, st.integers(0, DICE.size - 1)).map(
    lambda ti: ti[0][:ti[1]] + "?" + ti[0][ti[1] + 1:])
any_letters = st.text(alphabet=string.ascii_lowercase + "?", min_size=7, max_size=7).filter(
    lambda s: s.count("?") <= 2)


@pytest.mark.slow
@settings(SETTINGS, max_examples=30)
@given(throws)
def test_throws_of_the_dice_set(faces):
    check_against_brute_force(SOLVER, BRUTE, faces)


@pytest.mark.slow
@settings(SETTINGS, max_examples=25)
@given(blanked)
def test_throws_with_the_blank(faces):
    check_against_brute_force(SOLVER, BRUTE, faces)


@settings(SETTINGS, max_examples=12)
@given(any_letters)
def test_any_letters_even_two_blanks(faces):
    check_against_brute_force(SOLVER, BRUTE, faces)


@pytest.mark.parametrize("faces", [
    "kusnatl", "kussent", "eeeeeee", "?eeeeee", "aeiouy?", "bcdfgh?", "starten", "?tarten",
    "??aenst", "qqqqqqq", "?qqqqqq", "ijsberg", "ab??cde",
])
def test_chosen_throws(faces):
    check_against_brute_force(SOLVER, BRUTE, faces)


def test_design_examples():
    kusnatl = SOLVER.solve("kusnatl").boxes
    assert kusnatl["letters_2"].score == 7 and kusnatl["letters_6"].words == ("klunst",)
    assert kusnatl["two_words"].score == 16
    assert SOLVER.solve("kussent").boxes["letters_6"].words == ("kussen",)
    # a real die beats the blank: "starten" scores 11 from real dice, 10 with the blank
    assert SOLVER.solve("starten").best("one_word") == BoxResult("one_word", 11, ("starten",))
    assert SOLVER.solve("st?rten").boxes["one_word"].score == 10
    assert SOLVER.solve("start?n").boxes["one_word"].score == 10


@pytest.mark.parametrize("rules, faces", [
    (WoordRules(min_word_length=3), "kussent"),
    (WoordRules(min_word_length=3), "?ilrdeb"),
    (WoordRules(min_word_length=1), "aouenst"),
    (WoordRules(y_is_vowel=False), "bcdfgy?"),
])
def test_rules_options(rules, faces):
    solver = Solver(LEXICON, DICE, rules)
    brute = BruteForce(LEXICON, DICE, rules.min_word_length)
    solution = solver.solve(faces)
    found = brute.formable(faces)
    assert [(w.word, w.score) for w in solution.words] == found
    for box, count in (("one_word", 1), ("two_words", 2), ("three_words", 3),
                       ("chance", None)):
        best = solution.boxes[box]
        assert best.score == brute.best_score(faces, count, found), box
        assert all(len(w) >= rules.min_word_length for w in best.words)
    consonants = solution.boxes["consonants"].score
    assert consonants == (25 if faces == "bcdfgy?" and not rules.y_is_vowel else 0)


def test_deterministic_whatever_the_order():
    rnd = random.Random(5)
    for faces in ("kusnatl", "aenrs?t", "eeaoiu?"):
        first = SOLVER.solve(faces).to_json()
        for _ in range(5):
            shuffled = "".join(rnd.sample(faces, len(faces)))
            again = SOLVER.solve(shuffled.upper()).to_json()
            assert again["boxes"] == first["boxes"] and again["words"] == first["words"]


def test_a_fresh_index_gives_the_same_answers(tmp_path, monkeypatch):
    monkeypatch.setenv("WORDYAHTZEE_CACHE_DIR", str(tmp_path))
    built = SolverIndex.load(LEXICON, 7)
    files = list((tmp_path / "solver").iterdir())
    assert len(files) == 1 and LEXICON.info.checksum[:16] in files[0].name
    loaded = SolverIndex.load(LEXICON, 7)
    assert loaded.words == built.words and loaded.exact == built.exact
    assert loaded.missing == built.missing
    files[0].write_bytes(b"garbage")  # a damaged cache file is rebuilt, not trusted
    assert SolverIndex.load(LEXICON, 7).exact == built.exact
    fresh = Solver(LEXICON, DICE, index=built)
    for faces in ("kusnatl", "?ilrdeb"):
        assert fresh.solve(faces).to_json() == SOLVER.solve(faces).to_json()


def test_threads_share_a_fresh_solver():
    """The web server solves from many threads at once; a fresh index must not race."""
    import threading

    racks = ["kusnatl", "?ilrdeb", "aenrs?t", "mlnrtes", "aeouiws", "dezitsb", "hjlnrea"]
    expected = [SOLVER.solve(r).to_json() for r in racks]
    for _ in range(3):
        fresh = Solver(LEXICON, DICE, index=SolverIndex.build(LEXICON, 7))
        results: dict[int, object] = {}

        def work(i: int, solver: Solver = fresh, results: dict[int, object] = results) -> None:
            try:
                results[i] = solver.solve(racks[i]).to_json()
            except Exception as exc:  # reported below as a failure
                results[i] = exc

        threads = [threading.Thread(target=work, args=(i,)) for i in range(len(racks))]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert [results[i] for i in range(len(racks))] == expected


def test_equal_scores_go_to_the_common_word():
    words = SOLVER.solve("aenrst?").words
    for a, b in itertools.pairwise(words):
        if a.score == b.score:
            assert (LEXICON.zipf(a.word), b.word) >= (LEXICON.zipf(b.word), a.word)


def test_a_small_dictionary_and_no_words():
    lexicon = Lexicon.from_words(["kat", "tak", "at", "kast"], name="tiny")
    solution = Solver(lexicon, DICE, cache=False).solve("katsxyz")
    assert solution.boxes["letters_4"].words == ("kast",)
    assert solution.boxes["letters_3"].words == ("kat",)  # same frequency: alphabetical
    assert solution.boxes["two_words"].score == 0 and solution.boxes["two_words"].words == ()
    assert solution.boxes["chance"].words == ("kast",)
    assert solution.boxes["woord_yahtzee"].score == 0


@pytest.mark.parametrize("text, message", [
    ("kusnat", "7 faces, not 6"), ("kusnatlk", "not 8"), ("kus1atl", "'1' is not a letter"),
    ("kus-atl", "'-' is not"), ("", "not 0"),
])
def test_bad_faces_are_refused(text, message):
    with pytest.raises(RuleError, match=message):
        SOLVER.solve(text)


def test_faces_are_folded():
    assert parse_rack("KÜSNATL") == "kusnatl"
    assert solve("Kusnatl").boxes == SOLVER.solve("kusnatl").boxes


# -- claims with a score sheet -------------------------------------------------------------

def test_rank_claims_counts_the_upper_bonus():
    solution = SOLVER.solve("kusnatl")
    sheet = ScoreSheet()
    sheet.boxes.update(letters_2=7, letters_3=10, letters_4=12, letters_5=0)
    claims = rank_claims(solution, sheet, round_box="letters_6")
    first = claims[0]
    assert first.claim.box == "letters_6" and first.points == 15
    assert first.gain == 15 + 35  # 29 + 15 = 44 reaches the 40 of the bonus
    boxes = [c.claim.box for c in claims]
    assert "chance" in boxes and "woord_yahtzee" not in boxes and "vowels" not in boxes
    gains = [c.gain for c in claims]
    assert gains == sorted(gains, reverse=True)


def test_rank_claims_bonus_and_late_throws():
    solution = SOLVER.solve("starten")
    sheet = ScoreSheet()
    sheet.boxes.update(woord_yahtzee=50, chance=20)
    claims = {c.claim.box: c for c in rank_claims(solution, sheet, throws=3)}
    assert claims["woord_yahtzee"].points == 100 and claims["woord_yahtzee"].gain == 100
    assert claims["woord_yahtzee"].claim.zero_box == "letters_2"  # free order: first open
    assert "chance" not in claims  # filled, and too late anyway
    assert set(claims) == {"woord_yahtzee", *(b for b in BOXES[:8])}
    early = {c.claim.box for c in rank_claims(solution, ScoreSheet(), throws=2)}
    assert {"chance", "woord_yahtzee"} <= early
    assert "chance" not in {c.claim.box for c in rank_claims(solution, ScoreSheet(), throws=3)}


def _game(free_order: bool) -> WoordGame:
    rules = WoordRules(turn_seconds=None, free_order=free_order)
    return WoordGame(["Anna"], rules, lexicon=LEXICON, dice_set=DICE,
                     rng=random.Random(3), clock=Clock())


@pytest.mark.parametrize("free_order", [False, True])
def test_legal_claims_for_a_live_game(free_order):
    game = _game(free_order)
    assert legal_claims(game) == []  # nothing thrown yet
    rnd = random.Random(11)
    for _ in range(6):
        game.throw()
        claims = legal_claims(game)
        assert claims and [c.gain for c in claims] == sorted((c.gain for c in claims),
                                                             reverse=True)
        for ranked in claims:
            assert game.evaluate(ranked.claim) == ranked.points
            copy = WoordGame.from_json(json.loads(json.dumps(game.to_json())),
                                       lexicon=LEXICON, dice_set=DICE, clock=Clock())
            before = copy.sheets[0].total
            copy.claim(ranked.claim.box, ranked.claim.words, ranked.claim.zero_box)
            assert copy.sheets[0].total - before == ranked.gain
        choice = claims[rnd.randrange(len(claims))].claim
        game.claim(choice.box, choice.words, choice.zero_box)


def test_a_letter_no_die_shows_is_a_rule_error():
    """``solve`` (and the CLI, the web) refuse faces the dice set cannot show, with a code
    of their own; the engine's ``Solver.solve`` still scores them 0 when asked plainly."""
    with pytest.raises(RuleError, match="the letter 'y'") as caught:
        solve("yoghurt")
    assert caught.value.code == "letter_not_on_dice"
    with pytest.raises(RuleError, match="dice set 'nl'"):
        parse_rack("kusnatq", 7, DICE)
    assert parse_rack("kus?atl", 7, DICE) == "kus?atl"
    assert SOLVER.solve("yoghurt").boxes["letters_2"].score >= 0


def test_recent_throws_are_cached_by_their_sorted_faces():
    solver = Solver(LEXICON, DICE, index=SOLVER.index, recent=8)
    first = solver.solve("kusnatl")
    again = solver.solve("LTANSUK")
    assert again.letters == "ltansuk" and again.boxes == first.boxes
    assert again.boxes is not first.boxes  # each Solution owns its dict
    info = solver.cache_info()
    assert info.hits == 1 and info.misses == 1
    plain = Solver(LEXICON, DICE, index=SOLVER.index, recent=0)
    for faces in ("kusnatl", "?ilrdeb", "ab??cde"):
        assert plain.solve(faces).to_json() == solver.solve(faces).to_json()
    assert plain.cache_info().hits == 0
