"""The "sections" layout parser on the real Zero Dimension rulebook.

Expectations are read from the source with regexes written here, not copied
from the parser's output, so a parser that loses, invents or renumbers
anything fails.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace

import pytest

from corpus.errors import ArbiterError
from corpus.library import book_info, load_book
from corpus.manifest import bundled_manifest
from corpus.model import ClauseKind, ProblemKind
from corpus.parsers.sections import parse_sections

INFO = book_info("zd")
SOURCE = (bundled_manifest().root / INFO.source).read_text(encoding="utf-8")
LINES = SOURCE.splitlines()
HEADING = re.compile(r"^#+\s*(\d+(?:\.\d+)*)\.?\s*(.*)$")


def _line_of(pattern: str, nth: int = 0) -> int:
    """1-based number of the nth line matching ``pattern``."""
    return [n for n, line in enumerate(LINES, 1) if re.search(pattern, line)][nth]


TOC_START = _line_of(r"^#+\s*规则目录")
BODY_START = _line_of(r"^#+\s*1\.\s*开始游戏", 1)  # the contents print it first


def _body_headings() -> list[tuple[int, str]]:
    return [
        (n, m.group(1)) for n, line in enumerate(LINES, 1) if n >= BODY_START and (m := HEADING.match(line))
    ]


def _section_lines(number: str) -> list[tuple[int, str]]:
    """Non-blank source lines between the body heading ``number`` and the next heading."""
    start = next(n for n, printed in _body_headings() if printed == number)
    rows = []
    for n in range(start + 1, len(LINES) + 1):
        line = LINES[n - 1]
        if line.startswith("#"):
            break
        if line.strip():
            rows.append((n, line.strip()))
    return rows


@pytest.fixture(scope="module")
def book():
    return load_book("zd")


def test_every_numbered_body_heading_is_a_clause_with_its_number(book):
    printed = Counter(number for _, number in _body_headings())
    headings = [c for c in book.clauses if c.kind in (ClauseKind.CHAPTER, ClauseKind.SECTION)]
    assert {c.id for c in headings} - {"前言"} == set(printed)
    # 704 is printed twice; the first is the tail of a sentence (see below),
    # so the section keeps the plain number and nothing is called 704~2.
    assert printed["704"] == 2 and [n for n, v in printed.items() if v > 1] == ["704"]
    assert book.get("704").line_start == _line_of(r"^#+\s*704\.", 1)
    assert "704~2" not in book
    for clause in headings:
        assert LINES[clause.line_start - 1].startswith("#")


def test_heading_like_sentence_tail_stays_in_its_sentence_and_is_reported(book):
    tail = _line_of(r"^#+\s*704\.")
    assert LINES[tail - 1].rstrip().endswith(")")
    holder = [c for c in book.children("702") if c.line_start < tail <= c.line_end]
    assert len(holder) == 1
    assert holder[0].text.endswith("与普通的触发效果不同。（参照704. 反击特效)")
    assert [(p.kind, p.clause, p.line) for p in book.problems] == [
        (ProblemKind.MISPLACED_HEADING, holder[0].id, tail)
    ]


def test_hierarchy_comes_from_the_number_not_the_heading_level(book):
    assert [c.id for c in book.children(None)] == ["前言"] + [str(n) for n in range(1, 10)]
    for clause in book.clauses:
        assert clause.parent is None or clause.parent in book, clause.id
        if re.fullmatch(r"\d{3}", clause.id):
            assert clause.parent == clause.id[0] and clause.kind is ClauseKind.SECTION
    assert book.get("405.1").parent == "405"
    assert book.get("8").title == "特殊的发动时机"  # printed "#### 8 特殊…" without a dot
    assert book.get("600").parent == "6"  # printed at the level of its chapter
    assert book.get("9").line_end == len(LINES)


def test_coverage_of_the_book_is_complete(book):
    assert book.coverage >= 0.995


def test_table_of_contents_and_title_are_excluded_and_nothing_else(book):
    toc_end = max(n for n in range(TOC_START, BODY_START) if LINES[n - 1].strip())
    assert (TOC_START, toc_end, "toc") in book.excluded
    assert {reason for _, _, reason in book.excluded} == {"toc", "title"}
    title = next(span for span in book.excluded if span[2] == "title")
    assert LINES[title[0] - 1].startswith("# ") and title[1] < _line_of(r"^## 前言")
    assert not [c.id for c in book.clauses if TOC_START <= c.line_start <= toc_end]


def test_preface_paragraphs_are_kept_as_notes_with_link_text(book):
    start, end = _line_of(r"^## 前言"), TOC_START
    expected = [line for line in LINES[start : end - 1] if line.strip()]
    notes = book.children("前言")
    assert [c.id for c in notes] == [f"前言.p{n}" for n in range(1, len(expected) + 1)]
    assert {c.kind for c in notes} == {ClauseKind.NOTE}
    assert "官方网站：zero.kayou110.com 的规则概述页面" in notes[1].text
    markup = re.compile(r"\]\(|(?<!\*)\*\*(?!\*)")  # "***" is a printed placeholder
    assert not [c.id for c in book.clauses if markup.search(f"{c.title} {c.text}")]


def test_section_101_paragraphs_in_order_with_text_and_lines(book):
    expected = _section_lines("101")
    children = book.children("101")
    assert [c.id for c in children] == [f"101.p{n}" for n in range(1, 8)]
    assert [(c.text, c.line_start, c.line_end) for c in children] == [(text, n, n) for n, text in expected]
    assert {c.kind for c in children} == {ClauseKind.RULE}
    section = book.get("101")
    assert (section.title, section.text) == ("胜负条件", "")
    assert (section.line_start, section.line_end) == (expected[0][0] - 2, expected[-1][0])


def test_sentence_broken_over_a_blank_line_is_joined(book):
    phrase = "从生命区的最上方开始逐一将牌移出生命区"
    assert phrase not in SOURCE
    holders = [c for c in book.children("202") if phrase in c.text]
    assert len(holders) == 1 and holders[0].line_end - holders[0].line_start == 2


def test_parallel_paragraphs_without_a_full_stop_are_not_joined(book):
    first = _line_of(r"^某些效果中提到的『A』『B』")
    second = _line_of(r"^某些效果中提到的『A』或『B』")
    starts = {c.line_start: c for c in book.children("306")}
    assert starts[first].line_end == first and second in starts


def test_list_items_join_the_sentence_that_announces_them(book):
    items = [line[2:] for line in LINES if re.match(r"^- \d\) ", line)]
    holder = [c for c in book.children("405") if c.text.endswith(items[-1])]
    assert len(holder) == 1
    assert holder[0].text.split("\n") == ["非战斗行动阶段中主动玩家可以进行以下的行动："] + items


def test_examples_are_paragraphs_of_kind_example(book):
    expected = [line for _, line in _section_lines("301") if re.match(r"例\s*\d*：", line)]
    examples = [c for c in book.children("301") if c.kind is ClauseKind.EXAMPLE]
    assert [c.text for c in examples] == expected and len(expected) == 3


def _keyword_lines() -> dict[str, int]:
    """Keyword name -> line, from the **名称：** labels printed in section 900."""
    start = next(n for n, number in _body_headings() if number == "900")
    end = next(n for n, number in _body_headings() if number == "901")
    found = {}
    for n in range(start, end):
        m = re.match(r"^(?:\(X\)\s*)?\*\*(.+?)：", LINES[n - 1])
        if m and "**" not in m.group(1):
            name = re.sub(r"^\(X\)\s*", "", m.group(1).replace("\\*", "*"))
            found[name] = n
    return found


def test_each_keyword_of_900_is_one_keyword_clause(book):
    printed = _keyword_lines()
    assert {"突袭", "迟缓", "独行客", "守备", "智谋", "远程", "速攻", "先制", "贯通", "会心一击"} <= set(
        printed
    )
    keywords = [c for c in book.clauses if c.kind is ClauseKind.KEYWORD]
    assert sorted((c.title, c.line_start) for c in keywords) == sorted(printed.items())
    for clause in keywords:
        assert clause.id == "900." + re.sub(r"\s", "", clause.title) and clause.parent == "900"
        assert "\\" not in clause.text


def test_keyword_text_is_its_definition_and_the_paragraphs_after_it(book):
    printed = _keyword_lines()
    start, end = printed["突袭"], printed["迟缓"]
    expected = [LINES[n].replace("**", "") for n in range(start - 1, end - 1) if LINES[n].strip()]
    clause = book.get("900.突袭")
    assert clause.text == "\n".join(expected)
    assert (clause.line_start, clause.line_end) == (start, start + 2 * (len(expected) - 1))
    assert book.get("900.聚气").text.startswith("聚气：【我方回合中】（横置）：当此牌")
    assert book.get("900.专用***").text.startswith("专用***：此牌与***视为专用成立。")


def test_paragraph_lines_point_at_their_text(book):
    for clause in book.clauses:
        if clause.kind in (ClauseKind.RULE, ClauseKind.EXAMPLE, ClauseKind.NOTE):
            first = LINES[clause.line_start - 1].replace("**", "").lstrip("- ").strip()
            assert clause.text.replace(" ", "").startswith(first[:8].replace(" ", "")), clause.id
            assert LINES[clause.line_end - 1].strip() != "", clause.id


def test_ids_in_other_sections_survive_deleting_a_paragraph():
    doomed = _section_lines("103")[1][0]
    edited = "\n".join(LINES[: doomed - 1] + LINES[doomed:])
    before = parse_sections(SOURCE, INFO).clauses
    after = parse_sections(edited, INFO).clauses
    outside = lambda clauses: [c.id for c in clauses if c.id.split(".")[0] != "103"]  # noqa: E731
    assert outside(after) == outside(before)
    assert len(after) == len(before) - 1


SYNTHETIC = """# A Book

## 1. One

### 100. Zero

Text.

### 102. Two

**Swift：**Attacks at once.

More about swift.

### 101. One again

### 101. One twice

## 2. Two

### 200. Start

### 203. Three

### 103. Stray
"""


def test_numbering_faults_are_reported_and_every_heading_kept():
    result = parse_sections(SYNTHETIC, replace(INFO, source="synthetic.txt"))
    ids = [c.id for c in result.clauses]
    assert ids == ["1", "100", "100.p1", "102", "102.Swift", "101", "101~2", "2", "200", "203", "103"]
    found = [(p.kind, p.clause, p.line) for p in result.problems]
    assert found == [
        (ProblemKind.OUT_OF_ORDER, "101", 15),
        (ProblemKind.DUPLICATE_ID, "101~2", 17),
        (ProblemKind.SKIPPED_NUMBER, "203", 23),
        (ProblemKind.MISPLACED_HEADING, "103", 25),
    ]
    assert "201, 202" in result.problems[2].message
    keyword = next(c for c in result.clauses if c.id == "102.Swift")
    assert keyword.text == "Swift：Attacks at once.\nMore about swift."
    assert next(c for c in result.clauses if c.id == "103").parent == "1"
    assert result.excluded == ((1, 1, "title"),)


def test_text_without_numbered_headings_is_refused_with_a_clear_error():
    with pytest.raises(ArbiterError) as caught:
        parse_sections("# Title\n\nJust prose.\n", replace(INFO, source="notes.txt"))
    assert caught.value.field == "parser"
    assert "notes.txt" in caught.value.message and "sections" in caught.value.message
