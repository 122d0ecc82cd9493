"""The index on disk: rebuilt only when the corpus changes, swapped whole, repaired when damaged.

These tests use small synthetic books and their own index directories, so
they can break and rebuild indexes without touching the session's index.
"""

from __future__ import annotations

import dataclasses
import json
import os
import threading

import pytest

from corpus.freshness import one_look
from corpus.model import Book, BookInfo, Clause, ClauseKind, Script
from corpus.search import index_checks, whoosh_writing
from corpus.search.documents import snapshot
from corpus.search.service import Searcher
from corpus.search.whoosh_backend import MANIFEST, WhooshBackend
from webapp.commands.search import _progressbar

INFO = BookInfo(
    game="tst",
    title="測試規則",
    version="1.0",
    date="",
    language="zh",
    script=Script.HANT,
    source="tst.txt",
    parser="dotted",
)


def make_book(rule_text: str = "先攻玩家在第一回合不抽牌。") -> Book:
    rows = [
        ("1", None, "遊戲的勝負", "", ClauseKind.CHAPTER),
        ("1.1", "1", None, "當對手的牌組為 0 張時，你獲得勝利。", ClauseKind.RULE),
        ("1.2", "1", None, rule_text, ClauseKind.RULE),
        ("1.2.1", "1.2", None, "例：參閱 1.1。", ClauseKind.EXAMPLE),
        ("1.3", "1", None, "疲勞的角色不能攻擊。", ClauseKind.EXAMPLE),
        ("1.4", "1", None, "疲勞的角色不能攻擊。", ClauseKind.RULE),
    ]
    clauses = tuple(
        Clause(
            game="tst",
            version="1.0",
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
    return Book(info=INFO, clauses=clauses, problems=(), changelog=(), excluded=(), coverage=1.0)


def corpus(rule_text: str = "先攻玩家在第一回合不抽牌。"):
    return snapshot([(make_book(rule_text), True)])


class Messages(list):
    def __call__(self, message: str) -> None:
        self.append(message)


@pytest.fixture
def built(tmp_path):
    messages = Messages()
    backend = WhooshBackend(tmp_path / "index", report=messages)
    searcher = Searcher(backend, corpus=corpus)
    assert searcher.refresh() is True
    return searcher, backend, messages


def ids(searcher: Searcher, query: str) -> list[str]:
    return [hit.id for hit in searcher.search(query, game="tst").hits]


def test_the_fingerprint_follows_the_clauses():
    assert corpus().fingerprint == corpus().fingerprint
    assert corpus("先攻玩家在第一回合抽牌。").fingerprint != corpus().fingerprint


def test_an_unchanged_corpus_is_not_reindexed(built, tmp_path):
    searcher, _, _ = built
    assert ids(searcher, "先手 抽牌")[0] == "1.2"
    again = Searcher(WhooshBackend(tmp_path / "index"), corpus=corpus)
    assert again.refresh() is False
    assert ids(again, "先攻") == ids(searcher, "先攻")


def test_a_changed_corpus_is_reindexed_and_swapped_in(built, tmp_path):
    changed = Searcher(WhooshBackend(tmp_path / "index"), corpus=lambda: corpus("後攻玩家先設置場景牌。"))
    assert changed.refresh() is True
    assert ids(changed, "場景牌") == ["1.2"]
    assert ids(changed, "不抽牌") == []
    assert sorted(p.name for p in tmp_path.iterdir() if p.is_dir()) == ["index"], (
        "no half-built or retired directories left"
    )


def test_a_build_that_fails_halfway_leaves_the_old_index(built, tmp_path, monkeypatch):
    calls = []

    def failing(doc):
        calls.append(doc)
        if len(calls) == 2:
            raise OSError("disk full")
        return original(doc)

    original = whoosh_writing.whoosh_fields
    monkeypatch.setattr(whoosh_writing, "whoosh_fields", failing)
    with pytest.raises(OSError):
        WhooshBackend(tmp_path / "index").build(corpus("後攻玩家先設置場景牌。"))
    reopened = Searcher(WhooshBackend(tmp_path / "index"), corpus=corpus)
    assert reopened.refresh() is False
    assert ids(reopened, "不抽牌") == ["1.2"]
    assert sorted(p.name for p in tmp_path.iterdir() if p.is_dir()) == ["index"]


def test_the_old_index_stays_readable_while_a_new_one_is_built(built, tmp_path):
    seen = []

    def progress(_count):  # called between segments, mid-build
        seen.append(ids(Searcher(WhooshBackend(tmp_path / "index"), corpus=corpus), "不抽牌"))

    WhooshBackend(tmp_path / "index").build(corpus("後攻玩家先設置場景牌。"), progress)
    assert seen == [["1.2"]]


def _change_a_frequency(directory):
    """Still a manifest, in valid JSON: one corpus term's frequency (which decides how a query is cut) changed."""
    path = directory / MANIFEST
    text = path.read_text(encoding="utf-8")
    term, frequency = next(iter(json.loads(text)["frequencies"].items()))
    path.write_text(text.replace(f'"{term}": {frequency}', f'"{term}": {frequency + 1}', 1), encoding="utf-8")


def _damage_largest_segment(directory):
    segment = max((p for p in directory.iterdir() if p.name != MANIFEST), key=lambda p: p.stat().st_size)
    segment.write_bytes(segment.read_bytes()[: segment.stat().st_size // 2])


@pytest.mark.parametrize(
    "damage",
    [
        _damage_largest_segment,
        lambda d: next(p for p in d.iterdir() if p.suffix == ".toc").unlink(),
        lambda d: (d / MANIFEST).write_text("{not json", encoding="utf-8"),
        _change_a_frequency,
        lambda d: (d / MANIFEST).unlink(),
    ],
    ids=[
        "truncated segment",
        "deleted table of contents",
        "garbled manifest",
        "a frequency changed",
        "no manifest",
    ],
)
def test_a_damaged_index_is_detected_on_open_and_rebuilt_with_a_message(built, tmp_path, damage):
    damage(tmp_path / "index")
    messages = Messages()
    repaired = Searcher(WhooshBackend(tmp_path / "index", report=messages), corpus=corpus)
    assert repaired.refresh() is True
    assert len(messages) == 1 and "rebuilding" in messages[0]
    assert ids(repaired, "不抽牌") == ["1.2"]


def test_a_check_of_the_files_that_passed_is_not_repeated_for_the_same_files(built, tmp_path, monkeypatch):
    assert Searcher(WhooshBackend(tmp_path / "index"), corpus=corpus).refresh() is False  # read and checked
    reads = []
    monkeypatch.setattr(index_checks, "file_checks", lambda *args: reads.append(args))
    reopened = Searcher(WhooshBackend(tmp_path / "index"), corpus=corpus)
    assert reopened.refresh() is False
    assert reads == [] and ids(reopened, "不抽牌") == ["1.2"]


def test_a_file_written_after_its_check_passed_is_read_again_even_with_its_old_time(built, tmp_path):
    directory = tmp_path / "index"
    assert Searcher(WhooshBackend(directory), corpus=corpus).refresh() is False  # the check is remembered
    segment = max((p for p in directory.iterdir() if p.name != MANIFEST), key=lambda p: p.stat().st_size)
    before = segment.stat()
    data = bytearray(segment.read_bytes())
    data[len(data) // 2] ^= 0xFF  # same size, one byte
    segment.write_bytes(bytes(data))
    os.utime(segment, ns=(before.st_atime_ns, before.st_mtime_ns))
    messages = Messages()
    repaired = Searcher(WhooshBackend(directory, report=messages), corpus=corpus)
    assert repaired.refresh() is True
    assert len(messages) == 1 and "do not match their manifest" in messages[0]
    assert ids(repaired, "不抽牌") == ["1.2"]


def test_a_rule_outranks_an_example_with_the_same_text(built):
    searcher, _, _ = built
    hits = searcher.search("疲勞 攻擊", game="tst").hits
    assert [(h.id, h.kind) for h in hits] == [("1.4", "rule"), ("1.3", "example")]
    assert hits[0].score > hits[1].score


def test_the_command_line_shows_build_progress_on_stderr(tmp_path, capsys):
    searcher = Searcher(WhooshBackend(tmp_path / "fresh"), corpus=corpus, progress=_progressbar)
    searcher.search("勝利", game="tst")
    captured = capsys.readouterr()
    assert "Building the search index" in captured.err and captured.out == ""


def test_an_index_swapped_in_by_another_process_is_used_without_rebuilding(tmp_path):
    text = {"rule": "先攻玩家在第一回合不抽牌。"}
    builds = []

    def counting(total):
        builds.append(total)
        return _progressbar_silent()

    serving = Searcher(
        WhooshBackend(tmp_path / "index"), corpus=lambda: corpus(text["rule"]), progress=counting
    )
    assert ids(serving, "不抽牌") == ["1.2"] and len(builds) == 1
    text["rule"] = "後攻玩家先設置場景牌。"  # the corpus changes (an ingest) ...
    WhooshBackend(tmp_path / "index").build(corpus(text["rule"]))  # ... and another process re-indexes
    assert ids(serving, "場景牌") == ["1.2"]
    assert ids(serving, "不抽牌") == []
    assert len(builds) == 1


def test_a_segment_swapped_away_before_its_first_search_is_searched_in_the_new_index(tmp_path):
    """A searcher opens a segment when a search first reaches it.  A server that checked the index
    at the start of a request may reach a segment after another process swapped in a rebuild (of
    the same books, so nothing else changes): its old file is gone, and the search runs again on
    the new index rather than failing."""
    older = make_book("先攻玩家在第一回合抽牌。")
    older = dataclasses.replace(
        older,
        info=dataclasses.replace(older.info, version="0.9"),
        clauses=tuple(dataclasses.replace(clause, version="0.9") for clause in older.clauses),
    )

    def two_versions():
        return snapshot([(older, False), (make_book(), True)])

    serving = Searcher(
        WhooshBackend(tmp_path / "index"), corpus=two_versions, progress=lambda _: _progressbar_silent()
    )
    with one_look():  # one request: the index is checked once, at its start
        assert ids(serving, "不抽牌") == ["1.2"]  # opens the newest version's segment only
        rebuild = threading.Thread(target=lambda: WhooshBackend(tmp_path / "index").build(two_versions()))
        rebuild.start()  # another process, which this request's look does not see
        rebuild.join()
        found = serving.search("抽牌", game="tst", version="0.9").hits
    assert [(hit.version, hit.id) for hit in found][:1] == [("0.9", "1.2")]


def _progressbar_silent():
    import contextlib

    return contextlib.nullcontext(lambda _count: None)


class ListBackend:
    """The smallest SearchBackend: substring match over folded text, no ranking."""

    name = "list"

    def __init__(self):
        self.snapshot = None
        self.builds = 0

    def indexed_fingerprint(self):
        return self.snapshot.fingerprint if self.snapshot else None

    def build(self, snapshot, progress=None):
        self.snapshot, self.builds = snapshot, self.builds + 1

    def exclusive(self):
        import contextlib

        return contextlib.nullcontext()  # one process: nothing to share

    def changes(self, snapshot):
        return None  # nothing to update in place: the service builds afresh

    def update(self, snapshot, changes, progress=None):
        raise AssertionError("changes() never offers an update")

    def search(self, query, filters, page):
        from corpus.search.backend import BackendHit, BackendPage
        from corpus.search.folding import fold

        words = [fold(p.text) for p in query.parsed.positive]
        docs = [
            d
            for d in self.snapshot.documents
            if (not filters.games or d.game in filters.games) and all(w in fold(d.text) for w in words)
        ]
        hits = tuple(
            BackendHit(d.key, d.game, d.version, d.id, d.kind, d.title, d.text, 1.0, False) for d in docs
        )
        return BackendPage(hits[page.offset : page.offset + page.size], len(hits))


def test_the_service_runs_on_any_backend_that_follows_the_protocol():
    from corpus.search.backend import SearchBackend

    backend = ListBackend()
    assert isinstance(backend, SearchBackend) and isinstance(WhooshBackend(), SearchBackend)
    searcher = Searcher(backend, corpus=corpus)
    results = searcher.search("不抽牌", game="tst")
    assert [h.id for h in results.hits] == ["1.2"] and backend.builds == 1
    assert [results.hits[0].snippet.text[a:b] for a, b in results.hits[0].snippet.highlights] == ["不抽牌"]
    assert searcher.search("抽牌", game="tst").total == 1 and backend.builds == 1
