"""Moderators in the store, on both back ends: the moderators and their sessions (hashes
only), failed logins, the word decisions of the overlay with the mark that changes with
each, and a hidden profile name everywhere the store keeps names."""

from __future__ import annotations

import json
from typing import Any

import pytest

from wordyahtzee.errors import ServiceError, WordyahtzeeError
from wordyahtzee.lexicon import load_lexicon
from wordyahtzee.lexicon.overlay import Overlay
from wordyahtzee.moderation import (
    ABSOLUTE_SECONDS,
    ADDRESS_FAILURES,
    IDLE_SECONDS,
    NAME_FAILURES,
    Moderation,
    hidden_name,
    token_hash,
)
from wordyahtzee.store import Seat

PASSWORD = "correct horse battery"


class Clock:
    """A clock the test moves."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def moderation(store: Any, clock: Clock) -> Moderation:
    return Moderation(store, clock)


def test_moderators_are_added_listed_and_removed(store: Any, moderation: Moderation) -> None:
    assert moderation.add("alice", PASSWORD)
    assert not moderation.add("alice", PASSWORD + "!")  # a new password, not a new one
    assert moderation.add("bob", PASSWORD)
    assert [m["name"] for m in store.moderators()] == ["alice", "bob"]
    stored = store.moderator_hash("alice")
    assert stored.startswith("$argon2id$") and PASSWORD not in stored
    moderation.remove("bob")
    assert [m["name"] for m in store.moderators()] == ["alice"]
    with pytest.raises(WordyahtzeeError) as refused:
        moderation.remove("bob")
    assert refused.value.code == "not_found"
    for name, password in (("Alice", PASSWORD), ("a", PASSWORD), ("carol", "short")):
        with pytest.raises(WordyahtzeeError):
            moderation.add(name, password)
    assert [m["name"] for m in store.moderators()] == ["alice"]


def test_a_session_lives_an_idle_hour_and_twelve_hours_at_most(
        store: Any, moderation: Moderation, clock: Clock) -> None:
    moderation.add("alice", PASSWORD)
    token = moderation.login("alice", PASSWORD)
    assert store.moderator_session(token) is None  # only the hash is kept
    assert store.moderator_session(token_hash(token))["moderator"] == "alice"
    assert moderation.session(token) == "alice"
    clock.now += IDLE_SECONDS - 1
    assert moderation.session(token) == "alice"  # used: the idle hour starts again
    clock.now += IDLE_SECONDS + 1
    assert moderation.session(token) is None  # idle too long
    token = moderation.login("alice", PASSWORD)
    for _ in range(int(ABSOLUTE_SECONDS // (IDLE_SECONDS / 2)) - 1):
        clock.now += IDLE_SECONDS / 2
        assert moderation.session(token) == "alice"
    clock.now += IDLE_SECONDS / 2
    assert moderation.session(token) is None  # twelve hours after the login
    token = moderation.login("alice", PASSWORD)
    moderation.logout(token)
    assert moderation.session(token) is None
    token = moderation.login("alice", PASSWORD)
    moderation.add("alice", PASSWORD + "?")  # a new password ends the sessions
    assert moderation.session(token) is None


def test_failed_logins_lock_the_name_from_any_address(
        store: Any, moderation: Moderation, clock: Clock) -> None:
    moderation.add("alice", PASSWORD)
    for _ in range(NAME_FAILURES):
        with pytest.raises(ServiceError) as failed:
            moderation.login("alice", "wrong password!")
        assert failed.value.code == "bad_login"
    with pytest.raises(ServiceError) as locked:
        moderation.login("alice", PASSWORD)
    assert locked.value.code == "rate_limited"
    clock.now += 15 * 60 + 1
    assert moderation.session(moderation.login("alice", PASSWORD)) == "alice"
    actions = [line["action"] for line in store.moderation_log()]
    assert actions.count("login failed") == NAME_FAILURES and actions[0] == "login"


def test_word_decisions_are_the_overlay_one_verdict_a_word(
        store: Any, clock: Clock) -> None:
    nl = load_lexicon("nl")
    overlay = Overlay()
    moderation = Moderation(store, clock, overlay)
    assert nl.is_valid("huis", overlay) and not nl.is_valid("blurp", overlay)
    empty = store.word_decisions_mark()
    moderation.decide_word("alice", "nl", "Blurp", "accept", "in every conversation")
    clock.now += 1
    moderation.decide_word("alice", "nl", "huis", "refuse", "a test")
    assert (nl.is_valid("blurp", overlay) and nl.is_valid("BLURP", overlay)
            and not nl.is_valid("huis", overlay))
    assert not nl.is_valid("blurp") and nl.is_valid("huis")  # the dictionary alone
    clock.now += 1
    moderation.decide_word("bob", "nl", "huis", "accept", "it is a word after all")
    assert nl.is_valid("huis", overlay)
    assert [(d["word"], d["verdict"], d["moderator"]) for d in store.word_decisions("nl")] == [
        ("blurp", "accept", "alice"), ("huis", "accept", "bob")]
    assert store.word_decisions("en") == []
    assert store.word_decisions_mark() != empty
    other = Overlay()  # another process (or app) that has not loaded them yet
    assert not nl.is_valid("blurp", other)
    assert other.refresh(store) and nl.is_valid("blurp", other)
    assert not other.refresh(store)  # nothing newer: one query, no reload
    for bad in (("nl", "two words", "accept", "x"), ("nl", "kat", "maybe", "x"),
                ("nl", "kat", "refuse", "  "), ("no-such-dict", "kat", "refuse", "x")):
        with pytest.raises(WordyahtzeeError):
            moderation.decide_word("alice", *bad)
    assert [(e["action"], e["subject"]) for e in store.moderation_log()] == [
        ("word accept", "nl:huis"), ("word refuse", "nl:huis"), ("word accept", "nl:blurp")]


def test_a_hidden_name_shows_as_its_placeholder(store: Any, moderation: Moderation) -> None:
    day = "2026-11-28"
    store.create_profile("p1", "Rotzak", "hash-1", 1.0)
    assert store.start_daily(day, "classic", "p1", "g1", 1.0)
    store._change([("UPDATE daily_entries SET score = 200, finished_at = 2.0 WHERE "
                    "game_id = 'g1'", ())])
    assert store.check_daily("g1", "clear", {})
    assert [e["name"] for e in store.daily_board(day, "classic")] == ["Rotzak"]
    assert [p["id"] for p in store.profiles_named("rotz")] == ["p1"]
    # a table where it sits as "Rotzak 2", beside Anna, who claimed the word "rotzak"
    store.create_game("t1", "woord", "online", {"rules": {}, "players": ["Anna", "Rotzak 2"]},
                      [Seat(0, "Anna", "a"), Seat(1, "Rotzak 2", "b")])
    assert store.set_seat_profile("t1", 1, "p1")
    store._change([("UPDATE games SET record = ? WHERE id = 't1'", (json.dumps(
        {"players": ["Anna", "Rotzak 2"], "turns": [{"words": ["Rotzak 2"]}]}),))])
    placeholder = moderation.hide_name("alice", "p1", "abusive")
    assert placeholder == hidden_name("p1") and "Rotzak" not in placeholder
    assert [e["name"] for e in store.daily_board(day, "classic")] == [placeholder]
    assert store.profile_by_secret("hash-1")["name"] == placeholder
    assert not store.rename_profile("p1", "Rotzak2")  # the placeholder stays
    stored = store.load_game("t1")
    assert stored.setup["players"] == ["Anna", placeholder]
    assert [s.name for s in stored.seats] == ["Anna", placeholder]
    record = store._rows("SELECT record FROM games WHERE id = 't1'")[0]["record"]
    record = json.loads(record) if isinstance(record, str) else record
    assert record == {"players": ["Anna", placeholder], "turns": [{"words": ["Rotzak 2"]}]}
    assert [p["hidden_name"] for p in store.profiles_named("rotz")] == ["Rotzak"]
    with pytest.raises(ServiceError):
        moderation.hide_name("alice", "p1")  # hidden already
    line = store.moderation_log()[0]
    assert (line["action"], line["subject"]) == ("name hidden", "p1")
    assert "Rotzak" in line["note"]


def test_a_hash_with_older_parameters_is_renewed_at_login(
        store: Any, moderation: Moderation) -> None:
    from argon2 import PasswordHasher

    old = PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1).hash(PASSWORD)
    store.put_moderator("alice", old, 1.0)
    assert PasswordHasher().check_needs_rehash(old)
    moderation.login("alice", PASSWORD)
    renewed = store.moderator_hash("alice")
    assert renewed != old and not PasswordHasher().check_needs_rehash(renewed)
    assert moderation.session(moderation.login("alice", PASSWORD)) == "alice"


def test_failed_logins_lock_the_address_whatever_the_name(
        store: Any, moderation: Moderation, clock: Clock) -> None:
    """Failures per client address are counted in the store, so every process and worker
    refuses the sixth try together, right password or not; another address logs in."""
    moderation.add("alice", PASSWORD)
    for name in ("alice", "bob", "carol", "dave", "erin")[:ADDRESS_FAILURES]:
        with pytest.raises(ServiceError) as failed:
            moderation.login(name, "wrong password!", client="203.0.113.9")
        assert failed.value.code == "bad_login"
    with pytest.raises(ServiceError) as locked:
        moderation.login("alice", PASSWORD, client="203.0.113.9")
    assert locked.value.code == "rate_limited"
    assert moderation.session(moderation.login("alice", PASSWORD, client="198.51.100.7"))
    clock.now += 15 * 60 + 1
    assert moderation.session(moderation.login("alice", PASSWORD, client="203.0.113.9"))
