"""Seats of profiles, the lobby, ratings, Tips used and quick reactions in the store, on
both back ends: a seat's profile kept once, an open table's seats taken in turn and never
twice, the last seat starting it once, ratings written once per game, and what the lists
read."""

from __future__ import annotations

from wordyahtzee.store import Finish, Seat, Store


def _entry(lobby_id: str, seats: int = 2) -> dict[str, object]:
    return {"id": lobby_id, "mode": "classic", "rules": {"joker": "free"},
            "rules_key": '{"joker":"free"}', "pace": "slow", "idle_seconds": 86400.0,
            "seats": seats, "rated": True}


def test_an_open_tables_seats_are_taken_in_turn_and_never_twice(store: Store) -> None:
    for name in "abcd":
        store.create_profile(name, name.upper(), f"h{name}", 0.0)
    store.open_lobby(_entry("t1", 3), "a", 1.0)
    assert not store.join_lobby("t1", "a", 2.0)  # once per table
    assert store.join_lobby("t1", "b", 2.0) and store.join_lobby("t1", "c", 3.0)
    assert not store.join_lobby("t1", "d", 4.0)  # full
    entry = store.lobby_entry("t1")
    assert entry is not None and entry["pace"] == "slow" and entry["rated"] is True
    assert [(p["seat"], p["name"]) for p in entry["players"]] == [(0, "A"), (1, "B"), (2, "C")]
    assert [e["id"] for e in store.open_lobbies("classic")] == ["t1"]
    assert store.start_lobby("t1", "g1") and not store.start_lobby("t1", "g2")
    assert store.lobby_entry("t1")["game_id"] == "g1"  # type: ignore[index]
    assert store.open_lobbies() == []
    store.open_lobby(_entry("t2"), "d", 5.0)
    assert store.join_lobby("t2", "a", 6.0) and store.leave_lobby("t2", "a")
    assert store.leave_lobby("t2", "d") and store.lobby_entry("t2") is None  # closed


def test_seats_ratings_tips_and_reactions(store: Store) -> None:
    store.create_profile("p", "Anna", "hp", 0.0)
    store.create_profile("q", "Bram", "hq", 0.0)
    store.create_game("g", "classic", "online", {"rules": {"joker": "free"}},
                      [Seat(0, "Anna", "ta"), Seat(1, "Bram", "tb")])
    assert store.set_seat_profile("g", 0, "p") and not store.set_seat_profile("g", 0, "q")
    store.set_seat_profile("g", 1, "q")
    assert store.seat_profiles("g") == {0: "p", 1: "q"}
    store.mark_aided("g", 1)
    store.mark_aided("g", 1)
    assert store.aided_seats("g") == {1}
    assert [g["status"] for g in store.profile_games("p", "active")] == ["active"]
    store.append_events("g", 0, [{"type": "x"}],
                        Finish({"players": [{"name": "Anna", "total": 9}], "winners": []}, {}),
                        [("Anna", 9), ("Bram", 7)])
    games = store.profile_games("q", "finished")
    assert [(g["game_id"], g["seat"], g["aided"]) for g in games] == [("g", 1, True)]
    assert store.profile_games("p", "active") == []
    listed = store.high_scores("classic", "", '{"joker":"free"}', kind="online", aided=None)
    assert [(e.player, e.aided) for e in listed] == [("Anna", False), ("Bram", True)]
    unaided = store.high_scores("classic", "", '{"joker":"free"}', kind="online")
    assert [e.player for e in unaided] == ["Anna"]
    assert store.rate_game("g", "classic", {"p": (1600.0, 300.0, 0.06),
                                            "q": (1400.0, 300.0, 0.06)}, 10.0)
    assert not store.rate_game("g", "classic", {"p": (1.0, 1.0, 1.0)}, 11.0)  # once
    assert store.ratings(["p", "q", "x"], "classic") == {
        "p": {"rating": 1600.0, "rd": 300.0, "volatility": 0.06, "games": 1},
        "q": {"rating": 1400.0, "rd": 300.0, "volatility": 0.06, "games": 1}}
    store.create_game("h", "classic", "online", {"rules": {}}, [])
    assert store.rate_game("h", "classic", {"p": (1650.0, 250.0, 0.06)}, 12.0)
    assert store.profile_ratings("p")["classic"]["games"] == 2
    store.add_reaction("g", 0, "like", 100.0)
    store.add_reaction("g", 1, "wow", 101.0)
    store.add_reaction("h", 0, "oops", 102.0)
    assert [(r["seat"], r["emote"]) for r in store.reactions_since(["g"], 100.5)] == [
        (1, "wow")]
    store.add_reaction("g", 0, "luck", 5000.0)  # an hour on: the old ones are forgotten
    assert [r["emote"] for r in store.reactions_since(["g", "h"], 0.0)] == ["luck"]
    assert store.delete_profile("q") and store.seat_profiles("g") == {0: "p"}
    assert store.profile_ratings("q") == {}


def test_public_tables_and_a_profiles_games_and_no_daily_high_scores(store: Store) -> None:
    """What the lists read on both back ends: the public tables being played, with their
    players; the games of one profile; the high-score lists without daily games."""
    store.create_profile("p", "Anna", "hp", 0.0)
    store.create_profile("q", "Bram", "hq", 0.0)
    for game_id, kind in (("shown", "online"), ("kept", "online"), ("day", "daily")):
        store.create_game(game_id, "classic", kind, {"rules": {"joker": "free"},
                                                     "players": ["Anna", "Bram"]},
                          [Seat(0, "Anna", "ta"), Seat(1, "Bram", "tb")])
        store.set_seat_profile(game_id, 0, "p")
    store.open_lobby({**_entry("l1"), "public": True}, "p", 1.0)
    store.open_lobby(_entry("l2"), "p", 1.0)
    assert store.lobby_entry("l1")["public"] is True  # type: ignore[index]
    assert store.lobby_entry("l2")["public"] is False  # type: ignore[index]
    store.start_lobby("l1", "shown")
    store.start_lobby("l2", "kept")
    assert store.public_tables() == [{"game_id": "shown", "mode": "classic",
                                      "rules": {"joker": "free"}, "pace": "slow",
                                      "players": ["Anna", "Bram"]}]
    assert store.public_tables("woord") == []
    assert {g["id"] for g in store.list_games(profile="p")} == {"shown", "kept"}
    assert store.list_games(profile="q") == []
    store.append_events("day", 0, [{"type": "x"}],
                        Finish({"players": [{"name": "Anna", "total": 9}], "winners": []}, {}),
                        [("Anna", 9)])
    assert store.high_scores("classic", "", '{"joker":"free"}', kind=None, aided=None) == []
    assert store.high_score_lists("classic") == []
    store.append_events("shown", 0, [{"type": "x"}],
                        Finish({"players": [{"name": "Anna", "total": 9}], "winners": []}, {}))
    assert store.public_tables() == []  # over: nothing to watch
