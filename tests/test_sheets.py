"""Blank score sheets to print, for games played on paper: every box of each game in the
page's language, a column per player, and a print stylesheet (no site menu when printed)."""

from __future__ import annotations

from pathlib import Path

import pytest
from wordyahtzee.web.i18n import translator

from wordyahtzee.modes.classic.rules import BOXES as CLASSIC_BOXES
from wordyahtzee.modes.kaartspel import CARDS
from wordyahtzee.modes.woord.rules import BOXES as WOORD_BOXES

from .support.app import make_app


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


def _rows(html: str) -> list[tuple[str, list[str]]]:
    """Each body row of a sheet: its label and its cells' colspans ("1" for none)."""
    import re

    body = html.split("<tbody>")[1].split("</tbody>")[0]
    return [(re.search(r'<th scope="row">([^<]*)</th>', row).group(1),  # type: ignore[union-attr]
             re.findall(r'<td(?: colspan="(\d+)")?></td>', row))
            for row in body.split("</tr>") if "<th" in row]


@pytest.mark.parametrize("mode", ["classic", "triple"])
def test_the_sheets_add_up_as_the_game_does(tmp_path: Path, mode: str) -> None:
    """Classic and Triple Yahtzee have a lower-half total; Triple's columns their totals,
    the totals times the column, and one grand total per player over its three columns."""
    client = make_app(tmp_path / "t.sqlite3").test_client()
    t = translator("nl")
    rows = _rows(client.get(f"/sheets/{mode}?players=2&lang=nl").get_data(as_text=True))
    labels = [label for label, _ in rows]
    assert labels.index(t("game.lower_total")) > labels.index(t("box.chance"))
    if mode == "triple":
        assert labels[-3:] == [t("triple.column_total"), t("triple.weighted"), t("game.total")]
        assert rows[-2][1] == [""] * 6 and rows[-1][1] == ["3", "3"]  # two players
    else:
        assert labels[-1] == t("game.total") and rows[-1][1] == ["1", "1"]


def test_a_sheet_has_as_many_columns_as_players_chosen(tmp_path: Path) -> None:
    """The page offers the number of players (Triple Yahtzee up to the 12 columns A4
    holds), and its print button says "Afdrukken" in Dutch."""
    client = make_app(tmp_path / "p.sqlite3").test_client()
    for mode, most in (("classic", 8), ("triple", 4)):
        html = client.get(f"/sheets/{mode}?players=3&lang=nl").get_data(as_text=True)
        choice = html.split('<select id="players"')[1].split("</select>")[0]
        assert choice.count("<option") == most and '<option value="3" selected>' in choice
        wide = client.get(f"/sheets/{mode}?players=8").get_data(as_text=True)
        assert len(_rows(wide)[0][1]) == most * (3 if mode == "triple" else 1)
    assert ">Afdrukken</button>" in client.get("/sheets/woord?lang=nl").get_data(as_text=True)
