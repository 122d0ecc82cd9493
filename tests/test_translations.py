"""Editions in other languages: ingested as ``version/lang``, addressed so, compared with their original.

The French 1.070 of dbscg is the publisher's text edition, kept in
``tests/fixtures/dbscg/``.  The findings asserted were read in both texts
first; each is listed in the README as a real difference between them.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner

from corpus import store
from corpus.library import book_info, load_book, versions
from corpus.store import schema
from corpus.versions.translation import check_translation
from webapp.cli import main

FRENCH = Path(__file__).parent / "fixtures" / "dbscg" / "dbscg-1.070-fr.txt"
ENGLISH_1_071 = Path(__file__).parents[1] / "corpus" / "rulebooks" / "dbscg" / "dbscg-1.071-en.txt"


@pytest.fixture(scope="module")
def french(tmp_path_factory):
    with pytest.MonkeyPatch.context() as patch:  # a home of its own: other tests see no translation
        patch.setenv("ARBITER_HOME", str(tmp_path_factory.mktemp("translations-home")))
        result = CliRunner().invoke(
            main, ["ingest", str(FRENCH), "--game", "dbscg", "--version", "1.070", "--json"]
        )
        assert result.exit_code == 0, result.output
        report = json.loads(result.stdout)
        assert (report["version"], report["language"]) == ("1.070/fr", "fr")  # detected, not told
        yield load_book("dbscg", "1.070/fr")


def test_a_translation_is_an_edition_beside_the_original_which_stays_the_default(french):
    assert french.info.date == "2018-11-02"  # "Dernière mise à jour : 02/11/2018", day first
    assert french.info.title.startswith("DRAGON BALL SUPER Jeu de cartes")
    assert versions("dbscg")[-1] == "1.071" and book_info("dbscg").version == "1.071"
    shown = CliRunner().invoke(main, ["show", "dbscg", "1-2-2-1", "--version", "1.070/fr"])
    assert "Zone de Vie" in shown.stdout


def test_compare_names_each_edition_and_checks_the_pair(french):
    result = CliRunner().invoke(main, ["compare", "dbscg@1.070:10-13-4-4", "dbscg@1.070/fr:10-13-4-4"])
    assert result.exit_code == 0, result.output
    assert "── dbscg@1.070/fr:10-13-4-4" in result.stdout
    assert "citations: cites 10-14-1; the translation cites 10-13-4-1" in result.stdout


def test_the_translation_check_finds_what_differs_in_the_french_1_070(french):
    findings = check_translation(load_book("dbscg", "1.070"), french)
    found = {(finding.kind, finding.clause) for finding in findings}
    # The French prints 1-2-2-1 twice; its second is the English 1-2-2-2 (Zone du Deck).
    assert {("missing", "1-2-2-2"), ("missing", "1-2-2-1~2")} <= found
    # The French keeps [Union-Potara] and [Union-Absorption] as sections 10-14 and 10-15 besides
    # 10-13-4 and 10-13-5, and [Évolution-Xeno] as 10-18: from 10-14 on its sections are other ones.
    assert {("missing", "10-23"), ("missing", "10-24")} <= found
    assert ("keywords", "10-26") in found  # [Wormhole] against [Lien]
    citations = {finding.clause: finding.message for finding in findings if finding.kind == "citations"}
    # The English cites the numbers [Union-Potara] and [Union-Absorb] had before they moved under 10-13.
    assert citations["10-13-4-4"] == "cites 10-14-1; the translation cites 10-13-4-1"
    assert citations["10-13-5-4"] == "cites 10-15-1; the translation cites 10-13-5-1"
    # The English repeats 4-7-3-3's sentence in 4-7-3-4, and prints a stray "8-1-4-2." in 8-1-4-1.
    assert citations["4-7-3-4"] == "cites 4-7-3-3, 4-7-3-5; the translation cites 4-7-3-3"
    assert citations["8-1-4-1"] == "cites 8-1-4-2; the translation cites nothing"


def test_numbers_differ_only_where_a_figure_in_digits_is_not_in_the_other_text(french):
    """Every figure the English 1.070 writes in digits is in the French, in digits or words
    ("50-card deck": "deck de cinquante cartes", "0": "zéro", "top 8 cards": "huit premières
    cartes"), but where the clauses are other clauses; a number only in words is wording ("either
    player": "l'un des deux joueurs", a colon: "les deux points"), and "paragraphe 7" is chapter 7."""
    findings = check_translation(load_book("dbscg", "1.070"), french)
    assert {finding.clause: finding.message for finding in findings if finding.kind == "numbers"} == {
        "10-21": "states 7; the translation states no figure",  # [Warrior of Universe 7] against Jeton
        "10-21-1": "states 7; the translation states no figure",
        "10-26-1": "states 2; the translation states no figure",  # [Wormhole]'s 2 times against [Lien]
    }


def test_a_changed_figure_is_found_whether_either_text_writes_it_in_digits_or_words(tmp_path, monkeypatch):
    """2-4-1-1 says "five colors" and "cinq couleurs", 5-1-3 "a 50-card deck" and "un deck de
    cinquante cartes": the French is edited to other forms, then to other figures."""
    monkeypatch.setenv("ARBITER_HOME", str(tmp_path / "home"))
    text, english = FRENCH.read_text(encoding="utf-8"), load_book("dbscg", "1.070")

    def numbers(version: str, colours: str, cards: str) -> dict[str, str]:
        edited = text.replace("Il existe cinq couleurs", f"Il existe {colours} couleurs")
        edited = edited.replace("deck de cinquante cartes", f"deck de {cards} cartes")
        path = tmp_path / f"{version}.txt"
        path.write_text(edited, encoding="utf-8")
        edition = store.ingest(path, "dbscg", version).info.version
        findings = check_translation(english, load_book("dbscg", edition))
        return {
            finding.clause: finding.message for finding in findings if finding.clause in ("2-4-1-1", "5-1-3")
        }

    assert numbers("9.0", "cinq", "cinquante") == {}
    assert numbers("9.1", "5", "50") == {}
    assert numbers("9.2", "6", "quarante") == {
        "2-4-1-1": "states 5 in words; the translation states 6",
        "5-1-3": "states 50; the translation states 40 in words",
    }


def test_a_clauses_history_on_the_command_line_stays_in_one_language(french):
    """The French 1.070 is not an older version of the English 1.070: 11-1-2 was 10-32-1-1 in 1.070."""
    result = CliRunner().invoke(main, ["diff", "dbscg", "--only", "11-1-2", "--json"])
    assert result.exit_code == 0, result.output
    steps = [(s["old_version"], s["new_version"], s["kind"]) for s in json.loads(result.stdout)["steps"]]
    assert steps == [("1.070", "1.071", "renumbered")]
    french_only = CliRunner().invoke(main, ["diff", "dbscg", "1.070/fr", "--only", "1-2-2-1", "--json"])
    assert french_only.exit_code == 0, french_only.output
    assert json.loads(french_only.stdout)["steps"] == []  # one French edition: nothing to follow
    mixed = CliRunner().invoke(main, ["diff", "dbscg", "1.070/fr", "1.071", "--only", "1-2-2-1"])
    assert mixed.exit_code == 2
    assert "1.070/fr and 1.071 are in different languages" in mixed.stderr


@pytest.mark.parametrize("written", ["1.070/fr", "1.070~fr"])
def test_the_command_line_names_an_edition_as_the_library_lists_it_or_as_an_address_has_it(french, written):
    def run(*args: str) -> str:
        result = CliRunner().invoke(main, list(args))
        assert result.exit_code == 0, result.output
        return result.stdout

    assert "Zone de Vie" in run("show", "dbscg", "1-2-2-1", "--version", written)
    assert "── dbscg@1.070/fr:10-13-4-4" in run(
        "compare", "dbscg@1.070:10-13-4-4", f"dbscg@{written}:10-13-4-4"
    )
    assert json.loads(run("diff", "dbscg", written, "--only", "1-2-2-1", "--json"))["steps"] == []
    assert run("translation", "dbscg", "1.070", written).startswith("dbscg 1.070 → 1.070/fr: ")
    own = run("show", "dbscg", "1-2-2-1", "--version", "1.070/en")  # the game's own language, named
    assert own == run("show", "dbscg", "1-2-2-1", "--version", "1.070")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["show", "dbscg", "1-2-2-1", "--version", "1.070~de"],
            "no edition of dbscg in 'de': expected one of en, fr",
        ),
        (
            ["show", "dbscg", "1-2-2-1", "--version", "1.070/French"],
            "invalid language 'French' in '1.070/French'",
        ),
        (["compare", "dbscg@1.070~xx:10-5", "dbscg@1.070:10-5"], "no edition of dbscg in 'xx'"),
        (["diff", "dbscg", "1.070~Fr", "--only", "1-2-2-1"], "invalid language 'Fr' in '1.070~Fr'"),
        (
            ["translation", "dbscg", "1.070", "1.071~fr"],
            "unknown version '1.071' of dbscg in 'fr': expected one of 1.070/fr",
        ),
    ],
)
def test_a_bad_language_in_an_edition_is_one_line_naming_it(french, args, message):
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2
    assert message in result.stderr and len(result.stderr.splitlines()) == 1, result.stderr


def test_a_language_that_is_no_tag_is_refused(tmp_path):
    result = CliRunner().invoke(
        main, ["ingest", str(FRENCH), "--game", "dbscg", "--version", "1.070", "--lang", "French"]
    )
    assert result.exit_code == 2
    assert "invalid language 'French'" in result.stderr


def test_a_translation_of_an_ingested_version_lands_beside_it(tmp_path, monkeypatch):
    """The French 1.080 is another edition than the English 1.080 the user ingested first:
    it was refused as "already in the store with a different text", and --replace deleted the English."""
    monkeypatch.setenv("ARBITER_HOME", str(tmp_path / "home"))
    english = store.ingest(ENGLISH_1_071, "dbscg", "1.080")
    french = store.ingest(FRENCH, "dbscg", "1.080")
    assert (english.info.version, french.info.version) == ("1.080", "1.080/fr")
    assert [(i.version, i.language) for i in store.user_versions()] == [("1.080", "en"), ("1.080/fr", "fr")]
    again = store.ingest(FRENCH, "dbscg", "1.080", replace=True, date="2018-11-03")
    assert again.replaced is not None and again.replaced.version == "1.080/fr"
    assert [(i.version, i.date) for i in store.user_versions()] == [
        ("1.080", english.info.date),
        ("1.080/fr", "2018-11-03"),
    ]


def test_a_store_of_schema_1_is_upgraded_with_its_editions(tmp_path, monkeypatch):
    """A store written before languages were part of an edition keeps its versions."""
    home = tmp_path / "home"
    monkeypatch.setenv("ARBITER_HOME", str(home))
    path = store.store_root() / "store.sqlite3"
    path.parent.mkdir(parents=True)
    connection = sqlite3.connect(path)
    connection.executescript(
        """CREATE TABLE store_state (singleton INTEGER PRIMARY KEY, schema_version INTEGER NOT NULL,
               generation BIGINT NOT NULL);
           INSERT INTO store_state VALUES (1, 1, 3);
           CREATE TABLE texts (sha256 CHAR(64) PRIMARY KEY, size BIGINT NOT NULL, body TEXT NOT NULL);
           CREATE TABLE editions (game VARCHAR(32) NOT NULL, version VARCHAR(32) NOT NULL,
               game_title TEXT NOT NULL, game_title_zh TEXT NOT NULL, title TEXT NOT NULL,
               published VARCHAR(10) NOT NULL, language VARCHAR(16) NOT NULL, script VARCHAR(4) NOT NULL,
               parser VARCHAR(32) NOT NULL, sha256 CHAR(64) NOT NULL REFERENCES texts (sha256),
               ingested VARCHAR(32) NOT NULL, PRIMARY KEY (game, version));"""
    )
    text = FRENCH.read_text(encoding="utf-8")
    import hashlib

    digest = hashlib.sha256(text.encode()).hexdigest()
    connection.execute("INSERT INTO texts VALUES (?, ?, ?)", (digest, len(text.encode()), text))
    connection.execute(
        "INSERT INTO editions VALUES ('dbfr', '1.070', 'Dragon Ball', '', 'Règles', '2018-11-02', 'fr', 'Latn', "
        "'dashed', ?, '2024-01-01T00:00:00+00:00')",
        (digest,),
    )
    connection.commit()
    connection.close()
    assert [(i.game, i.version, i.language) for i in store.user_versions()] == [("dbfr", "1.070", "fr")]
    assert load_book("dbfr", "1.070").get("1-2-2-1") is not None
    with sqlite3.connect(path) as check:
        assert check.execute("SELECT schema_version FROM store_state").fetchone()[0] == schema.SCHEMA_VERSION
        assert check.execute("SELECT edition FROM editions").fetchall() == [("1.070",)]


def test_a_translation_is_no_step_in_the_books_history(french):
    """Diffs, clause histories and "newest" run over the game's own editions only."""
    from corpus.library import editions

    assert versions("dbscg") == ["1.070", "1.071"]
    assert editions("dbscg") == ["1.070/fr", "1.070", "1.071"]
    history = CliRunner().invoke(main, ["diff", "dbscg", "--only", "10-32-1-1", "--json"])
    assert history.exit_code == 0, history.output
    assert "1.070/fr" not in history.stdout and "11-1-2" in history.stdout
