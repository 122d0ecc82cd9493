"""How much of a source's text made it into clause text.

Counted as multisets: for Chinese books every ideograph of the source outside
the excluded spans (table of contents, changelog, site navigation) must be
found again in the clause titles and texts; for Latin books, every word.  A
parser that drops a sentence shows up here even when every number is right.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from corpus.model import Clause, Script
from corpus.repair import ideographs, latin_words


def units(text: str, script: Script) -> list[str]:
    return latin_words(text) if script is Script.LATN else ideographs(text)


def included_source(text: str, excluded: Iterable[tuple[int, int, str]]) -> str:
    lines = text.splitlines()
    dropped: set[int] = set()
    for start, end, _reason in excluded:
        dropped.update(range(start, end + 1))
    return "\n".join(line for number, line in enumerate(lines, 1) if number not in dropped)


def coverage(
    source: str,
    clauses: Iterable[Clause],
    excluded: Iterable[tuple[int, int, str]],
    script: Script,
) -> float:
    """Share (0–1) of the source's characters or words found in the clauses."""
    wanted = Counter(units(included_source(source, excluded), script))
    found: Counter[str] = Counter()
    for clause in clauses:
        found.update(units(f"{clause.title or ''}\n{clause.text}", script))
    total = sum(wanted.values())
    if not total:
        return 1.0
    kept = sum(min(count, found[unit]) for unit, count in wanted.items())
    return kept / total
