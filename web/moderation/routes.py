"""The moderators' pages under ``/moderate`` (docs/operations.md, "Moderators"): log in,
decide reported words (the dictionaries' overlay), clear or confirm flagged daily results
and the profiles held for engine play, hide a profile's name, list an uploaded dictionary
to everyone, read the log; from any address, with a login.

- **Sessions** live in the ``wy_moderator`` cookie (HttpOnly, SameSite=Strict, Secure when
  the request is https, also through a trusted proxy's ``X-Forwarded-Proto``); the store
  keeps only a hash of its token. A session ends after an hour without use or twelve hours
  after the login (:data:`wordyahtzee.moderation.IDLE_SECONDS`, ``ABSOLUTE_SECONDS``).
- **CSRF**: every POST here carries a form token, an HMAC of the session's token (before the
  login: of the ``wy_csrf`` cookie's nonce) under a server secret; a POST without it, with
  a wrong one or with a foreign ``Origin`` changes nothing (403).
- **Rate limits**: the login counts per client address (``RATE_LIMITS["login"]``), and
  the store reserves each password check per name and address, per address and per name,
  shared by every process (:meth:`wordyahtzee.moderation.Moderation.login`).
- **Nobody else**: without a session a page redirects to the login (GET) and a POST is
  refused (401); ``/api/reports`` answers 401 ``login_required``.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Callable
from typing import Any

from flask import Blueprint, current_app, g, redirect, request, url_for
from werkzeug.wrappers import Response

from wordyahtzee.errors import ServiceError, WordyahtzeeError
from wordyahtzee.moderation import ABSOLUTE_SECONDS, Moderation
from wordyahtzee.moderation.fairplay import describe_option

from ..pages import render
from ..security import client_key, is_cross_site

bp = Blueprint("moderate", __name__, url_prefix="/moderate")

SESSION_COOKIE = "wy_moderator"
CSRF_COOKIE = "wy_csrf"
CSRF_FIELD = "csrf"
PUBLIC_ENDPOINTS = frozenset({"moderate.login_page", "moderate.login_post"})
"""The pages a browser without a session may use."""


def moderation() -> Moderation:
    """The app's moderation service."""
    found: Moderation = current_app.extensions["wordyahtzee.moderation"]
    return found


def current_moderator() -> str | None:
    """The moderator whose live session this request carries, or None."""
    if "moderator" not in g:
        g.moderator = moderation().session(request.cookies.get(SESSION_COOKIE, "")[:100])
    name: str | None = g.moderator
    return name


def require_moderator() -> str:
    """The request's moderator; :class:`ServiceError` ``login_required`` without one."""
    name = current_moderator()
    if name is None:
        raise ServiceError("log in as a moderator at /moderate/login", "login_required")
    return name


def _csrf_token() -> str:
    """The form token of this browser: bound to its session, else to its pre-login nonce
    (made here, set on the response by :func:`_keep_nonce`)."""
    basis = request.cookies.get(SESSION_COOKIE) if current_moderator() else None
    if basis is None:
        if "nonce" not in g:
            g.nonce = request.cookies.get(CSRF_COOKIE) or secrets.token_urlsafe(24)
        basis = "pre:" + g.nonce
    key = current_app.extensions.get("wordyahtzee.csrf_key")
    if key is None:  # the same secret in every process of the database, read once
        key = current_app.extensions["wordyahtzee.store"].secret("moderation-csrf")
        current_app.extensions["wordyahtzee.csrf_key"] = key
    return hmac.new(key, basis.encode(), hashlib.sha256).hexdigest()


@bp.before_request
def _guard() -> Response | None:
    """Refuse cross-site and token-less POSTs; send a browser without a session to the
    login."""
    if request.method == "POST":
        trusted = tuple(current_app.config["TRUSTED_ORIGINS"])
        if is_cross_site(request.headers, request.host, trusted):
            return _refused(403, "cross_site")
        if not hmac.compare_digest(str(request.form.get(CSRF_FIELD, "")), _csrf_token()):
            return _refused(403, "bad_csrf")
    if request.endpoint in PUBLIC_ENDPOINTS or current_moderator() is not None:
        return None
    if request.method == "POST":
        return _refused(401, "login_required")
    return redirect(url_for("moderate.login_page", next=request.path))


@bp.after_request
def _keep_nonce(response: Response) -> Response:
    """Keep the pre-login nonce a form token was made of; never cache these pages."""
    if "nonce" in g and request.cookies.get(CSRF_COOKIE) != g.nonce:
        response.set_cookie(CSRF_COOKIE, g.nonce, path="/moderate", httponly=True,
                            samesite="Strict", secure=request.is_secure)
    response.headers["Cache-Control"] = "no-store"
    return response


def _refused(status: int, code: str) -> Response:
    from ..pages import error_page

    return error_page(status, "", f"err.{code}")


def page(template: str, status: int = 200, **context: Any) -> Response:
    """A moderator's page, with the form token and who is logged in."""
    return render(f"moderate/{template}", status, csrf=_csrf_token(),
                  moderator=current_moderator(), done=request.args.get("done"), **context)


def _after(endpoint: str, done: str, **values: Any) -> Response:
    """Back to a page after a decision (303: the browser GETs it)."""
    return redirect(url_for(endpoint, done=done, **values), 303)


# -- logging in -------------------------------------------------------------------------------

@bp.get("/login")
def login_page() -> Response:
    """The login form."""
    if current_moderator() is not None:
        return redirect(url_for("moderate.reports"))
    return page("login.html")


@bp.post("/login")
def login_post() -> Response:
    """Check the name and password; on success a session cookie and the reports."""
    name = str(request.form.get("name", "")).strip()[:64]
    try:
        token = moderation().login(name, str(request.form.get("password", ""))[:1024],
                                   client=client_key(request.remote_addr))
    except WordyahtzeeError as exc:
        status = 429 if exc.code == "rate_limited" else 401
        return page("login.html", status, error=f"err.{exc.code}", name=name)
    response = redirect(url_for("moderate.reports"), 303)
    response.set_cookie(SESSION_COOKIE, token, max_age=int(ABSOLUTE_SECONDS), path="/",
                        httponly=True, samesite="Strict", secure=request.is_secure)
    response.delete_cookie(CSRF_COOKIE, path="/moderate")
    return response


@bp.post("/logout")
def logout() -> Response:
    """End the session."""
    moderation().logout(request.cookies.get(SESSION_COOKIE))
    response = redirect(url_for("moderate.login_page"), 303)
    response.delete_cookie(SESSION_COOKIE, path="/", samesite="Strict")
    return response


# -- words ------------------------------------------------------------------------------------

@bp.get("/")
def home() -> Response:
    """The moderators' first page: the reported words."""
    return redirect(url_for("moderate.reports"))


@bp.get("/reports")
def reports() -> Response:
    """The reported words, each with a form to accept or refuse it, and the decisions."""
    store = current_app.extensions["wordyahtzee.store"]
    return page("reports.html", reports=store.word_reports(),
                decisions=store.word_decisions())


@bp.post("/words")
def decide_word() -> Response:
    """Accept or refuse a word for a dictionary, with a reason."""
    form = request.form
    decided = _decided(lambda: moderation().decide_word(
        require_moderator(), form.get("dictionary"), form.get("word"), form.get("verdict"),
        form.get("reason")))
    return decided or _after("moderate.reports", "word")


# -- flagged daily results ------------------------------------------------------------------

@bp.get("/daily")
def daily() -> Response:
    """The flagged daily results with their evidence, and the decided ones."""
    service = current_app.extensions["wordyahtzee.tables"]
    flagged = service.fairplay.flagged_results()
    decided = service.fairplay.flagged_results(states=("cleared", "confirmed"))
    return page("daily.html", flagged=flagged, decided=decided[:50])


@bp.post("/daily/<game_id>")
def decide_daily(game_id: str) -> Response:
    """Clear or confirm a flagged result (the service's decision, as ``daily clear``)."""
    service = current_app.extensions["wordyahtzee.tables"]
    decided = _decided(lambda: service.fairplay.moderate(
        game_id, request.form.get("decision"), require_moderator(),
        request.form.get("note", "")))
    return decided or _after("moderate.daily", "daily")


# -- profiles held for engine play ----------------------------------------------------------

@bp.get("/engine")
def engine() -> Response:
    """The profiles the engine-play check holds, with their evidence, and the decided
    ones."""
    service = current_app.extensions["wordyahtzee.tables"]
    return page("engine.html", held=service.fairplay.engine.held_profiles(),
                decided=service.fairplay.engine.held_profiles(states=("cleared", "confirmed"))[:50])


@bp.post("/engine/<profile_id>/<mode>")
def decide_engine(profile_id: str, mode: str) -> Response:
    """Clear or confirm a held profile (the service's decision)."""
    service = current_app.extensions["wordyahtzee.tables"]
    decided = _decided(lambda: service.fairplay.engine.moderate_engine(
        profile_id, mode, request.form.get("decision"), require_moderator(),
        request.form.get("note", "")))
    return decided or _after("moderate.engine", "engine")


# -- profile names --------------------------------------------------------------------------

@bp.get("/profiles")
def profiles() -> Response:
    """Find profiles by name, each with a form to hide its name."""
    text = request.args.get("q", "").strip()[:64]
    store = current_app.extensions["wordyahtzee.store"]
    return page("profiles.html", q=text, found=store.profiles_named(text) if text else [])


@bp.post("/profiles/<profile_id>/hide")
def hide_name(profile_id: str) -> Response:
    """Show a profile's name as a neutral placeholder from now on (the tables this process
    holds where it sits load again with it)."""
    decided = _decided(lambda: moderation().hide_name(require_moderator(), profile_id,
                                                      request.form.get("note", "")))
    if decided is not None:
        return decided
    current_app.extensions["wordyahtzee.tables"].profiles.unload_tables_of(profile_id)
    return _after("moderate.profiles", "name", q=request.form.get("q", ""))


# -- uploaded dictionaries ------------------------------------------------------------------

@bp.get("/dictionaries")
def dictionaries() -> Response:
    """The uploaded dictionaries whose owners asked for everyone to see them listed, each
    with its title, size and link, and a form to list it or decline."""
    service = current_app.extensions["wordyahtzee.tables"]
    return page("dictionaries.html", asked=service.owned.asked_dictionaries())


@bp.post("/dictionaries/<name>")
def decide_dictionary(name: str) -> Response:
    """List an uploaded dictionary to everyone, or leave it to its owner and its link."""
    decided = _decided(lambda: moderation().decide_dictionary(
        require_moderator(), name, request.form.get("decision"),
        request.form.get("note", "")))
    return decided or _after("moderate.dictionaries", "dictionary")


# -- the log ----------------------------------------------------------------------------------

@bp.get("/log")
def log() -> Response:
    """The moderators' log, newest first."""
    store = current_app.extensions["wordyahtzee.store"]
    return page("log.html", lines=store.moderation_log(200))


def _decided(decide: Callable[[], Any]) -> Response | None:
    """Run a decision; an error page in the page's language when it is refused."""
    from ..errors import http_status

    try:
        decide()
    except WordyahtzeeError as exc:
        return _refused(http_status(exc.code), exc.code)
    return None


def utc(at: float) -> str:
    """A moment as ``YYYY-MM-DD HH:MM UTC``."""
    import time

    return time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(at))


bp.add_app_template_filter(describe_option, "option_text")
bp.add_app_template_filter(utc, "utc")
