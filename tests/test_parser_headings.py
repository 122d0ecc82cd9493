"""The "headings" layout parser on the real Battle Spirits rule manual.

The page prints no numbers, so the expectations are read from the source
with regexes written here (``^Q\\d+\\.`` lines per FAQ group, ``term：``
lines in the glossary, marked and short standalone lines as headings), not
copied from the parser's output.
"""

from __future__ import annotations

import re
from collections import Counter

import pytest

from corpus.errors import ArbiterError
from corpus.library import book_info, load_book
from corpus.manifest import bundled_manifest
from corpus.model import ClauseKind, ProblemKind
from corpus.parsers.headings import parse_headings
from corpus.repair import ideographs, remove_cjk_spacing

INFO = book_info("bs")
SOURCE = (bundled_manifest().root / INFO.source).read_text(encoding="utf-8")
LINES = SOURCE.splitlines()
RESULT = parse_headings(SOURCE, INFO)
BY_ID = {c.id: c for c in RESULT.clauses}
KANA = re.compile(r"[\u3041-\u3096\u30a1-\u30fa\u30fc]")
MARKED = re.compile(r"^(?:■|◆|●|【[!！]】)\s*(.+)$")


def _line_of(pattern: str, nth: int = 0) -> int:
    """1-based number of the nth line matching ``pattern``."""
    return [n for n, line in enumerate(LINES, 1) if re.search(pattern, line)][nth]


FIRST_HEADING = _line_of(r"^關於官方規則$")
FAQ_START = _line_of(r"^常見問題$")
GLOSSARY_START = _line_of(r"^用語集$")


def _excluded(line: int, reason: str | None = None) -> bool:
    return any(s <= line <= e and reason in (None, r) for s, e, r in RESULT.excluded)


def _alone(n: int) -> bool:
    """Line ``n`` stands alone in its paragraph (blank lines around it)."""
    before = n == 1 or not LINES[n - 2].strip()
    after = n == len(LINES) or not LINES[n].strip()
    return bool(LINES[n - 1].strip()) and before and after


def _titles(title: str) -> list[str]:
    return [c.id for c in RESULT.clauses if c.title == title]


# --- FAQ --------------------------------------------------------------------


def _faq_groups() -> dict[str, list[int]]:
    """FAQ group heading -> the lines of its ``Qn.`` questions."""
    groups: dict[str, list[int]] = {}
    current = None
    for n in range(FAQ_START + 1, GLOSSARY_START):
        line = LINES[n - 1]
        if re.match(r"^關於[^。？]{1,20}$", line):
            current = remove_cjk_spacing(line)
            groups[current] = []
        elif re.match(r"^Q\d+\.", line):
            groups[current].append(n)
    return groups


def test_every_faq_question_is_one_clause_of_its_group():
    groups = _faq_groups()
    assert len(groups) == 11 and sum(len(q) for q in groups.values()) == 67
    for group, questions in groups.items():
        entries = [c for c in RESULT.clauses if c.parent == f"常見問題/{group}"]
        faq = [c for c in entries if c.kind is ClauseKind.FAQ]
        assert [c.line_start for c in faq] == questions, group
        for clause in faq:
            printed = re.match(r"^Q(\d+)\.", LINES[clause.line_start - 1]).group(1)
            assert clause.id.split("/")[-1].split("~")[0] == f"Q{printed}"
    assert BY_ID["常見問題/關於效果通則"].kind is ClauseKind.SECTION
    assert BY_ID["常見問題"].kind is ClauseKind.CHAPTER


@pytest.mark.parametrize(
    "clause_id",
    [
        "常見問題/關於效果通則/Q1",
        "常見問題/關於效果通則/Q11",
        "常見問題/關於靈魂能量/Q2",
        "常見問題/關於合體卡/Q8",
        "常見問題/關於《煌臨》/Q7",
        "常見問題/關於卡牌敘述的變更/Q10",
    ],
)
def test_faq_text_is_the_question_then_its_answer(clause_id):
    clause = BY_ID[clause_id]
    question = LINES[clause.line_start - 1]
    answer = LINES[clause.line_start + 1]
    assert re.match(r"^A\d+\.", answer)
    assert clause.text == f"{question}\n{answer}"
    assert clause.line_end == clause.line_start + 2


def test_an_answer_broken_over_a_blank_line_is_joined():
    q9 = _line_of(r"^Q9\. 記載為「每回合 1 次」")
    clause = BY_ID["常見問題/關於效果通則/Q9~2"]
    assert clause.line_start == q9
    expected = f"{LINES[q9 - 1]}\n{LINES[q9 + 1]}{LINES[q9 + 3]}"
    assert LINES[q9 + 2] == "" and clause.text == expected
    assert "只要其中 1 張使用了該效果" in clause.text


def test_faq_numbering_faults_are_reported_and_both_q9_kept():
    first = _line_of(r"^Q9\. 場地上的靈魂卡")
    assert LINES[first + 1].startswith("A8.")
    found = {(p.kind, p.clause, p.line) for p in RESULT.problems}
    assert (ProblemKind.SKIPPED_NUMBER, "常見問題/關於效果通則/Q9", first) in found
    assert (ProblemKind.OUT_OF_ORDER, "常見問題/關於效果通則/Q9", first + 2) in found
    assert (ProblemKind.DUPLICATE_ID, "常見問題/關於效果通則/Q9~2", first + 4) in found
    unanswered = _line_of(r"^Q1\. 當場上只有 2 張紅色靈魂卡時")
    assert LINES[unanswered + 1].startswith("Q2.")
    assert (ProblemKind.SKIPPED_NUMBER, "常見問題/關於支付費用/Q1", unanswered) in found
    assert BY_ID["常見問題/關於支付費用/Q1"].text == LINES[unanswered - 1].replace("  ", "")


# --- glossary ---------------------------------------------------------------


def _glossary_lines() -> list[tuple[int, str, str]]:
    rows = []
    for n in range(GLOSSARY_START + 1, len(LINES) + 1):
        m = re.match(r"^([^：\[]{1,20})：(.+)$", LINES[n - 1])
        if m:
            rows.append((n, m.group(1), m.group(2)))
    return rows


def test_every_glossary_entry_is_one_clause():
    rows = _glossary_lines()
    entries = [c for c in RESULT.clauses if c.kind is ClauseKind.GLOSSARY]
    assert len(rows) == len(entries) == 82
    for (n, term, definition), clause in zip(rows, entries, strict=True):
        assert clause.id == f"用語集/{remove_cjk_spacing(term)}"
        assert (clause.title, clause.text, clause.parent) == (term, definition, "用語集")
        assert clause.line_start == clause.line_end == n
    assert BY_ID["用語集/牌組"].text == "指牌庫。"
    assert BY_ID["用語集/計數 ± X"].text.startswith("+X 指從空間")
    assert BY_ID["用語集/創界神核心卡"].text == "持有系統：「創界神」且主要持有神標誌的特殊核心卡。"


def test_kana_row_labels_are_an_index_not_clauses():
    rows = [n for n, line in enumerate(LINES, 1) if re.fullmatch(r"\[.行\]", line)]
    assert len(rows) == 8
    for n in rows:
        assert _excluded(n, "navigation")
        assert not [c for c in RESULT.clauses if c.line_start == n]


# --- headings ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("title", "phrase"),
    [
        ("勝利條件", "符合以下任一條件的玩家即獲勝，遊戲隨即結束。"),
        ("遊戲準備", "攤開對戰墊後，請依照以下順序進行遊戲準備。"),
        ("回合流程", "對戰由先攻玩家與後攻玩家輪流進行各自的「回合」"),
        ("合體卡", "能與靈魂卡合體的特殊卡牌。"),
        ("終極靈魂卡", "被封印的靈魂卡究極復活後的姿態。"),
        ("爆烈", "部分卡牌持有的「爆烈」，是僅能在卡牌被覆蓋於爆烈區時才能使用的效果。"),
        ("靈動效果的使用規則", "當一位玩家選擇跳過後，另一位玩家也選擇跳過時"),
        ("重疲勞", "經過 1 次回復後，會變回一般的疲勞狀態。"),
    ],
)
def test_real_headings_are_clauses_with_their_body(title, phrase):
    holders = [BY_ID[i] for i in _titles(title) if phrase in BY_ID[i].text]
    assert len(holders) == 1, _titles(title)
    clause = holders[0]
    assert LINES[clause.line_start - 1] == title
    assert clause.kind in (ClauseKind.CHAPTER, ClauseKind.SECTION)


def test_win_condition_lists_both_ways_to_win():
    start = _line_of(r"^勝利條件$")
    items = [LINES[n][2:] for n in range(start, start + 6) if LINES[n].startswith("- ")]
    assert len(items) == 2
    clause = BY_ID["勝利條件"]
    assert clause.text.split("\n") == ["符合以下任一條件的玩家即獲勝，遊戲隨即結束。", *items]


def test_game_setup_holds_its_seven_numbered_steps():
    start, end = _line_of(r"^遊戲準備$"), _line_of(r"^卡牌的基本解說$")
    steps = [
        remove_cjk_spacing(LINES[n - 1]) for n in range(start, end) if re.match(r"^[①-⑦] ", LINES[n - 1])
    ]
    text = BY_ID["遊戲開始前/遊戲準備"].text.split("\n")
    assert len(steps) == 7 and [line for line in text if line[0] in "①②③④⑤⑥⑦"] == steps


def test_every_marked_heading_is_a_clause_titled_without_its_marker():
    marked = [
        (n, m.group(1))
        for n, line in enumerate(LINES, 1)
        if FIRST_HEADING <= n < GLOSSARY_START and (m := MARKED.match(line))
    ]
    assert len(marked) == 76
    starts = {c.line_start: c for c in RESULT.clauses}
    for n, title in marked:
        assert starts[n].title == remove_cjk_spacing(title.replace("**", "")), n
        assert starts[n].kind is ClauseKind.SECTION


def test_every_short_standalone_line_is_a_heading_clause():
    """Short lines without sentence punctuation standing alone are headings,
    except figures (Japanese, kana) and FAQ/glossary lines."""
    shape = re.compile(r"^(?![-•※QA\[])[^。，；：、]{1,12}$")
    expected = [
        n
        for n in range(FIRST_HEADING, GLOSSARY_START)
        if _alone(n) and shape.match(LINES[n - 1]) and not _excluded(n, "figure")
    ]
    assert len(expected) > 150
    starts = {c.line_start for c in RESULT.clauses}
    assert [n for n in expected if n not in starts] == []


def test_step_headings_continue_their_run_and_6_is_not_a_step():
    battle = "攻擊階段的行動/戰鬥步驟"
    steps = [c.title for c in RESULT.clauses if c.parent == battle]
    assert steps == [
        "1 宣告攻擊（戰鬥開始）",
        "②靈動時機（第 1 次）",
        "③宣告阻擋",
        "④靈動時機（第 2 次）",
        "⑤戰鬥結算",
        "6 靈魂卡／終極靈魂卡的破壞",
        "7 戰鬥結束",
    ]
    assert [c.title for c in RESULT.clauses if c.parent == f"{battle}/⑤戰鬥結算"] == [
        "若未宣告阻擋",
        "若宣告阻擋",
    ]
    assert BY_ID["前言/6 種屬性"].kind is ClauseKind.SECTION
    assert BY_ID["前言/紅屬性"].parent == "前言"


def test_chapters_come_from_the_shape_of_the_page():
    top = [c.id for c in RESULT.clauses if c.parent is None]
    assert {c.kind for c in RESULT.clauses if c.parent is None} == {ClauseKind.CHAPTER}
    # stacked on the next heading
    for chapter, first in [
        ("前言", "何謂 BATTLE SPIRITS"),
        ("遊戲開始前", "遊戲所需物品"),
        ("合體卡", "何謂合體卡"),
        ("常見問題", "關於效果通則"),
    ]:
        assert chapter in top and BY_ID[f"{chapter}/{first}"].parent == chapter
    assert "創界神／創界石核心卡/創界神核心卡" in BY_ID
    assert BY_ID["創界神／創界石核心卡"].title == "創界神/創界石核心卡"
    # a page title over its first section of the same name
    assert BY_ID["回合流程/回合流程/①開始階段"].text.startswith("此為宣告回合開始的階段。")
    # an intro listing the sections that follow
    listed = [
        LINES[n - 1][2:]
        for n in range(_line_of(r"^特殊效果$"), _line_of(r"^爆烈$"))
        if LINES[n - 1].startswith("- ")
    ]
    sections = [c.title for c in RESULT.clauses if c.parent == "特殊效果"]
    assert len(listed) == len(sections) == 8 and listed[0] == sections[0] == "爆烈"
    assert "遊戲開始前/配置核心卡" in BY_ID and "主要階段的行動/配置核心卡" in BY_ID
    assert "前言/合體卡" in BY_ID and "合體卡" in top
    assert BY_ID["遊戲開始前/卡牌的基本解說/①費用"].text.startswith("使用卡牌（召喚、配置）時")
    assert BY_ID["終極靈魂卡/關於終極靈魂卡/①費用"].text.startswith("許多終極靈魂卡持有")
    assert top[-2:] == ["常見問題", "用語集"]


def test_tip_boxes_sit_beside_the_steps_not_inside_them():
    box = BY_ID["遊戲開始前/卡牌的基本解說/關於標誌的種類"]
    assert box.line_start == _line_of(r"^【!】 關於標誌的種類")
    assert BY_ID["遊戲開始前/卡牌的基本解說/⑥區域圖示等，其他資訊"].parent == box.parent
    assert BY_ID["回合流程/回合流程/第一回合的特例"].text.startswith("第 1 回合（先攻玩家")


def test_list_of_sections_that_disagrees_with_the_headings_is_reported():
    found = {(p.kind, p.clause) for p in RESULT.problems}
    assert (ProblemKind.MISPLACED_HEADING, "特殊效果/幻象") in found
    assert "- 幻奏" in LINES and "幻象" in LINES
    assert (ProblemKind.MISPLACED_HEADING, "主要階段的行動/能量的移動") in found
    assert {p.kind for p in RESULT.problems} <= {
        ProblemKind.MISPLACED_HEADING,
        ProblemKind.SKIPPED_NUMBER,
        ProblemKind.OUT_OF_ORDER,
        ProblemKind.DUPLICATE_ID,
    }


# --- repairs and exclusions ---------------------------------------------------


def test_sentences_broken_over_lines_are_joined():
    attack = BY_ID["攻擊階段的行動/戰鬥步驟/1 宣告攻擊（戰鬥開始）"]
    assert attack.text.startswith(
        "攻擊方（回合玩家）選擇自己 1 張處於回復狀態（直立）的靈魂卡或終極靈魂卡，並宣告攻擊。"
        "同時，為表示已進行攻擊，需將該卡牌轉為疲勞狀態（橫置）。\n"
    )
    assert "也視為「創界神核心卡」處理。" in BY_ID["創界神／創界石核心卡/契約創界神核心卡"].text
    assert "生命值的狀態，稱為《封印中》。" in BY_ID["特殊效果/封印"].text
    assert (
        "在本手冊中，將說明「Eternal」賽制的規則。"
        in BY_ID["前言/何謂 BATTLE SPIRITS/Eternal 與 Standard"].text
    )
    # a line without a full stop is not joined to an example that follows it
    oc = BY_ID["其他規則/計數/關於《OC (Over Count)》"].text.split("\n")
    assert oc[0].endswith("則可發揮該效果") and oc[1].startswith("例如「緋炎龍皇")


def test_web_markup_is_removed():
    markup = re.compile(r"\]\(|\*\*|\$")
    assert not [c.id for c in RESULT.clauses if markup.search(f"{c.title}\n{c.text}")]
    assert (
        "可減輕的費用合計為 2+0=「2」，而"
        in BY_ID["費用與能量/費用支付與卡牌的使用/③計算實際需支付的費用"].text
    )


def test_navigation_and_title_are_excluded():
    links = [n for n, line in enumerate(LINES, 1) if re.fullmatch(r"\[.+\]\(#\)", line)]
    assert links and all(_excluded(n, "navigation") for n in links)
    title = _line_of(r"^官方規則手冊 \[ETERNAL\]")
    assert _excluded(title, "title")
    for label in ("^整體首頁$", "^遇到困難時$", "^查看其他資訊$"):
        assert _excluded(_line_of(label), "navigation")
    assert RESULT.clauses[0].id == "關於官方規則"
    assert not _excluded(FIRST_HEADING)


def test_figures_are_the_japanese_lines_and_their_callouts():
    kana_lines = [n for n, line in enumerate(LINES, 1) if len(KANA.findall(line)) > len(ideographs(line))]
    assert len(kana_lines) == 12
    assert all(_excluded(n, "figure") for n in kana_lines)
    figure_lines = {
        n for s, e, r in RESULT.excluded if r == "figure" for n in range(s, e + 1) if LINES[n - 1]
    }
    callouts = figure_lines - set(kana_lines)
    assert [LINES[n - 1] for n in sorted(callouts)] == ["1 **《神託》**", "2 **効果情報**"]
    japanese = re.compile(r"ターン|ステップ|シンボル|効果情報|あいて")
    assert not [c.id for c in RESULT.clauses if japanese.search(f"{c.title}\n{c.text}")]
    shen = "創界神／創界石核心卡/創界神核心卡/1 《神託》"
    assert BY_ID[shen].line_start == _line_of(r"^1 《神託》$")


# --- the tree and its lines ---------------------------------------------------


def test_parents_exist_and_ids_are_paths():
    for clause in RESULT.clauses:
        if clause.parent is not None:
            assert clause.parent in BY_ID, clause.id
            assert clause.id.startswith(clause.parent + "/"), clause.id
            assert BY_ID[clause.parent].order < clause.order
    assert len(BY_ID) == len(RESULT.clauses)
    duplicates = [c.id for c in RESULT.clauses if "~" in c.id]
    assert duplicates == ["常見問題/關於效果通則/Q9~2"]


def test_order_follows_the_source_and_line_spans_hold_the_text():
    clauses = RESULT.clauses
    assert [c.order for c in clauses] == list(range(len(clauses)))
    assert [c.line_start for c in clauses] == sorted(c.line_start for c in clauses)
    for clause in clauses:
        assert clause.line_start <= clause.line_end
        first = remove_cjk_spacing(LINES[clause.line_start - 1].replace("**", ""))
        if clause.kind is ClauseKind.FAQ:
            assert first.startswith(clause.title + ".")
        elif clause.kind is ClauseKind.GLOSSARY:
            assert first.startswith(clause.title + "：")
        else:
            assert first.endswith(clause.title), clause.id
        span = Counter(ideographs("\n".join(LINES[clause.line_start - 1 : clause.line_end])))
        assert not Counter(ideographs(f"{clause.title}\n{clause.text}")) - span, clause.id


def test_coverage_of_the_book_is_complete():
    book = load_book("bs")
    assert book.coverage >= 0.995
    assert [c.id for c in book.clauses] == [c.id for c in RESULT.clauses]


# --- stability ----------------------------------------------------------------


def _parse_without(first: int, last: int):
    kept = LINES[: first - 1] + LINES[last:]
    return parse_headings("\n".join(kept), INFO).clauses


def _texts(clauses, skip: str) -> dict[str, str]:
    return {c.id: c.text for c in clauses if c.id != skip and not c.id.startswith(skip + "/")}


@pytest.mark.parametrize(
    ("pattern", "owner"),
    [
        (r"^部分效果可增加或減少「計數」的數量", "其他規則/計數"),
        (r"^攤開對戰墊後", "遊戲開始前/遊戲準備"),
        (r"^在攻擊階段中，可使用靈魂卡", "攻擊階段的行動"),
        (r"^Battle Spirits 中存在眾多卡牌", "回合流程"),
    ],
)
def test_deleting_a_paragraph_changes_no_id_and_no_other_text(pattern, owner):
    line = _line_of(pattern)
    after = _parse_without(line, line)
    assert [c.id for c in after] == [c.id for c in RESULT.clauses]
    assert _texts(after, owner) == _texts(RESULT.clauses, owner)
    assert next(c for c in after if c.id == owner).text != BY_ID[owner].text


def test_deleting_a_faq_entry_or_a_section_removes_only_its_ids():
    q3 = BY_ID["常見問題/關於效果通則/Q3"]
    after = _parse_without(q3.line_start, q3.line_end)
    assert [c.id for c in after] == [c.id for c in RESULT.clauses if c.id != q3.id]
    section = BY_ID["其他規則/手邊的卡牌"]
    end = BY_ID["其他規則/計數"].line_start - 1
    after = _parse_without(section.line_start, end)
    assert _texts(after, section.id) == _texts(RESULT.clauses, section.id)
    assert len(after) == len(RESULT.clauses) - 1


def test_a_text_without_headings_is_refused_with_a_clear_message():
    with pytest.raises(ArbiterError, match="headings"):
        parse_headings("[基本玩法](#)\n\n[用語集](#)\n", INFO)
    with pytest.raises(ArbiterError, match="no heading"):
        parse_headings("", INFO)


def test_manifest_chapters_restore_the_levels_the_extraction_lost():
    """Without the manifest's hint the battle rules would hang under 費用與能量."""
    from dataclasses import replace

    assert set(INFO.chapters) == {"勝利條件", "攻擊階段的行動"}
    for title in INFO.chapters:
        assert BY_ID[title].kind is ClauseKind.CHAPTER and BY_ID[title].parent is None
    assert BY_ID["攻擊階段的行動/戰鬥步驟"].parent == "攻擊階段的行動"
    unhinted = {c.id: c for c in parse_headings(SOURCE, replace(INFO, chapters=())).clauses}
    assert "攻擊階段的行動" not in unhinted
    assert unhinted["費用與能量/攻擊階段的行動"].kind is ClauseKind.SECTION
