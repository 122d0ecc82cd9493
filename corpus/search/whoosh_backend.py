"""The whoosh implementation of :class:`~corpus.search.backend.SearchBackend`.

The index lives in one directory under ``ARBITER_HOME`` (``index/whoosh``),
next to a small ``arbiter-index.json``: the corpus fingerprint it was built
from, the jieba user dictionary it was built with, and the size and CRC of
every index file.  A build fills a new directory and swaps it in whole
(:func:`corpus.storage.atomic_directory`), so a crash never leaves half an
index.  Opening checks the files against the manifest; a missing,
truncated or altered file makes the index count as absent, with a message,
and the service rebuilds it.

Searching is read-only.  Each thread gets its own whoosh searcher over the
current index; a rebuild replaces the index for new searches while running
ones finish on the old files.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import threading
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from itertools import groupby
from pathlib import Path

from whoosh import index as whoosh_index
from whoosh.collectors import FilterCollector, TopCollector
from whoosh.scoring import BM25F

from corpus.search.analysis import Analysis, Segmenter, normalize_number
from corpus.search.backend import BackendHit, BackendPage, Filters, PageRequest, Progress, SearchQuery
from corpus.search.documents import CorpusSnapshot, jump_ids
from corpus.search.ranking import DEFAULT_RANKING, Ranking
from corpus.search.userdict import corpus_terms
from corpus.search.whoosh_query import QueryBuilder, filter_query
from corpus.search import whoosh_schema
from corpus.search.whoosh_schema import build_schema, whoosh_fields
from corpus.storage import arbiter_home, atomic_directory

MANIFEST = "arbiter-index.json"
FORMAT = "arbiter-whoosh-1"
_MAX_REMEMBERED = 100_000


class DamagedIndex(Exception):
    """The index on disk does not match its manifest."""


def _report(message: str) -> None:
    print(f"arbiter: {message}", file=sys.stderr)


def _file_checks(directory: Path) -> dict[str, list[int]]:
    """``name → [size, crc32]`` of every index file (whoosh's lock files excepted)."""
    checks = {}
    for path in sorted(directory.iterdir()):
        if path.name != MANIFEST and not path.name.endswith("LOCK") and path.is_file():
            data = path.read_bytes()
            checks[path.name] = [len(data), zlib.crc32(data)]
    return checks


def _stamp(path: Path) -> tuple | None:
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return None
    return (info.st_ino, info.st_mtime_ns, info.st_size)


class KindWeighting(BM25F):
    """BM25F, with each document's score scaled by its clause kind (rule > example).

    whoosh puts equal scores in document order, and documents are indexed in
    reading order: the clauses under a typed clause number list as the book does.
    """

    use_final = True

    def __init__(self, ranking: Ranking):
        super().__init__(B=ranking.b, K1=ranking.k1)
        self.ranking = ranking
        self._factors: list[float] | None = None

    def final(self, searcher, docnum, score):
        if self._factors is None:
            kinds = searcher.reader().column_reader("kind")
            self._factors = [self.ranking.kind_factor(kind) for kind in kinds]
        return score * self._factors[docnum]


@dataclass(frozen=True)
class _Opened:
    index: whoosh_index.Index
    analysis: Analysis
    fingerprint: str
    stamp: tuple  # of the manifest file: a rebuild by another process changes it


class WhooshBackend:
    name = "whoosh"

    def __init__(
        self,
        directory: Path | None = None,
        ranking: Ranking = DEFAULT_RANKING,
        report: Callable[[str], None] = _report,
    ):
        self.directory = directory or arbiter_home() / "index" / "whoosh"
        self.ranking = ranking
        self._report = report
        self._lock = threading.Lock()
        self._opened: _Opened | None = None
        self._local = threading.local()

    # -- the index on disk -------------------------------------------------

    def indexed_fingerprint(self) -> str | None:
        opened = self._current()
        return opened.fingerprint if opened else None

    def _current(self) -> _Opened | None:
        """The open index, reopened when the manifest on disk has changed.

        Another process (an ingest, another server) may have swapped in a new
        index; while the directory is being swapped (no manifest for an
        instant) the last index stays in use.
        """
        stamp = _stamp(self.directory / MANIFEST)
        with self._lock:
            if self._opened is None or (stamp is not None and stamp != self._opened.stamp):
                self._opened = self._open()
            return self._opened

    def _open(self) -> _Opened | None:
        if not (self.directory / MANIFEST).exists():
            if self.directory.exists():
                self._report(f"search index at {self.directory} has no manifest; rebuilding")
            return None
        try:
            stamp = _stamp(self.directory / MANIFEST)
            manifest = json.loads((self.directory / MANIFEST).read_text(encoding="utf-8"))
            if manifest.get("layout") != self._layout():
                raise DamagedIndex("it was built with another layout or weighting")
            if _file_checks(self.directory) != manifest["files"]:
                raise DamagedIndex("index files do not match their manifest")
            index = whoosh_index.open_dir(str(self.directory))
            if index.doc_count() != manifest["documents"]:
                raise DamagedIndex("document count does not match the manifest")
            analysis = Analysis(Segmenter(manifest["terms"]))
        except Exception as error:  # whatever is wrong with it, the cure is a rebuild
            self._report(f"search index at {self.directory} cannot be used ({error}); rebuilding")
            return None
        return _Opened(index, analysis, manifest["fingerprint"], stamp)

    def build(self, snapshot: CorpusSnapshot, progress: Progress | None = None) -> None:
        """Write the index, one segment per rulebook version (see :class:`_SegmentFilter`)."""
        terms = corpus_terms(snapshot.documents)
        analysis = Analysis(Segmenter(terms))
        with atomic_directory(self.directory) as building:
            index = whoosh_index.create_in(str(building), build_schema(analysis, self.ranking))
            for _book, documents in groupby(snapshot.documents, key=lambda d: (d.game, d.version)):
                writer = index.writer(limitmb=256)
                count = 0
                for count, doc in enumerate(documents, 1):
                    writer.add_document(**whoosh_fields(doc))
                writer.commit(merge=False)
                if progress:
                    progress(count)
            manifest = {
                "layout": self._layout(),
                "fingerprint": snapshot.fingerprint,
                "documents": len(snapshot.documents),
                "terms": terms,
                "files": _file_checks(building),
            }
            (building / MANIFEST).write_text(json.dumps(manifest, ensure_ascii=False), encoding="utf-8")
        with self._lock:
            self._opened = _Opened(
                whoosh_index.open_dir(str(self.directory)),
                analysis,
                snapshot.fingerprint,
                _stamp(self.directory / MANIFEST),
            )

    def _layout(self) -> str:
        """What besides the corpus decides the index's content: schema code, index-time weights."""
        schema = hashlib.sha256(Path(whoosh_schema.__file__).read_bytes()).hexdigest()[:16]
        return f"{FORMAT}/{schema}/title={self.ranking.title}/path={self.ranking.path}"

    # -- searching -----------------------------------------------------------

    def _searcher(self, opened: _Opened) -> _ThreadSearcher:
        """This thread's searcher over ``opened`` with the current ranking."""
        local = self._local
        current = getattr(local, "searcher", None)
        if current is None or current.opened is not opened or current.ranking is not self.ranking:
            if current is not None:
                current.close()
            current = local.searcher = _ThreadSearcher(opened, self.ranking)
        return current

    def search(self, query: SearchQuery, filters: Filters, page: PageRequest) -> BackendPage:
        opened = self._current()
        if opened is None:
            raise RuntimeError("the search index has not been built")
        searcher = self._searcher(opened)
        whoosh_query = QueryBuilder(opened.analysis, self.ranking, searcher.share).build(query)
        results = searcher.run(whoosh_query, filters, limit=page.offset + page.size)
        typed = {normalize_number(p.text) for p in query.parsed.positive if not p.phrase}
        hits = tuple(
            BackendHit(
                key=hit["key"],
                game=hit["game"],
                version=hit["version"],
                id=hit["id"],
                kind=hit["kind"],
                title=hit.get("title", ""),
                text=hit.get("body", ""),
                score=round(hit.score, 4),
                exact=not typed.isdisjoint(jump_ids(hit["id"])),
            )
            for hit in results[page.offset : page.offset + page.size]
        )
        return BackendPage(hits=hits, total=len(results))


class _ThreadSearcher:
    """One thread's whoosh searcher, with the per-index lookups it can keep."""

    def __init__(self, opened: _Opened, ranking: Ranking):
        self.opened = opened
        self.ranking = ranking
        self.whoosh = opened.index.searcher(weighting=KindWeighting(ranking))
        self._documents = max(self.whoosh.doc_count_all(), 1)
        self._allowed: dict[Filters, tuple[set[int], set[int]]] = {}
        self._shares: dict[tuple[str, str], float] = {}

    def share(self, fieldname: str, term: str) -> float:
        """The fraction of all documents that contain ``term`` (remembered: the index is fixed)."""
        found = self._shares.get((fieldname, term))
        if found is None:
            if len(self._shares) > _MAX_REMEMBERED:
                self._shares.clear()
            found = self._shares[(fieldname, term)] = self.whoosh.doc_frequency(fieldname, term) / self._documents
        return found

    def allowed(self, filters: Filters) -> tuple[set[int], set[int]]:
        """Document numbers passing ``filters``, and the offsets of the segments
        holding any of them (computed once per distinct filter)."""
        found = self._allowed.get(filters)
        if found is None:
            docs = set(filter_query(filters).docs(self.whoosh))
            segments = {
                offset
                for sub, offset in self.whoosh.leaf_searchers()
                if any(offset <= d < offset + sub.doc_count_all() for d in docs)
            }
            found = self._allowed[filters] = (docs, segments)
        return found

    def run(self, whoosh_query, filters: Filters, limit: int):
        docs, segments = self.allowed(filters)
        # replace=0: whoosh would otherwise swap in matchers that skip documents
        # too weak for the top N, and the total would then count only part of the matches
        collector = _SegmentFilter(TopCollector(limit=limit, replace=0), docs, segments)
        self.whoosh.search_with_collector(whoosh_query, collector)
        return collector.results()

    def close(self) -> None:
        self.whoosh.close()


class _SegmentFilter(FilterCollector):
    """A filter that does not even open the segments it excludes.

    The index has one segment per rulebook version, so a search of one game
    reads only that game's postings instead of filtering the whole corpus's.
    """

    def __init__(self, child, allow: set[int], segments: set[int]):
        super().__init__(child, allow=allow)
        self._segments = segments
        self._skip = False

    def set_subsearcher(self, subsearcher, offset):
        self._skip = offset not in self._segments
        if not self._skip:
            super().set_subsearcher(subsearcher, offset)

    def collect_matches(self):
        if not self._skip:
            super().collect_matches()
