"""Snippets: the matching part of a clause, highlighted, in the book's own script."""

from __future__ import annotations

from corpus.search.snippets import CJK_WIDTH, ELLIPSIS, Highlighter, Snippet


def highlighted(snippet: Snippet) -> list[str]:
    return [snippet.text[a:b] for a, b in snippet.highlights]


def test_a_simplified_query_highlights_traditional_text():
    snippet = Highlighter(["胜利条件"]).snippet("滿足勝利條件的玩家將贏得遊戲。")
    assert highlighted(snippet) == ["勝利條件"]


def test_overlapping_bigrams_merge_into_one_highlight():
    snippet = Highlighter(["胜利条"]).snippet("勝利條")
    assert snippet.highlights == ((0, 3),)


def test_english_words_match_by_stem_and_clause_numbers_by_either_separator():
    snippet = Highlighter(["player", "8.5.2"]).snippet("The players check 8-5-2 and 18-5-2.")
    assert highlighted(snippet) == ["players", "8-5-2"]


def test_a_long_text_is_cut_around_the_match():
    text = "前" * 300 + "先制攻擊" + "後" * 300
    snippet = Highlighter(["先制攻击"]).snippet(text)
    assert snippet.text.startswith(ELLIPSIS) and snippet.text.endswith(ELLIPSIS)
    assert len(snippet.text) == CJK_WIDTH + 2
    assert highlighted(snippet) == ["先制攻擊"]


def test_renderings_escape_the_text_not_the_marks():
    snippet = Snippet("<b>BP</b> & 戰鬥", ((3, 5),))
    assert snippet.marked() == "<b>«BP»</b> & 戰鬥"
    assert snippet.html() == "&lt;b&gt;<mark>BP</mark>&lt;/b&gt; &amp; 戰鬥"
    assert snippet.as_dict() == {"text": "<b>BP</b> & 戰鬥", "highlights": [[3, 5]]}


def test_nothing_to_highlight():
    assert Highlighter([]).snippet("勝利").highlights == ()
    assert Highlighter(["deck"]).snippet("勝利").highlights == ()
