"""``dict build|list|info|remove|reports``: the dictionaries a player builds, lists and
removes, and the words the site's players reported."""

from __future__ import annotations

import json
import sys

from .options import add_db

TYPE_CHECKING = False  # not typing's: building the parsers (``--help``) imports no typing
if TYPE_CHECKING:
    import argparse
    from typing import Any


def _dictionary_word_count(entry: Any) -> int:
    count = entry.meta.get("word_count")
    if isinstance(count, int) and not isinstance(count, bool):
        return count
    from ..lexicon import load_lexicon

    return len(load_lexicon(entry.name))


def _reported(args: argparse.Namespace, folder: str) -> tuple[list[str], list[str]]:
    """Word lists folding the players' reports into a build: the words reported as wrongly
    refused (added as a source) and as wrongly accepted (a minus list), each reported at
    least ``--min-reports`` times."""
    from pathlib import Path

    from ..store import open_store

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

    from ..lexicon.build import BuildOptions, build_dictionary
    from ..runtime.progress import Progress

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
    from ..lexicon.why import report_facts
    from ..store import open_store

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
    from ..lexicon import list_dictionaries

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
    from ..lexicon import find_dictionary, load_lexicon

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
    from ..lexicon.registry import remove_dictionary

    entry = remove_dictionary(args.name)
    print(f"removed dictionary {entry.name!r}")
    return 0


def add_dict_parser(sub: Any) -> None:
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
    add_db(p, "with --reports: the server's store (default: the user data dir)")
    p.add_argument("--json", action="store_true", help="print the sidecar as JSON")
    p.add_argument("--quiet", action="store_true", help="no progress bar, no summary")
    p.set_defaults(func=cmd_dict_build)

    p = commands.add_parser("reports", help="the words players reported as wrongly "
                            "accepted or refused")
    p.add_argument("--dict", default=None, metavar="NAME", help="only this dictionary")
    add_db(p)
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
