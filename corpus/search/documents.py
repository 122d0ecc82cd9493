"""What gets indexed: one document per clause of every rulebook version.

The corpus is read only through :mod:`corpus.library`, so the index holds
exactly the clauses every other part of Arbiter sees.  The snapshot's
fingerprint hashes every clause field plus the code that decides how they
are analysed: the index is brought up to date when, and only when, that
changes.  Each rulebook version (:class:`BookDocuments`) has a fingerprint
of its own, so that an update re-indexes only the versions that changed.
Which version of a game is the newest is not part of a version's
fingerprint: an ingest of a newer version changes that without touching
the older one's documents.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path

from corpus.model import Book, BookInfo, printed_number
from corpus.search.analysis import normalize_number

#: The modules whose code decides how clauses are analysed (a backend adds
#: its own layout to what it compares; see ``whoosh_backend``).
_CODE = ("folding.py", "analysis.py", "bilingual.py", "userdict.py", "documents.py", "definitions.py")


@dataclass(frozen=True, slots=True)
class IndexDocument:
    """One clause as the search backends see it."""

    key: str  # game@version:id, unique across the corpus
    game: str
    version: str
    id: str
    kind: str
    title: str
    path: tuple[str, ...]  # the titles of its ancestors, top first
    text: str
    ids: tuple[str, ...]  # normalised spellings that jump to it: its number, its full id
    lineage: tuple[str, ...]  # normalised ids of its ancestors (``5.9.4`` finds 5.9.4.1)
    latest: bool  # from the newest version of its game
    order: int  # reading order in its book (equal scores list in this order)
    language: str = "en"  # its book's language tag: which analysis its Latin words get

    @property
    def book(self) -> str:
        """``game@version``: the rulebook version it comes from."""
        return f"{self.game}@{self.version}"


@dataclass(frozen=True, slots=True)
class BookDocuments:
    """The documents of one rulebook version, and their fingerprint (``latest`` aside)."""

    key: str  # game@version
    game: str
    version: str
    latest: bool
    documents: tuple[IndexDocument, ...]
    fingerprint: str


@dataclass(frozen=True, slots=True)
class CorpusSnapshot:
    documents: tuple[IndexDocument, ...]
    fingerprint: str
    books: tuple[BookDocuments, ...]  # the same documents, by rulebook version, in corpus order

    @classmethod
    def of(cls, documents: Iterable[IndexDocument]) -> CorpusSnapshot:
        grouped: dict[str, list[IndexDocument]] = {}
        for doc in documents:
            grouped.setdefault(doc.book, []).append(doc)
        return cls.of_books(_book(tuple(docs)) for docs in grouped.values())

    @classmethod
    def of_books(cls, books: Iterable[BookDocuments]) -> CorpusSnapshot:
        books = tuple(books)
        return cls(tuple(doc for book in books for doc in book.documents), fingerprint(books), books)


def _book(documents: tuple[IndexDocument, ...]) -> BookDocuments:
    first = documents[0]
    return BookDocuments(first.book, first.game, first.version, first.latest, documents, _content(documents))


def book_documents(book: Book, latest: bool) -> list[IndexDocument]:
    documents = []
    for clause in book.clauses:
        ancestors = book.ancestors(clause.id)
        documents.append(
            IndexDocument(
                key=clause.address,
                game=clause.game,
                version=clause.version,
                id=clause.id,
                kind=clause.kind.value,
                title=clause.title or "",
                path=tuple(a.title for a in ancestors if a.title),
                text=clause.text,
                ids=jump_ids(clause.id),
                lineage=tuple(normalize_number(a.id) for a in ancestors),
                latest=latest,
                order=clause.order,
                language=book.info.language,
            )
        )
    return documents


def jump_ids(clause_id: str) -> tuple[str, ...]:
    """``4.1.1a~2`` is found by ``4.1.1a`` (its printed number) and by its own id."""
    return tuple(dict.fromkeys((normalize_number(printed_number(clause_id)), normalize_number(clause_id))))


@cache
def code_fingerprint() -> str:
    digest = hashlib.sha256()
    root = Path(__file__).parent
    for name in _CODE:
        digest.update(name.encode())
        digest.update((root / name).read_bytes())
    return digest.hexdigest()


def _content(documents: Iterable[IndexDocument]) -> str:
    """Content hash of the documents (all but ``latest``) and of the analysis code."""
    digest = hashlib.sha256(code_fingerprint().encode())
    for doc in documents:
        fields = (
            doc.key,
            doc.kind,
            doc.title,
            "\x1d".join(doc.path),
            "\x1d".join(doc.lineage),
            doc.text,
            str(doc.order),
            doc.language,
        )
        digest.update("\x1f".join(fields).encode())
        digest.update(b"\x1e")
    return digest.hexdigest()


def fingerprint(books: Iterable[BookDocuments]) -> str:
    """Content hash of the corpus: each version's fingerprint, and which versions are the newest."""
    digest = hashlib.sha256(code_fingerprint().encode())
    for book in books:
        digest.update(f"{book.key}\x1f{book.fingerprint}\x1f{book.latest}\x1e".encode())
    return digest.hexdigest()


def snapshot(books: Iterable[tuple[Book, bool]]) -> CorpusSnapshot:
    """Documents of ``(book, is_newest_version)`` pairs, with their fingerprints."""
    return CorpusSnapshot.of(doc for book, latest in books for doc in book_documents(book, latest))


def library_state() -> object:
    """What changes (by identity) when the library's versions may have: the user's store as read."""
    from corpus.store import user_manifest

    return user_manifest()


def library_signature() -> str:
    """What decides the library's documents, known without reading a rulebook: every version's
    manifest entry in order (an ingested text's entry names it by hash; a bundled text is named
    by its file's size, time and inode), and the parsing and analysis code.

    The same signature means the same :func:`library_snapshot`, so the search service can tell
    that its index holds the library by this alone (``search/view`` under the cache) and
    parses no book; whatever changes the documents changes the signature, or the corpus cache
    (:mod:`corpus.cache`, keyed alike) would serve stale clauses too.
    """
    from corpus import cache
    from corpus.library import all_books
    from corpus.manifest import bundled_manifest
    from corpus.storage import file_signature

    bundled = bundled_manifest()
    digest = hashlib.sha256(f"{cache.code_fingerprint()}\x1f{code_fingerprint()}".encode())
    for info in all_books():
        source = file_signature(bundled.root / info.source) if info in bundled.books else None
        digest.update(f"{info!r}\x1f{source}\x1e".encode())
    return digest.hexdigest()


def library_snapshot() -> CorpusSnapshot:
    """Every clause of every rulebook version the library knows.

    Each version's documents are kept for the next snapshot (an ingest adds
    one version to thousands; the search service holds these documents
    anyway): a manifest entry names its text by content hash, and bundled
    texts never change, so an entry seen before has the same clauses.  Only
    a version that stopped or started being its game's newest is relabelled.
    """
    from corpus.library import all_books, load_version
    from corpus.storage import arbiter_home

    global _kept
    infos = all_books()
    newest = {info.game: info.version for info in infos}  # all_books() sorts oldest first
    home = arbiter_home()
    before = _kept.get(home, {})
    kept = {}
    for info in infos:
        latest = newest[info.game] == info.version
        book = before.get(info)
        if book is None:
            book = _book(tuple(book_documents(load_version(info), latest)))
        elif book.latest != latest:
            book = _relabelled(book, latest)
        kept[info] = book
    _kept = {home: kept}
    return CorpusSnapshot.of_books(kept.values())


#: The documents of each version in the last :func:`library_snapshot`, by manifest
#: entry, under the ``ARBITER_HOME`` it was taken from (another home, another library).
_kept: dict[Path, dict[BookInfo, BookDocuments]] = {}


def _relabelled(book: BookDocuments, latest: bool) -> BookDocuments:
    documents = tuple(replace(doc, latest=latest) for doc in book.documents)
    return replace(book, latest=latest, documents=documents)  # the fingerprint leaves ``latest`` out
