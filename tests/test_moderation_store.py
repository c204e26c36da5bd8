"""Moderators in the store, on both back ends: the moderators and their sessions (hashes
only), the login's budgets (reserved before the check, at once from many threads too),
the word decisions of the overlay with the mark that changes with each, and a hidden
profile name everywhere the store keeps names."""

from __future__ import annotations

import json
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from wordyahtzee.errors import ServiceError, WordyahtzeeError
from wordyahtzee.lexicon import load_lexicon
from wordyahtzee.lexicon.overlay import Overlay
from wordyahtzee.moderation import (
    ABSOLUTE_SECONDS,
    ADDRESS_FAILURES,
    BUDGET,
    IDLE_SECONDS,
    NAME_FAILURES,
    PAIR_FAILURES,
    Moderation,
    hidden_name,
    token_hash,
)
from wordyahtzee.store import Seat

from .support.clock import Clock
from .support.moderation import PASSWORD


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


def attempt(moderation: Moderation, name: str, password: str, client: str) -> str:
    """One login: ``ok``, or the error's code."""
    try:
        moderation.login(name, password, client=client)
    except ServiceError as exc:
        return exc.code
    return "ok"


@pytest.mark.slow  # some 30 checks of a password
def test_strangers_lock_out_their_own_addresses_never_the_moderator(
        store: Any, moderation: Moderation, clock: Clock) -> None:
    """Failures lock the name for the addresses that failed (per name and address); past
    the name's budget, an address that has not tried the name gets one check; the
    moderator, from a clean address, logs in. A name that is no moderator's answers the
    same. Failures are no moderator's lines in the log."""
    moderation.add("alice", PASSWORD)
    for name in ("alice", "zed"):  # zed: no such moderator
        wrong = "wrong password!"
        seen = [attempt(moderation, name, wrong, "198.51.100.1")
                for _ in range(PAIR_FAILURES + 1)]
        assert seen == ["bad_login"] * PAIR_FAILURES + ["rate_limited"]
        assert attempt(moderation, name, PASSWORD, "198.51.100.1") == "rate_limited"
        more = NAME_FAILURES - PAIR_FAILURES  # the rest of the name's budget, elsewhere
        seen = [attempt(moderation, name, wrong, f"198.51.100.{2 + i}") for i in range(more)]
        assert seen == ["bad_login"] * more
        # the budget is spent: slowed, not locked: one check for an untried address
        assert attempt(moderation, name, wrong, "198.51.100.40") == "bad_login"
        assert attempt(moderation, name, wrong, "198.51.100.40") == "rate_limited"
        assert attempt(moderation, name, PASSWORD, "198.51.100.40") == "rate_limited"
        assert attempt(moderation, name, wrong, "198.51.100.2") == "rate_limited"
        assert attempt(moderation, name, PASSWORD, "192.0.2.7") == (
            "ok" if name == "alice" else "bad_login")
    clock.now += 15 * 60 + 1
    assert attempt(moderation, "alice", PASSWORD, "198.51.100.1") == "ok"
    actions = [line["action"] for line in store.moderation_log()]
    assert actions == ["login", "login"]


def test_a_right_password_gives_its_check_back(store: Any, moderation: Moderation) -> None:
    moderation.add("alice", PASSWORD)
    for _ in range(PAIR_FAILURES + 1):  # more than a budget
        assert attempt(moderation, "alice", PASSWORD, "198.51.100.1") == "ok"
    assert attempt(moderation, "alice", "wrong password!", "198.51.100.1") == "bad_login"


@pytest.mark.parametrize("same_name", [True, False])
def test_checks_reserved_at_once_never_pass_a_budget(store: Any, same_name: bool) -> None:
    """Reservations from 8 threads at once (PostgreSQL: on 8 connections), 60 in all:
    one name from 6 addresses, or one address typing 60 names. No budget is passed."""
    start = threading.Barrier(8)
    names = [f"n{i}" for i in range(60)]

    def reserve(worker: int) -> list[tuple[str, str, bool]]:
        start.wait()
        made = []
        for i in range(worker, 60, 8):
            name = "alice" if same_name else names[i]
            address = f"198.51.100.{i % 6}" if same_name else "203.0.113.9"
            made.append((name, address, store.reserve_login(
                name, address, 1000.0 + i / 1000, 0.0, BUDGET) is not None))
        return made

    with ThreadPoolExecutor(8) as pool:
        results = [r for rs in pool.map(reserve, range(8)) for r in rs]
    granted = [(name, address) for name, address, ok in results if ok]
    if same_name:
        # the name's budget, and past it one for each address that had not tried it
        assert NAME_FAILURES <= len(granted) <= NAME_FAILURES + 6, granted
        for address in {a for _, a in granted}:
            assert sum(1 for _, a in granted if a == address) <= PAIR_FAILURES
    else:
        assert len(granted) == ADDRESS_FAILURES


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
    assert store.check_daily("g1", "clear", {}) and store.measure_daily("g1", 6.0)
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
    """Checks per client address are reserved in the store, so every process and worker
    refuses the address's next try together, right password or not; another address logs
    in."""
    moderation.add("alice", PASSWORD)
    for n in range(ADDRESS_FAILURES):
        assert attempt(moderation, f"name{n}", "wrong password!", "203.0.113.9") == "bad_login"
    assert attempt(moderation, "alice", PASSWORD, "203.0.113.9") == "rate_limited"
    assert attempt(moderation, "alice", PASSWORD, "198.51.100.7") == "ok"
    clock.now += 15 * 60 + 1
    assert attempt(moderation, "alice", PASSWORD, "203.0.113.9") == "ok"
