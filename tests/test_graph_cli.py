"""``arbiter refs``, ``arbiter graph`` and ``arbiter lint`` through the real command line."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import pytest
from click.testing import CliRunner

from corpus.library import load_book
from webapp.cli import main


def run(*args):
    return CliRunner().invoke(main, list(args))


def test_refs_json_lists_cites_cited_by_and_terms_with_target_kind_and_text():
    result = run("refs", "gcg", "8-5-2-3-1", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert set(data) == {"cites", "cited_by", "terms"}
    assert [(r["target"], r["kind"], r["text"]) for r in data["cites"]] == [
        ("13-2-5", "cites", "參閱 13-2-5.【爆發】")
    ]
    terms = {r["target"]: r for r in data["terms"]}
    assert terms["13-2-5"]["text"] == "【爆發】" and terms["13-2-5"]["kind"] == "term"
    assert terms["5-10"]["text"] == "破壞"  # gcg 5-10 defines 破壞 among the basic terms
    cited = json.loads(run("refs", "gcg", "13-2-5", "--json").output)["cited_by"]
    assert {r["source"] for r in cited} == {"3-4-7", "5-10-3", "8-5-2-3-1"}
    assert all(r["target"] == "13-2-5" and r["kind"] == "cites" and "13-2-5" in r["text"] for r in cited)


def test_refs_shows_a_dangling_reference_with_its_reason():
    data = json.loads(run("refs", "uhb", "2.0.5e", "--json").output)
    assert [(r["target"], r["status"], r["printed"]) for r in data["cites"]] == [
        (None, "not_found", "4.4.2a")
    ]
    text = run("refs", "uhb", "2.0.5e").output
    assert "nowhere: no clause 4.4.2a" in text


def test_refs_accepts_a_printed_trailing_dot():
    assert json.loads(run("refs", "ucg", "12.4.2.3.", "--json").output)["cites"][0]["target"] == "12.4.2.2"


@pytest.mark.parametrize("fmt", ["json", "graphml"])
def test_graph_exports_to_a_file(tmp_path, fmt):
    out = tmp_path / f"zd.{fmt}"
    result = run("graph", "zd", "--format", fmt, "-o", str(out))
    assert result.exit_code == 0, result.output
    clauses = len(load_book("zd"))
    if fmt == "json":
        data = json.loads(out.read_text(encoding="utf-8"))
        assert len(data["nodes"]) == clauses
        assert {"source": "101.p7", "target": "901"}.items() <= next(
            e for e in data["edges"] if e["kind"] == "cites" and e["source"] == "101.p7"
        ).items()
    else:
        ns = {"g": "http://graphml.graphdrawing.org/xmlns"}
        assert len(ET.parse(out).getroot().findall(".//g:node", ns)) == clauses
    assert [p.name for p in tmp_path.iterdir()] == [out.name]  # no temporary file left behind


def test_lint_json_and_text():
    result = run("lint", "dbscg", "--version", "1.070", "--json")
    assert result.exit_code == 0
    findings = json.loads(result.output)
    assert {"10-4~2", "10-5~2"} <= {f["clause"] for f in findings if f["kind"] == "duplicate_id"}
    assert all(set(f) == {"kind", "clause", "message", "line", "source"} for f in findings)
    text = run("lint", "uhb").output.splitlines()
    assert any(line.startswith("uhb-1.9-zh-Hans.txt:51: dangling_reference [2.0.5e]") for line in text)
    assert text[-1] == f"{len(json.loads(run('lint', 'uhb', '--json').output))} problems in uhb 1.9"


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["refs", "nope", "1"], "unknown game 'nope'"),
        (["refs", "ucg", "99.99"], "no clause '99.99'"),
        (["refs", "ucg", "1.1", "--version", "0.1"], "unknown version '0.1'"),
        (["graph", "nope", "-o", "x.json"], "unknown game 'nope'"),
        (["graph", "ucg", "--version", "9", "-o", "x.json"], "unknown version '9'"),
        (["lint", "nope"], "unknown game 'nope'"),
    ],
)
def test_bad_input_exits_2_with_one_line(args, needle):
    result = run(*args)
    assert result.exit_code == 2
    assert needle in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.output + result.stderr


def test_graph_into_an_unwritable_place_is_a_one_line_error(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("")
    result = run("graph", "ucg", "-o", str(blocker / "x.json"))
    assert result.exit_code == 2
    assert "cannot write" in result.stderr and len(result.stderr.strip().splitlines()) == 1


def test_graph_into_a_missing_folder_is_refused_not_created(tmp_path):
    result = run("graph", "ucg", "-o", str(tmp_path / "missing" / "x.json"))
    assert result.exit_code == 2
    assert "No such file or directory" in result.stderr
    assert not (tmp_path / "missing").exists()


def test_exported_graph_is_readable_by_others(tmp_path):
    out = tmp_path / "ucg.json"
    assert run("graph", "ucg", "-o", str(out)).exit_code == 0
    assert out.stat().st_mode & 0o777 == 0o644
