"""The frequent words of Dutch text (``dictionaries/nl-frequent.tsv``): every one that ``nl``
refuses has a written verdict, the ordinary ones are in, and names, abbreviations and words
of other languages stay out."""

from __future__ import annotations

import pytest

from wordyahtzee.letters import fold, is_plain_word
from wordyahtzee.lexicon import load_lexicon

from .test_nl_dictionary import _script

build = _script("build_nl_dictionary")
audit = _script("audit_frequent")


def test_every_frequent_word_nl_refuses_has_a_written_verdict() -> None:
    """wordfreq's 60,000 most frequent lower-case Dutch words of 2-7 letters: each one the
    list refuses is decided by a line of nl-frequent.tsv, nl-verdicts.tsv or
    nl-two-letter.tsv."""
    lexicon = load_lexicon("nl")
    frequent = build.load_verdicts(build.FREQUENT_FILE)
    verdicts, two = build.load_verdicts(), build.load_two_letter()
    refused = [w for w, _ in audit.population() if not lexicon.is_valid(w)]
    assert len(refused) > 10_000
    unjudged = [w for w in refused
                if w not in frequent and w not in verdicts and fold(w) not in two]
    assert unjudged == []
    kept_but_refused = [w for w in refused if w in frequent and frequent[w].keep]
    assert kept_but_refused == []


@pytest.mark.parametrize("word", [
    "models", "slides", "juniors", "comics", "ballads", "awards", "credits", "vosje",
    "vosjes", "shotje", "shotjes", "venus", "siemens", "madeira", "vichy", "lingo", "juice",
    "pubquiz", "appeal", "oculus", "joehoe", "parti", "patron", "eta", "tau", "slide",
    "teampje", "voorwaardes", "dealt", "kuifje"])
def test_ordinary_frequent_words_are_in(word: str) -> None:
    assert load_lexicon("nl").is_valid(word)


@pytest.mark.parametrize("word", [
    "utrecht", "john", "belgië", "duitse", "japanse", "iphone", "the", "this", "girl",
    "your", "tv", "km", "btw", "feite", "oudsher", "glasje", "jongentje", "maartjes",
    "organizers", "antipodes"])
def test_names_abbreviations_and_foreign_words_stay_out(word: str) -> None:
    assert is_plain_word(fold(word)) and not load_lexicon("nl").is_valid(word)
