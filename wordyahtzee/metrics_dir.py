"""The private directory in which ``serve``'s worker processes share their metrics
(``prometheus-client``'s multiprocess mode). It must be named before the first import of
``prometheus_client`` (which reads it then), so this module imports nothing of it."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

ENV = "PROMETHEUS_MULTIPROC_DIR"


def open_metrics_dir() -> Path:
    """A fresh, empty directory for this server's metrics, named in the environment
    (the workers inherit it)."""
    path = Path(tempfile.mkdtemp(prefix="wordyahtzee-metrics-"))
    os.environ[ENV] = str(path)
    return path


def remove_metrics_dir(path: Path) -> None:
    """Remove the directory (the server has stopped)."""
    shutil.rmtree(path, ignore_errors=True)
