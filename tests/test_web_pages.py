"""What a reader of the pages sees: counts that agree, plurals, the pager, every listed page.

Through the real app (``app.test_client()``) on the bundled rulebooks; the
expected values come from the pages a link opens, the corpus or the README,
never from the template under test.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from corpus.library import all_books
from webapp import create_app

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def client():
    return create_app({"TESTING": True}).test_client()


def html(response) -> str:
    assert response.status_code == 200, response.status_code
    assert response.content_type.startswith("text/html"), response.content_type
    return response.get_data(as_text=True)


def lint_heading_count(page: str) -> int:
    return int(re.search(r"<h1>(\d+) problems? in ", page).group(1))


# -- one count of a book's problems -----------------------------------------------------------


def test_every_problem_count_is_what_its_lint_page_lists(client):
    """"2 problems" on the home page must not open "4 problems in uhb 1.9"."""
    home = html(client.get("/"))
    for info in all_books():
        lint_address = f"/lint/{info.game}/{info.version}"
        listed = client.get("/api" + lint_address).json["findings"]
        lint_page = html(client.get(lint_address))
        assert lint_heading_count(lint_page) == len(listed) == lint_page.count("<tr><td>")
        book_page = html(client.get(f"/{info.game}/{info.version}"))
        for where, page in (("home", home), ("book", book_page)):
            shown = re.search(rf'<a href="{re.escape(lint_address)}">(\d+) problems?</a>', page)
            assert shown and int(shown.group(1)) == len(listed), (where, info.key)
    books = client.get("/api/books").json
    counted = {(b["game"], b["version"]): b["problems"] for g in books["games"] for b in g["versions"]}
    index = {(b["game"], b["version"]): b["findings"] for b in client.get("/api/lint").json["books"]}
    linted = {(i.game, i.version): len(client.get(f"/api/lint/{i.game}/{i.version}").json["findings"])
              for i in all_books()}
    assert counted == index == linted
