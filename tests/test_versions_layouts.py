"""Synthetic versions of the bundled books, one per layout: each edit is made
once to the source text, and the diff must report exactly those edits.

Every case inserts, deletes, rewords, renumbers (or, for headings, renames),
splits and merges one clause, and adds one extraction artifact (spaces a PDF
puts between Chinese characters, a sentence broken over lines) that must not
show as a change.  The expected ids follow from the edits as written here,
by the id contract (DESIGN.md), not from running the parser.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from corpus.coverage import coverage
from corpus.library import book_info
from corpus.manifest import bundled_manifest
from corpus.model import Book
from corpus.parsers import get_parser
from corpus.versions.diff import diff_books


def source(game: str) -> str:
    return (bundled_manifest().root / book_info(game).source).read_text(encoding="utf-8")


def parsed(game: str, text: str, version: str) -> Book:
    info = replace(book_info(game), version=version)
    result = get_parser(info.parser)(text, info)
    share = coverage(text, result.clauses, result.excluded, info.script)
    return Book(info, result.clauses, result.problems, result.changelog, result.excluded, share)


def edited(text: str, edits: list[tuple[str, list[str]]]) -> str:
    """Replace the one line equal to each anchor (stripped) by the given lines."""
    lines = text.splitlines()
    for anchor, new_lines in edits:
        hits = [i for i, line in enumerate(lines) if line.strip() == anchor]
        assert len(hits) == 1, f"anchor {anchor!r} found {len(hits)} times"
        lines[hits[0] : hits[0] + 1] = new_lines
    return "\n".join(lines) + "\n"


def reported(game: str, edits) -> dict:
    text = source(game)
    result = diff_books(parsed(game, text, "old"), parsed(game, edited(text, edits), "new"))
    return {
        "added": [c.new_ids[0] for c in result.of_kind("added")],
        "removed": [c.old_ids[0] for c in result.of_kind("removed")],
        "modified": [c.new_ids[0] for c in result.of_kind("modified")],
        "renumbered": sorted((c.old_ids[0], c.new_ids[0]) for c in result.of_kind("renumbered")),
        "split": [(c.old_ids[0], c.new_ids) for c in result.of_kind("split")],
        "merged": [(c.old_ids, c.new_ids[0]) for c in result.of_kind("merged")],
    }


UCG_1_2_3 = "1.2.3. 若因某種原因導致玩家無法執行某效果時，該效果將不予執行。此外，如果該效果的部分內容可以執行，則執行該部分內容。"
UCG_1_3_1 = "1.3.1. 當兩名玩家中的任一玩家滿足以下勝利條件時，滿足勝利條件的玩家將贏得遊戲。"
DOTTED = [
    (
        "1.1.1. 在這款超人力霸王卡牌遊戲中，參與遊戲的人稱為玩家，這款遊戲由兩名玩家進行對戰。",
        [
            "1.1.1. 在這款超人力霸王卡牌遊戲中，參與遊戲的人稱為玩家，這款遊戲由兩名玩家進行對戰。",
            "",
            "1.1.2. 觀戰者不得向玩家提供任何建議。",
        ],
    ),
    ("- 1.3.6. 即使無法從自己的牌組中抽牌，也不會判定為敗北。", []),
    (
        "1.2.1. 如果卡牌上記載的文字內容與本綜合規則相矛盾，則以文字內容為優先。",
        ["1.2.1. 如果卡牌上記載的文字內容與本綜合規則相矛盾，則以綜合規則為優先。"],
    ),
    (
        "2.1.1. 卡牌有正面和背面。以超人力霸王卡牌遊戲的標誌面為共有圖案的一面稱為背面，另一面則為正面。",
        ["2.1.2. 卡牌有正面和背面。以超人力霸王卡牌遊戲的標誌面為共有圖案的一面稱為背面，另一面則為正面。"],
    ),
    (
        UCG_1_2_3,
        [
            "1.2.3. 若因某種原因導致玩家無法執行某效果時，該效果將不予執行。",
            "",
            "1.2.4. 此外，如果該效果的部分內容可以執行，則執行該部分內容。",
        ],
    ),
    ("2.2.1. 卡牌分為角色牌和場景牌。", []),
    (
        "2.2.2. 角色牌分為「超人力霸王」牌、「怪獸宇宙人系列」牌及「超人力霸王機甲」牌共三種類型。",
        [
            "2.2.1. 卡牌分為角色牌和場景牌。角色牌分為「超人力霸王」牌、「怪獸宇宙人系列」牌及「超人力霸王機甲」牌共三種類型。"
        ],
    ),
    # artifacts: letter spacing, and one sentence broken over two lines
    (UCG_1_3_1, ["1.3.1. 當 兩 名 玩 家 中的任一玩家滿足以下勝利條件時，", "滿足勝利條件的玩家將贏得遊戲。"]),
]

DASHED = [
    (
        "1-1-1. 本遊戲原則上是由 2 名玩家進行對戰的遊戲。以其他人數進行遊戲的相關規則，請參閱「12.多人對戰」規則。",
        [
            "1-1-1. 本遊戲原則上是由 2 名玩家進行對戰的遊戲。以其他人數進行遊戲的相關規則，請參閱「12.多人對戰」規則。",
            "",
            "1-1-2. 觀戰者不得向玩家提供任何建議。",
        ],
    ),
    ("1-3-7. 除非有特別指定，否則卡牌效果需依文本上記述的順序執行。", []),
    (
        "1-3-3. 當因某卡牌的效果被指示進行某行動時，若同時發生禁止該行動的效果，則通常以禁止的效果優先。",
        ["1-3-3. 當因某卡牌的效果被指示進行某行動時，若同時發生禁止該行動的效果，則一律以禁止的效果優先。"],
    ),
    (
        "1-3-2-2. 若因某種理由被要求進行 0 次或負數次某行動，則該行動不會進行。即便次數為負數也不會進行逆向的行動。",
        [
            "1-3-2-3. 若因某種理由被要求進行 0 次或負數次某行動，則該行動不會進行。即便次數為負數也不會進行逆向的行動。"
        ],
    ),
    (
        "1-3-6. 若因卡牌效果使卡牌上的數值資訊產生變動時，則結果一律為整數。若結果變為負整數，除非有其他效果對該數值進行增減調整，否則一律視為 0 處理。",
        [
            "1-3-6. 若因卡牌效果使卡牌上的數值資訊產生變動時，則結果一律為整數。",
            "",
            "1-3-6-1. 若結果變為負整數，除非有其他效果對該數值進行增減調整，否則一律視為 0 處理。",
        ],
    ),
    (
        "1-2-2-1. 任一玩家的護盾區中沒有任何卡牌的狀態下，當該玩家受到來自機體的戰鬥傷害時，該玩家即滿足敗北條件。",
        [
            (
                "1-2-2-1. 任一玩家的護盾區中沒有任何卡牌的狀態下，當該玩家受到來自機體的戰鬥傷害時，該玩家即滿足敗北條件。"
                "當任一玩家的卡組變成 0 張時，該玩家即滿足敗北條件。"
            )
        ],
    ),
    ("1-2-2-2. 當任一玩家的卡組變成 0 張時，該玩家即滿足敗北條件。", []),
    (
        "1-3-4. 若因某種理由要求多名玩家同時進行選擇，則由當回合的玩家先進行選擇。當回合玩家選擇之後，再由非回合玩家進行選擇。",
        [
            "1-3-4. 若因某種理由要求多名玩家同時進行選擇，則由當回合的玩家先進行選擇。當 回 合 玩 家選擇之後，",
            "再由非回合玩家進行選擇。",
        ],
    ),
]

ZD_102_P6 = "如果一个效果需要将一张牌进入牌组、手牌、休息区或移出游戏，那么那张牌将只会进入其持有者的相应区域而非其控制者。"
SECTIONS = [
    (
        "事件区中的牌没有横置或重置的状态，也不能被横置或重置。",
        ["事件区中的牌没有横置或重置的状态，也不能被横置或重置。", "", "资源区中的牌不能被移出游戏。"],
    ),
    (
        (
            "某些效果或动作不会进入连锁，它们将被优先被进行清算，之后主动玩家才会获得优先权，这些动作包括：回合开始时的重置、抽牌、"
            "放置资源牌、同角色之间的废弃、装备牌与事件牌的废弃、宣告攻击、宣告攻击对象、宣告防御、宣告防御对象、战斗伤害清算、"
            "回合结束阶段的清除步骤和弃牌步骤。"
        ),
        [],
    ),
    ("玩家可以随时认输，并结束本局游戏。", ["玩家可以在任意时点认输，并结束本局游戏。"]),
    # a line ending in "，" continues after a blank line (a repaired break), so the split ends the first part with "。"
    (
        ZD_102_P6,
        [
            "如果一个效果需要将一张牌进入牌组、手牌、休息区或移出游戏。",
            "",
            "那么那张牌将只会进入其持有者的相应区域而非其控制者。",
        ],
    ),
    ("除非有效果允许，否则玩家在游戏过程中不得随意变更牌组区和生命区中牌的顺序。", []),
    (
        (
            "当一张牌从一个区域移动到另一个区域后，它就成为了一张新的牌，只在原本区域中影响它的效果将会不再影响它。"
            "但是由于一张牌从一个区域移动到另一个区域时所产生的效果依然可以执行。（例：小丑巴基的效果：【战斗破坏时】舍弃两张手牌：将此牌从我方休息区横置登场。）"
        ),
        [
            (
                "除非有效果允许，否则玩家在游戏过程中不得随意变更牌组区和生命区中牌的顺序。"
                "当一张牌从一个区域移动到另一个区域后，它就成为了一张新的牌，只在原本区域中影响它的效果将会不再影响它。"
                "但是由于一张牌从一个区域移动到另一个区域时所产生的效果依然可以执行。（例：小丑巴基的效果：【战斗破坏时】舍弃两张手牌：将此牌从我方休息区横置登场。）"
            )
        ],
    ),
    ("玩家不能主动横置已横置的角色牌。", ["玩 家 不 能 主动横置已横置的角色牌。"]),
]

HEADINGS = [
    (
        "存在許多機器人。擅長防禦，可將對手返回手牌。",
        ["存在許多機器人。擅長防禦，可將對手返回手牌。", "", "無屬性", "", "不屬於任何屬性的卡牌。"],
    ),
    (
        "存在許多龍族。擅長攻擊，可在攻擊時進行破壞或抽牌。",
        ["存在許多龍族。擅長進攻，可在攻擊時進行破壞或抽牌。"],
    ),
    ("核心卡", ["核心卡牌"]),
    (
        "能與靈魂卡合體的特殊卡牌。也存在能與2張靈魂卡、終極靈魂卡或創界神核心卡合體的卡牌。",
        [
            "能與靈魂卡合體的特殊卡牌。",
            "",
            "合體對象",
            "",
            "也存在能與2張靈魂卡、終極靈魂卡或創界神核心卡合體的卡牌。",
        ],
    ),
    ("綠屬性", []),
    (
        "存在許多骷髏與魔物。擁有移除對手能量、或復活等效果。",
        ["存在許多骷髏與魔物。擁有移除對手能量、或 復 活 等效果。"],
    ),
]


def test_dotted_layout_reports_exactly_the_edits():
    assert reported("ucg", DOTTED) == {
        "added": ["1.1.2"],
        "removed": ["1.3.6"],
        "modified": ["1.2.1"],
        "renumbered": [("2.1.1", "2.1.2")],
        "split": [("1.2.3", ["1.2.3", "1.2.4"])],
        "merged": [(["2.2.1", "2.2.2"], "2.2.1")],
    }


def test_dashed_layout_reports_exactly_the_edits():
    assert reported("gcg", DASHED) == {
        "added": ["1-1-2"],
        "removed": ["1-3-7"],
        "modified": ["1-3-3"],
        "renumbered": [("1-3-2-2", "1-3-2-3")],
        "split": [("1-3-6", ["1-3-6", "1-3-6-1"])],
        "merged": [(["1-2-2-1", "1-2-2-2"], "1-2-2-1")],
    }


def test_sections_layout_reports_exactly_the_edits():
    # Renumbering a section renumbers the paragraphs it holds: their ids are
    # derived from it (``106.p4`` → ``107.p4``).
    moved = [("106", "107")] + [(f"106.p{n}", f"107.p{n}") for n in range(1, 7)]
    edits = [*SECTIONS, ("### 106.连锁", ["### 107.连锁"])]
    assert reported("zd", edits) == {
        "added": ["104.p6"],
        "removed": ["105.p4"],
        "modified": ["101.p4"],
        "renumbered": sorted(moved),
        "split": [("102.p6", ["102.p6", "102.p7"])],
        "merged": [(["200.p3", "200.p4"], "200.p3")],
    }


def test_headings_layout_reports_exactly_the_edits():
    assert reported("bs", HEADINGS) == {
        "added": ["前言/無屬性"],
        "removed": [],
        "modified": ["前言/紅屬性"],
        "renumbered": [("前言/核心卡", "前言/核心卡牌")],
        "split": [("前言/合體卡", ["前言/合體卡", "前言/合體對象"])],
        "merged": [(["前言/紫屬性", "前言/綠屬性"], "前言/紫屬性")],
    }


@pytest.mark.parametrize("game", ["ucg", "gcg", "zd", "bs", "uhb"])
def test_a_version_against_itself_has_no_changes(game):
    book = parsed(game, source(game), "same")
    summary = diff_books(book, book).summary()
    assert summary["unchanged"] == len(book)
    assert sum(summary.values()) == len(book)
