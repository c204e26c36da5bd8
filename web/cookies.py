"""The profile cookie: a profile's secret lives in ``wy_profile`` (HttpOnly, SameSite=Lax,
400 days), never in a page's script."""

from __future__ import annotations

from flask import Response, request

COOKIE = "wy_profile"
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
