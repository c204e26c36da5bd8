"""A backup's file: a gzipped tar archive whose manifest is signed with the operator's key,
read back in one pass that takes only what the signed manifest names (docs/operations.md,
"Backups and restores" and "The backup key").

The archive holds, in this order: ``manifest.json``; ``manifest.sig``, the HMAC-SHA256 of
the manifest's exact bytes under the backup key (``hmac-sha256:`` and 64 hex digits), or
``unsigned`` for a backup taken with ``--unsigned``; then the members the manifest names,
in its order, each with its size and sha256 there.

Reading checks the signature before it reads anything after it, and then takes each
member's header and only the bytes the manifest gave it: an unnamed member, a link, a
member out of order or of another size is refused at its header, before any of its data is
read. The tar headers are read here, not by :mod:`tarfile`, which would read an extended
header of any size into memory; the gzip stream is read in blocks, so a small file that
unpacks to gigabytes costs nothing before the first member that is not expected.
"""

from __future__ import annotations

import gzip
import hashlib
import hmac
import io
import os
import stat
import tarfile
import time
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import IO

from . import StoreError

KEY_ENV = "WORDYAHTZEE_BACKUP_KEY"
"""The environment variable that may hold the backup key itself (``--key-file`` wins)."""
MIN_KEY_CHARS = 32
"""The shortest key taken: ``openssl rand -hex 32`` gives 64 characters."""
MANIFEST = "manifest.json"
SIGNATURE = "manifest.sig"
UNSIGNED = b"unsigned\n"
MAX_MANIFEST_BYTES = 1 << 20
MAX_SIGNATURE_BYTES = 256
BLOCK = 512
_CHUNK = 1 << 20
_TRAILER_BYTES = 20 * BLOCK
"""What may follow the last member: the end-of-archive blocks and tar's padding, zeros."""


def _fail(message: str) -> StoreError:
    return StoreError(message, "bad_input")


# -- the key and the signature ----------------------------------------------------------------

def load_key(key_file: str | None, *, unsigned: bool = False) -> bytes | None:
    """The backup key: the contents of ``key_file``, else ``$WORDYAHTZEE_BACKUP_KEY``
    (surrounding white space dropped, at least :data:`MIN_KEY_CHARS` characters); ``None``
    with ``unsigned`` (no signature is made or checked). No key is refused (``usage``)."""
    if unsigned:
        if key_file:
            raise StoreError("--unsigned uses no key: leave out --key-file", "usage")
        return None
    if key_file:
        try:
            mode = os.stat(key_file).st_mode
            if mode & (stat.S_IRWXO | stat.S_IWGRP):
                raise StoreError(f"the backup key file {key_file} may be read or changed by "
                                 "others: chmod 600 (or 640 for the backup's group)", "usage")
            with open(key_file, "rb") as f:
                raw = f.read(4096)
            key = raw.decode("utf-8").strip()
        except (OSError, UnicodeDecodeError) as exc:
            reason = exc.strerror if isinstance(exc, OSError) else "it is not text"
            raise StoreError(f"the backup key file {key_file} cannot be read: {reason}",
                             "usage") from None
    else:
        key = os.environ.get(KEY_ENV, "").strip()
        if not key:
            raise StoreError(f"no backup key: give --key-file FILE or set ${KEY_ENV} "
                             "(docs/operations.md, \"The backup key\"); --unsigned goes "
                             "without one, and without its protection", "usage")
    if len(key) < MIN_KEY_CHARS:
        raise StoreError(f"the backup key is too short: at least {MIN_KEY_CHARS} characters "
                         "(make one with: openssl rand -hex 32)", "usage")
    return key.encode()


def signature(manifest: bytes, key: bytes | None) -> bytes:
    """The ``manifest.sig`` of ``manifest`` under ``key`` (:data:`UNSIGNED` without one)."""
    if key is None:
        return UNSIGNED
    return b"hmac-sha256:" + hmac.new(key, manifest, hashlib.sha256).hexdigest().encode() + b"\n"


def check_signature(path: Path, manifest: bytes, found: bytes, key: bytes | None) -> None:
    """Refuse a backup whose signature is not ``manifest``'s under ``key`` (nothing is
    checked when ``key`` is ``None``: ``--unsigned``)."""
    if key is None:
        return
    if found == UNSIGNED:
        raise _fail(f"{path} is not signed: it was taken with --unsigned (read it with "
                    "--unsigned, if you know where it has been)")
    if not hmac.compare_digest(found, signature(manifest, key)):
        raise _fail(f"{path}: its signature does not match the backup key: it was changed "
                    "after it was written, or signed with another key")


# -- writing ----------------------------------------------------------------------------------

def write(target: Path, manifest: bytes, key: bytes | None,
          members: list[tuple[str, Path]]) -> None:
    """The archive at ``target``: the manifest, its signature, and each ``(name, file)``."""
    now = int(time.time())

    def info(name: str, size: int) -> tarfile.TarInfo:
        entry = tarfile.TarInfo(name)
        entry.size, entry.mtime, entry.mode = size, now, 0o600
        return entry

    with tarfile.open(target, "w:gz", compresslevel=6, format=tarfile.GNU_FORMAT) as tar:
        for name, data in ((MANIFEST, manifest), (SIGNATURE, signature(manifest, key))):
            tar.addfile(info(name, len(data)), io.BytesIO(data))
        for name, file in members:
            with file.open("rb") as f:
                tar.addfile(info(name, file.stat().st_size), f)


# -- reading ----------------------------------------------------------------------------------

class Reader:
    """One pass over an archive: its members' headers and data, in order, never more than
    the caller expects."""

    def __init__(self, path: Path, stream: IO[bytes] | gzip.GzipFile) -> None:
        self.path = path
        self._stream = stream

    def _read(self, n: int) -> bytes:
        try:
            data = self._stream.read(n)
        except (EOFError, gzip.BadGzipFile, zlib.error, OSError) as exc:
            raise _fail(f"{self.path} is damaged or not a wordyahtzee backup: "
                        f"{str(exc) or type(exc).__name__}") from None
        return data

    def _exactly(self, n: int) -> bytes:
        data = self._read(n)
        if len(data) != n:
            raise _fail(f"{self.path} is damaged or not a wordyahtzee backup: it ends early")
        return data

    def header(self) -> tuple[str, int] | None:
        """The next member's name and size; ``None`` at the end of the archive."""
        block = self._exactly(BLOCK)
        if block == bytes(BLOCK):
            return None
        return _parse_header(self.path, block)

    def expect(self, name: str, size: int | None = None, cap: int | None = None) -> int:
        """Read the next header: it must be ``name`` (of ``size``, or at most ``cap``
        bytes); its size."""
        found = self.header()
        if found is None:
            raise _fail(f"{self.path} is damaged or not a wordyahtzee backup: {name} is "
                        "missing")
        if found[0] != name:
            if name == MANIFEST:
                raise _fail(f"{self.path} is not a wordyahtzee backup (no {MANIFEST} first)")
            if name == SIGNATURE:
                raise _fail(f"{self.path} is not signed: it has no {SIGNATURE} (a backup "
                            "taken before backups were signed is not read by this program)")
            raise _fail(f"{self.path} holds a file its manifest does not name here: "
                        f"{found[0]!r}")
        if cap is not None and found[1] > cap:
            raise _fail(f"{self.path}: its {name} is larger than a backup's may be")
        if size is not None and found[1] != size:
            raise _fail(f"{self.path}: {name} is not the size its manifest gives")
        return found[1]

    def small(self, name: str, cap: int) -> bytes:
        """The next member, ``name`` of at most ``cap`` bytes, whole."""
        size = self.expect(name, cap=cap)
        data = self._exactly(size)
        self._exactly(-size % BLOCK)
        return data

    def data(self, name: str, size: int, sha256: str) -> Iterator[bytes]:
        """The next member's data in blocks (its header read by :meth:`expect`); after the
        last block its sha256 is checked."""
        digest = hashlib.sha256()
        left = size
        while left:
            block = self._exactly(min(left, _CHUNK))
            digest.update(block)
            left -= len(block)
            yield block
        self._exactly(-size % BLOCK)
        if not hmac.compare_digest(digest.hexdigest(), sha256):
            raise _fail(f"{self.path}: {name} is damaged (its sha256 differs from its "
                        "manifest's)")

    def end(self) -> None:
        """Refuse anything after the last member the manifest names."""
        found = self.header()
        if found is not None:
            raise _fail(f"{self.path} holds a file its manifest does not name: {found[0]!r}")
        rest = self._read(_TRAILER_BYTES)
        if rest.count(0) != len(rest) or self._read(1):
            raise _fail(f"{self.path} holds more than its manifest names")


def _parse_header(path: Path, block: bytes) -> tuple[str, int]:
    """A tar header's name and size: a regular file with a checked header only."""
    def damaged(why: str) -> StoreError:
        return _fail(f"{path} is damaged or not a wordyahtzee backup: {why}")

    try:
        recorded = int(block[148:156].replace(b"\0", b" ").strip() or b"0", 8)
        raw = block[124:136]
        size = (int.from_bytes(raw[1:], "big") if raw[0] & 0x80
                else int(raw.replace(b"\0", b" ").strip() or b"0", 8))
        name = block[:100].split(b"\0", 1)[0].decode("utf-8")
        if block[257:263] == b"ustar\0":  # POSIX: a prefix may carry the start of the name
            prefix = block[345:500].split(b"\0", 1)[0].decode("utf-8")
            name = f"{prefix}/{name}" if prefix else name
    except (ValueError, UnicodeDecodeError):
        raise damaged("a header cannot be read") from None
    if recorded != sum(block[:148]) + 8 * 32 + sum(block[156:]):
        raise damaged("a header's checksum differs")
    if block[156:157] not in (b"0", b"\0"):
        raise _fail(f"{path} holds an unexpected member {name!r} (not a plain file)")
    return name, size


def open_archive(path: Path) -> gzip.GzipFile:
    """The backup at ``path``, opened for one pass (a missing file is refused)."""
    if not path.is_file():
        raise StoreError(f"there is no backup at {path}", "no_file")
    try:
        return gzip.open(path, "rb")
    except OSError as exc:
        raise StoreError(f"{path} cannot be read: {exc.strerror}", "no_file") from None


def read_head(path: Path, stream: IO[bytes] | gzip.GzipFile,
              key: bytes | None) -> tuple[Reader, bytes]:
    """The archive's manifest, its signature checked (before anything after it is read);
    the reader, at the first member the manifest names."""
    reader = Reader(path, stream)
    manifest = reader.small(MANIFEST, MAX_MANIFEST_BYTES)
    found = reader.small(SIGNATURE, MAX_SIGNATURE_BYTES)
    check_signature(path, manifest, found, key)
    return reader, manifest
