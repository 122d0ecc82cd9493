"""Property tests for the zd engine: random legal boards are ruled, cite only real clauses, and
obey the rules they replay (destruction at damage ≥ defence, last in first out, symmetry of players)."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from judge.registry import rule
from tests.test_judge_properties import FEW, cited_ids_exist, players, swapped

value = st.integers(0, 12).map(lambda n: n * 500)


def checked(board: dict):
    """The ruling, after checking what every zd ruling must satisfy (character names are never A or B)."""
    ruling = rule(board)
    json.dumps(ruling.as_dict(), ensure_ascii=False)
    cited_ids_exist(ruling)
    assert set(ruling.decisive) <= set(ruling.cited)
    assert all(step.cites for step in ruling.steps)
    return ruling


# --- battle ---------------------------------------------------------------------------

KEYWORDS = ["远程", "坚韧", "先制", "会心一击", "贯通"]
TIMINGS = [
    "战斗胜利时",
    "攻击胜利时",
    "防御胜利时",
    "战斗破坏时",
    "攻击破坏时",
    "防御破坏时",
    "破坏时",
    "攻击时",
    "防御时",
]


@st.composite
def fighters(draw, name: str, rested: bool):
    defence = draw(st.integers(1, 12).map(lambda n: n * 500))
    return {
        "name": name,
        "attack": draw(value),
        "defence": defence,
        "attack_changes": draw(st.lists(st.integers(-6, 6).map(lambda n: n * 500), max_size=2)),
        "damage": draw(st.integers(0, defence // 500 - 1).map(lambda n: n * 500)),
        "rested": rested,
        "keywords": draw(st.lists(st.sampled_from(KEYWORDS), max_size=2, unique=True)),
        "timings": draw(st.lists(st.sampled_from(TIMINGS), max_size=3, unique=True)),
    }


@st.composite
def battles(draw):
    attacker = draw(fighters("攻", rested=False))
    count = draw(st.integers(0, 3))
    targets = [draw(fighters(f"的{i}", rested=True)) for i in range(count)]
    spare = draw(fighters("守", rested=False))
    defend = draw(st.booleans())
    board = {
        "game": "zd",
        "question": "battle",
        "active_player": draw(players),
        "attacker": {**attacker, "max_targets": max(1, count)},
        "targets": [t["name"] for t in targets] or ["生命区"],
        "defenders": [{"name": "守", "instead_of": targets[0]["name"] if targets else "生命区"}]
        if defend
        else [],
        "defending": {"life": draw(st.integers(0, 4)), "characters": targets + [spare]},
    }
    return board


@FEW
@given(battles())
def test_random_battles_are_ruled_and_destroy_exactly_what_damage_reaches(board):
    ruling = checked(board)
    outcome = ruling.outcome
    if outcome["life"] is not None:
        assert outcome["life"]["after"] == max(0, board["defending"]["life"] - outcome["points"])
        lost = outcome["game_end"]["result"] == "decided"
        assert lost == (board["defending"]["life"] == 0 and outcome["points"] > 0)
        return
    for name, damage in outcome["damage"].items():
        assert (name in outcome["destroyed"]) == (damage >= outcome["values"][name]["defence"])
    wins = [t for t in outcome["triggers"] if t["step"] == "damage" and "胜利" in t["timing"] and t["fires"]]
    assert len({t["card"] for t in wins if t["card"] == "攻"}) <= 1  # the attacker wins once at most (507.p4)


@FEW
@given(battles())
def test_swapping_the_players_swaps_the_battle(board):
    ruling, mirror = checked(board), checked(swapped(board))
    assert mirror.outcome.as_dict() == swapped(ruling.outcome.as_dict())
    assert mirror.decisive == ruling.decisive


# --- chain --------------------------------------------------------------------------

KINDS = ["activated", "triggered", "activated", "triggered", "counter", "game_action", "continuous"]


@st.composite
def chains(draw):
    names = iter(f"效果{i}" for i in range(100))

    def item(depth: int) -> dict:
        found = {"name": next(names), "owner": draw(players), "kind": draw(st.sampled_from(KINDS))}
        if depth < 2 and draw(st.booleans()):
            found["on_resolve"] = [item(depth + 1) for _ in range(draw(st.integers(1, 2)))]
        return found

    items = [item(0) for _ in range(draw(st.integers(1, 5)))]
    for later in items[1:]:
        later["with_previous"] = draw(st.booleans())
    return {"game": "zd", "question": "chain", "active_player": draw(players), "chain": items}


def every_name(items: list[dict]) -> list[str]:
    return [n for i in items for n in [i["name"]] + every_name(i.get("on_resolve", []))]


@FEW
@given(chains())
def test_random_chains_account_for_every_item_and_resolve_last_in_first_out(board):
    ruling = checked(board)
    outcome = ruling.outcome
    assert sorted(outcome["order"] + outcome["not_chained"]) == sorted(every_name(board["chain"]))
    if not any(i.get("on_resolve") for i in board["chain"]):
        assert outcome["order"] == list(reversed(outcome["chain"]))


@FEW
@given(chains())
def test_swapping_the_players_keeps_the_chain_order(board):
    assert checked(swapped(board)).outcome["order"] == checked(board).outcome["order"]


# --- result and numbers ----------------------------------------------------------------

standing = st.fixed_dictionaries(
    {},
    optional={
        "life": st.integers(0, 2),
        "deck": st.integers(0, 2),
        "concedes": st.booleans(),
        "wins_by_effect": st.booleans(),
        "loses_by_effect": st.booleans(),
    },
)


@FEW
@given(players, standing, standing)
def test_random_results_are_symmetric_and_a_draw_needs_both_players(active, a, b):
    board = {"game": "zd", "question": "result", "active_player": active, "players": {"A": a, "B": b}}
    ruling, mirror = checked(board), checked(swapped(board))
    assert mirror.outcome.as_dict() == swapped(ruling.outcome.as_dict())
    if ruling.outcome["draw"]:
        assert len(ruling.outcome["losers"]) in (0, 2)


@FEW
@given(
    st.integers(0, 8).map(lambda n: n * 500), st.lists(st.integers(-8, 8).map(lambda n: n * 500), max_size=5)
)
def test_an_attack_is_never_shown_below_0_and_keeps_its_true_value(start, changes):
    ruling = checked(
        {"game": "zd", "question": "numbers", "value": "attack", "start": start, "changes": changes}
    )
    assert ruling.outcome["true"] == start + sum(changes)
    assert ruling.outcome["shown"] == max(0, start + sum(changes))
    undo = checked(
        {
            "game": "zd",
            "question": "numbers",
            "value": "attack",
            "start": start,
            "changes": changes + [-c for c in reversed(changes)],
        }
    )
    assert undo.outcome["shown"] == start  # 103.p4: adding back what was taken restores the value
