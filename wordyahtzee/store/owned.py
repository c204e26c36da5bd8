"""What players make and own, written once for both back ends: their own dice sets (a
family's box) and the owners of the dictionaries they upload (docs/security.md, "Own dice
sets and dictionaries").

:class:`OwnedRecords` is mixed into each store on top of ``_rows`` and ``_change``. An
*owner* is a profile (``p:`` and its id) or, without one, a browser (``b:`` and the SHA-256
of the browser's key; :func:`profile_owner`, :func:`browser_owner`); ``''`` is nobody (a set
kept before owners existed). A dice set's id is its link: listed only to its owner, read by
anyone who has it. Making one is capped per owner in the transaction that makes it: the
owner's row in ``owners`` is locked first, so two requests at once count one after the other
(PostgreSQL's read-committed statements each see what the one before them waited for).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from .players import Records, Statement, profile_owner

LISTINGS = ("private", "asked", "public", "declined")
"""Where an uploaded dictionary is listed: to its owner only (``private``), to its owner
while a moderator decides whether everyone may see it (``asked``), to everyone
(``public``, a moderator's approval), to its owner after a refusal (``declined``)."""


def browser_owner(key: str) -> str:
    """The owner key of a browser that holds ``key`` (only its hash is kept)."""
    return "b:" + hashlib.sha256(key.encode("ascii", "replace")).hexdigest()


def _box(row: Any) -> dict[str, Any]:
    return {"id": row["id"], "owner": row["owner"], "title": row["title"],
            "dice": json.loads(row["dice"]), "created_at": float(row["created_at"])}


def _lock_owner(owner: str, at: float) -> list[Statement]:
    """The statements that make ``owner``'s row and hold it until the transaction ends."""
    return [("INSERT INTO owners (owner, created_at) VALUES (?, ?) ON CONFLICT (owner) "
             "DO NOTHING", (owner, at)),
            ("UPDATE owners SET created_at = created_at WHERE owner = ?", (owner,))]


def _marks(values: Sequence[Any]) -> str:
    return ", ".join("?" for _ in values)


class OwnedRecords(Records, Protocol):
    """Own dice sets and the owners of uploaded dictionaries."""

    # -- dice sets ---------------------------------------------------------------------------

    def add_dice_set(self, box_id: str, owner: str, title: str, dice: Mapping[str, Any],
                     at: float, cap: int) -> bool:
        """Keep a new dice set of ``owner`` (``dice``: the set's JSON) unless the owner has
        ``cap`` already; True when kept."""
        return self._change([
            *_lock_owner(owner, at),
            ("INSERT INTO dice_sets (id, owner, title, dice, created_at) SELECT ?, ?, ?, ?, ? "
             "WHERE (SELECT COUNT(*) FROM dice_sets WHERE owner = ?) < ?",
             (box_id, owner, title, json.dumps(dict(dice), ensure_ascii=False), at, owner,
              int(cap)))])[-1] > 0

    def import_dice_set(self, box_id: str, title: str, dice: Mapping[str, Any],
                        at: float) -> bool:
        """Keep a dice set made before owners existed (owned by nobody, read by its link);
        False when the id is kept already."""
        return self._change([
            ("INSERT INTO dice_sets (id, owner, title, dice, created_at) VALUES "
             "(?, '', ?, ?, ?) ON CONFLICT (id) DO NOTHING",
             (box_id, title, json.dumps(dict(dice), ensure_ascii=False), at))])[0] > 0

    def dice_set_row(self, box_id: str) -> dict[str, Any] | None:
        """The dice set ``box_id`` (id, owner, title, dice, created_at), or None."""
        rows = self._rows("SELECT id, owner, title, dice, created_at FROM dice_sets "
                          "WHERE id = ?", (box_id,))
        return _box(rows[0]) if rows else None

    def dice_sets_of(self, owners: Sequence[str], limit: int = 100) -> list[dict[str, Any]]:
        """The dice sets of these owners, oldest first (read through ``dice_sets_of``)."""
        wanted = [o for o in owners if o]
        if not wanted:
            return []
        return [_box(r) for r in self._rows(
            "SELECT id, owner, title, dice, created_at FROM dice_sets WHERE owner IN "
            f"({_marks(wanted)}) ORDER BY created_at, id LIMIT ?",
            (*wanted, max(1, int(limit))))]

    def delete_dice_set(self, box_id: str, owners: Sequence[str]) -> bool:
        """Forget a dice set of one of ``owners`` (the games played with it keep their copy);
        False when none of them owns it."""
        wanted = [o for o in owners if o]
        if not wanted:
            return False
        return self._change([
            (f"DELETE FROM dice_sets WHERE id = ? AND owner IN ({_marks(wanted)})",
             (box_id, *wanted))])[0] > 0

    # -- dictionaries ------------------------------------------------------------------------

    def reserve_dictionary(self, name: str, owner: str, title: str, listing: str,
                           at: float, cap: int) -> bool:
        """Note that ``owner`` uploads the dictionary ``name`` (before it is built), unless
        the owner has ``cap`` already or the name is taken; True when noted."""
        return self._change([
            *_lock_owner(owner, at),
            ("INSERT INTO owned_dictionaries (name, owner, title, listing, created_at) "
             "SELECT ?, ?, ?, ?, ? WHERE (SELECT COUNT(*) FROM owned_dictionaries WHERE "
             "owner = ?) < ? ON CONFLICT (name) DO NOTHING",
             (name, owner, title, listing, at, owner, int(cap)))])[-1] > 0

    def import_dictionary(self, name: str, title: str, at: float) -> bool:
        """Note a dictionary uploaded before owners existed: owned by nobody, waiting for a
        moderator (``asked``); False when it is noted already."""
        return self._change([
            ("INSERT INTO owned_dictionaries (name, owner, title, listing, created_at) "
             "VALUES (?, '', ?, 'asked', ?) ON CONFLICT (name) DO NOTHING",
             (name, title, at))])[0] > 0

    def forget_dictionary(self, name: str) -> None:
        """Forget an upload's note (its build failed, or the dictionary was removed)."""
        self._change([("DELETE FROM owned_dictionaries WHERE name = ?", (name,))])

    def owned_dictionaries(self) -> dict[str, dict[str, Any]]:
        """Every uploaded dictionary's note by name: owner, title, listing, created_at (as
        many as the data dir holds uploaded dictionaries, and the builds under way)."""
        return {str(r["name"]): {"name": r["name"], "owner": r["owner"], "title": r["title"],
                                 "listing": r["listing"],
                                 "created_at": float(r["created_at"])}
                for r in self._rows("SELECT name, owner, title, listing, created_at FROM "
                                    "owned_dictionaries ORDER BY created_at, name")}

    def list_dictionary(self, name: str, listing: str, moderator: str, note: str,
                        at: float) -> bool:
        """A moderator's decision on an uploaded dictionary (``public`` or ``declined``),
        with its line in the log; False when there is no such upload."""
        return self._change([
            ("INSERT INTO moderation_log (at, moderator, action, subject, note) SELECT ?, ?, "
             "?, ?, ? WHERE EXISTS (SELECT 1 FROM owned_dictionaries WHERE name = ?)",
             (at, moderator, f"dictionary {listing}", name, note, name)),
            ("UPDATE owned_dictionaries SET listing = ? WHERE name = ?",
             (listing, name))])[-1] > 0


__all__ = ["LISTINGS", "OwnedRecords", "browser_owner", "profile_owner"]
