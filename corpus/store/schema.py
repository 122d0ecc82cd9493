"""The store's tables and every statement run on them, in plain SQL.

Nothing here is SQLite's own dialect: the types, constraints and statements
are ones PostgreSQL accepts as well, so that a store shared by several web
replicas can move to PostgreSQL by configuration.  What only SQLite needs
(journal mode, synchronous writes, the integrity check) lives in
:mod:`corpus.store.database`'s connection set-up.  Parameters use the
DB-API ``qmark`` style of Python's ``sqlite3``; a PostgreSQL connection
set-up maps them to its driver's style.

* ``store_state`` — one row: the schema's version and the *generation*, a
  counter every write transaction increases, which is how a reader learns
  (with one cheap query) that another process changed the store.
* ``texts`` — each rulebook text once, by its SHA-256; the text is checked
  against that hash every time it is read.
* ``editions`` — one row per ingested edition, which is a (game, version,
  language): the metadata the library shows, naming its text by hash.
  ``edition`` is the name the library lists it under: the version, or
  ``version/language`` for a translation (``1.071/fr``), unique per game.

Schema 2 added ``edition`` and made the language part of the key; a store
of schema 1 is moved to it by :data:`MIGRATIONS` when first opened.
"""

from __future__ import annotations

SCHEMA_VERSION = 2

CREATE = (
    """CREATE TABLE IF NOT EXISTS store_state (
        singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
        schema_version INTEGER NOT NULL,
        generation BIGINT NOT NULL
    )""",
    """CREATE TABLE IF NOT EXISTS texts (
        sha256 CHAR(64) PRIMARY KEY,
        size BIGINT NOT NULL,
        body TEXT NOT NULL
    )""",
    """CREATE TABLE IF NOT EXISTS editions (
        game VARCHAR(32) NOT NULL,
        version VARCHAR(32) NOT NULL,
        edition VARCHAR(48) NOT NULL,
        game_title TEXT NOT NULL,
        game_title_zh TEXT NOT NULL,
        title TEXT NOT NULL,
        published VARCHAR(10) NOT NULL,
        language VARCHAR(16) NOT NULL,
        script VARCHAR(4) NOT NULL,
        parser VARCHAR(32) NOT NULL,
        sha256 CHAR(64) NOT NULL REFERENCES texts (sha256),
        ingested VARCHAR(32) NOT NULL,
        PRIMARY KEY (game, version, language),
        UNIQUE (game, edition)
    )""",
)
INITIAL_STATE = "INSERT INTO store_state (singleton, schema_version, generation) VALUES (1, ?, 0)"
STATE = "SELECT schema_version, generation FROM store_state WHERE singleton = 1"
#: A write that changes nothing (rolled back): whether the store can be written at all.
TOUCH_STATE = "UPDATE store_state SET generation = generation WHERE singleton = 1"
NEXT_GENERATION = "UPDATE store_state SET generation = generation + 1 WHERE singleton = 1"

EDITION_COLUMNS = (
    "game",
    "version",
    "edition",
    "game_title",
    "game_title_zh",
    "title",
    "published",
    "language",
    "script",
    "parser",
    "sha256",
    "ingested",
)
EDITIONS = f"SELECT {', '.join(EDITION_COLUMNS)} FROM editions ORDER BY game, edition"
#: An edition by the name the library lists it under (``1.071``, ``1.071/fr``).
EDITION = f"SELECT {', '.join(EDITION_COLUMNS)} FROM editions WHERE game = ? AND edition = ?"
#: Every edition of a game in the order they were ingested: the first one's language is the game's own.
GAME_LANGUAGES = "SELECT language FROM editions WHERE game = ? ORDER BY ingested, edition"
INSERT_EDITION = (
    f"INSERT INTO editions ({', '.join(EDITION_COLUMNS)}) VALUES ({', '.join('?' for _ in EDITION_COLUMNS)})"
)
DELETE_EDITION = "DELETE FROM editions WHERE game = ? AND edition = ?"

TEXT = "SELECT size, body FROM texts WHERE sha256 = ?"
HAS_TEXT = "SELECT 1 FROM texts WHERE sha256 = ?"
INSERT_TEXT = "INSERT INTO texts (sha256, size, body) VALUES (?, ?, ?)"
#: A text no edition names any more goes in the same transaction as the edition that named it.
DELETE_UNNAMED_TEXT = (
    "DELETE FROM texts WHERE sha256 = ? AND NOT EXISTS (SELECT 1 FROM editions WHERE sha256 = ?)"
)

#: Statements that move a store of schema ``n`` to ``n + 1``, by ``n``; each list runs in one transaction.
MIGRATIONS: dict[int, tuple[str, ...]] = {
    1: (
        "ALTER TABLE editions RENAME TO editions_schema_1",
        CREATE[2],
        (
            "INSERT INTO editions (game, version, edition, game_title, game_title_zh, title, published, "
            "language, script, parser, sha256, ingested) SELECT game, version, version, game_title, "
            "game_title_zh, title, published, language, script, parser, sha256, ingested FROM editions_schema_1"
        ),
        "DROP TABLE editions_schema_1",
        "UPDATE store_state SET schema_version = 2 WHERE singleton = 1",
    ),
}
