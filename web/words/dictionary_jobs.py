"""Custom dictionaries from uploaded word lists, built in the background with progress.

The upload is size-limited (``UPLOAD_MAX_BYTES``), saved to a temporary file and handed to
the engine's builder (:func:`wordyahtzee.lexicon.build.build_dictionary`) in a child
process (:func:`wordyahtzee.tables.offload.run_in_process`), which also compiles the
dictionary's tries into the cache: the server's event loop only waits on a pipe, so no
word list, however hostile, stalls the other requests. A job records its progress for the
browser to poll. One build runs at a time, for at most ``BUILD_SECONDS`` (then the child is
killed and the job fails with ``word_list_too_large``). The builder streams the list and
stops at ``WORD_LIST_MAX_BYTES`` of decompressed text (a gzip bomb fails its job with
``word_list_too_large``); an upload beyond ``MAX_USER_DICTIONARIES`` user dictionaries is
refused at once with ``too_many_dictionaries``, and so is one past the most one owner may
have (:data:`wordyahtzee.owned.service.DICTIONARY_CAP`). The server names an uploaded
dictionary (:func:`wordyahtzee.owned.service.new_dictionary_name`): the name is its link.
"""

from __future__ import annotations

import logging
import secrets
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from flask import current_app, request

from wordyahtzee.errors import BadRequest, ServiceError, WordyahtzeeError
from wordyahtzee.lexicon.build import BuildOptions, build_dictionary
from wordyahtzee.lexicon.registry import (
    load_lexicon,
    max_user_dictionaries,
    user_dictionary_names,
)
from wordyahtzee.runtime.loop import run_blocking
from wordyahtzee.runtime.progress import Progress
from wordyahtzee.tables.offload import OverBudget, run_in_process

_jobs: dict[str, dict[str, Any]] = {}
_lock = threading.Lock()
MAX_JOBS = 50


class _ShareProgress(Progress):
    """Progress that hands the share done to a callback instead of a terminal (reading
    is 90% of the work; compiling the rest), at most every 1%."""

    def __init__(self, report: Callable[[float], None]) -> None:
        super().__init__(enabled=False)
        self.report = report
        self.last = -1.0

    def update(self, done: int, total: int, label: str | None = None) -> None:
        """Report the share read."""
        share = round(0.9 * (min(1.0, done / total) if total > 0 else 1.0), 2)
        if share != self.last:
            self.last = share
            self.report(share)


def build_and_compile(options: BuildOptions,
                      progress: Callable[[float], None]) -> dict[str, Any]:
    """Build the dictionary and compile its tries into the cache (run in the child
    process); its name and counts."""
    result = build_dictionary(options, progress=_ShareProgress(progress))
    progress(0.95)
    load_lexicon(result.name)  # compile the tries now, not at the first game
    return {"name": result.name, "word_count": result.word_count, "read": result.read,
            "dropped": dict(result.dropped)}


def _public(job: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in job.items() if not k.startswith("_")}


def get_job(job_id: str) -> dict[str, Any]:
    """A job's public fields, from the store: any process answers for a build any process
    runs; 404 if unknown."""
    found = current_app.extensions["wordyahtzee.store"].get_job(job_id)
    if found is None:
        raise ServiceError(f"no dictionary job {job_id!r}", "not_found")
    return found


def _run(job: dict[str, Any], path: Path, options: BuildOptions, budget: float,
         store: Any) -> None:
    def advance(share: float) -> None:
        if share > job["progress"]:
            job["progress"] = share
            store.put_job(job["id"], _public(job))

    try:
        job["status"] = "building"
        result = run_in_process("wordyahtzee.web.words.dictionary_jobs:build_and_compile",
                                (options,), budget, advance)
        run_blocking(load_lexicon, result["name"])  # open the compiled tries
        job.update(status="done", progress=1.0, word_count=result["word_count"],
                   read=result["read"], dropped=result["dropped"])
    except OverBudget:
        job.update(status="failed", error={
            "code": "word_list_too_large",
            "message": f"the word list took longer than {budget:g} s to build; refused"})
    except WordyahtzeeError as exc:  # name the upload, not the server's temporary file
        message = exc.message.replace(str(path), "the word list")
        job.update(status="failed", error={"code": exc.code, "message": message})
    except Exception as exc:  # a word list the builder could not read
        logging.getLogger(__name__).exception("building the dictionary %r failed", job["name"])
        message = str(exc).replace(str(path), "the word list")
        job.update(status="failed", error={"code": "build_failed",
                                           "message": f"could not build: {message}"})
    finally:
        job["finished_at"] = time.time()
        path.unlink(missing_ok=True)
        if job["status"] != "done" and job["name"] not in user_dictionary_names():
            store.forget_dictionary(job["name"])  # nothing built: its owner may upload again
        store.put_job(job["id"], _public(job))


def start_upload(max_bytes: int, secret: str | None, browser: str | None) -> dict[str, Any]:
    """Validate a multipart upload (``file``, ``title``, ``public``) and start its build,
    owned by the profile of ``secret`` or the browser of ``browser``
    (:meth:`~wordyahtzee.owned.service.Owned.reserve_upload`: noted in the store before the
    build, so an owner's cap holds however many uploads arrive at once)."""
    if request.content_length is not None and request.content_length > max_bytes:
        raise ServiceError(f"the word list is larger than {max_bytes // 1024 // 1024} MiB",
                       "too_large")
    if not request.mimetype.startswith("multipart/form-data"):
        raise BadRequest("send the word list as multipart/form-data with a 'file' field")
    repeated = sorted(k for k in {*request.form, *request.files}
                      if len(request.form.getlist(k)) + len(request.files.getlist(k)) > 1)
    if repeated:
        raise BadRequest(f"the field {repeated[0]!r} is given more than once; send each "
                         "field once")
    upload = request.files.get("file")
    if upload is None or not upload.filename:
        raise BadRequest("no word list: send a 'file' field", "no_file")
    title = " ".join("".join(c for c in request.form.get("title", "")
                             if c.isprintable()).split())[:100]
    if not title:  # the file's name, without its path and endings
        stem = str(upload.filename).replace("\\", "/").rsplit("/", 1)[-1].split(".")[0]
        title = " ".join("".join(c for c in stem if c.isprintable()).split())[:100] \
            or "word list"
    public = request.form.get("public", "") in ("on", "true", "1")
    most = current_app.config.get("MAX_USER_DICTIONARIES")
    most = max_user_dictionaries() if most is None else int(most)
    if len(user_dictionary_names()) >= most:
        raise ServiceError(f"there are {most} user dictionaries already, the most allowed",
                           "too_many_dictionaries")
    data = upload.read(max_bytes + 1)
    if len(data) > max_bytes:
        raise ServiceError("the word list is too large", "too_large")
    if not data.strip():
        raise BadRequest("the word list is empty", "empty_word_list")
    gz = data[:2] == b"\x1f\x8b"
    if not gz:
        try:
            data.decode("utf-8")
        except UnicodeDecodeError:
            raise BadRequest("the word list is not UTF-8 text (or .gz)", "bad_word_list") \
                from None
    service = current_app.extensions["wordyahtzee.tables"]
    store = current_app.extensions["wordyahtzee.store"]
    with _lock:
        if any(j["status"] in ("queued", "building") for j in _jobs.values()):
            raise ServiceError("another dictionary is being built; try again shortly",
                           "busy")
        name = service.owned.reserve_upload(title, public, secret, browser)
        path = None
        try:
            if len(_jobs) >= MAX_JOBS:
                oldest = min(_jobs, key=lambda k: _jobs[k]["created_at"])
                del _jobs[oldest]
            with tempfile.NamedTemporaryFile(prefix="wordyahtzee-upload-",
                                             suffix=".txt.gz" if gz else ".txt",
                                             delete=False) as tmp:
                path = Path(tmp.name)
                tmp.write(data)
            # names (capitalised entries such as "Amsterdam") are dropped, as the form says
            options = BuildOptions(
                name=name, sources=(str(path),), language="nl", min_length=2,
                drop_capitalised=True, title=title,
                max_source_bytes=int(current_app.config["WORD_LIST_MAX_BYTES"]),
                max_user_dictionaries=most)
            options.check()
        except BaseException:  # nothing will be built: the note goes
            if path is not None:
                path.unlink(missing_ok=True)
            store.forget_dictionary(name)
            raise
        job_id = secrets.token_hex(12)  # the job names the dictionary: its link
        job: dict[str, Any] = {"id": job_id, "name": name, "status": "queued",
                               "progress": 0.0, "created_at": time.time(), "error": None}
        _jobs[job_id] = job
    store.put_job(job_id, _public(job))
    budget = float(current_app.config["BUILD_SECONDS"])
    threading.Thread(target=_run, args=(job, path, options, budget, store), daemon=True,
                     name=f"dict-build-{name}").start()
    return _public(job)
