"""What a rulebook prints about itself on its first lines: its title and its date.

The date is read as an ISO 8601 date.
Publishers print it near the top in their own way: ``Last update: 11/2/2018``
(month first), ``Dernière mise à jour : 02/11/2018`` (day first),
``更新日期：2025/03/27``, ``本版本规则书的更新日期为：2015-6-12``, ``Ver 1.6
(2025-03-27)``.  A date on a line that says it is the update date wins over
any other date near the top; a changelog's list of dates further down is
never read.

>>> printed_date("DRAGON BALL SUPER CARD GAME\\nver.1.070\\nLast update: 11/2/2018\\n")
'2018-11-02'
>>> printed_date("Dernière mise à jour : 02/11/2018", language="fr")
'2018-11-02'
>>> printed_date("超人力霸王卡牌遊戲 綜合規則 Ver 1.6\\n更新日期：2025/03/27")
'2025-03-27'
>>> printed_date("本版本规则书的更新日期为：2015-6-12")
'2015-06-12'
>>> printed_date("no date here") is None
True
"""

from __future__ import annotations

import datetime
import re

#: How far into the text the date is looked for: the title page, not the body.
HEAD_LINES = 40
_LABEL = re.compile(r"update|updated|mise à jour|更新|改訂|改定|發布|发布|發行|发行|日期", re.IGNORECASE)
_YEAR_FIRST = re.compile(r"(?<!\d)(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})(?!\d)")
_YEAR_LAST = re.compile(r"(?<!\d)(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})(?!\d)")


def printed_date(text: str, language: str = "en") -> str | None:
    """The update date printed near the top of ``text``, as ``YYYY-MM-DD``, or None."""
    head = text.lstrip("\ufeff").splitlines()[:HEAD_LINES]
    labelled = [line for line in head if _LABEL.search(line)]
    for line in (*labelled, *head):
        found = _date_in(line, language)
        if found:
            return found
    return None


def _date_in(line: str, language: str) -> str | None:
    for match in _YEAR_FIRST.finditer(line):
        found = _iso(int(match[1]), int(match[2]), int(match[3]))
        if found:
            return found
    for match in _YEAR_LAST.finditer(line):
        first, second, year = int(match[1]), int(match[2]), int(match[3])
        day_first = language != "en" or first > 12
        if second > 12:
            day_first = False
        found = _iso(year, first, second) if not day_first else _iso(year, second, first)
        if found:
            return found
    return None


def _iso(year: int, month: int, day: int) -> str | None:
    try:
        return datetime.date(year, month, day).isoformat()
    except ValueError:
        return None


_VERSION_SUFFIX = re.compile(r"\s*(?:ver(?:sion)?\.?\s*|v)\d[\w.]*\s*(?:\(.*\))?$", re.IGNORECASE)


def printed_title(text: str) -> str | None:
    """The title a rulebook prints on its first line of words, without its version number.

    >>> printed_title("\\n\\n超人力霸王卡牌遊戲 綜合規則 Ver 1.6\\n更新日期：2025/03/27")
    '超人力霸王卡牌遊戲 綜合規則'
    >>> printed_title("DRAGON BALL SUPER CARD GAME OFFICIAL RULE MANUAL\\nver.1.070")
    'DRAGON BALL SUPER CARD GAME OFFICIAL RULE MANUAL'
    """
    for line in text.lstrip("\ufeff").splitlines()[:HEAD_LINES]:
        words = _VERSION_SUFFIX.sub("", line.strip()).strip()
        if any(char.isalpha() for char in words) and len(words) <= 200:
            return words
    return None
