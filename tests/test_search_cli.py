"""``arbiter search``: JSON shape, options, and bad input as one line with exit status 2."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from corpus.search import service
from webapp.cli import main


def run(*args: str):
    return CliRunner().invoke(main, ["search", *args])


def test_json_lists_hits_best_first_with_the_documented_fields():
    result = run("胜利条件", "--game", "ucg", "--json")
    assert result.exit_code == 0, result.output
    hits = json.loads(result.stdout)
    assert hits and set(hits[0]) == {
        "game",
        "version",
        "id",
        "title",
        "kind",
        "snippet",
        "highlights",
        "score",
        "exact",
    }
    assert [h["score"] for h in hits] == sorted((h["score"] for h in hits), reverse=True)
    first = hits[0]
    a, b = first["highlights"][0]
    assert first["snippet"][a:b] == "勝利條件"
    assert "勝利條件" in first["snippet"], "the snippet is in the book's own script"


def test_options_filter_and_page():
    page1 = json.loads(run("BP", "--limit", "3", "--json").stdout)
    page2 = json.loads(run("BP", "--limit", "3", "--page", "2", "--json").stdout)
    assert len(page1) == len(page2) == 3 and not {h["id"] for h in page1} & {h["id"] for h in page2}
    old = json.loads(run("Blocker", "--game", "dbscg", "--version", "1.070", "--json").stdout)
    assert old and {h["version"] for h in old} == {"1.070"}
    faq = json.loads(run("爆裂", "--kind", "faq", "--json").stdout)
    assert faq and {h["kind"] for h in faq} == {"faq"}


def test_text_output_marks_highlights():
    result = run("5.9.4", "--game", "ucg", "--limit", "2")
    assert result.exit_code == 0
    assert result.stdout.splitlines()[0].startswith("ucg@1.6:5.9.4 ")
    assert "«" in run("勝利條件", "--game", "ucg").stdout


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (['"'], "no words"),
        (["AND"], "no words"),
        (["x" * 10_000], "at most"),
        (["勝利", "--game", "mtg"], "unknown game"),
        (["勝利", "--game", "ucg", "--version", "0.1"], "unknown version"),
        (["勝利", "--kind", "poem"], "unknown kind"),
        (["勝利", "--limit", "0"], "limit"),
    ],
)
def test_bad_input_is_one_line_on_stderr_with_status_2(args, says):
    result = run(*args)
    assert result.exit_code == 2
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and says in lines[0] and "Traceback" not in result.stderr


def test_a_game_the_library_lacks_is_told_before_any_index_is_built(tmp_path, monkeypatch):
    """In a home with no index yet, a misspelt game is one line at once, not a build then the line."""
    monkeypatch.setenv("ARBITER_HOME", str(tmp_path / "home"))
    monkeypatch.setattr(service, "_default", None)
    result = run("勝利", "--game", "mtg")
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines() == [
        "arbiter: unknown game 'mtg': expected one of bs, dbscg, gcg, ucg, uhb, zd (game)"
    ]
    assert not (tmp_path / "home" / "index").exists()


def test_a_clause_address_as_the_query_names_that_clause():
    """The README's own address form (as ``arbiter compare`` takes it) finds its clause first."""
    result = CliRunner().invoke(main, ["search", "ucg@1.6:5.9.4.1", "--json"])
    assert result.exit_code == 0, result.output
    hits = json.loads(result.stdout)
    assert (hits[0]["game"], hits[0]["version"], hits[0]["id"], hits[0]["exact"]) == (
        "ucg",
        "1.6",
        "5.9.4.1",
        True,
    )
    missing = CliRunner().invoke(main, ["search", "ucg:99.99"])
    assert missing.exit_code == 2 and "no clause '99.99' in ucg 1.6" in missing.stderr
