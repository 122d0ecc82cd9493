"""Home and rulebook pages: which rulebooks there are, and each one's contents."""

from __future__ import annotations

from typing import Any

from flask import redirect

from corpus.languages import language_tag, split_edition
from corpus.library import (
    all_books,
    book_info,
    load_book,
    load_version,
    other_languages,
    versions,
    versions_in,
)
from corpus.model import Book, BookInfo
from graph.find import numbering_scheme
from graph.lint import problem_count
from webapp.views import Area
from webapp.views.links import book_url, clause_url, label, side_by_side_url
from webapp.views.schemas import Book as BookPage
from webapp.views.schemas import Home

area = Area("books", __name__)


def info_dict(info: BookInfo) -> dict[str, Any]:
    """A rulebook version as the pages and the API describe it (its manifest entry and address)."""
    return {
        **info.as_dict(),
        "lang": language_tag(info),
        "translation": split_edition(info.version)[1] is not None,
        "url": book_url(info.game, info.version),
    }


def book_dict(book: Book) -> dict[str, Any]:
    """:func:`info_dict` plus what only a parsed book knows: its versions in its own language,
    and the same version in the others."""
    return {
        **info_dict(book.info),
        "clauses": len(book),
        "problems": problem_count(book),
        "versions": versions_in(book.game, split_edition(book.version)[1]),
        "other_languages": [
            edition_link(book.game, book.version, other) for other in other_languages(book.game, book.version)
        ],
        "numbered": numbered(book),
    }


def edition_link(game: str, version: str, other: str) -> dict[str, Any]:
    """Another edition of a book: its language, where it is, and where the two are read side by
    side (the one in the game's own language on the left)."""
    original, translation = (other, version) if split_edition(other)[1] is None else (version, other)
    return {
        "version": other,
        "lang": language_tag(book_info(game, other)),
        "url": book_url(game, other),
        "side_by_side": side_by_side_url(game, original, translation),
    }


def numbered(book: Book) -> bool:
    """Whether the book prints clause numbers (bs names its clauses by headings instead)."""
    return numbering_scheme(clause.id for clause in book.clauses) is not None


@area.page(
    "/",
    api="/api/books",
    template="home.html",
    response=Home,
    summary="Every rulebook with its versions and clause counts.",
    errors=(),
)
def home() -> dict[str, Any]:
    games: dict[str, dict[str, Any]] = {}
    for info in all_books():
        entry = games.setdefault(
            info.game, {"game": info.game, "game_title": info.game_title, "versions": []}
        )
        entry["versions"].append(book_dict(load_version(info)))
    for entry in games.values():
        entry["versions"].reverse()  # newest first
    return {"games": list(games.values())}


@area.blueprint.route("/<game:game>")
@area.blueprint.route("/<game:game>/")
def newest(game: str):
    """``/ucg`` → the newest version's contents (an unknown game is a 404)."""
    return redirect(book_url(game, versions(game)[-1]))


@area.page(
    "/<game:game>/<edition:version>",
    template="book.html",
    response=BookPage,
    summary="A rulebook version and its table of contents (a tree of clauses).",
)
def book(game: str, version: str) -> dict[str, Any]:
    loaded = load_book(game, version)

    def node(clause) -> dict[str, Any]:
        return {
            "id": clause.id,
            "kind": clause.kind.value,
            "label": label(clause),
            "url": clause_url(game, loaded.version, clause.id),
            "children": [node(child) for child in loaded.children(clause.id)],
        }

    tops = [c for c in loaded.clauses if c.parent is None or c.parent not in loaded]
    return {"book": book_dict(loaded), "toc": [node(top) for top in tops]}
