"""Schemathesis against ``/api/openapi.json``: examples generated from the document, sent
to every operation, never get a server error and answer as the document says (status
codes, content types, response bodies). A bounded run: a few examples an operation."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

schemathesis = pytest.importorskip("schemathesis")

from hypothesis import HealthCheck, settings  # noqa: E402
from schemathesis import checks  # noqa: E402
from wordyahtzee.web import create_app  # noqa: E402

import wordyahtzee.tables.strategies as strategies  # noqa: E402
from wordyahtzee.advisor.classic.coach import ClassicCoach  # noqa: E402

EXAMPLES = 40
CHECKS = [checks.not_a_server_error, checks.status_code_conformance,
          checks.content_type_conformance, checks.response_schema_conformance]


@pytest.fixture(scope="module")
def schema_app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    seeds = iter(range(10**6))
    patch = pytest.MonkeyPatch()
    patch.setattr(strategies, "warm", lambda *plan: None)  # hints answer "not ready"
    patch.setattr(ClassicCoach, "needs_table", lambda self, level: False)
    app = create_app({"DATABASE": Path(tmp_path_factory.mktemp("schema")) / "s.sqlite3",
                      "TESTING": True, "SSE_SECONDS": 0.05, "WARM_STRATEGIES": (),
                      "COMPUTER_PACE": 0.0, "RNG_FACTORY": lambda: random.Random(next(seeds)),
                      "RATELIMIT_ENABLED": False})  # it floods the API on purpose
    yield app
    patch.undo()


schema = schemathesis.pytest.from_fixture("api_schema")


@pytest.fixture(scope="module")
def api_schema(schema_app: Any) -> Any:
    return schemathesis.openapi.from_wsgi("/api/openapi.json", schema_app)


@pytest.mark.slow
@schema.parametrize()
@settings(max_examples=EXAMPLES, deadline=None, derandomize=True,
          suppress_health_check=list(HealthCheck))
def test_api_answers_as_documented(case: Any) -> None:
    case.call_and_validate(checks=CHECKS)
