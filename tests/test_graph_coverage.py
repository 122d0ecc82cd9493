"""No silent misses: every occurrence of the reference vocabulary in every source is accounted for.

For each rulebook the test reads the source file itself and finds, with its
own patterns (not graph.patterns), every reference word in both scripts and
every clause number in the book's numbering style that is not the label of a
clause on that line.  Each occurrence must be either extracted by
:func:`graph.find.find_citations` from the clause holding that line, or listed
below as "not a reference" with the reason.  Extracting something the source
does not print fails the test too, and so does a listed exception that is
not in the source.
"""

from __future__ import annotations

import re
from collections import Counter

import pytest

from corpus.library import all_books, load_book
from corpus.manifest import bundled_manifest
from graph.find import find_citations, numbering_scheme

WORDS = (
    "参见",
    "參見",
    "参阅",
    "參閱",
    "参照",
    "參照",
    "详见",
    "詳見",
    "根据规则",
    "根據規則",
    "see",
    "refer to",
    "check",
)
WORD = re.compile(
    "|".join(r"\s?".join(word) for word in WORDS if not word.isascii())
    + r"|(?i:\b(?:see|refer\s+to|check)\b)"
)
NUMBER_SHAPES = {
    "dotted": re.compile(r"(?<![\w.\-])\d+(?:\.\d+){2,}[a-z]?(?!\w)"),
    "dashed": re.compile(r"(?<![\w.\-])\d+(?:-\d+)+(?!\w|-\w)"),
}

CARD_NAME = "refers to a card's name or data, not to a clause"
OUTSIDE = "names a document outside this rulebook"
NO_TARGET = "ordinary English, no clause named"

#: (line, word or number, reason) for each occurrence that is not a reference.
NOT_REFERENCES: dict[tuple[str, str], list[tuple[int, str, str]]] = {
    ("ucg", "1.6"): [
        (83, "參照", "2.3.1.2 「這表示參照卡牌名稱中包含…」: " + CARD_NAME),
        (89, "參照", "「會參照此名稱」: " + CARD_NAME),
        (159, "參照", "2.4.1.2 「參照卡牌名稱中包含…」: " + CARD_NAME),
        (187, "參照", "「在準備遊戲時參照使用」: the card number is consulted"),
        (272, "參閱", "「請參閱各比賽的現場規則」: " + OUTSIDE),
        (423, "參照", "「BP 參照的是…」: which BP counts"),
        (443, "參照", "「需要參照對手卡牌的資訊」: " + CARD_NAME),
        (623, "根據規則", "「根據規則處理」: 'handle it by the rules', no rule named"),
    ],
    ("uhb", "1.9"): [],
    ("gcg", "1.1.0"): [
        (85, "參照", "「應參照擁有完全一致的卡牌名稱的卡牌」: " + CARD_NAME),
        (87, "參照", "「應參照卡牌名稱中包含…」: " + CARD_NAME),
        (95, "參照", "「卡牌文本中可能會參照這些資訊」: " + CARD_NAME),
        (100, "參照", "「卡牌文本中可能會參照這些資訊」: " + CARD_NAME),
        (102, "參照", "「可能會參照特徵」: " + CARD_NAME),
        (102, "參照", "「參照擁有該特徵的卡牌」: " + CARD_NAME),
        (106, "參照", "「卡牌文本中可能會參照這些資訊」: " + CARD_NAME),
        (123, "參照", "「替代卡在參照 Lv. 時」: " + CARD_NAME),
        (125, "參照", "「玩家在參照 Lv. 時」: " + CARD_NAME),
        (133, "參照", "「替代卡在參照費用時」: " + CARD_NAME),
        (169, "參閱", "「請參閱各卡牌類型的項目」: every card type's section, none named"),
        (809, "參照", "「參照隊友 Lv.」: a teammate's level"),
        (925, "參照", "「若文本中有參照該卡牌狀態的描述」: " + CARD_NAME),
        (925, "參照", "「則參照其被破壞置於廢棄區前…的狀態」: " + CARD_NAME),
    ],
    ("zd", "1.20"): [
        (765, "参照", "「同一张牌参照的内容」: what 'the same card' compares"),
        (1234, "参照", "「具体请参照官网卡牌信息」: " + OUTSIDE),
    ],
    ("bs", "17.0"): [
        (254, "參閱", "「請參閱 Standard 規則手冊」: " + OUTSIDE),
        (266, "參照", "「做為「費用減輕」參照的標誌」: " + CARD_NAME),
        (280, "參照", "「在費用減輕時會被參照」: " + CARD_NAME),
        (290, "參閱", "「請參閱 Standard 規則說明書」: " + OUTSIDE),
        (621, "參閱", "「請參閱 Standard 規則說明書」: " + OUTSIDE),
        (924, "參照", "「可參照其顏色與標誌」: " + CARD_NAME),
        (972, "參照", "「並非參照其上放置的能量數量」: " + CARD_NAME),
        (972, "參照", "「而是參照自己的計數」: " + CARD_NAME),
        (1180, "參照", "「不可被卡牌效果參照」: " + CARD_NAME),
        (1208, "參照", "「需要參照代用卡上未記載的資訊」: " + CARD_NAME),
        (1278, "參閱", "「請參閱 Standard 規則的說明手冊」: " + OUTSIDE),
        (1327, "參照", "「不得移動、參照其數量」: " + CARD_NAME),
        (1408, "參照", "「無法被該效果參照」: " + CARD_NAME),
    ],
}
_DBSCG = [
    (152, "check", "'each player can check the numbers': " + NO_TARGET),
    (163, "check", "'neither player can check the contents': " + NO_TARGET),
    (202, "check", "'neither player can check the contents': " + NO_TARGET),
    (300, "refer to", "'skills … refer to [Permanent] skills with text …': " + NO_TARGET),
    (425, "8-1-4-2", "'8-1-4-1. 8-1-4-2. [Permanent] …': the source prints the next clause's label twice"),
    (654, "refer to", "'refer to the specified information of the effect': " + NO_TARGET),
    (664, "see", "'open to all players to see': " + NO_TARGET),
]
NOT_REFERENCES[("dbscg", "1.070")] = _DBSCG
NOT_REFERENCES[("dbscg", "1.071")] = _DBSCG


def _word(raw: str) -> str:
    """A matched reference word as one of WORDS (blanks removed, English lower-cased)."""
    word = " ".join(raw.split()).lower()
    return word if word.isascii() else word.replace(" ", "")


def _components(book) -> dict[int, frozenset[str]]:
    """Source line → the group of clauses sharing lines with the clause(s) holding it.

    Two clauses printed on one line (uhb 4.0.2 and 4.0.3) share their line's
    occurrences, so they are compared together.
    """
    parent: dict[str, str] = {}

    def root(clause_id: str) -> str:
        while parent.setdefault(clause_id, clause_id) != clause_id:
            clause_id = parent[clause_id]
        return clause_id

    owners: dict[int, list[str]] = {}
    for clause in book.clauses:
        for line in range(clause.line_start, clause.line_end + 1):
            owners.setdefault(line, []).append(clause.id)
    for ids in owners.values():
        for other in ids[1:]:
            parent[root(other)] = root(ids[0])
    groups: dict[str, set[str]] = {}
    for ids in owners.values():
        for clause_id in ids:
            groups.setdefault(root(clause_id), set()).add(clause_id)
    return {line: frozenset(groups[root(ids[0])]) for line, ids in owners.items()}


def _source_occurrences(book, shape) -> list[tuple[int, str]]:
    lines = (bundled_manifest().root / book.info.source).read_text(encoding="utf-8").splitlines()
    excluded = {n for start, end, _ in book.excluded for n in range(start, end + 1)}
    labels: dict[int, set[str]] = {}
    for clause in book.clauses:
        labels.setdefault(clause.line_start, set()).add(clause.number)
    found = []
    for number, line in enumerate(lines, 1):
        if number in excluded:
            continue
        found += [(number, _word(m.group())) for m in WORD.finditer(line)]
        if shape is not None:
            found += [
                (number, m.group()) for m in shape.finditer(line) if m.group() not in labels.get(number, ())
            ]
    return found


def _extracted(book, shape) -> Counter:
    scheme = numbering_scheme(c.id for c in book.clauses)
    found: Counter = Counter()
    for clause in book.clauses:
        for citation in find_citations(clause.text, scheme):
            if citation.keyword:
                found[(clause.id, next(w for w in WORDS if w in citation.keyword))] += 1
            if shape is not None:
                found.update((clause.id, n) for n in citation.target_numbers if shape.fullmatch(n))
    return found


BOOKS = [(info.game, info.version) for info in all_books()]


def test_every_bundled_book_has_an_exception_list():
    assert sorted(NOT_REFERENCES) == sorted(BOOKS)


@pytest.mark.parametrize(("game", "version"), BOOKS)
def test_every_reference_word_and_number_is_extracted_or_explained(game, version):
    book = load_book(game, version)
    shape = NUMBER_SHAPES.get(book.info.parser)  # the layout names the numbering style
    component = _components(book)
    occurrences = _source_occurrences(book, shape)

    in_source: Counter = Counter()
    for line, token in occurrences:
        assert line in component, f"line {line} ({token!r}) belongs to no clause"
        in_source[(component[line], token)] += 1
    explained: Counter = Counter()
    for line, token, reason in NOT_REFERENCES[(game, version)]:
        assert reason and line in component, (line, token)
        explained[(component[line], token)] += 1
    assert not explained - in_source, "listed as not a reference but not in the source"

    extracted: Counter = Counter()
    clause_group = {cid: group for group in set(component.values()) for cid in group}
    for (clause_id, token), count in _extracted(book, shape).items():
        extracted[(clause_group[clause_id], token)] += count

    expected = in_source - explained
    missed = {(sorted(g)[0], t): n for (g, t), n in (expected - extracted).items()}
    invented = {(sorted(g)[0], t): n for (g, t), n in (extracted - expected).items()}
    assert not missed, f"in the source, neither extracted nor explained: {missed}"
    assert not invented, f"extracted, but not printed as a reference: {invented}"
