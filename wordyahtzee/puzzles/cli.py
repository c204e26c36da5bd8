"""The ``wordyahtzee puzzle`` commands (docs/puzzles.md): mine game records or a server's
finished games for puzzles, show a puzzle with its answer, and take or score the
proficiency test of a mode."""

from __future__ import annotations

import json
import sys

from ..cli.options import add_db
from ..errors import BadRequest, RecordError, WordyahtzeeError

TYPE_CHECKING = False  # not typing's: building the parsers (``--help``) imports no typing
if TYPE_CHECKING:
    import argparse
    from typing import Any

    from .model import Puzzle


def _read_json(name: str) -> Any:
    """A JSON file (``-``: stdin); a one-line error if it cannot be read."""
    from pathlib import Path

    try:
        text = sys.stdin.read() if name == "-" else Path(name).read_text(encoding="utf-8")
        return json.loads(text)
    except (OSError, UnicodeDecodeError) as exc:
        raise BadRequest(f"{name}: cannot read it ({exc.__class__.__name__})", "no_file") from None
    except json.JSONDecodeError as exc:
        raise BadRequest(f"{name}: not JSON ({exc.msg}, line {exc.lineno})", "bad_json") from None


def mine_record(record: Any) -> list[Puzzle]:
    """The puzzles of one game record (docs/records.md)."""
    import hashlib

    from ..games import from_record
    from ..modes import DEFAULT_MODE
    from .mining import MINED_MODES, judging_table, mine

    if not isinstance(record, dict):
        raise RecordError("record: a record is a JSON object")
    mode = record.get("mode", DEFAULT_MODE)
    if mode not in MINED_MODES:
        raise RecordError(f"record: {mode} games have no judge to grade puzzles against "
                          f"({', '.join(MINED_MODES)} have)")
    game: Any = from_record(record)
    rules = game.rules.to_json()
    digest = hashlib.sha256(json.dumps(record, sort_keys=True).encode()).hexdigest()[:12]
    try:
        return mine(mode, game, judging_table(mode, rules), f"record-{digest}", rules)
    except WordyahtzeeError as exc:  # free order: no optimal play
        raise RecordError(f"record: {exc.message}") from None


def describe(puzzle: dict[str, Any]) -> str:
    """A puzzle's position in a few lines of text (its mode's ``describe``)."""
    from . import puzzle_rules

    return puzzle_rules(puzzle["mode"]).describe(puzzle)


def _option_text(option: dict[str, Any]) -> str:
    if option["kind"] == "take":
        if option.get("card") is None:
            return "take nothing"
        return f"{option['how']} {option['card']} for {option['score']}"
    if option["kind"] in ("throw", "roll", "stop"):
        return {"throw": "throw to raise", "roll": "move on", "stop": "stop"}[option["kind"]]
    if option["kind"] == "keep":
        kept = option.get("letters") if "letters" in option else "".join(
            map(str, option["keep"]))
        return f"keep {kept or 'nothing'}"
    words = " ".join(option.get("words") or [])
    return f"{option['box']} for {option.get('points')}" + (f" ({words})" if words else "")


def cmd_puzzle_mine(args: argparse.Namespace) -> int:
    """``puzzle mine``: the puzzles of game records, or of a server's finished games."""
    if args.records:
        found = [p for name in args.records for p in mine_record(_read_json(name))]
        if args.json:
            print(json.dumps([p.to_json() for p in found]))
            return 0
        for puzzle in found:
            print(describe(puzzle.to_json()))
            print(f"  played  {_option_text(puzzle.played)}; best {_option_text(puzzle.best)} "
                  f"(margin {puzzle.margin})")
        print(f"{len(found)} puzzles")
        return 0
    import time

    from ..store import open_store
    from .mining import MINED_MODES, judging_coach, mine_stored
    from .rating import START
    from .service import closed_day

    store = open_store(args.db)
    try:
        new = games = 0
        for game_id in store.unmined_games(MINED_MODES, closed_day(time.time()), args.limit):
            new += mine_stored(store, game_id,
                               lambda mode, key: judging_coach(mode).load_table(key),
                               time.time(), START)
            games += 1
        total = store.puzzle_count()
    finally:
        store.close()
    if args.json:
        print(json.dumps({"games": games, "new": new, "puzzles": total}))
    else:
        print(f"mined {games} games: {new} new puzzles ({total} in all)")
    return 0


def cmd_puzzle_show(args: argparse.Namespace) -> int:
    """``puzzle show``: a stored puzzle, with its best choices."""
    from ..store import open_store

    store = open_store(args.db)
    try:
        row = store.puzzle(args.id)
    finally:
        store.close()
    if row is None:
        raise WordyahtzeeError(f"no puzzle {args.id!r}", "not_found")
    data = row["data"]
    if args.json:
        print(json.dumps({**data, "rating": row["rating"], "plays": row["plays"]}))
        return 0
    print(describe(data))
    print(f"  rating  {round(row['rating'])} ({row['plays']} answers, {row['solved']} best)")
    for option in data["options"][:5]:
        print(f"  {option['value']:8.2f}  {_option_text(option)}")
    print(f"  played  {_option_text(data['played'])} ({data['played']['value']:.2f})")
    return 0


def cmd_puzzle_test(args: argparse.Namespace) -> int:
    """``puzzle test``: the proficiency test's positions, a computer level's score on it,
    or the score of a file of answers."""
    from . import proficiency

    if args.level is None and args.answers is None:
        shown = proficiency.questions(args.mode)
        if args.json:
            print(json.dumps(shown))
        else:
            for n, question in enumerate(shown, 1):
                print(f"{n:2d}. " + describe(question))
        return 0
    if args.level is not None:
        from .. import games
        from .mining import judging_coach, judging_table

        if args.level not in judging_coach(args.mode).levels:
            raise BadRequest(f"no computer level {args.level!r} in {args.mode}", "bad_level")
        table = judging_table(args.mode, games.parse_rules(args.mode,
                                                           proficiency.RULES[args.mode]))
        answers = proficiency.level_answers(args.mode, args.level, table)
    else:
        answers = _read_json(args.answers)
        if not isinstance(answers, list):
            raise BadRequest("the answers are a JSON list of choices, one per position",
                             "bad_choice")
    result = proficiency.score(args.mode, answers)
    if args.json:
        print(json.dumps(result))
    else:
        from . import puzzle_rules

        judge = f"{puzzle_rules(args.mode).judge}'s"
        print(f"{args.mode} proficiency test v{result['version']}: {result['score']:.1f} "
              f"(0: answers drawn at random, 100: {judge} every time); "
              f"{result['best_answers']} of {result['positions']} best answers; "
              f"{result['regret']} points lost, random answers {result['random']}")
    return 0


def add_puzzle_parser(sub: Any) -> None:
    """The ``puzzle`` sub-command group (docs/puzzles.md)."""
    from . import MINED_MODES

    group = sub.add_parser("puzzle", help="puzzles from real games, and the proficiency test")
    commands = group.add_subparsers(dest="puzzle_command", required=True, metavar="COMMAND")
    p = commands.add_parser("mine", help="the puzzles of game records, or of a server's "
                            "finished games not mined yet")
    p.add_argument("records", nargs="*", metavar="RECORD",
                   help="game record files (JSON; - for stdin); none: the server's games")
    add_db(p)
    p.add_argument("--limit", type=int, default=100, help="at most this many games")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=cmd_puzzle_mine)
    p = commands.add_parser("show", help="a stored puzzle and its best choices")
    p.add_argument("id", metavar="ID")
    add_db(p)
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=cmd_puzzle_show)
    p = commands.add_parser("test", help="the proficiency test: its positions, a computer "
                            "level's score, or the score of your answers")
    p.add_argument("mode", choices=MINED_MODES)
    p.add_argument("--level", default=None, help="score this computer level")
    p.add_argument("--answers", default=None, metavar="FILE",
                   help="score these answers (a JSON list of choices, one per position)")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=cmd_puzzle_test)
