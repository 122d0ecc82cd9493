"""gcg property tests: random legal boards are ruled, cite only real clauses, obey the
book's invariants, and come out the same with the players' names exchanged."""

from __future__ import annotations

import json
import os
from itertools import combinations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from corpus.library import load_book
from judge.registry import engine, rule

#: bounded so the suite stays fast; raise ARBITER_HYPOTHESIS_EXAMPLES for a long shake-out
FEW = settings(
    max_examples=int(os.environ.get("ARBITER_HYPOTHESIS_EXAMPLES", "60")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
OTHER = {"A": "B", "B": "A"}
NAMES = ["吉姆", "薩克II", "古夫", "鋼坦克", "鋼加農", "大魔"]


def well_cited(ruling) -> None:
    book, registry = load_book("gcg", ruling.rulebook_version), engine("gcg").citations
    assert all(c in book and c in registry for c in ruling.cited), ruling.cited
    assert set(ruling.decisive) <= set(ruling.cited)
    json.dumps(ruling.as_dict(), ensure_ascii=False)


@st.composite
def units(draw, name: str) -> dict:
    hp = draw(st.integers(1, 6))
    pilot = draw(
        st.one_of(
            st.none(),
            st.fixed_dictionaries(
                {"name": st.just("駕駛員"), "ap": st.integers(0, 2), "hp": st.integers(0, 2)}
            ),
        )
    )
    return {
        "name": name,
        "ap": draw(st.integers(0, 6)),
        "hp": hp,
        "damage": draw(st.integers(0, hp - 1)),
        "pilot": pilot,
        "ap_changes": draw(st.lists(st.integers(-4, 3), max_size=2)),
        "rested": draw(st.booleans()),
        "blocker": draw(st.booleans()),
        "first_strike": draw(st.booleans()),
        "high_maneuver": draw(st.booleans()),
        "on_destroy": draw(st.booleans()),
        "breach": draw(st.lists(st.integers(1, 3), max_size=2)),
    }


@st.composite
def attack_boards(draw) -> dict:
    count = draw(st.integers(0, 3))
    defenders = [draw(units(name)) for name in NAMES[:count]]
    shields = draw(st.integers(0, 4))
    base_hp = draw(st.integers(1, 5))
    base = draw(
        st.one_of(
            st.none(),
            st.fixed_dictionaries(
                {
                    "name": st.just("基地"),
                    "ap": st.integers(0, 3),
                    "hp": st.just(base_hp),
                    "damage": st.integers(0, base_hp - 1),
                    "on_destroy": st.booleans(),
                }
            ),
        )
    )
    attacker = {**draw(units("鋼彈")), "rested": False, "deployed_this_turn": False}
    target = draw(st.sampled_from(["PLAYER"] + [u["name"] for u in defenders if u["rested"]]))
    board = {
        "game": "gcg",
        "question": "attack",
        "turn_player": draw(st.sampled_from(["A", "B"])),
        "attacker": attacker,
        "target": target,
        "defender": {
            "units": defenders,
            "base": base,
            "shields": shields,
            "top_shield_burst": shields > 0 and draw(st.booleans()),
        },
    }
    if draw(st.booleans()):
        board["left_field"] = {
            "card": draw(st.sampled_from(["鋼彈"] + NAMES[:count])),
            "step": draw(st.sampled_from(["ATTACK", "BLOCK", "ACTION"])),
        }
    return board


def total(values) -> int:
    return max(0, sum(values))


@FEW
@given(attack_boards())
def test_random_attacks_are_ruled_and_keep_the_books_invariants(board):
    ruling = rule(board)
    well_cited(ruling)
    attacker, area = board["attacker"], board["defender"]
    pilot = attacker["pilot"] or {"ap": 0}
    strikes = total([attacker["ap"], pilot["ap"], *attacker["ap_changes"]]) > 0
    empty = area["base"] is None and area["shields"] == 0
    for outcome in [ruling.outcome] + [choice.outcome for choice in ruling.choices]:
        assert outcome["shields_destroyed"] <= 1  # excess damage never reaches another shield
        if outcome["loser"] is not None:
            assert empty and strikes and outcome["target"] == "PLAYER"
    assert len(ruling.choices) != 1
    blockers = {c.option["blocker"] for c in ruling.choices} - {None}
    eligible = {
        u["name"] for u in area["units"] if u["blocker"] and not u["rested"] and u["name"] != board["target"]
    }
    assert blockers <= eligible
    if attacker["high_maneuver"]:
        assert not blockers


@FEW
@given(attack_boards())
def test_exchanging_the_players_names_exchanges_the_loser_and_winner(board):
    ruling = rule(board)
    mirror = rule({**board, "turn_player": OTHER[board["turn_player"]]})
    expected = ruling.outcome.as_dict()
    for key in ("loser", "winner"):
        expected[key] = OTHER.get(expected[key])
    assert mirror.outcome.as_dict() == expected
    assert set(mirror.decisive) == set(ruling.decisive)
    assert [OTHER[c.player.value] for c in ruling.choices] == [c.player.value for c in mirror.choices]


players = st.fixed_dictionaries(
    {
        "deck": st.integers(0, 3),
        "shields": st.integers(0, 2),
        "base": st.booleans(),
        "effect_damage": st.one_of(st.none(), st.integers(0, 3)),
    }
)


@FEW
@given(st.sampled_from(["A", "B"]), players, players, st.integers(0, 3), st.integers(0, 3))
def test_rule_processing_defeats_exactly_the_players_meeting_a_condition(turn, a, b, hit_a, hit_b):
    sides = {"A": a, "B": b}
    for player, hit in (("A", hit_a), ("B", hit_b)):
        if not sides[player]["shields"] and not sides[player]["base"]:
            sides[player] = {**sides[player], "battle_damage": hit}
    ruling = rule({"game": "gcg", "question": "rule_processing", "turn_player": turn, "players": sides})
    well_cited(ruling)
    losing = {p for p, s in sides.items() if s["deck"] == 0 or (s.get("battle_damage") or 0) > 0}
    assert set(ruling.outcome["losers"]) == losing
    assert ruling.outcome["winner"] == (OTHER[next(iter(losing))] if len(losing) == 1 else None)
    assert bool(ruling.gaps) == (len(losing) == 2)


@FEW
@given(
    st.integers(0, 6),
    st.integers(1, 6),
    st.booleans(),
    st.integers(0, 5),
    st.integers(0, 3),
    st.integers(0, 2),
)
def test_deploying_trashes_exactly_the_overflow(placed, count, by_effect, active, rested, ex):
    board = {
        "game": "gcg",
        "question": "deploy",
        "card": {"name": "鋼彈", "type": "UNIT", "level": 3, "cost": 2},
        "battle_area": [{"name": f"機體{i}", "on_destroy": i % 2 == 0} for i in range(placed)],
        "by_effect": by_effect or count > 1,
        "count": count,
        "energy": {"active": active, "rested": rested, "ex": ex},
    }
    ruling = rule(board)
    well_cited(ruling)
    if not ruling.outcome["legal"]:
        assert not board["by_effect"] and (active + rested + ex < 3 or active + ex < 2)
        return
    need = max(0, placed + count - 6)
    names = [u["name"] for u in board["battle_area"]]
    picks = {tuple(c.option["trash"]) for c in ruling.choices if "trash" in c.option}
    if 0 < need < placed:  # the player picks which: each pick is a choice
        assert ruling.outcome["trashed"] is None
        assert picks == set(combinations(names, need))
    else:  # nothing to trash, or every unit there must go
        assert ruling.outcome["trashed"] == names[:need] and not picks
