"""The daily game and profiles on the web: the JSON routes under ``/api`` and the pages
``/daily/<mode>``, ``/profile`` and ``/p/<secret>`` (the link that carries a profile to
another device).

A profile's secret lives in its cookie (:mod:`web.cookies`), never in a page's script; the
profile page shows it only inside its link.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from flask import Blueprint, Response, jsonify, make_response, redirect, request, url_for

from wordyahtzee import daily
from wordyahtzee.errors import ServiceError

from ..apidoc import documented, json_object, replies
from ..cookies import profile_secret, with_profile_cookie
from ..i18n import speaker, translator
from ..models import Empty
from ..pages import current_language, describe_option, ladder, players_line, render
from ..plots import bar_chart, histogram_chart, line_chart
from ..services import tables
from .models import (
    Carried,
    CarryRequest,
    DailyDay,
    DailyDays,
    DailyQuery,
    DailyStart,
    NewProfile,
    Profile,
    ProfileDeleted,
    ProfileName,
    Renamed,
)

bp = Blueprint("daily", __name__)


def profile_link(secret: str) -> str:
    """The link that carries a profile to another device."""
    return url_for("daily.carry", secret=secret, _external=True)


def share_text(view: dict[str, Any], lang: str) -> str | None:
    """The result to paste into a chat, once the profile's game is finished."""
    you = view.get("you")
    if not you or not you.get("finished"):
        return None
    words = speaker(lang)
    t = words.t
    figure = (you.get("skill") or {}).get("figure")
    # perfect play's score is a par to measure by where perfect play judges the skill; in
    # Woord Yahtzee its bonus chains make it four or five times anyone's (docs/skill.md)
    par = view["par"] if you.get("judge") == "optimal" else None
    return daily.share_text(t("daily.share_title", mode=t(f"mode.{view['mode']}_short")),
                            dt.date.fromisoformat(view["day"]), you.get("symbols", ""),
                            int(you["score"]), par,
                            url_for("daily.page", mode=view["mode"], _external=True),
                            None if figure is None else t(
                                "daily.share_skill", figure=words.number(round(figure))))


def day_skill(view: dict[str, Any], lang: str) -> dict[str, Any] | None:
    """The skill figures of the daily page in words (None: the profile's game is not
    finished or has no figure): yours, the day's players' and the computer levels'."""
    you = view.get("you")
    figure = ((you or {}).get("skill") or {}).get("figure")
    if not you or not you.get("finished") or figure is None:
        return None
    day = view["skill"]
    return {"figure": speaker(lang).number(round(figure)), "judge": you["judge"],
            "players": players_line(day, lang), "ladder": ladder(day.get("levels"), lang)}


# -- the API --------------------------------------------------------------------------------

@bp.post("/api/profile")
@documented(replies(NewProfile, 201, (400, 403, 409, 413, 415, 429)), json=ProfileName)
def make_profile() -> Any:
    """Make a profile (a name; its secret goes into the cookie).

    The answer carries its link, the ``wy_profile`` cookie (HttpOnly) its secret. A
    browser that has a profile already gets 409 ``has_profile``; an address that made
    many profiles lately, 429 ``rate_limited`` (6 an hour, 12 a day)."""
    service = tables()
    if service.profiles.find_profile(profile_secret()) is not None:
        raise ServiceError("this browser has a profile already", "has_profile",
                           conflict=True)
    profile, secret = service.profiles.make_profile(json_object().get("name"))
    response = jsonify({"profile": profile, "link": profile_link(secret)})
    response.status_code = 201
    return with_profile_cookie(response, secret)


@bp.get("/api/profile")
@documented(replies(Profile, errors=(403,)))
def get_profile() -> Response:
    """This browser's profile: name, link, daily games and figures per mode.

    The profile is the browser's ``wy_profile`` cookie; without one, 403 ``no_profile``."""
    secret = profile_secret()
    return jsonify({**tables().daily.profile_view(secret), "link": profile_link(str(secret))})


@bp.patch("/api/profile")
@documented(replies(Renamed, errors=(400, 403, 413, 415)), json=ProfileName)
def rename_profile() -> Response:
    """Rename the profile."""
    return jsonify(tables().profiles.rename_profile(profile_secret(), json_object().get("name")))


@bp.delete("/api/profile")
@documented(replies(ProfileDeleted, errors=(403, 415)))
def delete_profile() -> Response:
    """Delete the profile with all its data; the cookie goes too."""
    tables().profiles.delete_profile(profile_secret())
    return with_profile_cookie(jsonify({"deleted": True}), None)


@bp.post("/api/profile/carry")
@documented(replies(Carried, errors=(400, 403, 413, 415)), json=CarryRequest)
def carry_profile() -> Response:
    """Use a profile on this browser, by the secret of its link."""
    secret = json_object().get("secret")
    profile = tables().profiles.profile(secret)
    answer = jsonify({"profile": {"id": profile["id"], "name": profile["name"]}})
    return with_profile_cookie(answer, str(secret))


@bp.post("/api/daily/<mode>")
@documented(replies(DailyStart, 201, (400, 403, 409, 413, 415)), json=Empty)
def start_daily(mode: str) -> Any:
    """Start today's game of the mode for this browser's profile.

    One attempt a day (409 ``daily_played``); the answer is the game's link with its
    seat."""
    started = tables().daily.start(mode, profile_secret())
    return jsonify({**started, "url": f"/games/{started['game_id']}#seat={started['token']}"}
                   ), 201


@bp.get("/api/daily/<mode>")
@documented(replies(DailyDay, errors=(400, 404)), query=DailyQuery)
def daily_board(mode: str, query: DailyQuery) -> Response:
    """A day of the mode: par, top 100, histogram, your attempt.

    ``date``, default today; this browser's attempt with its rank and share text; the
    seed once the day is over."""
    view = tables().daily.view(mode, query.date, profile_secret())
    if view["you"] is not None:
        view["you"]["share"] = share_text(view, current_language())
    return jsonify(view)


@bp.get("/api/daily/<mode>/days")
@documented(replies(DailyDays, errors=(400,)))
def daily_days(mode: str) -> Response:
    """The archive: past days of ``mode`` with their pars, newest first."""
    return jsonify({"mode": daily.check_mode(mode), "days": tables().daily.days(mode)})


# -- the pages ------------------------------------------------------------------------------

@bp.get("/daily")
def first_page() -> Any:
    """``/daily``, the address people type: today's daily game of the first daily mode,
    whose page links to the others."""
    return redirect(url_for("daily.page", mode=daily.DAILY_MODES[0]))


@bp.get("/daily/<mode>")
def page(mode: str) -> Response:
    """The daily game of ``mode``: play today's, or see a day's result, board and archive."""
    service = tables()
    lang = current_language()
    t = translator(lang)
    view = service.daily.view(mode, request.args.get("date"), profile_secret())
    you = view["you"]
    share = share_text(view, lang)
    counts: dict[int, int] = {bar["from"]: bar["count"] for bar in view["histogram"]}
    chart = ""
    if counts:
        width = view["histogram"][0]["to"] - view["histogram"][0]["from"] + 1
        low, high = min(counts), max(counts)
        marks = []
        if you and you.get("finished"):  # in range even when not counted (being checked)
            marks.append((t("daily.you", score=you["score"]), you["score"]))
            low, high = min(low, you["score"] // width * width), max(high, you["score"])
        if view["par"] is not None:
            marks.append((t("daily.par_mark", par=view["par"]), view["par"]))
            low, high = min(low, view["par"] // width * width), max(high, view["par"])
        bars = [counts.get(start, 0) for start in range(low, high + 1, width)]
        chart = histogram_chart(low, width, bars, marks, t("daily.histogram"),
                                speaker(lang).tn("daily.histogram_desc", view["players"],
                                                 players=view["players"]),
                                bar_text=lambda scores, count: t("daily.histogram_bar",
                                                                 scores=scores, count=count),
                                chart_id="daily-chart")
    regrets = ""
    if you and you.get("regrets"):
        title = t(f"review.per_turn.{you['judge']}")
        regrets = bar_chart(you["regrets"], [str(r + 1) for r in range(len(you["regrets"]))],
                            title, x_label=t("review.turn"), y_label=t("review.regret_axis"),
                            number=speaker(lang).figure)
    worst = None
    if you and you.get("worst"):
        item = you["worst"]
        worst = {"round": item["round"], "regret": speaker(lang).figure(item["regret"]),
                 "chosen": describe_option(item["chosen"], t),
                 "best": describe_option(item["best"], t)}
    return render("daily.html", view=view, you=you, share=share, chart=chart, worst=worst,
                  regrets=regrets, skill=day_skill(view, lang),
                  other_modes=[m for m in daily.DAILY_MODES if m != view["mode"]],
                  days=service.daily.days(mode) if view["today"] else [],
                  mode=view["mode"])


@bp.get("/profile")
def profile_page() -> Response:
    """This browser's profile: its days, figures, link, and renaming or deleting it."""
    service = tables()
    secret = profile_secret()
    found = service.profiles.find_profile(secret)
    if found is None:
        return render("profile.html", profile=None, chart="", progress=[], link="")
    view = {**service.daily.profile_view(secret), "puzzles": service.puzzles.puzzle_profile(secret)}
    finished = [g for g in reversed(view["games"]) if g["score"] is not None
                and g["par"] is not None]
    t = translator(current_language())
    chart = (line_chart([g["score"] - g["par"] for g in finished], t("profile.progress"))
             if len(finished) > 1 else "")
    # every finished game's total per mode, oldest first: the progress over time
    totals: dict[str, list[int]] = {}
    for game in sorted(view["history"], key=lambda g: g["finished_at"] or 0):
        totals.setdefault(game["mode"], []).append(game["total"])
    progress = [(mode, line_chart(values, t("profile.progress_mode",
                                            mode=t(f"mode.{mode}_short"))))
                for mode, values in totals.items() if len(values) > 1]
    return render("profile.html", profile=view, chart=chart, progress=progress,
                  link=profile_link(str(secret)))


@bp.get("/p/<secret>")
def carry(secret: str) -> Response:
    """The link of a profile: a page that offers to use it on this device."""
    found = tables().profiles.find_profile(secret)
    response = render("carry.html", found=found, secret=secret if found else "",
                      status=200 if found else 404)
    response.headers["Referrer-Policy"] = "no-referrer"
    return make_response(response)


__all__ = ["bp", "profile_link", "share_text"]
