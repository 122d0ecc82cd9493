"""The reading side of the store: the user's versions as a manifest, and their verified texts.

Every reader asks the database for its generation (one query, once per
request inside :func:`corpus.freshness.one_look`) and reads the editions
again only when another process has committed since.  A damaged store is
reported once and left alone: the bundled rulebooks go on working.
"""

from __future__ import annotations

import hashlib
import sqlite3
import sys
import threading
from pathlib import Path

from corpus.errors import ArbiterError
from corpus.freshness import looked
from corpus.manifest import Manifest
from corpus.model import BookInfo, Script
from corpus.storage import arbiter_home
from corpus.store import schema
from corpus.store.database import StoreDamaged, StoreDatabase

STORE_FOLDER = "store"
DATABASE_NAME = "store.sqlite3"


def store_root() -> Path:
    return arbiter_home() / STORE_FOLDER


def database() -> StoreDatabase:
    """The store of the current ``ARBITER_HOME`` (tests change it between calls)."""
    path = store_root() / DATABASE_NAME
    with _lock:
        found = _databases.get(path)
        if found is None:
            found = _databases[path] = StoreDatabase(path)
        return found


_databases: dict[Path, StoreDatabase] = {}
_lock = threading.Lock()


def source_name(game: str, version: str, sha256: str) -> str:
    """An edition's ``source``: its name in lint output, carrying its text's hash (so a new
    text is a new :class:`BookInfo`, and nothing derived from the old one is reused)."""
    return f"{game}/{version}-{sha256[:16]}.txt"


def info_of(row: tuple[str, ...]) -> BookInfo:
    values = dict(zip(schema.EDITION_COLUMNS, row, strict=True))
    return BookInfo(
        game=values["game"],
        game_title=values["game_title"],
        game_title_zh=values["game_title_zh"],
        title=values["title"],
        version=values["edition"],
        date=values["published"],
        language=values["language"],
        script=Script(values["script"]),
        source=source_name(values["game"], values["edition"], values["sha256"]),
        parser=values["parser"],
    )


class _InForce:
    """The user's manifest, read again only when the store's generation moved."""

    def __init__(self) -> None:
        self.seen: tuple[Path, int | None] | None = None
        self.manifest: Manifest | None = None
        self.reported: set[str] = set()
        self.lock = threading.Lock()

    def current(self) -> Manifest | None:
        from corpus.store.legacy import migrate_legacy_store

        store = database()
        with self.lock:
            try:
                connection = store.reader()  # one look at the file per request: it is checked here
                if connection is None and migrate_legacy_store(store, store_root()):
                    connection = store.reader()
                generation = store.generation(connection) if connection else None
                if (store.path, generation) != self.seen:
                    self.manifest = _manifest(connection) if connection else None
                    self.seen = (store.path, generation)
            except ArbiterError as error:
                if error.message not in self.reported:  # once, not on every page
                    self.reported.add(error.message)
                    print(f"arbiter: {error.message}", file=sys.stderr)
                self.seen, self.manifest = None, None
            return self.manifest


def _manifest(connection: sqlite3.Connection) -> Manifest | None:
    books = tuple(info_of(row) for row in connection.execute(schema.EDITIONS).fetchall())
    return Manifest(books=books, changelogs=(), root=store_root()) if books else None


_in_force = _InForce()


def user_manifest() -> Manifest | None:
    """The manifest of the user's store (None while nothing is ingested, or when it is damaged)."""
    return looked(("store", store_root()), _in_force.current)


def user_versions() -> list[BookInfo]:
    manifest = user_manifest()
    return list(manifest.books) if manifest else []


def read_text(info: BookInfo) -> bytes:
    """The stored text of an ingested version, after checking every byte against its hash."""
    store = database()
    connection = store.reader()
    row = connection.execute(schema.EDITION, (info.game, info.version)).fetchone() if connection else None
    if row is None:
        raise ArbiterError(f"{info.game} {info.version} is no longer in the store", "version")
    sha256 = str(row[schema.EDITION_COLUMNS.index("sha256")])
    if source_name(info.game, info.version, sha256) != info.source:
        raise ArbiterError(f"{info.game} {info.version} was replaced by another text meanwhile", "version")
    found = connection.execute(schema.TEXT, (sha256,)).fetchone() if connection else None
    if found is None:
        raise StoreDamaged(store.path, f"the text of {info.game} {info.version} is missing")
    size, body = found
    data = str(body).encode("utf-8")
    if len(data) != size or hashlib.sha256(data).hexdigest() != sha256:
        raise StoreDamaged(store.path, f"the text of {info.game} {info.version} does not match its SHA-256")
    return data
