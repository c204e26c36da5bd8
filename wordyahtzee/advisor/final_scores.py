"""How optimal play's final score is spread: a seeded sample of solo games played by the
optimal strategy, cached on disk next to the strategy tables, with the histogram and the
percentile the review page draws.

The expected score of optimal play is exact (the strategy tables); its *spread* is sampled:

- classic Yahtzee: :meth:`~wordyahtzee.advisor.classic.strategy.ClassicStrategy.simulate` plays
  :data:`CLASSIC_GAMES` games vectorised (about 25 s on two cores);
- Woord Yahtzee (strict order): :func:`~wordyahtzee.advisor.woord.simulate.simulate_woord`
  plays :data:`WOORD_GAMES` games through the engine (about 25 s for ``nl``).

Both are seeded with :data:`SEED`, so a sample is the same on every machine. A sample is
cached under the key and version of the strategy it was played with (and of the code that
plays it), its size, its seed and the version of this module (:func:`sample_version`); a
file that is unreadable or holds anything else is rebuilt.

>>> sample = ScoreSample("demo", 0, np.array([10, 20, 20, 30, 45]))
>>> sample.better_than(20), sample.better_than(31)
(20.0, 80.0)
>>> sample.histogram(bins=4).counts
(1, 2, 1, 1)
>>> sample.histogram(bins=4, include=[0]).counts
(1, 3, 1)
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

import numpy as np
import numpy.typing as npt

from ..modes.classic import UPPER_BONUS_THRESHOLD
from .cache import code_version, load_arrays, save_arrays

__all__ = [
    "CLASSIC_GAMES",
    "SEED",
    "WOORD_GAMES",
    "Histogram",
    "ScoreSample",
    "classic_sample",
    "nice_width",
    "sample_version",
    "woord_sample",
]

WOORD_PLAY_CODE = ("wordyahtzee.dice", "wordyahtzee.modes.woord.game",
                   "wordyahtzee.advisor.woord.players", "wordyahtzee.advisor.woord.simulate")
"""The modules whose code plays a Woord Yahtzee sample's games, beside the strategy's (part
of its key; a classic sample is played by its strategy's own module)."""
SEED = 2026
"""The seed of every sample (the figures in docs/strategy.md use it too)."""
CLASSIC_GAMES = 100_000
"""Games in a classic sample: a percentile to within about 0.2 points."""
WOORD_GAMES = 5_000
"""Games in a Woord Yahtzee sample: a percentile to within about 1 point (each game goes
through the engine and costs about 15 times a classic one)."""
TAIL = 0.999
"""The histogram's last bin starts at about this quantile and holds every higher score, so
that a rare huge score does not squeeze the rest into a few bars."""
WIDTHS = (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000)
"""Round bin widths, in points."""

IntArray = npt.NDArray[np.int64]


def nice_width(span: int, bins: int) -> int:
    """The smallest round width (:data:`WIDTHS`) that covers ``span`` points in at most
    ``bins`` bins.

    >>> nice_width(650, 30), nice_width(508, 30), nice_width(3, 30)
    (25, 20, 1)
    """
    for width in WIDTHS:
        if span <= width * bins:
            return width
    return -(-span // bins)


@dataclass(frozen=True)
class Histogram:
    """Counts of scores in bins of ``width`` points: bin ``i`` holds
    ``start + i * width <= score < start + (i + 1) * width``; with ``open_end`` the last bin
    also holds every higher score. The counts add up to the sample size."""

    start: int
    width: int
    counts: tuple[int, ...]
    open_end: bool = False

    @property
    def total(self) -> int:
        """How many scores the bins hold."""
        return sum(self.counts)

    @property
    def end(self) -> int:
        """Where the last bin ends (its scores may go on with ``open_end``)."""
        return self.start + self.width * len(self.counts)

    def to_json(self) -> dict[str, Any]:
        """A plain JSON object."""
        return {"start": self.start, "width": self.width, "counts": list(self.counts),
                "open_end": self.open_end}


@dataclass(frozen=True)
class ScoreSample:
    """Final scores of games played by the optimal strategy ``key`` (sorted on creation)."""

    key: str
    seed: int
    scores: IntArray

    def __post_init__(self) -> None:
        scores = np.sort(np.asarray(self.scores, dtype=np.int64))
        if scores.ndim != 1 or not len(scores):
            raise ValueError("a sample needs at least one score")
        object.__setattr__(self, "scores", scores)

    @property
    def games(self) -> int:
        """The sample size."""
        return len(self.scores)

    @property
    def mean(self) -> float:
        """The sample's mean final score."""
        return float(self.scores.mean())

    def better_than(self, score: float) -> float:
        """The percentage of the sample's games that ended below ``score``."""
        below = int(np.searchsorted(self.scores, score, side="left"))
        return 100.0 * below / self.games

    def quantile(self, q: float) -> int:
        """The score at quantile ``q`` (0..1) of the sample."""
        return int(self.scores[min(self.games - 1, int(q * self.games))])

    def histogram(self, bins: int = 30, include: Iterable[int] = ()) -> Histogram:
        """About ``bins`` bins of a round width from the lowest score up; the last starts
        near the :data:`TAIL` quantile and is open-ended if higher scores remain. The range
        stretches (with empty bins) to cover the scores ``include`` (a player's)."""
        extra = [int(x) for x in include]
        low = min([int(self.scores[0]), *extra])
        high = max([low, self.quantile(TAIL), *extra])
        width = nice_width(high - low + 1, bins)
        start = low // width * width
        count = (high - start) // width + 1
        index = np.minimum((self.scores - start) // width, count - 1)
        counts = np.bincount(index, minlength=count)
        open_end = int(self.scores[-1]) >= start + count * width
        return Histogram(start, width, tuple(int(c) for c in counts), open_end)

    # -- the cache file -------------------------------------------------------------------

    def save(self, path: Path) -> None:
        """Write the sample atomically."""
        save_arrays(path, {"scores": self.scores},
                    {"version": sample_version(), "key": self.key, "seed": self.seed})

    @classmethod
    def load(cls, path: Path, key: str, games: int, seed: int) -> ScoreSample:
        """Read :meth:`save` output; ``ValueError`` says what is wrong with it."""
        arrays, meta = load_arrays(path, sample_version(), key=key)
        scores = arrays.get("scores")
        if scores is None or scores.ndim != 1 or len(scores) != games or scores.dtype.kind != "i":
            raise ValueError(f"does not hold {games} scores")
        if meta.get("seed") != seed:
            raise ValueError(f"was drawn with seed {meta.get('seed')!r}, not {seed}")
        return cls(key, seed, scores)


def sample_version() -> str:
    """The version of how samples are drawn and kept: a digest of this module
    (:func:`~wordyahtzee.advisor.cache.code_version`); a sample's key adds the versions of
    its strategy and of the code that plays it."""
    return code_version(__name__)


def _check(games: int) -> None:
    if type(games) is not int or games < 1:
        from ..errors import RuleError

        raise RuleError("a sample needs at least one game", "usage")


def _load_or_draw(path: Path, key: str, games: int, seed: int, draw: Any,
                  out: TextIO | None, use_cache: bool) -> ScoreSample:
    """The sample from ``path``; on a miss or a corrupt file (said on ``out``) drawn and
    saved (:func:`~wordyahtzee.advisor.cache.load_or_build`)."""
    from .cache import load_or_build

    sample: ScoreSample = load_or_build(
        path, f"playing {games} optimal games",
        lambda file: ScoreSample.load(file, key, games, seed),
        lambda progress: ScoreSample(key, seed, np.asarray(draw(), dtype=np.int64)),
        lambda s: s.save(path), out, use_cache)
    return sample


def classic_path(joker: str, games: int, seed: int = SEED,
                 upper_bonus_at: int = UPPER_BONUS_THRESHOLD) -> Path:
    """Where the classic sample for ``joker`` and the upper bonus at ``upper_bonus_at`` is cached
    (beside its strategy table)."""
    from .classic.strategy import cache_dir, table_version

    rules = _classic_rules(joker, upper_bonus_at)
    return cache_dir() / (f"classic-finals-{rules}-v{table_version()}"
                          f"-g{games}-s{seed}-d{sample_version()}.npz")


def _classic_rules(joker: str, upper_bonus_at: int) -> str:
    return joker if upper_bonus_at == UPPER_BONUS_THRESHOLD else f"{joker}-upper{upper_bonus_at}"


def classic_sample(joker: str = "free", games: int = CLASSIC_GAMES, seed: int = SEED, *,
                   upper_bonus_at: int = UPPER_BONUS_THRESHOLD, out: TextIO | None = None,
                   quiet: bool = False, use_cache: bool = True) -> ScoreSample:
    """Final scores of ``games`` solo classic games by the optimal strategy for ``joker``
    and the upper bonus at ``upper_bonus_at``: from the cache file, else played (seeded) and cached.
    Loads or computes the strategy table first (blocks: call it from a background thread
    in a server)."""
    from .classic.strategy import load_strategy, table_version

    _check(games)
    out = None if quiet else (out if out is not None else sys.stderr)
    strategy = load_strategy(joker, upper_bonus_at=upper_bonus_at, quiet=quiet, out=out,
                             use_cache=use_cache)
    rules = _classic_rules(joker, upper_bonus_at)
    return _load_or_draw(classic_path(joker, games, seed, upper_bonus_at),
                         f"classic-{rules}-v{table_version()}", games, seed,
                         lambda: strategy.simulate(games, seed), out, use_cache)


def _woord_key(strategy_key: str) -> str:
    """A Woord Yahtzee sample's key: its strategy's cache key and version, and the version
    of the code that plays the games."""
    from .woord.strategy import strategy_version

    return f"{strategy_key}-v{strategy_version()}-p{code_version(*WOORD_PLAY_CODE)}"


def woord_path(strategy_key: str, games: int, seed: int = SEED) -> Path:
    """Where the Woord Yahtzee sample of the strategy ``strategy_key`` (its cache key) is
    cached (beside the strategy table)."""
    from .woord.score_table import _cache_folder

    return (_cache_folder() / f"finals-{_woord_key(strategy_key)}-g{games}-s{seed}"
            f"-d{sample_version()}.npz")


def woord_sample(dictionary: str = "nl", dice_set: str = "nl", threshold: int = 40,
                 games: int = WOORD_GAMES, seed: int = SEED, *, out: TextIO | None = None,
                 quiet: bool = False, use_cache: bool = True) -> ScoreSample:
    """Final scores of ``games`` solo strict-order Woord Yahtzee games by the optimal
    strategy (game ``i`` throws with ``random.Random(seed * 1000003 + i)``): from the cache
    file, else played and cached. The cache key is the strategy table's (dictionary
    checksum, dice set, word rules, threshold). Blocks for a while on a miss."""
    from .woord.simulate import simulate_woord
    from .woord.strategy import load_woord_strategy

    _check(games)
    out = None if quiet else (out if out is not None else sys.stderr)
    strategy = load_woord_strategy(dictionary, dice_set, threshold, quiet=quiet, out=out,
                                   use_cache=use_cache)
    key = _woord_key(strategy.cache_key)
    path = woord_path(strategy.cache_key, games, seed)

    def draw() -> list[int]:
        sim = simulate_woord("optimal", games, seed, dictionary=dictionary,
                             dice_set=dice_set, threshold=threshold)
        return [sheet.total for sheet in sim.sheets]

    return _load_or_draw(path, key, games, seed, draw, out, use_cache)
