"""A request looks at the disk for changes once; between requests every change is seen."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from corpus import library, store
from corpus.freshness import forget, looked, one_look
from corpus.search.synonyms import bundled_folder, concepts, expansions
from tests.test_versions_store import ucg_copy
from webapp.app import create_app


@pytest.fixture
def home(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("ARBITER_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def test_within_a_look_a_check_is_made_once_and_again_after_forget():
    made = []

    def check():
        made.append(1)
        return len(made)

    assert looked("k", check) == 1 and looked("k", check) == 2  # outside a look: every time
    with one_look():
        assert looked("k", check) == 3
        assert looked("k", check) == 3
        forget()
        assert looked("k", check) == 4
    assert looked("k", check) == 5


def test_a_search_page_stats_the_store_and_synonym_files_once(home, monkeypatch):
    client = create_app().test_client()
    assert client.get("/search?q=勝利").status_code == 200  # the index is built, the templates read
    stats: list[str] = []
    real_stat = os.stat

    def counting_stat(path, *args, **kwargs):
        stats.append(str(path))
        return real_stat(path, *args, **kwargs)

    monkeypatch.setattr(os, "stat", counting_stat)
    assert client.get("/search?q=規則").status_code == 200  # every game's synonyms, the store, the index
    assert stats and len(stats) == len(set(stats))
    synonym_files = [s for s in stats if s.endswith(".yaml")]
    with_synonyms = [path.stem for path in bundled_folder().iterdir() if path.suffix == ".yaml"]
    assert len(synonym_files) == 2 * len(with_synonyms)  # the bundled and the user's file of each


def ucg_versions(client) -> list[str]:
    games = {entry["game"]: entry for entry in client.get("/api/books").get_json()["games"]}
    return [version["version"] for version in games["ucg"]["versions"]]


def test_the_next_request_sees_an_ingest_and_an_ingest_within_a_look_is_seen_at_once(home, tmp_path):
    client = create_app().test_client()
    assert ucg_versions(client) == ["1.6"]
    store.ingest(ucg_copy(tmp_path), "ucg", "1.7")  # as another process would, between two requests
    assert ucg_versions(client) == ["1.7", "1.6"]
    with one_look():
        assert library.versions("ucg") == ["1.6", "1.7"]
        store.remove("ucg", "1.7")
        assert library.versions("ucg") == ["1.6"]


def test_a_synonym_file_written_for_a_game_without_one_is_used_at_once(home):
    """Games without a synonym file are known from a listing of the folder, not a look at
    each: a file added to it must still count from the next search on."""
    assert concepts("tst") == {}
    folder = home / "synonyms"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "tst.yaml").write_text("draw:\n  terms: [抽牌, 補牌]\n", encoding="utf-8")
    assert concepts("tst")["draw"].terms == ("抽牌", "補牌")
    assert expansions("抽牌", ["tst", "ucg"])["tst"] == ("補牌",)
