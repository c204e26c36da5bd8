"""``replay`` and ``games verify``: a game record scored, and every stored game replayed,
naming each one that does not replay, with why (docs/operations.md, "Damaged games"; run
it after a restore, and before and after an upgrade)."""

from __future__ import annotations

import json
import sys

from .options import add_db, read_source

TYPE_CHECKING = False  # not typing's: building the parsers (``--help``) imports no typing
if TYPE_CHECKING:
    import argparse
    from typing import Any


def cmd_verify(args: argparse.Namespace) -> int:
    """``games verify``: a line per game that does not replay (or whose stored result is
    not its replay's), a line per game whose recorded judgments the rules now compute
    otherwise (the records stand: not a fault), and a summary on stderr; exit 1 when a
    game does not replay."""
    from ..store import open_store

    store: Any = open_store(args.db)
    try:
        ids = store.game_ids()
        bad = 0
        for game_id in ids:
            problem, disputes = verify_game(store, game_id)
            if problem is not None:
                bad += 1
                print(f"{game_id}\tdoes not replay\t{problem}")
            elif disputes:
                print(f"{game_id}\treplays; the record stands\t{disputes}")
    finally:
        store.close()
    print(f"{len(ids)} games replayed: {bad} do not" if bad
          else f"{len(ids)} games replayed: all replay", file=sys.stderr)
    return 1 if bad else 0


def verify_game(store: Any, game_id: str) -> tuple[str | None, str | None]:
    """Why the stored game ``game_id`` does not replay (None: it does), and its disputes
    in a line (None: none): a move whose recorded judgment the rules now compute
    otherwise."""
    import random

    from ..errors import GameDamaged
    from ..games import damage_reason, replay_stored

    try:
        stored = store.load_game(game_id)
        game = replay_stored(stored.to_json(), rng=random.Random(0),
                             clock=lambda: float(stored.updated_at))
    except GameDamaged as exc:
        return exc.message, None
    except (ValueError, TypeError, KeyError) as exc:  # a row that is no game
        return damage_reason(exc), None
    if stored.status == "finished":
        if not game.finished:
            return "stored as finished, but its events end before the game does", None
        if stored.result is not None and stored.result != game.result():
            return "its stored result differs from its replay's", None
    disputes = None
    if game.disputes:
        first = game.disputes[0]
        disputes = (f"{len(game.disputes)} recorded judgment(s) computed otherwise, first: "
                    f"event {first.event} recorded {first.recorded!r}, computed "
                    f"{first.computed!r}")
    return None, disputes


def add_games_parser(sub: Any) -> None:
    """The ``games`` sub-command group."""
    p = sub.add_parser("games", help="the stored games: check that every one replays")
    games = p.add_subparsers(dest="games_command", required=True, metavar="ACTION")
    p = games.add_parser("verify", help="replay every stored game; name each that does not")
    add_db(p)
    p.set_defaults(func=cmd_verify)


def cmd_replay(args: argparse.Namespace) -> int:
    """``replay``: score a recorded game, or exit 2 naming the illegal turn."""
    from ..records import parse_record, replay

    result = replay(parse_record(read_source(args.file)))
    print(json.dumps(result, ensure_ascii=False, indent=2))
    return 0


def add_replay_parser(sub: Any) -> None:
    """The ``replay`` sub-command."""
    p = sub.add_parser("replay", help="score a recorded game (JSON)")
    p.add_argument("file", metavar="FILE", help="record file, or - for stdin")
    p.set_defaults(func=cmd_replay)
