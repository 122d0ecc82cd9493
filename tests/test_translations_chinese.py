"""zh-Hant ↔ zh-Hans: a translation check between the two Chinese scripts, through OpenCC.

A Simplified edition is made from a bundled Traditional book by OpenCC's own
``t2s`` conversion (what a publisher's Simplified edition of the same rules
would read like) and ingested as a translation, its language detected.  Folded
to one script, the two say the same, so the check finds nothing; a figure
edited in the Simplified text is found.  bs prints no clause numbers: its ids
are its headings, spelt in each edition's script, and are matched folded too.
"""

from __future__ import annotations

from urllib.parse import unquote

import opencc
import pytest

from corpus import store
from corpus.library import load_book
from corpus.manifest import bundled_manifest
from corpus.versions.translation import check_translation
from webapp import create_app

DECK = "正好由 50 張卡牌組成"  # ucg 4.1.1: a deck is exactly 50 cards


def bundled_text(game: str) -> str:
    manifest = bundled_manifest()
    info = next(i for i in manifest.books if i.game == game)
    return (manifest.root / info.source).read_text(encoding="utf-8")


def simplified(text: str) -> str:
    return opencc.OpenCC("t2s.json").convert(text)


@pytest.fixture(scope="module")
def home(tmp_path_factory):
    folder = tmp_path_factory.mktemp("chinese-home")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("ARBITER_HOME", str(folder))
        for game in ("ucg", "bs"):
            source = folder / f"{game}-zh-Hans.txt"
            source.write_text(simplified(bundled_text(game)), encoding="utf-8")
            ingested = store.ingest(source, game, load_book(game).version)
            assert ingested.info.language == "zh-Hans"  # detected from the script, not told
        yield folder


def test_a_simplified_conversion_of_a_traditional_book_says_the_same(home):
    original, translation = load_book("ucg", "1.6"), load_book("ucg", "1.6/zh-Hans")
    assert [c.id for c in original.clauses] == [c.id for c in translation.clauses]
    assert original["4.1.1"].text != translation["4.1.1"].text  # two scripts: 張 against 张
    assert check_translation(original, translation) == []


def test_an_edited_figure_in_the_simplified_edition_is_found(home, tmp_path):
    text = bundled_text("ucg")
    assert text.count(DECK) == 1
    edited = tmp_path / "ucg-edited-zh-Hans.txt"
    edited.write_text(simplified(text.replace(DECK, DECK.replace("50", "40"))), encoding="utf-8")
    store.ingest(edited, "ucg", "1.6", replace=True)
    try:
        findings = check_translation(load_book("ucg", "1.6"), load_book("ucg", "1.6/zh-Hans"))
        assert [f.as_dict() for f in findings] == [
            {"kind": "numbers", "clause": "4.1.1", "message": "states 50; the translation states 40"}
        ]
    finally:
        source = home / "ucg-zh-Hans.txt"
        store.ingest(source, "ucg", "1.6", replace=True)


def test_heading_ids_in_the_other_script_are_the_same_clauses(home):
    """bs 常見問題/關於效果通則/Q1 is 常见问题/关于效果通则/Q1 in Simplified: one clause, not two missing.

    What differs is the level of two headings: the bundled manifest names 勝利條件 and
    攻擊階段的行動 as chapters (the extraction lost their level), and an ingested edition
    carries no such list, so in Simplified they sit one level lower.
    """
    original, translation = load_book("bs", "17.0"), load_book("bs", "17.0/zh-Hans")
    findings = check_translation(original, translation)
    moved = {c.id for c in original.clauses if c.id.split("/")[0] in original.info.chapters}
    assert len(moved) == 14 and original.info.chapters == ("勝利條件", "攻擊階段的行動")
    assert {f.kind for f in findings} == {"missing"} and len(findings) == 2 * len(moved)
    assert {f.clause for f in findings if f.message.endswith("bs@17.0/zh-Hans")} == moved
    client = create_app({"TESTING": True, "REFRESH_SECONDS": 0}).test_client()
    data = client.get("/api/compare/bs/17.0/17.0~zh-Hans").json
    assert data["flagged"] == len(findings)
    row = next(r for r in data["rows"] if r["id"] == "常見問題/關於效果通則/Q1")
    assert (row["translation"]["id"], row["findings"]) == ("常见问题/关于效果通则/Q1", [])
    assert unquote(row["translation"]["url"]) == "/bs/17.0~zh-Hans/常见问题/关于效果通则/Q1"
    clause = client.get("/api/bs/17.0/常見問題/關於效果通則/Q1").json
    assert [(v["version"], v["present"], v["url"]) for v in clause["other_languages"]] == [
        ("17.0/zh-Hans", True, row["translation"]["url"])
    ]
    page = client.get("/compare/bs/17.0/17.0~zh-Hans").get_data(as_text=True)
    assert 'id="c-常见问题/关于效果通则/Q1"' in page  # where the Simplified clause page's link lands
