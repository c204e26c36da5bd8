"""The ``wordyahtzee`` command: thin adapters that parse, call the engine and print.

Every user error ends as one line on stderr and exit code 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from .errors import WordyahtzeeError

EXIT_USAGE = 2


def _read_source(name: str) -> str:
    if name == "-":
        return sys.stdin.read()
    try:
        with open(name, encoding="utf-8") as fh:
            return fh.read()
    except FileNotFoundError:
        raise WordyahtzeeError(f"no such file: {name}", "not_found") from None
    except IsADirectoryError:
        raise WordyahtzeeError(f"{name} is a directory, not a file", "not_found") from None
    except UnicodeDecodeError:
        raise WordyahtzeeError(f"{name}: not UTF-8 text", "bad_input") from None
    except OSError as exc:
        raise WordyahtzeeError(f"{name}: {exc.strerror}", "bad_input") from None


def cmd_check(args: argparse.Namespace) -> int:
    """``check``: is each word valid in the dictionary."""
    from .lexicon import load_lexicon

    words = list(args.words)
    if words == ["-"]:
        words = [line.strip() for line in sys.stdin if line.strip()]
    if not words:
        raise WordyahtzeeError("check: give one or more words, or - to read stdin", "usage")
    lexicon = load_lexicon(args.dict)
    results = [{"word": w, "valid": lexicon.is_valid(w)} for w in words]
    if args.json:
        print(json.dumps(results, ensure_ascii=False))
    else:
        for r in results:
            print(f"{r['word']}\t{'yes' if r['valid'] else 'no'}")
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    """``replay``: score a recorded game, or exit 2 naming the illegal turn."""
    from .records import parse_record, replay

    result = replay(parse_record(_read_source(args.file)))
    print(json.dumps(result, ensure_ascii=False, indent=2))
    return 0


def cmd_classic_ev(args: argparse.Namespace) -> int:
    """``classic ev``: the optimal solo expected score from the start of a game."""
    from .advisor import load_strategy

    print(f"{load_strategy(args.joker).expected_score:.6f}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every sub-command."""
    parser = argparse.ArgumentParser(
        prog="wordyahtzee",
        description="Woord Yahtzee, classic Yahtzee and the Yahtzee card game.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    p = sub.add_parser("check", help="is each word valid in a dictionary")
    p.add_argument("--dict", default="nl", help="dictionary name (default: nl)")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.add_argument("words", nargs="*", metavar="WORD", help="words, or - for stdin")
    p.set_defaults(func=cmd_check)

    p = sub.add_parser("replay", help="score a recorded game (JSON)")
    p.add_argument("file", metavar="FILE", help="record file, or - for stdin")
    p.set_defaults(func=cmd_replay)

    p = sub.add_parser("classic", help="classic Yahtzee tools")
    classic = p.add_subparsers(dest="classic_command", required=True, metavar="COMMAND")
    p = classic.add_parser("ev", help="optimal solo expected score from the start")
    p.add_argument("--joker", choices=("free", "forced"), default="free",
                   help="joker reading (default: free)")
    p.set_defaults(func=cmd_classic_ev)

    return parser



def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.func(args))
    except WordyahtzeeError as exc:
        print(f"wordyahtzee: error: {exc.message}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
