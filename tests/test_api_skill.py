"""Skill figures people understand, through the API and the pages (docs/skill.md): a mode
without a judge says so and claims no perfection, an unfinished game's review says it judges
only the turns played, a review's figure is its decisions' points lost against random
answers' (100 for the hints followed), Woord Yahtzee judges each claim against the best
claim of its throw (so the best word in the round's box is green in the daily share, and the
share carries the skill figure instead of perfect play's par), and a finished daily game's
figure is kept and set against the day's players."""

from __future__ import annotations

import time
from typing import Any

import pytest

import wordyahtzee.tables.strategies as strategies
from wordyahtzee import daily
from wordyahtzee.advisor import skill
from wordyahtzee.modes.classic import BOXES

from .support.app import player, seat
from .support.clock import Clock
from .support.daily import start
from .support.triple import new_triple, play_turn

pytestmark = pytest.mark.app_config(TICK_SECONDS=None)  # no background ticker


def test_a_mode_without_a_judge_says_so_and_claims_no_perfection(app: Any) -> None:
    client = app.test_client()
    gid, token, _ = new_triple(client, ["Anna"])
    play_turn(client, app, gid, token)
    review = client.get(f"/api/games/{gid}/review").json
    assert review["ready"] and review["judge"] is None and review["skill"] is None
    assert review["turns"] == [] and review["finished"] is False
    page = client.get(f"/games/{gid}/review?lang=nl").get_data(as_text=True)
    assert "Triple Yahtzee heeft geen scheidsrechter" in page
    assert "Geen enkel verlies" not in page and "vaardigheid" not in page
    assert 'id="review-unfinished"' in page and "de scores tot nu toe" in page
    assert "<table class=\"review " not in page  # no column of losses that are all 0
    english = client.get(f"/games/{gid}/review?lang=en").get_data(as_text=True)
    assert "has no judge" in english and "No loss at all" not in english


def play_classic(client: Any, gid: str, token: str, turns: int, follow: bool) -> None:
    """``turns`` turns: following the Tip at every decision, or throwing once and writing
    the first open box."""
    for _ in range(turns):
        r = client.post(f"/api/games/{gid}/act/throw", json={}, headers=seat(token))
        assert r.status_code == 200, r.json
        while follow:
            best = client.get(f"/api/games/{gid}/hint").json["best"]
            if best["kind"] == "box":
                break
            r = client.post(f"/api/games/{gid}/act/throw", json={"keep": best["keep_indices"]},
                            headers=seat(token))
            assert r.status_code == 200, r.json
        state = client.get(f"/api/games/{gid}").json
        box = best["box"] if follow else next(b for b in BOXES if b in state["options"])
        r = client.post(f"/api/games/{gid}/act/claim", json={"box": box}, headers=seat(token))
        assert r.status_code == 200, r.json


@pytest.mark.usefixtures("strategy_tables")
def test_an_unfinished_review_judges_the_turns_played_on_the_scale(app: Any) -> None:
    strategies.get("classic", "free")
    client = app.test_client()
    r = client.post("/api/games", json={"mode": "classic", "kind": "solo", "players": ["Anna"]})
    gid, token = r.json["id"], r.json["links"][0]["token"]
    play_classic(client, gid, token, 4, follow=False)
    review = client.get(f"/api/games/{gid}/review").json
    assert review["finished"] is False and review["judge"] == "optimal"
    decisions = [d for turn in review["turns"] for d in turn["decisions"]]
    assert len(decisions) == 4  # one box a turn; no keep
    counted = review["skill"][0]
    lost, random = sum(d["lost"] for d in decisions), sum(d["random"] for d in decisions)
    assert counted["judged"] == 4 and counted["lost"] == pytest.approx(lost, abs=0.02)
    assert counted["figure"] == pytest.approx(skill.scaled(lost, random), abs=0.1)
    assert all(d["lost"] == d["regret"] and d["random"] > 0 for d in decisions)
    page = client.get(f"/games/{gid}/review?lang=nl").get_data(as_text=True)
    assert "alleen de gespeelde beurten" in page and 'class="skill-figure"' in page
    assert "verwacht verlies tegenover perfect spel" not in page  # the old line
    assert "van de 4 keuzes zoals perfect spel" in page

    # the rest of the game by the Tip: every choice perfect play's from then on
    r = client.post("/api/games", json={"mode": "classic", "kind": "solo", "players": ["Bo"]})
    gid, token = r.json["id"], r.json["links"][0]["token"]
    play_classic(client, gid, token, 13, follow=True)
    review = client.get(f"/api/games/{gid}/review").json
    assert review["finished"] is True and review["skill"][0]["figure"] == 100.0
    assert review["skill"][0]["best"] == review["skill"][0]["judged"] > 13
    assert review["levels"] == skill.levels("review", "classic", "free")
    page = client.get(f"/games/{gid}/review?lang=nl").get_data(as_text=True)
    assert "Geen enkel verlies: elke keuze was die van perfect spel." in page
    assert "review-unfinished" not in page


def solved(client: Any, letters: str) -> dict[str, Any]:
    r = client.post("/api/solve", json={"letters": letters, "dictionary": "nl",
                                        "dice_set": "nl"})
    assert r.status_code == 200, r.json
    return dict(r.json["boxes"])


@pytest.mark.usefixtures("strategy_tables")
def test_the_best_word_in_the_rounds_box_is_green_in_the_daily_share(app: Any,
                                                                    clock: Clock) -> None:
    """The play-test's player: every turn the solver's best word in the round's box after
    one throw. Perfect play would throw on for seven-letter words (a large expected loss);
    the share now judges each claim against the best claim of its throw."""
    strategies.get("woord", "nl/nl/40")
    anna = player(app, "Anna")
    started = start(anna, "woord")
    gid, token = started["game_id"], started["token"]
    missed = []  # the turns whose throw held a seven-letter word
    for _ in range(8):
        r = anna.post(f"/api/games/{gid}/act/throw", json={}, headers=seat(token))
        assert r.status_code == 200, r.json
        turn = r.json["state"]["turn"]
        boxes = solved(anna, turn["faces"])
        box = turn["round_box"]
        words = boxes[box]["words"] if boxes.get(box) else []
        missed.append((boxes.get("woord_yahtzee") or {}).get("score", 0) > 0)
        r = anna.post(f"/api/games/{gid}/act/claim", json={"box": box, "words": words},
                      headers=seat(token))
        assert r.status_code == 200, r.json
    review = anna.get(f"/api/games/{gid}/review").json
    assert review["judge"] == "claims"
    keeps = [d for t in review["turns"] for d in t["decisions"] if d["chosen"]["kind"] == "keep"]
    assert keeps == []  # one throw a turn: no keep
    claims = [d for t in review["turns"] for d in t["decisions"]]
    assert len(claims) == 8 and all(d["target"] is None or d["target"]["points"] >= 0
                                    for d in claims)
    assert sum(d["regret"] for d in claims) > 100  # perfect play's expected loss, chain in it
    view = anna.get("/api/daily/woord").json
    you = view["you"]
    symbols = list(you["symbols"])
    assert len(symbols) == 8
    for symbol, woord in zip(symbols, missed, strict=True):  # a Woord Yahtzee missed: not 🟩
        assert (symbol == "🟩") == (not woord), (symbols, missed)
    figure = you["skill"]["figure"]
    assert figure == 100.0 or any(missed)
    assert f"\n{you['score']} · vaardigheid {round(figure)}\n" in you["share"]
    assert "par" not in you["share"]  # perfect play's chains are nobody's par
    page = anna.get("/daily/woord").get_data(as_text=True)
    assert 'id="daily-skill"' in page and you["symbols"] in page
    assert "tegen de beste claim van de worp" in page


@pytest.mark.usefixtures("strategy_tables")
def test_a_daily_games_figure_is_kept_and_set_against_the_days_players(app: Any,
                                                                      clock: Clock) -> None:
    from .support.daily import play_classic as play_daily

    strategies.get("classic", "free")
    anna, bram = player(app, "Anna"), player(app, "Bram")
    play_daily(anna, start(anna), [0, 1])
    clock.now += 10
    play_daily(bram, start(bram), [])
    store = app.extensions["wordyahtzee.store"]
    day = daily.day_of(clock.now).isoformat()
    for _ in range(300):  # the fair-play checks and the figures run in the background
        view = bram.get("/api/daily/classic").json
        if view["skill"]["players"] == 2:
            break
        time.sleep(0.1)
    figures = store.daily_skills(day, "classic")
    assert len(figures) == 2 and view["skill"]["players"] == 2
    mine = view["you"]["skill"]["figure"]
    assert mine in figures  # the kept figure is the review's
    assert view["skill"]["below"] == 100.0 * sum(f < mine for f in figures) / 2
    assert view["skill"]["levels"] == skill.levels("review", "classic", "free")
    share = view["you"]["share"]
    assert f" · vaardigheid {round(mine)} · par {view['par']} (" in share
    page = bram.get("/daily/classic").get_data(as_text=True)
    assert "Spelers van deze dag: 2" in page
    review = bram.get(f"/games/{view['you']['game_id']}/review").get_data(as_text=True)
    assert 'id="skill-day"' in review and "Spelers van deze dag: 2" in review
    # a second process computing it too changes nothing
    assert not store.put_daily_skill(view["you"]["game_id"], 1.0)
    assert store.daily_skills(day, "classic") == figures
    assert store.unfigured_dailies() == []


def test_daily_figures_are_kept_once_and_counted_when_on_the_board(store: Any) -> None:
    """Both backends: a finished daily game's figure is kept once; the day's figures are
    those of the games on the board only (checked and clear, measured, the profile not
    held for engine play: the same players the board counts); the games still without one
    are found."""
    day = "2026-12-06"
    for n, (score, check) in enumerate(((120, "clear"), (90, "flagged"), (60, None),
                                        (110, "clear"))):
        store.create_profile(f"p{n}", f"Speler {n}", f"hash-{n}", 1.0)
        assert store.start_daily(day, "woord", f"p{n}", f"g{n}", 1.0)
        store._change([("UPDATE daily_entries SET score = ?, finished_at = ? WHERE "
                        "game_id = ?", (score, 2.0 + n, f"g{n}"))])
        if check is not None:
            assert store.check_daily(f"g{n}", check, {})
    assert store.start_daily(day, "woord", "p0", "g-x", 1.0) is False  # one attempt
    assert [e["game_id"] for e in store.unfigured_dailies()] == ["g0", "g1", "g2", "g3"]
    assert store.put_daily_skill("g0", 71.5) and store.put_daily_skill("g1", 99.0)
    assert not store.put_daily_skill("g0", 10.0)  # the first figure stays
    assert store.daily_skills(day, "woord") == []  # g0 is not measured yet: no place
    assert store.measure_daily("g0", 4.25) and store.measure_daily("g3", 0.0)
    assert store.daily_skills(day, "woord") == [71.5]  # the flagged one is not listed
    assert store.daily_entry(day, "woord", "p0")["skill"] == 71.5
    assert [e["game_id"] for e in store.unfigured_dailies()] == ["g2", "g3"]
    assert store.put_daily_skill("g2", 40.0) and store.put_daily_skill("g3", 100.0)
    assert store.unfigured_dailies() == []
    assert store.daily_skills(day, "woord") == [71.5, 100.0]
    assert store.hold_engine("p3", "woord", {}, 3.0)  # held for engine play: off the board
    assert store.daily_skills(day, "woord") == [71.5]  # and g2 is not checked yet
    assert [r["game_id"] for r in store.daily_board(day, "woord")] == ["g0"]


@pytest.mark.parametrize("mode", ["classic", "woord", "kaartspel"])
def test_the_proficiency_tests_answer_is_on_the_scale(app: Any, mode: str) -> None:
    from wordyahtzee.advisor.coach import distinct
    from wordyahtzee.puzzles import proficiency
    from wordyahtzee.puzzles.model import Puzzle

    client = app.test_client()
    test = [Puzzle.from_json(e["puzzle"]) for e in proficiency.load(mode)]

    def answer(pick: int) -> dict[str, Any]:
        answers = [proficiency.answer_to(p, distinct(tuple(p.options))[pick]) for p in test]
        r = client.post(f"/api/puzzles/test/{mode}", json={"answers": answers})
        assert r.status_code == 200, r.json
        return dict(r.json)

    best, worst = answer(0), answer(-1)
    assert best["score"] == 100.0 and best["best_answers"] == 30 and best["regret"] == 0
    assert worst["score"] < 0 and worst["best_answers"] == 0  # worse than random answers
    assert best["random"] == worst["random"] > 0
    assert worst["score"] == pytest.approx(100 * (1 - worst["regret"] / worst["random"]),
                                           abs=0.05)
    assert best["levels"] == skill.levels("test", mode) and best["levels"]["random"] == 0
