"""The Lexicon and the registry: membership, folding, anagrams, Zipf, metadata, the cache."""

from __future__ import annotations

import gzip
import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordyahtzee.errors import DictionaryError
from wordyahtzee.letters import _fold_unicode, fold, is_plain_word
from wordyahtzee.lexicon import Lexicon, LexiconInfo, find_dictionary, list_dictionaries
from wordyahtzee.lexicon.lexicon import FORMAT, WORDS_FILE, word_checksum
from wordyahtzee.lexicon.registry import (
    NAME_PATTERN,
    cached_tries,
    check_name,
    forget_loaded,
    is_dictionary_name,
    load_lexicon,
    user_dictionary_dir,
)
from wordyahtzee.lexicon.source import fold_entries, read_word_list


@pytest.fixture
def env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Private data and cache directories for one test."""
    monkeypatch.setenv("WORDYAHTZEE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("WORDYAHTZEE_CACHE_DIR", str(tmp_path / "cache"))
    forget_loaded()
    yield tmp_path
    forget_loaded()


def install(name: str, words: list[str], language: str = "nl", **meta: object) -> Path:
    """Put a user dictionary straight into the data dir (as a build would)."""
    folder = user_dictionary_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.txt.gz"
    path.write_bytes(gzip.compress("".join(w + "\n" for w in words).encode(), mtime=0))
    (folder / f"{name}.json").write_text(
        json.dumps({"name": name, "language": language, **meta}), encoding="utf-8")
    return path


def test_membership_folds_case_and_diacritics() -> None:
    lex = Lexicon.from_words(["ruïne", "huis", "één", "Kat"], name="t")
    assert lex.is_valid("ruine") and lex.is_valid("Ruïne") and lex.is_valid("RUÏNE")
    assert lex.is_valid("een") and lex.is_valid("één") and lex.is_valid("kat")
    assert "ruine" in lex and "ruïne" not in lex  # `in` is the folded fast path
    assert not lex.is_valid("huizen") and not lex.is_valid("") and not lex.is_valid("hu-is")
    assert len(lex) == 4 and sorted(lex) == ["een", "huis", "kat", "ruine"]


def test_words_that_are_not_letters_are_left_out() -> None:
    lex = Lexicon.from_words(["tv-toestel", "a.b", "huis2", "huis"])
    assert sorted(lex) == ["huis"]
    with pytest.raises(DictionaryError, match="no words"):
        Lexicon.from_words(["123"])


def test_anagrams_and_alphagrams() -> None:
    lex = Lexicon.from_words(["stok", "kost", "tosk", "huis", "kat"])
    assert lex.anagrams("kots") == ["kost", "stok", "tosk"]
    assert lex.anagrams("KOTS") == ["kost", "stok", "tosk"]
    assert lex.anagrams("zzz") == []
    assert sorted(lex.alphagrams()) == ["akt", "hisu", "kost"]


def test_zipf_frequencies() -> None:
    entries = fold_entries(["huis", "ruïne", "xqzt"], "nl")
    assert entries["huis"] > 4 and 0 < entries["ruine"] < entries["huis"]
    assert entries["xqzt"] == 0.0
    lex = Lexicon.from_frequencies(entries, LexiconInfo(name="t", language="nl"))
    assert lex.zipf("huis") == pytest.approx(entries["huis"], abs=0.01)
    assert lex.zipf("Ruïne") == pytest.approx(entries["ruine"], abs=0.01)
    assert lex.zipf("absent") == 0.0
    assert dict(lex.frequencies())["huis"] == pytest.approx(entries["huis"], abs=0.01)


def test_metadata_and_checksum() -> None:
    lex = Lexicon.from_words(["b", "a"], name="t", language="en")
    assert lex.info.name == "t" and lex.info.language == "en" and lex.info.word_count == 2
    assert lex.info.checksum == word_checksum(["a", "b"]) == word_checksum(["b", "a"])
    again = LexiconInfo.from_json(json.loads(json.dumps(lex.info.to_json())))
    assert again == lex.info


def test_save_and_open_round_trip(tmp_path: Path) -> None:
    lex = Lexicon.from_words(["huis", "kat"], name="t")
    lex.save(tmp_path)
    opened = Lexicon.open(tmp_path)
    assert sorted(opened) == ["huis", "kat"] and opened.info == lex.info


def test_check_name_refuses_path_characters() -> None:
    for bad in ["", "../x", "a/b", "a\\b", ".hidden", "Caps", "a b", "x" * 41, "é", "mine\n"]:
        with pytest.raises(DictionaryError, match="bad dictionary name"):
            check_name(bad)
    assert check_name("nl-basis_2") == "nl-basis_2"


@given(st.text(alphabet="az09-_A./ é\n", max_size=42))
@settings(max_examples=400, deadline=None)
def test_a_name_is_checked_without_re_as_the_pattern_says(name: str) -> None:
    """``check`` reads a name without ``re``; the web's schema takes the pattern: both
    hold one rule."""
    assert is_dictionary_name(name) == bool(NAME_PATTERN.fullmatch(name))
    assert is_dictionary_name("a" * 40) and not is_dictionary_name("a" * 41)


def test_registry_lists_shipped_and_user_dictionaries(env: Path) -> None:
    install("mine", ["huis", "kat"])
    entries = {e.name: e for e in list_dictionaries()}
    assert entries["nl"].shipped and not entries["mine"].shipped
    assert find_dictionary("mine").language == "nl"
    with pytest.raises(DictionaryError, match=r"unknown dictionary 'nope'; shipped: .*nl") as no:
        find_dictionary("nope")
    assert "mine" not in no.value.message  # a user dictionary's name may be its link


def test_a_sidecar_is_read_once_until_it_changes(env: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """A word check looks its dictionary up: an unchanged sidecar costs a ``stat``, not a
    read; a rewritten one (a new title, say) is read again at once."""
    install("mine", ["huis"], title="Eerste")
    meta = user_dictionary_dir() / "mine.json"
    old = meta.stat().st_mtime - 60  # settled: older than RACY_SECONDS
    os.utime(meta, (old, old))
    reads: list[Path] = []
    read_text = Path.read_text

    def counted(self: Path, *args: Any, **kwargs: Any) -> str:
        reads.append(self)
        return read_text(self, *args, **kwargs)

    monkeypatch.setattr(Path, "read_text", counted)
    assert find_dictionary("mine").meta["title"] == "Eerste"
    assert find_dictionary("mine").meta["title"] == "Eerste"
    assert reads.count(meta) == 1
    meta.write_text(json.dumps({"name": "mine", "language": "nl", "title": "Tweede"}),
                    encoding="utf-8")  # the same size and file: its time tells
    assert find_dictionary("mine").meta["title"] == "Tweede"
    assert find_dictionary("mine").meta["title"] == "Tweede"
    assert reads.count(meta) == 3  # changed within RACY_SECONDS: read each time for now


def test_user_dictionary_loads_and_is_cached(env: Path) -> None:
    install("mine", ["huis", "Kat", "ruïne"])
    lex = load_lexicon("mine")
    assert lex.is_valid("ruine") and lex.is_valid("kat") and len(lex) == 3
    assert load_lexicon("mine") is lex
    assert len(cached_tries("mine")) == 1
    forget_loaded()
    assert sorted(load_lexicon("mine")) == ["huis", "kat", "ruine"]


def test_a_changed_word_list_is_a_new_cache_entry(env: Path) -> None:
    install("mine", ["huis"])
    assert len(load_lexicon("mine")) == 1
    install("mine", ["huis", "kat"])
    assert len(load_lexicon("mine")) == 2
    assert len(cached_tries("mine")) == 2


@pytest.mark.parametrize("damage", ["garbage", "empty", "meta", "other-trie"])
def test_a_corrupt_cache_is_rebuilt(env: Path, damage: str) -> None:
    install("mine", ["huis", "kat", "stok"])
    load_lexicon("mine")
    [folder] = cached_tries("mine")
    if damage == "garbage":
        (folder / WORDS_FILE).write_bytes(b"not a trie" * 10)
    elif damage == "empty":
        (folder / WORDS_FILE).write_bytes(b"")
    elif damage == "meta":
        (folder / "meta.json").write_text("{not json", encoding="utf-8")
    else:
        Lexicon.from_words(["een"]).save(folder)  # a valid trie of the wrong size
        meta = json.loads((folder / "meta.json").read_text())
        meta["word_count"] = 3
        (folder / "meta.json").write_text(json.dumps(meta))
    forget_loaded()
    lex = load_lexicon("mine")
    assert sorted(lex) == ["huis", "kat", "stok"]
    forget_loaded()
    assert sorted(load_lexicon("mine")) == ["huis", "kat", "stok"]  # the rebuilt cache opens


def test_read_word_list_reports_progress_and_skips_comments(tmp_path: Path) -> None:
    path = tmp_path / "w.txt.gz"
    path.write_bytes(gzip.compress(b"\xef\xbb\xbfhuis\n# comment\n\n  kat  \r\n"))
    seen: list[tuple[int, int]] = []
    assert list(read_word_list(path, lambda done, total: seen.append((done, total)))) == [
        "huis", "kat"]
    assert seen and seen[-1][0] == seen[-1][1] == path.stat().st_size


def test_read_word_list_errors_are_one_line(tmp_path: Path) -> None:
    binary = tmp_path / "b.bin"
    binary.write_bytes(b"huis\n\x00\x01\x02\n")
    latin = tmp_path / "l.txt"
    latin.write_bytes("ruïne\n".encode("latin-1"))
    broken = tmp_path / "x.gz"
    broken.write_bytes(b"\x1f\x8b\x08garbage")
    for path, message in [(binary, "NUL byte"), (latin, "not UTF-8"),
                          (broken, "cannot read"), (tmp_path / "none.txt", "no such"),
                          (tmp_path, "is a directory")]:
        with pytest.raises(DictionaryError, match=message) as info:
            list(read_word_list(path))
        assert "\n" not in str(info.value)


@given(st.text(alphabet="abcdeéïÄXYZ -'?1ĳ\t", max_size=8))
@settings(max_examples=300, deadline=None)
def test_the_folded_fast_path_agrees_with_folding(word: str) -> None:
    """is_valid, zipf and anagrams skip fold() for a-z input: the answers are those of
    folding every input first."""
    lex = _SMALL
    folded = fold(word)
    assert lex.is_valid(word) == (is_plain_word(folded) and folded in set(lex))
    assert lex.zipf(word) == lex.zipf(folded)
    assert lex.anagrams(word) == lex.anagrams(folded)


@given(st.text(alphabet=st.characters(max_codepoint=127), max_size=12))
@settings(max_examples=300, deadline=None)
def test_ascii_text_folds_as_any_text_does(text: str) -> None:
    """fold() spares ASCII text the Unicode decomposition: the same answer, faster."""
    assert fold(text) == _fold_unicode(text)


_SMALL = Lexicon.from_frequencies(
    {"abc": 1.5, "cab": 2.0, "bac": 0.0, "ed": 3.25, "dee": 0.5, "a": 7.0, "ijs": 1.0},
    LexiconInfo(name="small", language="nl"))


def test_anagram_groups_survive_saving_and_memory_mapping(tmp_path: Path) -> None:
    words = {f"{a}{b}{c}": (i % 700) / 100 for i, (a, b, c) in
             enumerate((a, b, c) for a in "abcde" for b in "abcde" for c in "abcdef")}
    built = Lexicon.from_frequencies(words, LexiconInfo(name="t", language="nl"))
    built.save(tmp_path)
    opened = Lexicon.open(tmp_path)
    for lex in (built, opened):
        assert lex.anagrams("cab") == ["abc", "acb", "bac", "bca", "cab", "cba"]
        assert lex.anagrams("fee") == ["eef"]  # only c may be an f
        assert lex.anagrams("aaf") == ["aaf"]
        assert sorted(lex.alphagrams()) == sorted({"".join(sorted(w)) for w in words})
        assert dict(lex.frequencies()) == pytest.approx(words)
        assert all(lex.anagrams(w) == sorted(v for v in words if sorted(v) == sorted(w))
                   for w in words)


def test_a_cache_of_the_older_format_is_compiled_anew(env: Path) -> None:
    install("mine", ["huis", "kat", "stok"])
    load_lexicon("mine")
    [folder] = cached_tries("mine")
    meta = json.loads((folder / "meta.json").read_text())
    (folder / "meta.json").write_text(json.dumps({**meta, "format": 1}))
    with pytest.raises(DictionaryError, match="format 1"):
        Lexicon.open(folder)
    forget_loaded()
    assert load_lexicon("mine").anagrams("kots") == ["stok"]
    assert json.loads((folder / "meta.json").read_text())["format"] == FORMAT


def test_a_lazily_opened_lexicon_maps_the_rest_on_first_use(tmp_path: Path) -> None:
    """``check`` maps the words' trie only; anything else maps the rest, whole."""
    _SMALL.save(tmp_path)
    lazy, whole = Lexicon.open(tmp_path, lazy=True), Lexicon.open(tmp_path)
    assert lazy.is_valid("cab") and not lazy.is_valid("abd") and len(lazy) == len(_SMALL)
    assert sorted(vars(lazy)) == ["_folder", "_words"]
    assert lazy.anagrams("bca") == whole.anagrams("bca") == ["abc", "bac", "cab"]
    assert lazy.info == whole.info and dict(lazy.frequencies()) == dict(whole.frequencies())
    assert sorted(vars(lazy)) == sorted(vars(whole))
    with pytest.raises(AttributeError):
        lazy.nothing  # noqa: B018


def test_a_lazily_opened_lexicon_tells_a_damaged_rest_on_first_use(tmp_path: Path) -> None:
    _SMALL.save(tmp_path)
    (tmp_path / "groups.bin").write_bytes(b"\0\0")
    with pytest.raises(DictionaryError, match="incomplete"):
        Lexicon.open(tmp_path)
    lazy = Lexicon.open(tmp_path, lazy=True)
    assert lazy.is_valid("ed")  # what the words' trie answers alone
    with pytest.raises(DictionaryError, match="incomplete") as info:
        lazy.anagrams("de")
    assert "\n" not in str(info.value)
