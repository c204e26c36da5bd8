"""Words on the web: the JSON routes under ``/api`` about dictionaries (listing them,
building one from an uploaded word list: :mod:`.dictionary_jobs`), checking and solving
words (:mod:`.solving`), a player's own dice sets and the word reports; their bodies are
in :mod:`.models`."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, current_app, jsonify

from wordyahtzee.letters import fold
from wordyahtzee.lexicon import load_lexicon
from wordyahtzee.lexicon.why import explain

from ..apidoc import WRITES, documented, json_object, replies
from ..cookies import browser_key, maker_key, profile_secret
from ..moderation.routes import require_moderator
from ..services import tables
from . import dictionary_jobs, solving
from .models import (
    CheckReply,
    CheckRequest,
    DiceSet,
    DiceSetDeleted,
    DiceSetList,
    DictionaryList,
    JobReply,
    NewDiceSet,
    Report,
    ReportList,
    ReportRequest,
    ReportsQuery,
    SolveReply,
    SolveRequest,
    UploadForm,
)

bp = Blueprint("words", __name__, url_prefix="/api")


def _dictionaries(also: str | None = None) -> list[dict[str, Any]]:
    """The dictionaries this browser sees listed (:meth:`~wordyahtzee.owned.service.Owned.
    dictionaries`), each with its ``listing`` and whether it is ``mine``."""
    return tables().owned.dictionaries(profile_secret(), browser_key(), also)


def _maker() -> tuple[str | None, str | None]:
    """Whose a thing this request makes is: the profile's secret, and the browser's key
    (made now, and set on the answer, for a browser with neither)."""
    secret, browser = profile_secret(), browser_key()
    if browser is None and tables().profiles.find_profile(secret) is None:
        browser = maker_key()
    return secret, browser


@bp.get("/dictionaries")
@documented(replies(DictionaryList))
def dictionaries() -> Response:
    """The dictionaries this browser sees listed: the shipped ones, those the operator
    built, the uploads a moderator approved, and this browser's (or its profile's) own
    uploads."""
    return jsonify({"dictionaries": _dictionaries()})


@bp.post("/dictionaries")
@documented(replies(JobReply, 202, (400, 403, 409, 413, 429)), form=UploadForm)
def upload_dictionary() -> Any:
    """Build a custom dictionary from an uploaded word list, owned by this browser's
    profile (or, without one, by the browser).

    multipart/form-data: ``file`` (UTF-8 text or gzip, one word a line, at most 8 MiB),
    ``title``, ``public`` (ask the moderators to list it to everyone). The server names
    the dictionary: that name, in the job, is its link. Returns a job to poll; 409
    ``too_many_dictionaries`` past the most one owner may have."""
    job = dictionary_jobs.start_upload(current_app.config["UPLOAD_MAX_BYTES"], *_maker())
    return jsonify({"job": job}), 202


@bp.get("/dictionaries/jobs/<job_id>")
@documented(replies(JobReply, errors=(404,)))
def dictionary_job(job_id: str) -> Response:
    """Progress of a dictionary build."""
    return jsonify({"job": dictionary_jobs.get_job(job_id)})


@bp.post("/check")
@documented(replies(CheckReply, errors=(*WRITES, 429)), json=CheckRequest)
def check(json: CheckRequest) -> Response:
    """Is each word in the dictionary, and why?

    Per word ``valid`` and ``why``: where a valid word comes from (``source``: reviewed,
    unreviewed, inflection, supplement, two_letter, judged, listed) or why a word is
    refused (not_listed, abbreviation, name, foreign, not_a_word, offensive, rare), a
    ``detail`` (the written reason, the base word), the reason as ``text``, and up to
    three valid words one edit away (``nearby``): :mod:`wordyahtzee.lexicon.why`."""
    lexicon = load_lexicon(json.dictionary)
    overlay = current_app.extensions["wordyahtzee.overlay"]
    results = []
    for w in json.words:
        why = explain(w, lexicon, overlay)
        results.append({"word": w, "folded": fold(w), "valid": why.valid, "why": why.to_json()})
    return jsonify({"dictionary": json.dictionary, "results": results})


@bp.post("/solve")
@documented(replies(SolveReply, errors=(*WRITES, 422, 429, 503)), json=SolveRequest)
def solve(json: SolveRequest) -> Response:
    """The best words for seven faces, per box (``?`` = the blank).

    At most ``SOLVE_MAX_BLANKS`` blanks, 4 by default: more is refused as too costly
    (``bad_rack``); under the server a solve over ``SOLVE_SECONDS`` is stopped, 503."""
    return jsonify(solving.solve(json.letters, json.dictionary, json.dice_set,
                                 int(current_app.config["SOLVE_MAX_BLANKS"]),
                                 float(current_app.config["SOLVE_SECONDS"]),
                                 current_app.extensions["wordyahtzee.overlay"]))


@bp.get("/dice-sets")
@documented(replies(DiceSetList))
def dice_sets() -> Response:
    """The shipped dice sets and this browser's (or its profile's) own boxes; nobody
    else's."""
    return jsonify({"dice_sets": tables().owned.boxes(profile_secret(), browser_key())})


@bp.get("/dice-sets/<name>")
@documented(replies(DiceSet, errors=(404,)))
def dice_set(name: str) -> Response:
    """One dice set, with every die's faces and points: a shipped one by its name, an own
    box by its id (its link, which anyone who has it may read)."""
    return jsonify(tables().owned.box(name, profile_secret(), browser_key()))


@bp.post("/dice-sets")
@documented(replies(DiceSet, 201, (*WRITES, 409, 429)), json=NewDiceSet)
def add_dice_set() -> Any:
    """Keep a player's own box, owned by this browser's profile (or, without one, by the
    browser); the server names it, and its link ``url`` shares it.

    Seven dice of six faces ``[letter, points]`` (``?`` the blank; an Umlaut counts as its
    plain vowel); 201 with the set and its link; 409 ``too_many_boxes`` past the most one
    owner may keep."""
    return jsonify(tables().owned.make_box(json_object(), *_maker())), 201


@bp.delete("/dice-sets/<name>")
@documented(replies(DiceSetDeleted, errors=(*WRITES, 404)))
def delete_dice_set(name: str) -> Response:
    """Delete one of this browser's (or its profile's) own boxes: games played with it
    keep their copy of its dice; 404 for any other."""
    tables().owned.delete_box(name, profile_secret(), browser_key())
    return jsonify({"deleted": name})


@bp.post("/reports")
@documented(replies(Report, 201, (*WRITES, 429)), json=ReportRequest)
def report_word(json: ReportRequest) -> Any:
    """Report a word as wrongly accepted or wrongly refused by the dictionary."""
    valid = load_lexicon(json.dictionary).is_valid(
        json.word, current_app.extensions["wordyahtzee.overlay"])
    store = current_app.extensions["wordyahtzee.store"]
    store.add_report(fold(json.word), json.dictionary, json.kind, " ".join(json.note.split()))
    return jsonify({"word": fold(json.word), "dictionary": json.dictionary,
                    "kind": json.kind, "valid_now": valid}), 201


@bp.get("/reports")
@documented(replies(ReportList, errors=(400, 401)), query=ReportsQuery)
def word_reports(query: ReportsQuery) -> Response:
    """The reported words, most reported first (for a logged-in moderator: its session
    cookie; otherwise 401 ``login_required``)."""
    require_moderator()
    store = current_app.extensions["wordyahtzee.store"]
    return jsonify({"reports": [r.to_json() for r in store.word_reports(query.dictionary)]})


__all__ = ["bp"]
