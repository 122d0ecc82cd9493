"""Saved web pages: the page's headings become the heading layout, and nothing but the page's text is kept.

The fixture (``tests/fixtures/html/bs-manual.html``) is a page of the shape
the Battle Spirits manual is published in, with passages of the bundled bs
text: a site header and navigation, one ``<h1>`` title, chapters in
``<h2>``, sections in ``<h3>``/``<h4>``, lists, a ``<br>``, a script and a
style whose strings look like markup.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from corpus.errors import ArbiterError
from corpus.formats.html import MAX_DEPTH, html_text
from corpus.library import load_book
from webapp.cli import main

PAGE = Path(__file__).parent / "fixtures" / "html" / "bs-manual.html"


@pytest.fixture(scope="module")
def book(tmp_path_factory):
    with pytest.MonkeyPatch.context() as patch:  # a home of its own: other tests see no extra game
        patch.setenv("ARBITER_HOME", str(tmp_path_factory.mktemp("html-home")))
        result = CliRunner().invoke(
            main, ["ingest", str(PAGE), "--game", "bsweb", "--version", "17.0", "--json"]
        )
        assert result.exit_code == 0, result.output
        assert '"parser": "headings"' in result.stdout
        yield load_book("bsweb", "17.0")


def test_the_pages_headings_are_the_clause_tree(book):
    tree = [(clause.id, clause.parent) for clause in book.clauses]
    assert tree == [
        ("關於官方規則", None),
        ("關於官方規則/規則的修訂與更新", "關於官方規則"),
        ("關於官方規則/關於官方大會規則", "關於官方規則"),
        ("前言", None),
        ("前言/何謂 BATTLE SPIRITS", "前言"),
        ("前言/何謂 BATTLE SPIRITS/Eternal 與 Standard", "前言/何謂 BATTLE SPIRITS"),
        ("卡牌種類", None),
        ("卡牌種類/靈魂卡", "卡牌種類"),
        ("卡牌種類/核心卡", "卡牌種類"),
        ("卡牌種類/魔法卡", "卡牌種類"),
        ("勝利條件", None),
        ("勝利條件/生命值", "勝利條件"),
        ("勝利條件/牌組", "勝利條件"),
    ]
    assert [clause.kind.value for clause in book.clauses[:2]] == ["chapter", "section"]


def test_only_the_pages_own_text_is_kept(book):
    everything = "\n".join(f"{clause.title}\n{clause.text}" for clause in book.clauses)
    for not_text in ("整體首頁", "基本玩法", "版權所有", "腳本寫的標題", "不是標題", "color"):
        assert not_text not in everything
    assert book["勝利條件/牌組"].text == "牌組需由 40 張以上的卡牌組成，同名卡最多可放入 3 張。"
    assert (
        "可使用所有 Battle Spirits 卡牌的賽制。" in book["前言/何謂 BATTLE SPIRITS/Eternal 與 Standard"].text
    )
    assert book.coverage > 0.99


def test_markup_left_unclosed_still_gives_headings_and_paragraphs():
    page = "<div><h2>勝利條件<p>一段 <b>粗體</div></span><h2>牌組</h2><p>四十張<p>三張</body>"
    assert html_text(page, Path("p.html")) == "## 勝利條件\n\n一段 粗體\n\n## 牌組\n\n四十張\n\n三張\n"


def test_a_page_nested_beyond_reason_is_refused_in_one_line():
    with pytest.raises(ArbiterError, match=f"more than {MAX_DEPTH} deep"):
        html_text("<div>" * (MAX_DEPTH + 1), Path("deep.html"))
