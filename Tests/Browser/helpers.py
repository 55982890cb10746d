"""Page helpers for the browser tests (reader contract: Tests/Browser/README.md)."""

from __future__ import annotations

import json
import time

from selenium.common.exceptions import JavascriptException, WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

QUEUE_KEY = "umbrella.markQueue.v1"


def wait(driver, condition, timeout: float = 10, message: str = ""):
    """Polls `condition(driver)` until it returns something truthy (script errors count as false)."""

    def check(d):
        try:
            return condition(d)
        except (JavascriptException, WebDriverException):
            return False

    return WebDriverWait(driver, timeout, poll_frequency=0.05).until(check, message)


def js(driver, script: str, *args):
    return driver.execute_script(script, *args)


def open_reader(driver, url: str) -> None:
    driver.get(url)
    wait(
        driver,
        lambda d: js(d, "const r = document.getElementById('reader'); return !!r && r.dataset.ready === 'true';"),
        30,
        "the reader never became ready (#reader[data-ready] is set by reader.js after restoring the position)",
    )


def current_page(driver) -> int:
    return int(driver.find_element(By.ID, "page-current").text.strip())


def reader_location(driver) -> dict:
    """The page crossing the 30 % line and the fraction of it above the line, measured independently."""
    return js(
        driver,
        """
        const line = innerHeight * 0.3;
        let found = null;
        for (const s of document.querySelectorAll('#reader section.page')) {
            const r = s.getBoundingClientRect();
            if (r.top <= line) found = {page: Number(s.dataset.page), fraction: (line - r.top) / r.height,
                                        pending: s.hasAttribute('data-pending')};
        }
        return found;
        """,
    )


VISIBLE_WORDS = """
const [selector, page] = arguments;
const topbar = document.querySelector('.topbar');
const lower = document.getElementById('progress') || document.querySelector('.bottombar');
const top = topbar ? topbar.getBoundingClientRect().bottom : 0;
const bottom = lower ? lower.getBoundingClientRect().top : innerHeight;
const width = document.documentElement.clientWidth;
const root = page ? document.querySelector(`#reader section.page[data-page="${page}"]`) : document.getElementById('reader');
const out = [];
if (!root) return out;
for (const el of root.querySelectorAll(selector)) {
    const rects = el.getClientRects();
    if (rects.length !== 1) continue;
    const r = rects[0];
    if (r.top < top + 2 || r.bottom > bottom - 2 || r.left < 0 || r.right > width) continue;
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (!hit || !el.contains(hit)) continue;
    out.push({element: el, word: el.dataset.w || el.textContent, left: r.left, right: r.right, top: r.top,
              bottom: r.bottom});
}
return out;
"""


def visible_words(driver, selector: str = ".w", page: int | None = None) -> list[dict]:
    """Words fully on screen between the bars, not covered by anything (so a tap hits them)."""
    return js(driver, VISIBLE_WORDS, selector, page)


def tap(driver, element) -> None:
    """A finger tap on the phone (touch events through DevTools), a mouse click on the desktop."""
    if getattr(driver, "device", "") == "phone":
        rect = js(
            driver,
            "const r = arguments[0].getClientRects()[0]; return {x: r.left + r.width / 2, y: r.top + r.height / 2};",
            element,
        )
        point = [{"x": rect["x"], "y": rect["y"], "id": 1}]
        driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": point})
        driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    else:
        element.click()


def long_press(driver, element, seconds: float = 0.8) -> None:
    rect = js(
        driver,
        "const r = arguments[0].getClientRects()[0]; return {x: r.left + r.width / 2, y: r.top + r.height / 2};",
        element,
    )
    point = [{"x": rect["x"], "y": rect["y"], "id": 1}]
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": point})
    time.sleep(seconds)
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def popup_open(driver) -> bool:
    return js(driver, "const p = document.getElementById('popup'); return !!p && !p.hidden;")


def popup_loaded(driver) -> bool:
    return js(
        driver,
        "const p = document.getElementById('popup'); return !!p && !p.hidden && p.getAttribute('aria-busy') !== 'true'"
        " && !p.querySelector('.popup-loading');",
    )


def popup_rect(driver) -> dict:
    return js(
        driver,
        "const r = document.getElementById('popup').getBoundingClientRect();"
        "return {left: r.left, top: r.top, right: r.right, bottom: r.bottom,"
        " width: document.documentElement.clientWidth, height: innerHeight};",
    )


def classes_of_word(driver, word: str) -> list[list[str]]:
    return js(
        driver,
        "return Array.from(document.querySelectorAll('#reader .w'))"
        ".filter(el => (el.dataset.w || el.textContent) === arguments[0]).map(el => Array.from(el.classList));",
        word,
    )


def all_marked(driver, word: str) -> bool:
    found = classes_of_word(driver, word)
    return bool(found) and all("marked" in c and "pending" not in c for c in found)


def queue(driver) -> list[dict]:
    raw = js(driver, "return localStorage.getItem(arguments[0]);", QUEUE_KEY)
    return json.loads(raw) if raw else []


def set_offline(driver, offline: bool) -> None:
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd(
        "Network.emulateNetworkConditions",
        {"offline": offline, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1},
    )


def severe_logs(driver) -> list[dict]:
    return [entry for entry in driver.get_log("browser") if entry.get("level") == "SEVERE"]


def first_multi_page_book(driver, base: str, skip: int = 0) -> str:
    """The href of the (skip+1)-th library book with at least two pages, opened from the library."""
    driver.get(base + "/")
    hrefs = [a.get_attribute("href") for a in driver.find_elements(By.CSS_SELECTOR, "a.book-card")]
    seen = 0
    for href in hrefs:
        open_reader(driver, href)
        if int(js(driver, "return Number(document.getElementById('reader').dataset.pageCount)")) >= 2:
            if seen == skip:
                return href
            seen += 1
    raise AssertionError("no starter book with at least two pages")
