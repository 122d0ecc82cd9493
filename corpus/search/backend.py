"""The one interface between Arbiter's search service and a search engine.

Callers (the command line, the web app, the concept view) talk to
:class:`corpus.search.service.Searcher`; the searcher talks to a
:class:`SearchBackend`.  A backend only has to do four things: say which
corpus its index holds, (re)build that index from documents, bring it up
to date with a changed corpus by re-indexing only the rulebook versions
that changed, and answer a :class:`SearchQuery` under :class:`Filters` one
:class:`PageRequest` at a time.  Query parsing, filter validation, synonym
lookup, question-word removal and snippets stay in the service, so a
second engine is one new module implementing this protocol;
:mod:`corpus.search.whoosh_backend` is the reference implementation.

What an OpenSearch / Elasticsearch backend would map each piece to:

* ``build`` — create a new index ``arbiter-<fingerprint>`` (bulk API), then
  move the alias ``arbiter`` to it in one ``_aliases`` call: the same
  atomic swap as the whoosh directory; ``indexed_fingerprint`` reads the
  fingerprint back from the aliased index's mapping ``_meta``, which also
  lists each rulebook version's fingerprint and the newest version of
  each game.
* ``exclusive`` — a lock document created with ``op_type=create`` (and
  deleted after), so that one process at a time re-indexes.
* ``changes`` — compare that ``_meta`` with the snapshot's versions.
* ``update`` — ``_clone`` the aliased index (it shares the segment files,
  as the whoosh update hard-links them), then on the clone one bulk
  ``delete_by_query`` (a ``terms`` query on the ``book`` keyword,
  ``game@version``) for the versions gone or changed and one bulk index
  per version new or changed, ``_refresh``, the new ``_meta``, and the
  same ``_aliases`` swap; if any step fails the clone is deleted and the
  service builds afresh.  Searches see the old index or the new one.
* analysis — ``words``: a custom analyzer with ``icu_tokenizer`` (or the
  smartcn plugin), the ``stconvert``/ICU transform t2s filter for
  :mod:`~corpus.search.folding`, ``lowercase`` and ``porter_stem``;
  ``grams``: an ``ngram`` (2, 2) tokenizer over the folded text; the
  corpus terms of :mod:`~corpus.search.userdict` as a user dictionary.
* fields — ``book``, ``game``, ``version``, ``kind``, ``ids``,
  ``lineage`` as ``keyword``; title and text as ``text`` with both
  analyzers (sub-fields); ``order`` as an integer for tie-breaking.
  Which version is the newest is not a document field (an ingest would
  then rewrite the previous version's documents) but ``_meta``.
* :class:`Filters` — ``bool.filter`` term clauses (no scoring, cached);
  the default, newest versions only, as ``terms`` on ``book``.
* ranking (see :mod:`~corpus.search.ranking`) — ``combined_fields``
  (BM25F) over title^w and text for the words; ``match`` on the grams
  sub-field; ``match_phrase`` on grams for the exact text and with
  ``slop`` for proximity; clause-number jumps as ``constant_score`` term
  queries on ``ids`` / ``lineage`` (or a ``pinned`` query); the rule over
  example factor as a ``function_score`` weight filtered by ``kind``;
  synonyms as further ``should`` clauses with a lower boost.
* :class:`PageRequest` — ``from`` / ``size``; ``BackendPage.total`` —
  ``hits.total`` with ``track_total_hits``.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable

from corpus.search.documents import CorpusSnapshot
from corpus.search.query import ParsedQuery

#: Called with the number of documents indexed since the last call.
Progress = Callable[[int], None]


def report_to_stderr(message: str) -> None:
    """How index upkeep tells the user what it repaired (stdout may be JSON)."""
    print(f"arbiter: {message}", file=sys.stderr)


@dataclass(frozen=True, slots=True)
class Filters:
    """Which clauses a search may return; an empty tuple means "any".

    With no ``versions`` only the newest version of each game is searched,
    as everywhere in Arbiter; ``all_versions`` searches every version.
    """

    games: tuple[str, ...] = ()
    versions: tuple[str, ...] = ()
    kinds: tuple[str, ...] = ()
    all_versions: bool = False


@dataclass(frozen=True, slots=True)
class PageRequest:
    number: int = 1  # 1-based
    size: int = 10

    @property
    def offset(self) -> int:
        return (self.number - 1) * self.size


@dataclass(frozen=True, slots=True)
class SearchQuery:
    """A parsed query plus its synonyms: extra terms per game, ranked lower."""

    parsed: ParsedQuery
    synonyms: Mapping[str, tuple[str, ...]] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class BackendHit:
    key: str
    game: str
    version: str
    id: str
    kind: str
    title: str
    text: str
    score: float
    exact: bool  # the query named this clause's id


@dataclass(frozen=True, slots=True)
class BackendPage:
    hits: tuple[BackendHit, ...]
    total: int  # matches over all pages
    #: words the backend searched beyond the query's (translations, words of the same meaning),
    #: for snippets to show why a clause matched
    widened: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class IndexChanges:
    """How a corpus snapshot differs from what the index holds, by rulebook version (``game@version``)."""

    base: str  # fingerprint of the index these changes apply to
    remove: tuple[str, ...]  # versions gone or changed: their documents go
    add: tuple[str, ...]  # versions new or changed: their documents are indexed
    documents: int  # how many documents that is (for a progress bar)


@runtime_checkable
class SearchBackend(Protocol):
    """What a search engine must provide to serve Arbiter.

    Implementations must allow concurrent :meth:`search` calls from several
    threads on one instance; :meth:`build` and :meth:`update` replace the
    index atomically (searches running meanwhile see the old index or the
    new one, and a failure leaves the old one).
    """

    name: str

    def indexed_fingerprint(self) -> str | None:
        """Fingerprint of the corpus the usable index holds; None if there is none.

        An index that is damaged counts as none (and the reason is reported).
        """

    def exclusive(self) -> AbstractContextManager[None]:
        """Held while the index is built or updated: one process at a time (several
        server workers and an ``arbiter ingest`` may all notice the same change)."""

    def build(self, snapshot: CorpusSnapshot, progress: Progress | None = None) -> None:
        """Index every document of ``snapshot``, replacing the previous index."""

    def changes(self, snapshot: CorpusSnapshot) -> IndexChanges | None:
        """What :meth:`update` would do to the usable index; None when it cannot
        (no index, or one that must be built afresh for ``snapshot``)."""

    def update(
        self, snapshot: CorpusSnapshot, changes: IndexChanges, progress: Progress | None = None
    ) -> None:
        """Apply ``changes``: the index then holds ``snapshot``; unchanged versions are not re-indexed.

        ``progress`` counts only the documents indexed.  Raises if the index
        is no longer the one ``changes`` were worked out for.
        """

    def search(self, query: SearchQuery, filters: Filters, page: PageRequest) -> BackendPage:
        """The page of best matches, best first; clauses named by id come first."""
