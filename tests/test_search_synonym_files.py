"""A user's synonym file that cannot be used is reported once and skipped; search goes on.

The user's file (``$ARBITER_HOME/synonyms/<game>.yaml``) is read by every
search and by the concept view, for every client of a server: one bad file
must not take them down, leak where the server keeps its data, or make every
search slow.
"""

from __future__ import annotations

import itertools
import json
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from flask.testing import FlaskClient

from corpus.search import synonyms
from corpus.search.synonyms import Concept, concepts
from corpus.storage import arbiter_home
from webapp import create_app
from webapp.cli import main

SHOWN = "$ARBITER_HOME/synonyms/gcg.yaml"
_SECONDS = itertools.count(1_600_000_000)


def write(path: Path, text: str) -> None:
    """Write ``path`` with a modification time of its own: files are known again by theirs,
    and two writes within one tick of the file system's clock can share one."""
    path.write_text(text, encoding="utf-8")
    stamp = next(_SECONDS) * 1_000_000_000
    os.utime(path, ns=(stamp, stamp))


@pytest.fixture(scope="module")
def client() -> FlaskClient:
    return create_app({"TESTING": True}).test_client()


@pytest.fixture
def bundled() -> dict[str, Concept]:
    """gcg's concepts while the user has no file of their own."""
    return concepts("gcg")


@pytest.fixture
def user_file(bundled: dict[str, Concept]) -> Iterator[Path]:
    folder = arbiter_home() / "synonyms"
    folder.mkdir(exist_ok=True)
    path = folder / "gcg.yaml"
    yield path
    path.unlink(missing_ok=True)


def test_a_file_that_is_not_yaml_is_reported_once_and_search_and_compare_still_answer(
    user_file: Path, bundled: dict[str, Concept], client: FlaskClient, capsys: pytest.CaptureFixture[str]
) -> None:
    write(user_file, "hand_limit:\n  label: 手牌上限\n  terms: [手牌上限, 手札\n")
    search = client.get("/api/search", query_string={"q": "勝利條件"})
    compare = client.get("/api/compare", query_string={"concept": "hand_limit"})
    again = client.get("/api/search", query_string={"q": "hand limit", "game": "gcg"})
    assert (search.status_code, compare.status_code, again.status_code) == (200, 200, 200)
    assert len({hit["game"] for hit in search.json["hits"]}) > 1  # across games
    gcg = next(match for match in compare.json["matches"] if match["game"] == "gcg")
    assert gcg["query"] == bundled["hand_limit"].label and gcg["clause"] is not None
    assert again.json["hits"], "the bundled hand_limit concept still widens gcg's searches"
    for response in (search, compare, again):
        assert str(arbiter_home()) not in response.get_data(as_text=True)
    assert concepts("gcg") == bundled
    reports = [line for line in capsys.readouterr().err.splitlines() if "synonym file" in line]
    expected = (
        f"synonym file {SHOWN} is skipped: it is not valid YAML at line 4, column 1: did not find expected"
    )
    assert len(reports) == 1 and expected in reports[0]


def test_the_command_line_compares_a_concept_past_a_broken_file(user_file: Path) -> None:
    write(user_file, "hand_limit: [unclosed\n")
    result = CliRunner().invoke(main, ["compare", "--concept", "hand_limit", "--json"])
    assert result.exit_code == 0, result.output
    assert any(row["clause"] for row in json.loads(result.stdout)["games"] if row["game"] == "gcg")
    assert f"synonym file {SHOWN} is skipped" in result.stderr
    assert str(arbiter_home()) not in result.output


def test_a_concept_whose_only_term_is_empty_is_switched_off_and_compare_works(
    user_file: Path, bundled: dict[str, Concept], client: FlaskClient
) -> None:
    write(user_file, 'hand_limit:\n  terms: [""]\n')
    response = client.get("/api/compare", query_string={"concept": "hand_limit"})
    assert response.status_code == 200, response.json
    assert "hand_limit" not in concepts("gcg")  # as with terms: []
    by_game = {match["game"]: match for match in response.json["matches"]}
    others = {concepts(game)["hand_limit"].label for game in by_game if "hand_limit" in concepts(game)}
    assert by_game["gcg"]["query"] in others  # another game's label, never ""


def test_blank_terms_and_labels_are_dropped_and_the_others_kept(user_file: Path, client: FlaskClient) -> None:
    write(user_file, 'mine:\n  label: " "\n  terms: ["", "  ", "!!", xyzzy, 先制攻擊]\n')
    assert concepts("gcg")["mine"].terms == ("xyzzy", "先制攻擊")
    assert concepts("gcg")["mine"].label == "xyzzy"
    found = client.get("/api/search", query_string={"q": "xyzzy", "game": "gcg"}).json["hits"]
    assert found and "先制攻擊" in found[0]["snippet"]


def many_terms(count: int, per_concept: int) -> str:
    """A synonym file of ``count`` short terms, ``per_concept`` to a concept."""
    lines = []
    for start in range(0, count, per_concept):
        terms = ", ".join(f"w{n}" for n in range(start, min(count, start + per_concept)))
        lines.append(f"c{start}:\n  terms: [{terms}]\n")
    return "".join(lines)


@pytest.mark.parametrize(
    ("text", "says"),
    [
        (many_terms(200_000, 200_000), f"it is larger than {synonyms.MAX_FILE_BYTES} bytes"),
        (many_terms(synonyms.MAX_FILE_TERMS + 1, 100), f"more than {synonyms.MAX_FILE_TERMS} terms"),
        (many_terms(synonyms.MAX_CONCEPTS + 1, 1), f"{synonyms.MAX_CONCEPTS + 1} concepts"),
        (f"c:\n  terms: [{'w' * (synonyms.MAX_TERM_CHARS + 1)}]\n", f"at most {synonyms.MAX_TERM_CHARS}"),
        ("c:\n  terms: [yes]\n", "put words such as yes or no in quotes"),
        ("c: [a, list]\n", "concept 'c' needs 'terms:' as a list of words"),
    ],
    ids=["bytes", "terms", "concepts", "term length", "unquoted yes", "not a mapping"],
)
def test_a_file_over_a_bound_or_of_the_wrong_shape_is_refused_whole(
    user_file: Path, bundled: dict[str, Concept], capsys: pytest.CaptureFixture[str], text: str, says: str
) -> None:
    write(user_file, text)
    assert concepts("gcg") == bundled
    assert f"synonym file {SHOWN} is skipped: " in capsys.readouterr().err
    concepts("gcg")
    assert capsys.readouterr().err == ""  # once, not on every search
    write(user_file, text + "\n")  # a new version of the file is reported again
    concepts("gcg")
    assert says in capsys.readouterr().err


def test_a_file_just_within_the_bounds_is_used() -> None:
    """The bounds refuse only what is over them (the case above holds one term or concept more)."""
    folder = arbiter_home() / "synonyms"
    folder.mkdir(exist_ok=True)
    path = folder / "tst.yaml"
    try:
        write(path, many_terms(synonyms.MAX_FILE_TERMS, synonyms.MAX_FILE_TERMS // synonyms.MAX_CONCEPTS))
        assert path.stat().st_size <= synonyms.MAX_FILE_BYTES
        found = concepts("tst")
        assert len(found) == synonyms.MAX_CONCEPTS
        assert sum(len(c.terms) for c in found.values()) == synonyms.MAX_FILE_TERMS
    finally:
        path.unlink()


def test_the_concepts_read_are_kept_for_the_next_process_and_read_again_when_the_file_changes(
    user_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write(user_file, "first_player:\n  terms: [先手, 先攻]\n")
    assert concepts("gcg")["first_player"].terms == ("先手", "先攻")
    synonyms._load.cache_clear()  # what a new process starts with
    monkeypatch.setattr(synonyms, "_parsed", lambda path: pytest.fail(f"{path} was parsed again"))
    assert concepts("gcg")["first_player"].terms == ("先手", "先攻")  # the bundled file's are kept too
    monkeypatch.undo()
    write(user_file, "first_player:\n  terms: [先手, 後攻]\n")  # the same size
    synonyms._load.cache_clear()
    assert concepts("gcg")["first_player"].terms == ("先手", "後攻")
