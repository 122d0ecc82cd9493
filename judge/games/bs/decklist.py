"""bs ``deck``: is this deck list legal?

40 cards or more, no upper limit; at most 3 cards of a name, whatever the
art or card number.  Cards with different 同名卡牌識別編號 (the number at the
end of the name) are different cards, and so is an awakening card (《轉醒》)
whose other face has a different name — its deck-building name is both
faces' names together.  Only one kind of contract card (at most 3), the
one taken into the opening hand included (FAQ 關於契約卡 Q1).  Token cards
never go in a deck; forbidden cards are not usable in Eternal.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Hashable
from typing import Any

from pydantic import Field

from judge.board import BoardModel
from judge.bounds import Flag
from judge.deck import DeckCard, check_size, copies, over_limit, total
from judge.games.bs.rules import (
    AWAKEN_NAME,
    CONTRACT_DECK,
    CONTRACT_HAND,
    DECK_SIZE,
    SAME_NAME,
    TOKEN,
    USABLE,
)
from judge.ruling import Outcome, Trace

MIN_CARDS = 40
COPIES = 3


class BsDeckCard(DeckCard):
    name_number: str | None = Field(None, description="同名卡牌識別編號: the number at the end of the name")
    other_face: str | None = Field(None, description="an awakening card's other face's name (《轉醒》)")
    contract: Flag = Field(False, description="a contract card (契約卡)")
    token: Flag = Field(False, description="a token card (衍生物卡)")
    forbidden: Flag = Field(False, description="on the Eternal forbidden list (禁止卡)")


class DeckBoard(BoardModel):
    cards: list[BsDeckCard] = Field(min_length=1)


Name = tuple[str, str | None, str | None]  # the name, its identifying number, the other face's name


def same_name(card: BsDeckCard) -> Name:
    """What 「同名」 means for bs: the name, its identifying number, an awakening card's other face."""
    return card.name, card.name_number, card.other_face


def _by_name_only(card: BsDeckCard) -> Hashable:
    return card.name


def _without_other_face(card: BsDeckCard) -> Hashable:
    return card.name, card.name_number


class DeckRuling(enum.StrEnum):
    LEGAL = "legal"
    TOO_FEW_CARDS = "too_few_cards"
    TOO_MANY_COPIES = "too_many_copies"
    TWO_CONTRACT_KINDS = "more_than_one_contract_kind"
    TOKEN_IN_DECK = "token_in_deck"
    FORBIDDEN_CARD = "forbidden_card"


def judge(board: DeckBoard, trace: Trace) -> Outcome:
    cards = board.cards
    problems: list[DeckRuling] = []
    size = total(cards)
    if not check_size(
        trace,
        size,
        MIN_CARDS,
        (DECK_SIZE,),
        "牌組共 {cards} 張，達到 {expected} 張以上（沒有張數上限）。",
        "牌組共 {cards} 張，牌組必須以 {expected} 張以上的卡牌構築。",
        at_least=True,
    ):
        problems.append(DeckRuling.TOO_FEW_CARDS)
    over = _copies(trace, cards)
    if over:
        problems.append(DeckRuling.TOO_MANY_COPIES)
    if _contract(trace, cards):
        problems.append(DeckRuling.TWO_CONTRACT_KINDS)
    for card in cards:
        if card.token:
            trace.step(f"「{card.name}」是衍生物卡，預先準備於牌組外，不可放入牌組中。", TOKEN, decisive=True)
            problems.append(DeckRuling.TOKEN_IN_DECK)
        if card.forbidden:
            trace.step(f"「{card.name}」是禁止卡，在 Eternal 中不可使用。", USABLE, decisive=True)
            problems.append(DeckRuling.FORBIDDEN_CARD)
    if not problems:  # a legal deck rests on its size as much as on its copies
        trace.mark_decisive(DECK_SIZE)
        trace.step("每種同名卡牌都不超過 3 張，牌組合法。", SAME_NAME, decisive=True)
    return Outcome(
        problems[0] if problems else DeckRuling.LEGAL,
        {
            "legal": not problems,
            "problems": list(dict.fromkeys(problems)),
            "cards": size,
            "over_limit": over,
        },
    )


def _label(key: Name) -> str:
    name, number, other = key
    return f"「{name}{f'（{number}）' if number else ''}{f'／{other}' if other else ''}」"


def _copies(trace: Trace, cards: list[BsDeckCard]) -> list[dict[str, Any]]:
    over: list[dict[str, Any]] = []
    for key, n in over_limit(cards, same_name, COPIES):
        entry = {"name": key[0], "name_number": key[1], "other_face": key[2], "count": n}
        trace.step(
            f"{_label(key)}放入 {n} 張：即使插圖或卡牌編號不同，同名卡牌最多只能放入 3 張。",
            SAME_NAME,
            decisive=True,
            **entry,
        )
        over.append(entry)
    numbered = {card.name for card in cards if card.name_number}
    if numbered:
        trace.step(
            "卡牌名稱末尾的同名卡牌識別編號不同的卡牌視為不同卡牌，分開計算："
            + "、".join(f"「{name}」" for name in sorted(numbered))
            + "。",
            SAME_NAME,
        )
    awakening = [card for card in cards if card.other_face]
    if awakening:
        trace.step(
            "轉醒卡的卡牌名稱為轉醒前與轉醒後兩者名稱的總和，其中一面名稱不同即視為不同卡牌："
            + "、".join(_label(same_name(card)) for card in awakening)
            + "。",
            AWAKEN_NAME,
        )
    if _saved_by(cards, _without_other_face, same_name):
        trace.mark_decisive(AWAKEN_NAME)
    if _saved_by(cards, _by_name_only, _without_other_face):
        trace.mark_decisive(SAME_NAME)
    return over


def _saved_by(
    cards: list[BsDeckCard], coarse: Callable[[BsDeckCard], Hashable], fine: Callable[[BsDeckCard], Hashable]
) -> bool:
    """Whether telling cards apart by ``fine`` keeps a card under the limit that ``coarse`` puts over it."""
    over_coarse = {key for key, _ in over_limit(cards, coarse, COPIES)}
    over_fine = {key for key, _ in over_limit(cards, fine, COPIES)}
    return any(coarse(card) in over_coarse and fine(card) not in over_fine for card in cards)


def _contract(trace: Trace, cards: list[BsDeckCard]) -> bool:
    """Steps for contract cards; True when there is more than one kind."""
    kinds = copies([card for card in cards if card.contract], same_name)
    if not kinds:
        return False
    listed = "、".join(f"{_label(key)} {n} 張" for key, n in kinds.items())
    trace.step(
        f"契約卡：{listed}；要加入起始手牌的契約卡也算在牌組的張數內。",
        CONTRACT_HAND,
        count=sum(kinds.values()),
    )
    if len(kinds) > 1:
        trace.step(
            f"牌組中放入了 {len(kinds)} 種契約卡，但只能放入 1 種（最多 3 張）。",
            CONTRACT_DECK,
            SAME_NAME,
            decisive=True,
            kinds=len(kinds),
        )
        return True
    trace.step("牌組中只有 1 種契約卡。", CONTRACT_DECK)
    return False
