"""``check`` and ``solve``: is a word valid, and the best words for a throw. ``check
WORD...`` is the command a player types most: this module imports nothing it does not
need: not even ``json`` (and the ``re`` it imports) until a command prints JSON
(tests/test_cli_imports.py, ``scripts/bench_cli.py``)."""

from __future__ import annotations

import sys

from ..errors import WordyahtzeeError

TYPE_CHECKING = False
if TYPE_CHECKING:  # typing and argparse are not imported at run time for ``check WORD...``
    import argparse
    from typing import Any


def print_json(data: object, flush: bool = False) -> None:
    """``data`` as one line of JSON on stdout (``json`` is imported here, not for text)."""
    import json

    print(json.dumps(data, ensure_ascii=False), flush=flush)


def cmd_check(args: argparse.Namespace) -> int:
    """``check``: is each word valid in the dictionary; with ``--why``, where a valid word
    comes from or why a word is refused, and the valid words one edit away."""
    from ..lexicon.registry import load_lexicon  # not the package's lazy name: one module less

    words = list(args.words)
    if words == ["-"]:
        words = [line.strip() for line in sys.stdin if line.strip()]
    if not words:
        raise WordyahtzeeError("check: give one or more words, or - to read stdin", "usage")
    lexicon = load_lexicon(args.dict)
    if args.why:
        from ..lexicon.why import explain

        whys = [explain(w, args.dict) for w in words]
        if args.json:
            print_json([{"word": w.word, "valid": w.valid, "why": w.to_json()} for w in whys])
        for w in whys if not args.json else ():
            nearby = f"\tnearby: {', '.join(w.nearby)}" if w.nearby else ""
            print(f"{w.word}\t{'yes' if w.valid else 'no'}\t{w.text}{nearby}")
        return 0
    results = [{"word": w, "valid": lexicon.is_valid(w)} for w in words]
    if args.json:
        print_json(results)
    else:
        for r in results:
            print(f"{r['word']}\t{'yes' if r['valid'] else 'no'}")
    return 0


def add_check_parser(sub: Any) -> None:
    """The ``check`` sub-command."""
    p = sub.add_parser("check", help="is each word valid in a dictionary")
    p.add_argument("--dict", default="nl", help="dictionary name (default: nl)")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.add_argument("--why", action="store_true",
                   help="say where each valid word comes from, or why a word is "
                        "refused, and the valid words one edit away")
    p.add_argument("words", nargs="*", metavar="WORD", help="words, or - for stdin")
    p.set_defaults(func=cmd_check)


def cmd_solve(args: argparse.Namespace) -> int:
    """``solve``: the best claim per box for the faces shown; ``-`` solves one throw a line
    from stdin and prints one JSON object a line (a bad line gets ``{"letters", "error"}``
    and the stream goes on)."""
    from ..solver import get_solver

    if args.top is not None and args.top < 0:
        raise WordyahtzeeError("solve: --top takes a number of words, 0 or more", "usage")
    from .strategy import dice_set_name

    solver = get_solver(args.dict, dice_set_name(args))
    if args.letters == "-":
        for line in sys.stdin:
            text = line.strip()
            if not text:
                continue
            try:
                data = solver.solve(text, check_dice=True).to_json(args.top)
            except WordyahtzeeError as exc:
                data = {"letters": text, "error": {"code": exc.code, "message": exc.message}}
            print_json(data, flush=True)
        return 0
    solution = solver.solve(args.letters, check_dice=True)
    if args.json:
        print_json(solution.to_json(args.top))
        return 0
    for box, best in solution.boxes.items():
        print(f"{box}\t{best.score}\t{' '.join(best.words)}")
    for word in solution.words[:args.top or 0]:
        print(f"{word.word}\t{word.score}")
    return 0


def add_solve_parser(sub: Any) -> None:
    """The ``solve`` sub-command."""
    p = sub.add_parser("solve", help="best words for 7 shown faces (? = the blank)")
    p.add_argument("--dict", default="nl", help="dictionary name (default: nl)")
    p.add_argument("--dice-set", default=None,
                   help="dice set (default: the dictionary language's, en or nl)")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.add_argument("--top", type=int, default=None, metavar="N",
                   help="list the N best words too (text), or only N words (JSON)")
    p.add_argument("letters", metavar="LETTERS",
                   help="the faces, e.g. kusnatl or 'kus?atl'; - reads one throw a line")
    p.set_defaults(func=cmd_solve)
