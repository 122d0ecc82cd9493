"""bs engine, question by question, from the rulebook's text; its worked examples
(「デスクロードラゴン」's Lv/BP, 「ドラド・ドラゴン」's cost reduction, 「太陽龍齊格・阿波羅龍 X」,
the FAQ's BP+/BP- answers) among them.  Expected values are read from the book with regexes."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from corpus.library import load_book
from judge.board import BoardError
from judge.games.bs import rules as R
from judge.games.bs.attack import AttackResult
from judge.games.bs.cost import CostResult
from judge.games.bs.decklist import DeckRuling
from judge.games.bs.level import LevelResult
from judge.games.bs.turn import StartResult
from judge.registry import engine, rule
from judge.ruling import StepKind

RULEBOOK = Path(__file__).resolve().parent.parent / "corpus" / "rulebooks" / "bs-eternal-17.0-zh-Hant.txt"


def text_of(clause: str) -> str:
    book = load_book("bs")
    found = book.get(clause)
    return re.sub(r"\s+", "", (found.title or "") + found.text)


def ask(question: str, **board):
    return rule({"game": "bs", "question": question, **board})


def deathclow() -> list[dict]:
    """The Lvs of 「デスクロードラゴン」 as the book states them."""
    text = text_of(R.LV_FROM_CORES)
    found = re.findall(r"放置(\d+)個(?:能量|以上)?時(?:則)?為Lv(\d)，BP「(\d+)」", text)
    assert len(found) == 3, text
    return [{"lv": int(lv), "cores": int(cores), "bp": int(bp)} for cores, lv, bp in found]


def spirit(name="靈魂卡", levels=None, cores=1, **extra):
    return {
        "name": name,
        "levels": levels or [{"lv": 1, "cores": 1, "bp": 3000}, {"lv": 2, "cores": 3, "bp": 5000}],
        "cores": cores,
        **extra,
    }


def fighter(bp=3000, cores=1, symbols=1, **extra):
    return spirit(levels=[{"lv": 1, "cores": 1, "bp": bp}], cores=cores, symbols=symbols, **extra)


# --- level: the Deathclow example, the Zeig Apollo example, the FAQ on BP+/BP- ----------------


@pytest.mark.parametrize("cores", [1, 2, 3, 5])
def test_worked_example_deathclow_lv_and_bp_from_cores(cores):
    levels = deathclow()
    expected = [lv for lv in levels if lv["cores"] <= cores][-1]
    ruling = ask("level", spirit=spirit("デスクロードラゴン", levels, cores))
    assert ruling.outcome.reason is LevelResult.AT_LEVEL
    assert (ruling.outcome["lv"], ruling.outcome["bp"]) == (expected["lv"], expected["bp"])
    assert ruling.decisive == (R.LV_FROM_CORES,)


def test_the_deathclow_levels_read_from_the_book_are_the_printed_ones():
    assert deathclow() == [
        {"lv": 1, "cores": 1, "bp": 7000},
        {"lv": 2, "cores": 2, "bp": 10000},
        {"lv": 3, "cores": 3, "bp": 13000},
    ]


def test_worked_example_zeig_apollo_levels_down_and_is_depleted_at_zero_cores():
    text = text_of(R.LV_CHANGE)
    up_cores, up_bp = map(int, re.search(r"增加至(\d+)個使其提升至Lv2，BP會提升至(\d+)", text).groups())
    down_cores, down_bp = map(int, re.search(r"減少至(\d+)個或以下.*?BP變為(\d+)", text).groups())
    assert "若能量變為0個，將無法維持Lv1，並會當下消滅" in text
    levels = [{"lv": 1, "cores": 1, "bp": down_bp}, {"lv": 2, "cores": up_cores, "bp": up_bp}]
    zeig = "太陽龍齊格・阿波羅龍X"
    up = ask("level", spirit=spirit(zeig, levels, up_cores), from_cores=down_cores)
    assert (up.outcome["lv"], up.outcome["bp"]) == (2, up_bp)
    down = ask("level", spirit=spirit(zeig, levels, down_cores), from_cores=up_cores)
    assert (down.outcome["lv"], down.outcome["bp"]) == (1, down_bp)
    assert "Lv 隨之下降" in down.steps[0].text and down.steps[0].cites == (R.LV_CHANGE,)
    gone = ask("level", spirit=spirit(zeig, levels, 0), from_cores=down_cores)
    assert gone.outcome.reason is LevelResult.DEPLETED
    assert gone.outcome["to"] == "trash" and gone.outcome["destroyed"] is False
    assert {R.DEPLETION, R.DEPLETION_TERM} <= set(gone.decisive)


def test_faq_bp_plus_keeps_counting_on_the_new_lv_bp():
    """FAQ Q1: Lv1 BP1000 / Lv2 BP2000, BP+3000, then Lv2 → 5000."""
    text = text_of(R.BP_ORDER)
    lv1, lv2, plus, answer = map(
        int, re.search(r"Lv1BP(\d+)、Lv2BP(\d+)的靈魂卡.*?BP\+(\d+).*?其BP會變為(\d+)", text).groups()
    )
    levels = [{"lv": 1, "cores": 1, "bp": lv1}, {"lv": 2, "cores": 2, "bp": lv2}]
    at_lv1 = ask("level", spirit=spirit(levels=levels, cores=1, bp_changes=[plus]))
    assert at_lv1.outcome["bp"] == lv1 + plus
    at_lv2 = ask("level", spirit=spirit(levels=levels, cores=2, bp_changes=[plus]))
    assert at_lv2.outcome["bp"] == answer
    assert R.BP_ORDER in at_lv2.decisive


def test_faq_bp_minus_below_zero_makes_the_bp_zero():
    """FAQ Q2: Lv1 BP1000 / Lv2 BP3000 at Lv2 under BP-2000, then down to Lv1 — 「雖然 BP 會變為 0」."""
    text = text_of(R.BP_ZERO)
    minus = int(re.search(r"BP-(\d+)", text).group(1))
    lv1, lv2 = map(int, re.search(r"Lv1BP(\d+)、Lv2BP(\d+)", text).groups())
    assert "雖然BP會變為0" in text
    levels = [{"lv": 1, "cores": 1, "bp": lv1}, {"lv": 2, "cores": 2, "bp": lv2}]
    at_lv2 = ask("level", spirit=spirit(levels=levels, cores=2, bp_changes=[-minus]))
    assert at_lv2.outcome["bp"] == lv2 - minus
    at_lv1 = ask("level", spirit=spirit(levels=levels, cores=1, bp_changes=[-minus]), from_cores=2)
    assert at_lv1.outcome["bp"] == 0
    assert R.BP_ZERO in at_lv1.decisive


def test_a_bp_that_dips_below_zero_and_rises_again_is_a_gap_in_the_book():
    ruling = ask("level", spirit=spirit(levels=[{"lv": 1, "cores": 1, "bp": 1000}], bp_changes=[-2000, 3000]))
    assert ruling.outcome["bp"] is None and ruling.outcome["bp_readings"] == [3000, 2000]
    (gap,) = ruling.gaps
    assert gap.kind is StepKind.SILENT and set(gap.cites) == {R.BP_ZERO, R.BP_ORDER}


def test_a_united_spirit_adds_the_brave_bp():
    ruling = ask(
        "level", spirit=spirit(levels=deathclow(), cores=1, brave={"name": "合體卡", "bp_plus": 5000})
    )
    assert ruling.outcome["bp"] == 12000
    assert R.UNION in ruling.decisive


def test_an_ultimate_below_lv3_is_depleted():
    assert "終極靈魂卡的最低Lv為3" in text_of(R.DEPLETION)
    levels = [{"lv": 3, "cores": 2, "bp": 10000}, {"lv": 4, "cores": 4, "bp": 15000}]
    ruling = ask("level", spirit={"name": "終極", "kind": "ULTIMATE", "levels": levels, "cores": 1})
    assert ruling.outcome.reason is LevelResult.DEPLETED
    assert R.ULTIMATE_LV in ruling.cited


def test_impossible_level_tables_cite_the_lowest_lv_rule():
    with pytest.raises(BoardError) as error:
        ask(
            "level",
            spirit={
                "name": "終極",
                "kind": "ULTIMATE",
                "levels": [{"lv": 1, "cores": 1, "bp": 1}],
                "cores": 1,
            },
        )
    (problem,) = error.value.problems
    assert problem.path == "spirit.levels[0].lv" and R.ULTIMATE_LV in problem.cites
    with pytest.raises(BoardError, match="lowest first"):
        ask("level", spirit=spirit(levels=[{"lv": 2, "cores": 2, "bp": 1}, {"lv": 1, "cores": 1, "bp": 1}]))


# --- attack ----------------------------------------------------------------------------------


def attack(attacker, blocker=None, life=5, active="A"):
    return ask("attack", attacker=attacker, blocker=blocker, life=life, active_player=active)


def test_unblocked_the_attackers_symbols_reduce_life_and_the_cores_go_to_the_defenders_reserve():
    text = text_of(R.UNBLOCKED)
    assert "減少防禦方生命值的能量，並將其移至預備區" in text
    ruling = attack(fighter(symbols=2), life=5)
    assert ruling.outcome.reason is AttackResult.UNBLOCKED
    assert ruling.outcome["life"] == {"before": 5, "after": 3}
    assert ruling.outcome["to_reserve"] == {"A": 0, "B": 2}
    assert {R.UNBLOCKED, R.SYMBOLS} <= set(ruling.decisive)
    assert any(s.cites == (R.FLASH_2,) and "省略" in s.text for s in ruling.steps)


def test_a_united_brave_adds_its_symbols():
    assert "「標誌」" in text_of(R.UNION_LIKE_MYTHIC)
    assert "合體卡的屬性、標誌及【合體中】效果，將分別追加至合體對象上" in text_of(R.UNION)
    ruling = attack(fighter(symbols=1, brave={"name": "合體卡", "bp_plus": 3000, "symbols": 1}), life=5)
    assert ruling.outcome["life"]["after"] == 3
    assert R.UNION in ruling.decisive


def test_life_reaching_zero_ends_the_game_at_once():
    text = text_of(R.WIN)
    assert "對手的生命值變為0" in text and "遊戲隨即結束" in text
    ruling = attack(fighter(symbols=3), life=2, active="B")
    assert ruling.outcome.reason is AttackResult.LIFE_ZERO
    assert ruling.outcome["winner"] == "B" and ruling.outcome["game_over"] is True
    assert ruling.outcome["life"]["after"] == 0 and ruling.outcome["to_reserve"] == {"A": 2, "B": 0}
    assert {R.WIN, R.WIN_BY_LIFE} <= set(ruling.decisive)
    assert R.BATTLE_END not in ruling.cited  # the game is over before the battle end
    assert "生命值只有 2 個" in next(s.text for s in ruling.steps if R.UNBLOCKED in s.cites)


def test_blocked_the_lower_bp_is_destroyed_and_its_cores_return_to_its_owners_reserve():
    assert "BP較低的一方會被破壞" in text_of(R.DESTROY)
    ruling = attack(fighter(bp=5000, cores=2), fighter(bp=4000, cores=3), life=5)
    assert ruling.outcome.reason is AttackResult.BLOCKER_DESTROYED
    assert ruling.outcome["trash"] == {"A": [], "B": ["靈魂卡"]}
    assert ruling.outcome["to_reserve"] == {"A": 0, "B": 3}
    assert ruling.outcome["life"]["after"] == 5
    assert {R.BLOCK, R.DESTROY, R.LV_FROM_CORES} <= set(ruling.decisive)


def test_equal_bp_destroys_both():
    assert "若BP相同，則為平手，雙方皆被破壞" in text_of(R.DESTROY)
    ruling = attack(fighter(bp=5000, cores=2), fighter(bp=5000, cores=1))
    assert ruling.outcome.reason is AttackResult.BOTH_DESTROYED
    assert ruling.outcome["to_reserve"] == {"A": 2, "B": 1}


def test_bp_effects_apply_in_order_and_can_decide_the_battle():
    ruling = attack(fighter(bp=5000), fighter(bp=4000, bp_changes=[2000]))
    assert ruling.outcome.reason is AttackResult.ATTACKER_DESTROYED
    assert R.BP_ORDER in ruling.decisive


def test_a_blocker_that_left_the_field_still_blocked():
    assert "阻擋依然成立，防禦方的生命值不會減少" in text_of(R.BLOCKED)
    ruling = attack(fighter(symbols=2), fighter(left_field=True), life=2)
    assert ruling.outcome.reason is AttackResult.BLOCK_STANDS
    assert ruling.outcome["life"]["after"] == 2 and ruling.outcome["destroyed"] == []
    assert R.BLOCKED in ruling.decisive


def test_an_attacker_that_left_the_field_unblocked_is_a_gap_in_the_book():
    assert "戰鬥也不會結束" in text_of(R.DECLARE)
    ruling = attack(fighter(cores=0, left_field=True), life=1)
    assert ruling.outcome.reason is AttackResult.UNDECIDED
    assert ruling.outcome["life"]["after"] is None
    (gap,) = ruling.gaps
    assert set(gap.cites) == {R.DECLARE, R.UNBLOCKED}


@pytest.mark.parametrize(
    "who, reason", [("attacker", AttackResult.ILLEGAL_ATTACK), ("blocker", AttackResult.ILLEGAL_BLOCK)]
)
def test_an_exhausted_spirit_can_neither_attack_nor_block(who, reason):
    assert "疲勞狀態的靈魂卡無法進行攻擊或阻擋" in text_of(R.EXHAUSTED)
    sides = {"attacker": fighter(), "blocker": fighter()}
    sides[who] = fighter(exhausted=True)
    ruling = attack(sides["attacker"], sides["blocker"])
    assert ruling.outcome.reason is reason
    assert R.EXHAUSTED in ruling.decisive


def test_a_destroyed_union_lets_its_owner_keep_the_brave_or_not():
    brave = {"name": "合體卡", "bp_plus": 1000, "symbols": 1, "lv1_cores": 0}
    ruling = attack(fighter(bp=3000, cores=2, brave=brave), fighter(bp=5000))
    assert ruling.outcome.reason is AttackResult.ATTACKER_DESTROYED
    assert ruling.outcome["trash"]["A"] == ["靈魂卡", "合體卡"]  # nobody takes the option
    go, keep = ruling.choices
    assert go.option == {"keep_brave_A": False} and keep.option == {"keep_brave_A": True}
    assert keep.outcome["trash"]["A"] == ["靈魂卡"]
    assert keep.outcome["brave_stays"] == [{"player": "A", "brave": "合體卡", "cores_needed": 0}]
    assert "Lv1 費用為 0" in keep.steps[0].text and keep.steps[0].cites == (R.UNION_KEEP,)
    assert any(s.kind is StepKind.CHOICE and R.UNION_LEAVES in s.cites for s in ruling.steps)


def test_a_bp_gap_that_changes_the_battle_makes_it_undecided():
    ruling = attack(fighter(bp=1000, bp_changes=[-2000, 2500]), fighter(bp=2200))
    assert ruling.outcome.reason is AttackResult.UNDECIDED
    assert {R.DESTROY, R.BP_ZERO} <= set(ruling.decisive)


def test_a_spirit_on_the_field_below_its_lowest_lv_is_impossible():
    with pytest.raises(BoardError) as error:
        attack(fighter(cores=0))
    (problem,) = error.value.problems
    assert problem.path == "attacker.cores" and problem.cites == (R.DEPLETION,)


# --- cost: the Dorado-Dragon example ------------------------------------------------------------


def dorado_card() -> dict:
    text = text_of(R.COST_1)
    cost, red, white = map(
        int, re.search(r"其費用為(\d+)，減輕標誌為(\d+)個（紅色）與(\d+)個（白色）", text).groups()
    )
    return {
        "name": "ドラド・ドラゴン",
        "cost": cost,
        "reduction": {"red": red, "white": white},
        "min_cores": 1,
    }


def dorado_field() -> list[dict]:
    red, purple = map(int, re.search(r"有(\d+)個紅色標誌與(\d+)個紫色標誌", text_of(R.COST_2)).groups())
    cards = [{"name": f"紅{i}", "cores": 1, "min_cores": 1, "symbols": ["red"]} for i in range(red)]
    return cards + [
        {"name": f"紫{i}", "cores": 1, "min_cores": 1, "symbols": ["purple"]} for i in range(purple)
    ]


def test_worked_example_dorado_dragon_pays_two_cores():
    answer = int(re.search(r"實際需支付的能量為4（費用）-2（減輕部分）=(\d+)個", text_of(R.COST_3)).group(1))
    ruling = ask("cost", card=dorado_card(), field=dorado_field(), reserve=3)
    assert ruling.outcome["to_pay"] == answer
    assert ruling.outcome["reduction_by_colour"] == {"red": 2, "white": 0}
    assert ruling.outcome.reason is CostResult.PAYABLE
    assert {R.COST, R.COST_3} <= set(ruling.decisive)


def test_reduction_is_mandatory_so_a_card_reduced_to_zero_costs_nothing():
    assert "若可減輕費用，則必須進行減輕" in text_of(R.COST_3)
    card = {"name": "魔法", "kind": "MAGIC", "cost": 2, "reduction": {"red": 3}}
    ruling = ask("cost", card=card, field=dorado_field(), reserve=0)
    assert ruling.outcome["to_pay"] == 0 and ruling.outcome.reason is CostResult.PAYABLE


def test_life_cores_never_pay():
    text = text_of(R.COST_4)
    assert "（如生命值等）的能量，不可用於支付費用" in text
    ruling = ask(
        "cost",
        card=dorado_card(),
        field=dorado_field(),
        reserve=1,
        payment={"reserve": 1, "life": 1},
        placement={"cards": {"紅0": 1}},
    )
    assert ruling.outcome.reason is CostResult.ILLEGAL_PAYMENT
    assert ruling.outcome["problems"] == ["payment_from_life"]
    assert R.COST_4 in ruling.decisive


def test_god_nexus_cores_do_not_count_as_payable():
    field = [{"name": "創界神", "kind": "GOD_NEXUS", "cores": 5}]
    ruling = ask("cost", card={"name": "魔法", "kind": "MAGIC", "cost": 2}, field=field, reserve=1)
    assert ruling.outcome.reason is CostResult.CANNOT_PAY
    assert R.GOD_CORES in ruling.cited and R.PAY_SHORT in ruling.decisive
    assert "將該卡牌放回手牌" in ruling.steps[-1].text


def test_a_spirit_that_cannot_reach_its_lowest_lv_cannot_be_summoned():
    card = {"name": "終極", "kind": "ULTIMATE", "cost": 2, "min_cores": 3}
    ruling = ask("cost", card=card, reserve=4)
    assert ruling.outcome.reason is CostResult.CANNOT_REACH_LOWEST_LV
    assert R.COST_5 in ruling.decisive


def test_an_ultimate_whose_summon_condition_fails_is_not_summoned():
    card = {"name": "終極", "kind": "ULTIMATE", "cost": 2, "min_cores": 3, "summon_condition_met": False}
    ruling = ask("cost", card=card, reserve=9)
    assert ruling.outcome.reason is CostResult.SUMMON_CONDITION_NOT_MET


def test_paying_from_spirits_depletes_them_and_each_smallest_choice_is_given():
    field = [
        {"name": "甲", "cores": 1, "min_cores": 1, "symbols": ["red"]},
        {"name": "乙", "cores": 2, "min_cores": 2},
    ]
    card = {"name": "靈魂", "cost": 3, "reduction": {"red": 1}, "min_cores": 1}
    ruling = ask("cost", card=card, field=field, reserve=1)
    assert ruling.outcome.reason is CostResult.PAYABLE_WITH_DEPLETION
    assert ruling.outcome["to_pay"] == 2 and ruling.outcome["min_depleted"] == 1
    assert [c.option for c in ruling.choices] == [{"deplete": ["乙"]}]
    assert {R.PAY_SHORT, R.DEPLETION} <= set(ruling.decisive)


def test_faq_q1_on_draining_the_symbol_spirits_has_no_answer_and_the_ruling_says_so():
    faq = load_book("bs").get(R.PAY_DRAINS).text
    assert faq.startswith("Q1.") and "A1." not in faq  # the book prints the question only
    field = [{"name": f"紅{i}", "cores": 1, "min_cores": 1, "symbols": ["red"]} for i in range(2)]
    card = {"name": "費用6", "cost": 6, "reduction": {"red": 2}, "min_cores": 1}
    ruling = ask(
        "cost",
        card=card,
        field=field,
        reserve=3,
        payment={"reserve": 2, "cards": {"紅0": 1, "紅1": 1}},
        placement={"reserve": 1},
    )
    assert ruling.outcome.reason is CostResult.PAYABLE_WITH_DEPLETION
    assert ruling.outcome["to_pay"] == 4 and ruling.outcome["depleted"] == ["紅0", "紅1"]
    (gap,) = ruling.gaps
    assert R.PAY_DRAINS in gap.cites and gap.values == {"reduction": 2, "without_drained": 0}


def test_a_red_god_symbol_is_red_and_god_and_its_double_use_is_a_gap():
    assert "紅色的神標誌既是紅色標誌，也是神標誌" in text_of(R.SYMBOL_KINDS)
    card = {"name": "魔法", "kind": "MAGIC", "cost": 5, "reduction": {"red": 1, "god": 1}}
    field = [{"name": "神", "kind": "NEXUS", "cores": 0, "symbols": ["god+red"]}]
    ruling = ask("cost", card=card, field=field, reserve=9)
    assert ruling.outcome["reduction"] == 2 and ruling.outcome["to_pay_readings"] == [3, 4]
    assert ruling.outcome.reason is CostResult.PAYABLE  # both readings are payable
    (gap,) = ruling.gaps
    assert set(gap.cites) == {R.COST_3, R.SYMBOL_KINDS}
    planned = ask("cost", card=card, field=field, reserve=9, payment={"reserve": 3})
    assert planned.outcome.reason is CostResult.UNDECIDED and planned.outcome["to_pay"] is None


def test_ultimate_and_god_symbols_do_not_reduce_colours():
    assert "無法用於一般6種屬性的費用減輕" in text_of(R.ULTIMATE_SYMBOL)
    field = [
        {"name": "終極", "kind": "ULTIMATE", "cores": 3, "min_cores": 3, "symbols": ["ultimate"]},
        {"name": "神", "kind": "NEXUS", "cores": 0, "symbols": ["god"]},
    ]
    ruling = ask(
        "cost",
        card={"name": "魔法", "kind": "MAGIC", "cost": 3, "reduction": {"red": 2, "any": 1}},
        field=field,
        reserve=3,
    )
    assert ruling.outcome["reduction"] == 0
    assert {R.ULTIMATE_SYMBOL, R.GOD_SYMBOL} <= set(ruling.cited)


def test_a_payment_of_the_wrong_amount_is_refused():
    ruling = ask(
        "cost",
        card=dorado_card(),
        field=dorado_field(),
        reserve=5,
        payment={"reserve": 4},
        placement={"reserve": 1},
    )
    assert ruling.outcome["problems"] == ["wrong_amount"]


def test_a_plan_naming_an_unknown_card_or_too_many_cores_is_a_bad_board():
    with pytest.raises(BoardError) as error:
        ask(
            "cost",
            card=dorado_card(),
            field=dorado_field(),
            reserve=1,
            payment={"reserve": 2, "cards": {"紅0": 2, "無": 1}},
        )
    assert {p.path for p in error.value.problems} == {"payment.cards.無", "field[0].cores", "reserve"}


# --- start_step ---------------------------------------------------------------------------------


def start(turn, active="A", deck_a=30, deck_b=30, **extra):
    return ask("start_step", turn=turn, active_player=active, deck={"A": deck_a, "B": deck_b}, **extra)


def test_a_player_whose_deck_is_empty_at_their_own_start_step_loses():
    assert "在對手的開始階段時，其牌組卡牌為0張" in text_of(R.WIN)
    ruling = start(9, active="B", deck_b=0)
    assert ruling.outcome.reason is StartResult.DECK_OUT
    assert ruling.outcome["winner"] == "A"
    assert R.WIN in ruling.decisive


def test_an_empty_deck_at_the_opponents_start_step_decides_nothing():
    ruling = start(9, active="B", deck_a=0)
    assert ruling.outcome.reason is StartResult.CONTINUES
    assert any(R.WIN in s.cites and "遊戲繼續" in s.text for s in ruling.steps)


def test_drawing_the_last_card_does_not_end_the_game():
    ruling = start(4, deck_a=1)
    assert ruling.outcome["deck"] == 0 and ruling.outcome["game_over"] is False


def test_turn_one_has_no_core_step_and_no_attack_step():
    text = text_of(R.FIRST_TURN)
    assert "沒有②能量階段與⑥攻擊階段" in text
    first = start(1, reserve=4)
    assert first.outcome.reason is StartResult.FIRST_TURN
    assert first.outcome["reserve"] == 4 and first.outcome["attack_step"] is False
    assert R.FIRST_TURN in first.decisive and R.CORE_STEP not in first.cited
    second = start(2, active="B", reserve=4)
    assert second.outcome["reserve"] == 5 and second.outcome["attack_step"] is True


def test_the_refresh_step_refreshes_cards_and_returns_trash_cores():
    ruling = start(5, reserve=1, trash_cores=4, exhausted=3, heavy_exhausted=1, hand=2)
    assert ruling.outcome["reserve"] == 1 + 1 + 4
    assert ruling.outcome["refreshed"] == 3 and ruling.outcome["exhausted"] == 1
    assert ruling.outcome["hand"] == 3
    assert {R.REFRESH_STEP, R.HEAVY_EXHAUST, R.CORE_STEP, R.DRAW_STEP} <= set(ruling.decisive)


# --- deck ------------------------------------------------------------------------------------------


def filler(count: int) -> list[dict]:
    return [
        {"number": f"F-{i}", "name": f"卡{i}", "count": min(3, count - 3 * i)}
        for i in range((count + 2) // 3)
    ]


def test_forty_cards_or_more_with_no_upper_limit():
    minimum = int(re.search(r"以(\d+)張以上的卡牌構築", text_of(R.DECK_SIZE)).group(1))
    assert "沒有張數上限" in text_of(R.DECK_SIZE)
    short = ask("deck", cards=filler(minimum - 1))
    assert short.outcome.reason is DeckRuling.TOO_FEW_CARDS and R.DECK_SIZE in short.decisive
    assert ask("deck", cards=filler(minimum)).outcome["legal"] is True
    assert ask("deck", cards=filler(100)).outcome["legal"] is True


def test_the_same_name_with_other_numbers_or_art_is_the_same_card():
    limit = int(re.search(r"同名卡牌最多只能放入(\d+)張", text_of(R.SAME_NAME)).group(1))
    cards = filler(37) + [
        {"number": "A-1", "name": "龍", "count": limit},
        {"number": "B-9", "name": "龍", "count": 1},
    ]
    ruling = ask("deck", cards=cards)
    assert ruling.outcome.reason is DeckRuling.TOO_MANY_COPIES
    assert ruling.outcome["over_limit"] == [
        {"name": "龍", "name_number": None, "other_face": None, "count": 4}
    ]


def test_an_identifying_number_or_an_awakening_face_makes_a_different_card():
    cards = filler(34) + [
        {"number": "A-1", "name": "龍", "count": 3},
        {"number": "A-2", "name": "龍", "name_number": "2", "count": 3},
    ]
    numbered = ask("deck", cards=cards)
    assert numbered.outcome["legal"] is True and R.SAME_NAME in numbered.decisive
    assert "其中一面的名稱不同，即可分別在牌組中放入3張" in text_of(R.AWAKEN_NAME)
    cards = filler(34) + [
        {"number": "A-1", "name": "龍", "count": 3},
        {"number": "A-3", "name": "龍", "other_face": "覺醒龍", "count": 3},
    ]
    awakened = ask("deck", cards=cards)
    assert awakened.outcome["legal"] is True and R.AWAKEN_NAME in awakened.decisive


def test_only_one_kind_of_contract_card():
    assert "契約卡僅能放入1種（最多3張）" in text_of(R.SAME_NAME)
    cards = filler(37) + [
        {"number": "C-1", "name": "契約甲", "contract": True, "count": 2},
        {"number": "C-2", "name": "契約乙", "contract": True, "count": 1},
    ]
    ruling = ask("deck", cards=cards)
    assert ruling.outcome.reason is DeckRuling.TWO_CONTRACT_KINDS
    assert R.CONTRACT_DECK in ruling.decisive and R.CONTRACT_HAND in ruling.cited


def test_tokens_and_forbidden_cards_are_not_deck_cards():
    cards = filler(40) + [
        {"number": "T-1", "name": "衍生物", "token": True, "count": 1},
        {"number": "X-1", "name": "禁止", "forbidden": True, "count": 1},
    ]
    ruling = ask("deck", cards=cards)
    assert ruling.outcome["problems"] == ["token_in_deck", "forbidden_card"]
    assert {R.TOKEN, R.USABLE} <= set(ruling.decisive)


# --- citations against the raw page, independent of the parser --------------------------------------


def test_each_phrase_follows_its_heading_in_the_raw_page():
    """The last part of a heading-path id is the heading as printed; the phrase follows it."""
    raw = re.sub(r"\s+", "", RULEBOOK.read_text(encoding="utf-8"))
    for reliance in engine("bs").citations:
        heading = re.sub(r"\s+", "", reliance.clause.split("~")[0].split("/")[-1])
        phrase = re.sub(r"\s+", "", reliance.phrase)
        starts = [m.start() for m in re.finditer(re.escape(heading), raw)]
        assert any(0 <= raw.find(phrase, s) - s < 400 for s in starts), reliance
