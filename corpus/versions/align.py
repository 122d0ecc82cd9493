"""Match the clauses of two versions of a rulebook, on the clause tree.

As in eRegulations, a version diff is computed between two trees of
addressable paragraphs, not between two files of lines: each clause of the
old version is matched to what became of it in the new one.  Matching runs
in stages, most certain first, and each stage only sees what the earlier
ones left over:

1. same id, same text → *unchanged*;
2. same text under another id → *renumbered* (a shift: the clause
   inserted before it pushed its number up);
3. one old clause whose text is now spread over consecutive clauses of
   its kind → *split*; the reverse → *merged*.  This comes before fuzzy
   matching, which would otherwise take the longest piece for the whole;
   a grouping counts only if it explains the text better than any single
   piece does;
4. nearly the same text (rapidfuzz ratio ≥ :data:`SIMILAR`), best pairs
   first, with a small preference for keeping the id → *modified* when the
   id is kept, else *renumbered*;
5. the tree: an old heading whose children all went under one new heading
   is that heading, however much its title changed (``10-5 Gain Control``
   → ``11-5 Gaining Control of Cards``);
6. whatever keeps its id but was rewritten beyond recognition → *modified*;
7. the rest → *removed* / *added*.

Texts are compared in :func:`corpus.versions.inline.canonical` form, so a
line break, a PDF's letter spacing or a full-width comma is never a change.
A repeated printed number is no trouble: the corpus gives the second one its
own id (``10-4~2``), and ids are only ever compared whole.
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from rapidfuzz import fuzz, process

from corpus.model import Clause
from corpus.versions.inline import canonical

#: Least similarity (0–1, rapidfuzz's normalized Indel ratio) for two texts to
#: count as the same clause edited.
SIMILAR = 0.8
#: Added to a pair's score when the id is kept, so that among equally good
#: partners the clause keeps its number.
SAME_ID_BONUS = 0.05
#: Least share of a piece (rapidfuzz partial ratio) that must be found in the
#: whole for it to be a part of a split or merge.
CONTAINED = 0.9
#: Most clauses one clause may be split into (or merged from); beyond that
#: it is a rewrite, and trying every grouping would cost quadratic time.
MAX_PIECES = 8


class MatchKind(enum.StrEnum):
    UNCHANGED = "unchanged"
    MODIFIED = "modified"
    RENUMBERED = "renumbered"
    SPLIT = "split"
    MERGED = "merged"


@dataclass(frozen=True, slots=True)
class Match:
    """What one or more old clauses became: one or more new clauses."""

    kind: MatchKind
    old: tuple[Clause, ...]
    new: tuple[Clause, ...]
    similarity: float  # of the (joined) canonical contents, 0–1


@dataclass(frozen=True)
class Alignment:
    """Every clause of both versions accounted for exactly once."""

    matches: tuple[Match, ...]
    removed: tuple[Clause, ...]
    added: tuple[Clause, ...]
    _by_old: dict[str, Match] = field(default_factory=dict, repr=False, compare=False)
    _by_new: dict[str, Match] = field(default_factory=dict, repr=False, compare=False)

    def __post_init__(self) -> None:
        for match in self.matches:
            for clause in match.old:
                self._by_old[clause.id] = match
            for clause in match.new:
                self._by_new[clause.id] = match

    def of_kind(self, kind: MatchKind) -> list[Match]:
        return [match for match in self.matches if match.kind is kind]

    def from_old(self, clause_id: str) -> Match | None:
        """What the old clause ``clause_id`` became (None if removed or unknown)."""
        return self._by_old.get(clause_id)

    def to_new(self, clause_id: str) -> Match | None:
        """Where the new clause ``clause_id`` came from (None if added or unknown)."""
        return self._by_new.get(clause_id)


def content(clause: Clause) -> str:
    """What a clause says: its title and its text."""
    return "\n".join(part for part in (clause.title, clause.text) if part)


def similarity(a: str, b: str) -> float:
    """
    >>> similarity("Infinite Loop", "Infinite Loops") > SIMILAR
    True
    """
    return fuzz.ratio(a, b) / 100


class _Side:
    """One version's clauses, their canonical texts and which are still unmatched."""

    def __init__(self, clauses: Sequence[Clause]):
        self.clauses = list(clauses)
        self.texts = [canonical(content(clause)) for clause in self.clauses]
        self.position = {clause.id: index for index, clause in enumerate(self.clauses)}
        self.free = set(range(len(self.clauses)))
        self.children: dict[str | None, list[int]] = {}
        for index, clause in enumerate(self.clauses):
            self.children.setdefault(clause.parent, []).append(index)

    def index(self, clause_id: str | None) -> int | None:
        return self.position.get(clause_id) if clause_id is not None else None

    def unmatched(self) -> list[int]:
        return sorted(self.free)

    def relative(self, index: int) -> float:
        return index / max(1, len(self.clauses) - 1)


class _Aligner:
    def __init__(self, old: Sequence[Clause], new: Sequence[Clause]):
        self.old, self.new = _Side(old), _Side(new)
        self.matches: list[tuple[MatchKind | None, tuple[int, ...], tuple[int, ...], float]] = []
        self.partner: dict[int, int] = {}  # old index -> new index, for 1:1 matches

    def pair(self, i: int, j: int, score: float | None = None) -> None:
        if score is None:
            score = similarity(self.old.texts[i], self.new.texts[j])
        self.old.free.discard(i)
        self.new.free.discard(j)
        self.partner[i] = j
        self.matches.append((None, (i,), (j,), score))

    def group(self, kind: MatchKind, olds: tuple[int, ...], news: tuple[int, ...], score: float) -> None:
        self.old.free.difference_update(olds)
        self.new.free.difference_update(news)
        self.matches.append((kind, olds, news, score))

    # -- stages -------------------------------------------------------------

    def same_id_same_text(self) -> None:
        for i in self.old.unmatched():
            j = self.new.index(self.old.clauses[i].id)
            if j is not None and j in self.new.free and self.old.texts[i] == self.new.texts[j]:
                self.pair(i, j, 1.0)

    def same_text(self) -> None:
        """Identical texts under different ids, paired in reading order."""
        waiting: dict[str, list[int]] = {}
        for j in self.new.unmatched():
            if self.new.texts[j]:
                waiting.setdefault(self.new.texts[j], []).append(j)
        for i in self.old.unmatched():
            candidates = waiting.get(self.old.texts[i])
            if candidates:
                self.pair(i, candidates.pop(0), 1.0)

    def similar_text(self) -> None:
        """Near-identical texts, best pairs first; the id is kept when it can be."""
        choices = {j: self.new.texts[j] for j in self.new.unmatched() if self.new.texts[j]}
        candidates = []
        for i in self.old.unmatched():
            if not self.old.texts[i]:
                continue
            found = process.extract(
                self.old.texts[i],
                choices,
                scorer=fuzz.ratio,
                score_cutoff=SIMILAR * 100,
                limit=None,
            )
            for _text, score, j in found:
                same_id = self.old.clauses[i].id == self.new.clauses[j].id
                distance = abs(self.old.relative(i) - self.new.relative(j))
                candidates.append((-(score / 100 + SAME_ID_BONUS * same_id), distance, i, j, score / 100))
        for _rank, _distance, i, j, score in sorted(candidates):
            if i in self.old.free and j in self.new.free:
                self.pair(i, j, score)

    def tree(self) -> None:
        """Pair unmatched headings whose children went from one to the other."""
        for i in reversed(self.old.unmatched()):
            kids = self.old.children.get(self.old.clauses[i].id, [])
            went = Counter(self.new.clauses[self.partner[k]].parent for k in kids if k in self.partner)
            if not went:
                continue
            parent, count = went.most_common(1)[0]
            j = self.new.index(parent)
            if j is None or j not in self.new.free:
                continue
            their_kids = self.new.children.get(parent, [])
            if 2 * count >= len(kids) and 2 * count >= len(their_kids):
                self.pair(i, j)

    def split_and_merge(self) -> None:
        for i in self.old.unmatched():
            if i in self.old.free:
                self._pieces(i, self.old, self.new, MatchKind.SPLIT)
        for j in self.new.unmatched():
            if j in self.new.free:
                self._pieces(j, self.new, self.old, MatchKind.MERGED)

    def _pieces(self, whole: int, mine: _Side, other: _Side, kind: MatchKind) -> None:
        """Group ``whole`` with the best run of consecutive unmatched clauses of
        ``other`` of its kind (a rule is not split into a heading), each a part
        of it, that together make it up."""
        text = mine.texts[whole]
        choices = {
            k: other.texts[k] for k in other.unmatched() if other.texts[k] and len(other.texts[k]) < len(text)
        }
        found = process.extract(
            text, choices, scorer=fuzz.partial_ratio, score_cutoff=CONTAINED * 100, limit=None
        )
        best: tuple[float, tuple[int, ...]] | None = None
        for run in _consecutive_runs(sorted(k for _text, _score, k in found)):
            for start in range(len(run) - 1):
                for end in range(start + 2, min(len(run), start + MAX_PIECES) + 1):
                    parts = run[start:end]
                    if {other.clauses[k].kind for k in parts} != {mine.clauses[whole].kind}:
                        continue
                    score = similarity(text, " ".join(other.texts[k] for k in parts))
                    alone = max(similarity(text, other.texts[k]) for k in parts)
                    if score >= SIMILAR and score > alone and (best is None or score > best[0]):
                        best = (score, tuple(parts))
        if best is None:
            return
        score, pieces = best
        if kind is MatchKind.SPLIT:
            self.group(kind, (whole,), pieces, score)
        else:
            self.group(kind, pieces, (whole,), score)

    def same_id_rewritten(self) -> None:
        for i in self.old.unmatched():
            j = self.new.index(self.old.clauses[i].id)
            if j is not None and j in self.new.free:
                self.pair(i, j)

    # -- result ---------------------------------------------------------------

    def run(self) -> Alignment:
        self.same_id_same_text()
        self.same_text()
        self.split_and_merge()
        self.similar_text()
        self.tree()
        self.same_id_rewritten()
        matches = sorted(
            (self._match(*entry) for entry in self.matches),
            key=lambda match: (match.new[0].order, match.old[0].order),
        )
        return Alignment(
            matches=tuple(matches),
            removed=tuple(self.old.clauses[i] for i in self.old.unmatched()),
            added=tuple(self.new.clauses[j] for j in self.new.unmatched()),
        )

    def _match(
        self, kind: MatchKind | None, olds: tuple[int, ...], news: tuple[int, ...], score: float
    ) -> Match:
        old = tuple(self.old.clauses[i] for i in olds)
        new = tuple(self.new.clauses[j] for j in news)
        if kind is None:
            if old[0].id != new[0].id:
                kind = MatchKind.RENUMBERED
            elif self.old.texts[olds[0]] == self.new.texts[news[0]]:
                kind = MatchKind.UNCHANGED
            else:
                kind = MatchKind.MODIFIED
        return Match(kind=kind, old=old, new=new, similarity=round(score, 4))


def _consecutive_runs(indexes: list[int]) -> list[list[int]]:
    """
    >>> _consecutive_runs([1, 2, 3, 7, 9, 10])
    [[1, 2, 3], [7], [9, 10]]
    """
    runs: list[list[int]] = []
    for index in indexes:
        if runs and runs[-1][-1] == index - 1:
            runs[-1].append(index)
        else:
            runs.append([index])
    return runs


def align(old: Sequence[Clause], new: Sequence[Clause]) -> Alignment:
    """Match the clauses of an old and a new version (both in reading order)."""
    return _Aligner(old, new).run()
