"""ucg situations: timeline files under judge/examples/ucg/, each written from the rulebook text
with its question in its header comment, ruled by replay.

Each test names the outcome and every clause that decides it *by quote*: an exact phrase of
the clause's text, looked up in the parsed book (so a clause is named by what it says, and a
renumbered or reworded book fails here).  ``decides`` is the whole set of decisive clauses;
``refused`` the clauses a refusal cites; ``why_not`` clauses among the ruling's "why not";
``cited`` clauses some step must cite.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from judge.outcome import Result
from judge.players import Player
from judge.registry import rule_text
from judge.ruling import Ruling, StepKind
from judge.state import Status
from tests.judging import Quote, clause_by_quote

EXAMPLES = Path(__file__).resolve().parents[1] / "judge" / "examples" / "ucg"

Q_1_2_3 = "如果該效果的部分內容可以執行，則執行該部分內容"
Q_1_3_2 = "同時在 3 處或以上的戰鬥中勝出的玩家，即獲得遊戲勝利"
Q_1_3_3 = "以勝利數較多者獲勝"
Q_1_3_3_1 = "勝利數相同，則繼續進行遊戲"
Q_1_3_4 = "無法將新的角色牌面朝下放置在戰場上，則該玩家立即敗北"
Q_1_3_6 = "即使無法從自己的牌組中抽牌，也不會判定為敗北"
Q_2_3_2_2 = "在角色升級時等情況下會參照此名稱"
Q_2_4_2_2 = "亮起的光點數（回合圖標）或以上的回合數"
Q_2_4_2_3 = "在戰場上展開的戰鬥區域數量被計為回合數"
Q_5_1_2 = "每回合依次進行以下 9 個階段"
Q_5_3_1 = "遊戲的初始回合不進行抽牌"
Q_5_3_2 = "從第二回合開始，雙方玩家均從自己牌組的最上方抽一張牌"
Q_5_4_1 = "這是先攻方玩家可以設置場景牌的階段"
Q_5_4_2 = "場景牌每回合只能在戰場內設置一張"
Q_5_5_6 = "除非有特別指示，已設置的角色牌不能移動或移除"
Q_5_5_1 = "角色牌設置階段分為先攻方角色牌設置步驟和後攻方角色牌設置步驟"
Q_5_5_3_1 = "先攻玩家從手牌中選擇一張角色牌"
Q_5_5_4_1 = "後攻玩家需將手牌中的一張角色牌以縱向面朝下的方式"
Q_5_6_1 = "升級階段分為先攻方升級步驟和後攻方升級步驟"
Q_5_6_2_1 = "可以將其覆蓋在該角色牌上以縱向疊加的方式進行升級"
Q_5_6_2_2 = "升級時不能跳過等級，也不能將相同等級的卡牌疊加"
Q_5_6_2_3 = "每張最多只能升級一次"
Q_5_7_1 = "雙方將戰場上放置的所有面朝下的牌翻轉為面朝上"
Q_5_7_2_1 = "效果說明將會被逐步結算"
Q_5_7_3_1 = "後攻方玩家可進行與先攻方登場時效果步驟相同的操作"
Q_5_9_3_2 = "包括之前回合放置的角色也會重新進行戰鬥"
Q_5_9_4_1 = "較高的一方獲勝，較低的一方則敗北"
Q_5_9_4_2 = "獲勝的一方將角色保持縱向，敗北的一方將角色橫向擺放"
Q_5_9_5_1 = "如果 BP 相同，則判定為平局"
Q_5_9_5_2 = "平局時，雙方角色均橫向擺放"
Q_5_9_6_1 = "在最新一輪戰鬥中獲勝的玩家將成為下一回合的先攻方"
Q_5_9_6_2 = "則本回合的先攻方玩家在下一回合仍為先攻方"
Q_5_10_2 = "期限為到回合結束為止的效果將結束"
Q_6_1_1 = "場景牌是只能在戰場上設置一張的卡牌"
Q_6_1_2 = "每回合只能在戰場上以正面朝上的方式設置一張場景牌"
Q_6_2_1 = "設置場景牌的玩家可抽一張牌"
Q_6_2_2 = "透過效果等方式將場景牌設置於場景區的抽一張牌"
Q_6_2_3 = "會先於「《當本場景出現時》」等效果說明之前進行"
Q_6_3_1 = "不大於戰場上回合數的場景牌"
Q_6_3_2 = "可以用具有相同或更高回合數的場景牌進行替換"
Q_6_3_3 = "設置於場景區的場景牌效果只能由該場景牌的持有者使用"
Q_3_2_3 = "該卡牌先前在舊領域中所受到的效果將不再適用"
Q_5_2_1 = "是確認先攻和後攻的階段"
Q_8_1_2 = "「EXTRA」的數值將成為 BP"
Q_8_1_1 = "BP 參照的是疊加在最上方的角色牌的 BP"
Q_9_2_1 = "會在滿足各自的觸發條件"
Q_9_2_2 = "即使不是在登場時效果步驟中登場"
Q_9_4_2 = "並記述每回合可以使用的次數"
Q_9_4_3 = "「→」右側的文字則是支付該消耗後所發揮的效果"
Q_9_4_4 = "如果無法支付所記述的全部消耗，則無法使用該[發動]型效果"
Q_10_1_3_1 = "只有最上面的那張正面朝上的卡牌的效果說明會發揮效果"
Q_10_1_2 = "否則卡牌在戰場上時會發揮效果"
Q_10_1_3_4 = "則從先攻方玩家開始依次結算"
Q_10_1_3_2 = "在該能力結算的時間點，該卡牌必須位於角色的最上方且為正面朝上"
Q_11_3_1 = "可以發揮「(A)」中記述的效果"
Q_11_3_2 = "也可以選擇不發揮「(A)」中記述的效果"
Q_11_4_1 = "藉由執行(A)中記述的條件，即會發揮後述的(B)效果"
Q_11_4_2 = "若未執行(A)中記述的條件，則無法發揮後述的(B)效果"
Q_11_6_1 = "「上升一級」效果是指僅BP變化"
Q_11_6_3 = "沒有變化後的BP，效果仍然生效"
Q_11_7_1 = "這是增加或減少目標角色 BP 的效果"
Q_11_7_3 = "先適用「升級/降級」效果，然後再適用"
Q_11_7_2 = "角色的 BP 數值也不會因此成為負數"
Q_11_8_1 = "這是將目標卡牌登場於指定位置的效果"
Q_11_8_2 = "若該卡牌於戰場登場，則適用《當本角色登場時》效果"
Q_11_9_1 = "這是將目標卡牌所在的位置進行交換的效果"
Q_11_9_2 = "即使目標卡牌擁有《當本角色登場時》效果，也不會發揮該效果"
Q_11_10_1 = "從牌組頂部逐張抽牌並加入手牌"
Q_11_12_1 = "這是將目標卡牌放回持有者手牌中的效果"
Q_11_12_2 = "那麼 B 的效果將不會被結算"
Q_11_13_1 = "這是將目標卡牌的效果說明無效化的效果"
Q_11_13_2 = "結算後立即失效"
Q_11_14_2 = "即使在無法發揮或選擇不發揮(A)效果的情況下"
Q_11_15_1 = "無法以SINGLE狀態登場於戰鬥區"
Q_11_16_1 = "若效果為「視為平局」，則該角色的對戰結果為雙方角色平局"
Q_11_16_2 = "則該場對戰判定為平局"
Q_11_16_3 = "獲得「視為平局」效果的角色則視為敗北"
Q_11_17_1 = "充能牌會附加在放置其下方的角色上"
Q_11_17_2 = "充能牌不計入其主體角色的狀態"
Q_11_17_5 = "分離的充能牌將會被送往其擁有者的棄牌區"
Q_11_17_6 = "附加在放置其下方的充能牌將會被送往棄牌區"
Q_11_18_1 = "只要雙方卡牌擁有共同的[TEAM][○○]，即可進行升級"
Q_11_1 = "部分情況下還記述了執行該效果的條件"
Q_11_19_2 = ("關於「(A)，即可/並可(B)。」效果", "若無法完全執行(A)的內容，則盡可能執行可執行的部分內容")
Q_11_19_3 = "(B)為選擇性執行"
Q_5_1_3 = "即使沒有任何操作，階段本身依然存在"
Q_11_20_3 = "或僅執行了部分內容，則無法發揮後述的(B)效果"
Q_12_1_1 = "需將違規放置的卡牌返回手牌"
Q_12_4_1 = "該戰鬥區中會產生空位"
Q_12_4_2_1 = "若戰鬥區中只有一名角色且沒有對戰對手，則該角色贏得該場戰鬥"
Q_12_4_2_2 = "若戰鬥區中完全沒有角色，則該場戰鬥沒有結果"
Q_12_4_2_3 = "若最新一輪的戰鬥區中沒有勝負結果"
Q_12_4_3 = "玩家必須在自己所有空出的戰鬥區中設置角色牌"
Q_5_6_3_1 = "後攻玩家可進行與先攻方升級步驟相同的操作"
Q_5_8_1 = "效果發動階段分為先攻方效果發動步驟和後攻方效果發動步驟"
Q_11_6_4 = "EXTRA的BP雖是「升級/降級」時沒有變動目標的BP"
Q_11_6_5 = "該卡牌的狀態為「正在升級/降級中」"
Q_3_7_1 = "棄牌區是放置從牌組、手牌、戰場等轉為棄牌的卡牌的領域"
Q_3_8_1 = "稱為「從遊戲中移除」"
Q_3_8_2 = "從遊戲中移除的卡牌在該場比賽中將無法再使用"
BATTLE = (Q_8_1_1, Q_5_9_4_1)


def clause(quote: Quote) -> str:
    return clause_by_quote("ucg", quote)


@dataclass(frozen=True)
class Expect:
    result: Result
    reason: str | None = None
    decides: tuple[str, ...] = ()
    refused: tuple[str, ...] = ()
    why_not: tuple[str, ...] = ()
    cited: tuple[str, ...] = ()
    winner: Player | None = None
    next_first: Player | None = None
    check: Callable[[Ruling], Any] | None = field(default=None, compare=False)


def state(ruling: Ruling) -> Any:
    return ruling.outcome.state


def texts(ruling: Ruling) -> list[str]:
    return [step.text for step in ruling.steps]


SITUATIONS: dict[str, Expect] = {
    # -- a whole turn from its start --------------------------------------------------------------
    "turn_whole": Expect(
        Result.CONTINUES,
        "game_continues",
        decides=(Q_5_9_6_1, *BATTLE),
        why_not=(Q_1_3_2, Q_1_3_4),
        cited=(Q_5_3_2, Q_5_5_3_1, Q_5_6_1, Q_5_7_1, Q_5_9_4_2),
        next_first=Player.B,
        check=lambda r: (state(r).turn, state(r).turn_player, state(r).areas[0].A.cards) == (4, Player.B, 2),
    ),
    "turn_first": Expect(
        Result.CONTINUES,
        "game_continues",
        decides=(Q_5_9_6_1, *BATTLE),
        why_not=(Q_1_3_2, Q_1_3_4),
        cited=(Q_5_3_1,),
        next_first=Player.A,
        check=lambda r: state(r).players.A.deck.total == 44 and len(state(r).areas) == 1,
    ),
    "turn_game_won": Expect(
        Result.WON, "three_battles_won", decides=(Q_1_3_2, *BATTLE), cited=(Q_5_9_3_2,), winner=Player.A
    ),
    "turn_empty_deck": Expect(
        Result.CONTINUES,
        "game_continues",
        decides=(
            Q_5_3_2,
            Q_1_3_6,
        ),
        why_not=(Q_1_3_6,),
        cited=(Q_1_2_3, Q_5_3_2),
        check=lambda r: (state(r).players.A.hand.total, state(r).players.B.hand.total) == (4, 2),
    ),
    "turn_draw_both_players": Expect(
        Result.CONTINUES,
        "game_continues",
        decides=(Q_5_3_2,),
        cited=(Q_5_3_2,),
        check=lambda r: (
            (state(r).players.A.hand.names(), state(r).players.B.hand.names()) == (["乙"], ["甲"])
        ),
    ),
    # -- two battles, the second seeing the first's result ----------------------------------------
    "two_turns_lead_passes": Expect(
        Result.CONTINUES,
        "game_continues",
        decides=(Q_5_9_6_1, *BATTLE, Q_2_4_2_3, Q_2_4_2_2, Q_6_3_1),
        check=lambda r: (
            (state(r).turn, state(r).turn_player, state(r).scene.owner) == (4, Player.B, Player.B)
        ),
    ),
    "two_turns_loser_sets_scene": Expect(Result.REFUSED, decides=(Q_5_4_1,), refused=(Q_5_4_1,)),
    "two_turns_battle_again": Expect(
        Result.WON,
        "three_battles_won",
        decides=(Q_1_3_2, *BATTLE),
        cited=(Q_5_9_3_2, Q_5_9_6_1),
        winner=Player.A,
        check=lambda r: [b.result.value for b in r.outcome.battles] == ["A", "A", "B", "A"],
    ),
    "two_turns_activate_again": Expect(
        Result.CONTINUES,
        "game_continues",
        decides=(Q_5_9_6_1, *BATTLE, Q_11_7_1),
        why_not=(Q_9_4_2,),
        cited=(Q_5_10_2,),
        check=lambda r: (
            [t for t in texts(r) if "[發動]" in t] == ["玩家 A 支付消耗，使用 賽羅 的 [發動] 效果。"] * 2
            and state(r).areas[1].A.modifiers[0].by == 1000
        ),
    ),
    "two_turns_scene_text_lasts": Expect(
        Result.WON,
        "three_battles_won",
        decides=(Q_1_3_2, *BATTLE, Q_11_7_1),
        cited=(Q_5_5_3_1, Q_5_5_4_1, Q_5_9_6_1),
        winner=Player.A,
        check=lambda r: (
            len(state(r).areas) == 4
            and r.outcome.battles[1].bp == {Player.A: 5000, Player.B: 4000}
            and state(r).scene.owner is Player.A
        ),
    ),
    "two_turns_bonus_ended": Expect(
        Result.CONTINUES,
        "game_continues",
        decides=(Q_5_9_6_1, *BATTLE),
        cited=(Q_5_10_2, Q_5_9_3_2),
        next_first=Player.A,
        check=lambda r: (
            (r.outcome.battles[2].result.value, r.outcome.battles[2].bp)
            == ("B", {Player.A: 4000, Player.B: 5000})
            and state(r).turn == 5
        ),
    ),
    "two_turns_destroyed_then_filled": Expect(
        Result.CONTINUES,
        "game_continues",
        decides=(Q_5_9_6_1, *BATTLE),
        cited=(Q_12_4_2_1, Q_12_4_3, Q_5_5_4_1),
        next_first=Player.A,
        check=lambda r: (
            r.outcome.battles[1].bp == {Player.A: 4000, Player.B: 5000}
            and state(r).areas[1].B.name == "雷德王"
        ),
    ),
    "two_turns_tied_then_more": Expect(
        Result.WON,
        "more_battles_won",
        decides=(Q_1_3_2, Q_1_3_3, *BATTLE),
        cited=(Q_1_3_3_1, Q_5_9_6_1),
        winner=Player.A,
        check=lambda r: r.outcome.wins == {Player.A: 4, Player.B: 3} and state(r).turn == 7,
    ),
    "two_turns_level_up_again": Expect(
        Result.CONTINUES,
        "game_continues",
        decides=(Q_5_9_6_1, *BATTLE),
        cited=(Q_5_6_1,),
        next_first=Player.A,
        check=lambda r: state(r).areas[1].A.cards == 3 and r.outcome.battles[1].bp[Player.A] == 9000,
    ),
    "two_turns_turn_end_draw": Expect(
        Result.CONTINUES,
        "game_continues",
        decides=(Q_5_9_6_1, *BATTLE),
        cited=(Q_9_2_1, Q_11_10_1, Q_5_3_2),
        check=lambda r: state(r).players.A.hand.names() == ["甲", "乙"] and state(r).turn_player is Player.B,
    ),
    "two_turns_cannot_fill_next_turn": Expect(
        Result.WON,
        "cannot_fill_empty_area",
        decides=(Q_12_4_1, Q_12_4_3),
        cited=(Q_12_4_2_1, Q_5_9_6_1),
        winner=Player.A,
        check=lambda r: (state(r).turn, state(r).areas[0].B) == (4, None),
    ),
    # -- a fixed choice and an open one -----------------------------------------------------------
    "choice_scene_draw_fixed": Expect(
        Result.CONTINUES,
        "game_continues",
        decides=(Q_2_4_2_3, Q_2_4_2_2, Q_6_3_1, Q_6_2_1),
        cited=(Q_6_1_1, Q_6_2_1),
        check=lambda r: r.choices == () and state(r).players.A.hand.total == 3,
    ),
    "choice_scene_draw_open": Expect(
        Result.CONTINUES,
        "game_continues",
        decides=(Q_2_4_2_3, Q_2_4_2_2, Q_6_3_1, Q_6_2_1),
        cited=(Q_6_2_1,),
        check=lambda r: (
            sorted(c.outcome.state.players.A.hand.total for c in r.choices) == [2, 3]
            and {c.player for c in r.choices} == {Player.A}
        ),
    ),
    "choice_scene_draw_empty_deck": Expect(
        Result.CONTINUES,
        "game_continues",
        decides=(Q_2_4_2_3, Q_2_4_2_2, Q_6_3_1, Q_1_3_6),
        why_not=(Q_1_3_6, Q_5_4_2),
        cited=(Q_6_2_1, Q_1_2_3),
        check=lambda r: (state(r).scene.name, state(r).players.A.hand.total) == ("光之國", 0),
    ),
    "choice_optional_effect_open": Expect(
        Result.DEPENDS,
        decides=(Q_5_9_6_1, *BATTLE, Q_11_7_1, Q_11_3_2),
        check=lambda r: (
            sorted(c.outcome.next_first_player.value for c in r.choices) == ["A", "B"]
            and all(c.kind == "choice" for c in r.choices)
        ),
    ),
    "choice_optional_effect_declined": Expect(
        Result.CONTINUES,
        "game_continues",
        decides=(Q_5_9_6_1, *BATTLE, Q_11_3_2),
        cited=(Q_11_3_2,),
        next_first=Player.A,
    ),
    # -- a duration that ends with the turn -------------------------------------------------------
    "duration_end_of_turn": Expect(
        Result.CONTINUES,
        "game_continues",
        decides=(Q_5_9_6_1, *BATTLE, Q_11_7_1),
        cited=(Q_5_10_2,),
        next_first=Player.A,
        check=lambda r: state(r).areas[1].A.modifiers == [] and state(r).turn == 5,
    ),
    "duration_forced_draw": Expect(
        Result.CONTINUES,
        "game_continues",
        decides=(Q_5_9_6_1, Q_5_9_6_2, Q_11_16_1),
        cited=(Q_5_9_5_2, Q_5_10_2),
        check=lambda r: (
            any(g.kind is StepKind.SILENT for g in r.gaps)
            and sorted(c.outcome.state.turn_player.value for c in r.choices) == ["A", "B"]
            and all(c.outcome.state.areas[1].B.grants == [] for c in r.choices)
        ),
    ),
    # -- triggered effects ------------------------------------------------------------------------
    "trigger_on_appear": Expect(
        Result.CONTINUES,
        "game_continues",
        decides=(Q_5_9_6_1, *BATTLE, Q_11_7_1),
        cited=(Q_9_2_1, Q_5_7_1, Q_5_7_2_1),
        next_first=Player.A,
    ),
    "trigger_both_players": Expect(
        Result.CONTINUES,
        "game_continues",
        decides=(
            Q_5_7_2_1,
            Q_10_1_3_4,
            Q_11_10_1,
            Q_5_7_3_1,
        ),
        cited=(Q_5_7_2_1, Q_11_10_1),
        check=lambda r: (
            [t for t in texts(r) if "抽一張牌" in t]
            == [
                "玩家 B 從牌組最上方抽一張牌加入手牌。",
                "玩家 A 從牌組最上方抽一張牌加入手牌。",
            ]
        ),
    ),
    "trigger_source_gone": Expect(
        Result.CONTINUES,
        "game_continues",
        decides=(Q_5_9_6_1, Q_12_4_2_1, Q_12_4_1),
        why_not=(Q_10_1_3_2, Q_1_3_2),
        cited=(Q_12_4_1,),
        next_first=Player.A,
        check=lambda r: state(r).players.B.hand.total == 2 and state(r).players.B.discard.names() == ["傑頓"],
    ),
    "trigger_returned_before_appear": Expect(
        Result.CONTINUES,
        "game_continues",
        decides=(Q_5_9_6_1, *BATTLE),
        why_not=(Q_10_1_3_2, Q_11_12_2),
        next_first=Player.A,
        check=lambda r: (
            (state(r).players.B.hand.names(), state(r).players.B.deck.total, state(r).areas[1].B.name)
            == (["傑頓2"], 30, "傑頓")
        ),
    ),
    "trigger_appear_by_effect": Expect(
        Result.CONTINUES,
        "game_continues",
        decides=(Q_5_9_6_1, *BATTLE, Q_11_7_1, Q_11_8_1),
        cited=(Q_11_8_1, Q_11_8_2, Q_9_2_2, Q_12_4_1),
        next_first=Player.A,
        check=lambda r: r.outcome.battles[1].bp == {Player.A: 6000, Player.B: 5000},
    ),
    "trigger_scene_appears": Expect(
        Result.CONTINUES,
        "game_continues",
        decides=(Q_2_4_2_3, Q_2_4_2_2, Q_6_3_1, Q_6_2_3, Q_6_2_1, Q_11_10_1),
        cited=(Q_6_2_3, Q_6_2_1, Q_11_10_1),
        check=lambda r: state(r).players.A.hand.names() == ["甲", "乙"],
    ),
    "trigger_turn_end": Expect(
        Result.CONTINUES,
        "game_continues",
        decides=(Q_5_9_6_1, *BATTLE, Q_11_7_1),
        cited=(Q_9_2_1, Q_5_10_2, Q_11_10_1),
        check=lambda r: state(r).players.A.hand.names() == ["甲"] and state(r).areas[0].A.modifiers == [],
    ),
    "trigger_battle_won": Expect(
        Result.CONTINUES,
        "game_continues",
        decides=(Q_5_9_6_1, *BATTLE),
        cited=(Q_9_2_1, Q_11_10_1),
        next_first=Player.B,
        check=lambda r: state(r).players.B.hand.names() == ["甲"],
    ),
    "trigger_lost_not_on_draw": Expect(
        Result.CONTINUES,
        "game_continues",
        decides=(Q_5_9_6_2, Q_8_1_1, Q_5_9_5_1),
        next_first=Player.A,
        check=lambda r: state(r).players.B.hand.names() == [] and state(r).players.B.deck.total == 2,
    ),
    "trigger_won_alone": Expect(
        Result.CONTINUES,
        "game_continues",
        decides=(Q_5_9_6_1, Q_12_4_2_1, Q_12_4_1),
        cited=(Q_9_2_1, Q_11_10_1, Q_12_4_1),
        next_first=Player.A,
        check=lambda r: state(r).players.A.hand.names() == ["甲"],
    ),
    "trigger_own_two_order": Expect(
        Result.CONTINUES,
        "game_continues",
        decides=(Q_5_9_6_1, *BATTLE),
        cited=(Q_5_7_1, Q_10_1_3_2, Q_11_7_1, Q_11_10_1),
        next_first=Player.B,
        check=lambda r: (
            texts(r).index("迪卡2 BP+1000（在此回合期間）。")
            < texts(r).index("玩家 A 從牌組最上方抽一張牌（甲）加入手牌。")
            and r.outcome.battles[0].bp[Player.A] == 7000
        ),
    ),
    # -- a missing fact that matters, and one that does not ---------------------------------------
    "unknown_bp_matters": Expect(
        Result.DEPENDS,
        decides=(Q_5_9_6_1, Q_5_9_6_2),
        why_not=(Q_1_3_2,),
        check=lambda r: len(r.choices) == 3 and all(c.kind == "fact" for c in r.choices),
    ),
    "unknown_bp_does_not_matter": Expect(
        Result.WON,
        "three_battles_won",
        decides=(Q_1_3_2, *BATTLE),
        winner=Player.A,
        check=lambda r: r.choices == () and any(s.kind is StepKind.UNKNOWN for s in r.steps),
    ),
    "unknown_deck_does_not_matter": Expect(
        Result.CONTINUES,
        "game_continues",
        decides=(
            Q_5_3_2,
            Q_1_3_6,
        ),
        why_not=(Q_1_3_6,),
        cited=(Q_5_3_2,),
        check=lambda r: r.choices == () and r.gaps == (),
    ),
    "unknown_lead_draw_newest": Expect(
        Result.DEPENDS,
        decides=(Q_5_9_6_2, Q_8_1_1, Q_5_9_5_1),
        cited=(Q_5_2_1,),
        check=lambda r: sorted(c.outcome.next_first_player.value for c in r.choices) == ["A", "B"],
    ),
    "unknown_lead_does_not_matter": Expect(
        Result.CONTINUES,
        "game_continues",
        decides=(Q_5_9_6_1, *BATTLE),
        next_first=Player.B,
        check=lambda r: r.choices == () and clause(Q_5_2_1) not in r.cited,
    ),
    "unknown_turn_does_not_matter": Expect(
        Result.CONTINUES,
        "game_continues",
        decides=(Q_5_3_2,),
        why_not=(Q_5_3_1,),
        cited=(Q_5_3_2,),
        check=lambda r: (
            r.choices == ()
            and (state(r).players.A.hand.names(), state(r).players.B.hand.names()) == (["甲"], ["乙"])
        ),
    ),
    "unknown_first_player_matters": Expect(
        Result.DEPENDS,
        decides=(Q_2_4_2_3, Q_2_4_2_2, Q_6_3_1, Q_5_4_1),
        check=lambda r: sorted(c.outcome.result.value for c in r.choices) == ["continues", "refused"],
    ),
    "unknown_hand_matters": Expect(
        Result.DEPENDS,
        decides=(Q_1_3_4,),
        why_not=(Q_1_3_4,),
        check=lambda r: (
            sorted(str(c.outcome.reason) for c in r.choices) == ["cannot_set_character", "game_continues"]
        ),
    ),
    "unknown_scene_set_matters": Expect(
        Result.DEPENDS,
        decides=(Q_5_4_2, Q_6_1_2, Q_2_4_2_3, Q_2_4_2_2, Q_6_3_1, Q_6_3_2, Q_6_1_1),
        check=lambda r: sorted(c.outcome.result.value for c in r.choices) == ["continues", "refused"],
    ),
    # -- illegal actions, refused with the clause that forbids them --------------------------------
    "illegal_scene_second_player": Expect(Result.REFUSED, decides=(Q_5_4_1,), refused=(Q_5_4_1,)),
    "illegal_second_scene": Expect(Result.REFUSED, decides=(Q_5_4_2, Q_6_1_2), refused=(Q_5_4_2, Q_6_1_2)),
    "illegal_scene_round_too_high": Expect(
        Result.REFUSED, decides=(Q_6_3_1, Q_2_4_2_3), refused=(Q_6_3_1, Q_2_4_2_3)
    ),
    "illegal_scene_first_turn": Expect(
        Result.REFUSED,
        decides=(Q_6_3_1, Q_2_4_2_3),
        refused=(Q_6_3_1, Q_2_4_2_3),
        check=lambda r: r.choices == (),
    ),
    "illegal_scene_by_effect_round": Expect(
        Result.REFUSED,
        decides=(Q_6_3_1, Q_2_4_2_3),
        refused=(Q_6_3_1, Q_2_4_2_3),
        check=lambda r: r.choices == (),
    ),
    "illegal_scene_replace_lower": Expect(Result.REFUSED, decides=(Q_6_3_2,), refused=(Q_6_3_2,)),
    "illegal_level_same_level": Expect(
        Result.REFUSED, decides=(Q_5_6_2_2, Q_12_1_1), refused=(Q_5_6_2_2, Q_12_1_1)
    ),
    "illegal_level_twice": Expect(Result.REFUSED, decides=(Q_5_6_2_3,), refused=(Q_5_6_2_3,)),
    "illegal_level_other_name": Expect(
        Result.REFUSED,
        decides=(Q_5_6_1, Q_11_18_1, Q_12_1_1),
        refused=(Q_5_6_1, Q_11_18_1, Q_12_1_1),
    ),
    "illegal_activate_limit": Expect(Result.REFUSED, decides=(Q_9_4_2,), refused=(Q_9_4_2,)),
    "illegal_activate_unpaid": Expect(Result.REFUSED, decides=(Q_9_4_4,), refused=(Q_9_4_4,)),
    "illegal_cost_unpayable": Expect(
        Result.REFUSED,
        decides=(Q_9_4_4,),
        refused=(Q_9_4_4,),
        check=lambda r: r.outcome.refused.action == 1 and state(r).players.A.deck.total == 10,
    ),
    "illegal_activate_not_top": Expect(Result.REFUSED, decides=(Q_10_1_3_1,), refused=(Q_10_1_3_1,)),
    "illegal_no_single_bp": Expect(Result.REFUSED, decides=(Q_11_15_1,), refused=(Q_11_15_1,)),
    "illegal_two_new_characters": Expect(Result.REFUSED, decides=(Q_5_5_3_1,), refused=(Q_5_5_3_1,)),
    "illegal_level_past_quad": Expect(Result.REFUSED, decides=(Q_8_1_1,), refused=(Q_8_1_1,)),
    "illegal_level_up_out_of_order": Expect(
        Result.REFUSED,
        decides=(Q_5_1_2, Q_5_6_1),
        refused=(Q_5_1_2, Q_5_6_1),
        check=lambda r: state(r).areas[0].B.cards == 2 and state(r).areas[0].A.cards == 1,
    ),
    "illegal_set_before_first_player": Expect(
        Result.REFUSED,
        decides=(Q_5_1_2, Q_5_5_1, Q_5_5_3_1),
        refused=(Q_5_1_2, Q_5_5_1, Q_5_5_3_1),
        cited=(Q_5_9_6_1,),
        check=lambda r: (
            r.outcome.refused.action == 3 and state(r).turn_player is Player.B and len(state(r).areas) == 1
        ),
    ),
    "illegal_level_up_before_second_set": Expect(
        Result.REFUSED,
        decides=(Q_5_1_2, Q_5_5_1, Q_5_5_4_1),
        refused=(Q_5_1_2, Q_5_5_1, Q_5_5_4_1),
        check=lambda r: r.outcome.refused.action == 1 and state(r).areas[2].B is None,
    ),
    "illegal_scene_after_character": Expect(
        Result.REFUSED, decides=(Q_5_1_2, Q_5_4_1), refused=(Q_5_1_2, Q_5_4_1)
    ),
    "illegal_level_opponent": Expect(
        Result.REFUSED, decides=(Q_5_6_1, Q_12_1_1), refused=(Q_5_6_1, Q_12_1_1)
    ),
    "illegal_appear_no_empty_slot": Expect(
        Result.REFUSED, decides=(Q_11_8_1, Q_5_5_6), refused=(Q_11_8_1, Q_5_5_6)
    ),
    "illegal_scene_effect_not_owner": Expect(Result.REFUSED, decides=(Q_6_3_3,), refused=(Q_6_3_3,)),
    "illegal_level_up_after_judgment": Expect(
        Result.REFUSED, decides=(Q_5_1_2, Q_5_6_1), refused=(Q_5_1_2, Q_5_6_1)
    ),
    # -- why not: each way to win or lose, where it does not apply ----------------------------------
    "why_not_three_wins": Expect(
        Result.CONTINUES,
        "game_continues",
        decides=(Q_5_9_6_1, *BATTLE),
        why_not=(Q_1_3_2,),
        next_first=Player.B,
    ),
    "judgment_both_win_effects": Expect(
        Result.CONTINUES,
        "game_continues",
        decides=(Q_5_9_6_1, *BATTLE),
        cited=(Q_11_16_2,),
        why_not=(Q_1_3_2,),
        next_first=Player.B,
        check=lambda r: (r.outcome.battles[2].result.value, r.outcome.wins[Player.A]) == ("draw", 2),
    ),
    "why_not_more_wins_tied": Expect(
        Result.CONTINUES,
        "tied_wins_continue",
        decides=(Q_1_3_3_1, Q_5_9_6_1, *BATTLE),
        next_first=Player.B,
    ),
    "why_not_cannot_set": Expect(Result.CONTINUES, "game_continues", why_not=(Q_1_3_4,)),
    "why_not_empty_area_filled": Expect(
        Result.CONTINUES,
        "game_continues",
        why_not=(Q_1_3_4, Q_12_4_3),
        check=lambda r: state(r).areas[0].B.name == "艾雷王",
    ),
    "loss_cannot_set_new": Expect(Result.WON, "cannot_set_character", decides=(Q_1_3_4,), winner=Player.A),
    "loss_first_player_first": Expect(
        Result.WON,
        "cannot_set_character",
        decides=(Q_1_3_4,),
        winner=Player.B,
        check=lambda r: state(r).step == "first",
    ),
    "loss_cannot_fill_empty": Expect(
        Result.WON, "cannot_fill_empty_area", decides=(Q_12_4_3,), winner=Player.A
    ),
    "loss_empty_deck_then_hand": Expect(
        Result.WON,
        "cannot_set_character",
        decides=(Q_1_3_4,),
        why_not=(Q_1_3_6,),
        cited=(Q_5_3_2,),
        winner=Player.B,
    ),
    "win_more_battles": Expect(
        Result.WON, "more_battles_won", decides=(Q_1_3_2, Q_1_3_3, *BATTLE), winner=Player.A
    ),
    "judgment_extra_bp": Expect(
        Result.CONTINUES,
        "game_continues",
        decides=(Q_5_9_6_1, *BATTLE, Q_8_1_2),
        next_first=Player.A,
        check=lambda r: r.outcome.battles[2].bp == {Player.A: 7000, Player.B: 5000},
    ),
    "level_up_set_this_turn": Expect(
        Result.CONTINUES,
        "game_continues",
        decides=(Q_5_9_6_1, *BATTLE, Q_5_6_1, Q_5_6_2_1),
        cited=(Q_5_6_1, Q_5_7_1),
        next_first=Player.B,
        check=lambda r: r.outcome.battles[1].bp == {Player.A: 4000, Player.B: 6000},
    ),
    "level_up_covers_own_text": Expect(
        Result.CONTINUES,
        "game_continues",
        decides=(Q_5_9_6_1, *BATTLE, Q_10_1_3_1),
        next_first=Player.B,
        check=lambda r: (
            r.outcome.battles[1].bp == {Player.A: 5000, Player.B: 5500}
            and state(r).areas[1].A.modifiers == []
        ),
    ),
    "level_up_two_characters": Expect(  # its phase's step left out: the first player's, at its start
        Result.CONTINUES,
        "game_continues",
        decides=(Q_5_6_1, Q_2_3_2_2),
        check=lambda r: (state(r).areas[0].A.cards, state(r).areas[1].A.cards) == (2, 2),
    ),
    "level_up_charged": Expect(
        Result.CONTINUES,
        "game_continues",
        decides=(Q_5_9_6_1, *BATTLE, Q_11_17_2),
        next_first=Player.B,
        check=lambda r: (state(r).areas[0].A.cards, state(r).areas[0].A.charges) == (2, 2),
    ),
    "scene_replace_same_round": Expect(
        Result.CONTINUES,
        "game_continues",
        decides=(Q_2_4_2_3, Q_2_4_2_2, Q_6_3_1, Q_6_3_2, Q_6_1_1),
        why_not=(Q_5_4_2,),
        check=lambda r: (
            (state(r).scene.owner, state(r).players.B.discard.names()) == (Player.A, ["怪獸墓場"])
        ),
    ),
    # -- effects from the shared primitives ----------------------------------------------------------
    "effect_destroy_empty_slot": Expect(
        Result.CONTINUES,
        "game_continues",
        decides=(Q_5_9_6_1, Q_12_4_2_1, Q_12_4_1),
        cited=(Q_12_4_1, Q_11_17_5),
        next_first=Player.A,
        check=lambda r: state(r).areas[1].B is None and state(r).players.B.discard.total == 7,
    ),
    "effect_trash_as_many_as_possible": Expect(
        Result.CONTINUES,
        "game_continues",
        decides=(Q_1_2_3,),
        cited=(Q_1_2_3,),
        check=lambda r: (
            (state(r).players.B.deck.total, state(r).players.B.discard.names()) == (0, ["甲", "乙"])
        ),
    ),
    "effect_level_and_bp_order": Expect(
        Result.CONTINUES,
        "game_continues",
        decides=(Q_5_9_6_1, *BATTLE, Q_11_7_1, Q_11_7_3),
        cited=(Q_11_6_1,),
        next_first=Player.B,
        check=lambda r: r.outcome.battles[0].bp[Player.A] == 5000,
    ),
    "effect_charge": Expect(
        Result.CONTINUES,
        "game_continues",
        decides=(Q_5_9_6_1, *BATTLE, Q_11_17_2),
        cited=(Q_11_17_1,),
        next_first=Player.B,
        check=lambda r: state(r).areas[0].A.charges == 2 and state(r).players.A.deck.total == 18,
    ),
    "effect_charge_short_deck": Expect(
        Result.CONTINUES,
        "game_continues",
        decides=(Q_5_9_6_1, *BATTLE, Q_11_7_1),
        cited=(Q_11_17_1,),
        next_first=Player.A,
        check=lambda r: (state(r).players.A.deck.total, r.outcome.battles[0].bp[Player.A]) == (0, 5000),
    ),
    "effect_bp_floor_draw": Expect(
        Result.CONTINUES,
        "game_continues",
        decides=(Q_5_9_6_2, Q_8_1_1, Q_5_9_5_1, Q_11_7_1, Q_11_7_2),
        next_first=Player.A,
        check=lambda r: r.outcome.battles[3].bp == {Player.A: 0, Player.B: 0},
    ),
    "effect_win_beats_draw": Expect(
        Result.WON,
        "three_battles_won",
        decides=(Q_1_3_2, *BATTLE, Q_11_16_1, Q_11_16_3),
        winner=Player.A,
        check=lambda r: r.outcome.battles[2].result.value == "A",
    ),
    "effect_newest_area_emptied": Expect(
        Result.CONTINUES,
        "game_continues",
        decides=(Q_12_4_2_2, Q_12_4_2_3, Q_12_4_1),
        cited=(Q_12_4_1,),
        next_first=Player.B,
        check=lambda r: r.outcome.battles[3].result.value == "none",
    ),
    "effect_return_top_card": Expect(
        Result.CONTINUES,
        "game_continues",
        decides=(Q_5_9_6_1, *BATTLE),
        cited=(Q_11_12_1,),
        next_first=Player.A,
        check=lambda r: (
            (state(r).areas[2].B.name, state(r).areas[2].B.cards, state(r).players.B.hand.names())
            == ("傑頓1", 1, ["傑頓2"])
        ),
    ),
    "effect_return_ends_own_text": Expect(
        Result.CONTINUES,
        "game_continues",
        decides=(Q_5_9_6_1, *BATTLE, Q_10_1_2),
        cited=(Q_11_12_1,),
        next_first=Player.B,
        check=lambda r: r.outcome.battles[0].bp == {Player.A: 4000, Player.B: 5000},
    ),
    "effect_return_charged_character": Expect(
        Result.CONTINUES,
        "game_continues",
        decides=(Q_5_9_6_1, Q_12_4_2_1, Q_12_4_1, Q_11_12_1),
        cited=(Q_11_12_1, Q_11_17_6, Q_12_4_1),
        next_first=Player.B,
        check=lambda r: (
            (state(r).players.A.hand.total, state(r).players.A.discard.total, state(r).areas[2].A)
            == (2, 6, None)
        ),
    ),
    "effect_return_top_keeps_charges": Expect(
        Result.CONTINUES,
        "game_continues",
        decides=(Q_5_9_6_1, *BATTLE, Q_11_17_2),
        why_not=(Q_11_17_5,),
        cited=(Q_11_12_1,),
        next_first=Player.A,
        check=lambda r: (
            (state(r).areas[1].B.name, state(r).areas[1].B.charges, state(r).players.B.discard.names())
            == ("傑頓1", 2, [])
            and state(r).players.B.hand.names() == ["傑頓2"]
        ),
    ),
    "effect_return_no_single_bp": Expect(
        Result.CONTINUES,
        "game_continues",
        why_not=(Q_11_15_1,),
        check=lambda r: state(r).areas[0].B.cards == 2,
    ),
    "effect_if_done_partial": Expect(
        Result.CONTINUES,
        "game_continues",
        decides=(Q_5_9_6_1, *BATTLE, Q_11_20_3, Q_11_4_2),
        cited=(Q_1_2_3, Q_11_20_3),
        next_first=Player.B,
        check=lambda r: (state(r).players.A.discard.total, r.outcome.battles[2].bp[Player.A]) == (7, 4000),
    ),
    "effect_cost_paid": Expect(
        Result.CONTINUES,
        "game_continues",
        decides=(Q_9_4_3, Q_11_10_1),
        cited=(Q_9_4_3, Q_11_10_1),
        check=lambda r: (
            (state(r).players.A.discard.names(), state(r).players.A.hand.total, r.choices) == (["甲"], 2, ())
        ),
    ),
    "effect_cost_not_paid": Expect(
        Result.CONTINUES,
        "game_continues",
        cited=(Q_11_4_2,),
        check=lambda r: (state(r).players.B.hand.total, state(r).players.B.deck.total) == (0, 20),
    ),
    "effect_swap_places": Expect(
        Result.CONTINUES,
        "game_continues",
        decides=(Q_5_9_6_1, *BATTLE),
        why_not=(Q_11_9_2,),
        cited=(Q_11_9_1,),
        next_first=Player.A,
        check=lambda r: (
            (state(r).areas[2].A.name, state(r).areas[0].A.name, state(r).players.A.hand.total)
            == ("賽羅", "捷德", 1)
        ),
    ),
    "effect_level_up_past_quad": Expect(
        Result.CONTINUES,
        "game_continues",
        decides=(Q_5_9_6_1, *BATTLE),
        cited=(Q_11_6_3,),
        next_first=Player.B,
        check=lambda r: r.outcome.battles[2].bp == {Player.A: 9000, Player.B: 9500} and r.gaps == (),
    ),
    "effect_draw_runs_out": Expect(
        Result.CONTINUES,
        "game_continues",
        decides=(Q_1_3_6, Q_11_10_1),
        why_not=(Q_1_3_6,),
        cited=(Q_11_10_1, Q_1_2_3),
        check=lambda r: (state(r).players.A.hand.names(), state(r).players.A.deck.total) == (["甲"], 0),
    ),
    "effect_scene_replaced_text_ends": Expect(
        Result.WON,
        "three_battles_won",
        decides=(Q_1_3_2, *BATTLE, Q_10_1_2),
        cited=(Q_6_3_2,),
        winner=Player.B,
        check=lambda r: r.outcome.battles[2].bp == {Player.A: 3000, Player.B: 4000},
    ),
    "effect_returned_card_is_new": Expect(
        Result.CONTINUES,
        "game_continues",
        decides=(Q_5_9_6_1, *BATTLE),
        cited=(Q_11_12_1, Q_3_2_3, Q_11_8_1),
        next_first=Player.B,
        check=lambda r: r.outcome.battles[2].bp == {Player.A: 4000, Player.B: 5000},
    ),
    "effect_scene_set_later": Expect(
        Result.CONTINUES,
        "game_continues",
        decides=(Q_2_4_2_3, Q_2_4_2_2, Q_6_3_1, Q_6_2_1),
        why_not=(Q_5_4_2, Q_6_3_2),
        cited=(Q_6_2_2, Q_6_2_1),
        check=lambda r: (
            r.choices == () and (state(r).scene.owner, state(r).players.B.hand.total) == (Player.B, 1)
        ),
    ),
    "effect_also_after_draw_fails": Expect(
        Result.CONTINUES,
        "game_continues",
        decides=(Q_5_9_6_1, *BATTLE, Q_11_7_1, Q_11_14_2),
        why_not=(Q_1_3_6,),
        next_first=Player.A,
        check=lambda r: r.outcome.battles[1].bp == {Player.A: 6000, Player.B: 5000},
    ),
    "effect_old_wording_if_done": Expect(
        Result.DEPENDS,
        decides=(Q_5_9_6_1, *BATTLE, Q_11_7_1, Q_11_3_2),
        cited=(Q_11_4_1, Q_11_3_1),
        check=lambda r: (
            sorted(c.outcome.next_first_player.value for c in r.choices) == ["A", "B"]
            and all(c.player is Player.B for c in r.choices)
            and all(c.outcome.state.players.B.discard.names() == ["甲"] for c in r.choices)
        ),
    ),
    "effect_condition_at_least": Expect(
        Result.CONTINUES,
        "game_continues",
        decides=(Q_11_10_1,),
        cited=(Q_11_10_1,),
        check=lambda r: state(r).players.A.hand.total == 5,
    ),
    # -- the draw, each player's step, level changes, what ends at the turn's end ----------------------
    "turn_no_draw_first_turn": Expect(
        Result.CONTINUES,
        "game_continues",
        decides=(Q_5_3_1,),
        check=lambda r: (state(r).players.A.hand.total, state(r).players.B.hand.total) == (6, 6),
    ),
    "turn_draw_from_turn_two": Expect(
        Result.CONTINUES,
        "game_continues",
        decides=(Q_5_3_2,),
        check=lambda r: (state(r).players.A.hand.total, state(r).players.B.hand.total) == (6, 6),
    ),
    "level_up_second_player_step": Expect(
        Result.CONTINUES,
        "game_continues",
        decides=(Q_5_6_3_1, Q_5_6_1, Q_2_3_2_2),
        check=lambda r: (state(r).areas[0].B.name, state(r).areas[0].B.cards) == ("哥莫拉2", 2),
    ),
    "illegal_activate_after_own_step": Expect(
        Result.REFUSED, decides=(Q_5_1_2, Q_5_8_1), refused=(Q_5_1_2, Q_5_8_1)
    ),
    "effect_level_up_and_down": Expect(
        Result.CONTINUES,
        "game_continues",
        decides=(Q_5_9_6_1, *BATTLE, Q_11_6_5),
        next_first=Player.B,
        check=lambda r: r.outcome.battles[0].bp == {Player.A: 3000, Player.B: 4000},
    ),
    "effect_extra_bp_level_down": Expect(
        Result.CONTINUES,
        "game_continues",
        decides=(Q_5_9_6_1, *BATTLE, Q_8_1_2, Q_11_6_4),
        next_first=Player.A,
        check=lambda r: r.outcome.battles[0].bp == {Player.A: 9000, Player.B: 8000},
    ),
    "turn_equal_bp_both_sideways": Expect(
        Result.CONTINUES,
        "game_continues",
        decides=(Q_5_9_6_2, Q_8_1_1, Q_5_9_5_1),
        cited=(Q_5_9_5_2,),
        next_first=Player.B,
        check=lambda r: (state(r).areas[0].A.status, state(r).areas[0].B.status) == (Status.RESTED,) * 2,
    ),
    "effect_removed_lone_wins": Expect(
        Result.CONTINUES,
        "game_continues",
        decides=(Q_5_9_6_1, Q_12_4_2_1, Q_12_4_1, Q_3_8_1),
        cited=(Q_3_8_1, Q_12_4_1),
        next_first=Player.A,
        check=lambda r: state(r).players.B.removed.names() == ["傑頓"] and state(r).areas[1].B is None,
    ),
    "two_turns_bonus_end_decides": Expect(
        Result.CONTINUES,
        "game_continues",
        decides=(Q_5_9_6_1, *BATTLE, Q_5_10_2),
        next_first=Player.A,
        check=lambda r: r.outcome.wins == {Player.A: 2, Player.B: 1},
    ),
    "turn_scene_and_level_ups": Expect(
        Result.CONTINUES,
        "game_continues",
        decides=(Q_5_9_6_1, *BATTLE),
        cited=(Q_6_2_1, Q_5_6_3_1, Q_5_5_4_1),
        next_first=Player.A,
        check=lambda r: (
            [b.result.value for b in r.outcome.battles] == ["B", "A"] and state(r).players.B.hand.total == 2
        ),
    ),
    # -- cards used from a zone other than the hand ------------------------------------------------------
    "illegal_level_up_removed_card": Expect(Result.REFUSED, decides=(Q_3_8_2,), refused=(Q_3_8_2,)),
    "illegal_set_from_discard": Expect(Result.REFUSED, decides=(Q_5_5_3_1,), refused=(Q_5_5_3_1,)),
    "effect_appear_from_discard": Expect(
        Result.CONTINUES,
        "game_continues",
        decides=(Q_5_9_6_1, *BATTLE, Q_11_8_1),
        cited=(Q_11_8_1,),
        next_first=Player.A,
        check=lambda r: state(r).areas[1].A.name == "捷德" and state(r).players.A.discard.names() == [],
    ),
    "illegal_scene_in_effect_phase": Expect(
        Result.REFUSED, decides=(Q_5_1_2, Q_5_4_1), refused=(Q_5_1_2, Q_5_4_1)
    ),
    "two_turns_destroyed_cannot_fill": Expect(
        Result.WON,
        "cannot_fill_empty_area",
        decides=(Q_12_4_1, Q_12_4_3),
        winner=Player.A,
        cited=(Q_12_4_2_1,),
    ),
    "effect_destroy_charged_table": Expect(
        Result.CONTINUES,
        "game_continues",
        decides=(Q_12_4_1, Q_3_7_1, Q_11_17_5),
        check=lambda r: (
            state(r).areas[0].B is None
            and (state(r).players.B.discard.names(), state(r).players.B.discard.total) == (["傑頓"], 6)
        ),
    ),
    # -- near misses: the clause nearby that does not decide ---------------------------------------------
    "effect_extra_not_met_level_down": Expect(
        Result.CONTINUES,
        "game_continues",
        decides=(Q_5_9_6_1, *BATTLE, Q_11_6_1),
        next_first=Player.B,
        check=lambda r: r.outcome.battles[0].bp == {Player.A: 3000, Player.B: 5000},
    ),
    "effect_level_up_only": Expect(
        Result.CONTINUES,
        "game_continues",
        decides=(Q_5_9_6_1, *BATTLE, Q_11_6_1),
        next_first=Player.A,
        check=lambda r: r.outcome.battles[0].bp == {Player.A: 6000, Player.B: 4000},
    ),
    "two_turns_returned_level_up_again": Expect(
        Result.CONTINUES,
        "game_continues",
        decides=(Q_5_9_6_1, *BATTLE),
        cited=(Q_11_12_1, Q_5_6_3_1),
        next_first=Player.A,
        check=lambda r: (
            [b.result.value for b in r.outcome.battles] == ["B", "A"] and state(r).areas[0].B.cards == 2
        ),
    ),
    "two_turns_scene_replaced_by_other": Expect(
        Result.CONTINUES,
        "game_continues",
        decides=(Q_5_9_6_1, *BATTLE, Q_2_4_2_3, Q_2_4_2_2, Q_6_3_1, Q_6_3_2, Q_6_1_1),
        cited=(Q_6_2_1,),
        check=lambda r: state(r).scene.owner is Player.B and state(r).players.A.discard.names() == ["光之國"],
    ),
    "effect_activate_twice_limit_two": Expect(
        Result.CONTINUES,
        "game_continues",
        decides=(Q_9_4_2,),
        check=lambda r: sum("使用 賽羅 的 [發動]" in t for t in texts(r)) == 2,
    ),
    # -- judge calls: a few actions of ordinary play, then a question -------------------------------
    "loss_no_single_bp_in_hand": Expect(
        Result.WON,
        "cannot_set_character",
        decides=(Q_11_15_1, Q_1_3_4),
        winner=Player.A,
    ),
    "effect_bonus_returned_lone_wins": Expect(
        Result.CONTINUES,
        "game_continues",
        decides=(Q_5_9_6_1, Q_12_4_2_1, Q_12_4_1, Q_11_12_1),
        cited=(Q_3_2_3, Q_11_7_1),
        next_first=Player.B,
        check=lambda r: state(r).players.A.hand.find("賽羅").modifiers == [] and state(r).areas[3].A is None,
    ),
    "effect_and_may_after_partial": Expect(
        Result.CONTINUES,
        "game_continues",
        decides=(Q_5_9_6_1, *BATTLE, Q_11_7_1, Q_11_19_2, Q_11_19_3),
        cited=(Q_1_2_3,),
        next_first=Player.A,
        check=lambda r: r.outcome.battles[1].bp == {Player.A: 6000, Player.B: 5000},
    ),
    "turn_level_up_phase_passes": Expect(
        Result.CONTINUES,
        "game_continues",
        decides=(Q_5_9_6_1, *BATTLE, Q_11_7_1),
        cited=(Q_5_1_3, Q_5_6_1, Q_5_7_1),
        next_first=Player.A,
        check=lambda r: texts(r)[0].startswith("升級階段") and texts(r)[1].startswith("開放階段"),
    ),
    "level_up_both_same_area": Expect(
        Result.CONTINUES,
        "game_continues",
        decides=(Q_5_9_6_1, *BATTLE, Q_5_6_3_1),
        why_not=(Q_1_3_2,),
        next_first=Player.B,
        check=lambda r: r.outcome.battles[0].bp == {Player.A: 6000, Player.B: 7000},
    ),
    "two_turns_turn_end_destroy_cannot_fill": Expect(
        Result.WON,
        "cannot_fill_empty_area",
        decides=(Q_12_4_1, Q_12_4_3),
        cited=(Q_5_10_2, Q_9_2_1),
        winner=Player.B,
    ),
    # -- a target gone before its effect resolves --------------------------------------------------
    "trigger_target_left_field": Expect(
        Result.CONTINUES,
        "game_continues",
        decides=(Q_5_9_6_1, *BATTLE),
        why_not=(Q_1_2_3,),
        next_first=Player.A,
        check=lambda r: (
            all(not t.startswith("雷德王 BP") for t in texts(r))
            and state(r).players.B.discard.find("雷德王").modifiers == []
        ),
    ),
    # -- "does X happen?" when it does not ---------------------------------------------------------
    "why_not_condition_one_short": Expect(
        Result.CONTINUES,
        "game_continues",
        decides=(Q_5_9_6_1, *BATTLE, Q_11_1),
        next_first=Player.B,
        check=lambda r: state(r).areas[1].A.modifiers == [],
    ),
    "why_not_turn_end_source_destroyed": Expect(
        Result.CONTINUES,
        "game_continues",
        decides=(Q_5_9_6_1, *BATTLE),
        why_not=(Q_10_1_3_2, Q_1_3_2),
        next_first=Player.A,
        check=lambda r: state(r).players.A.hand.total == 3,
    ),
    "why_not_won_trigger_forced_draw": Expect(
        Result.CONTINUES,
        "game_continues",
        decides=(Q_5_9_6_1, Q_5_9_6_2, Q_11_16_1),
        why_not=(Q_11_16_1,),
        check=lambda r: all(c.outcome.state.players.A.hand.total == 2 for c in r.choices),
    ),
    "illegal_scene_round_not_turn_number": Expect(
        Result.REFUSED, decides=(Q_6_3_1, Q_2_4_2_3), refused=(Q_6_3_1, Q_2_4_2_3)
    ),
    "two_turns_cost_last_character_loses": Expect(
        Result.WON,
        "cannot_set_character",
        decides=(Q_1_3_4,),
        cited=(Q_9_4_3, Q_5_3_2),
        winner=Player.B,
        check=lambda r: state(r).players.A.discard.names() == ["捷德"],
    ),
    "level_up_keeps_constant_effect": Expect(
        Result.CONTINUES,
        "game_continues",
        decides=(Q_5_9_6_1, *BATTLE, Q_5_6_1, Q_5_6_2_1),
        next_first=Player.B,
        check=lambda r: r.outcome.battles[2].bp == {Player.A: 3000, Player.B: 4000},
    ),
    "two_turns_forced_win_ended": Expect(
        Result.CONTINUES,
        "game_continues",
        decides=(Q_5_9_6_1, *BATTLE, Q_5_10_2),
        cited=(Q_11_16_1,),
        next_first=Player.A,
        check=lambda r: r.outcome.battles[2].result.value == "B" and state(r).turn == 5,
    ),
    "effect_removed_third_win": Expect(
        Result.WON,
        "three_battles_won",
        decides=(Q_1_3_2, *BATTLE, Q_12_4_2_1, Q_12_4_1, Q_3_8_1),
        winner=Player.A,
        check=lambda r: state(r).players.B.removed.names() == ["傑頓"],
    ),
    "trigger_turn_end_both_order": Expect(
        Result.CONTINUES,
        "game_continues",
        decides=(Q_5_9_6_1, *BATTLE),
        cited=(Q_10_1_3_4, Q_11_10_1),
        next_first=Player.A,
        check=lambda r: (
            next(t for t in texts(r) if "抽一張牌（" in t).startswith("玩家 B")
            and (state(r).players.A.hand.names(), state(r).players.B.hand.names()) == (["甲"], ["乙"])
        ),
    ),
    "effect_charge_empty_deck": Expect(
        Result.CONTINUES,
        "game_continues",
        decides=(Q_5_9_6_1, *BATTLE, Q_11_20_3, Q_11_4_2),
        why_not=(Q_11_17_1,),
        next_first=Player.B,
        check=lambda r: state(r).areas[1].A.charges == 0,
    ),
    "illegal_set_removed_card": Expect(Result.REFUSED, decides=(Q_3_8_2,), refused=(Q_3_8_2,)),
    "turn_two_scene_and_level_up": Expect(
        Result.CONTINUES,
        "game_continues",
        decides=(Q_5_9_6_1, *BATTLE, Q_11_7_1),
        cited=(Q_6_2_1, Q_6_3_3, Q_5_6_3_1),
        next_first=Player.A,
        check=lambda r: (
            [b.result.value for b in r.outcome.battles] == ["B", "A"] and state(r).players.A.hand.total == 2
        ),
    ),
    "choice_forced_win_declined": Expect(
        Result.CONTINUES,
        "game_continues",
        decides=(Q_5_9_6_1, *BATTLE, Q_11_3_2),
        next_first=Player.B,
        check=lambda r: state(r).areas[1].A.grants == [],
    ),
    "trigger_won_and_lost_order": Expect(
        Result.CONTINUES,
        "game_continues",
        decides=(Q_5_9_6_1, *BATTLE),
        cited=(Q_10_1_3_4, Q_9_2_1),
        next_first=Player.A,
        check=lambda r: (
            next(t for t in texts(r) if "抽一張牌（" in t).startswith("玩家 B")
            and (state(r).players.A.hand.names(), state(r).players.B.hand.names()) == (["甲"], ["乙"])
        ),
    ),
    "effect_destroyed_then_brought_out": Expect(
        Result.CONTINUES,
        "game_continues",
        decides=(Q_5_9_6_1, *BATTLE, Q_11_8_1),
        cited=(Q_12_4_1,),
        next_first=Player.B,
        check=lambda r: (
            state(r).areas[1].B.name == "雷德王" and state(r).players.B.discard.names() == ["傑頓"]
        ),
    ),
    # -- an effect lasting this turn that must stop applying, and what it stops meanwhile -----------
    "duration_text_invalid_this_turn": Expect(
        Result.CONTINUES,
        "game_continues",
        decides=(Q_5_9_6_1, *BATTLE, Q_11_13_2),
        why_not=(Q_11_13_2, Q_10_1_3_2),
        cited=(Q_11_13_1, Q_5_10_2),
        next_first=Player.A,
        check=lambda r: (
            state(r).players.B.hand.total == 2
            and state(r).areas[1].B.modifiers == []
            and r.outcome.battles[1].bp == {Player.A: 5000, Player.B: 4000}
        ),
    ),
    "illegal_activate_text_invalid": Expect(Result.REFUSED, decides=(Q_11_13_2,), refused=(Q_11_13_2,)),
}


def ruled(name: str) -> Ruling:
    return rule_text((EXAMPLES / f"{name}.yaml").read_text(encoding="utf-8"), name)


@pytest.mark.parametrize("name", sorted(SITUATIONS))
def test_a_situation_is_ruled_and_decided_by_the_clauses_it_quotes(name):
    expect, ruling = SITUATIONS[name], ruled(name)
    outcome = ruling.outcome
    assert outcome.result is expect.result
    assert (outcome.reason.value if outcome.reason else None) == expect.reason
    assert outcome.winner is expect.winner
    if expect.next_first is not None:
        assert outcome.next_first_player is expect.next_first
    assert set(ruling.decisive) == {clause(q) for q in expect.decides}
    if expect.refused:
        assert set(outcome.refused.cites) == {clause(q) for q in expect.refused}
    why_not = {cite for step in ruling.not_applied for cite in step.cites}
    assert {clause(q) for q in expect.why_not} <= why_not
    assert {clause(q) for q in expect.cited} <= set(ruling.cited)
    if expect.check is not None:
        assert expect.check(ruling)


def test_every_timeline_file_is_a_situation_here_or_a_question_example():
    questions = {"judgment", "judgment_forced_draw", "level_up", "level_up_illegal", "set_character"}
    questions |= {"set_scene", "deck"}
    files = {path.stem for path in EXAMPLES.glob("*.yaml")}
    assert files - questions == set(SITUATIONS)
    assert len(SITUATIONS) >= 30


@pytest.mark.parametrize("name", sorted(SITUATIONS))
def test_each_situation_states_its_question_in_its_header(name):
    header = (EXAMPLES / f"{name}.yaml").read_text(encoding="utf-8").split("\ngame:")[0]
    assert header.startswith("# ") and "?" in header


def test_the_covered_classes():
    """Every class of situation the engine must handle has at least one file."""
    prefixes = ("turn_", "two_turns_", "choice_", "duration_", "trigger_", "unknown_", "illegal_", "why_not_")
    for prefix in prefixes:
        assert any(name.startswith(prefix) for name in SITUATIONS), prefix
    assert (
        SITUATIONS["choice_scene_draw_open"].result is Result.CONTINUES
    )  # an open choice, replayed both ways
    placed = ruled("turn_whole").outcome.state.areas
    assert (placed[2].A.status, placed[2].B.status) == (Status.RESTED, Status.ACTIVE)  # 5.9.4.2
