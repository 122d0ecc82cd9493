"""Hostile rulebooks and hostile input, rendered by every kind of page: shown as text, never run.

Three rulebooks are ingested the way a user would (``corpus.store.ingest``),
one per layout whose structure can carry markup: a dotted book (two versions,
so there is a diff) with payloads in its clauses and its title; a heading
book whose glossary term — and so a clause *id*, which ends up in URLs and
links — is markup; a sections book whose keyword id is markup.  The payloads
are script tags, event-handler attributes breaking out of attributes with
quotes, ``javascript:`` links (as HTML and as markdown), and Jinja syntax.

Every page kind is then rendered for them — home, book, clause, search
results, lint, diff, history, compare (two clauses and a concept), the
ruling pages with hostile board files, error pages — and each page is
parsed as a browser would: no element or attribute may come from a payload
(no event handler, no ``javascript:`` address, no inline script, embedded
JSON still valid JSON), the template syntax must not be evaluated, and the
payload text must still be there to read.  Every page carries the strict
Content-Security-Policy and every API twin is JSON, not HTML.
"""

from __future__ import annotations

import json
import os
from html.parser import HTMLParser
from urllib.parse import urlencode

import pytest

from corpus import store
from corpus.manifest import bundled_manifest
from corpus.model import BookInfo, Script
from corpus.parsers import get_parser
from corpus.search.service import Searcher
from webapp import create_app

SCRIPT = "<script>PWNED(1)</script>"
IMG = "<img src=x onerror=PWNED(2)>"
QUOTES = "\"'><svg onload=PWNED(3)>"
LINK = '<a href="javascript:PWNED(4)">here</a>'
MARKDOWN = "[details](javascript:PWNED(5))"
TEMPLATE = "{{ 123456789*9 }}{% if true %}PWNED6{% endif %}"
CLOSERS = "</title></textarea></style></script><script>PWNED(7)</script>"
PAYLOADS = (SCRIPT, IMG, QUOTES, LINK, TEMPLATE, CLOSERS)
#: What the template expression would print if it were evaluated.
EVALUATED = "1111111101"
GLOSSARY_TERM = "<b onclick=PWNED(8)>"  # an id of the heading book
KEYWORD = "<i onclick=PWNED(9)>"  # an id of the sections book, once its spaces are dropped
KEYWORD_ID = "900." + KEYWORD.replace(" ", "")
TITLE = '<script>PWNED(10)</script>" {{ 7*7 }}'


def _bundled(game: str) -> str:
    info = next(i for i in bundled_manifest().books if i.game == game)
    return (bundled_manifest().root / info.source).read_text(encoding="utf-8")


def _replace(text: str, old: str, new: str) -> str:
    assert old in text, old
    return text.replace(old, new, 1)


def hostile_dotted(version: int) -> str:
    """ucg with a payload after six clauses (a different one moved in version 2)."""
    text = _bundled("ucg")
    lines = {
        "1.1.1. ": SCRIPT,
        "1.2.1. ": IMG,
        "1.3.1. ": QUOTES,
        "1.3.2. ": LINK,
        "1.3.3. ": TEMPLATE,
        "4.2.1. ": CLOSERS if version == 1 else f"{CLOSERS} {MARKDOWN}",
    }
    out = []
    for line in text.split("\n"):
        for start, payload in lines.items():
            if line.lstrip("- ").startswith(start):
                line = f"{line}{payload}（參閱 1.1.1）"
        out.append(line)
    return "\n".join(out)


def hostile_headings() -> str:
    text = _replace(
        _bundled("bs"),
        "對手：指玩家中的對戰對手。",
        f"{GLOSSARY_TERM}：指{SCRIPT}{MARKDOWN}的對手。\n\n對手：指玩家中的對戰對手。",
    )
    return _replace(text, "Q1. 若卡牌效果與規則有所矛盾時", f"Q1. 若卡牌效果{QUOTES}與規則有所矛盾時")


def hostile_sections() -> str:
    return _replace(
        _bundled("zd"),
        "**突袭：**登场回合就可以攻击。",
        f"**{KEYWORD}：**登场{IMG}{TEMPLATE}回合。\n\n**突袭：**登场回合就可以攻击。",
    )


BOOKS = {  # (game, version) -> (text, parser)
    ("hostile", "1.0"): (hostile_dotted(1), "dotted"),
    ("hostile", "2.0"): (hostile_dotted(2), "dotted"),
    ("hostileweb", "1.0"): (hostile_headings(), "headings"),
    ("hostilezd", "1.0"): (hostile_sections(), "sections"),
}


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    root = tmp_path_factory.mktemp("hostile")
    previous = os.environ["ARBITER_HOME"]
    os.environ["ARBITER_HOME"] = str(root / "home")
    for (game, version), (text, parser) in BOOKS.items():
        path = root / f"{game}-{version}.txt"
        path.write_text(text, encoding="utf-8")
        store.ingest(path, game, version, parser=parser, title=TITLE)
    yield create_app({"TESTING": True, "SEARCHER": Searcher(), "REFRESH_SECONDS": 0}).test_client()
    os.environ["ARBITER_HOME"] = previous


def hostile_clauses() -> list[tuple[str, str, str]]:
    """``(game, version, id)`` of every clause holding a payload, and its parent
    (parsed here, as the ingest will, so the pages can be listed before it runs)."""
    found = []
    for (game, version), (text, parser) in BOOKS.items():
        info = BookInfo(
            game=game,
            title=TITLE,
            version=version,
            date="",
            language="zh",
            script=Script.HANT,
            source="",
            parser=parser,
        )
        for clause in get_parser(parser)(text, info).clauses:
            if "PWNED" in f"{clause.id}{clause.title}{clause.text}":
                found += [(game, version, clause.id)]
                if clause.parent:
                    found += [(game, version, clause.parent)]
    return sorted(set(found))


class Audit(HTMLParser):
    """What a browser would make of a page: every element and attribute, the text apart."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.problems: list[str] = []
        self.text: list[str] = []
        self.script: dict | None = None

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        for name, value in attrs:
            if name.startswith("on"):
                self.problems.append(f"<{tag} {name}=…>: an event handler")
            if (
                name in ("href", "src", "action", "formaction", "xlink:href", "data")
                and value
                and value.strip().lower().startswith(("javascript:", "vbscript:", "data:text/html"))
            ):
                self.problems.append(f"<{tag} {name}={value!r}>: a script address")
        if tag in ("iframe", "object", "embed", "img") and "PWNED" in repr(attrs):
            self.problems.append(f"<{tag}> made from a payload")
        if tag == "script":
            self.script = attributes

    def handle_endtag(self, tag):
        if tag == "script":
            self.script = None

    def handle_data(self, data):
        if self.script is None:
            self.text.append(data)
        elif self.script.get("type") == "application/json":
            try:
                json.loads(data)
            except ValueError:
                self.problems.append(f"embedded JSON broken open: {data[:80]!r}")
        elif data.strip():
            self.problems.append(f"inline script: {data[:80]!r}")


def audited(response, status: int = 200) -> str:
    """The page's visible text, after checking the page as a browser would read it."""
    assert response.status_code == status, (response.request.path, response.status_code)
    assert response.mimetype == "text/html"
    policy = response.headers.get("Content-Security-Policy", "")
    assert "script-src 'self'" in policy and "unsafe-inline" not in policy
    page = response.get_data(as_text=True)
    audit = Audit()
    audit.feed(page)
    audit.close()
    assert audit.problems == [], (response.request.path, audit.problems)
    assert EVALUATED not in page, "a template expression was evaluated"
    return "".join(audit.text)


def pages() -> list[str]:
    from webapp.views.links import clause_url

    with create_app({"TESTING": True}).test_request_context():
        clauses = [clause_url(*spot) for spot in hostile_clauses()]
    compare = {"left": f"hostilezd:{KEYWORD_ID}", "right": f"hostileweb:用語集/{GLOSSARY_TERM}"}
    return [
        "/",
        "/hostile/1.0",
        "/hostile/2.0",
        "/hostileweb/1.0",
        "/hostilezd/1.0",
        *clauses,
        "/search?" + urlencode({"q": "PWNED"}),
        "/search?" + urlencode({"q": "script", "game": "hostile"}),
        "/search?" + urlencode({"q": "onclick", "game": "hostileweb"}),
        "/lint",
        "/lint/hostile/1.0",
        "/lint/hostileweb/1.0",
        "/lint/hostilezd/1.0",
        "/versions",
        "/versions/hostile/1.0/2.0",
        "/versions/hostile/history/4.2.1",
        "/compare?" + urlencode(compare),
        "/compare?" + urlencode({"concept": SCRIPT}),
        "/api-docs",
        "/rule",
        "/rule/bs/cost",
    ]


def test_the_hostile_books_carry_their_payloads_into_ids_titles_and_text():
    ids = [clause_id for _game, _version, clause_id in hostile_clauses()]
    assert f"用語集/{GLOSSARY_TERM}" in ids and KEYWORD_ID in ids
    assert len(hostile_clauses()) >= 12


@pytest.mark.parametrize("address", pages())
def test_every_page_shows_hostile_rulebook_text_as_text(client, address):
    audited(client.get(address))


def test_the_payloads_are_all_there_to_read(client):
    shown = "".join(audited(client.get(address)) for address in pages())
    for payload in (*PAYLOADS, TITLE, GLOSSARY_TERM):
        assert payload in shown, payload
    assert KEYWORD_ID in shown


@pytest.mark.parametrize(
    "address",
    [
        f"/hostile/1.0/{SCRIPT}",
        f"/{IMG}/1.0",
        f"/hostile/{QUOTES}",
        f"/versions/hostile/1.0/{SCRIPT}",
        f"/lint/hostile/{IMG}",
        f"/rule/bs/{SCRIPT}",
        "/search?" + urlencode({"q": "勝利", "kind": SCRIPT}),
        "/search?" + urlencode({"q": "勝利", "game": QUOTES}),
        "/compare?" + urlencode({"left": SCRIPT, "right": IMG}),
    ],
)
def test_error_pages_show_hostile_input_as_text(client, address):
    response = client.get(address)
    assert response.status_code in (400, 404)
    audited(response, status=response.status_code)


HOSTILE_BOARD = f"""\
game: bs
question: cost
state:
  turn: 3
  turn_player: A
  phase: main
  players:
    A:
      reserve: 2
      hand: [{{name: '{SCRIPT}', kind: spirit, cost: 4, reduction: {{red: 2}}, levels: [{{lv: 1, cores: 1, bp: 1000}}]}}]
      field:
        - {{name: '{IMG}', kind: spirit, cores: 1, symbols: [red], levels: [{{lv: 1, cores: 1, bp: 1000}}]}}
        - {{name: '{LINK}', kind: spirit, cores: 2, symbols: [red], levels: [{{lv: 1, cores: 1, bp: 1000}}]}}
actions:
  - summon: {{card: '{SCRIPT}', cores: 0}}
"""
BAD_BOARD = f"""\
game: bs
question: cost
'{SCRIPT}': 1
state: {{phase: main, players: {{A: {{hand: [{{name: '{IMG}', kind: '{QUOTES}', cost: '{TEMPLATE}'}}]}}}}}}
"""


@pytest.mark.parametrize("board", [HOSTILE_BOARD, BAD_BOARD], ids=["a ruling", "the problems"])
def test_a_hostile_board_is_shown_as_text_in_the_ruling_page(client, board):
    posted = client.post("/rule/bs/cost", data={"board": board})
    text = audited(posted, status=200 if board is HOSTILE_BOARD else 400)
    assert SCRIPT in text and IMG in text
    uploaded = client.post(
        "/rule/file",
        data={"file": (__import__("io").BytesIO(board.encode()), "b.yaml")},
        content_type="multipart/form-data",
    )
    assert SCRIPT in audited(uploaded, status=posted.status_code)


@pytest.mark.parametrize(
    "address",
    [
        "/api/books",
        "/api/hostile/1.0",
        "/api/hostile/1.0/1.1.1",
        "/api/search?q=PWNED",
        "/api/versions/hostile/1.0/2.0",
        "/api/lint/hostile/1.0",
        f"/api/hostile/1.0/{SCRIPT}",
    ],
)
def test_the_api_answers_json_never_html(client, address):
    response = client.get(address)
    assert response.mimetype == "application/json" and response.status_code in (200, 404)
    assert "nosniff" in response.headers.get("X-Content-Type-Options", "")
    response.get_json()
