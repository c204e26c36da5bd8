"""Print the simulated figures of docs/strategy.md as Markdown.

For one player (and order) it plays solo games through the engine and prints the mean,
its standard error, the percentiles, a histogram, how often the bonuses come, each box's
mean points and share, and the mean points of each round.

    python -m scripts.woord_strategy_report --player optimal --games 2000 --seed 2026
    python -m scripts.woord_strategy_report --player greedy --free-order --games 500
    python -m scripts.woord_strategy_report --exact    # optimal strict order, from the DP
"""

from __future__ import annotations

import argparse
import math

from wordyahtzee.advisor.woord.players import WOORD_LEVELS
from wordyahtzee.advisor.woord.simulate import simulate_woord, summarise
from wordyahtzee.modes.woord import BOXES, ROUND_BOXES


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--player", choices=WOORD_LEVELS, default="optimal")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--dict", default="nl")
    parser.add_argument("--dice-set", default="nl")
    parser.add_argument("--threshold", type=int, default=40)
    parser.add_argument("--free-order", action="store_true")
    parser.add_argument("--bin", type=int, default=50, help="histogram bin width")
    parser.add_argument("--exact", action="store_true",
                        help="optimal strict order: exact figures from the DP, no games")
    args = parser.parse_args()
    if args.exact:
        return exact(args)

    sim = simulate_woord(args.player, args.games, args.seed, dictionary=args.dict,
                         dice_set=args.dice_set, threshold=args.threshold,
                         free_order=args.free_order)
    s = summarise(sim)
    n = s["games"]
    order = "free" if args.free_order else "strict"
    print(f"### {args.player}, {order} order: {n} games, seed {args.seed}, dict {args.dict}, "
          f"dice {args.dice_set}, threshold {args.threshold}\n")
    print(f"- mean {s['mean']:.2f} ± {s['stdev'] / math.sqrt(n):.2f} (standard error), "
          f"stdev {s['stdev']:.2f}, range {s['min']}..{s['max']}")
    pct = s["percentiles"]
    print("- percentiles: " + ", ".join(f"p{p} {v}" for p, v in pct.items()))
    print(f"- upper bonus in {s['upper_bonus_rate']:.1%} of games; woord_yahtzee (50) in "
          f"{s['woord_yahtzee_rate']:.1%}; {s['mean_bonuses_100']:.2f} bonuses of 100 a "
          "game\n")
    totals = sorted(sh.total for sh in sim.sheets)
    print("| score | games | |\n|---:|---:|---|")
    lo = totals[0] // args.bin * args.bin
    for start in range(lo, totals[-1] + 1, args.bin):
        count = sum(1 for t in totals if start <= t < start + args.bin)
        bar = "#" * round(60 * count / n)
        print(f"| {start}–{start + args.bin - 1} | {count} | `{bar}` |")
    print("\n| box | mean points | share |\n|---|---:|---:|")
    rows = [(b, s["boxes"][b]) for b in BOXES]
    rows += [("upper bonus", s["upper_bonus"]),
             ("woord yahtzee bonuses", s["woord_yahtzee_bonus"])]
    for name, mean in rows:
        print(f"| {name} | {mean:.2f} | {mean / s['mean']:.1%} |")
    print("\n| round | box (strict order) | mean points |\n|---:|---|---:|")
    for r, mean in enumerate(s["rounds"], 1):
        print(f"| {r} | {ROUND_BOXES[r - 1]} | {mean:.2f} |")
    return 0


def exact(args: argparse.Namespace) -> int:
    """The exact breakdown of the optimal strict-order score."""
    from wordyahtzee.advisor.woord.breakdown import exact_breakdown
    from wordyahtzee.advisor.woord.strategy import load_woord_strategy

    strategy = load_woord_strategy(args.dict, args.dice_set, args.threshold)
    b = exact_breakdown(strategy)
    print(f"### optimal, strict order, exact: dict {args.dict}, dice {args.dice_set}, "
          f"threshold {args.threshold}\n")
    print(f"- expected score {strategy.expected_score:.6f} (table), "
          f"{b.expected_score:.6f} (sum of the breakdown)")
    print(f"- P(upper bonus) {b.p_upper_bonus:.4%}; P(woord_yahtzee filled) "
          f"{b.p_woord_yahtzee:.4%}; expected bonuses of 100: "
          f"{b.woord_yahtzee_bonus / 100:.4f}\n")
    print("| box | expected points | share |\n|---|---:|---:|")
    rows = [*b.boxes.items(), ("upper bonus", b.upper_bonus),
            ("woord yahtzee bonuses", b.woord_yahtzee_bonus)]
    for name, mean in rows:
        print(f"| {name} | {mean:.3f} | {mean / b.expected_score:.2%} |")
    print("\n| round | box | expected points |\n|---:|---|---:|")
    for r, mean in enumerate(b.rounds, 1):
        print(f"| {r} | {strategy.rounds[r - 1]} | {mean:.3f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
