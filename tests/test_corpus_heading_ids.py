"""Every heading the bs manual prints resolves as a clause id: by its full heading path, and by its own
title alone where no other heading carries that title (「首先來記住這些！」 is filed under 遊戲開始前 on
the page, and a reader types only what the page shows)."""

from __future__ import annotations

from collections import Counter

from click.testing import CliRunner

from corpus.library import load_book
from corpus.model import PATH_MARK
from webapp.cli import main


def test_the_cli_shows_a_heading_named_by_its_own_title():
    result = CliRunner().invoke(main, ["show", "bs", "首先來記住這些！"])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("bs@17.0:遊戲開始前/首先來記住這些！")


def test_every_heading_resolves_by_its_path_and_by_its_title_when_unique():
    book = load_book("bs")
    leaves = Counter(c.id.rsplit(PATH_MARK, 1)[-1] for c in book.clauses)
    for clause in book.clauses:
        assert book.find(clause.id) is clause
        leaf = clause.id.rsplit(PATH_MARK, 1)[-1]
        if leaves[leaf] == 1:
            assert book.find(leaf) is clause, leaf
    shared = [leaf for leaf, count in leaves.items() if count > 1]
    assert "Q1" in shared and book.find("Q1") is None  # many FAQ entries: only the path names one


def test_an_unknown_title_is_still_not_found():
    result = CliRunner().invoke(main, ["show", "bs", "沒有這個標題"])
    assert result.exit_code == 2
    assert "no clause '沒有這個標題'" in result.output
