"""uhb situations: timeline files under judge/examples/uhb/, each written from the rulebook text
with its question in its header comment, ruled by replay.

Each test names the outcome and every clause that decides it *by quote*: an exact phrase of
the clause's text, looked up in the parsed book (so a clause is named by what it says, and a
renumbered or reworded book fails here).  ``decides`` is the whole set of decisive clauses;
``refused`` the clauses a refusal cites; ``why_not`` clauses among the ruling's "why not";
``cited`` clauses some step must cite, ``not_cited`` clauses no step may cite.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from judge.outcome import Result
from judge.players import Player
from judge.registry import rule_text
from judge.ruling import Ruling, StepKind
from tests.judging import Expect, Quote, assert_situation, clause_by_quote

EXAMPLES = Path(__file__).resolve().parents[1] / "judge" / "examples" / "uhb"

Q_1_1_3 = "如果无法执行【】内的部分,则无法使用该条效果"
Q_1_1_3a = "尽量执行可以执行的部分"
Q_1_1_4 = "卡牌描述的效果会在满足条件时自动触发并执行"
Q_1_1_4a = "内的效果无论是否带有"
Q_1_1_6 = "由当前回合玩家自由决定效果的执行顺序"
Q_1_1_6a = "当属于不同方的多个效果同时触发时"
Q_1_1_7 = "则先执行被影响牌的效果"
Q_1_2_2 = "玩家可以任意选取决定方式"
Q_1_2_2a = "第二局及后续的先后顺序由上一局输掉游戏的玩家决定"
Q_1_2_4 = "第一个回合不进行抽牌和暗盖能量牌的操作"
Q_1_3_1 = "当任何一位玩家输、任何一位玩家赢或一局游戏平手时"
Q_1_3_2a = "玩家的伤害区有 5 张或更多的牌。"
Q_1_3_2b = "玩家将要抽牌,同时牌库内没有剩余牌"
Q_1_3_2c = "玩家将要将牌库顶牌移入能量区,同时牌库内没有剩余牌"
Q_1_3_2d = "对方的卡牌效果使其获得胜利"
Q_1_3_3 = "如果双方同时输掉游戏"
Q_1_3_4 = "玩家不会在某个效果执行到一半时输掉游戏"
Q_1_1_1 = "当卡牌效果和游戏规则冲突时"
Q_2_0_4 = "受到所有影响这些关键词的效果的影响"
Q_2_0_5a = "翻开效果此类效果会在拥有此效果的暗盖的角色牌被翻开成为正面时触发"
Q_2_0_5b = "此类效果会在角色牌进行攻击时触发"
Q_2_0_5c = "此类效果会在角色牌受到攻击时触发"
Q_2_0_5e = "此类效果会在该角色牌在战斗中胜利时触发"
Q_2_0_5f = "此类效果会在该角色牌在战斗中失败或平局时触发"
Q_2_0_5g = "此类效果会在该角色牌通过形态转换进入配置区时触发"
Q_2_0_6a = "同时也意味着该角色牌在战败时可以进入衰弱状态"
Q_3_2_1 = "配置区有 5 个空格"
Q_3_2_1a = "无法执行会使角色牌进入配置区的效果"
Q_3_3_1 = "伤害区是战败角色牌进入的区域"
Q_3_3_2 = "当某一玩家的伤害区有 5 张或更多的牌时"
Q_3_4_1b = "在战斗阶段胜利的主战角色"
Q_3_4_1e = "因其他效果进入休息区的牌"
Q_3_4_1c = "在战斗阶段失败的支援角色"
Q_3_4_1d = "未被选取替换主战角色的支援角色"
Q_3_6_2 = "手牌上限一般为 10 张"
Q_3_6_3 = "玩家可以持有任意数量的手牌"
Q_4_0_2 = "当前回合玩家抽 1 张牌"
Q_4_0_3 = "当前回合玩家增加 1 张能量牌"
Q_4_0_4 = "当前回合玩家选择使用写有“回合开始时”"
Q_4_0_5 = "对方玩家选择使用写有“回合开始时”或“对方回合开始时”的效"
Q_4_5_2 = "当前回合玩家选择使用写有“回合结束时”"
Q_4_5_3 = "对方玩家选择执行写有“回合结束时”或“对方回合结束时”的效果"
Q_2_0_5h = "此类效果只要条件满足,便能持续发挥作用"
Q_4_1_2 = "在形态转换阶段,当前玩家可以进行 1 次形态转换"
Q_4_1_1a_2 = "一般情况下,在形态转换阶段,玩家只能进行 1 次形态转换"
Q_4_2_3 = "这两张被选择的角色牌称为主战角色"
Q_4_2_4 = "如果当前回合玩家的主战角色处于暗盖状态,则将其翻开"
Q_4_2_5 = "如果当前回合玩家的主战角色具有翻开效果,则执行该效果"
Q_4_2_6 = "如果当前回合玩家的主战角色具有攻击效果"
Q_4_3_2 = "当前回合玩家可以选择一张手牌中的角色牌作为支援角色"
Q_4_3_3 = "如果当前回合玩家选择的支援角色具有支援效果"
Q_4_2_2 = "玩家选择执行写有“战斗开始时”的效果"
Q_5_10_2b = "带有转换标记"
Q_4_3_4 = "直到双方玩家连续声明不进行额外支援为止"
Q_4_3_5 = "如果当前回合玩家选择的额外支援角色具有支援效果"
Q_2_0_5d = "此类效果会在角色牌作为支援角色参与战斗时"
Q_4_4_1 = "在结算阶段,玩家依顺序执行以下操作"
Q_4_4_2 = "如果总战力相等,则双方都为战败方"
Q_4_4_3 = "当前回合玩家根据战斗的结果(胜利或战败)触 发主战角色的效果"
Q_4_4_4 = "先由当前回合玩家执 行,执行完毕后由对手执行"
Q_4_4_4a = "如果是胜利方,则将主战角色移入休息区"
Q_4_4_4b = "如果是战败方,则将主战角色移入伤害区"
Q_4_4_4c = "如果胜利方没有进行支援"
Q_4_5_4 = "当前回合玩家检查手牌数量"
Q_4_5_5 = "本回合结束,对方玩家开始他的回合"
Q_5_0_1 = "弃牌指的是从手牌中选择相应数量的牌移入休息区这一操作"
Q_5_0_3 = "手牌数量大于手牌上限时进行的弃牌"
Q_5_3_1 = "增加 x 张能量牌指的是将 x 张牌从牌库顶暗盖至能量区这一操作"
Q_5_4_1 = "使用 x 张能量牌指的是选择 x 张能量牌移入休息区这一操作"
Q_5_5_1 = "翻开指的是将背面向上的牌翻转变为正面向上这一操作"
Q_5_5_2 = "翻开分为以下数种情况"
Q_5_5_2a = "翻开已经存在于配置区中的暗盖牌。"
Q_5_5_2b = "翻开牌库中的牌。"
Q_5_5_4 = "被翻开的牌需清楚地展示给对方玩家查看"
Q_5_5_4a = "则返回被翻开前的位置"
Q_5_5_3 = "则会在使其翻开的效果执行完毕后执行"
Q_5_5_5 = "不会触发被翻开的牌的翻开效果"
Q_5_8_1 = "前述效果不会发生,而会被后者完全替代"
Q_5_9_1 = "默认包括该数值本身"
Q_5_10_1 = "将被替换的牌移入休息区,随后触发替换上场的角色牌的形态转换效果"
Q_5_10_2a = "正面表示存在于我方战场上"
Q_5_10_3a = "处于我方手牌中"
Q_5_10_3b = "具有进行形态转换的牌上的转换标记所标注的关键词"
Q_5_10_3c = "需检查牌的关键词而非卡牌名称"
Q_5_10_4 = "但因为卡牌效果进行的额外形态转换不受此限制"
Q_5_11_1 = "使此牌以衰弱状态留在战场上而非移入伤害区"
Q_5_11_2a = "则其会重置回全力状态"
Q_5_11_3 = "此牌使用衰弱战力代替常规状态下的战力进行计算"
Q_5_11_4 = "角色牌以衰弱状态留存这一效果不是战败效果"
BATTLE_WON = (Q_4_4_2,)
LOSER_TO_DAMAGE = (Q_4_4_4b, Q_3_3_1)
WINNER_STAYS = (Q_4_4_4c,)
FLIP_NOT_NEEDED = (Q_4_2_5, Q_2_0_5a)
ATTACK_EFFECT_TURNS_IT = (Q_4_2_6, Q_2_0_5b)
WEAKENED = (Q_5_11_1, Q_5_11_4)


def clause(quote: Quote) -> str:
    return clause_by_quote("uhb", quote)


def state(ruling: Ruling) -> Any:
    return ruling.outcome.state


def side(ruling: Ruling, player: str) -> Any:
    return getattr(ruling.outcome.state.players, player)


def names(zone: Any) -> list[str]:
    return zone.names()


def battle(ruling: Ruling) -> Any:
    return ruling.outcome.battles[0]


def texts(ruling: Ruling) -> list[str]:
    return [step.text for step in ruling.steps]


def first_index(ruling: Ruling, *parts: str) -> int:
    """Where the first step holding every part is, in the order the replay wrote them."""
    return next(i for i, text in enumerate(texts(ruling)) if all(part in text for part in parts))


def choice_outcomes(ruling: Ruling) -> dict[str, Any]:
    return {str(next(iter(c.option.values()))): c.outcome for c in ruling.choices}


CONTINUES = (Result.CONTINUES, "game_continues")

SITUATIONS: dict[str, Expect] = {
    # -- whole turns: the start of the turn (1.2.4, 4.0.2, 4.0.3) ---------------------------------
    "turn_whole": Expect(
        *CONTINUES,
        decides=(Q_5_10_3a, Q_5_10_3b, *BATTLE_WON, Q_4_4_4a, Q_3_4_1b, *LOSER_TO_DAMAGE),
        why_not=(Q_1_3_2a, Q_4_5_4),
        cited=(Q_4_0_2, Q_4_0_3, Q_5_3_1, Q_5_10_1, Q_4_2_3, Q_4_2_4, Q_4_3_2, Q_4_4_4, Q_4_5_5),
        not_cited=(Q_1_3_4,),
        check=lambda r: (
            (state(r).turn, state(r).turn_player, state(r).phase) == (4, Player.B, "start")
            and (side(r, "A").deck.total, side(r, "A").energy.total, side(r, "A").hand.total) == (18, 4, 3)
            and names(side(r, "A").field) == ["捷德奥特曼银河初升", "赛罗奥特曼"]
            and names(side(r, "A").rest_area) == ["泽塔奥特曼伽马未来", "泽塔奥特曼阿尔法装甲"]
            and side(r, "B").damage_zone.total == 3
            and battle(r).totals == {Player.A: 7000, Player.B: 6000}
        ),
    ),
    "turn_first": Expect(
        *CONTINUES,
        decides=(*BATTLE_WON, *WINNER_STAYS, *LOSER_TO_DAMAGE),
        why_not=(Q_1_2_4, Q_4_0_2, Q_4_0_3),
        cited=(Q_4_2_4, Q_4_5_5),
        check=lambda r: (
            (side(r, "A").deck.total, side(r, "A").hand.total, side(r, "A").energy.total) == (29, 4, 2)
            and (state(r).turn, state(r).turn_player) == (2, Player.B)
            and side(r, "B").damage_zone.total == 1
        ),
    ),
    "turn_second_draws": Expect(
        *CONTINUES,
        decides=(Q_4_0_2, Q_4_0_3),
        cited=(Q_5_3_1,),
        check=lambda r: (
            (side(r, "B").deck.total, side(r, "B").hand.total, side(r, "B").energy.total) == (27, 5, 3)
            and r.not_applied == ()
        ),
    ),
    "turn_draw_from_empty_deck": Expect(
        Result.WON,
        "draw_from_empty_deck",
        decides=(Q_4_0_2, Q_1_3_2b, Q_1_3_1),
        winner=Player.B,
        not_cited=(Q_1_3_4,),
    ),
    "turn_energy_from_empty_deck": Expect(
        Result.WON,
        "energy_from_empty_deck",
        decides=(Q_4_0_2, Q_4_0_3, Q_1_3_2c, Q_1_3_1),
        winner=Player.B,
        check=lambda r: (side(r, "A").deck.total, side(r, "A").hand.total) == (0, 4),
    ),
    "trigger_turn_start": Expect(
        *CONTINUES,
        cited=(Q_4_0_2, Q_4_0_3, Q_4_0_4),
        check=lambda r: (side(r, "A").hand.total, side(r, "A").deck.total) == (5, 17),
    ),
    # -- who decides the order in a match (1.2.2, 1.2.2a) -----------------------------------------
    "match_game_two_loser_decides": Expect(
        *CONTINUES,
        decides=(Q_1_2_2a,),
        why_not=(Q_1_2_4,),
        check=lambda r: r.outcome.first_player is Player.A and side(r, "A").deck.total == 29,
    ),
    "illegal_match_winner_decides": Expect(Result.REFUSED, decides=(Q_1_2_2a,), refused=(Q_1_2_2a,)),
    "match_after_draw": Expect(
        Result.DEPENDS,
        decides=(Q_1_2_2a,),
        check=lambda r: (
            {c.player for c in r.choices} == {Player.A}
            and {k: o.first_player for k, o in choice_outcomes(r).items()} == {"A": Player.A, "B": Player.B}
        ),
    ),
    "match_first_game": Expect(
        *CONTINUES,
        cited=(Q_1_2_2,),
        not_cited=(Q_1_2_2a,),
        check=lambda r: r.outcome.first_player is Player.A and state(r).turn_player is Player.A,
    ),
    # -- the battle phase: flips, then 翻, then 攻 and 防 (4.2.4-4.2.6) ------------------------------
    "battle_flip_order": Expect(
        *CONTINUES,
        cited=(Q_4_2_4, Q_4_2_5, Q_4_2_6, Q_2_0_5a, Q_2_0_5b, Q_2_0_5c),
        check=lambda r: (
            first_index(r, "「赛罗奥特曼」处于暗盖状态")
            < first_index(r, "「格利扎第一形态」处于暗盖状态")
            < first_index(r, "玩家 A 从牌库抽 1 张牌")
            < first_index(r, "玩家 B 从牌库抽 1 张牌")
            < first_index(r, "「赛罗奥特曼」的战力+1000")
            < first_index(r, "「格利扎第一形态」的战力+2000")
        ),
    ),
    "battle_face_up_no_flip_effect": Expect(
        *CONTINUES,
        why_not=FLIP_NOT_NEEDED,
        check=lambda r: side(r, "A").hand.total == 2 and side(r, "A").deck.total == 15,
    ),
    "trigger_both_players_order": Expect(
        *CONTINUES,
        decides=(Q_1_1_6a,),
        check=lambda r: first_index(r, "玩家 A 从牌库抽") < first_index(r, "玩家 B 从牌库抽"),
    ),
    # -- the settlement: totals, result effects, where every card goes (4.4) -----------------------
    "battle": Expect(
        Result.DEPENDS,
        decides=(
            Q_5_9_1,
            *BATTLE_WON,
            *ATTACK_EFFECT_TURNS_IT,
            Q_4_4_4a,
            Q_3_4_1b,
            *LOSER_TO_DAMAGE,
            Q_3_4_1c,
            *WEAKENED,
        ),
        cited=(Q_2_0_6a,),
        check=lambda r: (
            {k: (o.battles[0].to_damage_zone, o.battles[0].weakened) for k, o in choice_outcomes(r).items()}
            == {"False": (["格利扎第一形态"], []), "True": ([], ["格利扎第一形态"])}
            and {c.player for c in r.choices} == {Player.B}
            and all(
                o.battles[0].totals == {Player.A: 8000, Player.B: 7000} for o in choice_outcomes(r).values()
            )
        ),
    ),
    "battle_winner_supports_to_rest": Expect(
        *CONTINUES,
        decides=(*BATTLE_WON, Q_4_4_4a, Q_3_4_1b, Q_3_4_1d, *LOSER_TO_DAMAGE),
        cited=(Q_4_3_4,),
        check=lambda r: (
            names(side(r, "A").field) == ["高斯奥特曼"]
            and names(side(r, "A").rest_area) == ["戴拿奥特曼", "迪迦奥特曼"]
            and r.choices == ()
        ),
    ),
    "choice_promote_open": Expect(
        Result.DEPENDS,
        decides=(*BATTLE_WON, Q_4_4_4a, Q_3_4_1b, Q_3_4_1d, *LOSER_TO_DAMAGE),
        check=lambda r: (
            {k: o.battles[0].to_field for k, o in choice_outcomes(r).items()}
            == {"戴拿奥特曼": {Player.A: "戴拿奥特曼"}, "高斯奥特曼": {Player.A: "高斯奥特曼"}}
            and {c.player for c in r.choices} == {Player.A}
            and all(c.kind == "choice" for c in r.choices)
        ),
    ),
    "battle_winner_no_support_stays": Expect(
        *CONTINUES,
        decides=(*BATTLE_WON, *WINNER_STAYS, *LOSER_TO_DAMAGE),
        check=lambda r: names(side(r, "A").field) == ["闪耀迪迦"] and side(r, "A").rest_area.total == 0,
    ),
    "battle_equal_totals": Expect(
        *CONTINUES,
        decides=(Q_4_4_2, *LOSER_TO_DAMAGE, Q_3_4_1c),
        check=lambda r: (
            battle(r).winner is None
            and names(side(r, "A").rest_area) == ["戴拿奥特曼"]
            and (side(r, "A").damage_zone.total, side(r, "B").damage_zone.total) == (2, 2)
            and side(r, "A").field.total == 0
        ),
    ),
    "battle_fifth_damage_card": Expect(
        Result.WON,
        "damage_zone_full",
        decides=(*BATTLE_WON, *WINNER_STAYS, *LOSER_TO_DAMAGE, Q_1_3_2a, Q_3_3_2, Q_1_3_1),
        winner=Player.A,
        not_cited=(Q_1_3_4,),
    ),
    "battle_both_fifth_damage_card": Expect(
        Result.DRAWN,
        "both_lost_at_once",
        decides=(Q_4_4_2, *LOSER_TO_DAMAGE, Q_1_3_2a, Q_3_3_2, Q_1_3_3),
        not_cited=(Q_1_3_4,),
        check=lambda r: r.outcome.losers == [Player.A, Player.B],
    ),
    "trigger_win_and_lose_effects": Expect(
        *CONTINUES,
        decides=BATTLE_WON,
        cited=(Q_4_4_3, Q_2_0_5e, Q_2_0_5f),
        check=lambda r: (
            first_index(r, "玩家 A 从牌库抽") < first_index(r, "玩家 B 从牌库抽")
            and (side(r, "A").hand.total, side(r, "B").hand.total) == (1, 1)
        ),
    ),
    "trigger_lose_effect_on_tie": Expect(
        *CONTINUES,
        decides=(Q_4_4_2,),
        cited=(Q_4_4_3, Q_2_0_5f),
        check=lambda r: first_index(r, "玩家 B 从牌库抽") < first_index(r, "玩家 A 从牌库抽"),
    ),
    "unknown_power_matters": Expect(
        Result.DEPENDS,
        check=lambda r: (
            r.outcome.depends_on == ["「盖亚奥特曼」的战力"] and r.gaps[0].kind is StepKind.UNKNOWN
        ),
    ),
    # -- the weakened option and weakened power (5.11) --------------------------------------------
    "battle_weaken_stays": Expect(
        *CONTINUES,
        decides=(*BATTLE_WON, *WINNER_STAYS, Q_5_11_1, Q_5_11_4),
        check=lambda r: (
            (side(r, "B").deck.total, side(r, "B").damage_zone.total) == (11, 3)
            and side(r, "B").field.cards[0].weakened
            and battle(r).weakened == ["格利扎第一形态"]
        ),
    ),
    "battle_weakened_power_used": Expect(
        *CONTINUES,
        decides=(Q_5_11_3, *BATTLE_WON, *WINNER_STAYS, *LOSER_TO_DAMAGE, Q_5_11_2a),
        why_not=(Q_5_11_1,),
        check=lambda r: (
            battle(r).totals == {Player.A: 5000, Player.B: 4000}
            and not side(r, "B").damage_zone.cards[0].weakened
            and r.choices == ()
        ),
    ),
    "illegal_weaken_without_weakened_power": Expect(
        Result.REFUSED, decides=(Q_2_0_6a, Q_5_11_1), refused=(Q_2_0_6a, Q_5_11_1)
    ),
    # -- the damage zone, the deck and the field (3.2, 3.3) ---------------------------------------
    "effect_damage_zone_card_back": Expect(
        *CONTINUES,
        decides=(*BATTLE_WON, *WINNER_STAYS, *LOSER_TO_DAMAGE),
        why_not=(Q_1_3_2a,),
        check=lambda r: (
            side(r, "B").damage_zone.total == 4
            and names(side(r, "B").hand) == ["捷德奥特曼银河初升"]
            and names(side(r, "B").damage_zone) == ["令迦奥特曼"]
        ),
    ),
    "effect_deck_top_to_damage": Expect(
        *CONTINUES,
        cited=(Q_3_3_1,),
        check=lambda r: (side(r, "A").deck.total, side(r, "A").damage_zone.total) == (8, 4),
    ),
    "effect_field_full": Expect(
        *CONTINUES,
        decides=(Q_3_2_1, Q_3_2_1a),
        check=lambda r: names(side(r, "A").hand) == ["高斯奥特曼"] and len(side(r, "A").field.cards) == 5,
    ),
    "effect_field_room_for_one": Expect(
        *CONTINUES,
        decides=(Q_3_2_1, Q_3_2_1a, Q_1_1_3a),
        check=lambda r: side(r, "A").deck.total == 11 and side(r, "A").field.total == 5,
    ),
    # -- number conditions on any effect (5.9.1) ---------------------------------------------------
    "condition_energy_more_than": Expect(
        *CONTINUES, decides=(Q_5_9_1,), check=lambda r: side(r, "A").hand.total == 4
    ),
    "condition_hand_at_most_fails": Expect(
        *CONTINUES,
        cited=(Q_5_9_1,),
        check=lambda r: side(r, "A").hand.total == 3 and side(r, "A").deck.total == 12,
    ),
    "condition_unknown_zone_matters": Expect(
        *CONTINUES,
        check=lambda r: (
            all(c.kind == "fact" for c in r.choices)
            and sorted(c.outcome.state.players.A.hand.total for c in r.choices if c.outcome.state) == [3, 4]
        ),
    ),
    # -- flips by effects (5.5) and the order of effects (1.1.6, 1.1.6a, 1.1.7) --------------------
    "flip_field_triggers": Expect(
        *CONTINUES,
        decides=(Q_5_5_3,),
        cited=(Q_5_5_2a,),
        check=lambda r: side(r, "A").hand.total == 4 and side(r, "A").field.cards[1].face_up,
    ),
    "flip_energy_no_trigger": Expect(
        *CONTINUES,
        why_not=(Q_5_5_5,),
        check=lambda r: side(r, "A").hand.total == 2 and side(r, "A").energy.cards[0].face_up,
    ),
    "illegal_flip_face_up": Expect(Result.REFUSED, decides=(Q_5_5_1,), refused=(Q_5_5_1,)),
    "effect_order": Expect(
        *CONTINUES,
        decides=(Q_5_5_3, Q_1_1_7),
        cited=(Q_1_1_6,),
        check=lambda r: (
            len(r.choices) == 2
            and {c.player for c in r.choices} == {Player.A}
            and all(
                [s.text for s in c.steps].index("玩家 B 从牌库抽 1 张牌（牌库剩 13 张，手牌 4 张）。")
                < next(i for i, s in enumerate(c.steps) if s.text.startswith("玩家 A 从牌库抽"))
                for c in r.choices
                if c.option[next(iter(c.option))].startswith("「令迦奥特曼」")
            )
        ),
    ),
    # -- form changes: keywords, not names (5.10) --------------------------------------------------
    "form_change": Expect(
        *CONTINUES,
        decides=(Q_5_10_3a, Q_5_10_3b),
        cited=(Q_5_10_1, Q_5_10_2a, Q_2_0_5g),
        check=lambda r: (
            names(side(r, "A").field) == ["泽塔奥特曼伽马未来"]
            and names(side(r, "A").rest_area) == ["泽塔奥特曼阿尔法装甲"]
            and side(r, "A").hand.total == 4
        ),
    ),
    "form_change_keyword_granted": Expect(
        *CONTINUES,
        decides=(Q_5_10_3a, Q_5_10_3b, Q_5_10_3c),
        cited=(Q_2_0_4,),
        check=lambda r: names(side(r, "A").field)[0] == "捷德奥特曼",
    ),
    "illegal_form_change_name_not_keyword": Expect(
        Result.REFUSED, decides=(Q_5_10_3b, Q_5_10_3c), refused=(Q_5_10_3b, Q_5_10_3c)
    ),
    "illegal_second_form_change": Expect(
        Result.REFUSED,
        decides=(Q_5_10_4, Q_4_1_1a_2),
        refused=(Q_5_10_4, Q_4_1_1a_2),
        check=lambda r: r.outcome.refused.action == 1,
    ),
    "form_change_extra_by_effect": Expect(
        *CONTINUES,
        decides=(Q_5_10_3a, Q_5_10_3b, Q_5_10_4),
        check=lambda r: names(side(r, "A").field) == ["泽塔奥特曼伽马未来", "终极赛罗闪耀型"],
    ),
    "illegal_form_change_face_down": Expect(Result.REFUSED, decides=(Q_5_10_2a,), refused=(Q_5_10_2a,)),
    "illegal_form_change_in_battle_phase": Expect(
        Result.REFUSED, decides=(Q_4_1_2, Q_5_10_1), refused=(Q_4_1_2, Q_5_10_1)
    ),
    # -- the end phase (4.5) and durations ---------------------------------------------------------
    "end_phase": Expect(
        *CONTINUES,
        decides=(Q_4_5_4, Q_3_6_3, Q_3_6_2, Q_5_0_3),
        cited=(Q_5_0_1,),
        check=lambda r: (
            {k: o.state is None for k, o in choice_outcomes(r).items()}
            == {"只弃置未指明的牌": False, "捷德奥特曼银河初升": False}
            and [g.kind for g in r.gaps] == [StepKind.CONFLICT]
        ),
    ),
    "end_hand_limit_changed": Expect(
        *CONTINUES,
        decides=(Q_4_5_4, Q_3_6_3, Q_3_6_2, Q_1_1_1),
        check=lambda r: (side(r, "A").hand.total, side(r, "A").rest_area.total) == (7, 4),
    ),
    "illegal_discard_too_many": Expect(Result.REFUSED, decides=(Q_4_5_4,), refused=(Q_4_5_4,)),
    "duration_end_of_turn": Expect(
        *CONTINUES,
        cited=(Q_4_5_5,),
        check=lambda r: side(r, "A").field.cards[0].modifiers == [] and state(r).turn == 6,
    ),
    # -- refused actions ---------------------------------------------------------------------------
    "illegal_battle_own_defender": Expect(Result.REFUSED, decides=(Q_4_2_3,), refused=(Q_4_2_3,)),
    "illegal_promote_loser": Expect(Result.REFUSED, decides=(Q_4_4_4a,), refused=(Q_4_4_4a,)),
    "illegal_support_twice": Expect(Result.REFUSED, decides=(Q_4_3_2,), refused=(Q_4_3_2,)),
    # -- losing and winning (1.3) ------------------------------------------------------------------
    "loss_check": Expect(
        Result.DRAWN,
        "both_lost_at_once",
        decides=(Q_1_3_2b, Q_1_3_2a, Q_3_3_2, Q_3_3_1, Q_1_3_3),
        cited=(Q_1_3_4,),
        check=lambda r: (
            first_index(r, "玩家不会在效果执行到一半时输掉游戏") < first_index(r, "输掉游戏。")
            and side(r, "A").deck.total == 0
            and side(r, "B").deck.total == 9
        ),
    ),
    "effect_win": Expect(Result.WON, "opponent_wins_by_effect", decides=(Q_1_3_2d, Q_1_3_1), winner=Player.A),
    "unknown_deck_matters": Expect(
        Result.DEPENDS,
        decides=(Q_4_0_3, Q_1_3_2c, Q_1_3_1, Q_4_0_2, Q_1_3_2b),
        check=lambda r: (
            [c.outcome.result for c in r.choices] == [Result.CONTINUES, Result.WON, Result.WON]
            and all(c.kind == "fact" for c in r.choices)
        ),
    ),
    # -- supports and extra supports in unusual counts (4.3.4, 4.3.5, 4.4.4a) -------------------
    "support_extra_counts": Expect(
        *CONTINUES,
        decides=(*BATTLE_WON, Q_4_4_4a, Q_3_4_1b, Q_3_4_1d, *LOSER_TO_DAMAGE, Q_3_4_1c),
        cited=(Q_4_3_4, Q_2_0_5d),
        check=lambda r: (
            battle(r).totals == {Player.A: 8000, Player.B: 7500}
            and names(side(r, "A").field) == ["麦克斯奥特曼"]
            and sorted(names(side(r, "A").rest_area)) == sorted(["迪迦奥特曼", "盖亚奥特曼", "高斯奥特曼"])
            and sorted(names(side(r, "B").rest_area)) == sorted(["阿古茹奥特曼", "奈克瑟斯奥特曼"])
            and side(r, "B").damage_zone.total == 2
        ),
    ),
    "support_extra_effects_turn_player_first": Expect(
        *CONTINUES,
        decides=(Q_4_3_5, Q_2_0_5d),
        check=lambda r: (
            first_index(r, "玩家 B 从牌库抽 1 张牌") < first_index(r, "玩家 A 从牌库抽 1 张牌")
            and (side(r, "A").hand.total, side(r, "B").hand.total) == (1, 1)
        ),
    ),
    # -- a main character an effect takes off the field (4.4.3, 4.4.4) ---------------------------
    "battle_lose_effect_returns_main_to_hand": Expect(
        *CONTINUES,
        decides=(*BATTLE_WON, *WINNER_STAYS, Q_4_4_4b),
        cited=(Q_4_4_3, Q_2_0_5f),
        not_cited=(Q_3_3_1,),
        check=lambda r: (
            names(side(r, "B").hand) == ["戴拿奥特曼"]
            and side(r, "B").damage_zone.total == 2
            and battle(r).to_damage_zone == []
        ),
    ),
    "battle_main_character_leaves_field": Expect(
        *CONTINUES,
        decides=(*BATTLE_WON, *WINNER_STAYS, Q_4_4_4b),
        cited=(Q_2_0_5b,),
        check=lambda r: (
            battle(r).totals == {Player.A: 5000, Player.B: 0}
            and any(step.kind is StepKind.SILENT for step in r.steps)
            and names(side(r, "B").rest_area) == ["戴拿奥特曼"]
            and side(r, "B").damage_zone.total == 1
        ),
    ),
    "duration_end_of_battle": Expect(
        *CONTINUES,
        decides=(*BATTLE_WON, Q_4_2_6, Q_2_0_5b, *WINNER_STAYS, *LOSER_TO_DAMAGE),
        cited=(Q_4_4_1, Q_5_9_1),
        check=lambda r: (
            battle(r).totals == {Player.A: 7000, Player.B: 6000}
            and first_index(r, "（本次战斗）失效") < first_index(r, "条件不满足")
            and side(r, "A").hand.total == 0
            and side(r, "A").field.cards[0].modifiers == []
        ),
    ),
    "battle_weaken_at_four_damage": Expect(
        Result.WON,
        "damage_zone_full",
        winner=Player.A,
        decides=(
            *BATTLE_WON,
            *WINNER_STAYS,
            *LOSER_TO_DAMAGE,
            Q_1_3_2a,
            Q_3_3_2,
            Q_1_3_1,
            Q_5_11_1,
            Q_5_11_4,
        ),
        check=lambda r: (
            {c.outcome.result for c in r.choices} == {Result.WON}
            and {c.outcome.winner for c in r.choices} == {Player.A}
            and len(r.choices) == 2
        ),
    ),
    # -- costs (1.1.3, 5.4.1) -------------------------------------------------------------------
    "cost_cannot_pay": Expect(
        *CONTINUES,
        decides=(Q_1_1_3, *BATTLE_WON, Q_4_4_4b, Q_3_3_1, Q_3_4_1c, *WINNER_STAYS),
        not_cited=(Q_1_1_3a, Q_5_4_1, Q_1_1_6),
        check=lambda r: (
            battle(r).totals == {Player.A: 6000, Player.B: 6500}
            and side(r, "A").energy.total == 1
            and names(side(r, "A").rest_area) == ["盖亚奥特曼"]
        ),
    ),
    "cost_paid": Expect(
        *CONTINUES,
        decides=(*BATTLE_WON, Q_4_3_3, Q_2_0_5d, Q_4_4_4a, Q_3_4_1b, *LOSER_TO_DAMAGE),
        cited=(Q_1_1_3, Q_5_4_1),
        not_cited=(Q_1_1_6,),
        check=lambda r: (
            battle(r).totals == {Player.A: 8000, Player.B: 6500}
            and side(r, "A").energy.total == 1
            and side(r, "A").rest_area.total == 3
        ),
    ),
    # -- a card of the deck flipped by an effect (5.5.2b, 5.5.4, 5.5.4a) ------------------------
    "flip_deck_card_returns": Expect(
        *CONTINUES,
        decides=(Q_5_5_4a,),
        cited=(Q_5_5_2b, Q_5_5_4),
        check=lambda r: (
            side(r, "A").deck.cards[0].name == "戴拿奥特曼"
            and not side(r, "A").deck.cards[0].face_up
            and side(r, "A").deck.total == 10
        ),
    ),
    "flip_deck_card_taken": Expect(
        *CONTINUES,
        cited=(Q_5_5_2b, Q_5_5_4),
        not_cited=(Q_5_5_4a,),
        check=lambda r: names(side(r, "A").hand) == ["戴拿奥特曼"] and side(r, "A").deck.total == 9,
    ),
    # -- which effects a battle triggers (2.0.5b, 2.0.5c, 4.4.3) --------------------------------
    "battle_attack_effect_when_defending": Expect(
        *CONTINUES,
        decides=(Q_5_9_1, *BATTLE_WON, Q_4_2_6, Q_2_0_5c, *LOSER_TO_DAMAGE, *WINNER_STAYS),
        why_not=(Q_2_0_5b,),
        check=lambda r: (
            battle(r).totals == {Player.A: 6000, Player.B: 6500}
            and side(r, "B").hand.total == 0
            and side(r, "A").damage_zone.total == 2
        ),
    ),
    "battle_support_win_effect": Expect(
        *CONTINUES,
        decides=(*BATTLE_WON, Q_4_4_4a, Q_3_4_1b, *LOSER_TO_DAMAGE),
        why_not=(Q_4_4_3,),
        not_cited=(Q_2_0_5e,),
        check=lambda r: side(r, "A").hand.total == 0 and names(side(r, "A").field) == ["赛罗奥特曼"],
    ),
    "effect_deck_to_damage_short": Expect(
        *CONTINUES,
        why_not=(Q_1_3_2b, Q_1_3_2c, Q_1_3_2a),
        cited=(Q_1_1_3a,),
        check=lambda r: (side(r, "B").deck.total, side(r, "B").damage_zone.total) == (0, 3),
    ),
    "battle_flip_effect_flips_field_card": Expect(
        *CONTINUES,
        decides=(Q_4_2_5, Q_2_0_5a, Q_5_5_3),
        cited=(Q_4_2_4, Q_5_5_2a),
        check=lambda r: (
            first_index(r, "翻开配置区中的暗盖牌「令迦奥特曼」")
            < first_index(r, "玩家 A 从牌库抽 1 张牌")
            < first_index(r, "玩家 B 从牌库抽 1 张牌")
        ),
    ),
    "support_flip_effect_not_triggered": Expect(
        *CONTINUES,
        why_not=(Q_4_3_3, Q_5_5_2),
        cited=(Q_4_3_2,),
        check=lambda r: side(r, "A").hand.total == 0 and side(r, "A").deck.total == 10,
    ),
    "battle_loser_to_damage_trigger": Expect(
        *CONTINUES,
        decides=(*BATTLE_WON, *WINNER_STAYS, *LOSER_TO_DAMAGE),
        check=lambda r: (
            (side(r, "B").hand.total, side(r, "B").deck.total, side(r, "B").damage_zone.total) == (5, 9, 3)
            and first_index(r, "「戴拿奥特曼」移入伤害区") < first_index(r, "玩家 B 从牌库抽 1 张牌")
        ),
    ),
    "effect_discard_triggers": Expect(
        *CONTINUES,
        decides=(Q_1_1_7,),
        cited=(Q_5_0_1,),
        check=lambda r: (
            first_index(r, "「捷德奥特曼银河初升」移入玩家 A 的休息区")
            < first_index(r, "玩家 A 从牌库抽 1 张牌")
            < first_index(r, "战力+1000")
            and side(r, "A").hand.total == 3
        ),
    ),
    "battle_win_effect_returns_main_to_hand": Expect(
        *CONTINUES,
        decides=(*BATTLE_WON, Q_4_4_4a, *LOSER_TO_DAMAGE),
        cited=(Q_4_4_3, Q_2_0_5e),
        not_cited=(Q_3_4_1b,),
        check=lambda r: (
            names(side(r, "A").hand) == ["赛罗奥特曼"]
            and names(side(r, "A").field) == ["盖亚奥特曼", "迪迦奥特曼"]
            and side(r, "A").rest_area.total == 0
        ),
    ),
    # -- sequences over several turns: what one turn leaves the next (4.5.5) -----------------------
    "duration_end_of_turn_next_battle": Expect(
        *CONTINUES,
        decides=(*BATTLE_WON, Q_4_2_6, Q_2_0_5b, *WINNER_STAYS, *LOSER_TO_DAMAGE, Q_4_5_5),
        cited=(Q_4_0_2,),
        check=lambda r: (
            [b.totals for b in r.outcome.battles]
            == [{Player.A: 7000, Player.B: 6000}, {Player.B: 6000, Player.A: 5000}]
            and first_index(r, "「赛罗奥特曼」的战力+2000（本回合）失效") < first_index(r, "第 6 回合")
            and names(side(r, "A").damage_zone) == ["赛罗奥特曼"]
            and (state(r).turn, state(r).turn_player) == (7, Player.A)
        ),
    ),
    "illegal_second_battle_same_turn": Expect(
        Result.REFUSED,
        decides=(Q_4_2_3,),
        refused=(Q_4_2_3,),
        check=lambda r: "next_turn" in r.outcome.refused.text and state(r).phase == "support",
    ),
    "battle_weakened_battles_next_turn": Expect(
        *CONTINUES,
        decides=(*BATTLE_WON, *WINNER_STAYS, Q_5_11_1, Q_5_11_4, Q_5_11_3, *LOSER_TO_DAMAGE, Q_5_11_2a),
        why_not=(Q_5_11_1,),
        check=lambda r: (
            r.outcome.battles[1].totals == {Player.B: 4000, Player.A: 5000}
            and side(r, "B").damage_zone.total == 4
            and names(side(r, "B").damage_zone) == ["格利扎第一形态"]
            and not side(r, "B").damage_zone.cards[0].weakened
            and side(r, "B").deck.total == 15
        ),
    ),
    "battle_promoted_support_next_turn": Expect(
        *CONTINUES,
        decides=(*BATTLE_WON, Q_4_4_4a, Q_3_4_1b, *LOSER_TO_DAMAGE, *WINNER_STAYS),
        check=lambda r: (
            r.outcome.battles[1].totals == {Player.B: 5000, Player.A: 4000}
            and names(side(r, "A").damage_zone) == ["戴拿奥特曼"]
            and names(side(r, "A").rest_area) == ["迪迦奥特曼"]
        ),
    ),
    "form_change_again_next_turn": Expect(
        *CONTINUES,
        decides=(Q_5_10_3a, Q_5_10_3b, *BATTLE_WON, *WINNER_STAYS, *LOSER_TO_DAMAGE, Q_5_10_4),
        check=lambda r: (
            names(side(r, "A").field) == ["泽塔奥特曼伽马未来", "赛罗奥特曼究极形态"]
            and state(r).form_changes == 1
            and (state(r).turn, state(r).turn_player) == (6, Player.A)
        ),
    ),
    "form_change_extra_then_normal": Expect(
        *CONTINUES,
        decides=(Q_5_10_4, Q_5_10_3a, Q_5_10_3b),
        not_cited=(Q_4_1_1a_2,),
        check=lambda r: (
            names(side(r, "A").field) == ["奈克瑟斯奥特曼", "终极赛罗闪耀型", "泽塔奥特曼伽马未来"]
            and state(r).form_changes == 1
        ),
    ),
    "effect_deck_emptied_loses_next_turn": Expect(
        Result.WON,
        "draw_from_empty_deck",
        winner=Player.A,
        decides=(*BATTLE_WON, *WINNER_STAYS, *LOSER_TO_DAMAGE, Q_1_3_2b, Q_4_0_2, Q_1_3_1),
        cited=(Q_4_5_5,),
        check=lambda r: (
            (side(r, "B").deck.total, side(r, "B").damage_zone.total) == (0, 3) and state(r).turn == 6
        ),
    ),
    "lasting_effect_source_leaves_field": Expect(
        *CONTINUES,
        decides=(*BATTLE_WON, Q_4_4_4a, Q_3_4_1b, *LOSER_TO_DAMAGE, *WINNER_STAYS, Q_2_0_5h),
        check=lambda r: (
            r.outcome.battles[1].totals == {Player.B: 5500, Player.A: 5000}
            and first_index(r, "「泽塔奥特曼阿尔法装甲」离开战场") < first_index(r, "第 5 回合")
            and names(side(r, "A").damage_zone) == ["捷德奥特曼"]
        ),
    ),
    # -- turn start and turn end: the turn player's effects, then the opponent's -------------------
    "trigger_turn_start_both_players": Expect(
        *CONTINUES,
        decides=(Q_4_0_4, Q_4_0_5, Q_1_1_6a),
        cited=(Q_4_0_2, Q_4_0_3),
        check=lambda r: (
            first_index(r, "玩家 A 从牌库顶将 1 张牌暗盖至能量区")
            < first_index(r, "玩家 A 从牌库抽 1 张牌（牌库剩 7 张")
            < first_index(r, "玩家 B 从牌库抽 1 张牌")
            and (side(r, "A").hand.total, side(r, "B").hand.total) == (5, 4)
        ),
    ),
    "end_effects_then_hand_limit": Expect(
        *CONTINUES,
        decides=(Q_4_5_2, Q_4_5_3, Q_1_1_6a, Q_4_5_4, Q_3_6_3, Q_3_6_2),
        check=lambda r: (
            first_index(r, "玩家 A 从牌库抽 2 张牌")
            < first_index(r, "玩家 B 从牌库抽 1 张牌")
            < first_index(r, "弃 1 张")
            and (side(r, "A").hand.total, side(r, "A").rest_area.total) == (10, None)
            and side(r, "B").hand.total == 11
            and any(step.kind is StepKind.CONFLICT for step in r.gaps)
        ),
    ),
    # -- extra supports in turn (4.3.4's example) ------------------------------------------------
    "support_extra_alternate": Expect(
        *CONTINUES,
        decides=(Q_4_3_5, Q_2_0_5d, *BATTLE_WON, *LOSER_TO_DAMAGE, Q_3_4_1c, Q_4_4_4a, Q_3_4_1b, Q_3_4_1d),
        cited=(Q_4_3_4,),
        check=lambda r: (
            first_index(r, "额外支援步骤执行完毕")
            < first_index(r, "玩家 A 从牌库抽 1 张牌")
            < first_index(r, "玩家 B 从牌库抽 1 张牌")
            and names(side(r, "B").field) == ["阿古茹奥特曼"]
            and set(names(side(r, "B").rest_area)) == {"戴拿奥特曼", "麦克斯奥特曼"}
        ),
    ),
    # -- the book's worked example under 1.1.6: two orders chosen in turn --------------------------
    "effect_order_two_choices": Expect(
        *CONTINUES,
        decides=(Q_5_5_3,),
        cited=(Q_1_1_6, Q_4_2_4, Q_4_2_5, Q_5_5_2a),
        why_not=(Q_4_3_2,),
        check=lambda r: (
            len(r.choices) == 8
            and {c.player for c in r.choices} == {Player.A}
            and all(c.outcome.state.players.A.hand.total == 5 for c in r.choices)
            and sum(
                any("时间线接着列出的「赛罗奥特曼(2)」的翻开效果先执行" in s.text for s in c.steps)
                for c in r.choices
            )
            == 6
            and all(len(c.option) == 2 for c in r.choices)
        ),
    ),
    # -- written as a new user writes it -------------------------------------------------------
    "battle_supports_stated_no_until": Expect(
        *CONTINUES,
        decides=(*BATTLE_WON, Q_4_4_4a, Q_3_4_1b, *LOSER_TO_DAMAGE),
        not_cited=(Q_4_5_5,),
        check=lambda r: battle(r).totals == {Player.A: 6000, Player.B: 4000} and state(r).battle is None,
    ),
    "battle_supports_not_stated": Expect(
        *CONTINUES,
        why_not=(Q_4_3_2, Q_4_4_2),
        check=lambda r: r.outcome.battles[0].totals == {} and state(r).phase == "battle",
    ),
    "support_named_from_unnamed_hand": Expect(
        Result.DEPENDS,
        cited=(Q_4_3_2, Q_4_3_4),
        check=lambda r: r.outcome.depends_on == ["「盖亚奥特曼」的支援战力"],
    ),
    "battle_turn_player_from_attacker": Expect(
        *CONTINUES,
        decides=(*BATTLE_WON, *WINNER_STAYS, *LOSER_TO_DAMAGE),
        check=lambda r: (
            state(r).turn_player is Player.B
            and first_index(r, "当前回合玩家为 B")
            < first_index(r, "「戴拿奥特曼」移入伤害区")
            < first_index(r, "「赛罗奥特曼」在结算时留在战场")
        ),
    ),
    # -- the fourth round: what made a player draw or add energy, the effects that turned a battle,
    # whose effects go first, a weakened loser, a hand at its limit --------------------------------
    "effect_add_energy_empty_deck": Expect(
        Result.WON,
        "energy_from_empty_deck",
        winner=Player.B,
        decides=(Q_5_3_1, Q_1_3_2c, Q_1_3_1),
        cited=(Q_1_3_4,),
        check=lambda r: side(r, "A").energy.total == 4,
    ),
    "effect_draw_past_deck": Expect(
        Result.WON,
        "draw_from_empty_deck",
        winner=Player.A,
        decides=(Q_1_3_2b, Q_4_3_3, Q_2_0_5d, Q_1_3_1),
        cited=(Q_1_3_4,),
        not_cited=(Q_4_0_2,),
        check=lambda r: (side(r, "B").deck.total, side(r, "B").hand.total) == (0, 2),
    ),
    "support_effects_turn_player_first": Expect(
        *CONTINUES,
        decides=(Q_5_9_1, *BATTLE_WON, Q_4_3_3, Q_2_0_5d, Q_4_4_4a, Q_3_4_1b, *LOSER_TO_DAMAGE, Q_3_4_1c),
        check=lambda r: (
            battle(r).totals == {Player.A: 8000, Player.B: 7000}
            and first_index(r, "现为 2，条件满足") < first_index(r, "玩家 B 从牌库抽 1 张牌")
        ),
    ),
    "battle_attack_then_defence_effect": Expect(
        *CONTINUES,
        decides=(*BATTLE_WON, Q_4_2_6, Q_2_0_5b, *WINNER_STAYS, *LOSER_TO_DAMAGE),
        cited=(Q_2_0_5c, Q_5_4_1),
        check=lambda r: (
            battle(r).totals == {Player.A: 7000, Player.B: 6500}
            and side(r, "B").energy.total == 2
            and first_index(r, "现为 4，条件满足") < first_index(r, "防御效果")
        ),
    ),
    "form_change_effect_turns_battle": Expect(
        *CONTINUES,
        decides=(Q_5_10_3a, Q_5_10_3b, *BATTLE_WON, Q_5_10_1, Q_2_0_5g, *WINNER_STAYS, *LOSER_TO_DAMAGE),
        check=lambda r: battle(r).totals == {Player.A: 6500, Player.B: 6000},
    ),
    "battle_weakened_loses_again": Expect(
        *CONTINUES,
        decides=(Q_5_11_3, *BATTLE_WON, *WINNER_STAYS, *LOSER_TO_DAMAGE, Q_5_11_2a),
        why_not=(Q_5_11_1,),
        check=lambda r: r.choices == () and side(r, "B").damage_zone.total == 3,
    ),
    "end_hand_at_limit": Expect(
        *CONTINUES,
        why_not=(Q_4_5_4,),
        check=lambda r: side(r, "A").hand.total == 10 and state(r).turn == 10,
    ),
    "optional_effect_declined": Expect(
        *CONTINUES,
        decides=(*BATTLE_WON, Q_1_1_4, *LOSER_TO_DAMAGE, *WINNER_STAYS),
        not_cited=(Q_1_1_3,),
        check=lambda r: battle(r).totals == {Player.A: 5000, Player.B: 6000} and side(r, "A").hand.total == 2,
    ),
    "cost_declined": Expect(
        *CONTINUES,
        decides=(*BATTLE_WON, Q_1_1_4a, Q_1_1_3, *LOSER_TO_DAMAGE, Q_3_4_1c, *WINNER_STAYS),
        check=lambda r: (
            battle(r).totals == {Player.A: 6000, Player.B: 6500} and side(r, "A").energy.total == 3
        ),
    ),
    "trigger_battle_start": Expect(
        *CONTINUES,
        decides=(*BATTLE_WON, Q_4_2_2, *WINNER_STAYS, *LOSER_TO_DAMAGE),
        check=lambda r: (
            battle(r).totals == {Player.A: 6000, Player.B: 5500}
            and first_index(r, "「赛罗奥特曼」的战力+1000（本回合）") < first_index(r, "作为主战角色")
        ),
    ),
    "illegal_form_change_no_mark": Expect(Result.REFUSED, decides=(Q_5_10_2b,), refused=(Q_5_10_2b,)),
    "turn_first_start_phase": Expect(
        *CONTINUES,
        decides=(Q_1_2_4,),
        not_cited=(Q_4_0_2, Q_4_0_3),
        check=lambda r: (
            (side(r, "A").deck.total, side(r, "A").hand.total, side(r, "A").energy.total) == (29, 4, 2)
        ),
    ),
    "battle_weakened_loses_next_turn": Expect(
        *CONTINUES,
        decides=(*BATTLE_WON, *WINNER_STAYS, *WEAKENED, Q_5_11_3, *LOSER_TO_DAMAGE, Q_5_11_2a),
        check=lambda r: (
            side(r, "B").damage_zone.total == 4
            and names(side(r, "B").damage_zone)[-1:] == ["格利扎第一形态"]
            and (state(r).turn, state(r).turn_player) == (4, Player.B)
        ),
    ),
    "effect_field_card_to_rest_area": Expect(
        *CONTINUES,
        decides=(*BATTLE_WON, *WINNER_STAYS, *LOSER_TO_DAMAGE),
        cited=(Q_3_4_1e,),
        check=lambda r: (
            names(side(r, "B").rest_area) == ["贝利亚奥特曼"] and side(r, "B").damage_zone.total == 2
        ),
    ),
    # -- judge calls at the table: result effects, damage by effects, losing mid-battle -------------
    "tie_lose_effect_fifth_damage": Expect(
        Result.WON,
        "damage_zone_full",
        winner=Player.B,
        decides=(*BATTLE_WON, Q_4_4_3, Q_2_0_5f, *LOSER_TO_DAMAGE, Q_1_3_2a, Q_3_3_2, Q_1_3_1),
        check=lambda r: (side(r, "A").damage_zone.total, side(r, "B").damage_zone.total) == (5, 3),
    ),
    "result_effects_order_decides_loss": Expect(
        Result.WON,
        "damage_zone_full",
        winner=Player.A,
        decides=(*BATTLE_WON, Q_4_4_3, Q_2_0_5e, Q_5_9_1, Q_3_3_1, Q_1_3_2a, Q_3_3_2, Q_1_3_1),
        cited=(Q_1_3_4,),
        not_cited=(Q_2_0_5f, Q_4_4_4b),
        check=lambda r: side(r, "B").damage_zone.total == 5 and names(side(r, "B").field) == ["戴拿奥特曼"],
    ),
    "attack_effect_fifth_damage_ends_game": Expect(
        Result.WON,
        "damage_zone_full",
        winner=Player.A,
        decides=(*ATTACK_EFFECT_TURNS_IT, Q_3_3_1, Q_1_3_2a, Q_3_3_2, Q_1_3_1),
        cited=(Q_1_3_4,),
        not_cited=(Q_4_3_2, Q_4_4_2),
        check=lambda r: side(r, "B").damage_zone.total == 5,
    ),
    "defender_flip_effect_fifth_damage": Expect(
        Result.WON,
        "damage_zone_full",
        winner=Player.B,
        decides=(Q_4_2_4, Q_4_2_5, Q_2_0_5a, Q_3_3_1, Q_1_3_2a, Q_3_3_2, Q_1_3_1),
        not_cited=(Q_4_3_2,),
        check=lambda r: side(r, "A").damage_zone.total == 5,
    ),
    "turn_start_effect_fifth_damage": Expect(
        Result.WON,
        "damage_zone_full",
        winner=Player.A,
        decides=(Q_4_0_4, Q_3_3_1, Q_1_3_2a, Q_3_3_2, Q_1_3_1),
        cited=(Q_4_0_2, Q_4_0_3),
    ),
    "end_effect_fifth_damage": Expect(
        Result.WON,
        "damage_zone_full",
        winner=Player.A,
        decides=(*BATTLE_WON, *WINNER_STAYS, *LOSER_TO_DAMAGE, Q_4_5_2, Q_1_3_2a, Q_3_3_2, Q_1_3_1),
        check=lambda r: first_index(r, "移入伤害区。") < first_index(r, "「奈克瑟斯奥特曼」的效果"),
    ),
    "opponent_turn_start_draw_empty_deck": Expect(
        Result.WON,
        "draw_from_empty_deck",
        winner=Player.A,
        decides=(Q_4_0_5, Q_1_3_2b, Q_1_3_1),
        cited=(Q_4_0_2, Q_4_0_3, Q_1_3_4),
    ),
    "support_draw_loses_before_opponent_support": Expect(
        Result.WON,
        "draw_from_empty_deck",
        winner=Player.B,
        decides=(Q_4_3_3, Q_2_0_5d, Q_1_3_2b, Q_1_3_1),
        cited=(Q_1_3_4,),
        not_cited=(Q_4_4_2,),
        check=lambda r: side(r, "A").damage_zone.total == 1 and side(r, "A").hand.total == 1,
    ),
    "win_effect_draw_empties_deck_next_turn": Expect(
        Result.WON,
        "draw_from_empty_deck",
        winner=Player.B,
        decides=(*BATTLE_WON, *WINNER_STAYS, *LOSER_TO_DAMAGE, Q_4_0_2, Q_1_3_2b, Q_1_3_1),
        cited=(Q_2_0_5e,),
        check=lambda r: (state(r).turn, side(r, "A").deck.total) == (9, 0),
    ),
    "lose_effect_saves_at_four": Expect(
        *CONTINUES,
        decides=(*BATTLE_WON, *WINNER_STAYS, Q_4_4_4b, Q_4_4_3, Q_2_0_5f),
        why_not=(Q_1_3_2a,),
        check=lambda r: side(r, "B").damage_zone.total == 4 and names(side(r, "B").hand) == ["戴拿奥特曼"],
    ),
    "target_left_before_effect": Expect(
        *CONTINUES,
        decides=(*BATTLE_WON, Q_4_4_3, Q_2_0_5e, Q_1_1_3a, *WINNER_STAYS, *LOSER_TO_DAMAGE),
        check=lambda r: (
            names(side(r, "A").hand) == ["赛罗奥特曼"]
            and side(r, "A").damage_zone.total == 1
            and side(r, "B").damage_zone.total == 2
        ),
    ),
    # -- effects in the battle: costs, conditions, durations -------------------------------------
    "condition_one_short_battle_lost": Expect(
        *CONTINUES,
        decides=(*BATTLE_WON, Q_1_1_4, *LOSER_TO_DAMAGE, *WINNER_STAYS),
        cited=(Q_5_9_1,),
        check=lambda r: battle(r).winner is Player.B,
    ),
    "defence_cost_no_energy": Expect(
        *CONTINUES,
        decides=(Q_1_1_3, *BATTLE_WON, *WINNER_STAYS, *LOSER_TO_DAMAGE),
        check=lambda r: battle(r).winner is Player.A and side(r, "B").rest_area.total in (0, None),
    ),
    "start_energy_pays_attack_cost": Expect(
        *CONTINUES,
        decides=(*BATTLE_WON, *ATTACK_EFFECT_TURNS_IT, *WINNER_STAYS, *LOSER_TO_DAMAGE),
        cited=(Q_4_0_3, Q_1_1_3, Q_5_4_1),
        check=lambda r: (side(r, "A").energy.total, side(r, "A").rest_area.total) == (0, 2),
    ),
    "support_cost_discard_triggers": Expect(
        *CONTINUES,
        decides=(Q_1_1_7, *BATTLE_WON, Q_4_3_3, Q_2_0_5d, *LOSER_TO_DAMAGE, Q_4_4_4a, Q_3_4_1b),
        cited=(Q_1_1_3, Q_5_0_1),
        check=lambda r: battle(r).winner is Player.B and side(r, "B").hand.total == 2,
    ),
    "support_lowers_opponent": Expect(
        *CONTINUES,
        decides=(*BATTLE_WON, Q_4_3_3, Q_2_0_5d, Q_4_4_4a, Q_3_4_1b, *LOSER_TO_DAMAGE, Q_3_4_1c),
        check=lambda r: battle(r).totals == {Player.B: 5000, Player.A: 4500},
    ),
    "duration_end_of_battle_defender_next_turn": Expect(
        *CONTINUES,
        decides=(*BATTLE_WON, Q_4_2_6, Q_2_0_5c, *LOSER_TO_DAMAGE, *WINNER_STAYS, Q_4_4_1),
        check=lambda r: (
            r.outcome.battles[1].winner is Player.A and names(side(r, "B").damage_zone) == ["戴拿奥特曼"]
        ),
    ),
    "weakened_winner_with_support": Expect(
        *CONTINUES,
        decides=(Q_5_11_3, *BATTLE_WON, Q_4_4_4a, Q_3_4_1b, Q_5_11_2a, *LOSER_TO_DAMAGE),
        check=lambda r: (
            [(c.name, c.weakened) for c in side(r, "B").rest_area.cards] == [("格利扎第一形态", False)]
        ),
    ),
    "support_removed_by_opponent_support": Expect(
        *CONTINUES,
        decides=(*BATTLE_WON, Q_4_3_3, Q_2_0_5d, *LOSER_TO_DAMAGE, Q_4_4_4a, Q_3_4_1b),
        cited=(Q_3_4_1e,),
        check=lambda r: (
            battle(r).totals == {Player.A: 5000, Player.B: 6000}
            and names(side(r, "A").rest_area) == ["盖亚奥特曼"]
        ),
    ),
    "hand_limit_discard_fifth_damage": Expect(
        Result.WON,
        "damage_zone_full",
        winner=Player.A,
        decides=(Q_4_5_4, Q_5_0_3, Q_3_3_1, Q_1_3_2a, Q_3_3_2, Q_1_3_1),
        check=lambda r: side(r, "A").hand.total == 10,
    ),
    "battle_start_opponent_effect": Expect(
        *CONTINUES,
        decides=(*BATTLE_WON, Q_4_2_2, *LOSER_TO_DAMAGE, *WINNER_STAYS),
        check=lambda r: battle(r).totals == {Player.A: 5500, Player.B: 6000},
    ),
    "opponent_end_effect_draw_empty_deck": Expect(
        Result.WON,
        "draw_from_empty_deck",
        winner=Player.A,
        decides=(Q_4_5_3, Q_1_3_2b, Q_1_3_1),
        cited=(Q_1_3_4,),
        check=lambda r: state(r).turn == 11,
    ),
    "form_change_effect_fifth_damage": Expect(
        Result.WON,
        "damage_zone_full",
        winner=Player.A,
        decides=(Q_5_10_3a, Q_5_10_3b, Q_5_10_1, Q_2_0_5g, Q_3_3_1, Q_1_3_2a, Q_3_3_2, Q_1_3_1),
        not_cited=(Q_4_2_3,),
    ),
    "replacement_damage_to_rest_area": Expect(
        *CONTINUES,
        decides=(*BATTLE_WON, *WINNER_STAYS, Q_4_4_4b, Q_5_8_1),
        why_not=(Q_1_3_2a,),
        check=lambda r: (
            side(r, "B").damage_zone.total == 4
            and names(side(r, "B").rest_area) == ["戴拿奥特曼"]
            and battle(r).to_damage_zone == []
        ),
    ),
    "turn_start_loss_before_opponent_heal": Expect(
        Result.WON,
        "damage_zone_full",
        winner=Player.A,
        decides=(Q_4_0_4, Q_4_0_5, Q_1_1_6a, Q_3_3_1, Q_1_3_2a, Q_3_3_2, Q_1_3_1),
        cited=(Q_1_3_4,),
        check=lambda r: side(r, "B").damage_zone.total == 5 and not any("休息区" in t for t in texts(r)),
    ),
    # -- the answer is no ---------------------------------------------------------------------------
    "tie_win_effect_not_triggered": Expect(
        *CONTINUES,
        decides=(*BATTLE_WON, *LOSER_TO_DAMAGE),
        why_not=(Q_2_0_5e,),
        check=lambda r: side(r, "A").hand.total == 0,
    ),
    "illegal_form_change_from_field": Expect(Result.REFUSED, decides=(Q_5_10_3a,), refused=(Q_5_10_3a,)),
    "illegal_winner_keeps_main_with_support": Expect(
        Result.REFUSED, decides=(Q_4_4_4a, Q_4_4_4c), refused=(Q_4_4_4a, Q_4_4_4c)
    ),
}


def ruled(name: str) -> Ruling:
    return rule_text((EXAMPLES / f"{name}.yaml").read_text(encoding="utf-8"), f"{name}.yaml")


@pytest.mark.parametrize("name", sorted(SITUATIONS))
def test_situation(name: str) -> None:
    assert_situation("uhb", SITUATIONS[name], ruled(name))


def test_every_situation_file_is_asserted() -> None:
    files = {p.stem for p in EXAMPLES.glob("*.yaml")} - {"deck", "deck_uneven_swap"}  # static: test_judge_uhb
    assert files == set(SITUATIONS)
    assert len(SITUATIONS) >= 30


def test_each_step_is_in_the_books_simplified_script() -> None:
    for name in SITUATIONS:
        for step in ruled(name).steps:
            assert not set(step.text) & set("與從區為這張戰時後發動"), step.text
