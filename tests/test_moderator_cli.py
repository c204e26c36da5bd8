"""``wordyahtzee moderator``: add (a password from standard input), a weak password or a
bad name refused with exit 2, remove, list, the log and the word decisions as TSV."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from wordyahtzee.moderation import Moderation
from wordyahtzee.store import open_store

from .support.cli import run_cli
from .support.moderation import PASSWORD


def test_add_list_remove_and_their_exit_codes(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "mods.sqlite3")
    code, out, _ = run_cli(capsys, ["moderator", "add", "alice", "--db", db],
                           stdin=PASSWORD + "\n")
    assert code == 0 and "alice added" in out
    code, _, err = run_cli(capsys, ["moderator", "add", "bob", "--password-stdin", "--db",
                                    db], stdin="too short\n")
    assert code == 2 and "at least 12 characters" in err and "Traceback" not in err
    code, _, err = run_cli(capsys, ["moderator", "add", "Bob!", "--db", db], stdin=PASSWORD)
    assert code == 2 and "lower-case" in err
    code, out, _ = run_cli(capsys, ["moderator", "list", "--db", db, "--json"])
    assert code == 0 and [m["name"] for m in json.loads(out)] == ["alice"]
    store = open_store(db)
    try:  # the password read from standard input is the one that logs in
        assert Moderation(store).login("alice", PASSWORD)
    finally:
        store.close()
    code, out, _ = run_cli(capsys, ["moderator", "add", "alice", "--db", db],
                           stdin=PASSWORD + " again\n")
    assert code == 0 and "new password" in out
    code, out, _ = run_cli(capsys, ["moderator", "remove", "alice", "--db", db])
    assert code == 0 and "removed" in out
    code, _, err = run_cli(capsys, ["moderator", "remove", "alice", "--db", db])
    assert code == 2 and "no moderator" in err
    code, out, _ = run_cli(capsys, ["moderator", "list", "--db", db])
    assert code == 0 and out.strip() == "no moderators"


def test_the_log_and_the_decisions_for_the_editors(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "mods.sqlite3")
    store = open_store(db)
    try:
        moderation = Moderation(store)
        moderation.add("alice", PASSWORD)
        moderation.login("alice", PASSWORD)
        moderation.decide_word("alice", "nl", "blurp", "accept", "a sound, in use")
        moderation.decide_word("alice", "nl-basis", "huis", "refuse", "a test")
    finally:
        store.close()
    code, out, _ = run_cli(capsys, ["moderator", "decisions", "--dict", "nl", "--db", db])
    assert code == 0 and out == "blurp\tkeep\ta sound, in use\n"
    code, out, _ = run_cli(capsys, ["moderator", "decisions", "--db", db])
    assert out.splitlines() == ["nl\tblurp\tkeep\ta sound, in use",
                                "nl-basis\thuis\tdrop\ta test"]
    code, out, _ = run_cli(capsys, ["moderator", "log", "--db", db, "--json"])
    assert code == 0
    assert {(e["action"], e["subject"]) for e in json.loads(out)} == {
        ("login", "alice"), ("word accept", "nl:blurp"), ("word refuse", "nl-basis:huis")}
    code, out, _ = run_cli(capsys, ["moderator", "log", "--db", db])
    assert code == 0 and "word accept" in out and "nl:blurp" in out
