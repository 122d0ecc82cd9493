"""ucg ``deck``: is this deck list legal (4.1.1–4.1.3)?

The book limits copies twice, in two different words: 4.1.2 counts cards
whose name *and* number are the same, 2.3.9.1 / 2.4.6.1 count cards with the
same number.  When the two counts disagree about a list, the ruling says the
rulebook contradicts itself and cites both, instead of picking one; a card over both limits
breaks both, and each decides.
"""

from __future__ import annotations

import enum

from pydantic import Field

from judge.board import BoardModel
from judge.bounds import UCG_DECK_SIZE as DECK_SIZE
from judge.deck import DeckCard, by_name_and_number, by_number, check_size, over_limit, total
from judge.ruling import Outcome, Trace

COPIES = 4


class DeckBoard(BoardModel):
    cards: list[DeckCard] = Field(min_length=1)


def _as_printed(card: DeckCard) -> tuple[str, str]:
    """Name and number as printed, as if 4.1.3 did not merge alternate art."""
    return card.name, card.number


class DeckRuling(enum.StrEnum):
    LEGAL = "legal"
    WRONG_SIZE = "wrong_size"
    TOO_MANY_COPIES = "too_many_copies"
    RULEBOOK_CONFLICT = "rulebook_conflict"


def judge(board: DeckBoard, trace: Trace) -> Outcome:
    problems: list[DeckRuling] = []
    size = total(board.cards)
    if not check_size(
        trace,
        size,
        DECK_SIZE,
        ("4.1.1",),
        "牌組共 {cards} 張，正好 {expected} 張。",
        "牌組共 {cards} 張，牌組必須正好由 {expected} 張卡牌組成。",
    ):
        problems.append(DeckRuling.WRONG_SIZE)
    variants = [card for card in board.cards if card.counts_as]
    if variants:
        trace.step(
            "異圖卡版本與通常版本視為同一張卡牌："
            + "、".join(f"{c.number}→{c.counts_as}" for c in variants)
            + "。",
            "4.1.3",
            variants=[c.number for c in variants],
        )
    named = over_limit(board.cards, by_name_and_number, COPIES)
    if variants and len(named) != len(over_limit(board.cards, _as_printed, COPIES)):
        trace.mark_decisive("4.1.3")
    numbered = over_limit(board.cards, by_number, COPIES)
    over = [{"name": name, "number": number, "count": n} for (name, number), n in named]
    for entry in over:
        trace.step(
            f"「{entry['name']}」（{entry['number']}）放入 {entry['count']} 張，卡牌名稱與卡牌編號皆相同的"
            "卡牌最多 4 張；相同卡牌編號的卡牌也最多 4 張。",
            "4.1.2",
            "2.3.9.1",
            decisive=True,
            **entry,
        )
    if named:
        problems.append(DeckRuling.TOO_MANY_COPIES)
    only_by_number = [(number, n) for number, n in numbered if number not in {e["number"] for e in over}]
    for number, n in only_by_number:
        trace.conflict(
            f"卡牌編號 {number} 共 {n} 張，但卡牌名稱不同。2.3.9.1／2.4.6.1 限制相同卡牌編號最多 4 張，"
            "4.1.2 則只限制卡牌名稱與卡牌編號皆相同的卡牌；兩者對此牌組的結論不同。",
            "2.3.9.1",
            "2.4.6.1",
            "4.1.2",
            number=number,
            count=n,
        )
        trace.mark_decisive("2.3.9.1", "4.1.2")
    if problems:
        reason = problems[0]
    elif only_by_number:
        reason = DeckRuling.RULEBOOK_CONFLICT
    else:
        trace.step("每張卡牌都不超過 4 張。", "4.1.2", "2.3.9.1")
        reason = DeckRuling.LEGAL
    legal = None if reason is DeckRuling.RULEBOOK_CONFLICT else not problems
    return Outcome(
        reason,
        {
            "legal": legal,
            "problems": problems,
            "cards": size,
            "over_limit": over,
            "disputed": [{"number": number, "count": n} for number, n in only_by_number],
        },
    )
