"""ucg engine, question by question, each case taken from the clause it tests."""

from __future__ import annotations

import re

import pytest

from corpus.library import load_book
from judge.games.ucg.decklist import DeckRuling
from judge.games.ucg.judgment import AreaReason, AreaResult, JudgmentReason, NextLead
from judge.games.ucg.scene import SceneRuling
from judge.games.ucg.setting import Setting
from judge.games.ucg.stacking import Remedy, Stacking
from judge.registry import rule
from judge.ruling import StepKind

STATES = ["SINGLE", "DOUBLE", "TRIPLE", "QUAD"]


def ch(bp: int, cards: int = 1, **extra) -> dict:
    """A character whose printed BP at its state is ``bp``."""
    printed = {STATES[cards - 1]: bp, **extra.pop("printed", {})}
    return {"cards": cards, "bp": printed, **extra}


def judgment(*areas, first="A"):
    return rule(
        {
            "game": "ucg",
            "question": "judgment",
            "first_player": first,
            "areas": [dict(zip("AB", pair, strict=True)) for pair in areas],
        }
    )


def number_in(clause: str, pattern: str) -> int:
    """A number the rulebook states, read from the clause text (not copied by hand)."""
    return int(re.search(pattern, load_book("ucg").get(clause).text.replace(" ", "")).group(1))


# --- judgment: game result (1.3.2, 1.3.3, 1.3.3.1) ----------------------------


def test_three_battles_won_wins_the_game():
    needed = number_in("1.3.2", r"在(\d+)處或以上")
    areas = [(ch(5000), ch(3000))] * needed + [(ch(1000), ch(2000))]
    ruling = judgment(*areas)
    assert ruling.outcome.reason is JudgmentReason.THREE_BATTLES_WON
    assert ruling.outcome["winner"] == "A"
    assert ruling.outcome["next_first_player"] is None
    assert set(ruling.decisive) == {"1.3.2", "8.1.1", "5.9.4.1"}


def test_two_wins_do_not_end_the_game_and_the_newest_winner_leads():
    ruling = judgment((ch(5000), ch(3000)), (ch(5000), ch(3000)), (ch(1000), ch(2000)))
    assert ruling.outcome.reason is JudgmentReason.GAME_CONTINUES
    assert ruling.outcome["next_first_player"] == "B"
    assert ruling.outcome["next_first_player_reason"] is NextLead.WON_NEWEST
    assert set(ruling.decisive) == {"5.9.6.1", "8.1.1", "5.9.4.1"}


def test_both_with_three_or_more_the_larger_count_wins():
    areas = [(ch(5000), ch(3000))] * 4 + [(ch(1000), ch(2000))] * 3
    ruling = judgment(*areas)
    assert ruling.outcome.reason is JudgmentReason.MORE_BATTLES_WON
    assert ruling.outcome["winner"] == "A"
    assert ruling.outcome["wins"] == {"A": 4, "B": 3}
    assert set(ruling.decisive) == {"1.3.2", "1.3.3", "8.1.1", "5.9.4.1"}


def test_both_with_three_and_equal_counts_play_on():
    areas = [(ch(5000), ch(3000))] * 3 + [(ch(1000), ch(2000))] * 3
    ruling = judgment(*areas, first="A")
    assert ruling.outcome.reason is JudgmentReason.TIED_WINS_CONTINUE
    assert ruling.outcome["winner"] is None
    assert ruling.outcome["next_first_player"] == "B"
    assert {"1.3.3.1", "5.9.6.1"} <= set(ruling.decisive)


# --- judgment: one area (5.9.4, 5.9.5, 12.4.2) -------------------------------


def test_equal_bp_is_a_draw_and_the_first_player_keeps_the_lead():
    ruling = judgment((ch(4000), ch(4000)), first="B")
    assert ruling.outcome["areas"][0]["result"] is AreaResult.DRAW
    assert ruling.outcome["next_first_player"] == "B"
    assert ruling.outcome["next_first_player_reason"] is NextLead.EQUAL_BP_DRAW
    assert set(ruling.decisive) == {"5.9.6.2", "8.1.1", "5.9.5.1"}


def test_a_lone_character_wins_its_area():
    ruling = judgment((None, ch(0)))
    assert ruling.outcome["areas"][0]["reason"] is AreaReason.LONE_CHARACTER
    assert ruling.outcome["next_first_player"] == "B"
    assert "12.4.2.1" in ruling.decisive


def test_an_empty_newest_area_has_no_result_and_the_lead_stays():
    ruling = judgment((ch(3000), ch(2000)), (None, None), first="B")
    assert ruling.outcome["areas"][1]["result"] is AreaResult.NONE
    assert ruling.outcome["next_first_player"] == "B"
    assert ruling.outcome["next_first_player_reason"] is NextLead.NO_RESULT
    assert set(ruling.decisive) == {"12.4.2.3", "12.4.2.2"}


# --- judgment: BP (8.1, 11.6, 11.7, 11.17) ------------------------------------


@pytest.mark.parametrize("cards", [1, 2, 3, 4])
def test_bp_is_the_top_cards_value_for_the_stack_size(cards):
    printed = {"SINGLE": 1000, "DOUBLE": 2000, "TRIPLE": 3000, "QUAD": 4000}
    ruling = judgment(({"cards": cards, "bp": printed}, ch(2500)))
    assert ruling.outcome["areas"][0]["bp"]["A"] == printed[STATES[cards - 1]]
    assert ruling.steps[1].values["state"].value == STATES[cards - 1]


def test_extra_bp_replaces_the_state_value_when_its_condition_is_met():
    ruling = judgment((ch(3000, printed={"EXTRA": 9000}, extra=True), ch(5000)))
    assert ruling.outcome["areas"][0]["bp"]["A"] == 9000
    assert {"8.1.2", "5.9.6.1"} <= set(ruling.decisive)


def test_charge_cards_do_not_count_towards_the_state():
    a = ch(3000, charges=2, printed={"DOUBLE": 6000, "TRIPLE": 8000})
    ruling = judgment((a, ch(5000)))
    assert ruling.outcome["areas"][0]["bp"]["A"] == 3000
    assert "11.17.2" in ruling.decisive  # counted, A would be TRIPLE and win


def test_level_up_uses_the_next_states_bp_and_bp_changes_come_after():
    a = ch(5000, cards=2, printed={"TRIPLE": 7000}, level_changes=["UP"], bp_changes=[-1500])
    ruling = judgment((a, ch(5000)))
    assert ruling.outcome["areas"][0]["bp"]["A"] == 5500
    assert "11.6.1" in ruling.decisive  # without it: 5000 - 1500 < 5000
    assert "11.7.1" not in ruling.decisive  # without it 7000 still wins
    assert any(s.cites == ("11.7.3", "11.7.1") for s in ruling.steps)


def test_up_and_down_together_restore_the_original_bp():
    a = ch(5000, cards=2, printed={"SINGLE": 2000, "TRIPLE": 7000}, level_changes=["UP", "DOWN"])
    ruling = judgment((a, ch(4000)))
    assert ruling.outcome["areas"][0]["bp"]["A"] == 5000
    assert any("11.6.5" in s.cites for s in ruling.steps)


def test_extra_bp_has_no_level_to_move_to():
    a = ch(3000, printed={"DOUBLE": 5000, "EXTRA": 8000}, extra=True, level_changes=["DOWN"])
    ruling = judgment((a, ch(6000)))
    assert ruling.outcome["areas"][0]["bp"]["A"] == 8000
    assert any("11.6.4" in s.cites for s in ruling.steps)


def test_a_level_change_without_a_printed_target_bp_is_reported_not_guessed():
    a = ch(9000, cards=4, level_changes=["UP"])
    ruling = judgment((a, ch(5000)))
    assert ruling.outcome["areas"][0]["result"] is AreaResult.UNDECIDED
    assert ruling.outcome["next_first_player_reason"] is NextLead.UNDECIDED
    assert any(s.kind is StepKind.SILENT and "11.6.3" in s.cites for s in ruling.gaps)


def test_an_undecided_area_that_cannot_change_the_result_leaves_it_decided():
    won = [(ch(5000), ch(3000))] * 3
    ruling = judgment(*won, (ch(9000, cards=4, level_changes=["UP"]), ch(1)))
    assert ruling.outcome.reason is JudgmentReason.THREE_BATTLES_WON
    assert ruling.outcome["winner"] == "A"


def test_an_undecided_area_that_could_change_the_result_makes_it_undecided():
    won = [(ch(5000), ch(3000))] * 2
    ruling = judgment(*won, (ch(9000, cards=4, level_changes=["UP"]), ch(1)))
    assert ruling.outcome.reason is JudgmentReason.UNDECIDED
    assert {"three_battles_won", "game_continues"} == {p["reason"].value for p in ruling.outcome["possible"]}
    assert "11.6.3" in ruling.decisive


def test_bp_below_zero_is_zero():
    ruling = judgment((ch(1000, bp_changes=[-3000]), ch(1000, bp_changes=[-1000])))
    assert ruling.outcome["areas"][0]["bp"] == {"A": 0, "B": 0}
    assert ruling.outcome["areas"][0]["result"] is AreaResult.DRAW
    assert "11.7.2" in ruling.decisive  # without it, -2000 < 0 and B would win


def test_bp_that_dips_below_zero_and_rises_again_is_left_open():
    ruling = judgment((ch(1000, bp_changes=[-3000, 2500]), ch(1000)))
    assert ruling.outcome["areas"][0]["result"] is AreaResult.UNDECIDED
    gap, lead = ruling.gaps
    assert gap.cites == ("11.7.2",)
    assert lead.cites == ("5.9.6.1",)
    assert gap.values == {"each_step": 2500, "at_end": 500}


# --- judgment: forced results (11.16) and the silent case ---------------------


@pytest.mark.parametrize(
    "forced_a, forced_b, result, reason, clause",
    [
        ("WIN", None, AreaResult.A, AreaReason.FORCED_WIN, "11.16.1"),
        ("DRAW", None, AreaResult.DRAW, AreaReason.FORCED_DRAW, "11.16.1"),
        ("WIN", "WIN", AreaResult.DRAW, AreaReason.BOTH_FORCED_WIN, "11.16.2"),
        ("DRAW", "WIN", AreaResult.B, AreaReason.WIN_BEATS_DRAW, "11.16.3"),
    ],
)
def test_forced_results(forced_a, forced_b, result, reason, clause):
    ruling = judgment((ch(1000, forced=forced_a), ch(9000, forced=forced_b)), first="A")
    area = ruling.outcome["areas"][0]
    assert (area["result"], area["reason"]) == (result, reason)
    assert any(clause in s.cites for s in ruling.steps)


def test_a_forced_draw_with_unequal_bp_in_the_newest_area_leaves_the_lead_undecided():
    ruling = judgment((ch(5000), ch(2000, forced="DRAW")), first="B")
    assert ruling.outcome.reason is JudgmentReason.GAME_CONTINUES
    assert ruling.outcome["next_first_player"] is None
    assert ruling.outcome["next_first_player_reason"] is NextLead.RULEBOOK_SILENT
    (gap,) = ruling.gaps
    assert gap.kind is StepKind.SILENT and {"5.9.6.1", "5.9.6.2"} <= set(gap.cites)
    assert {"5.9.6.1", "5.9.6.2", "11.16.1"} <= set(ruling.decisive)


def test_a_forced_draw_with_equal_bp_keeps_the_lead_by_5_9_6_2():
    ruling = judgment((ch(3000), ch(3000, forced="DRAW")), first="B")
    assert ruling.outcome["next_first_player"] == "B"
    assert ruling.outcome["next_first_player_reason"] is NextLead.EQUAL_BP_DRAW
    assert ruling.gaps == ()


# --- level_up (5.6, 11.15, 11.18, 12.1, 12.2) --------------------------------


def level_up(stack, cards, **extra):
    return rule({"game": "ucg", "question": "level_up", "stack": stack, "cards": cards, **extra})


TIGA = {"name": "迪卡", "level": 1}


def test_one_level_higher_with_the_same_name_is_legal():
    ruling = level_up([TIGA], [{"name": "迪卡", "level": 2}])
    assert ruling.outcome.reason is Stacking.LEGAL
    assert ruling.outcome["state_after"].value == "DOUBLE"
    assert set(ruling.decisive) == {"5.6.1", "2.3.2.2"}


def test_a_shared_team_stands_in_for_the_name():
    ruling = level_up([{**TIGA, "team": ["光"]}], [{"name": "戴拿", "level": 2, "team": ["光"]}])
    assert ruling.outcome["legal"] is True
    assert "11.18.1" in ruling.decisive


@pytest.mark.parametrize(
    "card, reason, clause",
    [
        ({"name": "戴拿", "level": 2}, Stacking.NAME_MISMATCH, "5.6.1"),
        ({"name": "迪卡", "level": 1}, Stacking.SAME_LEVEL, "5.6.2.2"),
        ({"name": "迪卡", "level": 3}, Stacking.SKIPS_LEVEL, "5.6.2.2"),
    ],
)
def test_illegal_level_ups_return_the_card_to_hand(card, reason, clause):
    ruling = level_up([{**TIGA, "level": 1}], [card])
    assert ruling.outcome.reason is reason
    assert ruling.outcome["remedy"] is Remedy.RETURN_TO_HAND
    assert {clause, "12.1.1"} <= set(ruling.decisive)


def test_once_per_phase_and_one_card_at_a_time():
    ruling = level_up(
        [TIGA], [{"name": "迪卡", "level": 2}, {"name": "迪卡", "level": 3}], leveled_this_phase=True
    )
    assert ruling.outcome["violations"] == [Stacking.MORE_THAN_ONE_CARD, Stacking.ALREADY_LEVELED]
    assert "5.6.2.3" in ruling.decisive


def test_a_wrong_level_up_by_an_effect_goes_to_the_discard_after_the_effect():
    ruling = level_up([TIGA], [{"name": "迪卡", "level": 3}], placed_by="EFFECT", leveled_this_phase=True)
    assert ruling.outcome["violations"] == [Stacking.SKIPS_LEVEL]  # the phase limit is not the effect's
    assert ruling.outcome["remedy"] is Remedy.TO_DISCARD_AFTER_EFFECT
    assert {"12.2.1", "12.2.2"} <= set(ruling.decisive)


def test_a_fifth_card_cannot_be_stacked():
    stack = [{"name": "迪卡", "level": n} for n in range(1, 5)]
    ruling = level_up(stack, [{"name": "迪卡", "level": 5}])
    assert ruling.outcome.reason is Stacking.STACK_FULL
    assert "8.1.1" in ruling.decisive


def test_a_card_without_single_bp_may_level_up():
    ruling = level_up([TIGA], [{"name": "迪卡", "level": 2, "single_bp": False}])
    assert ruling.outcome["legal"] is True
    assert any("11.15.1" in s.cites for s in ruling.steps)


# --- set_scene (2.4.2, 5.4, 6.1–6.3) -----------------------------------------


def set_scene(**board):
    base = {
        "game": "ucg",
        "question": "set_scene",
        "player": "A",
        "first_player": "A",
        "battle_areas": 2,
        "scene": {"name": "光之國", "round": 2},
        "deck": 10,
        "hand": 3,
    }
    return rule({**base, **board})


def test_a_scene_needs_as_many_battle_areas_as_its_round_icon():
    assert set_scene(battle_areas=2).outcome["legal"] is True
    ruling = set_scene(battle_areas=1)
    assert ruling.outcome.reason is SceneRuling.ROUND_TOO_LOW
    assert {"2.4.2.3", "2.4.2.2", "6.3.1"} <= set(ruling.decisive)


def test_replacing_needs_the_same_or_a_higher_round_and_the_old_scene_goes_to_its_owner():
    ruling = set_scene(current={"name": "怪獸墓場", "round": 2, "owner": "B"})
    assert ruling.outcome.reason is SceneRuling.REPLACES
    assert ruling.outcome["replaced"] == {"name": "怪獸墓場", "to": "discard:B"}
    lower = set_scene(current={"name": "怪獸墓場", "round": 3, "owner": "B"}, battle_areas=3)
    assert lower.outcome.reason is SceneRuling.REPLACEMENT_TOO_LOW
    assert "6.3.2" in lower.decisive


def test_only_the_first_player_sets_a_scene_in_the_scene_phase_and_one_per_turn():
    ruling = set_scene(player="B", set_this_turn=1)
    assert ruling.outcome["refusals"] == [SceneRuling.NOT_FIRST_PLAYER, SceneRuling.ALREADY_SET_THIS_TURN]
    assert set_scene(player="B", by_effect=True).outcome["legal"] is True


def test_the_draw_is_a_choice_with_an_outcome_for_each_option():
    ruling = set_scene()
    drew, kept = ruling.choices
    assert (drew.option, drew.outcome["hand"], drew.outcome["deck"]) == ({"draw": True}, 4, 9)
    assert (kept.option, kept.outcome["hand"], kept.outcome["deck"]) == ({"draw": False}, 3, 10)


def test_drawing_from_an_empty_deck_does_not_lose():
    drew = set_scene(deck=0).choices[0]
    assert drew.outcome["drew"] is False
    assert any("1.3.6" in s.cites for s in drew.steps)


def test_a_scene_set_by_an_effect_with_an_on_appear_effect_reports_the_timing_conflict():
    ruling = set_scene(by_effect=True, on_appear=True)
    (gap,) = ruling.gaps
    assert gap.kind is StepKind.CONFLICT and set(gap.cites) == {"6.2.2", "6.2.3"}


# --- set_character (1.3.4, 5.5, 12.4.3) --------------------------------------


def set_character(empty, hand, areas=3, first="A"):
    return rule(
        {
            "game": "ucg",
            "question": "set_character",
            "first_player": first,
            "battle_areas": areas,
            "empty": empty,
            "hand": hand,
        }
    )


def test_each_player_needs_a_new_character_plus_one_per_empty_area():
    ruling = set_character({"A": 1, "B": 0}, {"A": {"characters": 2}, "B": {"characters": 1}})
    assert ruling.outcome.reason is Setting.BOTH_SET
    assert ruling.outcome["needed"] == {"A": 2, "B": 1}


def test_the_first_player_who_cannot_set_loses_before_the_second_players_step():
    ruling = set_character({"A": 1, "B": 2}, {"A": {"characters": 1}, "B": {"characters": 0}})
    assert ruling.outcome.reason is Setting.FIRST_PLAYER_LOSES
    assert (ruling.outcome["loser"], ruling.outcome["winner"]) == ("A", "B")
    assert {"1.3.4", "12.4.3"} <= set(ruling.decisive)


def test_cards_without_single_bp_cannot_fill_an_area():
    ruling = set_character(
        {"A": 0, "B": 0}, {"A": {"characters": 1}, "B": {"characters": 0, "without_single_bp": 3}}
    )
    assert ruling.outcome.reason is Setting.SECOND_PLAYER_LOSES
    assert any("11.15.1" in s.cites for s in ruling.steps)


# --- deck (4.1.1–4.1.3, 2.3.9.1) ---------------------------------------------


def deck(*cards):
    return rule({"game": "ucg", "question": "deck", "cards": list(cards)})


def card(number, count, name=None, **extra):
    return {"number": number, "name": name or f"卡{number}", "count": count, **extra}


def test_a_deck_is_exactly_the_stated_size():
    size, copies = number_in("4.1.1", r"正好由(\d+)張"), number_in("4.1.2", r"最多可在牌組中放入(\d+)張")
    full = [card(f"X-{i}", copies) for i in range(size // copies)] + [card("Y", size % copies)]
    assert deck(*full).outcome.reason is DeckRuling.LEGAL
    short = deck(*full[:-1])
    assert short.outcome.reason is DeckRuling.WRONG_SIZE
    assert short.decisive == ("4.1.1",)


def test_alternate_art_counts_as_the_same_card():
    cards = [card(f"X-{i}", 4) for i in range(11)] + [
        card("Z-1", 4, "迪卡"),
        card("Z-1P", 2, "迪卡", counts_as="Z-1"),
    ]
    ruling = deck(*cards)
    assert ruling.outcome.reason is DeckRuling.TOO_MANY_COPIES
    assert ruling.outcome["over_limit"] == [{"name": "迪卡", "number": "Z-1", "count": 6}]
    assert {"4.1.2", "4.1.3"} <= set(ruling.decisive)


def test_same_number_under_different_names_is_where_the_book_disagrees_with_itself():
    cards = [card(f"X-{i}", 4) for i in range(11)] + [card("Z-1", 3, "迪卡"), card("Z-1", 3, "迪卡 複合型")]
    ruling = deck(*cards)
    assert ruling.outcome.reason is DeckRuling.RULEBOOK_CONFLICT
    assert ruling.outcome["legal"] is None
    (gap,) = ruling.gaps
    assert gap.kind is StepKind.CONFLICT and {"2.3.9.1", "4.1.2"} <= set(gap.cites)
