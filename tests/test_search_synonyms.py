"""The bundled synonym files: valid, named by stable keys, in each book's own vocabulary."""

from __future__ import annotations

import re

import pytest

from corpus.library import games, load_book
from corpus.manifest import bundled_manifest
from corpus.search.folding import fold
from corpus.search.synonyms import bundled_folder, concepts, expansions, key, mentions

MAIN_CONCEPTS = {"win_conditions", "first_player", "deck_size", "power", "deck", "draw_card"}


def book_text(game: str) -> str:
    return key("\n".join(f"{c.title or ''}\n{c.text}" for c in load_book(game).clauses))


def test_there_is_a_file_for_every_bundled_game():
    assert {path.stem for path in bundled_folder().glob("*.yaml")} == set(games())


@pytest.mark.parametrize("game", sorted(games()))
def test_every_game_names_the_main_concepts_with_english_terms(game):
    found = concepts(game)
    assert set(found) >= MAIN_CONCEPTS
    assert all(re.fullmatch(r"[a-z][a-z0-9_]*", name) for name in found)
    for name in MAIN_CONCEPTS:
        assert any(re.fullmatch(r"[A-Za-z][A-Za-z .\-'’]*", term) for term in found[name].terms), name


@pytest.mark.parametrize("game", sorted(games()))
def test_each_label_is_the_books_own_word(game):
    """The concept view searches each book for the label, so it must be in the book."""
    text = book_text(game)
    missing = [c.label for c in concepts(game).values() if not mentions(text, key(c.label))]
    assert missing == []


def test_expansion_crosses_scripts_and_skips_words_the_book_never_uses():
    text = book_text("gcg")
    extra = expansions("Hand Limit", ["gcg"], lambda game, term: mentions(text, key(term)))["gcg"]
    raw = fold((bundled_manifest().root / "gcg-1.1.0-zh-Hant.txt").read_text(encoding="utf-8"))
    expected = {t for t in concepts("gcg")["hand_limit"].terms if fold(t) in raw}
    assert set(extra) == expected and "上限張數" in expected
    assert expansions("勝利條件", ["gcg", "dbscg"])["dbscg"][:1] == ("victory condition",)
