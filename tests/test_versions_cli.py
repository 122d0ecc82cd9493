"""``arbiter ingest / remove / diff / compare`` as a user runs them."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from corpus.manifest import bundled_manifest
from corpus.search import service
from webapp.cli import main

UCG_1_1_1 = "1.1.1. 在這款超人力霸王卡牌遊戲中，參與遊戲的人稱為玩家，這款遊戲由兩名玩家進行對戰。"
UCG_1_3_2 = "1.3.2. 於勝負判定階段完成所有戰鬥後，同時在 3 處或以上的戰鬥中勝出的玩家，即獲得遊戲勝利。"
NEW_CLAUSE = "1.1.2. 觀戰者不得向玩家提供任何建議（參閱 99.9）。"


def run(*args: str, code: int = 0):
    result = CliRunner().invoke(main, list(args))
    assert result.exit_code == code, result.output
    return result


def run_json(*args: str):
    return json.loads(run(*args, "--json").stdout)


@pytest.fixture
def home(tmp_path, monkeypatch) -> Path:
    """An empty ARBITER_HOME, with a search service of its own."""
    monkeypatch.setenv("ARBITER_HOME", str(tmp_path / "home"))
    monkeypatch.setattr(service, "_default", None)
    return tmp_path / "home"


def user_copy_of_ucg(folder: Path) -> Path:
    """What a user might bring: the bundled ucg with one clause added (citing a
    clause that does not exist) and the victory condition changed."""
    source = bundled_manifest().root / "ucg-1.6-zh-Hant.txt"
    text = source.read_text(encoding="utf-8")
    for old, new in (
        (UCG_1_1_1, f"{UCG_1_1_1}\n\n{NEW_CLAUSE}"),
        (UCG_1_3_2, UCG_1_3_2.replace("3 處", "4 處")),
    ):
        assert text.count(old) == 1
        text = text.replace(old, new)
    path = folder / "ucg-1.7.txt"
    path.write_text(text, encoding="utf-8")
    return path


def test_ingest_then_search_lint_diff_and_remove(home, tmp_path):
    report = run_json("ingest", str(user_copy_of_ucg(tmp_path)), "--game", "ucg", "--version", "1.7")
    assert (report["parser"], report["script"], report["indexed"]) == ("dotted", "Hant", True)
    assert any(f["kind"] == "dangling_reference" and f["clause"] == "1.1.2" for f in report["lint"])

    hits = run_json("search", "觀戰者", "--game", "ucg", "--version", "1.7")
    assert hits[0]["id"] == "1.1.2" and hits[0]["version"] == "1.7"
    lint = run_json("lint", "ucg", "--version", "1.7")
    assert [f["clause"] for f in lint if f["kind"] == "dangling_reference"] == ["1.1.2"]

    diff = run_json("diff", "ucg", "1.6", "1.7", "--rulings")
    assert diff["summary"] | {"unchanged": 0} == {
        "unchanged": 0,
        "modified": 1,
        "renumbered": 0,
        "split": 0,
        "merged": 0,
        "added": 1,
        "removed": 0,
    }
    assert diff["added"] == ["1.1.2"] and [m["id"] for m in diff["modified"]] == ["1.3.2"]
    inserted = [op["text"] for op in diff["modified"][0]["ops"] if op["op"] == "insert"]
    assert inserted == ["4"]
    rulings = diff["rulings"]
    assert rulings["engine"] and [c["clause"] for c in rulings["clauses"]] == ["1.3.2"]
    assert any("1.3.2" in message for message in rulings["broken"])

    assert "removed ucg 1.7" in run("remove", "ucg", "1.7").stdout
    assert [b["version"] for b in run_json("books") if b["game"] == "ucg"] == ["1.6"]
    failed = run("diff", "ucg", "1.6", "1.7", code=2)
    assert "unknown version '1.7'" in failed.stderr


def test_ingest_failures_exit_2_with_one_line(home, tmp_path):
    prose = tmp_path / "notes.txt"
    prose.write_text("Dear judge,\nthanks.\n", encoding="utf-8")
    failed = run("ingest", str(prose), "--game", "mine", "--version", "1", code=2)
    assert failed.stderr.count("\n") == 1 and "cannot tell the layout" in failed.stderr
    failed = run("ingest", str(user_copy_of_ucg(tmp_path)), "--game", "ucg", "--version", "1.6", code=2)
    assert "bundled" in failed.stderr
    assert "read-only" in run("remove", "ucg", "1.6", code=2).stderr


def test_diff_text_output_lists_every_change_and_the_changelog():
    out = run("diff", "dbscg").stdout  # the two newest versions
    assert out.startswith("dbscg 1.070 → 1.071: 572 unchanged, 15 modified, 17 renumbered")
    assert "renumbered 10-4~2 → 11-4" in out
    assert "{+keyword +}" in out  # wdiff-style inline edits when not on a terminal
    assert re.search(r"changelog: 3 confirmed, 0 partial, 0 not_found, 21 unmentioned", out)
    assert "rulings: no judging engine for this game" in run("diff", "dbscg", "--rulings").stdout


def test_one_clause_through_every_version():
    steps = run_json("diff", "dbscg", "--only", "11-1-2")["steps"]
    assert [(s["kind"], s["old_ids"], s["new_ids"]) for s in steps] == [
        ("renumbered", ["10-32-1-1"], ["11-1-2"])
    ]
    steps = run_json("diff", "dbscg", "--only", "10-4")["steps"]
    assert [(s["kind"], s["new_ids"]) for s in steps] == [("unchanged", ["10-4"])]
    steps = run_json("diff", "dbscg", "--only", "10-4~2")["steps"]
    assert [(s["kind"], s["new_ids"]) for s in steps] == [("renumbered", ["11-4"])]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("diff", "dbscg", "1.070", "9.9"), "unknown version '9.9'"),
        (("diff", "nogame"), "unknown game 'nogame'"),
        (("diff", "ucg"), "only one version"),
        (("diff", "dbscg", "--only", "99-99"), "no clause '99-99'"),
        (("compare", "ucg:1.3.2"), "expected two clauses"),
        (("compare", "ucg-1.3.2", "gcg:1-2-2"), "cannot read clause 'ucg-1.3.2'"),
        (("compare", "ucg:9.9.9", "gcg:1-2-2"), "no clause '9.9.9'"),
        (("compare", "ucg:1.3.2", "gcg:1-2-2", "--concept", "x"), "not both"),
    ],
)
def test_bad_input_gets_a_clear_message(args, message):
    failed = run(*args, code=2)
    assert message in failed.stderr and "Traceback" not in failed.output


def test_compare_folds_scripts_only_when_they_differ():
    across = run_json("compare", "ucg:1.3.2", "uhb:1.3.2")
    assert (across["left"]["script"], across["right"]["script"], across["folded"]) == ("Hant", "Hans", True)
    assert "勝" in across["left"]["text"]  # shown in the book's own script …
    assert not any("勝" in op["text"] for op in across["ops"])  # … compared in Simplified
    same = run_json("compare", "ucg@1.6:1.3.2", "gcg:1-2-2")
    assert same["folded"] is False and same["right"]["address"] == "gcg@1.1.0:1-2-2"
    assert "".join(op["text"] for op in same["ops"] if op["op"] != "insert") == same["left"]["text"]


def test_concept_view_shows_one_clause_per_game():
    games = sorted({info.game for info in bundled_manifest().books})
    view = run_json("compare", "--concept", "勝利條件")
    assert [row["game"] for row in view["games"]] == games
    found = {row["game"]: row["clause"] for row in view["games"]}
    assert all(clause is None or clause["game"] == game for game, clause in found.items())
    assert found["bs"]["id"].endswith("勝利條件")  # bs has a heading of exactly that name
