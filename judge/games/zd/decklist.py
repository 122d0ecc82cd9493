"""zd ``deck``: is this deck list legal (100.p2, 201.p1, 327)?

A deck is 50 cards with at most four of the same card.  "The same card"
is the same printed text — name, type, cost, colour, character names,
attributes, effects, attack, defence, bonuses, tactic type and counter
effect — whatever the picture, rarity or card number (327.p1).  So two
printings with different numbers and one text count together, and two
cards with one name and different texts count apart.  In official events a
deck may not mix anime series (100.p2).  Which cards are banned or limited
is published by the organiser, not in the rulebook (903.p1): a legal
ruling says so.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterator
from typing import Any

from pydantic import Field

from judge.board import BoardModel, Path
from judge.bounds import ZD_DECK_SIZE as DECK_SIZE
from judge.bounds import Flag
from judge.deck import DeckCard, by_number, check_size, over_limit, total
from judge.ruling import Outcome, Trace

COPIES = 4


class ZdCard(DeckCard):
    text: str = Field(min_length=1, description="the card's printed text: everything 327.p1 compares")
    series: str | None = Field(None, description="the anime series (动画图标), for official events")


class DeckBoard(BoardModel):
    cards: list[ZdCard] = Field(min_length=1)
    official_event: Flag = Field(False, description="an official event: one anime series only")

    def impossibilities(self) -> Iterator[tuple[Path, str, tuple[str, ...]]]:
        if self.official_event:
            for i, card in enumerate(self.cards):
                if card.series is None:
                    yield ("cards", i, "series"), "required in an official event", ("100.p2",)


def by_text(card: ZdCard) -> str:
    """327.p1: identical printed text is the same card (spacing aside)."""
    return re.sub(r"\s+", "", card.text)


class DeckRuling(enum.StrEnum):
    LEGAL = "legal"
    WRONG_SIZE = "wrong_size"
    TOO_MANY_COPIES = "too_many_copies"
    MIXED_SERIES = "mixed_series"


def judge(board: DeckBoard, trace: Trace) -> Outcome:
    problems: list[DeckRuling] = []
    size = total(board.cards)
    if not check_size(
        trace,
        size,
        DECK_SIZE,
        ("100.p2", "201.p1"),
        "牌组共 {cards} 张，正好 {expected} 张。",
        "牌组共 {cards} 张，每位玩家需要准备一套数量为 {expected} 张的牌组。",
    ):
        problems.append(DeckRuling.WRONG_SIZE)
    _same_cards(trace, board.cards)
    over: list[dict[str, Any]] = []
    for text, n in over_limit(board.cards, by_text, COPIES):
        printings = [c for c in board.cards if by_text(c) == text]
        numbers = list(dict.fromkeys(c.number for c in printings))
        entry: dict[str, Any] = {"name": printings[0].name, "numbers": numbers, "count": n}
        trace.step(
            f"「{entry['name']}」（{'、'.join(entry['numbers'])}）共 {n} 张：同一张牌在一套牌组中的数量不能超过四张。",
            "327.p2",
            "100.p2",
            "327.p1",
            **entry,
        )
        trace.mark_decisive("327.p2", "100.p2")
        over.append(entry)
    if over:
        problems.append(DeckRuling.TOO_MANY_COPIES)
    if bool(over) != bool(over_limit(board.cards, by_number, COPIES)):
        trace.mark_decisive("327.p1")  # counting by card number would judge the copies otherwise
    series = sorted({c.series for c in board.cards if c.series})
    if board.official_event and len(series) > 1:
        trace.step(
            f"正式的官方比赛中，不同动画系列的卡牌不能放入同一套牌组：此牌组有 {'、'.join(series)}。",
            "100.p2",
            decisive=True,
            series=series,
        )
        problems.append(DeckRuling.MIXED_SERIES)
    if not problems:
        trace.step(
            "文字信息完全相同的牌为同一张牌；每张同一张牌都不超过四张，牌组合法。",
            "327.p2",
            "100.p2",
            "327.p1",
        )
        trace.mark_decisive("327.p2", "100.p2")
        trace.silent("禁止或限制使用的卡牌由零次元官方定期公布，规则书中没有列出，此处未检查。", "903.p1")
    return Outcome(
        problems[0] if problems else DeckRuling.LEGAL,
        {"legal": not problems, "problems": problems, "cards": size, "over_limit": over},
    )


def _same_cards(trace: Trace, cards: list[ZdCard]) -> None:
    """Say where 327.p1 merges printings or keeps same-named cards apart."""
    numbers: dict[str, list[str]] = {}
    texts: dict[str, set[str]] = {}
    by_number: dict[str, set[str]] = {}
    for card in cards:
        numbers.setdefault(by_text(card), []).append(card.number)
        texts.setdefault(card.name, set()).add(by_text(card))
        by_number.setdefault(card.number, set()).add(by_text(card))
    for found in numbers.values():
        if len(set(found)) > 1:
            listed = "、".join(dict.fromkeys(found))
            trace.step(
                f"{listed} 的文字信息完全相同，是同一张牌：卡牌编号、图片和稀有度不在同一张牌参照的内容之中。",
                "327.p1",
                numbers=list(dict.fromkeys(found)),
            )
    for number, printed in by_number.items():
        if len(printed) > 1:
            trace.step(
                f"编号 {number} 的牌有 {len(printed)} 种不同的文字信息，不是同一张牌，分开计算。",
                "327.p1",
                number=number,
                texts=len(printed),
            )
    for name, printed in texts.items():
        if len(printed) > 1:
            trace.step(
                f"「{name}」有 {len(printed)} 种不同的文字信息，不是同一张牌，分开计算。",
                "327.p1",
                name=name,
                texts=len(printed),
            )
