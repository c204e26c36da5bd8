#!/usr/bin/env python3
"""Build the shipped Dutch "ordinary dictionary" word list, ``dictionaries/nl.txt.gz``.

Source: the OpenTaal word list as packaged by Debian (``wdutch``, ``/usr/share/dict/dutch``).
docs/rules.md §1 allows only words "from an ordinary dictionary: no proper names, abbreviations,
place names or foreign words". This script applies that filter rule by rule (see
``dictionaries/README.md``) and writes the kept words in their original spelling (diacritics
kept, lower case), sorted and unique, one per line, gzip-compressed deterministically.

Usage (from the repository root)::

    python scripts/build_nl_dictionary.py [SOURCE] [--out PATH] [--sample N]

Needs only the standard library, ``wordyahtzee.letters`` and ``wordfreq`` (used as a signal
for foreign words; the shipped list was built with wordfreq 3.1.1).
"""

from __future__ import annotations

import argparse
import collections
import gzip
import json
import random
import re
import sys
import unicodedata
from collections.abc import Mapping
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from wordyahtzee.letters import fold, is_plain_word  # noqa: E402

DEFAULT_SOURCE = Path("/usr/share/dict/dutch")
DEFAULT_OUT = REPO / "dictionaries" / "nl.txt.gz"
WORDFREQ_VERSION = "3.1.1"
DICT_DIR = REPO / "dictionaries"
TWO_LETTER_FILE = DICT_DIR / "nl-two-letter.tsv"
SUPPLEMENT_FILE = DICT_DIR / "nl-supplement.tsv"
OPENTAAL_FILE = DICT_DIR / "nl-opentaal.tsv.gz"
OPENTAAL_COMMIT = "b250510dda431785f962019167d1415198ff3905"
"""The OpenTaal/opentaal-wordlist commit that ``nl-opentaal.tsv.gz`` was derived from."""
OPENTAAL_LISTS = {
    "gekeurd": "elements/basiswoorden-gekeurd.txt",
    "ongekeurd": "elements/basiswoorden-ongekeurd.txt",
    "flexies": "elements/flexies-ongekeurd.txt",
    "verbs": "experimenteel/werkwoorden-infinitief.txt",
    "plurals": "experimenteel/nouns-meervouden.txt",
}
OPENTAAL_EN_FLOOR = 1.5
"""Unreviewed entries whose English Zipf is below this are not recorded in
``nl-opentaal.tsv.gz`` (the English rule never looks at them: ``ENGLISH_MIN`` is higher)."""


def _words(text: str) -> set[str]:
    """The whitespace-separated words of ``text``."""
    return set(text.split())


# ---------------------------------------------------------------------------------------------
# Curated lists. Every word is written in its folded (a–z) form unless noted.
# ---------------------------------------------------------------------------------------------

# Single-letter entries are letter names and unit symbols; these few are real words.
SINGLE_LETTER_WORDS = {"u", "ú", "o", "ó", "à"}

# Vowel-less entries are abbreviations and unit symbols (btw, cd, km, tv, wc ...), except
# these interjections.
VOWELLESS_INTERJECTIONS = {"brr", "pst", "sst", "tss", "zzz", "mmm"}

# An entry "x." (or "x.y.") marks "x"/"xy" as an abbreviation; these stems are also words.
DOTTED_STEM_WORDS = {
    "as", "bijl", "dra", "fa", "mi", "min", "om", "pa", "po", "prof", "red", "tem", "verg",
    "vrij",
}

# Lower-case abbreviations and letter-by-letter acronyms that contain a vowel (found by
# reading every entry of up to three letters and every entry with an un-Dutch onset).
# Acronyms that are spoken and inflected as ordinary words stay (aids, laser, radar, havo,
# mavo, pabo, vut, pin, vip, ufo, aso, emo).
ABBREVIATIONS = {
    "adi", "adv", "afa", "aio", "alv", "ama", "anw", "apa", "apk", "apr", "ata", "atb", "atv",
    "aug", "ava", "azc", "bic", "blo", "bov", "bvba", "cai", "cao", "cat", "cfk", "cli", "co",
    "cos", "dec", "dep", "det", "dpi", "ebo", "ebt", "ecg", "egt", "elo", "emt", "epa", "epi",
    "esp", "est", "eto", "eva", "feb", "febr", "fep", "fom", "fte", "gak", "gem", "get", "hbo",
    "heao", "hiv", "hso", "ia", "ic", "id", "ie", "ino", "int", "io", "isp", "ito", "iva",
    "ivf", "jan", "jul", "jun", "kca", "kmo", "lbgo", "lbo", "lic", "lio", "lno", "lso", "lto",
    "max", "mbo", "ngo", "nov", "ns", "oio", "okt", "ov", "ozb", "pda", "pcb", "sep", "sept",
    "soa", "tgv", "uhd", "ulo", "uv", "vbo", "vmbo", "vof", "vso", "vve", "vwo", "vzw", "wo",
    "www", "ltd", "kcal", "naw", "mrt", "mw", "ca",
}

# Foreign words that wordfreq cannot separate from Dutch on frequency alone: the list was
# made by reading every entry that is among the ~5,000 most frequent words of English,
# French, German, Spanish, Italian or Portuguese and clearly more frequent there than in
# Dutch, and keeping the established Dutch words and loans (weekend, computer, cool, baby,
# café, design, show, job, team ...). Also Latin and French fragments of multi-word entries
# (status quo, ipso facto, à la carte ...).
FOREIGN = _words("""
merci time straight
the to on but so like up out more get make these take down home state high
does house without end big money free second city different care small white far try yes
black law five story hope important coming death pay large lost research wrong matter happy
move community special future report form living major building easy market ready son study
board field thinking wants fine issue running common military security county happen issues
private return view weeks hour middle gold interest king society hands sent director source
lives official reading save blue picture mom range football style dog choice continue walk
built crazy loss goal listen missing professional risk schools piece boys culture places
response cold conference ice join kid sale significant winning clean scene sounds
statement gun heavy subject wide dad goals nobody pre sister battle features opinion reach
approach independent none multiple secret resources speaking touch doubt programs reports basic
captain crime male reality agreement sick teacher catch environment trial coffee condition heat
putting accept fat screen serve slow species traditional separate views wedding benefit feature
profile pull push target draw employees leaders memory prime spread waste adult engineering
smaller winner bag camp indeed cat produce background classes garden host lucky prove units
beauty images mad offers teachers excellent taste tea matters pair plane plenty proper
teaching upper accident terrible border buildings homes launch native trees charges flow joke
officials device relations hole listening strike actor urban escape extended factors mixed
secure funding passing zero editor mayor minor returns row affect blow concerns motion moves
attitude decades random recovery scenes accurate navy shift storage button counter crown
pregnant turkey carbon chose doctors personality retail dates manage contest puts reform decade
fantasy clinical comedy kinds lock statements suspect tie employee equivalent memories reply
train face close minute et est ne se tu fait faire sa ont peut deux leur suis sans
va peu monde faut avant sous vie déjà soit grand jour sera vu cas fin petit jours mort nouveau
nouvelle cours grande femme nom prix enfants jeu enfin eau femmes tes pu fut gouvernement
guerre jeune vont enfant belle beau ancien époque grands recherche santé affaires avis nouveaux
voiture propos derrière marche mots rencontre esprit mouvement noir origine sortie bonjour
cadre grandes premiers vieux mer cour valeur hors poste annonce présence moyenne soleil
monsieur quant reçu permis sept contraire longue sang sérieux bande faux discours
maître attaque avance grave bonnes commerce grosse arrivé changement lettre couleur importante
soutien visite suisse mondiale tiens valeurs seigneur anciens puissance stade touche absence
blanche cité tombe chinois madame peau tels bonheur ressources retraite revenu acte bouche
chaud recherches salut secondes vin faveur noël journaliste belles beauté buts agence
extrême triste actes communes allons entend reine voitures danse monter vivant baisse employés
humaine participation japon oublie colère eaux importants principale blague chute journalistes
gare logement noirs rencontres bilan lancé marqué barre gratuit dessin toucher conduite détail
plaît naturelle riches vendu couche couverture promotion socialiste surveillance allemande
fermer hausse organisme puissant attente frappe inde pilote tres portable superbe contente avec
pour oui carte cuisine bei wieder bin ab zwei nun seiner dort kommen ins ende
welt leute bist teil richtig grossen sollen dein weit neu dessen halten überhaupt wasser
wichtig denke tod deinen mach schaffen machte passt richtige gewinnen weder eins herren
teilen runde schluss leuten wichtige handy lustig studium naja gelten richter schaden hielt
hinten gehalten verlag anschluss armee karten strassen blut heimat innen bilden verwenden
wem bühne hessen komisch witz experten gelang ansicht privaten staffel hersteller toten
gestalten kalt pass ruft vermeiden mut wichtigste machten normalen betroffen nerven und
ich ist sehr mit no por sus yo nada tienen presidente pueblo ante señor cambio
tarde tras amor paso uso amigo pasar hola zona cara mayo modo campo significa seis vivo
mar presente culpa redes rico alma señora doble familias voto rato carne duro piel planes clave
piso carga bandera madera agentes toque volumen artes perfecta romper ama
positivo agente plano caballero mina viste aviso mata guste dei nel dal io tra sul mia
vita hai bene volta li tutte sotto forse volte sui numero dato allo donna fra tale
bambini conto voce unica bello lingua pare poter mani pace bambino natura nero
parlando canzone termini rende natale critica conti bagno forti dolce anima corsa
grosso occidentale mila nonna potente canto relativa penale porti pene
carabinieri alla forma tem já sem agora nas deus dele équipe nesse pais ia ar oi
leste vim pede taxa leis facto raio interesses flor topo cai independente
impressionante equipes quo cum mea ipso hoc delicti nervosa absurdum perpetuum machina
pectoris interruptus fallopii stante concreto pseudologia fantastica hysteron dementia numerus
mellitus nigra rasa tabula habilis hominem aequo fide bona ore posteriori priori apriori statu
generis coûte beurre haute masqués mouton pieds pêche nous entre plume equipe invité
invite
""")

# Words the automatic foreign-word rule (below) would drop but that are Dutch: loans in
# Dutch dictionaries, Dutch plurals of loans, music terms, and Dutch inflections that happen
# to look German.
KEEP = _words("""
abdomen absoluter aficionado agio bascule bijou blossen bucht canapé cella cicerone clientèle
congé cortège coupes couloir couloirs cracks cultivar cumul curare custos debater deficit
deficits dengue desiderata dessous dioxide doublé douceur duplo emballage entente ersatz errata
etude etudes exposé exposés fiancé flashes foulard gages gendarmerie gendarmes gilet gummi
gymnasiums habitué habitués hearing hearings heu legato lento libretto machismo mediocre
moderato nocturne nocturnes noblesse octavo offset oratorio pantalon pantalons paralysie
parvenu passerelle passiva pedo peperoni pianoforte plaque plaques potent promenades pullover
putsch raids rappel recto referent referenten romances rubato saldi scherzo secco sombrero
soufflé sortiment stopper teenager teenagers terrazzo timbre timbres zeitgeist galt krasser
lacher breit sprengen roten zeugen alten episoden protagonisten moderatoren presenten strang
krank geringer geringere technischer typischer historischer internationaler elektrischer
canasta caoutchouc cloche crochet conclave continuo basso decime divertimento graduale
quattrocento cinquecento pampa sostenuto ritenuto appassionato scherzando vides jetons mines
mobiles centimes cents budgets bulletins baskets canons inputs jerseys tabs trusts discounts
drains filets crosses cues gallons shocks surprises coups revues foyers liaisons entrepreneurs
concerti cordillera hidalgo wiegt spiegelt verhandelt mangelt verankert steigert heult acre
acres acta agitato agressor alto ambiance aria armada attaché aula aura balsa barrage bases
basta bijouterie bissen bleu boa bock bonne boules brioche cache cantor capo capriccio caritas
casco cases cavalier centime chance chanson chansons charcuterie chefs ciao click coda
commercial communiqué concerto contra coupe courage crescendo cru credo dada dansant deniers
deren demi dies diminuendo dito dra dry dumps embargo engere ensemble entrepreneur enquêtes
enquêteur essence essences examina expertises fauteuil favela fiche fix flagrant fond fondant
forfait fortissimo francs frigo gamba gaucho gays gemocht gendarme gestand gigs gilets glacé
gourmand grandeur grazioso gros gut happening hommage inches indices inertie inferno influenza
joints junta largo leader leasing levels liaison libero limit linie lire loco maestoso maestro
maillot maillots mais mannequin mannequins marquise masse matches medici meetings mezzo mica
midi mille mora nippel nuancen occasion occasions overall pages passant passé patio patience
patois patronage pedigree persona peso piccolo plenum podia poco pointe polenta portière poses
prairies premières presto primo prior provo puh pullman punaise quasi quitte quota raclette
rappels rein remous reprise revanche revers rouge ruche rund runs sage sagen salto salvo samba
seinen setting smoking souvenir sprengt standing starts steps stipendium stock stops stores
sumo surprise suspense tableau taille tissue toccata torero tranche trema tub tutti ultimo
velours vendetta verso vide votum vulgo wort yard yards zog zeug agonie allures barrages
communiqués evidente herstellers initiale modest persistente recurrente garçon chasseur
chasseurs redoute cocotte coiffeur etnie fantasme hetze renonce thinner dans aller most area
plans short fuga specie pari collo corso liga toilette testes romantici tragici penultima
façades débouché débouchés doublure lacune lacunes montages pannes pistes pistolets volants
vedettes
at been made lies bet el dos noch dar dove lei manco rei pies passe tut frase causa breve mater
fora modi tipi indo sou mie pont commune stern immer hora tras innen kommen machten richter
nerven weder schaffen karten schreien schreit schicht schichten decent decente clever combine
combines default desk bias cargo pistolet poet prudent prudente ignorant ignorante indifferent
indifferente excellente timide flagrante absente persistent imminent imminente parfait crayon
crayons cahier cahiers carnet carnets bloc bavarois bonhomme camion camions canard canards
confrère confrères consommé couverts cuisinier délégué déléguée délégués employé escudo facteur
facteurs flûte fusillade garçons gêne majeur mignon misère ouverture ouvertures romancier
routier routiers souplesse tailleur variété variétés vestiaire vestiaires voile voiles volant
kidnapping pressing referee referees sheet sheets census genera nuclei stimulus inhibitor
affidavit quarto varia stanza glühwein schlager schnaps focaccia pancetta partita rioja stamina
tabasco tifosi vivace conquistador campanile traverse praxis discount fundraising goalkeeper
visite gare these komisch velo vélo japon legenda suède touché esprit avances agora bühne
shift goal goals border editor major minor mixed listen pump pumps home homes
button buttons touche nurse nurses kohl array arrays listing listings target targets feature
features strike strikes issue issues fantasy retail camp memory special specials sale flow
chino chinos heat heats beef comedy basic random clean
mangels realen equilibrium sanguine caudillo grandezza
""")

# The automatic rule: a word is foreign when it is uncommon in Dutch text (wordfreq Zipf < 3.6)
# yet common in English, French, German, Spanish, Italian or Portuguese (Zipf >= 3.3, at
# least 1.3 higher), and no Dutch inflection or stem of it is in the source list.
AUTO_NL_MAX = 3.6
AUTO_OTHER_MIN = 3.3
AUTO_GAP = 1.3
OTHER_LANGS = ("en", "fr", "de", "es", "it", "pt")

VOWELS = set("aeiouy")


def _freqs(word: str) -> tuple[float, ...]:
    from wordfreq import zipf_frequency

    return tuple(zipf_frequency(word, lang) for lang in ("nl", *OTHER_LANGS))


class ForeignCheck:
    """The automatic foreign-word rule, with a cache of wordfreq look-ups."""

    def __init__(self, lowercase_entries: set[str]):
        self.entries = lowercase_entries
        self.cache: dict[str, tuple[float, ...]] = {}

    def freqs(self, word: str) -> tuple[float, ...]:
        if word not in self.cache:
            self.cache[word] = _freqs(word)
        return self.cache[word]

    def looks_foreign_by_freq(self, word: str, nl_max: float, other_min: float,
                              gap: float) -> bool:
        f = self.freqs(word)
        other = max(f[1:])
        return f[0] < nl_max and other >= other_min and other - f[0] >= gap

    def _relatives(self, w: str) -> set[str]:
        """Dutch inflections and stems of ``w`` (Dutch spelling rules, roughly)."""
        rel: set[str] = set()
        cons = w[-1] not in "aeiou"
        for suf in ("en", "de", "te", "e", "t", "d"):
            rel.add(w + suf)
            if cons:
                rel.add(w + w[-1] + suf)
        m = re.match(r"^(.*)([aeou])\2([^aeiou])$", w)
        if m:
            for suf in ("en", "e", "de", "te"):
                rel.add(m.group(1) + m.group(2) + m.group(3) + suf)
        rel |= {"ge" + w + "d", "ge" + w + "t", "ge" + w + "en"}
        for suf in ("en", "e", "de", "te", "s", "n", "t", "er"):
            if w.endswith(suf) and len(w) - len(suf) >= 2:
                s = w[: -len(suf)]
                rel.add(s)
                if suf in ("t", "er"):
                    rel |= {s + "en", s + "e"}
                if len(s) >= 2 and s[-1] == s[-2] and s[-1] not in "aeiou":
                    rel.add(s[:-1])
                m = re.match(r"^(.*[^aeiou])([aeou])([^aeiou])$", s)
                if m:
                    rel.add(m.group(1) + m.group(2) * 2 + m.group(3))
                if s.endswith("z"):
                    rel.add(s[:-1] + "s")
                if s.endswith("v"):
                    rel.add(s[:-1] + "f")
        rel.discard(w)
        return rel

    def anchored(self, w: str) -> bool:
        """True when a Dutch-looking relative of ``w`` is in the source list."""
        for r in self._relatives(w):
            if len(r) >= 3 and r in self.entries:
                f = self.freqs(r)
                other = max(f[1:])
                if not (other >= 2.0 and other - f[0] >= 0.5):
                    return True  # a relative that is not used abroad
                if f[0] >= 1.0 and not self.looks_foreign_by_freq(r, AUTO_NL_MAX,
                                                                  AUTO_OTHER_MIN, AUTO_GAP):
                    return True  # a relative that Dutch text uses as much as foreign text
        return False

    def is_foreign(self, w: str) -> bool:
        return (self.looks_foreign_by_freq(w, AUTO_NL_MAX, AUTO_OTHER_MIN, AUTO_GAP)
                and not self.anchored(w))


def _has_vowel(folded: str) -> bool:
    return any(ch in VOWELS for ch in folded)


# ---------------------------------------------------------------------------------------------
# OpenTaal's own lists: reviewed, unreviewed, neither; verbs and noun plurals.
# ---------------------------------------------------------------------------------------------

# Entries of wdutch that are in none of OpenTaal's lists are fragments of multi-word entries
# (`aanschijns`, `abeundi`, `bedde`, `cetera`, `smiths`, `uursdienst`): dropped, except these
# words that Dutch dictionaries have on their own.
UNLISTED_WORDS = _words("""
toilette persona viola weerd
""")

# English-looking unreviewed entries (rule 10) that are Dutch: loans in Dutch dictionaries,
# their Dutch plurals, and Dutch words that English happens to share.
ENGLISH_OK = _words("""
appendices arrays batsmen linesmen gentlemen bartenders boards borders bowlers braver
breakpoints buttons captains choppers clouds compilers concave confuse convertibles counters
covalent curricula desperate devote disparate drugstores editors eocene farmers fellows
follower fungi geeks goalies goalkeepers handsets helices highlights holocene immune
inaccurate incomplete inopportune integers inverse jets kidnappers logs majors matrices
micrometers millennial minors miocene moderate obese obsolete obstinate oligocene opportune
overdoses paleocene pleistocene pliocene plotters pointers postgraduate premature puddings
pushers quarterbacks questionnaires ranchers ridicule sachets safer safest shillings solider
stretchers theses townships tutor tutors usernames warlords wearable wetlands workstations
bare delete
""")

# Unreviewed entries below the English rule's thresholds that are English (or junk) anyway,
# found by reading every unreviewed entry with English Zipf >= 1.5 and 1.3 above Dutch.
ENGLISH_WORDS = _words("""
acquits airs alben artworks barbershops baselines batters behing bents besom bolsters bust
byes chook counsel cretins custards datasheets datings doggers dupes eggheads emmert fibers
geat guesthouses havent headbang heuser hord icings invitees jubilees leaflets leagues lept
lorries lort lubber lurk mandie merchandisers misdeed nart oppor organizers panders pangs pent
prefs pressies pummels reefers scheler scrimmages sipper skim stat steger stickies
streak swaggers turtlenecks typecast urm vees warde yel yells
""")

# The English rule: an unreviewed entry (basiswoorden-ongekeurd or flexies-ongekeurd) is
# English when English text uses it clearly more than Dutch text does.
ENGLISH_MIN = 2.0
ENGLISH_GAP = 1.0


def read_tsv(path: Path) -> list[list[str]]:
    """The tab-separated rows of ``path``, without comments, blank lines and the header."""
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        rows.append(line.split("\t"))
    return rows[1:]


def load_two_letter(path: Path = TWO_LETTER_FILE) -> dict[str, bool]:
    """Folded two-letter word -> keep? (the reviewed list ``nl-two-letter.tsv``)."""
    table: dict[str, bool] = {}
    for row in read_tsv(path):
        word, decision, reason = row
        if len(word) != 2 or decision not in ("keep", "drop") or not reason.strip():
            raise ValueError(f"{path.name}: bad row {row}")
        if word in table:
            raise ValueError(f"{path.name}: {word!r} twice")
        table[word] = decision == "keep"
    return table


def load_supplement(path: Path = SUPPLEMENT_FILE) -> dict[str, str]:
    """Word -> source, from the reviewed supplement ``nl-supplement.tsv``."""
    table: dict[str, str] = {}
    for row in read_tsv(path):
        word, source = row[0], row[1]
        if not word.isalpha() or word != word.lower() or not source.strip():
            raise ValueError(f"{path.name}: bad row {row}")
        table[unicodedata.normalize("NFC", word)] = source
    return table


def load_opentaal(path: Path = OPENTAAL_FILE) -> dict[str, str]:
    """Lower-case entry -> its OpenTaal tags (see :func:`derive_opentaal`)."""
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        return dict(line.rstrip("\n").split("\t") for line in fh)


def derive_opentaal(gitdir: Path, entries: list[str], out: Path = OPENTAAL_FILE) -> None:
    """Write ``nl-opentaal.tsv.gz`` from a clone of OpenTaal/opentaal-wordlist.

    One line per lower-case, all-letter entry of the source that has a tag: ``n`` in none of
    basiswoorden-gekeurd/-ongekeurd and flexies-ongekeurd; ``u`` an unreviewed basic word and
    ``f`` an unreviewed inflection, recorded only when English text knows it (Zipf >=
    OPENTAAL_EN_FLOOR); ``v`` an infinitive, ``p`` a noun plural (OpenTaal's experimental
    word-class lists). Entries without a tag are reviewed words (basiswoorden-gekeurd).
    """
    import subprocess

    from wordfreq import zipf_frequency

    def read(name: str) -> set[str]:
        text = subprocess.run(["git", "--git-dir", str(gitdir), "show",
                               f"{OPENTAAL_COMMIT}:{OPENTAAL_LISTS[name]}"],
                              check=True, capture_output=True).stdout.decode("utf-8")
        return {unicodedata.normalize("NFC", w.strip()) for w in text.splitlines()}

    lists = {name: read(name) for name in OPENTAAL_LISTS}
    lines = []
    for w in sorted({unicodedata.normalize("NFC", e.strip()) for e in entries}):
        if not (w.isalpha() and w == w.lower()):
            continue
        tag = ""
        if w not in lists["gekeurd"]:
            tag = "u" if w in lists["ongekeurd"] else "f" if w in lists["flexies"] else "n"
            if tag != "n" and zipf_frequency(w, "en") < OPENTAAL_EN_FLOOR:
                tag = ""
        tag += "v" if w in lists["verbs"] else ""
        tag += "p" if w in lists["plurals"] else ""
        if tag:
            lines.append(f"{w}\t{tag}")
    write_gzip(lines, out)
    print(f"{len(lines)} tagged entries -> {out}")


def verb_forms(infinitive: str) -> set[str]:
    """The regular forms of a Dutch verb (stem, -t, -de/-te, -den/-ten, ge-…-d/-t), roughly:
    several stems are tried (undoubling, vowel doubling, f/s for v/z)."""
    if not infinitive.endswith("en") or len(infinitive) < 4:
        return set()
    base = infinitive[:-2]
    stems = {base}
    if len(base) >= 2 and base[-1] == base[-2] and base[-1] not in "aeiou":
        stems = {base[:-1]}  # gunnen -> gun
    m = re.match(r"^(.*[^aeiou]|)([aeou])([^aeiouwj])$", base)
    if m:  # an open syllable: maken -> maak (an e may be a schwa: tekenen -> teken)
        doubled = m.group(1) + m.group(2) * 2 + m.group(3)
        schwa = m.group(2) == "e" and any(ch in "aeiou" for ch in m.group(1))
        stems = {base, doubled} if schwa else {doubled}
    forms = set()
    for st in stems:
        forms |= {st, st + "t", st + "d", st + "de", st + "te", st + "den", st + "ten",
                  "ge" + st + "d", "ge" + st + "t", "ge" + st + "de", "ge" + st + "te"}
    return forms


def family(word: str, opentaal: Mapping[str, str], verb_index: Mapping[str, set[str]]) -> set[str]:
    """Words of ``word``'s family by OpenTaal's word-class lists: its singular when it is a
    noun plural in ``-s`` (``dates`` -> ``date``) and the infinitives it is a regular form
    of (``gun`` -> ``gunnen``). A kept relative keeps the word."""
    rel: set[str] = set()
    if word.endswith("s") and "p" in opentaal.get(word, ""):  # a plural: its singular
        rel.add(word[:-1])
    rel |= verb_index.get(word, set())
    rel.discard(word)
    return rel


def _verb_index(opentaal: Mapping[str, str]) -> dict[str, set[str]]:
    index: dict[str, set[str]] = collections.defaultdict(set)
    for w, tag in opentaal.items():
        if "v" in tag:
            for form in verb_forms(w):
                index[form].add(w)
    return index


class Classifier:
    """Decides every entry: ``"keep"`` or the rule that drops it (see the README)."""

    def __init__(self, entries: list[str], opentaal: Mapping[str, str],
                 two_letter: Mapping[str, bool]) -> None:
        self.distinct = list(dict.fromkeys(e.strip() for e in entries if e.strip()))
        lower_plain = {e for e in self.distinct if e.isalpha() and e == e.lower()}
        self.dotted_stems: set[str] = set()
        for e in self.distinct:
            if "." in e and " " not in e and e == e.lower():
                stem = e.replace(".", "")
                if stem.isalpha():
                    self.dotted_stems.add(fold(stem))
        self.fc = ForeignCheck(lower_plain)
        self.opentaal = opentaal
        self.two_letter = two_letter
        self.verbs = _verb_index(opentaal)
        self.rescued: collections.Counter[str] = collections.Counter()

    def run(self) -> dict[str, str]:
        """Entry -> category, after a second pass that judges foreign words by family: a
        dropped word comes back when it is a regular form of a kept word, or the singular of
        a kept noun plural; the plural of a listed foreign family goes."""
        result = {e: self.category(e) for e in self.distinct}
        kept = {unicodedata.normalize("NFC", e) for e, c in result.items() if c == "keep"}
        for e, c in result.items():
            nfc = unicodedata.normalize("NFC", e)
            if c in FAMILY_RULES:
                plural = nfc + "s"
                singular_of_kept = (plural in kept and "p" in self.opentaal.get(plural, "")
                                    and nfc not in FOREIGN_FAMILIES | NOT_SINGULARS)
                if singular_of_kept or family(nfc, self.opentaal, self.verbs) & kept:
                    self.rescued[c] += 1
                    result[e] = "keep"
            elif c == "keep" and nfc.endswith("s") and nfc[:-1] in FOREIGN_FAMILIES:
                result[e] = "foreign_family"
        return result

    def english(self, nfc: str) -> bool:
        """Rule 11: an unreviewed entry that English text uses clearly more than Dutch."""
        tag = self.opentaal.get(nfc, "")
        if not ("u" in tag or "f" in tag) or nfc in ENGLISH_OK:
            return False
        f = self.fc.freqs(nfc)
        return f[1] >= ENGLISH_MIN and f[1] - f[0] >= ENGLISH_GAP

    def category(self, e: str) -> str:
        """The first rule that matches ``e`` (``"keep"`` when none does)."""
        if any(ch.isdigit() for ch in e):
            return "digit"
        if " " in e:
            return "space"
        if "-" in e:
            return "hyphen"
        if "'" in e or "’" in e:
            return "apostrophe"
        if "." in e:
            return "period"
        if not e.isalpha():
            return "other_character"
        if e != e.lower():
            return "capitalised"
        folded = fold(e)
        if not is_plain_word(folded):
            return "not_a_to_z"
        if len(folded) == 1:
            return "keep" if e in SINGLE_LETTER_WORDS else "single_letter"
        if len(folded) == 2:
            if folded not in self.two_letter:
                raise ValueError(f"two-letter entry {e!r} is not in {TWO_LETTER_FILE.name}")
            return "keep" if self.two_letter[folded] else "two_letter_list"
        if not _has_vowel(folded):
            return "keep" if folded in VOWELLESS_INTERJECTIONS else "abbreviation_no_vowel"
        if folded in self.dotted_stems and folded not in DOTTED_STEM_WORDS:
            return "abbreviation_dotted_form"
        if folded in ABBREVIATIONS:
            return "abbreviation_listed"
        nfc = unicodedata.normalize("NFC", e)
        if "n" in self.opentaal.get(nfc, "") and nfc not in UNLISTED_WORDS:
            return "not_in_opentaal"
        if nfc in KEEP:
            return "keep"
        if nfc in FOREIGN:
            return "foreign_listed"
        if self.fc.is_foreign(e):
            return "foreign_frequency"
        if nfc in ENGLISH_WORDS and self.opentaal.get(nfc, "").strip("vp"):
            return "english_listed"
        if self.english(nfc):
            return "english_unreviewed"
        return "keep"


FAMILY_RULES = ("foreign_listed", "foreign_frequency", "english_unreviewed")
"""Drops that the family pass undoes for a regular form of a kept word."""

# Foreign singulars whose ``-s`` plural the rules kept: the plural goes too (a loan and its
# plural are judged alike). Found by reading the 60 foreign singulars with a kept plural.
FOREIGN_FAMILIES = _words("""
autostrade boulanger colère fortnight gazeuse graphic hole jobcenter macher nadar remonte
tantum
""")
# ... and a foreign word that only looks like the singular of a kept Dutch word (mores).
NOT_SINGULARS = _words("more")


def classify(entries: list[str], opentaal: Mapping[str, str] | None = None,
             two_letter: Mapping[str, bool] | None = None,
             ) -> tuple[dict[str, str], collections.Counter[str]]:
    """Map every distinct entry to ``"keep"`` or its drop category."""
    classifier = Classifier(entries, load_opentaal() if opentaal is None else opentaal,
                            load_two_letter() if two_letter is None else two_letter)
    result = classifier.run()
    counts = collections.Counter(result.values())
    for rule, n in classifier.rescued.items():
        counts[f"family:{rule}"] = n
    return result, counts


def write_gzip(words: list[str], out: Path) -> None:
    data = "".join(w + "\n" for w in words).encode("utf-8")
    out.parent.mkdir(parents=True, exist_ok=True)
    with open(out, "wb") as raw, gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0,
                                               compresslevel=9) as gz:
        gz.write(data)


def update_sidecar(kept: list[str], sidecar: Path) -> None:
    """Record the game's word count and checksum (folded words) in ``nl.json``."""
    from wordyahtzee.lexicon.lexicon import word_checksum

    folded = {fold(w) for w in kept}
    meta = json.loads(sidecar.read_text(encoding="utf-8"))
    meta.update(word_count=len(folded), checksum=word_checksum(folded))
    sidecar.write_text(json.dumps(meta, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"{len(folded)} distinct game words (folded) -> {sidecar}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("source", nargs="?", type=Path, default=DEFAULT_SOURCE,
                    help=f"wdutch word list (default {DEFAULT_SOURCE})")
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT,
                    help="output file (default dictionaries/nl.txt.gz)")
    ap.add_argument("--sample", type=int, default=0, metavar="N",
                    help="print N random kept words and N random drops per category")
    ap.add_argument("--seed", type=int, default=20240601, help="seed for --sample")
    ap.add_argument("--opentaal", type=Path, metavar="GITDIR",
                    help="first re-derive dictionaries/nl-opentaal.tsv.gz from this git dir of "
                         f"OpenTaal/opentaal-wordlist (commit {OPENTAAL_COMMIT[:12]})")
    args = ap.parse_args(argv)

    from importlib.metadata import PackageNotFoundError, version

    try:
        wf = version("wordfreq")
    except PackageNotFoundError:  # pragma: no cover
        print("wordfreq is required (pip install wordfreq)", file=sys.stderr)
        return 2
    if wf != WORDFREQ_VERSION:
        print(f"warning: wordfreq {wf}, the shipped list used {WORDFREQ_VERSION}",
              file=sys.stderr)

    entries = args.source.read_text(encoding="utf-8").splitlines()
    if args.opentaal:
        derive_opentaal(args.opentaal, entries)
    result, counts = classify(entries)
    kept_set = {unicodedata.normalize("NFC", e) for e, c in result.items() if c == "keep"}
    supplement = load_supplement()
    two_letter = load_two_letter()
    added = (set(supplement) | {w for w, keep in two_letter.items() if keep}) - kept_set
    for word in sorted(added):  # the supplement goes through the same word checks
        if len(fold(word)) == 2 and not two_letter.get(fold(word)):
            raise ValueError(f"supplement word {word!r} is a two-letter drop")
    kept = sorted(kept_set | added)
    assert all(is_plain_word(fold(w)) for w in kept)
    write_gzip(kept, args.out)

    print(f"source: {args.source}  ({len(entries)} lines, {len(result)} distinct entries)")
    for cat, n in sorted(counts.items(), key=lambda t: (t[0] == "keep", -t[1])):
        if cat != "keep" and not cat.startswith("family:"):
            print(f"  dropped {cat:26s} {n:7d}")
    print(f"  dropped total {'':20s} {len(result) - counts['keep']:7d}")
    for cat, n in sorted(counts.items()):
        if cat.startswith("family:"):
            print(f"  kept as a regular form of a kept word, not {cat[7:]:18s} {n:5d}")
    print(f"  added from {SUPPLEMENT_FILE.name} and {TWO_LETTER_FILE.name} {'':3s} {len(added):7d}")
    print(f"kept {len(kept)} words -> {args.out}")
    if args.out == DEFAULT_OUT:
        update_sidecar(kept, DEFAULT_OUT.with_name("nl.json"))

    if args.sample:
        rng = random.Random(args.seed)
        by_cat: dict[str, list[str]] = collections.defaultdict(list)
        for e, c in result.items():
            by_cat[c].append(e)
        for cat in sorted(by_cat):
            pool = sorted(by_cat[cat])
            pick = rng.sample(pool, min(args.sample, len(pool)))
            print(f"\n== {cat} ({len(pool)}): {' '.join(sorted(pick))}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
