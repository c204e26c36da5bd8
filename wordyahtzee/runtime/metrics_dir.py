"""The private directory in which ``serve``'s worker processes share their metrics
(``prometheus-client``'s multiprocess mode). It must be named before the first import of
``prometheus_client`` (which reads it then), so this module imports nothing of it."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ENV = "PROMETHEUS_MULTIPROC_DIR"


@contextmanager
def private_metrics_dir() -> Iterator[Path]:
    """A fresh, empty directory for this server's metrics, named in the environment (the
    workers inherit it); removed by the process that made it, once it is done."""
    path = Path(tempfile.mkdtemp(prefix="wordyahtzee-metrics-"))
    before = os.environ.get(ENV)
    os.environ[ENV] = str(path)
    owner = os.getpid()
    try:
        yield path
    finally:
        if os.getpid() == owner:  # a forked worker's exit unwinds through here too
            shutil.rmtree(path, ignore_errors=True)
            if before is None:  # a program started after this one must not inherit it
                os.environ.pop(ENV, None)
            else:
                os.environ[ENV] = before
