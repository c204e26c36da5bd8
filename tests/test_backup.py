"""``wordyahtzee backup`` and ``restore`` on real SQLite and PostgreSQL: a backup taken
while a real server plays holds every move answered before it began, and a restore into
a fresh store gives back every table, row for row, and the players' own dictionaries, and
play goes on from it. A damaged or foreign file, a store that is not empty and a clashing
dictionary are one line and exit 2, and change nothing."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from wordyahtzee import games
from wordyahtzee.store import is_postgres_url, open_store
from wordyahtzee.store.backup import NAME_PATTERN
from wordyahtzee.store.migrations import SQLITE_STEPS, database_version, latest

from .support.backup import KEY, cli, execute, pack, populate, repacked, rows, unpacked
from .support.legacy import legacy_sqlite
from .support.pg import BACKENDS
from .support.server import call, free_port, serve


@pytest.fixture(params=BACKENDS)
def stores(request: pytest.FixtureRequest, tmp_path: Path) -> tuple[str, str]:
    """Two fresh stores of one backend: the one played on, and the one restored into."""
    if request.param == "sqlite":
        return str(tmp_path / "live.sqlite3"), str(tmp_path / "restored.sqlite3")
    server = request.getfixturevalue("postgres_server")
    return server.new_database(), server.new_database()


def test_a_restore_gives_back_every_table_and_the_dictionaries(
        stores: tuple[str, str], tmp_path: Path) -> None:
    live, fresh = stores
    populate(live)
    data = tmp_path / "data"
    (data / "dictionaries").mkdir(parents=True)
    (data / "dictionaries" / "mine.txt.gz").write_bytes(b"\x1f\x8b words")
    (data / "dictionaries" / "mine.json").write_text('{"name": "mine"}')
    backups = tmp_path / "backups"
    backups.mkdir()
    done = cli("backup", "--db", live, str(backups), data_dir=data)
    assert done.returncode == 0, done.stderr
    [archive] = list(backups.iterdir())
    assert NAME_PATTERN.match(archive.name) and "2 user dictionary files" in done.stdout
    assert archive.stat().st_mode & 0o077 == 0  # the daily secret is in it: the owner's only
    checked = cli("backup", "--verify", str(archive))
    assert checked.returncode == 0 and checked.stdout.startswith("good: ")
    assert " (image " in checked.stdout and "2 user dictionary files" in checked.stdout
    elsewhere = tmp_path / "elsewhere"
    done = cli("restore", str(archive), "--db", fresh, data_dir=elsewhere)
    assert done.returncode == 0, done.stderr
    before, after = rows(live), rows(fresh)
    assert after == before
    for table in ("profiles", "secrets", "daily_entries", "daily_days", "ratings", "lobby",
                  "lobby_players", "word_reports", "moderation_log", "events", "reactions"):
        assert after[table], table  # each was there to compare
    for name in ("mine.txt.gz", "mine.json"):
        assert ((elsewhere / "dictionaries" / name).read_bytes()
                == (data / "dictionaries" / name).read_bytes())
    # a second restore into the now full store is refused, and changes nothing
    again = cli("restore", str(archive), "--db", fresh, data_dir=tmp_path / "third")
    assert again.returncode == 2 and again.stdout == ""
    assert len(again.stderr.strip().splitlines()) == 1 and "not empty" in again.stderr
    assert rows(fresh) == before and not (tmp_path / "third").exists()


def test_a_backup_under_load_holds_every_move_answered_before_it(
        stores: tuple[str, str], tmp_path: Path) -> None:
    """Eight tables played as fast as they can through a real server; the backup begins
    mid-play. Every move answered before it began is in the restored store, and a server
    on the restored store plays on."""
    live, fresh = stores
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    quiet = {"WORDYAHTZEE_RATE_LIMITS": "off"}
    proc = (serve(Path(live), port, env=quiet) if not is_postgres_url(live)
            else _serve_url(live, port, tmp_path / "live", quiet))
    answered: list[tuple[float, str, int]] = []  # (answered at, game, seq)
    tokens: dict[str, str] = {}
    stop = threading.Event()

    def play() -> None:
        status, created = call(base, "POST", "/api/games", {"kind": "solo",
                                                            "players": ["Anna"]})
        assert status == 201
        gid, token = created["id"], created["links"][0]["token"]
        tokens[gid] = token
        seq = 0
        while not stop.is_set():
            status, thrown = call(base, "POST", f"/api/games/{gid}/act/throw", {"seq": seq},
                                  token)
            assert status == 200, thrown
            seq = thrown["state"]["seq"]
            answered.append((time.monotonic(), gid, seq))
            status, claimed = call(base, "POST", f"/api/games/{gid}/act/claim", {
                "seq": seq, "box": thrown["state"]["turn"]["round_box"], "words": []}, token)
            assert status == 200, claimed
            seq = claimed["state"]["seq"]
            answered.append((time.monotonic(), gid, seq))
            if claimed["state"]["status"] == "finished":
                return

    players = [threading.Thread(target=play) for _ in range(8)]
    archive = tmp_path / "mid-play.tar.gz"
    try:
        for player in players:
            player.start()
        deadline = time.monotonic() + 30
        while len({gid for _, gid, _ in answered}) < 8 or len(answered) < 40:
            assert time.monotonic() < deadline, "the tables did not get going"
            time.sleep(0.05)
        began = time.monotonic()
        done = cli("backup", "--db", live, str(archive))
        assert done.returncode == 0, done.stderr
        time.sleep(0.3)  # play goes on after it
    finally:
        stop.set()
        for player in players:
            player.join(30)
        proc.terminate()
        proc.wait(10)
    before: dict[str, int] = {}
    for at, gid, seq in answered:
        if at < began:
            before[gid] = max(before.get(gid, 0), seq)
    assert len(before) == 8 and sum(before.values()) >= 40  # they did play before it
    assert any(at > began for at, _, _ in answered)  # and during it
    assert cli("backup", "--verify", str(archive)).returncode == 0
    done = cli("restore", str(archive), "--db", fresh)
    assert done.returncode == 0, done.stderr
    restored: Any = open_store(fresh)
    try:
        for gid, seq in before.items():
            stored = restored.load_game(gid)
            game = games.restore(stored.to_json())  # every event applied by the rules again
            assert len(game.events) == len(stored.events) >= seq
    finally:
        restored.close()
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    proc = (serve(Path(fresh), port, env=quiet) if not is_postgres_url(fresh)
            else _serve_url(fresh, port, tmp_path / "fresh", quiet))
    try:
        for gid, seq in before.items():
            status, state = call(base, "GET", f"/api/games/{gid}")
            assert status == 200 and state["seq"] >= seq, (gid, seq, state.get("seq"))
        gid = next(g for g in before)
        status, state = call(base, "GET", f"/api/games/{gid}")
        if state["status"] == "active":
            action = "throw" if state["turn"]["throws"] == 0 else "claim"
            body: dict[str, Any] = {"seq": state["seq"]}
            if action == "claim":
                body.update(box=state["turn"]["round_box"], words=[])
            status, _ = call(base, "POST", f"/api/games/{gid}/act/{action}", body, tokens[gid])
            assert status == 200  # play goes on from the restored store
    finally:
        proc.terminate()
        proc.wait(10)


def _serve_url(url: str, port: int, log: Path, env: dict[str, str]) -> Any:
    """A server on a PostgreSQL database (its lines in ``log``)."""
    with log.with_suffix(".log").open("ab") as out:
        proc = subprocess.Popen([sys.executable, "-m", "wordyahtzee", "serve", "--port",
                                 str(port), "--db", url], stdout=out, stderr=subprocess.STDOUT,
                                env={**os.environ, **env})
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            status, _ = call(f"http://127.0.0.1:{port}", "GET", "/api/meta")
            if status == 200:
                return proc
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise AssertionError("the server did not start")


def refused_by_verify_and_restore(tmp_path: Path, name: str, says: str) -> None:
    """``backup --verify`` and ``restore`` of ``tmp_path/name`` are one line saying
    ``says``, and exit 2."""
    for args in (("backup", "--verify"), ("restore",)):
        extra = ("--db", str(tmp_path / "new.sqlite3")) if args == ("restore",) else ()
        done = cli(*args, str(tmp_path / name), *extra)
        assert done.returncode == 2 and done.stdout == "", (name, args)
        assert len(done.stderr.strip().splitlines()) == 1 and says in done.stderr


def test_damaged_foreign_and_missing_files_are_one_line(tmp_path: Path) -> None:
    live = tmp_path / "live.sqlite3"
    populate(str(live))
    archive = tmp_path / "good.tar.gz"
    assert cli("backup", "--db", str(live), str(archive)).returncode == 0
    data = archive.read_bytes()
    (tmp_path / "cut.tar.gz").write_bytes(data[: len(data) // 2])
    (tmp_path / "foreign.tar.gz").write_bytes(b"not a backup at all")
    for name, says in (("cut.tar.gz", "damaged"), ("foreign.tar.gz", "not a wordyahtzee"),
                       ("missing.tar.gz", "no backup")):
        refused_by_verify_and_restore(tmp_path, name, says)
    assert not (tmp_path / "new.sqlite3").exists()
    # a restore into the other kind of store is refused before anything changes
    done = cli("restore", str(archive), "--db", "postgresql://nobody@127.0.0.1:1/x")
    assert done.returncode == 2 and "restores into a sqlite store only" in done.stderr


def test_a_clashing_user_dictionary_refuses_the_restore(tmp_path: Path) -> None:
    live, data = tmp_path / "live.sqlite3", tmp_path / "data"
    populate(str(live))
    (data / "dictionaries").mkdir(parents=True)
    (data / "dictionaries" / "mine.json").write_text('{"name": "mine"}')
    archive = tmp_path / "b.tar.gz"
    assert cli("backup", "--db", str(live), str(archive), data_dir=data).returncode == 0
    (data / "dictionaries" / "mine.json").write_text('{"name": "other"}')
    done = cli("restore", str(archive), "--db", str(tmp_path / "new.sqlite3"), data_dir=data)
    assert done.returncode == 2 and "other contents" in done.stderr
    assert not (tmp_path / "new.sqlite3").exists()


def test_keep_removes_only_the_oldest_backups_it_named(tmp_path: Path) -> None:
    live = tmp_path / "live.sqlite3"
    populate(str(live))
    folder = tmp_path / "backups"
    folder.mkdir()
    (folder / "notes.txt").write_text("the operator's own file")
    names = []
    for _ in range(3):
        done = cli("backup", "--db", str(live), "--keep", "2", str(folder))
        assert done.returncode == 0, done.stderr
        names.append(sorted(p.name for p in folder.iterdir() if p.name != "notes.txt"))
        time.sleep(1.05)  # the names carry the second
    every = sorted(set().union(*names))
    assert len(every) == 3 and names[-1] == every[-2:]  # the oldest went, the newest stay
    assert (folder / "notes.txt").exists()
    done = cli("backup", "--db", str(live), "--keep", "2", str(folder / "one.tar.gz"))
    assert done.returncode == 2 and "needs a directory" in done.stderr


def test_an_older_schema_restores_and_is_migrated(tmp_path: Path) -> None:
    live, fresh = tmp_path / "v1.sqlite3", tmp_path / "new.sqlite3"
    legacy_sqlite(live, 1, computer=False)  # as the first server wrote it
    archive = tmp_path / "v1.tar.gz"
    done = cli("backup", "--db", str(live), str(archive))
    assert done.returncode == 0 and "schema 1," in done.stdout, done.stdout + done.stderr
    done = cli("restore", str(archive), "--db", str(fresh))
    assert done.returncode == 0, done.stderr
    assert database_version(str(fresh)) == latest(SQLITE_STEPS) > 1
    store: Any = open_store(str(fresh))
    try:
        stored = store.load_game("old")
        assert stored.seats[0].name == "Anna" and stored.events == [{"type": "throw"}]
    finally:
        store.close()


def test_a_backup_newer_than_the_program_is_refused(stores: tuple[str, str],
                                                     tmp_path: Path) -> None:
    """A store of a newer schema is not backed up (its tables are not known here), and a
    backup that says it holds one is not restored; either is one line and changes
    nothing."""
    live, fresh = stores
    populate(live)
    good = tmp_path / "good.tar.gz"
    assert cli("backup", "--db", live, str(good)).returncode == 0
    execute(live, "INSERT INTO schema_version VALUES (99, 'the future', 0)")
    archive = tmp_path / "future.tar.gz"
    done = cli("backup", "--db", live, str(archive))
    assert done.returncode == 2 and done.stdout == "" and not archive.exists()
    assert len(done.stderr.strip().splitlines()) == 1 and "schema version 99" in done.stderr
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == []
    repacked(good, archive, {}, manifest=lambda m: m.update(schema=99))
    untouched = rows(fresh) if is_postgres_url(fresh) else None
    done = cli("restore", str(archive), "--db", fresh)
    assert done.returncode == 2 and done.stdout == ""
    assert len(done.stderr.strip().splitlines()) == 1 and "schema version 99" in done.stderr
    if untouched is None:
        assert not Path(fresh).exists()
    else:
        assert rows(fresh) == untouched


def test_a_member_that_differs_from_the_manifest_is_refused(tmp_path: Path) -> None:
    live = tmp_path / "live.sqlite3"
    populate(str(live))
    good = tmp_path / "good.tar.gz"
    assert cli("backup", "--db", str(live), str(good)).returncode == 0
    members = unpacked(good)
    events = members["tables/events.jsonl"]
    members["tables/events.jsonl"] = events[:5] + bytes([events[5] ^ 0x01]) + events[6:]
    pack(tmp_path / "flipped.tar.gz", members)
    pack(tmp_path / "extra.tar.gz", {**unpacked(good), "dictionaries/sneaked.json": b"{}"})
    for name, says in (("flipped.tar.gz", "sha256 differs"),
                       ("extra.tar.gz", "manifest does not name")):
        refused_by_verify_and_restore(tmp_path, name, says)
    assert not (tmp_path / "new.sqlite3").exists()
    assert cli("backup", "--verify", str(good)).returncode == 0  # the original is fine


def test_a_target_that_cannot_take_the_restore_is_one_line_and_unchanged(
        tmp_path: Path) -> None:
    live, data = tmp_path / "live.sqlite3", tmp_path / "data"
    populate(str(live))
    (data / "dictionaries").mkdir(parents=True)
    (data / "dictionaries" / "mine.json").write_text('{"name": "mine"}')
    archive = tmp_path / "b.tar.gz"
    assert cli("backup", "--db", str(live), str(archive), data_dir=data).returncode == 0
    text = tmp_path / "notes.sqlite3"
    text.write_text("not a database")
    blocked = tmp_path / "blocked"
    blocked.mkdir()
    (blocked / "dictionaries").write_text("a file where the folder would be")
    for target, says, data_dir in (
            (text, "not a database", tmp_path / "d1"),
            (tmp_path / "missing" / "new.sqlite3", "does not exist", tmp_path / "d2"),
            (tmp_path / "new.sqlite3", "cannot be written", blocked)):
        done = cli("restore", str(archive), "--db", str(target), data_dir=data_dir)
        assert done.returncode == 2 and done.stdout == "", (target, done.stderr)
        assert len(done.stderr.strip().splitlines()) == 1 and says in done.stderr
        assert not data_dir.exists() or data_dir == blocked
    assert text.read_text() == "not a database"
    assert not (tmp_path / "missing").exists() and not (tmp_path / "new.sqlite3").exists()
    assert (blocked / "dictionaries").read_text() == "a file where the folder would be"
    # the same backup restores where it can, the dictionary under its own name only
    done = cli("restore", str(archive), "--db", str(tmp_path / "new.sqlite3"),
               data_dir=tmp_path / "d3")
    assert done.returncode == 0, done.stderr
    assert sorted(p.name for p in (tmp_path / "d3" / "dictionaries").iterdir()) == ["mine.json"]


def test_keep_below_one_is_refused_before_a_backup_is_taken(tmp_path: Path) -> None:
    live = tmp_path / "live.sqlite3"
    populate(str(live))
    folder = tmp_path / "backups"
    folder.mkdir()
    done = cli("backup", "--db", str(live), "--keep", "0", str(folder))
    assert done.returncode == 2 and "--keep is at least 1" in done.stderr
    assert list(folder.iterdir()) == []


def test_a_database_that_cannot_be_reached_is_one_line_without_its_password(
        tmp_path: Path) -> None:
    url = "postgresql://wordyahtzee:s3cret-pw@127.0.0.1:1/site"
    done = cli("backup", "--db", url, str(tmp_path / "b.tar.gz"))
    assert done.returncode == 2 and done.stdout == "" and "127.0.0.1" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1 and "s3cret-pw" not in done.stderr
    assert list(tmp_path.iterdir()) == []


def test_a_manifest_naming_a_file_outside_the_backup_is_refused(tmp_path: Path) -> None:
    """A crafted manifest that names a file beside the unpacked backup (with its right
    sha256) brings nothing in."""
    live, data = tmp_path / "live.sqlite3", tmp_path / "data"
    populate(str(live))
    (data / "dictionaries").mkdir(parents=True)
    (data / "dictionaries" / "mine.json").write_text('{"name": "mine"}')
    good = tmp_path / "good.tar.gz"
    assert cli("backup", "--db", str(live), str(good), data_dir=data).returncode == 0
    scratch = tmp_path / "scratch"  # where restore unpacks: scratch/<its dir>/dictionaries
    scratch.mkdir()
    planted = scratch / "planted.json"
    planted.write_text('{"name": "planted"}')
    crafted = tmp_path / "crafted.tar.gz"
    repacked(good, crafted, {}, manifest=lambda m: m["files"].append({
        "name": "dictionaries/../../planted.json", "size": planted.stat().st_size,
        "sha256": hashlib.sha256(planted.read_bytes()).hexdigest()}))
    env = {**os.environ, "TMPDIR": str(scratch), "WORDYAHTZEE_DATA_DIR": str(tmp_path / "d"),
           "WORDYAHTZEE_BACKUP_KEY": KEY}
    for args in (("backup", "--verify", str(crafted)),
                 ("restore", str(crafted), "--db", str(tmp_path / "new.sqlite3"))):
        done = subprocess.run([sys.executable, "-m", "wordyahtzee", *args],
                              capture_output=True, text=True, env=env, timeout=60)
        assert done.returncode == 2 and "unexpected file" in done.stderr, done.stderr
        assert len(done.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "d").exists() and not (tmp_path / "new.sqlite3").exists()
