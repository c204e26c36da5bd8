"""The HTML pages. Each is a thin Jinja shell; the scripts in ``static/js`` fill it from the
JSON API. The language is Dutch unless ``?lang=en`` (remembered in a cookie)."""

from __future__ import annotations

import contextlib
from typing import Any

from flask import (
    Blueprint,
    Flask,
    Response,
    current_app,
    jsonify,
    make_response,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import get_locale
from werkzeug.exceptions import HTTPException

from wordyahtzee.any_box import pad_dice_set, takes_any_box
from wordyahtzee.dice import default_dice_set, describe_dice_set
from wordyahtzee.errors import WordyahtzeeError

from .cookies import browser_key, profile_secret
from .i18n import DEFAULT_LANGUAGE, LANGUAGE_NAMES, LANGUAGES, script_json, speaker, translator
from .offline import worker_source

bp = Blueprint("pages", __name__, template_folder="templates", static_folder="static",
               static_url_path="/static")

LANG_COOKIE = "lang"
SHEET_COLUMNS = 12
"""The most score columns a printed sheet has (A4 portrait, numbers still legible)."""
BLANK = "\u25c6"
"""How every page shows the blank die face ("?" in the API and records): ◆, as the game
and the pad show it (``BLANK`` in static/js/common.js)."""


@bp.app_template_filter("faces")
def faces_text(faces: str) -> str:
    """Letters as dice show them: upper case, the blank as ◆."""
    return faces.upper().replace("?", BLANK)


def current_language() -> str:
    """The page's language: ``?lang=`` (the menu), else the one the menu chose before (the
    cookie), else the browser's preference (``Accept-Language``), else Dutch. Flask-Babel's
    locale selector."""
    for chosen in (request.args.get("lang"), request.cookies.get(LANG_COOKIE)):
        if chosen in LANGUAGES:
            return str(chosen)
    return request.accept_languages.best_match(LANGUAGES) or DEFAULT_LANGUAGE


def render(template: str, status: int = 200, **context: Any) -> Response:
    """Render a page with the translator, the language, the scripts' string table, and
    how many online tables wait for this browser's profile to move (``your_turns``)."""
    lang = str(get_locale() or DEFAULT_LANGUAGE)  # Flask-Babel's, from current_language()
    secret = profile_secret()
    # the online tables where it is this browser's profile's turn: in the title and the icon
    turns = 0
    # the database away: the page says so, without the count
    with contextlib.suppress(WordyahtzeeError):
        turns = len(current_app.extensions["wordyahtzee.tables"].lobby.your_turns(secret))
    words = speaker(lang)
    html = render_template(
        template, t=words.t, tn=words.tn, number=words.number, date=words.date, lang=lang,
        languages=[(code, LANGUAGE_NAMES[code]) for code in LANGUAGES if code != lang],
        i18n_json=script_json(lang),
        path=request.path, your_turns=turns, **context)
    response = make_response(html, status)
    # the page is in the language the request asked for
    response.vary.update(("Accept-Language", "Cookie"))
    # the menu's choice is remembered from a navigation only: the service worker keeping a
    # page it saw open (?lang=en) in the background must not change the language later
    if (request.args.get("lang") in LANGUAGES
            and request.headers.get("Sec-Fetch-Mode", "navigate") == "navigate"):
        response.set_cookie(LANG_COOKIE, lang, max_age=365 * 24 * 3600, samesite="Lax")
    return response


def error_page(status: int, message: str = "", key: str | None = None) -> Response:
    """An HTML error page in the page's language for non-API paths. The text is the
    translation of ``key`` (else of the status, ``error.<status>``); ``message`` (the
    server's English detail) is only a fallback for a status without one."""
    words = speaker(current_language())
    if key is not None and not words.has(key):
        key = None
    if key is None:
        known = words.has(f"error.{status}")
        text = words.t(f"error.{status}") if known else words.t("error.other")
    else:
        text = words.t(key)
    return render("error.html", status=status, status_code=status, message=text)


def register_error_pages(app: Flask) -> None:
    """404 and 405 outside ``/api`` as HTML pages in the page's language (the API's own
    handler answers JSON under ``/api``)."""
    api_handler = app.error_handler_spec[None][None].get(HTTPException)

    def page_or_json(exc: HTTPException) -> Any:
        if request.path.startswith("/api") and api_handler is not None:
            return api_handler(exc)
        return error_page(exc.code or 500)

    app.register_error_handler(404, page_or_json)
    app.register_error_handler(405, page_or_json)


def _dictionaries(also: str | None = None) -> list[dict[str, Any]]:
    """The summary of every dictionary this browser sees listed (and ``also``, one opened
    by its link), with the dice set it brings (its language's)."""
    service = current_app.extensions["wordyahtzee.tables"]
    return [{**entry, "dice_set": default_dice_set(entry["language"]),
             "pad_dice_set": pad_dice_set(entry["language"])}
            for entry in service.owned.dictionaries(profile_secret(), browser_key(), also)]


@bp.get("/")
def start() -> Response:
    """The start screen: solo, hot-seat or an online table; dictionary and rules; the
    tables in play of this browser's profile (the page's script adds those whose seat
    links this browser keeps), never anyone else's. The dice sets and dictionaries offered
    are those everyone sees, this browser's own, and one opened by its link
    (``?dice_set=``, ``?dictionary=``)."""
    from wordyahtzee.daily import DAILY_MODES

    service = current_app.extensions["wordyahtzee.tables"]
    return render("start.html", dictionaries=_dictionaries(request.args.get("dictionary")),
                  dice_sets=_dice_sets(request.args.get("dice_set")),
                  daily_modes=DAILY_MODES, puzzle_modes=service.puzzles.daily_puzzle_modes(),
                  modes=_modes(), active=service.lobby.games_of(profile_secret(), "active", 10),
                  preparing=service.coaching.preparing())


def _modes() -> dict[str, Any]:
    return dict(current_app.extensions["wordyahtzee.tables"].coaching.describe_modes())


@bp.get("/games/<game_id>")
def game(game_id: str) -> Response:
    """The game screen of the table's mode (the state itself comes from the API); a rated
    or daily game's screen has no Tip button (``unaided``).

    Today's daily game, asked by a browser without its player's profile: 403, the screen
    with its board hidden and why in its place. The page holds nothing of the game; its
    script asks the API with the seat's token of the link (``#seat=``, which a page
    request never carries), and the seat's own token is shown its game (the player's
    other browser); anyone else keeps the notice."""
    service = current_app.extensions["wordyahtzee.tables"]
    hidden = None
    try:
        table = service.seen_by(game_id, None, profile_secret(), fresh=False)
    except WordyahtzeeError as exc:
        if exc.code == "not_found":
            return error_page(404, key="error.game_404")
        if exc.code != "daily_hidden":
            raise
        table = service.table(game_id)
        hidden = speaker(current_language()).t("error.daily_hidden")
    from wordyahtzee.tables.table import REACTIONS

    lexicon = getattr(table.game, "lexicon", None)  # Woord Yahtzee's words
    return render(f"modes/{table.mode}/game.html", 403 if hidden else 200, game_id=game_id,
                  mode=table.mode, reactions=REACTIONS, hidden=hidden,
                  unaided=table.rated or table.daily is not None,
                  words_language=lexicon.info.language if lexicon is not None else None)


@bp.get("/sw.js")
def service_worker() -> Response:
    """The service worker, served from the root so its scope covers every page, with the
    list of static files it keeps (web/offline.py)."""
    response = Response(worker_source(str(bp.static_folder)), mimetype="text/javascript")
    response.headers["Service-Worker-Allowed"] = "/"
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get("/manifest.webmanifest")
def manifest() -> Response:
    """The installable app's manifest, in the page's language (``?lang=``)."""
    lang = current_language()
    t = translator(lang)
    icons = [("icon.svg", "any", "image/svg+xml"), ("icon-192.png", "192x192", "image/png"),
             ("icon-512.png", "512x512", "image/png")]
    response = jsonify({
        "name": t("app.title"), "short_name": t("app.title"),
        "description": t("app.description"), "lang": lang, "start_url": "/", "scope": "/",
        "display": "standalone", "background_color": "#f6f1e7", "theme_color": "#3b2a1a",
        "icons": [{"src": url_for("pages.static", filename=f"icons/{name}"), "sizes": sizes,
                   "type": kind} for name, sizes, kind in icons]})
    response.mimetype = "application/manifest+json"
    response.vary.update(("Accept-Language", "Cookie"))
    return response


@bp.get("/rules")
def rules() -> Response:
    """The rules of every mode, with the letter dice's values and faces."""
    return render("rules.html", modes=_modes())


@bp.get("/words")
def words() -> Response:
    """Word checker, best words for letters, and building a custom dictionary; an uploaded
    dictionary's link (``?dictionary=``) opens it here."""
    chosen = request.args.get("dictionary")
    listed = _dictionaries(chosen)
    return render("words.html", dictionaries=listed,
                  chosen=chosen if any(d["name"] == chosen for d in listed) else "nl")


@bp.get("/puzzles")
def puzzles() -> Response:
    """Puzzles to train on: the next one by mode and theme, the puzzle of the day
    (``?daily=1``) or one puzzle (``?id=``, a link to share)."""
    from wordyahtzee.modes import DEFAULT_MODE
    from wordyahtzee.puzzles.mining import MINED_MODES

    mode = request.args.get("mode", DEFAULT_MODE)
    return render("puzzles.html", mode=mode if mode in MINED_MODES else DEFAULT_MODE,
                  modes=MINED_MODES, daily=bool(request.args.get("daily")),
                  puzzle=request.args.get("id", ""))


@bp.get("/puzzles/test/<mode>")
def puzzle_test(mode: str) -> Response:
    """The proficiency test of a mode, position by position."""
    from wordyahtzee.puzzles.mining import MINED_MODES

    if mode not in MINED_MODES:
        return error_page(404, "", "err.not_found")
    return render("puzzle_test.html", mode=mode)


@bp.get("/highscores")
def highscores() -> Response:
    """The high-score lists per dictionary and rules set."""
    return render("highscores.html")


@bp.get("/reports")
def reports() -> Any:
    """The words players reported: the moderators' page (which asks for a login)."""
    return redirect(url_for("moderate.reports"))


@bp.get("/games/<game_id>/review")
def review(game_id: str) -> Response:
    """After the game: each decision against optimal play, the expected points lost, each
    final score against the spread of optimal play's, and the score history under these
    rules of the seat this browser's profile holds (SVG, drawn here). Today's daily game
    only for the browser of its player's profile (403 otherwise); a rated or daily game
    only once it is over (403 ``no_hints_here``)."""
    from wordyahtzee.store import rules_key

    from .plots import bar_chart, line_chart

    service = current_app.extensions["wordyahtzee.tables"]
    table = service.coaching.reviewable(service.seen_by(game_id, None, profile_secret()))
    answer = service.coaching.review_of(table)
    t = translator(current_language())
    regret_charts: list[tuple[str, str]] = []
    history: list[tuple[str, str]] = []
    if answer["ready"]:
        players = answer["players"]
        turns = answer["turns"]
        rounds = max((turn["round"] for turn in turns), default=-1) + 1
        judge = answer.get("judge")
        for seat, name in enumerate(players):
            # each player's own turns, numbered from 1, a turn without decisions at 0
            per_round = [0.0] * rounds
            for turn in turns:
                if turn["seat"] == seat:
                    per_round[turn["round"]] += turn["lost"]
            title = (t(f"review.per_turn_of.{judge}", name=name) if len(players) > 1
                     else t(f"review.per_turn.{judge}"))
            if sum(per_round) > 0:
                regret_charts.append((title, bar_chart(
                    per_round, [str(r + 1) for r in range(rounds)], title,
                    x_label=t("review.turn"), y_label=t("review.regret_axis"),
                    number=speaker(current_language()).figure)))
        store = current_app.extensions["wordyahtzee.store"]
        rules = table.game.to_json().get("rules") or {}
        key = rules_key(rules)
        # the history of the seats this browser's profile holds, from its own games: never
        # a name's (anyone may call a game Anna), nor anyone else's
        for number in sorted(service.profile_seats(table, profile_secret())):
            seat = table.seats[number]
            scores = store.profile_scores(table.profiles[number], table.mode,
                                          str(rules.get("dictionary", "")), key)
            if seat.computer is None and len(scores) > 1:
                history.append((seat.name, line_chart(
                    [s.score for s in scores], t("review.history", name=seat.name),
                    speaker(current_language()).figure)))

    optimal = answer.get("optimal")
    figure = (optimal_figure(optimal, current_language())
              if optimal and optimal["ready"] else None)
    skill = skill_view(answer, current_language())
    if skill is not None and table.daily is not None:  # beside the players of its day
        skill["day"] = players_line(service.daily.day_skill(
            table.mode, table.daily, {"skill": answer["skill"][0]}), current_language())
    return render("review.html", game_id=game_id, mode=table.mode, review=answer,
                  regret_charts=regret_charts, skill=skill,
                  history_charts=history, describe=lambda option: describe_option(option, t),
                  optimal=optimal,
                  optimal_figure=figure)


def skill_view(answer: dict[str, Any], lang: str) -> dict[str, Any] | None:
    """A review's skill figures in words (None: no judge, or not ready): per player
    ``name``, ``points``, ``figure`` (whole, None: nothing judged yet) and ``detail``;
    ``ladder``, the computer levels' figures to compare with (None: not measured for
    these rules)."""
    judge = answer.get("judge")
    if not answer.get("ready") or judge is None:
        return None
    words = speaker(lang)
    players = []
    for seat, (name, counted) in enumerate(zip(answer["players"], answer["skill"],
                                               strict=True)):
        figure = counted["figure"]
        players.append({
            "name": name, "points": answer["totals"][seat],
            "figure": None if figure is None else words.number(round(figure)),
            "detail": words.tn(f"review.skill_detail.{judge}", counted["judged"],
                               best=words.number(counted["best"]),
                               judged=words.number(counted["judged"]),
                               lost=words.figure(counted["lost"]))})
    return {"players": players, "ladder": ladder(answer.get("levels"), lang)}


def players_line(day: dict[str, Any], lang: str) -> str | None:
    """The day's players by skill figure in words (:meth:`DailyService.day_skill
    <wordyahtzee.daily.service.DailyService.day_skill>`): how many, their median, the share below
    yours; None when nobody of the day has one yet."""
    if not day["players"]:
        return None
    words = speaker(lang)
    return words.tn("daily.skill_players", day["players"],
                    players=words.number(day["players"]),
                    median=words.number(round(day["median"])),
                    below=words.number(round(day["below"] or 0.0)))


def ladder(levels: dict[str, float] | None, lang: str) -> str | None:
    """The computer levels' figures (and random answers'), weakest first: ``willekeurig 0
    · beginner 84 · gevorderd 97 · optimaal 100``; None without any."""
    if not levels:
        return None
    words = speaker(lang)
    named = [(words.t("review.skill_random") if level == "random"
              else words.t(f"level.short.{level}"), value)
             for level, value in levels.items()
             if level == "random" or words.has(f"level.short.{level}")]
    return " · ".join(f"{label} {words.number(round(value))}"
                      for label, value in sorted(named, key=lambda item: item[1]))


def describe_option(option: dict[str, Any], t: Any) -> str:
    """A reviewed choice in words: a keep, a claim with its words and points, a turn
    the hourglass ended (with the best claim it left), or a Kaartspel take, throw to raise,
    move on or stop."""
    kind = option["kind"]
    if kind == "take":
        card = option.get("card")
        if card is None:
            return str(t("kaart.take_none"))
        return str(t(f"kaart.take_{option['how']}", card=t(f"kaart.card.{card}"),
                     score=option["score"]))
    if kind in ("throw", "roll", "stop"):
        return str(t({"throw": "puzzle.kaart_raise", "roll": "kaart.roll_on",
                      "stop": "kaart.stop"}[kind]))
    if option["kind"] == "keep":
        kept = option.get("letters") or "".join(map(str, option.get("keep", [])))
        return str(t("review.keep", dice=faces_text(kept)) if kept else t("review.keep_none"))
    box = option.get("box") or ""
    if option["kind"] == "timeout":
        text = str(t("review.timeout", box=t(f"box.{box}")))
        claim = option.get("best_claim")
        if claim is not None:
            text += " " + t("review.best_claim", claim=describe_option(claim, t))
        return text
    words = " ".join(option.get("words", []))
    if not words:  # a box of pips, or a Woord Yahtzee zero
        return str(t("review.claim_box", box=t(f"box.{box}"), points=option.get("points", 0)))
    return str(t("review.claim", box=t(f"box.{box}"), words=words,
                 points=option.get("points", 0)))


def _percent(value: float, lang: str) -> str:
    """A percentage as a whole number, with a decimal near 0 and 100 (never "100%" for a
    score some games beat)."""
    whole = round(value)
    decimals = 1 if (whole <= 0 < value) or (whole >= 100 > value) else 0
    return speaker(lang).number(value if decimals else whole, decimals)


def optimal_figure(optimal: dict[str, Any], lang: str) -> dict[str, Any]:
    """The histogram of optimal play's final scores with each final score marked
    (``chart``), and the same facts in words (``caption``, ``lines``: the chart's text
    alternative, shown under it)."""
    from .plots import histogram_chart

    words = speaker(lang)
    t = words.t
    scores = optimal["scores"]
    several_games = len({item["game"] for item in scores}) > 1

    def name(item: dict[str, Any]) -> str:
        return (t("review.optimal_game", name=item["name"], n=item["game"] + 1)
                if several_games else item["name"])

    lines = [words.tn("review.optimal_mark", item["score"], name=name(item),
                      score=words.number(item["score"]), pct=_percent(item["better_than"], lang))
             for item in scores]
    hist = optimal["histogram"]
    caption = words.tn("review.optimal_desc", optimal["games"],
                       games=words.number(optimal["games"]), mean=words.number(optimal["mean"], 1))
    desc = " ".join([caption, *lines])
    chart = histogram_chart(hist["start"], hist["width"], hist["counts"],
                            [(f"{name(item)}: {item['score']}", item["score"])
                             for item in scores],
                            t("review.optimal"), desc, open_end=hist["open_end"],
                            bar_text=lambda range_, count: words.tn(
                                "review.optimal_bar", count, scores=range_,
                                count=words.number(count)),
                            chart_id="optimal-chart")
    return {"chart": chart, "caption": caption, "lines": lines}


def _dice_sets(also: str | None = None) -> list[dict[str, Any]]:
    """The dice sets a start page offers (``name``, ``title``, ``own``): the shipped ones,
    then this browser's (or its profile's) own boxes, and ``also``, a box opened by its
    link."""
    service = current_app.extensions["wordyahtzee.tables"]
    return [{"name": box["name"], "title": box["title"], "own": box["own"],
             "any_box": takes_any_box(box["name"])}
            for box in service.owned.boxes(profile_secret(), browser_key(), also)]


@bp.get("/dice")
def own_box() -> Response:
    """Enter your own box's seven dice once (six faces each, with the points printed on
    them, and the blank), to keep score and check words with it at the table; the boxes
    this browser (or its profile) keeps already."""
    service = current_app.extensions["wordyahtzee.tables"]
    mine = [box for box in service.owned.boxes(profile_secret(), browser_key())
            if box["own"]]
    return render("dice.html", base=describe_dice_set("nl"), box=None, mine=mine)


@bp.get("/dice/<name>")
def shared_box(name: str) -> Response:
    """A box shared by link: its dice, and a score pad or game to start with it."""
    service = current_app.extensions["wordyahtzee.tables"]
    try:
        box = service.owned.box(name, profile_secret(), browser_key())
    except WordyahtzeeError as exc:
        if exc.code != "not_found":
            raise
        return error_page(404, key="error.dice_404")
    response = render("dice.html", base=None, box=box,
                      link=url_for("pages.shared_box", name=name, _external=True))
    response.headers["Referrer-Policy"] = "no-referrer"  # the link is the box's key
    return response


@bp.get("/sheets/<mode>")
def blank_sheet(mode: str) -> Response:
    """A blank score sheet to print, for games played on paper: the mode's layout
    (``paper_sheet()``), a column per player (``?players=``, 1-8) or several (Triple
    Yahtzee's ×1 ×2 ×3; then as many players as make 12 columns, which still fit A4), in
    the page's language."""
    from wordyahtzee.modes import MODES, get_mode

    if mode not in MODES:
        return error_page(404)
    layout = get_mode(mode).paper_sheet()
    try:
        players = int(request.args.get("players", "4" if len(layout["columns"]) == 1 else "2"))
    except ValueError:
        players = 4
    most = min(8, SHEET_COLUMNS // len(layout["columns"]))
    t = translator(current_language())
    rows = [(t(key, **params), kind) for key, params, kind in layout["rows"]]
    return render("sheet.html", mode=mode, rows=rows, players=min(most, max(1, players)),
                  most=most, factors=layout["columns"], modes=MODES)


@bp.get("/favicon.ico")
def favicon() -> Any:
    """The site's icon where a browser or tool looks for it without reading a page (every
    page names ``favicon.svg``): a redirect, instead of a 404 in the console."""
    return redirect(url_for("pages.static", filename="favicon.svg"), 301)


@bp.get("/offline")
def offline() -> Response:
    """What a page this browser never visited shows without a connection (the service
    worker keeps this one, web/offline.py): that it needs the server, and what works
    offline."""
    from wordyahtzee.modes import MODES

    return render("offline.html", modes=MODES)
