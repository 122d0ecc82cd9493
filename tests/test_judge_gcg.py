"""gcg engine on the replay: what the situations (test_judge_gcg_situations.py) do not show one by
one — board problems, the battle's steps, effects and their order, costs — and the deck check.

Numbers the book states are read from the clause text each case tests.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from corpus.library import load_book
from judge.board import BoardError
from judge.games.gcg.decklist import DeckRuling
from judge.outcome import Result
from judge.players import Player
from judge.registry import rule
from judge.state import Status


def text_of(clause: str) -> str:
    return re.sub(r"\s+", "", load_book("gcg").get(clause).text)


def number_in(clause: str, pattern: str) -> int:
    """A number the rulebook states, read from the clause text (not copied by hand)."""
    return int(re.search(pattern, text_of(clause)).group(1))


def unit(name: str, ap: int = 3, hp: int = 3, **extra: Any) -> dict:
    return {"name": name, "ap": ap, "hp": hp, "status": "active", "entered_turn": 1, **extra}


def replay(
    a: dict,
    b: dict,
    actions: list,
    phase: str = "main",
    step: str | None = None,
    until: str = "last_action",
    **state: Any,
):
    """A's turn 5 from ``phase``, the two sides as given, then ``actions``, replayed ``until``."""
    board = {"turn": 5, "turn_player": "A", "phase": phase, "players": {"A": a, "B": b}, **state}
    if step:
        board["step"] = step
    return rule({"game": "gcg", "state": board, "actions": actions, "until": until})


def problems(a: dict, b: dict, actions: list) -> list[tuple[str, str, tuple[str, ...]]]:
    with pytest.raises(BoardError) as caught:
        replay(a, b, actions)
    return [(p.path, p.message, p.cites) for p in caught.value.problems]


def texts(ruling) -> list[str]:
    return [step.text for step in ruling.steps]


def why_not(ruling) -> set[str]:
    return {cite for step in ruling.not_applied for cite in step.cites}


# --- the board ---------------------------------------------------------------------------------


def test_the_ex_base_is_a_preset_whose_values_cannot_be_typed():
    """Before, a problem raised inside a zone written as a list crashed the validation (KeyError)."""
    found = problems({}, {"base": {"preset": "ex_base", "hp": 5}}, [])
    assert found == [
        (
            "state.players.B.base",
            "the EX base's values are the book's (hp given otherwise): AP 0 and HP 3, a base token",
            ("5-17-3-1-1",),
        )
    ]
    restated = {
        "preset": "ex_base",
        "ap": 0,
        "hp": 3,
        "kind": "base",
        "token": True,
    }  # as the web form writes it
    assert replay({}, {"base": restated}, []).outcome.state.players.B.base.cards[0].hp == 3
    ex = replay({}, {"base": "ex_base"}, []).outcome.state.players.B.base.cards[0]
    ap, hp = (int(n) for n in re.search(r"AP(\d+)和HP(\d+)", text_of("5-17-3-1-1")).groups())
    assert (ex.name, ex.ap, ex.hp, ex.token) == ("EX基地(B)", ap, hp, True)


def test_a_keyword_the_book_does_not_have_is_a_board_problem():
    found = problems({"battle": [unit("鋼彈", keywords=["flying"])]}, {}, [])
    assert found[0][0] == "state.players.A.battle[0].keywords" and found[0][2] == ("13-1",)
    spelled = replay({"battle": [unit("鋼彈", keywords=["《突破：2》", "阻擋者"])]}, {}, [])
    assert spelled.outcome.state.players.A.battle.cards[0].keywords == ["breach:2", "blocker"]


def test_effects_gcg_has_no_reading_for_are_board_problems():
    found = problems(
        {"battle": [unit("鋼彈")]},
        {},
        [
            {"effect": {"ko": {"card": "鋼彈"}}},
            {"effect": {"modify": {"card": "鋼彈", "stat": "ap", "by": 1}, "until": "end_of_phase"}},
            {
                "effect": {
                    "move": {"count": 1, "from": {"player": "A", "zone": "deck"}, "to": {"card": "鋼彈"}}
                }
            },
        ],
    )
    assert [path for path, _, _ in found] == [
        "actions[0].effect.ko",
        "actions[1].effect.until",
        "actions[2].effect.move",
    ]


def test_a_battle_area_holds_six_units_and_is_public():
    found = problems({"battle": [unit(f"機{n}") for n in range(7)]}, {}, [])
    assert found == [("state.players.A.battle", "a battle area holds at most 6 units", ("4-5-4",))]


# --- the attack and the battle (ch. 8) -----------------------------------------------------------


def test_first_strike_spares_the_attacker_only_when_it_destroys_the_target():
    first = {"keywords": ["first_strike"]}
    kills = replay(
        {"battle": [unit("鋼彈", 3, 2, **first)]},
        {"battle": [unit("薩克", 3, 3, status="rested")]},
        [{"attack": {"by": "鋼彈", "target": "薩克"}}],
    )
    assert kills.outcome.destroyed == ["薩克"] and "13-1-5-2" in why_not(kills)
    survives = replay(
        {"battle": [unit("鋼彈", 2, 2, **first)]},
        {"battle": [unit("薩克", 3, 3, status="rested")]},
        [{"attack": {"by": "鋼彈", "target": "薩克"}}],
    )
    assert survives.outcome.destroyed == ["鋼彈"]
    defending = replay(
        {"battle": [unit("鋼彈", 3, 3)]},
        {"battle": [unit("薩克", 3, 3, status="rested", **first)]},
        [{"attack": {"by": "鋼彈", "target": "薩克"}}],
    )
    assert defending.outcome.destroyed == ["鋼彈", "薩克"] and "13-1-5-1" in why_not(defending)


def test_a_unit_leaving_the_field_in_the_attack_step_ends_the_battle_without_damage():
    ruling = replay(
        {"battle": [unit("鋼彈", 5, 3)]},
        {"base": "none", "shields": 0},
        [{"attack": {"by": "鋼彈"}}, {"effect": {"destroy": {"card": "鋼彈"}, "by": "B"}}],
    )
    assert ruling.outcome.result is Result.CONTINUES and ruling.outcome.battles[0].ended_early
    assert "8-2-4" in ruling.decisive


def test_the_declared_target_cannot_block_and_a_second_block_is_refused():
    b = {
        "battle": [unit("吉姆", status="rested", keywords=["blocker"]), unit("鋼坦克", keywords=["blocker"])]
    }
    refused = replay(
        {"battle": [unit("鋼彈")]},
        b,
        [{"attack": {"by": "鋼彈", "target": "吉姆"}}, {"block": {"by": "吉姆"}}],
    )
    assert refused.outcome.refused.cites == ("8-3-3",)
    twice = replay(
        {"battle": [unit("鋼彈")]},
        b,
        [
            {"attack": {"by": "鋼彈", "target": "吉姆"}},
            {"block": {"by": "鋼坦克"}},
            {"block": {"by": "鋼坦克"}},
        ],
    )
    assert twice.outcome.refused.action == 2 and "8-3-2" in twice.outcome.refused.cites


def flash_battle(until: str):
    """A's 鋼彈 (AP 2) attacks B's 薩克 (HP 2); in the action step B uses a 【瞬動】 command whose
    effect gives 薩克 HP+2 until ``until``; both players pass."""
    a = {"battle": [unit("鋼彈", 2, 3)], "hand": 3}
    b = {"battle": [unit("薩克", 2, 2, status="rested")], "hand": 3, "energy": {"active": 2, "rested": 0}}
    flash = {"name": "瞬間防禦", "kind": "command", "level": 1, "cost": 1, "timing": ["action"]}
    hp = {"modify": {"card": "薩克", "stat": "hp", "by": 2}, "until": until, "by": "B"}
    actions = [
        {"attack": {"by": "鋼彈", "target": "薩克"}},
        "no_block",
        {"command": {"card": flash, "player": "B"}},
    ]
    return replay(a, b, [*actions, {"effect": hp}, {"pass": {"player": "A"}}, {"pass": {"player": "B"}}])


def test_the_action_step_lasts_until_two_passes():
    ruling = flash_battle("end_of_turn")
    assert ruling.outcome.destroyed == [] and ruling.outcome.state.players.B.energy.rested == 1
    assert any("9-5" in s.cites for s in ruling.steps)


def test_hp_given_for_the_battle_ends_with_it_and_the_damage_stays():
    ruling = flash_battle("end_of_battle")
    assert ruling.outcome.destroyed == ["薩克"]
    ends, destroyed = (next(i for i, t in enumerate(texts(ruling)) if key in t) for key in ("失效", "被破壞"))
    assert ends < destroyed


def test_a_command_without_action_timing_is_refused_in_the_action_step():
    main_only = {"name": "作戰", "kind": "command", "level": 1, "cost": 1, "timing": ["main"]}
    late = replay(
        {"hand": 3}, {}, [{"pass": {}}, {"command": {"card": main_only}}], phase="end", step="action"
    )
    assert late.outcome.refused.cites == ("13-2-3-1", "13-2-4-1", "9-3-1", "7-6-3-1")


def test_an_attack_out_of_the_main_phase_is_refused_with_when_it_may_be_made():
    ruling = replay({"battle": [unit("鋼彈")]}, {}, [{"attack": {"by": "鋼彈"}}], phase="end", step="hand")
    assert ruling.outcome.result is Result.REFUSED and ruling.outcome.refused.cites == (
        "7-1-1",
        "7-5-1",
        "7-5-4-1",
    )


def test_breach_needs_a_card_in_the_shield_area():
    ruling = replay(
        {"battle": [unit("鋼彈", 4, 4, keywords=["breach:2"])]},
        {"base": "none", "shields": 0, "battle": [unit("薩克", 1, 2, status="rested")]},
        [{"attack": {"by": "鋼彈", "target": "薩克"}}],
    )
    assert "13-1-2-4" in why_not(ruling) and ruling.outcome.losers == []


def test_a_snapshot_taken_as_the_damage_step_starts_deals_the_damage():
    battle = {"attacker": "鋼彈", "target": "薩克", "step": "damage"}
    ruling = replay(
        {"battle": [unit("鋼彈", status="rested")]},
        {"battle": [unit("薩克", 1, 3, status="rested")]},
        [],
        battle=battle,
    )
    assert ruling.outcome.destroyed == ["薩克"] and ruling.outcome.battles[0].attacker == "鋼彈"
    with pytest.raises(BoardError, match=r"state\.battle\.attacker: no unit named '德姆'"):
        replay({}, {}, [], battle={**battle, "attacker": "德姆", "target": None})


# --- effects (ch. 5, 10) -------------------------------------------------------------------------


def test_a_removed_unit_is_not_destroyed_and_its_pilot_goes_with_it():
    pilot = {"name": "阿姆羅", "kind": "pilot", "ap": 1, "hp": 1}
    ruling = replay(
        {"battle": [unit("鋼彈", pilot=pilot)], "removed": 0},
        {},
        [
            {"effect": {"draw": {"player": "A"}, "when": {"event": "destroyed", "card": "鋼彈"}}},
            {"effect": {"remove": {"card": "鋼彈"}, "by": "B"}},
        ],
    )
    assert ruling.outcome.state.players.A.removed.names() == ["阿姆羅", "鋼彈"]
    assert ruling.outcome.destroyed == [] and {"5-12-2", "3-3-6"} <= set(ruling.cited)


def test_a_new_trigger_resolves_before_the_rest_of_the_batch():
    ruling = replay(
        {"battle": [unit("鋼彈"), unit("吉姆", 1, 1)], "deck": 10, "hand": 0},
        {"battle": [unit("薩克", 3, 3, status="rested")], "deck": 10, "hand": 0},
        [
            {
                "effect": {
                    "destroy": {"card": "吉姆"},
                    "when": {"event": "destroyed", "card": "鋼彈"},
                    "by": "A",
                }
            },
            {"effect": {"draw": {"player": "A"}, "when": {"event": "destroyed", "card": "吉姆"}, "by": "A"}},
            {"effect": {"draw": {"player": "B"}, "when": {"event": "destroyed", "card": "薩克"}, "by": "B"}},
            {"attack": {"by": "鋼彈", "target": "薩克"}},
        ],
    )
    order = [t for t in texts(ruling) if "加入手牌" in t or "被破壞，置於" in t]
    assert order == [
        "「吉姆」因效果被破壞，置於廢棄區。",
        "玩家 A 從卡組最上方抽 1 張卡牌加入手牌（1 張）。",
        "玩家 B 從卡組最上方抽 1 張卡牌加入手牌（1 張）。",
    ]
    assert {"10-1-6-6", "10-1-6-7"} <= set(ruling.cited)


def test_a_draw_that_empties_the_deck_loses_at_the_next_rule_processing():
    ruling = replay({"deck": 2}, {}, [{"effect": {"draw": {"player": "A", "count": 3}}}])
    assert ruling.outcome.reason.value == "deck_of_zero_cards" and ruling.outcome.winner is Player.B


def test_a_condition_counts_ex_energy_and_includes_its_threshold():
    energy = {"energy": {"active": 3, "rested": 0, "ex": 1}, "deck": 5, "hand": 0}
    at_least = {"effect": {"draw": {"player": "A"}, "if": {"player": "A", "zone": "energy", "at_least": 4}}}
    more_than = {"effect": {"draw": {"player": "A"}, "if": {"player": "A", "zone": "energy", "more_than": 4}}}
    assert replay(energy, {}, [at_least]).outcome.state.players.A.hand.total == 1
    assert replay(energy, {}, [more_than]).outcome.state.players.A.hand.total == 0


def test_an_hp_change_to_the_damage_a_unit_has_destroys_it():
    ruling = replay(
        {},
        {"battle": [unit("薩克", 2, 3, damage=2)]},
        [{"effect": {"modify": {"card": "薩克", "stat": "hp", "by": -1}}}],
    )
    assert ruling.outcome.destroyed == ["薩克"] and "11-3-1" in ruling.decisive


def test_the_hand_step_leaves_ten_cards_and_which_named_ones_go_is_the_players_choice():
    a = {"hand": {"cards": ["光束步槍", "護盾"], "unnamed": 9}, "trash": 0}
    ruling = replay(a, {}, [], phase="end", step="hand", until="end_of_phase")
    assert [c.player for c in ruling.choices] == [Player.A] * 3  # nothing named, or either named card
    assert all(c.outcome.state.players.A.hand.total == 10 for c in ruling.choices)
    stated = replay(a, {}, [{"discard": {"cards": ["護盾"]}}], phase="end", step="hand", until="end_of_phase")
    assert stated.choices == () and stated.outcome.state.players.A.hand.names() == ["光束步槍"]
    too_many = replay(a, {}, [{"discard": {"cards": ["護盾", "光束步槍"]}}], phase="end", step="hand")
    assert too_many.outcome.refused.cites == ("7-6-5-1",)


def test_only_units_and_bases_are_deployed_and_only_pilots_board():
    pilot = {"name": "阿姆羅", "kind": "pilot", "level": 1, "cost": 1, "ap": 1, "hp": 1}
    a = {"hand": 2, "energy": {"active": 3, "rested": 0}, "battle": [unit("鋼彈")]}
    assert replay(a, {}, [{"deploy": {"card": pilot}}]).outcome.refused.cites == ("5-8-1",)
    gm = {"name": "吉姆", "kind": "unit", "level": 1, "cost": 1, "ap": 1, "hp": 1}
    assert replay(a, {}, [{"pair": {"card": gm, "unit": "鋼彈"}}]).outcome.refused.cites == ("5-9-1",)


# --- costs (7-5-2-2) ----------------------------------------------------------------------------


def test_paying_with_ex_energy_is_the_players_choice_where_both_ways_pay():
    a = {"hand": 2, "energy": {"active": 3, "rested": 0, "ex": 1}}
    card = {"name": "吉姆", "kind": "unit", "level": 2, "cost": 2, "ap": 2, "hp": 2}
    ruling = replay(a, {}, [{"deploy": {"card": card}}])
    assert [c.player for c in ruling.choices] == [Player.A, Player.A]
    lv = sorted(c.outcome.state.players.A.energy.total for c in ruling.choices)
    assert lv == [3, 4]  # the EX energy that pays leaves the game (5-17-3-2-3)


def test_the_level_check_counts_rested_and_ex_energy_but_the_cost_only_active():
    card = {"name": "鋼彈", "kind": "unit", "level": 3, "cost": 2, "ap": 3, "hp": 3}
    level_met = replay(
        {"hand": 1, "energy": {"active": 1, "rested": 1, "ex": 1}}, {}, [{"deploy": {"card": card, "ex": 1}}]
    )
    assert level_met.outcome.result is Result.CONTINUES
    unpaid = replay({"hand": 1, "energy": {"active": 1, "rested": 2}}, {}, [{"deploy": {"card": card}}])
    assert unpaid.outcome.refused.cites == ("2-10-1", "7-5-2-2")


def test_the_turn_players_rested_cards_stand_up_at_the_start_of_the_turn_and_none_of_the_others():
    ruling = replay(
        {"battle": [unit("鋼彈", status="rested")], "energy": {"active": 0, "rested": 3}, "deck": 9},
        {"battle": [unit("薩克", status="rested")]},
        [],
        phase="start",
        step="active",
    )
    players = ruling.outcome.state.players
    assert players.A.battle.cards[0].status is Status.ACTIVE and players.A.energy.rested == 0
    assert players.B.battle.cards[0].status is Status.RESTED


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
    assert ruling.decisive == ("6-1-1-2",)  # the energy deck's copies (6-1-1-5) change nothing here


def test_ten_copies_of_one_energy_card_decide_only_a_deck_legal_otherwise():
    assert "6-1-1-5" in gcg_deck(full_deck()).decisive


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


def test_a_keyword_an_effect_gave_is_checked_like_a_printed_one():
    """Found by fuzzing: a granted ``repair:2repair:2`` was an int() error at the end step."""
    from judge.board import BoardError
    from judge.registry import rule_text

    text = (
        "game: gcg\nstate:\n  turn: 5\n  turn_player: A\n  phase: end\n  step: end\n  players:\n"
        "    A: {battle: [{name: 鋼彈, hp: 4, damage: 2, grants: [{keyword: 'repair:2repair:2'}]}]}\n"
    )
    with pytest.raises(BoardError, match="not a gcg keyword effect"):
        rule_text(text)


def test_a_name_in_the_other_chinese_script_is_read_as_the_boards_card():
    ruling = replay({"battle": [unit("薩克II")]}, {}, [{"attack": {"by": "萨克II"}}])
    assert texts(ruling)[0] == "攻擊步驟：回合玩家 A 將「薩克II」轉為休息狀態，宣言攻擊對象為對方玩家 B。"


# --- what a refused action leaves, and effects that rest or set active ------------------------


def test_a_refused_use_leaves_the_card_in_the_hand_and_a_refused_discard_leaves_every_card():
    pilot = {"name": "阿姆羅·雷", "kind": "pilot", "level": 1, "cost": 1, "ap": 1, "hp": 1}
    a = {"hand": {"cards": [pilot], "unnamed": 2}, "energy": {"active": 3, "rested": 0}}
    b = {"battle": [unit("薩克")]}
    refused = replay(a, b, [{"pair": {"card": "阿姆羅·雷", "unit": "薩克"}}])
    assert refused.outcome.result is Result.REFUSED
    assert refused.outcome.state.players.A.hand.names() == ["阿姆羅·雷"]
    hand = {"cards": [{"name": f"卡{i}"} for i in range(12)], "unnamed": 0}
    a = {"hand": hand, "trash": {"cards": [{"name": "卡99"}], "unnamed": 0}}  # 卡99: not in the hand
    discard = replay(a, {}, [{"discard": {"cards": ["卡0", "卡99"]}}], phase="end", step="hand")
    assert discard.outcome.refused.cites == ("5-11-1",)
    assert discard.outcome.state.players.A.hand.total == 12


def test_an_effect_that_rests_a_rested_unit_does_nothing():
    ruling = replay({}, {"battle": [unit("薩克", status="rested")]}, [{"rest": {"card": "薩克"}}])
    assert "1-3-2-1" in why_not(ruling) and ruling.decisive == ()


def test_a_hand_of_exactly_ten_at_the_hand_step_discards_nothing():
    """7-6-5-1 discards down to ten only a hand over ten: a snapshot at the hand step plays it out."""
    board = {"turn": 7, "turn_player": "A", "phase": "end", "step": "hand", "players": {"A": {"hand": 10}}}
    ruling = rule({"game": "gcg", "state": board, "actions": []})  # no ``until``: the rules play on
    assert why_not(ruling) == {"7-6-5-1", "4-8-4"} and ruling.decisive == ()
    assert ruling.outcome.state.players.A.hand.total == 10 and ruling.outcome.state.step == "cleanup"


def test_only_a_card_on_the_field_is_rested_or_set_active():
    ruling = replay(
        {"hand": {"cards": [{"name": "吉姆"}], "unnamed": 0}}, {}, [{"set_active": {"card": "吉姆"}}]
    )
    assert ruling.outcome.refused.cites == ("5-4-1",)


def test_a_unit_an_effect_sets_active_in_the_action_step_keeps_the_battle_going():
    a = {"battle": [unit("鋼彈", 3, 4)], "energy": {"active": 2, "rested": 0}}
    b = {"base": "none", "shields": 2, "battle": [unit("吉姆", 2, 3, keywords=["blocker"], status="rested")]}
    flash = {"name": "緊急起動", "kind": "command", "level": 1, "cost": 1, "timing": ["action"]}
    actions = [
        {"attack": {"by": "鋼彈"}},
        "no_block",
        {"pass": {"player": "B"}},
        {"command": {"card": flash}},
        {"set_active": {"card": "鋼彈"}},
    ]
    ruling = replay(a, b, actions)
    assert ruling.outcome.battles[0].shields_destroyed == 1
    assert ruling.outcome.state.players.A.battle.cards[0].status is Status.ACTIVE


def test_the_turn_players_flash_command_before_the_non_turn_player_acted_is_refused():
    """The action step starts with the non-turn player (9-2, 9-3): the turn player acts once it passed."""
    a = {"battle": [unit("鋼彈", 3, 4)], "energy": {"active": 2, "rested": 0}}
    flash = {"name": "緊急起動", "kind": "command", "level": 1, "cost": 1, "timing": ["action"]}
    ruling = replay(
        a,
        {"base": "none", "shields": 2},
        [{"attack": {"by": "鋼彈"}}, "no_block", {"command": {"card": flash}}],
    )
    assert ruling.outcome.result is Result.REFUSED and ruling.outcome.refused.cites == ("9-2", "9-3", "9-4-2")


def test_a_flash_command_boards_in_no_action_step_but_a_pilot_listed_after_a_battle_boards_after_it():
    flash_pilot = {
        "name": "決意",
        "kind": "command",
        "level": 1,
        "cost": 1,
        "ap": 1,
        "hp": 1,
        "timing": ["action"],
    }
    a = {"battle": [unit("鋼彈", status="rested")], "hand": 2, "energy": {"active": 2, "rested": 0}}
    late = replay(a, {}, [{"pair": {"card": flash_pilot, "unit": "鋼彈"}}], phase="end", step="action")
    assert late.outcome.refused.cites == ("13-2-4-2",)
    pilot = {"name": "阿姆羅·雷", "kind": "pilot", "level": 1, "cost": 1, "ap": 1, "hp": 1}
    a = {"battle": [unit("鋼彈"), unit("吉姆")], "hand": 2, "energy": {"active": 2, "rested": 0}}
    after = replay(
        a,
        {"base": "none", "shields": 2},
        [{"attack": {"by": "鋼彈"}}, "no_block", {"pair": {"card": pilot, "unit": "吉姆"}}],
    )
    assert after.outcome.battles[0].shields_destroyed == 1
    assert after.outcome.state.players.A.battle.find("吉姆").pilot.name == "阿姆羅·雷"


def test_a_link_condition_by_trait_matches_with_or_without_the_printed_brackets():
    gundam = {
        "name": "鋼彈",
        "kind": "unit",
        "level": 3,
        "cost": 2,
        "ap": 3,
        "hp": 3,
        "link": ["〈白色基地隊〉"],
    }
    pilot = {
        "name": "塞拉",
        "kind": "pilot",
        "level": 1,
        "cost": 1,
        "ap": 1,
        "hp": 1,
        "traits": ["白色基地隊"],
    }
    actions = [
        {"deploy": {"card": gundam}},
        {"pair": {"card": pilot, "unit": "鋼彈"}},
        {"attack": {"by": "鋼彈"}},
    ]
    ruling = replay(
        {"hand": 5, "energy": {"active": 5, "rested": 0}}, {"base": "none", "shields": 2}, actions
    )
    assert ruling.outcome.result is Result.CONTINUES and "3-2-6-3" in ruling.decisive


def test_in_a_snapshot_after_the_non_turn_players_pass_the_turn_player_passes_and_the_step_ends():
    battle = {"attacker": "鋼彈", "step": "action", "passes": 1}
    a = {"battle": [unit("鋼彈", status="rested")]}
    ruling = replay(a, {"base": "none", "shields": 2}, [{"pass": {"player": "A"}}], battle=battle)
    assert "9-5" in ruling.cited and ruling.outcome.state.players.B.shields.total == 1
    refused = replay(a, {"base": "none", "shields": 2}, [{"pass": {"player": "B"}}], battle=battle)
    assert refused.outcome.refused.cites == ("9-4-2",)


def test_an_effect_after_one_done_only_in_part_does_not_happen():
    """「那樣做時」 (``if_done``): discard 2 from a hand of 1 is done only in part (1-3-2)."""
    discard = {
        "move": {"count": 2, "from": {"player": "A", "zone": "hand"}, "to": {"player": "A", "zone": "trash"}}
    }
    then = {"draw": {"player": "A", "count": 2}, "if_done": True}
    short = replay({"hand": 1, "deck": 10, "trash": 0}, {}, [{"effect": discard}, {"effect": then}])
    assert short.outcome.state.players.A.hand.total == 0 and "10-2-1" in short.cited
    full = replay({"hand": 2, "deck": 10, "trash": 0}, {}, [{"effect": discard}, {"effect": then}])
    assert full.outcome.state.players.A.hand.total == 2
