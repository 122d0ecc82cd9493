"""Inline changes between two texts: characters for Chinese, words for Latin.

A judge reading a diff wants to see *what* changed inside a clause.  The
unit of change follows the script: one token per Chinese character (there
are no spaces to cut words at, and a one-character change such as 可 → 不可
matters), one token per Latin word or number, one per punctuation mark or
run of spaces.  Both scripts mix freely in one clause (``BP``, ``HBU01-A07``
inside Chinese text), so one tokenizer covers both.

The alignment itself is rapidfuzz's Indel opcodes over the token lists (no
edit distance written here).  Its raw output is then made readable the way
diff-match-patch's semantic clean-up does: a change run swallows a sliver of
equal text (a space, one character) between two changes, and within a run
the deleted text comes before the inserted text.  A run whose two sides are
the same after :func:`canonical` (a PDF artifact: spacing, full-width
forms) is shown as equal, never as a change.

>>> ops = inline_ops("[Awaken] is an [Activate] skill.", "[Awaken] is an [Activate] keyword skill.")
>>> [(op.op, op.text) for op in ops]
[('equal', '[Awaken] is an [Activate] '), ('insert', 'keyword '), ('equal', 'skill.')]
>>> render(inline_ops("若彼此皆有", "若彼此皆沒有"))
'若彼此皆{+沒+}有'
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rapidfuzz.distance import Indel

from corpus.repair import remove_cjk_spacing

#: A Latin word or number (with an apostrophe inside: ``player’s``), a run of
#: white space, or any other single character (each Chinese character, each
#: punctuation mark).
TOKEN = re.compile(r"[A-Za-z0-9]+(?:['’][A-Za-z]+)*|\s+|.", re.DOTALL)
_WHITESPACE = re.compile(r"\s+")
_HORIZONTAL_SPACE = re.compile(r"[ \t\u00a0]+")
#: An equal stretch this short (after stripping spaces) between two changes
#: is folded into them: ``a{-b-}c{+d+}`` reads worse than ``{-abc-}{+adc+}``.
SLIVER = 1

EQUAL, DELETE, INSERT = "equal", "delete", "insert"


@dataclass(frozen=True, slots=True)
class Op:
    """One piece of an inline diff: text kept, removed or added."""

    op: str  # "equal", "delete" or "insert"
    text: str

    def as_dict(self) -> dict[str, Any]:
        return {"op": self.op, "text": self.text}


def canonical(text: str) -> str:
    """The form two texts are compared in: artifacts of extraction removed.

    Compatibility forms are folded (full-width ``Ａ１，`` → ``A1,``), spaces a
    PDF put between Chinese characters are dropped, and every run of white
    space (line breaks included) becomes one space.

    >>> canonical(" 翻 开 效 果\\n（ HBU01-CR ）  and\\tmore ")
    '翻开效果(HBU01-CR) and more'
    """
    text = remove_cjk_spacing(_WHITESPACE.sub(" ", text))
    return unicodedata.normalize("NFKC", text).strip()


def display(text: str) -> str:
    """The form a text is shown in: the book's own characters, tidy spacing."""
    lines = (_HORIZONTAL_SPACE.sub(" ", remove_cjk_spacing(line)).strip() for line in text.splitlines())
    return "\n".join(line for line in lines if line)


def tokens(text: str) -> list[str]:
    """
    >>> tokens("BP+1000，不可")
    ['BP', '+', '1000', '，', '不', '可']
    """
    return TOKEN.findall(text)


def inline_ops(old: str, new: str) -> list[Op]:
    """The inline diff turning ``old`` into ``new`` (both shown via :func:`display`)."""
    a, b = tokens(display(old)), tokens(display(new))
    pieces: list[Op] = []
    for code in Indel.opcodes(a, b):
        if code.tag == EQUAL:
            pieces.append(Op(EQUAL, "".join(a[code.src_start : code.src_end])))
        if code.src_end > code.src_start and code.tag != EQUAL:
            pieces.append(Op(DELETE, "".join(a[code.src_start : code.src_end])))
        if code.dest_end > code.dest_start and code.tag != EQUAL:
            pieces.append(Op(INSERT, "".join(b[code.dest_start : code.dest_end])))
    return _tidy(pieces)


def _tidy(pieces: list[Op]) -> list[Op]:
    """Group changes into runs (deletions first), fold slivers, hide artifacts."""
    result: list[Op] = []
    deleted: list[str] = []
    inserted: list[str] = []

    def close_run() -> None:
        old, new = "".join(deleted), "".join(inserted)
        if canonical(old) == canonical(new):
            if new:
                _append(result, Op(EQUAL, new))
        else:
            if old:
                _append(result, Op(DELETE, old))
            if new:
                _append(result, Op(INSERT, new))
        deleted.clear()
        inserted.clear()

    for index, piece in enumerate(pieces):
        in_run = bool(deleted or inserted)
        if piece.op == DELETE:
            deleted.append(piece.text)
        elif piece.op == INSERT:
            inserted.append(piece.text)
        elif in_run and _is_sliver(piece.text) and _change_follows(pieces, index):
            deleted.append(piece.text)
            inserted.append(piece.text)
        else:
            close_run()
            _append(result, piece)
    close_run()
    return result


def _is_sliver(text: str) -> bool:
    return len(text.strip()) <= SLIVER


def _change_follows(pieces: list[Op], index: int) -> bool:
    return index + 1 < len(pieces) and pieces[index + 1].op != EQUAL


def _append(result: list[Op], piece: Op) -> None:
    if result and result[-1].op == piece.op:
        result[-1] = Op(piece.op, result[-1].text + piece.text)
    else:
        result.append(piece)


def changed_text(ops: list[Op]) -> tuple[str, str]:
    """All deleted text and all inserted text of a diff (for matching changelogs)."""
    return (
        " ".join(op.text for op in ops if op.op == DELETE),
        " ".join(op.text for op in ops if op.op == INSERT),
    )


def render(ops: list[Op], style: Callable[[str, str], str] | None = None) -> str:
    """Plain-text form ``kept[-removed-]{+added+}`` (wdiff's notation).

    ``style(text, op)`` may decorate each piece instead (colour on a terminal).
    """
    marks = {EQUAL: ("", ""), DELETE: ("[-", "-]"), INSERT: ("{+", "+}")}
    out = []
    for op in ops:
        if style is not None:
            out.append(style(op.text, op.op))
        else:
            start, end = marks[op.op]
            out.append(f"{start}{op.text}{end}")
    return "".join(out)
