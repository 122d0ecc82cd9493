"""A real Chromium against ``arbiter serve``: what a judge does with the pages.

Expected values come from the corpus, the judge and the versions modules
(what the pages are a front end to), not from the pages themselves.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from playwright.sync_api import expect

from corpus.library import load_book
from corpus.versions.diff import diff_versions
from judge.registry import ENGINES, engine, rule

pytestmark = pytest.mark.browser
EXAMPLE = Path(__file__).resolve().parents[2] / "judge" / "examples" / "ucg" / "judgment.yaml"


def test_search_other_script_open_result_follow_citation_and_back(page):
    book = load_book("uhb")  # printed in Simplified; the query below is Traditional
    cited = re.search(r"参见 ([\d.a-z]+)", book.get("1.0.2").text).group(1)
    page.goto("/search")
    page.select_option("select[name=game]", "uhb")
    page.fill("#q", "卡組構築")
    first = page.locator("#results a.hit-link").first
    expect(first).to_contain_text("1.0.2")  # results came in as the query was typed
    expect(page.locator("#results .snippet").first).to_contain_text(book.get("1.0.2").text[:8])
    page.keyboard.press("ArrowDown")  # from the box into the results
    expect(first).to_be_focused()
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(r"/uhb/1\.9/1\.0\.2$"))
    page.locator("article .text a.ref-cites", has_text=cited).click()
    expect(page).to_have_url(re.compile(rf"/uhb/1\.9/{re.escape(cited)}$"))
    expect(page.locator("h1")).to_contain_text(cited)
    expect(page.locator("#cited-by")).to_contain_text("1.0.2")  # the way back, as a backlink
    page.go_back()
    expect(page).to_have_url(re.compile(r"/uhb/1\.9/1\.0\.2$"))


def test_clause_number_in_the_search_box_opens_the_clause(page):
    page.goto("/")
    page.fill("input[name=q]", "5.9.4.1")
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(r"/ucg/1\.6/5\.9\.4\.1$"))
    expect(page).to_have_title(re.compile(r"^5\.9\.4\.1 "))


def test_fill_the_ucg_judgment_form_and_open_a_cited_clause(page):
    board = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    board["state"]["areas"][0]["B"]["bp"]["DOUBLE"] = 9000
    expected = rule(board)
    page.goto("/rule/ucg/judgment")
    field = page.locator('[data-path="state.areas[0].B.bp.DOUBLE"] input')
    expect(field).to_have_value("6000")  # the form starts from the example board
    field.fill("9000")
    expect(page.locator("#board-yaml")).to_have_value(re.compile(r"DOUBLE: 9000"))
    page.locator("button.primary").click()
    expect(page.locator(".ruling .outcome .reason")).to_have_text(expected.outcome.reason.value)
    expect(page.locator(".ruling .outcome .result")).to_have_text(expected.outcome.result.value)
    decisive = page.locator(".ruling .decisive a.cite")
    expect(decisive).to_have_count(len(expected.decisive))
    link = decisive.first
    clause = load_book("ucg").get(expected.decisive[0])
    assert clause.text[:15] in link.get_attribute("title")
    link.click()
    expect(page).to_have_url(re.compile(rf"/ucg/1\.6/{re.escape(expected.decisive[0])}$"))


def test_a_bad_value_is_reported_next_to_its_field(page):
    page.goto("/rule/ucg/judgment")
    page.locator('[data-path="state.areas[1].A.cards"] input').fill("0")
    page.locator("button.primary").click()
    message = page.locator('[data-path="state.areas[1].A.cards"] .field-error')
    expect(message).to_contain_text("expected at least 1")
    expect(page.locator("#problems")).to_contain_text("state.areas[1].A.cards")


def test_diff_of_dbscg_1070_to_1071(page):
    expected = diff_versions("dbscg", "1.070", "1.071")
    page.goto("/versions")
    page.select_option("form.panel-form select[name=game]", "dbscg")
    page.select_option("form.panel-form select[name=old]", "1.070")
    page.select_option("form.panel-form select[name=new]", "1.071")
    page.get_by_role("button", name="Show the changes").click()
    expect(page).to_have_url(re.compile(r"/versions/dbscg/1\.070/1\.071$"))
    for kind, count in expected.summary().items():
        expect(page.locator(f".summary .sum-{kind} strong")).to_have_text(str(count))
    move = expected.of_kind("renumbered")[0]
    section = page.locator("#renumbered")
    expect(section).to_contain_text(f"{move.old[0].id} → {move.new[0].id}")
    expect(page.locator("#modified del").first).to_be_visible()
    section.get_by_role("link", name=move.new[0].id, exact=True).first.click()
    expect(page).to_have_url(re.compile(rf"/dbscg/1\.071/{re.escape(move.new[0].id)}$"))


def test_language_switch_and_accept_language(browser, served):
    context = browser.new_context(base_url=served.url, locale="zh-TW")
    tab = context.new_page()
    tab.goto("/")
    expect(tab.locator("html")).to_have_attribute("lang", "zh-Hant")
    expect(tab.locator("nav.areas")).to_contain_text("搜尋")
    tab.get_by_role("link", name="简体中文").click()
    expect(tab.locator("html")).to_have_attribute("lang", "zh-Hans")
    tab.goto("/lint")  # the choice is kept
    expect(tab.locator("nav.areas")).to_contain_text("搜索")
    tab.get_by_role("link", name="English").click()
    expect(tab.locator("nav.areas")).to_contain_text("Search")
    context.close()


def test_clause_page_at_phone_width(browser, served, output_dir):
    context = browser.new_context(
        base_url=served.url, viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True
    )
    tab = context.new_page()
    tab.goto("/gcg/1.1.0/8-5-2-3-1")
    expect(tab.locator("article .text a.ref-cites")).to_be_visible()
    assert tab.evaluate("document.documentElement.scrollWidth") <= 390  # nothing wider than the phone
    tab.screenshot(path=str(output_dir / "clause-phone.png"), full_page=True)
    assert (output_dir / "clause-phone.png").stat().st_size > 10_000
    context.close()


QUESTIONS = [(game, name) for game in ENGINES for name in engine(game).questions]


@pytest.mark.parametrize("game, question", QUESTIONS)
def test_every_questions_form_writes_a_board_that_rules_like_its_example(page, game, question):
    """The form, built from the schema and filled from the example, writes an equivalent board."""
    example = Path(__file__).resolve().parents[2] / engine(game).questions[question].example
    expected = rule(yaml.safe_load(example.read_text(encoding="utf-8")))
    page.goto(f"/rule/{game}/{question}")
    page.dispatch_event("#board-form", "change")  # the form rewrites the board file
    written = yaml.safe_load(page.locator("#board-yaml").input_value())
    assert rule(written).as_dict() == expected.as_dict()
