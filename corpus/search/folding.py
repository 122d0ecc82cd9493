"""Script folding: one spelling for Traditional, Simplified, full-width and case.

People type whatever their keyboard gives them: 胜利 for a book that prints
勝利, ＢＰ for BP.  Index and query text both pass through :func:`fold`, so
they meet in one spelling (Simplified, half-width, lower case).

Folding never changes the length of the text: character *i* of the folded
text comes from character *i* of the original.  That is what lets a match
found in folded text be highlighted in the book's own script.

>>> fold("勝利條件 ＢＰ")
'胜利条件 bp'
>>> len(fold("你可以……")) == len("你可以……")
True
"""

from __future__ import annotations

import threading
import unicodedata
from functools import cache, lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import opencc

_local = threading.local()


class _WidthAndCase(dict[int, int]):
    """``str.translate`` table: NFKC width folding and lower case, one char each.

    A character whose normal form is longer than one character (``…`` →
    ``...``) is kept as it is, which keeps offsets one-to-one.
    """

    def __missing__(self, code: int) -> int:
        folded = unicodedata.normalize("NFKC", chr(code)).lower()
        value = ord(folded) if len(folded) == 1 else code
        self[code] = value
        return value


_WIDTH_AND_CASE = _WidthAndCase()


def _converter() -> opencc.OpenCC:
    """One OpenCC converter per thread (the binding makes no promise of sharing)."""
    converter: opencc.OpenCC | None = getattr(_local, "converter", None)
    if converter is None:
        import opencc

        converter = _local.converter = opencc.OpenCC("t2s.json")
    return converter


@cache
def _fold_char(char: str) -> str:
    folded: str = _converter().convert(char)
    return folded if len(folded) == 1 else char


def to_simplified(text: str) -> str:
    """Traditional → Simplified with OpenCC, character for character.

    OpenCC converts phrases, which can change the length; when it does, the
    text is converted one character at a time instead.
    """
    converted: str = _converter().convert(text)
    if len(converted) == len(text):
        return converted
    return "".join(_fold_char(char) for char in text)


def fold(text: str) -> str:
    """The search spelling of ``text``: half-width, lower case, Simplified."""
    if len(text) <= _SHORT:
        return _fold_short(text)
    return to_simplified(text.translate(_WIDTH_AND_CASE))


#: Query words and synonyms are short and recur: their folding is remembered.
_SHORT = 32


@lru_cache(maxsize=8192)
def _fold_short(text: str) -> str:
    return to_simplified(text.translate(_WIDTH_AND_CASE))
