"""What a rulebook text a user brings is: its layout and its script.

``arbiter ingest`` runs these when the user does not say.  Layouts are told
apart by how lines start, the way a reader would: ``5.9.4.1.`` (dotted),
``8-5-2-3-1.`` (dashed), ``### 101.`` (numbered sections); a text with none
of these but many short title lines standing alone, or ``## title`` lines
from a saved web page's headings, is a heading-structured page.  When no layout clearly wins, detection refuses and says what it
counted, rather than guess.
"""

from __future__ import annotations

import re

from corpus.errors import ArbiterError
from corpus.model import Script
from corpus.repair import ideographs, latin_words, strip_list_marker

#: How a clause line starts, per numbered layout.
NUMBERED_LAYOUTS: dict[str, re.Pattern[str]] = {
    "dotted": re.compile(r"^\d{1,3}(?:\.\d{1,3})+[a-z]?\.?\s*[^\s\d.]"),
    "dashed": re.compile(r"^\d{1,3}(?:-\d{1,3})+\.?\s*[^\s\d-]"),
    "sections": re.compile(r"^#{1,6}\s*\d{2,4}\.\s*\S"),
}
#: A heading a saved web page states with its level (``## 勝利條件``).
_STATED_HEADING = re.compile(r"^#{1,6}\s+\S")
#: A line that can only be a title: short, no sentence punctuation.
_TITLE_LINE = re.compile(r"^[^。．.！!？?：:，,；;]{1,30}$")
#: Fewest lines of one shape for a layout to count as found.
EVIDENCE = 10
#: How many times the runner-up a numbered layout must be seen.
MARGIN = 3
#: Share of Chinese characters that OpenCC turns into other (Simplified)
#: characters above which a text is Traditional.
TRADITIONAL_SHARE = 0.05


def layout_counts(text: str) -> dict[str, int]:
    """How many lines of ``text`` look like each layout's clause lines."""
    counts = dict.fromkeys((*NUMBERED_LAYOUTS, "headings"), 0)
    lines = [strip_list_marker(line).strip() for line in text.splitlines()]
    for index, line in enumerate(lines):
        for name, pattern in NUMBERED_LAYOUTS.items():
            if pattern.match(line):
                counts[name] += 1
        alone = index + 1 >= len(lines) or not lines[index + 1]
        if alone and _TITLE_LINE.match(line) and not line.startswith(("[", "!", "#")):
            counts["headings"] += 1
        elif _STATED_HEADING.match(line) and not NUMBERED_LAYOUTS["sections"].match(line):
            counts["headings"] += 1  # a web page's <h2>, saved as ``## title``
    return counts


def detect_layout(text: str, source: str = "the text") -> str:
    """The parser name for ``text``; an :class:`ArbiterError` if it is unclear.

    >>> detect_layout("\\n".join(f"1.{n}. 第{n}條" for n in range(12)))
    'dotted'
    """
    counts = layout_counts(text)
    numbered = sorted(((counts[name], name) for name in NUMBERED_LAYOUTS), reverse=True)
    (best, name), (runner_up, _) = numbered[0], numbered[1]
    if best >= EVIDENCE and best >= MARGIN * runner_up:
        return name
    if best < EVIDENCE and counts["headings"] >= EVIDENCE:
        return "headings"
    seen = ", ".join(f"{count} {layout}" for layout, count in counts.items())
    raise ArbiterError(
        f"cannot tell the layout of {source} (lines counted: {seen}); "
        "pass --parser dotted, dashed, sections or headings",
        "parser",
    )


def detect_script(text: str) -> Script:
    """Latin when words outnumber Chinese characters, else Traditional or
    Simplified by how much of it OpenCC's t2s would change."""
    characters = ideographs(text)
    if len(latin_words(text)) > len(characters):
        return Script.LATN
    from corpus.search.folding import to_simplified

    joined = "".join(characters)
    changed = sum(a != b for a, b in zip(joined, to_simplified(joined), strict=True))
    return Script.HANT if changed > TRADITIONAL_SHARE * len(joined) else Script.HANS
