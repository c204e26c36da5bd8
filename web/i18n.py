"""The words the screens speak: Dutch by default, English switchable (``?lang=en``).

Pages use :func:`translator`; the browser scripts get the same table as JSON. Engine error
messages are English; the scripts show the translation of the error *code* from here
(``err.<code>``) and fall back to the engine's message.
"""

from __future__ import annotations

from collections.abc import Callable

LANGUAGES = ("nl", "en")
DEFAULT_LANGUAGE = "nl"

NL: dict[str, str] = {
    "app.title": "Woord Yahtzee",
    "nav.play": "Spelen", "nav.rules": "Spelregels", "nav.words": "Woordenboek",
    "nav.scores": "Topscores", "nav.lang": "English", "nav.skip": "Naar de inhoud",
    "start.heading": "Nieuw spel",
    "start.intro": "Gooi zeven letterstenen, maak woorden en vul in acht rondes je "
                   "scoreblad. Wie de meeste punten haalt, wint.",
    "start.kind": "Hoe speel je?",
    "kind.solo": "Alleen", "kind.hotseat": "Samen op dit apparaat",
    "kind.online": "Online tafel (spelers doen mee via een link)",
    "start.players": "Spelers", "start.player": "Naam speler {n}",
    "start.add_player": "Speler toevoegen", "start.remove_player": "Verwijder speler {n}",
    "start.dictionary": "Woordenboek", "start.rules": "Regels",
    "start.order": "Volgorde van de rondes", "order.strict": "Vaste volgorde (ronde 1 t/m 8)",
    "order.free": "Vrije volgorde (kies elke beurt een open vak)",
    "start.timer": "Zandloper", "timer.on": "Aan: één minuut per beurt",
    "timer.off": "Uit: geen tijdslimiet",
    "start.bonus": "Bonus bovenste helft vanaf (punten)",
    "start.submit": "Start het spel", "start.default_name": "Speler {n}",
    "start.active": "Lopende spellen", "start.none_active": "Geen lopende spellen.",
    "start.resume": "Verder spelen",
    "game.heading": "Spel", "game.round": "Ronde {r} van {n}",
    "game.turn_of": "{name} is aan de beurt", "game.your_turn": "Jij bent aan de beurt, {name}",
    "game.watching": "Je kijkt mee.", "game.waiting_for": "Wachten op {name}…",
    "game.throw_first": "Gooi de stenen", "game.throw_again": "Gooi opnieuw",
    "game.throw_count": "worp {t} van {n}", "game.no_throws_left": "Geen worpen meer: "
    "schrijf een score op",
    "game.dice": "Stenen", "game.keep_hint": "Tik op een steen (of toets 1–7) om hem "
    "vast te houden.",
    "game.die_label": "Steen {i}: {letter}, {value} punten",
    "game.die_blank": "Steen {i}: blanco (elke letter, 0 punten)",
    "game.kept": "vastgehouden", "game.not_kept": "los",
    "game.words": "Jouw woorden", "game.words_hint": "Typ woorden met een spatie ertussen, "
    "of tik de letters hieronder in volgorde.",
    "game.add_letter": "Voeg {letter} toe", "game.blank_letter": "?",
    "game.blank_hint": "De blanco steen: typ zelf de letter die hij voorstelt.",
    "game.space": "Nieuw woord", "game.backspace": "Wis letter", "game.clear": "Alles wissen",
    "game.claim": "Kies een vak", "game.claim_box": "{box}: {points} punten",
    "game.claim_zero": "{box}: streep (0 punten)",
    "game.zero_box": "Welk rondevak krijgt de nul?",
    "game.needs_words": "typ een passend woord",
    "game.in_dict": "in het woordenboek", "game.not_in_dict": "niet in het woordenboek",
    "game.formable": "te leggen", "game.not_formable": "niet te leggen met deze stenen",
    "game.not_letters": "alleen letters a–z", "game.too_short": "te kort",
    "game.value": "{points} punten", "game.together_not": "Samen niet te leggen "
    "(elke steen één keer).",
    "game.time_left": "Nog {s} s", "game.timer_off": "Geen zandloper",
    "game.time_warning": "Nog tien seconden!", "game.time_up": "De tijd is om: 0 punten.",
    "game.scored": "{name} schreef {points} punten bij {box}.",
    "game.timeout": "{name}: tijd om, 0 punten bij {box}.",
    "game.threw": "Worp {t}: {letters}.",
    "game.sheet": "Scoreblad", "game.box": "Vak",
    "game.upper_total": "Totaal boven", "game.upper_bonus": "Bonus (vanaf {n})",
    "game.lower_total": "Totaal onder", "game.wy_bonus": "Woord Yahtzee-bonus",
    "game.total": "Totaal generaal", "game.current_round": "huidige ronde",
    "game.invite": "Uitnodigen", "game.invite_hint": "Stuur elke speler zijn eigen link. "
    "Wie de tafel-link zonder code opent, kijkt alleen mee.",
    "game.copy": "Kopieer", "game.copied": "Gekopieerd",
    "game.watch_link": "Meekijken",
    "game.over": "Het spel is afgelopen", "game.winner": "Winnaar: {names}",
    "game.winners": "Gedeelde winst: {names}", "game.final_total": "{name}: {total} punten",
    "game.review": "Terugblik per ronde", "game.best": "Beste woorden",
    "game.best_show": "Toon de beste woorden na elke beurt",
    "game.review_turn": "Ronde {r}, {name}", "game.you_played": "Gespeeld",
    "game.missed": "Mogelijk", "game.no_words": "geen woorden",
    "game.new_game": "Nieuw spel", "game.highscores": "Topscores",
    "game.connection": "Verbinding verbroken, opnieuw verbinden…",
    "game.stale": "Het spel was al verder; de stand is bijgewerkt.",
    "game.keys": "Toetsen: 1–7 houdt een steen vast, G gooit (buiten het woordveld), "
    "Enter in het woordveld schrijft het beste vak.",
    "game.throws": "Worpen", "game.points": "Punten",
    "box.letters_2": "2 letters", "box.letters_3": "3 letters", "box.letters_4": "4 letters",
    "box.letters_5": "5 letters", "box.letters_6": "6 letters", "box.one_word": "1 woord",
    "box.two_words": "2 woorden", "box.three_words": "3 woorden",
    "box.consonants": "Alleen medeklinkers", "box.vowels": "Alleen klinkers",
    "box.woord_yahtzee": "Woord Yahtzee", "box.chance": "Chance",
    "box.woord_yahtzee_bonus": "Woord Yahtzee-bonus (+100)",
    "rules.heading": "Spelregels",
    "words.heading": "Woordenboek", "words.check": "Woordcontrole",
    "words.check_label": "Woord(en)", "words.check_submit": "Controleer",
    "words.valid": "staat in het woordenboek", "words.invalid": "staat er niet in",
    "words.solve": "Beste woorden voor deze letters",
    "words.solve_label": "Zeven letters (? = blanco)", "words.solve_submit": "Zoek",
    "words.solver_missing": "De woordzoeker is in deze installatie niet beschikbaar.",
    "words.upload": "Eigen woordenboek maken",
    "words.upload_hint": "Een tekstbestand (UTF-8 of .gz) met één woord per regel, "
    "hoogstens 8 MB. Woorden met accenten tellen als gewone letters; namen en woorden met "
    "cijfers of leestekens vallen af.",
    "words.upload_name": "Naam (kleine letters, cijfers, - of _)",
    "words.upload_title": "Titel", "words.upload_file": "Woordenlijst",
    "words.upload_submit": "Maak woordenboek", "words.upload_done": "Klaar: {n} woorden.",
    "words.upload_busy": "Bezig: {p}%", "words.list": "Beschikbare woordenboeken",
    "words.count": "{n} woorden", "words.shipped": "meegeleverd", "words.custom": "eigen",
    "scores.heading": "Topscores", "scores.none": "Nog geen scores.",
    "scores.solo": "Alleen gespeeld", "scores.all": "Alle spellen",
    "scores.player": "Speler", "scores.score": "Score", "scores.when": "Datum",
    "scores.rules": "{dict}; {order}; {timer}; bonus vanaf {bonus}",
    "rules.strict": "vaste volgorde", "rules.free": "vrije volgorde",
    "rules.timer": "zandloper {s} s", "rules.no_timer": "geen zandloper",
    "err.generic": "Dat kan niet.", "err.network": "Geen verbinding met de server.",
    "err.not_a_word": "staat niet in het woordenboek",
    "err.not_formable": "niet te leggen met deze stenen (elke steen één keer)",
    "err.bad_word": "alleen letters a–z", "err.too_short": "te kort",
    "err.bad_words": "past niet in dit vak (aantal woorden of letters)",
    "err.not_eligible": "de stenen tonen niet allemaal het juiste soort letter",
    "err.too_late_for_special": "kan alleen vóór de derde worp",
    "err.box_filled": "dit vak is al ingevuld", "err.out_of_turn": "niet het vak van deze ronde",
    "err.no_throw": "gooi eerst", "err.no_throws_left": "geen worpen meer",
    "err.time_up": "de tijd is om", "err.game_over": "het spel is afgelopen",
    "err.not_your_turn": "je bent niet aan de beurt", "err.not_a_player": "je kijkt alleen mee",
    "err.stale": "het spel was al verder", "err.bad_players": "controleer de namen",
    "err.bad_rules": "controleer de regels", "err.unknown_dictionary": "onbekend woordenboek",
    "err.bad_keep": "ongeldige keuze van stenen", "err.keep_before_throw": "gooi eerst alle "
    "stenen", "err.name_clash": "die naam bestaat al", "err.bad_name": "ongeldige naam",
    "err.too_large": "het bestand is te groot", "err.busy": "er wordt al een woordenboek "
    "gemaakt", "err.empty_dictionary": "er bleven geen woorden over",
    "err.solver_unavailable": "de woordzoeker is niet beschikbaar",
    "err.bad_claim": "kies het rondevak voor de nul",
    "error.heading": "Er ging iets mis", "error.home": "Naar de startpagina",
}

EN: dict[str, str] = {
    "nav.play": "Play", "nav.rules": "Rules", "nav.words": "Dictionary",
    "nav.scores": "High scores", "nav.lang": "Nederlands", "nav.skip": "Skip to content",
    "start.heading": "New game",
    "start.intro": "Throw seven letter dice, make words and fill your score sheet in eight "
                   "rounds. The highest total wins.",
    "start.kind": "How do you play?", "kind.solo": "Solo",
    "kind.hotseat": "Together on this device",
    "kind.online": "Online table (players join by a link)",
    "start.players": "Players", "start.player": "Name of player {n}",
    "start.add_player": "Add a player", "start.remove_player": "Remove player {n}",
    "start.dictionary": "Dictionary", "start.rules": "Rules",
    "start.order": "Order of the rounds", "order.strict": "Fixed order (round 1 to 8)",
    "order.free": "Free order (pick any open box each turn)",
    "start.timer": "Hourglass", "timer.on": "On: one minute a turn",
    "timer.off": "Off: no time limit", "start.bonus": "Upper bonus from (points)",
    "start.submit": "Start the game", "start.default_name": "Player {n}",
    "start.active": "Games in progress", "start.none_active": "No games in progress.",
    "start.resume": "Carry on",
    "game.heading": "Game", "game.round": "Round {r} of {n}",
    "game.turn_of": "{name} to play", "game.your_turn": "Your turn, {name}",
    "game.watching": "You are watching.", "game.waiting_for": "Waiting for {name}…",
    "game.throw_first": "Throw the dice", "game.throw_again": "Throw again",
    "game.throw_count": "throw {t} of {n}",
    "game.no_throws_left": "No throws left: write a score",
    "game.dice": "Dice", "game.keep_hint": "Tap a die (or press 1–7) to keep it.",
    "game.die_label": "Die {i}: {letter}, {value} points",
    "game.die_blank": "Die {i}: blank (any letter, 0 points)",
    "game.kept": "kept", "game.not_kept": "free",
    "game.words": "Your words", "game.words_hint": "Type words separated by spaces, or tap "
    "the letters below in order.",
    "game.add_letter": "Add {letter}",
    "game.blank_hint": "The blank die: type the letter it stands for.",
    "game.space": "Next word", "game.backspace": "Delete letter", "game.clear": "Clear all",
    "game.claim": "Choose a box", "game.claim_box": "{box}: {points} points",
    "game.claim_zero": "{box}: strike out (0 points)",
    "game.zero_box": "Which round box takes the zero?",
    "game.needs_words": "type a fitting word",
    "game.in_dict": "in the dictionary", "game.not_in_dict": "not in the dictionary",
    "game.formable": "can be laid", "game.not_formable": "cannot be laid with these dice",
    "game.not_letters": "letters a–z only", "game.too_short": "too short",
    "game.value": "{points} points",
    "game.together_not": "Not all together (each die once).",
    "game.time_left": "{s} s left", "game.timer_off": "No hourglass",
    "game.time_warning": "Ten seconds left!", "game.time_up": "Time is up: 0 points.",
    "game.scored": "{name} wrote {points} points in {box}.",
    "game.timeout": "{name}: time up, 0 points in {box}.",
    "game.threw": "Throw {t}: {letters}.",
    "game.sheet": "Score sheet", "game.box": "Box",
    "game.upper_total": "Upper total", "game.upper_bonus": "Bonus (from {n})",
    "game.lower_total": "Lower total", "game.wy_bonus": "Woord Yahtzee bonus",
    "game.total": "Grand total", "game.current_round": "current round",
    "game.invite": "Invite", "game.invite_hint": "Send each player their own link. Anyone "
    "opening the table link without a code only watches.",
    "game.copy": "Copy", "game.copied": "Copied", "game.watch_link": "Watch",
    "game.over": "The game is over", "game.winner": "Winner: {names}",
    "game.winners": "Shared win: {names}", "game.final_total": "{name}: {total} points",
    "game.review": "Round by round", "game.best": "Best words",
    "game.best_show": "Show the best words after each turn",
    "game.review_turn": "Round {r}, {name}", "game.you_played": "Played",
    "game.missed": "Possible", "game.no_words": "no words",
    "game.new_game": "New game", "game.highscores": "High scores",
    "game.connection": "Connection lost, reconnecting…",
    "game.stale": "The game had moved on; the state is updated.",
    "game.keys": "Keys: 1–7 keep a die, G throws (outside the word field), Enter in the "
    "word field writes the best box.",
    "game.throws": "Throws", "game.points": "Points",
    "box.letters_2": "2 letters", "box.letters_3": "3 letters", "box.letters_4": "4 letters",
    "box.letters_5": "5 letters", "box.letters_6": "6 letters", "box.one_word": "1 word",
    "box.two_words": "2 words", "box.three_words": "3 words",
    "box.consonants": "All consonants", "box.vowels": "All vowels",
    "box.woord_yahtzee": "Woord Yahtzee", "box.chance": "Chance",
    "box.woord_yahtzee_bonus": "Woord Yahtzee bonus (+100)",
    "rules.heading": "Rules",
    "words.heading": "Dictionary", "words.check": "Word check",
    "words.check_label": "Word(s)", "words.check_submit": "Check",
    "words.valid": "is in the dictionary", "words.invalid": "is not in it",
    "words.solve": "Best words for these letters",
    "words.solve_label": "Seven letters (? = blank)", "words.solve_submit": "Search",
    "words.solver_missing": "The word finder is not available in this installation.",
    "words.upload": "Make your own dictionary",
    "words.upload_hint": "A text file (UTF-8 or .gz) with one word a line, at most 8 MB. "
    "Accented letters count as plain letters; names and words with digits or punctuation "
    "are dropped.",
    "words.upload_name": "Name (lower-case letters, digits, - or _)",
    "words.upload_title": "Title", "words.upload_file": "Word list",
    "words.upload_submit": "Build dictionary", "words.upload_done": "Done: {n} words.",
    "words.upload_busy": "Working: {p}%", "words.list": "Available dictionaries",
    "words.count": "{n} words", "words.shipped": "shipped", "words.custom": "custom",
    "scores.heading": "High scores", "scores.none": "No scores yet.",
    "scores.solo": "Solo games", "scores.all": "All games",
    "scores.player": "Player", "scores.score": "Score", "scores.when": "Date",
    "scores.rules": "{dict}; {order}; {timer}; bonus from {bonus}",
    "rules.strict": "fixed order", "rules.free": "free order",
    "rules.timer": "hourglass {s} s", "rules.no_timer": "no hourglass",
    "err.generic": "That is not possible.", "err.network": "No connection to the server.",
    "err.not_a_word": "not in the dictionary",
    "err.not_formable": "cannot be laid with these dice (each die once)",
    "err.bad_word": "letters a–z only", "err.too_short": "too short",
    "err.bad_words": "does not fit this box (number of words or letters)",
    "err.not_eligible": "the dice do not all show the right kind of letter",
    "err.too_late_for_special": "only before the third throw",
    "err.box_filled": "this box is filled already",
    "err.out_of_turn": "not this round's box",
    "err.no_throw": "throw first", "err.no_throws_left": "no throws left",
    "err.time_up": "time is up", "err.game_over": "the game is over",
    "err.not_your_turn": "it is not your turn", "err.not_a_player": "you are only watching",
    "err.stale": "the game had moved on", "err.bad_players": "check the names",
    "err.bad_rules": "check the rules", "err.unknown_dictionary": "unknown dictionary",
    "err.bad_keep": "not a valid choice of dice", "err.keep_before_throw": "throw all the "
    "dice first", "err.name_clash": "that name exists already", "err.bad_name": "bad name",
    "err.too_large": "the file is too large", "err.busy": "a dictionary is being built "
    "already", "err.empty_dictionary": "no words were left",
    "err.solver_unavailable": "the word finder is not available",
    "err.bad_claim": "choose the round box for the zero",
    "error.heading": "Something went wrong", "error.home": "To the start page",
}

TABLES: dict[str, dict[str, str]] = {"nl": NL, "en": {**NL, **EN}}


def strings(lang: str) -> dict[str, str]:
    """The whole table for a language (English falls back to Dutch for missing keys)."""
    return TABLES.get(lang, NL)


def translator(lang: str) -> Callable[..., str]:
    """``t(key, **params)`` for a language; an unknown key shows as itself."""
    table = strings(lang)

    def t(key: str, **params: object) -> str:
        text = table.get(key, key)
        return text.format(**params) if params else text

    return t
