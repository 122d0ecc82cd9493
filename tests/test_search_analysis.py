"""The analysis chain: folding, segmentation with the corpus dictionary, bigrams, English."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from corpus.library import load_book
from corpus.manifest import bundled_manifest
from corpus.search.analysis import Analysis, Segmenter, bigrams, normalize_number, strip_question_words
from corpus.search.documents import book_documents
from corpus.search.folding import fold
from corpus.search.userdict import corpus_terms


def _source(name: str) -> str:
    return (bundled_manifest().root / name).read_text(encoding="utf-8")


def test_traditional_and_simplified_fold_to_one_spelling():
    assert fold("勝利條件") == fold("胜利条件") == "胜利条件"
    assert fold("牌組") == fold("牌组")
    assert fold("ＢＰ＋１０００") == "bp+1000"


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=60))
def test_folding_keeps_every_offset(text):
    """Snippets rely on it: character i of the folded text comes from character i."""
    assert len(fold(text)) == len(text)


def test_folding_a_whole_book_keeps_its_length_and_simplifies_it():
    text = _source("ucg-1.6-zh-Hant.txt")
    folded = fold(text)
    assert len(folded) == len(text)
    assert "勝" not in folded and "胜" in folded


def test_corpus_terms_keep_the_books_keywords_whole():
    """gcg prints its keywords in 《》; jieba alone would cut 先制攻擊 in two."""
    book = load_book("gcg")
    keywords = {fold(k) for k in re.findall(r"《([\u4e00-\u9fff]{2,8})》", _source("gcg-1.1.0-zh-Hant.txt"))}
    assert len(keywords) >= 5
    terms = corpus_terms(book_documents(book, latest=True))
    assert keywords <= set(terms)
    plain, tuned = Analysis(Segmenter()), Analysis(Segmenter(terms))
    sentence = fold("攻擊中的機體擁有《先制攻擊》效果")
    assert "先制攻击" not in [t[0] for t in plain.words(sentence, index=False)]
    assert "先制攻击" in [t[0] for t in tuned.words(sentence, index=False)]


def test_index_mode_adds_the_words_inside_a_word_at_its_position():
    analysis = Analysis(Segmenter(["战斗区"]))
    tokens = analysis.words(fold("在戰鬥區"), index=True)
    positions = {text: pos for text, pos, _start, _end in tokens}
    assert positions["战斗区"] == positions["战斗"]
    assert [t[0] for t in analysis.words(fold("在戰鬥區"), index=False)] == ["在", "战斗区"]


def test_a_number_written_in_chinese_is_also_its_digits_at_its_words_position():
    analysis = Analysis(Segmenter())
    text = fold("手牌超過六張時，棄到十張；血量歸零")
    tokens = analysis.words(text, index=False)
    numbers = [(t, text[start:end]) for t, _pos, start, end in tokens if t.isdigit()]
    assert numbers == [("6", "六"), ("10", "十"), ("0", "零")]
    positions = {t: pos for t, pos, _start, _end in tokens}
    word = next(t for t, _pos, start, _end in tokens if "六" in t and not t.isdigit())
    assert positions["6"] == positions[word]
    assert not [t for t in analysis.words(fold("抽一張卡，同一張卡牌"), index=False) if t[0].isdigit()]


def test_token_offsets_point_into_the_original_text():
    original = "請參閱 8-5-2，並確認《先制攻擊》"
    analysis = Analysis(Segmenter(["先制攻击"]))
    for text, _pos, start, end in analysis.words(fold(original)):
        assert fold(original[start:end]).replace("-", ".") == text


def test_characters_and_bigrams_of_each_chinese_run():
    analysis = Analysis(Segmenter())
    grams = analysis.grams(fold("勝利條件，BP 戰鬥"))
    assert [g[0] for g in grams] == ["胜", "胜利", "利", "利条", "条", "条件", "件", "战", "战斗", "斗"]
    assert [g[1] for g in grams if len(g[0]) == 2] == [0, 1, 2, 8]  # positioned by character
    assert bigrams("牌") == ["牌"]


def test_latin_words_get_an_english_analysis_inside_chinese_text():
    analysis = Analysis(Segmenter())
    words = [t[0] for t in analysis.words(fold("The players' BP and TYPE 戰鬥"), index=False)]
    assert words == ["player", "bp", "type", "战斗"]


def test_clause_numbers_are_one_token_whatever_the_separator():
    analysis = Analysis(Segmenter())
    assert [t[0] for t in analysis.words(fold("參閱 8-5-2-3-1 與 1.0.2a"))] == [
        "参阅",
        "8.5.2.3.1",
        "与",
        "1.0.2a",
    ]
    assert normalize_number(" 8-5-2. ") == normalize_number("8.5.2") == "8.5.2"


def test_question_words_are_blanked_in_the_original_script():
    stripped = strip_question_words("牌組裡的牌抽光了會輸嗎")
    assert len(stripped) == len("牌組裡的牌抽光了會輸嗎")
    assert "嗎" not in stripped and "牌組裡的牌抽光了會輸" in stripped


def test_a_query_segmenter_cuts_every_clause_query_and_random_text_as_the_index_did():
    """The index keeps the frequency jieba gave each corpus term; a query's segmenter adds the
    terms with those (no cut per term), and looks up in jieba's dictionary table only the words
    of the text it cuts.  It must cut exactly as the segmenter that cut the index: every run of
    Chinese in the books, in the benchmark queries, and random text (in both of jieba's modes)."""
    import random

    from corpus.search.analysis import han_runs
    from corpus.search.dictionary import open_table
    from corpus.search.documents import library_snapshot
    from tests.test_search_queryset import queryset

    documents = library_snapshot().documents
    terms = corpus_terms(documents)
    working = Segmenter(terms)
    table = open_table()
    assert table is not None
    looking_up = Segmenter(terms, working.frequencies, table)
    assert looking_up.frequencies == working.frequencies and len(terms) > 500
    runs = {run for doc in documents for section in (doc.title, doc.text) for run in han_runs(fold(section))}
    bench = Path(__file__).parents[1] / "bench"
    sets = {"queries-test.yaml": queryset.load_quoted, "queries-dev.yaml": queryset.load_quoted}
    for name, load in {**sets, "queries.yaml": queryset.load_numbered}.items():
        runs |= {run for query in load(bench / name, documents) for run in han_runs(fold(query.text))}
    characters = "".join(sorted(runs))
    chance = random.Random(7)
    for _ in range(2000):
        size = chance.randint(2, 12)
        runs.add("".join(chance.choice(characters) for _ in range(size)))
    assert len(runs) > 8_000
    for run in sorted(runs):
        assert looking_up.cut(run, index=False) == working.cut(run, index=False), run
        assert looking_up.cut(run, index=True) == working.cut(run, index=True), run


def test_a_segmenter_builds_one_jieba_dictionary_not_two():
    """``import rjieba`` builds a jieba of its own first (a tenth of a second) that search never uses."""
    import subprocess
    import sys

    check = "import sys; from corpus.search.analysis import Segmenter; Segmenter().cut('勝利', False); print('rjieba' in sys.modules)"
    found = subprocess.run([sys.executable, "-c", check], capture_output=True, text=True, check=True)
    assert found.stdout.strip() == "False"


@pytest.mark.parametrize("damage", ["cut short", "one frequency's digit changed", "its checks gone"])
def test_a_damaged_dictionary_table_is_written_again(tmp_path, monkeypatch, damage):
    """The table is a cache whose file is checked against the size and CRC it was written with:
    a damaged one is never read (a changed frequency would change how queries are cut), it is
    written again."""
    import sqlite3

    from corpus.search.dictionary import CHECKS, TABLE, jieba_dictionary_file, open_table, table_path

    monkeypatch.setenv("ARBITER_HOME", str(tmp_path / "home"))
    source = jieba_dictionary_file()
    assert source is not None
    line = next(line for line in source.read_text(encoding="utf-8").splitlines() if line.startswith("胜利 "))
    frequency = int(line.split()[1])
    table, folder = open_table(), table_path()
    assert table is not None and folder is not None
    assert table.frequencies(["胜利", "不是一个词"]) == {"胜利": frequency}
    file = folder / TABLE
    if damage == "cut short":
        file.write_bytes(file.read_bytes()[:4096])
    elif damage == "its checks gone":
        (folder / CHECKS).unlink()
    else:  # SQLite stores a frequency as a big-endian integer: find the row's bytes and change one
        with sqlite3.connect(file) as db:
            (stored,) = db.execute("SELECT freq FROM words WHERE word = '胜利'").fetchone()
        width = next(
            size for size, bound in ((1, 1 << 7), (2, 1 << 15), (3, 1 << 23), (4, 1 << 31)) if stored < bound
        )
        encoded = "胜利".encode() + stored.to_bytes(width, "big")
        data = file.read_bytes()
        at = data.index(encoded) + len(encoded) - 1
        file.write_bytes(data[:at] + bytes([data[at] ^ 0x01]) + data[at + 1 :])
    again = open_table()
    assert again is not None and again.frequencies(["胜利"]) == {"胜利": frequency}
    assert (folder / CHECKS).is_file()


def test_a_home_that_cannot_be_written_has_no_dictionary_table_and_searches_go_on(monkeypatch):
    from corpus.search.dictionary import open_table

    monkeypatch.setenv("ARBITER_HOME", "/proc/arbiter-home")  # nothing can be written there
    assert open_table() is None
