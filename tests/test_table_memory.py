"""What computing a strategy table costs in memory (docs/classic.md, docs/strategy.md,
"Benchmarks"): the classic table in at most 48 MB, the Woord Yahtzee table in at most
128 MB, each the peak RSS of a fresh process (``VmHWM``) that does only that; and the
classic table is the same to the bit whichever number of threads computes it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

PEAK = ("import atexit, sys\n"
        "def _peak():\n"
        "    for line in open('/proc/self/status'):\n"
        "        if line.startswith('VmHWM:'):\n"
        "            sys.stderr.write('VMHWM ' + line.split()[1] + '\\n')\n"
        "atexit.register(_peak)\n")


def peak_mib(code: str, tmp_path: Path) -> tuple[float, str]:
    """The peak RSS (MiB) and the output of ``code`` in a fresh process with an empty
    cache folder, the shipped tables ignored (the table is computed)."""
    env = {**os.environ, "WORDYAHTZEE_CACHE_DIR": str(tmp_path / "cache"),
           "WORDYAHTZEE_SHIPPED_TABLES": "0"}
    done = subprocess.run([sys.executable, "-c", PEAK + code], env=env, capture_output=True,
                          text=True, timeout=1800, check=True)
    line = next(x for x in done.stderr.splitlines() if x.startswith("VMHWM "))
    return int(line.split()[1]) / 1024, done.stdout.strip()


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads /proc")
def test_classic_ev_computes_its_table_in_48_mb(tmp_path: Path) -> None:
    code = ("import runpy; sys.argv = ['wordyahtzee', 'classic', 'ev']; "
            "runpy.run_module('wordyahtzee', run_name='__main__')")
    peak, out = peak_mib(code, tmp_path)
    assert out == "254.589609"
    assert peak <= 48.0, f"{peak:.1f} MiB"


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads /proc")
def test_the_woord_table_is_computed_in_128_mb(tmp_path: Path) -> None:
    """From its score table (read from the package here: building it is the solver's
    work, before the table's), as ``scripts/bench_woord_strategy.py`` measures it."""
    code = ("import os; os.environ.pop('WORDYAHTZEE_SHIPPED_TABLES')\n"
            "from wordyahtzee.advisor.woord.score_table import load_score_table\n"
            "from wordyahtzee.advisor.woord.strategy import WoordStrategy\n"
            "print(f'{WoordStrategy.compute(load_score_table(quiet=True)).expected_score:.6f}')")
    peak, out = peak_mib(code, tmp_path)
    assert float(out) > 0
    assert peak <= 128.0, f"{peak:.1f} MiB"


@pytest.mark.slow
def test_threads_compute_the_same_classic_table() -> None:
    from wordyahtzee.advisor.classic.strategy import ClassicStrategy

    one = ClassicStrategy.compute("forced", workers=1)
    two = ClassicStrategy.compute("forced", workers=2)
    assert np.array_equal(one.values, two.values)
    assert f"{two.expected_score:.10f}" == "254.5877287345"  # docs/classic.md
