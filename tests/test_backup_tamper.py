"""Backups against someone who can write any bytes into a backup file but does not hold
the operator's key: a changed, added or unsigned member or a changed manifest is refused
by ``backup --verify`` and ``restore`` (one line, exit 2, nothing written); a PostgreSQL
dump with code in it runs none; a member the manifest does not name is refused at its
header, whatever its size; and, signed or not, a manifest over the rows of another schema,
a manifest's bad values and a dictionary's name with a newline are refused before any row
loads. Real SQLite and PostgreSQL throughout."""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import subprocess
import sys
import tarfile
from pathlib import Path
from typing import Any

import pytest

from wordyahtzee.store import Seat, is_postgres_url, open_store
from wordyahtzee.store.migrations import POSTGRES_STEPS, latest

from .pg import BACKENDS, PostgresServer
from .test_backup import KEY, _repacked, cli, execute, pack, populate, rows, signed, unpacked


@pytest.fixture(params=BACKENDS)
def stores(request: pytest.FixtureRequest, tmp_path: Path) -> tuple[str, str]:
    """Two fresh stores of one backend: the one backed up, and the one restored into."""
    if request.param == "sqlite":
        return str(tmp_path / "live.sqlite3"), str(tmp_path / "restored.sqlite3")
    server = request.getfixturevalue("postgres_server")
    return server.new_database(), server.new_database()


def _tables_in(where: str) -> list[str]:
    """The tables of a PostgreSQL database (none in a fresh one)."""
    import psycopg

    with psycopg.connect(where) as conn:
        return [r[0] for r in conn.execute(
            "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()")]


def _untouched(fresh: str) -> None:
    if is_postgres_url(fresh):
        assert _tables_in(fresh) == []
    else:
        assert not Path(fresh).exists()
        assert [p.name for p in Path(fresh).parent.iterdir() if ".restoring" in p.name] == []


def refused(archive: Path, fresh: str, says: str, data_dir: Path, *extra: str) -> None:
    """``backup --verify`` and ``restore`` of ``archive`` are one line saying ``says`` and
    exit 2, and write nothing: the store and the data dir are as they were."""
    for args in (("backup", "--verify", str(archive)),
                 ("restore", str(archive), "--db", fresh)):
        done = cli(*args, *extra, data_dir=data_dir)
        assert done.returncode == 2 and done.stdout == "", (archive.name, done.stderr)
        assert len(done.stderr.strip().splitlines()) == 1, done.stderr
        assert says in done.stderr, (archive.name, done.stderr)
    assert not data_dir.exists()
    _untouched(fresh)


def _backed_up(live: str, tmp_path: Path) -> Path:
    """A good, signed backup of ``live`` with two user dictionary files."""
    populate(live)
    data = tmp_path / "data"
    (data / "dictionaries").mkdir(parents=True)
    (data / "dictionaries" / "mine.txt.gz").write_bytes(gzip.compress(b"kat\n"))
    (data / "dictionaries" / "mine.json").write_text('{"name": "mine"}')
    good = tmp_path / "good.tar.gz"
    done = cli("backup", "--db", live, str(good), data_dir=data)
    assert done.returncode == 0, done.stderr
    return good


def test_a_changed_backup_is_refused_and_nothing_is_written(
        stores: tuple[str, str], tmp_path: Path) -> None:
    live, fresh = stores
    good = _backed_up(live, tmp_path)
    ext = ".copy" if is_postgres_url(live) else ".jsonl"
    moderator = (b'eve\t$argon2id$v=19$m=65536,t=3,p=4$c2FsdA$aGFzaA\t1\n' if ext == ".copy"
                 else b'["eve","$argon2id$v=19$m=65536,t=3,p=4$c2FsdA$aGFzaA",1.0]\n')

    def counted(values: dict[str, Any]) -> None:
        values["counts"]["moderators"] += 1

    # a moderator of the attacker's own added: the rows, their size and sha256, the count
    _repacked(good, tmp_path / "row.tar.gz", {f"tables/moderators{ext}": moderator},
              manifest=counted, resign=False)
    _repacked(good, tmp_path / "named.tar.gz", {"dictionaries/evil.json": b"{}"},
              resign=False)
    _repacked(good, tmp_path / "counts.tar.gz", {}, manifest=counted, resign=False)
    members = unpacked(good)
    pack(tmp_path / "unnamed.tar.gz", {**members, "dictionaries/evil.json": b"{}"})
    pack(tmp_path / "unsigned.tar.gz", {**members, "manifest.sig": b"unsigned\n"})
    pack(tmp_path / "nosig.tar.gz", {k: v for k, v in members.items() if k != "manifest.sig"})
    other = signed(members["manifest.json"], key="another key " + "9" * 40)
    pack(tmp_path / "otherkey.tar.gz", {**members, "manifest.sig": other})
    first = {"format": 1, "program": "0.1.0", "store": "sqlite", "schema": 13,
             "taken_at": "2026-12-01T03:15:00+00:00", "counts": {},
             "files": {"database.sqlite3": hashlib.sha256(b"x").hexdigest()}}
    pack(tmp_path / "format1.tar.gz", {"manifest.json": json.dumps(first).encode(),
                                       "database.sqlite3": b"x"})
    nowhere = tmp_path / "nowhere"
    for name, says in (("row", "signature does not match"),
                       ("named", "signature does not match"),
                       ("counts", "signature does not match"),
                       ("unnamed", "does not name"),
                       ("unsigned", "not signed"), ("nosig", "not signed"),
                       ("otherkey", "signature does not match"), ("format1", "not signed")):
        refused(tmp_path / f"{name}.tar.gz", fresh, says, nowhere)
    # the good one restores, and holds no moderator
    assert cli("restore", str(good), "--db", fresh, data_dir=nowhere).returncode == 0
    assert rows(fresh)["moderators"] == []


def test_a_backup_needs_the_key_or_a_loud_unsigned(tmp_path: Path) -> None:
    live, folder = tmp_path / "live.sqlite3", tmp_path / "backups"
    populate(str(live))
    folder.mkdir()
    done = cli("backup", "--db", str(live), str(folder), key=None)
    assert done.returncode == 2 and "no backup key" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1 and list(folder.iterdir()) == []
    done = cli("backup", "--db", str(live), str(folder), key="short")
    assert done.returncode == 2 and "too short" in done.stderr and list(folder.iterdir()) == []
    key_file = tmp_path / "backup.key"
    key_file.write_text(KEY + "\n")
    key_file.chmod(0o644)
    done = cli("backup", "--db", str(live), "--key-file", str(key_file), str(folder), key=None)
    assert done.returncode == 2 and "chmod 600" in done.stderr and list(folder.iterdir()) == []
    key_file.chmod(0o600)
    signed_file = tmp_path / "signed.tar.gz"
    done = cli("backup", "--db", str(live), "--key-file", str(key_file), str(signed_file),
               key=None)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    assert cli("backup", "--verify", str(signed_file)).returncode == 0  # the same key
    unsigned = tmp_path / "unsigned.tar.gz"
    done = cli("backup", "--db", str(live), "--unsigned", str(unsigned), key=None)
    assert done.returncode == 0 and "not signed" in done.stderr and "warning" in done.stderr
    for args in (("backup", "--verify", str(unsigned)),
                 ("restore", str(unsigned), "--db", str(tmp_path / "new.sqlite3"))):
        done = cli(*args)
        assert done.returncode == 2 and "not signed" in done.stderr
        done = cli(*args, "--unsigned", key=None)
        assert done.returncode == 0, done.stderr
        assert "signature was not checked" in done.stderr and "warning" in done.stderr
    done = cli("restore", str(signed_file), "--db", str(tmp_path / "other.sqlite3"),
               "--unsigned", "--key-file", str(key_file))
    assert done.returncode == 2 and "--unsigned uses no key" in done.stderr
    assert not (tmp_path / "other.sqlite3").exists()


def _database(url: str) -> str:
    return url.rsplit("/", 1)[1]


def test_a_postgresql_dump_with_code_in_it_runs_none(postgres_server: PostgresServer,
                                                      tmp_path: Path) -> None:
    """A function-based index whose function calls ``COPY … TO PROGRAM``: in a dump put
    into a backup, and in the database backed up. No restore runs it, and the restored
    store holds neither the index nor the function."""
    server = postgres_server
    live = server.new_database()
    populate(live)
    marks = server.dir  # writable by the server's OS user
    execute(live, f"""CREATE FUNCTION wy_run(t text) RETURNS text LANGUAGE plpgsql
        AS $$ BEGIN
            EXECUTE format('COPY (SELECT 1) TO PROGRAM %L',
                           'touch {marks}/ran-' || current_database());
            RETURN t;
        END $$""")
    execute(live, "CREATE FUNCTION wy_touch(t text) RETURNS text LANGUAGE plpgsql "
                  "IMMUTABLE AS $$ BEGIN RETURN public.wy_run(t); END $$")
    execute(live, "CREATE INDEX games_evil ON games (wy_touch(id))")
    assert (marks / f"ran-{_database(live)}").exists()  # where it is, it runs
    dump = tmp_path / "evil.pgdump"
    made = subprocess.run([str(server.bin / "pg_dump"), "--format=custom", "--no-owner",
                           f"--file={dump}", f"--dbname={live}"], capture_output=True,
                          text=True, timeout=60)
    assert made.returncode == 0, made.stderr
    evil = dump.read_bytes()
    manifest = {"format": 1, "program": "0.1.0", "store": "postgresql",
                "schema": latest(POSTGRES_STEPS), "taken_at": "2026-12-01T03:15:00+00:00",
                "counts": {}, "files": {"database.pgdump": hashlib.sha256(evil).hexdigest()}}
    pack(tmp_path / "format1.tar.gz", {"manifest.json": json.dumps(manifest).encode(),
                                       "database.pgdump": evil})
    good = tmp_path / "good.tar.gz"
    assert cli("backup", "--db", live, str(good)).returncode == 0
    _repacked(good, tmp_path / "signed.tar.gz", {"database.pgdump": evil})  # with the key
    nowhere = tmp_path / "nowhere"
    for name, says, extra in (("format1", "not signed", ()),
                              ("format1", "before backups were signed", ("--unsigned",)),
                              ("signed", "unexpected file", ())):
        fresh = server.new_database()
        done = cli("restore", str(tmp_path / f"{name}.tar.gz"), "--db", fresh, *extra,
                   data_dir=nowhere, key=None if extra else KEY)
        assert done.returncode == 2 and says in done.stderr, done.stderr
        assert not (marks / f"ran-{_database(fresh)}").exists()
        _untouched(fresh)
    # the backup of the database that holds the index restores its rows, not its code
    fresh = server.new_database()
    done = cli("restore", str(good), "--db", fresh, data_dir=nowhere)
    assert done.returncode == 0, done.stderr
    assert rows(fresh) == rows(live)
    store: Any = open_store(fresh)
    try:  # a new game: where the index is, it would run again
        store.create_game("new", "woord", "solo", {"rules": {}}, [Seat(0, "B", "t2")])
    finally:
        store.close()
    assert not (marks / f"ran-{_database(fresh)}").exists()
    import psycopg

    with psycopg.connect(fresh) as conn:
        assert conn.execute("SELECT to_regproc('wy_touch'), to_regproc('wy_run')"
                            ).fetchone() == (None, None)
        assert conn.execute("SELECT COUNT(*) FROM pg_indexes WHERE indexname = "
                            "'games_evil'").fetchone() == (0,)


def _header(name: str, size: int) -> bytes:
    info = tarfile.TarInfo(name)
    info.size = size
    return info.tobuf(tarfile.GNU_FORMAT)


def _padded(data: bytes) -> bytes:
    return data + bytes(-len(data) % 512)


MEASURE = """
import sys
from wordyahtzee.store import StoreError
from wordyahtzee.store.backup import verify
from wordyahtzee.store.restore import restore

def written():
    with open("/proc/self/io") as f:
        return next(int(line.split()[1]) for line in f if line.startswith("wchar:"))

archive, target, key = sys.argv[1], sys.argv[2], sys.argv[3].encode()
calls = [lambda: verify(archive, key), lambda: restore(archive, target, key),
         lambda: verify(archive, None)]  # --unsigned: the sizes are no one's word
said = []
before = written()
for call in calls:
    try:
        call()
    except StoreError as exc:
        said.append(str(exc))
after = written()
print(*said, sep="\\n")
print(after - before)
"""


def test_an_oversize_member_the_manifest_does_not_name_is_refused_at_its_header(
        tmp_path: Path) -> None:
    """A 1.1 MB file holding a 1 GiB member the (signed) manifest does not name, right
    after the signature: refused at the member's header, not a byte of it written."""
    live = tmp_path / "live.sqlite3"
    good = _backed_up(str(live), tmp_path)
    members = unpacked(good)
    head = b"".join(_header(n, len(members[n])) + _padded(members[n])
                    for n in ("manifest.json", "manifest.sig"))
    giant = 1 << 30
    zeros = gzip.compress(bytes(1 << 20), compresslevel=9, mtime=0)  # one MiB: ~1 KB
    tail = b"".join(_header(n, len(d)) + _padded(d) for n, d in members.items()
                    if not n.startswith("manifest.")) + bytes(1024)
    crafted = tmp_path / "giant.tar.gz"
    with crafted.open("wb") as out:  # gzip members one after the other are one stream
        out.write(gzip.compress(head + _header("tables/junk.bin", giant), mtime=0))
        for _ in range(giant >> 20):
            out.write(zeros)
        out.write(gzip.compress(tail, mtime=0))
    assert crafted.stat().st_size < 2_000_000
    scratch, data = tmp_path / "tmp", tmp_path / "nowhere"
    scratch.mkdir()
    # in a process of its own, which counts the bytes it hands to write() meanwhile
    measured = subprocess.run([sys.executable, "-c", MEASURE, str(crafted),
                               str(tmp_path / "new.sqlite3"), KEY], capture_output=True,
                              text=True, timeout=120, env={**os.environ, "TMPDIR": str(scratch),
                                                           "WORDYAHTZEE_DATA_DIR": str(data)})
    assert measured.returncode == 0, measured.stderr
    assert measured.stdout.count("does not name") == 3, measured.stdout
    written = int(measured.stdout.split()[-1])
    assert written < 64 * 1024  # measured: 0 bytes (before: 1 GiB to $TMPDIR, 12 s)
    assert list(scratch.iterdir()) == [] and not data.exists()
    refused(crafted, str(tmp_path / "new.sqlite3"), "does not name", data)


def test_a_manifest_over_the_rows_of_another_schema_is_refused_before_any_row_loads(
        stores: tuple[str, str], tmp_path: Path) -> None:
    """Signed with the key (an operator's mistake, a program's bug): a manifest whose
    schema is not its rows', a table or a column the schema does not define. The games'
    rows are broken too: the schema is refused first, before they are read."""
    live, fresh = stores
    good = _backed_up(live, tmp_path)
    pg = is_postgres_url(live)
    ext = ".copy" if pg else ".jsonl"
    members = unpacked(good)
    versions = members[f"tables/schema_version{ext}"]
    future = versions + (b"99\tthe future\t0\n" if pg else b'[99,"the future",0.0]\n')
    broken = {f"tables/games{ext}": b"not a row\n"}
    schema = json.loads(members["manifest.json"])["schema"]

    def count_future(values: dict[str, Any]) -> None:
        values["counts"]["schema_version"] += 1

    def extra_table(values: dict[str, Any]) -> None:
        values["tables"]["evil"] = ["id"]
        values["counts"]["evil"] = 0
        names = [f["name"] for f in values["files"]]
        values["files"].insert(names.index("dictionaries/mine.json"), {
            "name": f"tables/evil{ext}", "size": 0, "sha256": hashlib.sha256().hexdigest()})

    def extra_column(values: dict[str, Any]) -> None:
        values["tables"]["games"].append("owner")

    _repacked(good, tmp_path / "future.tar.gz",
              {f"tables/schema_version{ext}": future, **broken}, manifest=count_future)
    _repacked(good, tmp_path / "table.tar.gz", broken, manifest=extra_table)
    _repacked(good, tmp_path / "column.tar.gz", broken, manifest=extra_column)
    _repacked(good, tmp_path / "older.tar.gz", broken,
              manifest=lambda v: v.update(schema=schema - 1))
    nowhere = tmp_path / "nowhere"
    for name, says in (("future", f"says schema {schema} over the rows of schema 99"),
                       ("table", f"a table schema {schema} does not define: 'evil'"),
                       ("column", "its table games has other columns"),
                       # a table or a column the older schema lacks (the newest step's)
                       ("older", f"schema {schema - 1} ")):
        refused(tmp_path / f"{name}.tar.gz", fresh, says, nowhere)


@pytest.mark.parametrize(("key", "value", "says"), [
    ("schema", "x", "schema"), ("schema", None, "schema"), ("schema", True, "schema"),
    ("schema", -1, "schema"), ("counts", [1, 2], "counts"), ("counts", None, "counts"),
    ("tables", "x", "tables"), ("files", "x", "files"), ("sequences", {"games": -1},
                                                           "sequences"),
    ("image_seconds", "x", "image_seconds"), ("taken_at", None, "taken_at")])
def test_a_manifests_bad_value_is_one_line_and_nothing_is_written(
        tmp_path: Path, key: str, value: Any, says: str) -> None:
    live = tmp_path / "live.sqlite3"
    good = _backed_up(str(live), tmp_path)
    _repacked(good, tmp_path / "bad.tar.gz", {}, manifest=lambda v: v.update({key: value}))
    refused(tmp_path / "bad.tar.gz", str(tmp_path / "new.sqlite3"), says,
            tmp_path / "nowhere")


def test_a_dictionary_name_with_a_newline_is_refused(tmp_path: Path) -> None:
    live = tmp_path / "live.sqlite3"
    good = _backed_up(str(live), tmp_path)
    for name in ("dictionaries/evil\n.json", "dictionaries/mine.json\n",
                 "dictionaries/.hidden.json", "dictionaries/Evil.json", "wordyahtzee.sqlite3"):
        _repacked(good, tmp_path / "bad.tar.gz", {name: b'{"name": "evil"}'})
        refused(tmp_path / "bad.tar.gz", str(tmp_path / "new.sqlite3"), "unexpected file",
                tmp_path / "nowhere")


def test_counters_go_on_after_a_restore(stores: tuple[str, str], tmp_path: Path) -> None:
    """A report's id is never handed out twice: the counters restore past the last id
    handed out, also when that row was removed."""
    live, fresh = stores
    populate(live)
    store: Any = open_store(live)
    try:
        store.add_report("hond", "nl", "wrongly_refused", "")
    finally:
        store.close()
    execute(live, "DELETE FROM word_reports WHERE word = 'hond'")
    archive = tmp_path / "b.tar.gz"
    assert cli("backup", "--db", live, str(archive)).returncode == 0
    assert cli("restore", str(archive), "--db", fresh,
               data_dir=tmp_path / "d").returncode == 0
    store = open_store(fresh)
    try:
        store.add_report("vis", "nl", "wrongly_refused", "")
    finally:
        store.close()
    assert sorted(r[0] for r in rows(fresh)["word_reports"]) == [1, 3]


def test_a_row_that_is_not_one_of_the_tables_is_refused(stores: tuple[str, str],
                                                        tmp_path: Path) -> None:
    """Signed, so only the rows' own checks stand in the way: a row of another width, a
    value no column holds, or the end of ``COPY``'s data in the middle, is one line and
    nothing is written."""
    live, fresh = stores
    good = _backed_up(live, tmp_path)
    if is_postgres_url(live):
        member = "tables/reactions.copy"
        bad = [b"g1\t0\n", b"g1\t0\t\xf0\x9f\t7\n", b"\\.\n", b"g1\t0\t!\t7"]
        # a value of another type: COPY says so at the restore (verify reads no types)
        _repacked(good, tmp_path / "type.tar.gz", {member: b"g1\tx\t!\t7\n"})
        done = cli("restore", str(tmp_path / "type.tar.gz"), "--db", fresh,
                   data_dir=tmp_path / "nowhere")
        assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1
        assert "integer" in done.stderr and _tables_in(fresh) == []
    else:
        member = "tables/reactions.jsonl"
        bad = [b'["g1",0,"!"]\n', b'["g1",0,"!",[7]]\n', b'["g1",99999999999999999999,"!",7]\n',
               b'["g1",0,"\\ud800",7]\n', b'["g1",0,"!",true]\n', b'["g1",0,"!",7]']
    for n, rows_ in enumerate(bad):
        _repacked(good, tmp_path / f"row{n}.tar.gz", {member: rows_})
        refused(tmp_path / f"row{n}.tar.gz", fresh, "reactions", tmp_path / "nowhere")
