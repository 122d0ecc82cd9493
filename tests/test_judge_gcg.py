"""gcg engine, question by question; numbers are read from the clause each case tests.

The book's worked example (13-1-1-2's stacking 《修復》) is one of them.
"""

from __future__ import annotations

import re

import pytest

from corpus.library import load_book
from judge.board import BoardError
from judge.games.gcg.attack import Illegal
from judge.games.gcg.damage import Result
from judge.games.gcg.decklist import DeckRuling
from judge.games.gcg.defeat import Cause, Defeat
from judge.games.gcg.deploy import Deploy
from judge.games.gcg.repair import Repair
from judge.registry import rule
from judge.ruling import StepKind


def text_of(clause: str) -> str:
    return re.sub(r"\s+", "", load_book("gcg").get(clause).text)


def number_in(clause: str, pattern: str) -> int:
    """A number the rulebook states, read from the clause text (not copied by hand)."""
    return int(re.search(pattern, text_of(clause)).group(1))


def unit(name: str, ap: int, hp: int, **extra) -> dict:
    return {"name": name, "ap": ap, "hp": hp, **extra}


def attack(attacker: dict, target: str = "PLAYER", turn: str = "A", left_field=None, **defender):
    board = {
        "game": "gcg",
        "question": "attack",
        "turn_player": turn,
        "attacker": attacker,
        "target": target,
        "defender": {"shields": 0, **defender},
    }
    if left_field:
        board["left_field"] = left_field
    return rule(board)


def cited(ruling, clause: str) -> bool:
    return any(clause in step.cites for step in ruling.steps)


# --- attack: the shield area (8-5-2) --------------------------------------------


def test_an_attack_on_a_player_with_shields_destroys_only_the_top_shield():
    ruling = attack(unit("鋼彈", 5, 4), shields=3)
    assert ruling.outcome.reason is Result.SHIELD_DESTROYED
    assert ruling.outcome["shields_destroyed"] == 1  # 4 excess damage never reach another shield
    assert {"8-5-2-3", "8-5-2-3-1", "5-5-6"} <= set(ruling.decisive)
    assert ruling.outcome["loser"] is None


def test_one_damage_destroys_a_shield_of_hp_1():
    hp = number_in("11-3-1-1", r"擁有HP(\d+)")
    ruling = attack(unit("吉姆", hp, 3), shields=1)
    assert ruling.outcome["shields_destroyed"] == 1
    assert not cited(ruling, "5-5-6")


def test_a_player_with_an_empty_shield_area_who_takes_battle_damage_loses():
    ruling = attack(unit("鋼彈", 3, 4), turn="B")
    assert ruling.outcome.reason is Result.PLAYER_DEFEATED
    assert (ruling.outcome["loser"], ruling.outcome["winner"]) == ("A", "B")
    assert {"8-5-2-2", "11-2-1-1", "11-2-1", "1-2-1"} <= set(ruling.decisive)


def test_an_ap_of_zero_deals_no_damage_so_the_player_does_not_lose():
    assert "若給予的傷害是0，則不視為給予了傷害" in text_of("5-5-5")
    ruling = attack(unit("鋼坦克", 0, 3))
    assert ruling.outcome.reason is Result.NO_DAMAGE
    assert ruling.outcome["loser"] is None
    assert "5-5-5" in ruling.decisive


def test_a_negative_ap_counts_as_zero():
    ruling = attack(unit("鋼坦克", 2, 3, ap_changes=[-3]), shields=2)
    assert ruling.outcome.reason is Result.NO_DAMAGE
    assert ruling.outcome["shields_destroyed"] == 0
    assert {"1-3-6", "8-5-2-3-1"} <= set(ruling.decisive)


def test_a_value_below_zero_that_is_adjusted_again_keeps_its_true_value():
    """1-3-6: 「除非有其他效果對該數值進行增減調整」 — 3 - 3 - 1 + 2 is 1, not 2 counted from 0."""
    ruling = attack(unit("鋼坦克", 3, 3, ap_changes=[-3, -1, 2]))
    steps = [s.values for s in ruling.steps if s.cites == ("1-3-6",)]
    assert steps[-1] == {"value": 1}
    assert ruling.outcome.reason is Result.PLAYER_DEFEATED


def test_the_base_takes_the_damage_first_and_keeps_counters():
    ruling = attack(unit("薩克II", 1, 2), shields=2, base=unit("EX基地", 0, 3, damage=1, token=True))
    assert ruling.outcome.reason is Result.BASE_DAMAGED
    assert ruling.outcome["cards"]["EX基地"] == {"damage": 2, "destroyed": False}
    assert ruling.outcome["shields_destroyed"] == 0
    assert {"8-5-2-4", "3-5-3"} <= set(ruling.decisive)
    assert ruling.gaps == ()  # AP 0: whether a base strikes back does not matter


def test_a_destroyed_base_passes_no_excess_damage_to_the_shields():
    ruling = attack(unit("鋼彈", 6, 4), shields=2, base=unit("EX基地", 0, 3, token=True))
    assert ruling.outcome.reason is Result.BASE_DESTROYED
    assert ruling.outcome["shields_destroyed"] == 0
    assert {"8-5-2-4-1", "11-3-1", "5-5-6"} <= set(ruling.decisive)
    assert cited(ruling, "5-17-2-5")  # the EX Base is a token: removed from the game


def test_whether_a_base_deals_its_ap_back_is_reported_as_silent_citing_both_sides():
    ruling = attack(unit("薩克II", 3, 3, damage=1), shields=2, base=unit("白色基地", 2, 5))
    (gap,) = ruling.gaps
    assert gap.kind is StepKind.SILENT
    assert set(gap.cites) == {"8-5-2-4", "3-5-4-1", "8-5-2-4-2"}
    assert ruling.outcome["cards"]["薩克II"] == {
        "damage": None,
        "destroyed": None,
    }  # 2 left, the base has AP 2
    assert {"3-5-4-1", "8-5-2-4-2"} <= set(ruling.decisive)
    tough = attack(unit("薩克II", 3, 5), shields=2, base=unit("白色基地", 2, 5))
    assert tough.outcome["cards"]["薩克II"] == {"damage": None, "destroyed": False}


def test_a_first_strike_that_destroys_the_base_leaves_nothing_undecided():
    ruling = attack(unit("鋼彈", 5, 3, first_strike=True), base=unit("白色基地", 2, 5))
    assert ruling.outcome.reason is Result.BASE_DESTROYED
    assert ruling.gaps == ()
    assert cited(ruling, "8-5-2-4-2")
    assert "13-1-5-2" in ruling.decisive  # without it the base's counter-blow is back in question


# --- attack: unit against unit (8-5-3) ------------------------------------------


def test_units_deal_their_ap_to_each_other_at_once_and_both_can_be_destroyed():
    ruling = attack(unit("鋼彈", 3, 3), "薩克II", units=[unit("薩克II", 3, 3, rested=True)])
    assert ruling.outcome.reason is Result.BOTH_DESTROYED
    assert cited(ruling, "8-5-3-2-3")
    assert {"8-5-3-2", "8-5-3-2-1", "11-3-1"} <= set(ruling.decisive)


def test_damage_counters_already_on_a_unit_count_toward_its_hp():
    ruling = attack(unit("鋼彈", 1, 4), "薩克II", units=[unit("薩克II", 1, 3, damage=2, rested=True)])
    assert ruling.outcome.reason is Result.TARGET_DESTROYED
    assert ruling.outcome["cards"] == {
        "薩克II": {"damage": 3, "destroyed": True},
        "鋼彈": {"damage": 1, "destroyed": False},
    }


def test_first_strike_spares_the_attacker_when_it_destroys_the_target():
    ruling = attack(
        unit("鋼彈", 3, 3, first_strike=True), "薩克II", units=[unit("薩克II", 3, 3, rested=True)]
    )
    assert ruling.outcome.reason is Result.TARGET_DESTROYED
    assert ruling.outcome["cards"]["鋼彈"] == {"damage": 0, "destroyed": False}
    assert "13-1-5-2" in ruling.decisive


def test_a_target_that_survives_the_first_strike_hits_back():
    ruling = attack(
        unit("鋼彈", 2, 3, first_strike=True), "薩克II", units=[unit("薩克II", 3, 3, rested=True)]
    )
    assert ruling.outcome.reason is Result.ATTACKER_DESTROYED
    assert "13-1-5-2" not in ruling.decisive  # the same as dealing damage at once


def test_first_strike_works_only_for_the_attacking_unit():
    ruling = attack(
        unit("鋼彈", 3, 3), "薩克II", units=[unit("薩克II", 3, 3, rested=True, first_strike=True)]
    )
    assert ruling.outcome.reason is Result.BOTH_DESTROYED
    assert cited(ruling, "13-1-5-1")


def test_a_pilot_adds_its_modifiers_and_goes_to_the_trash_with_its_unit():
    pilot = {"name": "阿姆羅·雷", "ap": 1, "hp": 1}
    ruling = attack(unit("鋼彈", 2, 2, pilot=pilot), "薩克II", units=[unit("薩克II", 2, 3, rested=True)])
    assert ruling.outcome["cards"]["鋼彈"] == {"damage": 2, "destroyed": False}  # HP 2 + 1
    assert ruling.outcome["cards"]["薩克II"]["destroyed"]  # AP 2 + 1
    low = attack(unit("鋼彈", 2, 1, pilot=pilot), "薩克II", units=[unit("薩克II", 3, 3, rested=True)])
    assert cited(low, "3-3-6") and cited(low, "3-3-8-1")


# --- attack: blockers (8-3, 13-1-4, 13-1-6) ---------------------------------------


def test_the_defender_may_block_once_with_any_active_blocker_but_the_target():
    units = [
        unit("薩克II", 2, 2, rested=True, blocker=True),
        unit("吉姆", 2, 5, blocker=True),
        unit("古夫", 4, 4, blocker=True),
        unit("鋼坦克", 1, 1, blocker=True, rested=True),
    ]
    ruling = attack(unit("鋼彈", 3, 4), "薩克II", units=units)
    assert ruling.outcome["blocked_by"] is None and ruling.outcome.reason is Result.TARGET_DESTROYED
    options = {c.option["blocker"]: c for c in ruling.choices}
    assert set(options) == {None, "吉姆", "古夫"}  # one blocker per attack, never two at once
    assert all(c.player == "B" for c in ruling.choices)
    assert options["吉姆"].outcome.reason is Result.NEITHER_DESTROYED
    assert options["古夫"].outcome.reason is Result.ATTACKER_DESTROYED
    assert options["古夫"].outcome["target"] == "古夫"
    assert cited(ruling, "8-3-3")


def test_a_blocker_redirects_an_attack_on_the_player():
    ruling = attack(unit("鋼彈", 3, 4), units=[unit("吉姆", 2, 3, blocker=True)])
    assert ruling.outcome.reason is Result.PLAYER_DEFEATED  # nobody blocks
    blocked = next(c for c in ruling.choices if c.option["blocker"] == "吉姆")
    assert blocked.outcome.reason is Result.TARGET_DESTROYED
    assert blocked.outcome["loser"] is None
    assert any("13-1-4-1" in s.cites for s in blocked.steps)


def test_high_maneuver_stops_every_blocker():
    ruling = attack(unit("鋼彈", 3, 4, high_maneuver=True), units=[unit("吉姆", 2, 3, blocker=True)])
    assert ruling.choices == ()
    assert ruling.outcome.reason is Result.PLAYER_DEFEATED
    assert "13-1-6-1" in ruling.decisive


# --- attack: 【爆發】, 《突破》 (13-1-2, 13-2-5) --------------------------------------


def test_burst_is_a_choice_with_an_outcome_each_way():
    ruling = attack(unit("鋼彈", 3, 4), shields=2, top_shield_burst=True)
    assert ruling.outcome["burst"] == "declined"
    declined, activated = ruling.choices
    assert declined.option == {"blocker": None, "burst": False}
    assert activated.option == {"blocker": None, "burst": True}
    assert activated.outcome["effects"] == ["【爆發】（被破壞的護盾）"]
    assert any("13-2-5-3" in s.cites for s in activated.steps)
    assert cited(ruling, "13-2-5-2")


def test_breach_after_a_battle_kill_hits_the_base_first():
    ruling = attack(
        unit("鋼彈", 3, 4, breach=[2]),
        "薩克II",
        shields=2,
        base=unit("EX基地", 0, 3, token=True),
        units=[unit("薩克II", 2, 2, rested=True)],
    )
    assert ruling.outcome["breach"]["to"] == "base"
    assert ruling.outcome["cards"]["EX基地"] == {"damage": 2, "destroyed": False}
    assert ruling.outcome["shields_destroyed"] == 0
    assert {"13-1-2-1", "13-1-2-2"} <= set(ruling.decisive)


def test_breach_fires_even_when_both_units_are_destroyed():
    ruling = attack(
        unit("鋼彈", 3, 3, breach=[1]), "薩克II", shields=2, units=[unit("薩克II", 3, 3, rested=True)]
    )
    assert ruling.outcome.reason is Result.BOTH_DESTROYED
    assert ruling.outcome["shields_destroyed"] == 1
    assert "13-1-2-3" in ruling.decisive


def test_breach_needs_a_kill_and_a_card_in_the_shield_area():
    survived = attack(
        unit("鋼彈", 1, 3, breach=[1]), "薩克II", shields=2, units=[unit("薩克II", 3, 3, rested=True)]
    )
    assert survived.outcome["breach"] is None
    empty = attack(unit("鋼彈", 3, 3, breach=[1]), "薩克II", units=[unit("薩克II", 1, 1, rested=True)])
    assert empty.outcome["breach"] is None and cited(empty, "13-1-2-4")
    assert empty.outcome["loser"] is None


def test_stacked_breach_values_make_one_effect_that_destroys_one_shield():
    example = text_of("13-1-2-5")
    first, gained, total = (
        int(n) for n in re.search(r"《突破：(\d+)》.*《突破：(\d+)》.*《突破：(\d+)》", example).groups()
    )
    ruling = attack(
        unit("鋼彈", 3, 4, breach=[first, gained]),
        "薩克II",
        shields=3,
        top_shield_burst=True,
        units=[unit("薩克II", 1, 1, rested=True, on_destroy=True)],
    )
    assert ruling.outcome["breach"]["value"] == total
    assert ruling.outcome["shields_destroyed"] == 1  # two separate effects would destroy two
    assert "13-1-2-5" in ruling.decisive
    activated = next(c for c in ruling.choices if c.option["burst"])
    assert activated.outcome["effects"] == [
        f"《突破：{total}》（鋼彈）",
        "【爆發】（被破壞的護盾）",
        "【破壞時】（薩克II）",
    ]
    assert any("10-1-6-7" in s.cites for s in activated.steps)


def test_effects_of_both_players_resolve_turn_player_first():
    ruling = attack(
        unit("鋼彈", 3, 3, on_destroy=True),
        "薩克II",
        turn="B",
        units=[unit("薩克II", 3, 3, rested=True, on_destroy=True)],
    )
    assert ruling.outcome["effects"] == ["【破壞時】（鋼彈）", "【破壞時】（薩克II）"]
    assert cited(ruling, "10-1-6-6")


# --- attack: declaration and leaving the field (8-2, 8-3-5, 8-4-2) ----------------


@pytest.mark.parametrize(
    "attacker, target_rested, reason, clause",
    [
        ({"rested": True}, True, Illegal.ATTACKER_RESTED, "8-2-1"),
        ({"deployed_this_turn": True}, True, Illegal.DEPLOYED_THIS_TURN, "3-2-4"),
        ({}, False, Illegal.TARGET_NOT_RESTED, "7-5-4-1"),
    ],
)
def test_illegal_attacks(attacker, target_rested, reason, clause):
    ruling = attack(
        unit("鋼彈", 3, 4, **attacker), "薩克II", units=[unit("薩克II", 1, 1, rested=target_rested)]
    )
    assert ruling.outcome.reason is reason
    assert ruling.outcome["legal"] is False
    assert clause in ruling.decisive


def test_a_link_unit_attacks_the_turn_it_is_deployed():
    linked = unit(
        "鋼彈",
        3,
        4,
        deployed_this_turn=True,
        link_condition=["阿姆羅·雷"],
        pilot={"name": "阿姆羅·雷", "ap": 1, "hp": 1},
    )
    ruling = attack(linked, shields=1)
    assert ruling.outcome["legal"] is True
    assert {"3-2-6-2", "3-2-6-3"} <= set(ruling.decisive)
    by_trait = attack(
        {**linked, "link_condition": ["白色基地隊"], "pilot": {"name": "哈亞特", "traits": ["白色基地隊"]}},
        shields=1,
    )
    assert by_trait.outcome["legal"] is True


@pytest.mark.parametrize("step, clause", [("ATTACK", "8-2-4"), ("BLOCK", "8-3-5"), ("ACTION", "8-4-2")])
def test_a_card_leaving_the_field_ends_the_battle_without_damage(step, clause):
    ruling = attack(
        unit("鋼彈", 3, 4),
        "薩克II",
        units=[unit("薩克II", 3, 3, rested=True)],
        left_field={"card": "薩克II", "step": step},
    )
    assert ruling.outcome.reason is Result.ENDED_EARLY
    assert ruling.outcome["cards"] == {}
    assert clause in ruling.decisive
    assert cited(ruling, "8-6-1")


def test_the_original_target_leaving_after_a_block_does_not_stop_the_battle():
    ruling = attack(
        unit("鋼彈", 3, 4),
        "薩克II",
        units=[unit("薩克II", 1, 1, rested=True), unit("吉姆", 1, 3, blocker=True)],
        left_field={"card": "薩克II", "step": "ACTION"},
    )
    assert ruling.outcome.reason is Result.ENDED_EARLY
    blocked = next(c for c in ruling.choices if c.option["blocker"] == "吉姆")
    assert blocked.outcome.reason is Result.TARGET_DESTROYED


def test_impossible_attack_boards_name_every_problem():
    with pytest.raises(BoardError) as error:
        attack(unit("鋼彈", 1.5, 2, damage=2), "薩克", top_shield_burst=True)
    found = {p.path: p.cites for p in error.value.problems}
    assert found["attacker.ap"] == ("1-3-6",)
    with pytest.raises(BoardError) as error:
        attack(unit("鋼彈", 1, 2, damage=2), "薩克", top_shield_burst=True)
    found = {p.path: p.cites for p in error.value.problems}
    assert found == {
        "target": (),
        "attacker.damage": ("5-5-2", "11-3-1"),
        "defender.top_shield_burst": ("4-6-4",),
    }


# --- deploy (2-9, 2-10, 7-5-2-2, 11-4, 11-5) ----------------------------------------


def deploy(card: dict, **extra):
    return rule({"game": "gcg", "question": "deploy", "card": {"type": "UNIT", **card}, **extra})


def test_the_level_check_counts_rested_and_ex_energy():
    ruling = deploy({"name": "鋼彈", "level": 4, "cost": 1}, energy={"active": 1, "rested": 2, "ex": 1})
    assert ruling.outcome.reason is Deploy.DEPLOYED
    assert {"2-9-1", "2-9-4"} <= set(ruling.decisive)
    short = deploy({"name": "鋼彈", "level": 5, "cost": 1}, energy={"active": 1, "rested": 2, "ex": 1})
    assert short.outcome.reason is Deploy.LEVEL_TOO_HIGH


def test_the_cost_is_paid_with_active_energy_only():
    ruling = deploy({"name": "鋼彈", "level": 3, "cost": 2}, energy={"active": 1, "rested": 3})
    assert ruling.outcome.reason is Deploy.COST_UNPAYABLE
    assert "2-10-1" in ruling.decisive


def test_paying_with_ex_energy_is_a_choice_and_removes_it_from_the_game():
    ruling = deploy({"name": "鋼彈", "level": 2, "cost": 2}, energy={"active": 2, "rested": 0, "ex": 1})
    assert ruling.outcome["energy_after"] == {"active": 0, "rested": 2, "ex": 1, "lv": 3}
    options = {c.option["ex_energy_used"]: c.outcome["energy_after"] for c in ruling.choices}
    assert options == {
        0: {"active": 0, "rested": 2, "ex": 1, "lv": 3},
        1: {"active": 1, "rested": 1, "ex": 0, "lv": 2},
    }
    assert any("5-17-3-2-3" in s.cites for c in ruling.choices for s in c.steps)


def test_a_full_battle_area_trashes_a_unit_without_destroying_it():
    limit = number_in("4-5-4", r"最多可以放置(\d+)張機體")
    area = [{"name": f"機體{i}", "on_destroy": i == 0} for i in range(limit)]
    ruling = deploy(
        {"name": "鋼彈", "level": 1, "cost": 1}, energy={"active": 1}, battle_area=area, trash=["機體0"]
    )
    assert ruling.outcome.reason is Deploy.DEPLOYED_OVER_LIMIT
    assert ruling.outcome["trashed"] == ["機體0"]
    assert {"11-4-2", "11-4-2-1", "5-10-4", "13-2-8-1"} <= set(ruling.decisive)
    open_pick = deploy({"name": "鋼彈", "level": 1, "cost": 1}, energy={"active": 1}, battle_area=area)
    assert open_pick.outcome["trashed"] is None
    assert [c.option["trash"] for c in open_pick.choices] == [[u["name"]] for u in area]


def test_several_units_deployed_at_once_trash_as_many():
    area = [{"name": f"機體{i}"} for i in range(5)]
    ruling = deploy(
        {"name": "薩克II", "level": 9, "cost": 9},
        by_effect=True,
        count=3,
        battle_area=area,
        trash=["機體0", "機體1"],
    )
    assert ruling.outcome["trashed"] == ["機體0", "機體1"]
    assert "11-4-2-2" in ruling.decisive
    assert cited(ruling, "5-8-1") and not cited(ruling, "2-9-1")  # an effect's deployment is not a use


def test_a_second_base_trashes_the_first_and_a_token_leaves_the_game():
    ruling = deploy(
        {"name": "白色基地", "type": "BASE", "level": 2, "cost": 2},
        energy={"active": 2},
        base={"name": "EX基地", "token": True},
    )
    assert ruling.outcome["trashed"] == ["EX基地"]
    assert {"11-5-1", "11-5-2"} <= set(ruling.decisive)
    assert cited(ruling, "5-17-2-5") and cited(ruling, "11-5-2-1")
    assert ruling.outcome["can_attack_this_turn"] is None


def test_a_new_unit_attacks_this_turn_only_as_a_link_unit():
    card = {"name": "鋼彈", "level": 1, "cost": 1, "link_condition": ["阿姆羅·雷"]}
    plain = deploy(card, energy={"active": 1})
    assert plain.outcome["can_attack_this_turn"] is False and "3-2-4" in plain.decisive
    linked = deploy(card, energy={"active": 1}, pilot={"name": "阿姆羅·雷"})
    assert linked.outcome["can_attack_this_turn"] is True and "3-2-6-3" in linked.decisive


@pytest.mark.parametrize(
    "extra, path, cites",
    [
        ({"trash": ["機體9"]}, "trash[0]", ()),
        ({"trash": []}, "trash", ("11-4-2", "11-4-2-2")),
        ({"count": 0, "by_effect": True}, "count", ("1-3-5",)),
        ({"energy": None}, "energy", ("7-5-2-2",)),
    ],
)
def test_impossible_deploy_boards(extra, path, cites):
    board = {"energy": {"active": 1}, "battle_area": [{"name": f"機體{i}"} for i in range(6)], **extra}
    with pytest.raises(BoardError) as error:
        deploy({"name": "鋼彈", "level": 1, "cost": 1}, **board)
    assert (path, cites) in {(p.path, p.cites) for p in error.value.problems}


# --- rule_processing (1-2, 11-1, 11-2) ---------------------------------------------


def processing(a: dict, b: dict, turn: str = "A"):
    return rule(
        {
            "game": "gcg",
            "question": "rule_processing",
            "turn_player": turn,
            "players": {"A": {"deck": 20, "shields": 3, **a}, "B": {"deck": 20, "shields": 3, **b}},
        }
    )


def test_a_deck_of_zero_loses_and_the_other_player_wins():
    ruling = processing({"deck": 0}, {})
    assert ruling.outcome.reason is Defeat.DEFEATED
    assert (ruling.outcome["losers"], ruling.outcome["winner"]) == (["A"], "B")
    assert ruling.outcome["causes"] == {"A": [Cause.EMPTY_DECK]}
    assert {"11-2-1-2", "1-2-1"} <= set(ruling.decisive)


def test_only_battle_damage_with_an_empty_shield_area_loses():
    ruling = processing({}, {"shields": 0, "battle_damage": 2})
    assert ruling.outcome["losers"] == ["B"]
    assert "11-2-1-1" in ruling.decisive
    effect = processing({}, {"shields": 0, "effect_damage": 2})
    assert effect.outcome.reason is Defeat.CONTINUES and {"5-5-4", "11-2-1-1"} <= set(effect.decisive)
    zero = processing({}, {"shields": 0, "battle_damage": 0})
    assert zero.outcome.reason is Defeat.CONTINUES and "5-5-5" in zero.decisive


def test_every_player_meeting_a_condition_loses_at_once_and_the_book_names_no_result():
    ruling = processing({"deck": 0}, {"shields": 0, "battle_damage": 1}, turn="B")
    assert ruling.outcome.reason is Defeat.ALL_DEFEATED
    assert ruling.outcome["losers"] == ["B", "A"]  # listed turn player first
    assert ruling.outcome["winner"] is None
    (gap,) = ruling.gaps
    assert set(gap.cites) == {"1-2-1", "11-2-1"}
    assert "所有滿足敗北條件的玩家在對戰中敗北" in text_of("11-2-1")


def test_battle_damage_to_a_player_with_shields_is_impossible():
    with pytest.raises(BoardError) as error:
        processing({"battle_damage": 2}, {})
    assert error.value.problems[0].cites == ("8-5-2-2", "8-5-2-3", "8-5-2-4")


# --- repair: the worked example of 13-1-1-2 -----------------------------------------


def repair(a: list, b: list = (), turn: str = "A"):
    return rule(
        {"game": "gcg", "question": "repair", "turn_player": turn, "battle_area": {"A": a, "B": list(b)}}
    )


def test_worked_example_13_1_1_2_repair_1_gaining_repair_2_is_repair_3():
    example = text_of("13-1-1-2")
    printed, gained, total = (
        int(n)
        for n in re.search(
            r"擁有《修復：(\d+)》.*獲得新的《修復：(\d+)》.*變成《修復：(\d+)》", example
        ).groups()
    )
    ruling = repair([{"name": "鋼彈", "hp": total + 2, "damage": total + 1, "repair": [printed, gained]}])
    (unit_result,) = ruling.outcome["units"]
    assert unit_result["repair"] == total
    assert (unit_result["recovered"], unit_result["damage"]) == (total, 1)
    assert ruling.outcome.reason is Repair.RECOVERED
    assert {"13-1-1-2", "13-1-1-1", "5-6-1"} <= set(ruling.decisive)


def test_recovery_never_exceeds_the_damage_and_an_undamaged_unit_cannot_recover():
    ruling = repair(
        [{"name": "鋼彈", "hp": 4, "damage": 1, "repair": [3]}, {"name": "吉姆", "hp": 3, "repair": [1]}]
    )
    damaged, whole = ruling.outcome["units"]
    assert (damaged["recovered"], damaged["damage"]) == (1, 0)
    assert whole["recovered"] == 0
    assert {"5-6-2", "5-6-3"} <= set(ruling.decisive)


def test_only_the_turn_players_units_repair():
    ruling = repair([], [{"name": "薩克II", "hp": 3, "damage": 2, "repair": [1]}])
    assert ruling.outcome.reason is Repair.NOTHING_RECOVERED
    assert ruling.outcome["units"][0]["damage"] == 2
    assert "13-1-1-1" in ruling.decisive


# --- deck (6-1-1, 2-1) ----------------------------------------------------------------


def gcg_deck(cards, energy=None):
    energy = energy if energy is not None else [{"number": "R-001", "name": "能源", "count": 10}]
    return rule({"game": "gcg", "question": "deck", "cards": cards, "energy_deck": energy})


def full_deck(colours=("BLUE", "WHITE")):
    size = number_in("6-1-1", r"卡組是正好(\d+)張")
    return [
        {
            "number": f"GD01-{i:03}",
            "name": f"卡{i}",
            "count": 2,
            "type": "UNIT",
            "colour": colours[i % len(colours)],
        }
        for i in range(size // 2)
    ]


def test_a_fifty_card_two_colour_deck_with_ten_energy_is_legal():
    ruling = gcg_deck(full_deck())
    assert ruling.outcome.reason is DeckRuling.LEGAL
    assert ruling.outcome["colours"] == ["BLUE", "WHITE"]
    assert gcg_deck(full_deck(("RED",))).outcome["legal"]


def test_three_colours_are_too_many():
    ruling = gcg_deck(full_deck(("BLUE", "WHITE", "RED")))
    assert ruling.outcome.reason is DeckRuling.WRONG_COLOUR_COUNT
    assert "6-1-1-2" in ruling.decisive


def test_five_of_one_card_number_counting_a_parallel_printing():
    limit = number_in("6-1-1-3", r"最多只能放入(\d+)張")
    cards = full_deck()
    cards[0] = {**cards[0], "count": limit}
    cards[1] = {**cards[1], "count": 1, "counts_as": cards[0]["number"], "number": cards[0]["number"] + "P"}
    ruling = gcg_deck(cards)
    assert ruling.outcome["over_limit"] == [{"number": cards[0]["number"], "count": limit + 1}]
    assert ruling.outcome["problems"] == [DeckRuling.WRONG_SIZE, DeckRuling.TOO_MANY_COPIES]
    assert {"2-1-1", "6-1-1-3"} <= set(ruling.decisive)


def test_energy_cards_belong_in_the_energy_deck_which_takes_any_number_of_copies():
    cards = full_deck()
    cards[0] = {**cards[0], "type": "ENERGY", "colour": None}
    ruling = gcg_deck(cards, [{"number": "R-001", "name": "能源", "count": 9}])
    assert ruling.outcome["problems"] == [DeckRuling.WRONG_ENERGY_DECK_SIZE, DeckRuling.WRONG_CARD_TYPE]
    assert gcg_deck(full_deck()).outcome["energy_cards"] == number_in("6-1-1", r"能源卡組是正好(\d+)張")
    assert any("6-1-1-5" in s.cites for s in gcg_deck(full_deck()).steps)


def test_a_deck_card_without_a_colour_is_impossible():
    cards = full_deck()
    cards[0] = {**cards[0], "colour": None}
    with pytest.raises(BoardError) as error:
        gcg_deck(cards)
    assert error.value.problems[0].path == "cards[0].colour"
    assert error.value.problems[0].cites == ("2-4-2",)
