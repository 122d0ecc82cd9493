"""A translation checked against its original, clause by clause: what a translator wants found.

The two editions are aligned by clause id (a translation prints the same
numbers).  For each clause:

* **missing** — printed in one edition and not the other (a number printed
  twice in one of them shows here as one id missing and a ``~2`` too many);
* **numbers** — the figures the two texts state differ (``3`` against
  ``4``); figures written as words (``zéro``, ``two``) count as figures,
  and ``1`` is left out, since ``un``/``une``/``a`` are also articles;
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
from dataclasses import dataclass
from typing import Any

from corpus.library import load_version
from corpus.model import Book, Clause
from corpus.versions.compare import Side

_KEYWORD = re.compile(r"\[([^\[\]]{1,60})\]|【([^【】]{1,60})】|《([^《》]{1,60})》")
_CITED = re.compile(r"(?<![\w.-])\d{1,3}(?:[-.]\d{1,3})+[a-z]?(?![\w-])")
_FIGURE = re.compile(r"(?<![\w.-])\d+(?!\w)")
_WORD = re.compile(r"[^\W\d_]+")
#: Figures written as words; ``one``/``un``/``une`` are left out (articles too).
NUMBER_WORDS = {
    "en": "zero - two three four five six seven eight nine ten eleven twelve".split(),
    "fr": "zéro - deux trois quatre cinq six sept huit neuf dix onze douze".split(),
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


def check_translation(original: Book, translation: Book) -> list[Finding]:
    """Every finding, in the original's reading order (a clause only the translation has, at its place)."""
    fold = _folder(original, translation)
    theirs = {clause.id: clause for clause in translation.clauses}
    ours = {clause.id: clause for clause in original.clauses}
    renderings = _renderings(_pairs(original, translation), fold)
    findings: list[Finding] = []
    for clause in original.clauses:
        other = theirs.get(clause.id)
        if other is None:
            findings.append(Finding("missing", clause.id, f"{clause.id} is not in {translation.info.key}"))
            continue
        findings.extend(_compare(clause, other, original, translation, renderings, fold))
    for clause in translation.clauses:
        if clause.id not in ours:
            findings.append(Finding("missing", clause.id, f"{clause.id} is not in {original.info.key}"))
    return findings


def compare_pair(left: Side, right: Side) -> list[Finding]:
    """The findings of one clause against its translation (``arbiter compare`` across languages)."""
    original, translation = load_version(left.info), load_version(right.info)
    renderings = _renderings(_pairs(original, translation), _folder(original, translation))
    return _compare(
        left.clause, right.clause, original, translation, renderings, _folder(original, translation)
    )


def _pairs(original: Book, translation: Book) -> list[tuple[Clause, Clause]]:
    theirs = {clause.id: clause for clause in translation.clauses}
    return [(clause, theirs[clause.id]) for clause in original.clauses if clause.id in theirs]


def _compare(
    clause: Clause,
    other: Clause,
    original: Book,
    translation: Book,
    renderings: dict[str, str],
    fold: Any,
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
    figures = _figures(mine, original.info.language)
    figures_there = _figures(yours, translation.info.language)
    if figures != figures_there:
        found.append(
            Finding(
                "numbers",
                clause.id,
                f"states {_listed(figures)}; the translation states {_listed(figures_there)}",
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


def _renderings(pairs: list[tuple[Clause, Clause]], fold: Any) -> dict[str, str]:
    """Each keyword's usual rendering: the keyword the translation prints where it is the only one on both sides."""
    seen: dict[str, Counter[str]] = {}
    for clause, other in pairs:
        mine, yours = set(_keywords(_text(clause), fold)), set(_keywords(_text(other), fold))
        if len(mine) == 1 and len(yours) == 1:
            seen.setdefault(next(iter(mine)), Counter())[next(iter(yours))] += 1
    renderings = {}
    for keyword, counts in seen.items():
        rendering, count = counts.most_common(1)[0]
        if count >= LEARNT_FROM and count * 2 > sum(counts.values()):
            renderings[keyword] = rendering
    return renderings


def _folder(original: Book, translation: Book) -> Any:
    from corpus.versions.compare import needs_folding

    if needs_folding(original.info, translation.info):
        from corpus.search.folding import to_simplified

        return to_simplified
    return lambda text: text


def _text(clause: Clause) -> str:
    return unicodedata.normalize("NFKC", f"{clause.title or ''} {clause.text}")


def _cited(text: str) -> list[str]:
    return [number.replace(".", "-") if "-" in number else number for number in _CITED.findall(text)]


def _figures(text: str, language: str) -> Counter[str]:
    bare = _CITED.sub(" ", text)
    figures = Counter(figure.lstrip("0") or "0" for figure in _FIGURE.findall(bare))
    words = NUMBER_WORDS.get(language[:2], [])
    for word in _WORD.findall(bare.lower()):
        if word in words and word != "-":
            figures[str(words.index(word))] += 1
    figures.pop("1", None)
    return figures


def _keywords(text: str, fold: Any) -> list[str]:
    return [
        fold(next(group for group in match.groups() if group)).strip() for match in _KEYWORD.finditer(text)
    ]


def _listed(figures: Counter[str]) -> str:
    return ", ".join(sorted(figures.elements(), key=int)) or "no figure"
