"""The HTML pages. Each is a thin Jinja shell; the scripts in ``static/js`` fill it from the
JSON API. The language is Dutch unless ``?lang=en`` (remembered in a cookie)."""

from __future__ import annotations

import json
from typing import Any

from flask import Blueprint, Response, current_app, make_response, render_template, request

from wordyahtzee.lexicon import list_dictionaries

from .i18n import DEFAULT_LANGUAGE, LANGUAGES, strings, translator

bp = Blueprint("pages", __name__, template_folder="templates", static_folder="static",
               static_url_path="/static")

LANG_COOKIE = "lang"


def current_language() -> str:
    """``?lang=`` if given, else the cookie, else Dutch."""
    lang = request.args.get("lang") or request.cookies.get(LANG_COOKIE) or DEFAULT_LANGUAGE
    return lang if lang in LANGUAGES else DEFAULT_LANGUAGE


def render(template: str, status: int = 200, **context: Any) -> Response:
    """Render a page with the translator, the language and the scripts' string table."""
    lang = current_language()
    html = render_template(
        template, t=translator(lang), lang=lang, other_lang="en" if lang == "nl" else "nl",
        i18n_json=json.dumps(strings(lang), ensure_ascii=False), path=request.path,
        **context)
    response = make_response(html, status)
    if request.args.get("lang") in LANGUAGES:
        response.set_cookie(LANG_COOKIE, lang, max_age=365 * 24 * 3600, samesite="Lax")
    return response


def error_page(status: int, message: str) -> Response:
    """A plain error page for non-API paths."""
    return render("error.html", status=status, status_code=status, message=message)


def _dictionaries() -> list[dict[str, Any]]:
    return [entry.summary() for entry in list_dictionaries()]


@bp.get("/")
def start() -> Response:
    """The start screen: solo, hot-seat or an online table; dictionary and rules."""
    store = current_app.extensions["wordyahtzee.store"]
    return render("start.html", dictionaries=_dictionaries(), modes=_modes(),
                  active=store.list_games("active", 10))


def _modes() -> dict[str, Any]:
    return dict(current_app.extensions["wordyahtzee.tables"].describe_modes())


@bp.get("/games/<game_id>")
def game(game_id: str) -> Response:
    """The game screen of the table's mode (the state itself comes from the API)."""
    table = current_app.extensions["wordyahtzee.tables"].table(game_id)  # else a 404 page
    return render(f"{table.mode}.html", game_id=game_id)


@bp.get("/rules")
def rules() -> Response:
    """The rules of every mode, with the letter dice's values and faces."""
    return render("rules.html", modes=_modes())


@bp.get("/words")
def words() -> Response:
    """Word checker, best words for letters, and building a custom dictionary."""
    return render("words.html", dictionaries=_dictionaries())


@bp.get("/highscores")
def highscores() -> Response:
    """The high-score lists per dictionary and rules set."""
    return render("highscores.html")


@bp.get("/reports")
def reports() -> Response:
    """The words players reported, for the server's owner (this machine only); fold them
    into a dictionary with ``wordyahtzee dict build --reports NAME``."""
    if request.remote_addr not in ("127.0.0.1", "::1"):
        return error_page(404, "")
    store = current_app.extensions["wordyahtzee.store"]
    return render("reports.html", reports=store.word_reports())
