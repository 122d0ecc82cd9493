"""What a reader of the pages sees: counts that agree, plurals, the pager, every listed page.

Through the real app (``app.test_client()``) on the bundled rulebooks; the
expected values come from the pages a link opens, the corpus or the README,
never from the template under test.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from corpus.library import all_books
from webapp import create_app

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def client():
    return create_app({"TESTING": True}).test_client()


def html(response) -> str:
    assert response.status_code == 200, response.status_code
    assert response.content_type.startswith("text/html"), response.content_type
    return response.get_data(as_text=True)


def lint_heading_count(page: str) -> int:
    return int(re.search(r"<h1>(\d+) problems? in ", page).group(1))


# -- one count of a book's problems -----------------------------------------------------------


def test_every_problem_count_is_what_its_lint_page_lists(client):
    """ "2 problems" on the home page must not open "4 problems in uhb 1.9"."""
    home = html(client.get("/"))
    for info in all_books():
        lint_address = f"/lint/{info.game}/{info.version}"
        listed = client.get("/api" + lint_address).json["findings"]
        lint_page = html(client.get(lint_address))
        rows = lint_page.split("<tbody>")[1].count("<tr>") if listed else 0
        assert lint_heading_count(lint_page) == len(listed) == rows
        book_page = html(client.get(f"/{info.game}/{info.version}"))
        for where, page in (("home", home), ("book", book_page)):
            shown = re.search(rf'<a href="{re.escape(lint_address)}">(\d+) problems?</a>', page)
            assert shown and int(shown.group(1)) == len(listed), (where, info.key)
    books = client.get("/api/books").json
    counted = {(b["game"], b["version"]): b["problems"] for g in books["games"] for b in g["versions"]}
    index = {(b["game"], b["version"]): b["findings"] for b in client.get("/api/lint").json["books"]}
    linted = {
        (i.game, i.version): len(client.get(f"/api/lint/{i.game}/{i.version}").json["findings"])
        for i in all_books()
    }
    assert counted == index == linted


# -- plurals ---------------------------------------------------------------------------------

UCG_1_1_1 = "1.1.1. 在這款超人力霸王卡牌遊戲中，參與遊戲的人稱為玩家，這款遊戲由兩名玩家進行對戰。"
DANGLING = "請參閱「99.效果的發揮」。"  # ucg has no clause 99


@pytest.fixture
def one_problem(tmp_path, monkeypatch):
    """An ARBITER_HOME holding ucg 1.7: the bundled 1.6 with one reference to a clause that does not exist."""
    from corpus import store
    from corpus.manifest import bundled_manifest

    monkeypatch.setenv("ARBITER_HOME", str(tmp_path / "home"))
    manifest = bundled_manifest()
    source = next(i for i in manifest.books if i.game == "ucg")
    text = (manifest.root / source.source).read_text(encoding="utf-8")
    assert UCG_1_1_1 in text
    copy = tmp_path / "ucg-1.7.txt"
    copy.write_text(text.replace(UCG_1_1_1, UCG_1_1_1 + DANGLING), encoding="utf-8")
    store.ingest(copy, "ucg", "1.7")
    return create_app({"TESTING": True, "REFRESH_SECONDS": 0}).test_client()


@pytest.mark.parametrize("lang, one", [("en", "1 problem"), ("zh_Hant", "1 個問題"), ("zh_Hans", "1 个问题")])
def test_one_problem_is_one_problem_in_every_language(one_problem, lang, one):
    assert len(one_problem.get("/api/lint/ucg/1.7").json["findings"]) == 1
    for address in ("/", "/ucg/1.7", "/lint/ucg/1.7"):
        page = html(one_problem.get(address, query_string={"lang": lang}))
        assert re.search(rf"(?<![\d.]){re.escape(one)}(?!s)", page), (address, lang)
    english = html(one_problem.get("/", query_string={"lang": "en"}))
    assert "1 problems" not in english and "308 clauses" in english


def test_the_command_line_counts_in_the_singular_too(one_problem):
    from click.testing import CliRunner

    from webapp.cli import main

    assert CliRunner().invoke(main, ["lint", "ucg"]).output.splitlines()[-1] == "1 problem in ucg 1.7"
    books = CliRunner().invoke(main, ["books"]).output
    assert re.search(r"^ucg +1\.7 +308 +1 ", books, re.MULTILINE)


# -- search pager ---------------------------------------------------------------------------


def pager_of(page: str) -> str:
    return re.search(r'<nav class="pager".*?</nav>', page, re.DOTALL).group()


def test_the_pager_shows_both_ends_the_neighbours_and_where_you_are(client):
    pages = client.get("/api/search", query_string={"q": "玩家"}).json["pages"]
    assert pages >= 10, "the query must give enough pages to leave some out"
    pager = pager_of(html(client.get("/search", query_string={"q": "玩家", "page": 5})))
    linked = [int(a) for a, b in re.findall(r'page=(\d+)">(\d+)</a>', pager) if a == b]
    assert linked == [1, 4, 6, pages]
    assert re.search(r'<span aria-current="page">5</span>', pager)
    assert pager.count("…") == 2
    assert f"page 5 of {pages}" in pager
    assert 'rel="prev" href="/search?q=%E7%8E%A9%E5%AE%B6&amp;page=4"' in pager
    assert 'rel="next" href="/search?q=%E7%8E%A9%E5%AE%B6&amp;page=6"' in pager
    first = pager_of(html(client.get("/search", query_string={"q": "玩家"})))
    assert [int(a) for a, b in re.findall(r'page=(\d+)">(\d+)</a>', first) if a == b] == [2, pages]
    last = pager_of(html(client.get("/search", query_string={"q": "玩家", "page": pages})))
    assert [int(a) for a, b in re.findall(r'page=(\d+)">(\d+)</a>', last) if a == b] == [1, pages - 1]
    assert 'rel="next"' not in last and f"page {pages} of {pages}" in last


# -- every page the README lists --------------------------------------------------------------


def readme_pages() -> list[str]:
    """The addresses in the README's table of web pages."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    table = text[text.index("| page | address |") :].split("\n\n")[0]
    return [address for row in table.splitlines()[2:] for address in re.findall(r"`([^`]+)`", row)]


def test_every_page_the_readme_lists_answers_as_a_page_and_as_json(client):
    addresses = readme_pages()
    assert {"/", "/compare", "/lint/uhb/1.9"} <= set(addresses)
    for address in addresses:
        page = html(client.get(address))
        assert "<h1" in page, address
        twin = client.get("/api/books" if address == "/" else "/api" + address)
        assert (twin.status_code, twin.content_type) == (200, "application/json"), address


def test_compare_is_a_page_with_both_forms_and_its_twin_has_the_same_data(client):
    from corpus.library import games
    from corpus.search.synonyms import concepts

    page = html(client.get("/compare"))
    assert re.search(r'<form[^>]*action="/compare"', page)
    for name in ("left", "right", "concept"):
        assert f'name="{name}"' in page
    offered = re.findall(r'<option value="([^"]+)">', page.split('id="concepts"')[1].split("</datalist>")[0])
    expected = sorted({key for game in games() for key in concepts(game)})
    assert offered == expected == client.get("/api/compare").json["concepts"]
    compared = html(client.get("/compare", query_string={"left": "ucg:1.3.2", "right": "uhb:1.3.2"}))
    assert 'value="ucg:1.3.2"' in compared and "ucg@1.6:1.3.2" in compared  # the form keeps what was asked
    versions = html(client.get("/versions"))
    assert 'href="/compare"' in versions


def test_a_half_given_or_bad_comparison_shows_the_form_with_the_problem(client):
    half = client.get("/compare", query_string={"left": "ucg:1.3.2"})
    assert half.status_code == 400 and 'name="right"' in half.get_data(as_text=True)
    assert client.get("/api/compare", query_string={"left": "ucg:1.3.2"}).json["error"]["field"] == "right"
    bad = client.get("/compare", query_string={"left": "ucg:1.3.2", "right": "ucg:99.99"})
    assert bad.status_code == 404 and 'name="concept"' in bad.get_data(as_text=True)


# -- game names in the interface's language -----------------------------------------------------


def game_heading(page: str, game: str) -> str:
    """The name the home page gives ``game`` (its heading, before the key)."""
    return re.search(rf'<h3><a href="[^"]+">([^<]+)</a> <span class="key">{game}</span></h3>', page).group(1)


def test_game_names_follow_the_interface_language(client):
    """A Chinese page names each game as its Chinese rulebook prints it, in the page's script."""
    import opencc

    from corpus.manifest import bundled_manifest

    manifest = bundled_manifest()
    convert = {"zh_Hant": opencc.OpenCC("s2t.json").convert, "zh_Hans": opencc.OpenCC("t2s.json").convert}
    own = {"Hant": "zh_Hant", "Hans": "zh_Hans"}
    pages = {lang: html(client.get("/", query_string={"lang": lang})) for lang in ("en", *convert)}
    for info in manifest.books:
        assert game_heading(pages["en"], info.game) == info.game_title
        if info.script.value not in own:  # an English book prints no Chinese name
            assert game_heading(pages["zh_Hant"], info.game) == info.game_title
            continue
        printed = game_heading(pages[own[info.script.value]], info.game)
        text = (manifest.root / info.source).read_text(encoding="utf-8")
        assert printed in text, f"{info.game}: the book does not print {printed!r}"
        for lang, to_script in convert.items():
            assert game_heading(pages[lang], info.game) == to_script(printed), (info.game, lang)
    chinese = {game_heading(pages["zh_Hans"], info.game) for info in manifest.books}
    assert "超人力霸王卡牌游戏" in chinese and "Ultraman Card Game" not in chinese
    book_page = html(client.get("/uhb/1.9", query_string={"lang": "zh_Hant"}))
    assert "<span>奧特曼英雄對決</span>" in book_page
    clause = html(client.get("/gcg/1.1.0/1-1", query_string={"lang": "zh_Hans"}))
    assert "钢弹卡牌对战 1.1.0" in clause
    versions = html(client.get("/versions", query_string={"lang": "zh_Hans"}))
    assert "零次元集换式卡牌 (1.20)" in versions
