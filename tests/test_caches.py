"""Arbiter's caches under ``ARBITER_HOME/cache`` replace what an earlier version of them left.

Each cache file is named for what it was made from (a parser's code, the installed dictionary);
when that changes, the new file is written and the old one would otherwise stay for ever.
"""

from __future__ import annotations

from corpus import library
from corpus.search import bilingual


def test_a_parse_cached_by_earlier_parsing_code_is_deleted_when_the_book_is_parsed_again(
    tmp_path, monkeypatch
):
    monkeypatch.setenv("ARBITER_HOME", str(tmp_path))
    folder = tmp_path / "cache" / "corpus"
    folder.mkdir(parents=True)
    (folder / "ucg@1.6-00000000000000000000.pickle").write_bytes(b"an earlier parser's entry")
    (folder / "zd@1.20-00000000000000000000.pickle").write_bytes(b"another book's entry")
    library._load.cache_clear()
    try:
        assert library.load_book("ucg", "1.6").get("1.1.1").text
    finally:
        library._load.cache_clear()
    kept = sorted(path.name for path in folder.iterdir())
    assert "ucg@1.6-00000000000000000000.pickle" not in kept
    assert "zd@1.20-00000000000000000000.pickle" in kept, "another book's entry is not touched"
    assert [name for name in kept if name.startswith("ucg@1.6-")]


def test_the_dictionary_cached_from_another_cc_cedict_is_deleted_when_it_is_worked_out_again(
    tmp_path, monkeypatch
):
    monkeypatch.setenv("ARBITER_HOME", str(tmp_path))
    folder = tmp_path / "cache"
    folder.mkdir()
    stale = folder / "cc-cedict-00000000000000000000.pickle"
    stale.write_bytes(b"an earlier dictionary's stems")
    glosses = bilingual.cc_cedict.__wrapped__()
    assert "win" in sum(glosses.entries["赢"], ())
    assert not stale.exists()
    assert [path.name for path in folder.glob("cc-cedict-*.pickle")] == [
        f"cc-cedict-{bilingual.dictionary_fingerprint()[:20]}.pickle"
    ]


def test_the_dictionary_table_of_another_jieba_is_deleted_with_its_check_when_the_table_is_written(
    tmp_path, monkeypatch
):
    from corpus.search.dictionary import TABLE, open_table, table_path

    monkeypatch.setenv("ARBITER_HOME", str(tmp_path))
    folder = tmp_path / "cache" / "jieba-dictionary"
    (folder / "1-2").mkdir(parents=True)
    (folder / "1-2" / TABLE).write_bytes(b"another jieba's table")
    (folder / ".1-2.checked").write_text("{}")
    (tmp_path / "cache" / "jieba-dictionary-1-2.sqlite3").write_bytes(b"the table's earlier layout")
    assert open_table() is not None
    current = table_path()
    assert current is not None
    assert [path.name for path in folder.iterdir()] == [current.name]
    assert not list((tmp_path / "cache").glob("jieba-dictionary-*.sqlite3"))
