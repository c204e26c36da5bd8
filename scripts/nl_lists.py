"""The curated word lists of the ``nl`` build (``scripts/build_nl_dictionary.py``): each was
made by reading words, and each list's comment says which words and why. They act on
entries that no written verdict covers (``dictionaries/nl-verdicts.tsv`` decides a word it
names, and every reviewed entry these lists would drop has a verdict there). Words are
written as in the source (lower case, NFC; most are plain a–z)."""

from __future__ import annotations


def _words(text: str) -> set[str]:
    """The whitespace-separated words of ``text``."""
    return set(text.split())


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
