"""The browser's cookies of who it is: a profile's secret lives in ``wy_profile``; a
browser without a profile that makes something of its own (a dice set, a dictionary) gets a
random key in ``wy_browser`` that says whose it is (only its hash is stored). Both HttpOnly,
SameSite=Lax, 400 days, never in a page's script."""

from __future__ import annotations

import secrets

from flask import Response, g, request

COOKIE = "wy_profile"
BROWSER_COOKIE = "wy_browser"
COOKIE_SECONDS = 400 * 24 * 3600
"""How long a browser keeps the profile cookie (the longest browsers allow)."""


def profile_secret() -> str | None:
    """The profile secret this request's browser holds, if any."""
    value = request.cookies.get(COOKIE)
    return value[:100] if value else None


def with_profile_cookie(response: Response, secret: str | None) -> Response:
    """``response`` setting the profile cookie to ``secret`` (None: removing it)."""
    if secret is None:
        response.delete_cookie(COOKIE, path="/", samesite="Lax")
    else:
        response.set_cookie(COOKIE, secret, max_age=COOKIE_SECONDS, path="/", httponly=True,
                            samesite="Lax", secure=request.is_secure)
    return response


def browser_key() -> str | None:
    """The key this browser holds (its own things without a profile), if any; a key made
    for this request (:func:`maker_key`) counts too."""
    made: str | None = g.get("browser_key")
    if made is not None:
        return made
    value = request.cookies.get(BROWSER_COOKIE)
    return value[:100] if value else None


def maker_key() -> str:
    """The browser's key, made now when it has none (and then set on the response by
    :func:`keep_browser_key`): what it makes without a profile is this browser's."""
    key = browser_key()
    if key is None:
        key = g.browser_key = secrets.token_urlsafe(24)
    return key


def keep_browser_key(response: Response) -> Response:
    """Set the browser's key made for this request, if one was (an ``after_request``)."""
    made = g.get("browser_key")
    if made is not None and response.status_code < 400:
        response.set_cookie(BROWSER_COOKIE, made, max_age=COOKIE_SECONDS, path="/",
                            httponly=True, samesite="Lax", secure=request.is_secure)
    return response
