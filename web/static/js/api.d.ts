// The API's types, generated from its OpenAPI document by
// `python -m wordyahtzee.web.apitypes`. Do not edit: change the models (web/*/models.py,
// wordyahtzee/modes/*/view.py) and run it again; tests/test_api_types.py fails while this
// file is stale.

/** The body of the action named in the path: one of the actions' own bodies, each as its mode declares it, with ``seq`` and ``token``. The mode reads the action's fields (its ``parse_action``, with its own error codes); the web checks ``seq`` and ``token``. */
export type ActRequest = {
  /** the number of events the browser has seen; a different number gets 409 stale */
  seq?: number | null;
  /** the seat's token, if not in X-Seat-Token */
  token?: string | null;
  /** the dice (positions) to keep */
  keep?: number[];
  /** score pad tables only: what the real dice show instead of keep (Woord Yahtzee: letters, ? the blank; otherwise pips) */
  faces?: string | number[];
} | {
  /** the number of events the browser has seen; a different number gets 409 stale */
  seq?: number | null;
  /** the seat's token, if not in X-Seat-Token */
  token?: string | null;
  /** the box to write (empty ``words``: a zero) */
  box?: "letters_2" | "letters_3" | "letters_4" | "letters_5" | "letters_6" | "one_word" | "two_words" | "three_words" | "consonants" | "vowels" | "woord_yahtzee" | "chance";
  words?: string[];
  /** free order: the round box that takes the 0 of a special claim */
  zero_box?: "letters_2" | "letters_3" | "letters_4" | "letters_5" | "letters_6" | "one_word" | "two_words" | "three_words" | "consonants" | "vowels" | "woord_yahtzee" | "chance";
} | {
  /** the number of events the browser has seen; a different number gets 409 stale */
  seq?: number | null;
  /** the seat's token, if not in X-Seat-Token */
  token?: string | null;
  /** the box to write the dice in */
  box?: "ones" | "twos" | "threes" | "fours" | "fives" | "sixes" | "three_of_a_kind" | "four_of_a_kind" | "full_house" | "small_straight" | "large_straight" | "yahtzee" | "chance";
} | {
  /** the number of events the browser has seen; a different number gets 409 stale */
  seq?: number | null;
  /** the seat's token, if not in X-Seat-Token */
  token?: string | null;
  /** the box to write the dice in */
  box?: "ones" | "twos" | "threes" | "fours" | "fives" | "sixes" | "three_of_a_kind" | "four_of_a_kind" | "full_house" | "small_straight" | "large_straight" | "yahtzee" | "chance";
  /** the column (×1, ×2, ×3) */
  column?: number;
} | {
  /** the number of events the browser has seen; a different number gets 409 stale */
  seq?: number | null;
  /** the seat's token, if not in X-Seat-Token */
  token?: string | null;
} | {
  /** the number of events the browser has seen; a different number gets 409 stale */
  seq?: number | null;
  /** the seat's token, if not in X-Seat-Token */
  token?: string | null;
  /** the box to write */
  box?: "ones" | "twos" | "threes" | "fours" | "fives" | "sixes" | "three_of_a_kind" | "four_of_a_kind" | "full_house" | "small_straight" | "large_straight" | "yahtzee" | "chance";
  /** the box's points, without the throw */
  points?: number;
} | {
  /** the number of events the browser has seen; a different number gets 409 stale */
  seq?: number | null;
  /** the seat's token, if not in X-Seat-Token */
  token?: string | null;
  /** a player passes a turn as absent (the host's skips are the table's) */
  reason?: "absent";
} | {
  /** the number of events the browser has seen; a different number gets 409 stale */
  seq?: number | null;
  /** the seat's token, if not in X-Seat-Token */
  token?: string | null;
  /** score pad tables only: what the real red die shows */
  faces?: number;
} | {
  /** the number of events the browser has seen; a different number gets 409 stale */
  seq?: number | null;
  /** the seat's token, if not in X-Seat-Token */
  token?: string | null;
  /** a card id, or null for nothing */
  card?: string | null;
};

/** A choice: ``{"kind": "keep", "dice": [0, 2]}`` (the positions of the dice kept, from 0; ``[]`` throws all again) or ``{"kind": "box", "box": "sixes"}`` (Woord Yahtzee: ``"kind": "claim"``); Kaartspel also ``{"kind": "take", "card": "sixes"}`` (null: nothing) and ``{"kind": "throw" | "roll" | "stop"}`` next to an own card. */
export type Answer = {
  /** the choice made */
  choice: { [key: string]: unknown };
};

/** A bar of the histogram of the day's scores. */
export type Bar = {
  from: number;
  to: number;
  count: number;
};

/** A place on the day's board: ranked by ``loss``, the expected points the game's choices lost against optimal play (the review's total; equal losses share a place), never by the score, which the dice decide as much. */
export type BoardEntry = {
  rank: number;
  name: string;
  loss: number;
  score: number;
  finished_at?: number | null;
  game_id?: string | null;
  /** this browser's profile's own game */
  mine?: boolean;
};

/** What claiming a box with the words would give. */
export type BoxPreview = {
  score: number | null;
  words: string[];
  error: { [key: string]: unknown } | null;
};

/** A box's best score and words. */
export type BoxWords = {
  score: number;
  words: string[];
};

/** What a final throw may do with a card (:class:`TakeOption` as JSON). */
export type CardTake = {
  kind: "place" | "steal" | "raise";
  /** the card's new score */
  score: number;
  /** where the card lies afterwards (the pawn moves next to it) */
  space: number;
  /** the Yahtzee token goes on it */
  token: boolean;
  /** taken by a Yahtzee (a steal of a token card is a challenge) */
  yahtzee: boolean;
};

/** The profile now used on this browser. */
export type Carried = {
  profile: ProfileId;
};

/** The secret of a profile's link (``no_profile`` if it is none). */
export type CarryRequest = {
  secret: string;
};

/** Each word: valid or not, and why. */
export type CheckReply = {
  dictionary: string;
  results: CheckedWord[];
};

/** Words to check: a list, or one string of words separated by spaces. */
export type CheckRequest = {
  words: string[] | string;
  /** a dictionary's name */
  dictionary?: string;
};

/** One checked word. */
export type CheckedWord = {
  word: string;
  folded: string;
  valid: boolean;
  why: Why;
};

/** A box the player to move may claim now. */
export type ClaimOption = {
  needs: "words" | "nothing";
  /** what it scores, known for a box that needs no words */
  score: number | null;
  /** the round box that would take the 0 of a special claim */
  zero_box: string | null;
  /** a claim of it earns the Woord Yahtzee bonus */
  bonus: boolean;
};

/** A claim as a game record writes it (docs/records.md). */
export type ClaimRecord = {
  box: string;
  /** the words claimed, as typed (none: a zero, or a box that needs no words) */
  words: string[];
  /** free order: the round box that took the 0 of a special claim */
  zero_box?: string;
};

/** A classic match of several games. */
export type ClassicMatchView = {
  /** the games the match has */
  length: number;
  /** the game being played, from 1 */
  game: number;
  games: MatchGame[];
  /** each seat's total over the games so far */
  totals: number[];
};

/** A player's sheet in a classic game. */
export type ClassicPlayer = {
  /** each filled upper box against three of its face (``threes``: 12 is +3) */
  par: { [key: string]: number };
  /** their sum: 0 or more keeps the bonus in reach by threes */
  par_total: number;
  /** the points the upper section still needs for its bonus (0 once reached) */
  bonus_needed: number;
  name: string;
  /** every box by id: its points, null while open */
  boxes: { [key: string]: number | null };
  upper_total: number;
  upper_bonus: number;
  yahtzee_bonus: number;
  total: number;
  /** turns missed in a row (an absent player's) */
  missed: number;
  /** the player left the table */
  left: boolean;
};

/** A table's state (mode classic): the table's fields, then the game's view. A classic Yahtzee game (or match) as a screen renders it. */
export type ClassicState = {
  id: string;
  mode: "classic";
  kind: "solo" | "hotseat" | "online" | "pad";
  /** the number of events so far */
  seq: number;
  status: "active" | "finished" | "abandoned";
  /** the seat to move (every mode); null once over */
  to_move: number | null;
  seats: Seat[];
  host: number;
  /** the result changes the players' ratings; its seats belong to their players */
  rated: boolean;
  pace: "live" | "slow";
  idle_seconds: number | null;
  /** when the seat to move loses its turn if nobody acts; null when never, or while the clock stands still (paused, or waiting for the players) */
  idle_deadline: number | null;
  /** a live online table at which no player has a page open: no turn clock runs, no turn is skipped */
  paused: boolean;
  /** the seats whose players the online table still waits for (the clock starts once all have come, or at wait_until) */
  waiting_for: number[];
  /** while waiting_for: when the clock starts without them */
  wait_until: number | null;
  /** the day of a daily game */
  daily: string | null;
  /** a daily game: when its day is over (its moves end; anyone with the link may watch it from then on); else null */
  daily_closes_at: number | null;
  reactions: RecentReaction[];
  /** the id of the table of the rematch, once made */
  rematch: string | null;
  server_time: number;
  /** the seats the request's token acts for */
  you?: number[] | null;
  /** the seats the request's token holds, those a computer plays now included */
  own?: number[] | null;
  /** the table's rules options that differ from the defaults */
  rules: {
    /** free: the Dutch rulebook; forced: the English rule */
    joker?: "free" | "forced";
    /** the upper total that earns the bonus of 35 (a house rule; 105 is the most the upper boxes can hold) */
    upper_bonus_at?: number;
    /** a match of 5 games: the highest total over all games wins */
    match?: boolean;
  };
  players: ClassicPlayer[];
  /** the upper total that earns the bonus */
  upper_bonus_at: number;
  /** the points of the upper bonus */
  upper_bonus_points: number;
  boxes: Sections;
  rounds: number;
  max_throws: number;
  finished: boolean;
  history: ClassicTurnDone[];
  /** the turn being played; null once over */
  turn: PipTurn | null;
  /** the boxes the dice may be written in now, with the points each would score (the Yahtzee bonus included); empty before the first throw */
  options: { [key: string]: number };
  winners: string[];
  /** a match of several games; null for a single game */
  match: ClassicMatchView | null;
};

/** A finished turn of a classic game. */
export type ClassicTurnDone = {
  number: number;
  round: number;
  /** the seat that played it */
  player: number;
  /** each throw's dice ("13356") */
  throws: string[];
  /** the box written; null for a skipped turn */
  box: string | null;
  /** what the box got; 0 for a skipped turn */
  score: number | null;
  /** why the turn was skipped (absent, host, left) */
  skipped?: string;
};

/** A column and its factor. */
export type ColumnFactor = {
  column: number;
  factor: number;
};

/** A day: par, top 100, histogram, the day's players by skill figure, this browser's attempt (once finished with its ``skill`` figure, its ``judge`` and its round ``symbols``), the seed once the day is over. */
export type DailyDay = {
  mode: "woord" | "classic";
  day: string;
  today: boolean;
  over: boolean;
  closes_at: number;
  par: number | null;
  seed: string | null;
  players: number;
  board: BoardEntry[];
  histogram: Bar[];
  you: { [key: string]: unknown } | null;
  skill: DaySkill;
  profile?: ProfileId | null;
};

/** Past days of a mode, newest first. */
export type DailyDays = {
  mode: "woord" | "classic";
  days: Day[];
};

/** Today's puzzle of a mode, the same for everyone. */
export type DailyPuzzle = {
  id: string;
  mode: string;
  rules: { [key: string]: unknown };
  throws: number;
  shown: string;
  position: { [key: string]: unknown };
  themes: string[];
  /** the boxes open to a claim now, in sheet order */
  boxes: string[];
  /** whether a keep (throwing again) is open */
  can_keep: boolean;
  /** how a page draws the question, as the mode declares it: ``board`` (``sheet`` or ``cards``), and for a sheet ``faces`` (``pips`` or ``letters``), ``claim`` (the choice's kind for a box), ``filled`` and ``upper_at`` (the position's fields of the filled boxes and of the upper bonus's threshold) */
  screen: { [key: string]: string };
  /** Kaartspel: the choices other than a keep, in a fixed order: each card to take (``card``, ``how``, ``score``; null card: nothing), ``throw`` (to raise), ``roll`` (move on), ``stop`` */
  choices?: { [key: string]: unknown }[] | null;
  rating: number;
  plays: number;
  date: string;
};

/** Which day (default today). */
export type DailyQuery = {
  /** YYYY-MM-DD */
  date?: string | null;
};

/** Today's game and the profile's seat in it. */
export type DailyStart = {
  game_id: string;
  token: string;
  day: string;
  url: string;
};

/** A past day: its par, how many games are on its board, and the fewest expected points one of them lost (``best``). */
export type Day = {
  day: string;
  par: number | null;
  players: number;
  best?: number | null;
};

/** The day's players by skill figure (docs/skill.md): how many have one, their median, the share of them below this browser's figure (null without one), and the computer levels' figures. */
export type DaySkill = {
  players: number;
  median: number | null;
  below: number | null;
  levels: { [key: string]: number } | null;
};

/** A dice set with every die's faces and points. */
export type DiceSet = {
  /** a shipped set's name, or an own box's id (its link) */
  name: string;
  title: string;
  language: string;
  own: boolean;
  dice: (((string | number)[])[])[];
  /** an own box of this browser or its profile */
  mine?: boolean;
  /** an own box's link */
  url?: string | null;
};

/** The dice set is gone: its name. */
export type DiceSetDeleted = {
  deleted: string;
};

/** The shipped dice sets and this browser's (or its profile's) own boxes. */
export type DiceSetList = {
  dice_sets: DiceSet[];
};

/** A dictionary, shipped or built from an uploaded word list. */
export type Dictionary = {
  name: string;
  title: string;
  language: string;
  shipped: boolean;
  word_count?: number | null;
  /** who sees it listed: everyone (public), its owner only (private), its owner while a moderator decides (asked), its owner after a moderator's refusal (declined) */
  listing?: "private" | "asked" | "public" | "declined";
  /** uploaded by this browser or its profile */
  mine?: boolean;
};

/** Every dictionary. */
export type DictionaryList = {
  dictionaries: Dictionary[];
};

/** An OpenAPI 3.1 document (free-form). */
export type Document = { [key: string]: unknown };

/** A body that carries nothing (or nothing the route reads). */
export type Empty = { [key: string]: unknown };

/** Every error: ``{"error": {"code", "message", "request_id"}}``; a 409 of a game action also carries the game's current ``state``. */
export type ErrorBody = {
  error: ErrorDetail;
  /** a 409 of a game action: the current state */
  state?: GameState | null;
};

/** What went wrong: a code from :data:`web.errors.ERRORS` and a message. */
export type ErrorDetail = {
  /** one of the codes of web/errors.py, e.g. bad_json, bad_request, bad_rules, not_found, stale */
  code: string;
  /** what went wrong, in English */
  message: string;
  /** the request's id, as in its X-Request-Id header and the server's log line */
  request_id?: string | null;
};

/** A page of the games where this browser's profile holds a seat, newest first (none without a profile). */
export type GameList = {
  games: GameSummary[];
  /** the cursor of the next page; null on the last */
  next: string | null;
};

/** A table's full state: the table's fields, then the game's own view, whose fields depend on the mode (``mode`` says which: ``turn`` and ``boxes`` for Woord Yahtzee, classic and Triple Yahtzee, ``spaces`` and ``phase`` for Kaartspel …). */
export type GameState = WoordState | ClassicState | KaartspelState | TripleState;

/** A game of this browser's profile. */
export type GameSummary = {
  id: string;
  mode: "woord" | "classic" | "kaartspel" | "triple";
  kind: "solo" | "hotseat" | "online" | "pad";
  status: "active" | "finished" | "abandoned";
  players: string[];
  rules: { [key: string]: unknown };
  created_at: number;
  updated_at: number;
  finished_at: number | null;
  result: { [key: string]: unknown } | null;
};

/** A page of this browser's games. */
export type GamesQuery = {
  status?: "active" | "finished" | null;
  limit?: number;
  /** the next of the page before */
  cursor?: string | null;
};

/** The grade: ``regret`` (expected points lost against the best choice: the same figure the game's review shows for it), ``solved`` (the best was chosen), the choice, the best, the top five with their ``value`` (expected points still to come; Kaartspel: the strong player's worth of the choice this turn), the choice made in the game (``played``) and the gap to the second best (``margin``); Woord Yahtzee also ``best_words``. A profile's first answer is rated (``rated``, ``rating`` before and after, the puzzle's new rating); ``earlier``: its first answer, when it answered before. */
export type Graded = {
  regret: number;
  solved: boolean;
  chosen: { [key: string]: unknown };
  best: { [key: string]: unknown };
  top: { [key: string]: unknown }[];
  played: { [key: string]: unknown };
  margin: number;
  rated: boolean;
};

/** One list: a mode, dictionary and rules set, ranked by score or by wins. */
export type HighScoreList = {
  mode: "woord" | "classic" | "kaartspel" | "triple";
  dictionary: string;
  rules: { [key: string]: unknown };
  rules_key: string;
  ranking: "score" | "wins";
  entries: { [key: string]: unknown }[];
};

/** The lists asked for. */
export type HighScores = {
  lists: HighScoreList[];
  kind: "solo" | "hotseat" | "online" | "all";
  aided: "no" | "all";
};

/** Which high-score lists. */
export type HighScoresQuery = {
  /** default: every mode, or woord with dictionary/rules */
  mode?: "woord" | "classic" | "kaartspel" | "triple" | null;
  dictionary?: string | null;
  /** a JSON object of rules options */
  rules?: string | null;
  kind?: "solo" | "hotseat" | "online" | "all";
  /** no: games in which the player used no Tip; all: those too, each entry marked aided */
  aided?: "no" | "all";
};

/** The coach's best choices, best first; ``ready: false`` (202) while the strategy table is being prepared. */
export type Hint = {
  ready: boolean;
  failed?: string | null;
  seq?: number | null;
  player?: number | null;
  throws?: number | null;
  best?: HintOption | null;
  options?: HintOption[] | null;
};

/** One choice: ``keep`` (throw keeping these dice; every mode), ``box`` (write a box: classic, Triple), ``claim`` (claim a box with words: Woord Yahtzee), ``take``, ``roll``, ``stop`` (Kaartspel's moves). */
export type HintOption = {
  kind: "keep" | "box" | "claim" | "take" | "roll" | "stop";
  /** expected points still to come */
  value?: number | null;
  /** the expected final score */
  expected_total?: number | null;
  /** the pips kept */
  keep?: number[] | null;
  /** the dice positions kept */
  keep_indices?: number[] | null;
  /** Woord Yahtzee: the dice kept */
  dice?: number[] | null;
  /** Woord Yahtzee: their letters */
  letters?: string | null;
  box?: string | null;
  words?: string[] | null;
  points?: number | null;
  column?: number | null;
  card?: string | null;
  chances?: { [key: string]: number } | null;
};

/** The last thing the host did to a seat (since its player last came back). */
export type HostAction = {
  action: "skip" | "remove" | "computer";
  /** the computer's, for ``computer`` */
  level: "optimal" | "greedy" | "human" | "beginner" | "strong" | null;
  /** the host's seat */
  by: number;
  /** the host's name */
  host: string;
  /** how long no page of the seat's player had been open at the table */
  absent_seconds: number | null;
  /** when (server time) */
  at: number | null;
};

/** Every human seat's invite link. */
export type Invites = {
  links: SeatLink[];
  watch_url: string;
  /** where another device reaches this server, when the page asked at an address only this machine reaches (127.0.0.1) and the server listens on its network: the links' origin (else the page's own) */
  base?: string | null;
};

/** A dictionary build. */
export type Job = {
  id: string;
  name: string;
  status: "queued" | "building" | "done" | "failed";
  progress: number;
  error?: { [key: string]: unknown } | null;
  word_count?: number | null;
};

/** A dictionary build, under ``job``. */
export type JobReply = {
  job: Job;
};

/** An action allowed now (``action``: start, roll, throw, take or stop); ``throw``: the throws left (``raise``: the card next to the pawn, raised by a throw); ``take``: what the throw showing may do with each card (``cards``). */
export type KaartspelOption = {
  action: string;
  throws_left?: number;
  raise?: string | null;
  cards?: { [key: string]: CardTake };
};

/** A player of Kaartspel. */
export type KaartspelPlayer = {
  name: string;
  seat: number;
  /** the space of the player's start corner */
  corner: number;
  /** the space the pawn stands on */
  pawn: number;
  /** the card the player's Yahtzee token lies on */
  token: string | null;
  /** the cards the player owns, with their scores */
  cards: { [key: string]: number };
  total: number;
};

/** A space of the board, clockwise from the top-left corner. */
export type KaartspelSpace = {
  space: number;
  /** a corner (joker) or a card space */
  kind: "joker" | "card";
  /** the seat whose start corner it is */
  corner_of: number | null;
  /** the card lying on it */
  card: string | null;
  /** the seat whose chip or token lies on the card */
  owner: number | null;
  /** the card's score */
  score: number | null;
  /** the owner's Yahtzee token (not a chip) lies on it */
  token: boolean;
  /** the seats whose pawns stand here */
  pawns: number[];
};

/** A table's state (mode kaartspel): the table's fields, then the game's view. A Kaartspel game as a screen renders it. */
export type KaartspelState = {
  id: string;
  mode: "kaartspel";
  kind: "solo" | "hotseat" | "online" | "pad";
  /** the number of events so far */
  seq: number;
  status: "active" | "finished" | "abandoned";
  /** the seat to move (every mode); null once over */
  to_move: number | null;
  seats: Seat[];
  host: number;
  /** the result changes the players' ratings; its seats belong to their players */
  rated: boolean;
  pace: "live" | "slow";
  idle_seconds: number | null;
  /** when the seat to move loses its turn if nobody acts; null when never, or while the clock stands still (paused, or waiting for the players) */
  idle_deadline: number | null;
  /** a live online table at which no player has a page open: no turn clock runs, no turn is skipped */
  paused: boolean;
  /** the seats whose players the online table still waits for (the clock starts once all have come, or at wait_until) */
  waiting_for: number[];
  /** while waiting_for: when the clock starts without them */
  wait_until: number | null;
  /** the day of a daily game */
  daily: string | null;
  /** a daily game: when its day is over (its moves end; anyone with the link may watch it from then on); else null */
  daily_closes_at: number | null;
  reactions: RecentReaction[];
  /** the id of the table of the rematch, once made */
  rematch: string | null;
  server_time: number;
  /** the seats the request's token acts for */
  you?: number[] | null;
  /** the seats the request's token holds, those a computer plays now included */
  own?: number[] | null;
  /** the table's rules options (none yet: always empty) */
  rules: { [key: string]: never };
  /** the seat the view was made for (null: everyone's) */
  seat: number | null;
  players: KaartspelPlayer[];
  spaces: KaartspelSpace[];
  /** the cards not yet on the board, in card order */
  unplaced: string[];
  current_seat: number | null;
  current_player: string | null;
  /** start, move (the red die), choose (next to an own card: raise or stop), throw (the black dice) or over */
  phase: string;
  /** what the black dice are thrown for: space, steal, raise or joker */
  target: string | null;
  /** the red die's last roll this turn */
  red: number | null;
  /** the black dice showing */
  dice: number[] | null;
  /** the black dice's throws this step */
  throws: number;
  /** the Casino round (every card placed) is on */
  casino: boolean;
  /** the Casino round's turns left */
  casino_left: number | null;
  /** the actions allowed now, for the seat to move (or for everyone's view) */
  options: KaartspelOption[];
  /** the finished turns */
  history: KaartspelTurn[];
  finished: boolean;
  winners: string[];
};

/** A turn of Kaartspel: its steps and what it scored. */
export type KaartspelTurn = {
  /** the name of the player who played it */
  player: string;
  seat: number;
  steps: (RedStep | TakeStep)[];
  /** what the player's total gained (a steal's loss to the owner is the owner's) */
  points: number;
  /** why the turn was skipped (absent, host, left) */
  skipped?: string;
};

/** The profile left the table. */
export type Left = {
  left: boolean;
};

/** A letter die showing. */
export type LetterDie = {
  /** the letter, ``?`` the blank */
  letter: string;
  /** its points */
  value: number;
  blank: boolean;
};

/** The open tables, the public tables being played, and this browser's profile. */
export type Lobby = {
  tables: LobbyTable[];
  watch: PublicTable[];
  profile: LobbyProfile | null;
};

/** A seated player with their rating in the mode. */
export type LobbyPlayer = {
  seat: number;
  name: string;
  rating: number;
  you: boolean;
};

/** The browser's profile with its rating per mode. */
export type LobbyProfile = {
  id: string;
  name: string;
  ratings: { [key: string]: number };
};

/** Which open tables. */
export type LobbyQuery = {
  mode?: "woord" | "classic" | "kaartspel" | "triple" | null;
};

/** An open table; once started, for a player its game and their seat's link (its game for anyone when it is public). */
export type LobbyTable = {
  id: string;
  mode: "woord" | "classic" | "kaartspel" | "triple";
  rules: { [key: string]: unknown };
  pace: "live" | "slow";
  idle_seconds: number;
  seats: number;
  rated: boolean;
  public: boolean;
  created_at: number;
  game_id: string | null;
  players: LobbyPlayer[];
  free: number;
  url: string | null;
};

/** One game of a classic match. */
export type MatchGame = {
  number: number;
  over: boolean;
  /** each seat's total in this game */
  totals: number[];
  winners: string[];
};

/** The start screen's facts; besides these, one :class:`ModeInfo` per mode, under its name. */
export type Meta = {
  modes: ("woord" | "classic" | "kaartspel" | "triple")[];
  kinds: ("solo" | "hotseat" | "online" | "pad")[];
  max_players: number;
  dictionaries: Dictionary[];
  dice_sets: string[];
  /** the first mode's */
  rules_defaults: { [key: string]: unknown };
  preparing: Preparing;
  server_time: number;
  woord: ModeInfo;
  classic: ModeInfo;
  kaartspel: ModeInfo;
  triple: ModeInfo;
};

/** What a start screen needs to offer a mode (its ``describe()``). */
export type ModeInfo = {
  rules_defaults: { [key: string]: unknown };
  boxes: ("letters_2" | "letters_3" | "letters_4" | "letters_5" | "letters_6" | "one_word" | "two_words" | "three_words" | "consonants" | "vowels" | "woord_yahtzee" | "chance" | "ones" | "twos" | "threes" | "fours" | "fives" | "sixes" | "three_of_a_kind" | "four_of_a_kind" | "full_house" | "small_straight" | "large_straight" | "yahtzee")[];
  /** the JSON schema of the mode's rules */
  rules_schema: { [key: string]: unknown };
  computer_levels: ("optimal" | "greedy" | "human" | "beginner" | "strong")[];
};

/** The move's summary (Woord Yahtzee's throw: ``faces``; classic's: ``dice``; a claim: ``points`` and ``box``; Kaartspel: roll, square, dice, card …) and the new state. */
export type MoveReply = {
  state: GameState;
};

/** A player's own box: seven dice of six faces (an Umlaut counts as its plain vowel); the engine checks it (``bad_dice_set``). The server names it (its id is its link). */
export type NewDiceSet = {
  /** what lists show, 1-60 characters */
  title: string;
  language?: string;
  dice: (((string | number)[])[])[];
};

/** A new table: ``solo``: one human (plus any computer players); ``hotseat``/ ``online``: 2-8 seats, at least one human; ``pad``: a score pad for real dice (1-8 players at one device, no computers, each throw gives its ``faces``). The players and rules are checked by the engine (``bad_players``, ``bad_level``, ``bad_rules``). */
export type NewGame = {
  mode?: "woord" | "classic" | "kaartspel" | "triple";
  kind?: "solo" | "hotseat" | "online" | "pad";
  players: (string | {
    /** at most 24 characters as sent, not only spaces (runs of spaces fold to one); no control characters */
    name: string;
    /** a computer player's level; none: a human */
    computer?: "optimal" | "greedy" | "human" | "beginner" | "strong" | null;
  })[];
  /** the rules options of the game's mode (none: the defaults) */
  rules?: {
    /** the upper section's sum that earns the bonus of 35 */
    upper_bonus_at?: number;
    /** the old name of upper_bonus_at, still read */
    upper_bonus_threshold?: number;
    /** true: the rounds in any order (the Dutch rulebook's variant) */
    free_order?: boolean;
    /** the hourglass: seconds a turn may take; null: no hourglass */
    turn_seconds?: number | null;
    /** the fewest letters a word may have */
    min_word_length?: number;
    /** the Y counts as a vowel */
    y_is_vowel?: boolean;
    /** the dictionary's name */
    dictionary?: string;
    /** a shipped dice set; left out: the dictionary language's default (en for English, else nl) */
    dice_set?: string;
  } | {
    /** free: the Dutch rulebook; forced: the English rule */
    joker?: "free" | "forced";
    /** the upper total that earns the bonus of 35 (a house rule; 105 is the most the upper boxes can hold) */
    upper_bonus_at?: number;
    /** a match of 5 games: the highest total over all games wins */
    match?: boolean;
  } | { [key: string]: never } | null;
  /** online tables only */
  pace?: "live" | "slow";
  /** slow: 3600-604800 */
  idle_seconds?: number | null;
};

/** The new table, with its seats' links. */
export type NewGameReply = {
  id: string;
  kind: "solo" | "hotseat" | "online" | "pad";
  links: SeatLink[];
  watch_url: string;
  state: GameState;
};

/** A table to open (or, for a quick match, to find). */
export type NewLobbyTable = {
  mode?: "woord" | "classic" | "kaartspel" | "triple";
  /** the rules options of the game's mode */
  rules?: {
    /** the upper section's sum that earns the bonus of 35 */
    upper_bonus_at?: number;
    /** the old name of upper_bonus_at, still read */
    upper_bonus_threshold?: number;
    /** true: the rounds in any order (the Dutch rulebook's variant) */
    free_order?: boolean;
    /** the hourglass: seconds a turn may take; null: no hourglass */
    turn_seconds?: number | null;
    /** the fewest letters a word may have */
    min_word_length?: number;
    /** the Y counts as a vowel */
    y_is_vowel?: boolean;
    /** the dictionary's name */
    dictionary?: string;
    /** a shipped dice set; left out: the dictionary language's default (en for English, else nl) */
    dice_set?: string;
  } | {
    /** free: the Dutch rulebook; forced: the English rule */
    joker?: "free" | "forced";
    /** the upper total that earns the bonus of 35 (a house rule; 105 is the most the upper boxes can hold) */
    upper_bonus_at?: number;
    /** a match of 5 games: the highest total over all games wins */
    match?: boolean;
  } | { [key: string]: never };
  seats?: number;
  pace?: "live" | "slow";
  /** slow: 3600-604800 (default 86400) */
  idle_seconds?: number | null;
  rated?: boolean;
  /** strangers may watch the table once it plays (the lobby lists it); a quick match never is */
  public?: boolean;
};

/** The new profile and the link that carries it to another device (the secret goes into the ``wy_profile`` cookie). */
export type NewProfile = {
  profile: ProfileId;
  link: string;
};

/** Which puzzles to draw from. */
export type NextQuery = {
  /** classic, woord or kaartspel */
  mode: "classic" | "woord" | "kaartspel";
  /** only puzzles of this theme */
  theme?: "bonus" | "box" | "casino" | "claim" | "hourglass" | "joker" | "keep" | "last_round" | "opening" | "place" | "raise" | "special" | "steal" | "stop" | "straight" | "take" | "woord_yahtzee" | "yahtzee" | null;
  /** comma-separated ids of puzzles not to show again (the ones just seen) */
  skip?: string | null;
};

/** The turn being played with five pip dice (classic and Triple Yahtzee). */
export type PipTurn = {
  /** the turn's number, from 0, over all players */
  number: number;
  /** the seat to move */
  player: number;
  round: number;
  /** the throws made this turn */
  throws: number;
  throws_left: number;
  /** the five pips showing, null before the first throw */
  dice: number[] | null;
  /** the dice (positions) kept at the last throw */
  kept: number[];
};

/** How far preparing the strategy tables and samples is. */
export type Preparing = {
  done: number;
  total: number;
  items: { [key: string]: unknown }[];
};

/** Per word and per claimable box, without playing. */
export type Preview = {
  words: { [key: string]: unknown }[];
  formable_together: boolean;
  boxes: { [key: string]: BoxPreview };
  seq: number;
};

/** Words typed so far (Woord Yahtzee). */
export type PreviewRequest = {
  words?: string[];
  zero_box?: "letters_2" | "letters_3" | "letters_4" | "letters_5" | "letters_6" | "one_word" | "two_words" | "three_words" | "consonants" | "vowels" | "woord_yahtzee" | "chance" | "ones" | "twos" | "threes" | "fours" | "fives" | "sixes" | "three_of_a_kind" | "four_of_a_kind" | "full_house" | "small_straight" | "large_straight" | "yahtzee";
};

/** This browser's profile: its daily games, figures per mode, the tables where it is its turn, its finished games and its ratings. */
export type Profile = {
  id: string;
  name: string;
  created_at: number;
  games: { [key: string]: unknown }[];
  modes: { [key: string]: { [key: string]: unknown } };
  your_turns: { [key: string]: unknown }[];
  history: { [key: string]: unknown }[];
  figures: unknown[];
  ratings: { [key: string]: { [key: string]: unknown } };
  link: string;
};

/** The profile is gone. */
export type ProfileDeleted = {
  deleted: boolean;
};

/** A profile's id and name. */
export type ProfileId = {
  id: string;
  name: string;
};

/** A profile's name (checked as a player's name is: ``bad_name``). */
export type ProfileName = {
  /** at most 24 characters as sent, not only spaces (runs of spaces fold to one); no control characters */
  name: string;
};

/** A table its players made public, being played: anyone may watch it. */
export type PublicTable = {
  game_id: string;
  mode: "woord" | "classic" | "kaartspel" | "triple";
  rules: { [key: string]: unknown };
  pace: "live" | "slow";
  players: string[];
  /** the watch link */
  url: string;
};

/** A profile's puzzle rating per mode and its answers, newest first. */
export type PuzzleProfile = {
  ratings: { [key: string]: { [key: string]: unknown } };
  history: { [key: string]: unknown }[];
};

/** A puzzle as the solver sees it: what the player saw then, nothing of the answer. ``position`` is the mode's: classic ``dice``, ``throws``, ``round``, ``scores`` (the filled boxes), ``upper_total``, ``upper_bonus_at``, ``yahtzee_bonus``, ``joker``; Woord Yahtzee ``faces`` (the letters), ``throws``, ``round``, ``boxes`` (None: open), ``total``, ``upper_total``, ``upper_bonus_threshold``, ``seconds_left`` (the hourglass when the choice was made; None without one); Kaartspel the board as the game's screen has it without names (``spaces``, ``players`` by seat, ``to_move``: the seat answering), ``phase``, ``target``, ``red``, ``dice``, ``throws``, ``casino``, ``unplaced``, ``takes`` (what the dice may take now), ``round`` (the seat's own turn) and ``step``. Kaartspel also lists its other ``choices``. */
export type Question = {
  id: string;
  mode: string;
  rules: { [key: string]: unknown };
  throws: number;
  shown: string;
  position: { [key: string]: unknown };
  themes: string[];
  /** the boxes open to a claim now, in sheet order */
  boxes: string[];
  /** whether a keep (throwing again) is open */
  can_keep: boolean;
  /** how a page draws the question, as the mode declares it: ``board`` (``sheet`` or ``cards``), and for a sheet ``faces`` (``pips`` or ``letters``), ``claim`` (the choice's kind for a box), ``filled`` and ``upper_at`` (the position's fields of the filled boxes and of the upper bonus's threshold) */
  screen: { [key: string]: string };
  /** Kaartspel: the choices other than a keep, in a fixed order: each card to take (``card``, ``how``, ``score``; null card: nothing), ``throw`` (to raise), ``roll`` (move on), ``stop`` */
  choices?: { [key: string]: unknown }[] | null;
  rating: number;
  plays: number;
};

/** A quick reaction (fixed ones, no free text; the engine checks: ``bad_option``). */
export type ReactRequest = {
  emote: "like" | "clap" | "wow" | "oops" | "luck" | "hurry";
  token?: string | null;
};

/** A reaction as every viewer sees it. */
export type Reaction = {
  seat: number;
  emote: "like" | "clap" | "wow" | "oops" | "luck" | "hurry";
  at: number;
};

/** A quick reaction the table shows for a few seconds. */
export type RecentReaction = {
  seat: number;
  emote: "like" | "clap" | "wow" | "oops" | "luck" | "hurry";
  /** the emote's symbol */
  symbol: string;
  /** when (server time) */
  at: number;
};

/** The game record (docs/records.md) of the turns played so far, and the result once over. */
export type Record = {
  record: { [key: string]: unknown };
  result: { [key: string]: unknown } | null;
};

/** A step of a turn: the red die moved the pawn. */
export type RedStep = {
  /** the red die's roll */
  red: number;
};

/** The asking seat's link to the new table. */
export type Rematch = {
  id: string;
  url: string;
};

/** Who asks for the rematch. */
export type RematchRequest = {
  token?: string | null;
};

/** The renamed profile. */
export type Renamed = {
  id: string;
  name: string;
  created_at: number;
};

/** A report, as kept. */
export type Report = {
  word: string;
  dictionary: string;
  kind: "wrongly_accepted" | "wrongly_refused";
  /** whether the dictionary takes the word now */
  valid_now: boolean;
};

/** The reported words, most reported first. */
export type ReportList = {
  reports: WordReport[];
};

/** A player disputes the dictionary. */
export type ReportRequest = {
  /** one word of letters a-z */
  word: string;
  /** a dictionary's name */
  dictionary?: string;
  kind: "wrongly_accepted" | "wrongly_refused";
  note?: string;
};

/** Which reports. */
export type ReportsQuery = {
  dictionary?: string | null;
};

/** Who comes back: the seat's own token. */
export type ReturnRequest = {
  /** the seat's token, if not in X-Seat-Token */
  token?: string | null;
};

/** Every finished turn judged against optimal play; ``ready: false`` (202) while the strategy table is being prepared. ``judge`` names the skill figure's judge (``optimal``, ``claims``: Woord Yahtzee's claims against the best claim of their throw, ``strong``: the strong computer player; null: the mode has none and nothing is judged); ``skill`` each player's figure, ``levels`` the computer levels' (null: not measured for these rules); ``finished``: false while the game goes on (only the turns played are judged). Each decision carries ``lost`` and ``random`` (null: shown, not counted) and, in Woord Yahtzee, ``target``: the best claim of its throw. ``optimal``: the final scores against a sample of optimal play's, once the game is over, where optimal play is the judge; ``hindsight``: a daily game's, once its day is over, whose decisions carry their ``worth`` in hindsight (docs/daily.md). */
export type Review = {
  ready: boolean;
  failed?: string | null;
  turns?: { [key: string]: unknown }[] | null;
  regret?: number[] | null;
  players?: string[] | null;
  totals?: number[] | null;
  finished?: boolean | null;
  judge?: string | null;
  skill?: Skill[] | null;
  levels?: { [key: string]: number } | null;
  optimal?: { [key: string]: unknown } | null;
  hindsight?: boolean | null;
};

/** A word and its score. */
export type ScoredWord = {
  word: string;
  score: number;
};

/** A seat as the state shows it. */
export type Seat = {
  seat: number;
  name: string;
  computer: "optimal" | "greedy" | "human" | "beginner" | "strong" | null;
  present: boolean;
  left: boolean;
  /** missed two turns in a row since its player came, and not at the table: its turns are skipped at once */
  away: boolean;
  /** its player has come to the table (a page, a read or a move with the seat's token) */
  came: boolean;
  /** what the host may do to this seat now: nothing at a rated table, elsewhere only to a player absent from the table for 60 s */
  host_controls: ("skip" | "remove" | "computer")[];
  /** what the host last did to this seat, why and when */
  host_action: HostAction | null;
};

/** A human seat's link (a hotseat table: one link for all its seats). */
export type SeatLink = {
  seats: number[];
  name: string;
  token: string;
  url: string;
};

/** The host's control over a seat (``computer``: the ``level`` that plays it). */
export type SeatRequest = {
  /** the number of events the browser has seen; a different number gets 409 stale */
  seq?: number | null;
  /** the seat's token, if not in X-Seat-Token */
  token?: string | null;
  level?: "optimal" | "greedy" | "human" | "beginner" | "strong";
};

/** The seat's secret token, from the seat's link ``#seat=TOKEN`` (also accepted as ``token`` in a JSON body). */
export type SeatToken = {
  /** the seat's secret token */
  "X-Seat-Token"?: string | null;
};

/** The box ids of a sheet's two sections, in order. */
export type Sections = {
  upper: string[];
  lower: string[];
};

/** A player's skill figure (docs/skill.md): ``figure`` = 100 × (1 − ``lost`` / ``random``): 100 for the judge's choices, about 0 for random answers (null: nothing at stake yet); ``judged`` decisions (Woord Yahtzee: turns), ``best`` of them the judge's own. */
export type Skill = {
  figure: number | null;
  lost: number;
  random: number;
  judged: number;
  best: number;
};

/** The best words per box. */
export type SolveReply = {
  letters: string;
  boxes: { [key: string]: BoxWords };
  words: ScoredWord[];
};

/** Seven faces (``?`` = the blank). */
export type SolveRequest = {
  /** the 7 faces of a throw, ? for the blank */
  letters: string;
  /** a dictionary's name */
  dictionary?: string;
  dice_set?: string;
};

/** The new state. */
export type StateReply = {
  state: GameState;
};

/** A step of a turn: the black dice thrown, then a card taken (or none). */
export type TakeStep = {
  /** each throw's dice ("13356") */
  throws: string[];
  /** the card taken; null: nothing */
  take: string | null;
};

/** One choice per position of the test, in order (each as :class:`Answer`'s). */
export type TestAnswers = {
  answers: { [key: string]: unknown }[];
};

/** A mode's proficiency test: its version and positions (as :class:`Question` has them, without rating). */
export type TestPositions = {
  mode: string;
  version: number;
  positions: { [key: string]: unknown }[];
};

/** The test's score, the skill figure of the answers (docs/skill.md): 100 × (1 − ``regret`` / ``random``), 100 for the best answers, about 0 for answers drawn at random (``random``: the points those lose on average), below 0 for worse; how many answers were the best, the points lost, the computer levels' scores (``levels``; null: not measured) and each position's grade. */
export type TestScore = {
  mode: string;
  version: number;
  positions: number;
  score: number;
  best_answers: number;
  regret: number;
  random: number;
  levels: { [key: string]: number } | null;
  graded: { [key: string]: unknown }[];
};

/** Each theme of a mode with its number of puzzles. */
export type Themes = {
  mode: string;
  themes: { [key: string]: number };
};

/** Which mode's themes. */
export type ThemesQuery = {
  mode: "classic" | "woord" | "kaartspel";
};

/** One column of a player's card: a classic sheet with its factor. */
export type TripleColumn = {
  /** 1-3 */
  column: number;
  /** what its points count: ×1, ×2, ×3 */
  factor: number;
  /** every box by id: its points, null while open */
  boxes: { [key: string]: number | null };
  upper_total: number;
  upper_bonus: number;
  yahtzee_bonus: number;
  total: number;
  /** the factor times the total */
  weighted: number;
};

/** A player's card of three columns. */
export type TriplePlayer = {
  name: string;
  columns: TripleColumn[];
  /** the grand total: the weighted totals' sum */
  total: number;
  /** turns missed in a row (an absent player's) */
  missed: number;
  /** the player left the table */
  left: boolean;
};

/** A table's state (mode triple): the table's fields, then the game's view. A Triple Yahtzee game as a screen renders it (the same for every seat: nothing is hidden). There is no ``rules`` key: Triple Yahtzee has none. */
export type TripleState = {
  id: string;
  mode: "triple";
  kind: "solo" | "hotseat" | "online" | "pad";
  /** the number of events so far */
  seq: number;
  status: "active" | "finished" | "abandoned";
  /** the seat to move (every mode); null once over */
  to_move: number | null;
  seats: Seat[];
  host: number;
  /** the result changes the players' ratings; its seats belong to their players */
  rated: boolean;
  pace: "live" | "slow";
  idle_seconds: number | null;
  /** when the seat to move loses its turn if nobody acts; null when never, or while the clock stands still (paused, or waiting for the players) */
  idle_deadline: number | null;
  /** a live online table at which no player has a page open: no turn clock runs, no turn is skipped */
  paused: boolean;
  /** the seats whose players the online table still waits for (the clock starts once all have come, or at wait_until) */
  waiting_for: number[];
  /** while waiting_for: when the clock starts without them */
  wait_until: number | null;
  /** the day of a daily game */
  daily: string | null;
  /** a daily game: when its day is over (its moves end; anyone with the link may watch it from then on); else null */
  daily_closes_at: number | null;
  reactions: RecentReaction[];
  /** the id of the table of the rematch, once made */
  rematch: string | null;
  server_time: number;
  /** the seats the request's token acts for */
  you?: number[] | null;
  /** the seats the request's token holds, those a computer plays now included */
  own?: number[] | null;
  players: TriplePlayer[];
  /** the upper total that earns a column's bonus */
  upper_bonus_at: number;
  /** the points of the upper bonus */
  upper_bonus_points: number;
  columns: ColumnFactor[];
  boxes: Sections;
  /** the turns each player plays (39) */
  rounds: number;
  max_throws: number;
  finished: boolean;
  history: TripleTurnDone[];
  /** the turn being played; null once over */
  turn: PipTurn | null;
  /** per column number as a string ("1" … "3"), the boxes the dice may be written in now with the points each would gain (unweighted); empty before the first throw */
  options: { [key: string]: { [key: string]: number } };
  winners: string[];
  /** never a match */
  match: null;
};

/** A finished turn, numbered. */
export type TripleTurnDone = {
  /** the seat that played it */
  player: number;
  /** the column written (1-3: ×1, ×2, ×3) */
  column: number;
  box: string;
  /** what the box got */
  score: number;
  /** what the column gained (its Yahtzee bonus included), unweighted */
  points: number;
  /** the points times the column's factor */
  weighted: number;
  /** why the turn was skipped (absent, host, left): a 0 in the first open box */
  skipped?: string;
  /** each throw's dice ("13356") */
  throws: string[];
  /** the turn's number, from 0, over all players */
  number: number;
  round: number;
};

/** A word list to build a dictionary from (multipart/form-data). */
export type UploadForm = {
  /** UTF-8 text or gzip, one word a line, at most 8 MiB */
  file: string;
  /** what lists show (default: the file's name); the server names the dictionary itself, and that name is its link */
  title?: string;
  /** ask the moderators to list it to everyone (until they approve, only its owner and whoever has its link see it) */
  public?: "" | "on" | "true" | "1";
};

/** Who watches a table's live updates. */
export type WatchQuery = {
  /** the viewer's seat token: it counts as present at its seats */
  token?: string | null;
};

/** Where a valid word comes from, or why a word is refused (:mod:`wordyahtzee.lexicon.why`). */
export type Why = {
  source: string;
  detail?: string;
  text: string;
  nearby: string[];
};

/** The box ids by kind, each list in sheet order. */
export type WoordBoxes = {
  /** the eight round boxes */
  round: string[];
  special: string[];
  upper: string[];
  lower: string[];
};

/** A player's sheet in a Woord Yahtzee game. */
export type WoordPlayer = {
  name: string;
  /** every box by id: its points, null while open */
  boxes: { [key: string]: number | null };
  upper_total: number;
  upper_bonus: number;
  lower_total: number;
  woord_yahtzee_bonus: number;
  total: number;
  /** turns missed in a row (an absent player's) */
  missed: number;
  /** the player left the table */
  left: boolean;
};

/** A table's state (mode woord): the table's fields, then the game's view. A Woord Yahtzee game as a screen renders it. */
export type WoordState = {
  id: string;
  mode: "woord";
  kind: "solo" | "hotseat" | "online" | "pad";
  /** the number of events so far */
  seq: number;
  status: "active" | "finished" | "abandoned";
  /** the seat to move (every mode); null once over */
  to_move: number | null;
  seats: Seat[];
  host: number;
  /** the result changes the players' ratings; its seats belong to their players */
  rated: boolean;
  pace: "live" | "slow";
  idle_seconds: number | null;
  /** when the seat to move loses its turn if nobody acts; null when never, or while the clock stands still (paused, or waiting for the players) */
  idle_deadline: number | null;
  /** a live online table at which no player has a page open: no turn clock runs, no turn is skipped */
  paused: boolean;
  /** the seats whose players the online table still waits for (the clock starts once all have come, or at wait_until) */
  waiting_for: number[];
  /** while waiting_for: when the clock starts without them */
  wait_until: number | null;
  /** the day of a daily game */
  daily: string | null;
  /** a daily game: when its day is over (its moves end; anyone with the link may watch it from then on); else null */
  daily_closes_at: number | null;
  reactions: RecentReaction[];
  /** the id of the table of the rematch, once made */
  rematch: string | null;
  server_time: number;
  /** the seats the request's token acts for */
  you?: number[] | null;
  /** the seats the request's token holds, those a computer plays now included */
  own?: number[] | null;
  /** every rules option, defaults included */
  rules: {
    /** the upper section's sum that earns the bonus of 35 */
    upper_bonus_at: number;
    /** the old name of upper_bonus_at, still read */
    upper_bonus_threshold?: number;
    /** true: the rounds in any order (the Dutch rulebook's variant) */
    free_order: boolean;
    /** the hourglass: seconds a turn may take; null: no hourglass */
    turn_seconds: number | null;
    /** the fewest letters a word may have */
    min_word_length: number;
    /** the Y counts as a vowel */
    y_is_vowel: boolean;
    /** the dictionary's name */
    dictionary: string;
    /** a shipped dice set; left out: the dictionary language's default (en for English, else nl) */
    dice_set: string;
  };
  players: WoordPlayer[];
  boxes: WoordBoxes;
  rounds: number;
  max_throws: number;
  /** each die's letters (a score pad's keyboard: only throwable letters can be entered) */
  dice_faces: string[][];
  /** a score pad's referee of any box: its letters are nobody's real dice (no Tip) */
  any_box: boolean;
  finished: boolean;
  history: WoordTurnDone[];
  /** the turn being played; null once over */
  turn: WoordTurn | null;
  /** the boxes the player to move may claim now; empty before the first throw */
  options: { [key: string]: ClaimOption };
  winners: string[];
};

/** The turn being played. */
export type WoordTurn = {
  /** the turn's number, from 0, over all players */
  number: number;
  /** the seat to move */
  player: number;
  round: number;
  /** the round's own box (in strict order, the box a turn fills) */
  round_box: string;
  /** the throws made this turn */
  throws: number;
  throws_left: number;
  /** the letters showing, in die order, ``?`` the blank; null before the first throw */
  faces: string | null;
  dice: LetterDie[] | null;
  /** the dice (positions) kept for the next throw */
  kept: number[];
  /** when the hourglass runs out (server time); null while it does not run */
  deadline: number | null;
  seconds_left: number | null;
  /** the hourglass's seconds; null: none */
  turn_seconds: number | null;
  /** when the hourglass started (server time) */
  started_at: number | null;
  /** the round box that takes the 0 of a special claim or a timeout now */
  zero_box: string | null;
};

/** A finished turn: its record and what it scored. */
export type WoordTurnDone = {
  /** the name of the player who played it */
  player: string;
  /** each throw's letters, ``?`` the blank */
  throws: string[];
  claim: ClaimRecord;
  /** how long the turn took, from the hourglass's start */
  seconds?: number;
  /** a score pad's note: the points were written without the throw */
  assumed?: boolean;
  /** why the turn was skipped (absent, host, left) */
  skipped?: string;
  /** the hourglass ran out: a zero */
  timeout?: boolean;
  /** in its box, or as a bonus */
  points: number;
  /** what it added to the total, the upper bonus included */
  gain: number;
  number: number;
  round: number;
  /** the seat that played it */
  seat: number;
};

/** A reported word with how often and the notes. */
export type WordReport = {
  word: string;
  dictionary: string;
  kind: "wrongly_accepted" | "wrongly_refused";
  count: number;
  notes: string[];
  last: number;
};

/** An online table where it is the profile's turn. */
export type YourTurn = {
  game_id: string;
  mode: "woord" | "classic" | "kaartspel" | "triple";
  pace: "live" | "slow";
  players: string[];
  deadline: number | null;
  url: string;
};

/** The online tables where it is this browser's profile's turn. */
export type YourTurns = {
  turns: YourTurn[];
};
