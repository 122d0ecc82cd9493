"""The ucg rules on the replay: the timeline a board file states, the turn, and the rules.

The questions of old are views (:func:`judge.timeline.view`, in the package's
``ENGINE``): each is a timeline whose state is a snapshot at the start of one
phase, replayed to the end of that phase (``judgment``: the judgment phase;
``set_scene``: the scene phase …).
"""

from __future__ import annotations

from typing import Any

from pydantic import Field

from judge.action import Action
from judge.board import BoardProblem
from judge.effects import Effect
from judge.games.ucg import effects, play
from judge.games.ucg.actions import Activate, LevelUp, SetCharacter, SetScene, Swap
from judge.games.ucg.battle import judgment_of, records
from judge.games.ucg.outcome import UcgOutcome, UcgReason
from judge.games.ucg.rules import CITE
from judge.games.ucg.state import UcgState
from judge.games.ucg.turn import TURN
from judge.outcome import Result
from judge.players import Player
from judge.replay import Ending, Phrases, Replay, Rules
from judge.timeline import Timeline, actions_of

Run = Replay[UcgState]

UcgAction = actions_of(SetScene, SetCharacter, LevelUp, Activate, Swap)


class UcgTimeline(Timeline):
    """A ucg board file: the table at the start of a phase, then what happens."""

    state: UcgState
    actions: list[UcgAction] = Field(default_factory=list, description="what happens, in order")  # type: ignore[valid-type]


PHRASES = Phrases.chinese(
    "zh-Hant",
    not_now=("{verb} 不能在本回合剩下的階段或步驟進行（目前為 {point}）。", ("5.1.2",)),
    game_over=("遊戲已分出勝負；第 {index} 個動作（從 0 起算）起不再重演。", ("1.3.1",)),
    declined=("{effect} 為「可～」的效果，選擇不發揮。", ("11.3.2",)),
    optional=("是否發揮「可～」的效果 {effect}", ("11.3.1", "11.3.2")),
    condition_fails=("{effect} 的條件（{condition}）不成立，不發揮效果。", ("11.1",)),
    waits=("{effect} 等待觸發條件（{event}）滿足。", ("9.2.1",)),
    not_done=("前一個效果未執行或僅執行了部分內容，因此無法發揮 {effect}。", ("11.20.3", "11.4.2")),
    done=("{effect} 之前的效果是否已完全執行", ("11.20.2",)),
    done_in_full=("之前的效果已完全執行，因此可以發揮 {effect}。", ("11.4.1", "11.20.2")),
    fires=("{event}：觸發 {effect}。", ("9.2.1",)),
)

#: when each action may be taken, for a refusal out of its time
WHEN: dict[str, tuple[str, tuple[str, ...]]] = {
    "set_scene": ("場景牌在先攻方場景牌設置階段設置。", ("5.4.1",)),
    "set_character": ("角色牌在角色牌設置階段中，各自的步驟設置。", ("5.5.1",)),
    "level_up": ("升級在升級階段中，各自的步驟進行。", ("5.6.1",)),
    "activate": ("[發動] 效果在效果發動階段中，各自的步驟使用。", ("5.8.1",)),
}


#: the events a triggered effect may wait for, as the card text words them
EVENTS = {
    "enters": "《當本角色登場時》",
    "scene_set": "《當本場景出現時》",
    "battle_won": "「在對戰中獲勝時」",
    "battle_lost": "「在對戰中敗北時」",
    "turn_end": "「回合結束時」",
}


class UcgRules(Rules[UcgState, UcgOutcome]):
    game = "ucg"
    citations = CITE
    timeline = UcgTimeline
    outcome = UcgOutcome
    turn = TURN
    phrases = PHRASES
    times = WHEN
    events = frozenset(EVENTS)
    stats = frozenset({"bp", "level"})
    costs = True  # what is left of a [發動]'s 「→」 (9.4.3), paid in full or not at all (9.4.4)

    def event_name(self, event: str) -> str:
        return EVENTS.get(event, event)

    def act(self, replay: Run, action: Action) -> None:
        if isinstance(action, SetScene):
            play.set_scene(replay, action)
        elif isinstance(action, SetCharacter):
            play.set_character(replay, action)
        elif isinstance(action, LevelUp):
            play.level_up(replay, action)
        elif isinstance(action, Activate):
            play.activate(replay, action)
        elif isinstance(action, Swap):
            play.swap(replay, action)

    def anytime(self, state: UcgState, action: Action) -> bool:
        """A scene set (6.2.2) or a character brought out (11.8) by a card effect, and a swap of
        places (11.9, always an effect's), come when the effect says."""
        return isinstance(action, Swap) or (isinstance(action, (SetScene, SetCharacter)) and action.by_effect)

    def apply_effect(self, replay: Run, effect: Effect) -> None:
        effects.apply(replay, effect)

    def passed_over(self, replay: Run, effect: Effect, declined: bool, failed: bool = False) -> None:
        why = ("11.1",) if failed else ("11.3.2",) if declined else ("11.20.3", "11.4.2")
        effects.unmade(replay, effect, why)

    def goes_on(self, replay: Run, effect: Effect, before: Action) -> None:
        effects.goes_on(replay, effect, before)

    def process(self, replay: Run) -> None:
        """Lasting effects whose source card works no more end (10.1.2, 10.1.3.1, 10.1.1)."""
        effects.end_lost_sources(replay)

    def order(self, replay: Run, waiting: list[Effect]) -> list[Effect]:
        effects.say_order(replay, waiting)
        return super().order(replay, waiting)

    def next_turn(self, replay: Run) -> None:
        state = replay.state
        lead: Player = replay.fact(
            f"next_first:{state.turn}",
            state.next_first_player,
            (Player.A, Player.B),
            "下一回合的先攻方",
            "5.9.6.1",
        )
        state.turn = None if state.turn is None else state.turn + 1
        state.turn_player, state.next_first_player = lead, None
        state.scene_set, state.leveled, state.placed = False, [], []

    def effect_problems(self, where: str, effect: Effect) -> list[BoardProblem]:
        return effects.problems(where, effect)

    def conclude(self, replay: Run, ending: Ending | None) -> UcgOutcome:
        judged = judgment_of(replay)
        battles = records(judged) if judged else []
        wins = dict(judged.wins) if judged else None
        common: dict[str, Any] = {"state": replay.state, "battles": battles, "wins": wins}
        if judged is not None and ending is None:
            common |= {"next_first_player": judged.next_first, "next_first_player_reason": judged.lead}
        if ending is not None:
            ended = UcgReason(ending.reason.value)
            return UcgOutcome(result=ending.result, reason=ended, winner=ending.winner, **common)
        from judge.games.ucg.battle import GameResult

        reason: UcgReason = UcgReason.GAME_CONTINUES
        if judged is not None and judged.result is GameResult.TIED_WINS_CONTINUE:
            reason = UcgReason.TIED_WINS_CONTINUE
        return UcgOutcome(result=Result.CONTINUES, reason=reason, **common)


RULES = UcgRules()
