"""Which games have an engine, what questions each answers, and :func:`rule`.

An :class:`Engine` is a game's citations plus its :class:`Question` table,
and, for a game on the replay (:mod:`judge.replay`), its :class:`Rules`;
engines are imported only when a game is judged (``ENGINES`` maps the game to
``module:attribute``, like :mod:`corpus.parsers`).  :func:`rule` is the one
entry point the command line and the web app call: it validates the whole
request (reporting every problem at once), checks once per rulebook version
that the engine's citations hold in that version, and replays the timeline
(a request with ``state`` and ``actions`` and no ``question``) or runs the
question.  A question of a replay game is a view: it builds a timeline from
its board (a snapshot at the start of a phase, "replay this phase").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING, Any

from corpus.errors import ArbiterError, NotFound
from judge.board import BoardError, BoardModel, BoardProblem, read_document, validate, within_limits
from judge.citations import Citations, verify
from judge.ruling import Outcome, Ruling, Trace
from judge.timeline import Timeline

if TYPE_CHECKING:
    from judge.replay import Rules

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


#: What a question does with its board: judge it (a question engine), or build a timeline (a view).
Judge = Callable[[Any, Trace], Outcome]
View = Callable[[Any], Timeline]


@dataclass(frozen=True, slots=True)
class Question:
    """One question an engine answers: a static check, or a view onto a replay."""

    name: str
    summary: str  # one line, shown by ``arbiter rule --questions``
    board: type[BoardModel]
    judge: Judge | None
    example: Path  # a board file for it, installed with the package
    view: View | None = None  # for a replay game: the timeline its board stands for


@dataclass(frozen=True, slots=True)
class Engine:
    game: str
    citations: Citations
    questions: Mapping[str, Question]
    rules: Rules[Any, Any] | None = None  # a game on the replay

    @property
    def replays(self) -> bool:
        return self.rules is not None


#: the question every replay game answers: a timeline as it is
TIMELINE = "timeline"


def as_it_is(timeline: Timeline) -> Timeline:
    """The view of a board that is a timeline already (the question ``timeline``, a phase's view)."""
    return timeline


def build(
    game: str,
    citations: Citations,
    table: list[tuple[str, str, type[BoardModel], Judge]],
    rules: Rules[Any, Any] | None = None,
    views: list[tuple[str, str, type[BoardModel], View]] = (),  # type: ignore[assignment]  # read only
    timeline_example: str | None = None,
) -> Engine:
    """An engine from ``(question, summary, board model, judge function)`` rows, and for a
    replay game its rules, its views ``(question, summary, board model, timeline builder)``
    and the question ``timeline`` (any timeline, as it is; its example is ``timeline_example``).

    Each question's example board is ``judge/examples/<game>/<question>.yaml``.
    """
    found: dict[str, Question] = {}
    if rules is not None:
        example = EXAMPLES / game / (timeline_example or f"{TIMELINE}.yaml")
        summary = "Any timeline: the table at the start of a phase, then what happens, replayed."
        found[TIMELINE] = Question(TIMELINE, summary, rules.timeline, None, example, as_it_is)
    found |= {
        name: Question(name, summary, board, None, EXAMPLES / game / f"{name}.yaml", view)
        for name, summary, board, view in views
    }
    found |= {
        name: Question(name, summary, board, judge, EXAMPLES / game / f"{name}.yaml")
        for name, summary, board, judge in table
    }
    return Engine(game, citations, found, rules)


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
        if found is not None and not found.replays:
            problems.append(BoardProblem("question", "required"))
    elif found is not None and (not isinstance(question_name, str) or question_name not in found.questions):
        problems.append(BoardProblem("question", f"expected one of {', '.join(found.questions)}"))
    if problems or found is None:  # found is None only with a problem
        raise BoardError(problems)
    asked = found.questions[question_name if isinstance(question_name, str) else TIMELINE]
    return found, asked, book_info(found.game, version).version


def rule(request: Mapping[str, Any]) -> Ruling:
    """The ruling for a request mapping: ``game``, then a timeline (``state``, ``actions``) or a
    ``question`` and its board fields."""
    if not isinstance(request, Mapping):
        raise BoardError([BoardProblem("", "expected a mapping with game, and state or question")])
    within_limits(request)
    return _ruled(request)


def _ruled(request: Mapping[str, Any]) -> Ruling:
    """:func:`rule` for a request already held to the board limits."""
    from judge.replay import replay

    found, question, version = _envelope(request)
    fields = {k: v for k, v in request.items() if k not in ENVELOPE}
    board = validate(question.board, fields)
    _citations_hold(found.game, version)
    if question.view is not None and found.rules is not None:
        return replay(found.rules, question.view(board), version, question.name)
    assert question.judge is not None  # a question is a judge or a view
    trace = Trace(found.citations)
    outcome = question.judge(board, trace)
    return trace.ruling(found.game, version, question.name, outcome)


def rule_text(text: str, source: str = "<board>") -> Ruling:
    """The ruling for a board file's text (YAML or JSON), read within the board limits."""
    return _ruled(read_document(text, source))
