"""zd engine, question by question; the book's worked examples (103's 500 − 2000, 106's 路飞/娜美) among them."""

from __future__ import annotations

import re

import pytest

from corpus.library import load_book
from judge.board import BoardError
from judge.games.zd.battle import BattleReason
from judge.games.zd.chain import ChainReason
from judge.games.zd.decklist import DeckRuling
from judge.games.zd.end_phase import Discard
from judge.games.zd.result import ResultReason
from judge.games.zd.values import NumberReason
from judge.registry import rule
from judge.ruling import StepKind

CHINESE_DIGITS = {"一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6}


def text_of(clause: str) -> str:
    return re.sub(r"\s+", "", load_book("zd").get(clause).text)


def number_in(clause: str, pattern: str) -> int:
    """A number the rulebook states (digits or a Chinese numeral), read from the clause text."""
    found = re.search(pattern, text_of(clause)).group(1)
    return CHINESE_DIGITS[found] if found in CHINESE_DIGITS else int(found)


def zd(question: str, **board):
    return rule({"game": "zd", "question": question, **board})


def gap_cites(ruling) -> list[set[str]]:
    return [set(step.cites) for step in ruling.gaps]


# --- numbers: 103's worked example and the number rules --------------------------


def test_worked_example_103_attack_500_minus_2000_counts_as_0_and_needs_2000_back():
    example = text_of("103.p4")
    start, minus = (
        int(n) for n in re.search(r"攻击力(\d+)的角色牌被一个效果减去(\d+)攻击力", example).groups()
    )
    plus = int(re.search(r"需要再为其加(\d+)的攻击力", example).group(1))
    assert "按照0来清算" in example and f"回到{start}" in example
    down = zd("numbers", value="attack", start=start, changes=[-minus])
    assert down.outcome["shown"] == 0 and down.outcome["true"] == start - minus
    assert down.outcome.reason is NumberReason.NO_DAMAGE
    assert {"103.p4", "308.p3"} <= set(down.decisive)
    back = zd("numbers", value="attack", start=start, changes=[-minus, plus])
    assert back.outcome["shown"] == start
    assert back.outcome.reason is NumberReason.TRUE_VALUE_KEPT
    assert back.decisive == ("103.p4",)
    short = zd("numbers", value="attack", start=start, changes=[-minus, plus - 500])
    assert short.outcome["shown"] == 0  # from the true value, not from 0


def test_fractions_are_dropped():
    assert "一律舍去" in text_of("103.p3")
    ruling = zd("numbers", value="other", start=5, changes=[{"multiply": "1/2"}])
    assert ruling.outcome["true"] == 2 and ruling.outcome["fraction_dropped"] is True
    assert ruling.decisive == ("103.p3",)
    exact = zd("numbers", value="attack", start=3000, changes=[{"multiply": "1/2"}])
    assert exact.outcome["true"] == 1500 and "103.p3" not in exact.decisive


def test_a_defence_of_0_sends_the_character_to_the_rest_area_at_once():
    ruling = zd("numbers", value="defence", card="乌索普", start=2000, changes=[-2000, 3000])
    assert ruling.outcome.reason is NumberReason.TO_REST_AREA
    assert ruling.outcome["left_at_change"] == 0
    assert {"309.p3", "309.p4"} <= set(ruling.decisive)


def test_damage_reaching_a_lowered_defence_destroys():
    ruling = zd("numbers", value="defence", start=4000, damage=2000, changes=[-2000])
    assert ruling.outcome.reason is NumberReason.DESTROYED
    assert "309.p2" in ruling.decisive
    safe = zd("numbers", value="defence", start=4000, damage=2000, changes=[-1000])
    assert safe.outcome.reason is NumberReason.VALUE


def test_a_bonus_may_be_negative():
    ruling = zd("numbers", value="bonus", start=1000, changes=[-3000])
    assert ruling.outcome["shown"] == -3000 + 1000
    assert ruling.decisive == ("310.p2",)


def test_a_cost_below_its_coloured_cost_then_raised_is_not_decided_by_the_book():
    ruling = zd("numbers", value="cost", start=5, coloured_cost=2, changes=[-4, 2])
    assert ruling.outcome.reason is NumberReason.UNDECIDED
    assert ruling.outcome["readings"] == {"from_coloured_cost": 4, "from_true_value": 3}
    assert gap_cites(ruling) == [{"303.p4", "103.p4"}]
    floor = zd("numbers", value="cost", start=5, coloured_cost=2, changes=[-4])
    assert floor.outcome.reason is NumberReason.AT_COLOURED_COST and floor.outcome["shown"] == 2


# --- battle (chapter 5) ------------------------------------------------------------


def character(name, attack, defence, **extra):
    return {"name": name, "attack": attack, "defence": defence, **extra}


def battle(attacker, *, targets=("生命区",), defenders=(), life=3, characters=(), active="A", **side):
    return zd(
        "battle",
        active_player=active,
        attacker=attacker,
        targets=list(targets),
        defenders=list(defenders),
        defending={"life": life, "characters": list(characters), **side},
    )


def test_a_successful_direct_attack_costs_one_life_card_and_flips_its_counter_effect():
    points = number_in("505.p1", r"生命区造成(\d+)点战斗伤害")
    ruling = battle(character("路飞", 3000, 3000), life=3, life_cards=[{"name": "橡胶火箭", "counter": True}])
    assert ruling.outcome.reason is BattleReason.LIFE_DAMAGED
    assert ruling.outcome["points"] == points
    assert ruling.outcome["life"] == {
        "before": 3,
        "after": 3 - points,
        "flipped": ["橡胶火箭"],
        "counters": ["橡胶火箭"],
    }
    assert ruling.outcome["game_end"]["result"] == "continues"
    assert ruling.decisive == ("505.p1",)
    assert any({"312.p2", "704.p5", "324.p3"} <= set(s.cites) for s in ruling.steps)


def test_only_an_empty_life_zone_hit_again_loses_the_game():
    ruling = battle(character("路飞", 3000, 3000), life=0, active="B")
    assert ruling.outcome.reason is BattleReason.EMPTY_LIFE_HIT
    assert ruling.outcome["game_end"] == {"result": "decided", "winner": "B", "losers": ["A"]}
    assert set(ruling.decisive) == {"505.p1", "101.p1"}


def test_one_life_card_left_means_no_single_attack_decides_the_game():
    assert "无论单次攻击中造成多少点伤害都无法导致游戏出现胜负" in text_of("202.p4")
    ruling = battle(character("索隆", 4000, 3000, keywords=["会心一击", "会心一击"]), life=1)
    assert ruling.outcome["points"] == 3
    assert ruling.outcome["life"]["after"] == 0
    assert ruling.outcome["game_end"]["result"] == "continues"
    assert "202.p4" in ruling.decisive


def test_会心一击_flips_one_more_life_card():
    ruling = battle(character("索隆", 4000, 3000, keywords=["会心一击"]), life=4)
    assert ruling.outcome["life"]["after"] == 2
    assert "900.会心一击" in ruling.decisive


def test_an_attack_of_0_or_less_deals_no_damage_even_to_an_empty_life_zone():
    ruling = battle(character("路飞", 1000, 3000, attack_changes=[-1500]), life=0)
    assert ruling.outcome.reason is BattleReason.NO_BATTLE_DAMAGE
    assert ruling.outcome["game_end"]["result"] == "continues"
    assert set(ruling.decisive) == {"505.p2", "308.p3"}


def test_attack_against_defence_with_bonuses_and_damage_accumulated_this_turn():
    nami = character("娜美", 1000, 5000, damage=1000, defence_changes=[{"add": 500, "source": "装备"}])
    ruling = battle(
        character("路飞", 3000, 3000, attack_changes=[{"add": 2000, "source": "金箍棒"}]),
        targets=["娜美"],
        characters=[{**nami, "rested": True}],
    )
    assert ruling.outcome.reason is BattleReason.ATTACKER_WINS
    assert ruling.outcome["damage"]["娜美"] == 1000 + 5000
    assert {"607.p2", "607.p3", "505.p3"} <= set(ruling.decisive)
    fresh = battle(
        character("路飞", 3000, 3000, attack_changes=[2000]),
        targets=["娜美"],
        characters=[{**nami, "damage": 0, "rested": True}],
    )
    assert fresh.outcome.reason is BattleReason.NONE_DESTROYED
    assert "607.p2" not in fresh.decisive


def test_远程_keeps_the_attacker_from_battle_damage():
    defender = character("甚平", 4000, 5000, rested=True)
    plain = battle(character("乌索普", 2000, 3000), targets=["甚平"], characters=[defender])
    assert plain.outcome.reason is BattleReason.DEFENDER_WINS
    ranged = battle(
        character("乌索普", 2000, 3000, keywords=["远程"]), targets=["甚平"], characters=[defender]
    )
    assert ranged.outcome.reason is BattleReason.NONE_DESTROYED
    assert ranged.outcome["damage"]["乌索普"] == 0
    assert "900.远程" in ranged.decisive


def test_坚韧_protects_a_declared_defender_not_an_attacked_one():
    tough = character("弗兰奇", 1000, 2000, keywords=["坚韧"])
    declared = battle(character("路飞", 3000, 3000), defenders=[{"name": "弗兰奇"}], characters=[tough])
    assert declared.outcome.reason is BattleReason.NONE_DESTROYED
    assert "900.坚韧" in declared.decisive
    attacked = battle(
        character("路飞", 3000, 3000), targets=["弗兰奇"], characters=[{**tough, "rested": True}]
    )
    assert attacked.outcome["destroyed"] == ["弗兰奇"]
    assert any(s.cites == ("900.坚韧",) and "被攻击时" in s.text for s in attacked.steps)


def test_先制_destroys_first_and_the_destroyed_card_deals_no_damage():
    target = character("克洛克达尔", 5000, 2000, rested=True)
    both = battle(character("路飞", 3000, 3000), targets=["克洛克达尔"], characters=[target])
    assert both.outcome.reason is BattleReason.BOTH_DESTROYED
    first = battle(
        character("路飞", 3000, 3000, keywords=["先制"]), targets=["克洛克达尔"], characters=[target]
    )
    assert first.outcome.reason is BattleReason.ATTACKER_WINS
    assert first.outcome["damage"]["路飞"] == 0
    assert "900.先制" in first.decisive
    mutual = battle(
        character("路飞", 3000, 3000, keywords=["先制"]),
        targets=["克洛克达尔"],
        characters=[{**target, "keywords": ["先制"]}],
    )
    assert mutual.outcome.reason is BattleReason.BOTH_DESTROYED  # both with 先制: at the same time


def test_先制_on_exactly_equal_damage_is_a_conflict_in_the_book():
    assert "高于其防御力" in text_of("900.先制") and "大于或等于" in text_of("607.p3")
    ruling = battle(
        character("路飞", 3000, 3000, keywords=["先制"]),
        targets=["克洛克达尔"],
        characters=[character("克洛克达尔", 5000, 3000, rested=True)],
    )
    assert ruling.outcome.reason is BattleReason.RULEBOOK_CONFLICT
    assert ruling.outcome["readings"] == {
        "607.p4": {"destroyed": ["克洛克达尔"]},
        "900.先制": {"destroyed": ["路飞", "克洛克达尔"]},
    }
    assert {"607.p4", "900.先制"} <= set(ruling.decisive)
    assert [s.kind for s in ruling.gaps] == [StepKind.CONFLICT]


def test_several_defenders_share_one_battle_and_战斗胜利时_fires_once():
    attacker = character("路飞", 3000, 5000, max_targets=2, timings=["战斗胜利时"])
    ruling = battle(
        attacker,
        targets=["乌索普", "娜美"],
        defenders=[{"name": "山治", "instead_of": "娜美"}],
        characters=[
            character("乌索普", 1000, 2000, rested=True),
            character("娜美", 1000, 1000, rested=True),
            character("山治", 3000, 3000, timings=["防御胜利时"]),
        ],
    )
    assert ruling.outcome["battled"] == ["乌索普", "山治"]
    assert ruling.outcome["damage"]["路飞"] == 1000 + 3000
    assert ruling.outcome["destroyed"] == ["乌索普", "山治"]
    assert [t for t in ruling.outcome["triggers"] if t["step"] == "damage"] == [
        {"card": "路飞", "player": "A", "timing": "战斗胜利时", "step": "damage", "fires": True}
    ]
    assert "507.p4" in ruling.decisive


def test_which_of_several_defenders_wins_is_not_decided_by_the_book():
    ruling = battle(
        character("路飞", 1000, 3000, max_targets=2),
        targets=["甲", "乙"],
        characters=[
            character("甲", 2000, 4000, rested=True, timings=["防御胜利时"]),
            character("乙", 2000, 4000, rested=True),
        ],
    )
    assert ruling.outcome.reason is BattleReason.DEFENDER_WINS
    assert ruling.outcome["triggers"][0]["fires"] is None
    assert gap_cites(ruling) == [{"804.p1", "507.p4"}]


def test_destroyed_and_win_timings_and_their_chain_order():
    ruling = battle(
        character("路飞", 4000, 3000, timings=["战斗胜利时", "攻击胜利时"]),
        targets=["巴基"],
        characters=[
            character("巴基", 1000, 2000, rested=True, timings=["战斗破坏时", "破坏时", "防御破坏时"])
        ],
    )
    fired = {(t["card"], t["timing"]): t["fires"] for t in ruling.outcome["triggers"]}
    assert fired == {
        ("路飞", "战斗胜利时"): True,
        ("路飞", "攻击胜利时"): True,
        ("巴基", "战斗破坏时"): True,
        ("巴基", "破坏时"): True,
        ("巴基", "防御破坏时"): True,
    }
    # the active player's effects go on the chain first, so the non-active player's resolve first (106.p6)
    assert ruling.outcome["chain_order"][:3] == ["巴基【防御破坏时】", "巴基【破坏时】", "巴基【战斗破坏时】"]
    assert ruling.outcome["chain_order"][3:] == ["路飞【攻击胜利时】", "路飞【战斗胜利时】"]


def test_no_win_timing_when_both_are_destroyed():
    assert "双方均被破坏则不会出现【战斗胜利时】的时机" in text_of("804.p5")
    ruling = battle(
        character("路飞", 3000, 1000, timings=["战斗胜利时", "战斗破坏时"]),
        targets=["巴基"],
        characters=[character("巴基", 2000, 2000, rested=True, timings=["战斗胜利时"])],
    )
    assert ruling.outcome.reason is BattleReason.BOTH_DESTROYED
    assert [t["timing"] for t in ruling.outcome["triggers"]] == ["战斗破坏时"]


def test_战斗破坏时_on_damage_that_only_reaches_the_defence_is_a_conflict_in_the_book():
    assert "超过自身防御力的战斗伤害" in text_of("803.p1")
    ruling = battle(
        character("路飞", 2000, 3000),
        targets=["巴基"],
        characters=[character("巴基", 0, 2000, rested=True, timings=["战斗破坏时"])],
    )
    assert ruling.outcome["triggers"] == [
        {"card": "巴基", "player": "B", "timing": "战斗破坏时", "step": "damage", "fires": None}
    ]
    assert gap_cites(ruling) == [{"605.p3", "505.p3", "803.p1"}]
    over = battle(
        character("路飞", 3000, 3000),
        targets=["巴基"],
        characters=[character("巴基", 0, 2000, rested=True, timings=["战斗破坏时"])],
    )
    assert over.outcome["triggers"][0]["fires"] is True and not over.gaps


def test_贯通_damage_never_wins_the_game():
    ruling = battle(
        character("路飞", 3000, 3000, keywords=["贯通"]),
        targets=["巴基"],
        life=0,
        characters=[character("巴基", 0, 2000, rested=True)],
    )
    assert ruling.outcome["triggers"][-1]["timing"] == "贯通"
    assert ruling.outcome["game_end"]["result"] == "continues"
    assert "900.贯通" in ruling.decisive


@pytest.mark.parametrize(
    "attacker, targets, defenders, characters, problem, cites",
    [
        (character("路飞", 1, 1, rested=True), ["生命区"], [], [], "attacker.rested", ("405.1.p2",)),
        (character("路飞", 1, 1, keywords=["守备"]), ["生命区"], [], [], "attacker.keywords", ("900.守备",)),
        (
            character("路飞", 1, 1, entered_this_turn=True),
            ["生命区"],
            [],
            [],
            "attacker.entered_this_turn",
            ("318.p6",),
        ),
        (character("路飞", 1, 1), ["巴基"], [], [character("巴基", 1, 1)], "targets[0]", ("501.p2",)),
        (
            character("路飞", 1, 1),
            ["巴基"],
            [{"name": "巴基"}],
            [character("巴基", 1, 1, rested=True)],
            "defenders[0].name",
            ("502.p4",),
        ),
        (
            character("路飞", 1, 1, unblockable=True),
            ["生命区"],
            [{"name": "巴基"}],
            [character("巴基", 1, 1)],
            "defenders",
            ("502.p1",),
        ),
        (
            character("路飞", 1, 1, keywords=["神速"]),
            ["甲"],
            [{"name": "巴基"}],
            [character("甲", 1, 1, rested=True), character("巴基", 1, 1)],
            "defenders[0].name",
            ("900.神速",),
        ),
    ],
)
def test_impossible_battles_cite_the_clause(attacker, targets, defenders, characters, problem, cites):
    with pytest.raises(BoardError) as error:
        battle(attacker, targets=targets, defenders=defenders, characters=characters)
    assert (problem, cites) in [(p.path, p.cites) for p in error.value.problems]


def test_神速_may_be_defended_by_守备_and_anyone_when_attacking_the_life_zone():
    swift = character("路飞", 3000, 3000, keywords=["神速"])
    guarded = battle(
        swift,
        targets=["甲"],
        defenders=[{"name": "巴基"}],
        characters=[character("甲", 1, 1, rested=True), character("巴基", 1000, 5000, keywords=["守备"])],
    )
    assert guarded.outcome["battled"] == ["巴基"]
    life = battle(swift, defenders=[{"name": "巴基"}], characters=[character("巴基", 1000, 5000)])
    assert life.outcome["battled"] == ["巴基"] and life.outcome["life"] is None


# --- chain (105, 106) ----------------------------------------------------------------


def item(name, owner, kind="activated", **extra):
    return {"name": name, "owner": owner, "kind": kind, **extra}


def chain(*items, active="A"):
    return zd("chain", active_player=active, chain=list(items))


def test_worked_example_106_少年路飞_discarding_娜美_娜美_draws_first():
    example = text_of("106.p5")
    assert "废弃此牌和战斗区中的另一张角色牌" in example  # the discard is 少年路飞's cost
    assert "抽一张牌将会先进行清算，然后才会清算少年路飞的效果" in example
    ruling = chain(item("少年路飞的效果", "A", on_cost=[item("娜美的效果", "A", "triggered")]))
    assert ruling.outcome.reason is ChainReason.RESOLVED
    assert ruling.outcome["order"] == ["娜美的效果", "少年路飞的效果"]
    assert "106.p5" in ruling.decisive


def test_the_last_added_resolves_first():
    ruling = chain(item("甲", "A"), item("乙", "B"), item("丙", "A"))
    assert ruling.outcome["chain"] == ["甲", "乙", "丙"]
    assert ruling.outcome["order"] == ["丙", "乙", "甲"]
    assert {"106.p2", "106.p3"} <= set(ruling.decisive)


def test_simultaneous_additions_active_player_first_so_the_other_resolves_first():
    ruling = chain(
        item("B 的登场时", "B", "triggered"),
        item("A 的登场时", "A", "triggered", with_previous=True),
        item("A 的第二个", "A", "triggered", with_previous=True),
        active="A",
    )
    assert ruling.outcome["chain"] == ["A 的登场时", "A 的第二个", "B 的登场时"]
    assert ruling.outcome["order"] == ["B 的登场时", "A 的第二个", "A 的登场时"]
    assert "106.p6" in ruling.decisive
    assert any(s.kind is StepKind.CHOICE and s.values["player"] == "A" for s in ruling.steps)


def test_an_effect_triggered_while_resolving_goes_on_top_and_resolves_next():
    ruling = chain(item("甲", "A"), item("乙", "B", on_resolve=[item("丙", "A", "triggered")]))
    assert ruling.outcome["order"] == ["乙", "丙", "甲"]
    assert "106.p5" in ruling.decisive


@pytest.mark.parametrize(
    "kind, clause",
    [
        ("counter", "312.p2"),
        ("continuous", "701.p2"),
        ("game_action", "105.p4"),
        ("resource", "204.p2"),
        ("same_name_discard", "305.p4"),
        ("upgrade_draw", "600.p11"),
        ("hand_discard", "408.p1"),
    ],
)
def test_what_never_enters_the_chain(kind, clause):
    ruling = chain(item("甲", "A"), item("不入连锁", "A", kind))
    assert ruling.outcome["not_chained"] == ["不入连锁"]
    assert ruling.outcome["order"] == ["甲"]
    assert clause in ruling.decisive


def test_a_card_needing_an_empty_chain_cannot_respond_unless_速攻():
    with pytest.raises(BoardError) as error:
        chain(item("甲", "A"), item("角色", "A", "card", card_type="character"))
    assert [p.cites for p in error.value.problems] == [("318.p1",)]
    quick = chain(item("甲", "A"), item("角色", "A", "card", card_type="character", quick=True))
    assert quick.outcome["order"] == ["角色", "甲"]
    assert "900.速攻" in quick.decisive


def test_cancelling_and_ending_the_turn():
    cancelled = chain(item("甲", "A"), item("取消", "B", cancels="甲"))
    assert cancelled.outcome["order"] == ["取消"] and cancelled.outcome["cancelled"] == ["甲"]
    assert {"620.p1", "620.p4"} <= set(cancelled.decisive)
    missed = chain(item("甲", "A", cancels="乙"), item("乙", "B"))
    assert missed.outcome["order"] == ["乙", "甲"] and "620.p2" in missed.decisive
    ended = chain(item("甲", "A"), item("乙", "B"), item("结束", "A", ends_turn=True))
    assert ended.outcome.reason is ChainReason.TURN_ENDED
    assert ended.outcome["removed"] == ["乙", "甲"]


# --- result (101, 901) ---------------------------------------------------------------


def result(active="A", loop=None, **players):
    board = {"active_player": active}
    if players:
        board["players"] = {"A": players.get("A", {}), "B": players.get("B", {})}
    if loop is not None:
        board["loop"] = loop
    return zd("result", **board)


def test_a_player_who_both_wins_and_loses_loses():
    ruling = result(A={"wins_by_effect": True, "deck": 0, "draws": 1})
    assert ruling.outcome.reason is ResultReason.WON_AND_LOST
    assert ruling.outcome["winner"] == "B" and ruling.outcome["losers"] == ["A"]
    assert {"101.p5", "101.p2"} <= set(ruling.decisive)


@pytest.mark.parametrize(
    "players, reason",
    [
        ({"A": {"deck": 0, "draws": 1}, "B": {"life": 0, "hit": {"by": "battle"}}}, ResultReason.DRAW),
        ({"A": {"wins_by_effect": True}, "B": {"wins_by_effect": True}}, ResultReason.DRAW),
        (
            {
                "A": {"wins_by_effect": True, "concedes": True},
                "B": {"loses_by_effect": True, "wins_by_effect": True, "deck": 0, "draws": 1},
            },
            ResultReason.DRAW,
        ),
    ],
)
def test_both_players_winning_or_losing_at_once_is_a_draw(players, reason):
    ruling = result(**players)
    assert ruling.outcome.reason is reason and ruling.outcome["draw"] is True
    assert "101.p6" in ruling.decisive


def test_one_player_both_wins_and_loses_while_the_other_wins_is_a_conflict():
    ruling = result(A={"wins_by_effect": True, "concedes": True}, B={"wins_by_effect": True})
    assert ruling.outcome.reason is ResultReason.RULEBOOK_CONFLICT
    assert ruling.outcome["readings"]["101.p5"]["winner"] == "B"
    assert ruling.outcome["readings"]["101.p6"]["result"] == "draw"
    assert gap_cites(ruling) == [{"101.p5", "101.p6"}]


def test_battle_damage_to_an_empty_life_zone_loses_and_other_damage_does_not_say():
    lost = result(B={"life": 0, "hit": {"by": "battle"}})
    assert lost.outcome.reason is ResultReason.LOSS and lost.outcome["winner"] == "A"
    pierced = result(B={"life": 0, "hit": {"by": "贯通"}})
    assert pierced.outcome.reason is ResultReason.CONTINUES and "900.贯通" in pierced.decisive
    effect = result(B={"life": 0, "hit": {"by": "effect"}})
    assert effect.outcome.reason is ResultReason.UNDECIDED
    assert gap_cites(effect) == [{"101.p1", "900.贯通"}]
    last_card = result(B={"life": 1, "hit": {"by": "battle", "points": 2}})
    assert last_card.outcome.reason is ResultReason.CONTINUES and "202.p4" in last_card.decisive


def test_loops():
    assert result(loop={}).outcome.reason is ResultReason.LOOP_DRAW
    one = result(loop={"optional_by": ["B"], "numbers": {"B": 3}})
    assert one.outcome["loop"] == {"rule": "901.p2", "chooser": "B", "repeats": 3}
    both = result(loop={"optional_by": ["A", "B"], "first": "A", "numbers": {"A": 9, "B": 4}})
    assert both.outcome["loop"]["repeats"] == 4 and both.outcome["loop"]["priority"] == "B"
    least = number_in("901.p4", r"选择一个不小于(一)万数字") * 10000
    forced = result(loop={"triggers": True, "first": "A", "numbers": {"A": least}})
    assert forced.outcome.reason is ResultReason.LOOP_ENDS and forced.decisive == ("901.p4",)
    with pytest.raises(BoardError, match="at least 10000"):
        result(loop={"triggers": True, "first": "A", "numbers": {"A": least - 1}})
    broken = result(loop={"optional_by": ["A"], "broken_by": "B"})
    assert broken.outcome["loop"]["rule"] == "901.p5"


# --- end_phase (203, 408) --------------------------------------------------------------


def test_only_the_active_player_discards_down_to_six():
    limit = number_in("408.p1", r"手牌超过(.)张")
    assert limit == number_in("203.p2", r"手牌上限为(.)张")
    ruling = zd("end_phase", active_player="B", hand={"A": limit + 3, "B": limit + 2})
    assert ruling.outcome.reason is Discard.DISCARD
    assert ruling.outcome["discard"] == {"B": 2, "A": 0}
    assert ruling.outcome["hand_after"] == {"B": limit, "A": limit + 3}
    assert ruling.outcome["then"] == "next_turn"
    assert {"408.p1", "408.p2"} <= set(ruling.decisive)


def test_a_changed_hand_limit_and_a_triggered_effect():
    ruling = zd("end_phase", active_player="A", hand={"A": 7, "B": 0}, hand_limit=8, triggered=["舍弃时抽牌"])
    assert ruling.outcome.reason is Discard.WITHIN_LIMIT
    assert ruling.outcome["then"] == "new_cleanup_step"
    assert {"102.p1", "407.p3"} <= set(ruling.decisive)


# --- deck (100, 327) ---------------------------------------------------------------------


def deck(*cards, **extra):
    return zd("deck", cards=list(cards), **extra)


def card(number, name, count, text, **extra):
    return {"number": number, "name": name, "count": count, "text": text, **extra}


FILLER = [card(f"BP01-{i:03d}", f"角色{i}", 4, f"效果{i}") for i in range(11)]  # 44 cards


def test_fifty_cards_at_most_four_of_the_same_card():
    size = number_in("100.p2", r"数量为(\d+)张的牌组")
    copies = number_in("327.p2", r"不能超过(.)张")
    ruling = deck(
        *FILLER, card("BP02-001", "路飞", copies, "甲"), card("BP02-002", "娜美", size - 44 - copies, "乙")
    )
    assert ruling.outcome.reason is DeckRuling.LEGAL
    assert [s.kind for s in ruling.gaps] == [StepKind.SILENT]  # banned cards are published elsewhere (903)
    short = deck(*FILLER)
    assert short.outcome.reason is DeckRuling.WRONG_SIZE and "100.p2" in short.decisive


def test_the_same_card_is_the_same_text_whatever_the_card_number():
    reprint = deck(
        *FILLER,
        card("BP02-001", "路飞", 3, "同一段文字"),
        card("PR-007", "路飞", 2, "同一段文字"),
        card("BP02-002", "娜美", 1, "乙"),
    )
    assert reprint.outcome.reason is DeckRuling.TOO_MANY_COPIES
    assert reprint.outcome["over_limit"] == [{"name": "路飞", "numbers": ["BP02-001", "PR-007"], "count": 5}]
    assert {"327.p1", "327.p2"} <= set(reprint.decisive)
    versions = deck(*FILLER, card("BP02-001", "路飞", 3, "文字一"), card("BP03-001", "路飞", 3, "文字二"))
    assert versions.outcome.reason is DeckRuling.LEGAL


def test_an_official_event_deck_keeps_to_one_series():
    cards = [
        card(f"X-{i}", f"角色{i}", 4, f"效果{i}", series="龙珠" if i == 0 else "海贼王") for i in range(12)
    ]
    cards.append(card("X-12", "角色12", 2, "效果12", series="海贼王"))
    assert deck(*cards).outcome.reason is DeckRuling.LEGAL  # outside official events
    ruling = deck(*cards, official_event=True)
    assert ruling.outcome.reason is DeckRuling.MIXED_SERIES
    assert ruling.decisive == ("100.p2",)
    with pytest.raises(BoardError) as error:
        deck(card("X-99", "无系列", 50, "z"), official_event=True)
    assert [(p.path, p.cites) for p in error.value.problems] == [("cards[0].series", ("100.p2",))]
