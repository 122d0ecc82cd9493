"""bs situations: timeline files under judge/examples/bs/, each written from the manual's text with its
question in its header comment, ruled by replay.

bs prints no clause numbers: a clause is its heading path, and each test names the clauses that decide
its outcome *by quote* — an exact phrase of the clause's text, looked up in the parsed book, so a
heading moved or reworded fails here.  ``decides`` is the whole set of decisive clauses; ``why_not``
clauses among the ruling's "why not"; ``cited`` clauses some step must cite.
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
from tests.judging import Expect, assert_situation

EXAMPLES = Path(__file__).resolve().parents[1] / "judge" / "examples" / "bs"

WIN = "在對手的開始階段時，其牌組卡牌為 0 張"
WIN_BY_LIFE = "藉此將對手的生命值變為 0，便可贏得對戰"
START = "此為宣告回合開始的階段"
DRAW = "從自己的牌組抽取 1 張卡牌加入手牌"
FIRST_TURN = "沒有②能量階段與⑥攻擊階段"
NO_ATTACK_TURN_ONE = "※先攻玩家的第一回合不執行攻擊階段"
TURN = "即使在各個階段中沒有任何行動，該階段本身也不會被省略"
DECLARE = "選擇自己 1 張處於回復狀態"
EXHAUSTED = "疲勞狀態的靈魂卡無法進行攻擊或阻擋"
EXHAUST_TERM = "指將卡牌橫置的動作"
HEAVY = "經過 1 次回復後，會變回一般的疲勞狀態"
BLOCK = "防禦方（非回合玩家）可選擇自己 1 體回復狀態的靈魂卡"
FLASH_2 = "第 2 次靈動時機僅在宣告阻擋時才會發生"
FLASH_RULES = "防禦方玩家擁有優先使用一個靈動效果的權利"
NO_INTERRUPT = "無法在對手效果發揮前，插入使用其他的靈動效果"
UNBLOCKED = "依照攻擊中靈魂卡或終極靈魂卡的標誌數量，減少防禦方生命值的能量"
BLOCKED = "即使進行阻擋的靈魂卡或終極靈魂卡之後從場地上消失，阻擋依然成立"
DESTROY = "BP 較低的一方會被破壞。若 BP 相同，則為平手，雙方皆被破壞"
CORES_GO = "因攻擊而減少的生活值能量，都將移動至預備區"
DESTROY_TERM = "因效果或 BP 比較，將靈魂卡"
BP_ZERO = "若該靈魂卡之後降至 Lv1"
DEPLETION = "靈魂卡的最低 Lv 為 1，終極靈魂卡的最低 Lv 為 3。因其上放置的能量減少"
COST_3 = "若可減輕費用，則必須進行減輕"
COST_4 = "不可用於支付費用"
COST_5 = "請在卡牌上放置能量，使其至少達到 Lv1（終極靈魂卡為 Lv3）。此時"
COST_1 = "減輕標誌的數量，代表可減少支付的能量數量上限"
COST_2 = "由自己場地上的標誌數量與種類決定"
SUMMON = "關於詳細的召喚步驟"
BURST_SET = "若將不具爆烈效果的卡牌作為爆烈卡設置"
BURST_ONCE = "以裏側朝下的方式設置於「爆裂區域」"
BURST_USE = "玩家可宣告「發動爆烈」"
BURST_AFTER_SET = "若在蓋放後未滿足發動條件"
BURST_WRONG = "由於無法發動，請將其蓋回並復原"
BURST_FIRST = "由防禦方玩家先行宣告發動"
BURST_OPTIONAL = "您也可以選擇不使用"
UNION = "合體卡上記載的合體數值（BP+），將加算至合體對象的 BP"
UNION_LEAVES = "請執行以下任一處理"
UNION_KEEP = "若 Lv1 費用為 0，則不需移動能量即可留下"
UNION_GO = "改由該合體卡繼續進行攻擊／阻擋"
UNION_CONTINUES = "該處於靈魂卡狀態的合體卡會繼續攻擊嗎"
IMA = "處於靈魂卡狀態的異魔神合體卡無法進行攻擊或阻擋"
IMA_OTHER = "另一張靈魂卡不會被視為正在攻擊"
SETUP = "從牌組抽取 4 張卡牌作為手牌"
CONTRACT = "可於遊戲開始時將 1 張加入手牌"
SOUL = "而是作為「魂狀態」的卡牌放置在場地上"
SOUL_ONLY_FIELD = "只有因對手效果而從場地離開時"
REFRESH = "將自己場地上所有處於疲勞狀態（橫置）的卡牌回復"
END_STEP = "該回合中發生的所有暫時性效果全部失效"
EFFECT_TIMING = "許多效果會在卡牌敘述中指定的特定時機自動發揮"
STANDBY = "該靈魂卡會先進入「待機狀態」"
CORE_STEP = "從空間取出 1 個能量放入預備區"
SUMMONED_ATTACKS = "本回合中召喚的靈魂卡或終極靈魂卡也可進行攻擊"
NEXUS_NO_FIGHT = "核心卡無法進行攻擊或阻擋"
NEXUS_LV1 = "若不放置，則該核心卡視為 Lv1"
MOVE_IN_OWN_MAIN = "只要是在自己的主要階段（可進行靈魂卡召喚等行動的時機）"
MOVE_CORES = "可將預備區的能量與放置在場地上卡牌的能量自由地重新配置"
NOT_DESTROYED = "破壞時發生的效果，在消滅時不會發生"
DEPLETION_TERM = "數量低於其最低 Lv 費用時的狀態"
UNITE_RESTED = "若合體前的合體卡與靈魂卡其中之一或兩者處於疲勞狀態"
LV_CHANGE = "隨著放置在卡牌上的能量數量增加，Lv 也會隨之提升"
OWN_RESERVE = "不能將自己的能量放置到對手的預備區"
ONE_BLOCKER = "不可使用 2 張以上的靈魂卡或終極靈魂卡同時進行阻擋"
MAIN_ACTIONS = "回合玩家可在主要階段執行以下行動"
REDRAW = "每位玩家僅可重新抽牌一次"
BP_ORDER = "依照「BP+」或「BP-」效果的發揮順序進行加減計算後得出的數值"
MAIN_EFFECT_IN_FLASH = "在靈動時機中，無法使用魔法卡的主要效果"
MAGIC_MAIN = "「主要効果」僅能於自己的主要階段"
MAGIC_TO_TRASH = "使用後的魔法卡在效果結算後，將被放置到廢棄區"
REFRESH_TERM = "將卡牌轉為直立"
LEAVE_TERM = "因消滅、破壞、返回手牌或牌組"
SEPARATE_FREE = "進行合體或分離時，無需支付費用"
SEPARATE_TRASH = "分離時，若未放置能量而無法維持 Lv1 的合體卡，會被放置到廢棄區"
U_TRIGGER = "請翻開對手牌組最上方的卡牌，並將其放置於廢棄區"
U_HIT = "視為「命中」，並發揮「U 觸發命中時」之後的效果"
U_GUARD = "視為「防禦」，且不會發揮「U 觸發命中時」之後的效果"
RESOLUTION_FIRST = "若有在「戰鬥結算時」發生的效果，請在減少生命值或比較 BP 前的階段解決效果"
PAY_SHORT = "若無論如何都無法支付費用，請將該卡牌放回手牌"
ULTIMATE_SYMBOL = "此標誌可用於減輕持有「究極」減輕標誌的卡牌費用"
GOD_SYMBOL = "此標誌可用於減輕持有「神」減輕標誌的卡牌費用"
UNION_SYMBOLS = "合體卡的屬性、標誌及【合體中】效果，將分別追加至合體對象上"
BATTLE_END = "「本次戰鬥期間」等的效果，會在此時失效"
EFFECT_ORDER = "若有多個效果同時發揮，請由回合玩家決定結算的順序"
ALREADY_EXHAUSTED = "處於疲勞狀態的靈魂卡不會因「疲勞」效果而進入"
NOT_EXHAUSTED_BY_IT = "但不視為因該效果而疲勞"
AS_FAR_AS_POSSIBLE = "已發揮的效果會盡可能地結算"
FLASH_TERM = "可在自己的主要階段與雙方的靈動時機中任意使用的效果"
FLASH_TIMING = "在戰鬥中最多 2 次的靈動時機中，可使用魔法卡的靈動效果"
SYMBOL_KINDS = "紅色的神標誌既是紅色標誌，也是神標誌"
BY_DOING = "必須執行○○才能發動"
LASTS = "一旦發揮後便會持續有效"
WHILE_ON_FIELD = "只要在場地上就會持續發揮的效果"
BATTLE_END_FIRST = "在此時間點，將發揮指定為「戰鬥結束時」的效果"
DESTROYED_BY_OPPONENT = "對手破壞自己的靈魂卡後"
UNITE_IN_MAIN = "從合體狀態「分離」，或「交換」合體的對象"
BRAVE = "進行合體後的合體卡與靈魂卡將會疊放，並視為 1 體「合體靈魂卡」"
NOT_ON_BRAVE_OR_NEXUS = "可以對視為靈魂卡的合體卡或核心卡進行合體嗎"
PAY_FROM_FIELD = "若場地上已有靈魂卡或核心卡等卡牌，也可以使用放置於其上的"
DIRECT_UNION = "也可以直接合體，在與該對象合體的狀態下進行召喚"

INTRO_BP = "BP 較低的靈魂卡會被破壞，並置到廢棄區"
INTRO_LIFE = "可依照卡牌右下方標誌的數量，減少對手的生命值"

BATTLE_BP = (BLOCKED, DESTROY, INTRO_BP)
LIFE = (UNBLOCKED, CORES_GO, INTRO_LIFE)


def side(ruling: Ruling, player: str) -> Any:
    return getattr(ruling.outcome.state.players, player)


def on_field(ruling: Ruling, player: str, name: str) -> Any:
    return side(ruling, player).field.find(name)


def in_trash(ruling: Ruling, player: str) -> list[str]:
    return side(ruling, player).trash.names()


def texts(ruling: Ruling) -> str:
    return "\n".join(step.text for step in ruling.steps)


CONTINUES = (Result.CONTINUES, "game_continues")


def refusal(*quotes: str) -> Expect:
    """An action the manual forbids: the clauses that forbid it are the refusal's, and decide it."""
    return Expect(Result.REFUSED, decides=quotes, refused=quotes)


SITUATIONS: dict[str, Expect] = {
    # -- turns --------------------------------------------------------------------------------------
    "turn_whole": Expect(
        *CONTINUES,
        decides=(COST_1, COST_2, COST_3, REFRESH, *LIFE),
        why_not=(WIN, FLASH_2),
        cited=(START, DRAW, END_STEP, DECLARE),
        check=lambda r: (
            side(r, "A").life == 3
            and side(r, "B").reserve == 2
            and on_field(r, "B", "光龍").cores == 1
            and r.outcome.state.turn_player is Player.A
        ),
    ),
    "turn_first": Expect(
        *CONTINUES,
        decides=(FIRST_TURN, NO_ATTACK_TURN_ONE),
        cited=(DRAW, END_STEP),
        check=lambda r: side(r, "A").reserve == 4 and side(r, "A").deck.total == 35,
    ),
    "turn_deck_out_at_start": Expect(
        Result.WON, "deck_out_at_start_step", decides=(WIN, START), winner=Player.A
    ),
    "turn_later_deck_out": Expect(
        Result.WON,
        "deck_out_at_start_step",
        decides=(WIN, START),
        why_not=(WIN,),
        winner=Player.B,
        check=lambda r: r.outcome.state.turn == 5,
    ),
    "turn_refresh_heavy": Expect(
        *CONTINUES,
        cited=(REFRESH, HEAVY),
        check=lambda r: (
            on_field(r, "B", "重鎧").status is Status.RESTED
            and not on_field(r, "B", "重鎧").heavy
            and on_field(r, "B", "輕騎").status is Status.ACTIVE
            and side(r, "B").reserve == 3
        ),
    ),
    "turn_second_player_attacks": Expect(
        *CONTINUES,
        decides=LIFE,
        why_not=(WIN, FLASH_2),
        cited=(START, CORE_STEP, DRAW, SUMMONED_ATTACKS),
        check=lambda r: (
            side(r, "A").life == 4
            and side(r, "B").reserve == 2
            and on_field(r, "B", "青龍").status is Status.RESTED
        ),
    ),
    "start_step": Expect(*CONTINUES, cited=(START, DRAW, REFRESH), check=lambda r: side(r, "B").reserve == 5),
    "duration_bp_until_end_of_turn": Expect(
        *CONTINUES, cited=(END_STEP,), check=lambda r: on_field(r, "A", "紅龍").modifiers == []
    ),
    "trigger_when_refreshed": Expect(
        *CONTINUES,
        cited=(EFFECT_TIMING, HEAVY),
        check=lambda r: (
            [m.by for m in on_field(r, "B", "輕騎").modifiers] == [2000]
            and [m.by for m in on_field(r, "B", "重鎧").modifiers] == [1000]
        ),
    ),
    # -- battles ------------------------------------------------------------------------------------
    "attack": Expect(
        *CONTINUES,
        decides=(*BATTLE_BP, UNION),
        check=lambda r: in_trash(r, "A") == ["阻擋的靈魂卡"] and side(r, "A").reserve == 3,
    ),
    "battle_life_zero": Expect(
        Result.WON, "life_zero", decides=(*LIFE, WIN, WIN_BY_LIFE), why_not=(BLOCK,), winner=Player.A
    ),
    "battle_tie": Expect(
        *CONTINUES,
        decides=BATTLE_BP,
        check=lambda r: (
            in_trash(r, "A") == ["甲龍"]
            and in_trash(r, "B") == ["乙獸"]
            and (side(r, "A").reserve, side(r, "B").reserve) == (2, 2)
        ),
    ),
    "two_attacks_one_step": Expect(
        *CONTINUES,
        decides=LIFE,
        check=lambda r: side(r, "B").life == 2 and [b.life_reduced for b in r.outcome.battles] == [1, 2],
    ),
    "refreshed_by_effect_attacks_again": Expect(
        *CONTINUES,
        decides=LIFE,
        cited=(REFRESH_TERM,),
        check=lambda r: side(r, "B").life == 3 and len(r.outcome.battles) == 2,
    ),
    "blocker_returned_to_hand": Expect(
        *CONTINUES,
        decides=(LEAVE_TERM, STANDBY, BLOCKED),
        why_not=(BLOCKED, UNBLOCKED),
        check=lambda r: (
            side(r, "B").life == 5
            and side(r, "B").hand.find("乙獸") is not None
            and side(r, "B").reserve == 2
            and "移至手牌" in texts(r)
        ),
    ),
    "flash_cores_level_up_blocker": Expect(
        *CONTINUES,
        decides=(*BATTLE_BP, LV_CHANGE),
        cited=(FLASH_RULES,),
        check=lambda r: (
            in_trash(r, "A") == ["甲龍"]
            and on_field(r, "B", "乙獸").cores == 2
            and in_trash(r, "B") == ["核心增援"]
            and side(r, "B").reserve == 0
        ),
    ),
    "battle_resolution_effect": Expect(
        *CONTINUES,
        decides=BATTLE_BP,
        cited=(RESOLUTION_FIRST,),
        check=lambda r: in_trash(r, "B") == ["乙獸"] and on_field(r, "A", "甲龍").modifiers == [],
    ),
    "choice_block": Expect(
        Result.DEPENDS,
        decides=(*BATTLE_BP, *LIFE),
        check=lambda r: len(r.choices) == 2 and "丙獸" not in str([c.option for c in r.choices]),
    ),
    "why_not_block_no_refreshed_spirit": Expect(
        *CONTINUES, decides=LIFE, why_not=(BLOCK, FLASH_2), check=lambda r: not r.choices
    ),
    "flash_timing_alternates": Expect(
        *CONTINUES,
        decides=BATTLE_BP,
        cited=(FLASH_RULES, NO_INTERRUPT),
        check=lambda r: in_trash(r, "A") == ["甲龍"] and "冰刃" in in_trash(r, "B"),
    ),
    "effect_destroys_blocker": Expect(
        *CONTINUES,
        decides=(DESTROY_TERM, BLOCKED),
        why_not=(BLOCKED, UNBLOCKED),
        check=lambda r: side(r, "B").life == 5 and in_trash(r, "B") == ["乙獸"] and side(r, "B").reserve == 3,
    ),
    "effect_destroy_in_main": Expect(
        *CONTINUES,
        decides=(DESTROY_TERM,),
        check=lambda r: (
            in_trash(r, "B") == ["乙獸"] and side(r, "B").reserve == 3 and side(r, "A").reserve == 2
        ),
    ),
    "effect_life_to_zero": Expect(Result.WON, "life_zero", decides=(WIN,), winner=Player.A),
    "effect_opponent_core_to_owner_reserve": Expect(
        *CONTINUES,
        decides=(DEPLETION,),
        cited=(OWN_RESERVE,),
        check=lambda r: (
            side(r, "B").reserve == 2 and side(r, "A").reserve == 3 and r.outcome.depleted == ["乙獸"]
        ),
    ),
    "magic_main_effect_in_main": Expect(
        *CONTINUES,
        decides=(DESTROY_TERM,),
        cited=(MAGIC_MAIN, MAGIC_TO_TRASH),
        check=lambda r: (
            in_trash(r, "B") == ["乙獸"]
            and in_trash(r, "A") == ["大破壞"]
            and (side(r, "A").trash_cores, side(r, "B").reserve) == (3, 1)
        ),
    ),
    "effect_bp_zero_then_destroy": Expect(
        *CONTINUES, decides=(DESTROY_TERM,), cited=(BP_ZERO,), check=lambda r: in_trash(r, "B") == ["乙獸"]
    ),
    "effect_bp_zero_later": Expect(
        *CONTINUES, cited=(EFFECT_TIMING, BP_ZERO), check=lambda r: on_field(r, "B", "乙獸") is not None
    ),
    "trigger_when_destroyed": Expect(
        *CONTINUES,
        decides=BATTLE_BP,
        cited=(STANDBY,),
        check=lambda r: (
            texts(r).index("待機狀態") < texts(r).index("置入廢棄區") and side(r, "B").hand.total == 3
        ),
    ),
    # -- refusals -----------------------------------------------------------------------------------
    "illegal_attack_exhausted": refusal(EXHAUSTED, EXHAUST_TERM, DECLARE),
    "illegal_block_exhausted": refusal(HEAVY, EXHAUSTED, EXHAUST_TERM),
    "illegal_attack_turn_one": refusal(TURN, DECLARE, FIRST_TURN),
    "illegal_flash_attacker_first": refusal(FLASH_RULES, NO_INTERRUPT),
    "illegal_flash_twice_in_a_row": refusal(FLASH_RULES, NO_INTERRUPT),
    "illegal_ima_attacks": refusal(IMA),
    "illegal_soul_from_hand": refusal(SOUL, SOUL_ONLY_FIELD),
    "illegal_cost_from_life": refusal(COST_4),
    "illegal_summon_below_lowest_lv": refusal(COST_5, SUMMON),
    "illegal_burst_twice_a_turn": refusal(BURST_ONCE, BURST_SET),
    "illegal_burst_condition_not_met": refusal(BURST_USE, BURST_AFTER_SET, BURST_WRONG),
    "illegal_burst_on_depletion": refusal(
        NOT_DESTROYED, DEPLETION_TERM, BURST_USE, BURST_AFTER_SET, BURST_WRONG
    ),
    "illegal_nexus_attacks": refusal(NEXUS_NO_FIGHT, DECLARE),
    "illegal_move_cores_in_battle": refusal(TURN, MOVE_IN_OWN_MAIN, MOVE_CORES),
    "illegal_attack_united_with_exhausted_brave": refusal(EXHAUSTED, EXHAUST_TERM, DECLARE, UNITE_RESTED),
    "illegal_second_blocker": refusal(ONE_BLOCKER),
    "illegal_pay_more_than_reduced": refusal(COST_3, COST_4),
    "illegal_summon_in_opponent_main": refusal(MAIN_ACTIONS, SUMMON),
    "illegal_redraw_twice": refusal(REDRAW),
    "illegal_main_effect_in_flash_timing": refusal(MAIN_EFFECT_IN_FLASH, MAGIC_MAIN),
    # -- bursts -------------------------------------------------------------------------------------
    "burst_life_reduced": Expect(
        *CONTINUES,
        decides=(*LIFE, BURST_USE, DESTROY_TERM, REFRESH),
        check=lambda r: (
            in_trash(r, "A") == ["甲龍"] and in_trash(r, "B") == ["絕甲冰盾"] and side(r, "B").life == 4
        ),
    ),
    "choice_burst_optional": Expect(
        *CONTINUES,
        decides=(*LIFE, BURST_USE),
        cited=(BURST_USE, BURST_OPTIONAL),
        check=lambda r: len(r.choices) == 2 and any(s.kind is StepKind.CHOICE for s in r.steps),
    ),
    "burst_replace": Expect(
        *CONTINUES,
        cited=(BURST_SET,),
        check=lambda r: side(r, "B").burst.names() == ["新爆烈"] and in_trash(r, "B") == ["舊爆烈"],
    ),
    "burst_without_effect_loses": Expect(
        Result.WON, "no_burst_effect", decides=(BURST_SET,), winner=Player.A
    ),
    "burst_both_players": Expect(
        *CONTINUES,
        decides=(*BATTLE_BP, BURST_USE),
        cited=(BURST_FIRST,),
        check=lambda r: texts(r).index("乙爆烈") < texts(r).index("甲爆烈"),
    ),
    # -- braves -------------------------------------------------------------------------------------
    "brave_unite": Expect(
        *CONTINUES,
        decides=(*BATTLE_BP, UNION),
        check=lambda r: in_trash(r, "B") == ["乙獸"] and on_field(r, "A", "紅龍").cores == 2,
    ),
    "brave_attacker_leaves_brave_continues": Expect(
        *CONTINUES,
        decides=(DESTROY_TERM, UNION_LEAVES, UNION_KEEP, UNION_GO, UNION_CONTINUES, *LIFE),
        check=lambda r: side(r, "B").life == 3 and on_field(r, "A", "劍刃").cores == 1,
    ),
    "brave_kept_when_destroyed_by_effect": Expect(
        *CONTINUES,
        decides=(DESTROY_TERM, UNION_LEAVES, UNION_KEEP),
        check=lambda r: (
            in_trash(r, "B") == ["乙獸"] and on_field(r, "B", "盾刃").cores == 1 and side(r, "B").reserve == 2
        ),
    ),
    "choice_keep_brave": Expect(
        *CONTINUES,
        decides=(DESTROY_TERM, UNION_LEAVES, UNION_KEEP, UNION_GO),
        check=lambda r: (
            {c.outcome.state.players.B.field.find("盾刃") is not None for c in r.choices} == {True, False}
        ),
    ),
    "why_not_brave_cannot_stay": Expect(
        *CONTINUES,
        decides=(DESTROY_TERM, UNION_LEAVES, UNION_GO),
        why_not=(UNION_KEEP,),
        check=lambda r: not r.choices and in_trash(r, "B") == ["盾刃", "乙獸"],
    ),
    "u_trigger_guard_equal_cost": Expect(
        *CONTINUES,
        decides=(U_GUARD, *BATTLE_BP),
        why_not=(U_GUARD,),
        cited=(U_TRIGGER,),
        check=lambda r: set(in_trash(r, "B")) == {"青石魔", "乙獸"} and side(r, "B").deck.total == 20,
    ),
    "u_trigger_hit": Expect(
        *CONTINUES,
        decides=(U_HIT, DESTROY_TERM, *LIFE),
        cited=(U_TRIGGER,),
        check=lambda r: set(in_trash(r, "B")) == {"青石魔", "乙獸"} and side(r, "B").life == 4,
    ),
    "u_trigger_top_card_unknown": Expect(
        Result.DEPENDS,
        decides=(U_HIT, U_GUARD, DESTROY_TERM, *LIFE),
        check=lambda r: (
            len(r.choices) == 2
            and {c.outcome.state.players.B.field.find("乙獸") is None for c in r.choices} == {True, False}
            and all(c.outcome.state.players.B.trash.unnamed == 1 for c in r.choices)
        ),
    ),
    "brave_separated": Expect(
        *CONTINUES,
        decides=LIFE,
        cited=(SEPARATE_FREE, UNION),
        check=lambda r: (
            on_field(r, "A", "紅龍").union is None
            and on_field(r, "A", "劍刃").cores == 1
            and side(r, "A").reserve == 0
            and side(r, "B").life == 4
        ),
    ),
    "brave_separated_without_cores": Expect(
        *CONTINUES,
        decides=(SEPARATE_TRASH,),
        why_not=(SEPARATE_TRASH,),
        check=lambda r: in_trash(r, "A") == ["劍刃"] and on_field(r, "A", "紅龍").union is None,
    ),
    "brave_separated_state_unknown": Expect(
        Result.DEPENDS,
        decides=(*LIFE, EXHAUSTED, EXHAUST_TERM, DECLARE, SEPARATE_FREE),
        check=lambda r: (
            len(r.choices) == 2
            and {c.outcome.result for c in r.choices} == {Result.REFUSED, Result.CONTINUES}
        ),
    ),
    "brave_ima_does_not_continue": Expect(
        *CONTINUES,
        decides=(DESTROY_TERM, UNBLOCKED),
        why_not=(IMA_OTHER, UNBLOCKED),
        check=lambda r: side(r, "B").life == 5 and not r.gaps,
    ),
    # -- contract cards -----------------------------------------------------------------------------
    "contract_opening_hand": Expect(
        *CONTINUES,
        decides=(SETUP, CONTRACT),
        check=lambda r: side(r, "A").hand.total == 4 and side(r, "A").deck.total == 36,
    ),
    "redraw_contract_back_in_deck": Expect(
        *CONTINUES,
        decides=(SETUP, CONTRACT),
        cited=(REDRAW,),
        check=lambda r: (
            side(r, "A").hand.total == 4
            and side(r, "A").deck.total == 36
            and side(r, "A").hand.find("契約龍") is None
        ),
    ),
    "contract_soul_state": Expect(
        *CONTINUES,
        decides=(*BATTLE_BP, SOUL),
        why_not=(SOUL,),
        check=lambda r: (
            on_field(r, "B", "契約獸").soul
            and in_trash(r, "B") == []
            and side(r, "B").reserve == 2
            and side(r, "B").burst.names() == ["乙爆烈"]
        ),
    ),
    # -- costs and Lv -------------------------------------------------------------------------------
    "cost": Expect(
        *CONTINUES,
        decides=(COST_1, COST_2, COST_3),
        check=lambda r: side(r, "B").reserve == 0 and side(r, "B").trash_cores == 2,
    ),
    "cost_paid_from_field": Expect(
        *CONTINUES,
        decides=(DEPLETION,),
        check=lambda r: in_trash(r, "B") == ["小鳥"] and r.outcome.depleted == ["小鳥"],
    ),
    "depleted_not_destroyed": Expect(
        *CONTINUES,
        decides=(DEPLETION,),
        why_not=(NOT_DESTROYED, DEPLETION_TERM),
        check=lambda r: (
            side(r, "B").hand.total == 2 and in_trash(r, "B") == ["乙獸"] and r.outcome.destroyed == []
        ),
    ),
    "ultimate_depleted_below_lv3": Expect(
        *CONTINUES,
        decides=(DEPLETION,),
        check=lambda r: r.outcome.depleted == ["終極・齊格菲"] and side(r, "B").reserve == 4,
    ),
    "nexus_deployed_without_cores": Expect(
        *CONTINUES,
        decides=(COST_5, NEXUS_LV1),
        check=lambda r: (
            on_field(r, "B", "竜射砲台").cores == 0
            and side(r, "B").reserve == 1
            and side(r, "B").trash_cores == 2
        ),
    ),
    "bp_plus_kept_after_level_up": Expect(
        *CONTINUES,
        cited=(BP_ORDER,),
        check=lambda r: "目前的 BP" in texts(r) and any(s.values.get("bp") == 5000 for s in r.steps),
    ),
    "level": Expect(*CONTINUES, decides=(DEPLETION,), check=lambda r: "BP 13000" in texts(r)),
    # -- facts the board leaves out -----------------------------------------------------------------
    "unknown_life": Expect(Result.DEPENDS, check=lambda r: bool(r.outcome.depends_on) and not r.choices),
    "unknown_status": Expect(
        Result.DEPENDS, decides=(*LIFE, EXHAUSTED, EXHAUST_TERM, DECLARE), check=lambda r: len(r.choices) == 2
    ),
    # -- ordinary play: costs, durations, several triggers, exhaustion ------------------------------
    "cost_paid_from_the_reducing_spirit": Expect(
        *CONTINUES,
        decides=(COST_1, COST_2, COST_3, DEPLETION),
        check=lambda r: (
            in_trash(r, "B") == ["紅鳥"]
            and on_field(r, "B", "大龍").cores == 1
            and side(r, "B").reserve == 0
            and side(r, "B").trash_cores == 2
        ),
    ),
    "illegal_summon_cannot_pay": Expect(
        Result.REFUSED,
        decides=(PAY_SHORT, COST_4),
        refused=(PAY_SHORT, COST_4),
        check=lambda r: side(r, "B").hand.names() == ["巨龍"] and side(r, "B").reserve == 2,
    ),
    "cost_six_colour_reduction": Expect(
        *CONTINUES, decides=(COST_1, COST_2, COST_3), check=lambda r: side(r, "B").reserve == 1
    ),
    "cost_ultimate_symbol_reduces_no_colour": Expect(
        *CONTINUES,
        decides=(ULTIMATE_SYMBOL,),
        check=lambda r: side(r, "B").reserve == 0 and side(r, "B").trash_cores == 3,
    ),
    "duration_bp_this_battle": Expect(
        *CONTINUES,
        decides=BATTLE_BP,
        cited=(BATTLE_END,),
        check=lambda r: in_trash(r, "B") == ["乙獸"] and in_trash(r, "A") == ["甲龍"],
    ),
    "illegal_summon_after_the_attack_step_began": refusal(TURN, MAIN_ACTIONS, SUMMON),
    "illegal_attack_heavy_refreshed_once": Expect(
        Result.REFUSED,
        decides=(EXHAUSTED, EXHAUST_TERM, DECLARE),
        refused=(EXHAUSTED, EXHAUST_TERM, DECLARE),
        cited=(HEAVY,),
    ),
    "battle_tie_triggers_order": Expect(
        *CONTINUES,
        decides=BATTLE_BP,
        cited=(EFFECT_ORDER, STANDBY),
        check=lambda r: (
            texts(r).index("玩家 B 從牌組抽")
            < texts(r).index("玩家 A 從牌組抽")
            < texts(r).index("「甲龍」置入廢棄區")
            and in_trash(r, "A") == ["甲龍"]
            and in_trash(r, "B") == ["乙獸"]
        ),
    ),
    "turn_opponent_deck_empty_at_own_start": Expect(
        *CONTINUES, why_not=(WIN,), check=lambda r: r.outcome.state.turn_player is Player.B
    ),
    "exhaust_already_exhausted_no_trigger": Expect(
        *CONTINUES,
        decides=(ALREADY_EXHAUSTED, NOT_EXHAUSTED_BY_IT),
        why_not=(NOT_EXHAUSTED_BY_IT,),
        check=lambda r: side(r, "B").hand.total == 2 and not on_field(r, "B", "乙獸").heavy,
    ),
    "trigger_when_exhausted": Expect(
        *CONTINUES, cited=(EFFECT_TIMING, EXHAUST_TERM), check=lambda r: side(r, "B").hand.total == 3
    ),
    "battle_life_zero_ends_the_attack_step": Expect(
        Result.WON,
        "life_zero",
        decides=(*LIFE, WIN, WIN_BY_LIFE),
        winner=Player.A,
        check=lambda r: on_field(r, "A", "乙龍").status is Status.ACTIVE,
    ),
    "draw_effect_more_than_the_deck": Expect(
        Result.WON,
        "deck_out_at_start_step",
        decides=(AS_FAR_AS_POSSIBLE, WIN, START),
        winner=Player.B,
        check=lambda r: side(r, "A").hand.total == 3 and r.outcome.state.turn == 7,
    ),
    "illegal_flash_in_opponent_main": refusal(FLASH_TERM, MAGIC_TO_TRASH, FLASH_TIMING),
    "trigger_when_attacks": Expect(
        *CONTINUES,
        decides=BATTLE_BP,
        cited=(EFFECT_TIMING, BATTLE_END),
        check=lambda r: in_trash(r, "B") == ["乙獸"],
    ),
    "trigger_when_blocks": Expect(
        *CONTINUES, decides=BATTLE_BP, cited=(EFFECT_TIMING,), check=lambda r: in_trash(r, "A") == ["甲龍"]
    ),
    "battle_more_symbols_than_life": Expect(
        Result.WON,
        "life_zero",
        decides=(*LIFE, WIN, WIN_BY_LIFE),
        winner=Player.A,
        check=lambda r: side(r, "B").reserve == 1,
    ),
    "illegal_flash_after_no_block": refusal(FLASH_TERM, FLASH_TIMING, FLASH_2),
    "illegal_move_cores_from_life": refusal(MOVE_CORES, OWN_RESERVE),
    "brave_unblocked_symbols_added": Expect(
        *CONTINUES, decides=(*LIFE, UNION_SYMBOLS), check=lambda r: side(r, "B").life == 3
    ),
    "cost_god_symbol_reduces_no_colour": Expect(
        *CONTINUES, decides=(GOD_SYMBOL,), check=lambda r: side(r, "B").reserve == 0
    ),
    "trigger_at_turn_start": Expect(
        *CONTINUES,
        why_not=(WIN,),
        cited=(START, EFFECT_TIMING),
        check=lambda r: side(r, "B").hand.total == 4 and side(r, "B").deck.total == 9,
    ),
    "burst_too_late_at_life_zero": Expect(
        Result.WON,
        "life_zero",
        decides=(*LIFE, WIN, WIN_BY_LIFE),
        winner=Player.A,
        check=lambda r: side(r, "B").burst.names() == ["絕甲冰盾"],
    ),
    "two_attacks_blocks_left_open": Expect(
        Result.DEPENDS,
        decides=(*BATTLE_BP, *LIFE),
        check=lambda r: (
            len(r.outcome.depends_on) == 2
            and [sorted(c.option.values()) for c in r.choices]
            == [["丙獸"], ["no_block", "丙獸"], ["no_block", "no_block"]]
            and [c.outcome.state.players.B.life for c in r.choices] == [3, 4, 2]
        ),
    ),
    "cost_red_god_symbol_reduces_red": Expect(
        *CONTINUES,
        decides=(COST_1, COST_2, COST_3, SYMBOL_KINDS),
        check=lambda r: side(r, "B").reserve == 0 and side(r, "B").trash_cores is None,
    ),
    "brave_goes_to_hand_with_its_spirit": Expect(
        *CONTINUES,
        decides=(LEAVE_TERM, STANDBY, UNION_LEAVES, "合體卡會與合體對象同時離開場地"),
        check=lambda r: side(r, "B").hand.names() == ["盾刃", "乙獸"] and side(r, "B").reserve == 2,
    ),
    "effect_this_turn_outlasts_its_source": Expect(
        *CONTINUES,
        decides=(DESTROY_TERM, *BATTLE_BP),
        cited=(LASTS,),
        check=lambda r: in_trash(r, "B") == ["丙獸"] and on_field(r, "A", "乙龍") is not None,
    ),
    "effect_while_on_field_ends_with_source": Expect(
        *CONTINUES,
        decides=(DESTROY_TERM, *BATTLE_BP),
        cited=(WHILE_ON_FIELD,),
        check=lambda r: in_trash(r, "A") == ["乙龍", "號令龍"] and on_field(r, "B", "丙獸") is not None,
    ),
    "heavy_exhaust_on_exhausted_lasts_a_refresh": Expect(
        Result.REFUSED,
        decides=(EXHAUSTED, EXHAUST_TERM, DECLARE, EFFECT_TIMING, HEAVY),
        refused=(EXHAUSTED, EXHAUST_TERM, DECLARE, EFFECT_TIMING, HEAVY),
        check=lambda r: r.outcome.refused.action == 2 and r.outcome.state.turn == 6,
    ),
    "effect_by_doing_not_done": Expect(
        *CONTINUES,
        decides=(BY_DOING,),
        why_not=(BY_DOING,),
        check=lambda r: on_field(r, "B", "乙獸") is not None,
    ),
    "duration_this_turn_over_two_battles": Expect(
        *CONTINUES,
        decides=(*BATTLE_BP, REFRESH, END_STEP),
        cited=(BATTLE_END,),
        check=lambda r: [b.destroyed for b in r.outcome.battles] == [["甲龍"], ["丙龍"], ["乙獸"]],
    ),
    "burst_destroyed_by_effect_in_main": Expect(
        *CONTINUES,
        decides=(DESTROY_TERM, BURST_USE, *LIFE),
        cited=(DESTROYED_BY_OPPONENT,),
        check=lambda r: (
            in_trash(r, "A") == ["甲龍"]
            and in_trash(r, "B") == ["反擊爆烈", "乙獸"]
            and side(r, "B").life == 2
        ),
    ),
    "illegal_block_with_attackers_spirit": refusal(BLOCK),
    "illegal_attack_in_opponents_turn": refusal(DECLARE),
    "effect_modify_written_with_its_stat": Expect(
        *CONTINUES, decides=BATTLE_BP, cited=(BP_ORDER,), check=lambda r: in_trash(r, "A") == ["甲龍"]
    ),
    "battle_end_effects_before_this_battle_ends": Expect(
        *CONTINUES,
        decides=(*LIFE, BATTLE_END),
        cited=(BATTLE_END_FIRST,),
        check=lambda r: side(r, "A").hand.total == 1 and not on_field(r, "A", "甲龍").modifiers,
    ),
    "turn_trash_cores_return_at_own_refresh": Expect(
        *CONTINUES,
        decides=LIFE,
        cited=(REFRESH,),
        check=lambda r: (
            (side(r, "A").reserve, side(r, "A").trash_cores, side(r, "B").reserve) == (5, 0, 7)
            and "廢棄區的 2 個能量返回預備區" in texts(r)
            and texts(r).index("廢棄區的 2 個") < texts(r).index("廢棄區的 3 個")
        ),
    ),
    "brave_kept_after_a_tie": Expect(
        *CONTINUES,
        decides=(*BATTLE_BP, UNION, UNION_LEAVES, UNION_KEEP),
        not_cited=(UNION_GO,),
        check=lambda r: (
            side(r, "B").field.names() == ["盾刃"]
            and in_trash(r, "B") == ["乙獸"]
            and in_trash(r, "A") == ["甲龍"]
        ),
    ),
    "trigger_at_turn_end_draws_the_last_card": Expect(
        Result.WON,
        "deck_out_at_start_step",
        decides=(WIN, START),
        winner=Player.B,
        cited=(EFFECT_TIMING,),
        check=lambda r: r.outcome.state.turn == 7 and side(r, "A").hand.total == 1,
    ),
    # -- what a turn step gives decides where a later action needs it -------------------------------------
    "core_step_pays_summon": Expect(
        *CONTINUES,
        decides=(CORE_STEP,),
        check=lambda r: side(r, "B").reserve == 0 and on_field(r, "B", "青龍").cores == 1,
    ),
    "core_step_not_needed_for_summon": Expect(
        *CONTINUES,
        decides=(),
        cited=(CORE_STEP,),
        check=lambda r: side(r, "B").reserve == 3,
    ),
    "refresh_returns_trash_cores": Expect(
        *CONTINUES,
        decides=(CORE_STEP, REFRESH),
        check=lambda r: side(r, "B").reserve == 0 and side(r, "B").trash_cores == 3,
    ),
    "refresh_then_attack": Expect(
        *CONTINUES, decides=(REFRESH, *LIFE), check=lambda r: side(r, "A").life == 3
    ),
    "refresh_not_needed_for_attack": Expect(
        *CONTINUES, decides=LIFE, cited=(REFRESH,), check=lambda r: side(r, "A").life == 3
    ),
    "opponent_spirit_not_refreshed": Expect(
        Result.REFUSED,
        decides=(EXHAUSTED, EXHAUST_TERM, BLOCK, REFRESH),
        refused=(EXHAUSTED, EXHAUST_TERM, BLOCK, REFRESH),
        why_not=(REFRESH,),
    ),
    "first_turn_then_second_players_core_step": Expect(
        *CONTINUES,
        decides=(CORE_STEP,),
        check=lambda r: side(r, "A").reserve == 4 and side(r, "B").reserve == 0,
    ),
    "end_step_bp_ends_before_next_turn": Expect(
        *CONTINUES,
        decides=(END_STEP, *BATTLE_BP),
        check=lambda r: in_trash(r, "A") == ["白騎士"],
    ),
    "end_step_bp_ends_not_deciding": Expect(
        *CONTINUES,
        decides=BATTLE_BP,
        cited=(END_STEP,),
        check=lambda r: in_trash(r, "A") == ["白騎士"],
    ),
    "three_turns_brave_attacks_twice": Expect(
        *CONTINUES,
        decides=(*LIFE, UNION_SYMBOLS, REFRESH),
        why_not=(REFRESH, BLOCK),
        check=lambda r: side(r, "B").life == 1 and side(r, "A").life == 4,
    ),
    "core_step_core_levels_up_attacker": Expect(
        *CONTINUES,
        decides=(CORE_STEP, LV_CHANGE, *BATTLE_BP),
        check=lambda r: in_trash(r, "A") == ["白騎士"] and on_field(r, "B", "紅龍").cores == 2,
    ),
    "refreshed_twice_attacks": Expect(
        *CONTINUES, decides=LIFE, cited=(REFRESH, REFRESH_TERM), check=lambda r: side(r, "A").life == 3
    ),
    # -- a Lv changed by cores decides a comparison only where it turns it --------------------------------
    "level_down_by_core_removed": Expect(
        *CONTINUES, decides=(LV_CHANGE, *BATTLE_BP), check=lambda r: in_trash(r, "A") == ["紅龍"]
    ),
    "level_down_not_deciding": Expect(
        *CONTINUES, decides=BATTLE_BP, cited=(LV_CHANGE,), check=lambda r: in_trash(r, "B") == ["綠獸"]
    ),
    "level_up_in_main_wins_battle": Expect(
        *CONTINUES, decides=(LV_CHANGE, *BATTLE_BP), check=lambda r: in_trash(r, "A") == ["白騎士"]
    ),
    # -- effects triggered together: the order decides only where one reads what another changes -----
    "simultaneous_triggers_turn_player_orders": Expect(
        *CONTINUES,
        decides=(EFFECT_ORDER, *LIFE),
        check=lambda r: on_field(r, "B", "紅龍") is not None and side(r, "A").life == 4,
    ),
    "simultaneous_triggers_order_not_deciding": Expect(
        *CONTINUES,
        decides=BATTLE_BP,
        cited=(EFFECT_ORDER,),
        check=lambda r: in_trash(r, "A") == ["白盾"],
    ),
    # -- main-step actions out of their time, and what they cost ----------------------------------------
    "illegal_set_burst_in_attack_step": refusal(TURN, MAIN_ACTIONS, BURST_ONCE),
    "set_burst_no_cost": Expect(*CONTINUES, decides=(BURST_ONCE,), check=lambda r: side(r, "B").reserve == 0),
    "illegal_unite_in_attack_step": refusal(TURN, MAIN_ACTIONS, UNITE_IN_MAIN),
    "illegal_move_cores_in_opponent_main": refusal(MAIN_ACTIONS, MOVE_IN_OWN_MAIN, MOVE_CORES),
    "illegal_unite_with_brave_spirit": refusal(SEPARATE_FREE, BRAVE, NOT_ON_BRAVE_OR_NEXUS),
    "illegal_unite_with_nexus": refusal(SEPARATE_FREE, BRAVE, NOT_ON_BRAVE_OR_NEXUS),
    # -- judge calls: a few turns of play, then the question --------------------------------------------
    "flash_destroys_attacker_no_life_lost": Expect(
        *CONTINUES,
        decides=(DESTROY_TERM, UNBLOCKED),
        why_not=(UNBLOCKED,),
        check=lambda r: side(r, "B").life == 2 and in_trash(r, "A") == ["雙星龍"] and not r.gaps,
    ),
    "attacker_depleted_by_flash_no_life_lost": Expect(
        *CONTINUES,
        decides=(DEPLETION, UNBLOCKED),
        why_not=(UNBLOCKED,),
        check=lambda r: side(r, "B").life == 2 and r.outcome.depleted == ["雙星龍"],
    ),
    "effect_triggered_by_effect_resolves_first": Expect(
        *CONTINUES,
        decides=(DESTROY_TERM, *LIFE),
        cited=(EFFECT_ORDER, STANDBY),
        check=lambda r: (
            texts(r).index("玩家 B 從牌組抽")
            < texts(r).index("「乙獸」置入廢棄區")
            < texts(r).index("玩家 A 從牌組抽")
        ),
    ),
    "burst_on_battle_destruction": Expect(
        *CONTINUES,
        decides=(*BATTLE_BP, BURST_USE, DESTROY_TERM),
        check=lambda r: in_trash(r, "A") == ["甲龍"] and set(in_trash(r, "B")) == {"乙獸", "反擊爆烈"},
    ),
    "burst_exhausts_next_attacker": Expect(
        Result.REFUSED,
        decides=(EXHAUSTED, EXHAUST_TERM, DECLARE, EFFECT_TIMING),
        refused=(EXHAUSTED, EXHAUST_TERM, DECLARE, EFFECT_TIMING),
        check=lambda r: texts(r).index("效果使「乙龍」疲勞") < texts(r).index("⑦戰鬥結束"),
    ),
    "effect_life_reduced_triggers_burst": Expect(
        *CONTINUES,
        decides=(BURST_USE, DESTROY_TERM),
        check=lambda r: side(r, "B").life == 2 and "甲龍" in in_trash(r, "A"),
    ),
    "brave_kept_blocks_on": Expect(
        *CONTINUES,
        decides=(DESTROY_TERM, UNION_LEAVES, UNION_KEEP, UNION_GO, *BATTLE_BP),
        why_not=(UNBLOCKED,),
        check=lambda r: in_trash(r, "B") == ["盾刃", "乙獸"] and side(r, "B").life == 5,
    ),
    "turn_one_to_three_battle": Expect(
        *CONTINUES,
        decides=BATTLE_BP,
        cited=(FIRST_TURN, CORE_STEP),
        check=lambda r: in_trash(r, "B") == ["乙獸"] and r.outcome.state.turn == 3,
    ),
    "unite_then_attack_wins": Expect(
        Result.WON, "life_zero", decides=(*LIFE, UNION_SYMBOLS, WIN, WIN_BY_LIFE), winner=Player.A
    ),
    "summon_paid_from_attacker_levels_it_down": Expect(
        *CONTINUES,
        decides=(LV_CHANGE, *BATTLE_BP),
        cited=(PAY_FROM_FIELD,),
        check=lambda r: in_trash(r, "A") == ["紅龍"] and on_field(r, "A", "小龍") is not None,
    ),
    "opponent_bp_minus_ends_at_that_turns_end": Expect(
        *CONTINUES,
        decides=(*LIFE, END_STEP, *BATTLE_BP),
        check=lambda r: in_trash(r, "B") == ["丙獸"] and on_field(r, "A", "甲龍").modifiers == [],
    ),
    "brave_direct_union_summon_then_battle": Expect(
        *CONTINUES,
        decides=(*BATTLE_BP, UNION),
        cited=(DIRECT_UNION,),
        check=lambda r: in_trash(r, "B") == ["乙獸"] and side(r, "A").reserve == 0,
    ),
    "flash_second_timing_both_players": Expect(
        *CONTINUES,
        decides=BATTLE_BP,
        cited=(FLASH_RULES, BATTLE_END),
        check=lambda r: in_trash(r, "B") == ["乙獸"] and on_field(r, "A", "甲龍").modifiers == [],
    ),
    "battle_both_bp_zero_tie": Expect(
        *CONTINUES,
        decides=BATTLE_BP,
        cited=(BP_ZERO,),
        check=lambda r: in_trash(r, "A") == ["甲龍"] and in_trash(r, "B") == ["乙獸"],
    ),
    "deck_destroyed_loses_at_own_start": Expect(
        Result.WON,
        "deck_out_at_start_step",
        decides=(WIN, START),
        winner=Player.A,
        check=lambda r: r.outcome.state.turn == 8 and side(r, "B").deck.total == 0,
    ),
    # -- "does X happen?" when it does not -----------------------------------------------------------
    "why_not_blocked_at_one_life": Expect(
        *CONTINUES, decides=BATTLE_BP, why_not=(UNBLOCKED, WIN), check=lambda r: side(r, "B").life == 1
    ),
    "why_not_blocker_depleted_block_stands": Expect(
        *CONTINUES,
        decides=(DEPLETION, BLOCKED),
        why_not=(DEPLETION_TERM, UNBLOCKED),
        check=lambda r: side(r, "B").life == 1 and side(r, "B").burst.names() == ["反擊爆烈"],
    ),
    "why_not_attack_trigger_when_blocking": Expect(
        *CONTINUES,
        decides=BATTLE_BP,
        why_not=(DECLARE, BLOCK),
        check=lambda r: side(r, "A").hand.total == 0,
    ),
    "why_not_reduced_by_opponents_symbols": Expect(
        *CONTINUES,
        why_not=(COST_2,),
        check=lambda r: side(r, "B").reserve == 0 and side(r, "B").trash_cores is None,
    ),
    "illegal_block_exhausted_by_attack_trigger": refusal(EXHAUSTED, EXHAUST_TERM, BLOCK, EFFECT_TIMING),
    "illegal_block_with_nexus": refusal(NEXUS_NO_FIGHT, BLOCK),
    "illegal_attack_named_by_united_brave": refusal(BRAVE, DECLARE),
    "illegal_soul_after_own_effect": Expect(
        Result.REFUSED,
        decides=(SOUL, SOUL_ONLY_FIELD),
        refused=(SOUL, SOUL_ONLY_FIELD),
        why_not=(SOUL,),
    ),
    "illegal_move_core_onto_opponent_spirit": refusal(MOVE_CORES, OWN_RESERVE),
    "illegal_burst_own_effect_destroys": Expect(
        Result.REFUSED,
        decides=(BURST_USE, BURST_AFTER_SET, BURST_WRONG),
        refused=(BURST_USE, BURST_AFTER_SET, BURST_WRONG),
        why_not=(BURST_USE,),
    ),
    "illegal_burst_after_its_moment": refusal(BURST_FIRST, BURST_USE),
    "illegal_flash_after_both_passed": refusal(FLASH_RULES, FLASH_TIMING),
    # -- what the format could not say before: a target gone, 「戰鬥結束後」 -------------------------------
    "effect_target_left_before_it_resolves": Expect(
        *CONTINUES,
        decides=(EFFECT_ORDER, DESTROY_TERM, *LIFE),
        why_not=(AS_FAR_AS_POSSIBLE,),
        check=lambda r: side(r, "A").hand.total == 0 and in_trash(r, "B") == ["乙獸"],
    ),
    "effect_target_left_by_doing_fails": Expect(
        *CONTINUES,
        decides=(DESTROY_TERM, BY_DOING, AS_FAR_AS_POSSIBLE),
        why_not=(AS_FAR_AS_POSSIBLE, BY_DOING),
        check=lambda r: side(r, "A").hand.total == 0 and side(r, "A").deck.total == 10,
    ),
    "after_battle_effect_sees_this_battle_ended": Expect(
        *CONTINUES,
        decides=(*LIFE, BATTLE_END),
        check=lambda r: side(r, "A").hand.total == 1 and not on_field(r, "A", "甲龍").modifiers,
    ),
}


def ruled(name: str) -> Ruling:
    path = EXAMPLES / f"{name}.yaml"
    return rule_text(path.read_text(encoding="utf-8"), str(path))


@pytest.mark.parametrize("name", sorted(SITUATIONS))
def test_a_situation_is_ruled_and_decided_by_the_clauses_it_quotes(name):
    assert_situation("bs", SITUATIONS[name], ruled(name))


def test_every_example_file_is_a_situation_here_or_the_deck_list():
    files = {path.stem for path in EXAMPLES.glob("*.yaml")}
    assert files - {"deck"} == set(SITUATIONS)
    assert len([n for n in SITUATIONS if n not in ("attack", "cost", "level", "start_step")]) >= 30


@pytest.mark.parametrize("name", sorted(SITUATIONS))
def test_each_situation_states_its_question_in_its_header(name):
    header = (EXAMPLES / f"{name}.yaml").read_text(encoding="utf-8").split("\ngame:")[0]
    assert header.startswith("# ") and "?" in header


@pytest.mark.parametrize("name", sorted(SITUATIONS))
def test_every_step_names_its_subject(name):
    """A step never begins with a bare particle (「的 BP …」): each sentence names what it is about."""
    ruling = ruled(name)
    steps = [*ruling.steps, *(s for c in ruling.choices for s in c.steps)]
    assert all(not step.text.startswith(("的", "，", "：", "。")) for step in steps)


def test_a_united_attacker_that_leaves_is_not_answered_with_a_block_that_stands():
    """The old engine said the block stands; the manual lets the brave stay and go on attacking."""
    ruling = ruled("brave_attacker_leaves_brave_continues")
    assert "改由「劍刃」繼續進行攻擊" in texts(ruling)
    assert "阻擋依然成立" not in texts(ruling)


def test_a_contract_card_taken_out_once_cannot_be_taken_out_again():
    """The board's deck holds one 契約龍; a second opening hand naming it is refused, not a crash."""
    path = EXAMPLES / "contract_opening_hand.yaml"
    text = path.read_text(encoding="utf-8") + "  - opening_hand: {player: A, contract: 契約龍}\n"
    ruling = rule_text(text, str(path))
    assert ruling.outcome.result is Result.REFUSED
    assert ruling.outcome.refused.action == 1 and "契約龍" in ruling.outcome.refused.text


def test_a_card_named_in_the_other_script_is_read_as_the_boards_card():
    """甲龙 for the board's 甲龍: the same card, so the ruling is the file's own."""
    path = EXAMPLES / "two_attacks_blocks_left_open.yaml"
    as_written = rule_text(path.read_text(encoding="utf-8"), str(path))
    text = path.read_text(encoding="utf-8").replace("attack: {by: 甲龍}", "attack: {by: 甲龙}")
    respelt = rule_text(text, str(path))
    assert (respelt.outcome, respelt.steps, respelt.decisive) == (
        as_written.outcome,
        as_written.steps,
        as_written.decisive,
    )
