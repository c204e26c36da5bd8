"""A real nginx in front of the tests' ``serve`` processes (never a mock).

:func:`start_nginx` runs Debian's ``nginx`` (``/usr/sbin/nginx``, else on the ``PATH``) in
the foreground with a throw-away prefix, loading the project's own ``deploy/nginx.conf``
with the upstream addresses and the listening port put in: the configuration the
deployment guide gives is the one tested. Without the binary the tests FAIL with a message
saying so: scripts/test installs Debian's ``nginx``.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from pathlib import Path

from .server import free_port

DEPLOY_CONF = Path(__file__).resolve().parents[2] / "deploy" / "nginx.conf"
MISSING = "nginx not found (/usr/sbin/nginx): install Debian's nginx package (scripts/test does)"


def find_nginx() -> str:
    """The nginx binary."""
    found = shutil.which("nginx") or ("/usr/sbin/nginx" if os.path.exists("/usr/sbin/nginx")
                                       else None)
    if found is None:
        raise AssertionError(MISSING)
    return found


def site_config(upstreams: list[int], port: int) -> str:
    """``deploy/nginx.conf`` serving on ``port`` over the processes on ``upstreams`` (in
    each of its upstream blocks)."""
    text = DEPLOY_CONF.read_text(encoding="utf-8")
    servers = re.findall(r"^( *)server 127\.0\.0\.1:\d+ (.*);$", text, re.MULTILINE)
    blocks = re.findall(r"^upstream ", text, re.MULTILINE)
    assert blocks and len(servers) == 2 * len(blocks), \
        "each upstream of deploy/nginx.conf names two servers"
    indent, options = servers[0]
    lines = "\n".join(f"{indent}server 127.0.0.1:{p} {options};" for p in upstreams)
    text = re.sub(r"(^ *server 127\.0\.0\.1:\d+ .*;\n)+", lines + "\n", text,
                  flags=re.MULTILINE)
    text = text.replace("listen 80;", f"listen 127.0.0.1:{port};")
    assert f"listen 127.0.0.1:{port};" in text
    return text


class Nginx:
    """One nginx process in a temporary prefix: ``port``, ``stop()``."""

    def __init__(self, upstreams: list[int]) -> None:
        self.dir = Path(tempfile.mkdtemp(prefix="wordyahtzee-nginx-"))
        self.port = free_port()
        site = site_config(upstreams, self.port).replace("/var/log/nginx/", f"{self.dir}/")
        (self.dir / "site.conf").write_text(site, encoding="utf-8")
        temp = " ".join(f"{kind}_temp_path {self.dir / kind};"
                        for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
        user = "user root root;" if os.geteuid() == 0 else ""
        (self.dir / "nginx.conf").write_text(
            f"daemon off;\n{user}\nworker_processes 1;\npid {self.dir / 'nginx.pid'};\n"
            f"error_log {self.dir / 'error.log'} warn;\n"
            "events { worker_connections 4096; }\n"
            f"http {{\n  access_log off;\n  {temp}\n  include {self.dir / 'site.conf'};\n}}\n",
            encoding="utf-8")
        binary = find_nginx()
        check = subprocess.run([binary, "-t", "-p", str(self.dir), "-c",
                                str(self.dir / "nginx.conf")], capture_output=True, text=True)
        assert check.returncode == 0, check.stderr
        self.proc = subprocess.Popen([binary, "-p", str(self.dir), "-c",
                                      str(self.dir / "nginx.conf")],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        end = time.monotonic() + 10
        while time.monotonic() < end:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return
            except OSError:
                time.sleep(0.05)
        self.stop()
        raise AssertionError(f"nginx did not start: {self.error_log()}")

    def error_log(self) -> str:
        """The tail of nginx's error log."""
        path = self.dir / "error.log"
        return path.read_text(errors="replace")[-3000:] if path.exists() else ""

    def access_log(self) -> str:
        """nginx's log of the requests it passed on (``deploy/nginx.conf``'s format)."""
        path = self.dir / "wordyahtzee.log"
        return path.read_text(errors="replace") if path.exists() else ""

    def stop(self) -> None:
        """Stop nginx and remove its prefix."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGQUIT)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        shutil.rmtree(self.dir, ignore_errors=True)
