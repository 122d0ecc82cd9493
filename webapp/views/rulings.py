"""Rulings: pick a game and a question, describe the board, get the ruling.

The page for a question carries the question's board schema (pydantic's JSON
schema), from which ``static/ruleform.js`` builds a form; the form writes a
board file (YAML) into a text box, which is also where a judge pastes one.
The server only ever reads that text (or an uploaded file, kept in memory and
limited in size by ``MAX_CONTENT_LENGTH``, never written to disk) and runs it
through :func:`judge.registry.rule`, exactly like ``arbiter rule``.

The JSON twin takes the board file as the request body (JSON or YAML) and
answers with the ruling, plus the label, text and address of every clause it
cites (what the page shows on hover).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from flask import request, url_for
from pydantic import ValidationError

from corpus.errors import ArbiterError, NotFound
from corpus.library import book_info, load_book, versions
from judge.board import BoardError, BoardProblem, read_document
from judge.registry import ENGINES, ENVELOPE, Question, engine, rule
from webapp.views import Area, Failed, is_api
from webapp.views.links import clause_url, label, shorten
from webapp.views.schemas import BoardFile, RuleIndex, RulePage

area = Area("rulings", __name__)
HOVER_WIDTH = 300
NO_BOARD = "give a board file: fill the form, paste YAML or JSON, or upload a file"


def question_dict(game: str, question: Question) -> dict[str, Any]:
    return {
        "game": game,
        "question": question.name,
        "summary": question.summary,
        "url": url_for("rulings.ruling_page", game=game, question=question.name),
    }


@area.page(
    "/rule",
    template="rule_index.html",
    response=RuleIndex,
    errors=(),
    summary="The games Arbiter can rule on and the questions each engine answers.",
)
def rule_index() -> dict[str, Any]:
    return {
        "games": [
            {"game": game, "questions": [question_dict(game, q) for q in engine(game).questions.values()]}
            for game in ENGINES
        ]
    }


def find_question(game: str, name: str) -> Question:
    questions = engine(game).questions
    if name not in questions:
        raise NotFound(f"no question {name!r} for {game}: expected one of {', '.join(questions)}", "question")
    return questions[name]


def example_text(question: Question) -> str:
    """The question's example board file, where the examples are installed."""
    path = question.example
    return path.read_text(encoding="utf-8") if path.is_file() else ""


def submitted_text() -> str | None:
    """The board file a request carries: an upload, the text box, or the body (API)."""
    if is_api():
        raw = request.get_data(cache=False)
    else:
        upload = request.files.get("file")
        raw = upload.read() if upload is not None and upload.filename else b""
        if not raw.strip():
            raw = request.form.get("board", "").encode("utf-8")
    if not raw.strip():
        return None
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise BoardError([BoardProblem("", "the board file is not UTF-8 text")]) from None


def page_data(game: str | None, question: Question | None, text: str) -> dict[str, Any]:
    """What the question page shows before a board is ruled on."""
    data: dict[str, Any] = {
        "game": game,
        "script": None,
        "question": None,
        "summary": None,
        "versions": [],
        "questions": [],
        "schema": None,
        "yaml": text,
        "board": None,
        "ruling": None,
        "clauses": {},
        "problems": [],
    }
    if game is not None and question is not None:
        data.update(
            question=question.name,
            summary=question.summary,
            versions=versions(game),
            script=book_info(game).script.value,
            questions=[question_dict(game, q) for q in engine(game).questions.values()],
            schema=question.board.model_json_schema(),
        )
    return data


def _plain(document: dict[str, Any]) -> dict[str, Any]:
    """The board as JSON can carry it (YAML may hold dates or sets).

    :func:`judge.board.read_document` has already bounded what the document
    holds, aliases counted as expanded, so writing it out stays small.
    """
    plain: dict[str, Any] = json.loads(json.dumps(document, ensure_ascii=False, default=str))
    return plain


def form_board(question: Question, document: dict[str, Any]) -> dict[str, Any]:
    """The board in its schema's own shape, for the form to start from.

    Board files may use shorthands the models accept (a zone's bare ``5``
    for ``{unnamed: 5}``); the form only knows the schema, so it gets the
    validated model written out.  A board that does not validate is given
    as it is (the problems are shown next to the fields).
    """
    fields = {key: value for key, value in document.items() if key not in ENVELOPE}
    try:
        board = question.board.model_validate(fields)
    except ValidationError:
        return document
    envelope = {key: document[key] for key in ENVELOPE if key in document}
    return {**envelope, **board.model_dump(mode="json", by_alias=True, exclude_defaults=True)}


def _asked(
    document: dict[str, Any], game: str | None, question: Question | None
) -> tuple[str | None, Question | None]:
    """The game and question a board file names, where they exist; else the page's."""
    named_game, named = document.get("game"), document.get("question")
    if isinstance(named_game, str) and named_game in ENGINES and isinstance(named, str):
        found = engine(named_game).questions.get(named)
        if found is not None:
            return named_game, found
    return game, question


def clause_notes(game: str, version: str | None, ids: Iterable[str]) -> dict[str, dict[str, str]]:
    """Label, text and address of each clause id (for links with the text on hover)."""
    book = load_book(game, version)
    notes: dict[str, dict[str, str]] = {}
    for clause_id in dict.fromkeys(ids):
        clause = book.get(clause_id)
        if clause is not None:
            notes[clause_id] = {
                "label": label(clause),
                "text": shorten(f"{clause.title or ''} {clause.text}", HOVER_WIDTH),
                "url": clause_url(game, book.version, clause_id),
            }
    return notes


def run(game: str | None, question: Question | None, text: str | None) -> dict[str, Any]:
    """Rule on the board file ``text``; problems go back with the page around them."""
    if text is None:
        raise Failed(page_data(game, question, ""), ArbiterError(NO_BOARD, "board"))
    try:
        document = read_document(text, "board")
    except BoardError as error:
        data = page_data(game, question, text)
        data["problems"] = [p.as_dict() for p in error.problems]
        raise Failed(data, error) from None
    if game is not None and question is not None:  # the page of a question (board_file has neither)
        document.setdefault("game", game)
        document.setdefault("question", question.name)
    game, question = _asked(document, game, question)
    data = page_data(game, question, text)
    try:
        data["board"] = _plain(document)
        if question is not None:
            data["board"] = form_board(question, data["board"])
        ruling = rule(document)
    except BoardError as error:
        data["problems"] = [p.as_dict() for p in error.problems]
        if game is not None:
            data["clauses"] = clause_notes(game, None, (c for p in error.problems for c in p.cites))
        raise Failed(data, error) from None
    data["ruling"] = ruling.as_dict()
    cited = list(ruling.cited) + list(ruling.decisive)
    data["clauses"] = clause_notes(ruling.game, ruling.rulebook_version, cited)
    return data


@area.page(
    "/rule/<game:game>/<question>",
    template="rule.html",
    methods=("GET", "POST"),
    response=RulePage,
    body=BoardFile,
    summary="A question's board schema and example (GET), or the ruling on a board "
    "file sent as the body, JSON or YAML (POST).",
)
def ruling_page(game: str, question: str) -> dict[str, Any]:
    asked = find_question(game, question)
    if request.method == "GET":
        text = example_text(asked)
        data = page_data(game, asked, text)
        data["board"] = form_board(asked, _plain(read_document(text))) if text else None
        return data
    return run(game, asked, submitted_text())


@area.page(
    "/rule/file",
    template="rule.html",
    methods=("POST",),
    response=RulePage,
    body=BoardFile,
    summary="The ruling on a board file that names its own game and question.",
)
def board_file() -> dict[str, Any]:
    return run(None, None, submitted_text())
