"""The JSON the API answers with and the stores write (orjson, docs/performance.md) reads
back as the same value the standard library's encoder wrote, for any JSON value: integers
beyond 64 bits and lone surrogates included (a validation error may quote them from a
request), which orjson refuses and the standard library then writes."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given
from hypothesis import strategies as st
from wordyahtzee.web.json_provider import dump_bytes, dump_text

from wordyahtzee.store.jsontext import compact

SCALARS = (st.none() | st.booleans() | st.integers() | st.text()
           | st.floats(allow_nan=False, allow_infinity=False))
VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4)
                      | st.dictionaries(st.text() | st.integers(), inner, max_size=4),
                      max_leaves=20)


def _standard(value: Any) -> Any:
    """``value`` as the standard library's encoder writes and reads it."""
    return json.loads(json.dumps(value))


@given(VALUES)
def test_the_api_writes_what_the_standard_library_reads_back(value: Any) -> None:
    written = dump_bytes(value)
    assert json.loads(written.decode("utf-8")) == _standard(value)  # valid UTF-8
    assert json.loads(dump_text(value)) == _standard(value)


@given(VALUES)
def test_the_stores_write_what_the_standard_library_reads_back(value: Any) -> None:
    assert json.loads(compact(value)) == _standard(value)


def test_both_are_compact_utf8_in_key_order() -> None:
    value = {"woord": "één", "seq": 3, 1: [True, None, 0.5], "a": {}}
    assert compact(value) == '{"woord":"één","seq":3,"1":[true,null,0.5],"a":{}}'
    assert dump_bytes(value) == compact(value).encode()


def test_an_api_answer_quoting_a_huge_integer_is_a_clear_4xx(client: Any) -> None:
    """A validation error quotes the request's values back: one beyond 64 bits used to make
    orjson fail, and the answer a 500."""
    answer = client.post("/api/dice-sets", json={"title": "x", "language": "nl",
                                                 "dice": [[2 ** 80]]})
    assert answer.status_code == 400
    assert answer.get_json()["error"]["code"] == "bad_dice_set"
