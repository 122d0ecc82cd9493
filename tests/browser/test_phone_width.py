"""Every kind of page fits a 390 px wide phone: no sideways scrolling of the whole page.

A wide table or a long unbroken id may scroll inside its own box, never the
page.  Measured in Debian's Chromium at an iPhone-sized viewport, against
``arbiter serve`` on the bundled rulebooks.
"""

from __future__ import annotations

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
    "/rule",
    "/rule/ucg/judgment",
    "/lint",
    "/lint/bs/17.0",
    "/lint/uhb/1.9",
    "/lint/dbscg/1.070",
    "/api-docs",
]


@pytest.fixture(scope="module")
def phone(browser, served):
    context = browser.new_context(
        base_url=served.url,
        viewport=PHONE,
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
        locale="en-GB",
    )
    yield context.new_page()
    context.close()


@pytest.mark.parametrize("address", PAGES)
def test_the_page_is_no_wider_than_the_phone(phone, address):
    response = phone.goto(address)
    assert response.status == 200, address
    width = phone.evaluate("document.documentElement.scrollWidth")
    wider = phone.evaluate("""() => Array.from(document.querySelectorAll('body *'))
        .filter(e => e.getBoundingClientRect().right > 390.5 && !e.closest('.picture'))
        .slice(0, 3).map(e => e.tagName + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right))""")
    assert width <= PHONE["width"], (address, width, wider)


@pytest.mark.parametrize("lang", ["zh_Hant", "zh_Hans"])
def test_the_widest_pages_fit_in_chinese_too(phone, lang):
    for address in ("/lint/bs/17.0", "/versions/dbscg/1.070/1.071", "/"):
        phone.goto(f"{address}{'&' if '?' in address else '?'}lang={lang}")
        assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], (address, lang)
