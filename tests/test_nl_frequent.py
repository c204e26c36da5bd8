"""The frequent words of Dutch text (``dictionaries/nl-frequent.tsv``): every one that ``nl``
refuses has a written verdict, the ordinary ones are in, and names, abbreviations and words
of other languages stay out."""

from __future__ import annotations

import pytest

from scripts import audit_frequent as audit
from scripts import build_nl_dictionary as build
from scripts import nl_forms as forms
from wordyahtzee.letters import fold, is_plain_word
from wordyahtzee.lexicon import load_lexicon


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


@pytest.mark.slow
def test_every_form_past_the_frequent_words_that_nl_refuses_has_a_written_verdict() -> None:
    """The check of scripts/nl_forms.py (the -s plurals and diminutives of listed words, and
    the words Dutch text also writes with diacritics, past wordfreq's 60,000 most frequent
    words, at Zipf 2.0 or more) finds no word that nl refuses without a written verdict:
    koffies, blousje and abbe were such words."""
    judged = forms.judged()
    found = forms.find()
    assert len(found) > 500
    unjudged = [w for w, _, _ in found if w not in judged and fold(w) not in judged]
    assert unjudged == []


def test_no_frequent_verdict_is_left_unsure() -> None:
    """Every verdict the first reader marked unsure was read a second time: the lists say
    the second verdict, and the record of both readings holds each such word."""
    record = (build.DICT_DIR / "audit" / "second-reading").glob("*.tsv")
    read_twice = {line.split("\t")[0] for path in record
                  for line in path.read_text(encoding="utf-8").splitlines()
                  if line and not line.startswith("#")}
    for path in (build.FREQUENT_FILE, build.TWO_LETTER_FILE):
        unsure = [w for w, v in build.load_verdicts(path).items() if "unsure" in v.reason]
        assert unsure == [], path.name
    second = [w for w, v in build.load_verdicts(build.FREQUENT_FILE).items()
              if v.reason.endswith("(second reading)")]
    assert len(second) > 180 and set(second) <= read_twice


@pytest.mark.parametrize("word", [
    "models", "slides", "juniors", "comics", "ballads", "awards", "credits", "vosje",
    "vosjes", "shotje", "shotjes", "venus", "siemens", "madeira", "vichy", "lingo", "juice",
    "pubquiz", "appeal", "oculus", "joehoe", "parti", "patron", "eta", "tau", "slide",
    "teampje", "voorwaardes", "dealt", "kuifje",
    # read a second time after the first reader was unsure, or left for the next reading
    "rookie", "senna", "pipi", "klere", "deco", "bla", "feed", "okay", "bong", "queer",
    "penne", "dharma", "slob", "blend", "tokens", "xi", "amish",
    # forms past the frequent words (scripts/nl_forms.py); the game folds diacritics
    "koffies", "blousje", "blousjes", "abbe", "abbé", "abbes", "bultje", "opgaves"])
def test_ordinary_frequent_words_are_in(word: str) -> None:
    assert load_lexicon("nl").is_valid(word)


@pytest.mark.parametrize("word", [
    "utrecht", "john", "belgië", "duitse", "japanse", "iphone", "the", "this", "girl",
    "your", "tv", "km", "btw", "feite", "oudsher", "glasje", "jongentje", "maartjes",
    "organizers", "antipodes",
    "aaaah", "hmmm", "vodka", "apollo", "extras", "paginas", "ideen", "wilje", "gevoels",
    "callens", "dale", "spare"])
def test_names_abbreviations_and_foreign_words_stay_out(word: str) -> None:
    assert is_plain_word(fold(word)) and not load_lexicon("nl").is_valid(word)
