"""Every kind of page fits a 390 px wide phone: no sideways scrolling of the whole page.

A wide table or a long unbroken id may scroll inside its own box, never the
page.  Measured in Debian's Chromium at an iPhone-sized viewport, against
``arbiter serve`` on the bundled rulebooks.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser
PHONE = {"width": 390, "height": 844}
PAGES = [
    "/",
    "/ucg/1.6",
    "/bs/17.0",
    "/gcg/1.1.0/8-5-2-3-1",
    "/bs/17.0/常見問題/關於效果通則/Q9~2",
    "/search?q=勝利條件",
    "/search?q=玩家&page=5",
    "/versions",
    "/versions/dbscg/1.070/1.071",
    "/versions/dbscg/history/11-1",
    "/compare",
    "/compare?left=ucg:1.3.2&right=gcg:1-2-2",
    "/compare?concept=win_conditions",
    "/compare/dbscg/1.070/1.071",
    "/rule",
    "/rule/ucg/judgment",
    "/lint",
    "/lint/bs/17.0",
    "/lint/uhb/1.9",
    "/lint/dbscg/1.070",
    "/api-docs",
]


#: The pages of a translation (the French 1.070 of dbscg, ingested): longer words than English.
TRANSLATION_PAGES = [
    "/",
    "/dbscg/1.070~fr",
    "/dbscg/1.070~fr/10-13-4-4",
    "/compare/dbscg/1.070/1.070~fr",
    "/compare/dbscg/1.070/1.070~fr?show=findings",
    "/compare?left=dbscg@1.070:10-13-4-4&right=dbscg@1.070/fr:10-13-4-4",
    "/lint/dbscg/1.070~fr",
]
FRENCH = Path(__file__).parents[1] / "fixtures" / "dbscg" / "dbscg-1.070-fr.txt"


def phone_tab(browser, url: str):
    return browser.new_context(
        base_url=url,
        viewport=PHONE,
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
        locale="en-GB",
    )


@pytest.fixture(scope="module")
def phone(browser, served):
    context = phone_tab(browser, served.url)
    yield context.new_page()
    context.close()


@pytest.fixture(scope="module")
def phone_with_a_translation(browser, arbiter, serve_home, tmp_path_factory):
    """A phone on a server whose store holds the French 1.070 beside the bundled books."""
    home = str(tmp_path_factory.mktemp("phone-translation-home"))
    ingest = [*arbiter, "ingest", str(FRENCH), "--game", "dbscg", "--version", "1.070"]
    done = subprocess.run(ingest, env={**os.environ, "ARBITER_HOME": home}, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    with serve_home(home) as server:
        context = phone_tab(browser, server.url)
        yield context.new_page()
        context.close()


def assert_no_wider_than_the_phone(tab, address: str) -> None:
    response = tab.goto(address)
    assert response.status == 200, address
    width = tab.evaluate("document.documentElement.scrollWidth")
    wider = tab.evaluate("""() => Array.from(document.querySelectorAll('body *'))
        .filter(e => e.getBoundingClientRect().right > 390.5 && !e.closest('.picture'))
        .slice(0, 3).map(e => e.tagName + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right))""")
    assert width <= PHONE["width"], (address, width, wider)


@pytest.mark.parametrize("address", PAGES)
def test_the_page_is_no_wider_than_the_phone(phone, address):
    assert_no_wider_than_the_phone(phone, address)


@pytest.mark.parametrize("address", TRANSLATION_PAGES)
def test_a_translations_pages_are_no_wider_than_the_phone(phone_with_a_translation, address):
    assert_no_wider_than_the_phone(phone_with_a_translation, address)


def test_side_by_side_on_a_phone_stacks_each_clause_over_its_translation(phone_with_a_translation):
    """Two columns of 180 px would not hold a sentence: each row shows the original, then the
    translation (each labelled with its edition), then the findings, one under the other."""
    tab = phone_with_a_translation
    tab.goto("/compare/dbscg/1.070/1.070~fr#c-10-13-4-4")
    row = tab.locator('section[id="c-10-13-4-4"]')
    sides = row.locator(".side")
    original, translation = sides.nth(0).bounding_box(), sides.nth(1).bounding_box()
    findings = row.locator(".row-findings").bounding_box()
    assert original["y"] + original["height"] <= translation["y"] + 1
    assert translation["y"] + translation["height"] <= findings["y"] + 1
    assert original["width"] > 300 and translation["width"] > 300
    label = tab.evaluate(
        "() => getComputedStyle(document.querySelector('section[id=\"c-10-13-4-4\"] .side:nth-of-type(2)'),"
        " '::before').content"
    )
    assert label == '"1.070/fr"'


@pytest.mark.parametrize("lang", ["zh_Hant", "zh_Hans"])
def test_the_widest_pages_fit_in_chinese_too(phone, lang):
    for address in ("/lint/bs/17.0", "/versions/dbscg/1.070/1.071", "/"):
        phone.goto(f"{address}{'&' if '?' in address else '?'}lang={lang}")
        assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], (address, lang)
