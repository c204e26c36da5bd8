"""Profiles: a player is a chosen name and a secret kept in a cookie. No password, no
e-mail: only the secret's SHA-256 is stored, and whoever holds the secret (the cookie, or
the profile's link on another device) is the player.

:class:`Profiles` is a service of its own, built by the table service's composition
(:func:`~wordyahtzee.tables.service.compose`) and reached as ``service.profiles``; the
live tables it touches (a deleted or hidden profile's tables let go of) it reaches through
the :class:`LiveTables` it was given."""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable, Iterable
from typing import Any, Protocol

from ..errors import ServiceError
from ..modes.contract import MAX_NAME, check_players, typed_name
from ..store import Store

SECRET_BYTES = 24
"""The size of a profile's secret (32 characters in its link)."""


def secret_hash(secret: str) -> str:
    """What the store keeps of a profile's secret."""
    return hashlib.sha256(secret.encode("ascii")).hexdigest()


def _profile_name(name: Any) -> str:
    """A profile's name, checked as a player's name is (at most :data:`MAX_NAME`
    characters as sent, spaces folded)."""
    if not isinstance(name, str):
        raise ServiceError("a profile needs a name", "bad_name")
    return check_players([typed_name(name, MAX_NAME)], max_players=1, max_name=MAX_NAME)[0]


def valid_secret(secret: Any) -> str | None:
    """``secret`` if it may be a profile's secret or a browser's key (checked before any
    store reads it), else None."""
    if isinstance(secret, str) and 16 <= len(secret) <= 64 and secret.isascii() and all(
            c.isalnum() or c in "-_" for c in secret):
        return secret
    return None


class LiveTables(Protocol):
    """What :class:`Profiles` asks of the live tables."""

    def unload(self, game_ids: Iterable[str], *, wake: bool = True) -> int:
        """Let memory go of these tables (:meth:`~wordyahtzee.tables.lifecycle.Lifecycle.
        unload`)."""


class Profiles:
    """Making, finding, renaming and deleting profiles."""

    def __init__(self, store: Store, clock: Callable[[], float], tables: LiveTables) -> None:
        self.store = store
        self.clock = clock
        self.tables = tables

    def make_profile(self, name: Any) -> tuple[dict[str, Any], str]:
        """A new profile called ``name``; the profile and its secret (shown once)."""
        chosen = _profile_name(name)
        profile_id, secret = secrets.token_hex(8), secrets.token_urlsafe(SECRET_BYTES)
        self.store.create_profile(profile_id, chosen, secret_hash(secret), self.clock())
        return {"id": profile_id, "name": chosen}, secret

    def find_profile(self, secret: Any) -> dict[str, Any] | None:
        """The profile whose secret this is (id, name, created_at), or None."""
        valid = valid_secret(secret)
        return None if valid is None else self.store.profile_by_secret(secret_hash(valid))

    def profile(self, secret: Any) -> dict[str, Any]:
        """The profile whose secret this is; :class:`ServiceError` ``no_profile`` if none."""
        found = self.find_profile(secret)
        if found is None:
            raise ServiceError("no profile on this device: choose a name first", "no_profile")
        return found

    def rename_profile(self, secret: Any, name: Any) -> dict[str, Any]:
        """Give the profile a new name; refused (``name_hidden``) once a moderator hid its
        name: the profile keeps the placeholder, and plays on."""
        found = self.profile(secret)
        chosen = _profile_name(name)
        if not self.store.rename_profile(found["id"], chosen):
            raise ServiceError("a moderator hid this profile's name; it cannot choose "
                               "another", "name_hidden")
        return {**found, "name": chosen}

    def unload_tables_of(self, profile_id: str) -> int:
        """Let this process's memory go of the active tables where the profile sits, so
        they load again from the store (after a moderator hid its name: its seats show the
        placeholder); how many."""
        games = {entry["game_id"] for entry in self.store.profile_games(profile_id, "active")}
        return self.tables.unload(games)

    def delete_profile(self, secret: Any) -> None:
        """Delete the profile with all its data (its daily games too, from memory as well:
        another process unloads them when idle, and cannot store a move in them)."""
        found = self.profile(secret)
        games = [entry["game_id"] for entry in self.store.profile_dailies(found["id"])]
        self.store.delete_profile(found["id"])
        self.tables.unload(games, wake=False)
