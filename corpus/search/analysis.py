"""The analysis chain: folded text → the tokens that are indexed and searched.

Two token streams come out of one folded text (see :mod:`corpus.search.folding`):

* **words** — Chinese runs segmented by jieba (rjieba) with a dictionary of
  the corpus's own terms, so 战斗区 or 先制攻击 stay whole; at index time the
  dictionary words inside a long word are added at the same position
  (search mode), so 战斗 still finds 战斗区.  Latin words (all of dbscg, and
  BP / TYPE / SINGLE inside Chinese text) get an English analysis: lower
  case, stop words dropped, Porter stems; those of a French book a French
  one (:mod:`corpus.search.french`), chosen by the book's language when it
  is indexed and by the searched books' when a query is.  Clause numbers (``5.9.4``,
  ``8-5-2``, ``1.0.2a``) stay one token, with ``-`` folded to ``.``.
* **grams** — the characters and character bigrams of every Chinese run,
  positioned by character: bigrams for recall when segmentation disagrees
  and for exact substring (phrase) matching, characters for the last resort
  of a query whose words the book never uses (输 meets 输掉, 赢 meets 赢得).
* **glosses** — the English stems of each Chinese word (CC-CEDICT, see
  :mod:`corpus.search.bilingual`) at that word's position, each with a
  weight: how English queries, and Chinese ones in other words than the
  book's, meet the book's text.

A token is ``(text, position, start, end)``; ``start``/``end`` are offsets in
the folded text, which are offsets in the original text too (folding keeps
lengths).

>>> a = Analysis(Segmenter(["先制攻击"]))
>>> [t[0] for t in a.words(fold("在戰鬥區的《先制攻擊》，參閱 8-5-2"), index=False)]
['在', '战斗区', '的', '先制攻击', '参阅', '8.5.2']
>>> [t[0] for t in a.words(fold("The Players draw cards"), index=False)]
['player', 'draw', 'card']
>>> [t[0] for t in a.grams(fold("勝利條件"))]
['胜', '胜利', '利', '利条', '条', '条件', '件']
"""

from __future__ import annotations

import importlib.util
import re
import sys
import threading
from collections.abc import Callable, Iterable, Mapping
from functools import lru_cache
from importlib.machinery import EXTENSION_SUFFIXES, ExtensionFileLoader, ModuleSpec
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from whoosh.lang.porter import stem

from corpus.search.folding import fold
from corpus.search.french import french_term

if TYPE_CHECKING:
    from corpus.search.bilingual import Glosses
    from corpus.search.dictionary import DictionaryTable

Token = tuple[str, int, int, int]  # text, position, start, end
#: Positions of the glosses stream per word (see :meth:`Analysis.gloss_tokens`).
GLOSS_STEP = 4

HAN_CLASS = "\u3040-\u30fa\u30fc-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0002ffff"
#: A clause number as printed in running text: 5.9.4.1, 8-5-2-3-1, 1.0.2a.
NUMBER_PATTERN = r"\d+(?:[.\-]\d+)+[a-z]?(?![a-z0-9])"
#: The lower-case letters of Latin words, French accented ones and ligatures included.
LETTERS = "a-z\u00df-\u00f6\u00f8-\u00ff\u0153"
#: A Latin word, with what an apostrophe joins to it (players', l’adversaire).
LATIN_WORD = rf"[0-9{LETTERS}]+(?:['’][{LETTERS}]+)?"
_PIECES = re.compile(rf"(?P<han>[{HAN_CLASS}]+)|(?P<number>{NUMBER_PATTERN})|(?P<word>{LATIN_WORD})")
_HAN_RUN = re.compile(f"[{HAN_CLASS}]+")


#: Articles, prepositions and conjunctions only: rule text leans on "not",
#: "may", "can", "if" and "when", so those are kept.
ENGLISH_STOP_WORDS = frozenset(
    "a an and are as at be by for from in is it its of on or that the this to with".split()
)


@lru_cache(maxsize=65536)
def english_term(word: str) -> str | None:
    """The indexed form of a lower-case Latin word: its Porter stem, or None for a stop word."""
    if word in ENGLISH_STOP_WORDS:
        return None
    word = word.replace("’", "'")
    if word.endswith("'s"):
        word = word[:-2]
    return stem(word) if word.isalpha() else word


#: The analysis of the Latin words of a book in each language; any other language's are
#: analysed as English (dbscg, and BP / TYPE inside Chinese text).
LATIN_TERMS: dict[str, Callable[[str], str | None]] = {"en": english_term, "fr": french_term}
DEFAULT_LANGUAGE = "en"


def word_language(tag: str) -> str:
    """Which analysis the Latin words of a book in language ``tag`` get.

    >>> word_language("fr"), word_language("fr-CA"), word_language("zh-Hant"), word_language("en")
    ('fr', 'fr', 'en', 'en')
    """
    primary = tag.split("-")[0]
    return primary if primary in LATIN_TERMS else DEFAULT_LANGUAGE


_NOT_A_LETTER = re.compile(r"[\W_]+")


def title_key(title: str) -> str:
    """A title as the ``titled`` field holds it: folded, only its letters and digits (《先制攻擊》 is 先制攻击).

    >>> title_key("《先制攻擊》"), title_key("BP (Battle Point)")
    ('先制攻击', 'bpbattlepoint')
    """
    return _NOT_A_LETTER.sub("", fold(title))


def normalize_number(number: str) -> str:
    """The searchable spelling of a clause number: ``8-5-2`` and ``8.5.2`` are one."""
    return fold(number).strip().rstrip(".").replace("-", ".")


class Segmenter:
    """jieba (rjieba) with the corpus's own terms added to its dictionary.

    The word list is part of the index (see :mod:`corpus.search.userdict`):
    a query must be cut with the same dictionary the index was built with.
    jieba gives an added word the frequency that keeps it whole
    (``suggest_freq``: a cut of the word per word, most of the set-up time);
    ``frequencies`` are the ones a segmenter of the same words gave before
    (:attr:`frequencies`, kept in the index), added as they are: the same
    dictionary, word for word and in total, so the same cuts.  Given
    ``table`` (jieba's dictionary on disk, see :mod:`corpus.search.dictionary`)
    as well, it looks up only the words of the text it cuts, and never reads
    the whole dictionary: what a query needs.
    """

    def __init__(
        self,
        words: Iterable[str] = (),
        frequencies: Mapping[str, int] | None = None,
        table: DictionaryTable | None = None,
    ):
        self.words = tuple(sorted(set(words)))
        self._given = dict(frequencies or {})
        self._table = table if table is not None and set(self.words) <= set(self._given) else None
        self._lock = threading.Lock()
        self._loaded: tuple[_Cutter, dict[str, int]] | None = None

    @property
    def frequencies(self) -> dict[str, int]:
        """The frequency of each word in this segmenter's dictionary, for a :class:`Segmenter` to take again."""
        return self._dictionary()[1]

    def cut(self, run: str, index: bool) -> list[tuple[str, int, int]]:
        """``(word, start, end)`` for a Chinese run; search mode adds the words inside words."""
        return self._dictionary()[0].cut(run, "search" if index else "default")

    def _dictionary(self) -> tuple[_Cutter, dict[str, int]]:
        """jieba and the words' frequencies, set up on the first cut: a query without Chinese
        needs neither."""
        with self._lock:
            if self._loaded is None:
                if self._table is not None:
                    from corpus.search.dictionary import LookupSegmenter

                    frequencies = {word: self._given[word] for word in self.words}
                    self._loaded = (LookupSegmenter(self._table, frequencies), frequencies)
                else:
                    jieba = new_jieba()
                    given = self._given
                    added = {word: jieba.add_word(word, given.get(word), None) for word in self.words}
                    self._loaded = (_Whole(jieba), added)
            return self._loaded


class _Jieba(Protocol):
    """What Arbiter uses of an ``rjieba.Jieba``."""

    def add_word(self, word: str, freq: int | None, tag: str | None) -> int: ...

    def tokenize(self, sentence: str, mode: str) -> list[tuple[str, int, int]]: ...


class _Cutter(Protocol):
    def cut(self, run: str, mode: str) -> list[tuple[str, int, int]]: ...


class _Whole:
    """jieba with its whole dictionary in memory."""

    def __init__(self, jieba: _Jieba):
        self._jieba = jieba

    def cut(self, run: str, mode: str) -> list[tuple[str, int, int]]:
        return self._jieba.tokenize(run, mode)


def new_jieba(empty: bool = False) -> _Jieba:
    """A jieba with its own dictionary (``empty``: with none).

    ``import rjieba`` builds a jieba for the package's module-level functions, which Arbiter
    never calls, before it returns (as long again as this one: the dictionary is read and a
    trie built, a tenth of a second); so the extension module is loaded on its own, once, and
    registered where the package's own import finds it.
    """
    module = sys.modules.get("rjieba.rjieba")
    if module is None:
        path = _extension_path()
        if path is None:  # laid out otherwise: the package's import is slower, not wrong
            import rjieba

            module = rjieba
        else:
            loader = ExtensionFileLoader("rjieba.rjieba", str(path))
            module = importlib.util.module_from_spec(ModuleSpec("rjieba.rjieba", loader, origin=str(path)))
            loader.exec_module(module)
            sys.modules["rjieba.rjieba"] = module
    jieba: _Jieba = module.Jieba.empty() if empty else module.Jieba()
    return jieba


def _extension_path() -> Path | None:
    """Where rjieba's extension module is, without importing the package."""
    package = importlib.util.find_spec("rjieba")
    if package is None or not package.submodule_search_locations:
        return None
    folder = Path(package.submodule_search_locations[0])
    return next(
        (path for suffix in EXTENSION_SUFFIXES if (path := folder / f"rjieba{suffix}").exists()), None
    )


class Analysis:
    """The token streams, for the index and for queries, over folded text.

    ``glosses`` is needed only to index (queries are glossed by the stems the
    user typed, or by :meth:`gloss_words`).
    """

    def __init__(self, segmenter: Segmenter, glosses: Glosses | None = None):
        self.segmenter = segmenter
        self.glosses = glosses

    def words(self, folded: str, index: bool = True, language: str = DEFAULT_LANGUAGE) -> list[Token]:
        """The words stream of ``folded`` (already passed through :func:`fold`), its Latin words
        analysed as ``language``'s (see :func:`word_language`)."""
        latin_term = LATIN_TERMS[language]
        tokens: list[Token] = []
        position = -1
        for piece in _PIECES.finditer(folded):
            kind = piece.lastgroup
            start = piece.start()
            if kind == "han":
                position = self._han_words(piece.group(), start, position, index, tokens)
                continue
            position += 1
            if kind == "number":
                tokens.append((piece.group().replace("-", "."), position, start, piece.end()))
            else:
                term = latin_term(piece.group())
                if term is not None:
                    tokens.append((term, position, start, piece.end()))
        return tokens

    def _han_words(self, run: str, offset: int, position: int, index: bool, out: list[Token]) -> int:
        """Append the words of one Chinese run; sub-words share their word's position, and so does
        the value of a number written in Chinese (六张 → 6, 歸零 → 0), so it meets the digits."""
        cuts = sorted(self.segmenter.cut(run, index), key=lambda cut: (cut[1], -cut[2]))
        numbers = chinese_numbers(run)
        word_end = 0
        for word, start, end in cuts:
            if start >= word_end:
                position += 1
                word_end = end
            out.append((word, position, offset + start, offset + end))
            while numbers and numbers[0][1] < end:
                value, number_start, number_end = numbers.pop(0)
                out.append((value, position, offset + number_start, offset + number_end))
        return position

    @staticmethod
    def grams(folded: str) -> list[Token]:
        """Each character and character bigram of every Chinese run, positioned by character."""
        return [
            (run.group()[i : i + size], run.start() + i, run.start() + i, run.start() + i + size)
            for run in _HAN_RUN.finditer(folded)
            for i in range(len(run.group()))
            for size in (1, 2)
            if i + size <= len(run.group())
        ]

    def gloss_tokens(self, folded: str) -> list[tuple[str, int, int, int, float]]:
        """The glosses stream: ``(stem, position, start, end, weight)`` for each Chinese word.

        Word *n* has positions ``GLOSS_STEP * n`` onwards, one per piece it is glossed by
        (生命区: life at the first, area at the next), so English words in order meet the
        pieces of one word in order as they meet consecutive words.
        """
        if self.glosses is None:
            raise RuntimeError("this analysis has no dictionary: it cannot index glosses")
        tokens = [
            (stem, GLOSS_STEP * position + min(piece, GLOSS_STEP - 1), start, end, weight)
            for word, position, start, end in self.words(folded)
            if han_runs(word)
            for stem, weight, piece in self.glosses.of(word)
        ]
        # in position order (a word's later piece comes before its sub-word's first): whoosh keeps
        # a term's positions as they come, and its phrase matching expects them sorted
        return sorted(tokens, key=lambda token: token[1])

    def query_words(self, folded: str, language: str = DEFAULT_LANGUAGE) -> list[str]:
        """The words of a query, in order (jieba's default cut: no sub-words)."""
        return [token[0] for token in self.words(folded, index=False, language=language)]


#: Question words and particles: they carry no rule content, and their
#: bigrams (攻怎, 么决) only add noise.  Matched on folded text, longest first.
QUESTION_WORDS = (
    "可不可以 是不是 能不能 会不会 要不要 为什么 怎么样 怎么办 什么 怎么 怎样 如何 多少 哪些 哪个 "
    "是否 可以 请问 一下 的话 吗 呢 吧 啊 么 谁 哪"
).split()
_QUESTION = re.compile("|".join(map(re.escape, sorted(QUESTION_WORDS, key=len, reverse=True))))


def strip_question_words(text: str) -> str:
    """``text`` with its question words blanked out, in its own script.

    >>> strip_question_words("誰先攻怎麼決定")
    ' 先攻  決定'
    """
    folded = fold(text)
    chars = list(text)
    for match in _QUESTION.finditer(folded):
        chars[match.start() : match.end()] = " " * (match.end() - match.start())
    return "".join(chars)


#: A number written in Chinese: before a measure word (三张, 十二次, 两个), or 零 anywhere; a bare
#: 一 is not one (一张卡, 同一张, 第一个: "a card", "the same", "the first").
_CHINESE_NUMBER = re.compile("[一二两三四五六七八九十百]+(?=[张次个处场点名位枚轮局回只体种色件])|零")
_DIGITS = dict(zip("零一二两三四五六七八九", (0, 1, 2, 2, 3, 4, 5, 6, 7, 8, 9), strict=True))


def chinese_numbers(run: str) -> list[tuple[str, int, int]]:
    """The numbers written in Chinese in ``run`` (folded), as ``(digits, start, end)``.

    >>> chinese_numbers("手牌超过六张")
    [('6', 4, 5)]
    >>> [n[0] for n in chinese_numbers("十张 十二次 二十一点 一百个 两处 歸零 抽一张")]
    ['10', '12', '21', '100', '2', '0']
    """
    found = []
    for match in _CHINESE_NUMBER.finditer(run):
        value = chinese_number_value(match.group())
        if value is not None and match.group() != "一":
            found.append((str(value), match.start(), match.end()))
    return found


def chinese_number_value(text: str) -> int | None:
    """一 → 1, 十二 → 12, 二十一 → 21, 一百 → 100; None for what is not one number (一一)."""
    total, digit = 0, None
    for character in text:
        if character in _DIGITS:
            if digit is not None:
                return None
            digit = _DIGITS[character]
        else:
            unit = 10 if character == "十" else 100
            total += (1 if digit is None else digit) * unit
            digit = None
    return total + (digit or 0)


def han_runs(folded: str) -> list[str]:
    """The runs of Chinese (and kana) characters in ``folded``."""
    return _HAN_RUN.findall(folded)


def bigrams(run: str) -> list[str]:
    """``胜利条件`` → 胜利, 利条, 条件 (a single character stays itself)."""
    if len(run) < 2:
        return [run]
    return [run[i : i + 2] for i in range(len(run) - 1)]
