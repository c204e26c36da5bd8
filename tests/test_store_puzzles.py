"""The puzzle records on both backends: puzzles kept once, the games mined marked, the
next puzzle by rating and theme, a rated answer written once per profile even when answers
race, the history, and the puzzle of the day chosen once."""

from __future__ import annotations

import threading
from typing import Any

from wordyahtzee.puzzles.rating import START, rate_answer
from wordyahtzee.store import Store


def _puzzle(n: int, themes: list[str], day: str | None = None) -> dict[str, Any]:
    return {"id": f"p{n}", "mode": "classic", "rules_key": "{}", "source": f"g{n}",
            "day": day, "themes": themes, "data": {"id": f"p{n}", "n": n}}


def test_puzzles_are_kept_once_and_drawn_by_rating_and_theme(store: Store) -> None:
    assert store.put_puzzles("g1", [_puzzle(1, ["bonus", "keep"]), _puzzle(2, ["box"])],
                             10.0, START) == 2
    assert store.put_puzzles("g1", [_puzzle(1, ["bonus", "keep"])], 11.0, START) == 0
    assert store.put_puzzles("g3", [_puzzle(3, ["keep"], day="2026-11-28")], 12.0, START) == 1
    assert store.puzzle_count("classic") == 3 and store.puzzle_count("woord") == 0
    assert store.puzzle("p1")["data"] == {"id": "p1", "n": 1}
    assert store.puzzle("nope") is None
    # a daily game's puzzle only once its day is closed
    assert store.puzzle_themes("classic", "2026-11-28") == {"bonus": 1, "keep": 1, "box": 1}
    assert store.puzzle_themes("classic", "2026-11-29")["keep"] == 2
    assert store.next_puzzle("classic", "2026-11-28", 1500.0, "box")["id"] == "p2"
    assert store.next_puzzle("classic", "2026-11-28", 1500.0, "keep")["id"] == "p1"
    assert store.next_puzzle("classic", "2026-11-28", 1500.0, "keep", skip=["p1"]) is None
    assert store.next_puzzle("classic", "2026-11-29", 1500.0, "keep", skip=["p1"])["id"] == "p3"
    assert store.next_puzzle("classic", "2026-11-28", 1500.0, "bo") is None  # whole themes


def test_a_rated_answer_is_written_once_even_when_answers_race(store: Store) -> None:
    store.put_puzzles("g1", [_puzzle(1, ["keep"])], 10.0, START)
    store.create_profile("anna", "Anna", "hash-a", 1.0)
    row = store.puzzle("p1")
    mine, its = rate_answer(START, (row["rating"], row["rd"], row["vol"]), False)
    results: list[bool] = []

    def answer() -> None:
        results.append(store.rate_answer("anna", row, {"kind": "box", "box": "ones"}, 3.5,
                                         False, START, mine, its, 20.0))

    threads = [threading.Thread(target=answer) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(results) == [False, False, False, True]
    after = store.puzzle("p1")
    assert after["plays"] == 1 and after["solved"] == 0 and after["rating"] > 1500
    assert store.puzzle_rating("anna", "classic")["attempts"] == 1
    assert store.puzzle_ratings("anna")["classic"]["rating"] < 1500
    earlier = store.answered("anna", "p1")
    assert earlier["choice"] == {"kind": "box", "box": "ones"} and not earlier["solved"]
    assert [h["puzzle_id"] for h in store.puzzle_history("anna")] == ["p1"]
    # a stale read of the puzzle (another profile answered since) writes nothing
    store.create_profile("bram", "Bram", "hash-b", 1.0)
    assert not store.rate_answer("bram", row, {"kind": "keep", "dice": []}, 0.0, True, START,
                                 mine, its, 21.0)
    assert store.answered("bram", "p1") is None and store.puzzle_rating("bram", "classic") is None


def test_the_puzzle_of_the_day_is_chosen_once(store: Store) -> None:
    assert store.daily_puzzle("2026-11-28", "classic", 100.0) is None
    store.put_puzzles("g1", [_puzzle(n, ["keep"]) for n in range(1, 6)], 10.0, START)
    store.put_puzzles("g9", [_puzzle(9, ["keep"])], 200.0, START)  # kept after the day began
    first = store.daily_puzzle("2026-11-28", "classic", 100.0)
    assert first is not None and first["id"] != "p9"
    assert all(store.daily_puzzle("2026-11-28", "classic", 100.0)["id"] == first["id"]
               for _ in range(3))
    days = {store.daily_puzzle(f"2026-12-{d:02d}", "classic", 300.0)["id"] for d in range(1, 11)}
    assert len(days) > 1  # another day, most likely another puzzle


def test_unmined_games_leave_out_open_daily_games(store: Store) -> None:
    assert store.unmined_games(("classic", "woord"), "2026-11-28") == []
