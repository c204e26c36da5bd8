"""The systemd units in ``deploy/`` as systemd itself reads them (``systemd-analyze
verify``: no unknown key, no bad value), with the install paths of docs/operations.md
pointed at this machine's; the backup unit's command run as the unit runs it; and the
nginx configuration's bounds on slow clients (tests/test_front_door.py runs the file)."""

from __future__ import annotations

import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

DEPLOY = Path(__file__).resolve().parents[1] / "deploy"
UNITS = sorted(p for p in DEPLOY.iterdir() if p.suffix in (".service", ".timer"))


def settings(text: str) -> dict[str, str]:
    """``KEY=value`` lines of an environment file (deploy/env.example)."""
    return dict(line.split("=", 1) for line in text.splitlines()
                if line and not line.startswith("#"))


def localised(unit: Path, folder: Path) -> Path:
    """The unit with the install paths pointed at this machine: the program this test
    runs, and an environment file made from deploy/env.example."""
    text = unit.read_text()
    text = text.replace("/srv/wordyahtzee/venv/bin/wordyahtzee",
                        str(Path(sys.executable).with_name("wordyahtzee")))
    text = text.replace("/etc/wordyahtzee/env", str(folder / "env"))
    target = folder / unit.name
    target.write_text(text)
    return target


def test_deploy_has_the_units_the_runbook_names() -> None:
    names = {p.name for p in UNITS}
    assert {"wordyahtzee@.service", "wordyahtzee-backup.service",
            "wordyahtzee-backup.timer"} <= names
    runbook = (DEPLOY.parent / "docs" / "operations.md").read_text()
    for name in names:
        assert name.replace("@.service", "@") in runbook or name in runbook, name


@pytest.mark.parametrize("unit", UNITS, ids=lambda p: p.name)
def test_systemd_reads_each_unit_without_a_complaint(unit: Path, tmp_path: Path) -> None:
    analyze = shutil.which("systemd-analyze")
    assert analyze, "systemd-analyze not found: install Debian's systemd (scripts/test does)"
    (tmp_path / "env").write_text((DEPLOY / "env.example").read_text())
    local = [localised(u, tmp_path) for u in UNITS]
    target = tmp_path / unit.name
    name = target.name.replace("@.service", "@5001.service")
    if name != target.name:  # a template is verified as one of its instances
        target = target.rename(tmp_path / name)
    done = subprocess.run([analyze, "verify", str(target)], capture_output=True, text=True,
                          cwd=tmp_path, timeout=60)
    complaints = [line for line in done.stderr.splitlines()
                  if str(tmp_path) in line and "Special user" not in line]
    assert done.returncode == 0 and not complaints, done.stderr
    assert local  # every unit was localised beside it (a timer names its service)


def test_the_backup_units_command_backs_up(tmp_path: Path) -> None:
    """The ExecStart line, with the env file's variables, as systemd would run it."""
    text = (DEPLOY / "wordyahtzee-backup.service").read_text()
    line = re.search(r"^ExecStart=(.*)$", text, re.M)
    assert line
    env = settings((DEPLOY / "env.example").read_text())
    assert "DATABASE" in env
    env["DATABASE"] = str(tmp_path / "store.sqlite3")
    made = subprocess.run([sys.executable, "-m", "wordyahtzee", "migrate", "--db",
                           env["DATABASE"]], capture_output=True, text=True)
    assert made.returncode == 0, made.stderr
    backups = tmp_path / "backups"
    backups.mkdir()
    command = [re.sub(r"\$\{(\w+)\}", lambda m: env[m.group(1)], word)
               for word in shlex.split(line.group(1))]
    assert command[0] == "/srv/wordyahtzee/venv/bin/wordyahtzee"
    key = tmp_path / "backup.key"
    key.write_text("0123456789abcdef" * 4 + "\n")
    key.chmod(0o640)
    here = {"/var/backups/wordyahtzee": str(backups), "/etc/wordyahtzee/backup.key": str(key)}
    command = [sys.executable, "-m", "wordyahtzee", *[here.get(w, w) for w in command[1:]]]
    done = subprocess.run(command, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert len(list(backups.iterdir())) == 1 and "backed up" in done.stdout


def test_nginx_cuts_off_slow_clients_before_a_process_would() -> None:
    """nginx's waits for a client's headers and between two reads of its body are set,
    and shorter than a process's own bounds (web/worker.py), so behind nginx the
    processes never hold a slow client."""
    from wordyahtzee.web.worker import BODY_SECONDS, HEADER_SECONDS

    text = (DEPLOY / "nginx.conf").read_text()
    found = {key: int(value) for key, value in
             re.findall(r"^\s*(client_header_timeout|client_body_timeout|send_timeout)\s+"
                        r"(\d+)s;", text, re.MULTILINE)}
    assert set(found) == {"client_header_timeout", "client_body_timeout", "send_timeout"}
    assert found["client_header_timeout"] < HEADER_SECONDS
    assert found["client_body_timeout"] < BODY_SECONDS
