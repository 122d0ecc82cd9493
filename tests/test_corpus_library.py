"""The corpus as a library: manifest, loading, cache, errors and the CLI around them."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from corpus import cache
from corpus.errors import NotFound
from corpus.library import all_books, book_info, load_book, versions
from corpus.manifest import bundled_manifest, version_key
from corpus.storage import atomic_write_bytes
from webapp.cli import main

BUNDLED = {
    ("ucg", "1.6"),
    ("uhb", "1.9"),
    ("bs", "17.0"),
    ("gcg", "1.1.0"),
    ("zd", "1.20"),
    ("dbscg", "1.070"),
    ("dbscg", "1.071"),
}


def test_manifest_names_every_bundled_book_and_its_file_ships_in_the_package():
    manifest = bundled_manifest()
    assert {(b.game, b.version) for b in manifest.books} == BUNDLED
    package = Path(__file__).resolve().parents[1] / "corpus"
    for info in manifest.books:
        path = manifest.root / info.source
        assert path.is_file(), path
        assert package in path.resolve().parents, "rulebooks must be read from the package"
    assert {b.parser for b in manifest.books} == {"dotted", "dashed", "sections", "headings"}


def test_versions_sort_numerically_and_newest_is_the_default():
    assert version_key("1.071") > version_key("1.070")
    assert version_key("17.0") > version_key("9.0")
    assert versions("dbscg") == ["1.070", "1.071"]
    assert load_book("dbscg").version == "1.071"


@pytest.mark.parametrize(
    ("game", "version", "field"),
    [("mtg", None, "game"), ("ucg", "9.9", "version"), ("", None, "game")],
)
def test_unknown_game_or_version_names_the_field(game, version, field):
    with pytest.raises(NotFound) as caught:
        book_info(game, version)
    assert caught.value.field == field
    assert "expected one of" in caught.value.message


def test_every_book_loads_with_ordered_unique_ids_and_existing_parents():
    for info in all_books():
        book = load_book(info.game, info.version)
        ids = [c.id for c in book.clauses]
        assert len(ids) == len(set(ids)), info.key
        assert [c.order for c in book.clauses] == list(range(len(ids)))
        for clause in book.clauses:
            assert clause.parent is None or clause.parent in book, (info.key, clause.id)
            assert 1 <= clause.line_start <= clause.line_end
            assert clause.game == info.game and clause.version == info.version


def test_nothing_is_lost_coverage_per_book():
    for info in all_books():
        assert load_book(info.game, info.version).coverage >= 0.995, info.key


def test_cache_is_written_once_and_reused(monkeypatch):
    from corpus import library

    info = book_info("ucg")
    source = (bundled_manifest().root / info.source).read_bytes()
    path = cache.cache_path(info, cache.cache_key(info, source))
    library._load.cache_clear()
    load_book("ucg")
    assert path.is_file()
    stamp = path.stat().st_mtime_ns
    library._load.cache_clear()
    calls = []
    monkeypatch.setattr(library, "get_parser", lambda name: calls.append(name))
    assert len(load_book("ucg")) > 0
    assert calls == [], "a warm load must not parse again"
    assert path.stat().st_mtime_ns == stamp


def test_corrupt_cache_is_reported_and_rebuilt(capsys):
    from corpus import library

    info = book_info("gcg")
    source = (bundled_manifest().root / info.source).read_bytes()
    path = cache.cache_path(info, cache.cache_key(info, source))
    library._load.cache_clear()
    expected = len(load_book("gcg"))
    path.write_bytes(path.read_bytes()[:100])  # truncated, as after a crash
    library._load.cache_clear()
    assert len(load_book("gcg")) == expected
    assert "unreadable" in capsys.readouterr().err
    assert cache.read(path, cache.cache_key(info, source)) is not None


def test_interrupted_atomic_write_leaves_the_old_file(tmp_path, monkeypatch):
    target = tmp_path / "data.bin"
    target.write_bytes(b"old")

    def crash(*_args):
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(KeyboardInterrupt):
        atomic_write_bytes(target, b"new")
    assert target.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["data.bin"]


def test_cli_books_json_reports_counts_and_coverage():
    result = CliRunner().invoke(main, ["books", "--json"])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.output)
    assert {(r["game"], r["version"]) for r in rows} == BUNDLED
    for row in rows:
        assert row["clauses"] > 0
        assert row["coverage"] >= 0.995
        linted = CliRunner().invoke(main, ["lint", row["game"], "--version", row["version"], "--json"])
        assert row["problems"] == len(json.loads(linted.output)), "one count: what `arbiter lint` lists"


def test_cli_clauses_json_has_the_documented_fields_in_reading_order():
    result = CliRunner().invoke(main, ["clauses", "ucg", "--json"])
    assert result.exit_code == 0
    rows = json.loads(result.output)
    assert set(rows[0]) == {"game", "version", "id", "parent", "title", "text", "kind", "order"}
    assert [r["order"] for r in rows] == sorted(r["order"] for r in rows)
    assert [r["id"] for r in rows] == [c.id for c in load_book("ucg").clauses]


def test_cli_show_gives_children_and_line_span():
    result = CliRunner().invoke(main, ["show", "ucg", "1.3", "--json"])
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert data["id"] == "1.3"
    assert [c["id"] for c in data["children"]][:3] == ["1.3.1", "1.3.2", "1.3.3"]
    lines = (bundled_manifest().root / "ucg-1.6-zh-Hant.txt").read_text(encoding="utf-8").splitlines()
    assert "1.3. 遊戲的勝負" in lines[data["lines"][0] - 1]


@pytest.mark.parametrize("address", ["ucg:1.3", "ucg@1.6:1.3", " ucg@1.6:1.3 "])
def test_cli_show_and_refs_take_the_address_show_prints(address):
    """``show`` prints ``ucg@1.6:1.3`` as the clause's name; pasted back, it names the same clause."""
    shown = CliRunner().invoke(main, ["show", address, "--json"])
    assert shown.exit_code == 0
    assert json.loads(shown.output) == json.loads(
        CliRunner().invoke(main, ["show", "ucg", "1.3", "--json"]).output
    )
    cited = CliRunner().invoke(main, ["refs", address, "--json"])
    assert cited.exit_code == 0
    assert json.loads(cited.output) == json.loads(
        CliRunner().invoke(main, ["refs", "ucg", "1.3", "--json"]).output
    )


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["show", "ucg", "99.99"], "no clause '99.99'"),
        (["show", "nope", "1"], "unknown game 'nope'"),
        (["clauses", "ucg", "--version", "0.1"], "unknown version '0.1'"),
        (["show", "ucg"], "expected GAME ID (ucg 5.9.4.1) or an address"),
        (["show", "ucg@0.1:1.3"], "unknown version '0.1'"),
        (["show", "ucg@1.6:1.3", "--version", "0.1"], "names version 1.6, but --version asks for 0.1"),
        (["refs", "ucg:99.99"], "99.99"),
    ],
)
def test_cli_bad_input_exits_2_with_one_line(args, needle):
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2
    assert needle in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.output + result.stderr


def test_show_does_not_import_search_graph_or_judging_libraries(arbiter_home):
    """A warm ``arbiter show`` stays fast by importing only what it needs."""
    load_book("ucg")  # warm the cache this subprocess will read
    probe = (
        "import sys; from webapp.cli import main\n"
        "try:\n    main(['show', 'ucg', '1.3.2'])\nexcept SystemExit:\n    pass\n"
        "heavy = {'whoosh', 'rjieba', 'opencc', 'networkx', 'pydantic', 'flask', 'yaml'}\n"
        "print(sorted(heavy & {m.split('.')[0] for m in sys.modules}))\n"
    )
    env = dict(os.environ, ARBITER_HOME=arbiter_home)
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=env, check=True)
    assert out.stdout.strip().splitlines()[-1] == "[]"
