"""The changelog cross-check on a synthetic new version of ucg: statements
that name clauses are confirmed by a change to the clause or inside it,
reported partial or not found otherwise, and nothing found is left out."""

from __future__ import annotations

from corpus.model import ChangeAction, ChangeEntry
from corpus.versions.crosscheck import Status, cross_check
from corpus.versions.diff import diff_books
from tests.test_versions_layouts import DOTTED, edited, parsed, source


def stated(action: ChangeAction, *clauses: str, remark: str = "") -> ChangeEntry:
    return ChangeEntry("old", "new", action, clauses, remark, line=1)


def test_statements_are_confirmed_partial_or_not_found():
    text = source("ucg")
    diff = diff_books(parsed("ucg", text, "old"), parsed("ucg", edited(text, DOTTED), "new"))
    entries = [
        stated(ChangeAction.REVISED, "1.2"),  # 1.2.1 was reworded, 1.2.3 split: inside 1.2
        stated(ChangeAction.ADDED, "1.1.2"),
        stated(ChangeAction.DELETED, "1.3.6", "6.2.2"),  # 6.2.2 did not change
        stated(ChangeAction.REVISED, "6.2.2"),
        stated(ChangeAction.REVISED, remark="修正了「怪獸宇宙人系列」的說明"),  # 2.2.2 was merged into 2.2.1
    ]
    check = cross_check(diff, entries)
    found = [(v.status, sorted(c.label for c in v.changes), list(v.unconfirmed)) for v in check.verdicts]
    assert found == [
        (Status.CONFIRMED, ["1.2.1", "1.2.3 → 1.2.3, 1.2.4"], []),
        (Status.CONFIRMED, ["1.1.2"], []),
        (Status.PARTIAL, ["1.3.6"], ["6.2.2"]),
        (Status.NOT_FOUND, [], ["6.2.2"]),
        (Status.CONFIRMED, ["2.2.1, 2.2.2 → 2.2.1"], []),
    ]
    assert sorted(c.label for c in check.unmentioned) == ["2.1.1 → 2.1.2"]
    assert check.counts() == {"confirmed": 3, "partial": 1, "not_found": 1, "unmentioned": 1}
