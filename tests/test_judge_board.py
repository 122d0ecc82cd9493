"""Board files: every problem at once, each at its path; impossible boards cite their clause."""

from __future__ import annotations

import pytest

from corpus.errors import ArbiterError
from judge.board import BoardError
from judge.registry import ENGINES, rule, rule_text


def problems_of(request) -> list[str]:
    with pytest.raises(BoardError) as caught:
        rule(request) if isinstance(request, dict) else rule_text(request)
    return [str(p) for p in caught.value.problems]


def side(name, cards=1, **extra):
    states = ["SINGLE", "DOUBLE", "TRIPLE", "QUAD"]
    return {"name": name, "cards": cards, "bp": {states[min(cards, 4) - 1]: 3000}, **extra}


def test_every_problem_is_reported_at_once_with_its_path():
    found = problems_of(
        {
            "game": "ucg",
            "question": "judgment",
            "state": {
                "turn_player": "C",
                "areas": [
                    {"A": side("a1"), "B": side("b1")},
                    {"A": side("a2"), "B": side("b2")},
                    {
                        "A": side("a3", modifiers=[{"stat": "bp", "by": 1}, {"stat": "bp", "by": "up"}]),
                        "B": {"name": "b3", "cards": "two", "bp": {}},
                        "C": {},
                    },
                ],
            },
        }
    )
    assert found == [
        "state.turn_player: expected one of A, B",
        'state.areas[2].A.modifiers[1].by: expected an integer, not "up"',
        'state.areas[2].B.cards: expected an integer, not "two"',
        "state.areas[2].C: unknown field",
    ]


def test_a_five_card_stack_is_impossible_citing_8_1_1():
    with pytest.raises(BoardError) as caught:
        rule(
            {
                "game": "ucg",
                "question": "judgment",
                "state": {"turn_player": "A", "areas": [{"A": side("a", cards=5), "B": side("b")}]},
            }
        )
    (problem,) = caught.value.problems
    assert problem.path == "state.areas[0].A.cards"
    assert problem.cites == ("8.1.1",)
    assert "5 stacked cards is impossible" in problem.message


def test_two_cards_of_one_name_and_a_name_nobody_brought_in_are_board_problems():
    found = problems_of(
        {
            "game": "ucg",
            "state": {"phase": "effect", "step": "first", "areas": [{"A": side("X"), "B": side("X")}]},
            "actions": [{"effect": {"modify": {"card": "Q", "stat": "bp", "by": 1000}}}],
        }
    )
    assert found == [
        "state: two cards named 'X': each card on the board needs its own name",
        "actions[0].effect: no card named 'Q' on the board or brought in before",
    ]


def test_uhb_damage_zone_of_five_is_an_impossible_battle_citing_3_3_2():
    field = [{"name": "x", "power": 1000}]
    found = problems_of(
        {
            "game": "uhb",
            "question": "battle",
            "state": {
                "turn": 3,
                "turn_player": "A",
                "players": {"A": {"field": field, "damage_zone": 5}, "B": {"damage_zone": 0}},
            },
        }
    )
    assert found == [
        "state.players.A.damage_zone: a player with 5 cards in the damage zone has already lost [3.3.2]"
    ]


def test_envelope_problems_come_together():
    assert problems_of({"game": "chess", "question": "mate"}) == [
        f"game: expected one of {', '.join(ENGINES)}"
    ]
    assert problems_of({"game": "ucg", "version": "0.1", "question": "nope"}) == [
        "version: unknown version '0.1' of ucg: expected one of 1.6",
        "question: expected one of timeline, judgment, level_up, set_scene, set_character, deck",
    ]
    assert problems_of({}) == ["game: required"]  # a replay game needs no question: a timeline will do


def test_yaml_and_json_errors_are_board_errors():
    assert "not valid YAML at line 2" in problems_of("game: ucg\n  question: [x\n")[0]
    assert "not valid JSON" in problems_of('{"game": }')[0]
    assert problems_of("- just\n- a list\n") == ["<board>: expected a mapping with game and question"]


def test_json_boards_are_accepted():
    ruling = rule_text(
        '{"game": "ucg", "question": "deck", "cards": [{"number": "X-1", "name": "迪卡", "count": 50}]}'
    )
    assert ruling.outcome["cards"] == 50


def test_board_error_is_an_arbiter_error_with_every_problem_in_its_dict():
    with pytest.raises(ArbiterError) as caught:
        rule(
            {
                "game": "uhb",
                "question": "end_phase",
                "state": {"players": {"A": {"hand": -1}, "B": {"deck": -2}}},
            }
        )
    data = caught.value.as_dict()["error"]
    assert data["code"] == "bad_board"
    assert [p["path"] for p in data["problems"]] == ["state.players.A.hand", "state.players.B.deck"]
    assert data["problems"][0]["message"] == "expected at least 0"


def test_impossible_checks_need_no_traceback_for_nested_models():
    found = problems_of(
        {
            "game": "uhb",
            "question": "battle",
            "state": {
                "players": {
                    "A": {"field": [{"name": "x", "power": 1, "weakened": True}]},
                    "B": {"field": [{"name": f"y{n}"} for n in range(6)]},
                },
                "match": {"game": 2},
            },
            "actions": [{"effect": {"draw": {"player": "A"}, "if": {"player": "A", "zone": "hand"}}}],
        }
    )
    assert found == [
        "state.players.A.field[0]: only a card with a weakened power can be in weakened state [5.11.3a]",
        "state.players.B.field: a field has 5 spaces [3.2.1]",
        "state.match: expected previous: how the previous game ended (1.2.2a)",
        "actions[0].effect.if: expected one of at_least, at_most, more_than, less_than",
    ]


def test_a_version_yaml_reads_as_a_number_must_be_quoted():
    assert problems_of("game: ucg\nversion: 1.6\nquestion: deck\ncards: []\n") == [
        'version: expected text such as "1.6" (quote it in YAML)'
    ]
    ruling = rule_text('game: ucg\nversion: "1.6"\nquestion: deck\ncards: [{number: X, name: x, count: 1}]\n')
    assert ruling.rulebook_version == "1.6"


def test_uhb_has_no_removal_from_the_game_nor_damage_counted_on_players():
    found = problems_of(
        {
            "game": "uhb",
            "state": {"phase": "battle", "players": {"A": {"field": [{"name": "x", "power": 1}]}}},
            "actions": [
                {"effect": {"remove": {"card": "x"}}},
                {"effect": {"damage": {"player": "A", "amount": 1}}},
                {
                    "effect": {
                        "move": {
                            "count": 1,
                            "from": {"player": "A", "zone": "trash"},
                            "to": {"player": "A", "zone": "hand"},
                        }
                    }
                },
            ],
        }
    )
    assert found == [
        "actions[0].effect.remove: uhb has no removal from the game: state a move",
        "actions[1].effect.damage: uhb counts no damage: state a move into the damage_zone (3.3.1)",
        "actions[2].effect.move.from.zone: no zone 'trash': expected one of deck, hand, field, damage_zone, rest_area, energy",
    ]
