"""Text repairs shared by every layout parser.

The sources are extractions of PDFs and web pages.  Their damage is the same
whatever the layout: list markers in front of numbers, sentences broken over
lines, and spaces the PDF put between Chinese characters.  Each repair is a
small pure function so that its test can name the real passage it fixes.

>>> remove_cjk_spacing("翻 开 效 果 翻 开 令 迦 （ HBU01-CR ） 和")
'翻开效果翻开令迦（HBU01-CR）和'
>>> remove_cjk_spacing("令迦奥特曼 ( HBU01-CR ) 和 , 对方")
'令迦奥特曼(HBU01-CR)和,对方'
>>> join_fragments(["在文字說明中，也會出現以「怪獸宇", "宙人系列」代表"])
'在文字說明中，也會出現以「怪獸宇宙人系列」代表'
>>> join_fragments(["Revised  the  damage", "step."])
'Revised the damage step.'
>>> strip_list_marker("- 1.3.3. 若彼此皆有")
'1.3.3. 若彼此皆有'
"""

from __future__ import annotations

import re

_CJK_CLASS = (
    "\u2e80-\u2fff"  # radicals
    "\u3000-\u303f"  # CJK symbols and punctuation (、。「」【】《》…)
    "\u3040-\u30ff"  # kana
    "\u31c0-\u31ef"
    "\u3400-\u4dbf"  # extension A
    "\u4e00-\u9fff"  # unified ideographs
    "\uf900-\ufaff"  # compatibility ideographs
    "\ufe30-\ufe4f"  # compatibility forms
    "\uff00-\uff0f\uff1a-\uff20\uff3b-\uff40\uff5b-\uff65"  # fullwidth punctuation
    "\u2018-\u201f\u2026\u00b7\u2022\u25a0-\u25ff\u2460-\u24ff"  # quotes, …, ·, ■◆, ①
)
_CJK = re.compile(f"[{_CJK_CLASS}]")
_SPACE_BETWEEN_CJK = re.compile(f"(?<=[{_CJK_CLASS}])[ \t\u00a0\u3000]+(?=[{_CJK_CLASS}])")
_SPACE_AFTER_OPENING = re.compile(r"(?<=[（「『【《〈［｛])[ \t\u00a0\u3000]+")
_SPACE_AFTER_PUNCTUATION = re.compile(r"(?<=[，。、；：！？])[ \t\u00a0]+")
_SPACE_BEFORE_CLOSING = re.compile(r"[ \t\u00a0\u3000]+(?=[）」』】》〉］｝，。、；：！？])")
#: Spaces the PDF left around ASCII punctuation inside Chinese text:
#: ``令迦奥特曼 ( HBU01-CR ) 和`` / ``效果时 , 对方``.
_ASCII_PUNCT_SPACING = (
    re.compile(f"(?<=[{_CJK_CLASS}])[ \t]+(?=[(),:;])"),
    re.compile(f"(?<=[{_CJK_CLASS}]\\()[ \t]+"),
    re.compile(f"(?<=[{_CJK_CLASS}][,:;])[ \t]+(?=[{_CJK_CLASS}])"),
    re.compile(f"[ \t]+(?=\\)[ \t]*[{_CJK_CLASS}])"),
    re.compile(f"(?<=[^\\d\\s]\\))[ \t]+(?=[{_CJK_CLASS}])"),  # not after a list number "1)"
)
_RUNS_OF_SPACE = re.compile(r"[ \t\u00a0]{2,}")
_LIST_MARKER = re.compile(r"^\s*[-•‧]\s+(?:・\s*)?")  # "- ・ …": a second bullet
#: ``[text](target)``; neither part may contain its own opening bracket, so a
#: line of unclosed ``[`` or ``](`` is scanned once, not once per bracket.
_LINK = re.compile(r"\[([^\[\]]*)\]\([^()]*\)")
_ESCAPED = re.compile(r"\\([\\`*_{}\[\]()#+\-.!|$])")
_PROTECTED = re.compile("[\ue000-\ue07f]")
_BOLD = re.compile(r"\*\*")
_MATH = re.compile(r"\$([^$\n]+)\$")
_IDEOGRAPH = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_LATIN_WORD = re.compile(r"[A-Za-z]+(?:['’][A-Za-z]+)?")


def is_cjk(char: str) -> bool:
    return bool(_CJK.match(char))


def remove_cjk_spacing(text: str) -> str:
    """Drop spaces a PDF put between Chinese characters or inside brackets.

    Chinese prose has no spaces between characters, so a space with a CJK
    character (or CJK punctuation) on both sides is an artifact.  Spaces
    between a number and a character ("抽 9 張牌") are kept: the books
    print them on purpose.
    """
    text = _SPACE_BETWEEN_CJK.sub("", text)
    text = _SPACE_AFTER_OPENING.sub("", text)
    text = _SPACE_AFTER_PUNCTUATION.sub("", text)
    text = _SPACE_BEFORE_CLOSING.sub("", text)
    for pattern in _ASCII_PUNCT_SPACING:
        text = pattern.sub("", text)
    return text


def join_fragments(fragments: list[str]) -> str:
    """Join the pieces of a sentence the source broke over several lines.

    A line break next to a Chinese character is no space (``「角色名稱`` +
    ``/角色名」``); between Latin words it is one.
    """
    pieces: list[str] = []
    for fragment in (f.strip() for f in fragments):
        if fragment and pieces and (is_cjk(pieces[-1][-1]) or is_cjk(fragment[0])):
            pieces[-1] += fragment
        elif fragment:
            pieces.append(fragment)
    joined = _RUNS_OF_SPACE.sub(" ", " ".join(pieces))
    return remove_cjk_spacing(joined)


def strip_list_marker(line: str) -> str:
    """``- 5.2.1. …`` → ``5.2.1. …`` (the PDF's bullets are not part of the rule)."""
    return _LIST_MARKER.sub("", line, count=1)


def protect_escapes(raw: str) -> str:
    """Hide escaped markdown (``\\*``) so that only real markup is matched."""
    return _ESCAPED.sub(lambda m: chr(0xE000 + ord(m.group(1))), raw)


def restore_escapes(text: str) -> str:
    """Undo :func:`protect_escapes`, leaving the escaped characters as plain text."""
    return _PROTECTED.sub(lambda m: chr(ord(m.group()) - 0xE000), text)


def strip_markdown(raw: str) -> str:
    """Web-page markup to plain text: links keep their visible text; bold and
    inline-math markers go; escaped characters stay as characters.

    >>> strip_markdown(r"**突袭：**见 [官网](http://x) \\(Eternal\\) $3$ 张")
    '突袭：见 官网 (Eternal) 3 张'
    """
    text = _MATH.sub(r"\1", _BOLD.sub("", _LINK.sub(r"\1", protect_escapes(raw))))
    return restore_escapes(text)


def ideographs(text: str) -> list[str]:
    """The Chinese characters of ``text``, for the coverage check."""
    return _IDEOGRAPH.findall(text)


def latin_words(text: str) -> list[str]:
    """The Latin words of ``text`` (lower-cased), for the coverage check."""
    return [w.lower() for w in _LATIN_WORD.findall(text)]
