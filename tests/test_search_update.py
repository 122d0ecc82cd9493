"""Incremental re-indexing: only the rulebook versions that changed are indexed again.

Small synthetic books (two games, each with its own index directory) for
the mechanics; the real ucg and gcg books and the real store for an ingest
as a user does it.  "Not rewritten" is checked on disk: a kept version
keeps its segment, and the segment's file is the very same file (inode)
as before the update.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import threading
from pathlib import Path

import pytest
from whoosh import index as whoosh_index

from corpus import store
from corpus.freshness import one_look
from corpus.library import all_books, load_book
from corpus.manifest import bundled_manifest
from corpus.model import Book, BookInfo, Clause, ClauseKind, Script
from corpus.search import whoosh_writing
from corpus.search.documents import snapshot
from corpus.search.folding import fold
from corpus.search.ranking import DEFAULT_RANKING
from corpus.search.service import Searcher
from corpus.search.userdict import corpus_terms
from corpus.search.whoosh_backend import MANIFEST, StaleChanges, WhooshBackend, _mentioned
from corpus.search.whoosh_schema import word_sections
from corpus.search.whoosh_search import IndexSearcher

CHAPTER, RULE = ClauseKind.CHAPTER, ClauseKind.RULE


def make_book(game: str, version: str, rules: list[str]) -> Book:
    info = BookInfo(
        game=game,
        title="測試",
        version=version,
        date="",
        language="zh",
        script=Script.HANT,
        source=f"{game}.txt",
        parser="dotted",
    )
    rows = [("1", None, "遊戲規則", "", CHAPTER)]
    rows += [(f"1.{n}", "1", None, text, RULE) for n, text in enumerate(rules, 1)]
    clauses = tuple(
        Clause(
            game=game,
            version=version,
            id=i,
            parent=p,
            title=t,
            text=x,
            kind=k,
            order=n,
            line_start=n + 1,
            line_end=n + 1,
        )
        for n, (i, p, t, x, k) in enumerate(rows)
    )
    return Book(info=info, clauses=clauses, problems=(), changelog=(), excluded=(), coverage=1.0)


class Library(dict):
    """``(game, version) → rules``, read as the library does: by game, then version, oldest first."""

    def snapshot(self):
        books = sorted(self)
        newest = dict(books)
        return snapshot((make_book(g, v, self[g, v]), newest[g] == v) for g, v in books)


class Bars:
    """A progress factory that records each bar's total and what was counted on it."""

    def __init__(self):
        self.totals: list[int] = []
        self.counted: list[int] = []

    @contextlib.contextmanager
    def __call__(self, total: int):
        self.totals.append(total)
        self.counted.append(0)

        def count(done: int) -> None:
            self.counted[-1] += done

        yield count


class Messages(list):
    def __call__(self, message: str) -> None:
        self.append(message)


def segments(directory: Path) -> dict[str, str]:
    manifest = json.loads((directory / MANIFEST).read_text(encoding="utf-8"))
    return {book["key"]: book["segment"] for book in manifest["books"]}


def inodes(directory: Path) -> dict[str, int]:
    return {path.name: path.stat().st_ino for path in directory.iterdir()}


def books_in_order(directory: Path) -> list[str]:
    """The versions in the order of the index's segments (which is the order documents are numbered in)."""
    book_of = {segment: book for book, segment in segments(directory).items()}
    with whoosh_index.open_dir(str(directory)).reader() as reader:
        return [book_of[r.segment().segment_id()] for r, _ in reader.leaf_readers()]


def postings(directory: Path, book: str) -> list[tuple]:
    """Every posting of one version's segment: (field, term, document, weight, value)."""
    wanted = segments(directory)[book]
    with whoosh_index.open_dir(str(directory)).reader() as reader:
        leaf = next(r for r, _ in reader.leaf_readers() if r.segment().segment_id() == wanted)
        return list(leaf.iter_postings())


def ids(searcher: Searcher, query: str, **options) -> list[tuple[str, str]]:
    return [(hit.version, hit.id) for hit in searcher.search(query, **options).hits]


AAA_1 = ["當對手的牌組為 0 張時，你獲得勝利。", "先攻玩家在第一回合不抽牌。", "疲勞的角色不能攻擊。"]
AAA_2 = AAA_1 + ["場景牌登場時，抽一張牌。"]
BBB_1 = ["攻擊時比較雙方的戰鬥力。", "戰鬥力較高的一方獲勝。"]


@pytest.fixture
def library() -> Library:
    return Library({("aaa", "1.0"): AAA_1, ("bbb", "1.0"): BBB_1})


@pytest.fixture
def indexed(library, tmp_path):
    bars, messages = Bars(), Messages()
    searcher = Searcher(
        WhooshBackend(tmp_path / "index", report=messages),
        corpus=library.snapshot,
        progress=bars,
        report=messages,
    )
    assert searcher.refresh() is True
    return searcher, bars, messages


def test_a_new_version_is_the_only_one_indexed(library, indexed, tmp_path):
    searcher, bars, messages = indexed
    index = tmp_path / "index"
    before, files = segments(index), inodes(index)
    library[("aaa", "2.0")] = AAA_2
    assert searcher.refresh() is True
    assert bars.totals == [len(AAA_1) + len(BBB_1) + 2, len(AAA_2) + 1]  # rules plus the chapter
    assert bars.counted == bars.totals
    after = segments(index)
    assert {key: after[key] for key in before} == before
    for segment in before.values():
        assert inodes(index)[f"{segment}.seg"] == files[f"{segment}.seg"], "a kept version was rewritten"
    assert ids(searcher, "場景牌", game="aaa") == [("2.0", "1.4")]
    assert ids(searcher, "不抽牌", game="aaa") == [("2.0", "1.2")], "the default is now the newest version"
    assert sorted(ids(searcher, "不抽牌", game="aaa", version="all")) == [("1.0", "1.2"), ("2.0", "1.2")]
    assert messages == []


def test_a_removed_version_leaves_nothing_behind(library, indexed, tmp_path):
    searcher, bars, _ = indexed
    index = tmp_path / "index"
    library[("aaa", "2.0")] = AAA_2
    searcher.refresh()
    kept, removed = segments(index), segments(index)["aaa@2.0"]
    del library[("aaa", "2.0")]
    assert searcher.refresh() is True
    assert bars.totals[-1] == bars.counted[-1] == 0
    assert segments(index) == {key: segment for key, segment in kept.items() if key != "aaa@2.0"}
    assert not any(name.startswith(removed) for name in os.listdir(index))
    assert ids(searcher, "場景牌", version="all") == []
    assert ids(searcher, "不抽牌", game="aaa") == [("1.0", "1.2")], "1.0 is the newest again"


def test_a_changed_version_alone_is_indexed_again(library, indexed, tmp_path):
    searcher, bars, _ = indexed
    kept = segments(tmp_path / "index")["aaa@1.0"]
    library[("bbb", "1.0")] = ["攻擊時比較雙方的打擊力。", "戰鬥力較高的一方獲勝。"]
    assert searcher.refresh() is True
    assert bars.totals[-1] == bars.counted[-1] == len(BBB_1) + 1
    assert segments(tmp_path / "index")["aaa@1.0"] == kept
    assert ids(searcher, "打擊力", game="bbb") == [("1.0", "1.1")]
    assert ids(searcher, "比較雙方的戰鬥力", game="bbb") != [("1.0", "1.1")]


def test_an_updated_index_is_the_index_a_fresh_build_makes(library, indexed, tmp_path):
    searcher, _, _ = indexed
    library[("aaa", "2.0")] = AAA_2 + ["「場景牌」可以抽牌。"]  # a new dictionary term, in no kept version
    searcher.refresh()
    fresh = WhooshBackend(tmp_path / "fresh")
    fresh.build(library.snapshot())
    ours = json.loads((tmp_path / "index" / MANIFEST).read_text(encoding="utf-8"))
    theirs = json.loads((tmp_path / "fresh" / MANIFEST).read_text(encoding="utf-8"))
    assert "场景牌" in ours["terms"] and ours["terms"] == theirs["terms"]
    for book in ("aaa@1.0", "aaa@2.0", "bbb@1.0"):
        assert postings(tmp_path / "index", book) == postings(tmp_path / "fresh", book)
    assert (
        books_in_order(tmp_path / "index")
        == books_in_order(tmp_path / "fresh")
        == ["aaa@1.0", "aaa@2.0", "bbb@1.0"]
    )
    other = Searcher(fresh, corpus=library.snapshot)
    for query in ("抽牌", "戰鬥力", "勝利 version:all", "1.2 version:all"):
        assert searcher.search(query).as_dict() == other.search(query).as_dict()


def test_a_dictionary_term_that_kept_text_uses_means_a_fresh_build(library, indexed, tmp_path):
    searcher, bars, _ = indexed
    before = segments(tmp_path / "index")
    library[("aaa", "2.0")] = AAA_1 + ["「不抽牌」的玩家跳過抽牌階段。"]  # 不抽牌 is in aaa 1.0's text
    assert searcher.refresh() is True
    fresh = WhooshBackend(tmp_path / "fresh")
    fresh.build(library.snapshot())
    assert postings(tmp_path / "index", "aaa@1.0") == postings(tmp_path / "fresh", "aaa@1.0"), "cut as afresh"
    assert bars.totals[-1] == len(library.snapshot().documents)
    assert set(segments(tmp_path / "index").values()).isdisjoint(before.values())


def test_a_crash_during_an_update_leaves_the_previous_index(library, indexed, tmp_path, monkeypatch):
    searcher, bars, _ = indexed
    original = whoosh_writing.whoosh_fields
    calls = []

    def crashing(doc):
        calls.append(doc)
        if len(calls) == 2:
            raise KeyboardInterrupt  # not an error the service may handle: the process dies here
        return original(doc)

    monkeypatch.setattr(whoosh_writing, "whoosh_fields", crashing)
    library[("aaa", "2.0")] = AAA_2
    with pytest.raises(KeyboardInterrupt):
        searcher.refresh()
    assert sorted(p.name for p in tmp_path.iterdir() if p.is_dir()) == ["index"], (
        "no half-built directory left"
    )
    reopened = Searcher(
        WhooshBackend(tmp_path / "index"),
        corpus=Library({("aaa", "1.0"): AAA_1, ("bbb", "1.0"): BBB_1}).snapshot,
    )
    assert reopened.refresh() is False, "the index on disk is still the previous one, intact"
    assert ids(reopened, "不抽牌", game="aaa") == [("1.0", "1.2")]
    monkeypatch.setattr(whoosh_writing, "whoosh_fields", original)
    assert searcher.refresh() is True
    assert bars.totals[-1] == len(AAA_2) + 1, "the repair is the same update"
    assert ids(searcher, "場景牌", game="aaa") == [("2.0", "1.4")]


def test_a_killed_update_leaves_the_previous_index(library, indexed, tmp_path):
    searcher, _, _ = indexed
    previous = searcher.backend.indexed_fingerprint()
    library[("aaa", "2.0")] = AAA_2
    child = os.fork()
    if child == 0:  # killed outright right after the new version's segment was committed
        try:
            kill = contextlib.nullcontext(lambda _count: os.kill(os.getpid(), signal.SIGKILL))
            Searcher(
                WhooshBackend(tmp_path / "index"), corpus=library.snapshot, progress=lambda _: kill
            ).refresh()
        finally:
            os._exit(0)
    _, status = os.waitpid(child, 0)
    assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL
    assert WhooshBackend(tmp_path / "index").indexed_fingerprint() == previous
    assert searcher.refresh() is True
    assert ids(searcher, "場景牌", game="aaa") == [("2.0", "1.4")]


def test_a_failed_update_is_reported_and_the_index_built_afresh(library, indexed, tmp_path, monkeypatch):
    searcher, bars, messages = indexed

    def failing(_index, _order):
        raise OSError("disk full")

    monkeypatch.setattr(whoosh_writing, "keep_segments", failing)
    library[("aaa", "2.0")] = AAA_2
    assert searcher.refresh() is True
    assert bars.totals[-2:] == [len(AAA_2) + 1, len(library.snapshot().documents)]
    assert messages == ["updating the search index failed (disk full); building it afresh"]
    assert ids(searcher, "場景牌", game="aaa") == [("2.0", "1.4")]


def test_changes_worked_out_for_another_index_are_refused(library, indexed, tmp_path):
    searcher, _, _ = indexed
    library[("aaa", "2.0")] = AAA_2
    changes = searcher.backend.changes(library.snapshot())
    assert changes.add == ("aaa@2.0",) and changes.remove == () and changes.documents == len(AAA_2) + 1
    del library[("bbb", "1.0")]
    WhooshBackend(tmp_path / "index").build(library.snapshot())  # another process got there first
    with pytest.raises(StaleChanges):
        searcher.backend.update(library.snapshot(), changes)


# -- the real books and the real store ------------------------------------------------------


def real_corpus():
    """ucg and gcg, every version the library knows (bundled and ingested)."""
    infos = [info for info in all_books() if info.game in ("ucg", "gcg")]
    newest = {info.game: info.version for info in infos}
    return snapshot((load_book(i.game, i.version), newest[i.game] == i.version) for i in infos)


def test_an_ingested_version_is_indexed_alone_and_removed_again(tmp_path, monkeypatch):
    monkeypatch.setenv("ARBITER_HOME", str(tmp_path / "home"))
    bars = Bars()
    searcher = Searcher(WhooshBackend(tmp_path / "index"), corpus=real_corpus, progress=bars)
    searcher.refresh()
    before = segments(tmp_path / "index")
    manifest = bundled_manifest()
    text = (manifest.root / "ucg-1.6-zh-Hant.txt").read_text(encoding="utf-8")
    line = next(line for line in text.splitlines() if line.startswith("1.1.1. "))
    changed = tmp_path / "ucg-1.7.txt"
    changed.write_text(
        text.replace(line, "1.1.1. 在這款遊戲中，兩名玩家以「光之對決」進行對戰。"), encoding="utf-8"
    )
    store.ingest(changed, "ucg", "1.7")
    assert searcher.refresh() is True
    assert bars.totals[-1] == bars.counted[-1] == len(load_book("ucg", "1.6")), "as many clauses as 1.6"
    assert {key: segments(tmp_path / "index")[key] for key in before} == before
    assert ids(searcher, '"光之对决"', game="ucg") == [("1.7", "1.1.1")]
    fresh = WhooshBackend(tmp_path / "fresh")
    fresh.build(real_corpus())
    for book in ("gcg@1.1.0", "ucg@1.6", "ucg@1.7"):
        assert postings(tmp_path / "index", book) == postings(tmp_path / "fresh", book), book
    store.remove("ucg", "1.7")
    assert searcher.refresh() is True
    assert bars.totals[-1] == 0
    assert segments(tmp_path / "index") == before
    assert ids(searcher, '"光之对决"', version="all") == []


def test_the_index_tells_which_dictionary_terms_a_kept_version_uses_as_its_text_does(tmp_path):
    """An update asks the index (its character bigrams) whether a changed dictionary term
    occurs in a kept version; on the real ucg and gcg books that answer is the text's own."""
    corpus = real_corpus()
    backend = WhooshBackend(tmp_path / "index")
    backend.build(corpus)
    books = {segment: key for key, segment in segments(tmp_path / "index").items()}
    searcher = IndexSearcher(whoosh_index.open_dir(str(tmp_path / "index")), DEFAULT_RANKING, (), books)
    every_term = {
        term
        for book in snapshot((load_book(g), True) for g in ("bs", "zd", "ucg", "gcg")).books
        for term in corpus_terms(book.documents)
    }
    for book in corpus.books:
        folded = [fold(section) for doc in book.documents for section in word_sections(doc)]
        used = {term for term in every_term if any(term in text for text in folded)}
        assert 50 < len(used) < len(every_term), book.key  # both answers are tried, many times
        segment = {segments(tmp_path / "index")[book.key]}
        assert {term for term in every_term if _mentioned(searcher, segment, {term})} == used, book.key


@pytest.mark.parametrize("in_a_request", [False, True])
def test_a_refresh_waits_for_another_processs_and_then_finds_the_index_up_to_date(
    library, tmp_path, in_a_request
):
    """Server workers and an ingest may notice one change together: one indexes, the others
    wait — and then look at the index again, even within a request that had looked already."""
    bars = Bars()
    searcher = Searcher(WhooshBackend(tmp_path / "index"), corpus=library.snapshot, progress=bars)
    other = WhooshBackend(tmp_path / "index")  # as another process would hold it

    def refresh():
        with one_look() if in_a_request else contextlib.nullcontext():
            assert searcher.backend.indexed_fingerprint() is None
            searcher.refresh()

    with other.exclusive():
        waiting = threading.Thread(target=refresh)
        waiting.start()
        waiting.join(0.5)
        assert waiting.is_alive(), "the refresh must wait for the other process"
        other.build(library.snapshot())
    waiting.join(30)
    assert not waiting.is_alive() and bars.totals == [], "nothing is indexed a second time"
    assert ids(searcher, "不抽牌") == [("1.0", "1.2")]


def test_a_version_another_process_ingested_is_searchable_as_soon_as_it_is_listed(tmp_path, monkeypatch):
    """The library lists a version the moment its ingest commits; a search in a server that was
    already running must then find it, not answer "unknown version" until someone re-indexes."""
    import subprocess
    import sys

    monkeypatch.setenv("ARBITER_HOME", str(tmp_path / "home"))
    searcher = Searcher(WhooshBackend(tmp_path / "index"), corpus=real_corpus)
    assert ids(searcher, '"光之对决"', game="ucg") == []
    text = (bundled_manifest().root / "ucg-1.6-zh-Hant.txt").read_text(encoding="utf-8")
    line = next(line for line in text.splitlines() if line.startswith("1.1.1. "))
    changed = tmp_path / "ucg-1.7.txt"
    changed.write_text(
        text.replace(line, "1.1.1. 在這款遊戲中，兩名玩家以「光之對決」進行對戰。"), encoding="utf-8"
    )
    ingest = "import sys; from pathlib import Path; from corpus import store; store.ingest(Path(sys.argv[1]), 'ucg', '1.7')"
    subprocess.run([sys.executable, "-c", ingest, str(changed)], check=True, cwd=Path(__file__).parents[1])
    assert "1.7" in [info.version for info in all_books() if info.game == "ucg"]
    assert ids(searcher, '"光之对决"', game="ucg", version="1.7") == [("1.7", "1.1.1")]


def test_a_new_process_reads_no_book_while_the_library_is_unchanged_and_every_book_after_an_ingest(
    tmp_path, monkeypatch
):
    """What a searcher knows of the corpus is kept with the library's signature: the next process
    (the command line starts one per search) finds the index current without reading a book, and
    answers as the first did, titles of untitled clauses included; an ingest changes the signature."""
    from corpus.search import documents

    monkeypatch.setenv("ARBITER_HOME", str(tmp_path / "home"))
    read: list[str] = []
    reading = documents.book_documents

    def counted(book, latest):
        read.append(book.info.version)
        return reading(book, latest)

    monkeypatch.setattr(documents, "book_documents", counted)

    def new_process() -> Searcher:
        monkeypatch.setattr(documents, "_kept", {})  # a new process keeps no documents in memory
        return Searcher(
            WhooshBackend(tmp_path / "index"), corpus=real_corpus_listed, corpus_signature=signature
        )

    signature = documents.library_signature
    first = new_process().search("勝利條件", game="ucg").as_dict()
    assert read and all(hit["title"] for hit in first["hits"])
    read.clear()
    assert new_process().search("勝利條件", game="ucg").as_dict() == first
    assert read == [], "an unchanged library is not read again"
    text = (bundled_manifest().root / "ucg-1.6-zh-Hant.txt").read_text(encoding="utf-8")
    line = next(line for line in text.splitlines() if line.startswith("1.1.1. "))
    changed = tmp_path / "ucg-1.7.txt"
    changed.write_text(
        text.replace(line, "1.1.1. 在這款遊戲中，兩名玩家以「光之對決」進行對戰。"), encoding="utf-8"
    )
    store.ingest(changed, "ucg", "1.7")
    assert ids(new_process(), '"光之对决"', game="ucg") == [("1.7", "1.1.1")]
    assert "1.7" in read


def real_corpus_listed():
    """:func:`real_corpus` through :func:`corpus.search.documents.book_documents` (counted above)."""
    from corpus.search import documents

    infos = [info for info in all_books() if info.game in ("ucg", "gcg")]
    newest = {info.game: info.version for info in infos}
    return documents.CorpusSnapshot.of(
        doc
        for info in infos
        for doc in documents.book_documents(
            load_book(info.game, info.version), newest[info.game] == info.version
        )
    )


def test_the_library_signature_changes_with_an_ingest_and_with_a_bundled_text(tmp_path, monkeypatch):
    from corpus.search.documents import library_signature
    from corpus.storage import file_signature

    monkeypatch.setenv("ARBITER_HOME", str(tmp_path / "home"))
    before = library_signature()
    assert library_signature() == before
    stamps = {"ucg-1.6-zh-Hant.txt": (1, 2, 3)}
    monkeypatch.setattr(
        "corpus.storage.file_signature", lambda path: stamps.get(path.name) or file_signature(path)
    )
    touched = library_signature()
    assert touched != before
    text = (bundled_manifest().root / "ucg-1.6-zh-Hant.txt").read_text(encoding="utf-8")
    (tmp_path / "ucg-1.7.txt").write_text(text, encoding="utf-8")
    store.ingest(tmp_path / "ucg-1.7.txt", "ucg", "1.7")
    assert library_signature() not in (before, touched)
