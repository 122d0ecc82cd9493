"""A translation checked against its original, clause by clause: what a translator wants found.

The two editions are aligned by clause id (a translation prints the same
numbers).  For each clause:

* **missing** — printed in one edition and not the other (a number printed
  twice in one of them shows here as one id missing and a ``~2`` too many);
* **numbers** — a figure one text writes in digits (``3``, ``50``) is not
  in the other, in digits or in words (``trois``, ``cinquante``, ``third``,
  ``première``); a number only written in words is not looked for on the
  other side, since translations add and drop them as wording: "either
  player" is "l'un des deux joueurs", a colon "les deux points", "divided
  into A, B and C" "trois catégories : A, B, C"; and a section named by its
  number (``paragraphe 7``, ``“7. Card Attacking and Battle”``) is a
  reference, not a figure;
* **citations** — the clause numbers the two texts cite differ;
* **keywords** — the bracketed keywords (``[Awaken]``, ``[Éveil]``) do
  not correspond: not as many, or one whose usual rendering in this book
  (learnt from the clauses where both are the only keyword) is absent.

Chinese editions in the other script (zh-Hant ↔ zh-Hans) are compared the
same way after folding both to Simplified with OpenCC.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from corpus.library import load_version
from corpus.model import Book, Clause
from corpus.versions.compare import Side

_KEYWORD = re.compile(r"\[([^\[\]]{1,60})\]|【([^【】]{1,60})】|《([^《》]{1,60})》")
_CITED = re.compile(r"(?<![\w.-])\d{1,3}(?:[-.]\d{1,3})+[a-z]?(?![\w-])")
_FIGURE = re.compile(r"(?<![\w.-])\d+(?!\w)")
_WORD = re.compile(r"[^\W\d_]+")
#: A section named by its number, as these books write it (``paragraphe 7``, ``“7. Card Attacking
#: and Battle”``): a reference, not a figure.
_SECTION = re.compile(
    r"\b(?:paragraphe|chapitre|section|chapter|rule|règle)s?\s+\d+|[“\"«]\s*\d+\.\s", re.IGNORECASE
)


def _number_words(cardinals: str, ordinals: str, tens: str, others: str) -> dict[str, int]:
    """Words by the number they say: cardinals and ordinals from 0 and 1 (``-``: none), tens
    from 20, and ``word=number`` pairs."""
    words = {word: value for value, word in enumerate(cardinals.split())}
    words |= {word: value for value, word in enumerate(ordinals.split(), 1)}
    words |= {word: value for value, word in enumerate(tens.split(), 2) for value in [value * 10]}
    words |= {word: int(value) for word, value in (pair.split("=") for pair in others.split())}
    words.pop("-", None)
    return words


#: Numbers written as words, by language.  1 is also the indefinite article (a, un, une).
NUMBER_WORDS = {
    "en": _number_words(
        "zero one two three four five six seven eight nine ten eleven twelve",
        "first second third fourth fifth sixth seventh eighth ninth tenth",
        "twenty thirty forty fifty",
        "a=1 an=1 once=1 single=1 twice=2 hundred=100",
    ),
    "fr": _number_words(
        "zéro un deux trois quatre cinq six sept huit neuf dix onze douze",
        "premier deuxième troisième quatrième cinquième sixième septième huitième neuvième dixième",
        "vingt trente quarante cinquante",
        "une=1 première=1 seul=1 seule=1 second=2 seconde=2 cent=100",
    ),
}
#: A keyword's usual rendering must have been seen this many times to be expected.
LEARNT_FROM = 2


@dataclass(frozen=True, slots=True)
class Finding:
    kind: str  # missing, numbers, citations, keywords
    clause: str
    message: str

    def as_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "clause": self.clause, "message": self.message}


@dataclass(frozen=True, slots=True)
class Row:
    """One clause id of two editions read side by side; a side is None where that edition lacks it."""

    id: str
    original: Clause | None
    translation: Clause | None


def aligned(original: Book, translation: Book) -> list[Row]:
    """Both editions' clauses by id, in the original's reading order; a clause only the
    translation has comes right after the one it follows there.

    Between the two Chinese scripts ids are matched folded to Simplified: where a book
    prints no numbers its ids are its headings (bs's ``規則/戰鬥步驟``), which the other
    script spells ``规则/战斗步骤``.  A row's id is the original's (the translation's own
    where the original lacks it).
    """
    fold = _folder(original, translation)
    ours, theirs = _by_key(original, fold), _by_key(translation, fold)
    only_theirs: dict[str | None, list[str]] = {}
    follows: str | None = None
    for key in theirs:
        if key in ours:
            follows = key
        else:
            only_theirs.setdefault(follows, []).append(key)
    rows = [Row(theirs[key].id, None, theirs[key]) for key in only_theirs.get(None, [])]
    for key, clause in ours.items():
        rows.append(Row(clause.id, clause, theirs.get(key)))
        rows.extend(Row(theirs[other].id, None, theirs[other]) for other in only_theirs.get(key, []))
    return rows


def _by_key(book: Book, fold: Callable[[str], str]) -> dict[str, Clause]:
    """The book's clauses in reading order by their id as :func:`aligned` matches it (an id
    that folds onto an earlier one's keeps its own spelling, so no clause is lost)."""
    found: dict[str, Clause] = {}
    for clause in book.clauses:
        key = fold(clause.id)
        found[key if key not in found else clause.id] = clause
    return found


def counterpart(book: Book, clause_id: str, other: Book) -> str | None:
    """The id ``other`` gives the clause ``clause_id`` of ``book`` (as :func:`aligned` matches
    them: the same, or between the Chinese scripts the same once folded), or None."""
    if clause_id in other:
        return clause_id
    fold = _folder(book, other)
    wanted = fold(clause_id)
    return next((clause.id for clause in other.clauses if fold(clause.id) == wanted), None)


def check_translation(original: Book, translation: Book) -> list[Finding]:
    """Every finding, in the order of :func:`aligned` (a clause only the translation has, at its place)."""
    fold = _folder(original, translation)
    rows = aligned(original, translation)
    renderings = _renderings(rows, fold)
    findings: list[Finding] = []
    for row in rows:
        if row.translation is None:
            findings.append(Finding("missing", row.id, f"{row.id} is not in {translation.info.key}"))
        elif row.original is None:
            findings.append(Finding("missing", row.id, f"{row.id} is not in {original.info.key}"))
        else:
            findings.extend(_compare(row.original, row.translation, original, translation, renderings, fold))
    return findings


def compare_pair(left: Side, right: Side) -> list[Finding]:
    """The findings of one clause against its translation (``arbiter compare`` across languages)."""
    original, translation = load_version(left.info), load_version(right.info)
    fold = _folder(original, translation)
    renderings = _renderings(aligned(original, translation), fold)
    return _compare(left.clause, right.clause, original, translation, renderings, fold)


def _compare(
    clause: Clause,
    other: Clause,
    original: Book,
    translation: Book,
    renderings: dict[str, str],
    fold: Callable[[str], str],
) -> list[Finding]:
    found: list[Finding] = []
    mine, yours = _text(clause), _text(other)
    cited, cited_there = sorted(set(_cited(mine))), sorted(set(_cited(yours)))
    if cited != cited_there:
        found.append(
            Finding(
                "citations",
                clause.id,
                f"cites {', '.join(cited) or 'nothing'}; the translation cites {', '.join(cited_there) or 'nothing'}",
            )
        )
    (digits, worded), (digits_there, worded_there) = (
        _figures(mine, original.info.language),
        _figures(yours, translation.info.language),
    )
    if not digits <= digits_there | worded_there or not digits_there <= digits | worded:
        found.append(
            Finding(
                "numbers",
                clause.id,
                f"states {_stated(digits, worded)}; the translation states {_stated(digits_there, worded_there)}",
            )
        )
    keywords, keywords_there = _keywords(mine, fold), _keywords(yours, fold)
    missing = [k for k in dict.fromkeys(keywords) if k in renderings and renderings[k] not in keywords_there]
    if len(keywords) != len(keywords_there) or missing:
        why = (
            f"[{'], ['.join(missing)}] usually rendered [{'], ['.join(renderings[k] for k in missing)}]"
            if missing
            else ""
        )
        found.append(
            Finding(
                "keywords",
                clause.id,
                f"{len(keywords)} bracketed keyword(s), the translation {len(keywords_there)}"
                + (f"; {why}" if why else ""),
            )
        )
    return found


def _renderings(rows: list[Row], fold: Callable[[str], str]) -> dict[str, str]:
    """Each keyword's usual rendering: the keyword the translation prints where it is the only one on both sides."""
    seen: dict[str, Counter[str]] = {}
    for row in rows:
        clause, other = row.original, row.translation
        if clause is None or other is None:
            continue
        mine, yours = set(_keywords(_text(clause), fold)), set(_keywords(_text(other), fold))
        if len(mine) == 1 and len(yours) == 1:
            seen.setdefault(next(iter(mine)), Counter())[next(iter(yours))] += 1
    renderings = {}
    for keyword, counts in seen.items():
        rendering, count = counts.most_common(1)[0]
        if count >= LEARNT_FROM and count * 2 > sum(counts.values()):
            renderings[keyword] = rendering
    return renderings


def _folder(original: Book, translation: Book) -> Callable[[str], str]:
    from corpus.versions.compare import needs_folding

    if needs_folding(original.info, translation.info):
        from corpus.search.folding import to_simplified

        return to_simplified
    return lambda text: text


def _text(clause: Clause) -> str:
    return unicodedata.normalize("NFKC", f"{clause.title or ''} {clause.text}")


def _cited(text: str) -> list[str]:
    return [number.replace(".", "-") if "-" in number else number for number in _CITED.findall(text)]


def _figures(text: str, language: str) -> tuple[set[int], set[int]]:
    """The numbers ``text`` writes in digits, and those it writes in words (cited ids and
    sections named by number are neither)."""
    bare = _SECTION.sub(" ", _CITED.sub(" ", text))
    words = NUMBER_WORDS.get(language.split("-")[0], {})
    worded = {words[word] for word in _WORD.findall(bare.lower()) if word in words}
    return {int(figure) for figure in _FIGURE.findall(bare)}, worded


def _keywords(text: str, fold: Callable[[str], str]) -> list[str]:
    return [
        fold(next(group for group in match.groups() if group)).strip() for match in _KEYWORD.finditer(text)
    ]


def _stated(digits: set[int], worded: set[int]) -> str:
    """``3, 50`` and what only words say (``4 in words``); 1, which is also an article, only in digits."""
    stated = [str(figure) for figure in sorted(digits)]
    stated += [f"{figure} in words" for figure in sorted(worded - digits - {1})]
    return ", ".join(stated) or "no figure"
