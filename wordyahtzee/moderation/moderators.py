"""Moderators who log in, and what they decide (docs/operations.md, "Moderators"); the
package names what this module offers (``wordyahtzee.moderation.Moderation``).

The rules live here once, for the CLI (``wordyahtzee moderator``) and the web pages
(``/moderate``): a moderator's name, a password's strength, Argon2id hashing (argon2-cffi's
default parameters; a hash made with older ones is renewed at the next login), sessions
that end after :data:`IDLE_SECONDS` without use or :data:`ABSOLUTE_SECONDS` after the login,
the login's budgets (:meth:`Moderation.login`), word verdicts and hidden profile names.
Decisions on flagged daily results are the fair-play service's
(:meth:`.fairplay.FairPlayService.moderate`), shared with ``wordyahtzee daily
clear|confirm``.
"""

from __future__ import annotations

import hashlib
import re
import secrets
import time
from collections.abc import Callable
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from ..errors import ServiceError, WordyahtzeeError
from ..letters import fold, is_plain_word
from ..lexicon.overlay import Overlay
from ..runtime.loop import run_blocking
from ..store import Store
from ..store.moderators import LoginBudget

IDLE_SECONDS = 3600.0
"""A session not used for this long has ended (one hour)."""
ABSOLUTE_SECONDS = 12 * 3600.0
"""A session ends this long after its login, used or not (twelve hours)."""
PAIR_FAILURES = 5
"""Password checks of one name from one client address within :data:`FAILURE_WINDOW`
(while the name's own budget lasts); past it, that address is refused that name until
the window has passed."""
ADDRESS_FAILURES = 10
"""Password checks from one client address within :data:`FAILURE_WINDOW`, whatever the
names; past it, that address is refused every name until the window has passed."""
NAME_FAILURES = 10
"""Password checks of one name from all addresses together within :data:`FAILURE_WINDOW`.
Past it the name is slowed, never locked: an address that has not tried the name within
the window gets one check, every other address none."""
FAILURE_WINDOW = 15 * 60.0
BUDGET = LoginBudget(PAIR_FAILURES, ADDRESS_FAILURES, NAME_FAILURES)
MIN_PASSWORD = 12
"""The shortest password accepted."""
NAME = re.compile(r"[a-z][a-z0-9_-]{1,31}")
"""A moderator's name: 2-32 lower-case ASCII letters, digits, ``-`` or ``_``, starting
with a letter."""
VERDICTS = ("accept", "refuse")
MAX_REASON = 500

_hasher = PasswordHasher()
_unknown: list[str] = []


def _unknown_hash() -> str:
    """A hash no password matches, checked for a name that is no moderator's (made once)."""
    if not _unknown:
        _unknown.append(_hasher.hash(secrets.token_urlsafe(32)))
    return _unknown[0]


def _matches(stored: str, password: str) -> bool:
    """Whether ``password`` is the one ``stored`` hashes (an answer, never an exception:
    an exception raised in the event loop's thread pool is printed with its traceback)."""
    try:
        return bool(_hasher.verify(stored, password))
    except (VerificationError, InvalidHashError):
        return False


def check_name(name: Any) -> str:
    """``name`` if it is a valid moderator name, else :class:`WordyahtzeeError` ``usage``."""
    if not isinstance(name, str) or not NAME.fullmatch(name):
        raise WordyahtzeeError("a moderator's name is 2-32 lower-case letters, digits, - or "
                               "_, starting with a letter", "usage")
    return name


def check_password(password: str) -> str:
    """``password`` if it is strong enough (:data:`MIN_PASSWORD` characters or more, not
    only spaces), else :class:`WordyahtzeeError` ``weak_password``."""
    if len(password) < MIN_PASSWORD or not password.strip():
        raise WordyahtzeeError(f"a password has at least {MIN_PASSWORD} characters",
                               "weak_password")
    return password


def token_hash(token: str) -> str:
    """What the store keeps of a session token: its SHA-256, hex."""
    return hashlib.sha256(token.encode()).hexdigest()


def hidden_name(profile_id: str) -> str:
    """The neutral name a profile shows once a moderator hid its own: ``#`` and the start
    of its id (the same in every language, and different for different profiles)."""
    return "#" + profile_id[:6]


class Moderation:
    """Moderators, their sessions and their decisions on words and names, over a store."""

    def __init__(self, store: Store, clock: Callable[[], float] = time.time,
                 overlay: Overlay | None = None) -> None:
        self.store = store
        self.clock = clock
        self.overlay = overlay
        """The word decisions this process judges moves by, refreshed at each decision."""

    # -- moderators ------------------------------------------------------------------------

    def add(self, name: str, password: str) -> bool:
        """Add moderator ``name`` with ``password`` (or set its new password, ending its
        sessions); True when the moderator is new."""
        check_name(name)
        check_password(password)
        return self.store.put_moderator(name, run_blocking(_hasher.hash, password),
                                        self.clock())

    def remove(self, name: str) -> None:
        """Remove moderator ``name`` (and its sessions)."""
        if not self.store.remove_moderator(check_name(name)):
            raise WordyahtzeeError(f"no moderator {name!r}", "not_found")

    # -- logging in ------------------------------------------------------------------------

    def login(self, name: str, password: str, client: str = "") -> str:
        """A new session token for ``name`` when ``password`` is its password; else
        :class:`ServiceError` ``bad_login``, or ``rate_limited`` when a budget of checks is
        spent (right password or not).

        Each check of a password is reserved in the store before it is made, atomically
        for every process (:meth:`~wordyahtzee.store.moderators.ModeratorRecords.
        reserve_login`): a burst from many addresses at once gets the budgets, no more.
        The budgets (:data:`BUDGET`, per :data:`FAILURE_WINDOW`): :data:`PAIR_FAILURES`
        for the name from one address (``client``), :data:`ADDRESS_FAILURES` from that
        address, :data:`NAME_FAILURES` for the name from everywhere; past the name's, one
        check for an address that has not tried it in the window. So strangers lock out
        only their own addresses, and the moderator, from an address that has not failed,
        always gets a check of the right password. A right password gives its reservation
        back; a wrong one keeps it. A name that is no moderator's is treated the same way,
        answers the same and takes as long (a dummy hash is checked). A failed attempt is
        not a moderator's action: it goes into no log line of the moderators (the server's
        request log has its line)."""
        now = self.clock()
        attempt = self.store.reserve_login(name[:64], client[:64], now,
                                           now - FAILURE_WINDOW, BUDGET)
        if attempt is None:
            raise ServiceError("too many failed logins; wait a quarter of an hour",
                               "rate_limited")
        stored = self.store.moderator_hash(name) if NAME.fullmatch(name) else None
        # an unknown name costs the same time as a known one: no telling them apart;
        # ~0.25 s of Argon2 in a thread, while the event loop serves other requests
        right = run_blocking(_matches, stored or _unknown_hash(), password)
        if stored is None or not right:
            raise ServiceError("wrong name or password", "bad_login")
        self.store.release_login(attempt)
        if _hasher.check_needs_rehash(stored):
            self.store.set_moderator_hash(name, run_blocking(_hasher.hash, password))
        token = secrets.token_urlsafe(32)
        self.store.start_moderator_session(token_hash(token), name, now,
                                           now + ABSOLUTE_SECONDS)
        self.store.log_moderation(name, "login", name, "", now)
        return token

    def session(self, token: str | None) -> str | None:
        """The moderator whose live session ``token`` is (its use noted), or None: no such
        session, or it ended (idle over :data:`IDLE_SECONDS`, or past its absolute end)."""
        if not token:
            return None
        key = token_hash(token)
        found = self.store.moderator_session(key)
        if found is None:
            return None
        now = self.clock()
        if now >= found["expires_at"] or now - found["last_seen"] > IDLE_SECONDS:
            self.store.end_moderator_session(key)
            return None
        self.store.touch_moderator_session(key, now)
        return str(found["moderator"])

    def logout(self, token: str | None) -> None:
        """End the session ``token`` (nothing when there is none)."""
        if token:
            self.store.end_moderator_session(token_hash(token))

    # -- decisions -------------------------------------------------------------------------

    def decide_word(self, moderator: str, dictionary: Any, word: Any, verdict: Any,
                    reason: Any) -> dict[str, Any]:
        """Accept or refuse a word for a dictionary (the overlay), with a reason; this
        process's overlay at once, every other's within a tick."""
        from ..lexicon import find_dictionary

        if verdict not in VERDICTS:
            raise ServiceError("a verdict is accept or refuse", "bad_request")
        folded = fold(word) if isinstance(word, str) else ""
        if not is_plain_word(folded) or len(folded) > 40:
            raise ServiceError("a word is letters only", "bad_request")
        why = " ".join(str(reason or "").split())[:MAX_REASON]
        if not why:
            raise ServiceError("a decision says why (its reason)", "bad_request")
        if not isinstance(dictionary, str):
            raise ServiceError("name the dictionary", "bad_request")
        find_dictionary(dictionary)  # an unknown one: not_found
        self.store.decide_word(dictionary, folded, verdict, why, moderator, self.clock())
        if self.overlay is not None:
            self.overlay.refresh(self.store)
        return {"dictionary": dictionary, "word": folded, "verdict": verdict, "reason": why}

    def decide_dictionary(self, moderator: str, name: Any, decision: Any,
                          note: Any = "") -> None:
        """List an uploaded dictionary to everyone (``public``) or leave it to its owner
        and its link (``declined``), logged."""
        if decision not in ("public", "declined"):
            raise ServiceError("a decision is public or declined", "bad_request")
        from ..lexicon.registry import NAME_PATTERN

        why = " ".join(str(note or "").split())[:MAX_REASON]
        if not isinstance(name, str) or not NAME_PATTERN.fullmatch(name) or \
                not self.store.list_dictionary(name, decision, moderator, why, self.clock()):
            raise ServiceError("no such uploaded dictionary", "not_found")

    def hide_name(self, moderator: str, profile_id: Any, note: Any = "") -> str:
        """Show a profile's name as a neutral placeholder from now on; the placeholder."""
        if not isinstance(profile_id, str) or not profile_id:
            raise ServiceError("name the profile", "bad_request")
        placeholder = hidden_name(profile_id)
        why = " ".join(str(note or "").split())[:MAX_REASON]
        if not self.store.hide_profile_name(profile_id, placeholder, moderator, why,
                                            self.clock()):
            raise ServiceError(f"no profile {profile_id!r} with a name to hide", "not_found")
        return placeholder
