"""The search benchmark's query sets, read into :class:`BenchQuery` values.

Two formats:

* ``queries.yaml`` (the old 71 queries) names relevant clauses by id;
  ``ID*`` adds the clause's descendants.
* ``queries-dev.yaml`` and ``queries-test.yaml`` (written afresh from the
  rulebooks, split once into halves) mark each relevant clause by an exact
  quote of its text, so that they survive a parser that renumbers clauses
  and say what the writer had in mind.  A quote names the one clause of the
  game's newest version whose text contains it (runs of white space count
  as one space) or whose title it is.  A quote that is the whole text of
  several clauses names all of them (a book that prints the same rule twice,
  word for word); any other quote found in no clause or in several is an
  error, reported with every other error of the file at once.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

#: The query classes, in the order the tables list them.
CLASSES = ("same", "other", "paraphrase", "english")


@dataclass(frozen=True)
class BenchQuery:
    game: str
    cls: str  # one of CLASSES
    text: str
    relevant: frozenset[str]  # clause ids in the game's newest version


class QuoteError(ValueError):
    """Quotes of a query file that do not name exactly one clause (or one rule printed twice)."""


def _spaced(text: str) -> str:
    return " ".join(text.split())


def newest_books(documents: Iterable[Any]) -> dict[str, dict[str, Any]]:
    """``game → {clause id: document}`` for each game's newest version."""
    books: dict[str, dict[str, Any]] = {}
    for doc in documents:
        if doc.latest:
            books.setdefault(doc.game, {})[doc.id] = doc
    return books


def resolve_quote(quote: str, book: dict[str, Any]) -> list[str]:
    """The ids of the clauses ``quote`` names in ``book`` (see the module docstring); raises QuoteError."""
    wanted = _spaced(quote)
    if not wanted:
        raise QuoteError("an empty quote")
    found = [doc.id for doc in book.values() if wanted in _spaced(doc.text) or wanted == _spaced(doc.title)]
    whole = [i for i in found if wanted in (_spaced(book[i].text), _spaced(book[i].title))]
    if whole:
        return whole
    if len(found) == 1:
        return found
    if not found:
        raise QuoteError(f"{quote!r} is in no clause")
    raise QuoteError(f"{quote!r} is in {len(found)} clauses ({', '.join(found[:5])})")


def load_quoted(path: Path, documents: Iterable[Any]) -> list[BenchQuery]:
    """A query file whose relevant clauses are quotes; every bad quote is reported in one QuoteError."""
    import yaml

    books = newest_books(documents)
    queries, problems = [], []
    for number, entry in enumerate(yaml.safe_load(path.read_text(encoding="utf-8")), 1):
        where = f"{path.name} query {number} ({entry.get('game')}: {entry.get('query')!r})"
        if entry.get("class") not in CLASSES or entry.get("game") not in books:
            problems.append(f"{where}: class must be one of {CLASSES} and game one of {sorted(books)}")
            continue
        relevant: set[str] = set()
        for quote in entry.get("relevant") or ():
            try:
                relevant.update(resolve_quote(str(quote), books[entry["game"]]))
            except QuoteError as error:
                problems.append(f"{where}: {error}")
        if not relevant:
            problems.append(f"{where}: no relevant clause")
            continue
        queries.append(BenchQuery(entry["game"], entry["class"], str(entry["query"]), frozenset(relevant)))
    if problems:
        raise QuoteError("\n".join(problems))
    return queries


def load_numbered(path: Path, documents: Iterable[Any]) -> list[BenchQuery]:
    """The old query file, whose relevant clauses are ids (``ID*``: with its descendants)."""
    import yaml

    from corpus.search.analysis import normalize_number

    books = newest_books(documents)
    queries = []
    for entry in yaml.safe_load(path.read_text(encoding="utf-8")):
        book = books[entry["game"]]
        relevant = set()
        for spec in map(str, entry["relevant"]):
            base = spec.rstrip("*")
            if base not in book:  # the parser changed the id: say so, keep measuring the rest
                print(f"warning: {path.name}: no clause {entry['game']}:{base}", file=sys.stderr)
                continue
            relevant.add(base)
            if spec.endswith("*"):
                relevant.update(i for i, d in book.items() if normalize_number(base) in d.lineage)
        if relevant:
            queries.append(
                BenchQuery(entry["game"], entry["class"], str(entry["query"]), frozenset(relevant))
            )
    return queries
