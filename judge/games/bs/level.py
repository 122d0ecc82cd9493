"""bs ``level``: a spirit's Lv and BP from the cores on it, or its depletion.

The book's own example (「デスクロードラゴン」: 1 core Lv1 BP 7000, 2 cores
Lv2 BP 10000, 3 or more Lv3 BP 13000) is this question.  With ``from_cores``
the ruling also says whether the Lv went up or down (「太陽龍齊格・阿波羅龍 X」).
A spirit that cannot keep its lowest Lv is depleted (消滅): to the trash,
its cores to the reserve — and that is not destruction, so nothing that
happens "when destroyed" happens.
"""

from __future__ import annotations

import enum

from pydantic import Field

from judge.board import BoardModel
from judge.bounds import Many
from judge.games.bs.rules import BP_ORDER, BP_ZERO, DEPLETION, DEPLETION_TERM, LV_CHANGE, UNION
from judge.games.bs.spirits import Spirit, explain_level, explain_power, level_of, power
from judge.ruling import Outcome, Trace


class LevelBoard(BoardModel):
    spirit: Spirit
    from_cores: Many | None = Field(None, description="the cores on it before they changed")


class LevelResult(enum.StrEnum):
    AT_LEVEL = "at_level"
    DEPLETED = "depleted"


def judge(board: LevelBoard, trace: Trace) -> Outcome:
    spirit = board.spirit
    result = power(spirit)
    _explain_change(trace, board)
    explain_level(trace, "", spirit, result.level, decisive=True)
    if result.level is None:
        trace.step(
            f"「{spirit.name}」當下消滅：卡牌放置到廢棄區，其上的 {spirit.cores} 個能量返回預備區。"
            "消滅與破壞不同，破壞時發生的效果不會發生。",
            DEPLETION,
            DEPLETION_TERM,
            decisive=True,
            to="trash",
            cores_to_reserve=spirit.cores,
        )
        return Outcome(
            LevelResult.DEPLETED,
            {
                "depleted": True,
                "lv": None,
                "bp": None,
                "to": "trash",
                "cores_to_reserve": spirit.cores,
                "destroyed": False,
            },
        )
    explain_power(trace, "", spirit, result)
    trace.mark_decisive_if_it_matters(lambda ignore: power(spirit, ignore).readings, UNION, BP_ORDER, BP_ZERO)
    return Outcome(
        LevelResult.AT_LEVEL,
        {
            "depleted": False,
            "lv": result.level.lv,
            "bp": result.value,
            "bp_readings": list(result.readings),
            "cores": spirit.cores,
        },
    )


def _explain_change(trace: Trace, board: LevelBoard) -> None:
    if board.from_cores is None or board.from_cores == board.spirit.cores:
        return
    before, after = (level_of(board.spirit, n) for n in (board.from_cores, board.spirit.cores))
    rising = board.spirit.cores > board.from_cores
    text = f"能量由 {board.from_cores} 個{'增加' if rising else '減少'}至 {board.spirit.cores} 個"
    if after is None:
        text += "。"
    elif before == after:
        text += f"，仍為 Lv{after.lv}。"
    else:
        was = f"Lv{before.lv}" if before else "未達最低 Lv"
        text += f"：{was} → Lv{after.lv}，Lv 隨之{'提升（升級）' if rising else '下降'}，BP 也隨之變化。"
    trace.step(text, LV_CHANGE, from_cores=board.from_cores, cores=board.spirit.cores)
