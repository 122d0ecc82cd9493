"""Search in a French edition: French queries, inflected or typed without accents, find French clauses.

The French 1.070 of dbscg (the publisher's text, ``tests/fixtures/dbscg/``) is
ingested as a user would; its clauses are analysed as French (elision, stop
words, accents folded, whoosh's Snowball French stem), and so is a query in
its segment.  Each expected clause is found in the French text by its
printed title, not taken from the index; a query names it in other forms
than the book prints (``piochez`` for ``Piocher``, ``degats subis`` for
``dégâts subis``, ``boucles infinies`` for ``Boucle infinie``).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from corpus import store
from corpus.search.analysis import Analysis, Segmenter
from corpus.search.folding import fold
from corpus.search.service import Searcher

FRENCH = Path(__file__).parent / "fixtures" / "dbscg" / "dbscg-1.070-fr.txt"
EDITION = "1.070/fr"


@pytest.fixture(scope="module")
def searcher(tmp_path_factory):
    with pytest.MonkeyPatch.context() as patch:  # a home of its own: other tests see no translation
        patch.setenv("ARBITER_HOME", str(tmp_path_factory.mktemp("french-search-home")))
        assert store.ingest(FRENCH, "dbscg", "1.070").info.version == EDITION
        searcher = Searcher()
        searcher.refresh()
        yield searcher


def numbered(title: str) -> str:
    """The number the French text prints before the heading ``title``."""
    text = FRENCH.read_text(encoding="utf-8")
    match = re.search(rf"^(\d+(?:-\d+)*)\. {re.escape(title)}$", text, re.MULTILINE)
    assert match, title
    return match.group(1)


def ids(searcher: Searcher, query: str, limit: int = 10) -> list[str]:
    results = searcher.search(query, game="dbscg", version=EDITION, limit=limit)
    assert {hit.version for hit in results.hits} <= {EDITION}
    return [hit.id for hit in results.hits]


@pytest.mark.parametrize(
    ("query", "title"),
    [
        ("piochez une carte", "Piocher une carte"),  # an imperative against the infinitive
        ("cout d'energie", "Coût d’énergie"),  # no accents, a straight apostrophe
        ("cartes retirées de la partie", "Retirer de la partie"),  # a participle against the infinitive
        ("deflexion", "[Déflexion]"),
        ("boucles infinies", "Boucle infinie"),  # plurals
        ("reveler une carte", "Révéler une carte"),
    ],
)
def test_a_french_query_finds_the_french_section_first(searcher, query, title):
    """The best hit is the section the query names, or a clause of it."""
    number, first = numbered(title), ids(searcher, query)[0]
    assert first == number or first.startswith(number + "-"), (first, number)


def test_damage_typed_without_accents_finds_the_clauses_on_damage_taken(searcher):
    """4-10-2-1 and 4-10-2-2 say what happens with "dégâts subis" (and "dégât subis")."""
    found = ids(searcher, "degats subis", limit=3)
    assert {"4-10-2-1", "4-10-2-2"} <= set(found)
    assert ids(searcher, "dégâts subis", limit=3) == found


def test_the_snippet_marks_the_french_words_in_the_books_spelling(searcher):
    hit = searcher.search("zones cachees", game="dbscg", version=EDITION).hits[0]
    marked = hit.snippet.marked()
    assert "«zone» «cachée»" in marked or "«zones» «cachées»" in marked, marked


def test_french_words_are_one_term_in_any_inflection_and_without_accents():
    analysis = Analysis(Segmenter())

    def terms(text: str) -> list[str]:
        return analysis.query_words(fold(text), "fr")

    assert terms("Dégâts infligés") == terms("degats inflige") == terms("dégât infligé")
    assert terms("l’adversaire retire la carte") == terms("adversaires retirée cartes")
    assert terms("ne pas piocher") == ["ne", "pas", "pioch"]  # negation is kept, articles are not
    assert terms("The players draw") == ["the", "player", "draw"]  # French analysis only where asked
    assert analysis.query_words(fold("The players draw")) == ["player", "draw"]


def test_the_edition_may_be_written_as_a_web_address_has_it(searcher):
    assert ids(searcher, "zone de vie") == [
        hit.id for hit in searcher.search("zone de vie", game="dbscg", version="1.070~fr").hits
    ]
