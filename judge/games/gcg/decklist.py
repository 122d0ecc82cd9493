"""gcg ``deck``: is this deck and energy deck legal (6-1-1, 2-1)?

Exactly 50 cards of the four deck types and exactly 10 energy cards
(6-1-1, 6-1-1-1, 6-1-1-4); one or two colours (6-1-1-2); at most 4 cards
of one card number (6-1-1-3, 2-1-2 — the same number is the same card,
2-1-1), while the energy deck takes any number of copies (6-1-1-5).
"""

from __future__ import annotations

import enum
from collections.abc import Iterator

from pydantic import Field

from judge.board import BoardModel, Path
from judge.bounds import GCG_DECK_SIZE as DECK_SIZE
from judge.bounds import GCG_ENERGY_DECK_SIZE as ENERGY_DECK_SIZE
from judge.deck import DeckCard, by_number, check_size, over_limit, total
from judge.ruling import Outcome, Trace

COPIES = 4
MOST_COLOURS = 2


class CardType(enum.StrEnum):
    UNIT = "UNIT"  # 機體
    PILOT = "PILOT"  # 駕駛員
    COMMAND = "COMMAND"  # 指令
    BASE = "BASE"  # 基地
    ENERGY = "ENERGY"  # 能源


class Colour(enum.StrEnum):
    BLUE = "BLUE"  # 藍色
    GREEN = "GREEN"  # 綠色
    RED = "RED"  # 紅色
    WHITE = "WHITE"  # 白色


COLOUR_NAMES = {Colour.BLUE: "藍色", Colour.GREEN: "綠色", Colour.RED: "紅色", Colour.WHITE: "白色"}


class GcgCard(DeckCard):
    """A deck card: every card but energy cards has a colour (2-4-2)."""

    type: CardType
    colour: Colour | None = None

    def impossibilities(self) -> Iterator[tuple[Path, str, tuple[str, ...]]]:
        if self.type is not CardType.ENERGY and self.colour is None:
            yield ("colour",), "required: every card other than energy cards has a colour", ("2-4-2",)


class DeckBoard(BoardModel):
    cards: list[GcgCard] = Field(min_length=1, description="the deck (卡組)")
    energy_deck: list[DeckCard] = Field(description="the energy deck (能源卡組): energy cards")


class DeckRuling(enum.StrEnum):
    LEGAL = "legal"
    WRONG_SIZE = "wrong_size"
    WRONG_ENERGY_DECK_SIZE = "wrong_energy_deck_size"
    WRONG_CARD_TYPE = "energy_card_in_deck"
    WRONG_COLOUR_COUNT = "wrong_colour_count"
    TOO_MANY_COPIES = "too_many_copies"


def judge(board: DeckBoard, trace: Trace) -> Outcome:
    problems = _sizes(board, trace) + _types(board, trace) + _colours(board, trace) + _copies(board, trace)
    _energy_copies(board, trace, decisive=not problems)
    if not problems:
        trace.step("卡組與能源卡組皆符合卡組構築的規則。", "6-1-1", "6-1-1-3")
    return Outcome(
        problems[0] if problems else DeckRuling.LEGAL,
        {
            "legal": not problems,
            "problems": problems,
            "cards": total(board.cards),
            "energy_cards": total(board.energy_deck),
            "colours": colours_of(board),
            "over_limit": [
                {"number": number, "count": n} for number, n in over_limit(board.cards, by_number, COPIES)
            ],
        },
    )


def _sizes(board: DeckBoard, trace: Trace) -> list[DeckRuling]:
    deck = check_size(
        trace,
        total(board.cards),
        DECK_SIZE,
        ("6-1-1",),
        "卡組共 {cards} 張，正好 {expected} 張。",
        "卡組共 {cards} 張，卡組必須正好 {expected} 張。",
    )
    energy = check_size(
        trace,
        total(board.energy_deck),
        ENERGY_DECK_SIZE,
        ("6-1-1",),
        "能源卡組共 {cards} 張，正好 {expected} 張。",
        "能源卡組共 {cards} 張，能源卡組必須正好 {expected} 張。",
    )
    return [
        problem
        for problem, ok in ((DeckRuling.WRONG_SIZE, deck), (DeckRuling.WRONG_ENERGY_DECK_SIZE, energy))
        if not ok
    ]


def _types(board: DeckBoard, trace: Trace) -> list[DeckRuling]:
    energy = [card.number for card in board.cards if card.type is CardType.ENERGY]
    if not energy:
        return []
    trace.step(
        "卡組由機體卡牌、駕駛員卡牌、指令卡牌、基地卡牌構成；能源卡牌只能放入能源卡組："
        + "、".join(energy)
        + "。",
        "6-1-1-1",
        "6-1-1-4",
        decisive=True,
        energy_cards=energy,
    )
    return [DeckRuling.WRONG_CARD_TYPE]


def colours_of(board: DeckBoard) -> list[Colour]:
    return list(dict.fromkeys(card.colour for card in board.cards if card.colour is not None))


def _colours(board: DeckBoard, trace: Trace) -> list[DeckRuling]:
    colours = colours_of(board)
    named = "、".join(COLOUR_NAMES[c] for c in colours) or "無"
    if 1 <= len(colours) <= MOST_COLOURS:
        trace.step(
            f"卡組由 {len(colours)} 種顏色（{named}）的卡牌構成，滿足構築條件。",
            "6-1-1-2",
            "6-1-1-2-1",
            colours=colours,
        )
        return []
    trace.step(
        f"卡組中有 {len(colours)} 種顏色（{named}）；只有由 1 種或 2 種顏色的卡牌構成的卡組才滿足構築條件。",
        "6-1-1-2",
        decisive=True,
        colours=colours,
    )
    return [DeckRuling.WRONG_COLOUR_COUNT]


def _copies(board: DeckBoard, trace: Trace) -> list[DeckRuling]:
    over = over_limit(board.cards, by_number, COPIES)
    for number, n in over:
        trace.step(
            f"卡牌編號 {number} 共 {n} 張；卡牌編號一致的卡牌視為相同卡牌，卡組中最多只能放入 {COPIES} 張。",
            "2-1-1",
            "6-1-1-3",
            decisive=True,
            number=number,
            count=n,
        )
    return [DeckRuling.TOO_MANY_COPIES] if over else []


def _energy_copies(board: DeckBoard, trace: Trace, decisive: bool) -> None:
    """6-1-1-5 lets energy cards past the limit of 4; it decides only a deck legal otherwise."""
    repeated = [number for number, _ in over_limit(board.energy_deck, by_number, COPIES)]
    if repeated:
        trace.step(
            "能源卡組中可以放入任意張數的相同卡牌編號的能源卡牌：" + "、".join(map(str, repeated)) + "。",
            "6-1-1-5",
            decisive=decisive,
            numbers=repeated,
        )
