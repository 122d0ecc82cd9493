"""A rulebook nobody cleaned: hostile markup in its text, ingested while the app runs.

The book goes in through ``corpus.store.ingest`` (as ``arbiter ingest`` does)
into a store of its own, while an app is already serving.  Every page that
shows its text must show the markup as text, and the app must pick the new
book up for search without a restart, answering searches all the while.
"""

from __future__ import annotations

import time

import pytest

from corpus import store
from corpus.library import load_book
from corpus.search.documents import snapshot
from corpus.search.service import Searcher
from webapp import create_app

HOSTILE = """\
1. <script>alert("chapter")</script> 規則
1.1. 勝利條件：<img src=x onerror=alert(1)> 玩家獲勝。參閱 1.2。
1.2. "><svg onload=alert(2)> & </textarea></script> 《<b>先制</b>》
2. 其他 <iframe src="javascript:alert(3)">
2.1. 參閱「1.<script>alert(4)</script> 規則」。
"""
#: Markup from the book that must never reach a page as markup.
RAW = ["<script>alert", "<img src=x", "<svg onload", "<iframe", "<b>Evil", "<b>先制", "</textarea></script>"]
ESCAPED = ["&lt;script&gt;alert(", "&lt;img src=x onerror=alert(1)&gt;", "&lt;svg onload=alert(2)&gt;"]


def _corpus():
    """A small corpus (ucg and whatever the store holds), so the index builds in a moment."""
    books = [(load_book("ucg"), True)]
    books += [(load_book(info.game, info.version), True) for info in store.user_versions()]
    return snapshot(books)


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """An app serving a fresh store, then the hostile book ingested under it."""
    home = tmp_path_factory.mktemp("hostile-home")
    source = home / "evil.txt"
    source.write_text(HOSTILE, encoding="utf-8")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("ARBITER_HOME", str(home))
        searcher = Searcher(corpus=_corpus)
        client = create_app({"TESTING": True, "SEARCHER": searcher, "REFRESH_SECONDS": 0.05}).test_client()
        before = client.get("/api/search", query_string={"q": "勝利條件", "game": "evil"})
        store.ingest(source, "evil", "1.0", title="<b>Evil</b> rules", parser="dotted")
        time.sleep(0.1)
        yield client, before


def wait_for_search(client, seconds: float = 20.0):
    """Poll until the app's index has the new book; meanwhile other searches must succeed."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = client.get("/api/search", query_string={"q": "勝利條件", "game": "evil"})
        if found.status_code == 200 and found.json["hits"]:
            return found.json
        other = client.get("/api/search", query_string={"q": "勝利", "game": "ucg"})
        assert other.status_code == 200, other.json
        time.sleep(0.05)
    raise AssertionError("the ingested book never became searchable")


def test_a_book_ingested_while_serving_becomes_searchable(served):
    client, before = served
    assert before.status_code == 404 and before.json["error"]["field"] == "game"
    hits = wait_for_search(client)["hits"]
    assert hits[0]["id"] == "1.1"
    assert client.get("/api/evil/1.0/1.1").json["clause"]["text"] == HOSTILE.splitlines()[1][5:]


@pytest.mark.parametrize(
    "address",
    [
        "/",
        "/evil/1.0",
        "/evil/1.0/1",
        "/evil/1.0/1.1",
        "/evil/1.0/1.2",
        "/evil/1.0/2.1",
        "/lint/evil/1.0",
        "/lint",
        "/search?q=勝利條件&game=evil",
        "/search?q=svg&game=evil",
        "/compare?left=evil:1.1&right=evil:1.2",
        "/versions/evil/history/1.1",
        "/versions",
    ],
)
def test_hostile_rulebook_text_is_shown_as_text(served, address):
    client, _ = served
    if address.startswith("/search"):
        wait_for_search(client)
    response = client.get(address)
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    for markup in RAW:
        assert markup not in page, (address, markup)


def test_hostile_text_is_still_all_there(served):
    client, _ = served
    pages = "".join(
        client.get(a).get_data(as_text=True) for a in ("/evil/1.0/1.1", "/evil/1.0/1.2", "/evil/1.0/1")
    )
    for escaped in ESCAPED:
        assert escaped in pages
    assert "<svg" in client.get("/evil/1.0/1.1").get_data(as_text=True)  # our picture, not theirs
