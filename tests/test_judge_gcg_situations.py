"""gcg situations: timeline files under judge/examples/gcg/, each written from the rulebook text
with its question in its header comment, ruled by replay.

Each test names the outcome and every clause that decides it *by quote*: an exact phrase of
the clause's text, looked up in the parsed book (so a clause is named by what it says, and a
renumbered or reworded book fails here).  ``decides`` is the whole set of decisive clauses;
``refused`` the clauses a refusal cites; ``why_not`` clauses among the ruling's "why not";
``cited`` clauses some step must cite.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from judge.outcome import Result
from judge.players import Player
from judge.registry import rule_text
from judge.ruling import Ruling, StepKind
from judge.state import Status
from tests.judging import Expect, Quote, assert_situation, clause_by_quote

EXAMPLES = Path(__file__).resolve().parents[1] / "judge" / "examples" / "gcg"

Q_1_2_1 = "由自身未敗北的玩家獲得遊戲勝利"
#: 1-2-2-1 and 11-2-1-1 (1-2-2-2 and 11-2-1-2) say the same words: the one under 「遊戲敗北條件如下」
Q_1_2_2_1 = ("遊戲敗北條件如下", "該玩家受到來自機體的戰鬥傷害時，該玩家即滿足敗北條件")
Q_1_2_2_2 = ("遊戲敗北條件如下", "當任一玩家的卡組變成 0 張時，該玩家即滿足敗北條件")
Q_1_2_3 = "則在下個規則處理的時間點，該玩家因規則處理而遊戲敗北"
Q_1_2_4 = "所有玩家皆可在對戰中任意時間點宣告認輸"
Q_1_2_5 = "任何置換效果也都無法置換因認輸而導致的敗北"
Q_1_3_2 = "若有其中一部分無法執行，則需盡可能地進行該行動"
Q_1_3_6 = "若因卡牌效果使卡牌上的數值資訊產生變動時"
Q_2_8_2 = "擁有 HP 的卡牌，一旦其 HP 變成 0 就會被破壞"
Q_2_9_1 = "確認我方能源區中的能源數量，若其中放置的能源張數與 Lv. 數值相同或更多"
Q_3_2_4 = "在配置的回合中無法攻擊"
Q_3_2_5_2 = "HP 表示機體的耐久力。HP 變為 0 時，機體會被破壞"
Q_3_2_6_2 = "稱為「共鳴機體」"
Q_3_2_6_3 = "在配置的回合就可以立即攻擊"
Q_3_3_4 = "1 張機體只能被 1 張駕駛員搭乘"
Q_3_3_6 = "搭乘在該機體下方的駕駛員，會移動到與該機體相同區域"
Q_3_5_3 = "給予護盾區的傷害會優先給予基地"
Q_4_1_5 = "該卡牌視為新區域中的新卡牌"
Q_5_4_1_1 = "活躍狀態：卡牌以縱向放置的狀態"
Q_5_4_1_2 = "休息狀態：卡牌以橫向放置的狀態"
Q_4_8_4 = "手牌的上限張數是 10 張"
Q_5_5_4 = "這種傷害被稱為「效果傷害」"
Q_5_5_5 = "則不視為給予了傷害"
Q_5_5_6 = "超出的傷害也不會給予其他護盾"
Q_5_6_3 = "沒有受到傷害的機體無法回復"
Q_5_10_3 = "首先將被破壞的護盾翻開確認其【爆發】效果"
Q_5_10_1 = "破壞是指卡牌受到其 HP 或更高數值的傷害"
Q_5_10_4 = "由於張數超過戰鬥區以及基地放置處的張數上限"
Q_5_14_1_1 = "若有「抽 1 張卡」的指示"
Q_5_17_2_5 = "將從遊戲中被移除"
Q_5_17_2_5_1 = "所以滿足「當被破壞時」及「當被放回手牌時」等誘發條件"
Q_5_17_3_2_3 = "使用 EX 能源支付費用後"
Q_6_2_4 = "後攻玩家將 1 張活躍狀態的「EX 能源」"
Q_7_1_1 = "回合是依「起始階段」「抽卡階段」"
Q_7_2_3_1 = "所有休息狀態的卡牌轉為活躍狀態"
Q_7_2_4_1 = "發動「回合開始時」所指定的效果"
Q_7_3_1 = "回合玩家從卡組中抽取 1 張卡牌並加入手牌"
Q_7_3_1_1 = "當抽取卡牌後卡組變為 0 張時"
Q_7_4_1 = "回合玩家從能源卡組中將 1 張能源卡牌"
Q_7_5_2_2 = "從手牌使用卡牌時，依以下順序進行"
Q_7_5_2_1 = "回合玩家可以支付費用，依照任意順序從手牌中多次進行"
Q_7_5_4_1 = "攻擊對方玩家或者對方休息狀態的機體"
Q_7_6_1 = "「結束階段」依「瞬動步驟」「結束步驟」「手牌步驟」「清算步驟」4 個步驟的順序進行"
Q_7_6_5_1 = "則需選擇並丟棄卡牌直到手牌變成 10 張"
Q_7_6_6_1 = "為期限的效果失效"
Q_7_6_7 = "回合移交給對方玩家"
Q_8_2_1 = "選擇我方戰鬥區中 1 張活躍狀態的機體"
Q_8_2_3 = "「本次戰鬥中」效果是在此時間點開始生效"
Q_8_2_4 = "則不進入阻擋步驟，直接進入「戰鬥結束步驟」"
Q_8_1 = "依「攻擊步驟」「阻擋步驟」「瞬動步驟」「傷害步驟」「戰鬥結束步驟」5 個步驟的順序進行"
Q_8_3_1 = "非回合玩家可以發動其戰鬥區中活躍狀態的機體所擁有的《阻擋者》效果"
Q_8_3_2 = "針對每次攻擊只能發動 1 次《阻擋者》效果"
Q_8_3_4 = "也可以選擇不發動《阻擋者》效果"
Q_8_4_2 = "則不進入傷害步驟，直接進入「戰鬥結束步驟」"
Q_8_5_1 = "確認攻擊中的機體在當前時間點的攻擊對象"
Q_8_5_2_2 = "若對方的護盾區中沒有任何 1 張基地或護盾"
Q_8_5_2_3 = "若對方的護盾區中沒有基地只有護盾"
Q_8_5_2_3_1 = "受到 1 點或更多傷害的護盾會被破壞"
Q_8_5_2_4 = "若對方的護盾區中存在基地，則攻擊中的機體給予被攻擊的基地"
Q_8_5_3_2 = "攻擊中的機體給予攻擊對象的機體與其 AP 相同數值的戰鬥傷害"
Q_8_5_3_2_2 = "優先給予對方機體戰鬥傷害"
Q_8_5_3_2_3 = "若雙方戰鬥中的機體都被破壞，則視為同時被破壞"
Q_8_6_1 = "所有「本次戰鬥中」效果均失效"
Q_9_2 = "可以從非回合玩家開始依次發動擁有【瞬動】效果的指令卡牌"
Q_9_3 = "非回合玩家進行「發動擁有【瞬動】效果的指令」「發動【啟動·瞬動】效果」「讓過」中的任意 1 個"
Q_9_4 = "接著由回合玩家進行「發動擁有【瞬動】效果的指令」「發動【啟動·瞬動】效果」「讓過」中的任意 1 個"
Q_9_1 = "瞬動步驟在阻擋步驟後和結束階段中發生"
Q_5_5_2 = "卡牌受到與其 HP 相同或更高數值的傷害，就會因規則處理被破壞"
Q_9_3_1 = "支付費用使用手牌中擁有【瞬動】效果的指令卡牌"
Q_9_4_2 = "行動權以非回合玩家→回合玩家→非回合玩家……的順序持續轉交"
Q_9_5 = "若雙方玩家連續宣言「讓過」，則結束瞬動步驟"
Q_10_1_3 = "則可以選擇不發動該效果"
Q_10_1_6_6 = "首先解決回合玩家誘發的所有效果"
Q_10_1_2 = "若文本中沒有特定的指定，則效果僅對場上的卡牌有效"
Q_10_1_6_2 = "誘發性效果只要不滿足誘發條件，就不會被誘發也不會發動"
Q_10_1_6_3 = "若同時發生多個滿足條件的事態，效果只會被誘發並發動 1 次"
Q_10_1_8_1_1 = "若指令效果要求選擇對象，則只要無法選擇該對象就無法使用該指令卡牌"
Q_10_1_6_7 = "若有新的效果被誘發，則優先解決新誘發的效果"
Q_10_2_2 = "若效果發動要求選擇對象，則只要無法選擇對象，該效果就不會發動"
Q_10_3_3_1 = "若無法選擇效果對象，則該效果不發動"
Q_11_2_1 = "若在規則處理開始的時間點"
Q_11_3_1 = "其 HP 變得不高於 0 時就會被破壞"
Q_11_3_1_1 = "每張護盾視為擁有 HP1"
Q_11_4_2 = "需選擇 1 張已在戰鬥區的機體並將其置於廢棄區"
Q_11_4_2_1 = "透過此處理被置於廢棄區的機體不視為被破壞"
Q_3_3_8_1 = "駕駛員的 AP 和 HP 通常以「+1」等形式，疊加在其搭乘機體的數值上"
Q_4_4_2 = "能源區中最多可以放置 15 張能源"
Q_3_4_6_2 = "擁有【駕駛員】效果的指令卡牌在使用時可以選擇不發動指令效果而是作為駕駛員搭乘機體"
Q_13_2_5_2 = "【爆發】也可以選擇不發動。此時，該卡牌直接置於廢棄區"
Q_5_12_2 = "被除外的機體和基地不視為「破壞」"
Q_8_3_3 = "原本就是攻擊對象的機體，無法發動其《阻擋者》效果"
Q_9_4_1 = "只要不是雙方玩家連續宣言「讓過」，瞬動的行動權就再次轉交給非回合玩家"
Q_10_1_6_4 = "就算擁有該誘發型效果的卡牌離開了其發動區域，效果也會發動"
Q_13_1_5_3 = "同一機體無法擁有多個《先制攻擊》效果"
Q_13_2_11_1 = "【共鳴時】是指"
Q_13_2_3_1 = (
    "【主要】是僅指令卡牌擁有的、在機體進行攻擊期間以外的我方主要階段中使用就可以發動指令效果的關鍵字"
)
Q_11_5_2 = "需選擇 1 張已在基地放置處的基地並將其置於廢棄區"
Q_13_1_1_1 = "《修復》是我方的回合結束時發動的效果"
Q_13_1_1_2 = "則該機體的《修復》效果變成《修復：3》"
Q_13_1_2_1 = "《突破》是當機體透過戰鬥傷害破壞對方的機體時發動的關鍵字效果"
Q_13_1_2_2 = "若對方有基地則給予該張基地"
Q_13_1_2_5 = "則該機體的《突破》效果變成《突破：3》"
Q_13_1_3_1 = "《支援》是透過將機體轉為休息狀態而發動的關鍵字效果"
Q_13_1_4_1 = "可以將攻擊對象變更為我方的關鍵字效果"
Q_13_1_5_2 = "擁有《先制攻擊》效果的機體優先給予傷害後"
Q_13_1_5_1 = "攻擊中的機體進行戰鬥時，優先於對方給予戰鬥傷害"
Q_13_1_6_1 = "對方的機體無法發動《阻擋者》效果」的意思"
Q_13_2_4_1 = "在瞬動時機使用就可以發動指令效果"
Q_13_2_4_2 = "在瞬動步驟中無法將擁有【駕駛員】效果的指令卡牌作為駕駛員進行搭乘"
Q_13_2_5_1 = "在被置於廢棄區前可以立即發動效果的關鍵字"
Q_13_2_5_3 = "效果發動後，只要該卡牌沒有移動到其他區域就會被置於廢棄區"
Q_13_2_6_1 = "【配置時】是指"
Q_13_2_7_1 = "【攻擊時】是指"
Q_13_2_8_1 = "【破壞時】是指"
Q_13_2_9_1 = "【搭乘時】是指"
Q_5_6_1 = "則移除等同於其回復數值的表示傷害的計數器"
Q_5_6_2 = "剩餘數值不會疊加到 HP 上"
Q_2_9_4 = "將目前的能源張數（包含 EX 能源在內）視為玩家的 Lv."
Q_2_10_1 = "將我方能源區中所需數量的活躍狀態的能源轉為休息狀態就能支付費用"
Q_3_3_1 = "使用即可疊放在戰鬥區中的機體下方進行搭乘"
Q_5_17_2_2 = "機體替代卡跟通常機體一樣，可以被駕駛員搭乘"
Q_10_1_6_5 = "需要決定解決順序並依次處理"
Q_10_1_6_8 = "在被誘發的多個效果中若有【爆發】效果，則優先解決【爆發】效果"
Q_11_5_2_1 = "透過此處理被置於廢棄區的基地不視為被破壞"
Q_13_1_2_3 = "即便雙方的機體均因戰鬥被破壞，也會發動"
Q_13_1_2_4 = "若對方護盾區中沒有任何 1 張基地或護盾，則不發動《突破》效果"
Q_13_2_1_1 = "只能在機體進行攻擊期間以外的我方主要階段可以發動"
Q_1_3_2_1 = "則不視為再次變為該狀態，而是該行為本身不會進行"
Q_3_2_3 = "只有機體可以進行攻擊"
Q_5_3_1 = "回合玩家是指當前回合行動中的玩家"
Q_5_19_1 = "「/」表示「或者」的意思"
Q_7_6_4_1 = "發動「回合結束時」所指定的效果"
Q_13_1_3_2 = "則該機體的《支援》效果變成《支援：3》"
Q_10_2_1 = "若效果的發動要求滿足某些條件，則只要不滿足條件，該效果就不會發動"
Q_7_5_5_2 = "若宣言了「主要階段結束」，則立即進入「結束階段」"
Q_7_6_3_1 = "從非回合玩家開始，可以輪流發動擁有【瞬動】效果的指令卡牌以及記述為【啟動·瞬動】的效果"
WON_BY_BATTLE_DAMAGE = (Q_8_5_2_2, Q_1_2_2_1, Q_11_2_1, Q_1_2_1)
UNIT_DESTROYED = (Q_8_5_3_2, Q_11_3_1)
BLOCKED = (Q_8_3_1, Q_13_1_4_1, *UNIT_DESTROYED)


def clause(quote: Quote) -> str:
    return clause_by_quote("gcg", quote)


def state(ruling: Ruling) -> Any:
    return ruling.outcome.state


def side(ruling: Ruling, player: str) -> Any:
    return getattr(ruling.outcome.state.players, player)


def battles(ruling: Ruling) -> list[Any]:
    return ruling.outcome.battles


def unit(ruling: Ruling, player: str, name: str) -> Any:
    return side(ruling, player).battle.find(name)


def texts(ruling: Ruling) -> list[str]:
    return [s.text for s in ruling.steps]


def choice_outcomes(ruling: Ruling) -> dict[str, Any]:
    return {str(next(iter(c.option.values()))): c.outcome for c in ruling.choices}


CONTINUES = (Result.CONTINUES, "game_continues")

SITUATIONS: dict[str, Expect] = {
    # -- a whole turn from its start --------------------------------------------------------------
    "turn_whole": Expect(
        *CONTINUES,
        decides=(Q_8_5_2_3, Q_8_5_2_3_1),
        why_not=(Q_1_2_2_2, Q_1_2_2_1, Q_5_5_6, Q_4_8_4),
        cited=(Q_7_2_3_1, Q_7_3_1, Q_7_4_1, Q_7_5_2_2, Q_8_2_1, Q_7_6_7),
        check=lambda r: (
            (state(r).turn, state(r).turn_player, state(r).phase, state(r).step)
            == (4, Player.B, "start", "active")
            and unit(r, "A", "鋼彈").status is Status.RESTED
            and unit(r, "A", "吉姆").status is Status.ACTIVE
            and (side(r, "A").hand.total, side(r, "A").deck.total, side(r, "A").energy.total) == (5, 29, 3)
            and side(r, "B").shields.total == 3
        ),
    ),
    "turn_first": Expect(
        *CONTINUES,
        why_not=(Q_7_3_1, Q_6_2_4),
        cited=(Q_7_3_1, Q_7_4_1, Q_7_6_7),
        check=lambda r: (
            (side(r, "A").deck.total, side(r, "A").hand.total, side(r, "A").energy.total) == (43, 5, 1)
            and (state(r).turn, state(r).turn_player) == (2, Player.B)
        ),
    ),
    "turn_second_player_ex_energy": Expect(
        *CONTINUES,
        cited=(Q_5_17_3_2_3, Q_7_4_1),
        check=lambda r: (side(r, "B").energy.ex, side(r, "B").energy.total) == (0, 1),
    ),
    "turn_deck_out_on_draw": Expect(
        Result.WON, "deck_of_zero_cards", decides=(Q_7_3_1_1, Q_1_2_2_2, Q_11_2_1, Q_1_2_1), winner=Player.A
    ),
    "turn_end_phase_action_step": Expect(
        *CONTINUES,
        decides=(Q_11_3_1,),
        cited=(Q_5_5_4, Q_7_6_7),
        check=lambda r: (
            r.outcome.destroyed == ["鋼彈"]
            and (state(r).turn, state(r).turn_player) == (7, Player.B)
            and texts(r).index("瞬動步驟：回合玩家 A 讓過，將瞬動的行動權轉交給對方。")
            < texts(r).index("瞬動步驟：非回合玩家 B 讓過，將瞬動的行動權轉交給對方。")
        ),
    ),
    "turn_hand_limit": Expect(
        *CONTINUES,
        cited=(Q_7_6_5_1, Q_4_8_4),
        check=lambda r: (side(r, "A").hand.total, side(r, "A").trash.total) == (10, 5),
    ),
    # -- two attacks, the second seeing the first's result ----------------------------------------
    "two_attacks_last_shield_then_player": Expect(
        Result.WON,
        "battle_damage_with_empty_shield_area",
        decides=(Q_8_5_2_3, Q_8_5_2_3_1, *WON_BY_BATTLE_DAMAGE),
        winner=Player.A,
        check=lambda r: [(b.shields_destroyed, b.player_damage) for b in battles(r)] == [(1, 0), (0, 2)],
    ),
    "two_attacks_base_then_shield": Expect(
        *CONTINUES,
        decides=(Q_8_5_2_4, Q_3_5_3, Q_11_3_1, Q_8_5_2_3, Q_8_5_2_3_1),
        why_not=(Q_3_5_3,),
        cited=(Q_5_17_2_5,),
        check=lambda r: (
            [b.destroyed for b in battles(r)] == [["EX基地(B)"], []]
            and side(r, "B").base.total == 0
            and side(r, "B").shields.total == 4
        ),
    ),
    "two_attacks_blocker_spent": Expect(
        Result.WON,
        "battle_damage_with_empty_shield_area",
        decides=(Q_8_3_1, Q_13_1_4_1, *UNIT_DESTROYED, *WON_BY_BATTLE_DAMAGE),
        why_not=(Q_8_3_1,),
        winner=Player.A,
        check=lambda r: [b.blocked_by for b in battles(r)] == ["吉姆", None],
    ),
    "two_attacks_unit_destroyed_then_breach": Expect(
        *CONTINUES,
        decides=(*UNIT_DESTROYED, Q_13_1_2_1, Q_13_1_2_2, Q_3_5_3),
        check=lambda r: (
            side(r, "B").base.cards[0].damage == 3
            and side(r, "B").shields.total == 3
            and r.outcome.destroyed == ["薩克II", "德姆"]
        ),
    ),
    # -- a battle that ends early: a battling unit left the field --------------------------------
    "battle_attacker_destroyed_in_action_step": Expect(
        *CONTINUES,
        decides=(Q_11_3_1, Q_8_4_2),
        cited=(Q_5_5_4, Q_9_5),
        check=lambda r: (
            r.outcome.destroyed == ["德姆"]
            and battles(r)[0].ended_early
            and side(r, "B").shields.total == 2
            and texts(r).index("瞬動步驟：回合玩家 A 讓過，將瞬動的行動權轉交給對方。")
            < texts(r).index("瞬動步驟：非回合玩家 B 讓過，將瞬動的行動權轉交給對方。")
        ),
    ),
    "battle_target_destroyed_in_attack_step": Expect(
        *CONTINUES,
        decides=(Q_11_3_1, Q_8_2_4, Q_13_2_7_1),
        check=lambda r: (
            r.choices == ()
            and unit(r, "A", "鋼彈").damage == 0
            and unit(r, "B", "吉姆").status is Status.ACTIVE
            and battles(r)[0].blocked_by is None
        ),
    ),
    "block_by_unit_deployed_this_turn": Expect(
        *CONTINUES,
        decides=BLOCKED,
        check=lambda r: battles(r)[0].blocked_by == "吉姆" and side(r, "B").shields.total == 2,
    ),
    # -- stated effects ---------------------------------------------------------------------------
    "effect_draw_empties_deck": Expect(
        Result.WON,
        "deck_of_zero_cards",
        decides=(Q_1_2_2_2, Q_1_2_3, Q_11_2_1, Q_1_2_1),
        cited=(Q_1_3_2, Q_5_14_1_1),
        winner=Player.B,
        check=lambda r: (side(r, "A").hand.total, side(r, "A").deck.total) == (2, 0),
    ),
    "effect_destroy_unit_with_pilot": Expect(
        *CONTINUES,
        decides=(Q_5_10_1, Q_3_3_6),
        cited=(Q_3_3_6,),
        check=lambda r: (
            side(r, "A").battle.cards == []
            and set(side(r, "A").trash.names()) == {"鋼彈", "阿姆羅·雷"}
            and side(r, "A").trash.total == 6
        ),
    ),
    "effect_return_unit_to_hand": Expect(
        *CONTINUES,
        decides=(Q_3_3_6,),
        cited=(Q_3_3_6, Q_4_1_5),
        check=lambda r: (
            set(side(r, "A").hand.names()) == {"鋼坦克", "隼人·小林"}
            and side(r, "A").hand.total == 4
            and side(r, "A").hand.find("鋼坦克").damage == 0
            and r.outcome.destroyed == []
        ),
    ),
    "effect_hp_reduced_to_zero": Expect(
        *CONTINUES,
        decides=(Q_2_8_2,),
        cited=(Q_3_2_5_2,),
        not_cited=(Q_11_3_1,),
        check=lambda r: r.outcome.destroyed == ["吉姆"],
    ),
    "effect_rest_then_attack": Expect(
        *CONTINUES,
        decides=(Q_5_4_1_2, *UNIT_DESTROYED),
        check=lambda r: r.outcome.destroyed == ["吉姆"] and unit(r, "A", "鋼彈").damage == 2,
    ),
    "effect_set_active_attacks_again": Expect(
        *CONTINUES,
        decides=(Q_8_5_2_4, Q_3_5_3, Q_11_3_1, Q_5_4_1_1, Q_8_5_2_3, Q_8_5_2_3_1),
        check=lambda r: (
            [b.destroyed for b in battles(r)] == [["EX基地(B)"], []]
            and side(r, "B").shields.total == 1
            and unit(r, "A", "鋼彈").status is Status.RESTED
        ),
    ),
    "deploy_level_counts_rested_energy": Expect(
        *CONTINUES,
        decides=(Q_2_9_1,),
        check=lambda r: unit(r, "A", "鋼加農") is not None and side(r, "A").energy.rested == 5,
    ),
    # -- a fixed choice and an open one -----------------------------------------------------------
    "choice_block_fixed": Expect(
        *CONTINUES,
        decides=(Q_8_3_1, Q_13_1_4_1, Q_8_5_3_2),
        check=lambda r: r.choices == () and unit(r, "B", "鋼坦克").damage == 3,
    ),
    "choice_block_open": Expect(
        Result.DEPENDS,
        decides=(Q_8_5_2_4, Q_3_5_3, Q_11_3_1, Q_8_3_1, Q_13_1_4_1, Q_8_5_3_2),
        cited=(Q_8_3_4,),
        check=lambda r: (
            {name: o.destroyed for name, o in choice_outcomes(r).items()}
            == {"no_block": ["EX基地(B)"], "吉姆": ["吉姆"], "鋼坦克": []}
            and {c.player for c in r.choices} == {Player.B}
        ),
    ),
    "choice_burst_open": Expect(
        Result.DEPENDS,
        decides=(Q_8_5_2_3, Q_8_5_2_3_1, Q_5_10_1, Q_13_2_5_1),
        cited=(Q_10_1_3,),
        check=lambda r: (
            {k: o.destroyed for k, o in choice_outcomes(r).items()} == {"True": ["德姆"], "False": []}
        ),
    ),
    "choice_burst_declined": Expect(
        *CONTINUES,
        decides=(Q_8_5_2_3, Q_8_5_2_3_1, Q_13_2_5_2),
        cited=(Q_10_1_3,),
        check=lambda r: (
            r.choices == ()
            and unit(r, "A", "德姆") is not None
            and side(r, "B").trash.names() == ["光束步槍"]
        ),
    ),
    "choice_replace_fixed": Expect(
        *CONTINUES,
        decides=(Q_11_4_2, Q_11_4_2_1),
        why_not=(Q_11_4_2_1, Q_5_10_4, Q_13_2_8_1),
        check=lambda r: (
            side(r, "A").hand.total == 3  # 鋼彈 left the hand, and 鋼坦克's draw never happened
            and side(r, "A").trash.names() == ["鋼坦克"]
            and len(side(r, "A").battle.cards) == 6
        ),
    ),
    # -- durations that end with the turn or the battle -------------------------------------------
    "duration_end_of_turn": Expect(
        *CONTINUES,
        decides=UNIT_DESTROYED,
        cited=(Q_1_3_6, Q_7_6_6_1),
        check=lambda r: (
            unit(r, "B", "薩克II").modifiers == []
            and side(r, "A").trash.names() == ["吉姆"]
            and state(r).turn == 5
        ),
    ),
    "duration_end_of_battle": Expect(
        *CONTINUES,
        decides=UNIT_DESTROYED,
        cited=(Q_8_2_3, Q_8_6_1),
        check=lambda r: unit(r, "A", "鋼彈").modifiers == [] and r.outcome.destroyed == ["德姆"],
    ),
    "duration_hp_ends_unit_destroyed": Expect(
        *CONTINUES,
        decides=(Q_8_5_3_2, Q_7_6_6_1, Q_11_3_1),
        check=lambda r: (
            side(r, "A").trash.names() == ["吉姆"]
            and unit(r, "B", "德姆").damage == 2
            and (state(r).turn, state(r).turn_player) == (5, Player.B)
        ),
    ),
    "duration_high_maneuver_granted": Expect(
        *CONTINUES,
        decides=(Q_13_1_6_1, Q_8_5_2_3, Q_8_5_2_3_1),
        why_not=(Q_13_1_6_1,),
        cited=(Q_7_6_6_1,),
        check=lambda r: (
            r.choices == () and battles(r)[0].blocked_by is None and side(r, "B").shields.total == 2
        ),
    ),
    "duration_repair_gained_this_turn": Expect(
        *CONTINUES,
        decides=(Q_13_1_1_1, Q_5_6_1),
        cited=(Q_7_6_6_1,),
        check=lambda r: unit(r, "A", "鋼彈").damage == 1 and unit(r, "A", "鋼彈").grants == [],
    ),
    "duration_support": Expect(
        *CONTINUES,
        decides=(*UNIT_DESTROYED, Q_13_1_3_1),
        cited=(Q_13_1_3_1, Q_7_6_6_1),
        check=lambda r: (
            unit(r, "A", "鋼加農").modifiers == []
            and unit(r, "A", "吉姆").status is Status.RESTED
            and r.outcome.destroyed == ["薩克II"]
        ),
    ),
    # -- triggered effects ------------------------------------------------------------------------
    # -- fresh situations, round 4: clauses no example decided before ------------------------------
    "pilot_ap_hp_decide_battle": Expect(
        *CONTINUES,
        decides=(*UNIT_DESTROYED, Q_3_3_8_1),
        check=lambda r: r.outcome.destroyed == ["薩克"] and unit(r, "A", "吉姆").damage == 3,
    ),
    "effect_ap_below_zero_then_raised": Expect(
        *CONTINUES,
        decides=(Q_1_3_6, Q_8_5_3_2),
        check=lambda r: not r.outcome.destroyed and unit(r, "B", "薩克").damage == 1,
    ),
    "turn_energy_area_full": Expect(
        *CONTINUES,
        decides=(Q_4_4_2,),
        check=lambda r: (side(r, "A").energy.total, side(r, "A").energy_deck.total) == (15, 1),
    ),
    "why_not_exiled_not_destroyed": Expect(
        *CONTINUES,
        decides=(Q_5_12_2,),
        why_not=(Q_5_12_2, Q_13_2_8_1),
        check=lambda r: side(r, "B").hand.total == 4 and side(r, "B").removed.names() == ["薩克"],
    ),
    "illegal_block_by_attacked_unit": Expect(Result.REFUSED, decides=(Q_8_3_3,), refused=(Q_8_3_3,)),
    "why_not_first_strike_gained_twice": Expect(
        *CONTINUES,
        decides=(Q_8_5_3_2, Q_13_1_5_3),
        check=lambda r: unit(r, "B", "德姆").damage == 3 and unit(r, "A", "鋼彈").damage == 3,
    ),
    "trigger_on_link": Expect(
        *CONTINUES,
        decides=(Q_13_2_11_1,),
        check=lambda r: (side(r, "A").hand.total, side(r, "A").deck.total) == (3, 19),
    ),
    "why_not_link_trigger_pilot_not_met": Expect(
        *CONTINUES,
        decides=(Q_13_2_11_1,),
        why_not=(Q_13_2_11_1, Q_3_2_6_2),
        check=lambda r: (side(r, "A").hand.total, side(r, "A").deck.total) == (2, 20),
    ),
    "trigger_destroys_after_attacker_destroyed": Expect(
        *CONTINUES,
        decides=(*UNIT_DESTROYED, Q_10_1_6_4),
        check=lambda r: sorted(r.outcome.destroyed) == ["德姆", "鋼彈"] and side(r, "A").hand.total == 3,
    ),
    "action_step_acts_again_after_pass": Expect(
        *CONTINUES,
        decides=(Q_9_4_1, Q_8_5_3_2),
        check=lambda r: not r.outcome.destroyed and side(r, "B").hand.find("防禦") is None,
    ),
    "effect_mill_empties_deck": Expect(
        Result.WON,
        "deck_of_zero_cards",
        decides=(Q_1_2_2_2, Q_1_2_3, Q_11_2_1, Q_1_2_1),
        winner=Player.A,
    ),
    "turn_attacker_stays_rested_in_opponents_turn": Expect(
        *CONTINUES,
        decides=(Q_8_5_2_3, Q_8_5_2_3_1, Q_7_2_3_1, *UNIT_DESTROYED),
        check=lambda r: (
            sorted(r.outcome.destroyed) == ["薩克", "鋼彈"]
            and (state(r).turn, state(r).turn_player) == (6, Player.B)
            and side(r, "B").shields.total == 2
        ),
    ),
    "turn_repair_then_effect_damage_next_turn": Expect(
        *CONTINUES,
        decides=(Q_8_5_3_2, Q_13_1_1_1, Q_5_6_1, Q_11_3_1),
        check=lambda r: r.outcome.destroyed == ["吉姆"] and state(r).turn_player is Player.B,
    ),
    "turn_support_ends_before_next_attack": Expect(
        *CONTINUES,
        decides=(*UNIT_DESTROYED, Q_13_1_3_1, Q_5_4_1_2, Q_7_6_6_1),
        check=lambda r: r.outcome.destroyed == ["德姆"] and unit(r, "B", "薩克").damage == 3,
    ),
    "pair_command_as_pilot": Expect(
        *CONTINUES,
        decides=(Q_3_4_6_2, *UNIT_DESTROYED, Q_3_3_8_1),
        check=lambda r: r.outcome.destroyed == ["薩克"] and unit(r, "A", "吉姆").pilot.name == "特殊任務",
    ),
    "breach_after_blocker_hits_base": Expect(
        *CONTINUES,
        decides=(*BLOCKED, Q_13_1_2_1, Q_13_1_2_2, Q_3_5_3),
        check=lambda r: side(r, "B").base.cards[0].damage == 2 and side(r, "B").shields.total == 3,
    ),
    "trigger_on_destroyed": Expect(
        *CONTINUES,
        decides=(*UNIT_DESTROYED, Q_13_2_8_1),
        cited=(Q_5_14_1_1,),
        check=lambda r: (side(r, "B").hand.total, side(r, "B").deck.total) == (4, 21),
    ),
    "trigger_on_deploy": Expect(
        *CONTINUES,
        decides=(Q_11_3_1, Q_13_2_6_1),
        cited=(Q_5_5_4,),
        check=lambda r: r.outcome.destroyed == ["吉姆"] and side(r, "A").energy.rested == 2,
    ),
    "trigger_on_attack": Expect(
        *CONTINUES,
        decides=(*UNIT_DESTROYED, Q_13_2_7_1),
        cited=(Q_8_5_3_2_3, Q_8_6_1),
        check=lambda r: r.outcome.destroyed == ["鋼彈", "德姆"],
    ),
    "trigger_both_players": Expect(
        *CONTINUES,
        decides=(*UNIT_DESTROYED, Q_13_2_8_1),
        cited=(Q_10_1_6_6, Q_8_5_3_2_3),
        check=lambda r: (
            r.outcome.destroyed == ["鋼彈", "薩克II", "吉姆"]
            and side(r, "A").hand.total == 3
            and [s.text for s in r.steps].index("玩家 A 從卡組最上方抽 1 張卡牌加入手牌（1 張）。")
            < [s.text for s in r.steps].index("「吉姆」受到 1 點效果傷害（計數器 2）。")
        ),
    ),
    "trigger_attack_both_players": Expect(
        *CONTINUES,
        decides=(Q_8_5_2_4, Q_3_5_3, Q_11_3_1, Q_13_2_7_1),
        cited=(Q_10_1_6_6,),
        check=lambda r: (
            side(r, "A").hand.total == 3
            and unit(r, "A", "鋼彈").damage == 1
            and texts(r).index("玩家 A 從卡組最上方抽 1 張卡牌加入手牌（1 張）。")
            < texts(r).index("「鋼彈」受到 1 點效果傷害（計數器 1）。")
        ),
    ),
    "trigger_burst_on_effect_damage": Expect(
        *CONTINUES,
        decides=(Q_11_3_1_1, Q_5_10_1, Q_13_2_5_1),
        cited=(Q_5_10_3, Q_13_2_5_1, Q_13_2_5_3),
        check=lambda r: (
            r.outcome.destroyed == ["鋼彈"]
            and side(r, "B").trash.names() == ["光束步槍"]
            and side(r, "B").shields.total == 2
        ),
    ),
    "trigger_ex_base_destroyed": Expect(
        *CONTINUES,
        decides=(Q_8_5_2_4, Q_3_5_3, Q_11_3_1, Q_5_17_2_5_1, Q_13_2_8_1),
        cited=(Q_5_17_2_5,),
        check=lambda r: (
            (side(r, "B").hand.total, side(r, "B").deck.total) == (5, 24)
            and side(r, "B").base.total == 0
            and side(r, "B").trash.names() == []
        ),
    ),
    "trigger_turn_start": Expect(
        *CONTINUES,
        decides=(Q_7_2_4_1,),
        cited=(Q_7_2_4_1, Q_7_3_1),
        check=lambda r: (side(r, "B").hand.total, side(r, "B").deck.total) == (4, 14),
    ),
    # -- missing facts that matter, and one that does not -----------------------------------------
    "unknown_ap_matters": Expect(
        Result.DEPENDS,
        decides=(Q_8_5_3_2,),
        check=lambda r: r.outcome.depends_on == ["「鋼坦克」的 AP"] and r.gaps[0].kind is StepKind.UNKNOWN,
    ),
    "unknown_hand_does_not_matter": Expect(
        *CONTINUES,
        decides=(Q_8_5_2_3, Q_8_5_2_3_1),
        check=lambda r: r.gaps == () and r.choices == () and side(r, "B").shields.total == 2,
    ),
    "unknown_shields_matter": Expect(
        Result.DEPENDS,
        decides=(Q_8_5_2_3, Q_8_5_2_3_1, *WON_BY_BATTLE_DAMAGE),
        check=lambda r: (
            [c.outcome.result for c in r.choices] == [Result.CONTINUES, Result.WON]
            and all(c.kind == "fact" for c in r.choices)
        ),
    ),
    "unknown_deck_matters": Expect(
        Result.DEPENDS,
        decides=(Q_7_3_1_1, Q_1_2_2_2, Q_11_2_1, Q_1_2_1),
        check=lambda r: [c.outcome.winner for c in r.choices] == [None, Player.A],
    ),
    "unknown_status_matters": Expect(
        Result.DEPENDS,
        decides=(*WON_BY_BATTLE_DAMAGE, Q_8_2_1),
        check=lambda r: [c.outcome.result for c in r.choices] == [Result.WON, Result.REFUSED],
    ),
    # -- illegal actions, refused with the clause that forbids them -------------------------------
    "illegal_attack_rested": Expect(Result.REFUSED, decides=(Q_8_2_1,), refused=(Q_8_2_1,)),
    "illegal_attack_deployed_this_turn": Expect(
        Result.REFUSED,
        decides=(Q_3_2_4,),
        refused=(Q_3_2_4,),
        check=lambda r: r.outcome.refused.action == 1 and unit(r, "A", "薩克II") is not None,
    ),
    "illegal_second_energy": Expect(
        Result.REFUSED, decides=(Q_7_4_1,), refused=(Q_7_4_1,), check=lambda r: side(r, "B").energy.total == 5
    ),
    "illegal_energy_in_main_phase": Expect(
        Result.REFUSED, decides=(Q_7_1_1, Q_7_4_1), refused=(Q_7_1_1, Q_7_4_1)
    ),
    "illegal_attack_active_unit": Expect(
        Result.REFUSED, decides=(Q_8_2_1, Q_7_5_4_1), refused=(Q_8_2_1, Q_7_5_4_1)
    ),
    "illegal_block_high_maneuver": Expect(
        Result.REFUSED,
        decides=(Q_13_1_6_1,),
        refused=(Q_13_1_6_1,),
        check=lambda r: r.outcome.refused.action == 1,
    ),
    "illegal_level_too_high": Expect(
        Result.REFUSED, decides=(Q_7_5_2_2, Q_2_9_1), refused=(Q_7_5_2_2, Q_2_9_1)
    ),
    "illegal_main_command_in_action_step": Expect(
        Result.REFUSED,
        decides=(Q_13_2_3_1, Q_13_2_4_1, Q_9_3_1),
        refused=(Q_13_2_3_1, Q_13_2_4_1, Q_9_3_1),
        check=lambda r: side(r, "A").hand.find("補給") is not None,
    ),
    "illegal_block_after_action_step": Expect(
        Result.REFUSED,
        decides=(Q_8_1, Q_8_3_1, Q_8_3_2),
        refused=(Q_8_1, Q_8_3_1, Q_8_3_2),
        check=lambda r: r.outcome.refused.action == 3,
    ),
    "illegal_pair_in_opponents_turn": Expect(
        Result.REFUSED,
        decides=(Q_7_5_2_1,),
        refused=(Q_7_5_2_1,),
        check=lambda r: unit(r, "B", "薩克II").pilot is None and side(r, "B").hand.find("夏亞") is not None,
    ),
    "illegal_pilot_command_in_action_step": Expect(
        Result.REFUSED,
        decides=(Q_13_2_4_2,),
        refused=(Q_13_2_4_2,),
        check=lambda r: (
            r.outcome.refused.action == 2
            and unit(r, "B", "鋼彈").pilot is None
            and side(r, "B").hand.find("阿姆羅的決意") is not None
        ),
    ),
    "illegal_second_pilot": Expect(Result.REFUSED, decides=(Q_3_3_4,), refused=(Q_3_3_4,)),
    "link_unit_attacks_on_deploy": Expect(
        *CONTINUES,
        decides=(Q_3_2_6_2, Q_3_2_6_3, Q_3_3_8_1, *UNIT_DESTROYED),
        check=lambda r: r.outcome.destroyed == ["薩克II"] and unit(r, "A", "鋼彈").pilot.name == "阿姆羅·雷",
    ),
    # -- why not: each way to lose (and so to win) that does not apply ----------------------------
    "why_not_base_stops_damage": Expect(
        *CONTINUES,
        decides=(Q_8_5_2_4, Q_3_5_3, Q_11_3_1),
        why_not=(Q_3_5_3, Q_1_2_2_1, Q_5_5_6),
        check=lambda r: r.outcome.losers == [] and side(r, "B").base.total == 0,
    ),
    "why_not_zero_damage": Expect(
        *CONTINUES,
        decides=(Q_8_5_2_2, Q_5_5_5),
        why_not=(Q_5_5_5, Q_1_2_2_1),
        cited=(Q_1_3_6,),
        check=lambda r: battles(r)[0].player_damage == 0,
    ),
    "why_not_effect_damage": Expect(
        *CONTINUES,
        why_not=(Q_1_2_2_1, Q_5_5_4),
        check=lambda r: [g.kind for g in r.gaps] == [StepKind.SILENT],
    ),
    "why_not_blocked": Expect(
        *CONTINUES,
        decides=(Q_8_3_1, Q_13_1_4_1, Q_8_5_3_2),
        why_not=(Q_8_3_1, Q_1_2_2_1),
        check=lambda r: r.outcome.losers == [],
    ),
    "why_not_first_strike_for_blocker": Expect(
        *CONTINUES,
        decides=BLOCKED,
        why_not=(Q_13_1_5_1,),
        cited=(Q_8_5_3_2_3,),
        check=lambda r: r.outcome.destroyed == ["吉姆", "鋼坦克"],
    ),
    "why_not_breach_in_opponents_turn": Expect(
        *CONTINUES,
        decides=BLOCKED,
        why_not=(Q_13_1_2_1,),
        check=lambda r: (
            r.outcome.destroyed == ["薩克II"]
            and side(r, "A").base.cards[0].damage == 0
            and side(r, "A").shields.total == 3
        ),
    ),
    "why_not_burst_shield_to_hand": Expect(
        *CONTINUES,
        why_not=(Q_13_2_5_1,),
        check=lambda r: (
            unit(r, "A", "鋼彈") is not None
            and side(r, "B").hand.names() == ["光束步槍"]
            and side(r, "B").shields.total == 0
        ),
    ),
    "why_not_breach_excess_to_shield": Expect(
        *CONTINUES,
        decides=(*UNIT_DESTROYED, Q_13_1_2_1, Q_13_1_2_2, Q_3_5_3),
        why_not=(Q_5_5_6,),
        check=lambda r: (
            r.outcome.destroyed == ["薩克II", "EX基地(B)"]
            and side(r, "B").shields.total == 4
            and battles(r)[0].shields_destroyed == 0
        ),
    ),
    "why_not_first_strike_target_survives": Expect(
        *CONTINUES,
        decides=UNIT_DESTROYED,
        why_not=(Q_13_1_5_2,),
        cited=(Q_8_5_3_2_2,),
        check=lambda r: r.outcome.destroyed == ["吉姆"] and unit(r, "B", "德姆").damage == 2,
    ),
    "why_not_deck_not_empty": Expect(
        *CONTINUES,
        why_not=(Q_1_2_2_2,),
        check=lambda r: (side(r, "B").deck.total, side(r, "B").trash.total) == (1, 12),
    ),
    "why_not_forced_concession": Expect(
        Result.WON,
        "conceded",
        decides=(Q_1_2_4, Q_1_2_1),
        why_not=(Q_1_2_5,),
        winner=Player.A,
        check=lambda r: r.outcome.losers == [Player.B],
    ),
    # -- the book's own worked examples (例：), each as a timeline -----------------------------------
    "effect_rest_already_rested": Expect(
        *CONTINUES,
        decides=UNIT_DESTROYED,
        why_not=(Q_1_3_2_1,),
        not_cited=(Q_5_4_1_2,),
        check=lambda r: r.outcome.destroyed == ["吉姆"],
    ),
    "link_by_trait_either_of_two": Expect(
        *CONTINUES,
        decides=(Q_3_2_6_2, Q_3_2_6_3, Q_5_19_1, Q_8_5_2_3, Q_8_5_2_3_1),
        check=lambda r: side(r, "B").shields.total == 2,
    ),
    "support_stacked_values": Expect(
        *CONTINUES,
        decides=(Q_13_1_3_2, Q_13_1_3_1, *UNIT_DESTROYED),
        check=lambda r: r.outcome.destroyed == ["德姆"] and unit(r, "A", "鋼彈").damage == 2,
    ),
    "breach_stacked_destroys_base": Expect(
        *CONTINUES,
        decides=(*UNIT_DESTROYED, Q_13_1_2_5, Q_13_1_2_1, Q_13_1_2_2, Q_3_5_3),
        check=lambda r: (
            r.outcome.destroyed == ["薩克II", "EX基地(B)"]
            and r.outcome.battles[0].base_damage == 3
            and side(r, "B").shields.total == 2
        ),
    ),
    # -- sequences over several actions and turns -------------------------------------------------
    "turn_damage_carries_into_next_turn": Expect(
        *CONTINUES,
        decides=(*BLOCKED, Q_7_2_3_1),
        cited=(Q_7_2_3_1, Q_7_6_7),
        check=lambda r: (
            r.outcome.destroyed == ["吉姆", "薩克II", "鋼彈"]
            and (state(r).turn, state(r).turn_player) == (6, Player.B)
        ),
    ),
    "duration_blocker_ends_before_next_turn": Expect(
        Result.REFUSED,
        decides=(Q_8_3_1, Q_13_1_4_1, Q_7_6_6_1),
        refused=(Q_8_3_1, Q_13_1_4_1, Q_7_6_6_1),
        check=lambda r: state(r).turn == 6 and unit(r, "A", "吉姆").grants == [],
    ),
    "turn_rested_by_effect_stands_next_turn": Expect(
        *CONTINUES,
        decides=(Q_5_4_1_2, Q_8_5_3_2, Q_8_5_2_4, Q_3_5_3),
        cited=(Q_7_2_3_1,),
        check=lambda r: (
            unit(r, "B", "吉姆").status is Status.RESTED
            and unit(r, "B", "吉姆").damage == 2
            and side(r, "A").base.base.damage == 2
        ),
    ),
    "turn_energy_then_two_deploys": Expect(
        Result.REFUSED,
        decides=(Q_2_10_1, Q_7_5_2_2),
        refused=(Q_2_10_1, Q_7_5_2_2),
        cited=(Q_7_2_3_1, Q_7_4_1),
        check=lambda r: (
            [card.name for card in side(r, "A").battle.cards] == ["鋼彈"]
            and (side(r, "A").energy.total, side(r, "A").energy.rested) == (4, 4)
        ),
    ),
    "trigger_burst_destroys_next_attacker": Expect(
        Result.REFUSED,
        decides=(Q_3_2_3, Q_8_2_1, Q_5_10_1),
        refused=(Q_3_2_3, Q_8_2_1, Q_5_10_1),
        cited=(Q_13_2_5_1, Q_13_2_5_3),
        check=lambda r: (
            "「緊急迴避」的效果（破壞「吉姆」）等待其誘發條件（【爆發】）。" in texts(r)
            and side(r, "A").trash.find("吉姆") is not None
        ),
    ),
    "effect_returned_and_redeployed": Expect(
        Result.REFUSED,
        decides=(Q_3_2_4,),
        refused=(Q_3_2_4,),
        cited=(Q_4_1_5,),
        check=lambda r: unit(r, "A", "鋼彈").damage == 0 and unit(r, "A", "鋼彈").modifiers == [],
    ),
    "trigger_turn_end_draw_then_hand_step": Expect(
        *CONTINUES,
        decides=(Q_7_6_4_1,),
        cited=(Q_7_6_4_1, Q_7_6_5_1),
        check=lambda r: (
            "「回合結束時」：誘發「前線基地」的效果（玩家 A 抽 1 張卡）。" in texts(r)
            and all(clause(Q_7_6_4_1) in s.cites for s in r.steps if "誘發" in s.text)
            and side(r, "A").hand.total == 10
        ),
    ),
    "turn_deck_runs_out_two_turns_later": Expect(
        Result.WON,
        "deck_of_zero_cards",
        decides=(Q_7_3_1_1, Q_1_2_2_2, Q_11_2_1, Q_1_2_1),
        winner=Player.B,
        check=lambda r: (state(r).turn, side(r, "A").deck.total) == (9, 0),
    ),
    "trigger_on_attack_listed_after": Expect(
        *CONTINUES,
        decides=UNIT_DESTROYED,
        cited=(Q_8_2_3, Q_8_6_1),
        check=lambda r: r.outcome.destroyed == ["德姆"] and unit(r, "A", "鋼彈").modifiers == [],
    ),
    "duration_ap_down_ends_before_next_turn": Expect(
        *CONTINUES,
        decides=(*UNIT_DESTROYED, Q_7_6_6_1),
        cited=(Q_7_6_6_1, Q_7_6_7),
        check=lambda r: r.outcome.destroyed == ["吉姆"] and unit(r, "B", "薩克II").modifiers == [],
    ),
    "illegal_block_high_maneuver_gained_on_attack": Expect(
        Result.REFUSED, decides=(Q_13_1_6_1,), refused=(Q_13_1_6_1,), cited=(Q_8_2_3,)
    ),
    "turn_discard_listed_in_main": Expect(
        *CONTINUES,
        cited=(Q_7_5_5_2, Q_7_6_3_1, Q_7_6_5_1),
        check=lambda r: (
            (state(r).phase, state(r).step) == ("end", "hand")
            and side(r, "A").hand.total == 10
            and side(r, "A").trash.find("吉姆") is not None
        ),
    ),
    "effect_condition_energy_count": Expect(
        *CONTINUES,
        cited=(Q_10_2_1, Q_5_14_1_1),
        check=lambda r: (
            "效果（玩家 A 抽 1 張卡）的條件（玩家 A 的能源區的卡牌張數為 4 以上）不滿足，該效果不會發動。"
            in texts(r)
            and side(r, "A").hand.total == 3
        ),
    ),
    "turn_repair_only_in_owners_turn": Expect(
        *CONTINUES,
        decides=(Q_8_5_3_2, Q_13_1_1_1, Q_5_6_1),
        why_not=(Q_13_1_1_1,),
        check=lambda r: (
            (state(r).turn, state(r).turn_player) == (8, Player.B) and unit(r, "A", "鋼彈").damage == 1
        ),
    ),
    "trigger_turn_start_in_next_turn": Expect(
        *CONTINUES,
        decides=(Q_7_2_4_1,),
        cited=(Q_7_2_4_1, Q_7_3_1),
        check=lambda r: (
            texts(r).index("開始步驟：發動「回合開始時」所指定的效果。")
            < texts(r).index("玩家 B 從卡組最上方抽 1 張卡牌加入手牌（1 張）。")
            and side(r, "B").hand.total == 7
        ),
    ),
    "turn_deployed_attacks_next_own_turn": Expect(
        *CONTINUES,
        decides=(Q_8_5_2_3, Q_8_5_2_3_1),
        cited=(Q_3_2_4, Q_7_6_7),
        check=lambda r: state(r).turn == 7 and side(r, "B").shields.total == 1,
    ),
    # -- written as a new user writes: fields left out, the other script, a player by letter -------
    "unknown_minimal_attack": Expect(
        Result.DEPENDS,
        decides=(Q_8_2_1, Q_3_2_4, Q_8_5_2_3, Q_8_5_2_3_1),
        cited=(Q_7_5_4_1, Q_5_3_1),
        check=lambda r: (
            "回合玩家" not in r.outcome.depends_on
            and {c.outcome.result for c in r.choices} >= {Result.REFUSED, Result.CONTINUES}
        ),
    ),
    "written_simplified_keywords": Expect(
        *CONTINUES,
        decides=(*BLOCKED, Q_8_5_3_2_2, Q_13_1_5_2),
        check=lambda r: r.outcome.destroyed == ["吉姆"] and side(r, "A").shields.total == 1,
    ),
    "written_keyword_without_colon": Expect(
        *CONTINUES,
        decides=(*UNIT_DESTROYED, Q_13_1_2_1, Q_13_1_2_2),
        why_not=(Q_5_5_6,),
        check=lambda r: side(r, "B").shields.total == 2,
    ),
    "written_target_player_letter": Expect(
        Result.WON, "battle_damage_with_empty_shield_area", decides=WON_BY_BATTLE_DAMAGE, winner=Player.A
    ),
    "illegal_attack_own_player": Expect(
        Result.REFUSED, decides=(Q_8_2_1, Q_7_5_4_1), refused=(Q_8_2_1, Q_7_5_4_1)
    ),
    # -- the question examples, views onto the replay ---------------------------------------------
    "attack": Expect(
        Result.DEPENDS,
        decides=(
            Q_13_2_8_1,
            Q_8_5_3_2,
            Q_8_5_3_2_2,
            Q_13_1_5_2,
            Q_11_3_1,
            Q_13_1_2_5,
            Q_13_1_2_1,
            Q_13_1_2_2,
            Q_8_3_1,
            Q_13_1_4_1,
        ),
        check=lambda r: (
            {k: o.destroyed for k, o in choice_outcomes(r).items()}
            == {"no_block": ["薩克II"], "吉姆": ["吉姆"]}
            and all(o.state.players.B.shields.total == 2 for o in choice_outcomes(r).values())
        ),
    ),
    "attack_base": Expect(
        *CONTINUES,
        decides=(Q_8_5_2_4, Q_3_5_3),
        why_not=(Q_3_5_3,),
        check=lambda r: (
            [g.kind for g in r.gaps] == [StepKind.SILENT] and side(r, "B").base.cards[0].damage == 3
        ),
    ),
    "attack_player": Expect(
        Result.WON, "battle_damage_with_empty_shield_area", decides=WON_BY_BATTLE_DAMAGE, winner=Player.A
    ),
    "deploy": Expect(
        *CONTINUES,
        decides=(Q_11_4_2, Q_11_4_2_1, Q_2_9_1),  # Lv. 4 met by 2 active, 1 rested and 1 EX energy
        cited=(Q_5_17_3_2_3,),
        check=lambda r: len(r.choices) == 6 and all(c.player is Player.A for c in r.choices),
    ),
    "deploy_base": Expect(
        *CONTINUES,
        decides=(Q_11_5_2,),
        why_not=(Q_5_10_4,),
        cited=(Q_5_17_2_5,),
        check=lambda r: side(r, "B").base.names() == ["白色基地"] and side(r, "B").trash.names() == [],
    ),
    "repair": Expect(
        *CONTINUES,
        decides=(Q_13_1_1_2, Q_13_1_1_1, Q_5_6_1, Q_5_6_2),
        why_not=(Q_13_1_1_1,),
        check=lambda r: (unit(r, "A", "鋼彈").damage, unit(r, "B", "吉姆").damage) == (0, 1),
    ),
    "rule_processing": Expect(
        Result.DRAWN,
        "every_player_lost",
        decides=(Q_1_2_2_2, Q_1_2_3, Q_11_2_1),
        check=lambda r: r.outcome.losers == [Player.A, Player.B] and r.gaps[0].kind is StepKind.SILENT,
    ),
    # -- ordinary play: AP 0, links, 《支援》, tokens, bases replaced, the energy deck -------------
    "battle_ap_zero_shield": Expect(
        *CONTINUES,
        decides=(Q_8_5_2_3, Q_5_5_5),
        check=lambda r: battles(r)[0].shields_destroyed == 0 and side(r, "B").shields.total == 3,
    ),
    "why_not_ap_zero_player": Expect(
        *CONTINUES,
        decides=(Q_8_5_2_2, Q_5_5_5),
        why_not=(Q_5_5_5, Q_1_2_2_1),
        check=lambda r: r.outcome.winner is None,
    ),
    "illegal_attack_link_not_met": Expect(
        Result.REFUSED,
        decides=(Q_3_2_4,),
        refused=(Q_3_2_4,),
        not_cited=(Q_3_2_6_3,),
        check=lambda r: unit(r, "A", "鋼彈").pilot.name == "賽拉·瑪斯",
    ),
    "link_by_trait_attacks_on_deploy": Expect(
        *CONTINUES,
        decides=(Q_3_2_6_2, Q_3_2_6_3, Q_3_3_8_1, *UNIT_DESTROYED),
        check=lambda r: r.outcome.destroyed == ["薩克II"],
    ),
    "support_by_unit_deployed_this_turn": Expect(
        *CONTINUES,
        decides=(*UNIT_DESTROYED, Q_13_1_3_1),
        cited=(Q_13_1_3_1, Q_3_2_4),
        check=lambda r: r.outcome.destroyed == ["薩克II"] and unit(r, "A", "吉姆").status is Status.RESTED,
    ),
    "illegal_support_self": Expect(Result.REFUSED, decides=(Q_13_1_3_1,), refused=(Q_13_1_3_1,)),
    "illegal_support_in_action_step": Expect(
        Result.REFUSED,
        decides=(Q_13_1_3_1, Q_13_2_1_1),
        refused=(Q_13_1_3_1, Q_13_2_1_1),
        check=lambda r: state(r).battle is not None and unit(r, "A", "吉姆").status is Status.ACTIVE,
    ),
    "illegal_support_in_end_phase": Expect(
        Result.REFUSED,
        decides=(Q_7_1_1, Q_13_1_3_1, Q_13_2_1_1),
        refused=(Q_7_1_1, Q_13_1_3_1, Q_13_2_1_1),
    ),
    "why_not_base_replaced": Expect(
        *CONTINUES,
        decides=(Q_11_5_2, Q_11_5_2_1),
        why_not=(Q_11_5_2_1, Q_5_10_4),
        check=lambda r: (
            side(r, "A").base.names() == ["賈布羅"]
            and side(r, "A").trash.names() == ["白色基地"]
            and side(r, "A").hand.total == 3
        ),
    ),
    "turn_energy_deck_empty": Expect(
        *CONTINUES,
        why_not=(Q_7_4_1, Q_1_3_2, Q_7_3_1_1),
        check=lambda r: (
            (state(r).phase, state(r).step) == ("end", "action")
            and side(r, "A").energy.total == 10
            and side(r, "A").hand.total == 5
        ),
    ),
    "pilot_boards_token": Expect(
        *CONTINUES,
        decides=(*UNIT_DESTROYED, Q_3_3_8_1, Q_3_3_6),
        cited=(Q_5_17_2_2, Q_5_17_2_5, Q_3_3_6),
        check=lambda r: (
            sorted(r.outcome.destroyed) == sorted(["鋼彈(代幣)", "薩克II"])
            and side(r, "A").trash.names() == ["阿姆羅·雷"]
        ),
    ),
    "trigger_two_own_on_deploy": Expect(
        *CONTINUES,
        decides=(Q_11_3_1, Q_13_2_6_1),
        cited=(Q_10_1_6_5, Q_5_14_1_1),
        check=lambda r: r.outcome.destroyed == ["吉姆"] and side(r, "A").hand.total == 4,
    ),
    "why_not_first_strike_base_destroyed": Expect(
        *CONTINUES,
        decides=(Q_8_5_2_4, Q_3_5_3, Q_11_3_1),
        why_not=(Q_13_1_5_2,),
        cited=(Q_13_1_5_2,),
        check=lambda r: unit(r, "A", "鋼彈").damage == 0 and not r.gaps,
    ),
    "block_attack_on_unit": Expect(
        *CONTINUES,
        decides=BLOCKED,
        check=lambda r: (
            sorted(r.outcome.destroyed) == ["吉姆", "德姆"] and unit(r, "B", "薩克II").damage == 0
        ),
    ),
    "trigger_burst_from_breach": Expect(
        *CONTINUES,
        decides=(*UNIT_DESTROYED, Q_13_1_2_1, Q_13_1_2_2, Q_5_10_1, Q_13_2_5_1),
        cited=(Q_13_2_5_1, Q_5_10_3),
        check=lambda r: unit(r, "A", "鋼彈") is None and side(r, "B").shields.total == 2,
    ),
    "command_main_and_action_in_battle": Expect(
        *CONTINUES,
        decides=(Q_11_3_1, Q_8_4_2),
        cited=(Q_5_5_4,),
        check=lambda r: (
            r.outcome.destroyed == ["薩克II"]
            and side(r, "B").shields.total == 4
            and "「緊急迴避」同時標注【主要】/【瞬動】：在任意時機都可以發動。" in texts(r)
        ),
    ),
    "breach_both_destroyed": Expect(
        *CONTINUES,
        decides=(*UNIT_DESTROYED, Q_13_1_2_3, Q_13_1_2_1, Q_13_1_2_2, Q_3_5_3),
        check=lambda r: (
            sorted(r.outcome.destroyed) == ["吉姆", "薩克II"]
            and side(r, "B").base.cards[0].damage == 1
            and side(r, "B").shields.total == 4
        ),
    ),
    "why_not_breach_nothing_left": Expect(
        *CONTINUES,
        decides=UNIT_DESTROYED,
        why_not=(Q_13_1_2_4,),
        check=lambda r: r.outcome.winner is None and r.outcome.destroyed == ["薩克II"],
    ),
    "illegal_block_twice": Expect(
        Result.REFUSED,
        decides=(Q_8_3_2,),
        refused=(Q_8_3_2,),
        check=lambda r: state(r).battle is not None and unit(r, "B", "吉姆").damage == 0,
    ),
    "illegal_block_rested": Expect(
        Result.REFUSED, decides=(Q_8_3_1, Q_13_1_4_1), refused=(Q_8_3_1, Q_13_1_4_1)
    ),
    "illegal_support_in_opponents_turn": Expect(
        Result.REFUSED,
        decides=(Q_13_1_3_1, Q_13_2_1_1),
        refused=(Q_13_1_3_1, Q_13_2_1_1),
        check=lambda r: unit(r, "B", "吉姆").status is Status.ACTIVE,
    ),
    "battle_blocker_destroyed_in_action_step": Expect(
        *CONTINUES,
        decides=(Q_8_3_1, Q_13_1_4_1, Q_11_3_1, Q_8_4_2),
        check=lambda r: (
            r.outcome.destroyed == ["吉姆"]
            and side(r, "B").shields.total == 2
            and battles(r)[0].shields_destroyed == 0
        ),
    ),
    "illegal_cost_not_payable": Expect(
        Result.REFUSED,
        decides=(Q_2_10_1, Q_7_5_2_2),
        refused=(Q_2_10_1, Q_7_5_2_2),
        check=lambda r: side(r, "A").hand.total == 3 and side(r, "A").energy.rested == 3,
    ),
    "illegal_pair_enemy_unit": Expect(
        Result.REFUSED,
        decides=(Q_3_3_1,),
        refused=(Q_3_3_1,),
        check=lambda r: unit(r, "B", "薩克II").pilot is None and side(r, "A").energy.rested == 0,
    ),
    "trigger_burst_before_turn_players": Expect(
        *CONTINUES,
        decides=(Q_8_5_2_3, Q_8_5_2_3_1, Q_13_2_5_1, Q_5_10_3),
        cited=(Q_10_1_6_8, Q_13_2_5_1),
        check=lambda r: (
            unit(r, "A", "鋼彈").damage == 3
            and side(r, "A").deck.total == 19
            and texts(r).index("「鋼彈」受到 2 點效果傷害（計數器 3）。")
            < texts(r).index("玩家 A 從卡組最上方抽 1 張卡牌加入手牌（1 張）。")
        ),
    ),
    "trigger_on_pair": Expect(
        *CONTINUES,
        decides=(Q_13_2_9_1,),
        cited=(Q_5_14_1_1,),
        check=lambda r: side(r, "A").hand.total == 3 and unit(r, "A", "鋼彈").pilot.name == "阿姆羅·雷",
    ),
    "trigger_attack_empties_deck": Expect(
        Result.WON,
        "deck_of_zero_cards",
        decides=(Q_1_2_2_2, Q_1_2_3, Q_11_2_1, Q_1_2_1, Q_13_2_7_1),
        winner=Player.B,
        check=lambda r: side(r, "B").shields.total == 2 and side(r, "A").deck.total == 0,
    ),
    # -- judge calls and near misses (round 5) ----------------------------------------------------
    "illegal_flash_before_non_turn_player": Expect(
        Result.REFUSED, decides=(Q_9_2, Q_9_3, Q_9_4_2), refused=(Q_9_2, Q_9_3, Q_9_4_2)
    ),
    "trigger_new_before_rest_of_own": Expect(
        *CONTINUES,
        decides=(Q_13_2_7_1, Q_5_10_1, Q_10_1_6_7, Q_13_2_8_1, Q_11_3_1, Q_8_2_4),
        why_not=(Q_10_2_2, Q_10_3_3_1, Q_10_1_2),
        check=lambda r: not side(r, "A").battle.cards and not side(r, "B").battle.cards,
    ),
    "effect_mill_by_opponent_empties_deck": Expect(
        Result.WON,
        "deck_of_zero_cards",
        decides=(Q_13_2_6_1, Q_1_2_2_2, Q_1_2_3, Q_11_2_1, Q_1_2_1),
        winner=Player.B,
    ),
    "effect_target_gone_before_resolving": Expect(
        *CONTINUES,
        decides=(Q_13_2_7_1, Q_5_10_1, Q_8_5_2_3, Q_8_5_2_3_1),
        why_not=(Q_10_2_2, Q_10_3_3_1, Q_10_1_2),
        check=lambda r: side(r, "B").trash.find("德姆").damage == 0,
    ),
    "illegal_level_after_ex_energy_spent": Expect(
        Result.REFUSED,
        decides=(Q_7_5_2_2, Q_2_9_1, Q_2_9_4, Q_5_17_3_2_3),
        refused=(Q_7_5_2_2, Q_2_9_1, Q_2_9_4, Q_5_17_3_2_3),
    ),
    "illegal_attack_after_support": Expect(
        Result.REFUSED, decides=(Q_8_2_1, Q_13_1_3_1), refused=(Q_8_2_1, Q_13_1_3_1)
    ),
    "duration_end_of_battle_second_attack": Expect(
        *CONTINUES,
        decides=(*UNIT_DESTROYED, Q_5_4_1_1, Q_8_6_1),
        check=lambda r: side(r, "B").battle.find("薩克").damage == 3,
    ),
    "why_not_breach_target_survives": Expect(
        *CONTINUES,
        decides=(Q_8_5_3_2,),
        why_not=(Q_13_1_2_1,),
        check=lambda r: side(r, "B").base.cards[0].damage == 0,
    ),
    "why_not_returned_not_destroyed": Expect(
        *CONTINUES,
        decides=(Q_5_10_1,),
        why_not=(Q_5_10_1, Q_13_2_8_1),
        check=lambda r: side(r, "A").hand.total == 4 and side(r, "A").deck.total == 20,
    ),
    "illegal_block_rested_from_own_attack": Expect(
        Result.REFUSED,
        decides=(Q_8_3_1, Q_13_1_4_1, Q_7_2_3_1),
        refused=(Q_8_3_1, Q_13_1_4_1, Q_7_2_3_1),
    ),
    "effect_to_trash_is_destroy": Expect(
        *CONTINUES,
        decides=(Q_5_10_1, Q_13_2_8_1),
        check=lambda r: side(r, "A").hand.total == 4 and side(r, "A").trash.find("吉姆") is not None,
    ),
    "trigger_simultaneous_destructions_once": Expect(
        *CONTINUES,
        decides=(*UNIT_DESTROYED, Q_10_1_6_3, Q_13_2_8_1),
        check=lambda r: side(r, "B").hand.total == 4,
    ),
    "illegal_pilot_in_action_step": Expect(
        Result.REFUSED, decides=(Q_9_4, Q_7_5_2_1), refused=(Q_9_4, Q_7_5_2_1)
    ),
    "illegal_command_no_target": Expect(Result.REFUSED, decides=(Q_10_1_8_1_1,), refused=(Q_10_1_8_1_1,)),
    "illegal_command_target_left_field": Expect(
        Result.REFUSED, decides=(Q_10_1_8_1_1, Q_10_1_2), refused=(Q_10_1_8_1_1, Q_10_1_2)
    ),
    "illegal_main_command_in_end_phase": Expect(
        Result.REFUSED,
        decides=(Q_13_2_3_1, Q_13_2_4_1, Q_9_3_1, Q_7_6_3_1),
        refused=(Q_13_2_3_1, Q_13_2_4_1, Q_9_3_1, Q_7_6_3_1),
    ),
    "effect_token_returned_to_hand": Expect(
        *CONTINUES,
        decides=(Q_5_17_2_5,),
        check=lambda r: side(r, "A").hand.total == 3 and not side(r, "A").battle.cards,
    ),
    "why_not_hp_down_one_short": Expect(
        *CONTINUES,
        why_not=(Q_11_3_1, Q_5_5_2),
        check=lambda r: side(r, "B").battle.find("德姆") is not None,
    ),
    "effect_base_destroyed_then_attack_wins": Expect(
        Result.WON,
        "battle_damage_with_empty_shield_area",
        decides=(Q_11_3_1, Q_8_5_2_2, Q_1_2_2_1, Q_11_2_1, Q_1_2_1),
        winner=Player.A,
    ),
    "illegal_flash_after_both_passed": Expect(
        Result.REFUSED,
        decides=(Q_13_2_3_1, Q_13_2_4_1, Q_9_1, Q_9_5),
        refused=(Q_13_2_3_1, Q_13_2_4_1, Q_9_1, Q_9_5),
    ),
    "illegal_flash_turn_player_first_in_end_phase": Expect(
        Result.REFUSED,
        decides=(Q_9_2, Q_9_3, Q_9_4_2, Q_7_6_3_1),
        refused=(Q_9_2, Q_9_3, Q_9_4_2, Q_7_6_3_1),
    ),
    "why_not_full_area_not_destroyed": Expect(
        *CONTINUES,
        decides=(Q_11_4_2, Q_11_4_2_1),
        why_not=(Q_11_4_2_1, Q_5_10_4),
        check=lambda r: side(r, "A").hand.total == 2 and side(r, "A").deck.total == 20,
    ),
    "duration_cleanup_destroys_then_trigger": Expect(
        *CONTINUES,
        decides=(Q_8_5_3_2, Q_7_6_6_1, Q_11_3_1, Q_13_2_8_1),
        check=lambda r: side(r, "A").hand.total == 3 and not side(r, "A").battle.cards,
    ),
    "battle_target_set_active_in_action_step": Expect(
        *CONTINUES,
        decides=(*UNIT_DESTROYED, Q_8_5_1),
        check=lambda r: side(r, "B").trash.find("德姆") is not None,
    ),
    "illegal_attack_unit_destroyed_by_burst": Expect(
        Result.REFUSED, decides=(Q_3_2_3, Q_8_2_1, Q_11_3_1), refused=(Q_3_2_3, Q_8_2_1, Q_11_3_1)
    ),
    "turn_repair_before_cleanup": Expect(
        *CONTINUES,
        decides=(Q_8_5_3_2, Q_13_1_1_1, Q_5_6_1, Q_7_6_1),
        check=lambda r: side(r, "A").battle.find("鋼彈").damage == 2,
    ),
    "duration_end_of_battle_hp_destroys": Expect(
        *CONTINUES,
        decides=(Q_8_5_3_2, Q_8_6_1, Q_11_3_1),
        check=lambda r: side(r, "A").trash.find("吉姆") is not None,
    ),
    "why_not_deploy_trigger_on_pair": Expect(
        *CONTINUES,
        why_not=(Q_10_1_6_2, Q_13_2_6_1),
        check=lambda r: side(r, "A").deck.total == 20 and side(r, "A").battle.find("鋼彈").pilot is not None,
    ),
    "why_not_attack_trigger_other_unit": Expect(
        *CONTINUES,
        decides=(Q_8_5_2_3, Q_8_5_2_3_1),
        why_not=(Q_10_1_6_2, Q_13_2_7_1),
        check=lambda r: side(r, "A").deck.total == 20,
    ),
}


def ruled(name: str) -> Ruling:
    return rule_text((EXAMPLES / f"{name}.yaml").read_text(encoding="utf-8"), name)


@pytest.mark.parametrize("name", sorted(SITUATIONS))
def test_a_situation_is_ruled_and_decided_by_the_clauses_it_quotes(name):
    assert_situation("gcg", SITUATIONS[name], ruled(name))


def test_every_example_file_is_a_situation_here_or_the_deck_list():
    files = {path.stem for path in EXAMPLES.glob("*.yaml")}
    assert files - {"deck"} == set(SITUATIONS)
    assert (
        len([name for name in SITUATIONS if name not in ("attack", "deploy", "rule_processing", "repair")])
        >= 30
    )


@pytest.mark.parametrize("name", sorted(SITUATIONS))
def test_each_situation_states_its_question_in_its_header(name):
    header = (EXAMPLES / f"{name}.yaml").read_text(encoding="utf-8").split("\ngame:")[0]
    assert header.startswith("# ") and "?" in header


def test_the_covered_classes():
    prefixes = (
        "turn_",
        "two_attacks_",
        "choice_",
        "duration_",
        "trigger_",
        "unknown_",
        "illegal_",
        "why_not_",
    )
    for prefix in prefixes:
        assert any(name.startswith(prefix) for name in SITUATIONS), prefix
    why_not = {
        cite
        for name in SITUATIONS
        if name.startswith("why_not_")
        for s in ruled(name).not_applied
        for cite in s.cites
    }
    # every way the game is lost, or not: battle damage, an empty deck, a concession
    assert {clause(Q_1_2_2_1), clause(Q_1_2_2_2), clause(Q_1_2_5)} <= why_not
