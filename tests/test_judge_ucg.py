"""ucg engine on the replay, rule by rule: each case built from the clause it tests.

The situations of whole turns are in ``judge/examples/ucg/`` (checked by
``test_judge_ucg_situations.py``); here each rule is taken alone, through
the question views (a snapshot at the start of one phase, replayed to its end).
"""

from __future__ import annotations

import re

import pytest

from corpus.library import load_book
from judge.board import BoardError
from judge.games.ucg.battle import AreaReason, AreaResult, NextLead
from judge.games.ucg.decklist import DeckRuling
from judge.games.ucg.outcome import UcgReason
from judge.outcome import Result
from judge.players import Player
from judge.registry import rule
from judge.ruling import StepKind
from judge.state import Status

STATES = ["SINGLE", "DOUBLE", "TRIPLE", "QUAD"]
NAMES = iter(f"C{n}" for n in range(10_000))


def ch(
    bp: int, cards: int = 1, printed: dict | None = None, levels=(), bp_changes=(), forced=None, **extra
) -> dict:
    """A character whose printed BP at its stack is ``bp``; level and BP changes, forced results."""
    modifiers = [{"stat": "level", "by": 1 if change == "UP" else -1} for change in levels]
    modifiers += [{"stat": "bp", "by": change} for change in bp_changes]
    grants = [{"keyword": {"WIN": "win_battle", "DRAW": "draw_battle"}[forced]}] if forced else []
    return {
        "name": next(NAMES),
        "cards": cards,
        "bp": {STATES[cards - 1]: bp, **(printed or {})},
        "modifiers": modifiers,
        "grants": grants,
        **extra,
    }


def named(side: dict | None) -> dict | None:
    """A copy of a character with a name of its own (areas built by ``[…] * n`` share dicts)."""
    return None if side is None else {**side, "name": next(NAMES)}


def judgment(*areas, first="A"):
    return rule(
        {
            "game": "ucg",
            "question": "judgment",
            "state": {
                "turn": 3,
                "turn_player": first,
                "areas": [{"A": named(a), "B": named(b)} for a, b in areas],
            },
        }
    )


def effect_step(areas: list, actions: list) -> dict:
    """A timeline from the first player's effect step of turn 3 (A leads), no scene set yet."""
    state = {
        "turn": 3,
        "turn_player": "A",
        "phase": "effect",
        "step": "first",
        "scene_set": False,
        "areas": areas,
    }
    return {"game": "ucg", "state": state, "actions": actions}


def area(ruling, number: int) -> dict:
    return ruling.outcome.battles[number - 1].model_dump()


def number_in(clause: str, pattern: str) -> int:
    """A number the rulebook states, read from the clause text (not copied by hand)."""
    return int(re.search(pattern, load_book("ucg").get(clause).text.replace(" ", "")).group(1))


# --- judgment: game result (1.3.2, 1.3.3, 1.3.3.1) ----------------------------


def test_three_battles_won_wins_the_game():
    needed = number_in("1.3.2", r"在(\d+)處或以上")
    areas = [(ch(5000), ch(3000))] * needed + [(ch(1000), ch(2000))]
    ruling = judgment(*areas)
    assert (ruling.outcome.result, ruling.outcome.reason) == (Result.WON, UcgReason.THREE_BATTLES_WON)
    assert ruling.outcome.winner is Player.A
    assert ruling.outcome.next_first_player is None
    assert set(ruling.decisive) == {"1.3.2", "8.1.1", "5.9.4.1"}


def test_two_wins_do_not_end_the_game_and_the_newest_winner_leads():
    ruling = judgment((ch(5000), ch(3000)), (ch(5000), ch(3000)), (ch(1000), ch(2000)))
    assert (ruling.outcome.result, ruling.outcome.reason) == (Result.CONTINUES, UcgReason.GAME_CONTINUES)
    assert ruling.outcome.next_first_player is Player.B
    assert ruling.outcome.next_first_player_reason is NextLead.WON_NEWEST
    assert set(ruling.decisive) == {"5.9.6.1", "8.1.1", "5.9.4.1"}
    (why_not,) = ruling.not_applied
    assert why_not.cites == ("1.3.2",) and "2 比 1" in why_not.text


def test_both_with_three_or_more_the_larger_count_wins():
    areas = [(ch(5000), ch(3000))] * 4 + [(ch(1000), ch(2000))] * 3
    ruling = judgment(*areas)
    assert ruling.outcome.reason is UcgReason.MORE_BATTLES_WON and ruling.outcome.winner is Player.A
    assert ruling.outcome.wins == {Player.A: 4, Player.B: 3}
    assert set(ruling.decisive) == {"1.3.2", "1.3.3", "8.1.1", "5.9.4.1"}


def test_both_with_three_and_equal_counts_play_on():
    areas = [(ch(5000), ch(3000))] * 3 + [(ch(1000), ch(2000))] * 3
    ruling = judgment(*areas, first="A")
    assert ruling.outcome.reason is UcgReason.TIED_WINS_CONTINUE and ruling.outcome.winner is None
    assert ruling.outcome.next_first_player is Player.B
    assert {"1.3.3.1", "5.9.6.1"} <= set(ruling.decisive)


def test_equal_bp_is_a_draw_the_first_player_keeps_the_lead_and_both_turn_sideways():
    ruling = judgment((ch(3000), ch(3000)), first="B")
    assert area(ruling, 1)["result"] is AreaResult.DRAW
    assert ruling.outcome.next_first_player is Player.B
    assert {"5.9.6.2", "5.9.5.1"} <= set(ruling.decisive)
    a, b = ruling.outcome.state.areas[0].A, ruling.outcome.state.areas[0].B
    assert a.status is b.status is Status.RESTED
    assert any(s.cites == ("5.9.5.2",) for s in ruling.steps)


def test_the_winner_stays_upright_and_the_loser_is_turned_sideways():
    ruling = judgment((ch(5000, status="rested"), ch(3000, status="active")))
    a, b = ruling.outcome.state.areas[0].A, ruling.outcome.state.areas[0].B
    assert (a.status, b.status) == (Status.ACTIVE, Status.RESTED)
    assert any(s.cites == ("5.9.4.2",) for s in ruling.steps)


def test_a_lone_character_wins_its_area():
    ruling = judgment((None, ch(1000)))
    assert (area(ruling, 1)["result"], area(ruling, 1)["reason"]) == (AreaResult.B, AreaReason.LONE_CHARACTER)
    assert "12.4.2.1" in ruling.decisive


def test_an_empty_newest_area_has_no_result_and_the_lead_stays():
    ruling = judgment((ch(3000), ch(2000)), (None, None), first="B")
    assert area(ruling, 2)["result"] is AreaResult.NONE
    assert ruling.outcome.next_first_player is Player.B
    assert ruling.outcome.next_first_player_reason is NextLead.NO_RESULT
    assert set(ruling.decisive) == {"12.4.2.3", "12.4.2.2"}


# --- judgment: BP (8.1, 11.6, 11.7, 11.17) ------------------------------------


@pytest.mark.parametrize("cards", [1, 2, 3, 4])
def test_bp_is_the_top_cards_value_for_the_stack_size(cards):
    printed = {"SINGLE": 1000, "DOUBLE": 2000, "TRIPLE": 3000, "QUAD": 4000}
    ruling = judgment((ch(printed[STATES[cards - 1]], cards, printed=printed), ch(2500)))
    assert area(ruling, 1)["bp"][Player.A] == printed[STATES[cards - 1]]
    assert ruling.steps[1].values["state"] == STATES[cards - 1]


def test_extra_bp_replaces_the_stack_value_when_its_condition_is_met():
    ruling = judgment((ch(3000, printed={"EXTRA": 9000}, extra=True), ch(5000)))
    assert area(ruling, 1)["bp"][Player.A] == 9000
    assert {"8.1.2", "5.9.6.1"} <= set(ruling.decisive)


def test_an_extra_condition_not_given_is_asked_only_where_the_card_prints_an_extra_bp():
    ruling = judgment((ch(3000, printed={"EXTRA": 9000}), ch(5000)))
    assert ruling.outcome.result is Result.DEPENDS
    assert [c.outcome.next_first_player for c in ruling.choices] == [Player.A, Player.B]
    assert judgment((ch(3000), ch(5000))).choices == ()


def test_charge_cards_do_not_count_towards_the_stack():
    ruling = judgment((ch(3000, charges=2, printed={"DOUBLE": 6000, "TRIPLE": 8000}), ch(5000)))
    assert area(ruling, 1)["bp"][Player.A] == 3000
    assert "11.17.2" in ruling.decisive  # counted, A would be TRIPLE and win


def test_level_up_uses_the_next_stacks_bp_and_bp_changes_come_after():
    a = ch(5000, cards=2, printed={"TRIPLE": 7000}, levels=["UP"], bp_changes=[-1500])
    ruling = judgment((a, ch(5000)))
    assert area(ruling, 1)["bp"][Player.A] == 5500
    assert "11.6.1" in ruling.decisive  # without it: 5000 - 1500 < 5000
    assert "11.7.1" not in ruling.decisive  # without it 7000 still wins
    assert any(s.cites == ("11.7.3", "11.7.1") for s in ruling.steps)


def test_up_and_down_together_restore_the_original_bp():
    a = ch(5000, cards=2, printed={"SINGLE": 2000, "TRIPLE": 7000}, levels=["UP", "DOWN"])
    ruling = judgment((a, ch(4000)))
    assert area(ruling, 1)["bp"][Player.A] == 5000
    assert any("11.6.5" in s.cites for s in ruling.steps)


def test_extra_bp_has_no_level_to_move_to():
    a = ch(3000, printed={"DOUBLE": 5000, "EXTRA": 8000}, extra=True, levels=["DOWN"])
    ruling = judgment((a, ch(6000)))
    assert area(ruling, 1)["bp"][Player.A] == 8000
    assert any("11.6.4" in s.cites for s in ruling.steps)


@pytest.mark.parametrize(
    "character",
    [
        ch(9000, cards=4, levels=["UP"]),  # no stack above QUAD
        ch(9000, cards=2, levels=["DOWN"], single_bp=False),  # a card that prints no SINGLE BP (11.15)
    ],
)
def test_a_level_change_with_no_bp_to_change_to_still_applies_and_keeps_the_bp(character):
    ruling = judgment((character, ch(8000)))
    assert area(ruling, 1)["bp"][Player.A] == 9000
    assert any("11.6.3" in s.cites for s in ruling.steps) and ruling.gaps == ()


def test_a_level_change_to_a_bp_the_board_does_not_give_is_reported_and_each_result_replayed():
    ruling = judgment((ch(9000, cards=2, levels=["UP"]), ch(5000)))
    assert ruling.outcome.result is Result.DEPENDS
    # A wins it: A leads turn 4 (5.9.6.1); it is drawn: A leads still (5.9.6.2); B wins it: B leads
    leads = sorted((c.outcome.next_first_player, c.outcome.next_first_player_reason) for c in ruling.choices)
    assert leads == [
        (Player.A, NextLead.EQUAL_BP_DRAW),
        (Player.A, NextLead.WON_NEWEST),
        (Player.B, NextLead.WON_NEWEST),
    ]
    assert any(s.kind is StepKind.SILENT and "11.6.3" in s.cites for s in ruling.gaps)


def test_an_undetermined_area_that_cannot_change_the_result_is_said_and_not_branched():
    won = [(ch(5000), ch(3000))] * 3
    ruling = judgment(*won, (ch(9000, cards=2, levels=["UP"]), ch(1)))
    assert ruling.outcome.reason is UcgReason.THREE_BATTLES_WON and ruling.outcome.winner is Player.A
    assert ruling.choices == ()
    assert any(s.kind is StepKind.UNKNOWN for s in ruling.steps)


def test_an_undetermined_area_that_could_change_the_result_is_replayed_each_way():
    won = [(ch(5000), ch(3000))] * 2
    ruling = judgment(*won, (ch(9000, cards=2, levels=["UP"]), ch(1)))
    assert ruling.outcome.result is Result.DEPENDS
    assert {c.outcome.reason for c in ruling.choices} == {
        UcgReason.THREE_BATTLES_WON,
        UcgReason.GAME_CONTINUES,
    }


def test_a_bp_the_board_does_not_give_is_what_the_ruling_depends_on():
    missing = ch(3000)
    missing["bp"] = {}
    ruling = judgment((missing, ch(2000)))
    assert ruling.outcome.result is Result.DEPENDS
    assert all(c.kind == "fact" for c in ruling.choices)
    assert any(s.kind is StepKind.UNKNOWN and s.cites == ("8.1.1",) for s in ruling.steps)


def test_bp_below_zero_is_zero():
    ruling = judgment((ch(1000, bp_changes=[-3000]), ch(1000, bp_changes=[-1000])))
    assert area(ruling, 1)["bp"] == {Player.A: 0, Player.B: 0}
    assert area(ruling, 1)["result"] is AreaResult.DRAW
    assert "11.7.2" in ruling.decisive  # without it, -2000 < 0 and B would win


def test_bp_that_dips_below_zero_and_rises_again_is_left_open():
    ruling = judgment((ch(1000, bp_changes=[-3000, 2500]), ch(1000)))
    assert ruling.outcome.result is Result.DEPENDS  # 2500 (A wins) or 500 (B wins)
    gap = next(g for g in ruling.gaps if g.kind is StepKind.SILENT)
    assert gap.cites == ("11.7.2",) and gap.values == {"each_step": 2500, "at_end": 500}
    assert [c.outcome.next_first_player for c in ruling.choices] == [Player.A, Player.B]


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
    assert (area(ruling, 1)["result"], area(ruling, 1)["reason"]) == (result, reason)
    assert any(clause in s.cites for s in ruling.steps)


def test_a_forced_draw_with_unequal_bp_in_the_newest_area_leaves_the_lead_to_the_rulebooks_silence():
    ruling = judgment((ch(5000), ch(2000, forced="DRAW")), first="B")
    assert ruling.outcome.reason is UcgReason.GAME_CONTINUES
    assert ruling.outcome.next_first_player is None
    assert ruling.outcome.next_first_player_reason is NextLead.RULEBOOK_SILENT
    (gap,) = ruling.gaps
    assert gap.kind is StepKind.SILENT and {"5.9.6.1", "5.9.6.2"} <= set(gap.cites)
    assert {"5.9.6.1", "5.9.6.2", "11.16.1"} <= set(ruling.decisive)


def test_a_forced_draw_with_equal_bp_keeps_the_lead_by_5_9_6_2():
    ruling = judgment((ch(3000), ch(3000, forced="DRAW")), first="B")
    assert ruling.outcome.next_first_player is Player.B
    assert ruling.outcome.next_first_player_reason is NextLead.EQUAL_BP_DRAW
    assert ruling.gaps == ()


# --- level_up (5.6, 11.15, 11.18, 12.1) ----------------------------------------


def level_up(top: dict, *cards: dict, leveled=()):
    return rule(
        {
            "game": "ucg",
            "question": "level_up",
            "state": {
                "turn": 3,
                "turn_player": "A",
                "areas": [{"A": {"name": "T", "cards": 1, "bp": {"SINGLE": 1000}, **top}, "B": ch(1000)}],
                "leveled": list(leveled),
            },
            "actions": [
                {"level_up": {"player": "A", "character": c.pop("on", "T"), "card": c}} for c in cards
            ],
        }
    )


TIGA = {"character": "迪卡", "level": 1, "team": []}


def test_one_level_higher_with_the_same_name_is_legal():
    ruling = level_up(TIGA, {"name": "T2", "character": "迪卡", "level": 2})
    assert ruling.outcome.result is Result.CONTINUES
    stacked = ruling.outcome.state.areas[0].A
    assert (stacked.name, stacked.cards, [c.name for c in stacked.under]) == ("T2", 2, ["T"])
    assert set(ruling.decisive) == {"5.6.1", "2.3.2.2"}


def test_a_shared_team_stands_in_for_the_name():
    ruling = level_up(
        {**TIGA, "team": ["光"]}, {"name": "D2", "character": "戴拿", "level": 2, "team": ["光"]}
    )
    assert ruling.outcome.result is Result.CONTINUES
    assert "11.18.1" in ruling.decisive


@pytest.mark.parametrize(
    "card, clause",
    [
        ({"name": "D2", "character": "戴拿", "level": 2, "team": []}, "5.6.1"),
        ({"name": "T1", "character": "迪卡", "level": 1}, "5.6.2.2"),
        ({"name": "T3", "character": "迪卡", "level": 3}, "5.6.2.2"),
    ],
)
def test_an_illegal_level_up_is_refused_and_the_remedy_cited(card, clause):
    ruling = level_up(TIGA, card)
    assert ruling.outcome.result is Result.REFUSED
    assert {clause, "12.1.1"} <= set(ruling.outcome.refused.cites) and {clause, "12.1.1"} <= set(
        ruling.decisive
    )
    assert ruling.outcome.state.areas[0].A.name == "T"  # the table as it was before the refused action


def test_a_covered_cards_own_lasting_effect_stops_and_the_characters_others_stay():
    lasting = [{"stat": "bp", "by": 2000, "source": "T"}, {"stat": "bp", "by": -1000, "source": "X"}]
    ruling = level_up({**TIGA, "modifiers": lasting}, {"name": "T2", "character": "迪卡", "level": 2})
    assert [m.source for m in ruling.outcome.state.areas[0].A.modifiers] == ["X"]
    assert any("10.1.3.1" in step.cites for step in ruling.steps)


def test_once_per_character_per_phase():
    ruling = level_up(
        TIGA,
        {"name": "T2", "character": "迪卡", "level": 2},
        {"name": "T3", "character": "迪卡", "level": 3, "on": "T2"},
    )
    assert ruling.outcome.result is Result.REFUSED and ruling.outcome.refused.action == 1
    assert ruling.outcome.refused.cites == ("5.6.2.3",)


def test_a_fifth_card_cannot_be_stacked():
    ruling = level_up(
        {**TIGA, "level": 4, "cards": 4, "bp": {"QUAD": 9000}},
        {"name": "T5", "character": "迪卡", "level": 5},
    )
    assert ruling.outcome.refused.cites == ("8.1.1",)


def test_a_level_that_is_not_given_is_what_the_ruling_depends_on():
    ruling = level_up({**TIGA, "level": None}, {"name": "T2", "character": "迪卡", "level": 2})
    assert ruling.outcome.result is Result.DEPENDS and ruling.choices == ()
    assert ruling.outcome.depends_on == ["T 的等級"]


# --- set_scene (2.4.2, 5.4, 6.1–6.3) -----------------------------------------


def set_scene(player="A", areas=2, current=None, draw=None, deck=10, scene_set=False, **action):
    board = {
        "turn": 3,
        "turn_player": "A",
        "scene_set": scene_set,
        "players": {"A": {"deck": deck, "hand": 3}, "B": {"deck": deck, "hand": 3}},
        "areas": [{"A": ch(1000), "B": ch(1000)} for _ in range(areas)],
        "scene": current,
    }
    card = {"name": "光之國", "round": 2}
    act = {"player": player, "card": card, **({"draw": draw} if draw is not None else {}), **action}
    return rule({"game": "ucg", "question": "set_scene", "state": board, "actions": [{"set_scene": act}]})


def test_a_scene_needs_as_many_battle_areas_as_its_round_icon():
    assert set_scene(areas=2, draw=False).outcome.result is Result.CONTINUES
    ruling = set_scene(areas=1, draw=False)
    assert ruling.outcome.result is Result.REFUSED
    assert set(ruling.outcome.refused.cites) == {"6.3.1", "2.4.2.3"}


def test_replacing_needs_the_same_or_a_higher_round_and_the_old_scene_goes_to_its_owner():
    ruling = set_scene(current={"name": "怪獸墓場", "round": 2, "owner": "B"}, draw=False)
    assert ruling.outcome.state.players.B.discard.names() == ["怪獸墓場"]
    assert ruling.outcome.state.scene.name == "光之國" and ruling.outcome.state.scene.owner is Player.A
    lower = set_scene(current={"name": "怪獸墓場", "round": 3, "owner": "B"}, areas=3, draw=False)
    assert lower.outcome.refused.cites == ("6.3.2",)


def test_only_the_first_player_sets_a_scene_in_the_scene_phase_and_one_per_turn():
    assert set_scene(player="B").outcome.refused.cites == ("5.4.1",)
    assert set_scene(scene_set=True).outcome.refused.cites == ("5.4.2", "6.1.2")
    assert set_scene(player="B", by_effect=True, draw=False).outcome.result is Result.CONTINUES


def test_the_draw_is_a_choice_replayed_each_way_unless_the_file_says():
    ruling = set_scene()
    drew, kept = ruling.choices
    assert (drew.kind, drew.player) == ("choice", Player.A)
    assert (drew.outcome.state.players.A.hand.total, drew.outcome.state.players.A.deck.total) == (3, 9)
    assert (kept.outcome.state.players.A.hand.total, kept.outcome.state.players.A.deck.total) == (2, 10)
    fixed = set_scene(draw=True)
    assert fixed.choices == () and fixed.outcome.state.players.A.hand.total == 3


def test_drawing_from_an_empty_deck_does_not_lose():
    ruling = set_scene(deck=0, draw=True)
    assert ruling.outcome.result is Result.CONTINUES
    assert any(s.cites == ("1.3.6",) for s in ruling.not_applied)


def test_a_scene_set_by_an_effect_with_an_on_appear_effect_reports_the_timing_conflict():
    waits = {
        "effect": {
            "draw": {"player": "B"},
            "when": {"event": "scene_set", "card": "光之國"},
            "source": "光之國",
        }
    }
    scene = {"player": "A", "card": {"name": "光之國", "round": 2}, "by_effect": True, "draw": False}
    board = effect_step(
        [{"A": ch(1000), "B": ch(1000)}, {"A": ch(1000), "B": ch(1000)}], [waits, {"set_scene": scene}]
    )
    (gap,) = rule(board).gaps
    assert gap.kind is StepKind.CONFLICT and set(gap.cites) == {"6.2.2", "6.2.3"}


# --- set_character (1.3.4, 5.5, 12.4.3) --------------------------------------


def set_character(hand_a, hand_b, areas, actions=()):
    return rule(
        {
            "game": "ucg",
            "question": "set_character",
            "state": {
                "turn": 3,
                "turn_player": "A",
                "players": {"A": {"hand": hand_a}, "B": {"hand": hand_b}},
                "areas": areas,
            },
            "actions": list(actions),
        }
    )


SETTABLE = {"kind": "character", "bp": {"SINGLE": 1000}}


def test_each_player_sets_a_new_character_in_a_new_area():
    ruling = set_character(
        [{"name": "X", **SETTABLE}],
        [{"name": "Y", **SETTABLE}],
        [{"A": ch(1000), "B": ch(1000)}],
        [
            {"set_character": {"player": "A", "card": {"name": "X"}}},
            {"set_character": {"player": "B", "card": {"name": "Y"}}},
        ],
    )
    state = ruling.outcome.state
    assert (state.areas[1].A.name, state.areas[1].B.name) == ("X", "Y")
    assert state.areas[1].A.face_down is True and state.areas[1].A.status is Status.ACTIVE
    assert {s.cites for s in ruling.not_applied} == {("1.3.4",)}


def test_the_first_player_who_cannot_set_loses_before_the_second_players_step():
    ruling = set_character([], 3, [{"B": ch(1000)}])
    assert (ruling.outcome.reason, ruling.outcome.winner) == (UcgReason.CANNOT_SET_CHARACTER, Player.B)
    assert {"1.3.4", "12.4.3"} <= set(ruling.decisive)


def test_a_card_without_single_bp_cannot_be_set():
    ruling = set_character(
        [{"name": "X", **SETTABLE}],
        [{"name": "Z", "kind": "character", "single_bp": False}],
        [],
        [
            {"set_character": {"player": "A", "card": {"name": "X"}}},
            {"set_character": {"player": "B", "card": {"name": "Z"}}},
        ],
    )
    assert ruling.outcome.refused.cites == ("11.15.1",)


def test_a_hand_that_may_hold_a_character_is_asked_about_only_if_no_set_is_stated():
    ruling = set_character(
        2,
        [{"name": "Y", **SETTABLE}],
        [{"A": ch(1000), "B": ch(1000)}],
        [
            {"set_character": {"player": "B", "card": {"name": "Y"}}},
        ],
    )
    assert ruling.outcome.result is Result.DEPENDS  # could A set a character from a hand of 2 unnamed cards?
    assert [c.outcome.result for c in ruling.choices] == [Result.CONTINUES, Result.WON]


# --- what a ucg timeline cannot say -----------------------------------------------------------


def test_a_cost_moves_cards_from_a_zone():
    board = effect_step([{"A": {"name": "X"}}], [{"effect": {"draw": {"player": "A"}, "cost": True}}])
    with pytest.raises(BoardError) as error:
        rule(board)
    assert [p.path for p in error.value.problems] == ["actions[0].effect.cost"]


def test_a_plain_bp_is_the_bp_of_the_stack_its_cards_give_and_a_problem_without_them():
    ruling = judgment(({"name": "X", "cards": 2, "bp": 5000}, {"name": "Y", "cards": 1, "bp": 4000}))
    assert ruling.outcome.battles[0].bp == {Player.A: 5000, Player.B: 4000}
    with pytest.raises(BoardError) as error:
        judgment(({"name": "X", "bp": 5000}, {"name": "Y", "cards": 1, "bp": 4000}))
    [problem] = error.value.problems
    assert problem.path == "state.areas[0].A.bp" and "{SINGLE: 3000" in problem.message
    assert problem.cites == ("2.3.7.2",)


def test_damage_and_ko_are_not_ucg_and_say_what_to_write_instead():
    board = effect_step(
        [{"A": {"name": "X"}}],
        [{"effect": {"damage": {"card": "X", "amount": 1}}}, {"effect": {"ko": {"card": "X"}}}],
    )
    with pytest.raises(BoardError) as error:
        rule(board)
    assert [p.path for p in error.value.problems] == ["actions[0].effect.damage", "actions[1].effect.ko"]


def test_a_card_the_listed_hand_does_not_hold_is_a_board_problem_naming_the_hand():
    board = {
        "game": "ucg",
        "state": {
            "turn": 3,
            "turn_player": "A",
            "phase": "character",
            "players": {"A": {"hand": [{"name": "甲", "kind": "scene", "round": 1}]}},
            "areas": [{"A": ch(1000), "B": ch(1000)}],
        },
        "actions": [{"set_character": {"player": "A", "card": {"name": "乙", "bp": {"SINGLE": 3000}}}}],
    }
    with pytest.raises(BoardError) as error:
        rule(board)
    [problem] = error.value.problems
    assert problem.path == "actions[0].set_character" and "乙" in problem.message and "甲" in problem.message
    board["state"]["players"]["A"]["hand"] = 2  # two cards nobody named: 乙 may be one of them
    assert rule(board).outcome.result is Result.CONTINUES


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


def test_five_copies_of_one_card_break_both_limits():
    """The same name and number five times is over 4.1.2's limit and over 2.3.9.1's (one number):
    a judge reading either chapter finds the deck illegal, so both decide."""
    cards = [card(f"X-{i}", 4) for i in range(11)] + [card("Z-1", 5, "傑頓"), card("Z-2", 1)]
    ruling = deck(*cards)
    assert ruling.outcome.reason is DeckRuling.TOO_MANY_COPIES
    assert set(ruling.decisive) == {"4.1.2", "2.3.9.1"}


def test_same_number_under_different_names_is_where_the_book_disagrees_with_itself():
    cards = [card(f"X-{i}", 4) for i in range(11)] + [card("Z-1", 3, "迪卡"), card("Z-1", 3, "迪卡 複合型")]
    ruling = deck(*cards)
    assert ruling.outcome.reason is DeckRuling.RULEBOOK_CONFLICT
    assert ruling.outcome["legal"] is None
    (gap,) = ruling.gaps
    assert gap.kind is StepKind.CONFLICT and {"2.3.9.1", "4.1.2"} <= set(gap.cites)


def test_a_card_named_in_an_action_keeps_what_the_hand_says_of_it():
    """An action restating a hand card with empty or default fields (as a form writes them) does not
    erase what the hand gives (its BP here): the replay would otherwise depend on a BP it was told."""
    board = {
        "game": "ucg",
        "question": "set_character",
        "state": {
            "turn": 3,
            "turn_player": "A",
            "players": {
                "A": {"hand": [{"name": "X", "kind": "character", "bp": {"SINGLE": 5000}}]},
                "B": {"hand": [{"name": "Y", "kind": "character", "bp": {"SINGLE": 3000}}]},
            },
        },
        "actions": [
            {"set_character": {"player": "A", "card": {"name": "X", "bp": {}, "keywords": [], "under": []}}},
            {"set_character": {"player": "B", "card": {"name": "Y"}}},
        ],
    }
    ruling = rule(board)
    assert ruling.outcome.result is Result.CONTINUES and ruling.choices == ()
    assert ruling.outcome.state.areas[0].A.bp.SINGLE == 5000


def test_charges_that_decide_which_bp_is_missing_are_shown_before_the_bp_asked_for():
    """One card and one charge, with only a DOUBLE BP printed: the charge does not count (11.17.2),
    so the SINGLE BP is the one missing; the step that says so cites the clause the ruling rests on."""
    lone = {"name": "雷德王", "cards": 1, "bp": {"DOUBLE": 5000}, "charges": 1}
    ruling = judgment(*[(ch(4000), ch(3000))] * 2, (ch(3000), ch(4000)), (ch(4000), lone))
    texts = [step.text for step in ruling.steps]
    charges = next(i for i, text in enumerate(texts) if "充能牌不計入狀態" in text)
    assert "未知其最上方卡牌的 SINGLE BP" in texts[charges + 1]
    assert "11.17.2" in ruling.cited
