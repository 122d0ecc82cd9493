"""The numbered layouts (ucg, uhb: dotted; gcg, dbscg: dashed) on the bundled books.

Every expectation here is written from the source text, not from the parser:
the clause numbers a book prints are found with a plain regex over its body
lines, the body is delimited by what the book prints (its table of contents
repeats the first chapter line; its change list starts with a header we name
here), and problems are the ones a reader of the text can see.
"""

from __future__ import annotations

import re
from collections import Counter

import pytest

from corpus import library
from corpus.errors import ArbiterError
from corpus.manifest import bundled_manifest
from corpus.model import DUPLICATE_MARK, ProblemKind
from corpus.parsers.numbered import parse_dashed, parse_dotted

#: game, version, and the header line that opens the book's trailing change list.
BOOKS = [
    ("ucg", "1.6", "(UCG CR zhTW v1.5 > v1.6)"),
    ("uhb", "1.9", None),
    ("gcg", "1.1.0", "●Ver.1.1.0 (2025 年 7 月 24 日更新)"),
    ("dbscg", "1.070", None),
    ("dbscg", "1.071", None),
]
BOOK_IDS = [f"{game}@{version}" for game, version, _ in BOOKS]

#: A clause number at the start of a line, after an optional "- " bullet:
#: 5.9.4.1 / 1.0.2a / 8-5-2-3-1, a chapter "1." or "一、".
LINE_NUMBER = re.compile(r"^\s*(?:-\s+)?(\d+(?:[.-]\d+)+[a-z]?|\d+(?=\.\s)|[一二三四五六七八九十]+(?=、))")
#: A second clause printed on the same line right after a Chinese full stop.
INLINE_NUMBER = re.compile(r"。\s*(\d+(?:\.\d+)+[a-z]?)\s")
CHINESE_NUMERALS = "一二三四五六七八九"
CHAPTER_LINE = re.compile(r"^(\d+\.\s|[一二三四五六七八九十]+、)")


def source_lines(info) -> list[str]:
    return (bundled_manifest().root / info.source).read_text(encoding="utf-8").splitlines()


def line_with(lines: list[str], text: str, occurrence: int = 1) -> int:
    """1-based number of the ``occurrence``-th line containing ``text``."""
    return [i + 1 for i, line in enumerate(lines) if text in line][occurrence - 1]


def body_range(lines: list[str], trailer_header: str | None) -> range:
    """0-based indexes of the body: after the table of contents (which
    repeats the first chapter line), before the change list."""
    end = lines.index(trailer_header) if trailer_header else len(lines)
    first = next(i for i, line in enumerate(lines) if CHAPTER_LINE.match(line))
    repeat = [i for i in range(first + 1, end) if lines[i] == lines[first]]
    return range(repeat[0] if repeat else first, end)


def printed_ids(lines: list[str], trailer_header: str | None) -> list[str]:
    """The clause numbers printed in the body, in reading order, a repeat
    getting ``~2`` — what the parser must produce, found without it."""
    seen: Counter[str] = Counter()
    ids = []
    for index in body_range(lines, trailer_header):
        numbers = [m.group(1) for m in [LINE_NUMBER.match(lines[index])] if m]
        numbers += INLINE_NUMBER.findall(lines[index])
        for number in numbers:
            seen[number] += 1
            ids.append(number if seen[number] == 1 else f"{number}{DUPLICATE_MARK}{seen[number]}")
    return ids


@pytest.mark.parametrize(("game", "version", "trailer"), BOOKS, ids=BOOK_IDS)
def test_ids_are_exactly_the_printed_numbers(game, version, trailer):
    book = library.load_book(game, version)
    expected = printed_ids(source_lines(book.info), trailer)
    assert [c.id for c in book.clauses] == expected
    assert len(set(expected)) == len(expected)


@pytest.mark.parametrize(("game", "version", "trailer"), BOOKS, ids=BOOK_IDS)
def test_coverage_at_least_995_per_mille(game, version, trailer):
    assert library.load_book(game, version).coverage >= 0.995


@pytest.mark.parametrize(("game", "version", "trailer"), BOOKS, ids=BOOK_IDS)
def test_every_parent_exists_and_comes_before_its_child(game, version, trailer):
    book = library.load_book(game, version)
    for clause in book.clauses:
        if clause.parent is None:
            assert clause.kind.value == "chapter", clause.id
            continue
        parent = book.get(clause.parent)
        assert parent is not None, clause.id
        assert parent.order < clause.order
        assert levels(clause.number)[: len(levels(parent.number))] == levels(parent.number), clause.id


def levels(number: str) -> list[str]:
    """``1.0.2a`` → 1, 0, 2, a; a padded heading ``1.1.0`` → 1, 1; ``一`` → 1."""
    if number in CHINESE_NUMERALS:
        return [str(CHINESE_NUMERALS.index(number) + 1)]
    parts = re.findall(r"\d+|[a-z]", number)
    while len(parts) > 1 and parts[-1] == "0":
        parts.pop()
    return parts


@pytest.mark.parametrize(("game", "version", "trailer"), BOOKS, ids=BOOK_IDS)
def test_line_spans_point_at_the_source(game, version, trailer):
    """The first line of a span prints the clause's number; its last line's
    closing letters are in the clause; order is reading order."""
    book = library.load_book(game, version)
    lines = source_lines(book.info)
    assert [c.order for c in book.clauses] == list(range(len(book)))
    starts = [c.line_start for c in book.clauses]
    assert starts == sorted(starts)
    for clause in book.clauses:
        assert clause.line_start <= clause.line_end
        assert clause.number in lines[clause.line_start - 1], clause.id
        last = lines[clause.line_end - 1].replace(clause.number, "", 1)
        assert letters(last)[-3:] in letters(f"{clause.title}{clause.text}"), clause.id


def letters(text: str) -> str:
    return "".join(char for char in text if char.isalpha())


@pytest.mark.parametrize(
    ("game", "version", "clause_id", "first", "last"),
    [
        ("ucg", "1.6", "2.3.6.3", "2.3.6.3. 在文字說明中", "宙人系列」代表"),
        ("ucg", "1.6", "5.6.1", "- 5.6.1. 在這個階段中", "/角色名」且高一級"),
        ("uhb", "1.9", "4.0.3", "4.0.2 当前回合玩家抽 1 张牌", "4.0.2 当前回合玩家抽 1 张牌"),
        (
            "uhb",
            "1.9",
            "1.1.7",
            "1.1.7 如果一个效果",
            "例如:我方翻开作为主战角色的赛罗奥特曼(HBU01-A07),使用其翻 开 效",
        ),
        ("gcg", "1.1.0", "1-2-4", "1-2-4. 所有玩家皆可", "戲也隨之結束。"),
        ("gcg", "1.1.0", "7-5-2-2", "7-5-2-2. 從手牌使用卡牌時", "- d. 使用卡牌。"),
        ("dbscg", "1.070", "10-4~2", "10-4. Send to the Warp", "10-4. Send to the Warp"),
        ("dbscg", "1.070", "10-5-1-1", "10-5-1-1. A card retains", "10-5-1-1. A card retains"),
    ],
)
def test_line_spans_spot_checks(game, version, clause_id, first, last):
    book = library.load_book(game, version)
    lines = source_lines(book.info)
    clause = book.get(clause_id)
    assert (clause.line_start, clause.line_end) == (line_with(lines, first), line_with(lines, last))


def problems_of(game: str, version: str) -> set[tuple[ProblemKind, str, int]]:
    return {(p.kind, p.clause, p.line) for p in library.load_book(game, version).problems}


@pytest.mark.parametrize(("game", "version"), [("ucg", "1.6"), ("gcg", "1.1.0"), ("dbscg", "1.071")])
def test_books_with_clean_numbering_report_nothing(game, version):
    assert problems_of(game, version) == set()


def test_uhb_reports_411a_out_of_order_and_printed_twice():
    lines = source_lines(library.book_info("uhb"))
    line = line_with(lines, "4.1.1a 形态转换需满足")
    assert problems_of("uhb", "1.9") == {
        (ProblemKind.OUT_OF_ORDER, "4.1.1a", line),
        (ProblemKind.DUPLICATE_ID, "4.1.1a~2", line),
    }
    book = library.load_book("uhb")
    assert book.get("4.1.1a").text == "形态转换需满足对应的规则条件(参见 5.10.0)。"
    assert book.get("4.1.1a~2").text == "一般情况下,在形态转换阶段,玩家只能进行 1 次形态转换。"
    assert book.get("4.1.1a").parent == book.get("4.1.1a~2").parent == "4.1.1"


def test_dbscg_1070_reports_repeated_10_4_and_10_5_and_the_gap_before_11_3():
    lines = source_lines(library.book_info("dbscg", "1.070"))
    at = {
        text: line_with(lines, text)
        for text in (
            "11-3. Cards on the Bottom",
            "10-4. Send to the Warp",
            "10-4-1. Sending",
            "10-5. Gain Control",
            "10-5-1. To gain control",
        )
    }
    assert problems_of("dbscg", "1.070") == {
        (ProblemKind.SKIPPED_NUMBER, "11-3", at["11-3. Cards on the Bottom"]),
        (ProblemKind.OUT_OF_ORDER, "10-4~2", at["10-4. Send to the Warp"]),
        (ProblemKind.DUPLICATE_ID, "10-4~2", at["10-4. Send to the Warp"]),
        (ProblemKind.DUPLICATE_ID, "10-4-1~2", at["10-4-1. Sending"]),
        (ProblemKind.DUPLICATE_ID, "10-5~2", at["10-5. Gain Control"]),
        (ProblemKind.DUPLICATE_ID, "10-5-1~2", at["10-5-1. To gain control"]),
    }
    skipped = next(
        p for p in library.load_book("dbscg", "1.070").problems if p.kind is ProblemKind.SKIPPED_NUMBER
    )
    assert "11-1, 11-2" in skipped.message


def test_children_of_a_repeated_section_hang_under_the_copy_they_follow():
    book = library.load_book("dbscg", "1.070")
    assert book.get("10-4").title == "[Blocker]" and book.get("10-4~2").title == "Send to the Warp"
    assert [c.id for c in book.children("10-4")] == ["10-4-1", "10-4-2"]
    assert [c.id for c in book.children("10-4~2")] == ["10-4-1~2"]
    assert [c.id for c in book.children("10-5-1~2")] == ["10-5-1-1"]
    assert book.get("10-4~2").parent == "10"


def test_changelog_trailers_become_entries_and_excluded_spans():
    for game, trailer in (
        ("ucg", "(UCG CR zhTW v1.5 > v1.6)"),
        ("gcg", "●Ver.1.1.0 (2025 年 7 月 24 日更新)"),
    ):
        book = library.load_book(game)
        lines = source_lines(book.info)
        start = lines.index(trailer) + 1
        assert (start, len(lines), "changelog") in book.excluded
        assert book.changelog and all(entry.line > start for entry in book.changelog)
        assert all(clause.line_end < start for clause in book.clauses)
    assert {e.clauses for e in library.load_book("gcg").changelog} >= {("13-2-11", "13-2-12"), ("7-5-5-2",)}


@pytest.mark.parametrize(
    ("game", "version", "label"),
    [("ucg", "1.6", "目錄"), ("gcg", "1.1.0", "目錄"), ("dbscg", "1.070", "Table of Contents")],
)
def test_table_of_contents_and_title_are_excluded_not_parsed(game, version, label):
    book = library.load_book(game, version)
    lines = source_lines(book.info)
    body = body_range(lines, None).start
    toc = lines.index(label) + 1
    assert (toc, body, "toc") in book.excluded
    assert (1, toc - 1, "title") in book.excluded
    assert min(c.line_start for c in book.clauses) == body + 1
    assert len([c for c in book.clauses if c.kind.value == "chapter"]) == len(
        [line for line in lines[toc:body] if CHAPTER_LINE.match(line)]
    )


def test_uhb_has_a_title_line_and_no_table_of_contents():
    book = library.load_book("uhb")
    assert book.excluded == ((1, 1, "title"),)


@pytest.mark.parametrize("parse", [parse_dotted, parse_dashed])
@pytest.mark.parametrize("text", ["", "hello\nworld\n", "目錄\n\n规则说明"])
def test_text_without_numbered_clauses_is_a_clear_error(parse, text):
    with pytest.raises(ArbiterError) as error:
        parse(text, library.book_info("ucg"))
    assert error.value.field == "parser"
    assert "ucg-1.6-zh-Hant.txt" in error.value.message
