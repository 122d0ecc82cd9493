"""Publishers' own change lists, read as structured data (never as clauses).

Rulebooks state what changed in three shapes: a trailer at the end of the
book (ucg ``(UCG CR zhTW v1.5 > v1.6)`` then ``修正了 6.2.2.`` lines; gcg
``●Ver.1.1.0 (…更新)`` then ``- 新增 13-2-11. 13-2-12.(…)`` lines) and a
separate history file (dbscg ``11/02/2018 - ver. 1.070`` headers, each
followed by indented change lines).  Both are read by the same line reader:
a *header* names the version the following lines lead to, a *change line*
names an action, the clauses it touches, and a remark.

One :class:`ChangeEntry` is made per printed change line, so a line naming
several clauses (``新增 13-2-11. 13-2-12.``, ``Interchanged 7-4-1-8. and
7-4-1-9.``) is one entry with all of them: the remark belongs to the line as
a whole.  Repeated lines are kept as printed (gcg deletes 10-3-4 twice with
different reasons); judging that is the lint's job, not the reader's.

The trailer is found by its shape (a header near the end followed only by
change lines), never by the game's name.

>>> history = '''Update History
... 07/06/2018 — ver. 1.064
...     10-15-4 added to [Union-Absorb].
... 11/02/2018 - ver. 1.070
...     Added section on [Wish].'''
>>> [(e.from_version, e.to_version, str(e.action), e.clauses, e.line)
...  for e in parse_history(history)]
[(None, '1.064', 'added', ('10-15-4',), 3), ('1.064', '1.070', 'added', (), 5)]
"""

from __future__ import annotations

import re

from corpus.model import BookInfo, ChangeAction, ChangeEntry
from corpus.repair import strip_list_marker

#: The words that name a change, by the action they name.  English verbs are
#: matched as whole words, Chinese ones as a prefix (``修正重點標記``), each
#: optionally followed by the particle 了.
VERBS: dict[ChangeAction, tuple[str, ...]] = {
    ChangeAction.ADDED: ("add", "added", "supplement", "supplemented", "新增", "追加"),
    ChangeAction.REVISED: (
        "revise",
        "revised",
        "clarify",
        "clarified",
        "fix",
        "fixed",
        "change",
        "changed",
        "define",
        "defined",
        "修正",
        "修改",
    ),
    ChangeAction.DELETED: ("delete", "deleted", "刪除", "删除"),
    ChangeAction.MOVED: ("merge", "merged", "interchange", "interchanged"),
}
VERB = re.compile(
    "(?:"
    + "|".join(f"(?P<{action.value}>{'|'.join(words)})" for action, words in VERBS.items())
    + ")了?(?![A-Za-z])",
    re.IGNORECASE,
)

#: A clause number as printed: dotted ``6.2.2``/``1.0.2a``, dashed ``13-2-11``,
#: or a bare chapter number when a dot follows it (``3.``).  Not part of a
#: longer token (the ``01`` of ``ST01`` is no clause).
_CLAUSE = r"(?<![A-Za-z0-9.\-])(?:\d+(?:\.\d+)+[a-z]?|\d+(?:-\d+)+|\d+(?=\.))"
CLAUSE = re.compile(_CLAUSE)
#: A run of clause numbers at the current position, with their trailing dots
#: and the separators between them (``7-4-1-8. and 7-4-1-9.``).
_SEPARATOR = r"\.?\s*(?:(?:and|&|和|及|,|，|、)\s*)?"
CLAUSE_RUN = re.compile(rf"\s*{_CLAUSE}(?:{_SEPARATOR}{_CLAUSE})*\.?\s*", re.IGNORECASE)

#: Version headers: a printed range ``(UCG CR zhTW v1.5 > v1.6)``, or a single
#: version ``●Ver.1.1.0 (2025 年 7 月 24 日更新)`` / ``11/02/2018 — ver. 1.070``.
_VERSION = r"\d+(?:\.\d+)+"
HEADERS = (
    re.compile(
        rf"(?<![A-Za-z])v(?:er\.?)?\s*(?P<old>{_VERSION})\s*(?:>|→|->|to)\s*"
        rf"v(?:er\.?)?\s*(?P<new>{_VERSION})",
        re.IGNORECASE,
    ),
    re.compile(
        rf"^\W*(?:[\d/.]+\s*[-–—]\s*)?(?:updated\s+to\s+)?ver(?:sion)?\.?\s*(?P<new>{_VERSION})"
        r"\s*(?:\(.*\))?(?:\.\s+(?P<remark>\S.*)|\W*)$",
        re.IGNORECASE,
    ),
)
#: The label a book prints above its change list (``Update History``): part of the list, not of the last clause.
HISTORY_LABEL = re.compile(
    r"^\W*(?:update|change|revision|version)\s+history\W*$|^\W*changelog\W*$"
    r"|^\W*historique des (?:mises à jour|modifications|versions)\W*$|^\W*(?:更新|修訂|修订|改訂)(?:履歴|履歷|紀錄|记录|記錄|歷史|历史)\W*$",
    re.IGNORECASE,
)
#: Bullets the change lines of a printed history start with (``>Revised 1-3-6.``, ``・Added 2-1-3.``).
_CHANGE_BULLET = re.compile(r"^\s*[>・]\s*")


def read_header(line: str) -> tuple[str | None, str] | None:
    """The (from, to) versions a header line names, or None if it is no header.

    >>> read_header("(UCG CR zhTW v1.5 > v1.6)")
    ('1.5', '1.6')
    >>> read_header("●Ver.1.1.0 (2025 年 7 月 24 日更新)")
    (None, '1.1.0')
    >>> read_header("12/13/2017 — ver. 1.04")
    (None, '1.04')
    >>> read_header("7/27/2017—Updated to ver. 1.01. Added update details.")
    (None, '1.01')
    >>> read_header("Revised 1-3-6.") is None
    True
    """
    match = _header(line)
    return (match.groupdict().get("old"), match["new"]) if match else None


def header_remark(line: str) -> str | None:
    """What a header line says after its version, as a change of its own (dbscg's printed history).

    >>> header_remark("7/27/2017—Updated to ver. 1.01. Added update details.")
    'Added update details.'
    """
    match = _header(line)
    return match.groupdict().get("remark") if match else None


def _header(line: str) -> re.Match[str] | None:
    for pattern in HEADERS:
        match = pattern.search(line.strip())
        if match:
            return match
    return None


def verb_action(text: str) -> ChangeAction:
    """The action named by the verb ``text`` starts with (OTHER if none).

    >>> verb_action("Interchanged 7-4-1-8."), verb_action("新增了 3."), verb_action("Address")
    (<ChangeAction.MOVED: 'moved'>, <ChangeAction.ADDED: 'added'>, <ChangeAction.OTHER: 'other'>)
    """
    match = VERB.match(text)
    if match is None or match.lastgroup is None:
        return ChangeAction.OTHER
    return ChangeAction(match.lastgroup)


def clause_ids(text: str) -> tuple[str, ...]:
    """Every clause number in ``text``, trailing dots removed.

    >>> clause_ids("Clarified cost symbols in 8-4-2-3. and 8-4-2-4.")
    ('8-4-2-3', '8-4-2-4')
    """
    return tuple(CLAUSE.findall(text))


def read_change(line: str) -> tuple[ChangeAction, tuple[str, ...], str]:
    """Action, clauses and remark of one change line.

    The remark is what follows the clause numbers when the line leads with
    them (``Revised 1-2. Victory conditions.``, ``10-14-4-1 added to …``),
    else the whole line, whose clauses may sit anywhere in it (``Clarified
    … in 7-1-4.``).  Parentheses are kept as printed.

    >>> read_change("- 新增 13-2-11. 13-2-12.(兩個新關鍵詞)")
    (<ChangeAction.ADDED: 'added'>, ('13-2-11', '13-2-12'), '(兩個新關鍵詞)')
    >>> read_change("12-2-1.修正重點標記 (已修正錯字")
    (<ChangeAction.REVISED: 'revised'>, ('12-2-1',), '修正重點標記 (已修正錯字')
    >>> read_change("Added section on [Wish].")
    (<ChangeAction.ADDED: 'added'>, (), 'Added section on [Wish].')
    """
    text = " ".join(_CHANGE_BULLET.sub("", strip_list_marker(line), count=1).split())
    lead = CLAUSE_RUN.match(text)
    if lead:
        return verb_action(text[lead.end() :]), clause_ids(lead.group()), text[lead.end() :]
    verb = VERB.match(text)
    listed = CLAUSE_RUN.match(text, verb.end()) if verb else None
    if listed:
        return verb_action(text), clause_ids(listed.group()), text[listed.end() :]
    return verb_action(text), clause_ids(text), text


def read_entries(lines: list[str], first_line: int, source: str) -> list[ChangeEntry]:
    """Entries of every non-blank line under a header; lines before the first header are skipped.

    A header that prints no previous version takes the one of the header
    before it (None for the first).
    """
    entries: list[ChangeEntry] = []
    previous: str | None = None
    span: tuple[str | None, str] | None = None
    for number, line in enumerate(lines, start=first_line):
        header = read_header(line)
        if header is not None:
            old, new = header
            span, previous = (old if old is not None else previous, new), new
            line = header_remark(line) or ""
        if span is not None and line.strip():
            action, clauses, remark = read_change(line)
            entries.append(ChangeEntry(span[0], span[1], action, clauses, remark, number, source))
    return entries


def trailer_start(lines: list[str]) -> int:
    """0-based index of the earliest header in the tail of ``lines`` that is
    followed only by change lines, headers and blanks (len(lines) if none).

    >>> trailer_start(["1. 規則", "(v1.5 > v1.6)", "", "追加了 11.18."])
    1
    >>> trailer_start(["(v1.5 > v1.6)", "1.1. 規則"])
    2
    >>> trailer_start(["1-1-1. Rule.", "Update History", "5/8/2017—ver. 1.00", ">Added 1-1-1."])
    1
    """
    start, changes_follow = len(lines), False
    for index in range(len(lines) - 1, -1, -1):
        line = lines[index]
        if read_header(line) is not None:
            start = index if changes_follow else start
        elif line.strip():
            if read_change(line)[0] is ChangeAction.OTHER:
                break
            changes_follow = True
    label = next((i for i in range(start - 1, -1, -1) if lines[i].strip()), None)
    return label if label is not None and HISTORY_LABEL.match(lines[label]) else start


def split_trailer(lines: list[str], info: BookInfo) -> tuple[int, tuple[ChangeEntry, ...]]:
    """0-based index of the first line of the book's trailing change list (len(lines) if none) and its entries."""
    start = trailer_start(lines)
    return start, tuple(read_entries(lines[start:], start + 1, info.source))


def parse_history(text: str, source: str = "") -> list[ChangeEntry]:
    """Every entry of a change-history file, oldest first.

    Entries come in file order, which is oldest first for the histories
    publishers print (dbscg); each header's from-version is the one above it.
    """
    return read_entries(text.splitlines(), 1, source)
