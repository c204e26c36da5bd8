"""The sample of optimal play's final scores (wordyahtzee/advisor/final_scores.py): played by
the real strategies, seeded, cached beside them and rebuilt when the file is damaged; its
histogram and percentile; and the SVG the review page draws from them (web/plots.py)."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import numpy as np
import pytest
from wordyahtzee.web.plots import HIST_SIDE, HIST_WIDTH, histogram_chart, histogram_x

from wordyahtzee.advisor.final_scores import (
    SEED,
    ScoreSample,
    classic_path,
    classic_sample,
    nice_width,
    sample_version,
    woord_sample,
)
from wordyahtzee.advisor.woord.simulate import simulate_woord


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private cache folder holding the session's classic strategy table (so that the
    sample files start afresh while the table is not computed again)."""
    from wordyahtzee.advisor.classic.strategy import cache_path, load_strategy

    load_strategy("free", quiet=True)
    table = cache_path("free")
    monkeypatch.setenv("WORDYAHTZEE_CACHE_DIR", str(tmp_path))
    (tmp_path / table.name).symlink_to(table)
    return tmp_path


def test_percentile_counts_the_games_strictly_below() -> None:
    rng = np.random.default_rng(1)
    scores = rng.integers(100, 400, size=501)
    sample = ScoreSample("demo", 1, scores)
    assert list(sample.scores) == sorted(scores)
    for score in (50, 100, 101, 250, 399, 400, 1000):
        assert sample.better_than(score) == pytest.approx(
            100 * sum(s < score for s in scores) / len(scores))


def test_histogram_bins_hold_every_score_once() -> None:
    scores = np.array([3, 7, 7, 12, 30, 31, 58, 90, 900])
    hist = ScoreSample("demo", 1, scores).histogram(bins=10)
    assert hist.total == len(scores)
    assert hist.start <= scores.min() and hist.start % hist.width == 0
    assert hist.width == nice_width(int(scores.max() - scores.min()) + 1, 10) == 100
    edges = [hist.start + i * hist.width for i in range(len(hist.counts) + 1)]
    expect = [int(((scores >= lo) & (scores < hi)).sum()) for lo, hi in itertools.pairwise(edges)]
    assert list(hist.counts) == expect and not hist.open_end
    # a player's score outside the sample widens the range with empty bins
    wide = ScoreSample("demo", 1, scores[:-1]).histogram(bins=10, include=[-40, 200])
    assert wide.start <= -40 and wide.end > 200 and wide.total == len(scores) - 1


def test_histogram_tail_goes_into_an_open_last_bin() -> None:
    scores = np.concatenate([np.arange(100, 300).repeat(10), [2000]])
    hist = ScoreSample("demo", 1, scores).histogram(bins=20)
    assert hist.open_end and hist.end <= 400 and hist.counts[-1] >= 1
    assert hist.total == len(scores)


def test_nice_widths() -> None:
    assert [nice_width(span, 30) for span in (1, 30, 31, 300, 650, 1500, 90_000)] == [
        1, 1, 2, 10, 25, 50, 3000]


@pytest.mark.usefixtures("strategy_tables")
def test_classic_sample_is_seeded_cached_and_rebuilt_when_corrupt(cache: Path) -> None:
    from wordyahtzee.advisor.classic.strategy import load_strategy

    sample = classic_sample("free", 400, quiet=True)
    assert sample.games == 400 and sample.seed == SEED
    expect = np.sort(load_strategy("free", quiet=True).simulate(400, SEED))
    assert np.array_equal(sample.scores, expect)
    path = classic_path("free", 400)
    assert path.parent == cache and path.exists()
    assert f"-g400-s{SEED}-d{sample_version()}" in path.name
    hist = sample.histogram()
    assert hist.total == 400 and 20 <= len(hist.counts) <= 31
    # loaded, not played again: the file stays as it was
    written = path.stat().st_mtime_ns
    assert np.array_equal(classic_sample("free", 400, quiet=True).scores, sample.scores)
    assert path.stat().st_mtime_ns == written
    path.write_bytes(b"not a sample")
    errors: list[str] = []

    class Out:
        def write(self, text: str) -> None:
            errors.append(text)

        def isatty(self) -> bool:
            return False

    again = classic_sample("free", 400, out=Out())  # type: ignore[arg-type]
    assert np.array_equal(again.scores, sample.scores)
    assert "corrupt" in "".join(errors)
    assert np.array_equal(ScoreSample.load(path, again.key, 400, SEED).scores, sample.scores)
    with pytest.raises(ValueError, match="seed"):
        ScoreSample.load(path, again.key, 400, SEED + 1)
    with pytest.raises(ValueError, match="300 scores"):
        ScoreSample.load(path, again.key, 300, SEED)
    other = classic_sample("free", 400, seed=7, quiet=True)
    assert not np.array_equal(other.scores, sample.scores)
    assert classic_path("free", 400, 7) != path


@pytest.mark.usefixtures("strategy_tables")
def test_woord_sample_plays_the_optimal_games_and_keys_by_the_strategy() -> None:
    from wordyahtzee.advisor.woord.score_table import _cache_folder
    from wordyahtzee.advisor.woord.strategy import load_woord_strategy

    strategy = load_woord_strategy("nl", "nl", 40, quiet=True)
    sample = woord_sample("nl", "nl", 40, games=12, quiet=True)
    played = simulate_woord("optimal", 12, SEED)
    assert list(sample.scores) == sorted(s.total for s in played.sheets)
    assert sample.key.startswith(strategy.cache_key)
    files = list(_cache_folder().glob(f"finals-{strategy.cache_key}-*-g12-s{SEED}-*.npz"))
    assert len(files) == 1
    assert sample.histogram().total == 12


def test_the_svg_marks_a_score_at_its_place() -> None:
    counts = [1, 4, 9, 16, 9, 4, 1, 0, 0, 2]
    svg = histogram_chart(100, 10, counts, [("Anna <3>: 150", 150), ("Bob: 40", 40)],
                          "Eindscores", "Hoe vaak perfect spel elke score haalt.",
                          open_end=True, bar_text=lambda scores, n: f"{scores}: {n} spellen")
    inner = HIST_WIDTH - 2 * HIST_SIDE
    x = HIST_SIDE + inner * 0.5  # 150 is halfway from 100 to 200
    assert histogram_x(150, 100, 200) == x
    markers = re.findall(r'<line x1="([\d.]+)" y1="[\d.]+" x2="([\d.]+)"[^>]*class="marker"',
                         svg)
    assert markers == [(f"{x:.1f}", f"{x:.1f}"), (f"{HIST_SIDE:.1f}", f"{HIST_SIDE:.1f}")]
    assert "Anna &lt;3&gt;: 150" in svg and "<script" not in svg
    assert svg.count('class="bar"') == len(counts)
    heights = [float(h) for h in re.findall(r'height="([\d.]+)" class="bar"', svg)]
    assert max(heights) == pytest.approx(130) and heights[counts.index(0)] == 0
    assert "<title>190+: 2 spellen</title>" in svg and "<title>100–109: 1 spellen</title>" in svg
    assert 'role="img"' in svg and 'aria-labelledby="histogram-title histogram-desc"' in svg
    assert '<desc id="histogram-desc">Hoe vaak' in svg
    assert histogram_chart(0, 10, [], [], "t", "d") == ""
