"""Search understands what people mean, in every book, with no synonym file's help.

Three things everyone asks of a card game's rules — how to win, who goes
first, how many cards one may hold — asked in English, find the clause
that answers them in each book's top 3.  The expected clauses are found in
the parsed books by a phrase of their text, not through the index.  And the
concept view, which runs the same search, picks the same clauses before and
after a book of another game is ingested.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from corpus import store
from corpus.library import load_book
from corpus.manifest import bundled_manifest
from corpus.search.service import Searcher
from corpus.search.whoosh_backend import WhooshBackend
from corpus.versions.compare import concept_view
from tests.searching import plain_searcher

#: query → game → phrases of the clauses that answer it (any of them in the top 3 will do).
#: dbscg prints no hand limit (its hand has none), so it has no answer to "hand limit".
ANSWERS = {
    "win condition": {
        "ucg": ["滿足勝利條件的玩家將贏得遊戲", "同時在 3 處或以上的戰鬥中勝出的玩家"],
        "uhb": ["当出现以下情况时,玩家输掉游戏", "当任何一位玩家输、任何一位玩家赢或一局游戏平手时"],
        "bs": ["符合以下任一條件的玩家即獲勝"],
        "gcg": [
            "由自身未敗北的玩家獲得遊戲勝利",
            "遊戲敗北條件如下",
            "任一玩家的護盾區中沒有任何卡牌的狀態下，當該玩家受到來自機體的戰鬥傷害時",  # printed twice
            "當任一玩家的卡組變成 0 張時，該玩家即滿足敗北條件",  # printed twice
        ],
        # zd has a section of them (101 胜负条件): its paragraphs on winning and losing
        "zd": [
            "当某位玩家的生命区中已经没有牌时",
            "他的牌组中已经没有足够的牌时",
            "如果某位玩家同时赢得及输掉游戏",
            "如果双方玩家同时赢得或输掉游戏",
        ],
        "dbscg": ["and that player did not, they win the game", "The game’s lose conditions are as follows"],
    },
    "first player": {
        # ucg decides the first player (先攻方) again every turn
        "ucg": [
            "贏的一方可以選擇第一回合的先攻或後攻",
            "在最新一輪戰鬥中獲勝的玩家將成為下一回合的先攻方",
            "則本回合的先攻方玩家在下一回合仍為先攻方。",
            "則該回合的先攻方玩家在下一回合仍為先攻方玩家",
        ],
        "uhb": ["玩家需决定由哪一方先开始回合", "先手玩家进行其第一个回合"],
        "bs": ["第 1 回合（先攻玩家的第一個回合）"],
        "gcg": [
            "對戰雙方透過猜拳等方式決定先攻·後攻",
            "從先攻玩家的回合開始遊戲",
            "從所有玩家中決定第一位行動的玩家",  # the same, in a game of three or more
        ],
        "zd": ["双方玩家以任意方式决定先后顺序"],
        "dbscg": ["Decide which player goes first randomly", "The player playing first does not draw"],
    },
    "hand limit": {
        "ucg": ["玩家的手牌數量沒有上限"],
        "uhb": ["手牌上限一般为 10 张"],
        "bs": ["※手牌的張數沒有上限"],
        "gcg": ["手牌的上限張數是 10 張", "若手牌張數超過了上限 10 張"],
        "zd": ["通常每位玩家的手牌上限为六张", "如果此时主动玩家的手牌超过六张"],
    },
}


def answering(game: str, phrases: list[str]) -> set[str]:
    """The ids of the game's clauses whose text holds one of ``phrases`` (each must name one clause,
    or a rule the book prints twice word for word)."""
    found = set()
    for phrase in phrases:
        clauses = [clause for clause in load_book(game).clauses if phrase in clause.text]
        assert clauses and len({clause.text for clause in clauses}) == 1, (game, phrase, clauses)
        found |= {clause.id for clause in clauses}
    return found


@pytest.fixture(scope="module")
def searcher() -> Searcher:
    return plain_searcher()


@pytest.mark.parametrize(
    ("query", "game"), [(query, game) for query, games in ANSWERS.items() for game in games]
)
def test_an_everyday_question_in_english_finds_the_answer_in_the_top_3(searcher, query, game):
    top = [hit.id for hit in searcher.search(query, game=game, limit=3).hits]
    assert answering(game, ANSWERS[query][game]) & set(top), top


def test_the_concept_view_keeps_its_picks_when_another_game_is_ingested(tmp_path, monkeypatch):
    monkeypatch.setenv("ARBITER_HOME", str(tmp_path / "home"))
    searcher = Searcher(WhooshBackend(tmp_path / "index"))
    before = {
        m.game: (m.side.clause.id if m.side else None, m.score) for m in concept_view("勝利條件", searcher)
    }
    text = (bundled_manifest().root / "gcg-1.1.0-zh-Hant.txt").read_text(encoding="utf-8")
    other = Path(tmp_path / "other.txt")
    other.write_text(text.replace("鋼彈", "機甲"), encoding="utf-8")  # another game, much the same words
    store.ingest(other, "mecha", "1.0")
    after = {
        m.game: (m.side.clause.id if m.side else None, m.score) for m in concept_view("勝利條件", searcher)
    }
    assert "mecha" in after
    assert {game: after[game] for game in before} == before


def test_a_snippet_marks_the_chinese_words_an_english_query_met(searcher):
    hit = searcher.search("win condition", game="ucg").hits[0]
    marked = {hit.snippet.text[a:b] for a, b in hit.snippet.highlights}
    assert any("條件" in text for text in marked), hit.snippet.marked()


def test_every_hit_of_a_widened_search_shows_why_it_matched(searcher):
    hits = searcher.search("勝利", limit=20).hits  # every game: some meet it only through its gloss
    assert hits and all(hit.snippet.highlights for hit in hits)
