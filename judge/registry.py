"""Which games have an engine, what questions each answers, and :func:`rule`.

An :class:`Engine` is a game's citations plus its :class:`Question` table;
engines are imported only when a game is judged (``ENGINES`` maps the game to
``module:attribute``, like :mod:`corpus.parsers`).  :func:`rule` is the one
entry point the command line and the web app call: it validates the whole
request (reporting every problem at once), checks once per rulebook version
that the engine's citations hold in that version, and runs the question.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from importlib import import_module
from pathlib import Path
from typing import Any

from corpus.errors import ArbiterError, NotFound
from judge.board import BoardError, BoardModel, BoardProblem, read_document, validate
from judge.citations import Citations, verify
from judge.ruling import Outcome, Ruling, Trace

#: One example board per question, ``<game>/<question>.yaml`` (package data).
EXAMPLES = Path(__file__).resolve().parent / "examples"
#: game -> "module:attribute" of its Engine; imported on first use.
ENGINES: dict[str, str] = {
    "ucg": "judge.games.ucg:ENGINE",
    "uhb": "judge.games.uhb:ENGINE",
    "bs": "judge.games.bs:ENGINE",
    "gcg": "judge.games.gcg:ENGINE",
    "zd": "judge.games.zd:ENGINE",
}

#: Keys of a request that are not part of the board itself.
ENVELOPE = ("game", "version", "question")


@dataclass(frozen=True, slots=True)
class Question:
    """One procedure an engine replays."""

    name: str
    summary: str  # one line, shown by ``arbiter rule --questions``
    board: type[BoardModel]
    judge: Callable[[Any, Trace], Outcome]
    example: Path  # a board file for it, installed with the package


@dataclass(frozen=True, slots=True)
class Engine:
    game: str
    citations: Citations
    questions: Mapping[str, Question]


def build(
    game: str,
    citations: Citations,
    table: list[tuple[str, str, type[BoardModel], Callable[[Any, Trace], Outcome]]],
) -> Engine:
    """An engine from ``(question, summary, board model, judge function)`` rows.

    Each question's example board is ``judge/examples/<game>/<question>.yaml``.
    """
    found = {
        name: Question(name, summary, board, judge, EXAMPLES / game / f"{name}.yaml")
        for name, summary, board, judge in table
    }
    return Engine(game, citations, found)


def engine(game: str) -> Engine:
    target = ENGINES.get(game)
    if target is None:
        raise NotFound(f"no judging engine for {game!r}: expected one of {', '.join(ENGINES)}", "game")
    module_name, attribute = target.split(":")
    found: Engine = getattr(import_module(module_name), attribute)
    return found


def questions(game: str) -> list[Question]:
    return list(engine(game).questions.values())


@lru_cache(maxsize=32)
def _citations_hold(game: str, version: str) -> None:
    """Refuse to judge under a rulebook version that breaks the engine's citations."""
    from corpus.library import load_book

    broken = verify(engine(game).citations, load_book(game, version))
    if broken:
        raise ArbiterError(
            f"the {game} engine cannot rule under rulebook {version}: " + "; ".join(broken),
            "version",
        )


def _envelope(request: Mapping[str, Any]) -> tuple[Engine, Question, str]:
    """The engine, question and rulebook version a request names (all problems at once)."""
    from corpus.library import book_info

    problems: list[BoardProblem] = []
    game, version, question_name = (request.get(key) for key in ENVELOPE)
    found: Engine | None = None
    if game is None:
        problems.append(BoardProblem("game", "required"))
    elif not isinstance(game, str) or game not in ENGINES:  # a list or mapping cannot be looked up
        problems.append(BoardProblem("game", f"expected one of {', '.join(ENGINES)}"))
    else:
        found = engine(game)
    if version is not None and not isinstance(version, str):
        # YAML reads 1.20 as the number 1.2: insist on text rather than guess
        problems.append(BoardProblem("version", f'expected text such as "{version}" (quote it in YAML)'))
    elif found is not None and version is not None:
        try:
            book_info(found.game, version)
        except NotFound as error:
            problems.append(BoardProblem("version", error.message))
    if question_name is None:
        problems.append(BoardProblem("question", "required"))
    elif found is not None and (not isinstance(question_name, str) or question_name not in found.questions):
        problems.append(BoardProblem("question", f"expected one of {', '.join(found.questions)}"))
    if problems or found is None or not isinstance(question_name, str):  # the last two come with a problem
        raise BoardError(problems)
    return found, found.questions[question_name], book_info(found.game, version).version


def rule(request: Mapping[str, Any]) -> Ruling:
    """The ruling for a request mapping (``game``, ``question``, board fields)."""
    if not isinstance(request, Mapping):
        raise BoardError([BoardProblem("", "expected a mapping with game and question")])
    found, question, version = _envelope(request)
    board = validate(question.board, {k: v for k, v in request.items() if k not in ENVELOPE})
    _citations_hold(found.game, version)
    trace = Trace(found.citations)
    outcome = question.judge(board, trace)
    return trace.ruling(found.game, version, question.name, outcome)


def rule_text(text: str, source: str = "<board>") -> Ruling:
    """The ruling for a board file's text (YAML or JSON)."""
    return rule(read_document(text, source))
