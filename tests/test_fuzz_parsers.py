"""Mangled rulebook text into every layout parser: it parses, or it says why.

Arbiter is fed rulebooks nobody cleaned.  Whatever a parser is given, it
must either return a well-formed :class:`~corpus.model.ParseResult` (unique
ids, existing parents, reading order, line spans inside the text) or raise
:class:`~corpus.errors.ArbiterError` — never another exception, and never
take unbounded time.  The mangling starts from the real bundled books
(truncation, shuffled, dropped and repeated lines, random Unicode, control
characters, Unicode line separators, full-width digits); the pathological
cases (one line of a megabyte built to defeat a regular expression) run
under ``signal.alarm`` so a hang fails the test instead of the CI job.
"""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from corpus.errors import ArbiterError
from corpus.manifest import bundled_manifest
from corpus.parsers import PARSERS, get_parser
from tests.hang import time_limit as bounded

#: Seconds any single parse may take before it counts as a hang (a clean
#: megabyte parses in well under a second here).
HANG = 15
MEGABYTE = 1_000_000
FUZZ = settings(
    max_examples=12,
    deadline=timedelta(seconds=HANG),
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def _books() -> dict[str, list]:
    """Every bundled book, grouped by the parser that reads it."""
    found: dict[str, list] = {}
    for info in bundled_manifest().books:
        text = (bundled_manifest().root / info.source).read_text(encoding="utf-8")
        found.setdefault(info.parser, []).append((info, text))
    return found


BOOKS = _books()
EVERY_BOOK = [pytest.param(info, text, id=info.key) for books in BOOKS.values() for info, text in books]
#: One book per layout (the first the manifest names), for the costlier cases.
ONE_PER_LAYOUT = [pytest.param(*books[0], id=parser) for parser, books in sorted(BOOKS.items())]


def test_every_parser_has_a_bundled_book_to_mangle():
    assert set(BOOKS) == set(PARSERS)


def time_limit():
    return bounded(HANG, "still parsing: the parser hangs on this input")


def parse_or_refuse(info, text: str):
    """Parse ``text``; return the result, or None if refused with ArbiterError.

    Any other exception propagates and fails the test, as does a parse
    that outlives :data:`HANG`.
    """
    with time_limit():
        try:
            result = get_parser(info.parser)(text, info)
        except ArbiterError as error:
            assert error.message.strip() and "\n" not in error.message, "one clear line"
            return None
    assert_well_formed(result, text, info)
    return result


def assert_well_formed(result, text: str, info) -> None:
    lines = max(len(text.split("\n")), len(text.splitlines()))
    ids = [clause.id for clause in result.clauses]
    assert len(ids) == len(set(ids)), "clause ids must be unique"
    known = set(ids)
    for order, clause in enumerate(result.clauses):
        assert clause.order == order
        assert clause.parent is None or clause.parent in known, (clause.id, clause.parent)
        assert 1 <= clause.line_start <= clause.line_end <= lines, (
            clause.id,
            clause.line_start,
            clause.line_end,
        )
        assert (clause.game, clause.version) == (info.game, info.version)
    for start, end, _reason in result.excluded:
        assert 1 <= start <= end <= lines


# -- mangling with hypothesis --------------------------------------------------------

#: Characters a damaged extraction really contains, besides any code point.
NASTY = st.sampled_from(
    [
        "\x00",
        "\r",
        "\r\n",
        "\u2028",
        "\u2029",
        "\x0b",
        "\x0c",
        "\x85",
        "\ufeff",
        "\u200b",
        "\u202e",
        "\ufffd",
        "１.１.",
        "１-１.",
        "٣.٤.",
        "###",
        "- ",
        "**",
        "[",
        "](",
        "「",
        "」",
        "（",
        "例如：",
        "※",
        "Q1.",
        "A1.",
        "■",
        "①",
        "\t",
        "　",
    ]
)
FRAGMENT = st.one_of(st.text(max_size=80), NASTY, st.lists(NASTY, max_size=6).map("".join))


@st.composite
def mangled(draw, text: str) -> str:
    """The book's text after one to four random kinds of damage."""
    lines = text.split("\n")
    rng = random.Random(draw(st.integers(0, 2**32)))
    for damage in draw(st.lists(st.sampled_from(DAMAGES), min_size=1, max_size=4)):
        lines = damage(lines, rng, draw)
    return "\n".join(lines)


def _truncate(lines, rng, draw):
    joined = "\n".join(lines)
    return joined[: rng.randrange(len(joined) + 1)].split("\n")


def _shuffle_window(lines, rng, draw):
    start = rng.randrange(len(lines) + 1)
    window = lines[start : start + rng.randrange(1, 200)]
    rng.shuffle(window)
    return lines[:start] + window + lines[start + len(window) :]


def _shuffle_all(lines, rng, draw):
    return rng.sample(lines, len(lines))


def _drop(lines, rng, draw):
    start = rng.randrange(len(lines) + 1)
    return lines[:start] + lines[start + rng.randrange(1, 100) :]


def _repeat(lines, rng, draw):
    start = rng.randrange(len(lines) + 1)
    block = lines[start : start + rng.randrange(1, 50)]
    at = rng.randrange(len(lines) + 1)
    return lines[:at] + block + lines[at:]


def _insert_noise(lines, rng, draw):
    at = rng.randrange(len(lines) + 1)
    return lines[:at] + [draw(FRAGMENT)] + lines[at:]


def _splice_noise(lines, rng, draw):
    if not lines:
        return [draw(FRAGMENT)]
    index = rng.randrange(len(lines))
    line = lines[index]
    cut = rng.randrange(len(line) + 1)
    return lines[:index] + [line[:cut] + draw(FRAGMENT) + line[cut:]] + lines[index + 1 :]


def _strip_blanks(lines, rng, draw):
    return [line for line in lines if line.strip()]


def _join_lines(lines, rng, draw):
    start = rng.randrange(len(lines) + 1)
    span = rng.randrange(2, 30)
    return lines[:start] + [" ".join(lines[start : start + span])] + lines[start + span :]


DAMAGES = [
    _truncate,
    _shuffle_window,
    _shuffle_all,
    _drop,
    _repeat,
    _insert_noise,
    _splice_noise,
    _strip_blanks,
    _join_lines,
]


@pytest.mark.parametrize(("info", "text"), EVERY_BOOK)
@FUZZ
@given(data=st.data())
def test_a_mangled_book_parses_or_is_refused_clearly(info, text, data):
    parse_or_refuse(info, data.draw(mangled(text), label="mangled text"))


@pytest.mark.parametrize("parser", sorted(PARSERS))
@FUZZ
@given(text=st.text(max_size=2000))
def test_random_unicode_parses_or_is_refused_clearly(parser, text):
    info, _book = BOOKS[parser][0]
    parse_or_refuse(info, text)


@pytest.mark.parametrize(("info", "text"), EVERY_BOOK)
def test_the_unmangled_book_still_parses(info, text):
    """The baseline the mangling starts from: the real book is accepted."""
    assert parse_or_refuse(info, text).clauses


# -- one-megabyte lines ----------------------------------------------------------------


def _megabyte(piece: str) -> str:
    return (piece * (MEGABYTE // len(piece) + 1))[:MEGABYTE]


#: name -> the 1 MB line; each aimed at a pattern a parser runs on every line.
LONG_LINES = {
    "book text without line breaks": lambda text: _megabyte(text.replace("\n", " ")),
    "a clause number a megabyte deep": lambda text: _megabyte("1."),
    "a dashed number a megabyte deep": lambda text: _megabyte("1-"),
    "a megabyte of digits before a number": lambda text: _megabyte("9") + ".1. 文字",
    "a megabyte of digits before a dashed number": lambda text: _megabyte("9") + "-1. 文字",
    "unclosed markdown links": lambda text: _megabyte("[") + "](",
    "unclosed link targets": lambda text: _megabyte("[a]("),
    "unclosed brackets": lambda text: _megabyte("「（【"),
    "spaces between ideographs": lambda text: _megabyte("規 "),
    "a heading of spaces": lambda text: "# " + _megabyte(" ") + "x",
    "bold markers": lambda text: _megabyte("**"),
    "questions": lambda text: _megabyte("Q1."),
}


@pytest.mark.parametrize("case", sorted(LONG_LINES))
@pytest.mark.parametrize(("info", "text"), ONE_PER_LAYOUT)
def test_a_one_megabyte_line_finishes_in_bounded_time(info, text, case):
    lines = text.split("\n")
    middle = len(lines) // 2
    damaged = "\n".join(lines[:middle] + [LONG_LINES[case](text)] + lines[middle:])
    parse_or_refuse(info, damaged)


def test_the_whole_book_on_one_line_is_refused_with_a_reason():
    """A PDF extraction that lost every line break cannot be read as clauses."""
    for books in BOOKS.values():
        for info, text in books:
            with pytest.raises(ArbiterError) as caught, time_limit():
                get_parser(info.parser)(text.replace("\n", " "), info)
            assert "this book does not use the" in caught.value.message
