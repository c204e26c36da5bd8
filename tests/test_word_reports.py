"""Disputes: players report words as wrongly accepted or refused; a moderator lists them
(page, API, both behind the login; ``dict reports``) and folds them into a dictionary (``dict build
--reports``)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from wordyahtzee.lexicon import load_lexicon
from wordyahtzee.moderation import Moderation
from wordyahtzee.store import open_store

from .support.cli import run_cli


def report(client: Any, word: str, kind: str, note: str = "") -> Any:
    return client.post("/api/reports", json={"word": word, "dictionary": "nl", "kind": kind,
                                             "note": note})


def test_reports_are_stored_grouped_and_listed(app: Any) -> None:
    client = app.test_client()
    r = report(client, "okee", "wrongly_refused", "komt in elk gesprek voor")
    assert r.status_code == 201 and r.json["word"] == "okee"
    assert report(client, "Okee", "wrongly_refused").status_code == 201
    assert report(client, "huis", "wrongly_accepted").status_code == 201
    for bad in ({"word": "two words", "kind": "wrongly_refused"},
                {"word": "huis", "kind": "maybe"}, {"word": "huis", "kind": "wrongly_accepted",
                                                    "note": "x" * 201}):
        assert client.post("/api/reports", json=bad).status_code == 400
    assert client.get("/api/reports").status_code == 401  # a moderator's list
    Moderation(app.extensions["wordyahtzee.store"]).add("mo", "correct horse battery")
    login = client.get("/moderate/login").get_data(as_text=True)
    token = re.search(r'name="csrf" value="([0-9a-f]+)"', login)
    assert token is not None
    assert client.post("/moderate/login", data={"csrf": token.group(1), "name": "mo",
                                                "password": "correct horse battery"},
                       environ_base={"REMOTE_ADDR": "203.0.113.9"}).status_code == 303
    listed = client.get("/api/reports").json["reports"]
    assert [(r["word"], r["kind"], r["count"]) for r in listed] == [
        ("okee", "wrongly_refused", 2), ("huis", "wrongly_accepted", 1)]
    assert listed[0]["notes"] == ["komt in elk gesprek voor"]
    page = client.get("/reports", follow_redirects=True)
    assert page.status_code == 200 and "okee" in page.get_data(as_text=True)


@pytest.mark.slow
def test_dict_reports_and_a_build_that_folds_them_in(
        app: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    client = app.test_client()
    for _ in range(2):
        report(client, "okee", "wrongly_refused")
    report(client, "huis", "wrongly_accepted")
    report(client, "boom", "wrongly_accepted")
    report(client, "boom", "wrongly_accepted")
    db = str(app.config["DATABASE"])
    code, out, _ = run_cli(capsys, ["dict", "reports", "--db", db, "--json"])
    assert code == 0 and [r["word"] for r in json.loads(out)] == ["boom", "okee", "huis"]
    code, _, err = run_cli(capsys, ["dict", "build", "nl", "--name", "nl-fixed", "--reports",
                                    "nl", "--min-reports", "2", "--db", db, "--quiet"])
    assert code == 0, err
    fixed = load_lexicon("nl-fixed")
    assert fixed.is_valid("okee") and not fixed.is_valid("boom")
    assert fixed.is_valid("huis")  # one report is below --min-reports
    assert open_store(db).word_reports("en") == []


def test_dict_reports_give_frequency_family_and_the_verdict_lines(
        app: Any, capsys: pytest.CaptureFixture[str]) -> None:
    """Each report says how often Dutch writes the word and why ``nl`` refuses or holds it;
    a moderator's decision comes out as a line of a judged list, the report as its reason."""
    client = app.test_client()
    for _ in range(3):
        report(client, "studentje", "wrongly_refused")
    report(client, "utrecht", "wrongly_refused")
    store = app.extensions["wordyahtzee.store"]
    store.decide_word("nl", "studentje", "accept", "diminutive of student", "mo", 1795900000.0)
    db = str(app.config["DATABASE"])
    code, out, _ = run_cli(capsys, ["dict", "reports", "--db", db, "--json"])
    rows = {r["word"]: r for r in json.loads(out)}
    assert code == 0 and rows["studentje"]["zipf"] > 1 and rows["utrecht"]["zipf"] > 3
    assert rows["utrecht"]["family"].startswith("name")
    assert rows["studentje"]["family"].startswith("not_listed")
    assert rows["studentje"]["decision"]["verdict"] == "accept"
    assert rows["utrecht"]["decision"] is None and rows["utrecht"]["verdict"] is None
    code, out, _ = run_cli(capsys, ["dict", "reports", "--db", db])
    assert code == 0 and "zipf" in out and "undecided" in out
    code, out, _ = run_cli(capsys, ["dict", "reports", "--db", db, "--verdicts"])
    assert code == 0 and out.splitlines() == [
        "studentje\tkeep\tdiminutive of student (reported 3x as wrongly refused; decided by mo on "
        "2026-11-28)"]
