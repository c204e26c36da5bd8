"""The upper bonus is computed once (wordyahtzee/modes/bonus.py): the helper agrees with the
rule (docs/rules.md: the bonus once the upper total reaches the threshold) for plain ints
and for numpy arrays, and every sheet and advisor asks it."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from wordyahtzee.modes import classic, woord
from wordyahtzee.modes.bonus import UPPER_BONUS, claim_bonus, crossed, reached, upper_bonus

ROOT = Path(__file__).resolve().parents[1]
totals = st.integers(0, 600)
thresholds = st.integers(0, 500)


@given(totals, thresholds)
def test_a_sheet_earns_the_bonus_once_its_total_reaches_the_threshold(total: int,
                                                                      at: int) -> None:
    bonus = upper_bonus(total, at)
    assert type(bonus) is int
    assert bonus == (35 if total >= at else 0)
    assert type(reached(total, at)) is bool


@given(totals, st.integers(0, 30), thresholds)
def test_a_claim_earns_the_bonus_when_it_crosses_the_threshold(before: int, points: int,
                                                              at: int) -> None:
    after = before + points
    bonus = claim_bonus(before, after, at)
    assert type(bonus) is int
    assert bonus == (35 if before < at <= after else 0)
    # a sheet's bonus is the sum of its claims' (from a total below the threshold)
    if before < at:
        assert upper_bonus(after, at) == bonus


@given(hnp.arrays(np.int64, st.integers(1, 40), elements=totals),
       hnp.arrays(np.int64, st.integers(1, 40), elements=st.integers(0, 30)), thresholds)
def test_arrays_agree_with_the_plain_numbers(befores: np.ndarray, points: np.ndarray,
                                            at: int) -> None:
    n = min(len(befores), len(points))
    before, after = befores[:n], befores[:n] + points[:n]
    expected = [claim_bonus(int(b), int(a), at) for b, a in zip(before, after, strict=True)]
    assert claim_bonus(before, after, at).tolist() == expected
    assert crossed(before, after, at).tolist() == [e > 0 for e in expected]
    assert upper_bonus(after, at).tolist() == [upper_bonus(int(a), at) for a in after]
    # broadcast: one total before, many after; floats that hold whole numbers
    assert claim_bonus(int(before[0]), after, at).tolist() == [
        claim_bonus(int(before[0]), int(a), at) for a in after]
    assert claim_bonus(before.astype(np.float64), after.astype(np.float64), at).tolist() == \
        expected


@given(st.dictionaries(st.sampled_from(classic.UPPER_BOXES), st.integers(0, 30)),
       st.integers(1, 105))
def test_the_classic_sheet_asks_the_helper(scores: dict[str, int], at: int) -> None:
    sheet = classic.ScoreSheet(scores, upper_bonus_at=at)
    assert sheet.upper_bonus == upper_bonus(sum(scores.values()), at)


def test_the_modes_share_the_bonus() -> None:
    assert classic.UPPER_BONUS == woord.UPPER_BONUS == UPPER_BONUS == 35


def test_the_threshold_test_is_written_once() -> None:
    """The measure of issue 47: a grep for the threshold test finds one definition."""
    found = subprocess.run(
        ["git", "grep", "-nE",
         r"(>=|<=?|>) *(self\.)?(rules\.|strategy\.)?(upper_bonus_at|upper_bonus_threshold"
         r"|UPPER_BONUS_THRESHOLD|UPPER_CAP|threshold|cap|at|t)\b", "--", "wordyahtzee/*.py"],
        cwd=ROOT, capture_output=True, text=True, check=False).stdout.splitlines()
    tests = [line for line in found if re.search(r"upper|raised|\bu\b", line)]
    assert [line.split(":")[0] for line in tests] == ["wordyahtzee/modes/bonus.py"], tests


RULES_TEXTS = (("rules.classic.upper_bonus", {"n": 63, "low": 1, "high": 105}),
               ("rules.triple.score_2", {"n": 63}), ("rules.woord.bonus_upper", {"n": 40}))


@pytest.mark.parametrize("lang", ["nl", "en", "de"])
def test_the_rules_pages_take_the_bonus_from_the_declarations(lang: str,
                                                              tmp_path: Path) -> None:
    """No catalogue writes the bonus's points or a threshold the declarations hold: the
    rules pages and the sheets' labels fill them in."""
    from wordyahtzee.web.i18n import catalogue

    from .support.app import make_app

    texts = catalogue(lang)
    page = make_app(tmp_path / "rules.sqlite3").test_client().get(
        f"/rules?lang={lang}").get_data(as_text=True)
    for key, numbers in RULES_TEXTS:
        assert "35" not in texts[key] and "{bonus}" in texts[key], key
        assert texts[key].format(bonus=UPPER_BONUS, **numbers) in page, key
    assert "35" not in texts["classic.upper_bonus"]
    assert "{bonus}" in texts["classic.upper_bonus"]
