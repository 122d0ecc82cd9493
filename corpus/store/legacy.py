"""Moving a store written by earlier Arbiter versions (a TOML manifest beside text files) into the database.

It runs once, on first use, when there is an old manifest and no database.
Each entry's text is read and checked against the SHA-256 the manifest
recorded; what does not match, or is missing, is reported and left where it
is.  The migrated entries go in in one transaction; only after it commits
are their old files deleted (their bytes are then in the database, checked),
and the old manifest is kept as ``manifest.toml.migrated``.  A damaged old
manifest is reported, and every file is left in place.
"""

from __future__ import annotations

import contextlib
import hashlib
import sys
from pathlib import Path

from corpus.errors import ArbiterError
from corpus.manifest import book_info, bundled_manifest
from corpus.store import schema
from corpus.store.database import StoreDatabase

LEGACY_MANIFEST = "manifest.toml"
LEGACY_LOCK = ".lock"


def migrate_legacy_store(store: StoreDatabase, root: Path) -> bool:
    """Migrate the old store under ``root`` into ``store`` if it has not been yet; True if it was."""
    manifest = root / LEGACY_MANIFEST
    if not manifest.exists() or store.exists():  # the common case first: one look at the disk
        return False
    entries = _entries(manifest)
    texts: dict[str, str] = {}
    rows = []
    for entry in entries:
        text = _verified_text(root, entry)
        if text is None:
            continue
        texts[entry["sha256"]] = text
        info = book_info(entry)
        rows.append(
            (
                info.game,
                info.version,
                info.version,  # the earlier layout held one language per game: the edition is the version
                info.game_title,
                _chinese_title(info.game),
                info.title,
                info.date,
                info.language,
                info.script.value,
                info.parser,
                entry["sha256"],
                str(entry.get("ingested", "")),
            )
        )
    with store.transaction() as connection:
        if connection.execute(schema.EDITIONS).fetchone() is not None:
            return True  # another process migrated it first
        for sha256, text in texts.items():
            connection.execute(schema.INSERT_TEXT, (sha256, len(text.encode("utf-8")), text))
        for row in rows:
            connection.execute(schema.INSERT_EDITION, row)
    for entry in entries:
        if entry["sha256"] in texts:
            path = root / entry["source"]
            path.unlink(missing_ok=True)
            with contextlib.suppress(OSError):  # only while empty: what was not migrated stays
                path.parent.rmdir()
                path.parent.parent.rmdir()
    with contextlib.suppress(OSError):
        manifest.rename(manifest.with_name(LEGACY_MANIFEST + ".migrated"))
        (root / LEGACY_LOCK).unlink(missing_ok=True)
    print(
        f"arbiter: moved {len(rows)} ingested version(s) into the store database {store.path}",
        file=sys.stderr,
    )
    return True


def _entries(manifest: Path) -> list[dict[str, str]]:
    import tomllib  # only for an old store: every search asks whether there is one

    try:
        parsed = tomllib.loads(manifest.read_text(encoding="utf-8"))
        entries = [{**entry, "version": str(entry["version"])} for entry in parsed.get("book", [])]
        for entry in entries:
            book_info(entry)
            if not isinstance(entry.get("sha256"), str):
                raise KeyError("sha256")
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError, KeyError, TypeError, ValueError) as error:
        raise ArbiterError(
            f"the old store manifest {manifest} is damaged ({error!r}); its texts are left in "
            f"{manifest.parent}; move the manifest away and ingest them again",
            "store",
        ) from None
    return entries


def _verified_text(root: Path, entry: dict[str, str]) -> str | None:
    path = root / entry["source"]
    try:
        data = path.read_bytes()
    except OSError as error:
        print(
            f"arbiter: not migrating {entry['game']} {entry['version']}: cannot read {path} "
            f"({error.strerror})",
            file=sys.stderr,
        )
        return None
    if hashlib.sha256(data).hexdigest() != entry["sha256"]:
        print(
            f"arbiter: not migrating {entry['game']} {entry['version']}: {path} does not match its "
            "recorded SHA-256; it is left in place",
            file=sys.stderr,
        )
        return None
    return data.decode("utf-8")


def _chinese_title(game: str) -> str:
    """The game's Chinese name as the bundled manifest has it (the old layout had none)."""
    return next((info.game_title_zh for info in bundled_manifest().books if info.game == game), "")
