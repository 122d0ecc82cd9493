"""The user's store: ingest and remove versions.

Each test gets an empty ARBITER_HOME of its own.  What a store does when it
is killed, damaged, read-only or full is in ``test_store_faults.py``.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from corpus import library, store
from corpus.errors import ArbiterError, NotFound
from corpus.manifest import bundled_manifest
from corpus.model import Script
from corpus.versions.diff import diff_versions
from tests import stores

ROOT = Path(__file__).resolve().parent.parent
UCG_1_1_1 = "1.1.1. 在這款超人力霸王卡牌遊戲中，參與遊戲的人稱為玩家，這款遊戲由兩名玩家進行對戰。"


@pytest.fixture
def home(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("ARBITER_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def bundled_text(game: str, version: str | None = None) -> str:
    manifest = bundled_manifest()
    info = [i for i in manifest.books if i.game == game and version in (None, i.version)][-1]
    return (manifest.root / info.source).read_text(encoding="utf-8")


def ucg_copy(folder: Path, players: str = "兩名或更多", name: str = "ucg-new.txt") -> Path:
    """A copy of the bundled ucg with clause 1.1.1 reworded."""
    text = bundled_text("ucg").replace(UCG_1_1_1, UCG_1_1_1.replace("兩名", players))
    assert text != bundled_text("ucg")
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def files_of(store_folder: Path) -> dict:
    """What the store under ``store_folder``'s home holds, every text checked."""
    return stores.contents(store_folder.parent)


def test_an_ingested_version_is_a_version_like_any_other(home, tmp_path):
    done = store.ingest(ucg_copy(tmp_path), "ucg", "1.7", date="2025-10-01")
    assert (done.info.parser, done.info.script, done.new_game) == ("dotted", Script.HANT, False)
    assert done.info.title == library.book_info("ucg", "1.6").title  # taken from the game's newest version
    assert done.info.game_title_zh == library.book_info("ucg", "1.6").game_title_zh != ""
    assert library.versions("ucg") == ["1.6", "1.7"]
    assert "兩名或更多玩家" in library.load_book("ucg").get("1.1.1").text  # newest is now 1.7
    changes = diff_versions("ucg", "1.6", "1.7").changes
    assert [(c.kind, c.label) for c in changes] == [("modified", "1.1.1")]


def test_ingesting_the_same_text_again_changes_nothing(home, tmp_path):
    path = ucg_copy(tmp_path)
    store.ingest(path, "ucg", "1.7")
    before = files_of(home / "store")
    assert store.ingest(path, "ucg", "1.7").already_present
    assert files_of(home / "store") == before


def test_another_text_for_a_stored_version_needs_replace(home, tmp_path):
    store.ingest(ucg_copy(tmp_path), "ucg", "1.7")
    other = ucg_copy(tmp_path, players="三名", name="other.txt")
    with pytest.raises(ArbiterError, match="--replace"):
        store.ingest(other, "ucg", "1.7")
    done = store.ingest(other, "ucg", "1.7", replace=True)
    assert done.replaced is not None
    assert "三名玩家" in library.load_book("ucg", "1.7").get("1.1.1").text
    assert list(files_of(home / "store")) == [("ucg", "1.7")]  # the old text went with it (checked there)


def test_bundled_versions_are_read_only(home, tmp_path):
    with pytest.raises(ArbiterError, match="bundled"):
        store.ingest(ucg_copy(tmp_path), "ucg", "1.6")
    with pytest.raises(ArbiterError, match="read-only"):
        store.remove("ucg", "1.6")
    with pytest.raises(NotFound, match="no ingested version"):
        store.remove("ucg", "9.9")
    assert files_of(home / "store") == {}


def test_a_new_game_gets_lint_and_diff_without_an_engine(home, tmp_path):
    firsts = []
    for version in ("1.070", "1.071"):
        path = tmp_path / f"{version}.txt"
        path.write_text(bundled_text("dbscg", version), encoding="utf-8")
        done = store.ingest(path, "dragonball", version, title="DB rules")
        assert (done.info.parser, done.info.script, done.info.language) == ("dashed", Script.LATN, "en")
        firsts.append(done.new_game)
    assert firsts == [True, False] and library.versions("dragonball") == ["1.070", "1.071"]
    mine, bundled = diff_versions("dragonball", "1.070", "1.071"), diff_versions("dbscg", "1.070", "1.071")
    assert mine.summary() == bundled.summary()
    from graph.lint import lint

    def findings(game):
        return [(f.kind, f.clause, f.line) for f in lint(library.load_book(game, "1.070"))]

    assert findings("dragonball") == findings("dbscg") != []


def test_removing_a_version_restores_the_store(home, tmp_path):
    store.ingest(ucg_copy(tmp_path), "ucg", "1.7")
    before = files_of(home / "store")
    store.ingest(ucg_copy(tmp_path, players="三名", name="b.txt"), "ucg", "1.8")
    assert store.remove("ucg", "1.8").version == "1.8"
    assert library.versions("ucg") == ["1.6", "1.7"]
    assert files_of(home / "store") == before


@pytest.mark.parametrize(
    ("arguments", "field", "message"),
    [
        (("UCG", "1.7"), "game", "invalid game"),
        (("search", "1.0"), "game", "taken by Arbiter's own pages"),
        (("api", "1.0"), "game", "taken by Arbiter's own pages"),
        (("ucg", "../1.7"), "version", "invalid version"),
        (("ucg", ""), "version", "invalid version"),
        (("a" * 33, "1.0"), "game", r"at most 32 characters \(it has 33\)"),
        (("ucg", "history"), "version", "taken by Arbiter's own pages and queries"),
        (("ucg", "all"), "version", "taken by Arbiter's own pages and queries"),
    ],
)
def test_bad_names_are_refused(home, tmp_path, arguments, field, message):
    with pytest.raises(ArbiterError, match=message) as caught:
        store.ingest(ucg_copy(tmp_path), *arguments)
    assert caught.value.field == field


def test_bad_files_are_refused_with_a_clear_message(home, tmp_path):
    cases = {
        "missing.txt": (None, "cannot read"),
        "latin1.txt": ("規則".encode("big5"), "not UTF-8"),
        "empty.txt": (b"  \n", "is empty"),
        "prose.txt": (b"This is a letter.\nIt has sentences, only.\n" * 20, "cannot tell the layout"),
    }
    for name, (data, message) in cases.items():
        path = tmp_path / name
        if data is not None:
            path.write_bytes(data)
        with pytest.raises(ArbiterError, match=message):
            store.ingest(path, "mine", "1")
    with pytest.raises(ArbiterError, match="unknown parser 'numbered'"):
        store.ingest(ucg_copy(tmp_path), "ucg", "1.7", parser="numbered")
    with pytest.raises(ArbiterError, match="one line"):
        store.ingest(ucg_copy(tmp_path), "ucg", "1.7", title="two\nlines")
    assert library.versions("ucg") == ["1.6"]


def test_detection_failure_names_what_it_counted(home, tmp_path):
    path = tmp_path / "prose.txt"
    path.write_text("Dear judge,\nthank you.\n", encoding="utf-8")
    with pytest.raises(ArbiterError) as caught:
        store.ingest(path, "mine", "1")
    assert caught.value.field == "parser"
    assert "0 dotted, 0 dashed, 0 sections" in caught.value.message and "--parser" in caught.value.message


def run_python(code: str, *args: str, env: dict | None = None) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-c", code, *args],
        cwd=ROOT,
        env={**os.environ, **(env or {})},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )


CONCURRENT_INGEST = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    from corpus import store
    store.ingest(Path(sys.argv[1]), "ucg", sys.argv[2])
    """
)


def test_two_ingests_at_once_both_land(home, tmp_path):
    runs = [
        run_python(CONCURRENT_INGEST, str(ucg_copy(tmp_path, players=p, name=f"{v}.txt")), v)
        for p, v in (("三名", "1.7"), ("四名", "1.8"))
    ]
    for process in runs:
        assert process.wait(timeout=60) == 0, process.stderr.read().decode()
    assert library.versions("ucg") == ["1.6", "1.7", "1.8"]


@pytest.mark.parametrize("date", ["2025-13-45", "2025-02-30", "25-03-27", "March 2025", "2025-3-7"])
def test_a_date_that_is_not_iso_8601_is_refused(home, tmp_path, date):
    with pytest.raises(ArbiterError, match="expected an ISO 8601 date") as caught:
        store.ingest(ucg_copy(tmp_path), "ucg", "1.7", date=date)
    assert caught.value.field == "date" and store.user_versions() == []


def test_replace_with_new_metadata_on_the_same_text_updates_it(home, tmp_path):
    path = ucg_copy(tmp_path)
    store.ingest(path, "ucg", "1.7", title="first", date="2025-01-01")
    with pytest.raises(ArbiterError, match=r"with this text \(title 'first' → 'second'.*--replace"):
        store.ingest(path, "ucg", "1.7", title="second")
    done = store.ingest(path, "ucg", "1.7", title="second", date="2025-02-02", replace=True)
    assert done.replaced is not None and not done.already_present
    info = library.book_info("ucg", "1.7")
    assert (info.title, info.date) == ("second", "2025-02-02")
    assert store.ingest(path, "ucg", "1.7").already_present  # nothing said: nothing changes
    assert (library.book_info("ucg", "1.7").title, library.book_info("ucg", "1.7").date) == (
        "second",
        "2025-02-02",
    )


def test_the_date_and_title_a_new_game_prints_are_read(home):
    source = bundled_manifest().root / "dbscg" / "dbscg-1.071-en.txt"
    done = store.ingest(source, "dbx", "1.071")
    assert done.info.date == "2018-11-15"  # "Last update: 11/15/2018"
    assert done.info.title == done.info.game_title == "DRAGON BALL SUPER CARD GAME OFFICIAL RULE MANUAL"
