"""Property tests for the bs engine: random legal boards are ruled, cite only real clauses,
agree with the book's arithmetic computed here independently, and do not depend on who is A."""

from __future__ import annotations

import json
import os

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from corpus.library import load_book
from judge.registry import engine, rule

FEW = settings(
    max_examples=int(os.environ.get("ARBITER_HYPOTHESIS_EXAMPLES", "60")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
COLOURS = ["red", "purple", "green", "white", "yellow", "blue"]


def well_cited(ruling) -> None:
    book, citations = load_book("bs"), engine("bs").citations
    json.dumps(ruling.as_dict(), ensure_ascii=False)
    assert all(clause in book and clause in citations for clause in ruling.cited)
    assert set(ruling.decisive) <= set(ruling.cited)


@st.composite
def level_tables(draw, kind="SPIRIT"):
    first = 3 if kind == "ULTIMATE" else 1
    count = draw(st.integers(1, 4))
    cores = draw(st.lists(st.integers(1, 3), min_size=count, max_size=count))
    bps = draw(st.lists(st.integers(0, 30).map(lambda n: n * 1000), min_size=count, max_size=count))
    start = draw(st.integers(0, 2))
    return [{"lv": first + i, "cores": start + sum(cores[:i]), "bp": bp} for i, bp in enumerate(bps)]


@st.composite
def fighters(draw):
    kind = draw(st.sampled_from(["SPIRIT", "SPIRIT", "ULTIMATE"]))
    levels = draw(level_tables(kind))
    left = draw(st.sampled_from([False] * 6 + [True]))
    return {
        "name": draw(st.sampled_from(["甲", "乙", "丙"])),
        "kind": kind,
        "levels": levels,
        "cores": draw(st.integers(0 if left else levels[0]["cores"], 6)),
        "symbols": draw(st.integers(0, 3)),
        "brave": draw(
            st.one_of(
                st.none(),
                st.fixed_dictionaries(
                    {
                        "name": st.just("合體"),
                        "bp_plus": st.integers(0, 5).map(lambda n: n * 1000),
                        "symbols": st.integers(0, 2),
                        "lv1_cores": st.integers(0, 2),
                    }
                ),
            )
        ),
        "bp_changes": draw(st.lists(st.integers(-8, 8).map(lambda n: n * 1000), max_size=3)),
        "exhausted": draw(st.sampled_from([False] * 8 + [True])),
        "left_field": left,
    }


attack_boards = st.fixed_dictionaries(
    {
        "game": st.just("bs"),
        "question": st.just("attack"),
        "active_player": st.sampled_from(["A", "B"]),
        "attacker": fighters(),
        "blocker": st.one_of(st.none(), fighters()),
        "life": st.integers(1, 5),
    }
)


def flip(player):
    return {"A": "B", "B": "A"}[player]


@FEW
@given(attack_boards)
def test_random_attacks_are_ruled_and_keep_to_the_books_arithmetic(board):
    ruling = rule(board)
    well_cited(ruling)
    outcome = ruling.outcome
    life = outcome["life"]
    attacker, blocker = board["attacker"], board["blocker"]
    if life["after"] is not None:
        assert 0 <= life["after"] <= life["before"]
    if blocker is None and outcome["life"]["after"] is not None and not attacker["exhausted"]:
        brave = attacker["brave"]["symbols"] if attacker["brave"] else 0
        assert life["after"] == max(0, board["life"] - attacker["symbols"] - brave)
        assert outcome["game_over"] is (life["after"] == 0)
    if blocker is not None:
        assert life["after"] in (None, board["life"])  # a block always saves life
    if outcome["game_over"]:
        assert outcome["winner"] == board["active_player"]


@FEW
@given(attack_boards)
def test_the_attacking_players_name_does_not_change_the_battle(board):
    ruling = rule(board)
    mirrored = rule({**board, "active_player": flip(board["active_player"])})
    expected = ruling.outcome.as_dict()
    for key in ("trash", "to_reserve"):
        expected[key] = {flip(player): value for player, value in sorted(expected[key].items(), reverse=True)}
    if expected["winner"]:
        expected["winner"] = flip(expected["winner"])
    assert mirrored.outcome.as_dict() == expected
    assert mirrored.decisive == ruling.decisive


@FEW
@given(level_tables(), st.integers(0, 12), st.integers(0, 12))
def test_more_cores_never_lower_the_lv_and_too_few_deplete(levels, fewer, more):
    fewer, more = sorted((fewer, more))
    low, high = (
        rule({"game": "bs", "question": "level", "spirit": {"name": "靈", "levels": levels, "cores": n}})
        for n in (fewer, more)
    )
    for ruling, cores in ((low, fewer), (high, more)):
        well_cited(ruling)
        assert ruling.outcome["depleted"] is (cores < levels[0]["cores"])
    if not low.outcome["depleted"]:
        assert high.outcome["lv"] >= low.outcome["lv"]


symbols = st.lists(st.sampled_from(COLOURS + ["god", "ultimate", "god+red"]), max_size=3)
field_cards = st.fixed_dictionaries(
    {
        "kind": st.sampled_from(["SPIRIT", "SPIRIT", "NEXUS", "GOD_NEXUS"]),
        "cores": st.integers(1, 4),
        "min_cores": st.integers(0, 1),
        "symbols": symbols,
    }
)


@st.composite
def cost_boards(draw):
    field = [{"name": f"場{i}", **card} for i, card in enumerate(draw(st.lists(field_cards, max_size=4)))]
    reduction = draw(
        st.dictionaries(st.sampled_from(COLOURS[:3] + ["god", "any"]), st.integers(1, 3), max_size=3)
    )
    kind = draw(st.sampled_from(["SPIRIT", "NEXUS", "MAGIC"]))
    card = {"name": "卡", "kind": kind, "cost": draw(st.integers(0, 9)), "reduction": reduction}
    if kind == "SPIRIT":
        card["min_cores"] = draw(st.integers(1, 3))
    return {
        "game": "bs",
        "question": "cost",
        "card": card,
        "field": field,
        "reserve": draw(st.integers(0, 6)),
    }


@FEW
@given(cost_boards())
def test_random_costs_pay_the_cost_less_the_reduction(board):
    ruling = rule(board)
    well_cited(ruling)
    outcome = ruling.outcome
    card = board["card"]
    assert outcome["reduction"] <= sum(card["reduction"].values())
    if outcome["to_pay"] is not None:
        assert outcome["to_pay"] == max(0, card["cost"] - outcome["reduction"])
    usable = board["reserve"] + sum(c["cores"] for c in board["field"] if c["kind"] != "GOD_NEXUS")
    if outcome.reason.value == "payable":
        assert outcome["to_pay"] + card.get("min_cores", 0) <= usable
    if outcome.reason.value == "cannot_pay":
        assert outcome["to_pay"] > usable
    for choice in ruling.choices:
        assert choice.outcome["depleted"]


@FEW
@given(
    st.integers(1, 30),
    st.sampled_from(["A", "B"]),
    st.integers(0, 3),
    st.integers(0, 3),
    st.integers(0, 5),
    st.integers(0, 5),
)
def test_start_steps_follow_the_turn_sequence(turn, active, own_deck, other_deck, reserve, trash):
    decks = {active: own_deck, flip(active): other_deck}
    ruling = rule(
        {
            "game": "bs",
            "question": "start_step",
            "turn": turn,
            "active_player": active,
            "deck": decks,
            "reserve": reserve,
            "trash_cores": trash,
        }
    )
    well_cited(ruling)
    if own_deck == 0:
        assert ruling.outcome["winner"] == flip(active)
        return
    assert ruling.outcome["game_over"] is False
    assert ruling.outcome["reserve"] == reserve + trash + (turn != 1)
    assert ruling.outcome["deck"] == own_deck - 1


deck_lines = st.lists(
    st.fixed_dictionaries(
        {
            "number": st.sampled_from(["1", "2", "3"]),
            "name": st.sampled_from(["甲", "乙", "丙"]),
            "count": st.integers(1, 20),
            "name_number": st.sampled_from([None, "2"]),
            "contract": st.booleans(),
        }
    ),
    min_size=1,
    max_size=6,
)


@FEW
@given(deck_lines)
def test_deck_legality_matches_a_count_done_here(cards):
    ruling = rule({"game": "bs", "question": "deck", "cards": cards})
    well_cited(ruling)
    per_name: dict = {}
    for card in cards:
        key = (card["name"], card["name_number"])
        per_name[key] = per_name.get(key, 0) + card["count"]
    contracts = {(c["name"], c["name_number"]) for c in cards if c["contract"]}
    legal = sum(per_name.values()) >= 40 and max(per_name.values()) <= 3 and len(contracts) <= 1
    assert ruling.outcome["legal"] is legal
