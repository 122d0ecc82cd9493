"""Every bundled book parses into the same tree as when the snapshot was taken.

The three layout parsers share their tree-building (``corpus/parsers/tree.py``);
that change, and any later one meant to leave the trees alone, must keep every
book's clauses — id, kind and parent, in order — and its problems exactly as
they were, and every clause's title, text and lines (compared by one digest per
book).  Besides the six bundled books: the French 1.070 fixture (dashed, with its
printed faults) and the saved web page fixture (headings stated by level).

The snapshot (``tests/fixtures/clause-trees.json``) was written by the parsers
before they shared a builder; after a deliberate change to a tree, write it again
with ``python tests/test_parser_trees.py`` and review its diff.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import sys
from pathlib import Path
from typing import Any

import pytest

from corpus.intake import read_rulebook_text
from corpus.manifest import bundled_manifest
from corpus.model import BookInfo, ParseResult
from corpus.parsers import get_parser
from corpus.versions.detect import detect_layout, detect_script

FIXTURES = Path(__file__).parent / "fixtures"
SNAPSHOT = FIXTURES / "clause-trees.json"
#: Fixtures parsed as a user's ingest would: (file, game, version, language).
FIXTURE_BOOKS = (
    (FIXTURES / "dbscg" / "dbscg-1.070-fr.txt", "dbscg", "1.070/fr", "fr"),
    (FIXTURES / "html" / "bs-manual.html", "bsweb", "17.0", "zh"),
)


def books() -> list[tuple[str, str, BookInfo]]:
    """``(name, text, info)`` of every book the snapshot covers."""
    manifest = bundled_manifest()
    found = [
        (f"{info.game}@{info.version}", (manifest.root / info.source).read_text(encoding="utf-8"), info)
        for info in manifest.books
    ]
    template = manifest.books[0]
    for path, game, version, language in FIXTURE_BOOKS:
        text = read_rulebook_text(path)
        info = dataclasses.replace(
            template,
            game=game,
            version=version,
            language=language,
            script=detect_script(text),
            source=path.name,
            parser=detect_layout(text, path.name),
            title="",
            chapters=(),
        )
        found.append((f"{game}@{version}", text, info))
    return found


def tree(result: ParseResult) -> dict[str, Any]:
    """What the snapshot keeps of a parse."""
    texts = [[c.id, c.title, c.text, c.line_start, c.line_end] for c in result.clauses]
    return {
        "clauses": [[c.id, c.kind.value, c.parent] for c in result.clauses],
        "problems": [[p.kind.value, p.clause, p.message, p.line] for p in result.problems],
        "excluded": [list(span) for span in result.excluded],
        "texts": hashlib.sha256(json.dumps(texts, ensure_ascii=False).encode("utf-8")).hexdigest(),
    }


def parsed(text: str, info: BookInfo) -> dict[str, Any]:
    return tree(get_parser(info.parser)(text, info))


@pytest.fixture(scope="module")
def snapshot() -> dict[str, Any]:
    return json.loads(SNAPSHOT.read_text(encoding="utf-8"))


def test_the_snapshot_covers_every_bundled_book(snapshot):
    bundled = {f"{info.game}@{info.version}" for info in bundled_manifest().books}
    assert bundled <= set(snapshot) and len(bundled) == 7
    assert sum(len(book["clauses"]) for book in snapshot.values()) > 3000


@pytest.mark.parametrize(
    "name, text, info", books(), ids=lambda value: value if isinstance(value, str) else ""
)
def test_each_book_parses_into_the_snapshot_tree(snapshot, name, text, info):
    found, expected = parsed(text, info), snapshot[name]
    assert found["clauses"] == expected["clauses"], name
    assert found["problems"] == expected["problems"], name
    assert found["excluded"] == expected["excluded"], name
    assert found["texts"] == expected["texts"], name


def write_snapshot() -> None:
    trees = {name: parsed(text, info) for name, text, info in books()}
    SNAPSHOT.write_text(json.dumps(trees, ensure_ascii=False, indent=0) + "\n", encoding="utf-8")


if __name__ == "__main__":
    write_snapshot()
    sys.exit(0)
