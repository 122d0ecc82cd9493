"""The reference graph of the real rulebooks: known references, term links, lint findings.

Expected values come from the source texts (read here with plain regexes),
not from the graph's own output.
"""

from __future__ import annotations

import re

import pytest

from corpus.library import all_books, load_book
from corpus.manifest import bundled_manifest
from graph.annotate import annotate_clause
from graph.build import load_graph
from graph.citations import CitationKind, Status
from graph.lint import FindingKind, lint


def source_lines(game, version=None):
    book = load_book(game, version)
    return (bundled_manifest().root / book.info.source).read_text(encoding="utf-8").splitlines()


def line_of(game, pattern, version=None):
    """1-based number of the only source line matching ``pattern``."""
    found = [n for n, line in enumerate(source_lines(game, version), 1) if re.search(pattern, line)]
    assert len(found) == 1, (pattern, found)
    return found[0]


@pytest.mark.parametrize(
    ("game", "source", "target"),
    [
        ("uhb", "1.0.2", "2.0.7"),
        ("gcg", "8-5-2-3-1", "13-2-5"),
        ("zd", "101", "901"),
        ("ucg", "5.7.1", "10"),
        ("ucg", "12.4.2.3", "12.4.2.2"),
    ],
)
def test_known_references_resolve(game, source, target):
    graph = load_graph(game)
    within = {source} | {c.id for c in graph.book.clauses if c.parent == source}  # zd: 101's paragraphs
    found = [r for r in graph.references if r.source in within and r.kind is CitationKind.CITES]
    assert [(r.target, r.status) for r in found] == [(target, Status.RESOLVED)]
    assert target in {r.source for r in graph.cited_by(target)} | {r.target for r in found}


def test_cited_by_lists_every_clause_that_prints_the_number():
    graph = load_graph("gcg")
    printed = {n for n, line in enumerate(source_lines("gcg"), 1) if re.search(r"參閱 ?13-2-5\.", line)}
    citing = {graph.book.get(r.source).line_start for r in graph.cited_by("13-2-5")}
    assert citing == printed and len(printed) == 3


def test_card_numbers_and_card_name_references_are_left_alone():
    uhb = load_graph("uhb")
    with_cards = [c for c in uhb.book.clauses if re.search(r"HBU\d*-[A-Z]", c.text)]
    assert len(with_cards) >= 5
    for clause in with_cards:
        printed = {r.printed for r in uhb.cites(clause.id)}
        assert all(re.fullmatch(r"\d+(?:\.\d+)+[a-z]?", p) for p in printed), (clause.id, printed)
    ucg = load_graph("ucg")
    for clause_id in ("2.3.1.2", "2.4.1.2", "2.3.2.2", "8.1.1", "9.3.2"):
        assert "參照" in ucg.book.get(clause_id).text
        assert ucg.cites(clause_id) == []


def compact(text):
    return re.sub(r"\s", "", text).lower()


def test_every_resolved_target_exists_and_every_span_shows_the_target():
    for info in all_books():
        graph = load_graph(info.game, info.version)
        for ref in graph.references:
            text = graph.book.get(ref.source).text
            shown = text[ref.span[0] : ref.span[1]]
            assert ref.target is None or ref.target in graph.book
            assert ref.raw in text and shown in ref.raw
            if ref.kind is CitationKind.TERM:
                assert compact(ref.printed.strip("【】《》[]「」")) in compact(shown), (ref, shown)
            elif ref.printed == "previous":
                assert shown in ("上条", "上條")
            elif "—" in ref.printed:
                assert all(end in shown for end in ref.printed.split("—")), (ref, shown)
            else:
                assert compact(shown) == compact(ref.printed), (ref, shown)


@pytest.mark.parametrize(
    ("game", "bracketed", "definer"),
    [
        ("gcg", "《先制攻擊》", "13-1-5"),
        ("gcg", "【爆發】", "13-2-5"),
        ("dbscg", "[Blocker]", "10-4"),
        ("zd", "【登场时】", "801"),
        ("ucg", "《當本角色登場時》", "9.2"),
    ],
)
def test_a_bracketed_keyword_anywhere_links_to_its_definition(game, bracketed, definer):
    graph = load_graph(game)
    outside = [
        c.id
        for c in graph.book.clauses
        if bracketed in c.text and definer not in {c.id} | {a.id for a in graph.book.ancestors(c.id)}
    ]
    assert outside
    for clause_id in outside:
        assert definer in {r.target for r in graph.terms(clause_id)}, clause_id
    assert {r.source for r in graph.term_users(definer)} >= set(outside)


def test_glossary_and_keyword_entries_are_linked_from_the_text():
    bs = load_graph("bs")
    glossary = [c for c in bs.book.clauses if c.kind.value == "glossary"]
    assert len(glossary) > 80
    users = [c.id for c in bs.book.clauses if "煌臨元卡" in c.text and c.id != "用語集/煌臨元卡"]
    assert users and all("用語集/煌臨元卡" in {r.target for r in bs.terms(u)} for u in users)
    zd = load_graph("zd")
    assert "900.突袭" in {r.target for r in zd.terms("708.p2")}  # 「获得**突袭**」
    dbscg = load_graph("dbscg")
    assert "10-1" in {r.target for r in dbscg.terms("7-4-1-4-2")}  # "it is KO-ed"
    uhb = load_graph("uhb")  # 「五、术语释义」 defines 5.5.0 翻开
    assert "5.5.0" in {r.target for r in uhb.terms("2.0.5a")} and "翻开" in uhb.book.get("2.0.5a").text


def test_annotated_real_clause_links_its_citation_and_terms():
    graph = load_graph("gcg")
    marked = annotate_clause(graph, "8-5-2-3-1", lambda piece, refs: f"<{refs[0].target}|{piece}>")
    assert "(參閱 <13-2-5|13-2-5.【爆發】>)" in marked
    assert "擁有<13-2-5|【爆發】><5-1|效果>" in marked  # 5-1 defines 效果 among the basic terms
    assert re.sub(r"<[^|>]+\|([^>]*)>", r"\1", marked) == graph.book.get("8-5-2-3-1").text


def test_uhb_lint_finds_the_duplicate_and_the_missing_targets():
    findings = lint(load_book("uhb"))
    got = {(f.kind, f.clause, f.line) for f in findings}
    assert (FindingKind.DUPLICATE_ID, "4.1.1a~2", line_of("uhb", r"^4\.1\.1a .*4\.1\.1a ")) in got
    for missing in ("4.4.2a", "4.4.2b"):
        line = line_of("uhb", rf"参\s?见 {missing}")
        hits = [f for f in findings if f.kind is FindingKind.DANGLING_REFERENCE and missing in f.message]
        assert [(f.line, f.source) for f in hits] == [(line, "uhb-1.9-zh-Hans.txt")]
    assert not any(re.match(r"^4\.4\.2[ab] ", line) for line in source_lines("uhb"))


def test_dbscg_1070_lint_finds_the_repeated_sections_and_1071_does_not():
    for number in ("10-4", "10-5"):
        printed = [
            n for n, line in enumerate(source_lines("dbscg", "1.070"), 1) if line.startswith(f"{number}. ")
        ]
        assert len(printed) == 2
        dup = [
            f
            for f in lint(load_book("dbscg", "1.070"))
            if f.kind is FindingKind.DUPLICATE_ID and f.clause == f"{number}~2"
        ]
        assert [f.line for f in dup] == [printed[1]]
    assert not [f for f in lint(load_book("dbscg", "1.071")) if f.kind is FindingKind.DUPLICATE_ID]


def test_zd_lint_reports_the_title_that_names_another_section():
    title = [f for f in lint(load_book("zd")) if f.kind is FindingKind.TITLE_DISAGREES]
    assert [(f.clause, f.line) for f in title] == [("312.p3", line_of("zd", r"请参照 705\.反击特效"))]
    assert "704" in title[0].message  # the section that has that title


def test_gcg_lint_reports_the_deleted_clause_that_is_still_printed():
    findings = [f for f in lint(load_book("gcg")) if f.kind is FindingKind.CHANGELOG_DELETED_PRESENT]
    deleted = [n for n, line in enumerate(source_lines("gcg"), 1) if re.search(r"刪除 10-3-4\.", line)]
    assert [f.line for f in findings] == deleted and len(deleted) == 2
    assert any(line.startswith("10-3-4. ") for line in source_lines("gcg"))


def test_lint_reports_sources_problems_from_the_parse():
    for info in all_books():
        book = load_book(info.game, info.version)
        kinds = {(f.kind.value, f.clause, f.line) for f in lint(book)}
        assert {(p.kind.value, p.clause, p.line) for p in book.problems} <= kinds
