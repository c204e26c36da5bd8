"""Where the classic strategy table's time goes: cProfile over ``ClassicStrategy.compute``.

Each run profiles one computation of the table in a fresh process and groups the time
spent in each function itself (cProfile's ``tottime``; the time in numpy and in built-ins
is charged to the project's function that called them); the table gives, per function, the
median share of the total over ``--runs`` runs and its spread. ``--source DIR`` profiles
the ``wordyahtzee`` package found in DIR instead (another checkout, e.g. ``git archive
COMMIT wordyahtzee | tar -x -C DIR``), so that an older kernel can be profiled the same way.

    python -m scripts.profile_classic [--joker free] [--runs 3] [--top 8] [--source DIR]
                                      [--write-docs NAME]

``--write-docs NAME`` rewrites the table between the ``NAME`` markers of docs/classic.md.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CHILD = """
import cProfile, json, pstats, sys, time
from wordyahtzee.advisor.classic.strategy import ClassicStrategy
profile = cProfile.Profile()
start = time.perf_counter()
profile.enable()
ClassicStrategy.compute(sys.argv[1])
profile.disable()
wall = time.perf_counter() - start
stats = pstats.Stats(profile).stats
def through(path):  # a built-in or numpy's own Python: charged to whoever called it
    return path.startswith("~") or "<" in path or "/numpy/" in path
seconds = {f: v[2] for f, v in stats.items()}
for _ in range(20):
    moved = False
    for f, t in list(seconds.items()):
        if t and through(f[0]) and stats[f][4]:
            callers = stats[f][4]
            calls = sum(c[0] for c in callers.values()) or 1
            for caller, c in callers.items():
                seconds[caller] = seconds.get(caller, 0.0) + t * c[0] / calls
            seconds[f] = 0.0
            moved = True
    if not moved:
        break
own = {}
for (path, line, name), t in seconds.items():
    if t:
        key = f"{name} ({path.rsplit('/', 1)[-1]})"
        own[key] = own.get(key, 0.0) + t
print(json.dumps({"wall": wall, "own": own}))
"""


def one_run(joker: str, source: Path | None) -> dict[str, float | dict[str, float]]:
    """One profiled computation in a fresh process."""
    env = dict(os.environ)
    env["PYTHONPATH"] = str(source or ROOT)
    done = subprocess.run([sys.executable, "-c", CHILD, joker], capture_output=True,
                          text=True, check=True, env=env, cwd=source or ROOT)
    result: dict[str, float | dict[str, float]] = json.loads(done.stdout)
    return result


def main() -> None:
    """Profile ``--runs`` times and print the shares."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--joker", choices=("free", "forced"), default="free")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--top", type=int, default=8)
    parser.add_argument("--source", type=Path, default=None)
    parser.add_argument("--write-docs", metavar="NAME", default=None)
    args = parser.parse_args()
    runs = [one_run(args.joker, args.source) for _ in range(args.runs)]
    walls = [float(r["wall"]) for r in runs]  # type: ignore[arg-type]
    shares: dict[str, list[float]] = {}
    for r in runs:
        own = r["own"]
        assert isinstance(own, dict)
        total = sum(own.values())
        for key, seconds in own.items():
            shares.setdefault(key, []).append(100 * seconds / total)
    ranked = sorted(shares.items(), key=lambda kv: -statistics.median(kv[1]))[:args.top]
    lines = [f"{'function (its own time, numpy calls included)':58} {'share %':>8}  "
             "lowest-highest",
             f"{'whole computation under the profiler, s':58} "
             f"{statistics.median(walls):8.2f}  {min(walls):.2f}-{max(walls):.2f}"]
    for key, values in ranked:
        values += [0.0] * (len(runs) - len(values))
        lines.append(f"{key:58} {statistics.median(values):8.1f}  "
                     f"{min(values):.1f}-{max(values):.1f}")
    print("\n".join(lines))
    if args.write_docs:
        from scripts.bench_docs import write_block

        command = f"python -m scripts.profile_classic --joker {args.joker} --runs {args.runs}"
        if args.source:
            command += " --source DIR"
        write_block(ROOT / "docs" / "classic.md", args.write_docs,
                    command + f" --write-docs {args.write_docs}", lines, len(runs))


if __name__ == "__main__":
    main()
