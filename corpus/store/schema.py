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
* ``editions`` — one row per ingested (game, version): the metadata the
  library shows, naming its text by hash.
"""

from __future__ import annotations

SCHEMA_VERSION = 1

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
        game_title TEXT NOT NULL,
        game_title_zh TEXT NOT NULL,
        title TEXT NOT NULL,
        published VARCHAR(10) NOT NULL,
        language VARCHAR(16) NOT NULL,
        script VARCHAR(4) NOT NULL,
        parser VARCHAR(32) NOT NULL,
        sha256 CHAR(64) NOT NULL REFERENCES texts (sha256),
        ingested VARCHAR(32) NOT NULL,
        PRIMARY KEY (game, version)
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
EDITIONS = f"SELECT {', '.join(EDITION_COLUMNS)} FROM editions ORDER BY game, version"
EDITION = f"SELECT {', '.join(EDITION_COLUMNS)} FROM editions WHERE game = ? AND version = ?"
INSERT_EDITION = (
    f"INSERT INTO editions ({', '.join(EDITION_COLUMNS)}) VALUES ({', '.join('?' for _ in EDITION_COLUMNS)})"
)
DELETE_EDITION = "DELETE FROM editions WHERE game = ? AND version = ?"

TEXT = "SELECT size, body FROM texts WHERE sha256 = ?"
HAS_TEXT = "SELECT 1 FROM texts WHERE sha256 = ?"
INSERT_TEXT = "INSERT INTO texts (sha256, size, body) VALUES (?, ?, ?)"
#: A text no edition names any more goes in the same transaction as the edition that named it.
DELETE_UNNAMED_TEXT = (
    "DELETE FROM texts WHERE sha256 = ? AND NOT EXISTS (SELECT 1 FROM editions WHERE sha256 = ?)"
)
