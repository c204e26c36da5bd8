"""The tables each feature added to the store, as both backends create them (``{real}``:
the backend's floating-point type): the steps of :mod:`wordyahtzee.store.migrations` take
them in order. A feature's tables are written once here, never twice."""

from __future__ import annotations

PLAYERS = (
    "CREATE TABLE secrets (name TEXT PRIMARY KEY, value TEXT NOT NULL)",
    """CREATE TABLE profiles (
        id          TEXT PRIMARY KEY,
        name        TEXT NOT NULL,
        secret_hash TEXT NOT NULL UNIQUE,
        created_at  {real} NOT NULL
    )""",
    """CREATE TABLE daily_days (
        day     TEXT NOT NULL,
        mode    TEXT NOT NULL,
        par     INTEGER NOT NULL,
        rules   TEXT NOT NULL,
        record  TEXT NOT NULL,
        PRIMARY KEY (day, mode)
    )""",
    """CREATE TABLE daily_entries (
        day         TEXT NOT NULL,
        mode        TEXT NOT NULL,
        profile_id  TEXT NOT NULL,
        game_id     TEXT NOT NULL UNIQUE,
        started_at  {real} NOT NULL,
        score       INTEGER,
        finished_at {real},
        PRIMARY KEY (day, mode, profile_id)
    )""",
)
"""Profiles, the server's secrets and the daily game, the same in both backends (JSON kept
as text: :mod:`wordyahtzee.store.players` reads them for both)."""
PLAYERS_INDEXES = (
    "CREATE INDEX daily_board ON daily_entries (day, mode, score DESC, finished_at)",
    "CREATE INDEX daily_of_profile ON daily_entries (profile_id, day)",
)
LOBBY = (
    """CREATE TABLE seat_profiles (
        game_id     TEXT NOT NULL,
        seat        INTEGER NOT NULL,
        profile_id  TEXT NOT NULL,
        PRIMARY KEY (game_id, seat)
    )""",
    "CREATE INDEX seat_profiles_of ON seat_profiles (profile_id)",
    """CREATE TABLE lobby (
        id           TEXT PRIMARY KEY,
        mode         TEXT NOT NULL,
        rules        TEXT NOT NULL,
        rules_key    TEXT NOT NULL,
        pace         TEXT NOT NULL,
        idle_seconds {real} NOT NULL,
        seats        INTEGER NOT NULL,
        rated        INTEGER NOT NULL,
        created_at   {real} NOT NULL,
        game_id      TEXT
    )""",
    "CREATE INDEX lobby_open ON lobby (game_id, mode, created_at)",
    """CREATE TABLE lobby_players (
        lobby_id    TEXT NOT NULL,
        seat        INTEGER NOT NULL,
        profile_id  TEXT NOT NULL,
        joined_at   {real} NOT NULL,
        PRIMARY KEY (lobby_id, seat),
        UNIQUE (lobby_id, profile_id)
    )""",
    "CREATE INDEX lobby_players_of ON lobby_players (profile_id)",
    """CREATE TABLE ratings (
        profile_id  TEXT NOT NULL,
        mode        TEXT NOT NULL,
        rating      {real} NOT NULL,
        rd          {real} NOT NULL,
        volatility  {real} NOT NULL,
        games       INTEGER NOT NULL,
        updated_at  {real} NOT NULL,
        PRIMARY KEY (profile_id, mode)
    )""",
    "CREATE TABLE rated_games (game_id TEXT PRIMARY KEY, at {real} NOT NULL)",
)
"""Which profile holds which seat, the lobby of open tables and the ratings, the same in
both backends."""
AIDED = ("CREATE TABLE aided_seats (game_id TEXT NOT NULL, seat INTEGER NOT NULL, "
          "PRIMARY KEY (game_id, seat))",
          "CREATE TABLE reactions (game_id TEXT NOT NULL, seat INTEGER NOT NULL, "
          "emote TEXT NOT NULL, at {real} NOT NULL)",
          "CREATE INDEX reactions_recent ON reactions (at, game_id)")
"""The seats that asked for a Tip, and the players' quick reactions at online tables (the
same in both backends)."""
PUBLIC = ("ALTER TABLE lobby ADD COLUMN public INTEGER NOT NULL DEFAULT 0",
           "CREATE INDEX lobby_public ON lobby (public, game_id)")
"""Whether the players of a lobby table let strangers watch it (the same in both
backends)."""
FAIR_PLAY = (
    "ALTER TABLE daily_entries ADD COLUMN check_state TEXT",
    "ALTER TABLE daily_entries ADD COLUMN check_result TEXT",
    # results finished before the check existed stand as they were
    "UPDATE daily_entries SET check_state = 'clear' WHERE score IS NOT NULL",
    """CREATE TABLE moderation_log (
        at        {real} NOT NULL,
        moderator TEXT NOT NULL,
        action    TEXT NOT NULL,
        subject   TEXT NOT NULL,
        note      TEXT NOT NULL
    )""",
    "CREATE INDEX moderation_log_at ON moderation_log (at)",
    "CREATE INDEX daily_checks ON daily_entries (check_state, finished_at)",
)
"""The fair-play check of each finished daily game (its state and evidence), and the log
of what moderators decided (the same in both backends)."""
MODERATORS = (
    """CREATE TABLE moderators (
        name          TEXT PRIMARY KEY,
        password_hash TEXT NOT NULL,
        created_at    {real} NOT NULL
    )""",
    """CREATE TABLE moderator_sessions (
        token_hash  TEXT PRIMARY KEY,
        moderator   TEXT NOT NULL,
        created_at  {real} NOT NULL,
        last_seen   {real} NOT NULL,
        expires_at  {real} NOT NULL
    )""",
    "CREATE INDEX moderator_sessions_of ON moderator_sessions (moderator)",
    """CREATE TABLE login_failures (
        name  TEXT NOT NULL,
        at    {real} NOT NULL
    )""",
    "CREATE INDEX login_failures_of ON login_failures (name, at)",
    """CREATE TABLE word_decisions (
        dictionary  TEXT NOT NULL,
        word        TEXT NOT NULL,
        verdict     TEXT NOT NULL CHECK (verdict IN ('accept', 'refuse')),
        reason      TEXT NOT NULL,
        moderator   TEXT NOT NULL,
        at          {real} NOT NULL,
        seq         INTEGER NOT NULL,
        PRIMARY KEY (dictionary, word)
    )""",
    "CREATE INDEX word_decisions_seq ON word_decisions (seq)",
    "ALTER TABLE profiles ADD COLUMN hidden_name TEXT",
)
"""Moderators who log in (their Argon2 password hashes; sessions kept as hashes of their
tokens; failed logins per name), the dictionaries' overlay of word decisions (one current
verdict per word and dictionary; ``seq`` grows with every decision, so a process sees a
newer one with one cheap query), and a profile's name a moderator hid (the chosen name
kept in ``hidden_name``; the same in both backends)."""

PUZZLES = (
    """CREATE TABLE puzzles (
        id          TEXT PRIMARY KEY,
        mode        TEXT NOT NULL,
        rules_key   TEXT NOT NULL,
        source      TEXT NOT NULL,
        day         TEXT,
        themes      TEXT NOT NULL,
        data        TEXT NOT NULL,
        rating      {real} NOT NULL,
        rd          {real} NOT NULL,
        vol         {real} NOT NULL,
        plays       INTEGER NOT NULL,
        solved      INTEGER NOT NULL,
        version     TEXT NOT NULL,
        created_at  {real} NOT NULL
    )""",
    "CREATE INDEX puzzles_pick ON puzzles (mode, rating)",
    """CREATE TABLE puzzle_sources (
        game_id   TEXT PRIMARY KEY,
        mined_at  {real} NOT NULL,
        found     INTEGER NOT NULL
    )""",
    """CREATE TABLE puzzle_attempts (
        profile_id    TEXT NOT NULL,
        puzzle_id     TEXT NOT NULL,
        mode          TEXT NOT NULL,
        choice        TEXT NOT NULL,
        regret        {real} NOT NULL,
        solved        INTEGER NOT NULL,
        rating_before {real} NOT NULL,
        rating_after  {real} NOT NULL,
        at            {real} NOT NULL,
        PRIMARY KEY (profile_id, puzzle_id)
    )""",
    "CREATE INDEX puzzle_attempts_of ON puzzle_attempts (profile_id, at)",
    """CREATE TABLE puzzle_ratings (
        profile_id  TEXT NOT NULL,
        mode        TEXT NOT NULL,
        rating      {real} NOT NULL,
        rd          {real} NOT NULL,
        vol         {real} NOT NULL,
        attempts    INTEGER NOT NULL,
        PRIMARY KEY (profile_id, mode)
    )""",
    """CREATE TABLE daily_puzzles (
        day        TEXT NOT NULL,
        mode       TEXT NOT NULL,
        puzzle_id  TEXT NOT NULL,
        PRIMARY KEY (day, mode)
    )""",
)
"""Puzzles mined from finished games (their JSON as text, their Glicko-2 rating as
columns), the games mined, each profile's rated answers and puzzle rating per mode, and the
puzzle of each day (the same in both backends)."""

LOBBY_GAMES = "id IN (SELECT game_id FROM lobby WHERE game_id IS NOT NULL) AND {table}"
"""The games the lobby started (``{table}``: their setup has its table options), written
before a setup said so (``table.lobby``: a seat acts only with the profile that holds
it)."""

SCORES_BY_GAME = ("CREATE INDEX high_scores_game ON high_scores (game_id, player)",)
"""A profile's score history reads the lines of the games where it holds a seat (the same
in both backends)."""

OWNED = (
    """CREATE TABLE owners (
        owner       TEXT PRIMARY KEY,
        created_at  {real} NOT NULL
    )""",
    """CREATE TABLE dice_sets (
        id          TEXT PRIMARY KEY,
        owner       TEXT NOT NULL,
        title       TEXT NOT NULL,
        dice        TEXT NOT NULL,
        created_at  {real} NOT NULL
    )""",
    "CREATE INDEX dice_sets_of ON dice_sets (owner, created_at)",
    """CREATE TABLE owned_dictionaries (
        name        TEXT PRIMARY KEY,
        owner       TEXT NOT NULL,
        title       TEXT NOT NULL,
        listing     TEXT NOT NULL
                    CHECK (listing IN ('private', 'asked', 'public', 'declined')),
        created_at  {real} NOT NULL
    )""",
    "CREATE INDEX owned_dictionaries_of ON owned_dictionaries (owner)",
)
"""What players make and own (:mod:`wordyahtzee.store.owned`): the owners (a profile or a
browser; a row each, locked while a new thing of theirs is counted against their cap), their
own dice sets (the set's JSON as text; the id is its link) and the uploaded dictionaries'
owners and listing (the word lists stay files in the data dir; the same in both
backends)."""

LOGIN_ATTEMPTS = (
    "DROP TABLE login_failures",
    """CREATE TABLE login_attempts (
        id        TEXT PRIMARY KEY,
        name      TEXT NOT NULL,
        address   TEXT NOT NULL,
        name_lock TEXT NOT NULL,
        at        {real} NOT NULL
    )""",
    "CREATE INDEX login_attempts_of_name ON login_attempts (name, address, at)",
    "CREATE INDEX login_attempts_of_address ON login_attempts (address, at)",
    "CREATE INDEX login_attempts_by_lock ON login_attempts (name_lock, at)",
    """CREATE TABLE login_locks (
        lock  TEXT PRIMARY KEY,
        at    {real} NOT NULL
    )""",
)
"""The moderators' login budgets: a row per password check reserved (the name typed, the
client's address, the name's lock, when; given back when the password was right), and
the rows whose lock a reservation takes first, so that every process counts one name's
and one address's checks one at a time (the same in both backends; they replace
``login_failures``, which counted a failure only after its check)."""

DAILY_SKILL = (
    "ALTER TABLE daily_entries ADD COLUMN skill {real}",
    "CREATE INDEX daily_skills ON daily_entries (skill, finished_at)",
)
"""The skill figure of each finished daily game (docs/skill.md), null until it is
computed: the day's players compare with each other by it; the index finds the finished
games still without one (the same in both backends)."""

ENGINE_PLAY = (
    "ALTER TABLE daily_entries ADD COLUMN loss {real}",
    "CREATE INDEX daily_loss ON daily_entries (day, mode, loss, finished_at)",
    """CREATE TABLE play_checks (
        game_id    TEXT NOT NULL,
        seat       INTEGER NOT NULL,
        profile_id TEXT NOT NULL,
        mode       TEXT NOT NULL,
        kind       TEXT NOT NULL,
        at         {real} NOT NULL,
        decisions  INTEGER NOT NULL,
        loss       {real} NOT NULL,
        expected   {real} NOT NULL,
        variance   {real} NOT NULL,
        PRIMARY KEY (game_id, seat)
    )""",
    "CREATE INDEX play_checks_of ON play_checks (profile_id, mode, at)",
    """CREATE TABLE engine_holds (
        profile_id TEXT NOT NULL,
        mode       TEXT NOT NULL,
        state      TEXT NOT NULL,
        evidence   TEXT NOT NULL,
        at         {real} NOT NULL,
        since      {real} NOT NULL,
        PRIMARY KEY (profile_id, mode)
    )""",
    "CREATE INDEX engine_holds_state ON engine_holds (state, at)",
    # games rated before the check existed stand as they were: nothing judges them
    "INSERT INTO play_checks (game_id, seat, profile_id, mode, kind, at, decisions, loss, "
    "expected, variance) SELECT game_id, -1, '', '', 'rated', at, 0, 0, 0, 0 FROM "
    "rated_games",
)
"""The daily board ranked by the expected points a game lost (``daily_entries.loss``,
filled by the next check of every finished daily game, older ones included; the index
``daily_loss`` orders a day's board by it), the judged seats of rated and daily games that
the engine-play check reads, and the profiles it holds for a moderator (the same in both
backends)."""
