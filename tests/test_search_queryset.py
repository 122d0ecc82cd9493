"""The benchmark's quoted query sets still name their clauses in the books as parsed.

A quote that a parser change leaves pointing at no clause, or at several,
would silently change what the benchmark measures; here it fails instead.
"""

from __future__ import annotations

import importlib.util
import sys
from collections import Counter
from pathlib import Path
from types import ModuleType

import pytest

from corpus.search.documents import library_snapshot

BENCH = Path(__file__).resolve().parents[1] / "bench"


def _queryset() -> ModuleType:
    spec = importlib.util.spec_from_file_location("queryset", BENCH / "queryset.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


queryset = _queryset()


@pytest.fixture(scope="module")
def documents():
    return library_snapshot().documents


@pytest.mark.parametrize("half", ["queries-test.yaml", "queries-dev.yaml"])
def test_every_quote_names_its_clauses(documents, half):
    queries = queryset.load_quoted(BENCH / half, documents)
    per_book_and_class = Counter((q.game, q.cls) for q in queries)
    assert len(queries) == 110
    assert set(per_book_and_class.values()) == {5}  # balanced: 5 per book and class in each half


def test_the_halves_do_not_share_a_query(documents):
    test = {(q.game, q.text) for q in queryset.load_quoted(BENCH / "queries-test.yaml", documents)}
    dev = {(q.game, q.text) for q in queryset.load_quoted(BENCH / "queries-dev.yaml", documents)}
    assert not test & dev


def test_a_quote_in_no_clause_or_in_several_is_an_error(documents):
    book = queryset.newest_books(documents)["ucg"]
    with pytest.raises(queryset.QuoteError, match="in no clause"):
        queryset.resolve_quote("這句話不在任何規則裡", book)
    with pytest.raises(queryset.QuoteError, match="clauses"):
        queryset.resolve_quote("手牌數量", book)


def test_a_rule_printed_twice_word_for_word_is_named_twice(documents):
    book = queryset.newest_books(documents)["gcg"]
    twice = "當任一玩家的卡組變成 0 張時，該玩家即滿足敗北條件。"
    assert sorted(queryset.resolve_quote(twice, book)) == ["1-2-2-2", "11-2-1-2"]
