"""The ``wordyahtzee daily`` commands: a day's par, board and (once the day is over) seed,
and the day's dice replayed from a published seed, so anyone can check them."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from .errors import WordyahtzeeError

if TYPE_CHECKING:
    import argparse


def cmd_daily_show(args: argparse.Namespace) -> int:
    """``daily show``: per mode, the day's par (computed here if nobody has yet), how many
    finished and the best score, and the seed once the day is over."""
    import time

    from . import daily
    from .store import open_store

    store = open_store(args.db)
    try:
        now = time.time()
        day = daily.day_of(now) if args.date is None else daily.parse_day(args.date)
        if day > daily.day_of(now):
            raise WordyahtzeeError(f"the daily game of {day.isoformat()} has not begun",
                                   "not_found")
        seed = daily.day_seed(store.secret("daily"), day)
        over = daily.published(day, now)
        out: dict[str, Any] = {"day": day.isoformat(), "over": over,
                               "seed": seed.hex() if over else None, "modes": {}}
        for mode in daily.DAILY_MODES:
            stored = store.daily_par(day.isoformat(), mode)
            if stored is None:
                rules = daily.daily_rules(mode)
                game = daily.play_par(mode, seed, rules, daily.load_strategy(mode, rules))
                store.put_daily_par(day.isoformat(), mode, game.totals()[0], rules,
                                    game.to_record())
                stored = store.daily_par(day.isoformat(), mode)
            assert stored is not None
            board = store.daily_board(day.isoformat(), mode, 1)
            out["modes"][mode] = {"par": stored["par"],
                                  "players": sum(store.daily_scores(day.isoformat(),
                                                                    mode).values()),
                                  "best": board[0]["score"] if board else None}
    finally:
        store.close()
    if args.json:
        print(json.dumps(out))
        return 0
    print(f"day     {out['day']} (Europe/Amsterdam)")
    print("seed    " + (out["seed"] or "secret until "
                        + time.strftime("%Y-%m-%d %H:%M UTC",
                                        time.gmtime(daily.closes_at(day)))))
    for mode, info in out["modes"].items():
        best = "-" if info["best"] is None else info["best"]
        print(f"{mode:<8}par {info['par']}, finished {info['players']}, best {best}")
    return 0


def cmd_daily_replay(args: argparse.Namespace) -> int:
    """``daily replay``: the optimal player's game on a published seed's dice, turn by turn
    (its total is the day's par), each throw's faces in die order."""
    from . import daily

    mode = daily.check_mode(args.mode)
    try:
        seed = bytes.fromhex(args.seed)
    except ValueError:
        raise WordyahtzeeError("daily replay: --seed is the hex seed a day's page "
                               "publishes", "usage") from None
    if len(seed) != 32:
        raise WordyahtzeeError("daily replay: a day's seed is 64 hex digits", "usage")
    rules = daily.daily_rules(mode)
    game = daily.play_par(mode, seed, rules, daily.load_strategy(mode, rules))
    record = game.to_record()
    if args.json:
        print(json.dumps({"mode": mode, "par": game.totals()[0], "record": record}))
        return 0
    for i, turn in enumerate(record.get("turns", []), 1):
        throws = " ".join(t if isinstance(t, str) else "".join(map(str, t))
                          for t in turn.get("throws", []))
        claim = turn.get("claim") or {}
        box = claim.get("box") or turn.get("box", "")
        words = " ".join(claim.get("words", []))
        print(f"turn {i:>2}  {throws:<28} {box} {words}".rstrip())
    print(f"par     {game.totals()[0]}")
    return 0


def add_daily_parser(sub: Any) -> None:
    """The ``daily`` sub-command group (docs/daily.md)."""
    group = sub.add_parser("daily", help="the daily game: par, board, published seeds")
    commands = group.add_subparsers(dest="daily_command", required=True, metavar="COMMAND")
    p = commands.add_parser("show", help="a day's par, board and (once over) seed")
    p.add_argument("--date", default=None, metavar="YYYY-MM-DD", help="the day (default: "
                   "today in Europe/Amsterdam)")
    p.add_argument("--db", default=None, metavar="PATH|URL",
                   help="the server's store (default: wordyahtzee.sqlite3 in the user data "
                        "dir) or a postgresql:// URL")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=cmd_daily_show)
    p = commands.add_parser("replay", help="the optimal game on a published seed's dice")
    p.add_argument("--seed", required=True, metavar="HEX", help="the day's published seed")
    p.add_argument("--mode", default="woord", help="woord (default) or classic")
    p.add_argument("--json", action="store_true", help='print {"mode", "par", "record"}')
    p.set_defaults(func=cmd_daily_replay)
