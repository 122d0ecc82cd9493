"""The versions pages on a version with clauses added and removed (ingested, as a user would).

The bundled dbscg 1.070 → 1.071 adds and removes nothing, so only an
ingested version shows the "added" and "removed" parts of a diff: here a
copy of the bundled ucg 1.6 with one clause written in (1.2.4) and one
taken out (5.9.5.2), ingested as ucg 1.7 into a store of its own.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from corpus import store
from corpus.manifest import bundled_manifest
from corpus.versions.diff import diff_versions
from webapp import create_app

AFTER = "1.2.3. 若因某種原因導致玩家無法執行某效果時，該效果將不予執行。此外，如果該效果的部分內容可以執行，則執行該部分內容。\n"
ADDED_ID, ADDED_TEXT = "1.2.4", "每位玩家在遊戲開始前向對手出示其牌組的張數。"
REMOVED_ID = "5.9.5.2"


def ucg_text() -> str:
    manifest = bundled_manifest()
    info = next(i for i in manifest.books if i.game == "ucg")
    return (manifest.root / info.source).read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    home = tmp_path_factory.mktemp("versions-home")
    text = ucg_text()
    removed = re.search(rf"^{re.escape(REMOVED_ID)}\. .*\n", text, re.MULTILINE).group()
    changed = text.replace(AFTER, f"{AFTER}\n{ADDED_ID}. {ADDED_TEXT}\n").replace(removed, "")
    assert changed.count(ADDED_TEXT) == 1 and removed not in changed
    source = Path(home) / "ucg-1.7.txt"
    source.write_text(changed, encoding="utf-8")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("ARBITER_HOME", str(home))
        store.ingest(source, "ucg", "1.7")
        yield create_app({"TESTING": True, "REFRESH_SECONDS": 0}).test_client()


def test_the_diff_lists_added_and_removed_clauses_with_their_text(client):
    expected = diff_versions("ucg", "1.6", "1.7")
    assert (expected.summary()["added"], expected.summary()["removed"]) == (1, 1)
    response = client.get("/api/versions/ucg/1.6/1.7")
    assert response.status_code == 200, response.json
    data = response.json
    assert (data["added"], data["removed"]) == ([ADDED_ID], [REMOVED_ID])
    assert data["texts"]["new"] == {ADDED_ID: ADDED_TEXT}
    assert data["texts"]["old"][REMOVED_ID] in ucg_text()
    page = client.get("/versions/ucg/1.6/1.7")
    assert page.status_code == 200
    body = page.get_data(as_text=True)
    assert f"<ins>{ADDED_TEXT}</ins>" in body
    assert f"<del>{data['texts']['old'][REMOVED_ID]}</del>" in body


def test_the_home_pages_what_changed_link_answers(client):
    home = client.get("/").get_data(as_text=True)
    link = re.search(r'href="(/versions/ucg/[^"]+)"', home).group(1)
    assert link == "/versions/ucg/1.6/1.7"
    assert client.get(link).status_code == 200
    assert client.get("/api" + link).status_code == 200


def test_the_history_of_an_added_and_of_a_removed_clause(client):
    added = client.get(f"/api/versions/ucg/history/{ADDED_ID}").json["steps"]
    assert [(s["kind"], s["old_ids"], s["new_ids"]) for s in added] == [("added", [], [ADDED_ID])]
    removed = client.get(f"/api/versions/ucg/history/{REMOVED_ID}").json["steps"]
    assert [(s["kind"], s["old_ids"], s["new_ids"]) for s in removed] == [("removed", [REMOVED_ID], [])]
    assert client.get(f"/versions/ucg/history/{REMOVED_ID}").status_code == 200
