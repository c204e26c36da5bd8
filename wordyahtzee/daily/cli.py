"""The ``wordyahtzee daily`` commands: a day's par, board and (once the day is over) seed,
the day's dice replayed from a published seed, so anyone can check them, and the
moderators' commands of the fair-play check (docs/daily.md, "Fair play"): the results
waiting for a decision, one game's evidence, and the decision."""

from __future__ import annotations

import json

from ..cli.options import add_db
from ..errors import WordyahtzeeError

TYPE_CHECKING = False  # not typing's: building the parsers (``--help``) imports no typing
if TYPE_CHECKING:
    import argparse
    from typing import Any


def cmd_daily_show(args: argparse.Namespace) -> int:
    """``daily show``: per mode, the day's par (computed here if nobody has yet), how many
    finished and the best score, and the seed once the day is over."""
    import time

    from ..store import open_store
    from . import rules as daily

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
                                  "best": board[0]["loss"] if board else None}
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
        print(f"{mode:<8}par {info['par']}, on the board {info['players']}, "
              f"fewest points lost {best}")
    return 0


def cmd_daily_replay(args: argparse.Namespace) -> int:
    """``daily replay``: the optimal player's game on a published seed's dice, turn by turn
    (its total is the day's par), each throw's faces in die order."""
    from . import rules as daily

    mode = daily.check_mode(args.mode or daily.DAILY_MODES[0])
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


def _service(db: str | None) -> Any:
    """A table service on the server's store (no background work: the moderator's
    commands only read and decide)."""
    from ..store import open_store
    from ..tables import TableService

    return TableService(open_store(db))


def _verdict_line(entry: dict[str, Any]) -> str:
    result = entry.get("result") or {}
    verdict = result.get("verdict") or {}
    why = (f"not judged: {result['error']}" if "error" in result else
           f"LR {verdict.get('lr', '-')}, departures {verdict.get('departures', '-')}, "
           f"hits in hindsight {verdict.get('hits', '-')}")
    return (f"{entry['day']}  {entry['mode']:<7}  {entry['game_id']}  {entry['score']:>4}  "
            f"{entry['check']:<9}  {why}  {entry['name']}")


def cmd_daily_flagged(args: argparse.Namespace) -> int:
    """``daily flagged``: the daily results the fair-play check holds back for a
    moderator (``--all``: every decided one too), newest first."""
    service = _service(args.db)
    try:
        states = ("flagged", "cleared", "confirmed") if args.all else ("flagged",)
        found = service.fairplay.flagged_results(args.date, args.mode, states)
    finally:
        service.store.close()
    if args.json:
        print(json.dumps(found, ensure_ascii=False))
        return 0
    if not found:
        print("no result waits for a moderator" if not args.all else "no checked result")
    for entry in found:
        print(_verdict_line(entry))
    return 0


def cmd_daily_evidence(args: argparse.Namespace) -> int:
    """``daily evidence GAME``: a checked daily game's choices, each with its regret and
    its worth in hindsight, and the verdict."""
    from ..moderation.fairplay import describe_option

    service = _service(args.db)
    try:
        entry = service.store.daily_entry_of(args.game)
    finally:
        service.store.close()
    if entry is None or entry["check"] is None:
        raise WordyahtzeeError(f"no checked daily game {args.game!r}", "not_found")
    if args.json:
        print(json.dumps(entry, ensure_ascii=False))
        return 0
    print(_verdict_line(entry))
    for choice in (entry.get("result") or {}).get("choices", []):
        if choice["chosen"] == choice["best"]:
            continue
        print(f"  turn {choice['turn'] + 1:>2}, after throw {choice['throws']}: chose "
              f"{describe_option(choice['chosen'])} over {describe_option(choice['best'])}; "
              f"regret {choice['regret']:.2f}, worth in hindsight {choice['worth']:+.2f}")
    return 0


def cmd_daily_decide(args: argparse.Namespace) -> int:
    """``daily clear`` / ``daily confirm GAME``: a moderator's decision on a flagged
    result (cleared: it joins the board; confirmed: it stays off), logged with who and
    why."""
    import getpass

    service = _service(args.db)
    try:
        entry = service.fairplay.moderate(args.game, args.decision,
                                          args.by or getpass.getuser(), args.note)
    finally:
        service.store.close()
    print(json.dumps(entry, ensure_ascii=False) if args.json else _verdict_line(entry))
    return 0


def _hold_line(hold: dict[str, Any]) -> str:
    verdict = (hold.get("evidence") or {}).get("verdict") or {}
    return (f"{hold['profile_id']}  {hold['mode']:<7}  {hold['state']:<9}  "
            f"z {verdict.get('z', '-')} over {verdict.get('games', '-')} games: lost "
            f"{verdict.get('loss', '-')}, the reference player {verdict.get('expected', '-')}"
            f"  {hold['name']}")


def cmd_daily_held(args: argparse.Namespace) -> int:
    """``daily held``: the profiles the engine-play check holds for a moderator (``--all``:
    the decided ones too), newest first, each with its games."""
    service = _service(args.db)
    try:
        states = ("held", "cleared", "confirmed") if args.all else ("held",)
        found = service.fairplay.engine.held_profiles(states, args.mode)
    finally:
        service.store.close()
    if args.json:
        print(json.dumps(found, ensure_ascii=False))
        return 0
    if not found:
        print("no profile waits for a moderator" if not args.all else "no profile held")
    for hold in found:
        print(_hold_line(hold))
        for game in hold["evidence"].get("games", []):
            print(f"  {game['game_id']}  {game['kind']:<5}  lost {game['loss']}, the "
                  f"reference player {game['expected']}, score {game['score']}")
    return 0


def cmd_daily_decide_profile(args: argparse.Namespace) -> int:
    """``daily clear-profile`` / ``daily confirm-profile PROFILE MODE``: a moderator's
    decision on a profile held for engine play, logged with who and why."""
    import getpass

    service = _service(args.db)
    try:
        hold = service.fairplay.engine.moderate_engine(
            args.profile, args.mode, args.decision, args.by or getpass.getuser(), args.note)
    finally:
        service.store.close()
    print(json.dumps(hold, ensure_ascii=False) if args.json else _hold_line(hold))
    return 0


def add_daily_parser(sub: Any) -> None:
    """The ``daily`` sub-command group (docs/daily.md)."""
    group = sub.add_parser("daily", help="the daily game: par, board, published seeds")
    commands = group.add_subparsers(dest="daily_command", required=True, metavar="COMMAND")
    p = commands.add_parser("show", help="a day's par, board and (once over) seed")
    p.add_argument("--date", default=None, metavar="YYYY-MM-DD", help="the day (default: "
                   "today in Europe/Amsterdam)")
    add_db(p)
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=cmd_daily_show)
    p = commands.add_parser("replay", help="the optimal game on a published seed's dice")
    p.add_argument("--seed", required=True, metavar="HEX", help="the day's published seed")
    p.add_argument("--mode", help="a mode of the daily game (default: the first the start "
                   "page shows, Woord Yahtzee)")
    p.add_argument("--json", action="store_true", help='print {"mode", "par", "record"}')
    p.set_defaults(func=cmd_daily_replay)
    p = commands.add_parser("flagged", help="results the fair-play check holds back for a "
                            "moderator")
    p.add_argument("--date", default=None, metavar="YYYY-MM-DD", help="only this day")
    p.add_argument("--mode", default=None, help="only woord or classic")
    p.add_argument("--all", action="store_true", help="the decided ones too")
    _store_options(p)
    p.set_defaults(func=cmd_daily_flagged)
    p = commands.add_parser("evidence", help="a checked daily game's choices: regret and "
                            "worth in hindsight")
    p.add_argument("game", metavar="GAME", help="the game's id")
    _store_options(p)
    p.set_defaults(func=cmd_daily_evidence)
    for decision, verb, text in (("cleared", "clear", "a flagged result joins the board"),
                                 ("confirmed", "confirm", "a flagged result stays off it")):
        p = commands.add_parser(verb, help=text)
        p.add_argument("game", metavar="GAME", help="the game's id")
        p.add_argument("--note", default="", help="why (kept in the moderators' log)")
        p.add_argument("--by", default=None, metavar="NAME",
                       help="the moderator (default: the user running the command)")
        _store_options(p)
        p.set_defaults(func=cmd_daily_decide, decision=decision)
    p = commands.add_parser("held", help="profiles the engine-play check holds for a "
                            "moderator")
    p.add_argument("--mode", default=None, help="only woord or classic")
    p.add_argument("--all", action="store_true", help="the decided ones too")
    _store_options(p)
    p.set_defaults(func=cmd_daily_held)
    for decision, verb, text in (
            ("cleared", "clear-profile", "a held profile's results count again"),
            ("confirmed", "confirm-profile", "a held profile plays with the engine")):
        p = commands.add_parser(verb, help=text)
        p.add_argument("profile", metavar="PROFILE", help="the profile's id")
        p.add_argument("mode", metavar="MODE", help="woord or classic")
        p.add_argument("--note", default="", help="why (kept in the moderators' log)")
        p.add_argument("--by", default=None, metavar="NAME",
                       help="the moderator (default: the user running the command)")
        _store_options(p)
        p.set_defaults(func=cmd_daily_decide_profile, decision=decision)


def _store_options(p: Any) -> None:
    add_db(p)
    p.add_argument("--json", action="store_true", help="print JSON")
