"""dbscg 1.070 → 1.071 end to end: the diff agrees with the two texts.

The expectation is written from the files themselves: a line diff
(difflib) of the two sources gives the numbered lines that differ; among
those, a number printed on both sides is a modification (or, with the same
text, only a move in the file), and a text printed on both sides under two
numbers is a renumbering.  Three headings were renamed as well as
renumbered; reading the line diff, they are 10-32 "Infinite Loop" → 11-1
"Infinite Loops", and the second 10-4 / 10-5 of 1.070 ("Send to the Warp",
"Gain Control") → 11-4 "Sending Cards to the Warp" / 11-5 "Gaining Control of
Cards".  Nothing else differs.
"""

from __future__ import annotations

import difflib
import re
from collections import Counter

import pytest

from corpus.library import book_info, history, load_book
from corpus.manifest import bundled_manifest
from corpus.versions.crosscheck import Status, cross_check
from corpus.versions.diff import diff_books

#: A clause line of the body: its printed number, then its text.
NUMBERED = re.compile(r"^(\d+(?:-\d+)*)\.?\s+(\S.*)$")
#: Renamed and renumbered headings, read from the line diff (see above).
RENAMED = {("10-32", "11-1"), ("10-4~2", "11-4"), ("10-5~2", "11-5")}


def lines_of(version: str) -> list[str]:
    info = book_info("dbscg", version)
    return (bundled_manifest().root / info.source).read_text(encoding="utf-8").splitlines()


def clause_lines(lines: list[str]) -> dict[int, tuple[str, str]]:
    """Line index -> (id, text) for every numbered line after the table of
    contents; a number printed again gets ``~2`` as the id contract says."""
    body = lines.index("General Rules")
    seen: Counter[str] = Counter()
    found = {}
    for index in range(body, len(lines)):
        match = NUMBERED.match(lines[index].strip())
        if match:
            number, text = match.groups()
            seen[number] += 1
            found[index] = (number if seen[number] == 1 else f"{number}~{seen[number]}", text)
    return found


def expected_from_the_texts():
    old_lines, new_lines = lines_of("1.070"), lines_of("1.071")
    old_clauses, new_clauses = clause_lines(old_lines), clause_lines(new_lines)
    matcher = difflib.SequenceMatcher(a=old_lines, b=new_lines, autojunk=False)
    gone, came = {}, {}
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag != "equal":
            gone.update(old_clauses[i] for i in range(i1, i2) if i in old_clauses)
            came.update(new_clauses[j] for j in range(j1, j2) if j in new_clauses)
    by_text = {text: i for i, text in came.items()}
    same_text = {(i, by_text[text]) for i, text in gone.items() if text in by_text}
    moved_in_file = sorted(i for i, j in same_text if i == j)
    renumbered = {(i, j) for i, j in same_text if i != j}
    old_left = {i: t for i, t in gone.items() if i not in {i for i, _ in same_text}}
    new_left = {j: t for j, t in came.items() if j not in {j for _, j in same_text}}
    modified = sorted(old_left.keys() & new_left.keys())
    for i in modified:
        del old_left[i], new_left[i]
    return modified, moved_in_file, renumbered, old_left, new_left


@pytest.fixture(scope="module")
def diff():
    return diff_books(load_book("dbscg", "1.070"), load_book("dbscg", "1.071"))


def test_the_line_diff_holds_only_modifications_renumberings_and_three_renames():
    *_found, old_left, new_left = expected_from_the_texts()
    assert (set(old_left), set(new_left)) == ({old for old, _ in RENAMED}, {new for _, new in RENAMED})


def test_diff_agrees_with_the_texts(diff):
    modified, moved_in_file, renumbered, _old_left, _new_left = expected_from_the_texts()
    assert not diff.touching(moved_in_file)  # lines that only stand elsewhere in the file
    assert [c.new_ids[0] for c in diff.of_kind("modified")] == sorted(
        modified, key=lambda i: load_book("dbscg", "1.071").get(i).order
    )
    reported = {(c.old_ids[0], c.new_ids[0]) for c in diff.of_kind("renumbered")}
    assert reported == renumbered | RENAMED
    assert diff.summary() == {
        "unchanged": len(load_book("dbscg", "1.070")) - len(modified) - len(renumbered) - len(RENAMED),
        "modified": len(modified),
        "renumbered": len(renumbered) + len(RENAMED),
        "split": 0,
        "merged": 0,
        "added": 0,
        "removed": 0,
    }


def test_the_repeated_10_4_and_10_5_are_not_renumbered(diff):
    """1.070 prints 10-4 and 10-5 twice; the first printings ([Blocker],
    [Evolve]) stay where they are, only the second ones moved to chapter 11."""
    printed = list(clause_lines(lines_of("1.070")).values())
    second = printed.index(("10-4~2", "Send to the Warp"))
    firsts = [i for i, _text in printed[:second] if re.match(r"10-[45](-|$)", i)]
    assert len(firsts) == 12 and not diff.touching(firsts)
    moved = {c.old_ids[0]: c.new_ids[0] for c in diff.of_kind("renumbered")}
    assert {k: v for k, v in moved.items() if k.startswith(("10-4", "10-5"))} == {
        "10-4~2": "11-4",
        "10-4-1~2": "11-4-1",
        "10-5~2": "11-5",
        "10-5-1~2": "11-5-1",
        "10-5-1-1": "11-5-1-1",
    }


def test_inline_changes_are_word_level(diff):
    change = next(c for c in diff.of_kind("modified") if c.new_ids == ["10-2-1"])
    assert [(op.op, op.text) for op in change.ops if op.op != "equal"] == [("insert", "keyword ")]


def test_changelog_cross_check_against_the_history_file(diff):
    stated = [entry for entry in history("dbscg") if entry.to_version == "1.071"]
    check = cross_check(diff)
    assert [v.entry for v in check.verdicts] == stated
    assert [v.status for v in check.verdicts] == [Status.CONFIRMED] * len(stated)
    by_remark = {v.entry.remark: {c.new_ids[0] for c in v.changes} for v in check.verdicts}
    new_lines = lines_of("1.071")
    changed = {c.new_ids[0] for c in diff.of_kind("modified")}
    new_text = dict(clause_lines(new_lines).values())
    # "[Wish]": the changed clauses that now name [Wish]; "[Critical]": the one about [Critical]
    assert by_remark["Clarified activation timing rules for [Wish]."] == {
        i for i in changed if "[Wish]" in new_text[i]
    }
    assert by_remark["Fixed a missing detail in [Critical]’s rules text."] == {"10-6-1"}
    old_text = dict(clause_lines(lines_of("1.070")).values())
    gained_keyword = {i for i in changed if new_text[i].count("keyword") > old_text[i].count("keyword")}
    assert gained_keyword <= by_remark["Clarified which skills count as keyword skills."]
    # what the history does not mention: the retitled headings and every renumbering
    unmentioned = {(c.kind, c.label) for c in check.unmentioned}
    assert {kind for kind, _ in unmentioned} == {"modified", "renumbered"}
    assert {label for kind, label in unmentioned if kind == "modified"} == {"2-2", "2-3", "2-5", "11-3"}
    assert len(unmentioned) == len(diff.changes) - len(set().union(*by_remark.values()))
