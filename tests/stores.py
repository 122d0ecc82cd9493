"""Reading a store's database directly, as a test's independent witness of what it holds."""

from __future__ import annotations

import hashlib
import sqlite3
from pathlib import Path

from corpus.store.editions import DATABASE_NAME, STORE_FOLDER


def contents(home: Path) -> dict[tuple[str, str], tuple[str, ...]]:
    """``{(game, version): every column}`` of the store under ``home``, after checking that each
    edition's text is there and matches its SHA-256 byte for byte (empty: no store yet)."""
    path = home / STORE_FOLDER / DATABASE_NAME
    if not path.exists():
        return {}
    connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True, isolation_level=None)
    try:
        assert connection.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        connection.execute("BEGIN")  # one snapshot: a writer may commit between the statements
        cursor = connection.execute("SELECT * FROM editions")
        editions, columns = cursor.fetchall(), [d[0] for d in cursor.description]
        texts = dict(connection.execute("SELECT sha256, body FROM texts").fetchall())
        connection.execute("COMMIT")
    finally:
        connection.close()
    found, named = {}, set()
    for row in editions:
        values = dict(zip(columns, row, strict=True))
        body = texts[values["sha256"]]
        named.add(values["sha256"])
        assert hashlib.sha256(body.encode("utf-8")).hexdigest() == values["sha256"], values
        found[(values["game"], values["version"])] = tuple(
            str(v) for k, v in values.items() if k != "ingested"
        )
    assert set(texts) == named, "a text no edition names was kept"
    return found
