"""zd replay properties (hypothesis): random legal timelines never crash, a replay is deterministic,
swapping the players mirrors the result, every clause a ruling cites exists in the rulebook and still
holds the phrase the engine relies on, and the rules the replay applies hold on every board: a
character is destroyed exactly when its damage reaches its defence, damage taken this turn adds up,
and an open choice is replayed once per option."""

from __future__ import annotations

import json
import os
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from corpus.library import load_book
from judge.citations import verify
from judge.games.zd.battle import FREE
from judge.games.zd.rules import CITE
from judge.games.zd.state import SEVERAL
from judge.outcome import Result
from judge.registry import rule
from tests.judging import comparable, swapped

FEW = settings(
    max_examples=int(os.environ.get("ARBITER_HYPOTHESIS_EXAMPLES", "60")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
POINTS = [
    ("start", "reset"),
    ("start", "start"),
    ("start", "draw"),
    ("start", "resource"),
    ("action", None),
    ("action", None),
    ("action", None),
    ("end", "end"),
    ("end", "cleanup"),
    ("end", "discard"),
]
KEYWORDS = ["突袭", "守备", "远程", "先制", "贯通", "会心一击", "神速", "坚韧", SEVERAL]
EVENTS = ["enters", "destroyed", "battle_destroyed", "battle_won", "attack", "defends", "to_rest", "turn_end"]
VALUE = st.integers(0, 10).map(lambda n: n * 500)


@st.composite
def characters(draw: Any, name: str, turn: int) -> dict:
    defence = draw(st.integers(1, 10).map(lambda n: n * 500))
    found: dict[str, Any] = {
        "name": name,
        "kind": "character",
        "attack": draw(VALUE),
        "defence": defence,
        "damage": draw(st.integers(0, defence // 500 - 1).map(lambda n: n * 500)),
        "status": draw(st.sampled_from(["active", "active", "rested", None])),
        "entered_turn": draw(st.integers(1, turn)),
        "keywords": sorted(set(draw(st.lists(st.sampled_from(KEYWORDS), max_size=2)))),
    }
    if found["status"] is None:  # not known: whether it matters is the ruling's to say
        del found["status"]
    if draw(st.integers(0, 4)) == 0:
        found["equipment"] = {"name": f"{name}装备", "kind": "equipment", "attack_bonus": draw(VALUE)}
    return found


@st.composite
def sides(draw: Any, player: str, turn: int) -> tuple[dict, list[str]]:
    names = [f"{player.lower()}{n}" for n in range(draw(st.integers(0, 3)))]
    side = {
        "deck": draw(st.sampled_from([0, 1, 2, 5, 20, None])),
        "hand": draw(st.integers(0, 9)),
        "life": draw(st.sampled_from([0, 1, 2, 4, None])),
        "resources": [{"name": f"{player}资源", "face_up": True, "status": "active"}],
        "battle": [draw(characters(name, turn)) for name in names],
    }
    for zone in ("deck", "life"):
        if side[zone] is None:  # not known: whether it matters is the ruling's to say
            del side[zone]
    return side, names


@st.composite
def effects(draw: Any, player: str, names: list[str]) -> dict:
    kinds = ["draw"] + (["modify", "damage", "destroy", "remove"] if names else [])
    kind = draw(st.sampled_from(kinds))
    found: dict[str, Any]
    if kind == "draw":
        found = {"draw": {"player": player, "count": draw(st.integers(1, 2))}}
    elif kind == "modify":
        stat = draw(st.sampled_from(["attack", "defence"]))
        by = draw(st.integers(-6, 6).map(lambda n: n * 500))
        found = {
            "modify": {"card": draw(st.sampled_from(names)), "stat": stat, "by": by},
            "until": "end_of_turn",
        }
    elif kind == "damage":
        found = {"damage": {"card": draw(st.sampled_from(names)), "amount": draw(VALUE)}}
    else:
        found = {kind: {"card": draw(st.sampled_from(names))}}
    if names and draw(st.integers(0, 2)) == 0:
        found["when"] = {"event": draw(st.sampled_from(EVENTS)), "card": draw(st.sampled_from(names))}
    return {**found, "by": player}


@st.composite
def timelines(draw: Any) -> dict:
    turn = draw(st.integers(1, 8))
    phase, step = draw(st.sampled_from(POINTS))
    a, a_names = draw(sides("A", turn))
    b, b_names = draw(sides("B", turn))
    turn_player = draw(st.sampled_from(["A", "B"]))
    ours, theirs = (a_names, b_names) if turn_player == "A" else (b_names, a_names)
    everyone = a_names + b_names
    state: dict[str, Any] = {
        "turn": turn,
        "turn_player": turn_player,
        "phase": phase,
        "players": {"A": a, "B": b},
    }
    if step:
        state["step"] = step
    actions: list[Any] = []
    for _ in range(draw(st.integers(0, 5))):
        kind = draw(
            st.sampled_from(
                [
                    "attack",
                    "attack",
                    "defend",
                    "effect",
                    "effect",
                    "end_phase",
                    "next_turn",
                    "level_up",
                    "loop",
                ]
            )
        )
        player = draw(st.sampled_from(["A", "B"]))
        if kind == "attack" and ours:
            target = draw(st.sampled_from(["life", "life", *theirs]))
            several = (
                draw(st.lists(st.sampled_from(theirs), min_size=2, unique=True)) if len(theirs) > 1 else []
            )
            aimed = {"targets": several} if several and draw(st.booleans()) else {"target": target}
            actions.append({"attack": {"by": draw(st.sampled_from(ours)), **aimed}})
        elif kind == "defend" and theirs:
            defend: dict[str, Any] = {"by": draw(st.sampled_from(theirs))}
            if draw(st.integers(0, 3)) == 0:
                defend["instead"] = draw(st.sampled_from(theirs))
            actions.append(draw(st.sampled_from(["no_defend", {"defend": defend}])))
        elif kind == "effect":
            actions.append({"effect": draw(effects(player, everyone))})
        elif kind == "loop":
            actions.append(
                {"loop": {"effects": draw(st.lists(effects(player, everyone), min_size=1, max_size=3))}}
            )
        elif kind == "level_up" and ours:
            actions.append({"level_up": {"card": draw(st.sampled_from(ours)), "how": "normal"}})
        elif kind in ("end_phase", "next_turn"):
            actions.append(kind)
    until = draw(st.sampled_from(["last_action", "end_of_phase", "end_of_turn"]))
    return {"game": "zd", "state": state, "actions": actions, "until": until}


def test_the_registry_holds_in_the_book():
    assert verify(CITE, load_book("zd")) == []


@FEW
@given(timelines())
def test_random_legal_timelines_are_replayed_citing_only_registered_clauses(board):
    ruling = rule(board)
    json.dumps(ruling.as_dict(), ensure_ascii=False)
    book = load_book("zd")
    assert all(cite in CITE and cite in book for cite in ruling.cited)
    assert set(ruling.decisive) <= set(ruling.cited)
    assert all(step.cites for step in ruling.steps)


@FEW
@given(timelines())
def test_a_replay_is_deterministic(board):
    assert rule(board).as_dict() == rule(board).as_dict()


@FEW
@given(timelines())
def test_swapping_the_players_mirrors_the_ruling(board):
    ruling, mirror = rule(board), rule(swapped(board))
    assert comparable(mirror.outcome.as_dict()) == comparable(swapped(ruling.outcome.as_dict()))
    assert set(mirror.decisive) == set(ruling.decisive)


@FEW
@given(timelines())
def test_no_character_left_on_the_field_holds_damage_reaching_its_defence(board):
    """309.p2, 607.p4: destroyed at once, even inside an effect; 309.p3: a defence of 0 or less leaves."""
    ruling = rule(board)
    if ruling.outcome.state is None:
        return
    for player in ("A", "B"):
        for card in getattr(ruling.outcome.state.players, player).battle.cards:
            defence = ruling.outcome.values.get(card.name, {}).get("defence")
            if defence is not None:
                assert defence > 0 and card.damage < defence, (player, card.name)


@FEW
@given(timelines())
def test_each_open_choice_or_fact_is_replayed_once_per_option(board):
    ruling = rule(board)
    if ruling.choices:
        options = [json.dumps(c.option, sort_keys=True, ensure_ascii=False) for c in ruling.choices]
        assert len(options) == len(set(options))
        assert ruling.outcome.result is Result.DEPENDS or all(
            c.outcome.key() == ruling.choices[0].outcome.key() for c in ruling.choices
        )


def _in_an_attacks_free_timing(actions: list[Any], cut: int) -> bool:
    """Whether the action after the first ``cut`` comes in the free timing of an attack declared
    before it (an effect or a card played before any defence is declared, 502).  The shorter
    timeline, with nothing more to come, rightly plays the battle's forced steps out at once (a
    defence nobody can declare, the battle, the damage); the longer one takes that action first.
    """
    verbs = [next(iter(action)) if isinstance(action, dict) else action for action in actions]
    if cut >= len(verbs) or verbs[cut] not in FREE:
        return False
    before = [verb for verb in verbs[:cut] if verb not in FREE]
    return bool(before) and before[-1] == "attack"


@FEW
@given(timelines(), st.data())
def test_a_prefix_of_a_timeline_is_ruled_as_the_replay_was_up_to_there(board, data):
    """Replaying fewer actions never contradicts the longer replay's first steps (the loop is online)."""
    cut = data.draw(st.integers(0, len(board["actions"])))
    if _in_an_attacks_free_timing(board["actions"], cut):
        return
    whole, prefix = rule(board), rule({**board, "actions": board["actions"][:cut], "until": "last_action"})
    if whole.choices or prefix.choices or prefix.outcome.result is Result.REFUSED:
        return
    shown = [step.text for step in prefix.steps if step.kind.value == "rule"]
    longer = [step.text for step in whole.steps if step.kind.value == "rule"]
    settled = max(0, len(shown) - 2)  # the last steps may still wait on what the next action is
    assert longer[:settled] == shown[:settled]


@st.composite
def attacks_on_several(draw: Any) -> dict:
    """A's 路飞, which can attack several characters, attacks two or three of B's rested characters;
    B declares some of its unrested ones as defenders, each in the place of a target."""
    attacker = {
        "name": "路飞",
        "kind": "character",
        "attack": draw(VALUE),
        "defence": draw(st.integers(1, 12).map(lambda n: n * 500)),
        "status": "active",
        "entered_turn": 1,
        "keywords": [SEVERAL, *draw(st.sampled_from([[], [], ["远程"], ["先制"]]))],
    }

    def character(name: str, status: str) -> dict:
        keywords = draw(st.sampled_from([[], [], ["坚韧"]]))
        defence = draw(st.integers(1, 10).map(lambda n: n * 500))
        return {"name": name, "kind": "character", "attack": draw(VALUE), "defence": defence,
                "status": status, "entered_turn": 1, "keywords": keywords}  # fmt: skip

    targets = [character(f"b{n}", "rested") for n in range(draw(st.integers(2, 3)))]
    unrested = [character(f"c{n}", "active") for n in range(draw(st.integers(0, 2)))]
    aimed = [card["name"] for card in targets]
    places = draw(st.permutations(aimed))
    defenders = [card["name"] for card in unrested][: draw(st.integers(0, len(unrested)))]
    actions: list[Any] = [{"attack": {"by": "路飞", "targets": aimed}}]
    actions += [
        {"defend": {"by": name, "instead": place}}
        for name, place in zip(defenders, places[: len(defenders)], strict=True)
    ]
    state = {
        "turn": 6,
        "turn_player": "A",
        "phase": "action",
        "players": {"A": {"battle": [attacker]}, "B": {"battle": targets + unrested}},
    }
    return {"game": "zd", "state": state, "actions": actions + ([] if defenders else ["no_defend"])}


@FEW
@given(attacks_on_several())
def test_an_attacker_on_several_deals_its_attack_to_each_and_takes_the_sum_of_theirs(board):
    """507.p4: its attack to every character it battles at once, the sum of theirs to it; none with
    远程 (507.p5); none from one its 先制 destroyed (507.p6); 【战斗胜利时】 once, if it destroyed at
    least one and survived."""
    ruling = rule(board)
    battle = ruling.outcome.battles[0]
    cards = {card["name"]: card for side in board["state"]["players"].values() for card in side["battle"]}
    attacker = cards["路飞"]
    declared = {a["defend"]["by"] for a in board["actions"] if isinstance(a, dict) and "defend" in a}

    def dealt(source: str, target: str) -> int:
        return sum(
            step.values["amount"]
            for step in ruling.steps
            if step.values.get("source") == source and step.values.get("target") == target
        )

    for name in battle.defenders:
        tough = "坚韧" in cards[name]["keywords"] and name in declared
        assert dealt("路飞", name) == (0 if tough else attacker["attack"]), name
    first = "先制" in attacker["keywords"]
    struck = [n for n in battle.defenders if not (first and n in battle.destroyed)]
    expected = 0 if "远程" in attacker["keywords"] else sum(cards[n]["attack"] for n in struck)
    assert sum(dealt(name, "路飞") for name in battle.defenders) == expected
    won = "路飞" not in battle.destroyed and any(n in battle.destroyed for n in battle.defenders)
    assert battle.won.count("路飞") == (1 if won else 0)
