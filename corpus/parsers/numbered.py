"""The numbered layouts: every rule carries its number (``5.9.4.1.``, ``1.0.2a``, ``8-5-2-3-1.``).

One engine reads both; a :class:`Numbering` says only how numbers are
printed.  ``dotted`` (ucg, uhb) separates levels with dots, ``dashed`` (gcg,
dbscg) with hyphens; in both a chapter prints ``1.`` or ``一、``.  Everything
else comes from the text and from the numbers themselves:

* **Hierarchy.**  A number's parent is the number without its last level
  (``5.9.4.1`` → ``5.9.4``; a letter is a level: ``1.0.2a`` → ``1.0.2``).
  Books that pad headings with a zero (uhb's section ``1.1.0`` under chapter
  ``一、``) are read the same way once that zero is dropped, so ``1.0.1`` is a
  child of ``1.0.0`` and ``1.1.0`` a child of chapter 1.  A repeated number's
  children hang under the copy they follow.
* **Kinds.**  Top-level numbers are chapters.  A numbered line whose text is
  a short title (no sentence punctuation) and that has children is a section;
  a title that ends like a sentence (``Processes for … cards.``) is decided by
  its siblings.  Everything else is a rule.
* **Front and back matter.**  The title block, a table of contents (chapter
  lines whose numbering starts over when the body begins) and the
  publisher's change list at the end (:func:`corpus.changelog.split_trailer`)
  are excluded, as are figure legends (``① 卡牌名稱`` lines for a card picture
  the text extraction lost).

Damage repaired: list markers, sentences broken over lines and blank lines,
letter-spaced Chinese, two clauses printed on one line; worked examples and
※ notes join the rule they follow.  A line that starts with a number after
an unfinished sentence stays in that sentence when a bracket is still open,
when its text carries the sentence on (``to 7-1-3 in order.``), or when its
number does not come next in the sequence; a number that does come next
opens a clause even after a sentence the PDF printed without its full stop.
Duplicate, out-of-order and skipped numbers are reported as
:class:`Problem` and never change which clauses exist.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from corpus.changelog import split_trailer
from corpus.errors import ArbiterError
from corpus.model import BookInfo, ClauseKind, ParseResult, ProblemKind
from corpus.parsers.tree import Parts, Step, TreeBuilder
from corpus.repair import join_fragments, strip_list_marker

_CHINESE_DIGITS = {c: i for i, c in enumerate("一二三四五六七八九", start=1)}
#: The most levels and digits per level a clause number can have (the
#: deepest bundled one, dbscg, has six levels).
MAX_LEVELS, MAX_DIGITS = 12, 9
#: A chapter: ``1. 遊戲概要`` / ``1. Game Outline`` / ``一、游戏概念``.
_CHAPTER = re.compile(
    rf"(?P<num>\d{{1,{MAX_DIGITS}}})\.(?=\s)"
    r"|(?P<zh>[二三四五六七八九]?十[一二三四五六七八九]?|[一二三四五六七八九])、"
)
#: Sentence ends: a break after one of these starts a new paragraph.
_TERMINAL = "。！？!?."
_CLOSERS = "」』”’）)】》〉]"
_BRACKET_PAIRS = (
    ("「", "」"),
    ("『", "』"),
    ("【", "】"),
    ("《", "》"),
    ("〈", "〉"),
    ("“", "”"),
    ("（", "）"),
    ("(", ")"),
    ("[", "]"),
)
#: A bracketed span, whose punctuation says nothing about the line around it.
_BRACKETED = re.compile(
    "|".join(f"{re.escape(o)}[^{re.escape(c)}]*{re.escape(c)}" for o, c in _BRACKET_PAIRS)
)
#: Text that can only carry on a sentence, never open a clause.
_MID_SENTENCE = re.compile(r"[a-z]|[）」』”’)\]】》〉，。、；：,;:]")
_SENTENCE_MARK = re.compile(r"[，。；：！？,;:!?]|\.\s+[A-Z]")
#: A title is short: at most this many columns (a CJK character counts two).
_TITLE_WIDTH = 64
_CIRCLED = re.compile(r"^[\u2460-\u2473]\s*")
_FIGURE_LEGEND = re.compile(r"^[\u2460-\u2473]\s*\S.{0,20}$")
_EXAMPLE_BREAK = re.compile(r"(?<=[。！？.!?])\s*(?=例如|例[：:]|※)")
_TOC_LABEL_WIDTH = 24
_CJK = r"\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef"
_WIDE = re.compile(f"[{_CJK}]")


@dataclass(frozen=True)
class Numbering:
    """How one layout prints its rule numbers; the rest of the engine is shared.

    >>> DOTTED.key("1.0.2a"), DOTTED.key("1.1.0"), DOTTED.key("一")
    ((1, 0, 2, 1), (1, 1), (1,))
    >>> DASHED.split("6-3-1-2-1The turn player")
    ('6-3-1-2-1', 'The turn player')
    """

    name: str
    separator: str
    rule: re.Pattern[str] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        sep = re.escape(self.separator)
        # ``1.1.4a“【】”…`` and ``6-3-1-2-1The …`` print no space after the number.
        # Bounded levels and digits, starting where a run of digits starts: a
        # damaged line of a million digits or dots is scanned once, not per character.
        level = rf"\d{{1,{MAX_DIGITS}}}"
        number = (
            rf"(?<!\d)(?P<num>{level}(?:{sep}{level}){{1,{MAX_LEVELS - 1}}}[a-z]?)"
            rf"(?:\.|(?=\s|[^\x00-\x7f]|[A-Z]))"
        )
        object.__setattr__(self, "rule", re.compile(number))

    def split(self, line: str) -> tuple[str, str] | None:
        """``(number, rest)`` when ``line`` opens with a clause number."""
        match = _CHAPTER.match(line) or self.rule.match(line)
        if match is None:
            return None
        number = match["num"] if match["num"] is not None else match["zh"]
        return number, line[match.end() :].strip()

    def key(self, number: str) -> tuple[int, ...]:
        """The number as a tuple of ordinals; the ``0`` that pads a heading
        of three or more levels (``1.1.0``) is dropped."""
        if not number[0].isdigit():
            return (_chinese_number(number),)
        head, letter = (number[:-1], number[-1]) if number[-1].isalpha() else (number, "")
        levels = [int(part) for part in head.split(self.separator)]
        if len(levels) > 2 and levels[-1] == 0:
            levels.pop()
        if letter:
            levels.append(ord(letter) - ord("a") + 1)
        return tuple(levels)


DOTTED = Numbering("dotted", ".")
DASHED = Numbering("dashed", "-")


def parse_dotted(text: str, info: BookInfo) -> ParseResult:
    """ucg ``5.9.4.1.``, uhb ``1.0.2a``: levels separated by dots."""
    return parse_numbered(text, info, DOTTED)


def parse_dashed(text: str, info: BookInfo) -> ParseResult:
    """gcg and dbscg ``8-5-2-3-1.``: levels separated by hyphens."""
    return parse_numbered(text, info, DASHED)


def parse_numbered(text: str, info: BookInfo, numbering: Numbering) -> ParseResult:
    lines = text.splitlines()
    trailer, changelog = split_trailer(lines, info)
    excluded = _front_matter(lines[:trailer], numbering)
    if trailer < len(lines):
        excluded.append((trailer + 1, len(lines), "changelog"))
    body_start = max((end for _start, end, reason in excluded if reason != "changelog"), default=0)
    tree = TreeBuilder(info)
    reader = _Reader(numbering, tree)
    for index in range(body_start, trailer):
        reader.feed(index + 1, lines[index])
    if not reader.drafts:
        raise ArbiterError(
            f"{info.source}: no clause numbered like "
            f"{'5.9.4.1.' if numbering is DOTTED else '8-5-2-3-1.'} found; "
            f"this book does not use the '{numbering.name}' layout",
            "parser",
        )
    excluded.extend(reader.figures)
    return tree.result(_clauses(reader.drafts), sorted(excluded), changelog)


# --- front matter --------------------------------------------------------------


def _front_matter(lines: list[str], numbering: Numbering) -> list[tuple[int, int, str]]:
    """The title block and the table of contents before the first clause.

    A table of contents is a run of chapter lines whose first number comes
    back when the body starts; a short label line just above it (目錄,
    Table of Contents) belongs to it.
    """
    splits = [(i, numbering.split(line.strip())) for i, line in enumerate(lines)]
    numbered = [(i, split) for i, split in splits if split is not None]
    if not numbered:
        return []
    first, (first_number, _) = numbered[0]
    body = first
    for index, (number, _rest) in numbered[1:]:
        if len(numbering.key(number)) > 1:
            break
        if number == first_number:
            body = index
            break
    spans: list[tuple[int, int, str]] = []
    toc_start = first
    if body > first:
        label = _previous_text_line(lines, first)
        if label is not None and _width(lines[label].strip()) <= _TOC_LABEL_WIDTH:
            toc_start = label
        spans.append((toc_start + 1, body, "toc"))
    if any(line.strip() for line in lines[:toc_start]):
        spans.append((1, toc_start, "title"))
    return spans


def _previous_text_line(lines: list[str], index: int) -> int | None:
    for previous in range(index - 1, -1, -1):
        if lines[previous].strip():
            return previous
    return None


# --- reading the body ------------------------------------------------------------


@dataclass(eq=False)
class _Draft:
    """A clause being read: its number and its paragraphs of line fragments."""

    number: str
    id: str
    key: tuple[int, ...]
    parent: _Draft | None
    line_start: int
    line_end: int
    paragraphs: list[list[str]]
    children: list[_Draft] = field(default_factory=list)

    def add(self, line: int, fragment: str) -> None:
        """Continue the last sentence, or start a paragraph after a finished one."""
        if not fragment:
            return
        if self.paragraphs and self.unfinished:
            self.paragraphs[-1].append(fragment)
        else:
            self.paragraphs.append([fragment])
        self.line_end = line

    @property
    def unfinished(self) -> bool:
        """True while the last paragraph is a sentence still waiting for its end."""
        if not self.paragraphs:
            return False
        last = self.paragraphs[-1]
        if len(last) == 1 and _shape(last[0]) == "title":
            return False
        return last[-1].rstrip(_CLOSERS)[-1:] not in tuple(_TERMINAL)

    @property
    def open_bracket(self) -> bool:
        return bool(self.paragraphs) and _open_bracket("".join(self.paragraphs[-1]))

    @property
    def heading_line(self) -> str | None:
        """The first paragraph when it is one printed line (a heading candidate)."""
        return self.paragraphs[0][0] if self.paragraphs and len(self.paragraphs[0]) == 1 else None


class _Reader:
    """Turns body lines into drafts, keeping the numbering state that decides
    whether a numbered-looking line opens a clause or continues a sentence."""

    def __init__(self, numbering: Numbering, tree: TreeBuilder):
        self.numbering = numbering
        self.tree = tree
        self.drafts: list[_Draft] = []
        self.figures: list[tuple[int, int, str]] = []
        self._latest: dict[tuple[int, ...], _Draft] = {}  # key -> copy printed last
        self._top: list[_Draft] = []

    @property
    def current(self) -> _Draft | None:
        return self.drafts[-1] if self.drafts else None

    def feed(self, line_number: int, raw: str) -> None:
        line = strip_list_marker(raw).strip()
        if not line:
            return
        if _FIGURE_LEGEND.match(line):
            self._figure(line_number)
            return
        split = self.numbering.split(line)
        if split is not None and self._opens_clause(*split):
            current = self._open(line_number, split[0])
            rest = split[1]
        elif self.current is None:
            message = f"text before the first clause: {line[:40]}"
            self.tree.problem(ProblemKind.UNPARSED_TEXT, None, message, line_number)
            return
        else:
            current, rest = self.current, line
        self._feed_text(line_number, rest, current)

    def _feed_text(self, line_number: int, text: str, current: _Draft) -> None:
        """Add ``text`` to the current clause, splitting off a clause printed
        right after a sentence end when its number comes next in the sequence
        or repeats the current one (uhb ``…此步骤。 4.0.3 …``, ``…。4.1.1a …``)."""
        start = 0
        for match in self.numbering.rule.finditer(text):
            before = text[start : match.start()].rstrip()
            if not before or before[-1] not in _TERMINAL:
                continue
            number = match["num"]
            if self._plausible(number) or number == current.number:
                current.add(line_number, before)
                current = self._open(line_number, number)
                start = match.end()
        current.add(line_number, text[start:].strip())

    def _figure(self, line_number: int) -> None:
        if self.figures and self.figures[-1][1] >= line_number - 2:
            self.figures[-1] = (self.figures[-1][0], line_number, "figure")
        else:
            self.figures.append((line_number, line_number, "figure"))

    # -- the numbering sequence -----------------------------------------------

    def _parent_of(self, key: tuple[int, ...]) -> _Draft | None:
        """The latest printed copy of the nearest existing ancestor number."""
        for length in range(len(key) - 1, 0, -1):
            parent = self._latest.get(key[:length])
            if parent is not None:
                return parent
        return None

    def _chain(self) -> list[_Draft]:
        chain, draft = [], self.current
        while draft is not None:
            chain.append(draft)
            draft = draft.parent
        return chain

    def _siblings(self, parent: _Draft | None) -> list[_Draft]:
        return parent.children if parent is not None else self._top

    def _plausible(self, number: str) -> bool:
        """Does ``number`` come next: the next child of the current clause or of one of its ancestors?"""
        key = self.numbering.key(number)
        if key in self._latest:
            return False
        parent = self._parent_of(key)
        if len(key) > 1 and (parent is None or parent.key != key[:-1]):
            return False
        if parent is not None and parent not in self._chain():
            return False
        step = self._step(parent, key)
        return step.next or (step.previous is None and key[-1] == 0)

    def _opens_clause(self, number: str, rest: str) -> bool:
        """A numbered line opens a clause unless it continues an unfinished
        sentence: one whose bracket is still open, or that the line's text
        carries on (``to 7-1-3 in order.``), or whose number does not fit the
        sequence (a wrapped reference such as ``參閱「\\n8-5.傷害步驟」``)."""
        current = self.current
        if current is None or not current.unfinished:
            return True
        if current.open_bracket or _MID_SENTENCE.match(rest):
            return False
        return self._plausible(number)

    def _step(self, parent: _Draft | None, key: tuple[int, ...]) -> Step:
        """Where ``key`` lands after the last number printed under ``parent``."""
        siblings = self._siblings(parent)
        return Step(siblings[-1].key[-1] if siblings else None, key[-1])

    def _open(self, line_number: int, number: str) -> _Draft:
        key = self.numbering.key(number)
        parent = self._parent_of(key)
        clause_id = self.tree.unique(number, line_number, "{name} is printed again (first at line {first})")
        self._check_sequence(line_number, number, clause_id, key, parent)
        draft = _Draft(number, clause_id, key, parent, line_number, line_number, [])
        self._siblings(parent).append(draft)
        self.drafts.append(draft)
        self._latest[key] = draft
        return draft

    def _check_sequence(
        self,
        line_number: int,
        number: str,
        clause_id: str,
        key: tuple[int, ...],
        parent: _Draft | None,
    ) -> None:
        """Report a number printed outside its parent, or out of order, or after a gap."""
        previous = self.current
        if previous is not None and parent is not None and parent not in self._chain():
            self.tree.problem(
                ProblemKind.OUT_OF_ORDER,
                clause_id,
                f"{clause_id} follows {previous.id}, which is not inside its parent {parent.id}",
                line_number,
            )
            return
        siblings = self._siblings(parent)
        step = self._step(parent, key)
        if (step.backwards or step.repeated) and clause_id == number:  # a repeat is reported as one
            self.tree.problem(
                ProblemKind.OUT_OF_ORDER,
                clause_id,
                f"{clause_id} follows its sibling {siblings[-1].id}",
                line_number,
            )
        elif step.skipped():
            after = siblings[-1].id if siblings else (parent.id if parent is not None else "the start")
            missing = _missing(number, step.skipped(), self.numbering.separator)
            self.tree.problem(
                ProblemKind.SKIPPED_NUMBER,
                clause_id,
                f"{clause_id} follows {after}: {missing} not printed",
                line_number,
            )


# --- from drafts to clauses -----------------------------------------------------


def _clauses(drafts: list[_Draft]) -> Iterator[Parts]:
    for draft in drafts:
        kind = _kind(draft)
        paragraphs = [join_fragments(p) for p in draft.paragraphs]
        title = None
        if kind is not ClauseKind.RULE and paragraphs:
            title, paragraphs = _CIRCLED.sub("", paragraphs[0]), paragraphs[1:]
        yield Parts(
            id=draft.id,
            parent=draft.parent.id if draft.parent is not None else None,
            title=title,
            text=_EXAMPLE_BREAK.sub("\n", "\n".join(paragraphs)),
            kind=kind,
            line_start=draft.line_start,
            line_end=draft.line_end,
        )


def _kind(draft: _Draft) -> ClauseKind:
    if draft.parent is None and len(draft.key) == 1:
        return ClauseKind.CHAPTER
    return ClauseKind.SECTION if _is_heading(draft) else ClauseKind.RULE


def _is_heading(draft: _Draft) -> bool:
    """A short title line with children; a title ending like a sentence
    follows the majority of its siblings that are clearly one or the other."""
    if not draft.children or draft.heading_line is None:
        return False
    shape = _shape(draft.heading_line)
    if shape != "ambiguous":
        return shape == "title"
    siblings = draft.parent.children if draft.parent is not None else []
    shapes = [(_shape(s.heading_line or ""), s) for s in siblings if s is not draft]
    headings = sum(1 for shape, sibling in shapes if shape == "title" and sibling.children)
    return headings > sum(1 for shape, _ in shapes if shape == "sentence")


def _shape(text: str) -> str:
    """``title`` (short, no sentence punctuation), ``sentence``, or
    ``ambiguous`` (a short title-like line that ends with a full stop)."""
    if not text or len(text) > _TITLE_WIDTH or _width(text) > _TITLE_WIDTH or _open_bracket(text):
        return "sentence"
    bare = _BRACKETED.sub("", text).strip()
    body = bare[:-1] if bare and bare[-1] in _TERMINAL else bare
    if _SENTENCE_MARK.search(body):
        return "sentence"
    return "ambiguous" if text.rstrip(_CLOSERS)[-1:] in tuple(_TERMINAL) else "title"


# --- text helpers ------------------------------------------------------------------


def _open_bracket(text: str) -> bool:
    """Does ``text`` leave a bracket or quote open (a sentence cut short)?"""
    return any(text.count(opener) > text.count(closer) for opener, closer in _BRACKET_PAIRS)


def _missing(number: str, ordinals: range, separator: str) -> str:
    """The numbers a gap leaves out, spelled like ``number``.

    >>> _missing("11-3", range(1, 3), "-"), _missing("1.0.2d", range(2, 4), "."), _missing("1.3.0", range(2, 3), ".")
    ('11-1, 11-2', '1.0.2b, 1.0.2c', '1.2.0')
    """
    head, sep, last = number.rpartition(separator)
    if last == "0" and head.count(separator) >= 1:  # a padded heading: the level above varies
        return ", ".join(f"{name}{sep}0" for name in _missing(head, ordinals, separator).split(", "))
    if last.isdigit():
        return ", ".join(f"{head}{sep}{n}" for n in ordinals)
    if last[:-1].isdigit() and last[-1].isalpha():
        return ", ".join(f"{number[:-1]}{chr(ord('a') + n - 1)}" for n in ordinals)
    return f"{len(ordinals)} number(s)"


def _width(text: str) -> int:
    """Display columns, a CJK character counting two."""
    return len(text) + len(_WIDE.findall(text))


def _chinese_number(numeral: str) -> int:
    """一 → 1, 十 → 10, 十二 → 12, 二十三 → 23 (chapter numbers, as ``_CHAPTER`` admits them).

    >>> [_chinese_number(n) for n in ("五", "十", "十二", "二十三")]
    [5, 10, 12, 23]
    """
    if "十" not in numeral:
        return _CHINESE_DIGITS[numeral]
    tens, _, units = numeral.partition("十")
    return _CHINESE_DIGITS.get(tens, 1) * 10 + _CHINESE_DIGITS.get(units, 0)
