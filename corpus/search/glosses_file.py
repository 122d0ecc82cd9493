"""The index's glosses on disk: one SQLite file a search reads entry by entry.

A search looks up a few dozen of the table's 30 000 values (a Chinese word's
senses, the words an English stem translates), and a command-line search is
a new process each time: a table kept as one pickle was unpickled whole by
every search that glossed a word (13–16 ms), for those few dozen.  So each
value is a row, found by its key through SQLite's own index, and unpickled
when first looked up; the lookups by English stem are worked out when the
index is written (each is a pass over every entry).

The file is written once, inside the directory an index build fills, and
never changed after: it is opened read-only and ``immutable`` (no locks, no
journal), and its bytes are checked like every other index file's against
the size and CRC the index manifest recorded
(:mod:`corpus.search.index_checks`).
"""

from __future__ import annotations

import pickle
import sqlite3
import threading
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any
from urllib.parse import quote

from corpus.search.bilingual import Glosses

#: The tables of the file: the entries, then the lookups :class:`Glosses` builds from them.
PARTS = ("entries", *Glosses.LOOKUPS)
_NEVER = object()


def write_glosses(path: Path, table: dict[str, list[list[str]]]) -> None:
    """Write ``table`` (see :meth:`Glosses.restricted`) and its lookups by English stem to ``path``."""
    glosses = Glosses.from_table(table)
    found = {"entries": glosses.entries, **glosses.lookups()}
    connection = sqlite3.connect(path)
    try:
        with connection:
            connection.execute("CREATE TABLE facts (name TEXT PRIMARY KEY, value INTEGER) WITHOUT ROWID")
            connection.execute("INSERT INTO facts VALUES ('longest', ?)", (glosses.longest,))
            for name in PARTS:
                connection.execute(f"CREATE TABLE {name} (key TEXT PRIMARY KEY, value BLOB) WITHOUT ROWID")
                connection.executemany(
                    f"INSERT INTO {name} VALUES (?, ?)",
                    (
                        (key, pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))
                        for key, value in sorted(found[name].items())
                    ),
                )
    finally:
        connection.close()


class KeptGlosses(Glosses):
    """The glosses of the file at ``path``, each value read when first looked up, then kept."""

    def __init__(self, path: Path):
        uri = f"file:{quote(str(path))}?mode=ro&immutable=1"
        connection = sqlite3.connect(uri, uri=True, check_same_thread=False)
        (longest,) = connection.execute("SELECT value FROM facts WHERE name = 'longest'").fetchone()
        lookups = {name: _Stored(connection, name) for name in Glosses.LOOKUPS}
        super().__init__(_Stored(connection, "entries"), longest=longest, lookups=lookups)


class _Stored(Mapping[str, Any]):
    """One table of the file as a read-only mapping, each value unpickled when first looked up."""

    def __init__(self, connection: sqlite3.Connection, table: str):
        self._connection = connection
        self._select = f"SELECT value FROM {table} WHERE key = ?"
        self._keys = f"SELECT key FROM {table}"
        self._count = f"SELECT count(*) FROM {table}"
        self._read: dict[str, Any] = {}
        self._lock = threading.Lock()  # the web app's threads share the connection

    def _value(self, key: str) -> Any:
        value = self._read.get(key, _NEVER)
        if value is _NEVER:
            with self._lock:
                row = self._connection.execute(self._select, (key,)).fetchone()
            value = self._read[key] = None if row is None else pickle.loads(row[0])
        return value

    def __getitem__(self, key: str) -> Any:
        value = self._value(key)
        if value is None:
            raise KeyError(key)
        return value

    def __contains__(self, key: object) -> bool:
        return isinstance(key, str) and self._value(key) is not None

    def __iter__(self) -> Iterator[str]:
        with self._lock:
            keys = [key for (key,) in self._connection.execute(self._keys)]
        return iter(keys)

    def __len__(self) -> int:
        with self._lock:
            (count,) = self._connection.execute(self._count).fetchone()
        return int(count)
