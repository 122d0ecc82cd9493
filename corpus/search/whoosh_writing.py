"""Writing a whoosh index: one segment per rulebook version.

One segment per version is what lets a search of one game read only that
game's postings (:mod:`corpus.search.whoosh_search`), and what lets an
update drop a changed version's documents by dropping its segment — no
per-document deletions, so the index statistics (document counts, field
lengths) are those of a fresh build.

An update never writes into the live directory: :func:`link_files` gives
a new directory the live index's files as hard links (whoosh never
rewrites a file it has written: each commit adds segment files and a new
table of contents, and deletes what it no longer lists), the update
commits there, and the service swaps the directory in whole.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from corpus.search.backend import Progress
from corpus.search.documents import BookDocuments
from corpus.search.whoosh_schema import whoosh_fields

if TYPE_CHECKING:
    from whoosh.codec.base import Segment
    from whoosh.index import Index
    from whoosh.writing import SegmentWriter


def write_books(
    index: Index, books: Iterable[BookDocuments], progress: Progress | None = None
) -> dict[str, str]:
    """Add each version as a segment of its own, one commit each; ``{version key: segment id}``."""
    segments: dict[str, str] = {}
    for book in books:
        writer = index.writer(limitmb=256)
        defined: set[str] = set()
        for doc in book.documents:
            fields = whoosh_fields(doc)
            # a term's definition is the first clause defining it; the rest say more
            fields["defines"] = [term for term in fields["defines"] if term not in defined]
            defined.update(fields["defines"])
            writer.add_document(**fields)
        segments[book.key] = writer.newsegment.segment_id()
        writer.commit(merge=False)
        if progress:
            progress(len(book.documents))
    return segments


def keep_segments(index: Index, order: list[str]) -> None:
    """Commit the index with exactly the segments ``order`` names, in that order.

    Documents are numbered in segment order, and equal scores list in
    document order, so an updated index lists versions as a fresh build would.
    """

    def policy(_writer: SegmentWriter, segments: list[Segment]) -> list[Segment]:
        by_id = {segment.segment_id(): segment for segment in segments}
        return [by_id[segment_id] for segment_id in order]

    index.writer().commit(mergetype=policy)


def link_files(source: Path, target: Path, skip: Iterable[str]) -> None:
    """Give ``target`` every file of ``source`` but ``skip`` and whoosh's locks, as hard links
    (copies where the file system has none)."""
    skipped = set(skip)
    for path in source.iterdir():
        if path.name in skipped or path.name.endswith("LOCK") or not path.is_file():
            continue
        try:
            os.link(path, target / path.name)
        except OSError:
            shutil.copy2(path, target / path.name)
