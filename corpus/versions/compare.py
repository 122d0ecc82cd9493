"""Compare any two clauses: across versions of one game, or across games.

``ucg:1.3.2`` against ``gcg:1-2-2`` — two publishers' victory conditions side
by side — is a comparison of two texts in possibly different scripts.  When
both are Chinese but one is Traditional and the other Simplified, both are
folded to Simplified (OpenCC ``t2s``) before the inline diff, so that 勝利
and 胜利 are not a change; the books' own texts are still what is shown.

A clause is named by its address (:mod:`corpus.address`): ``game:id`` (newest version) or
``game@version:id``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from corpus.address import ClauseReference, parse_reference
from corpus.errors import ArbiterError, NotFound
from corpus.model import BookInfo, Clause, Script
from corpus.versions.align import content, similarity
from corpus.versions.inline import Op, canonical, display, inline_ops

if TYPE_CHECKING:
    from corpus.search.service import Searcher


@dataclass(frozen=True, slots=True)
class Side:
    info: BookInfo
    clause: Clause

    def as_dict(self) -> dict[str, Any]:
        return {
            "address": self.clause.address,
            "game": self.info.game,
            "version": self.info.version,
            "id": self.clause.id,
            "script": self.info.script.value,
            "text": display(content(self.clause)),
        }


@dataclass(frozen=True, slots=True)
class Comparison:
    left: Side
    right: Side
    folded: bool  # both texts were folded to Simplified before diffing
    similarity: float
    ops: tuple[Op, ...]

    def as_dict(self) -> dict[str, Any]:
        return {
            "left": self.left.as_dict(),
            "right": self.right.as_dict(),
            "folded": self.folded,
            "similarity": self.similarity,
            "ops": [op.as_dict() for op in self.ops],
        }


def resolve(reference: ClauseReference) -> Side:
    from corpus.library import load_book

    book = load_book(reference.game, reference.version)
    clause = book.get(reference.id) or book.get(reference.id.rstrip("."))
    if clause is None:
        raise NotFound(f"no clause {reference.id!r} in {book.game} {book.version}", "clause")
    return Side(book.info, clause)


def needs_folding(a: BookInfo, b: BookInfo) -> bool:
    chinese = {Script.HANT, Script.HANS}
    return a.script != b.script and {a.script, b.script} <= chinese


def compare_sides(left: Side, right: Side) -> Comparison:
    old, new = content(left.clause), content(right.clause)
    folded = needs_folding(left.info, right.info)
    if folded:
        from corpus.search.folding import to_simplified

        old, new = to_simplified(old), to_simplified(new)
    return Comparison(
        left=left,
        right=right,
        folded=folded,
        similarity=round(similarity(canonical(old), canonical(new)), 4),
        ops=tuple(inline_ops(old, new)),
    )


def compare_clauses(left: str, right: str) -> Comparison:
    """Compare two clauses named ``game[@version]:id``."""
    return compare_sides(resolve(parse_reference(left)), resolve(parse_reference(right)))


@dataclass(frozen=True, slots=True)
class ConceptMatch:
    """The clause of one game that best answers a concept."""

    game: str
    query: str  # what was searched in that game
    side: Side | None  # None when the game has nothing for it
    score: float = 0.0

    def as_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "query": self.query,
            "score": self.score,
            "clause": self.side.as_dict() if self.side else None,
        }


def concept_queries(concept: str, games: list[str]) -> dict[str, str]:
    """What to search in each game for ``concept``.

    A synonym-file key (``win_conditions``) is searched in each game by that
    game's own label for it (or, where the game's file lacks the key, by the
    first label another game gives it); anything else is searched as typed,
    and the game's synonyms widen it as in every search.
    """
    from corpus.search.synonyms import concepts

    labels = {game: found.label for game in games if (found := concepts(game).get(concept))}
    if not labels:
        return dict.fromkeys(games, concept)
    fallback = next(iter(labels.values()))
    return {game: labels.get(game, fallback) for game in games}


def concept_view(
    concept: str, searcher: Searcher | None = None, progress: Callable[[int], object] | None = None
) -> list[ConceptMatch]:
    """The best-matching clause of every game for ``concept``, via search.

    ``progress(n)``, if given, is called after each game is searched.
    """
    from corpus.library import games, load_book
    from corpus.search.service import default_searcher

    if not concept.strip():
        raise ArbiterError(
            "the concept is empty: give a term such as 勝利條件 or a key such as win_conditions", "concept"
        )
    searcher = searcher or default_searcher()
    matches = []
    for game, query in concept_queries(concept.strip(), games()).items():
        hits = searcher.search(query, game=game, limit=1).hits
        book = load_book(game, hits[0].version) if hits else None
        clause = book.get(hits[0].id) if book is not None else None
        if book is not None and clause is not None:
            matches.append(ConceptMatch(game, query, Side(book.info, clause), hits[0].score))
        else:
            matches.append(ConceptMatch(game, query, None))
        if progress is not None:
            progress(1)
    return matches
