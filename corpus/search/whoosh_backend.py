"""The whoosh implementation of :class:`~corpus.search.backend.SearchBackend`.

The index lives in one directory under ``ARBITER_HOME`` (``index/whoosh``),
next to a small ``arbiter-index.json`` manifest: the corpus fingerprint it
holds; for each rulebook version its fingerprint, whether it is its game's
newest, its segment and its terms for the jieba user dictionary; the
dictionary itself, with the frequency jieba gave each term; and the size
and CRC of every index file.

A build fills a new directory and swaps it in whole
(:func:`corpus.storage.atomic_directory`), so a crash never leaves half an
index.  An update does the same on a new directory that starts as hard
links to the current one (see :mod:`corpus.search.whoosh_writing`): it
drops the segments of versions gone or changed, adds one for each version
new or changed, and writes the manifest last, inside the new directory —
the swap is the commit.  It keeps the other versions' segments only if
the new dictionary would cut their text as the old one did; otherwise
:meth:`WhooshBackend.changes` says so and the service builds afresh.

Opening checks the files against the manifest (in full unless they are
the files that passed last time, :mod:`corpus.search.index_checks`); a
missing, truncated or altered file makes the index count as absent, with a
message, and the service rebuilds it.

Searching is read-only.  Each thread gets its own searcher over the
current index; a rebuild replaces the index for new searches while running
ones finish on the old files.  Segments are opened when a search first
reaches one, so a search that reaches one whose file a swap took away is run
again on the new index.  What only writing needs
(:mod:`~corpus.search.whoosh_writing`, the corpus terms of
:mod:`~corpus.search.userdict`) is imported by a build or an update: a
command-line search does not load it.
"""

from __future__ import annotations

import contextlib
import fcntl
import functools
import hashlib
import json
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from whoosh import index as whoosh_index
from whoosh import query as wq
from whoosh.filedb.filestore import RamStorage

from corpus.freshness import forget, looked
from corpus.search import whoosh_schema
from corpus.search.analysis import Analysis, Segmenter, bigrams, han_runs, normalize_number
from corpus.search.backend import (
    BackendHit,
    BackendPage,
    Filters,
    IndexChanges,
    PageRequest,
    Progress,
    SearchQuery,
    report_to_stderr,
)
from corpus.search.bilingual import Glosses, cc_cedict, dictionary_fingerprint
from corpus.search.dictionary import open_table
from corpus.search.documents import BookDocuments, CorpusSnapshot, jump_ids
from corpus.search.glosses_file import KeptGlosses, write_glosses
from corpus.search.index_checks import file_checks, files_match
from corpus.search.ranking import DEFAULT_RANKING, Ranking
from corpus.search.whoosh_query import QueryBuilder
from corpus.search.whoosh_schema import build_schema
from corpus.search.whoosh_search import IndexSearcher
from corpus.storage import arbiter_home, atomic_directory, file_signature, tolerate_unwritable

MANIFEST = "arbiter-index.json"
#: The dictionary glosses of the index's words and of every character, for glossing query words.
GLOSSES = "glosses.sqlite"
FORMAT = "arbiter-whoosh-9"
_NEVER = object()


class DamagedIndex(Exception):
    """The index on disk does not match its manifest."""


class StaleChanges(Exception):
    """The index is no longer the one the changes were worked out for."""


@dataclass(frozen=True)
class _Opened:  # not slotted: ``glosses`` is cached on the instance
    index: whoosh_index.Index
    analysis: Analysis
    manifest: dict[str, Any]
    #: where the glosses table is (None: ``table`` holds it, for an index kept in memory)
    directory: Path | None = None
    table: dict[str, list[list[str]]] | None = None

    @functools.cached_property
    def glosses(self) -> Glosses:
        """Opened on the first search that glosses Chinese words (each value read when first looked up)."""
        if self.table is not None:
            return Glosses.from_table(self.table)
        assert self.directory is not None
        return KeptGlosses(self.directory / GLOSSES)

    @property
    def fingerprint(self) -> str:
        fingerprint: str = self.manifest["fingerprint"]
        return fingerprint

    @property
    def newest(self) -> frozenset[str]:
        return frozenset(book["key"] for book in self.manifest["books"] if book["latest"])


@dataclass(frozen=True)
class _Plan:
    """An update worked out against one manifest."""

    added: tuple[BookDocuments, ...]
    removed: tuple[str, ...]
    terms: dict[str, list[str]]  # each version's dictionary terms


def _plan(searcher: IndexSearcher, manifest: dict[str, Any], snapshot: CorpusSnapshot) -> _Plan | None:
    """What an update of the index ``manifest`` describes (open in ``searcher``) to
    ``snapshot`` must do; None if it must build afresh.

    It must when no version is left as it was, or when the dictionary
    changes by a term that occurs in a version it keeps: jieba would now
    cut that version's text differently from its indexed words.  Adding or
    removing terms that occur in none of the kept texts leaves their words
    as they were (up to jieba's total word frequency, which a handful of
    corpus terms moves by parts per million) — which is what lets an update
    keep the segments of unchanged versions when the dictionary changes.
    """
    from corpus.search.userdict import corpus_terms

    indexed = {book["key"]: book for book in manifest["books"]}
    kept = tuple(
        b for b in snapshot.books if b.key in indexed and indexed[b.key]["fingerprint"] == b.fingerprint
    )
    if not kept:
        return None
    kept_keys = {book.key for book in kept}
    added = tuple(b for b in snapshot.books if b.key not in kept_keys)
    terms = {book.key: indexed[book.key]["terms"] for book in kept}
    terms.update((book.key, corpus_terms(book.documents)) for book in added)
    changed = set(manifest["terms"]).symmetric_difference(set().union(*terms.values()))
    if _mentioned(searcher, {indexed[key]["segment"] for key in kept_keys}, changed):
        return None
    return _Plan(added, tuple(k for k in indexed if k not in kept_keys), terms)


def _mentioned(searcher: IndexSearcher, segments: set[str], terms: set[str]) -> bool:
    """Whether any of the dictionary ``terms`` occurs in the documents of ``segments``.

    The index answers it without reading any text: a term is two to eight
    Chinese characters (:mod:`~corpus.search.userdict`), and the ``grams``
    field holds every bigram of the folded title and text by character
    position, so the term occurs exactly where its bigrams follow each other.
    A heading path is made of its ancestors' titles, which are documents of
    the same version.  The searcher is the one searches use: opening the
    index once more would map its files once more.
    """
    if not terms:
        return False
    queries = [
        wq.Phrase("grams", bigrams(term)) if len(term) > 2 else wq.Term("grams", term) for term in terms
    ]
    return searcher.matches_any(queries, segments)


class _PrivateRamStorage(RamStorage):  # type: ignore[misc]  # whoosh is untyped
    """whoosh's memory storage, with the writer's scratch files in a folder of this build's own.

    whoosh names that folder after the index (``/tmp/MAIN.tmp``), one folder for every process
    on the machine: two processes building in memory at once delete each other's files.
    """

    def temp_storage(self, name: str | None = None) -> object:
        return super().temp_storage(None)  # None: a random name


class WhooshBackend:
    name = "whoosh"

    def __init__(
        self,
        directory: Path | None = None,
        ranking: Ranking = DEFAULT_RANKING,
        report: Callable[[str], None] = report_to_stderr,
    ):
        self.directory = directory or arbiter_home() / "index" / "whoosh"
        self.ranking = ranking
        self._report = report
        self._lock = threading.Lock()
        self._opened: _Opened | None = None
        #: the manifest's signature when last opened
        self._opened_at: tuple[int, int, int] | object | None = _NEVER
        self._local = threading.local()

    # -- the index on disk -------------------------------------------------

    def indexed_fingerprint(self) -> str | None:
        opened = self._current()
        return opened.fingerprint if opened else None

    def _current(self) -> _Opened | None:
        """The open index, reopened when the manifest on disk has changed.

        Another process (an ingest, another server) may have swapped in a new
        index; while the directory is being swapped (no manifest for an
        instant) the last index stays in use.  An index found unusable is
        not looked at (nor reported) again until its manifest changes.
        """
        stamp = looked(("index", self.directory), lambda: file_signature(self.directory / MANIFEST))
        with self._lock:
            if self._opened_at is _NEVER or (stamp is not None and stamp != self._opened_at):
                self._opened, self._opened_at = self._open(), stamp
            return self._opened

    def _open(self) -> _Opened | None:
        if not (self.directory / MANIFEST).exists():
            if self.directory.exists():
                self._report(f"search index at {self.directory} has no manifest; rebuilding")
            return None
        try:
            manifest = self._manifest()
            if not files_match(self.directory, MANIFEST, manifest["files"]):
                raise DamagedIndex("index files do not match their manifest")
            index = whoosh_index.open_dir(str(self.directory))
            if _documents(index) != manifest["documents"]:
                raise DamagedIndex("document count does not match the manifest")
            analysis = Analysis(Segmenter(manifest["terms"], manifest["frequencies"], open_table()))
        except Exception as error:  # whatever is wrong with it, the cure is a rebuild
            self._report(f"search index at {self.directory} cannot be used ({error}); rebuilding")
            return None
        return _Opened(index, analysis, manifest, self.directory)

    def _manifest(self) -> dict[str, Any]:
        """The manifest, checked against its own digest: it holds the other files' checks and the
        corpus terms' frequencies, which decide how a query is cut."""
        manifest: dict[str, Any] = json.loads((self.directory / MANIFEST).read_text(encoding="utf-8"))
        if manifest.get("layout") != self._layout():
            raise DamagedIndex("it was built with another layout or weighting")
        if manifest.pop("sha256", None) != _digest(manifest):
            raise DamagedIndex("its manifest does not match its checksum")
        return manifest

    @contextlib.contextmanager
    def exclusive(self) -> Iterator[None]:
        """An exclusive ``flock`` on a file beside the index directory (which is swapped whole)."""
        try:
            self.directory.parent.mkdir(parents=True, exist_ok=True)
            handle = open(self.directory.parent / f".{self.directory.name}.lock", "a")  # noqa: SIM115
        except OSError as error:  # a read-only home: no process can write the index there
            tolerate_unwritable("the search index", error)
            yield
            return
        with handle:
            fcntl.flock(handle, fcntl.LOCK_EX)
            forget()  # what the holder before did to the index must be seen, within a request too
            try:
                yield
            finally:
                fcntl.flock(handle, fcntl.LOCK_UN)

    def build(self, snapshot: CorpusSnapshot, progress: Progress | None = None) -> None:
        """Write the index afresh, one segment per rulebook version; in memory when the disk refuses it."""
        from corpus.search.userdict import corpus_terms
        from corpus.search.whoosh_writing import write_books

        terms = {book.key: corpus_terms(book.documents) for book in snapshot.books}
        analysis = _analysis(terms)
        try:
            with atomic_directory(self.directory) as building:
                index = whoosh_index.create_in(str(building), build_schema(analysis, self.ranking))
                segments = write_books(index, snapshot.books, progress)
                _write_glosses(building, index, analysis)
                manifest = self._write_manifest(building, snapshot, analysis, terms, segments)
        except OSError as error:
            tolerate_unwritable("the search index", error)
            self._build_in_memory(snapshot, terms, analysis, progress)
            return
        open_table()  # written now, while building takes seconds anyway, not by the next search
        self._swapped_in(analysis, manifest)

    def _build_in_memory(
        self,
        snapshot: CorpusSnapshot,
        terms: dict[str, list[str]],
        analysis: Analysis,
        progress: Progress | None,
    ) -> None:
        """The index in this process's memory, for a home that is read-only or full: searches work,
        at the cost of a build per process.  It is used until the index on disk changes."""
        from corpus.search.whoosh_writing import write_books

        index = _PrivateRamStorage().create_index(build_schema(analysis, self.ranking))
        segments = write_books(index, snapshot.books, progress)
        manifest = self._manifest_of(snapshot, analysis, terms, segments, files={})
        stamp = file_signature(self.directory / MANIFEST)
        table = _glosses_table(index, analysis)
        opened = _Opened(index, Analysis(analysis.segmenter), manifest, table=table)
        with self._lock:
            self._opened, self._opened_at = opened, stamp

    def changes(self, snapshot: CorpusSnapshot) -> IndexChanges | None:
        opened = self._current()
        if opened is None:
            return None
        plan = _plan(self._searcher(opened), opened.manifest, snapshot)
        if plan is None:
            return None
        return IndexChanges(
            base=opened.fingerprint,
            remove=plan.removed,
            add=tuple(book.key for book in plan.added),
            documents=sum(len(book.documents) for book in plan.added),
        )

    def update(
        self, snapshot: CorpusSnapshot, changes: IndexChanges, progress: Progress | None = None
    ) -> None:
        """Re-index the versions ``changes`` names, in a linked copy of the index swapped in whole."""
        from corpus.search.whoosh_writing import keep_segments, link_files, write_books

        with atomic_directory(self.directory) as building:
            before = file_signature(self.directory / MANIFEST)
            manifest = self._manifest()
            link_files(self.directory, building, skip=[MANIFEST, GLOSSES])  # the glosses are written anew
            swapped = file_signature(self.directory / MANIFEST) != before  # by another process, while linking
            opened = None if swapped else self._current()
            plan = None
            if opened is not None and _segments(opened.manifest) == _segments(manifest):  # the files linked
                plan = _plan(self._searcher(opened), manifest, snapshot)
            if (
                manifest["fingerprint"] != changes.base
                or plan is None
                or tuple(book.key for book in plan.added) != changes.add
            ):
                raise StaleChanges("the search index changed while it was being updated")
            analysis = _analysis(plan.terms)
            index = whoosh_index.open_dir(str(building), schema=build_schema(analysis, self.ranking))
            segments = _segments(manifest)
            segments.update(write_books(index, plan.added, progress))
            keep_segments(index, [segments[book.key] for book in snapshot.books])
            _write_glosses(building, index, analysis)
            manifest = self._write_manifest(
                building,
                snapshot,
                analysis,
                plan.terms,
                segments,
                linked=_without(manifest["files"], GLOSSES),
            )
        self._swapped_in(analysis, manifest)

    def _write_manifest(
        self,
        building: Path,
        snapshot: CorpusSnapshot,
        analysis: Analysis,
        terms: dict[str, list[str]],
        segments: dict[str, str],
        linked: dict[str, list[int]] | None = None,
    ) -> dict[str, Any]:
        manifest = self._manifest_of(
            snapshot, analysis, terms, segments, file_checks(building, MANIFEST, linked)
        )
        signed = {**manifest, "sha256": _digest(manifest)}
        (building / MANIFEST).write_text(json.dumps(signed, ensure_ascii=False), encoding="utf-8")
        return manifest

    def _manifest_of(
        self,
        snapshot: CorpusSnapshot,
        analysis: Analysis,
        terms: dict[str, list[str]],
        segments: dict[str, str],
        files: dict[str, list[int]],
    ) -> dict[str, Any]:
        return {
            "layout": self._layout(),
            "fingerprint": snapshot.fingerprint,
            "documents": len(snapshot.documents),
            "terms": sorted(set().union(*terms.values())),
            # as the segmenter that cut the index weighed them: a query's segmenter takes them as they are
            "frequencies": analysis.segmenter.frequencies,
            "books": [
                {
                    "key": book.key,
                    "fingerprint": book.fingerprint,
                    "latest": book.latest,
                    "documents": len(book.documents),
                    "segment": segments[book.key],
                    "terms": terms[book.key],
                }
                for book in snapshot.books
            ],
            "files": files,
        }

    def _swapped_in(self, analysis: Analysis, manifest: dict[str, Any]) -> None:
        """Use the index just swapped in, without checking again what this process wrote."""
        forget()
        stamp = file_signature(self.directory / MANIFEST)
        with self._lock:
            searching = Analysis(analysis.segmenter)  # the dictionary was for indexing only
            index = whoosh_index.open_dir(str(self.directory))
            self._opened = _Opened(index, searching, manifest, self.directory)
            self._opened_at = stamp

    def _layout(self) -> str:
        """What besides the corpus decides the index's content: schema code, index-time weights."""
        schema = hashlib.sha256(Path(whoosh_schema.__file__).read_bytes()).hexdigest()[:16]
        glosses = dictionary_fingerprint()[:16]
        return f"{FORMAT}/{schema}/{glosses}/title={self.ranking.title}/path={self.ranking.path}"

    # -- searching -----------------------------------------------------------

    def _searcher(self, opened: _Opened) -> IndexSearcher:
        """This thread's searcher over ``opened`` with the current ranking."""
        local = self._local
        current = getattr(local, "searcher", None)
        if current is None or local.opened is not opened or current.ranking is not self.ranking:
            if current is not None:
                current.close()
            current = local.searcher = IndexSearcher(
                opened.index, self.ranking, opened.newest, _books(opened.manifest)
            )
            local.opened = opened
        return current

    def search(self, query: SearchQuery, filters: Filters, page: PageRequest) -> BackendPage:
        opened = self._current()
        if opened is None:
            raise RuntimeError("the search index has not been built")
        try:
            return self._search_in(opened, query, filters, page)
        except FileNotFoundError:
            # A segment is opened when a search first reaches it: another process may have swapped
            # in a new index since this request looked, taking the old segment's file with it.
            forget()
            current = self._current()
            if current is None or current is opened:
                raise
            return self._search_in(current, query, filters, page)

    def _search_in(
        self, opened: _Opened, query: SearchQuery, filters: Filters, page: PageRequest
    ) -> BackendPage:
        searcher = self._searcher(opened)
        share = functools.partial(searcher.share, filters=filters)  # the searched books' statistics
        sections = functools.partial(searcher.sections, filters=filters)
        builder = QueryBuilder(
            opened.analysis, self.ranking, share, lambda: opened.glosses, sections=sections
        )
        plan = builder.build(query)
        # a game's synonym files are in its own language: a translation is searched without them
        without_synonyms = replace(query, synonyms={})
        other = sorted(searcher.languages(filters) - {builder.language})
        plan = replace(
            plan,
            languages={
                language: QueryBuilder(opened.analysis, self.ranking, share, language=language).build(
                    without_synonyms
                )
                for language in other
            },
        )
        best, total = searcher.run(plan, filters, limit=page.offset + page.size)
        typed = {normalize_number(p.text) for p in query.parsed.positive if not p.phrase}
        hits = []
        for score, docnum in best[page.offset : page.offset + page.size]:
            fields = searcher.stored_fields(docnum)
            hits.append(
                BackendHit(
                    key=fields["key"],
                    game=fields["game"],
                    version=fields["version"],
                    id=fields["id"],
                    kind=fields["kind"],
                    title=fields.get("title", ""),
                    text=fields.get("body", ""),
                    score=round(score, 4),
                    exact=not typed.isdisjoint(jump_ids(fields["id"])),
                )
            )
        return BackendPage(hits=tuple(hits), total=total, widened=builder.widened())


def _glosses_table(index: whoosh_index.Index, analysis: Analysis) -> dict[str, list[list[str]]]:
    """The glosses a search may ask for: those of the index's Chinese words, and of every character."""
    assert analysis.glosses is not None
    with index.reader() as reader:
        words = [term.decode("utf-8") for term in reader.lexicon("words")]
    return analysis.glosses.restricted(w for w in words if han_runs(w))


def _write_glosses(building: Path, index: whoosh_index.Index, analysis: Analysis) -> None:
    write_glosses(building / GLOSSES, _glosses_table(index, analysis))


def _without(checks: dict[str, list[int]], name: str) -> dict[str, list[int]]:
    return {file: check for file, check in checks.items() if file != name}


def _documents(index: whoosh_index.Index) -> int:
    """The index's document count as its table of contents records it: ``Index.doc_count()`` opens
    a reader over every segment to ask the same, and the searcher opens them again."""
    return sum(segment.doc_count() for segment in index._segments())


def _segments(manifest: dict[str, Any]) -> dict[str, str]:
    """``{version key: segment id}`` of the index a manifest describes."""
    return {book["key"]: book["segment"] for book in manifest["books"]}


def _books(manifest: dict[str, Any]) -> dict[str, str]:
    """``{segment id: version key}`` of the index a manifest describes."""
    return {segment: key for key, segment in _segments(manifest).items()}


def _analysis(terms: dict[str, list[str]]) -> Analysis:
    """The analysis for indexing: every version's terms in the jieba dictionary, and CC-CEDICT."""
    return Analysis(Segmenter(set().union(*terms.values())), cc_cedict())


def _digest(manifest: dict[str, Any]) -> str:
    """The SHA-256 of the manifest as JSON (keys in the order written, which reading keeps)."""
    return hashlib.sha256(json.dumps(manifest, ensure_ascii=False).encode()).hexdigest()
