"""``dict build``, ``list``, ``info`` and ``remove``: building, refusing, removing."""

from __future__ import annotations

import gzip
import json
from datetime import UTC, datetime
from pathlib import Path

import pytest

from wordyahtzee.errors import DictionaryError
from wordyahtzee.lexicon import BuildOptions, build_dictionary, load_lexicon
from wordyahtzee.lexicon.build import parse_alphabet
from wordyahtzee.lexicon.registry import cached_tries, forget_loaded, user_dictionary_dir

from .support.cli import run_cli

WORDS = ["huis", "Huis", "kat", "ruïne", "ruine", "Amsterdam", "TV", "fiets-pomp", "huis2",
         "café", "xylofoon", "stok", "kost", "een", "één", "aquarium", "zo"]


@pytest.fixture
def env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Private data and cache dirs, and a word list ``words.txt`` in the test folder."""
    monkeypatch.setenv("WORDYAHTZEE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("WORDYAHTZEE_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.chdir(tmp_path)
    (tmp_path / "words.txt").write_text("\n".join(WORDS) + "\n", encoding="utf-8")
    forget_loaded()
    yield tmp_path
    forget_loaded()


def run(capsys: pytest.CaptureFixture[str], *args: str,
        stdin: str = "") -> tuple[int, str, str]:
    return run_cli(capsys, args, stdin)


def user_files() -> set[str]:
    folder = user_dictionary_dir()
    return {p.name for p in folder.iterdir()} if folder.is_dir() else set()


def snapshot() -> dict[str, bytes]:
    folder = user_dictionary_dir()
    return {p.name: p.read_bytes() for p in folder.iterdir()} if folder.is_dir() else {}


def build(**kwargs: object) -> object:
    kwargs.setdefault("sources", ("words.txt",))
    return build_dictionary(BuildOptions(**kwargs))  # type: ignore[arg-type]


# -- building -----------------------------------------------------------------------------

def test_build_folds_dedupes_and_writes_a_sidecar(env: Path) -> None:
    result = build_dictionary(BuildOptions(name="mijn", sources=("words.txt",)),
                              now=datetime(2024, 5, 1, 12, 0, tzinfo=UTC))
    lex = load_lexicon("mijn")
    assert sorted(lex) == ["amsterdam", "aquarium", "cafe", "een", "huis", "kat", "kost",
                           "ruine", "stok", "tv", "xylofoon", "zo"]
    assert lex.is_valid("Ruïne") and lex.is_valid("één")
    assert lex.zipf("huis") > 4  # Zipf from wordfreq Dutch, the default language
    lines = gzip.decompress(result.words_path.read_bytes()).decode().split()
    # one line per game word, in its most frequent spelling
    assert len(lines) == 12 and "café" in lines and "een" in lines and "één" not in lines
    meta = json.loads(result.meta_path.read_text())
    assert meta["name"] == "mijn" and meta["language"] == "nl"
    assert meta["created"] == "2024-05-01T12:00:00Z"
    assert meta["checksum"] == lex.info.checksum and meta["word_count"] == len(lex) == 12
    counts = meta["counts"]
    assert counts["read"] == len(WORDS) and counts["kept"] == 12
    assert counts["dropped"]["not_a_word"] == 2 and counts["dropped"]["duplicate"] == 3
    assert counts["read"] == counts["kept"] + sum(counts["dropped"].values())
    assert meta["sources"][0]["type"] == "file" and len(meta["sources"][0]["sha256"]) == 64
    assert meta["options"]["diacritics"] == "fold"
    assert user_files() == {"mijn.txt.gz", "mijn.json"}  # no temporary files left


def test_gzip_sources_and_deterministic_output(env: Path) -> None:
    (env / "words.txt.gz").write_bytes(gzip.compress((env / "words.txt").read_bytes()))
    when = datetime(2024, 1, 1, tzinfo=UTC)
    a = build_dictionary(BuildOptions(name="a", sources=("words.txt.gz",)), now=when)
    b = build_dictionary(BuildOptions(name="b", sources=("words.txt",)), now=when)
    assert a.words_path.read_bytes() == b.words_path.read_bytes()
    assert a.meta["checksum"] == b.meta["checksum"]


def test_source_date_epoch_dates_the_sidecar(env: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "0")
    result = build_dictionary(BuildOptions(name="mijn", sources=("words.txt",)))
    assert result.meta["created"] == "1970-01-01T00:00:00Z"


def test_filters_each_count_their_drops(env: Path) -> None:
    result = build_dictionary(BuildOptions(
        name="f", sources=("words.txt",), drop_capitalised=True, diacritics="drop",
        alphabet="a-pr-wyz", min_length=3, max_length=6))
    assert sorted(load_lexicon("f")) == ["een", "huis", "kat", "kost", "ruine", "stok"]
    dropped = result.dropped
    assert dropped["capitalised"] == 3  # Huis, Amsterdam, TV
    assert dropped["diacritics"] == 3  # ruïne, café, één
    assert dropped["alphabet"] == 2  # xylofoon (x), aquarium (q)
    assert dropped["length"] == 1  # zo
    assert dropped["not_a_word"] == 2


def test_set_operations_take_files_and_dictionary_names(env: Path) -> None:
    (env / "minus.txt").write_text("KAT\nstok\n", encoding="utf-8")
    build(name="basis")
    result = build(name="klein", minus=("minus.txt",), intersect=("nl",))
    assert "kat" not in load_lexicon("klein") and "huis" in load_lexicon("klein")
    assert "amsterdam" not in load_lexicon("klein")  # not in the shipped nl
    assert result.dropped["minus"] == 2 and result.dropped["not_in_intersection"] >= 2
    # a user dictionary works as a source or operand too
    (env / "w2.txt").write_text("huis\nboom\n", encoding="utf-8")
    build(name="twee", sources=("w2.txt",), minus=("basis",))
    assert sorted(load_lexicon("twee")) == ["boom"]
    build(name="drie", sources=("basis", "w2.txt"), intersect=("twee",))
    assert sorted(load_lexicon("drie")) == ["boom"]
    meta = json.loads((user_dictionary_dir() / "drie.json").read_text())
    assert [s["type"] for s in meta["sources"]] == ["dictionary", "file"]


def test_wordfreq_top_and_min_zipf(env: Path) -> None:
    top = build_dictionary(BuildOptions(name="top", wordfreq="nl", top=300))
    lex = load_lexicon("top")
    assert len(lex) == 300 and top.meta["language"] == "nl"
    assert {"de", "het", "een", "huis"} <= set(lex) or {"de", "het", "een"} <= set(lex)
    common = build_dictionary(BuildOptions(name="common", wordfreq="en", min_zipf=5.5,
                                           min_length=2))
    lex = load_lexicon("common")
    assert common.meta["language"] == "en" and "the" in lex and "and" in lex
    assert all(z >= 5.5 for _, z in lex.frequencies())
    rare = build(name="rare", min_zipf=4.0)
    assert "huis" in load_lexicon("rare") and "xylofoon" not in load_lexicon("rare")
    assert rare.dropped["rare"] > 0  # type: ignore[attr-defined]


def test_parse_alphabet() -> None:
    assert parse_alphabet("a-z") == frozenset("abcdefghijklmnopqrstuvwxyz")
    assert parse_alphabet("a-cx") == frozenset("abcx")
    for bad in ["", "a-é", "z-a", "1-9", "ä"]:
        with pytest.raises(DictionaryError):
            parse_alphabet(bad)


# -- refusing bad input, leaving existing dictionaries untouched ---------------------------

@pytest.mark.parametrize("options, message", [
    ({"name": "../evil"}, "bad dictionary name"),
    ({"name": "a/b"}, "bad dictionary name"),
    ({"name": "nl"}, "shipped dictionary"),
    ({"name": "en"}, "shipped dictionary"),
    ({"name": "x", "sources": ()}, "give one or more word lists"),
    ({"name": "x", "sources": ("missing.txt",)}, "no such word list or dictionary"),
    ({"name": "x", "sources": ("binary.bin",)}, "binary"),
    ({"name": "x", "sources": ("latin1.txt",)}, "not UTF-8"),
    ({"name": "x", "sources": ("empty.txt",)}, "would have no words"),
    ({"name": "x", "max_length": 1}, "would have no words"),
    ({"name": "x", "minus": ("words.txt",)}, "would have no words"),
    ({"name": "x", "wordfreq": "nl"}, "--min-zipf Z or --top N"),
    ({"name": "x", "wordfreq": "tlh", "top": 5}, "wordfreq has no word list"),
    ({"name": "x", "top": 5}, "--top N picks words from --wordfreq"),
    ({"name": "x", "min_zipf": 3.0, "language": "fy"}, "wordfreq has none"),
    ({"name": "x", "language": "Dutch!"}, "bad language code"),
    ({"name": "x", "alphabet": "a-ø"}, "bad alphabet"),
    ({"name": "x", "diacritics": "keep"}, "--diacritics"),
    ({"name": "x", "min_length": 5, "max_length": 3}, "--max-length"),
    ({"name": "x", "intersect": ("/",)}, "not a regular file"),
    ({"name": "x", "title": "two\nlines"}, "one line"),
])
def test_bad_input_is_refused_and_nothing_changes(env: Path, options: dict[str, object],
                                                  message: str) -> None:
    (env / "binary.bin").write_bytes(b"\x89PNG\x00\x00huis\n")
    (env / "latin1.txt").write_bytes("ruïne\nhuis\n".encode("latin-1"))
    (env / "empty.txt").write_text("# nothing\n\n", encoding="utf-8")
    build(name="keep")
    before = snapshot()
    with pytest.raises(DictionaryError, match=message) as info:
        build(**options)
    assert "\n" not in str(info.value)
    assert snapshot() == before


def test_a_name_clash_needs_force(env: Path) -> None:
    build(name="mijn")
    before = snapshot()
    (env / "other.txt").write_text("boom\n", encoding="utf-8")
    with pytest.raises(DictionaryError, match=r"already exists.*--force"):
        build(name="mijn", sources=("other.txt",))
    assert snapshot() == before
    assert "huis" in load_lexicon("mijn")
    build(name="mijn", sources=("other.txt",), force=True)
    assert sorted(load_lexicon("mijn")) == ["boom"]  # the process cache was refreshed


def test_a_failed_write_leaves_the_old_dictionary(env: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    build(name="mijn")
    before = snapshot()

    def broken_replace(src: object, dst: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("wordyahtzee.lexicon.build.os.replace", broken_replace)
    with pytest.raises(DictionaryError, match="cannot write dictionary 'mijn'"):
        build(name="mijn", force=True, max_length=4)
    assert snapshot() == before


def test_output_dir_builds_outside_the_user_folder(env: Path) -> None:
    out = env / "shipped"
    result = build_dictionary(BuildOptions(name="nl-test", sources=("words.txt",)),
                              output_dir=out)
    assert result.words_path == out / "nl-test.txt.gz" and (out / "nl-test.json").is_file()
    assert user_files() == set()


# -- the command line -----------------------------------------------------------------------

def test_cli_build_list_info_use_remove(env: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "dict", "build", "words.txt", "--name", "mijn",
                         "--drop-capitalised", "--title", "Mijn woorden")
    assert code == 0 and out.startswith("built dictionary 'mijn': 10 words") and err == ""

    code, out, _ = run(capsys, "dict", "list")
    assert code == 0 and any(line.split()[:4] == ["mijn", "10", "nl", "user"]
                             for line in out.splitlines())
    assert any(line.split()[:1] == ["nl"] and "shipped" in line for line in out.splitlines())
    code, out, _ = run(capsys, "dict", "list", "--json")
    rows = {r["name"]: r for r in json.loads(out)}
    assert rows["mijn"] == {"name": "mijn", "words": 10, "language": "nl", "kind": "user",
                            "title": "Mijn woorden"}
    assert rows["nl"]["kind"] == "shipped" and rows["en"]["language"] == "en"

    code, out, _ = run(capsys, "dict", "info", "mijn")
    assert code == 0 and "word_count  10" in out and "capitalised 3" in out
    code, out, _ = run(capsys, "dict", "info", "mijn", "--json")
    info = json.loads(out)
    assert info["kind"] == "user" and info["word_count"] == 10 and info["title"] == "Mijn woorden"

    code, out, _ = run(capsys, "check", "--dict", "mijn", "ruïne", "amsterdam")
    assert (code, out) == (0, "ruïne\tyes\namsterdam\tno\n")

    assert cached_tries("mijn")
    code, out, _ = run(capsys, "dict", "remove", "mijn")
    assert (code, out) == (0, "removed dictionary 'mijn'\n")
    assert user_files() == set() and cached_tries("mijn") == []
    code, _, err = run(capsys, "check", "--dict", "mijn", "huis")
    assert code == 2 and "unknown dictionary 'mijn'" in err


def test_cli_replay_a_game_on_a_user_dictionary(env: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    (env / "w.txt").write_text("kat\nzo\n", encoding="utf-8")
    assert run(capsys, "dict", "build", "w.txt", "--name", "mini")[0] == 0
    record = {"mode": "woord", "dictionary": "mini", "dice_set": "nl", "players": ["Anna"],
              "turns": [{"player": "Anna", "throws": ["eeeeeeo"],
                         "claim": {"box": "vowels"}}]}
    code, out, _ = run(capsys, "replay", "-", stdin=json.dumps(record))
    assert code == 0 and json.loads(out)["players"][0]["boxes"]["vowels"] == 25


@pytest.mark.parametrize("args, message", [
    (["dict", "build", "words.txt", "--name", "nl"], "shipped dictionary"),
    (["dict", "build", "words.txt", "--name", "../x"], "bad dictionary name"),
    (["dict", "build", "missing.txt", "--name", "x"], "no such word list"),
    (["dict", "remove", "nl"], "shipped with wordyahtzee and cannot be removed"),
    (["dict", "remove", "nope"], "no user dictionary 'nope'"),
    (["dict", "remove", "../nl"], "bad dictionary name"),
    (["dict", "info", "nope"], "unknown dictionary 'nope'"),
])
def test_cli_errors_are_one_line_and_exit_2(env: Path, capsys: pytest.CaptureFixture[str],
                                            args: list[str], message: str) -> None:
    code, out, err = run(capsys, *args)
    assert code == 2 and out == "" and message in err and err.count("\n") == 1


def test_cli_build_twice_needs_force(env: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "dict", "build", "words.txt", "--name", "mijn", "--quiet")[:2] == (0, "")
    code, _, err = run(capsys, "dict", "build", "words.txt", "--name", "mijn")
    assert code == 2 and "--force" in err
    code, out, _ = run(capsys, "dict", "build", "words.txt", "--name", "mijn", "--force",
                       "--json", "--max-length", "3")
    assert code == 0 and json.loads(out)["word_count"] == 4


def test_shipped_nl_basis_is_common_words_of_nl() -> None:
    """``nl-basis`` is derived from ``nl``: rebuild it (scripts/build_nl_basis.sh) after ``nl``."""
    basis, nl = load_lexicon("nl-basis"), load_lexicon("nl")
    assert 15_000 < len(basis) < 30_000
    assert all(word in nl for word in basis), "nl-basis is stale: run scripts/build_nl_basis.sh"
    assert all(z >= 3.0 for _, z in basis.frequencies())
    assert {"fiets", "huis", "school", "konijn"} <= set(basis) and "kut" not in basis


def test_remove_drops_the_solver_index_too(env: Path) -> None:
    from wordyahtzee.dice import DiceSet
    from wordyahtzee.lexicon import remove_dictionary
    from wordyahtzee.solver import Solver

    build(name="mijn")
    build(name="mijn-2")
    Solver(load_lexicon("mijn"), DiceSet.load("nl"))
    Solver(load_lexicon("mijn-2"), DiceSet.load("nl"))
    solver_dir = env / "cache" / "solver"
    assert len(list(solver_dir.glob("mijn-*.marshal"))) == 2
    remove_dictionary("mijn")
    assert [p.name.startswith("mijn-2-") for p in solver_dir.glob("*.marshal")] == [True]
    assert cached_tries("mijn") == [] and len(cached_tries("mijn-2")) == 1
