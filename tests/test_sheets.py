"""Blank score sheets to print, for games played on paper: every box of each game in the
page's language, a column per player, and a print stylesheet (no site menu when printed)."""

from __future__ import annotations

from pathlib import Path

import pytest

from web.i18n import translator
from wordyahtzee.modes.classic.rules import BOXES as CLASSIC_BOXES
from wordyahtzee.modes.kaartspel import CARDS
from wordyahtzee.modes.woord.rules import BOXES as WOORD_BOXES

from .test_api import make_app


@pytest.mark.parametrize("lang", ["nl", "en"])
@pytest.mark.parametrize(("mode", "names"), [
    ("woord", [f"box.{b}" for b in WOORD_BOXES]),
    ("classic", [f"box.{b}" for b in CLASSIC_BOXES]),
    ("triple", [f"box.{b}" for b in CLASSIC_BOXES]),
    ("kaartspel", [f"kaart.card.{c}" for c in CARDS]),
])
def test_a_blank_sheet_has_every_box_in_the_language(tmp_path: Path, lang: str, mode: str,
                                                     names: list[str]) -> None:
    client = make_app(tmp_path / "s.sqlite3").test_client()
    page = client.get(f"/sheets/{mode}?players=3&lang={lang}")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    t = translator(lang)
    for key in names:
        assert f"<th scope=\"row\">{t(key)}</th>" in html, key
    columns = 3 * (3 if mode == "triple" else 1)
    first_row = html.split("<tbody>")[1].split("</tr>")[0]
    assert first_row.count("<td></td>") == columns
    assert "css/sheet.css" in html and 'class="no-print' in html


def test_sheet_players_are_bounded_and_unknown_games_are_404(tmp_path: Path) -> None:
    client = make_app(tmp_path / "b.sqlite3").test_client()
    many = client.get("/sheets/classic?players=99").get_data(as_text=True)
    assert many.split("<tbody>")[1].split("</tr>")[0].count("<td></td>") == 8
    assert client.get("/sheets/classic?players=x").status_code == 200
    assert client.get("/sheets/schaak").status_code == 404
    css = (Path(__file__).parents[1] / "web/static/css/sheet.css").read_text()
    assert "@media print" in css and "@page" in css
