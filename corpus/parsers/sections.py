"""The "sections" layout: numbered section headings over unnumbered paragraphs.

Zero Dimension prints its rules this way (``### 101. 胜负条件`` followed by
plain paragraphs), as do many rulebooks modelled on the MTG comprehensive
rules.  The layout's conventions, which this parser relies on and nothing
else:

* A heading carries a number: ``1`` is a chapter, ``101`` a section of
  chapter 1 (the chapter is the number without its last two digits), ``405.1``
  a subsection of ``405``.  The hierarchy comes from the number, never from
  the count of ``#``: extracted books mix heading levels freely.
* Paragraphs have no number; the ``n``-th paragraph of section ``101`` is
  ``101.p<n>``, counted within the section so that editing one section never
  renumbers another.
* A paragraph opening with a bold label ``**突袭：**…`` defines a keyword; it
  and the paragraphs up to the next label are one clause ``<section>.突袭``.
* An unnumbered heading (a preface) is a clause named by its title; the
  book's title block and its table of contents are excluded, not parsed.

Damage repaired here: sentences broken over (blank) lines are joined, list
items are attached to the sentence that announces them, and a heading-like
line that merely closes a bracket opened by the paragraph before it is put
back into that paragraph (and reported).  Numbering faults in the source
(duplicate, out-of-order, skipped or misplaced numbers) are reported as
:class:`Problem` and never change which clauses exist.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from corpus.errors import ArbiterError
from corpus.model import BookInfo, ClauseKind, ParseResult, ProblemKind
from corpus.parsers.tree import Parts, Step, TreeBuilder
from corpus.repair import (
    join_fragments,
    protect_escapes,
    restore_escapes,
    strip_list_marker,
    strip_markdown,
)

_HEADING = re.compile(r"^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
_NUMBER = re.compile(r"^(\d+(?:\.\d+)*)(?:\.\s*|\s+|$)(.*)$")
_TOC_TITLE = re.compile(r"目录|目錄|目次|contents", re.IGNORECASE)
_TOC_ENTRY = re.compile(r"^(?:[-•]\s*)?(\d+(?:\.\d+)*)\.?\s*[^。！？]{0,60}$")
_LIST_ITEM = re.compile(r"^\s*[-•‧]\s+")
#: ``**突袭：**…``, ``**(X) 变身：***：**…``, ``(X) **高速换装 [***]：**…``.
_KEYWORD = re.compile(r"^(?:[(（][^)）*]{1,4}[)）]\s*)?\*\*([^*]+?)\*\*")
_SPACE = re.compile(r"\s+")
_COST_PREFIX = re.compile(r"^[(（][^)）]{1,4}[)）]\s*")
_LABEL_MAX = 20
_EXAMPLE = re.compile(r"^[（(]?例(?:如|\s*\d+)?\s*[：:]")
_TERMINAL = tuple("。！？；：…」』”）)】.!?;:")
_OPENERS, _CLOSERS = "（(「『【[", "）)」』】]"
#: Two paragraphs that open with this many equal characters are parallel.
_PARALLEL_PREFIX = 2


@dataclass
class _Heading:
    line: int
    number: str | None  # as printed, e.g. "405.1"; None for a preface heading
    title: str
    raw: str  # the text after the #s, for the sentence-tail test


@dataclass
class _Paragraph:
    """One paragraph: its source lines and its text, lines joined by "\\n"."""

    first: int
    last: int
    raw_start: str  # first source line with its markup, for keyword labels
    rows: list[list[str]] = field(default_factory=list)  # fragments per output line
    tails: list[_Heading] = field(default_factory=list)  # heading-like lines taken back

    @property
    def text(self) -> str:
        return "\n".join(join_fragments(row) for row in self.rows)


def parse_sections(text: str, info: BookInfo) -> ParseResult:
    """Parse a book laid out as numbered sections with unnumbered paragraphs."""
    lines = text.splitlines()
    excluded = _front_matter(lines)
    skip = {n for start, end, _ in excluded for n in range(start, end + 1)}
    tokens = _paragraphs(_tokens(lines, skip))
    if not any(isinstance(t, _Heading) and t.number for t in tokens):
        raise ArbiterError(
            f"{info.source}: no numbered heading such as '### 101. 标题' found; "
            "this book does not use the 'sections' layout",
            "parser",
        )
    builder = _Builder(TreeBuilder(info))
    return builder.tree.result(builder.build(tokens), excluded)


# --- front matter -------------------------------------------------------------


def _front_matter(lines: list[str]) -> list[tuple[int, int, str]]:
    """The title block and the table of contents, as excluded line spans.

    Both repeat what is known elsewhere (the manifest names the book; the
    contents repeat every heading), so they are excluded rather than parsed.
    """
    headings = [(i, m) for i, line in enumerate(lines) if (m := _HEADING.match(line))]
    starts = [index for index, _ in headings] + [len(lines)]
    spans: list[tuple[int, int, str]] = []
    first, match = headings[0] if headings else (0, None)
    is_title = match is not None and len(match.group(1)) == 1 and not _NUMBER.match(match.group(2))
    if is_title and not any(line.strip() for line in lines[:first]):
        spans.append((first + 1, _last_text_line(lines, first, starts[1]), "title"))
    for index, match in headings:
        if _TOC_TITLE.search(match.group(2)):
            end = _toc_end(lines, index)
            spans.append((index + 1, _last_text_line(lines, index, end), "toc"))
            break
    return spans


def _toc_end(lines: list[str], start: int) -> int:
    """Index of the first line after the contents that began at ``start``.

    The contents list numbers (as headings, list items or bare lines); the
    body begins at the first heading that repeats a listed number, or at the
    first line that is prose rather than an entry.
    """
    listed: set[str] = set()
    for index in range(start + 1, len(lines)):
        line = lines[index].strip()
        if not line:
            continue
        heading = _HEADING.match(line)
        entry = _NUMBER.match(heading.group(2)) if heading else _TOC_ENTRY.match(line)
        if entry is None or (heading and entry.group(1) in listed):
            return index
        listed.add(entry.group(1))
    return len(lines)


def _last_text_line(lines: list[str], start: int, end: int) -> int:
    """1-based number of the last non-blank line in ``lines[start:end]``."""
    last = start
    for index in range(start, end):
        if lines[index].strip():
            last = index
    return last + 1


# --- lines to headings and paragraphs ---------------------------------------


def _tokens(lines: list[str], skip: set[int]) -> list[_Heading | _Paragraph]:
    """Headings and raw paragraphs (runs of non-blank lines) in reading order."""
    tokens: list[_Heading | _Paragraph] = []
    current: _Paragraph | None = None
    for number, line in enumerate(lines, 1):
        if number in skip or not line.strip():
            current = None
            continue
        heading = _HEADING.match(line)
        if heading:
            current = None
            label = _clean(heading.group(2))
            numbered = _NUMBER.match(label)
            tokens.append(
                _Heading(
                    line=number,
                    number=numbered.group(1) if numbered else None,
                    title=join_fragments([numbered.group(2) if numbered else label]),
                    raw=heading.group(2),
                )
            )
            continue
        item = bool(_LIST_ITEM.match(line))
        fragment = _clean(strip_list_marker(line))
        if current is None:
            current = _Paragraph(number, number, line, [[fragment]])
            tokens.append(current)
        elif item:
            current.rows.append([fragment])
        else:
            current.rows[-1].append(fragment)
        current.last = number
    return tokens


def _paragraphs(tokens: list[_Heading | _Paragraph]) -> list[_Heading | _Paragraph]:
    """Merge the pieces the extraction split: broken sentences, list items, tails.

    A heading-like line that closes a bracket the paragraph before it left
    open (「…（参照」 then ``#### 704. 反击特效)``) is the end of that
    sentence, not a section; it is kept in the paragraph and reported.
    """
    merged: list[_Heading | _Paragraph] = []
    for token in tokens:
        previous = merged[-1] if merged else None
        if not isinstance(previous, _Paragraph):
            merged.append(token)
        elif isinstance(token, _Heading):
            if token.number and _balance(previous.text) > 0 and _balance(token.raw) < 0:
                previous.tails.append(token)
                previous.rows[-1].append(_clean(token.raw))
                previous.last = token.line
            else:
                merged.append(token)
        elif _LIST_ITEM.match(token.raw_start) and previous.text.endswith(("：", ":")):
            previous.rows.extend(token.rows)
            previous.last = token.last
        elif _continues(previous, token):
            previous.rows[-1].extend(token.rows[0])
            previous.rows.extend(token.rows[1:])
            previous.last = token.last
        else:
            merged.append(token)
    return merged


def _continues(previous: _Paragraph, following: _Paragraph) -> bool:
    """Whether ``following`` is the rest of a sentence ``previous`` left open.

    A PDF page or column break leaves a paragraph without its final stop.
    The missing stop alone is not enough: a paragraph that opens like the
    one before it (「某些效果中提到的…」 twice) is its parallel sibling.
    """
    before, after = previous.text, following.text
    if before.endswith(_TERMINAL) or _starts_unit(following):
        return False
    return before[:_PARALLEL_PREFIX] != after[:_PARALLEL_PREFIX]


def _starts_unit(paragraph: _Paragraph) -> bool:
    """A list item, keyword definition or example always starts afresh."""
    return bool(
        _LIST_ITEM.match(paragraph.raw_start)
        or _keyword_label(paragraph.raw_start)
        or _EXAMPLE.match(paragraph.text)
    )


def _balance(text: str) -> int:
    """Brackets opened minus brackets closed."""
    return sum(text.count(c) for c in _OPENERS) - sum(text.count(c) for c in _CLOSERS)


# --- markup -------------------------------------------------------------------


def _clean(raw: str) -> str:
    return strip_markdown(raw).strip()


def _keyword_label(raw: str) -> str | None:
    """The keyword a ``**名称：**定义`` line defines, as printed (no cost prefix)."""
    match = _KEYWORD.match(protect_escapes(raw.strip()))
    if not match or "：" not in match.group(1):
        return None
    label = _COST_PREFIX.sub("", match.group(1).split("：", 1)[0]).strip()
    if not label or len(label) > _LABEL_MAX or re.search(r"[，。、；]", label):
        return None
    return restore_escapes(label)


# --- clauses -------------------------------------------------------------------


def _parent_number(number: str) -> str | None:
    """``405.1`` → ``405``; ``101`` → ``1``; a chapter number has none."""
    if "." in number:
        return number.rsplit(".", 1)[0]
    return number[:-2] if len(number) > 2 else None


def _ordinal(number: str) -> int:
    """Place among its siblings: ``405.1`` → 1, ``101`` → 1, ``100`` → 0, ``8`` → 8."""
    if "." in number:
        return int(number.rsplit(".", 1)[1])
    return int(number) % 100 if len(number) > 2 else int(number)


def _with_ordinal(number: str, ordinal: int) -> str:
    """The sibling of ``number`` at ``ordinal``: (``103``, 1) → ``101``."""
    if "." in number:
        return f"{number.rsplit('.', 1)[0]}.{ordinal}"
    return str(int(number) - _ordinal(number) + ordinal) if len(number) > 2 else str(ordinal)


def _rank(number: str) -> int:
    """0 for a chapter, 1 for a section, 2 for ``405.1`` …"""
    parent = _parent_number(number)
    return 0 if parent is None else _rank(parent) + 1


@dataclass
class _Draft:
    id: str
    parent: str | None
    title: str | None
    kind: ClauseKind
    first: int
    last: int
    rows: list[str] = field(default_factory=list)
    numbered: bool = True  # False under a preface heading: its paragraphs are notes


class _Builder:
    """Turns headings and paragraphs into clauses, noting numbering faults."""

    def __init__(self, tree: TreeBuilder):
        self.tree = tree
        self.drafts: list[_Draft] = []
        self.by_id: dict[str, _Draft] = {}
        self.section: _Draft | None = None
        self.keyword: _Draft | None = None
        self.paragraphs: dict[str, int] = {}  # section id -> paragraphs so far
        self.open_numbers: dict[int, str] = {}  # rank -> number of the open heading
        self.siblings: dict[str | None, list[tuple[str, int]]] = {}  # parent -> (number, line)

    def build(self, tokens: list[_Heading | _Paragraph]) -> list[Parts]:
        for token in tokens:
            if isinstance(token, _Heading):
                self._heading(token)
            else:
                self._paragraph(token)
        self._check_gaps()
        return self._freeze()

    def _unique(self, name: str, line: int) -> str:
        return self.tree.unique(name, line, "{name} is printed again")

    def _add(self, draft: _Draft) -> _Draft:
        self.drafts.append(draft)
        self.by_id[draft.id] = draft
        return draft

    def _heading(self, heading: _Heading) -> None:
        self.keyword = None
        if heading.number is None:
            clause_id = self._unique(heading.title, heading.line)
            parent, kind = None, ClauseKind.CHAPTER
        else:
            clause_id = self._unique(heading.number, heading.line)
            parent = self._place(heading, heading.number)
            kind = ClauseKind.CHAPTER if _rank(heading.number) == 0 else ClauseKind.SECTION
        self.section = self._add(
            _Draft(
                clause_id,
                parent,
                heading.title,
                kind,
                heading.line,
                heading.line,
                numbered=heading.number is not None,
            )
        )

    def _place(self, heading: _Heading, number: str) -> str | None:
        """The parent id (from the heading's ``number``) after checking the numbering."""
        rank, wanted = _rank(number), _parent_number(number)
        around = self.open_numbers.get(rank - 1)
        if wanted is not None and around is not None and around != wanted:
            self.tree.problem(
                ProblemKind.MISPLACED_HEADING,
                number,
                f"{number} is printed inside {around}, not inside {wanted}",
                heading.line,
            )
        self.open_numbers = {r: n for r, n in self.open_numbers.items() if r < rank}
        self.open_numbers[rank] = number
        parent = wanted if wanted in self.by_id else None
        self._check_sequence(parent, number, heading.line)
        return parent

    def _check_sequence(self, parent: str | None, number: str, line: int) -> None:
        """A number smaller than its previous sibling's is out of order."""
        siblings = self.siblings.setdefault(parent, [])
        if Step(_ordinal(siblings[-1][0]) if siblings else None, _ordinal(number)).backwards:
            self.tree.problem(ProblemKind.OUT_OF_ORDER, number, f"{number} follows {siblings[-1][0]}", line)
        siblings.append((number, line))

    def _check_gaps(self) -> None:
        """Numbers missing among siblings (a list may start at 0 or 1, not later)."""
        for siblings in self.siblings.values():
            have = {_ordinal(number): (number, line) for number, line in reversed(siblings)}
            expected = min(min(have), 1)
            for ordinal in sorted(have):
                number, line = have[ordinal]
                missing = [_with_ordinal(number, k) for k in range(expected, ordinal)]
                if missing:
                    self.tree.problem(
                        ProblemKind.SKIPPED_NUMBER,
                        number,
                        f"{', '.join(missing)} not printed before {number}",
                        line,
                    )
                expected = ordinal + 1

    def _paragraph(self, paragraph: _Paragraph) -> None:
        section = self.section
        if section is None:
            self.tree.problem(
                ProblemKind.UNPARSED_TEXT,
                None,
                f"text before the first heading: {paragraph.text[:30]}",
                paragraph.first,
            )
            return
        label = _keyword_label(paragraph.raw_start)
        if label is not None:
            clause_id = self._unique(f"{section.id}.{_SPACE.sub('', label)}", paragraph.first)
            title, kind = label, ClauseKind.KEYWORD
        elif self.keyword is not None:
            self.keyword.rows.append(paragraph.text)
            self.keyword.last = paragraph.last
            self._report_tails(paragraph, self.keyword.id)
            return
        else:
            count = self.paragraphs.get(section.id, 0) + 1
            self.paragraphs[section.id] = count
            clause_id, title = f"{section.id}.p{count}", None
            kind = (
                ClauseKind.EXAMPLE
                if _EXAMPLE.match(paragraph.text)
                else ClauseKind.RULE
                if section.numbered
                else ClauseKind.NOTE
            )
        draft = _Draft(clause_id, section.id, title, kind, paragraph.first, paragraph.last)
        draft.rows.append(paragraph.text)
        self._add(draft)
        self.keyword = draft if kind is ClauseKind.KEYWORD else None
        self._report_tails(paragraph, clause_id)

    def _report_tails(self, paragraph: _Paragraph, clause_id: str) -> None:
        for tail in paragraph.tails:
            self.tree.problem(
                ProblemKind.MISPLACED_HEADING,
                clause_id,
                f"heading-like line '{tail.raw}' closes the bracket opened before it; "
                f"kept as the end of that sentence in {clause_id}, not as section {tail.number}",
                tail.line,
            )

    def _freeze(self) -> list[Parts]:
        """Clauses in reading order; a heading spans everything it contains."""
        for draft in reversed(self.drafts):
            parent = self.by_id.get(draft.parent) if draft.parent is not None else None
            if parent is not None:
                parent.last = max(parent.last, draft.last)
        return [
            Parts(
                draft.id,
                draft.parent,
                draft.title,
                "\n".join(draft.rows),
                draft.kind,
                draft.first,
                draft.last,
            )
            for draft in self.drafts
        ]
