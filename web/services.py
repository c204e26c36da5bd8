"""The app's services as a request's view reaches them: every feature's routes ask the
table service here (``create_app`` keeps it in ``app.extensions``), never build their own."""

from __future__ import annotations

from flask import current_app

from wordyahtzee.tables import TableService


def tables() -> TableService:
    """The current app's table service."""
    service: TableService = current_app.extensions["wordyahtzee.tables"]
    return service


__all__ = ["tables"]
