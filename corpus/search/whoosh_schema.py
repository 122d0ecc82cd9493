"""The whoosh index layout: fields, and analyzers that run Arbiter's analysis.

Fields
  ``key`` (unique ``game@version:id``), ``book`` (``game@version``),
  ``game``, ``version``, ``kind`` — exact filters (which version of a game
  is the newest is kept in the index manifest, not in the documents);
  ``titled`` — the clause's title as :func:`~corpus.search.analysis.title_key`
  spells it (and its parts, for a title with a bracketed gloss), for the
  query that is a title; ``defines`` — the term whose definition the clause
  is (:mod:`~corpus.search.definitions`; only the book's first clause defining
  it, see ``whoosh_writing``), for the query that is that term;
  ``heading`` — ``1`` for a clause that is only a title (a heading without
  text of its own), a column read for ranking (see ``Ranking.heading``);
  ``section`` — the clause's parent's normalised id (its own for a clause
  at the top), a column: which translations of a query's English words occur
  in the same sections (:mod:`~corpus.search.cohesion`);
  ``ids`` / ``lineage`` — the clause's own normalised ids and its ancestors',
  for clause-number jumps;
  ``words`` — the *words* stream of title, heading path (ancestor titles)
  and text, weighted per section (BM25F), its Latin words analysed in the
  book's language (``language``, stored: which analysis a query's words
  need in the book's segment); with each document's words and their
  weights kept as a term vector, which a second pass reads
  (:mod:`~corpus.search.feedback`);
  ``grams`` — the *bigrams* stream of title and text;
  ``glosses`` — the *glosses* stream (English stems of the Chinese words) of
  title, heading path and text, weighted like ``words``.

Stored: ``key``, ``game``, ``version``, ``language``, ``id``, ``kind``, ``title``, ``body``
(in the book's own script, for results and snippets).

The analyzers carry the :class:`~corpus.search.analysis.Analysis` (with its
jieba dictionary) only while indexing: whoosh pickles the schema into the
index, and the dictionary is kept beside it instead.  Queries are analysed
by :mod:`corpus.search.whoosh_query`, not through these objects.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from whoosh.analysis import Token, Tokenizer
from whoosh.fields import ID, KEYWORD, STORED, TEXT, Schema
from whoosh.formats import Frequency

from corpus.search.analysis import DEFAULT_LANGUAGE, Analysis, word_language
from corpus.search.definitions import defined_terms, title_keys
from corpus.search.documents import IndexDocument
from corpus.search.folding import fold
from corpus.search.ranking import DEFAULT_RANKING, Ranking

#: Separates the title, heading path and text inside the ``words`` field's value.
SECTION = "\x1e"
#: Position gap between those sections, so a phrase never spans two of them.
_GAP = 1000
#: Opens the ``words`` value of a book whose Latin words are not English: ``LANGUAGE fr LANGUAGE title…``
#: (whoosh gives an analyzer the value alone).
LANGUAGE = "\x1d"


class StreamAnalyzer(Tokenizer):  # type: ignore[misc]  # whoosh ships no type information
    """Feeds one of :class:`Analysis`'s token streams (``words`` or ``grams``) to whoosh.

    The ``words`` value is ``title SECTION path SECTION text``; each section's
    tokens carry that section's weight (``boosts``), which whoosh adds up
    into the term's weight: title and heading-path matches count more in
    BM25 before saturation (BM25F).
    """

    def __init__(self, stream: str, analysis: Analysis | None = None, boosts: tuple[float, ...] = (1.0,)):
        self.stream = stream
        self.analysis = analysis
        self.boosts = boosts

    def __getstate__(self) -> dict[str, Any]:
        return {"stream": self.stream, "analysis": None, "boosts": self.boosts}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, StreamAnalyzer) and (other.stream, other.boosts) == (
            self.stream,
            self.boosts,
        )

    def __call__(
        self,
        value: str,
        positions: bool = False,
        chars: bool = False,
        keeporiginal: bool = False,
        removestops: bool = True,
        start_pos: int = 0,
        start_char: int = 0,
        tokenize: bool = True,
        mode: str = "",
        **kwargs: Any,
    ) -> Iterator[Token]:
        if self.analysis is None:
            raise RuntimeError("this index's analyzers are only for building; queries use whoosh_query")
        token = Token(positions, chars, removestops=removestops, mode=mode, **kwargs)
        language, offset = DEFAULT_LANGUAGE, 0
        if value.startswith(LANGUAGE):
            language, _mark, value = value[1:].partition(LANGUAGE)
            start_char += len(language) + 2
        for number, (section, boost) in enumerate(zip(value.split(SECTION), self.boosts, strict=True)):
            if not boost:  # a section weighted 0 is not indexed at all
                offset += len(section) + 1
                continue
            folded = fold(section)
            if self.stream == "words":
                tokens = [(*t, 1.0) for t in self.analysis.words(folded, language=language)]
            elif self.stream == "glosses":
                tokens = self.analysis.gloss_tokens(folded)
            else:
                tokens = [(*t, 1.0) for t in self.analysis.grams(folded)]
            for text, position, start, end, weight in tokens:
                token.text, token.boost, token.stopped = text, boost * weight, False
                if positions:
                    token.pos = start_pos + number * _GAP + position
                if chars:
                    token.startchar, token.endchar = start_char + offset + start, start_char + offset + end
                yield token
            offset += len(section) + 1


def build_schema(analysis: Analysis | None = None, ranking: Ranking = DEFAULT_RANKING) -> Schema:
    words = StreamAnalyzer("words", analysis, (ranking.title, ranking.path, 1.0))
    glosses = StreamAnalyzer("glosses", analysis, (ranking.title, ranking.path, 1.0))
    return Schema(
        key=ID(unique=True, stored=True),
        game=ID(stored=True),
        version=ID(stored=True),
        language=STORED,
        kind=ID(stored=True, sortable=True),
        heading=ID(sortable=True),
        section=ID(sortable=True),
        titled=KEYWORD(scorable=False),
        defines=KEYWORD(scorable=False),
        book=ID,
        id=STORED,
        ids=KEYWORD(scorable=False),
        lineage=KEYWORD(scorable=False),
        title=STORED,
        body=STORED,
        words=TEXT(analyzer=words, vector=Frequency()),
        grams=TEXT(analyzer=StreamAnalyzer("grams", analysis, (1.0, 1.0))),
        glosses=TEXT(analyzer=glosses),
    )


def whoosh_fields(doc: IndexDocument) -> dict[str, Any]:
    """The field values of one document, as ``writer.add_document`` takes them."""
    return {
        "key": doc.key,
        "game": doc.game,
        "version": doc.version,
        "language": word_language(doc.language),
        "kind": doc.kind,
        "heading": "0" if doc.text.strip() else "1",
        "section": (doc.lineage or doc.ids)[-1],
        "book": doc.book,
        "id": doc.id,
        "ids": list(doc.ids),
        "lineage": list(doc.lineage),
        "title": doc.title,
        "body": doc.text,
        "words": language_mark(doc) + SECTION.join(word_sections(doc)),
        "glosses": SECTION.join(word_sections(doc)),
        "grams": SECTION.join((doc.title, doc.text)),
        "titled": list(title_keys(doc.title)),
        "defines": list(defined_terms(doc.text, *([doc.title] if doc.title else []), *doc.path[-1:])),
    }


def language_mark(doc: IndexDocument) -> str:
    """What opens a ``words`` value to say its Latin words are not English (nothing when they are)."""
    language = word_language(doc.language)
    return "" if language == DEFAULT_LANGUAGE else f"{LANGUAGE}{language}{LANGUAGE}"


def word_sections(doc: IndexDocument) -> tuple[str, str, str]:
    """What the ``words`` field analyses: title, heading path, text (each folded on its own)."""
    return (doc.title, " / ".join(doc.path), doc.text)
