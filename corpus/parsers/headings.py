"""The "headings" layout: a web page whose only structure is the shape of its lines.

Battle Spirits publishes its rule manual as web pages; the text extraction
keeps no heading levels and no clause numbers.  What survives, and what this
parser reads (never a line number or a list of known titles):

* **Headings** a saved web page states with their level (``## 勝利條件``,
  from ``<h2>``; see :mod:`corpus.formats.html`) are headings of that level,
  the page's top level being chapters.  Otherwise headings are lines standing
  alone in their paragraph: short (at most
  20 characters), never a sentence (no 。，；：), not a list item or ※ note.
  Below them sit marked sub-headings, in descending rank: ``■`` blocks and
  ``【!】`` tip boxes, numbered steps (``①費用``, ``1 宣告攻擊`` — a number
  is a step only when it starts a run at 1 or continues the previous step,
  and a continuing step goes back beside the previous one, past any box or
  point in between), then ``◆``/``●`` points.
* **Chapters** are the plain headings the page shows to be a level higher:
  one stacked directly on another heading (``常見問題`` over ``關於效果通則``),
  one whose intro is followed by a heading of the same title (a page title
  over its first section), and one whose intro lists the titles of the
  headings that follow (a local table of contents).
* **FAQ**: ``Q1.`` … ``A1.`` paragraphs under a heading are one clause each,
  ``<heading path>/Q<n>``; **glossary**: after a kana-row index label
  (``[あ行]``), ``term：definition`` lines are clauses ``<heading path>/<term>``.
* **Not clause text**: the site header (navigation links and labels, the
  book's title) and figures — Japanese text from images, recognised by
  script (more kana than ideographs), with the callout labels run into them.

Ids are heading paths joined with ``/`` (a ``/`` inside a title becomes
``／``), so editing one section never changes an id elsewhere.  A heading
clause's text is its own body (sentences the extraction broke over lines are
joined), not its children's.  Faults of the source are reported, never
repaired: a path printed twice (the later gets ``~2``), FAQ numbers that skip,
repeat or disagree between question and answer, a question without answer,
and an intro list that names a section differently from its heading.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from corpus.errors import ArbiterError
from corpus.model import (
    DUPLICATE_MARK,
    BookInfo,
    Clause,
    ClauseKind,
    ParseResult,
    Problem,
    ProblemKind,
    unique_id,
)
from corpus.repair import (
    ideographs,
    join_fragments,
    remove_cjk_spacing,
    strip_list_marker,
    strip_markdown,
)

# --- markup and line shapes ---------------------------------------------------

_LINK_LINE = re.compile(r"^\[[^\]]*\]\([^)]*\)$")
#: A heading the page states with its level (an HTML ``<h2>`` saved as ``## title``).
_STATED_HEADING = re.compile(r"^(#{1,6})\s+(\S.*)$")
_LIST_ITEM = re.compile(r"^[-•‧]\s+")
_MARKER = re.compile(r"^(■|◆|●|【[!！]】)\s*(\S.*)$")
_STEP = re.compile(r"^(?:([\u2460-\u2473])|(\d{1,2})(?=\s))\s*\S")
_ROW = re.compile(r"^\[([^\[\]()]{1,8})\]$")
_QUESTION = re.compile(r"^Q(\d+)[.．]")
_ANSWER = re.compile(r"^A(\d+)[.．]")
_ENTRY = re.compile(r"^([^：]{1,20})：\s*(\S.*)$")
_EXAMPLE = re.compile(r"^[（(]?例(?:如|[：:])")
_KANA = re.compile(r"[\u3041-\u30fa\u30fc-\u30ff]")  # without ・, which Chinese uses too
_NOT_IN_HEADING = re.compile(r"[。，；：]")
_NOT_A_HEADING_START = re.compile(r"^(?:※|[-•‧・]|[QA]\d|例|\[)")
_TERMINAL = tuple("。！？!?…」』）)】")
_SENTENCE_END = tuple("。！？!?")
_HEADING_WIDTH = 20  # characters, spaces not counted
_MARKED_WIDTH = 40

# Heading ranks: a heading closes every open heading of the same or lower rank
# (FAQ and glossary entries are leaves and never open).
CHAPTER, PLAIN, BLOCK, STEP, POINT, ENTRY = range(6)
_MARKER_RANK = {"■": BLOCK, "◆": POINT, "●": POINT}  # 【!】 boxes rank with ■


def _clean(raw: str) -> str:
    """One source line without web markup (links, bold, escapes, math) or PDF spacing."""
    return remove_cjk_spacing(" ".join(strip_markdown(raw).split()))


def _width(text: str) -> int:
    return len("".join(text.split()))


def _is_list_item(text: str) -> bool:
    return bool(_LIST_ITEM.match(text))


def _list_text(text: str) -> str:
    return strip_list_marker(text)


def _kana_heavy(text: str) -> bool:
    """Japanese rather than Chinese: the figures are untranslated Japanese images."""
    kana = len(_KANA.findall(text))
    return kana > 0 and kana > len(ideographs(text))


def _marker(text: str) -> tuple[int, str] | None:
    match = _MARKER.match(text)
    if not match or _width(text) > _MARKED_WIDTH:
        return None
    return _MARKER_RANK.get(match.group(1), BLOCK), match.group(2)


def _step_number(text: str) -> int | None:
    """The number of a step heading (``①費用`` → 1, ``6 靈魂卡…`` → 6)."""
    match = _STEP.match(text)
    if not match or _width(text) > _HEADING_WIDTH or "。" in text:
        return None
    circled, digits = match.group(1), match.group(2)
    return ord(circled) - 0x245F if circled else int(digits)


def _plain_shaped(text: str) -> bool:
    return (
        _width(text) <= _HEADING_WIDTH
        and not _NOT_IN_HEADING.search(text)
        and not _NOT_A_HEADING_START.match(text)
        and not text.endswith("、")
    )


def _segment(title: str) -> str:
    """A title as one component of a path id."""
    return title.replace("/", "／").replace(DUPLICATE_MARK, "～")


# --- lines --------------------------------------------------------------------


@dataclass(frozen=True)
class _Line:
    number: int  # 1-based source line
    text: str  # cleaned
    alone: bool  # the only line of its paragraph
    link: bool  # nothing but a web link, ``[基本玩法](#)``
    level: int | None = None  # a heading whose level the page states (``## 勝利條件`` from ``<h2>``)


def _paragraph_lines(lines: list[str]) -> list[_Line]:
    """The non-blank lines, cleaned, each knowing whether it stands alone."""
    cleaned = [_clean(raw) for raw in lines]
    result = []
    for index, text in enumerate(cleaned):
        if not text:
            continue
        before = index > 0 and cleaned[index - 1]
        after = index + 1 < len(cleaned) and cleaned[index + 1]
        link = bool(_LINK_LINE.match(lines[index].strip()))
        stated = _STATED_HEADING.match(text)
        if stated:
            result.append(_Line(index + 1, stated.group(2), True, False, len(stated.group(1))))
        else:
            result.append(_Line(index + 1, text, not before and not after, link))
    return result


def _stated_rank(level: int, top: int) -> int:
    """The rank of a heading whose level the page states: the page's top level is a chapter.

    >>> [_stated_rank(level, 1) for level in (1, 2, 3, 6)] == [CHAPTER, PLAIN, BLOCK, POINT]
    True
    """
    return min(CHAPTER + level - top, POINT)


def _header(lines: list[_Line], title: str) -> tuple[set[int], list[tuple[int, int, str]]]:
    """The site header: leading links and labels, up to the first heading with prose.

    It exists only if it holds a link; its last label, the one followed by
    prose, is the page's first heading and is given back.
    """
    run: list[_Line] = []
    for line in lines:
        if not (line.link or _is_label(line.text)):
            break
        run.append(line)
    if not any(line.link for line in run):
        return set(), []
    if not run[-1].link and len(run) < len(lines):
        run.pop()
    titled = {line.number for line in run if title and title in line.text}
    spans = _spans(titled, lines, "title") + _spans(
        {line.number for line in run} - titled, lines, "navigation"
    )
    return {line.number for line in run}, spans


def _page_title(lines: list[_Line]) -> _Line | None:
    """The page's one top-level stated heading, when it comes first: the title over every chapter.

    A saved page puts its title in the only ``<h1>`` and its chapters in ``<h2>``s.
    """
    stated = [line for line in lines if line.level is not None]
    if len(stated) < 2:
        return None
    top = min(line.level for line in stated if line.level is not None)
    firsts = [line for line in stated if line.level == top]
    return firsts[0] if len(firsts) == 1 and firsts[0] is stated[0] else None


def _is_label(text: str) -> bool:
    return _width(text) <= _MARKED_WIDTH and not text.endswith(_SENTENCE_END) and "。" not in text


def _figures(lines: list[_Line]) -> set[int]:
    """Lines of figures: kana-heavy lines, and the label lines that run into them."""
    found = {line.number for line in lines if _kana_heavy(line.text)}
    for index, line in enumerate(lines):
        if line.number not in found:
            continue
        back = index - 1
        while back >= 0 and lines[back].number not in found and _is_callout(lines[back]):
            found.add(lines[back].number)
            back -= 1
    return found


def _is_callout(line: _Line) -> bool:
    text = line.text
    return line.alone and (_step_number(text) is not None or _plain_shaped(text))


def _spans(numbers: set[int], lines: list[_Line], reason: str) -> list[tuple[int, int, str]]:
    """Group excluded lines into spans, bridging only the blank lines between them."""
    spans: list[tuple[int, int, str]] = []
    previous: _Line | None = None
    for line in lines:
        if line.number in numbers:
            if spans and previous is not None and previous.number == spans[-1][1]:
                spans[-1] = (spans[-1][0], line.number, reason)
            else:
                spans.append((line.number, line.number, reason))
        previous = line
    return spans


# --- the tree -----------------------------------------------------------------


@dataclass(eq=False)  # nodes are compared by identity (the open-heading stack)
class _Node:
    id: str
    parent: str | None
    title: str | None
    kind: ClauseKind
    rank: int
    line: int
    units: list[tuple[int, str, bool]] = field(default_factory=list)  # line, text, list item
    toc: list[str] = field(default_factory=list)  # titles its intro lists
    question: int | None = None
    answer: int | None = None

    @property
    def last_line(self) -> int:
        return self.units[-1][0] if self.units else self.line

    def text(self) -> str:
        return "\n".join(join_fragments(group) for group in _sentences(self.units))


def _sentences(units: list[tuple[int, str, bool]]) -> Iterator[list[str]]:
    """Group units into output lines: prose left unfinished continues in the next unit."""
    group: list[str] = []
    open_prose = False
    for _line, text, listed in units:
        if group and not (open_prose and not listed and not _starts_unit(text)):
            yield group
            group = []
        group.append(text)
        open_prose = not listed and not text.endswith(_TERMINAL)
    if group:
        yield group


def _starts_unit(text: str) -> bool:
    """A paragraph that begins something of its own, never a sentence's tail."""
    return bool(
        text.startswith("※")
        or _EXAMPLE.match(text)
        or _QUESTION.match(text)
        or _ANSWER.match(text)
        or _is_list_item(text)
    )


class _Builder:
    """Reads the cleaned lines in order and grows the heading tree."""

    def __init__(self, info: BookInfo, lines: list[_Line]):
        self.info = info
        self.lines = lines
        self.top_level = min((line.level for line in lines if line.level is not None), default=1)
        self.nodes: list[_Node] = []
        self.stack: list[_Node] = []
        self.seen: dict[str, int] = {}
        self.problems: list[Problem] = []
        self.index_lines: set[int] = set()  # glossary kana-row labels
        self.entry: _Node | None = None  # the open FAQ or glossary entry
        self.glossary: _Node | None = None  # the heading whose glossary is being read
        self.step: int | None = None  # number of the last step heading in this run
        self.steps_parent: _Node | None = None  # where the run of steps hangs
        self.previous: tuple[str, int] = ("none", -1)  # what the last line was
        self.last_question: dict[str, int] = {}  # heading id -> its last Q number

    # reading

    def build(self) -> None:
        for index, line in enumerate(self.lines):
            self._read(index, line)
        self._close_entry()

    def _read(self, index: int, line: _Line) -> None:
        text = line.text
        if line.level is not None:
            marked = _marker(text)
            self._open(_stated_rank(line.level, self.top_level), marked[1] if marked else text, [], line)
            return
        if line.alone and _ROW.match(text):
            self._close_entry()
            self.glossary = self.stack[-1] if self.stack else None
            self.index_lines.add(line.number)
            self.previous = ("index", -1)
            return
        question = _QUESTION.match(text)
        if question:
            self._question(line, int(question.group(1)))
            return
        answer = _ANSWER.match(text)
        if answer and self.entry is not None and self.entry.kind is ClauseKind.FAQ:
            self._answer(line, self.entry, int(answer.group(1)))
            return
        if self._glossary_entry(line):
            return
        heading = self._heading_of(index, line)
        if heading is None:
            self._body(line)
        else:
            self._open(*heading, line)

    def _heading_of(self, index: int, line: _Line) -> tuple[int, str, list[str]] | None:
        """Rank, title and listed sections of ``line`` as a heading; ``None`` for body text."""
        if not line.alone:
            return None
        text = line.text
        marked = _marker(text)
        if marked:
            return (*marked, [])
        number = _step_number(text)
        if number is not None and (number == 1 or self.step == number - 1):
            return STEP, text, []
        if not _plain_shaped(text):
            return None
        kind, rank = self.previous
        if (kind == "heading" and rank >= BLOCK) or kind == "open prose":
            return None  # the first line under a marked heading, or a sentence's tail
        if text in self.info.chapters:
            return CHAPTER, text, []  # the manifest restores a level the extraction lost
        toc = self._chapter_toc(index)
        return (PLAIN, text, []) if toc is None else (CHAPTER, text, toc)

    def _chapter_toc(self, index: int) -> list[str] | None:
        """``None`` for a plain heading; for a chapter, the titles its intro lists.

        A chapter is stacked on the next heading, or its intro is followed by
        a heading of its own title, or its intro lists the next heading first.
        """
        following = self.lines[index + 1] if index + 1 < len(self.lines) else None
        if following is None:
            return None
        if following.alone and (_ROW.match(following.text) or self._bare_plain(following)):
            return []
        title = self.lines[index].text
        items: list[str] = []
        for line in self.lines[index + 1 :]:
            if _QUESTION.match(line.text):
                return None
            if line.alone and (_marker(line.text) or _step_number(line.text) is not None):
                return None
            if line.alone and _plain_shaped(line.text):
                if line.text == title:
                    return []
                return items if items and items[0] == line.text else None
            if _is_list_item(line.text):
                items.append(_list_text(line.text))
        return None

    @staticmethod
    def _bare_plain(line: _Line) -> bool:
        return _plain_shaped(line.text) and _marker(line.text) is None and _step_number(line.text) is None

    # headings

    def _open(self, rank: int, title: str, toc: list[str], line: _Line) -> None:
        self._close_entry()
        self.glossary = None
        number = _step_number(title) if rank == STEP else None
        if number is not None and number > 1 and self.steps_parent in self.stack:
            while self.stack[-1] is not self.steps_parent:
                self.stack.pop()  # a step continues its run, past any box or point between
        else:
            while self.stack and self.stack[-1].rank >= rank:
                self.stack.pop()
        if rank <= PLAIN:
            self.step = None
        if number is not None:
            self.step = number
            self.steps_parent = self.stack[-1] if self.stack else None
        parent = self.stack[-1] if self.stack else None
        node = self._node(parent, title, rank, line.number)
        node.toc = toc
        self.stack.append(node)
        self.previous = ("heading", rank)

    def _node(
        self,
        parent: _Node | None,
        title: str,
        rank: int,
        line: int,
        kind: ClauseKind | None = None,
    ) -> _Node:
        """A new clause below ``parent``; a heading's kind follows from its depth."""
        path = _segment(title) if parent is None else f"{parent.id}/{_segment(title)}"
        if kind is None:
            kind = ClauseKind.CHAPTER if parent is None else ClauseKind.SECTION
        node = _Node(
            id=self._unique(path, line),
            parent=parent.id if parent else None,
            title=title,
            kind=kind,
            rank=rank,
            line=line,
        )
        self.nodes.append(node)
        return node

    def _unique(self, path: str, line: int) -> str:
        clause_id = unique_id(self.seen, path)
        if clause_id == path:
            return path
        self._problem(ProblemKind.DUPLICATE_ID, clause_id, f"{path} appears again", line)
        return clause_id

    # FAQ and glossary entries

    def _question(self, line: _Line, number: int) -> None:
        self._close_entry()
        owner = self._owner(line)
        if owner is None:
            return
        entry = self._node(owner, f"Q{number}", ENTRY, line.number, ClauseKind.FAQ)
        entry.question = number
        self._check_question(owner, entry, number)
        self.entry = entry
        self._add_unit(entry, line.text, False, line.number)

    def _answer(self, line: _Line, entry: _Node, number: int) -> None:
        entry.answer = number
        if entry.answer != entry.question:
            self._problem(
                ProblemKind.OUT_OF_ORDER,
                entry.id,
                f"Q{entry.question} is answered by A{entry.answer}",
                line.number,
            )
        self._add_unit(entry, line.text, False, line.number)

    def _check_question(self, owner: _Node, entry: _Node, number: int) -> None:
        last = self.last_question.get(owner.id)
        self.last_question[owner.id] = number
        if last is None:
            return
        if number > last + 1:
            missing = ", ".join(f"Q{n}" for n in range(last + 1, number))
            self._problem(
                ProblemKind.SKIPPED_NUMBER,
                entry.id,
                f"Q{number} follows Q{last}: {missing} missing",
                entry.line,
            )
        elif number < last:
            self._problem(
                ProblemKind.OUT_OF_ORDER,
                entry.id,
                f"Q{number} follows Q{last}",
                entry.line,
            )

    def _glossary_entry(self, line: _Line) -> bool:
        if self.glossary is None or not self.stack or self.stack[-1] is not self.glossary:
            return False
        match = _ENTRY.match(line.text)
        if not match or not line.alone:
            return False
        self._close_entry()
        term = match.group(1).strip()
        entry = self._node(self.glossary, term, ENTRY, line.number, ClauseKind.GLOSSARY)
        self.entry = entry
        self._add_unit(entry, match.group(2), False, line.number)
        return True

    def _close_entry(self) -> None:
        entry, self.entry = self.entry, None
        if entry is not None and entry.kind is ClauseKind.FAQ and entry.answer is None:
            self._problem(
                ProblemKind.SKIPPED_NUMBER,
                entry.id,
                f"Q{entry.question} has no answer (no A{entry.question})",
                entry.line,
            )

    # body text

    def _body(self, line: _Line) -> None:
        target = self.entry or self._owner(line)
        if target is None:
            return
        listed = _is_list_item(line.text)
        self._add_unit(target, _list_text(line.text) if listed else line.text, listed, line.number)

    def _add_unit(self, node: _Node, text: str, listed: bool, line: int) -> None:
        node.units.append((line, text, listed))
        unfinished = not listed and not text.endswith(_TERMINAL)
        self.previous = ("open prose" if unfinished else "prose", -1)

    def _owner(self, line: _Line) -> _Node | None:
        if self.stack:
            return self.stack[-1]
        message = f"text before any heading: {line.text[:30]}"
        self._problem(ProblemKind.UNPARSED_TEXT, None, message, line.number)
        return None

    def _problem(self, kind: ProblemKind, clause: str | None, message: str, line: int) -> None:
        self.problems.append(Problem(kind=kind, clause=clause, message=message, line=line))

    # checks after reading

    def check_tables_of_contents(self) -> None:
        """A heading whose intro lists its sections: report items that name no section."""
        for node in self.nodes:
            if not node.toc:
                continue
            sections = [n for n in self.nodes if n.parent == node.id and n.rank == PLAIN]
            # a list longer or shorter than the sections is reported once, below
            for item, section in zip(node.toc, sections, strict=False):
                if item != section.title:
                    self._problem(
                        ProblemKind.MISPLACED_HEADING,
                        section.id,
                        f"{node.title} lists {item!r} but the section here is {section.title!r}",
                        section.line,
                    )
            if len(node.toc) != len(sections):
                self._problem(
                    ProblemKind.MISPLACED_HEADING,
                    node.id,
                    f"{node.title} lists {len(node.toc)} sections but has {len(sections)}",
                    node.line,
                )

    def clauses(self) -> tuple[Clause, ...]:
        return tuple(
            Clause(
                game=self.info.game,
                version=self.info.version,
                id=node.id,
                parent=node.parent,
                title=node.title,
                text=node.text(),
                kind=node.kind,
                order=order,
                line_start=node.line,
                line_end=node.last_line,
            )
            for order, node in enumerate(self.nodes)
        )


def parse_headings(text: str, info: BookInfo) -> ParseResult:
    """Parse a web page laid out as headings, FAQ and glossary (see the module doc)."""
    lines = _paragraph_lines(text.splitlines())
    header, excluded = _header(lines, info.title)
    page_title = _page_title(lines)
    if page_title is not None:
        header.add(page_title.number)
        excluded.append((page_title.number, page_title.number, "title"))
    lines = [line for line in lines if line.number not in header]
    figures = _figures(lines)
    excluded += _spans(figures, lines, "figure")
    builder = _Builder(info, [line for line in lines if line.number not in figures])
    builder.build()
    if not builder.nodes:
        raise ArbiterError(
            f"{info.source}: no heading found (a short line standing alone); "
            "this book does not use the 'headings' layout",
            "parser",
        )
    builder.check_tables_of_contents()
    excluded += _spans(builder.index_lines, lines, "navigation")
    problems = sorted(builder.problems, key=lambda problem: problem.line)
    return ParseResult(
        clauses=builder.clauses(),
        problems=tuple(problems),
        excluded=tuple(sorted(excluded)),
    )
