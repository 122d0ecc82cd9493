"""The reference pipeline on small books built in the test: find → resolve → graph → lint → annotate.

Each book is a handful of clauses written here, so every expected value is
visible next to its input.  The real rulebooks are tested in
test_graph_books.py and test_graph_coverage.py.
"""

from __future__ import annotations

import html
import json
import xml.etree.ElementTree as ET

import pytest

from corpus.errors import ArbiterError, NotFound
from corpus.model import (
    Book,
    BookInfo,
    ChangeAction,
    ChangeEntry,
    Clause,
    ClauseKind,
    Problem,
    ProblemKind,
    Script,
)
from graph.annotate import annotate, annotate_clause
from graph.build import ReferenceGraph, graph_for, references_of
from graph.citations import CitationKind, Status
from graph.find import find_citations
from graph.lint import FindingKind, lint
from graph.resolve import Resolver
from graph.terms import TermIndex, definitions


def make_book(rows, *, problems=(), changelog=(), parser="dotted", game="syn") -> Book:
    """A Book from (id, parent, title, text, kind) rows, one source line each."""
    clauses = tuple(
        Clause(game, "1", cid, parent, title, text, ClauseKind(kind), order, order + 1, order + 1)
        for order, (cid, parent, title, text, kind) in enumerate(rows)
    )
    info = BookInfo(game, "Synthetic rules", "1", "", "zh", Script.HANS, f"{game}.txt", parser)
    return Book(info, clauses, tuple(problems), tuple(changelog), (), 1.0)


#: A clean book: every reference resolves, every title agrees, nothing is wrong.
CLEAN = [
    ("1", None, "总则", "", "chapter"),
    ("1.1", "1", None, "第一个回合不抽牌(参见 2.1.1 和 2.2.1)。", "rule"),
    ("1.2", "1", None, "除 2.1.1 所述情况外，尽量执行。", "rule"),
    ("2", None, "战斗", "", "chapter"),
    ("2.1", "2", "攻击", "", "section"),
    ("2.1.1", "2.1", None, "攻击时可发动【爆发】。请参阅「3.关键词」。", "rule"),
    ("2.2", "2", "防御", "", "section"),
    ("2.2.1", "2.2", None, "防御失败时触发【爆发】(参照 3.1.【爆发】)。", "rule"),
    ("3", None, "关键词", "", "chapter"),
    ("3.1", "3", "【爆发】", "", "section"),
    ("3.1.1", "3.1", None, "【爆发】是护盾被破坏时发动的效果。【爆发】可以不发动。", "rule"),
]


def targets(text, scheme="dotted"):
    return [
        [(t.number, t.title, t.until, t.relative) for t in c.targets] for c in find_citations(text, scheme)
    ]


# --- find ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("卡牌编号(参见 2.0.7)相同", [[("2.0.7", None, None, None)]]),
        ("胜利时触发(参 见 4.4.2a)。", [[("4.4.2a", None, None, None)]]),  # stray space
        ("抽牌(參 閱 4.0.2 和 4.0.3)", [[("4.0.2", None, None, None), ("4.0.3", None, None, None)]]),
        ("请参照 318—321 的详解", [[("318", None, "321", None)]]),
        ("（參閱 13-2-5.【爆發】）", [[("13-2-5", "【爆發】", None, None)]]),
        ("（参照 901.死循环）", [[("901", "死循环", None, None)]]),
        ("請參閱「10.效果的發揮與結算」。", [[("10", "效果的發揮與結算", None, None)]]),
        ("请参阅「10.效果的发挥与结算」。", [[("10", "效果的发挥与结算", None, None)]]),
        ("詳細規則請一併參閱「遊戲流程規則」。", [[(None, "遊戲流程規則", None, None)]]),
        ("參照“4.回合流程”及“5.戰鬥”", [[("4", "回合流程", None, None), ("5", "戰鬥", None, None)]]),
        ("（根據規則 12.4.2.2）", [[("12.4.2.2", None, None, None)]]),
        ("（详见角色名）", [[(None, "角色名", None, None)]]),
        ("专用成立请参照上条。", [[(None, None, None, "previous")]]),
        ("可参照【破坏时】的处理方法", [[(None, "【破坏时】", None, None)]]),
        ("Refer to “10-1. KO” for further details.", [[("10-1", "KO", None, None)]]),
        ("follow procedures 7-1-1. to 7-1-3 in order.", [[("7-1-1", None, "7-1-3", None)]]),
    ],
)
def test_finds_each_citation_form(text, expected):
    scheme = "dashed" if "-" in text else "dotted"
    assert targets(text, scheme) == expected


@pytest.mark.parametrize(
    "text",
    [
        "在文本中有時會使用「」來指定卡牌名稱的一部分，這表示參照卡牌名稱中包含「」內文字的卡牌。",
        "替代卡在參照 Lv. 時，視為 0 處理。",
        "根據規則處理，為確保卡牌處於正確狀態。",
        "具体请参照官网卡牌信息。）",
        "請參閱 Standard 規則手冊。",
        "each player can check the numbers whenever they want to see 3 cards.",
    ],
)
def test_reference_words_without_a_target_are_not_references(text):
    assert find_citations(text, "dotted") == []


@pytest.mark.parametrize(
    ("text", "scheme"),
    [
        ("赛罗奥特曼(HBU01-A07)和终极赛罗闪耀型 (HBU02-A02)、(HBU-TDG-01 的效果", "dashed"),
        ("BP02-058 金箍棒的攻击加成是 2000", "dashed"),
        ("if it deals x-1 damage, a 2-player game", "dashed"),
        ("规则书的更新日期为：2015-6-12", "sections"),  # a date in a book numbered 101, 102 …
        ("奥特曼英雄对决 游戏规则 V1.9，版本 1.20", "dotted"),
    ],
)
def test_card_numbers_dates_and_versions_are_never_clause_numbers(text, scheme):
    assert find_citations(text, scheme) == []


def test_spans_cover_exactly_the_printed_target():
    text = "第一个回合(参 见 4.0.2 和 4.0.3)，见「8-5.傷害步驟」。"
    found = find_citations(text, "dashed") + find_citations(text, "dotted")
    printed = {text[t.span[0] : t.span[1]] for c in found for t in c.targets}
    raws = {text[c.span[0] : c.span[1]] for c in found}
    assert printed == {"4.0.2", "4.0.3", "8-5.傷害步驟"}
    assert raws == {"参 见 4.0.2 和 4.0.3", "「8-5.傷害步驟」"}


def test_bare_numbers_only_in_the_books_own_style():
    text = "不适用规则 1.1.6，依照 6-2-1-6-1 的顺序"
    assert [c.target_numbers for c in find_citations(text, "dotted")] == [("1.1.6",)]
    assert [c.target_numbers for c in find_citations(text, "dashed")] == [("6-2-1-6-1",)]
    assert find_citations(text, None) == []


def test_a_label_printed_twice_at_the_start_is_not_a_reference():
    assert find_citations("8-1-4-2. [Permanent] skills are described …", "dashed") == []
    assert [c.raw for c in find_citations("Return to 6-3-1-2.", "dashed")] == ["6-3-1-2"]


# --- resolve ---------------------------------------------------------------------------

BROKEN = [
    ("1", None, "总则", "", "chapter"),
    ("1.1", "1", None, "参见 9.9.9。参照 2.防御。请参照 2.1—2.3。请参阅「不存在的章」。", "rule"),
    ("2", None, "战斗", "", "chapter"),
    ("2.1", "2", "攻击", "", "section"),
    ("2.1", "2", "攻击", "", "section"),
    ("2.3", "2", "防御", "", "section"),
]


def resolve_all(rows):
    book = make_book([(cid if i != 4 else "2.1~2", *rest) for i, (cid, *rest) in enumerate(rows)])
    resolver = Resolver(book)
    clause = book.clauses[1]
    return [r for c in find_citations(clause.text, "dotted") for r in resolver.resolve(clause.id, c)]


def test_unresolvable_targets_are_kept_with_a_reason():
    refs = {(r.printed, r.target, r.status) for r in resolve_all(BROKEN)}
    assert ("9.9.9", None, Status.NOT_FOUND) in refs
    assert ("2.防御", "2", Status.TITLE_DISAGREES) in refs  # 2 is 战斗; 防御 is 2.3's title
    assert ("不存在的章", None, Status.NOT_FOUND) in refs
    reasons = {r.printed: r.reason for r in resolve_all(BROKEN)}
    assert "no clause 9.9.9" in reasons["9.9.9"]
    assert "2 is titled 「战斗」" in reasons["2.防御"] and "2.3" in reasons["2.防御"]


def test_a_range_expands_only_to_clauses_that_exist_and_flags_a_repeated_number():
    ranged = [r for r in resolve_all(BROKEN) if r.printed == "2.1—2.3"]
    assert [r.target for r in ranged] == ["2.1", "2.3"]  # 2.2 is not printed; 2.1 is printed twice
    assert [r.status for r in ranged] == [Status.RESOLVED, Status.RESOLVED]
    book = make_book(BROKEN[:4] + [("2.1~2", "2", "攻击", "", "section")])
    ref = Resolver(book).resolve("1.1", find_citations("参见 2.1。", "dotted")[0])[0]
    assert ref.status is Status.AMBIGUOUS and ref.target == "2.1" and "printed 2 times" in ref.reason


def test_titles_agree_leniently_and_title_only_references_find_headings():
    book = make_book(CLEAN)
    resolver = Resolver(book)
    ref = resolver.resolve("2.2.1", find_citations("参照 3.1.爆发", "dotted")[0])[0]
    assert (ref.target, ref.status) == ("3.1", Status.RESOLVED)
    ref = resolver.resolve("2.2.1", find_citations("请参阅「关键词」", "dotted")[0])[0]
    assert (ref.target, ref.status, ref.by_title) == ("3", Status.RESOLVED, True)


def test_the_entry_above_is_the_previous_sibling():
    book = make_book(
        [
            ("900", None, "特殊效果", "", "chapter"),
            ("900.专用***", "900", None, "此牌与***视为专用成立。", "keyword"),
            ("900.专用", "900", None, "专用成立请参照上条。", "keyword"),
        ],
        parser="sections",
    )
    ref = Resolver(book).resolve("900.专用", find_citations("请参照上条", "sections")[0])[0]
    assert (ref.target, ref.status) == ("900.专用***", Status.RESOLVED)


# --- terms -----------------------------------------------------------------------------


def test_terms_are_discovered_from_the_books_structure():
    book = make_book(
        [
            ("9", None, "關鍵字效果和關鍵字", "", "chapter"),
            ("9-1", "9", "關鍵字效果", "", "section"),
            ("9-1-1", "9-1", "《先制攻擊》", "", "section"),
            ("9-1-2", "9-1", "KO", "", "section"),
            ("9-1-3", "9-1", "[Dual Attack] ([X Attack])", "", "section"),
            ("10", None, "其他", "", "chapter"),
            ("10-1", "10", "關於「充能(X)【○○】」", "", "section"),
            ("10-2", "10", "發動【啟動·主要】效果", "", "section"),
            ("10-3", "10", "關於[發動]型效果", "", "section"),
            ("用語集/超計數（OC）", None, None, "自己的計數達到指定值以上時…", "glossary"),
            ("900.忍法奥义X", None, "忍法奥义 X", "…", "keyword"),
        ],
        parser="dashed",
    )
    forms = {d.form: d.clause for d in definitions(book)}
    assert forms == {
        "《先制攻擊》": "9-1-1",
        "KO": "9-1-2",
        "[Dual Attack]": "9-1-3",  # [X Attack] is a pattern
        "[發動]": "10-3",
        "超計數": "用語集/超計數（OC）",
        "OC": "用語集/超計數（OC）",
        "忍法奥义": "900.忍法奥义X",
    }  # 「充能(X)【○○】」 has placeholders; 10-2 only uses 【啟動·主要】


def test_term_mentions_match_brackets_parameters_and_whole_words():
    index = TermIndex.of(
        make_book(
            [
                ("9", None, "Keywords", "", "chapter"),
                ("9-1", "9", "[Over Realm] ([Over Realm X])", "", "section"),
                ("9-2", "9", "KO", "", "section"),
                ("9-3", "9", "《修復》", "", "section"),
            ],
            parser="dashed",
        )
    )
    text = "[Over Realm 5] KO-ed, KOALA, 《修復：1》, 修復, [Over Realm-2]"
    assert [(c.raw, index.clause_of(c)) for c in index.find(text)] == [
        ("[Over Realm 5]", "9-1"),
        ("KO", "9-2"),
        ("《修復：1》", "9-3"),
    ]


# --- graph -----------------------------------------------------------------------------


def test_graph_edges_and_questions_on_a_clean_book():
    graph = ReferenceGraph(make_book(CLEAN), references_of(make_book(CLEAN)))
    assert [(r.target, r.kind) for r in graph.cites("1.1")] == [
        ("2.1.1", CitationKind.CITES),
        ("2.2.1", CitationKind.CITES),
    ]
    assert [r.source for r in graph.cited_by("2.1.1")] == ["1.1", "1.2"]
    assert [(r.target, r.printed) for r in graph.terms("2.1.1")] == [("3.1", "【爆发】")]
    # 3.1.1 uses 【爆发】 inside the section that defines it: no self-link
    assert graph.terms("3.1.1") == []
    # 「参照 3.1.【爆发】」 is one explicit citation, not also a term use
    assert [r.kind for r in graph.references if r.source == "2.2.1"] == [
        CitationKind.TERM,
        CitationKind.CITES,
    ]
    assert graph.most_cited(2) == [("2.1.1", 2), ("2.2.1", 1)]
    assert graph.path("1.1", "3.1") == ["1.1", "2.1.1", "3.1"]
    assert graph.path("3.1", "1.1") is None
    assert graph.path("3", "3.1.1") is None and graph.path("3", "3.1.1", via_hierarchy=True) == [
        "3",
        "3.1",
        "3.1.1",
    ]
    assert graph.neighbourhood("2.2.1", 1) == {"2.2.1": 0, "1.1": 1, "2.2": 1, "3.1": 1}
    assert set(graph.neighbourhood("2.2.1", 2)) == {
        "2.2.1",
        "1.1",
        "2.2",
        "3.1",
        "1",
        "2.1.1",
        "2",
        "3",
        "3.1.1",
    }
    edge_kinds = {d["kind"] for _, _, d in graph.graph.edges(data=True)}
    assert edge_kinds == {"contains", "cites", "term"}


def test_unknown_clause_ids_and_bad_depths_are_bad_input():
    graph = graph_for(make_book(CLEAN))
    for call in (
        graph.cites,
        graph.cited_by,
        graph.terms,
        lambda i: graph.neighbourhood(i, 2),
        lambda i: graph.path("1.1", i),
    ):
        with pytest.raises(NotFound, match=r"no clause '9\.9'"):
            call("9.9")
    with pytest.raises(ArbiterError, match="depth must be 0 or more"):
        graph.neighbourhood("1.1", -1)


def test_term_edges_are_one_per_clause_and_term_with_a_count():
    book = make_book(CLEAN[:-1] + [("3.2", "3", None, "【爆发】与【爆发】。", "rule")])
    graph = graph_for(book)
    edges = [d for _, v, d in graph.graph.out_edges("3.2", data=True) if d["kind"] == "term"]
    assert [(d["reference"].target, d["count"]) for d in edges] == [("3.1", 2)]


def test_graph_is_built_once_per_book():
    book = make_book(CLEAN)
    assert graph_for(book) is graph_for(book)
    assert graph_for(make_book(CLEAN[:5])) is not graph_for(book)


def test_exports_round_trip():
    graph = graph_for(make_book(BROKEN[:4] + [("2.3", "2", "防御", "", "section")]))
    data = json.loads(graph.to_json())
    assert len(data["nodes"]) == 5 and data["graph"]["game"] == "syn"
    assert {e["kind"] for e in data["edges"]} == {"contains", "cites"}
    assert {u["printed"] for u in data["unresolved"]} == {"9.9.9", "不存在的章"}
    root = ET.fromstring(graph.to_graphml())
    ns = {"g": "http://graphml.graphdrawing.org/xmlns"}
    assert len(root.findall(".//g:node", ns)) == 5
    assert len(root.findall(".//g:edge", ns)) == graph.graph.number_of_edges()


# --- lint ------------------------------------------------------------------------------


def test_lint_reports_nothing_on_a_clean_book():
    changelog = [ChangeEntry("0.9", "1", ChangeAction.REVISED, ("2.1.1",), "", 40)]
    assert lint(make_book(CLEAN, changelog=changelog)) == []


def test_lint_reports_each_kind_of_problem():
    book = make_book(
        [(cid if i != 4 else "2.1~2", *rest) for i, (cid, *rest) in enumerate(BROKEN)]
        + [("2.4", "2", None, "（详见攻击）", "rule")],
        problems=[Problem(ProblemKind.DUPLICATE_ID, "2.1~2", "2.1 is printed again", 5)],
        changelog=[
            ChangeEntry("0.9", "1", ChangeAction.ADDED, ("7.7",), "", 40, "log.txt"),
            ChangeEntry("0.9", "1", ChangeAction.DELETED, ("2.3",), "", 41, "log.txt"),
        ],
    )
    found = {(f.kind, f.clause, f.line) for f in lint(book)}
    assert found == {
        (FindingKind.DANGLING_REFERENCE, "1.1", 2),  # 9.9.9
        (FindingKind.DANGLING_REFERENCE, "1.1", 2),  # 「不存在的章」
        (FindingKind.TITLE_DISAGREES, "1.1", 2),
        (FindingKind.DUPLICATE_ID, "2.1~2", 5),
        (FindingKind.AMBIGUOUS_REFERENCE, "2.4", 7),  # 攻击 is the title of 2.1 and 2.1~2
        (FindingKind.CHANGELOG_UNKNOWN_CLAUSE, "7.7", 40),
        (FindingKind.CHANGELOG_DELETED_PRESENT, "2.3", 41),
    }
    assert len([f for f in lint(book) if f.kind is FindingKind.DANGLING_REFERENCE]) == 2


def test_lint_reports_clauses_cited_by_title_only():
    book = make_book(CLEAN + [("3.2", "3", None, "（详见防御）", "rule")])
    assert [(f.kind, f.clause) for f in lint(book)] == [(FindingKind.CITED_BY_TITLE_ONLY, "3.2")]


# --- annotate --------------------------------------------------------------------------


def test_annotate_marks_every_reference_and_escapes_the_rest():
    graph = graph_for(make_book(CLEAN + [("3.2", "3", None, "<b>参见 9.9 和 2.1.1</b>、【爆发】", "rule")]))

    def link(piece, refs):
        return f'<a href="#{refs[0].target}">{piece}</a>' if refs[0].target else f"<s>{piece}</s>"

    assert annotate_clause(graph, "3.2", link, escape=html.escape) == (
        '&lt;b&gt;参见 <s>9.9</s> 和 <a href="#2.1.1">2.1.1</a>&lt;/b&gt;、<a href="#3.1">【爆发】</a>'
    )
    with pytest.raises(NotFound):
        annotate_clause(graph, "4", link)


def test_annotate_skips_overlapping_marks():
    assert (
        annotate("abcdef", [((0, 3), 1), ((2, 5), 2), ((5, 6), 3)], lambda s, n: f"[{s}]{n}")
        == "[abc]1de[f]3"
    )
