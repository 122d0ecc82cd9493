"""uhb ``form_change``: is this form change legal (4.1, 5.10)?"""

from __future__ import annotations

import enum

from pydantic import Field

from judge.board import BoardModel
from judge.bounds import Flag, UhbCards
from judge.ruling import Outcome, Trace


class Phase(enum.StrEnum):
    FORM_CHANGE = "FORM_CHANGE"
    OTHER = "OTHER"


class Place(enum.StrEnum):
    OWN_FIELD = "OWN_FIELD"
    OPPONENT_FIELD = "OPPONENT_FIELD"
    HAND = "HAND"
    OTHER = "OTHER"


class Changing(BoardModel):
    """The card on the field that is replaced (进行形态转换的牌)."""

    name: str = Field(min_length=1)
    place: Place = Place.OWN_FIELD
    face_up: Flag = True
    change_mark: str | None = Field(None, description="the keyword on its form-change mark, if it has one")


class Entering(BoardModel):
    """The card that replaces it (通过形态转换进场的牌)."""

    name: str = Field(min_length=1)
    place: Place = Place.HAND
    keywords: list[str] = []
    change_effect: Flag = Field(False, description="has a 转 effect (2.0.5g)")


class FormChangeBoard(BoardModel):
    phase: Phase = Phase.FORM_CHANGE
    by_effect: Flag = Field(False, description="an extra form change granted by a card effect")
    changes_this_turn: UhbCards = 0
    changing: Changing
    entering: Entering


class FormChange(enum.StrEnum):
    LEGAL = "legal"
    WRONG_PHASE = "wrong_phase"
    ALREADY_CHANGED = "already_changed_this_turn"
    NOT_FACE_UP_ON_OWN_FIELD = "not_face_up_on_own_field"
    NO_CHANGE_MARK = "no_change_mark"
    NOT_IN_HAND = "not_in_hand"
    KEYWORD_MISSING = "keyword_missing"


def judge(board: FormChangeBoard, trace: Trace) -> Outcome:
    failed = _timing(board, trace) + _changing(board, trace) + _entering(board, trace)
    if failed:
        return Outcome(failed[0], {"legal": False, "failed": failed})
    changing, entering = board.changing, board.entering
    trace.step(
        f"以「{entering.name}」替换「{changing.name}」，被替换的「{changing.name}」移入休息区。",
        "5.10.1",
        rest_area=[changing.name],
        field=entering.name,
    )
    if entering.change_effect:
        trace.step(f"随后触发「{entering.name}」的形态转换效果。", "5.10.1", "2.0.5g")
    return Outcome(
        FormChange.LEGAL,
        {
            "legal": True,
            "failed": [],
            "rest_area": [changing.name],
            "field": entering.name,
            "change_effect": entering.change_effect,
        },
    )


def _timing(board: FormChangeBoard, trace: Trace) -> list[FormChange]:
    if board.by_effect:
        trace.step("因卡牌效果进行的额外形态转换不受每回合一次的限制。", "5.10.4", decisive=True)
        return []
    failed = []
    if board.phase is not Phase.FORM_CHANGE:
        trace.step("形态转换在形态转换阶段进行。", "4.1.2", "5.10.1", decisive=True, phase=board.phase)
        failed.append(FormChange.WRONG_PHASE)
    if board.changes_this_turn:
        trace.step(
            "每回合只能进行一次形态转换，本回合已进行过。",
            "5.10.4",
            "4.1.1a~2",
            decisive=True,
            changes_this_turn=board.changes_this_turn,
        )
        failed.append(FormChange.ALREADY_CHANGED)
    else:
        trace.step("本回合尚未进行形态转换，可以进行 1 次。", "4.1.2", "5.10.4")
    return failed


def _changing(board: FormChangeBoard, trace: Trace) -> list[FormChange]:
    card = board.changing
    failed = []
    if card.place is Place.OWN_FIELD and card.face_up:
        trace.step(f"「{card.name}」正面表示存在于我方战场上。", "5.10.2a")
    else:
        trace.step(
            f"「{card.name}」不是正面表示存在于我方战场上的牌。",
            "5.10.2a",
            decisive=True,
            place=card.place,
            face_up=card.face_up,
        )
        failed.append(FormChange.NOT_FACE_UP_ON_OWN_FIELD)
    if card.change_mark:
        trace.step(f"「{card.name}」带有转换标记，标注的关键词为「{card.change_mark}」。", "5.10.2b")
    else:
        trace.step(f"「{card.name}」没有转换标记。", "5.10.2b", decisive=True)
        failed.append(FormChange.NO_CHANGE_MARK)
    return failed


def _entering(board: FormChangeBoard, trace: Trace) -> list[FormChange]:
    card, mark = board.entering, board.changing.change_mark
    failed = []
    if card.place is Place.HAND:
        trace.step(f"「{card.name}」处于我方手牌中。", "5.10.3a")
    else:
        trace.step(f"「{card.name}」不在我方手牌中。", "5.10.3a", decisive=True, place=card.place)
        failed.append(FormChange.NOT_IN_HAND)
    if mark is None:
        return failed
    if mark in card.keywords:
        trace.step(
            f"「{card.name}」具有转换标记所标注的关键词「{mark}」。",
            "5.10.3b",
            decisive=True,
            keywords=card.keywords,
        )
    else:
        by_name = "（卡牌名称中虽含有该词，但需检查的是关键词而非卡牌名称）" if mark in card.name else ""
        trace.step(
            f"「{card.name}」不具有关键词「{mark}」{by_name}。",
            "5.10.3b",
            *(("5.10.3c",) if by_name else ()),
            decisive=True,
            keywords=card.keywords,
        )
        failed.append(FormChange.KEYWORD_MISSING)
    return failed
