"""The query language: phrases, operators, filters, and input that is not a query."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from corpus.errors import ArbiterError
from corpus.search.query import MAX_QUERY_CHARS, parse_query


def texts(query: str) -> list[tuple[str, bool, bool, bool]]:
    return [(p.text, p.phrase, p.required, p.excluded) for p in parse_query(query).parts]


def test_words_phrases_and_chinese_quotes():
    assert texts('先制攻擊 "hand limit" 「戰鬥區」 “牌組”') == [
        ("先制攻擊", False, False, False),
        ("hand limit", True, False, False),
        ("戰鬥區", True, False, False),
        ("牌組", True, False, False),
    ]


def test_an_unbalanced_quote_runs_to_the_end():
    assert texts('勝利 "先制攻擊 戰鬥') == [
        ("勝利", False, False, False),
        ("先制攻擊 戰鬥", True, False, False),
    ]


def test_and_not_and_minus():
    assert texts("先攻 AND 抽牌 NOT 平局 -token") == [
        ("先攻", False, True, False),
        ("抽牌", False, True, False),
        ("平局", False, False, True),
        ("token", False, False, True),
    ]


@pytest.mark.parametrize("query", ["AND 勝利", "勝利 AND", "勝利 OR", "AND OR 勝利 AND AND"])
def test_a_lone_operator_is_ignored(query):
    assert [p.text for p in parse_query(query).positive] == ["勝利"]


def test_filters_inside_the_query_including_quoted_values():
    query = parse_query('game:ucg version:"1.6" Kind:rule 勝利 game：gcg')
    assert query.filters == {"game": ("ucg", "gcg"), "version": ("1.6",), "kind": ("rule",)}
    assert [p.text for p in query.parts] == ["勝利"]


def test_a_clause_number_is_a_word_not_an_exclusion():
    assert texts("-5 8-5-2") == [("-5", False, False, False), ("8-5-2", False, False, False)]


@pytest.mark.parametrize(
    ("query", "says"),
    [
        ("", "empty query"),
        ("   \t ", "empty query"),
        ('"', "no words"),
        ("game:ucg", "no words"),
        ("NOT 勝利", "no words"),
        ("AND", "no words"),
        ("x" * 10_000, f"at most {MAX_QUERY_CHARS}"),
        (" ".join(["w"] * 40), "at most 32"),
    ],
)
def test_malformed_queries_get_a_clear_message(query, says):
    with pytest.raises(ArbiterError) as caught:
        parse_query(query)
    assert says in caught.value.message
    assert caught.value.field == "query"


@settings(max_examples=300, deadline=None)
@given(
    st.text(alphabet=st.sampled_from(list('ab 勝利"「」-:ANDOTRgame\x00\n')), max_size=40)
    | st.text(max_size=40)
)
def test_any_text_parses_or_is_refused_clearly(text):
    try:
        query = parse_query(text)
    except ArbiterError as error:
        assert error.message
    else:
        assert query.positive and all(p.text for p in query.parts)
