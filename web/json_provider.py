"""The API's JSON, written by orjson: every answer and every state a stream sends.

Flask's own provider writes with the standard library's encoder; orjson writes the same
document several times faster (a classic move's answer: 17 µs against 2.3 µs;
docs/performance.md). The output is the same JSON as Flask's compact form with
``sort_keys`` and ``ensure_ascii`` off, as the app had set them: keys in insertion order,
UTF-8 text, no spaces. A value orjson does not know (a date, a decimal, an object with
``__html__``) goes to Flask's own conversion, so nothing that Flask could answer fails here.
Requests are still read by Flask's provider (its error messages and limits stay as they
were)."""

from __future__ import annotations

import json
from typing import Any, cast

import orjson
from flask.json.provider import DefaultJSONProvider
from werkzeug.sansio.response import Response

OPTIONS = (orjson.OPT_NON_STR_KEYS | orjson.OPT_SERIALIZE_NUMPY
           | orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_PASSTHROUGH_DATACLASS)
"""Integer keys become strings (as the standard library's encoder does them); numpy scalars
and arrays are numbers and lists; dates and dataclasses go to Flask's conversion."""


def _default(value: Any) -> Any:
    """What orjson cannot write itself: a float or int subclass as the number it is, else
    Flask's conversion (dates, decimals, UUIDs, ``__html__``), which raises TypeError for
    anything else."""
    if isinstance(value, float):
        return float(value)
    if isinstance(value, int):
        return int(value)
    return DefaultJSONProvider.default(value)


def dump_bytes(value: Any) -> bytes:
    """``value`` as compact JSON, UTF-8. What orjson refuses (an integer beyond 64 bits, a
    string with a lone surrogate: a validation error may quote either from a request) is
    written by the standard library, with ``\\u`` escapes."""
    try:
        return orjson.dumps(value, default=_default, option=OPTIONS)
    except orjson.JSONEncodeError:
        return json.dumps(value, default=_default, separators=(",", ":")).encode()


def dump_text(value: Any) -> str:
    """``value`` as compact JSON text."""
    return dump_bytes(value).decode()


class OrjsonProvider(DefaultJSONProvider):
    """Flask's JSON provider, writing with orjson (reading as Flask does)."""

    sort_keys = False
    ensure_ascii = False

    def dumps(self, obj: Any, **kwargs: Any) -> str:
        """Compact JSON; any keyword argument (an indent, say) goes to Flask's writer."""
        if kwargs:
            return super().dumps(obj, **kwargs)
        return dump_text(obj)

    def response(self, *args: Any, **kwargs: Any) -> Response:
        """:func:`flask.jsonify`'s response, its body written once as bytes (Flask's
        pretty-printed form in debug mode)."""
        app = self._app
        if self.compact is False or (self.compact is None and app.debug):
            return super().response(*args, **kwargs)
        obj = self._prepare_response_obj(args, kwargs)
        made: Response = cast(Any, app.response_class)(dump_bytes(obj) + b"\n",
                                                       mimetype=self.mimetype)
        return made
