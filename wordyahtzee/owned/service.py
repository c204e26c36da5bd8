"""What players make and own, as a service of its own (:class:`Owned`, reached as
``service.owned``; built by :func:`~wordyahtzee.tables.service.compose` from the store, the
clock and the profiles, the owners of what a request makes): the owners, the dice sets, the
uploaded dictionaries and who sees them listed (:mod:`wordyahtzee.owned`).
"""

from __future__ import annotations

import base64
import secrets
import weakref
from collections.abc import Callable, Iterable, Mapping
from contextlib import suppress
from typing import Any

from ..dice import (
    OWN_NAME,
    DiceSet,
    check_own_box,
    describe_dice_set,
    forget_box_copy,
    keep_box_copy,
    legacy_boxes,
    new_box_id,
    shipped_dice_sets,
    use_box_source,
)
from ..errors import RuleError, ServiceError
from ..lexicon.registry import DictionaryEntry, list_dictionaries
from ..lobby.profiles import Profiles, valid_secret
from ..store import Store
from ..store.owned import browser_owner, profile_owner

BOX_CAP = 20
"""The most own boxes one owner keeps (a family has one or two; deleting one makes room)."""
DICTIONARY_CAP = 5
"""The most uploaded dictionaries one owner has."""
UPLOAD_PREFIX = "u-"
UPLOADED_SOURCE = "wordyahtzee-upload-"
"""How the temporary file of a web upload is named: a sidecar whose source has this name
was uploaded, not built on the command line."""


def new_dictionary_name() -> str:
    """An uploaded dictionary's name, which is also its link: 128 random bits."""
    return UPLOAD_PREFIX + base64.b32encode(secrets.token_bytes(16)).decode(
        "ascii").rstrip("=").lower()


def public_dictionary(entry_name: str, notes: Mapping[str, Mapping[str, Any]]) -> bool:
    """Whether everyone may see a dictionary listed: shipped or built on the command line
    (no note), or an upload a moderator approved."""
    note = notes.get(entry_name)
    return note is None or note["listing"] == "public"


def public_rules(store: Store, rules: Mapping[str, Any],
                 notes: Mapping[str, Mapping[str, Any]] | None = None) -> bool:
    """Whether a table's rules use only what everyone may see listed: a shipped dice set (if
    any) and a public dictionary (if any; ``notes``: the store's notes of the uploads, read
    once by a caller that asks many times). A table whose rules name another's box or an
    unlisted dictionary gives no puzzles, enters no public list and may not sit in the
    lobby."""
    dice_set = rules.get("dice_set")
    if dice_set is not None and dice_set not in shipped_dice_sets():
        return False
    dictionary = rules.get("dictionary")
    return not dictionary or public_dictionary(
        str(dictionary), store.owned_dictionaries() if notes is None else notes)


def _box_id(name: Any) -> str | None:
    """``name`` if it may be an own box's id (checked before any store reads it)."""
    return name if isinstance(name, str) and OWN_NAME.fullmatch(name) else None


def _uploaded(entry: DictionaryEntry) -> bool:
    """Whether a user dictionary's sidecar says it came from a web upload."""
    sources = entry.meta.get("sources")
    return isinstance(sources, list) and any(
        isinstance(s, dict) and str(s.get("path", "")).replace("\\", "/").rsplit(
            "/", 1)[-1].startswith(UPLOADED_SOURCE) for s in sources)


class Owned:
    """Own dice sets and uploaded dictionaries: who owns them, who sees them listed."""

    def __init__(self, store: Store, clock: Callable[[], float], profiles: Profiles) -> None:
        self.store = store
        self.clock = clock
        self.profiles = profiles
        found = weakref.WeakMethod(self._stored_box)
        use_box_source(found)  # DiceSet.load finds a box this machine has no copy of

    # -- owners -----------------------------------------------------------------------------

    def owners(self, secret: Any, browser: Any) -> list[str]:
        """The owners a request speaks for: its profile's (``secret``), its browser's
        (``browser``, the browser's key), or neither."""
        found = []
        profile = self.profiles.find_profile(secret) if secret else None
        if profile is not None:
            found.append(profile_owner(profile["id"]))
        key = valid_secret(browser)
        if key is not None:
            found.append(browser_owner(key))
        return found

    def maker(self, secret: Any, browser: Any) -> str:
        """Who owns what this request makes: its profile, else its browser."""
        profile = self.profiles.find_profile(secret) if secret else None
        if profile is not None:
            return profile_owner(profile["id"])
        key = valid_secret(browser)
        if key is None:
            raise ServiceError("this browser keeps no cookies: allow them to keep your own "
                               "things", "no_owner")
        return browser_owner(key)

    # -- dice sets --------------------------------------------------------------------------

    def _stored_box(self, box_id: str) -> DiceSet | None:
        """The own box ``box_id`` from the store (:func:`~wordyahtzee.dice.use_box_source`)."""
        row = self.store.dice_set_row(box_id)
        return None if row is None else DiceSet.from_json({**row["dice"], "name": box_id})

    def _box(self, row: Mapping[str, Any], owners: Iterable[str]) -> dict[str, Any]:
        dice = dict(row["dice"])
        return {"name": row["id"], "title": row["title"],
                "language": str(dice.get("language", "")), "dice": dice.get("dice", []),
                "own": True, "mine": bool(row["owner"]) and row["owner"] in owners,
                "url": f"/dice/{row['id']}"}

    def make_box(self, data: Any, secret: Any, browser: Any) -> dict[str, Any]:
        """Keep a new own box (:func:`~wordyahtzee.dice.check_own_box`) for the request's
        owner; 409 ``too_many_boxes`` past :data:`BOX_CAP`."""
        owner = self.maker(secret, browser)
        box_id = new_box_id()
        dice_set, title = check_own_box(data, box_id)
        if not self.store.add_dice_set(box_id, owner, title, dice_set.to_json(), self.clock(),
                                       BOX_CAP):
            raise ServiceError(f"you keep {BOX_CAP} boxes already, the most there may be: "
                               "delete one first", "too_many_boxes")
        keep_box_copy(dice_set)
        row = self.store.dice_set_row(box_id)
        assert row is not None
        return self._box(row, [owner])

    def box(self, name: Any, secret: Any = None, browser: Any = None) -> dict[str, Any]:
        """A dice set by its name: a shipped one, or an own box by its id (its link);
        404 ``not_found`` otherwise."""
        if isinstance(name, str) and name in shipped_dice_sets():
            return describe_dice_set(name)
        box_id = _box_id(name)
        row = None if box_id is None else self.store.dice_set_row(box_id)
        if row is None:
            raise ServiceError("no such dice set", "not_found")
        return self._box(row, self.owners(secret, browser))

    def boxes(self, secret: Any, browser: Any, also: Any = None) -> list[dict[str, Any]]:
        """The dice sets a request may pick: the shipped ones, its owners' own boxes, and
        ``also``, a box opened by its link."""
        owners = self.owners(secret, browser)
        listed = [describe_dice_set(name) for name in shipped_dice_sets()]
        rows = self.store.dice_sets_of(owners, BOX_CAP * 2)
        also = _box_id(also)
        if (also is not None and also not in shipped_dice_sets()
                and all(r["id"] != also for r in rows)):
            extra = self.store.dice_set_row(also)
            rows += [extra] if extra is not None else []
        return listed + [self._box(row, owners) for row in rows]

    def delete_box(self, box_id: Any, secret: Any, browser: Any) -> None:
        """Forget one of the request's own boxes (games played with it keep their copy);
        404 ``not_found`` for any other."""
        owners, checked = self.owners(secret, browser), _box_id(box_id)
        if checked is None or not self.store.delete_dice_set(checked, owners):
            raise ServiceError("no such box of yours", "not_found")
        forget_box_copy(checked)

    def check_rules(self, rules: Any) -> None:
        """Refuse the rules of a new table that name an own box the store no longer keeps:
        a deleted box's link starts no game, whatever copy of it a machine has (the games
        already played with it keep theirs). The tables ask before they make one
        (:meth:`~wordyahtzee.tables.playing.Playing.create`)."""
        named = _box_id(rules.get("dice_set")) if isinstance(rules, Mapping) else None
        if (named is not None and named not in shipped_dice_sets()
                and self.store.dice_set_row(named) is None):
            raise RuleError(f"rules: unknown dice set {named!r}", "bad_rules")

    # -- dictionaries -----------------------------------------------------------------------

    def dictionaries(self, secret: Any, browser: Any, also: Any = None
                     ) -> list[dict[str, Any]]:
        """The dictionaries a request sees listed: the public ones, its owners' uploads, and
        ``also``, one opened by its link; each one's summary with its ``listing`` and
        whether it is ``mine``."""
        owners = self.owners(secret, browser)
        notes = self.store.owned_dictionaries()
        listed = []
        for entry in list_dictionaries():
            note = notes.get(entry.name)
            mine = note is not None and note["owner"] in owners
            if note is None or note["listing"] == "public" or mine or entry.name == also:
                listed.append({**entry.summary(), "mine": mine,
                               "listing": "public" if note is None else note["listing"]})
        return listed

    def dictionary_listing(self, name: str, secret: Any, browser: Any) -> dict[str, Any]:
        """What the owner of an upload may know of it: ``listing`` (private, asked, public,
        declined) and ``mine``; a dictionary without a note is the operator's (public)."""
        note = self.store.owned_dictionaries().get(name)
        if note is None:
            return {"listing": "public", "mine": False}
        mine = bool(note["owner"]) and note["owner"] in self.owners(secret, browser)
        return {"listing": note["listing"], "mine": mine}

    def reserve_upload(self, title: str, public: bool, secret: Any, browser: Any) -> str:
        """Note a new upload for the request's owner before it is built (``public``: asked
        to be listed to everyone, once a moderator approves); its name. 409
        ``too_many_dictionaries`` past :data:`DICTIONARY_CAP`."""
        owner = self.maker(secret, browser)
        name = new_dictionary_name()
        if not self.store.reserve_dictionary(name, owner, title,
                                             "asked" if public else "private", self.clock(),
                                             DICTIONARY_CAP):
            raise ServiceError(f"you have {DICTIONARY_CAP} dictionaries already, the most "
                               "there may be", "too_many_dictionaries")
        return name

    def upload_failed(self, name: str) -> None:
        """An upload's build failed: its note goes."""
        self.store.forget_dictionary(name)

    def asked_dictionaries(self) -> list[dict[str, Any]]:
        """The uploads waiting for a moderator, with their word counts (built ones only)."""
        notes = self.store.owned_dictionaries()
        return [{**notes[entry.name], "word_count": entry.meta.get("word_count"),
                 "language": entry.language}
                for entry in list_dictionaries()
                if entry.name in notes and notes[entry.name]["listing"] == "asked"]

    # -- what was kept before owners --------------------------------------------------------

    def import_unowned(self) -> tuple[int, int]:
        """Bring what was made before owners existed into the store: the own boxes of the
        data dir's ``dice/`` (owned by nobody, reached by their old link; the folder is
        then renamed ``dice.imported``) and the uploaded dictionaries (owned by nobody,
        waiting for a moderator before everyone sees them listed again). How many of each
        were new. Safe to run at every start, in every process."""
        boxes = 0
        found = legacy_boxes()
        for name, title, dice_set, _path in found:
            boxes += self.store.import_dice_set(name, title, dice_set.to_json(), self.clock())
        if found:
            folder = found[0][3].parent
            with suppress(OSError):  # another process of this machine moved it first
                folder.replace(folder.with_name("dice.imported"))
        notes = self.store.owned_dictionaries()
        dictionaries = 0
        for entry in list_dictionaries():
            if not entry.shipped and entry.name not in notes and _uploaded(entry):
                title = str(entry.meta.get("title") or entry.name)
                dictionaries += self.store.import_dictionary(entry.name, title, self.clock())
        return boxes, dictionaries


__all__ = ["BOX_CAP", "DICTIONARY_CAP", "Owned", "new_dictionary_name", "public_dictionary",
           "public_rules"]
