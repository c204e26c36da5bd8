"""The ``wordyahtzee`` command: thin adapters that parse, call the engine and print.

Every user error ends as one line on stderr and exit code 2.

A command imports only what it needs, and :func:`main` builds only the named command's
parser: ``wordyahtzee check huis`` loads neither numpy, Flask, the strategies nor the other
commands' arguments (tests/test_check_cli.py checks it; ``scripts/bench_cli.py`` times it).
"""

from __future__ import annotations

import json
import sys

from .errors import WordyahtzeeError

TYPE_CHECKING = False
if TYPE_CHECKING:  # typing and argparse are not imported at run time for ``check WORD...``
    import argparse
    from collections.abc import Sequence
    from typing import Any

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
    """``check``: is each word valid in the dictionary; with ``--why``, where a valid word
    comes from or why a word is refused, and the valid words one edit away."""
    from .lexicon import load_lexicon

    words = list(args.words)
    if words == ["-"]:
        words = [line.strip() for line in sys.stdin if line.strip()]
    if not words:
        raise WordyahtzeeError("check: give one or more words, or - to read stdin", "usage")
    lexicon = load_lexicon(args.dict)
    if args.why:
        from .lexicon.why import explain

        whys = [explain(w, args.dict) for w in words]
        if args.json:
            print(json.dumps([{"word": w.word, "valid": w.valid, "why": w.to_json()}
                              for w in whys], ensure_ascii=False))
        for w in whys if not args.json else ():
            nearby = f"\tnearby: {', '.join(w.nearby)}" if w.nearby else ""
            print(f"{w.word}\t{'yes' if w.valid else 'no'}\t{w.text}{nearby}")
        return 0
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
    from .advisor.classic.strategy import load_strategy

    print(f"{load_strategy(args.joker).expected_score:.6f}")
    return 0


def _dictionary_word_count(entry: Any) -> int:
    count = entry.meta.get("word_count")
    if isinstance(count, int) and not isinstance(count, bool):
        return count
    from .lexicon import load_lexicon

    return len(load_lexicon(entry.name))


def _reported(args: argparse.Namespace, folder: str) -> tuple[list[str], list[str]]:
    """Word lists folding the players' reports into a build: the words reported as wrongly
    refused (added as a source) and as wrongly accepted (a minus list), each reported at
    least ``--min-reports`` times."""
    from pathlib import Path

    from .store import open_store

    if args.reports is None:
        return [], []
    reports = open_store(args.db).word_reports(args.reports)
    wanted = {kind: sorted(r.word for r in reports if r.kind == kind
                           and r.count >= args.min_reports)
              for kind in ("wrongly_refused", "wrongly_accepted")}
    files: list[list[str]] = []
    for kind in ("wrongly_refused", "wrongly_accepted"):
        path = Path(folder) / f"{kind}.txt"
        path.write_text("".join(f"{w}\n" for w in wanted[kind]), encoding="utf-8")
        files.append([str(path)] if wanted[kind] else [])
    print(f"reports of {args.reports!r}: {len(wanted['wrongly_refused'])} word(s) added, "
          f"{len(wanted['wrongly_accepted'])} dropped (at least {args.min_reports} "
          "report(s) each)", file=sys.stderr)
    return files[0], files[1]


def cmd_dict_build(args: argparse.Namespace) -> int:
    """``dict build``: make a user dictionary from word lists and/or wordfreq."""
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        added, dropped = _reported(args, folder)
        return _build(args, added, dropped)


def _build(args: argparse.Namespace, added: list[str], dropped: list[str]) -> int:
    from pathlib import Path

    from .lexicon.build import BuildOptions, build_dictionary
    from .runtime.progress import Progress

    options = BuildOptions(
        name=args.name, sources=(*args.sources, *added), wordfreq=args.wordfreq,
        min_zipf=args.min_zipf, top=args.top, minus=(*args.minus, *dropped),
        intersect=tuple(args.intersect), language=args.language,
        min_length=args.min_length, max_length=args.max_length, alphabet=args.alphabet,
        diacritics=args.diacritics, drop_capitalised=args.drop_capitalised,
        title=args.title, licence=args.licence, source_note=args.source_note,
        force=args.force, max_source_bytes=int(args.max_source_mib * 1024 * 1024))
    result = build_dictionary(
        options, output_dir=Path(args.output_dir) if args.output_dir else None,
        progress=Progress(f"building {args.name}", sys.stderr, enabled=not args.quiet))
    if args.json:
        print(json.dumps(result.meta, ensure_ascii=False, indent=2))
    elif not args.quiet:
        print(result.summary())
    return 0


def cmd_dict_reports(args: argparse.Namespace) -> int:
    """``dict reports``: the players' disputes, most reported first, each with how often
    Dutch (or the dictionary's language) writes the word, why the dictionary holds or
    refuses it (its family: a name, not in the list, …) and the moderators' decision;
    ``--verdicts``: the decided ones as lines of a judged list (docs/dictionaries.md)."""
    from .lexicon.why import report_facts
    from .store import open_store

    store = open_store(args.db)
    reports = store.word_reports(args.dict)
    decisions = {(d["dictionary"], d["word"]): d for d in store.word_decisions(args.dict)}
    rows = [report_facts(r.to_json(), decisions.get((r.dictionary, r.word)))
            for r in reports]
    if args.verdicts:
        for row in rows:
            if row["verdict"]:
                print(f"{row['word']}\t{row['verdict']}\t{row['verdict_reason']}")
        return 0
    if args.json:
        print(json.dumps(rows, ensure_ascii=False, indent=2))
        return 0
    if not rows:
        print("no reports")
    for row in rows:
        notes = f"\t{' | '.join(row['notes'])}" if row["notes"] else ""
        decided = row["decision"]["verdict"] if row["decision"] else "undecided"
        zipf = "–" if row["zipf"] is None else f"{row['zipf']:.2f}"
        print(f"{row['word']}\t{row['dictionary']}\t{row['kind']}\t{row['count']}\t"
              f"zipf {zipf}\t{row['family']}\t{decided}{notes}")
    return 0


def cmd_dict_list(args: argparse.Namespace) -> int:
    """``dict list``: every dictionary, shipped and user-built."""
    from .lexicon import list_dictionaries

    rows: list[dict[str, Any]] = [
        {"name": e.name, "words": _dictionary_word_count(e), "language": e.language,
         "kind": "shipped" if e.shipped else "user",
         "title": str(e.meta.get("title", ""))} for e in list_dictionaries()]
    if args.json:
        print(json.dumps(rows, ensure_ascii=False))
        return 0
    width = max([4, *(len(r["name"]) for r in rows)])
    print(f"{'name':<{width}}  {'words':>9}  lang  kind     title")
    for r in rows:
        print(f"{r['name']:<{width}}  {r['words']:>9,}  {r['language']:<4}  "
              f"{r['kind']:<7}  {r['title']}")
    return 0


def cmd_dict_info(args: argparse.Namespace) -> int:
    """``dict info``: what a dictionary is and how it was made."""
    from .lexicon import find_dictionary, load_lexicon

    entry = find_dictionary(args.name)
    lexicon = load_lexicon(args.name)
    info: dict[str, Any] = {**entry.meta, "name": entry.name, "language": entry.language,
                            "kind": "shipped" if entry.shipped else "user",
                            "path": str(entry.words_path), "word_count": len(lexicon),
                            "checksum": lexicon.info.checksum}
    stated = entry.meta.get("checksum")
    if stated and stated != lexicon.info.checksum:
        info["checksum_mismatch"] = stated
    if args.json:
        print(json.dumps(info, ensure_ascii=False, indent=2))
        return 0
    for key in ("name", "title", "language", "kind", "word_count", "path", "source",
                "licence", "created", "checksum"):
        if info.get(key) not in (None, ""):
            value = f"{info[key]:,}" if key == "word_count" else info[key]
            print(f"{key:<12}{value}")
    for key in ("sources", "minus", "intersect"):
        for item in info.get(key) or []:
            shown = {k: v for k, v in item.items() if k != "sha256"}
            print(f"{key:<12}" + ", ".join(f"{k}={v}" for k, v in shown.items()))
    options = info.get("options")
    if isinstance(options, dict):
        set_options = {k: v for k, v in options.items() if v not in (None, [], False)}
        print(f"{'options':<12}" + ", ".join(f"{k}={v}" for k, v in set_options.items()))
    counts = info.get("counts")
    if isinstance(counts, dict):
        dropped = counts.get("dropped") or {}
        detail = ", ".join(f"{k} {v:,}" for k, v in dropped.items() if v) or "none"
        print(f"{'counts':<12}read {counts.get('read', 0):,}, kept {counts.get('kept', 0):,}; "
              f"dropped: {detail}")
    if "checksum_mismatch" in info:
        print(f"{'warning':<12}the sidecar names checksum {stated}: the word list changed")
    return 0


def cmd_dict_remove(args: argparse.Namespace) -> int:
    """``dict remove``: delete a user dictionary and its cached tries."""
    from .lexicon.registry import remove_dictionary

    entry = remove_dictionary(args.name)
    print(f"removed dictionary {entry.name!r}")
    return 0


def _add_dict_parser(sub: Any) -> None:
    """The ``dict`` sub-command group (docs/dictionaries.md)."""
    group = sub.add_parser("dict", help="build, list, describe and remove dictionaries")
    commands = group.add_subparsers(dest="dict_command", required=True, metavar="ACTION")

    p = commands.add_parser("build", help="build a dictionary from word lists or wordfreq")
    p.add_argument("sources", nargs="*", metavar="SOURCE",
                   help="word list (.txt or .gz, one word a line, UTF-8) or dictionary name")
    p.add_argument("--name", required=True, help="the new dictionary's name")
    p.add_argument("--title", default="", help="a one-line description")
    p.add_argument("--licence", default="", help="the word list's licence, one line")
    p.add_argument("--source-note", default="",
                   help="one line on where the words come from (default: a summary)")
    p.add_argument("--language", default=None,
                   help="language code for Zipf frequencies (default: --wordfreq's, else nl)")
    p.add_argument("--wordfreq", metavar="LANG", default=None,
                   help="also take words from wordfreq's list for LANG")
    p.add_argument("--min-zipf", type=float, default=None, metavar="Z",
                   help="keep only words with a Zipf frequency of at least Z")
    p.add_argument("--top", type=int, default=None, metavar="N",
                   help="take the N most frequent qualifying words from --wordfreq")
    p.add_argument("--minus", action="append", default=[], metavar="FILE|NAME",
                   help="drop the words of this list (repeatable)")
    p.add_argument("--intersect", action="append", default=[], metavar="FILE|NAME",
                   help="keep only words also in this list (repeatable)")
    p.add_argument("--min-length", type=int, default=1, metavar="N")
    p.add_argument("--max-length", type=int, default=None, metavar="N")
    p.add_argument("--alphabet", default="a-z",
                   help="allowed letters after folding, e.g. a-z or a-pr-wyz (default a-z)")
    p.add_argument("--diacritics", choices=("fold", "drop"), default="fold",
                   help="fold (ruïne -> ruine, the default) or drop entries with diacritics")
    p.add_argument("--drop-capitalised", action="store_true",
                   help="drop entries with a capital letter (names, abbreviations)")
    p.add_argument("--max-source-mib", type=float, default=64, metavar="MIB",
                   help="refuse a word list whose text, decompressed, passes this many MiB "
                   "(default 64; guards against gzip bombs)")
    p.add_argument("--force", action="store_true", help="replace a user dictionary")
    p.add_argument("--output-dir", default=None, metavar="DIR",
                   help="write here instead of the user dictionary folder")
    p.add_argument("--reports", default=None, metavar="NAME",
                   help="fold in the players' reports about dictionary NAME: add the words "
                   "reported as wrongly refused, drop those reported as wrongly accepted")
    p.add_argument("--min-reports", type=int, default=1, metavar="N",
                   help="with --reports: only words reported at least N times (default 1)")
    p.add_argument("--db", default=None, metavar="PATH|URL",
                   help="with --reports: the server's database (default: the user data dir)")
    p.add_argument("--json", action="store_true", help="print the sidecar as JSON")
    p.add_argument("--quiet", action="store_true", help="no progress bar, no summary")
    p.set_defaults(func=cmd_dict_build)

    p = commands.add_parser("reports", help="the words players reported as wrongly "
                            "accepted or refused")
    p.add_argument("--dict", default=None, metavar="NAME", help="only this dictionary")
    p.add_argument("--db", default=None, metavar="PATH|URL",
                   help="the server's database (default: the user data dir)")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.add_argument("--verdicts", action="store_true",
                   help="print the decided reports as judged-list lines (word, keep/drop, "
                        "reason) for dictionaries/nl-frequent.tsv")
    p.set_defaults(func=cmd_dict_reports)

    p = commands.add_parser("list", help="list the dictionaries")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=cmd_dict_list)

    p = commands.add_parser("info", help="describe a dictionary")
    p.add_argument("name", metavar="NAME")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=cmd_dict_info)

    p = commands.add_parser("remove", help="remove a dictionary you built")
    p.add_argument("name", metavar="NAME")
    p.set_defaults(func=cmd_dict_remove)


DEFAULT_PORT = 8000
"""``serve``'s port: not 5000, which recent macOS gives its AirPlay receiver."""


def cmd_serve(args: argparse.Namespace) -> int:
    """``serve``: the web front-end on gunicorn with gevent workers."""
    if not 0 <= args.port <= 65535 or not 1 <= args.workers <= 64:
        raise WordyahtzeeError("serve: --port is 0-65535 and --workers 1-64", "usage")
    from .runtime.metrics_dir import private_metrics_dir

    with private_metrics_dir():  # before the metrics are imported: the workers share it
        from .web.server import serve

        serve(args.host, args.port, args.db, args.workers, args.allowed_hosts,
              args.ratelimit_storage, args.proxies, args.metrics_allow)
    return 0


def cmd_solve(args: argparse.Namespace) -> int:
    """``solve``: the best claim per box for the faces shown; ``-`` solves one throw a line
    from stdin and prints one JSON object a line (a bad line gets ``{"letters", "error"}``
    and the stream goes on)."""
    from .solver import get_solver

    if args.top is not None and args.top < 0:
        raise WordyahtzeeError("solve: --top takes a number of words, 0 or more", "usage")
    from .cli_woord import dice_set_name

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
            print(json.dumps(data, ensure_ascii=False), flush=True)
        return 0
    solution = solver.solve(args.letters, check_dice=True)
    if args.json:
        print(json.dumps(solution.to_json(args.top), ensure_ascii=False))
        return 0
    for box, best in solution.boxes.items():
        print(f"{box}\t{best.score}\t{' '.join(best.words)}")
    for word in solution.words[:args.top or 0]:
        print(f"{word.word}\t{word.score}")
    return 0


COMMANDS = ("check", "replay", "classic", "dict", "woord", "daily", "puzzle", "moderator",
            "serve", "solve", "migrate", "games", "backup", "restore")
"""The sub-commands, in the order ``--help`` lists them."""


def _terminal_columns() -> int:
    """``$COLUMNS``, else the terminal's width (as ``shutil.get_terminal_size``), else 80."""
    import os

    try:
        columns = int(os.environ.get("COLUMNS", "0"))
    except ValueError:
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns or 80


def _parser_class() -> type[argparse.ArgumentParser]:
    """An argument parser whose help formatter reads the terminal width without importing
    ``shutil`` (argparse's own does, for every argument added); sub-command parsers are of
    the same class."""
    import argparse

    class Formatter(argparse.HelpFormatter):
        def __init__(self, prog: str, indent_increment: int = 2,
                     max_help_position: int = 24, width: int | None = None) -> None:
            if width is None:
                width = _terminal_columns() - 2
            super().__init__(prog, indent_increment, max_help_position, width)

    class Parser(argparse.ArgumentParser):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            kwargs.setdefault("formatter_class", Formatter)
            super().__init__(*args, **kwargs)

    return Parser


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The argument parser with every sub-command, or with just ``only`` (one of
    :data:`COMMANDS`): what :func:`main` parses a command line with, since building the
    other commands' parsers would cost a short command most of its time."""
    parser = _parser_class()(
        prog="wordyahtzee",
        description="Woord Yahtzee, classic Yahtzee and the Yahtzee card game.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def wanted(name: str) -> bool:
        return only is None or only == name

    if wanted("check"):
        p = sub.add_parser("check", help="is each word valid in a dictionary")
        p.add_argument("--dict", default="nl", help="dictionary name (default: nl)")
        p.add_argument("--json", action="store_true", help="print JSON")
        p.add_argument("--why", action="store_true",
                       help="say where each valid word comes from, or why a word is "
                            "refused, and the valid words one edit away")
        p.add_argument("words", nargs="*", metavar="WORD", help="words, or - for stdin")
        p.set_defaults(func=cmd_check)
    if wanted("replay"):
        p = sub.add_parser("replay", help="score a recorded game (JSON)")
        p.add_argument("file", metavar="FILE", help="record file, or - for stdin")
        p.set_defaults(func=cmd_replay)
    if wanted("classic"):
        p = sub.add_parser("classic", help="classic Yahtzee tools")
        classic = p.add_subparsers(dest="classic_command", required=True, metavar="COMMAND")
        p = classic.add_parser("ev", help="optimal solo expected score from the start")
        p.add_argument("--joker", choices=("free", "forced"), default="free",
                       help="joker reading (default: free)")
        p.set_defaults(func=cmd_classic_ev)
    if wanted("dict"):
        _add_dict_parser(sub)
    if wanted("woord"):
        from .cli_woord import add_woord_parser

        add_woord_parser(sub)
    if wanted("daily"):
        from .cli_daily import add_daily_parser

        add_daily_parser(sub)
    if wanted("puzzle"):
        from .cli_puzzle import add_puzzle_parser

        add_puzzle_parser(sub)
    if wanted("moderator"):
        from .cli_moderator import add_moderator_parser

        add_moderator_parser(sub)
    if wanted("serve"):
        _add_serve_parser(sub)
    if wanted("solve"):
        _add_solve_parser(sub)
    if wanted("migrate"):
        from .cli_migrate import add_migrate_parser

        add_migrate_parser(sub)
    if wanted("games"):
        from .cli_games import add_games_parser

        add_games_parser(sub)
    if wanted("backup") or wanted("restore"):
        from .cli_backup import add_backup_parsers

        add_backup_parsers(sub)
    return parser


def _add_serve_parser(sub: Any) -> None:
    """The ``serve`` sub-command."""
    p = sub.add_parser("serve", help="serve the web app (default http://127.0.0.1:8000)")
    p.add_argument("--host", default="127.0.0.1", help="address (default: 127.0.0.1, this "
                   "computer only; 0.0.0.0: other devices on its network too)")
    p.add_argument("--port", type=int, default=DEFAULT_PORT,
                   help=f"port (default: {DEFAULT_PORT})")
    p.add_argument("--db", default=None, metavar="PATH|URL",
                   help="SQLite file (default: wordyahtzee.sqlite3 in the user data dir) "
                        "or a postgresql:// URL")
    p.add_argument("--workers", type=int, default=1,
                   help="server processes sharing the port (default: 1; each holds "
                        "thousands of live connections)")
    p.add_argument("--allowed-hosts", default=None, metavar="NAMES",
                   help="host names the server answers to, comma-separated ('.example.org' "
                        "= the domain and its subdomains, '*' = any; default: "
                        "$WORDYAHTZEE_ALLOWED_HOSTS, else localhost,127.0.0.1,[::1]); other "
                        "Host headers get 421")
    p.add_argument("--ratelimit-storage", default=None, metavar="URI",
                   help="where the rate-limit counters live (default: "
                        "$WORDYAHTZEE_RATELIMIT_STORAGE, else memory://, each process its "
                        "own); redis://HOST:6379 shares them between the processes that name "
                        "it (while it is unreachable, each counts its own)")
    p.add_argument("--proxies", default=None, metavar="N",
                   help="reverse proxies in front to trust: the client's address (for the "
                        "rate limits) is the one they put in X-Forwarded-For (default: "
                        "$WORDYAHTZEE_PROXIES, else 0: the connection's address)")
    p.add_argument("--metrics-allow", default=None, metavar="ADDR[,ADDR]",
                   help="addresses besides this machine that may read /metrics (default: "
                        "$WORDYAHTZEE_METRICS_ALLOW, else none); never through a proxy")
    p.set_defaults(func=cmd_serve)


def _add_solve_parser(sub: Any) -> None:
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


def plain_check(argv: Sequence[str]) -> argparse.Namespace | None:
    """``check WORD...`` with plain words only (no option, no ``-``, none empty): the
    arguments exactly as the ``check`` parser reads them, without importing argparse (a
    tenth of the command's start-up); ``None`` for any other command line."""
    if len(argv) < 2 or argv[0] != "check" or any(not w or w.startswith("-") for w in argv[1:]):
        return None
    from types import SimpleNamespace

    args: argparse.Namespace = SimpleNamespace(  # type: ignore[assignment]
        command="check", dict="nl", json=False, why=False, words=list(argv[1:]),
        func=cmd_check)
    return args


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    words = list(sys.argv[1:] if argv is None else argv)
    args = plain_check(words)
    if args is None:
        first = words[0] if words else None
        args = build_parser(first if first in COMMANDS else None).parse_args(words)
    try:
        return int(args.func(args))
    except WordyahtzeeError as exc:
        print(f"wordyahtzee: error: {exc.message}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
