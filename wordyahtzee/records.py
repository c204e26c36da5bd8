"""Game records: the JSON form of a finished (or unfinished) game, read by ``replay``.

A record names its ``mode``; each mode module provides ``replay_record(data)`` which checks
every turn against the rules and returns the final score sheets (DESIGN.md, "Game records").
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from .errors import RecordError

MODES = ("woord", "classic")


def parse_record(text: str) -> dict[str, Any]:
    """Parse record JSON text; a clear :class:`RecordError` for anything malformed."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"record: malformed JSON: {exc.msg} at line {exc.lineno} "
                          f"column {exc.colno}") from None
    except UnicodeDecodeError:
        raise RecordError("record: not UTF-8 text") from None
    if not isinstance(data, dict):
        raise RecordError("record: the top level must be a JSON object")
    return data


def replay(data: Mapping[str, Any]) -> dict[str, Any]:
    """Score a parsed record: ``{"players": [...], "winners": [...]}``."""
    mode = data.get("mode", "woord")
    if mode == "woord":
        from .modes import woord

        return woord.replay_record(data)
    if mode == "classic":
        from .modes import classic

        return classic.replay_record(data)
    raise RecordError(f"record: unknown mode {mode!r}; modes are: " + ", ".join(MODES))
