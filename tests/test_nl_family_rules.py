"""The word families of the ``nl`` build as rules (``scripts/nl_family_rules.py``): their
spelling, and the gate that lets a rule's words in only on a judged sample of them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from scripts import nl_family_rules as rules

from .support.nl_dictionary import nl_words


@pytest.mark.parametrize(("noun", "diminutive"), [
    ("vos", "vosje"), ("huis", "huisje"), ("boom", "boompje"), ("bezem", "bezempje"),
    ("kam", "kammetje"), ("stoel", "stoeltje"), ("tafel", "tafeltje"), ("bal", "balletje"),
    ("ster", "sterretje"), ("ring", "ringetje"), ("koning", "koninkje"), ("weg", "weggetje"),
    ("oma", "omaatje"), ("auto", "autootje"), ("menu", "menuutje"), ("taxi", "taxietje"),
    ("zee", "zeetje"), ("tante", "tantetje"), ("baby", "babytje"), ("vrouw", "vrouwtje"),
])
def test_diminutives_follow_dutch_spelling(noun: str, diminutive: str) -> None:
    found = rules.diminutives(noun)
    assert diminutive in found and diminutive + "s" in found


@pytest.mark.parametrize("noun", ["vos", "bal", "boom", "koning", "oma"])
def test_no_diminutive_spelling_is_made_up(noun: str) -> None:
    """Every proposal ends in a diminutive ending and starts with the noun (or its spelling
    with a doubled vowel or a ``-nk``)."""
    for d in rules.diminutives(noun):
        assert re.search(r"(je|tje|pje|etje|kje)s?$", d), d
        assert d.startswith(noun[:-1]), d


@pytest.mark.parametrize(("noun", "takes"), [
    ("model", True), ("slide", True), ("lover", True), ("bodem", True), ("wagen", True),
    ("tante", True), ("idee", False), ("bank", False), ("huis", False), ("kaal", False),
    ("zee", False),
])
def test_the_s_plural_goes_by_the_ending(noun: str, takes: bool) -> None:
    assert rules.takes_s(noun) is takes


def _audit(directory: Path, rule: str, dutch: int, others: int) -> None:
    rows = [f"w{i}\tdutch\tword" for i in range(dutch)]
    rows += [f"x{i}\tnot\tname" for i in range(others)]
    (directory / f"{rule}-2026-01-01.tsv").write_text(
        "# test\n" + rules.COLUMNS + "\n" + "\n".join(rows) + "\n", encoding="utf-8")


def test_a_rule_is_in_force_only_on_a_judged_sample(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rules, "AUDIT_DIR", tmp_path)
    assert not rules.in_force("diminutive")  # no audit: not in force
    _audit(tmp_path, "diminutive", 297, 3)   # 99.0% of 300
    assert rules.in_force("diminutive")
    _audit(tmp_path, "diminutive", 296, 4)   # 98.7%
    assert not rules.in_force("diminutive")
    _audit(tmp_path, "diminutive", 299, 0)   # too few judged
    assert not rules.in_force("diminutive")
    (tmp_path / "diminutive-2026-01-02.tsv").write_text(
        rules.COLUMNS + "\nvosje\t\t\n", encoding="utf-8")
    with pytest.raises(ValueError, match="unjudged"):  # the latest file counts, judged
        rules.in_force("diminutive")


@pytest.mark.parametrize("rule", rules.RULES)
def test_each_rule_has_a_judged_audit_of_its_whole_output_or_300(rule: str) -> None:
    """The committed audit of each rule is judged row by row, and holds the rule's whole
    output or a random 300 of it; a rule in force has its sample's words in the list."""
    path = rules.latest_audit(rule)
    assert path is not None, f"no audit of {rule}"
    header = path.read_text(encoding="utf-8").splitlines()[0]
    drawn, total = map(int, re.search(r"(\d+) of the (\d+) words", header).groups())
    rows = rules.read_audit(path)
    assert len(rows) == drawn >= min(total, rules.MIN_SAMPLE)
    if rules.in_force(rule):
        listed = set(nl_words())
        assert [w for w, _, _ in rows if w not in listed] == []
