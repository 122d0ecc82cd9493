"""zd engine: the questions as views onto the replay, bad input refused with the clause, the rules a
situation file does not show on its own; and the deck list, a static check."""

from __future__ import annotations

import re

import pytest

from corpus.library import load_book
from judge.board import BoardError
from judge.games.zd.decklist import DeckRuling
from judge.outcome import Result
from judge.registry import questions, rule
from judge.ruling import StepKind

CHINESE_DIGITS = {"一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6}


def text_of(clause: str) -> str:
    return re.sub(r"\s+", "", load_book("zd").get(clause).text)


def number_in(clause: str, pattern: str) -> int:
    """A number the rulebook states (digits or a Chinese numeral), read from the clause text."""
    found = re.search(pattern, text_of(clause)).group(1)
    return CHINESE_DIGITS[found] if found in CHINESE_DIGITS else int(found)


def action_phase(players: dict, *actions, **extra) -> dict:
    state = {"turn": 6, "turn_player": "A", "phase": "action", "players": players}
    return {"game": "zd", "state": state, "actions": list(actions), **extra}


def character(name: str, attack: int, defence: int, **extra) -> dict:
    return {
        "name": name,
        "kind": "character",
        "attack": attack,
        "defence": defence,
        "entered_turn": 3,
        **extra,
    }


def test_the_old_questions_are_views_onto_the_replay_and_the_deck_a_static_check():
    found = {q.name: q for q in questions("zd")}
    assert set(found) == {"timeline", "battle", "chain", "result", "numbers", "end_phase", "deck"}
    assert all(found[name].view is not None for name in found if name != "deck")
    assert found["deck"].view is None and found["deck"].judge is not None


def test_a_view_fixes_where_its_snapshot_is_taken():
    board = action_phase({"A": {"hand": 9}}, question="end_phase")
    with pytest.raises(BoardError) as error:
        rule(board)
    assert [p.path for p in error.value.problems] == ["state.phase"]
    board["state"] |= {"phase": "end", "step": "end"}
    ruling = rule(board)  # replayed to the end of the turn by the view
    assert ruling.outcome.state.turn == 7 and ruling.outcome.state.players.A.hand.total == 6


@pytest.mark.parametrize(
    "effect, where",
    [
        ({"ko": {"card": "路飞"}}, "actions[0].effect.ko"),
        (
            {
                "move": {
                    "count": 1,
                    "from": {"player": "A", "zone": "graveyard"},
                    "to": {"player": "A", "zone": "hand"},
                }
            },
            "actions[0].effect.move.from.zone",
        ),
        ({"draw": {"player": "A"}, "when": {"event": "summoned"}}, "actions[0].effect.when.event"),
    ],
)
def test_an_effect_the_book_has_no_reading_for_is_refused_naming_the_field(effect, where):
    board = action_phase({"A": {"battle": [character("路飞", 3000, 3000)]}}, {"effect": effect})
    with pytest.raises(BoardError) as error:
        rule(board)
    assert [p.path for p in error.value.problems] == [where]


def test_a_keyword_the_engine_does_not_read_is_refused():
    with pytest.raises(BoardError) as error:
        rule(action_phase({"A": {"battle": [character("路飞", 3000, 3000, keywords=["飞行"])]}}))
    assert error.value.problems[0].path.startswith("state.players.A.battle")


def test_a_keyword_given_by_an_effect_is_checked_as_a_printed_one_is():
    board = action_phase(
        {"A": {"battle": [character("路飞", 3000, 3000)]}},
        {"effect": {"keyword": {"card": "路飞", "add": ["飞行"]}}},
    )
    with pytest.raises(BoardError) as error:
        rule(board)
    assert [p.path for p in error.value.problems] == ["actions[0].effect.keyword"]


def test_keywords_and_the_life_zone_may_be_written_in_the_other_script():
    """遠程 is 远程 and 生命區 the life zone: the book's words, whichever script the user types."""
    players = {
        "A": {"battle": [character("羅賓", 3000, 2000, status="active")]},
        "B": {"life": 3, "battle": [character("比克", 4000, 2000, status="rested")]},
    }
    given = rule(
        action_phase(
            players,
            {"effect": {"keyword": {"card": "羅賓", "add": ["遠程"]}}},
            {"attack": {"by": "羅賓", "target": "比克"}},
            "no_defend",
        )
    )
    assert "900.远程" in given.decisive and given.outcome.destroyed == ["比克"]
    for target in ("生命區", "player"):
        on_life = rule(action_phase(players, {"attack": {"by": "羅賓", "target": target}}, "no_defend"))
        assert on_life.outcome.state.players.B.life.total == 2


def test_a_card_type_may_be_the_books_own_word_in_either_script():
    """302: 角色牌, 装备牌 (裝備牌), 战术牌, 事件牌."""
    players = {"A": {"hand": 2, "battle": [character("悟空", 2000, 3000, kind="角色牌")]}}
    played = rule(
        action_phase(
            players,
            {
                "play": {
                    "player": "A",
                    "card": {"name": "金箍棒", "kind": "裝備牌", "attack_bonus": 2000},
                    "to": "悟空",
                }
            },
        )
    )
    assert played.outcome.values["悟空"]["attack"] == 4000


def test_a_name_in_the_other_script_is_read_as_the_boards_card():
    board = action_phase(
        {"A": {"battle": [character("路飞", 3000, 3000, status="active")]}}, {"attack": {"by": "路飛"}}
    )
    steps = [step.text for step in rule(board).steps]
    assert steps[0].startswith("攻击步骤：主动玩家 A 横置宣布攻击的「路飞」")


def test_神速_may_be_defended_only_by_神速_or_守备():
    players = {
        "A": {"battle": [character("悟空", 3000, 3000, status="active", keywords=["神速"])]},
        "B": {
            "battle": [
                character("乌龙", 1000, 1000, status="rested"),
                character("克林", 2000, 2000, status="active"),
                character("天津饭", 2000, 4000, status="active", keywords=["守备"]),
            ]
        },
    }
    refused = rule(
        action_phase(players, {"attack": {"by": "悟空", "target": "乌龙"}}, {"defend": {"by": "克林"}})
    )
    assert refused.outcome.result is Result.REFUSED and refused.outcome.refused.cites == ("900.神速",)
    allowed = rule(
        action_phase(players, {"attack": {"by": "悟空", "target": "乌龙"}}, {"defend": {"by": "天津饭"}})
    )
    assert allowed.outcome.battles[0].defenders == ["天津饭"]
    open_choice = rule(action_phase(players, {"attack": {"by": "悟空", "target": "乌龙"}}))
    assert sorted(str(next(iter(c.option.values()))) for c in open_choice.choices) == ["none", "天津饭"]


def test_先制_on_both_sides_strikes_at_once():
    players = {
        "A": {"battle": [character("路飞", 3000, 3000, status="active", keywords=["先制"])]},
        "B": {"battle": [character("克比", 3000, 3000, status="rested", keywords=["先制"])]},
    }
    ruling = rule(action_phase(players, {"attack": {"by": "路飞", "target": "克比"}}, "no_defend"))
    assert ruling.outcome.destroyed == ["路飞", "克比"]
    assert any("双方都带有先制" in step.text for step in ruling.steps)


def test_a_battling_character_that_left_stops_the_battle_without_damage():
    players = {
        "A": {"battle": [character("路飞", 3000, 3000, status="active")]},
        "B": {"battle": [character("克比", 1000, 2000, status="rested")]},
    }
    ruling = rule(
        action_phase(
            players,
            {"attack": {"by": "路飞", "target": "克比"}},
            "no_defend",
            {"effect": {"remove": {"card": "克比"}}},
        )
    )
    assert ruling.outcome.battles[0].destroyed == [] and "503.p3" in ruling.cited
    assert ruling.outcome.state.players.A.battle.cards[0].damage == 0


def test_a_gap_in_the_book_is_reported_where_battle_damage_only_reaches_the_defence():
    """605.p3 / 505.p3 against 803.p1: damage from earlier plus battle damage not above the defence."""
    players = {
        "A": {"battle": [character("路飞", 2000, 5000, status="active")]},
        "B": {"battle": [character("克比", 1000, 3000, status="rested", damage=1000)]},
    }
    ruling = rule(action_phase(players, {"attack": {"by": "路飞", "target": "克比"}}, "no_defend"))
    assert [set(step.cites) for step in ruling.gaps if step.kind is StepKind.CONFLICT] == [
        {"605.p3", "505.p3", "803.p1"}
    ]


def deck(*cards, **extra):
    return rule({"game": "zd", "question": "deck", "cards": list(cards), **extra})


def card(number, name, count, text, **extra):
    return {"number": number, "name": name, "count": count, "text": text, **extra}


FILLER = [card(f"BP01-{i:03d}", f"角色{i}", 4, f"效果{i}") for i in range(11)]  # 44 cards


def test_fifty_cards_at_most_four_of_the_same_card():
    size = number_in("100.p2", r"数量为(\d+)张的牌组")
    copies = number_in("327.p2", r"不能超过(.)张")
    ruling = deck(
        *FILLER, card("BP02-001", "路飞", copies, "甲"), card("BP02-002", "娜美", size - 44 - copies, "乙")
    )
    assert ruling.outcome.reason is DeckRuling.LEGAL
    assert [s.kind for s in ruling.gaps] == [StepKind.SILENT]  # banned cards are published elsewhere (903)
    short = deck(*FILLER)
    assert short.outcome.reason is DeckRuling.WRONG_SIZE and "100.p2" in short.decisive


def test_the_same_card_is_the_same_text_whatever_the_card_number():
    reprint = deck(
        *FILLER,
        card("BP02-001", "路飞", 3, "同一段文字"),
        card("PR-007", "路飞", 2, "同一段文字"),
        card("BP02-002", "娜美", 1, "乙"),
    )
    assert reprint.outcome.reason is DeckRuling.TOO_MANY_COPIES
    assert reprint.outcome["over_limit"] == [{"name": "路飞", "numbers": ["BP02-001", "PR-007"], "count": 5}]
    assert {"327.p1", "327.p2"} <= set(reprint.decisive)
    versions = deck(*FILLER, card("BP02-001", "路飞", 3, "文字一"), card("BP03-001", "路飞", 3, "文字二"))
    assert versions.outcome.reason is DeckRuling.LEGAL


def test_two_cards_sharing_a_number_but_not_a_text_are_counted_apart_and_the_ruling_says_why():
    """327.p1 compares the text, not the number: a misprint's number shared by two cards (found by
    the fuzz test) is two cards, and the step saying so is the one the decisive 327.p1 needs."""
    shared = deck(card("BP01-003", "角色3", 4, "角色3的文字"), card("BP01-003", "角色X", 4, "角色X的文字"))
    assert shared.outcome.reason is DeckRuling.WRONG_SIZE and shared.outcome["over_limit"] == []
    assert "327.p1" in shared.decisive
    assert any("BP01-003" in step.text and "327.p1" in step.cites for step in shared.steps)


def test_an_official_event_deck_keeps_to_one_series():
    cards = [
        card(f"X-{i}", f"角色{i}", 4, f"效果{i}", series="龙珠" if i == 0 else "海贼王") for i in range(12)
    ]
    cards.append(card("X-12", "角色12", 2, "效果12", series="海贼王"))
    assert deck(*cards).outcome.reason is DeckRuling.LEGAL  # outside official events
    ruling = deck(*cards, official_event=True)
    assert ruling.outcome.reason is DeckRuling.MIXED_SERIES
    assert ruling.decisive == ("100.p2",)
    with pytest.raises(BoardError) as error:
        deck(card("X-99", "无系列", 50, "z"), official_event=True)
    assert [(p.path, p.cites) for p in error.value.problems] == [("cards[0].series", ("100.p2",))]


def test_a_character_with_迟缓_enters_rested_and_an_event_keeps_to_its_own_timing():
    ruling = rule(
        action_phase(
            {"A": {"hand": 2}},
            {"play": {"player": "A", "card": character("布鲁克", 1000, 1000, keywords=["迟缓"])}},
        )
    )
    assert (
        ruling.outcome.state.players.A.battle.cards[0].status.value == "rested" and "900.迟缓" in ruling.cited
    )
    board = action_phase(
        {"A": {"hand": 2}}, {"play": {"player": "B", "card": {"name": "事件", "kind": "event"}}}
    )
    refused = rule(board)
    assert refused.outcome.result is Result.REFUSED and refused.outcome.refused.cites == ("321.p1",)


def test_an_effect_inside_an_activation_is_checked_as_a_stated_one_is():
    """The effects a used card carries get every check a stated effect gets, zones included."""
    move = {
        "move": {
            "count": 1,
            "from": {"player": "A", "zone": "graveyard"},
            "to": {"player": "A", "zone": "hand"},
        }
    }
    used = {"activate": {"player": "A", "name": "回收", "effects": [move]}}
    with pytest.raises(BoardError) as error:
        rule(action_phase({"A": {"battle": [character("路飞", 3000, 3000)]}}, used))
    assert [p.path for p in error.value.problems] == ["actions[0].activate.move.from.zone"]


@pytest.mark.parametrize(
    "attack, where, cites",
    [
        ({"by": "路飞", "targets": ["乔巴"]}, "actions[0].attack.targets", ("507.p1",)),
        ({"by": "路飞", "targets": ["乔巴", "life"]}, "actions[0].attack.targets", ("507.p1",)),
        ({"by": "路飞", "targets": ["乔巴", "乔巴"]}, "actions[0].attack.targets", ("507.p1",)),
        ({"by": "路飞", "target": "乔巴", "targets": ["乔巴", "娜美"]}, "actions[0].attack", ("507.p2",)),
    ],
)
def test_an_attack_on_several_names_two_or_more_characters_and_nothing_else(attack, where, cites):
    players = {
        "A": {"battle": [character("路飞", 3000, 3000, status="active", keywords=["可以攻击多张角色牌"])]},
        "B": {"battle": [character("乔巴", 1000, 1000, status="rested"), character("娜美", 1000, 1000)]},
    }
    with pytest.raises(BoardError) as error:
        rule(action_phase(players, {"attack": attack}))
    assert [(p.path, p.cites) for p in error.value.problems] == [(where, cites)]


def test_a_defender_against_several_takes_the_place_of_a_target_still_attacked():
    """507.p3: each defender changes one battle target; one already changed, or no target, is refused."""
    players = {
        "A": {"battle": [character("路飞", 3000, 9000, status="active", keywords=["可以攻击多张角色牌"])]},
        "B": {
            "battle": [
                character("乔巴", 1000, 1000, status="rested"),
                character("娜美", 1000, 1000, status="rested"),
                character("山治", 1000, 5000, status="active"),
                character("弗兰奇", 1000, 5000, status="active"),
            ]
        },
    }
    attack = {"attack": {"by": "路飞", "targets": ["乔巴", "娜美"]}}
    twice = rule(
        action_phase(
            players,
            attack,
            {"defend": {"by": "山治", "instead": "乔巴"}},
            {"defend": {"by": "弗兰奇", "instead": "乔巴"}},
        )
    )
    assert twice.outcome.result is Result.REFUSED and twice.outcome.refused.cites == ("507.p3",)
    both = rule(
        action_phase(
            players, attack, {"defend": {"by": "山治", "instead": "娜美"}}, {"defend": {"by": "弗兰奇"}}
        )
    )
    assert both.outcome.battles[0].defenders == ["弗兰奇", "山治"]  # the one target left, no choice
    assert not both.choices and both.outcome.battles[0].destroyed == []
