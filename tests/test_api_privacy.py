"""Who sees what: today's daily game only by its player until the day is over (every route
that takes a game id, the pages, the lists), each browser's own tables on the start page
and in ``GET /api/games``, the public tables the lobby lists for watching, and the limit on
new profiles per address."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from wordyahtzee import daily

from .support.app import assert_error, make_app, player, seat
from .support.clock import Clock
from .support.daily import play_classic, start
from .support.pages import score_histories

pytestmark = pytest.mark.app_config(TICK_SECONDS=None)  # no background ticker

HIDDEN_NL = "Het spel van de dag is tot de dag voorbij is alleen voor de speler zelf te zien"


class Day:
    """One app with today's daily games of one player: Anna's finished classic game and
    her Woord Yahtzee game in play (a throw made)."""

    def __init__(self, path: Path) -> None:
        self.clock = Clock()
        self.app = make_app(path, self.clock, TICK_SECONDS=None)
        self.anna = player(self.app, "Anna")
        self.finished = start(self.anna)
        self.thrown = play_classic(self.anna, self.finished, [0, 1])
        # her result as the fair-play check leaves it, on the board (the check itself,
        # which loads the strategy table, is tested in tests/test_fair_play.py)
        store = self.app.extensions["wordyahtzee.store"]
        store.check_daily(self.finished["game_id"], "clear", {})
        store.measure_daily(self.finished["game_id"], 12.5)
        self.playing = start(self.anna, "woord")
        r = self.anna.post(f"/api/games/{self.playing['game_id']}/act/throw", json={},
                           headers=seat(self.playing["token"]))
        assert r.status_code == 200
        self.faces = r.json["faces"]
        self.bram = player(self.app, "Bram")  # another profile: a stranger to her games

    def games(self) -> list[dict[str, Any]]:
        return [self.finished, self.playing]


@pytest.fixture(scope="module")
def day(tmp_path_factory: pytest.TempPathFactory) -> Day:
    return Day(Path(tmp_path_factory.mktemp("privacy")) / "day.sqlite3")


# Every route that takes a game id (what it sends: None for a GET).
ROUTES: list[tuple[str, str, dict[str, Any] | None]] = [
    ("GET", "/api/games/{gid}", None),
    ("GET", "/api/games/{gid}/events", None),
    ("GET", "/api/games/{gid}/review", None),
    ("GET", "/api/games/{gid}/record", None),
    ("GET", "/api/games/{gid}/hint", None),
    ("GET", "/api/games/{gid}/invites", None),
    ("POST", "/api/games/{gid}/preview", {"words": ["en"]}),
    ("POST", "/api/games/{gid}/react", {"emote": "like"}),
    ("POST", "/api/games/{gid}/rematch", {}),
    ("POST", "/api/games/{gid}/act/throw", {"seq": 999}),
    ("POST", "/api/games/{gid}/act/claim", {"box": "chance", "seq": 999}),
    ("POST", "/api/games/{gid}/act/throw", {"seq": 999}),
    ("POST", "/api/games/{gid}/seats/0/return", {}),
    ("POST", "/api/games/{gid}/seats/0/skip", {}),
]
PAGES = ["/games/{gid}", "/games/{gid}/review"]


def _strangers(day: Day) -> dict[str, Any]:
    return {"nobody": day.app.test_client(), "another profile": day.bram}


def _send(client: Any, method: str, path: str, body: dict[str, Any] | None,
          headers: dict[str, str] | None = None) -> Any:
    if method == "GET":
        return client.get(path, headers=headers or {})
    return client.post(path, json=body, headers=headers or {})


@pytest.mark.parametrize("who", ["nobody", "another profile"])
@pytest.mark.parametrize(("method", "path", "body"), ROUTES,
                         ids=[f"{m} {p.split('{gid}')[1] or '/'}" for m, p, _ in ROUTES])
def test_a_stranger_gets_nothing_of_todays_daily_game(day: Day, who: str, method: str,
                                                     path: str, body: Any) -> None:
    client = _strangers(day)[who]
    for game in day.games():
        r = _send(client, method, path.format(gid=game["game_id"]), body,
                  seat("not-her-token"))
        assert_error(r, 403, "daily_hidden")
        text = r.get_data(as_text=True)
        assert "dice" not in text and "faces" not in text and "state" not in r.json
        assert "Anna" not in text  # nor whose game it is
        assert "01:00" in r.json["error"]["message"]


@pytest.mark.parametrize("who", ["nobody", "another profile"])
@pytest.mark.parametrize("page", PAGES)
def test_a_stranger_gets_a_page_that_says_why(day: Day, who: str, page: str) -> None:
    client = _strangers(day)[who]
    for game in day.games():
        r = client.get(page.format(gid=game["game_id"]))
        assert r.status_code == 403 and r.mimetype == "text/html"
        text = r.get_data(as_text=True)
        assert HIDDEN_NL in text
        assert "Anna" not in text and day.faces not in text  # nothing of the game
    r = client.get(PAGES[0].format(gid=day.finished["game_id"]), headers={
        "Accept-Language": "de"})
    assert "Das Spiel des Tages" in r.get_data(as_text=True)


def test_the_player_is_served_by_token_and_by_profile(day: Day) -> None:
    gid, token = day.playing["game_id"], day.playing["token"]
    anonymous = day.app.test_client()  # her token, without her cookie
    state = anonymous.get(f"/api/games/{gid}", headers=seat(token)).json
    assert state["you"] == [0] and state["turn"]["faces"] == day.faces
    stream = anonymous.get(f"/api/games/{gid}/events?token={token}").get_data(as_text=True)
    assert "event: state" in stream
    assert anonymous.post(f"/api/games/{gid}/preview", json={"words": ["en"]},
                          headers=seat(token)).status_code == 200
    assert anonymous.get(f"/api/games/{gid}/record", headers=seat(token)).status_code == 200
    # her profile on any device, without the token: the state, the stream, the pages
    secret = day.anna.get("/api/profile").json["link"].rsplit("/", 1)[1]
    phone = day.app.test_client()
    assert phone.post("/api/profile/carry", json={"secret": secret}).status_code == 200
    for client in (day.anna, phone):
        state = client.get(f"/api/games/{gid}").json
        assert state["you"] == [] and state["turn"]["faces"] == day.faces
        assert "event: state" in client.get(f"/api/games/{gid}/events").get_data(as_text=True)
        assert client.get(f"/games/{gid}").status_code == 200
        done = day.finished["game_id"]
        assert client.get(f"/api/games/{done}/record").json["result"]
        assert client.get(f"/games/{done}/review").status_code == 200
        assert client.get(f"/api/games/{done}/review").status_code in (200, 202)
        assert_error(client.get(f"/api/games/{gid}/hint", headers=seat(token)), 403,
                     "no_hints_here")
        you = client.get("/api/daily/woord").json["you"]
        assert you["game_id"] == gid and you["token"] == token  # resume on this device


def test_the_daily_state_says_when_others_may_watch(day: Day) -> None:
    state = day.anna.get(f"/api/games/{day.finished['game_id']}").json
    closes = daily.closes_at(daily.parse_day(day.finished["day"]))
    assert state["daily_closes_at"] == closes > state["server_time"]
    solo = day.anna.post("/api/games", json={"mode": "classic", "kind": "solo",
                                             "players": ["Anna"]}).json
    assert solo["state"]["daily_closes_at"] is None


def test_todays_daily_game_is_in_no_list(day: Day) -> None:
    ids = {game["game_id"] for game in day.games()}
    for client in (day.anna, day.bram, day.app.test_client()):
        for status in ("", "?status=active", "?status=finished"):
            listed = client.get(f"/api/games{status}").json["games"]
            assert not ids & {g["id"] for g in listed}
        for kind in ("solo", "hotseat", "online", "all"):
            for aided in ("no", "all"):
                lists = client.get(f"/api/highscores?kind={kind}&aided={aided}").json["lists"]
                text = str(lists)
                assert not any(gid in text for gid in ids), (kind, aided)
                # a list of the daily game's rules exists only through the daily games
                assert all(item["entries"] == [] or item["mode"] != "classic"
                           for item in lists), (kind, aided)
            one = client.get("/api/highscores", query_string={
                "mode": "classic", "rules": '{"joker": "free"}', "kind": kind,
                "aided": "all"}).json["lists"]
            assert one[0]["entries"] == []
        page = client.get("/highscores").get_data(as_text=True)
        assert not any(gid in page for gid in ids)
        assert not any(gid in client.get("/").get_data(as_text=True) for gid in ids)
    board = day.bram.get("/api/daily/classic").json
    assert board["board"][0]["name"] == "Anna" and board["board"][0]["game_id"] is None


def test_after_the_day_anyone_with_the_link_may_watch_and_review(tmp_path: Path) -> None:
    later = Day(tmp_path / "later.sqlite3")
    later.clock.now = daily.closes_at(daily.parse_day(later.finished["day"]))
    stranger = later.app.test_client()
    for game in later.games():
        gid = game["game_id"]
        state = stranger.get(f"/api/games/{gid}").json
        assert state["id"] == gid and state["you"] == []
        for path in (f"/api/games/{gid}/events", f"/api/games/{gid}/record", f"/games/{gid}",
                     f"/games/{gid}/review"):
            assert stranger.get(path).status_code == 200, path
        assert stranger.get(f"/api/games/{gid}/review").status_code in (200, 202)
        # watching is not playing
        assert_error(stranger.post(f"/api/games/{gid}/act/throw", json={}), 409, "daily_closed")
    board = stranger.get(f"/api/daily/classic?date={later.finished['day']}").json
    assert board["board"][0]["game_id"] == later.finished["game_id"]
    assert later.thrown  # the dice she threw are everyone's to check now


# -- each browser's own tables --------------------------------------------------------------

def _game(client: Any, kind: str, players: list[str]) -> dict[str, Any]:
    r = client.post("/api/games", json={"mode": "classic", "kind": kind, "players": players})
    assert r.status_code == 201, r.json
    return dict(r.json)


def test_a_browser_lists_only_its_own_tables(app: Any) -> None:
    anna, bram = player(app, "Anna"), player(app, "Bram")
    stranger = app.test_client()
    mine = _game(anna, "solo", ["Annemarie"])
    pad = _game(anna, "pad", ["Annemarie", "Opa Kees"])
    theirs = _game(bram, "online", ["Brammetje", "Cees"])
    nobodys = _game(stranger, "solo", ["Dirkjan"])
    listed = {g["id"] for g in anna.get("/api/games").json["games"]}
    assert listed == {mine["id"], pad["id"]}
    assert {g["id"] for g in bram.get("/api/games").json["games"]} == {theirs["id"]}
    assert stranger.get("/api/games").json == {"games": [], "next": None}
    page = anna.get("/").get_data(as_text=True)
    assert "Annemarie" in page and "Opa Kees" in page
    assert "Brammetje" not in page and "Dirkjan" not in page and "Cees" not in page
    for client in (stranger, app.test_client()):
        page = client.get("/").get_data(as_text=True)
        assert not any(name in page for name in ("Annemarie", "Brammetje", "Dirkjan"))
    # a seat taken through its invite link becomes the profile's table once it acts
    cees = player(app, "Cees")
    token = theirs["links"][1]["token"]
    r = bram.post(f"/api/games/{theirs['id']}/act/throw", json={},
                  headers=seat(theirs["links"][0]["token"]))
    assert r.status_code == 200
    r = bram.post(f"/api/games/{theirs['id']}/act/claim", json={"box": "chance"},
                  headers=seat(theirs["links"][0]["token"]))
    assert r.status_code == 200
    assert cees.post(f"/api/games/{theirs['id']}/act/throw", json={},
                     headers=seat(token)).status_code == 200
    assert {g["id"] for g in cees.get("/api/games").json["games"]} == {theirs["id"]}
    assert {g["id"] for g in anna.get("/api/games?status=finished").json["games"]} == set()
    assert nobodys["id"] not in str(cees.get("/api/games").json)


# -- public tables in the lobby -------------------------------------------------------------

def test_a_public_lobby_table_is_listed_for_watching_a_private_one_is_not(app: Any) -> None:
    anna, bram, carol = player(app, "Anna"), player(app, "Bram"), player(app, "Carol")
    stranger = app.test_client()
    public = anna.post("/api/lobby", json={"mode": "classic", "public": True}).json
    private = carol.post("/api/lobby", json={"mode": "classic"}).json
    assert public["public"] and not private["public"]
    listed = {t["id"]: t["public"] for t in stranger.get("/api/lobby").json["tables"]}
    assert listed == {public["id"]: True, private["id"]: False}  # joiners see it first
    page = stranger.get("/lobby").get_data(as_text=True)
    assert "openbaar" in page
    started = bram.post(f"/api/lobby/{public['id']}/join", json={}).json
    gid = started["game_id"]
    closed = bram.post(f"/api/lobby/{private['id']}/join", json={}).json
    hidden = closed["game_id"]
    setup = app.extensions["wordyahtzee.store"].load_game(gid).setup
    assert setup["table"]["public"] is True
    assert "public" not in app.extensions["wordyahtzee.store"].load_game(hidden).setup["table"]
    for client in (stranger, carol, anna):
        watch = client.get("/api/lobby").json["watch"]
        assert watch == [{"game_id": gid, "mode": "classic", "rules": {},
                          "pace": "live", "players": ["Anna", "Bram"],
                          "url": f"/games/{gid}"}]
        page = client.get("/lobby").get_data(as_text=True)
        assert f'href="/games/{gid}"' in page and hidden not in page
    # the lobby entry names the game only for its players, or when it is public
    assert stranger.get(f"/api/lobby/{public['id']}").json["game_id"] == gid
    assert stranger.get(f"/api/lobby/{private['id']}").json["game_id"] is None
    assert stranger.get(f"/api/lobby/{private['id']}").json["url"] is None
    assert carol.get(f"/api/lobby/{private['id']}").json["game_id"] == hidden
    # a quick match is never public, and never joins a public table
    waiting = anna.post("/api/lobby", json={"mode": "woord", "public": True}).json
    quick = carol.post("/api/lobby/quick", json={"mode": "woord"}).json
    assert quick["id"] != waiting["id"] and not quick["public"]
    for bad in ("yes", 1, None):
        assert_error(anna.post("/api/lobby", json={"mode": "woord", "public": bad}), 400,
                     "bad_option")


def test_a_finished_public_table_leaves_the_watch_list(app: Any) -> None:
    anna, bram = player(app, "Anna"), player(app, "Bram")
    entry = anna.post("/api/lobby", json={"mode": "classic", "public": True}).json
    gid = bram.post(f"/api/lobby/{entry['id']}/join", json={}).json["game_id"]
    assert [t["game_id"] for t in anna.get("/api/lobby?mode=classic").json["watch"]] == [gid]
    assert anna.get("/api/lobby?mode=woord").json["watch"] == []
    app.extensions["wordyahtzee.store"].abandon_idle(2e9)
    assert anna.get("/api/lobby").json["watch"] == []


# -- new profiles per address ---------------------------------------------------------------

def test_an_address_makes_a_familys_profiles_and_no_more(tmp_path: Path) -> None:
    from wordyahtzee.web.security import RATE_LIMITS

    assert RATE_LIMITS["profiles"] == "6 per hour; 12 per day"
    app = make_app(tmp_path / "limits.sqlite3")
    home, other = {"REMOTE_ADDR": "10.0.0.1"}, {"REMOTE_ADDR": "10.0.0.2"}
    for n in range(6):
        r = app.test_client().post("/api/profile", json={"name": f"Kind {n}"},
                                   environ_base=home)
        assert r.status_code == 201, r.json
    r = app.test_client().post("/api/profile", json={"name": "Nog een"}, environ_base=home)
    assert_error(r, 429, "rate_limited")
    assert int(r.headers["Retry-After"]) > 0
    assert app.test_client().post("/api/profile", json={"name": "Buur"},
                                  environ_base=other).status_code == 201
    # the profiles made go on playing
    client = app.test_client()
    assert client.post("/api/profile", json={"name": "Laatste"},
                       environ_base={"REMOTE_ADDR": "10.0.0.3"}).status_code == 201
    assert client.post("/api/daily/classic", json={}).status_code == 201


@pytest.mark.usefixtures("strategy_tables")
def test_a_review_draws_the_score_history_of_the_viewers_own_profile(tmp_path: Path) -> None:
    """The history was every game of a *name*: a stranger who called a game Anna saw the
    daily player Anna's days, a flagged one held off the board included. Now a review
    draws the history of the seat the viewing browser's profile holds, from its games."""
    import wordyahtzee.tables.strategies as strategies

    from .support.tables import play_turn

    strategies.get("classic", "free")
    clock = Clock()
    app = make_app(tmp_path / "history.sqlite3", clock, TICK_SECONDS=None)
    anna = player(app, "Anna")
    days = []
    for _ in range(2):
        started = start(anna)
        play_classic(anna, started, [0])
        days.append(started["game_id"])
        clock.now += 86400
    store = app.extensions["wordyahtzee.store"]
    store.check_daily(days[1], "flagged", {})  # held off the board
    stranger, bea = app.test_client(), player(app, "Bea")
    solos = {}
    for who, browser in (("stranger", stranger), ("bea", bea), ("bea", bea)):
        made = browser.post("/api/games", json={"mode": "classic", "kind": "solo",
                                                "players": ["Anna"]}).json
        for _ in range(13):
            play_turn(browser, made["id"], made["links"][0]["token"])
        solos[who] = made["id"]
    assert score_histories(stranger.get(f"/games/{solos['stranger']}/review").get_data(
        as_text=True)) == []  # no profile: no history, and never Anna's days
    assert score_histories(bea.get(f"/games/{solos['bea']}/review").get_data(as_text=True)) == [2]
    assert score_histories(stranger.get(f"/games/{days[1]}/review").get_data(as_text=True)) == []
    assert score_histories(anna.get(f"/games/{days[1]}/review").get_data(as_text=True)) == [2]
