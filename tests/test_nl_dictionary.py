"""Facts of the shipped Dutch dictionaries that players rely on (``dictionaries/README.md``).

The word lists are built by ``scripts/build_nl_dictionary.py`` and
``scripts/build_nl_basis.sh``; these tests read the shipped files and the reviewed lists
beside them, so a rebuild that breaks a promise fails here.
"""

from __future__ import annotations

from functools import cache

import pytest

from scripts import build_nl_basis_excluded, build_nl_dictionary
from wordyahtzee.letters import fold
from wordyahtzee.lexicon import load_lexicon

from .support.nl_dictionary import DICT, nl_words


@cache
def folded(name: str) -> frozenset[str]:
    """The words of a shipped dictionary as the game looks them up (folded)."""
    return frozenset(fold(w) for w in load_lexicon(name))


def test_the_two_letter_list_is_the_authority() -> None:
    table = build_nl_dictionary.load_two_letter()
    two = {w for w in folded("nl") if len(w) == 2}
    assert two == {w for w, verdict in table.items() if verdict.keep}
    assert {"ei", "ui", "uk", "os", "ka", "jo", "oe", "at"} <= two
    assert not {"tv", "cd", "km", "bv", "pc", "id", "am", "to", "up", "co", "et", "st"} & two
    assert {"hm", "pf"} <= two  # interjections, though also unit symbols


def test_every_two_letter_row_has_a_reason() -> None:
    rows = build_nl_dictionary.read_tsv(DICT / "nl-two-letter.tsv")
    assert len(rows) > 100
    assert all(len(r) == 3 and r[1] in ("keep", "drop") and len(r[2]) >= 3 for r in rows)


def test_the_supplement_is_in() -> None:
    supplement = build_nl_dictionary.load_supplement()
    assert {"okee", "okido", "geappt", "emoji", "twerken", "voilà"} <= set(supplement)
    assert set(supplement) <= nl_words()
    assert all(source.strip() for source in supplement.values())


@pytest.mark.parametrize("word", [
    # fragments of multi-word entries, in none of OpenTaal's lists
    "cetera", "smiths", "coffees", "toys", "aanschijns", "bedde", "abeundi", "uursdienst",
    "duplo", "sterling", "avonds", "feite",
    # English, French, German, Latin words
    "the", "without", "money", "oui", "wichtig", "ipso", "charger", "happy",
    # English inflections in OpenTaal's unreviewed inflection file
    "turtlenecks", "jubilees", "scrimmages", "lorries", "merchandisers", "eggheads",
    # names written in lower case
    "tjerk", "amanda", "anita", "aad", "eddy", "tjerken",
    # abbreviations
    "apk", "hbo", "tv", "cd", "ov",
])
def test_foreign_words_fragments_and_abbreviations_are_out(word: str) -> None:
    assert fold(word) not in folded("nl")


@pytest.mark.parametrize("words", [
    ("date", "dates"), ("gun", "gunnen", "gunt"), ("tem", "temmen"), ("visite", "visites"),
    ("goal", "goals"), ("home", "homes"), ("pump", "pumps"), ("editor", "editors"),
    ("rende", "rennen"), ("viste", "vissen"), ("these", "theses"), ("matrix", "matrices"),
    ("sachet", "sachets"), ("coiffure", "coiffures"), ("moderator", "moderators"),
    ("fors", "forse", "forser"), ("calorie", "calorieën"), ("riposte", "ripostes", "riposteren"),
    ("gremium", "gremia"), ("uniform", "uniforms"), ("dal", "dalen"),
])
def test_a_family_is_in_or_out_together(words: tuple[str, ...]) -> None:
    assert all(fold(w) in folded("nl") for w in words)


@pytest.mark.parametrize("words", [("boulanger", "boulangers"), ("tjerk", "tjerken"),
                                   ("fortnight", "fortnights"), ("without",)])
def test_a_foreign_family_is_out_together(words: tuple[str, ...]) -> None:
    assert not any(fold(w) in folded("nl") for w in words)


def test_unreviewed_english_words_that_are_dutch_stay() -> None:
    assert {"desperate", "immune", "obsolete", "solider", "braver", "curricula", "fungi",
            "gentlemen", "bare"} <= folded("nl")


@pytest.mark.slow
def test_nl_basis_has_no_form_of_a_minus_word() -> None:
    gen = build_nl_basis_excluded
    basis = folded("nl-basis")
    minus = gen.read_list(gen.MINUS)
    family = gen.minus_family(sorted(basis), minus, set(folded("nl")))
    assert family == {}, family
    assert not {"kut", "kutwijf", "hoertje", "neukt", "pornofilm", "kinderporno",
                "klootzakken"} & basis
    assert {"negeren", "pikken", "wetering", "fiets"} <= basis


def test_nl_basis_has_no_english_words() -> None:
    gen = build_nl_basis_excluded
    english = set(gen.read_list(gen.ENGLISH))
    basis = folded("nl-basis")
    assert not english & basis
    assert not {"have", "these", "stuff", "keep", "her", "market"} & basis
    assert {"arm", "hand", "winter", "even", "team", "weekend", "computer"} <= basis


def test_the_excluded_list_is_current() -> None:
    """``build_nl_basis.excluded.txt`` is generated: rebuild with scripts/build_nl_basis.sh."""
    gen = build_nl_basis_excluded
    excluded = set(gen.read_list(gen.OUT))
    assert set(gen.read_list(gen.MINUS)) | set(gen.read_list(gen.ENGLISH)) <= excluded
