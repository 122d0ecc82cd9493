"""The web app on a game with editions in two languages: every page that names a book reaches a translation.

The French 1.070 of dbscg (the publisher's text, ``tests/fixtures/dbscg/``) is
ingested as a user would, its language detected, beside the bundled English
1.070 and 1.071; then a French 1.071 made from it the way the publisher's
1.071 fixes the English (the second 1-2-2-1, Zone du Deck, becomes 1-2-2-2).
A translation is listed as ``1.070/fr`` and addressed as ``/dbscg/1.070~fr/…``;
the language is part of the version's segment, so it can never be read as the
first segment of a clause id.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from urllib.parse import quote, unquote

import pytest
from click.testing import CliRunner

from corpus import store
from corpus.library import load_book, versions
from webapp import create_app
from webapp.cli import main

FRENCH = Path(__file__).parent / "fixtures" / "dbscg" / "dbscg-1.070-fr.txt"
ZONE_DU_DECK = (
    "1-2-2-1. Durant une partie, quand un des deux joueurs voit le nombre de ses cartes dans sa Zone du Deck"
)


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    home = tmp_path_factory.mktemp("translations-home")
    text = FRENCH.read_text(encoding="utf-8")
    assert text.count(ZONE_DU_DECK) == 1
    newer = Path(home) / "dbscg-1.071-fr.txt"
    newer.write_text(
        text.replace("Version 1.070", "Version 1.071").replace(ZONE_DU_DECK, "1-2-2-2." + ZONE_DU_DECK[8:]),
        encoding="utf-8",
    )
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("ARBITER_HOME", str(home))
        assert store.ingest(FRENCH, "dbscg", "1.070").info.version == "1.070/fr"  # detected, not told
        assert store.ingest(newer, "dbscg", "1.071", lang="fr").info.version == "1.071/fr"
        yield create_app({"TESTING": True, "REFRESH_SECONDS": 0}).test_client()


def page(client, address: str) -> str:
    response = client.get(address)
    assert response.status_code == 200, (address, response.status_code)
    return response.get_data(as_text=True)


def api(client, address: str):
    response = client.get("/api" + address)
    assert response.status_code == 200, (address, response.json)
    return response.json


def links(html: str) -> list[str]:
    return [unquote(href) for href in re.findall(r'href="(/[^"#?]*)', html)]


def test_the_home_page_links_each_translation_and_every_link_answers(client):
    home = page(client, "/")
    assert "/dbscg/1.070~fr" in links(home) and "/dbscg/1.071~fr" in links(home)
    assert '<a href="/dbscg/1.070~fr" lang="fr">DRAGON BALL SUPER Jeu de cartes' in home
    for address in dict.fromkeys(links(home)):
        if address.startswith(("/dbscg", "/lint/dbscg", "/versions/dbscg")):
            page(client, address)
    # "what changed" stays in the game's own language: never from a translation to its original
    assert re.findall(r'href="(/versions/dbscg/[^"]+)"', home) == ["/versions/dbscg/1.070/1.071"]
    listed = [
        b["version"] for g in api(client, "/books")["games"] if g["game"] == "dbscg" for b in g["versions"]
    ]
    assert listed == ["1.071", "1.070", "1.071/fr", "1.070/fr"]


def test_a_translations_book_page_and_its_original_link_each_other(client):
    french = api(client, "/dbscg/1.070~fr")
    assert (french["book"]["version"], french["book"]["lang"], french["book"]["translation"]) == (
        "1.070/fr",
        "fr",
        True,
    )
    assert french["book"]["versions"] == ["1.070/fr", "1.071/fr"]  # its own language's versions
    assert [(o["version"], o["url"]) for o in french["book"]["other_languages"]] == [
        ("1.070", "/dbscg/1.070")
    ]
    assert french["toc"][0]["url"].startswith("/dbscg/1.070~fr/")
    english = api(client, "/dbscg/1.070")["book"]
    assert english["versions"] == ["1.070", "1.071"] and english["translation"] is False
    assert [(o["version"], o["lang"], o["url"]) for o in english["other_languages"]] == [
        ("1.070/fr", "fr", "/dbscg/1.070~fr")
    ]
    html = page(client, "/dbscg/1.070")
    assert '<a href="/dbscg/1.070~fr" hreflang="fr">1.070/fr</a>' in html
    assert '<ul class="toc" lang="fr">' in page(client, "/dbscg/1.070~fr")


def test_a_clause_of_a_translation_has_its_own_address(client):
    clause = api(client, "/dbscg/1.070~fr/1-2-2-1")
    assert "Zone de Vie" in clause["clause"]["text"]
    assert clause["clause"]["url"] == "/dbscg/1.070~fr/1-2-2-1"
    assert [(v["version"], v["present"]) for v in clause["versions"]] == [
        ("1.070/fr", True),
        ("1.071/fr", True),
    ]
    assert [(v["version"], v["url"]) for v in clause["other_languages"]] == [
        ("1.070", "/dbscg/1.070/1-2-2-1")
    ]
    assert all(
        link["url"].startswith("/dbscg/1.070~fr/") for link in clause["ancestors"] + clause["children"]
    )
    html = page(client, "/dbscg/1.070~fr/1-2-2-1")
    assert 'href="/versions/dbscg/history/1-2-2-1?language=fr"' in html
    assert 'href="/dbscg/1.070/1-2-2-1"' in html
    # the same clause in the original names the translation
    english = api(client, "/dbscg/1.070/1-2-2-1")
    assert [(v["version"], v["url"]) for v in english["other_languages"]] == [
        ("1.070/fr", "/dbscg/1.070~fr/1-2-2-1")
    ]


def test_a_slash_never_names_a_language(client):
    """``/dbscg/1.070/fr/1-2-2-1`` asks 1.070 (English) for a clause ``fr/1-2-2-1``, which it lacks."""
    response = client.get("/api/dbscg/1.070/fr/1-2-2-1")
    assert response.status_code == 404
    assert response.json["error"]["message"] == "no clause 'fr/1-2-2-1' in dbscg 1.070"


def test_a_translations_lint_page_answers_with_what_the_home_page_counts(client):
    home = api(client, "/books")
    counted = {
        b["version"]: b["problems"] for g in home["games"] if g["game"] == "dbscg" for b in g["versions"]
    }
    for version in versions("dbscg"):
        address = "/lint/dbscg/" + version.replace("/", "~")
        assert len(api(client, address)["findings"]) == counted[version], version
        assert f"{counted[version]} problem" in page(client, address)
    french = api(client, "/lint/dbscg/1.070~fr")
    assert french["book"]["url"] == "/dbscg/1.070~fr"
    # the French prints 1-2-2-1 twice: its lint says so, and links the clause where it is
    duplicate = next(f for f in french["findings"] if f["clause"] == "1-2-2-1~2")
    assert duplicate["url"] == "/dbscg/1.070~fr/1-2-2-1~2"
    lint_index = api(client, "/lint")
    assert "/dbscg/1.070~fr" in [b["url"] for b in lint_index["books"]]


def test_a_diff_between_two_french_editions_and_the_versions_index(client):
    diff = api(client, "/versions/dbscg/1.070~fr/1.071~fr")
    assert (diff["old"], diff["new"]) == ("1.070/fr", "1.071/fr")
    assert [(r["from"], r["to"]) for r in diff["renumbered"]] == [("1-2-2-1~2", "1-2-2-2")]
    assert diff["summary"]["modified"] == 0
    html = page(client, "/versions/dbscg/1.070~fr/1.071~fr")
    assert 'href="/dbscg/1.071~fr/1-2-2-2"' in html
    index = api(client, "/versions")
    assert [(d["old"], d["new"], d["url"]) for d in index["diffs"] if d["game"] == "dbscg"] == [
        ("1.070", "1.071", "/versions/dbscg/1.070/1.071"),
        ("1.070/fr", "1.071/fr", "/versions/dbscg/1.070~fr/1.071~fr"),
    ]
    assert index["suggested"] == {"game": "dbscg", "old": "1.070", "new": "1.071"}
    chosen = client.get("/versions?game=dbscg&old=1.070%2Ffr&new=1.071%2Ffr")
    assert chosen.status_code == 302 and chosen.location == "/versions/dbscg/1.070~fr/1.071~fr"


def test_a_clauses_history_follows_the_editions_of_one_language(client):
    french = api(client, "/versions/dbscg/history/1-2-2-2?language=fr")
    assert french["versions"] == ["1.070/fr", "1.071/fr"] and french["language"] == "fr"
    assert [(s["kind"], s["old_ids"], s["new_ids"]) for s in french["steps"]] == [
        ("renumbered", ["1-2-2-1~2"], ["1-2-2-2"])
    ]
    assert french["steps"][0]["diff_url"] == "/versions/dbscg/1.070~fr/1.071~fr"
    english = api(client, "/versions/dbscg/history/1-2-2-2")
    assert english["versions"] == ["1.070", "1.071"] and english["language"] == "en"
    assert [s["kind"] for s in english["steps"]] == ["unchanged"]
    assert api(client, "/versions/dbscg/history/1-2-2-2?language=en")["steps"] == english["steps"]
    assert "1-2-2-1~2" in page(client, "/versions/dbscg/history/1-2-2-2?language=fr")
    unknown = client.get("/api/versions/dbscg/history/1-2-2-2?language=de")
    assert unknown.status_code == 404
    assert unknown.json["error"] == {
        "code": "not_found",
        "message": "no edition of dbscg in 'de': expected one of en, fr",
        "field": "language",
    }


def test_search_hits_in_a_translation_open_its_clauses(client):
    found = api(client, "/search?q=Zone+de+Vie&game=dbscg&version=1.070%2Ffr")
    assert found["hits"], found
    assert found["choices"]["versions"]["dbscg"] == ["1.070/fr", "1.071/fr", "1.070", "1.071"]
    for hit in found["hits"]:
        assert (hit["version"], hit["lang"]) == ("1.070/fr", "fr")
        assert hit["url"] == f"/dbscg/1.070~fr/{hit['id']}"
        assert hit["id"] in page(client, hit["url"])
    assert 'href="/dbscg/1.070~fr/' in page(client, "/search?q=Zone+de+Vie&game=dbscg&version=1.070%2Ffr")
    addressed = client.get("/search?q=dbscg@1.070/fr:1-2-2-1")
    assert addressed.status_code == 302 and addressed.location == "/dbscg/1.070~fr/1-2-2-1"


@pytest.mark.parametrize("written", ["1.070/fr", "1.070~fr"])
def test_a_parameter_names_an_edition_as_the_library_lists_it_or_as_an_address_has_it(client, written):
    found = api(client, f"/search?q=Zone+de+Vie&game=dbscg&version={quote(written)}")
    assert found["hits"] and {hit["version"] for hit in found["hits"]} == {"1.070/fr"}
    compared = api(client, f"/compare?left=dbscg@1.070:10-13-4-4&right=dbscg@{quote(written)}:10-13-4-4")
    assert compared["comparison"]["right"]["url"] == "/dbscg/1.070~fr/10-13-4-4"
    addressed = client.get(f"/search?q=dbscg@{quote(written)}:1-2-2-1")
    assert addressed.status_code == 302 and addressed.location == "/dbscg/1.070~fr/1-2-2-1"


def test_the_games_own_language_may_be_named(client):
    assert api(client, "/dbscg/1.070~en/1-2-2-1") == api(client, "/dbscg/1.070/1-2-2-1")
    assert api(client, "/versions/dbscg/1.070~en/1.071") == api(client, "/versions/dbscg/1.070/1.071")


@pytest.mark.parametrize(
    ("address", "status", "field", "message"),
    [
        (
            "/api/dbscg/1.070~de/1-2-2-1",
            404,
            "version",
            "no edition of dbscg in 'de': expected one of en, fr",
        ),
        ("/api/dbscg/1.070~French/1-2-2-1", 404, "version", "invalid language 'French' in '1.070/French': "),
        (
            "/api/search?q=zone&game=dbscg&version=1.070~FR",
            404,
            "version",
            "invalid language 'FR' in '1.070~FR'",
        ),
        (
            "/api/compare?left=dbscg@1.070~zz:10-5&right=dbscg@1.070:10-5",
            404,
            "left",
            "no edition of dbscg in 'zz'",
        ),
        (
            "/api/versions/dbscg/1.070~fr/1.072~fr",
            404,
            "new",
            "unknown version '1.072' of dbscg in 'fr': expected one of 1.070/fr, 1.071/fr",
        ),
        ("/api/versions/dbscg/history/1-2-2-1?language=French", 404, "language", "invalid language 'French'"),
    ],
)
def test_a_bad_language_in_an_address_or_a_parameter_is_named(client, address, status, field, message):
    response = client.get(address)
    assert response.status_code == status, response.json
    assert response.json["error"]["field"] == field
    assert message in response.json["error"]["message"]


def test_compare_across_languages_links_both_sides_and_shows_the_translation_check(client):
    data = api(client, "/compare?left=dbscg@1.070:10-13-4-4&right=dbscg@1.070/fr:10-13-4-4")
    comparison = data["comparison"]
    assert [(s["url"], s["lang"]) for s in (comparison["left"], comparison["right"])] == [
        ("/dbscg/1.070/10-13-4-4", "en"),
        ("/dbscg/1.070~fr/10-13-4-4", "fr"),
    ]
    assert [(f["kind"], f["message"]) for f in comparison["findings"]] == [
        ("citations", "cites 10-14-1; the translation cites 10-13-4-1")
    ]
    html = page(client, "/compare?left=dbscg@1.070:10-13-4-4&right=dbscg@1.070/fr:10-13-4-4")
    assert 'href="/dbscg/1.070~fr/10-13-4-4"' in html and "the translation cites 10-13-4-1" in html
    same_language = api(client, "/compare?left=dbscg@1.070:10-13-4-4&right=dbscg@1.071:10-13-4-4")
    assert same_language["comparison"]["findings"] is None


# -- a whole book beside its translation ------------------------------------------------------


def test_the_side_by_side_page_aligns_every_clause_id_of_both_editions(client):
    english, french = load_book("dbscg", "1.070"), load_book("dbscg", "1.070/fr")
    data = api(client, "/compare/dbscg/1.070/1.070~fr")
    assert (data["original"]["version"], data["translation"]["version"]) == ("1.070", "1.070/fr")
    rows = {row["id"]: row for row in data["rows"]}
    assert len(rows) == len(data["rows"])  # each id once
    assert set(rows) == {c.id for c in english.clauses} | {c.id for c in french.clauses}
    assert [r["id"] for r in data["rows"] if r["original"]] == [c.id for c in english.clauses]
    assert sorted(r["id"] for r in data["rows"] if r["translation"]) == sorted(c.id for c in french.clauses)
    for row in data["rows"]:
        for side, book in (("original", english), ("translation", french)):
            if row[side] is None:
                assert row["id"] not in book
            else:
                assert row[side]["url"] == clause_url_of(book, row["id"])
                clause = book[row["id"]]
                assert (clause.title or clause.text).split()[0] in row[side]["text"]
    # the French prints 1-2-2-1 twice: its second (Zone du Deck) stands where the English 1-2-2-2 is
    ids = [r["id"] for r in data["rows"]]
    assert ids[ids.index("1-2-2-1") : ids.index("1-2-2-1") + 3] == ["1-2-2-1", "1-2-2-1~2", "1-2-2-2"]
    assert (
        rows["1-2-2-1~2"]["original"] is None and "Zone du Deck" in rows["1-2-2-1~2"]["translation"]["text"]
    )
    assert rows["1-2-2-2"]["translation"] is None and "deck area" in rows["1-2-2-2"]["original"]["text"]


def clause_url_of(book, clause_id: str) -> str:
    return f"/dbscg/{book.version.replace('/', '~')}/{clause_id}"


def test_each_finding_of_the_translation_check_is_on_its_row(client):
    checked = CliRunner().invoke(main, ["translation", "dbscg", "1.070", "1.070/fr", "--json"])
    assert checked.exit_code == 0, checked.output
    expected: dict[str, list[dict]] = {}
    for finding in json.loads(checked.stdout)["findings"]:
        expected.setdefault(finding["clause"], []).append(
            {"kind": finding["kind"], "message": finding["message"]}
        )
    data = api(client, "/compare/dbscg/1.070/1.070~fr")
    assert {r["id"]: r["findings"] for r in data["rows"] if r["findings"]} == expected
    assert data["flagged"] == len(expected)
    assert data["counts"] == dict(Counter(f["kind"] for found in expected.values() for f in found))
    rows = {row["id"]: row for row in data["rows"]}
    assert rows["10-13-4-4"]["findings"] == [
        {"kind": "citations", "message": "cites 10-14-1; the translation cites 10-13-4-1"}
    ]
    assert [f["kind"] for f in rows["10-26"]["findings"]] == ["keywords"]  # [Wormhole] against [Lien]
    assert rows["1-2-2-2"]["findings"] == [{"kind": "missing", "message": "1-2-2-2 is not in dbscg@1.070/fr"}]
    assert rows["1-1-1"]["findings"] == []  # "2-player … 3 or more" against "deux … trois"
    only = api(client, "/compare/dbscg/1.070/1.070~fr?show=findings")
    assert [r["id"] for r in only["rows"]] == [r["id"] for r in data["rows"] if r["findings"]]
    assert only["show"] == "findings" and only["counts"] == data["counts"]


def test_the_side_by_side_page_marks_the_rows_with_findings(client):
    html = page(client, "/compare/dbscg/1.070/1.070~fr")
    row = re.search(r'<section class="pair flagged" id="c-10-13-4-4">(.*?)</section>', html, re.S).group(1)
    assert '<a class="cid" href="/dbscg/1.070/10-13-4-4">' in row
    assert '<a class="cid" href="/dbscg/1.070~fr/10-13-4-4">' in row
    assert '<div class="text" lang="fr">' in row and '<div class="text" lang="en">' in row
    assert "<code>citations</code> cites 10-14-1; the translation cites 10-13-4-1" in row
    assert '<section class="pair" id="c-1-1-1">' in html  # no finding, no mark
    assert "not in 1.070/fr" in re.search(r'id="c-1-2-2-2">(.*?)</section>', html, re.S).group(1)
    assert html.count('class="pair flagged"') == api(client, "/compare/dbscg/1.070/1.070~fr")["flagged"]
    assert 'href="/compare/dbscg/1.070/1.070~fr?show=findings"' in html
    assert 'href="/api/compare/dbscg/1.070/1.070~fr"' in html  # its JSON twin


def test_the_side_by_side_page_is_linked_from_the_home_book_and_clause_pages(client):
    side_by_side = "/compare/dbscg/1.070/1.070~fr"
    assert f'<a href="{side_by_side}">side by side with 1.070</a>' in page(client, "/")
    for book in ("/dbscg/1.070", "/dbscg/1.070~fr"):
        assert f'href="{side_by_side}"' in page(client, book)
    assert api(client, "/dbscg/1.070~fr")["book"]["other_languages"][0]["side_by_side"] == side_by_side
    assert f'href="{side_by_side}#c-1-2-2-1"' in page(client, "/dbscg/1.070~fr/1-2-2-1")
    assert f'href="{side_by_side}#c-1-2-2-1"' in page(client, "/dbscg/1.070/1-2-2-1")


def test_bad_side_by_side_requests_name_what_was_wrong(client):
    shown = client.get("/api/compare/dbscg/1.070/1.070~fr?show=some")
    assert shown.status_code == 400 and shown.json["error"]["field"] == "show"
    assert "one of all, findings" in shown.json["error"]["message"]
    unknown = client.get("/api/compare/dbscg/1.070/1.070~de")
    assert unknown.status_code == 404 and "no edition of dbscg in 'de'" in unknown.json["error"]["message"]
    assert client.get("/compare/dbscg/1.070/1.070~de").status_code == 404
