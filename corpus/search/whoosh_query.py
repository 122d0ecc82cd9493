"""Translate a :class:`~corpus.search.backend.SearchQuery` into a :class:`Plan` of whoosh queries.

Each word or phrase the user typed becomes a group of scored matches
(weights from :class:`~corpus.search.ranking.Ranking`):

* its words in ``words`` (BM25F: title words were weighted at index time);
* its Chinese bigrams that cross word boundaries in ``grams`` (recall when
  segmentation differs), and the bigrams in sequence — the exact text —
  scored again as ``substring``;
* all its words near each other, in order (proximity);
* for a clause number, the clause itself (``pin``) and the clauses under it;
* for a query with a word the books do not use, a second pass: the
  distinctive words of the best clauses the first finds
  (:mod:`~corpus.search.feedback`).

Words found in more than ``ranking.common`` of all clauses are not scored on
their own (see :class:`QueryBuilder`).

Quoted phrases and ``AND`` parts must also *contain* their text; ``NOT``
parts must not.  Synonyms are scored like typed words, scaled down, and
only in the segments of the game whose synonym file lists them (the index
has one segment per rulebook version, so that scoping costs nothing).
:mod:`corpus.search.whoosh_search` runs the plan.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field
from itertools import pairwise

from whoosh import query as wq

from corpus.search.analysis import (
    DEFAULT_LANGUAGE,
    GLOSS_STEP,
    Analysis,
    bigrams,
    han_runs,
    normalize_number,
    title_key,
)
from corpus.search.backend import SearchQuery
from corpus.search.bilingual import Glosses
from corpus.search.cohesion import weights
from corpus.search.folding import fold
from corpus.search.query import Part
from corpus.search.ranking import Ranking

#: How many glosses of a Chinese word, translations and relatives of an English one a search tries:
#: each is a posting list to read, and the first are the likeliest senses.
PIVOT_STEMS, TRANSLATIONS, RELATED = 6, 16, 4
#: How many of an English word's translations the book uses most are weighed (see ``senses``).
SENSES = 8
#: Only a part with a digit or a slash can be a clause id (5.9.4, 101.p5, 用語集/…).
_ID_LIKE = re.compile(r"[0-9０-９/]")


@dataclass(frozen=True)
class Plan:
    """One search as whoosh queries.

    A document matches when some ``scored`` query (or a synonym of its game)
    matches it — or, when there is a ``required`` query, when that one does —
    and ``excluded`` does not.  Its score is the sum of the scores of the
    ``scored`` queries, then of its game's ``synonyms``, in order, then of the
    ``boosting`` queries if it matched one of those before (whoosh's
    ``AndMaybe``), then of the words of a second pass, which the best
    documents so far in its book decide (see :attr:`feedback`), plus that of
    ``required`` (``AndMaybe`` again); times its
    clause's factor (``Ranking.kinds``, ``Ranking.heading``); plus the
    ``pinned`` scores, which also make a document match.
    """

    scored: tuple[wq.Query, ...]
    #: common words: they add to a document that something else matched, and match nothing alone
    boosting: tuple[wq.Query, ...] = ()
    #: constant scores of the clause the query names by number or title (and the clauses under it),
    #: added after the clause's factor, so that a bare heading named by its number still comes first
    pinned: tuple[wq.Query, ...] = ()
    synonyms: Mapping[str, tuple[wq.Query, ...]] = field(default_factory=dict)
    required: wq.Query | None = None
    excluded: wq.Query | None = None
    #: the same search for the books whose Latin words are analysed in another language (French)
    languages: Mapping[str, Plan] = field(default_factory=dict)
    #: for a plan with a second pass, the query's own words, which it does not add (None: no second
    #: pass): the distinctive words of each book's best documents so far (:mod:`~corpus.search.feedback`)
    feedback: frozenset[str] | None = None


class Disambiguated(wq.WrappingQuery):  # type: ignore[misc]  # whoosh ships no type information
    """An English word against the glosses, its matches counted by the sense they are in.

    ``term`` is the word in the ``glosses`` field; ``senses`` are the Chinese
    words it translates with their factors, highest first.  A document's
    match counts times the highest factor of the translations it holds (1
    when it holds none of them: its match is through a word's pieces).  As
    whoosh queries (the ``child`` whoosh evaluates), the term boosted by each
    factor where the translation is and no higher one is, and the term alone
    where none is; :mod:`~corpus.search.whoosh_search` runs the same
    directly, from the postings it reads anyway.
    """

    def __init__(self, term: wq.Term, senses: tuple[tuple[str, float], ...]):
        self.term, self.senses = term, senses
        branches: list[wq.Query] = []
        higher: list[wq.Query] = []  # the words of the factors above the one at hand
        for factor in sorted({factor for _word, factor in senses}, reverse=True):
            words = [wq.Term("words", word) for word, f in senses if f == factor]
            weighed = term.with_boost(term.boost * factor)
            # excluded before required: whoosh lets through documents it should not exclude from a
            # ``Require`` (its skipping past the excluded ones loses the required side's place)
            branches.append(
                wq.Require(wq.AndNot(weighed, wq.Or(higher)) if higher else weighed, wq.Or(words))
            )
            higher = [*higher, *words]
        super().__init__(wq.Or([*branches, wq.AndNot(term, wq.Or(higher))]))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Disambiguated) and (self.term, self.senses) == (other.term, other.senses)

    def __hash__(self) -> int:
        return hash((self.term, self.senses))

    def __repr__(self) -> str:
        return f"Disambiguated({self.term!r}, {self.senses!r})"


class QueryBuilder:
    """Builds the :class:`Plan` for one search.

    ``share(field, term)`` gives the fraction of documents containing a term;
    terms above ``ranking.common`` (的, 卡牌 …) only cost time — like Lucene's
    common-terms query they are left out of the scored words, unless a part
    would be left with nothing.
    """

    def __init__(
        self,
        analysis: Analysis,
        ranking: Ranking,
        share: Callable[[str, str], float],
        glosses: Callable[[], Glosses] | None = None,
        language: str = DEFAULT_LANGUAGE,
        sections: Callable[[str, str], Collection[object]] | None = None,
    ):
        self.analysis = analysis
        self.language = language  # how the query's Latin words are analysed (see ``word_language``)
        self.ranking = ranking
        self._share = share
        self._shares: dict[tuple[str, str], float] = {}
        self._sections = sections  # where in the searched books a word occurs (see ``cohesion``)
        self.glosses = glosses  # the index's table of dictionary glosses, read when first needed
        self._boosting: list[wq.Query] = []  # per build: the common words left to boost
        self._widen = True  # per build: whether to search words the user did not type
        self._typed: set[str] = set()  # per build: the words of the query's positive parts
        self._english: list[str] = []  # per build: the English stems searched (typed or glossed)
        self._characters: list[str] = []  # per build: the characters searched on their own
        #: per build: each English word's translations in the book, with their factors (see ``senses``)
        self._senses: dict[str, tuple[tuple[str, float], ...]] = {}

    def widened(self) -> tuple[str, ...]:
        """What the last plan searched beyond the typed words, as words a snippet can show: the
        characters searched on their own, the English stems searched (as such in English books),
        and the dictionary words those stems gloss, which is how a Chinese clause met them."""
        shown = dict.fromkeys(self._characters)
        if not self._english or self.glosses is None:
            return tuple(shown)
        glosses = self.glosses()
        shown.update(dict.fromkeys(self._english))
        for stem in self._english:
            shown.update(dict.fromkeys(glosses.glossing(stem)))
        return tuple(shown)

    def share(self, fieldname: str, term: str) -> float:
        """The share of the searched documents holding ``term`` (asked of the index once per build)."""
        found = self._shares.get((fieldname, term))
        if found is None:
            found = self._shares[(fieldname, term)] = self._share(fieldname, term)
        return found

    def _rare(self, fieldname: str, terms: list[str], boost: float = 1.0) -> list[str]:
        """The uncommon ``terms``; the common ones (if any are left) only add to what those match."""
        rare = [t for t in terms if self.share(fieldname, t) <= self.ranking.common]
        if not rare:
            return terms
        self._boosting += [wq.Term(fieldname, t, boost=boost) for t in terms if t not in rare]
        return rare

    def build(self, query: SearchQuery) -> Plan:
        self._boosting, self._english, self._characters = [], [], []
        parts = query.parsed.parts
        positive = query.parsed.positive
        self._typed = {
            w for part in positive for w in self.analysis.query_words(fold(part.text), self.language)
        }
        self._senses = self.senses([part.text for part in positive if not part.phrase])
        # a query with operators or quotes asks for exactly what it says: no words it did not type
        self._widen = not any(p.phrase or p.required or p.excluded for p in parts)
        scored: list[wq.Query] = []
        for part in positive:
            scored += self.scored(part.text)
        typed = [p.text for p in positive if not p.phrase]
        if len(typed) > 1:  # an id with spaces in it (bs headings: 以 40 張以上的卡牌構築)
            typed.append(" ".join(typed))
        pinned = [pin for text in self.clause_numbers(typed) for pin in self.pins(text)]
        pinned += self.titled(" ".join(p.text for p in positive))
        scored += self.proximity([part.text for part in positive])
        scored += self.glossed_in_order([part.text for part in positive if not part.phrase])
        required = [self.contains(p) for p in positive if p.phrase or p.required]
        excluded = [self.contains(p) for p in parts if p.excluded]
        return Plan(
            scored=tuple(scored),
            boosting=tuple(dict.fromkeys(self._boosting)),
            pinned=tuple(pinned),
            synonyms=self.synonyms(query.synonyms),
            # whoosh scores a constant 0.0 as 1.0 (ListMatcher takes a falsy weight
            # for none): kept as it is, since the ranking was tuned with it
            required=wq.ConstantScoreQuery(wq.And(required), 0.0) if required else None,
            excluded=wq.Or(excluded) if excluded else None,
            feedback=frozenset(self._typed) if self._widen and self.unfamiliar() else None,
        )

    def unfamiliar(self) -> bool:
        """Whether the query has a word the searched books do not use: it is in the asker's own
        words, which a second pass may bridge (:mod:`~corpus.search.feedback`)."""
        return bool(self.ranking.feedback) and any(
            not self.share("words", w) and not self.share("glosses", w) for w in self._typed
        )

    def scored(self, text: str) -> list[wq.Query]:
        """Words, bigrams across word boundaries, and the exact Chinese text of one part."""
        folded = fold(text)
        words = list(dict.fromkeys(self.analysis.query_words(folded, self.language)))
        runs = han_runs(folded)
        glue = self.glue(words)
        # a single character of a longer Chinese run is scored through its bigrams
        scoring = [w for w in words if len(w) > 1 or not any(w in run and len(run) > 1 for run in runs)]
        found: list[wq.Query] = [wq.Term("words", w) for w in self._rare("words", scoring)]
        for run in runs:
            if len(run) < 2:
                continue
            grams = bigrams(run)
            # words score the rest
            spanning = [g for g in dict.fromkeys(grams) if g not in words and not any(c in glue for c in g)]
            if spanning:
                found += [
                    wq.Term("grams", g, boost=self.ranking.grams)
                    for g in self._rare("grams", spanning, self.ranking.grams)
                ]
            if len(grams) > 1:
                found += self._phrase("grams", grams, 1, self.ranking.substring)
        found += self.glossed(words)
        if self._widen:
            found += self.pivoted(words) + self.characters(words)
        return found

    def glue(self, words: list[str]) -> set[str]:
        """The query's one-character words common in the book (的, 放): a bigram across words half
        made of one (的机, 放的) is noise, so none is searched."""
        return {
            w for w in words if len(w) == 1 and han_runs(w) and self.share("grams", w) > self.ranking.common
        }

    @staticmethod
    def clause_numbers(typed: list[str]) -> list[str]:
        """The typed parts that may be clause numbers: any with a digit or a slash, except a bare
        number beside other words, which is a count (最多 4 张), not clause 4."""
        return [t for t in typed if _ID_LIKE.search(t) and (len(typed) == 1 or not t.isdigit())]

    def glossed(self, words: list[str]) -> list[wq.Query]:
        """The English words of a part against the Chinese words' glosses (in order: against
        the glosses of neighbouring words, "win condition" against 胜利条件)."""
        latin = [w for w in words if not han_runs(w) and not w[0].isdigit()]
        english = self._rare("glosses", latin, self.ranking.gloss)
        if not english or not self.ranking.gloss:
            return []
        self._english += english
        found: list[wq.Query] = [
            Disambiguated(wq.Term("glosses", w, boost=self.ranking.gloss), self._senses[w])
            if w in self._senses
            else wq.Term("glosses", w, boost=self.ranking.gloss)
            for w in english
        ]
        if self.ranking.translation and self.glosses is not None:
            found += self.translated(english)
        if self.ranking.related and self.glosses is not None and self._widen:
            glosses = self.glosses()
            for word in english:
                for stem, share in glosses.related(word)[:RELATED]:
                    if stem not in english and 0 < self.share("glosses", stem) <= self.ranking.common:
                        self._english.append(stem)
                        found.append(
                            wq.Term("glosses", stem, boost=self.ranking.gloss * self.ranking.related * share)
                        )
        return found

    def translated(self, english: list[str]) -> list[wq.Query]:
        """English words put into the Chinese the book uses: the dictionary's words whose first
        senses they are (win: 赢得, 获胜, 胜), looked for as words (a character: as a character),
        weighted down by how far down the word's senses the English one comes."""
        assert self.glosses is not None
        glosses = self.glosses()
        found: list[wq.Query] = []
        for stem in english:
            for word, rank in glosses.translations(stem)[:TRANSLATIONS]:
                field = "words" if len(word) > 1 else "grams"
                if 0 < self.share(field, word) <= self.ranking.common:
                    found.append(wq.Term(field, word, boost=self.ranking.translation / (1 + rank)))
        return found

    def senses(self, texts: list[str]) -> dict[str, tuple[tuple[str, float], ...]]:
        """For the query's English words, when there are two or more: each word's translations the
        book uses (the words it glosses), each with the factor its matches count by — 1 for the
        translation that occurs most in the same sections as the other words' translations, less
        for the rest (:mod:`~corpus.search.cohesion`, scaled by :attr:`Ranking.cohesion`).  Only
        the words with a translation weighed down are given."""
        if not self.ranking.cohesion or self.glosses is None or self._sections is None:
            return {}
        english = dict.fromkeys(
            w
            for t in texts
            for w in self.analysis.query_words(fold(t), DEFAULT_LANGUAGE)
            if not han_runs(w) and not w[0].isdigit() and self.share("glosses", w)
        )
        if len(english) < 2:
            return {}
        glosses, sections = self.glosses(), self._sections
        translations = {}
        for stem in english:  # the translations the book uses most, and the sections they are in
            used = [word for word in glosses.glossing(stem) if han_runs(word) and self.share("words", word)]
            used = sorted(used, key=lambda word: -self.share("words", word))[:SENSES]
            translations[stem] = {word: sections("words", word) for word in used}
        found = {}
        for stem, weighed in weights(translations, self.ranking.cohesion_prior).items():
            factors = {word: 1 - self.ranking.cohesion * (1 - weight) for word, weight in weighed.items()}
            if any(factor < 1 for factor in factors.values()):
                found[stem] = tuple(sorted(factors.items(), key=lambda item: (-item[1], item[0])))
        return found

    def pivoted(self, words: list[str]) -> list[wq.Query]:
        """The book's words that mean what the query's Chinese words mean: the query word's
        dictionary glosses against the glosses of the book's words (输 "lose" ~ 败北 "suffer defeat"),
        scaled down to :attr:`Ranking.pivot` (a gloss is a hint, the word itself is evidence)."""
        if not self.ranking.pivot or self.glosses is None:
            return []
        glosses = self.glosses()
        found: list[wq.Query] = []
        for word in words:
            if han_runs(word) and self.share("words", word) <= self.ranking.common:
                for stem, weight, _piece in glosses.of(word)[:PIVOT_STEMS]:
                    self._english.append(stem)
                    boost = self.ranking.pivot * weight
                    # the book's glosses, and an English book's own words (勝利 "victory" meets victory)
                    found += [
                        wq.Term(field, stem, boost=boost)
                        for field in ("glosses", "words")
                        if 0 < self.share(field, stem) <= self.ranking.common
                    ]
        return found

    def characters(self, words: list[str]) -> list[wq.Query]:
        """The last resort of a query in other words than the book's: its single-character words,
        and the characters of words the book has neither as a word nor as a bigram (抽光 → 抽, 光)."""
        if not self.ranking.characters:
            return []
        chars: list[str] = []
        for word in words:
            if not han_runs(word):
                continue
            if len(word) == 1:
                chars.append(word)
            elif not self.share("words", word) and not any(self.share("grams", g) for g in bigrams(word)):
                chars += list(word)
        rare = [c for c in dict.fromkeys(chars) if 0 < self.share("grams", c) <= self.ranking.common]
        self._characters += rare
        return [wq.Term("grams", c, boost=self.ranking.characters) for c in rare]

    def glossed_in_order(self, texts: list[str]) -> list[wq.Query]:
        """The query's English words, across its parts, against the glosses of neighbouring Chinese
        words in the same order: "win condition" against 胜利条件, "hand limit" against 手牌…上限."""
        if not self.ranking.gloss:
            return []
        english = [
            w
            for t in texts
            for w in self.analysis.query_words(fold(t), DEFAULT_LANGUAGE)  # the glosses are English stems
            if not han_runs(w) and not w[0].isdigit() and self.share("glosses", w)
        ]
        if len(english) < 2:
            return []
        slop = GLOSS_STEP * self.ranking.proximity_slop  # a word's glosses take GLOSS_STEP positions
        return self._phrase("glosses", english, slop, self.ranking.gloss)

    def proximity(self, texts: list[str]) -> list[wq.Query]:
        """The query's (uncommon) words near each other, in order."""
        if not self.ranking.proximity:
            return []
        words = self._rare(
            "words", [w for t in texts for w in self.analysis.query_words(fold(t), self.language)]
        )
        if len(words) < 2:
            return []
        return self._phrase("words", words, self.ranking.proximity_slop, self.ranking.proximity)

    def synonyms(self, by_game: Mapping[str, tuple[str, ...]]) -> dict[str, tuple[wq.Query, ...]]:
        """Each game's synonyms: their words and exact text, scaled down."""
        scoped = {
            game: tuple(q for term in terms for q in self.synonym(term)) for game, terms in by_game.items()
        }
        return {game: queries for game, queries in scoped.items() if queries}

    def synonym(self, term: str) -> list[wq.Query]:
        """One synonym's matches: its indexed word, or else its text as written."""
        found: list[wq.Query] = []
        boost = self.ranking.synonym
        folded = fold(term)
        runs = han_runs(folded)
        if runs:  # Chinese: the indexed word when there is one, else the exact text
            for run in runs:
                indexed = self.share("words", run) > 0
                found += [wq.Term("words", run, boost=boost)] if indexed else self._exact(run, boost)
        else:  # English: the words, in order
            found += self._phrase("words", self.analysis.query_words(folded, self.language), 1, boost)
        return found

    def _exact(self, run: str, boost: float) -> list[wq.Query]:
        """A Chinese run as written: its bigrams in sequence (a single character: the word)."""
        if len(run) < 2:
            return [wq.Term("words", run, boost=boost)]
        return self._phrase("grams", bigrams(run), 1, boost)

    def _phrase(self, fieldname: str, terms: list[str], slop: int, boost: float) -> list[wq.Query]:
        """``terms`` in order, within ``slop``; nothing when a term occurs nowhere
        (a phrase that cannot match still costs a lookup in every segment)."""
        if not terms or not all(self.share(fieldname, t) for t in terms):
            return []
        if len(terms) == 1:
            return [wq.Term(fieldname, terms[0], boost=boost)]
        return [wq.Phrase(fieldname, terms, slop=slop, boost=boost)]

    def pins(self, text: str) -> list[wq.Query]:
        """The clause whose id is ``text`` first, the clauses under it next."""
        number = normalize_number(text)
        return [
            wq.ConstantScoreQuery(wq.Term("ids", number), self.ranking.pin),
            wq.ConstantScoreQuery(wq.Term("lineage", number), self.ranking.pin_descendants),
        ]

    def titled(self, text: str) -> list[wq.Query]:
        """The clauses titled exactly what was typed (勝負條件 is zd 101's title) and the clause that
        defines it (《阻擋者》是指…), above the rest."""
        title = title_key(text)
        if not title:
            return []
        return [
            wq.ConstantScoreQuery(wq.Term(field, title), self.ranking.titled)
            for field in ("titled", "defines")
        ]

    def contains(self, part: Part) -> wq.Query:
        """Documents whose title or text contain the part (as written, for a phrase)."""
        folded = fold(part.text)
        conditions: list[list[wq.Query]] = []
        for run in han_runs(folded):
            if len(run) < 2:
                conditions.append([wq.Or([wq.Term("words", run), wq.Prefix("grams", run)])])
            else:
                conditions.append(self._exact(run, 1.0))
        latin = [
            (w, pos)
            for w, pos, _start, _end in self.analysis.words(folded, False, self.language)
            if not han_runs(w)
        ]
        if part.phrase and len(latin) > 1:
            # a dropped stop word ("draw a card") leaves a gap the phrase must allow
            slop = max(b[1] - a[1] for a, b in pairwise(latin))
            conditions.append(self._phrase("words", [w for w, _ in latin], slop, 1.0))
        else:
            conditions += [[wq.Term("words", w)] for w, _ in latin]
        if not conditions or not all(conditions):  # empty, or text that occurs nowhere
            return wq.NullQuery
        return wq.And([q for condition in conditions for q in condition])
