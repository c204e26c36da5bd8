"""``classic ev`` and the ``woord`` commands: the optimal expected scores, and simulated
games of the computer players (docs/strategy.md)."""

from __future__ import annotations

import json

from ..errors import WordyahtzeeError

TYPE_CHECKING = False  # not typing's: building the parsers (``--help``) imports no typing
if TYPE_CHECKING:
    import argparse
    from typing import Any


def _woord_setup(args: argparse.Namespace) -> tuple[Any, Any]:
    """The dictionary and dice set a ``woord`` command names (clear errors, exit 2)."""
    from ..dice import DiceSet
    from ..lexicon import load_lexicon

    threshold = getattr(args, "threshold", 40)
    if not 0 <= threshold <= 500:
        raise WordyahtzeeError("woord: --threshold is a whole number 0-500", "usage")
    if getattr(args, "games", 1) < 1:
        raise WordyahtzeeError("woord simulate: --games is 1 or more", "usage")
    return load_lexicon(args.dict), DiceSet.load(dice_set_name(args))


def dice_set_name(args: argparse.Namespace) -> str:
    """``--dice-set``, or the default set of the dictionary's language (docs/rules.md §1)."""
    from ..dice import default_dice_set
    from ..lexicon import find_dictionary

    name: str = args.dice_set or default_dice_set(find_dictionary(args.dict).language)
    return name


def cmd_woord_ev(args: argparse.Namespace) -> int:
    """``woord ev``: the optimal strict-order solo expected score from the start."""
    from ..advisor.woord.strategy import load_woord_strategy

    lexicon, dice = _woord_setup(args)
    print(f"{load_woord_strategy(lexicon, dice, args.threshold).expected_score:.6f}")
    return 0


def cmd_woord_simulate(args: argparse.Namespace) -> int:
    """``woord simulate``: solo games of a computer player through the engine."""
    from ..advisor.woord.simulate import simulate_woord, summarise

    lexicon, dice = _woord_setup(args)
    day_seed = None
    if args.day_seed is not None:
        try:
            day_seed = bytes.fromhex(args.day_seed)
        except ValueError:
            raise WordyahtzeeError("woord simulate: --day-seed is the hex seed a day's "
                                   "page publishes", "usage") from None
        args.games = 1
    summary = summarise(simulate_woord(args.player, args.games, args.seed, dictionary=lexicon,
                                       dice_set=dice, threshold=args.threshold,
                                       free_order=args.free_order, day_seed=day_seed))
    if args.json:
        print(json.dumps({"player": args.player, "games": summary["games"],
                          "mean": summary["mean"], "stdev": summary["stdev"]}))
        return 0
    n = summary["games"]
    seed = f"day seed {args.day_seed}" if args.day_seed else f"seed {args.seed}"
    print(f"player  {args.player} ({'free' if args.free_order else 'strict'} order), "
          f"{n} games, {seed}")
    print(f"mean    {summary['mean']:.2f} (standard error {summary['stdev'] / n ** 0.5:.2f})")
    print(f"stdev   {summary['stdev']:.2f}")
    pct = summary["percentiles"]
    print(f"range   {summary['min']}..{summary['max']}; percentiles 10/50/90: "
          f"{pct['10']} / {pct['50']} / {pct['90']}")
    print(f"bonus   upper bonus in {summary['upper_bonus_rate']:.1%} of games; "
          f"woord_yahtzee in {summary['woord_yahtzee_rate']:.1%}; "
          f"{summary['mean_bonuses_100']:.2f} bonuses of 100 a game")
    return 0


def add_woord_parser(sub: Any) -> None:
    """The ``woord`` sub-command group (docs/strategy.md)."""
    from ..advisor.levels import WOORD_LEVELS

    group = sub.add_parser("woord", help="Woord Yahtzee strategy tools")
    commands = group.add_subparsers(dest="woord_command", required=True, metavar="COMMAND")

    def common(p: Any) -> None:
        p.add_argument("--dict", default="nl", help="dictionary name (default: nl)")
        p.add_argument("--dice-set", default=None,
                       help="dice set (default: the dictionary language's, en or nl)")
        p.add_argument("--threshold", type=int, default=40,
                       help="upper bonus threshold (default: 40)")

    p = commands.add_parser("ev", help="optimal strict-order solo expected score")
    common(p)
    p.set_defaults(func=cmd_woord_ev)

    p = commands.add_parser("simulate", help="solo games of a computer player")
    common(p)
    p.add_argument("--player", choices=WOORD_LEVELS, default="optimal",
                   help="computer level (default: optimal)")
    p.add_argument("--games", type=int, default=1000, help="games to play (default: 1000)")
    p.add_argument("--seed", type=int, default=0, help="random seed (default: 0)")
    p.add_argument("--day-seed", default=None, metavar="HEX",
                   help="play one game on the dice of a daily game's published seed (its "
                        "score is the day's par for the optimal player)")
    p.add_argument("--free-order", action="store_true",
                   help="free order (optimal = the heuristic free-order player)")
    p.add_argument("--json", action="store_true", help='print {"player", "games", "mean", '
                   '"stdev"}')
    p.set_defaults(func=cmd_woord_simulate)


def cmd_classic_ev(args: argparse.Namespace) -> int:
    """``classic ev``: the optimal solo expected score from the start of a game."""
    from ..advisor.classic.strategy import load_strategy

    print(f"{load_strategy(args.joker).expected_score:.6f}")
    return 0


def add_classic_parser(sub: Any) -> None:
    """The ``classic`` sub-command group."""
    p = sub.add_parser("classic", help="classic Yahtzee tools")
    classic = p.add_subparsers(dest="classic_command", required=True, metavar="COMMAND")
    p = classic.add_parser("ev", help="optimal solo expected score from the start")
    p.add_argument("--joker", choices=("free", "forced"), default="free",
                   help="joker reading (default: free)")
    p.set_defaults(func=cmd_classic_ev)
