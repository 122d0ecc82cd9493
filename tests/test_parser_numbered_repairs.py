"""Each repair of the numbered layouts, shown on the passage of the real text it fixes.

Where a repair guards against damage the bundled books happen not to contain
(a heading-like line that is the tail of a wrapped sentence), the real text
is damaged the way a PDF extraction does it — one line break moved — and the
parse must come out as it does for the undamaged text.
"""

from __future__ import annotations

import re

import pytest

from corpus import library
from corpus.manifest import bundled_manifest
from corpus.model import ClauseKind
from corpus.parsers import get_parser
from corpus.parsers.numbered import parse_dotted

NUMBERED = [("ucg", "1.6"), ("uhb", "1.9"), ("gcg", "1.1.0"), ("dbscg", "1.070"), ("dbscg", "1.071")]
CIRCLED = re.compile("[\u2460-\u2473]")


def text_of(game: str, clause_id: str, version: str | None = None) -> str:
    return library.load_book(game, version).get(clause_id).text


def source(game: str, version: str | None = None) -> str:
    return (bundled_manifest().root / library.book_info(game, version).source).read_text(encoding="utf-8")


def reparse(game: str, old: str, new: str, version: str | None = None):
    """Parse the book with one passage of its source replaced."""
    info = library.book_info(game, version)
    text = source(game, version)
    assert text.count(old) == 1
    return get_parser(info.parser)(text.replace(old, new), info)


# --- list markers ---------------------------------------------------------------


@pytest.mark.parametrize(("game", "version"), NUMBERED)
def test_no_clause_keeps_a_list_marker_or_its_number(game, version):
    for clause in library.load_book(game, version).clauses:
        for field in (clause.title or "", clause.text):
            assert not field.startswith(("-", "•", clause.number)), clause.id


def test_bulleted_numbers_are_clauses_like_any_other():
    assert text_of("ucg", "1.3.3") == "若彼此皆有 3 處或以上為勝利狀態時，以勝利數較多者獲勝。"  # "- 1.3.3."
    ucg = library.load_book("ucg")
    assert (ucg.get("5.5.2").kind, ucg.get("5.5.2").title) == (
        ClauseKind.SECTION,
        "角色牌設置的位置",
    )  # " - 5.5.2."
    gcg = library.load_book("gcg")
    assert (gcg.get("2-3").kind, gcg.get("2-3").title) == (ClauseKind.SECTION, "卡牌類型")  # "- 2-3."
    assert gcg.get("7-5-2-2").text.splitlines()[1:] == [  # " - a. …" items stay with their rule
        "a. 從手牌公開要使用的卡牌。",
        "b. 確認我方能源區中的能源數量是否滿足 Lv. 的條件。",
        "c. 選擇用於支付費用的能源，依所需數量轉為休息狀態。",
        "d. 使用卡牌。(參閱 3. 卡牌類型)",
    ]


def test_a_number_printed_without_dot_or_space_is_still_a_clause():
    assert text_of("dbscg", "6-3-1-2-1", "1.070").startswith("The turn player can place a Battle Card")


# --- broken sentences --------------------------------------------------------------


def test_sentences_broken_across_lines_and_blank_lines_are_joined():
    assert "以「怪獸宇宙人系列」代表「怪獸宇宙人系列」牌" in text_of("ucg", "2.3.6.3")
    assert text_of("ucg", "5.6.1").startswith(
        "在這個階段中，如果玩家手牌中有與戰場上已放置的角色牌擁有相同「角色名稱/角色名」且高一級"
    )
    assert text_of("ucg", "11.17.3").count("角色牌最下方時") == 1
    assert text_of("gcg", "1-2-4").endswith("宣告認輸的玩家將立即敗北，遊戲也隨之結束。")
    assert "可以選擇的行動：「使用手牌」「發動【啟動·主要】效果」「機體的攻擊」。除非" in text_of(
        "gcg", "7-5-1"
    )
    assert "若透過此戰鬥傷害破壞了對方的機體或基地" in text_of("gcg", "13-1-5-2")


@pytest.mark.parametrize(
    ("game", "version", "clause_id", "old", "new"),
    [
        # a reference wrapped so that its number opens a line, inside an open 「
        ("gcg", None, "13-1-5-2", "在「8-5.傷害步驟」中", "在「\n8-5.傷害步驟」中"),
        # a chapter-looking line "2. 卡牌資訊）…" that closes a bracket of the sentence before
        ("gcg", None, "3-1", "（參閱 2. 卡牌資訊）", "（參閱\n2. 卡牌資訊）"),
        # the number fits the sequence (7-1-1 is 7-1's first child), but the line carries on a sentence
        ("dbscg", "1.070", "7-1", "follow procedures 7-1-1. to", "follow procedures\n7-1-1. to"),
    ],
)
def test_a_heading_like_line_that_ends_a_wrapped_sentence_stays_in_it(game, version, clause_id, old, new):
    book = library.load_book(game, version)
    damaged = reparse(game, old, new, version)
    assert [c.id for c in damaged.clauses] == [c.id for c in book.clauses]
    repaired = next(c for c in damaged.clauses if c.id == clause_id)
    assert repaired.text.replace(" ", "") == book.get(clause_id).text.replace(" ", "")
    assert repaired.line_end == book.get(clause_id).line_end + 1


def test_a_real_heading_after_a_finished_sentence_is_a_heading():
    gcg = library.load_book("gcg")
    assert (gcg.get("2-2").kind, gcg.get("2-2").title, gcg.get("2-2").text) == (
        ClauseKind.SECTION,
        "卡牌名稱",
        "",
    )
    assert [c.id for c in gcg.children("2-2")] == ["2-2-1", "2-2-2", "2-2-3", "2-2-4", "2-2-5"]


def test_a_clause_that_fits_the_sequence_opens_even_after_an_unfinished_sentence():
    uhb = library.load_book("uhb")
    assert uhb.get("2.0.1").text.endswith("角色牌一般包括以下信息")  # printed without a full stop
    assert uhb.get("2.0.2").text.startswith("卡牌名称:")


def test_an_open_bracket_keeps_even_a_fitting_number_in_the_sentence():
    text = "1. 總則\n1.1. 規則\n1.1.1. 見下文「\n1.1.2. 條款」的規定。\n1.1.2. 真正的下一條。\n"
    result = parse_dotted(text, library.book_info("ucg"))
    assert [c.id for c in result.clauses] == ["1", "1.1", "1.1.1", "1.1.2"]
    assert result.clauses[2].text == "見下文「1.1.2. 條款」的規定。"


# --- two clauses on one line -------------------------------------------------------


def test_two_clauses_printed_on_one_line_are_split():
    uhb = library.load_book("uhb")
    assert uhb.get("4.0.2").text == "当前回合玩家抽 1 张牌。如果本回合为本局游戏的第一个回合,则跳过此步骤。"
    assert (
        uhb.get("4.0.3").text
        == "当前回合玩家增加 1 张能量牌。如果本回合为本局游戏的第一个回合,则跳过此步骤。"
    )
    assert uhb.get("4.0.2").line_start == uhb.get("4.0.3").line_start
    assert [c.id for c in uhb.children("4.0.0")] == ["4.0.1", "4.0.2", "4.0.3", "4.0.4", "4.0.5"]


def test_references_inside_a_sentence_are_not_split_off():
    assert text_of("uhb", "1.2.4").endswith("第一个回合不进行抽牌和暗盖能量牌的操作(参见 4.0.2 和 4.0.3)。")
    assert "（參閱 2. 卡牌資訊）關於" in text_of("gcg", "3-1")
    assert "proceed to 7-1-4-1. If the attack has not been negated, proceed to 7-2. Offense Step." in text_of(
        "dbscg", "7-1-4", "1.070"
    )


# --- worked examples and notes -------------------------------------------------------


@pytest.mark.parametrize(("game", "version"), NUMBERED)
def test_every_example_line_of_the_body_ends_up_in_the_rule_before_it(game, version):
    book = library.load_book(game, version)
    skipped = {n for start, end, _ in book.excluded for n in range(start, end + 1)}
    for number, line in enumerate(source(game, version).splitlines(), 1):
        if number in skipped or not re.match(r"\s*(例如|例[：:]|※)", line):
            continue
        owner = next(c for c in book.clauses if c.line_start <= number <= c.line_end)
        assert owner.kind is ClauseKind.RULE and owner.line_start < number
        assert any(paragraph.startswith(line.strip()[:4]) for paragraph in owner.text.split("\n")[1:])


def test_examples_and_notes_follow_their_rule_after_a_newline():
    assert "以后者为准。\n例如:某张卡牌的效果是" in text_of("uhb", "1.1.2")  # printed on the rule's line
    assert "执行顺序。\n例如:我方翻开作为主战角色的赛罗奥特曼(HBU01-A07)" in text_of(
        "uhb", "1.1.6"
    )  # own line
    assert "所以不會重新進入休息狀態。" in text_of("gcg", "1-3-2-1").split("\n例：")[1]
    assert text_of("gcg", "13-1-1-2").endswith(
        "\n例：擁有《修復：1》效果的機體，若獲得新的《修復：2》效果，則該機體的《修復》效果變成《修復：3》。"
    )
    assert "放置在自己的牌組放置區。\n※關於牌組隨機化的方法" in text_of("ucg", "4.2.1")
    assert "（※例如）" in text_of("ucg", "4.1.3")  # a bracketed mention is no separate note
    assert text_of("ucg", "11.4").startswith("(補充說明：部分較早期印刷的卡片")


# --- figure legends ---------------------------------------------------------------------


def test_figure_legend_is_excluded_and_kept_out_of_clause_text():
    book = library.load_book("ucg")
    lines = source("ucg").splitlines()
    legend = [n for n, line in enumerate(lines, 1) if re.match(r"\s*(?:-\s+)?[\u2460-\u2473]", line)]
    assert len(legend) == 11 + 6
    figures = [(start, end) for start, end, reason in book.excluded if reason == "figure"]
    assert all(any(start <= n <= end for start, end in figures) for n in legend)
    assert not any(CIRCLED.search(f"{c.title or ''}{c.text}") for c in book.clauses)
    assert (book.get("2.3").title, book.get("2.3").text) == ("角色牌的資訊", "")
    assert [book.get(f"2.3.{n}").title for n in (1, 7, 11)] == ["卡牌名稱", "BP (Battle Point)", "插畫師名稱"]
    assert book.get("2.4.6").title == "卡牌編號"


def test_symbols_that_are_text_are_kept():
    assert "「①」等符號" in text_of("gcg", "10-1-7-3")
    assert "symbols such as ①" in text_of("dbscg", "8-4-2-3", "1.070")


# --- letter-spacing -----------------------------------------------------------------------


def test_pdf_letter_spacing_inside_chinese_is_removed():
    text = text_of("uhb", "1.1.7")
    assert "使用其翻开效果翻开令迦奥特曼(HBU01-CR)和终极赛罗闪耀型(HBU02-A02),并决定" in text
    assert "在执行令迦的翻开效果时,对方将捷德奥特曼银河初升(HBU02-A28)移入了伤害区,触发了" in text
    assert "默认情况下正式比赛" in text_of("uhb", "1.0.1a")
    assert "「泽塔」「奥特战士」和「伽马未来」" in text_of("uhb", "2.0.4")
    for clause in library.load_book("uhb").clauses:
        assert not re.search(r"[\u4e00-\u9fff] +[\u4e00-\u9fff,(]", clause.text), clause.id


def test_spaces_the_books_print_on_purpose_are_kept():
    assert "抽 9 张牌" in text_of("uhb", "1.2.3")
    assert "在 3 處或以上的戰鬥中勝出" in text_of("ucg", "1.3.2")
    assert library.load_book("ucg").get("8").title == "關於 BP (Battle Point)"


# --- kinds and titles -----------------------------------------------------------------------


@pytest.mark.parametrize(("game", "version"), NUMBERED)
def test_headings_have_titles_and_rules_have_text(game, version):
    for clause in library.load_book(game, version).clauses:
        if clause.kind is ClauseKind.RULE:
            assert clause.title is None and clause.text, clause.id
        else:
            assert clause.kind in (ClauseKind.CHAPTER, ClauseKind.SECTION)
            assert clause.title, clause.id
            assert (clause.kind is ClauseKind.CHAPTER) == (clause.parent is None)


@pytest.mark.parametrize(
    ("game", "version", "clause_id", "kind", "title"),
    [
        ("ucg", "1.6", "1", ClauseKind.CHAPTER, "超人力霸王卡牌遊戲概要"),
        ("ucg", "1.6", "1.1", ClauseKind.SECTION, "遊戲人數"),
        ("ucg", "1.6", "7.1", ClauseKind.RULE, None),  # has children, but is a sentence
        ("ucg", "1.6", "11.3", ClauseKind.SECTION, "關於「可(A)。」效果"),  # 。 inside quotes
        ("ucg", "1.6", "11.4", ClauseKind.SECTION, "關於「可透過(A)，即可/(B)。」的效果"),
        ("uhb", "1.9", "一", ClauseKind.CHAPTER, "游戏概念"),
        ("uhb", "1.9", "1.0.0", ClauseKind.SECTION, "总则"),
        ("uhb", "1.9", "5.6.0", ClauseKind.SECTION, "“「」”内的关键词"),
        ("uhb", "1.9", "3.4.1", ClauseKind.RULE, None),  # "…进入休息区:" announces a list
        ("gcg", "1.1.0", "2-4-2", ClauseKind.RULE, None),  # no full stop, but a comma: a sentence
        ("gcg", "1.1.0", "2-9", ClauseKind.SECTION, "Lv. (等級)"),
        ("gcg", "1.1.0", "5-19", ClauseKind.SECTION, "/ (斜線)"),
        ("gcg", "1.1.0", "13-2-13", ClauseKind.SECTION, "【每回合 1 次】"),
        ("dbscg", "1.070", "6-3-1-3", ClauseKind.SECTION, "Main Phase End Step"),
        ("dbscg", "1.070", "6-3-1-3-1-3", ClauseKind.RULE, None),  # title-like, but nothing under it
        ("dbscg", "1.070", "9-4", ClauseKind.SECTION, "Processes for when placed on top of specific cards."),
        ("dbscg", "1.070", "8-5-2", ClauseKind.RULE, None),  # one sentence ending in "." among rules
        ("dbscg", "1.070", "10-17", ClauseKind.RULE, None),
        ("dbscg", "1.071", "11-3", ClauseKind.SECTION, "Cards Below Other Cards."),
    ],
)
def test_kind_and_title(game, version, clause_id, kind, title):
    clause = library.load_book(game, version).get(clause_id)
    assert (clause.kind, clause.title) == (kind, title)


def test_padded_headings_hang_under_their_chapter():
    uhb = library.load_book("uhb")
    assert [c.id for c in uhb.children("一")] == ["1.0.0", "1.1.0", "1.2.0", "1.3.0"]
    assert [c.id for c in uhb.children("1.0.0")] == ["1.0.1", "1.0.2"]
    assert [c.id for c in uhb.children("1.0.2")] == ["1.0.2a", "1.0.2b", "1.0.2c"]
    assert [c.id for c in uhb.ancestors("5.10.3b")] == ["五", "5.10.0", "5.10.3"]
