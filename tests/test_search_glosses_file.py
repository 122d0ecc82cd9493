"""The index's glosses file answers every lookup as the table it was written from does."""

from __future__ import annotations

import threading

import pytest

from corpus.library import load_book
from corpus.search.analysis import han_runs
from corpus.search.bilingual import Glosses, cc_cedict
from corpus.search.folding import fold
from corpus.search.glosses_file import KeptGlosses, write_glosses


@pytest.fixture(scope="module")
def table() -> dict[str, list[list[str]]]:
    """The glosses of ucg's two-character words, and of every character, as an index keeps them."""
    text = fold("\n".join(clause.text for clause in load_book("ucg").clauses))
    words = {run[start : start + 2] for run in han_runs(text) for start in range(len(run) - 1)}
    return cc_cedict().restricted(words)


def test_the_file_answers_as_the_table(table, tmp_path):
    write_glosses(tmp_path / "glosses.sqlite", table)
    kept, whole = KeptGlosses(tmp_path / "glosses.sqlite"), Glosses.from_table(table)
    assert kept.longest == whole.longest
    assert set(kept.entries) == set(whole.entries) and len(kept.entries) == len(whole.entries)
    words = ["胜利", "条件", "胜利条件", "先攻", "手牌", "抽光", "赢", "不在词典里的词", "x"]
    for word in words:
        assert kept.of(word) == whole.of(word), word
        assert (word in kept.entries) == (word in whole.entries), word
    stems = {stem for word in words for stem, _weight, _piece in whole.of(word)} | {"win", "nosuchstem"}
    assert "win" in stems and len(stems) > 10
    for stem in sorted(stems):
        assert kept.glossing(stem) == whole.glossing(stem), stem
        assert kept.translations(stem) == whole.translations(stem), stem
        assert kept.related(stem) == whole.related(stem), stem


def test_threads_share_one_file(table, tmp_path):
    """The web app's threads look up the same glosses at once."""
    write_glosses(tmp_path / "glosses.sqlite", table)
    kept, whole = KeptGlosses(tmp_path / "glosses.sqlite"), Glosses.from_table(table)
    words = sorted(whole.entries)[:400]
    failures: list[str] = []

    def look_up(part: list[str]) -> None:
        failures.extend(word for word in part if kept.entries[word] != whole.entries[word])

    threads = [threading.Thread(target=look_up, args=(words[start::4],)) for start in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []


def test_the_file_is_written_once_and_left_alone(table, tmp_path):
    """Opened read-only and immutable: reading it leaves no journal and changes no byte."""
    path = tmp_path / "glosses.sqlite"
    write_glosses(path, table)
    before = path.read_bytes()
    kept = KeptGlosses(path)
    assert kept.of("胜利")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["glosses.sqlite"]
    assert path.read_bytes() == before
