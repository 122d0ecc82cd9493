"""The publishers' change lists read as data, checked on the bundled texts.

Expected entries are written from reading the source lines; line numbers are
looked up in the source by the printed line, so the tests do not trust the
reader to find them.
"""

from __future__ import annotations

import re
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from corpus import library
from corpus.changelog import parse_history, split_trailer
from corpus.manifest import bundled_manifest
from corpus.model import ChangeAction, ChangeEntry

ADDED, REVISED, DELETED, MOVED = (
    ChangeAction.ADDED,
    ChangeAction.REVISED,
    ChangeAction.DELETED,
    ChangeAction.MOVED,
)
HISTORY = "dbscg/dbscg-changelog-en.txt"


def source_lines(path: str) -> list[str]:
    return (bundled_manifest().root / path).read_text(encoding="utf-8").splitlines()


def line_of(lines: list[str], printed: str, occurrence: int = 1) -> int:
    """1-based number of the ``occurrence``-th line whose stripped text is ``printed``."""
    numbers = [i + 1 for i, line in enumerate(lines) if line.strip() == printed]
    return numbers[occurrence - 1]


def trailer_of(game: str) -> tuple[list[str], int, tuple[ChangeEntry, ...]]:
    info = library.book_info(game)
    lines = source_lines(info.source)
    start, entries = split_trailer(lines, info)
    return lines, start, entries


def test_ucg_trailer_is_the_v15_to_v16_list():
    lines, start, entries = trailer_of("ucg")
    assert lines[start] == "(UCG CR zhTW v1.5 > v1.6)"
    printed = [
        (REVISED, "修正了 6.2.2.", "6.2.2"),
        (REVISED, "修正了 10.1.3.3.", "10.1.3.3"),
        (REVISED, "修正了 11.17.", "11.17"),
        (ADDED, "追加了 11.18.", "11.18"),
        (ADDED, "追加了 11.19.", "11.19"),
        (ADDED, "追加了 11.20.", "11.20"),
        (ADDED, "追加了 12.2.2.", "12.2.2"),
    ]
    assert entries == tuple(
        ChangeEntry("1.5", "1.6", action, (clause,), "", line_of(lines, text), "ucg-1.6-zh-Hant.txt")
        for action, text, clause in printed
    )


def test_gcg_trailer_keeps_both_deletions_of_10_3_4_and_chapter_3():
    lines, start, entries = trailer_of("gcg")
    assert lines[start] == "●Ver.1.1.0 (2025 年 7 月 24 日更新)"
    assert start == len(lines) - 8  # the list ends the book
    printed = [
        (
            ADDED,
            "- 新增 13-2-11. 13-2-12.(納入了從 ST01 卡組開始引入的兩個新關鍵詞【共鳴時】【共鳴中】)",
            ("13-2-11", "13-2-12"),
            "(納入了從 ST01 卡組開始引入的兩個新關鍵詞【共鳴時】【共鳴中】)",
        ),
        (ADDED, "- 新增 7-5-5-2. (卡牌使用順序)", ("7-5-5-2",), "(卡牌使用順序)"),
        (DELETED, "- 刪除 10-3-4. (該規則為不必要內容)", ("10-3-4",), "(該規則為不必要內容)"),
        (
            REVISED,
            "- 12-2-1.修正重點標記 (已修正錯字，並因「右回り／左回り」為日本特有表記，故將其刪除。",
            ("12-2-1",),
            "修正重點標記 (已修正錯字，並因「右回り／左回り」為日本特有表記，故將其刪除。",
        ),
        (DELETED, "- 刪除 10-3-4. (與前面文章重複)", ("10-3-4",), "(與前面文章重複)"),
        (ADDED, "- 新增了 3. 卡牌類型", ("3",), "卡牌類型"),
    ]
    assert entries == tuple(
        ChangeEntry(None, "1.1.0", action, clauses, remark, line_of(lines, text), "gcg-1.1.0-zh-Hant.txt")
        for action, text, clauses, remark in printed
    )


@pytest.mark.parametrize(
    "game, version", [("uhb", None), ("zd", None), ("bs", None), ("dbscg", "1.070"), ("dbscg", "1.071")]
)
def test_books_without_a_trailer(game, version):
    info = library.book_info(game, version)
    lines = source_lines(info.source)
    assert split_trailer(lines, info) == (len(lines), ())


def test_trailer_entries_point_at_their_printed_lines():
    for game in ("ucg", "gcg"):
        lines, _, entries = trailer_of(game)
        for entry in entries:
            printed = lines[entry.line - 1]
            assert all(clause + "." in printed for clause in entry.clauses), (game, entry)


@pytest.fixture(scope="module")
def history() -> list[ChangeEntry]:
    return parse_history("\n".join(source_lines(HISTORY)), source=HISTORY)


def block(history: list[ChangeEntry], version: str) -> list[tuple]:
    return [(e.action, e.clauses, e.remark) for e in history if e.to_version == version]


def test_history_counts_per_version_and_version_chain(history):
    lines = source_lines(HISTORY)
    headers = [re.search(r"ver\. (\S+)$", line)[1] for line in lines if re.match(r"\d\d/\d\d/\d{4}", line)]
    indented = Counter()
    for line in lines:
        if re.match(r"\d\d/\d\d/\d{4}", line):
            version = line.split()[-1]
        elif line.startswith(" ") and line.strip():
            indented[version] += 1
    assert Counter(e.to_version for e in history) == indented
    assert dict(indented) == {
        "1.01": 1,
        "1.02": 1,
        "1.03": 1,
        "1.062": 23,
        "1.063": 7,
        "1.064": 8,
        "1.070": 8,
        "1.071": 3,
        "1.073": 1,
        "1.074": 1,
    }
    previous = dict(zip(headers, [None] + headers[:-1], strict=True))
    assert all(e.from_version == previous[e.to_version] for e in history)
    assert previous["1.073"] == "1.071"  # the history prints no 1.072
    assert [e.line for e in history] == sorted(e.line for e in history)
    assert all(lines[e.line - 1].strip() for e in history)
    assert {e.source for e in history} == {HISTORY}


def test_history_1062_block(history):
    assert block(history, "1.062") == [
        (REVISED, ("1-2",), "Victory conditions."),
        (REVISED, ("1-3-6",), ""),
        (REVISED, ("1-3-7",), ""),
        (REVISED, ("3-1-7",), ""),
        (ADDED, ("3-1-7-1",), ""),
        (REVISED, ("4-2",), "Owner."),
        (REVISED, ("6-3-1-1",), ""),
        (
            REVISED,
            ("6-3-1-2-1-4",),
            "Clarified the timing of trigger condition “When you play this card” in 6-3-1-2-1-4.",
        ),
        (REVISED, ("6-4-1-3",), ""),
        (
            ADDED,
            ("7-1-4",),
            "Supplemented treatment of Battle Cards played on top of an attack card or guard card in 7-1-4.",
        ),
        (
            REVISED,
            ("7-2-1-2-3-1",),
            "Clarified the existence of counter timings before and after a skill’s resolution in 7-2-1-2-3-1.",
        ),
        (
            REVISED,
            ("7-3-1-2-3-1",),
            "Clarified the existence of counter timings before and after a skill’s resolution in 7-3-1-2-3-1.",
        ),
        (
            REVISED,
            ("7-4",),
            (
                "Revised the damage step and clarified the timing of trigger conditions “When you deal damage,” "
                "“When you dealt damage,” and “When you KO” in 7-4."
            ),
        ),
        (MOVED, ("7-4-1-8", "7-4-1-9"), ""),
        (REVISED, ("8-4-2-3", "8-4-2-4"), "Clarified cost symbols in 8-4-2-3. and 8-4-2-4."),
        (ADDED, ("8-4-1-2",), ""),
        (DELETED, ("8-5-2-2",), ""),
        (REVISED, ("10-5",), "Clarified the process of [Evolve] ([Ex-Evolve]) in 10-5."),
        (REVISED, ("10-5-5",), "Defined “evolve” in 10-5-5."),
        (REVISED, ("10-5-6",), "Defined “evolved” in 10-5-6."),
        (REVISED, ("10-14",), "Clarified the process of [Union-Potara] in 10-14."),
        (REVISED, ("10-18",), "Clarified the process of [Xeno-Evolve] in 10-18."),
        (ADDED, ("11-3-2-1",), ""),
    ]


def test_history_1064_block(history):
    assert block(history, "1.064") == [
        (ADDED, ("10-14-4-1",), "added to [Union-Potara]."),
        (ADDED, ("10-15-4",), "added to [Union-Absorb]."),
        (REVISED, ("10-17-5",), "Clarified details on [Over Realm] and [Dark Over Realm] turn restrictions."),
        (ADDED, ("10-25",), "Added section on [Deflect]."),
        (ADDED, ("10-26",), "Added section on [Bond]."),
        (ADDED, ("10-27",), "Added section on [Swap]."),
        (ADDED, ("10-28",), "Added section on [Dark Over Realm]."),
        (ADDED, ("10-29",), "Add section on [Wormhole]."),
    ]


def test_history_1070_and_1071_blocks(history):
    assert block(history, "1.070") == [
        (REVISED, ("2-11-3",), "Clarified energy costs in card text."),
        (ADDED, ("2-12-4",), "Added explanation of the term “skill-less.”"),
        (
            REVISED,
            ("9-5",),
            "Changed how rules processing handles cards reaching zero power to prevent an infinite loop.",
        ),
        (MOVED, (), "Merged sections on [Evolve] and [Union]. Section numbering has changed accordingly."),
        (ADDED, (), "Added section on [Wish]."),
        (ADDED, (), "Added section on [Sparking]."),
        (ADDED, (), "Added section on [Burst]."),
        (ADDED, (), "Added section on [Dragon Ball]."),
    ]
    assert block(history, "1.071") == [
        (REVISED, (), "Clarified activation timing rules for [Wish]."),
        (REVISED, (), "Fixed a missing detail in [Critical]’s rules text."),
        (REVISED, (), "Clarified which skills count as keyword skills."),
    ]


def test_library_history_is_the_parsed_file(history):
    assert library.history("dbscg") == tuple(history)


def test_unknown_verb_is_other_and_dash_variants_are_headers():
    text = "x\n01/01/2020 – ver. 2.0\n    Renumbered 3-1.\n01/02/2020 — ver. 2.1\n"
    assert parse_history(text) == [
        ChangeEntry(None, "2.0", ChangeAction.OTHER, ("3-1",), "Renumbered 3-1.", 3)
    ]


@pytest.mark.parametrize(
    "lines",
    [
        [],
        [""],
        ["random", "lines 1.2.3", "- 新增"],
        ["(v1.5 > v1.6)"],
        ["(v1.5 > v1.6)", "1.1. 規則"],
        ["追加了 11.18.", "修正了 6.2.2."],
    ],
)
def test_malformed_trailer_input_has_no_trailer(lines):
    info = library.book_info("ucg")
    assert split_trailer(lines, info) == (len(lines), ())


@pytest.mark.parametrize("text", ["", "\n\n", "Update History\nrandom lines\n- 新增 3-1.\n"])
def test_malformed_history_has_no_entries(text):
    assert parse_history(text) == []


@settings(max_examples=150, deadline=None)
@given(st.lists(st.text(alphabet="vVer.>()●-— 0123456789新增了修正刪除Added\n", max_size=30), max_size=8))
def test_arbitrary_text_never_raises(lines):
    start, entries = split_trailer(lines, library.book_info("gcg"))
    assert 0 <= start <= len(lines)
    assert all(start < entry.line <= len(lines) for entry in entries)
    assert isinstance(parse_history("\n".join(lines)), list)
