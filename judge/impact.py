"""Which rulings a rulebook update puts in doubt.

After a new version, a judge must re-check every ruling that leans on a
clause the update touched.  The engine's citation registry says exactly which
clauses (and which words of them) it relies on, so the answer is the
intersection of that registry with a version diff, plus the registry's own
check against the new book.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.citations import verify
from judge.registry import ENGINES, engine

if TYPE_CHECKING:
    from corpus.versions.diff import VersionDiff


def ruling_impact(result: VersionDiff) -> dict[str, Any]:
    """The cited clauses that ``result`` modified, removed, renumbered, split or merged, and the
    citations the new version breaks."""
    if result.game not in ENGINES:
        return {"engine": False, "clauses": [], "broken": []}
    citations = engine(result.game).citations
    clauses = [
        {"clause": reliance.clause, "kind": change.kind, "change": change.label, "phrase": reliance.phrase}
        for reliance in citations
        for change in result.touching([reliance.clause])
    ]
    return {"engine": True, "clauses": clauses, "broken": verify(citations, result.new_book)}
