"""Dutch word families for the ``nl`` build: which words a word may be a regular form of.

Everything works on folded spellings (a–z, ``wordyahtzee.letters.fold``): ``calorieën`` is
``calorieen``, so its ``-ën`` plural is an ``-en`` plural of ``calorie``. :func:`bases`
proposes, for a word, every word it may be a regular inflection (or a close derivation) of,
by Dutch spelling rules; the build keeps only the proposals that are entries of the source,
so proposing too much costs nothing but a look-up:

- plurals: ``-s`` (``ripostes`` → ``riposte``), ``-en``/``-ën``/``-n`` (``boeken`` →
  ``boek``, ``huizen`` → ``huis``, ``calorieën`` → ``calorie``, ``antennen`` →
  ``antenne``), Latin ``-a`` and ``-i`` (``gremia`` → ``gremium``, ``alumni`` →
  ``alumnus``);
- adjectives: the ``-e`` form (``forse`` → ``fors``, ``grote`` → ``groot``, ``lieve`` →
  ``lief``), comparatives and superlatives (``forser``, ``grootst``, ``grotere``);
- diminutives: ``-je``, ``-tje``, ``-pje``, ``-etje``, ``-kje`` and their ``-s`` plurals;
- verb forms, to the infinitive: the stem, ``-t``, ``-de(n)``, ``-te(n)``, the participles
  ``ge-…-d/-t`` and ``-end(e)`` (``gun``, ``gunt``, ``gegund`` → ``gunnen``; ``riposteert``
  → ``riposteren``; ``bridgende`` → ``bridgen``);
- ``-eren`` verbs made from a noun (``riposteren`` → ``riposte``, ``flirten`` is no such).

:func:`relatives` adds the other direction through an index of the source:
``riposte`` has the relatives ``ripostes`` and ``riposteren``.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable

VOWELS = "aeiou"
_CLOSED = re.compile(r"^(.*[^aeiou]|)([aeou])([^aeiouwj])$")
"""A stem that ends in one vowel and one consonant (``grot`` of ``grote``): the vowel was
long in the open syllable, so the base writes it twice (``groot``)."""


def stems(x: str) -> set[str]:
    """The spellings of a stem ``x`` left by an ending that starts with a vowel: as it is,
    with a doubled consonant undone (``dikk`` → ``dik``: the vowel is short), or else with
    ``z``/``v`` back to ``s``/``f`` (``huiz`` → ``huis``, ``liev`` → ``lief``) and a long
    vowel written twice (``grot`` → ``groot``, ``boz`` → ``boos``)."""
    if len(x) < 2:
        return set()
    if x[-1] == x[-2] and x[-1] not in VOWELS:
        return {x, x[:-1]}
    found = {x}
    if x[-1] in "zv":
        found.add(x[:-1] + ("s" if x[-1] == "z" else "f"))
    for s in list(found):
        m = _CLOSED.match(s)
        if m and m.group(1):
            found.add(m.group(1) + m.group(2) * 2 + m.group(3))
    return found


_SHORT = re.compile(r"^(.*?)([aeiou])([^aeiouwj])$")


def infinitives(stem: str) -> set[str]:
    """The infinitives a verb stem may belong to (``maak`` → ``maken``, ``gun`` →
    ``gunnen``, ``leef`` → ``leven``, ``teken`` → ``tekenen``, ``riposteer`` →
    ``riposteren``)."""
    if len(stem) < 2 or stem[-1] in VOWELS:
        return set()
    m = _SHORT.match(stem)
    if m and (not m.group(1) or m.group(1)[-1] not in VOWELS):
        found = {stem + stem[-1] + "en"}  # a short vowel: gun -> gunnen
        if m.group(2) == "e" and any(ch in VOWELS for ch in m.group(1)):
            found.add(stem + "en")  # an unstressed e: teken -> tekenen
    elif len(stem) >= 3 and stem[-2] == stem[-3] and stem[-2] in "aeou":
        found = {stem[:-2] + stem[-1] + "en"}  # a long vowel: maak -> maken
    else:
        found = {stem + "en"}  # werk -> werken, fiets -> fietsen
    for s in list(found):
        if s.endswith("fen"):
            found.add(s[:-3] + "ven")
        if s.endswith("sen"):
            found.add(s[:-3] + "zen")
    return found


def _verb_stems(w: str) -> set[str]:
    """The stems ``w`` may be a form of: itself, or ``w`` less ``-t``/``-d``/``-de(n)``/
    ``-te(n)``, or a participle ``ge-…-d/-t`` (with its ``-e`` form)."""
    found = {w}
    for ending in ("t", "d", "de", "te", "den", "ten"):
        if w.endswith(ending) and len(w) - len(ending) >= 2:
            found.add(w[: -len(ending)])
    if w.startswith("ge") and len(w) >= 5:
        core = w[2:-1] if w[-1] == "e" else w[2:]
        if core[-1:] in ("d", "t"):
            found.add(core[:-1])
    return found


def participles(infinitive: str) -> set[str]:
    """The past participles of a regular verb (``gunnen`` → ``gegund``, ``maken`` →
    ``gemaakt``): a verb has one in the source, a noun plural in ``-en`` has none."""
    if not infinitive.endswith("en") or len(infinitive) < 4:
        return set()
    return {"ge" + stem + t for stem in stems(infinitive[:-2]) for t in ("d", "t")}


def attributive(adjective: str) -> set[str]:
    """The ``-e`` forms an adjective may have (``groot`` → ``grote``, ``dik`` → ``dikke``,
    ``lief`` → ``lieve``): a comparative or superlative counts as one only when the source
    has the base's ``-e`` form too."""
    a = adjective
    found = {a + "e", a + a[-1] + "e"}
    if len(a) >= 3 and a[-2] == a[-3] and a[-2] in "aeou":
        found.add(a[:-3] + a[-2] + a[-1] + "e")
    for f in list(found):
        if f.endswith("se"):
            found.add(f[:-2] + "ze")
        if f.endswith("fe"):
            found.add(f[:-2] + "ve")
    return found


def bases(w: str) -> dict[str, str]:
    """The words folded ``w`` may be a regular form of (see the module's text), each with
    the kind of form: ``plural``, ``adjective`` (the ``-e`` form), ``comparative`` (or
    superlative), ``diminutive``, ``verb`` (its infinitive) or ``derivation`` (the noun of
    an ``-eren`` verb); never ``w`` itself."""
    found: dict[str, str] = {}

    def add(words: Iterable[str], kind: str) -> None:
        for b in words:
            if len(b) >= 2 and b != w:
                found.setdefault(b, kind)

    n = len(w)
    for ending in ("je", "tje", "pje", "kje", "etje", "jes", "tjes", "pjes", "kjes", "etjes"):
        if w.endswith(ending) and n - len(ending) >= 2:
            x = w[: -len(ending)]
            add(stems(x) | ({x + "g"} if ending.startswith("kje") and x.endswith("n") else set()),
                "diminutive")
    if n >= 3 and w.endswith("s"):
        add([w[:-1]], "plural")
    if n >= 4 and w.endswith("en"):
        add(stems(w[:-2]), "plural")
        add([w[:-1]], "plural")  # after an -e: antennen -> antenne, fasen -> fase
    if n >= 3 and w.endswith("e"):
        add(stems(w[:-1]), "adjective")
    for ending in ("er", "ere", "st", "ste"):
        if w.endswith(ending) and n - len(ending) >= 2:
            add(stems(w[: -len(ending)]), "comparative")
    if n >= 4 and w.endswith("a"):
        add([w[:-1] + "um", w[:-1] + "on"], "plural")
    if n >= 4 and w.endswith("i"):
        add([w[:-1] + "us"], "plural")
    if n >= 6 and w.endswith("eren"):
        add([w[:-4], w[:-4] + "e"], "derivation")
    for ending in ("end", "ende"):  # the present participle: bridgende -> bridgen
        if w.endswith(ending) and n - len(ending) >= 2:
            add([w[: -len(ending)] + "en"], "verb")
    for stem in _verb_stems(w):
        add(infinitives(stem), "verb")
        if stem.endswith("eer"):  # riposteer(t) -> riposte
            add([stem[:-3], stem[:-3] + "e"], "derivation")
    return found


def derived_index(words: Iterable[str]) -> dict[str, set[str]]:
    """For every proposed base, the words of ``words`` that may be a form of it."""
    index: dict[str, set[str]] = defaultdict(set)
    for w in words:
        for b in bases(w):
            index[b].add(w)
    return index


def relatives(w: str, index: dict[str, set[str]]) -> set[str]:
    """The bases of ``w`` and the words of the index that may be forms of ``w``."""
    return set(bases(w)) | index.get(w, set())
