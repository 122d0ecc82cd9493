"""The search service every front end calls: query in, ranked clauses out.

:class:`Searcher` owns what does not depend on the engine — parsing the
query, checking filters against the corpus, synonyms, snippets, paging —
and keeps its backend's index in step with the corpus: on first use it
compares the corpus fingerprint with the index's and, when they differ,
updates the index — re-indexing only the rulebook versions that changed —
or builds it afresh when there is none to update (or the update fails),
reporting progress.  Reading every book for the fingerprint is most of a
command-line search, so what the searcher knows of the corpus is kept
under ``ARBITER_HOME/cache`` with the library's signature (its manifest
entries and code, :func:`~corpus.search.documents.library_signature`): a
process whose library has that signature, and whose index has that
fingerprint, reads no book.  After that, :meth:`Searcher.search` is read-only and
safe to call from many threads at once.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable, Iterable, Iterator
from contextlib import AbstractContextManager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from corpus.errors import ArbiterError, NotFound
from corpus.freshness import one_look
from corpus.kept import Damaged, keep, read_kept
from corpus.model import ClauseKind
from corpus.search.analysis import DEFAULT_LANGUAGE, han_runs, strip_question_words, word_language
from corpus.search.backend import (
    BackendHit,
    Filters,
    PageRequest,
    Progress,
    SearchBackend,
    SearchQuery,
    report_to_stderr,
)
from corpus.search.documents import (
    BookDocuments,
    CorpusSnapshot,
    library_signature,
    library_snapshot,
    library_state,
)
from corpus.search.query import ParsedQuery, parse_query
from corpus.search.snippets import Highlighter, Snippet
from corpus.search.synonyms import expansions, key, mentions
from corpus.storage import arbiter_home

if TYPE_CHECKING:
    from corpus.address import ClauseReference

MAX_LIMIT = 100
#: Given the number of documents to index, returns a context manager that
#: yields a progress callback (the command line passes a click progress bar).
BuildProgress = Callable[[int], AbstractContextManager[Progress]]


@dataclass(frozen=True, slots=True)
class Hit:
    game: str
    version: str
    id: str
    title: str  # the clause's title, or its nearest ancestor's
    kind: str
    snippet: Snippet
    score: float
    exact: bool  # the query named this clause's id

    def as_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "version": self.version,
            "id": self.id,
            "title": self.title,
            "kind": self.kind,
            "snippet": self.snippet.text,
            "highlights": [list(span) for span in self.snippet.highlights],
            "score": self.score,
            "exact": self.exact,
        }


@dataclass(frozen=True, slots=True)
class SearchResults:
    query: str
    hits: tuple[Hit, ...]
    total: int
    page: int
    per_page: int

    @property
    def pages(self) -> int:
        return -(-self.total // self.per_page)

    def as_dict(self) -> dict[str, Any]:
        return {
            "query": self.query,
            "total": self.total,
            "page": self.page,
            "per_page": self.per_page,
            "pages": self.pages,
            "hits": [hit.as_dict() for hit in self.hits],
        }


class GameTexts:
    """Which words each game's books use at all (to skip synonyms a book never uses).

    Folding every clause is the slow part, so a refresh folds again only the
    games whose versions changed and keeps the others' text from ``previous``.
    """

    def __init__(self, books: Iterable[BookDocuments], previous: GameTexts | None = None):
        grouped: dict[str, list[BookDocuments]] = {}
        for book in books:
            grouped.setdefault(book.game, []).append(book)
        before = previous._folded if previous else {}
        #: game → (its versions and their fingerprints, all their text folded)
        self._folded: dict[str, tuple[tuple[tuple[str, str], ...], str]] = {}
        for game, group in grouped.items():
            versions = tuple((book.key, book.fingerprint) for book in group)
            kept = before.get(game)
            if kept is None or kept[0] != versions:
                kept = (
                    versions,
                    key("\n".join(f"{d.title}\n{d.text}" for book in group for d in book.documents)),
                )
            self._folded[game] = kept
        self._known: dict[tuple[str, str], bool] = {}

    @property
    def folded(self) -> dict[str, tuple[tuple[tuple[str, str], ...], str]]:
        """game → (its versions and their fingerprints, all their text folded)."""
        return self._folded

    @classmethod
    def of_folded(cls, folded: dict[str, tuple[tuple[tuple[str, str], ...], str]]) -> GameTexts:
        """The texts :attr:`folded` gave, without folding them again."""
        texts = cls(())
        texts._folded = folded
        return texts

    def occurs(self, game: str, term: str) -> bool:
        found = self._known.get((game, term))
        if found is None:
            folded = self._folded.get(game)
            found = self._known[(game, term)] = mentions(folded[1] if folded else "", key(term))
        return found


@dataclass(frozen=True, slots=True)
class _CorpusView:
    """What the searcher knows of the corpus it indexed, replaced as one object so
    that a search running during a refresh sees the old view or the new, never half."""

    fingerprint: str | None
    #: document key → the title of its nearest titled ancestor, for a clause without a title
    titles: dict[str, str]
    #: rulebook version (``game@version``) → its language tag
    languages: dict[str, str]
    versions: dict[str, set[str]]
    texts: GameTexts
    state: object  # the corpus state (see ``Searcher``) the snapshot was taken in

    @classmethod
    def of(
        cls, snapshot: CorpusSnapshot | None, state: object = None, previous: _CorpusView | None = None
    ) -> _CorpusView:
        if snapshot is None:
            return cls(None, {}, {}, {}, GameTexts(()), None)
        versions: dict[str, set[str]] = {}
        for book in snapshot.books:
            versions.setdefault(book.game, set()).add(book.version)
        titles = {doc.key: doc.path[-1] for doc in snapshot.documents if not doc.title and doc.path}
        languages = {doc.book: doc.language for doc in snapshot.documents}
        texts = GameTexts(snapshot.books, previous.texts if previous else None)
        return cls(snapshot.fingerprint, titles, languages, versions, texts, state)

    def kept(self, signature: str) -> dict[str, Any]:
        """The view as plain data, for :meth:`Searcher._remember` to keep under the corpus's signature."""
        return {
            "signature": signature,
            "fingerprint": self.fingerprint,
            "titles": self.titles,
            "languages": self.languages,
            "versions": self.versions,
            "texts": self.texts.folded,
        }

    @classmethod
    def from_kept(cls, kept: dict[str, Any], state: object) -> _CorpusView:
        texts = GameTexts.of_folded(kept["texts"])
        return cls(kept["fingerprint"], kept["titles"], kept["languages"], kept["versions"], texts, state)


@contextlib.contextmanager
def _silent(_total: int) -> Iterator[Progress]:
    yield lambda _count: None


class Searcher:
    def __init__(
        self,
        backend: SearchBackend | None = None,
        corpus: Callable[[], CorpusSnapshot] = library_snapshot,
        progress: BuildProgress = _silent,
        report: Callable[[str], None] = report_to_stderr,
        corpus_state: Callable[[], object] = library_state,
        synonyms: bool = True,
        corpus_signature: Callable[[], str] | None = None,
    ):
        if backend is None:
            from corpus.search.whoosh_backend import WhooshBackend

            backend = WhooshBackend()
        self.backend = backend
        self._corpus = corpus
        #: Cheap to ask, and a new object whenever the corpus may have changed (an ingest by
        #: another process): a search after it waits for the index to hold what the library lists.
        self._corpus_state = corpus_state
        #: What identifies the corpus without reading it (the library's: :func:`library_signature`);
        #: a corpus without one is read in full on every refresh.
        self._signature = corpus_signature or (library_signature if corpus is library_snapshot else None)
        self._progress = progress
        self._report = report
        #: Off only to measure what ranking finds without the synonym files (bench/search.py).
        self._synonyms = synonyms
        self._lock = threading.Lock()
        self._view = _CorpusView.of(None)

    # -- keeping the index in step with the corpus -------------------------

    def refresh(self) -> bool:
        """Read the corpus again; bring the index up to date if it changed. True if it did."""
        with self._lock:
            return self._refresh()

    def _refresh(self, check: Callable[[_CorpusView], object] | None = None) -> bool:
        """:meth:`refresh`; ``check`` is given the corpus as read before the index is brought to it,
        so that a search naming a game or version the corpus lacks is told so at once, not after
        a build."""
        state = self._corpus_state()  # before the snapshot: a change while it is taken is seen next time
        signature = self._signature() if self._signature else None
        if signature is not None:
            known = self._known(signature, state)
            if known is not None:  # the index holds the corpus of this signature: no book is read
                self._view = known
                return False
        snapshot = self._corpus()
        view = _CorpusView.of(snapshot, state, previous=self._view)
        if check is not None:
            check(view)
        changed = self.backend.indexed_fingerprint() != snapshot.fingerprint
        if changed:
            with self.backend.exclusive():  # another process may be at it: then look again after it
                indexed = self.backend.indexed_fingerprint()
                if indexed != snapshot.fingerprint:
                    self._reindex(snapshot, updatable=indexed is not None)
        self._view = view
        if signature is not None:
            self._remember(self._view.kept(signature))
        return changed

    def _known(self, signature: str, state: object) -> _CorpusView | None:
        """The view kept for the corpus of ``signature``, if the index holds that corpus."""
        try:
            kept = read_kept(_view_path())
            if kept["signature"] != signature or kept["fingerprint"] != self.backend.indexed_fingerprint():
                return None
            return _CorpusView.from_kept(kept, state)
        except (OSError, Damaged, LookupError, TypeError):  # none kept, damaged, or another layout
            return None

    def _remember(self, kept: dict[str, Any]) -> None:
        """Keep the view for the next process (the command line starts one per search); in a
        read-only home, each process reads the corpus instead."""
        keep(_view_path(), kept, "what the search index holds")

    def _reindex(self, snapshot: CorpusSnapshot, updatable: bool) -> None:
        """Update a usable index when the backend can; build afresh otherwise, or when the update fails."""
        if updatable:
            try:
                changes = self.backend.changes(snapshot)
                if changes is not None:
                    with self._progress(changes.documents) as progress:
                        self.backend.update(snapshot, changes, progress)
                    return
            except Exception as error:  # the index is as it was: a full build will do
                self._report(f"updating the search index failed ({error}); building it afresh")
        with self._progress(len(snapshot.documents)) as progress:
            self.backend.build(snapshot, progress)

    def _ready(self, check: Callable[[_CorpusView], object] | None = None) -> None:
        """Refresh on first use, and when the index on disk no longer matches
        what this searcher read (another process rebuilt it, or it was lost)."""
        if self._stale():
            with self._lock:
                if self._stale():
                    self._refresh(check)

    def _stale(self) -> bool:
        view = self._view
        return (
            view.fingerprint is None
            or self._corpus_state() is not view.state
            or self.backend.indexed_fingerprint() != view.fingerprint
        )

    # -- searching ------------------------------------------------------------

    def search(
        self,
        query: str,
        *,
        game: str | None = None,
        version: str | None = None,
        kind: str | None = None,
        limit: int = 10,
        page: int = 1,
    ) -> SearchResults:
        """The ``page``-th ``limit`` best clauses for ``query`` (see :mod:`corpus.search.query`)."""
        if not 1 <= limit <= MAX_LIMIT:
            raise ArbiterError(f"limit must be between 1 and {MAX_LIMIT}, not {limit}", "limit")
        if page < 1:
            raise ArbiterError(f"page must be 1 or more, not {page}", "page")
        with one_look():  # the index, the store and every game's synonym files are checked once
            reference = clause_address(query)
            if reference is not None:
                return self._addressed(query, reference, limit, page)
            return self._search(query, game, version, kind, limit, page)

    def _addressed(self, raw: str, reference: ClauseReference, limit: int, page: int) -> SearchResults:
        """A clause's address as the query (``ucg@1.6:5.9.4.1``, as ``arbiter compare`` takes it):
        that clause first, marked exact, then what its number finds in that book."""
        from corpus.versions.compare import resolve

        try:
            side = resolve(reference)
        except ArbiterError as error:
            error.field = "query"
            raise
        found = self._search(side.clause.id, side.info.game, side.info.version, None, limit, page)
        named = tuple(replace(hit, exact=True) for hit in found.hits if hit.id == side.clause.id)
        others = tuple(hit for hit in found.hits if hit.id != side.clause.id)
        return replace(found, query=raw, hits=named + others)

    def _search(
        self, query: str, game: str | None, version: str | None, kind: str | None, limit: int, page: int
    ) -> SearchResults:
        parsed = without_question_words(parse_query(query))
        self._ready(check=lambda view: self._filters(view, parsed, game, version, kind))
        view = self._view
        filters = self._filters(view, parsed, game, version, kind)
        games = list(filters.games or view.versions)
        synonyms = (
            expansions(" ".join(p.text for p in parsed.positive), games, view.texts.occurs)
            if self._synonyms
            else {}
        )
        found = self.backend.search(SearchQuery(parsed, synonyms), filters, PageRequest(page, limit))
        # one highlighter per game and language, knowing the texts of the page it will highlight
        keys = [(hit.game, _language(view, hit)) for hit in found.hits]
        widened = [w for w in found.widened if han_runs(w)]
        widened_stems = [w for w in found.widened if not han_runs(w)]
        highlighters: dict[tuple[str, str], Highlighter] = {}
        for game, language in dict.fromkeys(keys):
            words, stems = [p.text for p in parsed.positive], []
            if language == DEFAULT_LANGUAGE:  # a translation is searched without synonyms or glosses
                words += [*synonyms.get(game, ()), *widened]
                stems = widened_stems
            shown = [
                _shown(hit) for hit, key in zip(found.hits, keys, strict=True) if key == (game, language)
            ]
            highlighters[(game, language)] = Highlighter(words, stems, language, shown)
        hits = [_hit(view, hit, highlighters[key]) for hit, key in zip(found.hits, keys, strict=True)]
        return SearchResults(parsed.raw, tuple(hits), found.total, page, limit)

    @staticmethod
    def _filters(
        view: _CorpusView, parsed: ParsedQuery, game: str | None, version: str | None, kind: str | None
    ) -> Filters:
        """Filters from the query and the options, each value checked against the corpus."""
        games = _merge(parsed.filters.get("game", ()), game)
        versions = _merge(parsed.filters.get("version", ()), version)
        kinds = tuple(k.lower() for k in _merge(parsed.filters.get("kind", ()), kind))
        for name in games:
            if name not in view.versions:
                known = ", ".join(sorted(view.versions))
                raise NotFound(f"unknown game {name!r}: expected one of {known}", "game")
        all_versions = "all" in versions
        versions = tuple(
            _edition(wanted, games or tuple(view.versions)) for wanted in versions if wanted != "all"
        )
        offered = set().union(*(view.versions[g] for g in games or view.versions))
        for wanted in versions:
            if wanted not in offered:
                known = ", ".join(sorted(offered))
                raise NotFound(f"unknown version {wanted!r}: expected one of {known} or all", "version")
        known_kinds = [k.value for k in ClauseKind]
        for wanted in kinds:
            if wanted not in known_kinds:
                raise ArbiterError(
                    f"unknown kind {wanted!r}: expected one of {', '.join(known_kinds)}", "kind"
                )
        return Filters(games=games, versions=versions, kinds=kinds, all_versions=all_versions)


def _edition(written: str, games: Iterable[str]) -> str:
    """The library's name of an edition written ``1.070~fr`` (as a web address has it) or
    ``1.070/en`` (a game's own language named), for the first of ``games`` that has it;
    as written when none has (the caller says what is offered)."""
    from corpus.languages import written_edition
    from corpus.library import edition

    written_edition(written)  # a language that is no tag is said as such, whatever the game
    for game in games:
        with contextlib.suppress(NotFound):
            return edition(game, written)
    return written


def _language(view: _CorpusView, hit: BackendHit) -> str:
    """How the Latin words of the hit's book are analysed."""
    book = view.languages.get(f"{hit.game}@{hit.version}")
    return word_language(book) if book else DEFAULT_LANGUAGE


def _shown(hit: BackendHit) -> str:
    """The text a hit's snippet is cut from."""
    return hit.text or hit.title


def _hit(view: _CorpusView, hit: BackendHit, highlighter: Highlighter) -> Hit:
    return Hit(
        game=hit.game,
        version=hit.version,
        id=hit.id,
        title=hit.title or view.titles.get(hit.key, ""),
        kind=hit.kind,
        snippet=highlighter.snippet(_shown(hit)),
        score=hit.score,
        exact=hit.exact,
    )


def _view_path() -> Path:
    return arbiter_home() / "cache" / "search-view.pickle"


def clause_address(query: str) -> ClauseReference | None:
    """The clause address the whole query is, if it is one.

    Only a known game makes an address: ``game:ucg`` stays a filter, ``note:text`` stays words.

    >>> clause_address("ucg@1.6:5.9.4.1")
    ClauseReference(game='ucg', version='1.6', id='5.9.4.1')
    >>> clause_address("game:ucg") is None, clause_address("勝利") is None
    (True, True)
    """
    if ":" not in query:  # none is an address
        return None
    from corpus.address import read_reference
    from corpus.library import games

    reference = read_reference(query)
    return reference if reference is not None and reference.game in games() else None


def without_question_words(parsed: ParsedQuery) -> ParsedQuery:
    """Drop 怎么 / 吗 / 多少 … from the typed words (not from quoted phrases)."""
    parts = []
    for part in parsed.parts:
        stripped = part.text if part.phrase else strip_question_words(part.text).strip()
        parts.append(replace(part, text=stripped) if stripped else part)
    return replace(parsed, parts=tuple(parts))


def _merge(from_query: tuple[str, ...], option: str | None) -> tuple[str, ...]:
    values = from_query + ((option,) if option else ())
    return tuple(dict.fromkeys(v.strip() for v in values if v.strip()))


_default: Searcher | None = None
_default_lock = threading.Lock()


def default_searcher(progress: BuildProgress | None = None) -> Searcher:
    """The process-wide searcher over the library (the web app shares this one)."""
    global _default
    with _default_lock:
        if _default is None:
            _default = Searcher(progress=progress or _silent)
        return _default
