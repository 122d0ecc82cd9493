"""uhb ``deck``: deck and sideboard legality (1.0.2, 1.0.2a, 1.0.2b, 2.0.7).

"Same card" is the same card number, whatever the name or art (2.0.7);
two cards with one name and different numbers are different cards (2.0.2).
"""

from __future__ import annotations

import enum
from typing import Any

from pydantic import Field

from judge.board import BoardModel
from judge.bounds import UHB_DECK_SIZE as DECK_SIZE
from judge.deck import DeckCard, by_number, check_size, over_limit, total
from judge.ruling import Outcome, Trace

SIDEBOARD_SIZE = 10
COPIES = 3


class Format(enum.StrEnum):
    SINGLE_GAME = "SINGLE_GAME"
    MATCH = "MATCH"  # 多局赛制: best of three, best of five …


class DeckBoard(BoardModel):
    format: Format = Format.SINGLE_GAME
    deck: list[DeckCard] = Field(min_length=1)
    sideboard: list[DeckCard] = []


class DeckRuling(enum.StrEnum):
    LEGAL = "legal"
    WRONG_SIZE = "wrong_size"
    TOO_MANY_COPIES = "too_many_copies"
    WRONG_SIDEBOARD_SIZE = "wrong_sideboard_size"
    TOO_MANY_WITH_SIDEBOARD = "too_many_copies_with_sideboard"
    UNEVEN_SWAP = "uneven_sideboard_swap"  # 1.0.2b: cards swapped one for one


def judge(board: DeckBoard, trace: Trace) -> Outcome:
    problems: list[DeckRuling] = []
    size = total(board.deck)
    if not check_size(
        trace,
        size,
        DECK_SIZE,
        ("1.0.2",),
        "套牌共 {cards} 张，正好 {expected} 张。",
        "套牌共 {cards} 张，套牌必须为 {expected} 张。",
    ):
        problems.append(DeckRuling.WRONG_SIZE)
    over = _copies(trace, board.deck, "套牌中", ("1.0.2", "2.0.7"))
    if over:
        problems.append(DeckRuling.TOO_MANY_COPIES)
    _same_name(trace, board.deck + board.sideboard)
    combined = []
    if board.format is Format.MATCH:
        swapped = total(board.sideboard)
        if size != DECK_SIZE and size + swapped == DECK_SIZE + SIDEBOARD_SIZE:
            trace.step(
                f"套牌 {size} 张、备牌 {swapped} 张，合计仍为 {DECK_SIZE + SIDEBOARD_SIZE} 张：替换备牌时需将备牌与"
                "套牌中的牌等数量对换，不能通过替换备牌改变套牌中的牌的数量。",
                "1.0.2b",
                decisive=True,
            )
            problems.append(DeckRuling.UNEVEN_SWAP)
        elif not check_size(
            trace,
            swapped,
            SIDEBOARD_SIZE,
            ("1.0.2a",),
            "多局赛制：备牌共 {cards} 张，正好 {expected} 张。",
            "多局赛制：备牌共 {cards} 张，需准备 {expected} 张备牌。",
        ):
            problems.append(DeckRuling.WRONG_SIDEBOARD_SIZE)
        combined = _copies(trace, board.deck + board.sideboard, "套牌和备牌合计", ("1.0.2a",))
        combined = [entry for entry in combined if entry not in over]
        if combined:
            problems.append(DeckRuling.TOO_MANY_WITH_SIDEBOARD)
    elif board.sideboard:
        trace.step("单局游戏不使用备牌；备牌只用于多局赛制的各局之间。", "1.0.2a")
    if not problems:
        trace.step("每个卡牌编号都不超过三张，套牌合法。", "1.0.2", "2.0.7", decisive=True)
    return Outcome(
        problems[0] if problems else DeckRuling.LEGAL,
        {
            "legal": not problems,
            "problems": problems,
            "cards": size,
            "over_limit": over,
            "over_limit_with_sideboard": combined,
        },
    )


def _copies(trace: Trace, cards: list[DeckCard], where: str, cites: tuple[str, ...]) -> list[dict[str, Any]]:
    found = [{"number": number, "count": n} for number, n in over_limit(cards, by_number, COPIES)]
    for entry in found:
        trace.step(
            f"{where}卡牌编号 {entry['number']} 共 {entry['count']} 张，同编号的牌不能超过三张。",
            *cites,
            decisive=True,
            **entry,
        )
    return found


def _same_name(trace: Trace, cards: list[DeckCard]) -> None:
    numbers: dict[str, set[str]] = {}
    for card in cards:
        numbers.setdefault(card.name, set()).add(by_number(card))
    for name, found in numbers.items():
        if len(found) > 1:
            trace.step(
                f"「{name}」有不同的卡牌编号（{'、'.join(sorted(found))}），不被视为同一种牌，分开计算。",
                "2.0.2",
                numbers=sorted(found),
            )
