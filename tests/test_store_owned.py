"""What players own, in the store, on both backends: own dice sets capped per owner even
when many are made at once by two stores on one database (two servers), listed by owner,
deleted only by their owner; uploaded dictionaries noted per owner, capped, decided by a
moderator (logged); a deleted profile's boxes go, its uploads stay owned by nobody."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from wordyahtzee.store import Store, open_store
from wordyahtzee.store.owned import browser_owner
from wordyahtzee.store.players import profile_owner

from .support.pg import BACKENDS

BOX = {"name": "x", "language": "nl", "dice": [[["a", 1]]]}


@pytest.fixture(params=BACKENDS)
def where(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return str(tmp_path / "owned.sqlite3")
    return str(request.getfixturevalue("postgres_url"))


@pytest.fixture
def stores(where: str) -> Iterator[tuple[Store, Store]]:
    """Two stores on one database, as two server processes have."""
    first, second = open_store(where), open_store(where)
    yield first, second
    first.close()
    second.close()


def test_thirty_boxes_at_once_from_two_servers_keep_the_cap(
        stores: tuple[Store, Store]) -> None:
    owner, cap = browser_owner("a" * 32), 7
    barrier = threading.Barrier(30)
    made: list[bool] = []

    def make(i: int) -> None:
        barrier.wait()
        made.append(stores[i % 2].add_dice_set(f"box-{i}", owner, "Doos", BOX, float(i), cap))

    threads = [threading.Thread(target=make, args=(i,)) for i in range(30)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert made.count(True) == cap and len(made) == 30
    assert len(stores[0].dice_sets_of([owner])) == cap
    # another owner is not held back by this one's cap
    assert stores[1].add_dice_set("box-other", profile_owner("p1"), "Doos", BOX, 1.0, cap)


def test_boxes_are_listed_to_their_owners_and_deleted_only_by_them(
        stores: tuple[Store, Store]) -> None:
    store = stores[0]
    anna, bram = profile_owner("anna"), browser_owner("b" * 32)
    assert store.add_dice_set("box-a", anna, "Annas doos", BOX, 1.0, 5)
    assert store.add_dice_set("box-b", bram, "Brams doos", BOX, 2.0, 5)
    assert [b["id"] for b in store.dice_sets_of([anna])] == ["box-a"]
    assert [b["id"] for b in store.dice_sets_of([anna, bram])] == ["box-a", "box-b"]
    assert store.dice_sets_of([]) == [] and store.dice_sets_of([""]) == []
    row = store.dice_set_row("box-b")
    assert row is not None and row["title"] == "Brams doos" and row["dice"] == BOX
    assert not store.delete_dice_set("box-b", [anna])   # not hers
    assert not store.delete_dice_set("box-b", [])
    assert store.delete_dice_set("box-b", [bram])
    assert store.dice_set_row("box-b") is None
    # a box kept before owners: owned by nobody, read by its link, listed to nobody
    assert store.import_dice_set("onze-doos", "Onze doos", BOX, 3.0)
    assert not store.import_dice_set("onze-doos", "Onze doos", BOX, 4.0)
    assert stores[1].dice_set_row("onze-doos") is not None
    assert not store.delete_dice_set("onze-doos", [""])


def test_uploads_are_noted_per_owner_and_listed_by_a_moderator(
        stores: tuple[Store, Store]) -> None:
    store = stores[0]
    owner = browser_owner("c" * 32)
    assert store.reserve_dictionary("u-1", owner, "Lijst", "asked", 1.0, 2)
    assert not store.reserve_dictionary("u-1", owner, "Lijst", "asked", 1.0, 9)  # taken
    assert store.reserve_dictionary("u-2", owner, "Lijst 2", "private", 2.0, 2)
    assert not store.reserve_dictionary("u-3", owner, "Lijst 3", "private", 3.0, 2)  # cap
    store.forget_dictionary("u-2")  # its build failed: room for another
    assert store.reserve_dictionary("u-3", owner, "Lijst 3", "private", 3.0, 2)
    notes = stores[1].owned_dictionaries()
    assert {n: v["listing"] for n, v in notes.items()} == {"u-1": "asked", "u-3": "private"}
    assert store.list_dictionary("u-1", "public", "mod", "netjes", 5.0)
    assert not store.list_dictionary("u-9", "public", "mod", "", 6.0)
    assert store.owned_dictionaries()["u-1"]["listing"] == "public"
    log = store.moderation_log(10)
    assert [(line["action"], line["subject"]) for line in log] == [("dictionary public", "u-1")]
    assert store.import_dictionary("oude-lijst", "Oud", 7.0)
    assert store.owned_dictionaries()["oude-lijst"] == {
        "name": "oude-lijst", "owner": "", "title": "Oud", "listing": "asked", "created_at": 7.0}


def test_a_deleted_profile_takes_its_boxes_and_leaves_its_uploads_to_nobody(
        stores: tuple[Store, Store]) -> None:
    store: Any = stores[0]
    store.create_profile("p9", "Anna", "hash", 1.0)
    assert store.add_dice_set("box-p9", profile_owner("p9"), "Doos", BOX, 1.0, 5)
    assert store.reserve_dictionary("u-p9", profile_owner("p9"), "Lijst", "private", 1.0, 5)
    assert store.delete_profile("p9")
    assert store.dice_set_row("box-p9") is None
    assert store.owned_dictionaries()["u-p9"]["owner"] == ""
