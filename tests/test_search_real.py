"""Search on the real corpus: scripts, clause numbers, phrases, filters, pages, synonyms.

The index is built once per test session (under the session's ARBITER_HOME)
by the first Searcher that needs it; expected clauses are read from the
rulebook sources with regular expressions, not from the index.
"""

from __future__ import annotations

import re
import threading
from pathlib import Path

import pytest
import yaml

from corpus.errors import ArbiterError, NotFound
from corpus.library import all_books, load_book
from corpus.manifest import bundled_manifest
from corpus.search.analysis import normalize_number
from corpus.search.folding import fold
from corpus.search.service import Searcher
from corpus.storage import arbiter_home

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def searcher() -> Searcher:
    searcher = Searcher()
    searcher.refresh()
    return searcher


def source(name: str) -> str:
    return (bundled_manifest().root / name).read_text(encoding="utf-8")


def first_number(name: str, pattern: str) -> str:
    """The clause number printed on the first source line matching ``pattern``."""
    match = re.search(rf"^[-\s#]*(\d+(?:[.\-]\d+)*[a-z]?)\.?\s*{pattern}", source(name), re.MULTILINE)
    assert match, pattern
    return match.group(1)


def found(results) -> list[str]:
    return [hit.id for hit in results.hits]


def test_every_clause_of_every_version_is_indexed(searcher):
    expected = sum(len(load_book(info.game, info.version)) for info in all_books())
    assert searcher.search("Blocker", version="all", limit=1).total > 0
    opened = searcher.backend._current()
    assert opened.index.doc_count() == expected


def test_a_simplified_query_finds_traditional_text_and_shows_it_as_printed(searcher):
    expected = first_number("ucg-1.6-zh-Hant.txt", r".*勝利條件")
    hit = searcher.search("胜利条件", game="ucg").hits[0]
    assert hit.id == expected
    assert "勝利條件" in hit.snippet.text
    assert "勝利條件" in {hit.snippet.text[a:b] for a, b in hit.snippet.highlights}


def test_a_traditional_query_finds_simplified_text(searcher):
    expected = first_number("zd-1.20-zh-Hans.txt", r"胜负条件")
    results = searcher.search("勝負條件", game="zd")
    assert results.hits[0].id == expected
    assert results.hits[0].title == "胜负条件"


@pytest.mark.parametrize(
    ("game", "typed", "printed", "book"),
    [
        ("ucg", "5.9.4", r"5\.9\.4\. ", "ucg-1.6-zh-Hant.txt"),
        ("gcg", "8-5-2", r"8-5-2\. ", "gcg-1.1.0-zh-Hant.txt"),
        ("gcg", "8.5.2", r"8-5-2\. ", "gcg-1.1.0-zh-Hant.txt"),
        ("uhb", "1.3.2", r"1\.3\.2 ", "uhb-1.9-zh-Hans.txt"),
        ("zd", "101", r"#+ 101\.", "zd-1.20-zh-Hans.txt"),
        ("dbscg", "10-13-3", r"10-13-3\. ", "dbscg/dbscg-1.071-en.txt"),
    ],
)
def test_a_clause_number_jumps_to_that_clause_then_the_ones_under_it(searcher, game, typed, printed, book):
    assert re.search(rf"^[-\s]*{printed}", source(book), re.MULTILINE)
    results = searcher.search(typed, game=game)
    first = results.hits[0]
    assert normalize_number(first.id) == normalize_number(typed) and first.exact
    book = load_book(game)
    subtree = [c.id for c in book.clauses if first.id in [a.id for a in book.ancestors(c.id)]]
    assert subtree, "the clause has clauses under it"
    assert found(results)[1 : 1 + len(subtree)] == subtree[: results.per_page - 1]


@pytest.mark.parametrize(
    ("game", "query", "printed"),
    [
        ("gcg", "同一卡牌编号 最多 4 张", "卡組中最多只能放入 4 張同一卡牌編號的卡牌"),
        ("dbscg", "4 copies of the same card number", "up to 4 copies of a card with the same card number"),
    ],
)
def test_a_bare_number_beside_other_words_is_a_count_not_a_clause_number(searcher, game, query, printed):
    expected = next(c.id for c in load_book(game).clauses if printed in c.text)
    hits = searcher.search(query, game=game).hits
    assert not any(hit.exact for hit in hits), "clause 4 is not what the query names"
    assert expected in [hit.id for hit in hits[:3]]


@pytest.mark.parametrize(
    ("game", "query", "opening"),
    [
        ("dbscg", "Blocker", "[Blocker] is an"),
        ("dbscg", "Over Realm", "[Over Realm] is an"),  # the heading: [Over Realm] ([Over Realm X])
        ("gcg", "阻擋者", "《阻擋者》是指"),
        ("gcg", "休息状态", "休息狀態：卡牌"),  # defined in a list under 活躍狀態和休息狀態
        ("gcg", "AP", "是在戰鬥中表示攻擊力的資訊"),  # under the heading AP (攻擊值), opening with 是
        ("bs", "疲勞", "指將卡牌橫置的動作"),  # a 用語集 entry: its own title, then 指…
    ],
)
def test_a_term_the_book_defines_finds_its_definition_first(searcher, game, query, opening):
    expected = next(c.id for c in load_book(game).clauses if c.text.startswith(opening))
    assert searcher.search(query, game=game).hits[0].id == expected


@pytest.mark.parametrize(
    ("game", "query", "printed"),
    [
        ("zd", "手牌上限 6 张", "通常每位玩家的手牌上限为六张"),  # the book writes the number in Chinese
        ("ucg", "三處以上 勝利", "若彼此皆有 3 處或以上為勝利狀態時"),  # the query does
    ],
)
def test_a_number_written_in_chinese_meets_its_digits(searcher, game, query, printed):
    expected = next(c.id for c in load_book(game).clauses if printed in c.text)
    assert searcher.search(query, game=game).hits[0].id == expected


def test_a_clause_number_without_a_game_jumps_to_it_in_every_book(searcher):
    results = searcher.search("8-5-2")
    assert {(h.game, h.id) for h in results.hits[:2]} == {("gcg", "8-5-2"), ("dbscg", "8-5-2")}


def test_a_number_printed_twice_finds_both_clauses(searcher):
    assert len(re.findall(r"4\.1\.1a ", source("uhb-1.9-zh-Hans.txt"))) >= 2
    assert found(searcher.search("4.1.1a", game="uhb"))[:2] == ["4.1.1a", "4.1.1a~2"]


def test_lettered_heading_path_and_derived_ids_are_ids_too(searcher):
    assert re.search(r"^1\.0\.2a ", source("uhb-1.9-zh-Hans.txt"), re.MULTILINE)
    assert searcher.search("1.0.2A", game="uhb").hits[0].id == "1.0.2a"
    book = load_book("bs")
    path = next(c.id for c in book.clauses if c.id.count("/") >= 2 and " " in c.id)
    assert searcher.search(path, game="bs").hits[0].id == path
    assert searcher.search("900.突襲", game="zd").hits[0].id == "900.突袭"


def test_a_quoted_phrase_must_appear_as_written(searcher):
    book = load_book("gcg")
    containing = {c.id for c in book.clauses if "战斗区" in fold(f"{c.title or ''}\n{c.text}")}
    results = searcher.search('"战斗区"', game="gcg", limit=100)
    assert results.total == len(containing) > 10
    assert set(found(results)) == containing
    one = searcher.search('"战斗区"', game="gcg", limit=1)
    assert one.total == len(containing), "the total does not depend on the page size"
    loose = searcher.search("战斗 区", game="gcg", limit=100)
    assert loose.total > results.total


def test_an_english_phrase_may_hold_stop_words(searcher):
    book = load_book("dbscg")
    expected = {c.id for c in book.clauses if re.search(r"\bdraws? a card\b", c.text, re.IGNORECASE)}
    results = searcher.search('"draw a card"', game="dbscg", limit=100)
    assert expected and expected <= set(found(results))


def test_and_and_not(searcher):
    both = searcher.search("先攻 AND 猜拳", game="ucg", limit=100)
    assert both.hits and all("猜拳" in h.snippet.text for h in both.hits)
    without = searcher.search("猜拳 NOT 先攻", game="ucg", limit=100)
    book = load_book("ucg")
    expected = {c.id for c in book.clauses if "猜拳" in c.text and "先攻" not in f"{c.title or ''}{c.text}"}
    assert set(found(without)) == expected


def test_not_excludes_next_to_and_in_every_game(searcher):
    """``a AND b -c`` across all games (the 張 of 「1 張卡牌」 once went unexcluded, and so did
    the 张 that ends a longer run, 六张，until characters were indexed on their own)."""
    results = searcher.search("手牌 AND 上限 -張", limit=100)
    texts = {
        (game, c.id): fold(f"{c.title or ''}{c.text}")
        for game in sorted({info.game for info in all_books()})
        for c in load_book(game).clauses
    }
    expected = {
        address for address, text in texts.items() if "手牌" in text and "上限" in text and "张" not in text
    }
    assert expected and {(h.game, h.id) for h in results.hits} == expected


def test_filters_in_the_query_and_as_options_agree(searcher):
    inline = searcher.search("game:bs kind:faq 爆裂", limit=50)
    options = searcher.search("爆裂", game="bs", kind="faq", limit=50)
    assert found(inline) == found(options) and inline.hits
    assert all(h.game == "bs" and h.kind == "faq" for h in inline.hits)


def test_the_newest_version_by_default_any_version_on_request(searcher):
    newest = searcher.search("Blocker", game="dbscg", limit=50)
    assert {h.version for h in newest.hits} == {"1.071"}
    old = searcher.search("version:1.070 Blocker", game="dbscg", limit=50)
    assert {h.version for h in old.hits} == {"1.070"}
    every = searcher.search("Blocker", game="dbscg", version="all", limit=100)
    assert {h.version for h in every.hits} == {"1.070", "1.071"}
    assert every.total == old.total + newest.total


@pytest.mark.parametrize(
    ("options", "error", "field"),
    [
        ({"game": "mtg"}, NotFound, "game"),
        ({"game": "ucg", "version": "9.9"}, NotFound, "version"),
        ({"kind": "poem"}, ArbiterError, "kind"),
        ({"limit": 0}, ArbiterError, "limit"),
        ({"limit": 1000}, ArbiterError, "limit"),
        ({"page": 0}, ArbiterError, "page"),
    ],
)
def test_bad_options_name_the_field(searcher, options, error, field):
    with pytest.raises(error) as caught:
        searcher.search("勝利", **options)
    assert caught.value.field == field


def test_pages_partition_the_results(searcher):
    whole = searcher.search("BP", limit=15)
    pages = [searcher.search("BP", limit=5, page=n) for n in (1, 2, 3)]
    assert [h.id for p in pages for h in p.hits] == found(whole)
    assert {p.total for p in pages} == {whole.total} and whole.total > 15
    beyond = searcher.search("BP", limit=5, page=pages[0].pages + 1)
    assert beyond.hits == () and beyond.total == whole.total


def test_an_english_query_finds_a_chinese_rule_through_synonyms(searcher):
    expected = first_number("gcg-1.1.0-zh-Hant.txt", r"手牌的上限張數")
    assert expected in found(searcher.search("hand limit", game="gcg"))[:3]


def test_a_user_synonym_file_extends_and_overrides_the_bundled_one(searcher):
    folder = arbiter_home() / "synonyms"
    folder.mkdir(exist_ok=True)
    user = folder / "gcg.yaml"
    try:
        assert searcher.search("xyzzy", game="gcg").total == 0
        user.write_text("mine:\n  terms: [xyzzy, 先制攻擊]\nhand_limit:\n  terms: []\n", encoding="utf-8")
        section = first_number("gcg-1.1.0-zh-Hant.txt", "《先制攻擊》$")
        assert searcher.search("xyzzy", game="gcg").hits[0].id.startswith(section)

        def scored(results) -> list[tuple[str, float]]:
            return [(hit.id, hit.score) for hit in results.hits]

        plain = scored(Searcher(synonyms=False).search("hand limit", game="gcg"))
        assert scored(searcher.search("hand limit", game="gcg")) == plain  # hand_limit switched off
        user.write_text("mine: [not, a, mapping]\nhand_limit:\n  terms: []\n", encoding="utf-8")
        assert searcher.search("xyzzy", game="gcg").total == 0  # the file is skipped whole
        assert scored(searcher.search("hand limit", game="gcg")) != plain  # the bundled concept is back
    finally:
        user.unlink(missing_ok=True)


@pytest.mark.parametrize("query", ['"', "AND", "", "x" * 10_000, "game:ucg", "\x00"])
def test_malformed_queries_are_refused_clearly(searcher, query):
    with pytest.raises(ArbiterError):
        searcher.search(query)


@pytest.mark.parametrize(
    "query", ['"先制攻擊', "先制攻擊 AND", "((先制攻擊", "先制攻擊 -", "OR 先制攻擊 NOT"]
)
def test_odd_but_meaningful_queries_get_a_sensible_result(searcher, query):
    assert searcher.search(query, game="gcg").hits[0].id.startswith("13-1-5")


def test_concurrent_searches_on_one_searcher_agree_with_sequential_ones(searcher):
    queries = ["胜利条件", "hand limit", "5.9.4", '"戰鬥區"', "Blocker", "BP"]
    expected = {q: found(searcher.search(q, limit=20)) for q in queries}
    failures: list[str] = []

    def work():
        for _ in range(5):
            for q in queries:
                if found(searcher.search(q, limit=20)) != expected[q]:
                    failures.append(q)

    threads = [threading.Thread(target=work) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []


def test_every_clause_the_benchmark_names_exists():
    """bench/queries.yaml must follow the parsers' ids (bs heading paths, zd paragraphs)."""
    missing = []
    for entry in yaml.safe_load((ROOT / "bench" / "queries.yaml").read_text(encoding="utf-8")):
        book = load_book(entry["game"])
        missing += [f"{entry['game']}:{r}" for r in map(str, entry["relevant"]) if r.rstrip("*") not in book]
    assert missing == []


def test_the_package_function_searches_with_the_shared_searcher(searcher):
    from corpus.search import search

    assert [h.id for h in search("胜利条件", game="ucg").hits] == found(
        searcher.search("胜利条件", game="ucg")
    )
