"""Inline edits: characters for Chinese, words for Latin, artifacts never."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from corpus.versions.inline import canonical, display, inline_ops, render


def edits(old: str, new: str) -> list[tuple[str, str]]:
    return [(op.op, op.text) for op in inline_ops(old, new) if op.op != "equal"]


def test_chinese_changes_are_single_characters():
    assert edits("玩家可以宣告攻擊。", "玩家不可以宣告攻擊。") == [("insert", "不")]
    assert render(inline_ops("抽 1 張牌", "抽 2 張牌")) == "抽 [-1-]{+2+} 張牌"


def test_latin_changes_are_whole_words():
    assert edits("2-2. Illustrations", "2-2. Illustration") == [
        ("delete", "Illustrations"),
        ("insert", "Illustration"),
    ]
    assert edits("gain BP+1000 now", "gain BP+2000 now") == [("delete", "1000"), ("insert", "2000")]


def test_extraction_artifacts_are_not_changes():
    assert edits("翻 开 效 果（ HBU01-CR ）", "翻开效果（HBU01-CR）") == []
    assert edits("a sentence\nbroken   over lines", "a sentence broken over lines") == []
    assert canonical("玩家，攻擊") == canonical("玩家,攻擊")
    # a full-width comma inside a real change is shown as kept, not as an edit
    assert edits("在進行遊戲前,每位玩家", "在進行遊戲前，每位選手") == [
        ("delete", "玩家"),
        ("insert", "選手"),
    ]


TEXT = st.text(alphabet=st.sampled_from(list("ab 勝利玩家,，。\nBP10")), max_size=40)


@settings(max_examples=200, deadline=None)
@given(TEXT, TEXT)
def test_the_edits_rebuild_both_texts(old, new):
    ops = inline_ops(old, new)
    kept_old = "".join(op.text for op in ops if op.op != "insert")
    kept_new = "".join(op.text for op in ops if op.op != "delete")
    assert kept_new == display(new)
    assert canonical(kept_old) == canonical(display(old))
