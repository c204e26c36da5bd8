"""The JSON text the stores write: events, results, records and notices, compact and in
UTF-8 (no ``\\u`` escapes), as the standard library writes it with ``ensure_ascii`` off and
no spaces, but by orjson, several times faster on the path of every move
(docs/performance.md). Keys are written in their order, integer keys as strings."""

from __future__ import annotations

import json
from typing import Any

import orjson

_OPTIONS = orjson.OPT_NON_STR_KEYS


def compact(value: Any) -> str:
    """``value`` as compact JSON text.

    >>> compact({"word": "één", "seq": 3, 1: [True, None, 0.5]})
    '{"word":"één","seq":3,"1":[true,null,0.5]}'
    """
    try:
        return orjson.dumps(value, option=_OPTIONS).decode()
    except orjson.JSONEncodeError:  # an integer beyond 64 bits, a lone surrogate
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"))
