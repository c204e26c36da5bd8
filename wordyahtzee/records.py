"""Game records: the JSON form of a finished (or unfinished) game, read by ``replay``.

A record names its ``mode``; :func:`wordyahtzee.games.replay` hands it to that mode's
``replay_record``, which checks every turn against the rules and returns the final score
sheets (``docs/records.md``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from .errors import RecordError

MAX_DEPTH = 64
"""Records nest a few levels deep; deeper JSON is refused before it is parsed further."""
MAX_INT_DIGITS = 30

_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"?', re.DOTALL)
"""A JSON string, or an unterminated one to the end of the text (so that every match
consumes what it reads: the scan stays linear whatever the text)."""
_NOT_BRACKETS = re.compile(r"[^\[\]{}]+")


def nested_deeper(text: str, most: int) -> bool:
    """Whether JSON ``text`` nests arrays and objects more than ``most`` levels deep (the
    brackets inside strings do not count): a cheap scan before parsing, so that neither the
    parser nor anything that walks the parsed value later (an encoder, a validator) can
    recurse without bound. Text that is no JSON may count too deep; it is refused anyway."""
    brackets = _NOT_BRACKETS.sub("", _STRINGS.sub("", text))
    if len(brackets) <= most:
        return False
    depth = 0
    for ch in brackets:
        depth += 1 if ch in "[{" else -1
        if depth > most:
            return True
    return False


def parse_record(text: str) -> dict[str, Any]:
    """Parse record JSON text; a clear :class:`RecordError` for anything malformed,
    including JSON nested deeper than :data:`MAX_DEPTH` or integers longer than
    :data:`MAX_INT_DIGITS` digits."""
    if nested_deeper(text, MAX_DEPTH):
        raise RecordError(f"record: JSON nested deeper than {MAX_DEPTH} levels")

    def parse_int(digits: str) -> int:
        if len(digits.lstrip("-")) > MAX_INT_DIGITS:
            raise RecordError(f"record: a number has more than {MAX_INT_DIGITS} digits")
        return int(digits)

    try:
        data = json.loads(text, parse_int=parse_int)
    except json.JSONDecodeError as exc:
        raise RecordError(f"record: malformed JSON: {exc.msg} at line {exc.lineno} "
                          f"column {exc.colno}") from None
    except (UnicodeDecodeError, RecursionError, ValueError):
        raise RecordError("record: not UTF-8 JSON text") from None
    if not isinstance(data, dict):
        raise RecordError("record: the top level must be a JSON object")
    return data


def replay(data: Mapping[str, Any]) -> dict[str, Any]:
    """Score a parsed record: ``{"players": [...], "winners": [...]}``."""
    from .games import replay as replay_any

    return replay_any(data)


__all__ = ["parse_record", "replay"]
