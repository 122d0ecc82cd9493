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

from corpus.kept import Damaged, keep, read_kept
from corpus.model import Book, BookInfo, printed_number
from corpus.search.analysis import normalize_number
from corpus.storage import arbiter_home

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
    for path in code_files():
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def code_files() -> list[Path]:
    """The files :func:`code_fingerprint` reads, in order."""
    return [Path(__file__).parent / name for name in _CODE]


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
    manifest entry (an ingested text's entry names it by hash; a bundled text is named by its
    file's size, time and inode), and the parsing and analysis code.

    The same signature means the same :func:`library_snapshot`, so the search service can tell
    that its index holds the library by this alone (``search/view`` under the cache) and
    parses no book; whatever changes the documents changes the signature, or the corpus cache
    (:mod:`corpus.cache`, keyed alike) would serve stale clauses too.
    """
    from corpus.store import user_manifest

    digest = hashlib.sha256(bundled_signature().encode())
    user = user_manifest()
    for info in user.books if user is not None else ():
        digest.update(f"{info!r}\x1e".encode())
    return digest.hexdigest()


def bundled_signature() -> str:
    """The bundled part of :func:`library_signature`: the bundled manifest's entries, each with
    its text's file signature, and the parsing and analysis code.

    Worked out, it parses the manifest (``tomllib``) and reads and hashes the code, in every
    process that searches; so it is kept under the cache with the identity (device, inode, size,
    modification and change times) of each file it was worked out from, and of their folders (a
    parser added or removed), and used while every one of them keeps its identity.  A file
    written, renamed or linked over, or its time set back, gets a new change time, which no
    call can set: it is worked out again, as when the index's files are checked
    (:mod:`corpus.search.index_checks`).
    """
    from corpus.storage import file_signature

    path = arbiter_home() / "cache" / "library-signature.pickle"
    try:
        kept = read_kept(path)
        if all(file_signature(Path(name)) == identity for name, identity in kept["files"]):
            signature: str = kept["signature"]
            return signature
    except (OSError, Damaged, LookupError, TypeError):  # none kept, damaged, or another layout
        pass
    from corpus import cache
    from corpus.manifest import bundled_manifest, manifest_path

    bundled = bundled_manifest()
    sources = [bundled.root / info.source for info in bundled.books]
    files = [manifest_path(), *cache.code_files(), *code_files(), *sources]
    watched = [*files, *dict.fromkeys(file.parent for file in files)]
    identities = [(str(name), file_signature(name)) for name in watched]  # before: a change meanwhile shows
    digest = hashlib.sha256(f"{cache.code_fingerprint()}\x1f{code_fingerprint()}".encode())
    for info, source in zip(bundled.books, sources, strict=True):
        digest.update(f"{info!r}\x1f{file_signature(source)}\x1e".encode())
    signature = digest.hexdigest()
    if not _runs_what_is_on_disk():  # a long-running process's code or manifest was replaced
        return signature
    keep(path, {"files": identities, "signature": signature}, "the library's signature")
    return signature


def _runs_what_is_on_disk() -> bool:
    """Whether the code and manifest this process read (each once, when first asked) are those
    on disk now: a server started before an upgrade must not keep its signature for the files
    that replaced them, or the processes after it would trust what it indexed."""
    from corpus import cache
    from corpus.manifest import bundled_manifest, manifest_path, read_manifest

    bundled = bundled_manifest()
    return (
        cache.code_fingerprint() == cache.code_fingerprint.__wrapped__()
        and code_fingerprint() == code_fingerprint.__wrapped__()
        and read_manifest(manifest_path(), bundled.root) == bundled
    )


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
