"""The web app through its real routes (``app.test_client()``), HTML and JSON twins.

Expected values come from the rulebooks (via the corpus, the texts themselves
or the functions the pages front), never from the web layer itself.
"""

from __future__ import annotations

import io
import re
from pathlib import Path
from urllib.parse import quote

import jsonschema_rs
import pytest
import yaml
from pydantic import BaseModel

from corpus.library import all_books, games, load_book, versions
from corpus.versions.diff import diff_versions
from judge.board import MAX_VALUES
from judge.registry import ENGINES, engine, rule_text
from webapp import create_app
from webapp.views import PAGES, Area
from webapp.views.openapi import openapi_path

ROOT = Path(__file__).resolve().parents[1]
JUDGMENT = ROOT / "judge" / "examples" / "ucg" / "judgment.yaml"
HOSTILE_QUERY = "<script>alert(1)</script>"


@pytest.fixture(scope="module")
def client():
    return create_app({"TESTING": True}).test_client()


def html(response) -> str:
    assert response.content_type.startswith("text/html"), response.content_type
    return response.get_data(as_text=True)


def links(page: str) -> list[str]:
    return re.findall(r'href="([^"]+)"', page)


# -- home and rulebooks ---------------------------------------------------------------


def test_home_lists_every_rulebook_with_its_clause_count(client):
    data = client.get("/api/books").json
    assert [g["game"] for g in data["games"]] == games()
    counts = {(b["game"], b["version"]): b["clauses"] for g in data["games"] for b in g["versions"]}
    assert counts == {(i.game, i.version): len(load_book(i.game, i.version)) for i in all_books()}
    page = html(client.get("/"))
    for info in all_books():
        assert f'href="/{info.game}/{info.version}"' in page
    assert 'name="q"' in page  # the search box


def _toc_ids(nodes: list[dict]) -> list[str]:
    return [found for node in nodes for found in (node["id"], *_toc_ids(node["children"]))]


def test_rulebook_contents_hold_every_clause_once(client):
    for info in all_books():
        data = client.get(f"/api/{info.game}/{info.version}").json
        seen = _toc_ids(data["toc"])
        assert sorted(seen) == sorted(c.id for c in load_book(info.game, info.version).clauses), info.key


def test_rulebook_page_is_a_collapsible_tree(client):
    page = html(client.get("/ucg/1.6"))
    assert page.count("<details>") == sum(
        1 for c in load_book("ucg").clauses if load_book("ucg").children(c.id)
    )
    assert 'href="/ucg/1.6/5.9.4.1"' in page


def test_game_address_goes_to_its_newest_version(client):
    response = client.get("/dbscg")
    assert response.status_code == 302
    assert response.headers["Location"].endswith(f"/dbscg/{versions('dbscg')[-1]}")


# -- clause pages -----------------------------------------------------------------------


def test_clause_page_links_the_citation_it_prints(client):
    clause = load_book("gcg").get("8-5-2-3-1")
    printed = re.search(r"參閱 (\d+(?:-\d+)+)", clause.text).group(1)  # 13-2-5, as the book prints it
    data = client.get("/api/gcg/1.1.0/8-5-2-3-1").json
    assert data["clause"]["text"] == clause.text
    cites = [r for r in data["references"] if r["kind"] == "cites"]
    assert [r["target"] for r in cites] == [printed]
    start, end = cites[0]["span"]
    assert clause.text[start:end].startswith(printed)
    page = html(client.get("/gcg/1.1.0/8-5-2-3-1"))
    assert re.search(
        rf'<a class="ref ref-cites" href="/gcg/1.1.0/{printed}" title="{printed} [^"]*">{printed}', page
    )
    assert [a["id"] for a in data["ancestors"]] == ["8", "8-5", "8-5-2", "8-5-2-3"]
    assert "<title>8-5-2-3-1 " in page


def test_clause_page_lists_what_cites_it(client):
    citing = [c.id for c in load_book("gcg").clauses if re.search(r"參閱 13-2-5(?![-\d])", c.text)]
    assert citing, "the book cites 13-2-5"
    data = client.get("/api/gcg/1.1.0/13-2-5").json
    assert {r["source"] for r in data["cited_by"]} >= set(citing)
    page = html(client.get("/gcg/1.1.0/13-2-5"))
    for source in citing:
        assert f'href="/gcg/1.1.0/{source}"' in page
    assert "<svg" in page and 'class="node node-cited_by"' in page


def test_clause_ids_with_slashes_tildes_and_chinese(client):
    bs_id = next(c.id for c in load_book("bs").clauses if c.id.count("/") == 2 and c.kind.value == "faq")
    for address in (f"/api/bs/17.0/{bs_id}", f"/api/bs/17.0/{quote(bs_id)}"):  # as typed, as sent
        data = client.get(address).json
        assert data["clause"]["id"] == bs_id
    duplicate = client.get("/api/uhb/1.9/4.1.1a~2").json["clause"]
    assert (duplicate["id"], duplicate["number"]) == ("4.1.1a~2", "4.1.1a")
    assert "printed more than once" in html(client.get("/uhb/1.9/4.1.1a~2"))


def test_clause_versions_link_the_diff(client):
    data = client.get("/api/dbscg/1.071/11-1").json
    assert [v["version"] for v in data["versions"]] == versions("dbscg")
    page = html(client.get("/dbscg/1.071/11-1"))
    assert 'href="/versions/dbscg/1.070/1.071"' in page
    assert 'href="/versions/dbscg/history/11-1"' in page


@pytest.mark.parametrize(
    "address, field",
    [
        ("/api/nosuchgame/1.0", "game"),
        ("/api/ucg/9.9", "version"),
        ("/api/ucg/1.6/99.99.99", "clause_id"),
        ("/api/bs/17.0/常見問題/沒有這個", "clause_id"),
    ],
)
def test_unknown_things_are_404_error_objects(client, address, field):
    response = client.get(address)
    assert response.status_code == 404
    assert response.json["error"]["code"] == "not_found"
    assert response.json["error"]["field"] == field
    assert response.json["error"]["message"]
    page_response = client.get(address.removeprefix("/api"))
    assert page_response.status_code == 404
    assert response.json["error"]["message"].split("'")[1] in html(page_response)


# -- search ---------------------------------------------------------------------------


def test_search_in_the_other_script_shows_the_books_own(client):
    data = client.get("/api/search", query_string={"q": "胜利条件", "game": "ucg"}).json
    assert data["hits"] and {h["game"] for h in data["hits"]} == {"ucg"}
    top = data["hits"][0]
    assert "勝利條件" in top["snippet"]  # Traditional, as ucg prints it
    marked = {top["snippet"][a:b] for a, b in top["highlights"]}
    assert any("勝利" in piece for piece in marked)
    page = html(client.get("/search", query_string={"q": "胜利条件", "game": "ucg"}))
    assert "<mark>勝利條件</mark>" in page or "<mark>勝利</mark>" in page
    assert f'href="{top["url"]}"' in page


def test_search_pages_and_filters(client):
    first = client.get("/api/search", query_string={"q": "battle", "game": "dbscg"}).json
    second = client.get("/api/search", query_string={"q": "battle", "game": "dbscg", "page": 2}).json
    assert first["pages"] > 1 and second["page"] == 2
    assert not {h["id"] for h in first["hits"]} & {h["id"] for h in second["hits"]}
    old = client.get("/api/search", query_string={"q": "battle", "game": "dbscg", "version": "1.070"}).json
    assert {h["version"] for h in old["hits"]} == {"1.070"}
    faq = client.get("/api/search", query_string={"q": "效果", "game": "bs", "kind": "faq"}).json
    assert faq["hits"] and {h["kind"] for h in faq["hits"]} == {"faq"}
    assert 'rel="next"' in html(client.get("/search", query_string={"q": "battle", "game": "dbscg"}))


def test_clause_number_jumps_to_the_clause(client):
    response = client.get("/search", query_string={"q": "5.9.4.1"})
    assert response.status_code == 302
    assert response.headers["Location"].endswith("/ucg/1.6/5.9.4.1")
    data = client.get("/api/search", query_string={"q": "5.9.4.1"}).json
    assert data["redirect"] == "/ucg/1.6/5.9.4.1"
    assert data["hits"][0]["exact"]


def test_hostile_query_comes_back_escaped(client):
    page = html(client.get("/search", query_string={"q": HOSTILE_QUERY}))
    assert "<script>alert" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    data = client.get("/api/search", query_string={"q": HOSTILE_QUERY})
    assert data.status_code == 200 and data.content_type == "application/json"


@pytest.mark.parametrize(
    "params, status, field",
    [
        ({}, 400, "q"),
        ({"q": "   "}, 400, "q"),
        ({"q": "x" * 10_000}, 400, "q"),
        ({"q": "勝利", "page": "abc"}, 400, "page"),
        ({"q": "勝利", "page": "0"}, 400, "page"),
        ({"q": "勝利", "game": "nope"}, 404, "game"),
        ({"q": "勝利", "version": "7.7"}, 404, "version"),
        ({"q": "勝利", "kind": "poem"}, 400, "kind"),
    ],
)
def test_bad_searches_name_the_parameter(client, params, status, field):
    response = client.get("/api/search", query_string=params)
    assert response.status_code == status
    assert response.json["error"]["field"] == field
    if params.get("q", "").strip():  # a page without a query is just the empty search form
        page = client.get("/search", query_string=params)
        assert page.status_code == status
        assert 'class="error"' in html(page)


# -- rulings ----------------------------------------------------------------------------


def test_rule_index_lists_every_engine_question(client):
    data = client.get("/api/rule").json
    assert {g["game"]: [q["question"] for q in g["questions"]] for g in data["games"]} == {
        game: list(engine(game).questions) for game in ENGINES
    }


def test_question_page_carries_schema_and_example(client):
    data = client.get("/api/rule/ucg/judgment").json
    assert data["schema"] == engine("ucg").questions["judgment"].board.model_json_schema()
    assert data["board"] == yaml.safe_load(JUDGMENT.read_text(encoding="utf-8"))
    page = html(client.get("/rule/ucg/judgment"))
    assert 'id="board-schema"' in page and 'id="board-form"' in page


def test_posting_a_board_gives_the_engines_ruling(client):
    text = JUDGMENT.read_text(encoding="utf-8")
    expected = rule_text(text).as_dict()
    data = client.post(
        "/api/rule/ucg/judgment", data=text.encode("utf-8"), content_type="application/yaml"
    ).json
    assert data["ruling"] == expected
    cited = {cite for step in expected["steps"] + expected["not_applied"] for cite in step["cites"]}
    assert set(data["clauses"]) == cited  # the steps' and the why-nots' clauses, with their text
    book = load_book("ucg")
    for clause_id, note in data["clauses"].items():
        assert note["url"] == f"/ucg/1.6/{clause_id}"
        assert (
            note["text"].replace("…", "") in f"{book.get(clause_id).title or ''} {book.get(clause_id).text}"
        )
    as_json = client.post("/api/rule/ucg/judgment", json=yaml.safe_load(text)).json
    assert as_json["ruling"] == expected


def test_ruling_page_links_cited_clauses_with_their_text(client):
    text = JUDGMENT.read_text(encoding="utf-8")
    page = html(client.post("/rule/ucg/judgment", data={"board": text}))
    ruling = rule_text(text)
    assert ruling.outcome.reason.value in page
    decisive = ruling.decisive[0]
    clause = load_book("ucg").get(decisive)
    link = re.search(rf'<a class="cid cite" href="/ucg/1.6/{re.escape(decisive)}" title="([^"]*)">', page)
    assert link and clause.text[:20] in link.group(1).replace("&#34;", '"')
    assert "game: ucg" in page  # the board, ready to copy as YAML


def test_bad_board_problems_name_their_fields(client):
    board = yaml.safe_load(JUDGMENT.read_text(encoding="utf-8"))
    board["state"]["areas"][0]["A"]["cards"] = 0
    board["state"]["areas"][1]["B"]["bp"] = {"DOUBLE": "lots"}
    response = client.post("/api/rule/ucg/judgment", json=board)
    assert response.status_code == 400
    error = response.json["error"]
    assert error["code"] == "bad_board"
    paths = {p["path"] for p in error["problems"]}
    assert {"state.areas[0].A.cards", "state.areas[1].B.bp.DOUBLE"} <= paths
    page = client.post("/rule/ucg/judgment", data={"board": yaml.safe_dump(board)})
    assert page.status_code == 400
    body = html(page)
    assert 'data-path="state.areas[0].A.cards"' in body and 'id="board-problems"' in body


@pytest.mark.parametrize(
    "body, fragment",
    [
        (b"", "give a board"),
        (b"game: ucg\nquestion: [unclosed", "not valid YAML"),
        (b'{"game": ', "not valid JSON"),
        (b"- just\n- a list\n", "expected a mapping"),
        (b"game: ucg\nquestion: judgment\nname: \xff\xfe", "not UTF-8"),
        (b"game: chess\nquestion: mate\n", "game: expected one of"),
        (
            b"a: &a [x, x, x, x, x, x, x, x, x]\n"
            + b"".join(  # a "billion laughs" of aliases
                b"%c: &%c [%s]\n" % (n, n, b", ".join([b"*%c" % (n - 1)] * 9))
                for n in range(ord("b"), ord("k"))
            ),
            f"more than {MAX_VALUES} values",
        ),
    ],
)
def test_malformed_board_files_are_400(client, body, fragment):
    response = client.post("/api/rule/ucg/judgment", data=body, content_type="application/yaml")
    assert response.status_code == 400
    assert fragment in response.json["error"]["message"]


def test_board_file_upload_names_its_own_question(client):
    text = (ROOT / "judge" / "examples" / "uhb" / "deck.yaml").read_text(encoding="utf-8")
    response = client.post(
        "/rule/file",
        data={"file": (io.BytesIO(text.encode()), "deck.yaml")},
        content_type="multipart/form-data",
    )
    assert response.status_code == 200
    assert rule_text(text).outcome.reason.value in html(response)


def test_oversized_upload_is_refused_before_it_is_read(client):
    big = b"game: ucg\n# " + b"x" * (600 * 1024)
    response = client.post("/api/rule/ucg/judgment", data=big, content_type="application/yaml")
    assert response.status_code == 413
    assert response.json["error"]["code"] == "request_entity_too_large"


def test_unknown_question_is_404(client):
    response = client.get("/api/rule/ucg/checkmate")
    assert (response.status_code, response.json["error"]["field"]) == (404, "question")


# -- versions, comparison, lint -----------------------------------------------------------


def test_diff_matches_the_versions_module(client):
    expected = diff_versions("dbscg", "1.070", "1.071")
    data = client.get("/api/versions/dbscg/1.070/1.071").json
    assert data["summary"] == expected.summary()
    assert [r["to"] for r in data["renumbered"]] == [r["to"] for r in expected.as_dict()["renumbered"]]
    page = html(client.get("/versions/dbscg/1.070/1.071"))
    assert "<del>" in page and "<ins>" in page
    first = data["renumbered"][0]
    assert f'id="new-{first["to"]}"' in page and f'href="/dbscg/1.070/{first["from"]}"' in page
    assert data["changelog"]["stated"], "dbscg's changelog states changes for 1.071"


def test_version_chooser_sends_the_browser_to_the_diff(client):
    response = client.get("/versions", query_string={"game": "dbscg", "old": "1.070", "new": "1.071"})
    assert response.status_code == 302 and response.headers["Location"].endswith(
        "/versions/dbscg/1.070/1.071"
    )
    assert client.get("/api/versions/dbscg/1.070/9.9").json["error"]["field"] == "new"


def test_clause_history_follows_a_renumbering(client):
    step = client.get("/api/versions/dbscg/history/11-1").json["steps"][0]
    assert (step["kind"], step["old_ids"], step["new_ids"]) == ("renumbered", ["10-32"], ["11-1"])


def test_compare_two_clauses_and_a_concept(client):
    data = client.get("/api/compare", query_string={"left": "ucg:1.3.2", "right": "uhb:1.3.2"}).json
    assert data["comparison"]["folded"] is True  # Traditional against Simplified
    assert data["comparison"]["left"]["text"].startswith(load_book("ucg").get("1.3.2").text[:10])
    concept = client.get("/api/compare", query_string={"concept": "勝利條件"}).json
    assert {m["game"] for m in concept["matches"]} == set(games())
    assert client.get("/api/compare", query_string={"left": "ucg:1.3.2"}).status_code == 400
    assert client.get("/api/compare", query_string={"left": "ucg", "right": "x:1"}).status_code == 400


def test_lint_links_each_finding_to_its_clause(client):
    data = client.get("/api/lint/uhb/1.9").json
    kinds = {(f["kind"], f["clause"]) for f in data["findings"]}
    assert ("duplicate_id", "4.1.1a~2") in kinds
    dangling = [f for f in data["findings"] if f["kind"] == "dangling_reference"]
    assert {re.search(r"4\.4\.2[ab]", f["message"]).group() for f in dangling} == {"4.4.2a", "4.4.2b"}
    for finding in data["findings"]:
        assert client.get("/api" + finding["url"]).status_code == 200
    index = client.get("/api/lint").json
    assert {(b["game"], b["version"]) for b in index["books"]} == {(i.game, i.version) for i in all_books()}


# -- the API as a whole -------------------------------------------------------------------------


def test_openapi_describes_every_page(client):
    spec = client.get("/api/openapi.json").json
    assert spec["openapi"].startswith("3.")
    for page in PAGES:
        item = spec["paths"][openapi_path(page.api_rule)]
        for method in page.methods:
            operation = item[method.lower()]
            for response in operation["responses"].values():
                name = response["content"]["application/json"]["schema"]["$ref"].rsplit("/", 1)[1]
                assert name in spec["components"]["schemas"]
    assert "openapi.json" in html(client.get("/api-docs"))


SAMPLES = {
    "/api/books": "Home",
    "/api/ucg/1.6": "Book",
    "/api/ucg/1.6/1.3.2": "ClausePage",
    "/api/search?q=勝利": "SearchPage",
    "/api/rule": "RuleIndex",
    "/api/rule/ucg/deck": "RulePage",
    "/api/versions": "VersionsIndex",
    "/api/versions/dbscg/1.070/1.071": "Diff",
    "/api/versions/dbscg/history/1-1": "History",
    "/api/compare?left=ucg:1.3.2&right=gcg:1-2-2": "Compare",
    "/api/lint": "LintIndex",
    "/api/lint/ucg/1.6": "Lint",
    "/api/openapi.json": "OpenAPI",
    "/api/nosuch/1/2": "Error",
}


@pytest.mark.parametrize("address", list(SAMPLES))
def test_responses_match_the_description(client, address):
    spec = client.get("/api/openapi.json").json
    validator = jsonschema_rs.Draft202012Validator(
        {"$ref": f"#/components/schemas/{SAMPLES[address]}", "components": spec["components"]}
    )
    errors = [
        f"{'/'.join(map(str, e.instance_path))}: {e.message}"
        for e in validator.iter_errors(client.get(address).json)
    ]
    assert not errors, errors[:5]


def test_every_page_links_its_json_twin_and_the_twin_answers(client):
    for address in (
        "/",
        "/ucg/1.6",
        "/ucg/1.6/1.3.2",
        "/search?q=勝利",
        "/rule",
        "/versions",
        "/lint",
        "/lint/ucg/1.6",
        "/versions/dbscg/1.070/1.071",
    ):
        page = html(client.get(address))
        twin = re.search(r'<link rel="alternate" type="application/json" href="([^"]+)">', page).group(1)
        response = client.get(twin.replace("&amp;", "&"))
        assert response.status_code == 200 and response.content_type == "application/json", address


def test_a_query_parameter_named_like_a_part_of_the_address_leaves_the_page_whole(client):
    page = html(client.get("/ucg/1.6?version=9.9&game=zd"))
    twin = re.search(r'<link rel="alternate" type="application/json" href="([^"]+)">', page).group(1)
    assert twin == "/api/ucg/1.6"
    assert client.get(twin).json["book"]["version"] == "1.6"


@pytest.mark.parametrize(
    "rule, options, fragment",
    [
        (None, {"template": None}, "needs its API address"),
        ("/somewhere", {"template": None}, "the page at /somewhere needs a template"),
    ],
)
def test_a_page_missing_an_address_or_template_is_refused_when_declared(rule, options, fragment):
    pages = len(PAGES)
    with pytest.raises(ValueError, match=fragment):
        Area("demo", __name__).page(rule, summary="demo", response=BaseModel, **options)
    assert len(PAGES) == pages


@pytest.mark.parametrize(
    "method, address, status",
    [
        ("get", "/api/nothing/here/at/all/really", 404),
        ("post", "/api/books", 405),
        ("get", "/static/../webapp/app.py", 404),
        ("get", "/static/%2e%2e/app.py", 404),
        ("get", "/api/ucg/1.6/../../../etc/passwd", 404),
        ("get", "/api/ucg/%2e%2e/%2e%2e/etc/passwd", 404),
    ],
)
def test_other_errors_are_error_objects_too(client, method, address, status):
    response = getattr(client, method)(address)
    assert response.status_code == status
    if address.startswith("/api"):
        assert set(response.json["error"]) >= {"code", "message", "field"}


ODD = [
    "",
    " ",
    "%",
    "..",
    "../../etc/passwd",
    "\x00",
    "　",
    "😀",
    "a" * 600,
    '"',
    "'",
    "<b>",
    "game:",
    "NOT",
    "AND OR",
    "「",
    "1.2.3.4.5.6.7.8.9",
    "~2",
    "/",
    "\\",
    "%00",
    "version:all",
]


@pytest.mark.parametrize("odd", ODD)
def test_no_input_makes_a_500(client, odd):
    addresses = [
        ("/api/search", {"q": odd}),
        ("/search", {"q": odd}),
        ("/api/search", {"q": "勝利", "game": odd}),
        ("/api/search", {"q": "勝利", "page": odd}),
        ("/api/compare", {"concept": odd}),
        ("/api/compare", {"left": odd, "right": "ucg:1.3.2"}),
        ("/versions", {"game": odd, "old": odd, "new": odd}),
        (f"/api/ucg/1.6/{odd}", {}),
        (f"/ucg/{odd}", {}),
        (f"/api/lint/{odd}/1", {}),
        (f"/rule/ucg/{odd}", {}),
    ]
    for address, params in addresses:
        response = client.get(address, query_string=params)
        assert response.status_code < 500, (address, params, response.status_code)
    response = client.post("/api/rule/ucg/judgment", data=odd.encode("utf-8"), content_type="text/plain")
    assert response.status_code == 400


def test_pages_send_a_strict_content_security_policy(client):
    policy = client.get("/").headers["Content-Security-Policy"]
    assert "script-src 'self'" in policy and "unsafe-inline" not in policy


TIMELINE = Path(__file__).resolve().parents[1] / "judge" / "examples" / "ucg" / "turn_whole.yaml"


def test_a_timeline_is_ruled_by_replay_with_its_why_not(client):
    text = TIMELINE.read_text(encoding="utf-8")
    expected = rule_text(text).as_dict()
    for address in ("/api/rule/ucg/timeline", "/api/rule/file"):
        data = client.post(address, data=text.encode("utf-8"), content_type="application/yaml").json
        assert data["ruling"] == expected, address
    assert expected["question"] == "timeline" and expected["outcome"]["result"] == "continues"
    assert expected["not_applied"] and all(step["cites"] for step in expected["not_applied"])
    page = html(client.post("/rule/ucg/timeline", data={"board": text}))
    why_not = page.split("Why not")[1].split("</ol>")[0]
    assert "1.3.2" in why_not and expected["not_applied"][-1]["text"] in why_not
    assert 'class="final-state"' in page


def test_the_ruling_is_described_by_the_games_outcome_models(client):
    schemas = client.get("/api/openapi.json").json["components"]["schemas"]
    outcome = schemas["Ruling"]["properties"]["outcome"]["anyOf"]
    assert {"$ref": "#/components/schemas/UcgOutcome"} in outcome
    assert {"result", "reason", "winner", "state", "not_applied"} <= set(
        schemas["UcgOutcome"]["properties"]
    ) | set(schemas["Ruling"]["properties"])
    assert "three_battles_won: 1.3.2" in schemas["UcgReason"]["description"]  # each reason names its clause
