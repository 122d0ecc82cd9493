"""Every clause any engine can cite exists in its rulebook and still says what the engine relies on."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from corpus.library import load_book
from judge.citations import Citations, verify
from judge.registry import ENGINES, engine
from judge.ruling import Trace

RULEBOOKS = Path(__file__).resolve().parent.parent / "corpus" / "rulebooks"


@pytest.mark.parametrize("game", sorted(ENGINES))
def test_every_registered_clause_exists_and_says_what_the_engine_relies_on(game):
    problems = verify(engine(game).citations, load_book(game))
    assert problems == [], "\n".join(problems)


@pytest.mark.parametrize("game", sorted(ENGINES))
def test_each_phrase_stands_in_the_source_lines_of_its_clause(game):
    """Against the raw text, not the parser's repaired text: the phrase is printed
    within the source lines the clause was read from (spaces and markup aside)."""
    book = load_book(game)
    lines = (RULEBOOKS / book.info.source).read_text(encoding="utf-8").splitlines()
    for reliance in engine(game).citations:
        clause = book.get(reliance.clause)
        printed = "".join(lines[clause.line_start - 1 : clause.line_end])
        printed = re.sub(r"\s+|\*\*|\\", "", printed)
        assert re.sub(r"\s+", "", reliance.phrase) in printed, reliance


def test_a_reworded_clause_fails_loudly_naming_it():
    book = load_book("ucg")
    reworded = tuple(
        dataclasses.replace(c, text=c.text.replace("QUAD", "QUINT")) if c.id == "8.1.1" else c
        for c in book.clauses
        if c.id != "11.17.2"
    )
    changed = dataclasses.replace(book, clauses=reworded, _by_id={}, _children={})
    problems = verify(engine("ucg").citations, changed)
    assert any("8.1.1" in p and "no longer contains" in p for p in problems)
    assert any("11.17.2" in p and "does not exist" in p for p in problems)
    assert len(problems) == 2


def test_an_engine_cannot_cite_an_unregistered_clause():
    trace = Trace(Citations("demo", {"1.1": "x"}))
    with pytest.raises(KeyError, match=r"9\.9"):
        trace.step("text", "9.9")


def test_the_duplicate_uhb_number_is_cited_by_its_derived_id():
    book = load_book("uhb")
    assert "4.1.1a~2" in engine("uhb").citations
    assert "只能进行 1 次形态转换" in book.get("4.1.1a~2").text
