"""The user's own rulebook versions, kept in one SQLite database under ``ARBITER_HOME/store``.

Bundled rulebooks ship read-only inside the package; whatever a user
ingests goes here, and :func:`corpus.library.manifests` reads it after the
bundled manifest, so an ingested version is a version like any other for
search, the reference graph and diffs.

* :mod:`~corpus.store.database` — opening the file safely, the integrity
  check, one transaction per change, clear messages for a damaged, busy,
  read-only or full store;
* :mod:`~corpus.store.schema` — the tables and statements, in portable SQL;
* :mod:`~corpus.store.editions` — reading: the manifest in force, verified texts;
* :mod:`~corpus.store.writing` — ingest and remove;
* :mod:`~corpus.store.names` — what game keys, versions, dates and titles may be;
* :mod:`~corpus.store.legacy` — moving a store of the earlier file layout in.

The writing side is imported when first used: reading the store (every
search asks whether it changed) does not load the parsers, the title-page
reader and the rest that an ingest needs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from corpus.store.editions import read_text, store_root, user_manifest, user_versions

if TYPE_CHECKING:
    from corpus.store.writing import Ingested, ingest, remove

__all__ = ["Ingested", "ingest", "read_text", "remove", "store_root", "user_manifest", "user_versions"]


def __getattr__(name: str) -> Any:
    if name in ("Ingested", "ingest", "remove"):
        from corpus.store import writing

        return getattr(writing, name)
    raise AttributeError(f"module 'corpus.store' has no attribute {name!r}")
