"""The ``nl`` build and its written verdicts: every verdict is honoured, the build from
Debian's ``wdutch`` reproduces the shipped files byte for byte (so no reviewed entry is
dropped without a verdict: the build stops on one), and the committed audit is judged and
meets its goals."""

from __future__ import annotations

import gzip
import random
import subprocess
import sys
from pathlib import Path

import pytest

from scripts import audit_dictionary, audit_frequent, build_nl_dictionary
from wordyahtzee.letters import fold

from .support.nl_dictionary import DICT, REPO, nl_words

SOURCE = Path("/usr/share/dict/dutch")
REASON_STARTS = ("Dutch word", "loan in Van Dale", "form of", "interjection", "music term",
                 "Belgian Dutch", "abbreviation", "symbol", "letter name", "fragment of",
                 "English only", "French only", "German only", "Spanish only", "Italian only",
                 "Portuguese only", "Latin only", "first name", "surname", "place name",
                 "brand", "not a word")


def verdicts() -> dict[str, object]:
    return build_nl_dictionary.load_verdicts()


def test_every_verdict_has_a_known_kind_of_reason() -> None:
    table = verdicts()
    assert len(table) > 5000
    odd = {w: v.reason for w, v in table.items()  # type: ignore[attr-defined]
           if not v.reason.startswith(REASON_STARTS)}  # type: ignore[attr-defined]
    assert not odd, odd


def test_every_verdict_is_honoured_by_the_shipped_list() -> None:
    words = nl_words()
    table = verdicts()
    kept = {w for w, v in table.items() if v.keep}  # type: ignore[attr-defined]
    assert kept <= words
    assert not (set(table) - kept) & words


def test_the_quick_frequencies_are_wordfreqs() -> None:
    """The build's ``zipf`` skips wordfreq's tokenizer for plain words: it must give what
    ``zipf_frequency`` gives, for plain words and others, common, rare and unknown."""
    from wordfreq import zipf_frequency

    build = build_nl_dictionary
    words = SOURCE.read_text(encoding="utf-8").split()
    sample = [*random.Random(20261125).sample(words, 3000), "de", "the", "qxzv", "Anne", "één"]
    for word in sample:
        for lang in ("nl", *build.OTHER_LANGS):
            assert build.zipf(word, lang) == zipf_frequency(word, lang), (word, lang)


@pytest.mark.slow
def test_the_build_reproduces_the_shipped_files(tmp_path: Path) -> None:
    assert SOURCE.exists(), "Debian's wdutch is needed (scripts/test installs it)"
    out = tmp_path / "nl.txt.gz"
    done = subprocess.run([sys.executable, "-m", "scripts.build_nl_dictionary", str(SOURCE),
                           "--out", str(out)], capture_output=True, text=True, timeout=900,
                          cwd=REPO)
    assert done.returncode == 0, done.stderr[-2000:]
    assert out.read_bytes() == (DICT / "nl.txt.gz").read_bytes()
    assert (tmp_path / "nl.why.tsv.gz").read_bytes() == (DICT / "nl.why.tsv.gz").read_bytes()
    assert "verdict (reviewed)" in done.stdout and "words written: " in done.stdout


def test_the_why_file_gives_every_refused_verdict_its_reason() -> None:
    with gzip.open(DICT / "nl.why.tsv.gz", "rt", encoding="utf-8") as fh:
        why = dict(line.rstrip("\n").split("\t", 1) for line in fh)
    kept = {fold(w) for w in nl_words()}
    for word, verdict in verdicts().items():
        if not verdict.keep and fold(word) not in kept:  # type: ignore[attr-defined]
            code, detail = why[fold(word)].split("\t")
            assert code in "ANFX" and detail == verdict.reason, (word, code, detail)  # type: ignore[attr-defined]


def latest_audit() -> Path:
    audits = sorted((DICT / "audit").glob("*.tsv"))
    assert audits, "no audit is committed"
    return audits[-1]


def test_the_latest_audit_is_fully_judged_and_meets_its_goals() -> None:
    audit = audit_dictionary
    rows = audit.read_audit(latest_audit())  # ValueError on any unjudged row
    sizes = {name: sum(1 for r in rows if r[0] == name) for name in audit.SIZES}
    assert all(sizes[name] >= n for name, n in audit.SIZES.items()), sizes
    reviewed = [r for r in rows if r[0] == "reviewed" and r[3] == "dutch"]
    recall = sum(1 for r in reviewed if r[2]) / len(reviewed)
    unreviewed = [r for r in rows if r[0] == "unreviewed"]
    precision = sum(1 for r in unreviewed if r[3] == "dutch") / len(unreviewed)
    offensive = [r[1] for r in rows if r[0] == "basis" and r[3] == "offensive"]
    assert recall >= 0.995 and precision >= 0.995 and not offensive, (
        recall, precision, offensive)


def test_the_latest_frequency_weighted_audit_is_judged_and_meets_its_goals() -> None:
    """Recall and precision per word typed (scripts/audit_frequent.py): at least 99.5% each,
    on at least 1,000 words judged blind."""
    audit = audit_frequent
    latest = sorted((DICT / "audit" / "frequent").glob("*.tsv"))[-1]
    rows = audit.read_audit(latest)  # ValueError on any unjudged row
    assert len(rows) >= 1000
    nl = {fold(w) for w in nl_words()}
    dutch = sum(n for w, n, d, _ in rows if d)
    both = sum(n for w, n, d, _ in rows if d and fold(w) in nl)
    accepted = sum(n for w, n, _, _ in rows if fold(w) in nl)
    assert both / dutch >= 0.995 and both / accepted >= 0.995, (both / dutch, both / accepted)


@pytest.mark.slow
def test_the_audit_samples_are_seeded_and_drawn_from_the_shipped_lists(tmp_path: Path) -> None:
    audit = audit_dictionary
    header = latest_audit().read_text(encoding="utf-8").splitlines()[0]
    seed = int(header.split("with seed ")[1].rstrip("."))
    rows = audit.read_audit(latest_audit())
    assert SOURCE.exists(), "Debian's wdutch is needed (scripts/test installs it)"
    again = tmp_path / "again.tsv"
    audit.draw(seed, again)
    drawn = [line.split("\t")[:3] for line in again.read_text(encoding="utf-8").splitlines()
             if line and not line.startswith("#")][1:]
    assert drawn == [[r[0], r[1], "yes" if r[2] else "no"] for r in rows]


def test_wilson_interval() -> None:
    wilson = audit_dictionary.wilson
    low, high = wilson(597, 600)
    assert 0.985 < low < 0.99 < 0.995 < high < 0.999
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0
