"""What a game key, a version name, a date and a title may be, and the message when they are not.

Game keys and versions become part of addresses (``game@version:id``), URLs
(``/book/<game>/<version>``) and query words (``version:all``), so words the
front ends use for themselves are refused before they are stored, not found
unreachable afterwards.  Each message names the rule that was broken.

>>> check_game("ucg")
>>> check_game("a" * 33)
Traceback (most recent call last):
corpus.errors.ArbiterError: invalid game 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa': at most 32 characters (it has 33)
>>> check_version("history")
Traceback (most recent call last):
corpus.errors.ArbiterError: invalid version 'history': the name is taken by Arbiter's own pages and queries
>>> check_date("2025-13-45")
Traceback (most recent call last):
corpus.errors.ArbiterError: invalid date '2025-13-45': expected an ISO 8601 date such as 2025-03-27 (month 13 does not exist)
"""

from __future__ import annotations

import datetime
import re

from corpus.errors import ArbiterError

LONGEST_NAME = 32
GAME_KEY = re.compile(r"[a-z][a-z0-9_]*")
VERSION = re.compile(r"[0-9A-Za-z][0-9A-Za-z._-]*")
#: Words the front ends use for their own pages (``/search``, ``/api/…``): a game
#: of that name would hide a page, or be hidden by it.
RESERVED_GAME_KEYS = frozenset(
    {
        "api",
        "search",
        "rule",
        "versions",
        "lint",
        "compare",
        "static",
        "book",
        "clause",
        "history",
        "diff",
        "locale",
        "openapi",
    }
)
#: Words that stand for versions in URLs and queries (``/versions/ucg/history``, ``version:all``,
#: ``newest``): a version of that name could never be reached.
RESERVED_VERSIONS = frozenset({"all", "history", "latest", "newest", "oldest", "compare", "diff", "lint"})
ISO_DATE = re.compile(r"(\d{4})-(\d{2})-(\d{2})")


def check_game(game: str) -> None:
    _check_name("game", game, GAME_KEY, "lower-case letters, digits and _, starting with a letter (e.g. ucg)")
    if game in RESERVED_GAME_KEYS:
        raise ArbiterError(f"invalid game {game!r}: the name is taken by Arbiter's own pages", "game")


def check_version(version: str) -> None:
    _check_name(
        "version",
        version,
        VERSION,
        "letters, digits, '.', '-' and '_', starting with a letter or digit (e.g. 1.7)",
    )
    if version.lower() in RESERVED_VERSIONS:
        raise ArbiterError(
            f"invalid version {version!r}: the name is taken by Arbiter's own pages and queries", "version"
        )


def check_date(date: str | None) -> None:
    """A publication date is a calendar date in ISO 8601 (``2025-03-27``), or left out."""
    if not date:
        return
    expected = "expected an ISO 8601 date such as 2025-03-27"
    match = ISO_DATE.fullmatch(date)
    if match is None:
        raise ArbiterError(f"invalid date {date!r}: {expected}", "date")
    try:
        datetime.date(*(int(part) for part in match.groups()))
    except ValueError as error:
        why = f"month {match[2].lstrip('0')} does not exist" if not 1 <= int(match[2]) <= 12 else str(error)
        raise ArbiterError(f"invalid date {date!r}: {expected} ({why})", "date") from None


def check_label(field: str, value: str | None, longest: int = 200) -> None:
    """A title is one line of text of bounded length."""
    if value is None:
        return
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise ArbiterError(f"the {field} is not valid text", field) from None
    if len(value) > longest or any(ord(char) < 32 for char in value):
        raise ArbiterError(f"the {field} must be one line of at most {longest} characters", field)


def _check_name(field: str, value: str, pattern: re.Pattern[str], expected: str) -> None:
    if not value:
        raise ArbiterError(f"invalid {field}: it is empty; expected {expected}", field)
    if len(value) > LONGEST_NAME:
        raise ArbiterError(
            f"invalid {field} {value!r}: at most {LONGEST_NAME} characters (it has {len(value)})", field
        )
    if not pattern.fullmatch(value):  # fullmatch: "$" would let a trailing newline through
        raise ArbiterError(f"invalid {field} {value!r}: expected {expected}", field)
