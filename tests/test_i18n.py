"""The screens' languages: the gettext catalogues complete and true to the code, real plural
forms, numbers and dates per locale, the language chosen by ``Accept-Language``, the menu
and its cookie, and every page in German without a Dutch text or a bare key."""

from __future__ import annotations

import decimal
import fnmatch
import re
import shutil
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from wordyahtzee.web.i18n import LANGUAGES, Speaker, catalogue, script_catalogue

from scripts import i18n as i18n_tool

pytestmark = pytest.mark.app_config(RATELIMIT_ENABLED=False)

ROOT = Path(__file__).resolve().parents[1]


def test_the_catalogues_are_complete_and_true_to_the_code() -> None:
    """Every message the code names is in every language, translated; none is left that
    the code no longer names; the template and the compiled files are up to date."""
    assert i18n_tool.problems() == []


def test_the_check_finds_what_is_wrong(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The check above can fail: on a copy of the catalogues, an untranslated German
    message, a message the code does not name and a stale .mo are each reported."""
    copy = tmp_path / "translations"
    shutil.copytree(i18n_tool.TRANSLATIONS, copy)
    monkeypatch.setattr(i18n_tool, "TRANSLATIONS", copy)
    monkeypatch.setattr(i18n_tool, "TEMPLATE", copy / "messages.pot")
    assert i18n_tool.problems() == []
    german = i18n_tool.po_path("de")
    text = german.read_text(encoding="utf-8")
    text = re.sub(r'(msgid "nav.play"\nmsgstr )"[^"]*"', r'\1""', text)
    text += '\nmsgid "nav.nowhere"\nmsgstr "Nirgends"\n'
    german.write_text(text, encoding="utf-8")
    found = i18n_tool.problems()
    assert "de: nav.play is not translated" in found
    assert any(line.startswith("de: nav.nowhere is named nowhere") for line in found)
    assert "de: messages.mo is out of date: python -m scripts.i18n compile" in found


def test_the_scan_reads_python_templates_and_scripts(tmp_path: Path) -> None:
    """Keys, plural keys and families of keys built at run time, in the three kinds of
    source; a name that merely ends in t (``alert(``) is no call."""
    (tmp_path / "web" / "templates").mkdir(parents=True)
    (tmp_path / "web" / "static" / "js").mkdir(parents=True)
    (tmp_path / "web" / "page.py").write_text(
        't("py.one", n=1)\ntext = t(f"err.{code}")\nwords.tn("py.count", 3)\n')
    (tmp_path / "web" / "templates" / "a.html").write_text(
        '{{ t("tpl.title") }} {{ t(mode ~ ".hint_title") }} {{ tn("tpl.n", k, k=k) }}')
    (tmp_path / "web" / "static" / "js" / "a.js").write_text(
        'alert("no.key"); t(x ? "js.yes" : "js.no"); t(`box.${box}`, {a: 1}); '
        'tn("js.count", n, { n });')
    found = i18n_tool.scan(tmp_path)
    assert set(found.keys) == {"py.one", "py.count", "tpl.title", "tpl.n", "js.yes", "js.no",
                               "js.count"}
    assert set(found.families) == {"err.*", "*.hint_title", "box.*"}
    assert found.plurals == {"py.count", "tpl.n", "js.count"}


def test_every_language_has_every_message() -> None:
    """No silent fallback: the same keys in every catalogue, none empty."""
    keys = {lang: set(catalogue(lang)) for lang in LANGUAGES}
    assert keys["nl"] == keys["en"] == keys["de"]
    for lang in LANGUAGES:
        for key, text in catalogue(lang).items():
            forms = text if isinstance(text, tuple) else (text,)
            assert all(form.strip() for form in forms), (lang, key)


def test_plural_forms_are_real() -> None:
    plural = [key for key, text in catalogue("en").items() if isinstance(text, tuple)]
    assert len(plural) >= 5, plural
    for key in plural:  # a plural message: some language writes 1 and 2 differently
        differ = []
        for lang in LANGUAGES:
            names = set(re.findall(r"\{(\w+)\}", " ".join(catalogue(lang)[key])))
            params = {name: "x" for name in names - {"n"}}
            words = Speaker(lang)
            differ.append(words.tn(key, 1, **params) != words.tn(key, 2, **params))
        assert any(differ), key
    assert Speaker("nl").tn("words.count", 1) == "1 woord"
    assert Speaker("nl").tn("words.count", 120000) == "120.000 woorden"
    assert Speaker("en").tn("words.count", 1) == "1 word"
    assert Speaker("de").tn("words.count", 2) == "2 Wörter"


def test_numbers_and_dates_follow_the_locale() -> None:
    assert Speaker("nl").number(557.6, 1) == "557,6"
    assert Speaker("de").number(1234.5, 1) == "1.234,5"
    assert Speaker("en").number(1234.5, 1) == "1,234.5"
    assert Speaker("nl").number(100000) == "100.000"
    assert Speaker("en").figure(603.36) == "603.36" and Speaker("nl").figure(603.36) == "603,36"
    assert Speaker("de").date("2026-11-28") == "28. November 2026"
    assert Speaker("nl").date("2026-11-28") == "28 november 2026"
    assert Speaker("en").date("2026-11-28") == "November 28, 2026"


def test_a_half_is_rounded_away_from_zero_as_written() -> None:
    # what a reader does with 189.65; Babel alone rounds a half to even (189,6, 2,2)
    assert Speaker("nl").number(189.65, 1) == "189,7"
    assert Speaker("nl").number(2.25, 1) == "2,3" and Speaker("nl").number(-2.25, 1) == "-2,3"
    assert Speaker("nl").number(0.15, 1) == "0,2"  # its binary fraction is under 0.15
    assert Speaker("nl").number(2.5) == "3" and Speaker("en").figure(0.125) == "0.13"


@given(st.decimals(min_value=-10**6, max_value=10**6, places=3, allow_nan=False),
       st.integers(min_value=0, max_value=2))
def test_a_number_is_its_written_form_rounded_half_up(written: decimal.Decimal,
                                                     decimals: int) -> None:
    value = float(written)
    expected = decimal.Decimal(str(value)).quantize(decimal.Decimal(10) ** -decimals,
                                                    rounding=decimal.ROUND_HALF_UP)
    text = str(expected)
    sign, digits = ("-", text[1:]) if text.startswith("-") else ("", text)
    whole, _, fraction = digits.partition(".")
    dutch = sign + f"{int(whole):,}".replace(",", ".") + ("," + fraction if fraction else "")
    assert Speaker("nl").number(value, decimals) == dutch


def test_the_scripts_get_the_catalogue_they_name() -> None:
    data = script_catalogue("de")
    assert data["lang"] == "de" and data["plurals"] == ["one", "other"]
    assert data["messages"]["box.three_of_a_kind"] == catalogue("de")["box.three_of_a_kind"]
    assert isinstance(data["messages"]["words.count"], list)
    # only what the scripts name: the rules' prose stays on the server
    assert "rules.classic.intro" not in data["messages"]
    assert set(data["messages"]) < set(catalogue("de"))
    # every message a script names, directly or as a member of a family it builds
    scripts = "web/static/js/"
    found = i18n_tool.scan()

    def in_scripts(where: list[str]) -> bool:
        return any(path.startswith(scripts) for path in where)

    named = {key for key, where in found.keys.items() if in_scripts(where)}
    patterns = [p for p, where in found.families.items() if in_scripts(where)]
    named |= {key for key in catalogue("de") if any(fnmatch.fnmatchcase(key, p) for p in patterns)}
    assert named - set(data["messages"]) == set()
    assert "box.chance" in named  # a box every script may draw, also named by a template


def _lang(page: str) -> str:
    match = re.search(r'<html lang="(\w+)"', page)
    assert match
    return match.group(1)


def test_the_language_follows_the_browser_then_the_menu(client: Any) -> None:
    def lang(headers: dict[str, str] | None = None, query: str = "") -> str:
        return _lang(client.get(f"/{query}", headers=headers or {}).get_data(as_text=True))

    assert lang() == "nl"
    assert lang({"Accept-Language": "de-DE,de;q=0.9,en;q=0.8"}) == "de"
    assert lang({"Accept-Language": "fr-FR,fr;q=0.9,en;q=0.5"}) == "en"
    assert lang({"Accept-Language": "fr"}) == "nl"
    response = client.get("/?lang=en", headers={"Accept-Language": "de"})
    assert _lang(response.get_data(as_text=True)) == "en"
    assert "lang=en" in response.headers["Set-Cookie"]
    assert "Accept-Language" in response.headers["Vary"]
    # the cookie the menu set wins over the browser's wish, until the menu changes it
    assert lang({"Accept-Language": "de"}) == "en"
    assert lang({"Accept-Language": "de"}, "?lang=de") == "de"
    assert lang({"Accept-Language": "en"}) == "de"
    assert lang({}, "?lang=xx") == "de"
    # the service worker keeping a page it saw open (?lang=en) answers in English and
    # remembers nothing: the next navigation is still in the menu's language
    kept = client.get("/?lang=en", headers={"Sec-Fetch-Mode": "cors"})
    assert _lang(kept.get_data(as_text=True)) == "en" and "Set-Cookie" not in kept.headers
    assert lang({"Sec-Fetch-Mode": "navigate"}) == "de"
    assert lang({"Sec-Fetch-Mode": "navigate"}, "?lang=nl") == "nl" and lang() == "nl"


def test_the_menu_offers_the_other_languages_in_their_own_words(client: Any) -> None:
    page = client.get("/", headers={"Accept-Language": "de"}).get_data(as_text=True)
    assert 'href="?lang=nl" lang="nl"' in page and ">Nederlands<" in page
    assert 'href="?lang=en" lang="en"' in page and ">English<" in page
    assert 'href="?lang=de"' not in page


class _Text(HTMLParser):
    """The text a reader sees (not scripts or styles), and the attributes read aloud."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self._hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self._hidden += 1
        for name, value in attrs:
            if name in ("aria-label", "title", "placeholder", "alt") and value:
                self.parts.append(value)

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self._hidden -= 1

    def handle_data(self, data: str) -> None:
        if not self._hidden and data.strip():
            self.parts.append(data.strip())


def _seen(page: str) -> str:
    reader = _Text()
    reader.feed(page)
    return "\n".join(reader.parts)


def _pages(client: Any) -> list[str]:
    """Every page a player reaches: the menu's, the daily games', the profile, the
    lobby, the printable sheets, a table of each mode, a finished game and its review, the
    word reports, a box of dice and the error page."""
    paths = ["/", "/rules", "/words", "/highscores", "/daily/woord", "/daily/classic",
             "/lobby", "/profile", "/dice", "/no-such-page"]
    paths += [f"/sheets/{mode}" for mode in ("woord", "classic", "kaartspel", "triple")]
    for mode, players in (("woord", ["Anna"]), ("classic", ["Anna"]),
                          ("kaartspel", ["Anna", "Bram"]), ("triple", ["Anna"])):
        kind = "solo" if len(players) == 1 else "hotseat"
        made = client.post("/api/games", json={"mode": mode, "kind": kind,
                                                "players": players})
        assert made.status_code == 201, made.json
        paths.append(f"/games/{made.json['id']}")
    # a finished game of classic Yahtzee and its review
    made = client.post("/api/games", json={"mode": "classic", "kind": "solo",
                                            "players": ["Anna"]}).json
    game, token = made["id"], {"X-Seat-Token": made["links"][0]["token"]}
    for _ in range(13):
        client.post(f"/api/games/{game}/act/throw", headers=token, json={})
        state = client.get(f"/api/games/{game}", headers=token).json
        box = next(b for b, v in state["players"][0]["boxes"].items() if v is None)
        client.post(f"/api/games/{game}/act/claim", headers=token,
                    json={"box": box, "seq": state["seq"]})
    assert client.get(f"/api/games/{game}", headers=token).json["status"] == "finished"
    return [*paths, f"/games/{game}", f"/games/{game}/review", "/moderate/login", "/dice/nl"]


def test_every_page_speaks_german_without_a_dutch_text_or_a_bare_key(client: Any) -> None:
    german = catalogue("de")
    keys = set(german)
    # a Dutch text of the catalogue that German does not share: it must not show
    german_texts = {form for text in german.values()
                    for form in (text if isinstance(text, tuple) else (text,))}
    dutch = {form for key, text in catalogue("nl").items()
             for form in (text if isinstance(text, tuple) else (text,))
             if len(form) >= 12 and "{" not in form and "<" not in form
             and form not in german_texts}
    for path in _pages(client):
        response = client.get(path, headers={"Accept-Language": "de-DE,de;q=0.9"})
        page = response.get_data(as_text=True)
        assert _lang(page) == "de", path
        seen = _seen(page)
        bare = sorted(word for word in re.findall(r"[a-z][a-z_]*\.[a-z0-9_.]+", seen)
                      if word in keys)
        assert not bare, (path, bare)
        left = sorted(text for text in dutch if text in seen)
        assert not left, (path, left)
        # the language shows: each page has a word only German writes
        assert re.search(r"[äöüßÄÖÜ]|\b(und|der|die|das|Spiel|Regeln|Würfel)\b", seen), path


def test_the_installable_apps_manifest_speaks_the_pages_language(client: Any) -> None:
    page = client.get("/", headers={"Accept-Language": "de"}).get_data(as_text=True)
    link = re.search(r'<link rel="manifest" href="([^"]+)"', page)
    assert link and link.group(1) == "/manifest.webmanifest?lang=de"
    manifest = client.get(link.group(1))
    assert manifest.mimetype == "application/manifest+json"
    assert manifest.json["lang"] == "de"
    assert manifest.json["description"] == catalogue("de")["app.description"]
    assert "im Browser" in manifest.json["description"]
    assert client.get("/manifest.webmanifest?lang=en").json["lang"] == "en"


@pytest.mark.parametrize(("lang", "text"), [("nl", "gooi alle stenen opnieuw"),
                                             ("en", "throw all the dice again"),
                                             ("de", "alle Würfel neu werfen")])
def test_a_keep_of_nothing_says_every_die_is_thrown_again(lang: str, text: str) -> None:
    from wordyahtzee.web.i18n import translator
    from wordyahtzee.web.pages import describe_option

    t = translator(lang)
    assert describe_option({"kind": "keep", "keep": []}, t) == text
    assert describe_option({"kind": "keep", "letters": ""}, t) == text
    assert "EGS" in describe_option({"kind": "keep", "letters": "egs"}, t)


def test_the_blank_is_one_symbol_on_every_page(client: Any) -> None:
    """The blank die face ("?" in the API) shows as ◆ everywhere, as in the game: a
    review's kept letters, the rules' dice, a box's page."""
    from wordyahtzee.web.i18n import translator
    from wordyahtzee.web.pages import describe_option, faces_text

    assert faces_text("kus?atl") == "KUS◆ATL"
    assert describe_option({"kind": "keep", "letters": "e?s"}, translator("nl")) == \
        "houd E◆S"
    rules = client.get("/rules?lang=nl").get_data(as_text=True)
    faces = rules[rules.index('class="plain dice-faces"'):]
    faces = faces[:faces.index("</ol>")]
    assert "◆" in faces and "<code>?</code>" not in faces and ">blanco<" in faces
    static = Path(__file__).resolve().parents[1] / "web" / "static" / "js"
    for script in static.glob("*.js"):  # the scripts draw it by BLANK or facesText
        text = script.read_text()
        assert script.name == "common.js" or "◆" not in text, script.name
        assert 'replaceAll("?"' not in text or script.name == "common.js", script.name
    review = (Path(__file__).resolve().parents[1] / "web" / "templates" / "review.html")
    assert "d.shown|faces" in review.read_text()


def test_a_woord_page_in_another_language_says_which_words_count(client: Any) -> None:
    gid = client.post("/api/games", json={"mode": "woord", "kind": "solo",
                                          "players": ["Anna"]}).json["id"]
    german = client.get(f"/games/{gid}?lang=de").get_data(as_text=True)
    assert 'id="words-language"' in german and "niederländischen Wörtern" in german
    english = client.get(f"/games/{gid}?lang=en").get_data(as_text=True)
    assert "played with Dutch words" in english
    assert 'id="words-language"' not in client.get(f"/games/{gid}?lang=nl").get_data(
        as_text=True)
    classic = client.post("/api/games", json={"mode": "classic", "kind": "solo",
                                              "players": ["Anna"]}).json["id"]
    assert 'id="words-language"' not in client.get(f"/games/{classic}?lang=de").get_data(
        as_text=True)


def _texts(lang: str) -> dict[str, str]:
    """Every message of ``lang``, plural forms joined."""
    return {key: " | ".join(text) if isinstance(text, tuple) else text
            for key, text in catalogue(lang).items()}


def test_the_texts_a_play_test_found_wrong_are_right() -> None:
    """Texts players read as wrong: no "seed" in Dutch ("zaad"), the turn written in one
    tense, the game kinds named once (their explanation only beside the start page's
    choice), German's puzzle link without a stray article, and a spectator's line two
    sentences."""
    nl, en, de = _texts("nl"), _texts("en"), _texts("de")
    assert not [k for k, v in nl.items() if "zaad" in v.lower()]
    assert "code" in nl["daily.seed"].lower() and "code" in nl["daily.seed_later"].lower()
    assert not [k for k, v in nl.items() if re.search(r"\bschreef\b", v)]
    assert not [k for k, v in en.items() if re.search(r"\bwrote\b", v) and "{name}" in v]
    for texts in (nl, en, de):
        assert not [k for k in texts if k.startswith("kind.") and "(" in texts[k]]
        assert texts["game.watching"].count(".") == 2 and "{name}" in texts["game.watching"]
    assert de["start.puzzles"] == "Rätsel und Leistungstest"
