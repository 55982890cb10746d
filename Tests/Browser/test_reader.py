"""The reading page in Chromium, at a phone and a desktop viewport (see conftest.py)."""

from __future__ import annotations

import re
import time
import uuid

import pytest
from selenium.common.exceptions import NoAlertPresentException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import make_driver, api, create_book, items_of, mark_count, marks
from helpers import (
    all_marked,
    classes_of_word,
    current_page,
    first_multi_page_book,
    js,
    long_press,
    open_reader,
    popup_loaded,
    popup_open,
    popup_rect,
    queue,
    reader_location,
    set_offline,
    severe_logs,
    tap,
    visible_words,
    wait,
)

MARGIN = 8


def unmarked_word(driver, base: str, page: int | None = None, exclude=()) -> dict:
    """A visible word with a dictionary entry that is not marked (on the page or on the server)."""
    server_marks = {w for w, m in marks(base).items() if m.get("marked", True)}
    for candidate in visible_words(driver, ".w:not(.nf):not(.marked):not(.pending)", page):
        word = candidate["word"]
        if word not in server_marks and word not in exclude and len(word) >= 2:
            return candidate
    for candidate in visible_words(driver, ".w:not(.nf):not(.marked):not(.pending)", page):
        if candidate["word"] not in server_marks and candidate["word"] not in exclude:
            return candidate
    raise AssertionError(f"no visible unmarked word{f' on page {page}' if page else ''}")


def assert_inside_viewport(rect: dict, what: str) -> None:
    tolerance = 0.5
    assert rect["left"] >= MARGIN - tolerance, f"{what}: popup starts {rect['left']:.1f}px from the left edge"
    assert rect["top"] >= MARGIN - tolerance, f"{what}: popup starts {rect['top']:.1f}px from the top"
    assert rect["right"] <= rect["width"] - MARGIN + tolerance, (
        f"{what}: popup ends at {rect['right']:.1f}px, viewport is {rect['width']}px wide"
    )
    assert rect["bottom"] <= rect["height"] - MARGIN + tolerance, (
        f"{what}: popup ends at {rect['bottom']:.1f}px, viewport is {rect['height']}px tall"
    )


# (1) -------------------------------------------------------------------------------------------


def test_first_launch_shows_the_starter_library(driver, base_url):
    driver.get(base_url + "/")
    cards = driver.find_elements(By.CSS_SELECTOR, "a.book-card")
    assert len(cards) >= 6, f"expected at least 6 starter books (a.book-card) on /, found {len(cards)}"
    for card in cards:
        assert re.search(r"/books/[^/?#]+$", card.get_attribute("href") or ""), card.get_attribute("href")
        assert card.text.strip(), "a book card without a title"
    viewport = js(driver, "return [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert viewport[0] <= viewport[1], f"the library scrolls sideways ({viewport[0]} > {viewport[1]} px)"


# (2) -------------------------------------------------------------------------------------------


def test_mark_a_word_on_page_two_and_reload(driver, base_url):
    href = first_multi_page_book(driver, base_url, skip=0 if driver.device == "phone" else 1)
    book_id = href.rstrip("/").rsplit("/", 1)[-1]
    open_reader(driver, href)
    js(driver, "window.scrollTo(0, 0)")
    wait(driver, lambda d: current_page(d) == 1, 5, "the indicator does not say 1 at the top")

    driver.find_element(By.ID, "next-page").click()
    wait(driver, lambda d: current_page(d) == 2, 10, "after Next the page indicator does not say 2")
    wait(driver, lambda d: visible_words(d, ".w", 2), 10, "no words of page 2 on screen after Next")
    time.sleep(0.3)  # let the smooth scroll settle

    target = unmarked_word(driver, base_url, page=2)
    word = target["word"]
    count_before = mark_count(base_url, word)
    tap(driver, target["element"])
    wait(driver, popup_loaded, 10, f"the popup did not open with a definition for {word}")
    popup = driver.find_element(By.ID, "popup")
    assert word in popup.find_element(By.ID, "popup-title").text
    assert popup.find_elements(By.CSS_SELECTOR, ".popup-defs li"), f"no definition shown for {word}: {popup.text}"

    button = popup.find_element(By.CSS_SELECTOR, "button.popup-mark")
    assert button.text.strip() == "Mark difficult"
    button.click()
    wait(driver, lambda d: all_marked(d, word), 10, f"{word} did not get class 'marked' everywhere")
    assert popup.find_element(By.CSS_SELECTOR, "button.popup-mark").text.strip() == "Unmark"
    assert mark_count(base_url, word) == count_before + 1

    # The position is saved (debounced 1 s); wait for the server to have page 2.
    def saved_on_page_two(_):
        try:
            book = api(base_url, "GET", f"/api/v1/books/{book_id}")
            return book["position"]["page"] == 2
        except Exception:  # noqa: BLE001 — no such endpoint: fall back to waiting
            time.sleep(2)
            return True

    wait(driver, saved_on_page_two, 10, "the reading position (page 2) was not saved")

    open_reader(driver, href)
    assert current_page(driver) == 2, f"after reload the indicator says {current_page(driver)}, not 2"
    location = reader_location(driver)
    assert location and location["page"] == 2, f"after reload the text at the reading line is {location}"
    wait(driver, lambda d: all_marked(d, word), 10, f"after reload {word} is not marked")


# (3) -------------------------------------------------------------------------------------------


def test_popup_stays_inside_the_viewport(driver, base_url):
    href = first_multi_page_book(driver, base_url, skip=2)
    open_reader(driver, href)
    words = visible_words(driver, ".w")
    assert words, "no visible words"
    candidates = {
        "right edge": max(words, key=lambda w: w["right"]),
        "left edge": min(words, key=lambda w: w["left"]),
        "bottom": max(words, key=lambda w: w["bottom"]),
        "top": min(words, key=lambda w: w["top"]),
    }
    for where, candidate in candidates.items():
        tap(driver, candidate["element"])
        wait(driver, popup_loaded, 10, f"no popup for the word at the {where}")
        time.sleep(0.15)  # the opening animation
        assert_inside_viewport(popup_rect(driver), f"word at the {where} ({candidate['word']})")

        ActionChains(driver).send_keys(Keys.ESCAPE).perform()
        wait(driver, lambda d: not popup_open(d), 5, "Escape did not close the popup")
        assert js(driver, "return document.activeElement === arguments[0]", candidate["element"]), (
            "after Escape the focus is not back on the word"
        )

    # Tapping outside closes it too.
    tap(driver, candidates["top"]["element"])
    wait(driver, popup_open, 5)
    ActionChains(driver).move_to_element_with_offset(driver.find_element(By.CSS_SELECTOR, ".topbar"), 0, 0).click().perform()
    wait(driver, lambda d: not popup_open(d), 5, "a tap outside did not close the popup")


# (4) -------------------------------------------------------------------------------------------


def test_keyboard_arrows_and_enter(driver, base_url):
    href = first_multi_page_book(driver, base_url, skip=0)
    open_reader(driver, href)
    js(driver, "document.getElementById('reader').focus()")
    actions = ActionChains(driver)
    actions.send_keys(Keys.ARROW_RIGHT).perform()
    first = wait(driver, lambda d: js(d, "const a = document.activeElement; return a.matches('#reader .w') && a"), 5,
                 "ArrowRight from the reader did not focus a word")
    assert first.get_attribute("tabindex") == "0"
    ActionChains(driver).send_keys(Keys.ARROW_RIGHT).perform()
    second = wait(driver, lambda d: js(d, "const a = document.activeElement; return a.matches('#reader .w') && a !== arguments[0] && a", first), 5,
                  "a second ArrowRight did not move to the next word")
    assert second.get_attribute("tabindex") == "0" and first.get_attribute("tabindex") == "-1"
    ActionChains(driver).send_keys(Keys.ARROW_LEFT).perform()
    wait(driver, lambda d: js(d, "return document.activeElement === arguments[0]", first), 5, "ArrowLeft did not go back")

    ActionChains(driver).send_keys(Keys.ENTER).perform()
    wait(driver, popup_loaded, 10, "Enter on a word did not open the popup")
    assert js(driver, "return document.getElementById('popup').contains(document.activeElement)"), (
        "focus did not move into the popup"
    )
    assert js(driver, "return document.activeElement.tagName") == "BUTTON"
    ActionChains(driver).send_keys(Keys.ESCAPE).perform()
    wait(driver, lambda d: not popup_open(d), 5)
    assert js(driver, "return document.activeElement === arguments[0]", first), "Escape did not return focus to the word"


# (5) -------------------------------------------------------------------------------------------


def test_offline_mark_is_queued_and_sent_once(driver, base_url):
    href = first_multi_page_book(driver, base_url, skip=3)
    open_reader(driver, href)
    target = unmarked_word(driver, base_url)
    word = target["word"]
    count_before = mark_count(base_url, word)

    set_offline(driver, True)
    wait(driver, lambda d: js(d, "return navigator.onLine === false"), 5, "DevTools offline did not reach the page")
    tap(driver, target["element"])
    wait(driver, popup_loaded, 10, "the popup did not open offline")
    driver.find_element(By.CSS_SELECTOR, "#popup button.popup-mark").click()

    wait(driver, lambda d: any("pending" in c for c in classes_of_word(d, word)), 5, "the word is not shown as pending")
    assert not any("marked" in c for c in classes_of_word(driver, word)), "offline, the mark was shown as done"
    queued = queue(driver)
    assert [c["word"] for c in queued] == [word], f"localStorage queue: {queued}"
    assert queued[0]["marked"] is True and queued[0]["eventID"]
    badge = driver.find_element(By.ID, "offline-badge")
    assert badge.is_displayed(), "no offline badge"
    assert word not in marks(base_url), "the mark reached the server while offline"

    set_offline(driver, False)
    wait(driver, lambda d: all_marked(d, word), 15, "back online, the word did not become marked")
    wait(driver, lambda d: queue(d) == [], 5, "the queue was not emptied")
    assert not badge.is_displayed()
    time.sleep(1)
    assert marks(base_url)[word].get("marked", True), "GET /api/v1/marks does not list the word as marked"
    assert mark_count(base_url, word) == count_before + 1, (
        f"the server counted {mark_count(base_url, word) - count_before} marks (expected exactly one)"
    )


# (6) -------------------------------------------------------------------------------------------


def test_no_console_errors(driver, base_url):
    driver.get(base_url + "/")
    href = driver.find_element(By.CSS_SELECTOR, "a.book-card").get_attribute("href")
    open_reader(driver, href)
    target = unmarked_word(driver, base_url)
    tap(driver, target["element"])
    wait(driver, popup_loaded, 10)
    driver.find_element(By.CSS_SELECTOR, "#popup button.popup-mark").click()
    wait(driver, lambda d: all_marked(d, target["word"]), 10)
    driver.find_element(By.CSS_SELECTOR, "#popup button.popup-mark").click()  # Unmark
    wait(driver, lambda d: not any("marked" in c for c in classes_of_word(d, target["word"])), 10)
    ActionChains(driver).send_keys(Keys.ESCAPE).perform()
    driver.find_element(By.ID, "next-page").click()
    time.sleep(1.5)
    driver.find_element(By.ID, "prev-page").click()
    time.sleep(1.5)
    for path in ("/settings", "/about", "/"):
        driver.get(base_url + path)
    errors = severe_logs(driver)
    assert not errors, "console errors:\n" + "\n".join(e["message"] for e in errors)


# (7) -------------------------------------------------------------------------------------------


def test_deleting_a_book_keeps_its_marked_words(driver, base_url):
    title = f"删除测试 {uuid.uuid4().hex[:6]}"
    book_id = create_book(base_url, title, 1500, level=2)
    open_reader(driver, f"{base_url}/books/{book_id}")
    target = unmarked_word(driver, base_url)
    word = target["word"]
    tap(driver, target["element"])
    wait(driver, popup_loaded, 10)
    driver.find_element(By.CSS_SELECTOR, "#popup button.popup-mark").click()
    wait(driver, lambda d: all_marked(d, word), 10)

    driver.get(base_url + "/")
    delete = js(
        driver,
        """
        const id = arguments[0];
        const forms = Array.from(document.querySelectorAll('form')).filter(f => (f.getAttribute('action') || '').includes(id));
        for (const f of forms) {
            const b = f.querySelector('button, input[type=submit]');
            if (b && /delete|remove|删除/i.test(f.getAttribute('action') + ' ' + (b.textContent || b.value) + ' ' + (b.getAttribute('aria-label') || ''))) return b;
        }
        return null;
        """,
        book_id,
    )
    assert delete is not None, f"no delete control (a form whose action names the book) for {book_id} on the library page"
    delete.click()
    try:
        driver.switch_to.alert.accept()
    except NoAlertPresentException:
        pass
    wait(driver, lambda d: book_id not in d.page_source or "kept" in d.page_source.lower(), 10)
    text = driver.find_element(By.TAG_NAME, "body").text
    assert re.search(r"marked|标记", text, re.I) and re.search(r"kept|keep|stay|still|保留", text, re.I), (
        f"after deleting, the library does not say the marked words were kept:\n{text[:600]}"
    )
    assert not driver.find_elements(By.CSS_SELECTOR, f'a.book-card[href$="/books/{book_id}"]'), "the book is still listed"
    kept = marks(base_url)
    assert word in kept and kept[word].get("marked", True), f"{word} is gone from GET /api/v1/marks after deleting the book"


# Extras ----------------------------------------------------------------------------------------


def test_long_press_unmarks(driver, base_url):
    if driver.device != "phone":
        pytest.skip("long-press is a touch gesture")
    book_id = create_book(base_url, f"长按 {uuid.uuid4().hex[:6]}", 1200, level=1)
    open_reader(driver, f"{base_url}/books/{book_id}")
    target = unmarked_word(driver, base_url)
    word = target["word"]
    session = js(driver, "return document.getElementById('reader').dataset.sessionId")
    api(base_url, "POST", "/api/v1/marks", {"eventID": str(uuid.uuid4()), "word": word, "bookID": book_id, "page": 1,
                                            "sentence": word, "sessionID": session})
    open_reader(driver, f"{base_url}/books/{book_id}")
    wait(driver, lambda d: all_marked(d, word), 5, "a word marked through the API is not rendered with class 'marked'")
    element = next(w["element"] for w in visible_words(driver, ".w.marked") if w["word"] == word)
    long_press(driver, element)
    wait(driver, lambda d: not any("marked" in c for c in classes_of_word(d, word)), 10, "long-press did not unmark")
    toast = driver.find_element(By.ID, "toast").text
    assert "Unmarked" in toast and word in toast, f"toast says {toast!r}"
    time.sleep(0.3)
    assert not popup_open(driver), "the long-press opened the popup"
    assert not marks(base_url).get(word, {}).get("marked", False)


def test_windowed_pages_load_and_position_holds(driver, base_url):
    book_id = create_book(base_url, f"长书 {uuid.uuid4().hex[:6]}", 30000)
    book = api(base_url, "GET", f"/api/v1/books/{book_id}")
    page_count = book["pageCount"]
    assert page_count >= 20, f"30,000 characters made only {page_count} pages"
    start = page_count // 2
    api(base_url, "PUT", f"/api/v1/books/{book_id}/position", {"page": start, "fraction": 0.5})
    open_reader(driver, f"{base_url}/books/{book_id}")
    assert current_page(driver) == start
    time.sleep(2.5)  # neighbouring fragments load above and below
    location = reader_location(driver)
    assert location["page"] == start and not location["pending"], f"expected page {start} on screen, got {location}"
    assert abs(location["fraction"] - 0.5) < 0.08, f"the position drifted while pages loaded: {location}"
    # Scrolling up loads earlier pages without moving what is on screen (Safari has no scroll
    # anchoring, so the script compensates; Chromium's own anchoring is turned off by the CSS).
    for step in range(6):
        anchor = visible_words(driver, ".w")[0]
        before = js(driver, "return arguments[0].getBoundingClientRect().top", anchor["element"])
        js(driver, "window.scrollBy(0, -Math.round(innerHeight / 2))")
        time.sleep(0.8)
        after = js(driver, "return arguments[0].getBoundingClientRect().top", anchor["element"])
        moved = js(driver, "return Math.round(innerHeight / 2)")
        assert abs((after - before) - moved) <= 2 or js(driver, "return scrollY") == 0, (
            f"step {step}: the text jumped by {after - before - moved:.0f}px while earlier pages loaded"
        )
    pending_on_screen = js(
        driver,
        "return Array.from(document.querySelectorAll('#reader section.page[data-pending]')).some(s => {"
        " const r = s.getBoundingClientRect(); return r.bottom > 0 && r.top < innerHeight; })",
    )
    assert not pending_on_screen, "a placeholder is still on screen after scrolling up"
    assert current_page(driver) < start


def test_end_session_shows_the_summary(driver, base_url):
    book_id = create_book(base_url, f"结束 {uuid.uuid4().hex[:6]}", 1200, level=1)
    open_reader(driver, f"{base_url}/books/{book_id}")
    session = js(driver, "return document.getElementById('reader').dataset.sessionId")
    driver.find_element(By.ID, "end-session").click()
    wait(driver, lambda d: d.current_url.rstrip("/").endswith(f"/sessions/{session}"), 10,
         "End did not go to /sessions/{id}")
    assert driver.find_elements(By.CSS_SELECTOR, "h1"), "the summary page has no heading"


def test_reader_fits_the_viewport(driver, base_url):
    href = first_multi_page_book(driver, base_url, skip=0)
    open_reader(driver, href)
    sizes = js(driver, "return [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert sizes[0] <= sizes[1], f"the reader scrolls sideways ({sizes[0]} > {sizes[1]} px)"
    small = js(
        driver,
        """
        return Array.from(document.querySelectorAll('.topbar a, .bottombar button'))
            .map(el => [el.id || el.className || el.textContent, el.getBoundingClientRect()])
            .filter(([, r]) => r.width < 44 || r.height < 44).map(([name, r]) => `${name}: ${r.width}x${r.height}`);
        """,
    )
    assert not small, f"controls under 44×44 px: {small}"
    assert items_of(api(base_url, "GET", "/api/v1/marks"), "marks", "words", "markedWords") is not None


@pytest.mark.parametrize("size", ["narrow", "wide"])
def test_layout_at_320_and_1440_px(size, base_url):
    driver = make_driver(size)
    try:
        driver.get(base_url + "/")
        sizes = js(driver, "return [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
        assert sizes[0] <= sizes[1], f"{size}: the library scrolls sideways ({sizes[0]} > {sizes[1]} px)"
        href = driver.find_element(By.CSS_SELECTOR, "a.book-card").get_attribute("href")
        open_reader(driver, href)
        sizes = js(driver, "return [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
        assert sizes[0] <= sizes[1], f"{size}: the reader scrolls sideways ({sizes[0]} > {sizes[1]} px)"
        words = visible_words(driver, ".w")
        for candidate in (max(words, key=lambda w: w["right"]), max(words, key=lambda w: w["bottom"])):
            tap(driver, candidate["element"])
            wait(driver, popup_loaded, 10)
            time.sleep(0.15)
            assert_inside_viewport(popup_rect(driver), f"{size}: {candidate['word']}")
            ActionChains(driver).send_keys(Keys.ESCAPE).perform()
            wait(driver, lambda d: not popup_open(d), 5)
        small = js(
            driver,
            "return Array.from(document.querySelectorAll('.topbar a, .bottombar button'))"
            ".map(el => el.getBoundingClientRect()).filter(r => r.width < 44 || r.height < 44).length",
        )
        assert small == 0, f"{size}: {small} controls under 44×44 px"
    finally:
        driver.quit()
