"""The shared machinery every engine uses: a chain's order, numbers, deck counts, the ruling model."""

from __future__ import annotations

import enum
from pathlib import Path

import pytest
import yaml

from judge.citations import Citations
from judge.deck import DeckCard, by_name_and_number, by_number, check_size, copies, over_limit
from judge.numbers import tally, whole
from judge.order import last_in_first_out
from judge.players import Player, by_turn_order
from judge.registry import rule_text
from judge.ruling import Outcome, StepKind, Trace

ROOT = Path(__file__).resolve().parents[1]

A1, A2, B1 = ("a1", Player.A), ("a2", Player.A), ("b1", Player.B)


def test_a_chain_resolves_last_in_first_out_with_the_active_players_items_added_first():
    assert last_in_first_out([B1, A1, A2], Player.A, owner=lambda p: p[1]) == [B1, A2, A1]
    assert by_turn_order([B1, A1], Player.A, owner=lambda p: p[1]) == [A1, B1]


def test_a_tally_keeps_both_readings_of_a_floor():
    dipped = tally(500, [-2000])
    assert (dipped.true_total, dipped.floored_at_end, dipped.floored_each_step) == (-1500, 0, 0)
    assert not dipped.floor_order_matters
    recovered = tally(500, [-2000, 1000])
    assert recovered.floor_order_matters and recovered.floored_each_step == 1000
    assert whole(9.99) == 9


def test_deck_counts_by_the_key_a_rulebook_defines():
    cards = [
        DeckCard(number="N1", name="甲", count=2),
        DeckCard(number="N1", name="乙", count=2),
        DeckCard(number="N1X", name="甲", count=1, counts_as="N1"),
    ]
    assert copies(cards, by_number) == {"N1": 5}
    assert copies(cards, by_name_and_number) == {("甲", "N1"): 3, ("乙", "N1"): 2}
    assert over_limit(cards, by_number, 4) == [("N1", 5)] and over_limit(cards, by_name_and_number, 4) == []
    unlimited_n1 = {"N1": None}
    assert over_limit(cards, by_number, lambda key: unlimited_n1.get(key, 1)) == []


def test_a_size_check_exactly_or_at_least():
    trace = Trace(Citations("demo", {"1": "size"}))
    assert check_size(trace, 40, 40, ("1",), "ok {cards}", "bad {cards}/{expected}")
    assert not check_size(trace, 41, 40, ("1",), "ok {cards}", "bad {cards}/{expected}")
    assert check_size(trace, 41, 40, ("1",), "ok {cards}", "bad", at_least=True)
    assert [s.text for s in trace.steps] == ["ok 40", "bad 41/40", "ok 41"]
    assert trace.decisive == ["1"]


def test_decisive_clauses_are_found_by_leaving_each_out():
    trace = Trace(Citations("demo", {"floor": "a", "bonus": "b"}))
    trace.step("x", "floor", "bonus")

    def shown_bp(ignore):  # without the floor the BP would be -500; the bonus adds nothing here
        return -500 if "floor" in ignore else 0

    trace.mark_decisive_if_it_matters(shown_bp, "floor", "bonus")
    assert trace.decisive == ["floor"]


class Why(enum.StrEnum):
    DEMO = "demo"


def test_a_trace_builds_a_ruling_with_gaps_choices_and_json_ready_values():
    trace = Trace(Citations("demo", {"1": "a", "2": "b", "3": "c"}))
    trace.step("rule", "1", decisive=True, who=Player.A)
    trace.silent("silent", "2")
    branch = trace.branch()
    branch.step("then", "3")
    trace.add_choice(Player.B, {"draw": True}, Outcome(Why.DEMO, {"n": 1}), branch)
    ruling = trace.ruling(
        "demo", "1.0", "q", Outcome(Why.DEMO, {"winner": Player.A, "by": {Player.B: (1, 2)}})
    )
    data = ruling.as_dict()
    assert data["outcome"] == {"reason": "demo", "winner": "A", "by": {"B": [1, 2]}}
    assert data["steps"][0] == {"kind": "rule", "text": "rule", "values": {"who": "A"}, "cites": ["1"]}
    assert [g.kind for g in ruling.gaps] == [StepKind.SILENT]
    assert ruling.cited == ("1", "2", "3") and ruling.decisive == ("1",)
    assert data["choices"][0]["player"] == "B" and data["choices"][0]["outcome"] == {"reason": "demo", "n": 1}


def test_a_decisive_clause_must_appear_in_a_step():
    trace = Trace(Citations("demo", {"1": "a"}))
    trace.mark_decisive("1")
    with pytest.raises(ValueError, match="never cited"):
        trace.ruling("demo", "1.0", "q", Outcome(Why.DEMO))


@pytest.mark.parametrize(
    "game, effect, phase",
    [
        (
            "ucg",
            "{draw: {player: A}, if: {player: A, zone: hand0, at_least: 4}, by: A}",
            "effect, step: first",
        ),
        (
            "gcg",
            "{move: {count: 1, from: {player: A, zone: ener0gy}, to: {player: A, zone: trash}}, by: A}",
            "main",
        ),
    ],
)
def test_an_effect_naming_a_zone_the_game_does_not_have_is_a_board_problem(game, effect, phase):
    """Found by fuzzing: a zone name the players do not have was a KeyError in the middle of the replay."""
    from judge.board import BoardError
    from judge.registry import rule_text

    text = (
        f"game: {game}\nstate: {{turn: 4, turn_player: A, phase: {phase}}}\nactions:\n  - effect: {effect}\n"
    )
    with pytest.raises(BoardError) as refused:
        rule_text(text)
    assert any(
        "no zone" in problem.message and "expected one of" in problem.message
        for problem in refused.value.problems
    )


@pytest.mark.parametrize("game, phase", [("gcg", "main")])
def test_a_cost_is_refused_by_a_game_whose_rules_read_none(game, phase):
    """A stated cost is paid in full or not at all where a game reads costs (uhb 1.1.3, ucg 9.4.4); a game that
    reads none would carry it out as an ordinary effect, so the file is refused instead."""
    from judge.board import BoardError
    from judge.registry import rule_text

    effect = (
        "{move: {count: 1, from: {player: A, zone: hand}, to: {player: A, zone: trash}}, cost: true, by: A}"
    )
    text = (
        f"game: {game}\nstate: {{turn: 4, turn_player: A, phase: {phase}}}\nactions:\n  - effect: {effect}\n"
    )
    with pytest.raises(BoardError) as refused:
        rule_text(text)
    assert "actions[0].effect.cost" in [problem.path for problem in refused.value.problems]


@pytest.mark.parametrize("game, phase", [("ucg", "effect, step: first"), ("gcg", "main")])
def test_an_effect_done_only_if_the_one_before_was_needs_an_effect_before_it(game, phase):
    """「若進行此操作」 reads the effect carried out just before: with none listed there, the file is refused."""
    from judge.board import BoardError
    from judge.registry import rule_text

    text = (
        f"game: {game}\nstate: {{turn: 4, turn_player: A, phase: {phase}}}\n"
        "actions:\n  - effect: {draw: {player: A}, if_done: true, by: A}\n"
    )
    with pytest.raises(BoardError) as refused:
        rule_text(text)
    assert [problem.path for problem in refused.value.problems] == ["actions[0].effect.if_done"]


@pytest.mark.parametrize(
    ("example", "player", "zone", "card"),
    [
        ("ucg/illegal_level_twice", "A", "hand", "迪卡3"),  # refused after the first level up
        ("ucg/illegal_scene_first_turn", "A", "hand", "光之國"),
        ("bs/illegal_summon_below_lowest_lv", "B", "hand", "終極龍"),
    ],
)
def test_a_refused_action_leaves_the_table_as_it_found_it(example, player, zone, card):
    """A game's rules may begin an action before the check that refuses it (the card taken from
    the hand, its cost paid); the ruling's state is still the table before the action."""
    text = (ROOT / "judge" / "examples" / f"{example}.yaml").read_text(encoding="utf-8")
    listed = yaml.safe_load(text)["state"]["players"][player]
    outcome = rule_text(text).as_dict()["outcome"]
    assert outcome["result"] == "refused"
    state = outcome["state"]["players"][player]
    assert card in [c["name"] for c in state[zone]["cards"]]
    if "reserve" in listed:  # nothing paid
        assert state["reserve"] == listed["reserve"]


@pytest.mark.parametrize(
    ("example", "differs"),
    [("ucg/set_scene", "留下的場面則各不相同"), ("uhb/end_phase", "留下的场面则各不相同")],
)
def test_branches_that_end_alike_on_different_tables_say_so_and_keep_no_single_table(example, differs):
    """The result is the same whatever was chosen, but the table is not: the ruling does not pick
    one branch's table as if it were the only one, and its step says the tables differ."""
    ruling = rule_text((ROOT / "judge" / "examples" / f"{example}.yaml").read_text(encoding="utf-8"))
    assert ruling.choices and ruling.outcome.result.value != "depends"
    assert len({str(choice.outcome.state) for choice in ruling.choices}) > 1
    assert ruling.outcome.state is None
    assert any(differs in step.text for step in ruling.steps)


def test_branches_that_end_on_the_same_table_keep_it():
    """Two flipped cards' draws (one for each player) in either order leave the same table: the
    ruling keeps it, and its step says nothing differs."""
    text = """
game: uhb
question: effect_order
state:
  turn: 5
  turn_player: A
  phase: battle
  players:
    A:
      deck: 15
      hand: 2
      field:
        - {name: 赛罗奥特曼, power: 5000}
        - {name: 令迦奥特曼, power: 5000, face_up: false}
        - {name: 终极赛罗闪耀型, power: 7000, face_up: false}
    B: {deck: 14, hand: 3}
actions:
  - effect: {draw: {player: B}, when: {event: flipped, card: 令迦奥特曼}, source: 令迦奥特曼}
  - effect: {draw: {player: A}, when: {event: flipped, card: 终极赛罗闪耀型}, source: 终极赛罗闪耀型}
  - flip: {card: 令迦奥特曼, source: 赛罗奥特曼}
  - flip: {card: 终极赛罗闪耀型, source: 赛罗奥特曼}
"""
    ruling = rule_text(text)
    assert len(ruling.choices) == 2
    assert ruling.outcome.state is not None
    assert (ruling.outcome.state.players.A.hand.total, ruling.outcome.state.players.B.hand.total) == (3, 4)
    assert "结果与场面都相同" in ruling.steps[-1].text
