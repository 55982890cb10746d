"""The placement reading, the progress page and the word list (issue 4), at a phone and a desktop viewport.

The tests share one server and database with the other browser tests, so none depends on the order:
the placement tests check what their own submission changed, the word-list test marks words in a book
it creates (different words at each viewport) and compares the page with the API.
"""

from __future__ import annotations

import csv
import io
import re
import urllib.parse
import uuid

import pytest
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from conftest import api, mark_count, marks
from helpers import all_marked, classes_of_word, js, open_reader, popup_loaded, severe_logs, tap, visible_words, wait

CSV_HEADER = [
    "word", "pinyin", "definition", "hsk_level", "times_marked", "marked", "first_marked", "last_changed",
    "book", "page", "sentence",
]

# Words for the word-list test, disjoint per viewport so the two runs do not share marks. The first word
# is marked in the reader (mark, unmark, mark again: marked twice); the others through the API.
WORD_SETS = {
    "phone": {"text": "我的朋友在学习经济。这个环境有一些矛盾。", "words": ["经济", "朋友", "环境", "矛盾"]},
    "desktop": {"text": "他很喜欢发展。这些困难尽管很多。", "words": ["发展", "喜欢", "困难", "尽管"]},
}


# ---------- helpers ----------


def press(driver, element) -> None:
    """Scrolls `element` to the middle of the screen, then taps it (phone) or clicks it (desktop)."""
    js(driver, "arguments[0].scrollIntoView({block: 'center', inline: 'nearest'})", element)
    tap(driver, element)


def displayed_screens(driver) -> list:
    return [s for s in driver.find_elements(By.CSS_SELECTOR, "#placement-form .placement-screen") if s.is_displayed()]


def current_screen(driver):
    """The one placement screen on display (fails when there are none or several)."""
    shown = displayed_screens(driver)
    assert len(shown) == 1, (
        f"expected exactly one .placement-screen on display, found {len(shown)}: "
        f"{[s.get_attribute('data-screen') for s in shown]}"
    )
    return shown[0]


def checked_states(screen) -> list[bool]:
    return [box.is_selected() for box in screen.find_elements(By.CSS_SELECTOR, 'label.pw input[type="checkbox"]')]


def own_level_labels(screen) -> list:
    """The words "I don't know most of these" marks: those of the screen's level and above."""
    level = int(screen.get_attribute("data-level"))
    return [label for label in screen.find_elements(By.CSS_SELECTOR, "label.pw")
            if int(label.get_attribute("data-level") or 0) >= level]


def own_level_states(screen) -> list[bool]:
    return [label.find_element(By.CSS_SELECTOR, "input").is_selected() for label in own_level_labels(screen)]


def finish_button_shown(driver) -> bool:
    buttons = driver.find_elements(By.ID, "placement-finish")
    return bool(buttons) and buttons[0].is_displayed()


def wait_for_screen(driver, number: int):
    wait(
        driver,
        lambda d: len(displayed_screens(d)) == 1 and displayed_screens(d)[0].get_attribute("data-screen") == str(number),
        5,
        f"screen {number} is not the one placement screen on display",
    )
    return current_screen(driver)


def open_placement(driver, base: str) -> None:
    """The placement reading, from the library's offer when it is still there (it goes once taken)."""
    driver.get(base + "/")
    offers = driver.find_elements(By.ID, "placement-offer")
    if offers:
        offer = offers[0]
        assert offer.find_elements(By.CSS_SELECTOR, 'form[action="/placement/skip"] button'), "the offer has no Skip"
        press(driver, offer.find_element(By.CSS_SELECTOR, 'a[href="/placement"]'))
        wait(driver, lambda d: urllib.parse.urlparse(d.current_url).path == "/placement", 10,
             "the offer's link did not open /placement")
    else:
        driver.get(base + "/placement")
    wait(driver, lambda d: len(displayed_screens(d)) == 1, 10,
         "placement.js did not reduce the placement to a single screen")


def take_placement(driver, base: str, tap_words_on_first: int, dont_know_from: int | None) -> dict:
    """Steps through every screen: taps `tap_words_on_first` words on screen 1 and presses "I don't know
    most of these" on screens `dont_know_from`.. (none when None); finishes; returns the result page."""
    open_placement(driver, base)
    total = len(driver.find_elements(By.CSS_SELECTOR, "#placement-form .placement-screen"))
    assert total == 6, f"expected 6 placement screens, found {total}"
    levels = [int(s.get_attribute("data-level")) for s in driver.find_elements(By.CSS_SELECTOR, ".placement-screen")]
    assert levels == sorted(levels) and len(set(levels)) == 6, f"screens are not one rising level each: {levels}"

    for number in range(1, total + 1):
        screen = wait_for_screen(driver, number)
        assert finish_button_shown(driver) == (number == total), (
            f"on screen {number} of {total} the Finish button is {'shown' if finish_button_shown(driver) else 'hidden'}"
        )
        assert bool(screen.find_elements(By.CSS_SELECTOR, ".screen-back")) == (number > 1)
        if number == 1:
            spans = screen.find_elements(By.CSS_SELECTOR, "label.pw > span")
            assert spans, "screen 1 has no words"
            for span in spans[:tap_words_on_first]:
                box = span.find_element(By.XPATH, "preceding-sibling::input")
                press(driver, span)
                wait(driver, lambda d: box.is_selected(), 5, f"tapping {span.text!r} did not mark it")
            states = checked_states(screen)
            assert sum(states) == tap_words_on_first, f"screen 1: {sum(states)} words marked, not {tap_words_on_first}"
        elif dont_know_from is not None and number >= dont_know_from:
            press(driver, screen.find_element(By.CSS_SELECTOR, ".mark-all"))
            wait(driver, lambda d: own_level_states(screen) and all(own_level_states(screen)), 5,
                 f"screen {number}: \"I don't know most of these\" did not mark the words of its level")
        if number < total:
            press(driver, screen.find_element(By.CSS_SELECTOR, ".screen-next"))

    press(driver, driver.find_element(By.ID, "placement-finish"))
    wait(driver, lambda d: urllib.parse.urlparse(d.current_url).path == "/placement/result", 15,
         "Finish did not lead to /placement/result")
    badge = driver.find_element(By.ID, "proposed-level")
    level = int(badge.get_attribute("data-level"))
    assert re.fullmatch(r"HSK \d(–\d)?", badge.text.strip()), f"the proposed level reads {badge.text!r}"
    return {"level": level, "text": driver.find_element(By.ID, "main").text}


def assert_placement_saved(driver, base: str, level: int) -> None:
    driver.get(base + "/")
    assert not driver.find_elements(By.ID, "placement-offer"), "the library still offers the placement after it"
    driver.get(base + "/settings")
    checked = [r.get_attribute("value") for r in driver.find_elements(By.CSS_SELECTOR, 'input[type="radio"][name="level"]')
               if r.is_selected()]
    assert checked == [str(min(6, level))], f"settings: level radio {checked} checked, expected {min(6, level)}"


def submitted(old_element):
    """A condition: the page holding `old_element` was replaced (a form was submitted)."""

    def check(_):
        try:
            old_element.tag_name
            return False
        except StaleElementReferenceException:
            return True

    return check


def apply_filters(driver, **values) -> None:
    """Sets the word-list selects (`sort`, `order`, `book`, `level`, `status`) and submits the form."""
    form = driver.find_element(By.CSS_SELECTOR, "form.word-filters")
    for name, value in values.items():
        Select(form.find_element(By.ID, f"filter-{name}")).select_by_value(value)
    button = form.find_element(By.CSS_SELECTOR, 'button[type="submit"]')
    press(driver, button)
    wait(driver, submitted(form), 10, "submitting the word-list filters did not load a new page")
    wait(driver, lambda d: js(d, "return document.readyState === 'complete'"), 10)
    if not driver.find_elements(By.ID, "word-count"):
        error = driver.find_elements(By.CSS_SELECTOR, ".error-message")
        pytest.fail(f"submitting the filters {values} loaded {driver.current_url}: "
                    f"{error[0].text if error else driver.find_element(By.TAG_NAME, 'body').text[:300]}")
    query = dict(urllib.parse.parse_qsl(urllib.parse.urlparse(driver.current_url).query, keep_blank_values=True))
    for name, value in values.items():
        assert query.get(name) == value, f"the submitted URL {driver.current_url} lacks {name}={value}"
        selected = Select(driver.find_element(By.ID, f"filter-{name}")).first_selected_option.get_attribute("value")
        assert selected == value, f"after submitting, #filter-{name} shows {selected!r}, not {value!r}"


def word_rows(driver) -> list[dict]:
    return js(
        driver,
        "return Array.from(document.querySelectorAll('#word-list > li.word-row')).map(li => ({"
        " word: li.dataset.word, level: li.dataset.level, count: Number(li.dataset.count),"
        " updated: li.dataset.updated, book: li.dataset.book, learned: li.classList.contains('learned')}))",
    )


def shown_count(driver) -> int:
    text = driver.find_element(By.ID, "word-count").text
    match = re.match(r"\s*(\d+)", text)
    assert match, f"#word-count says {text!r}"
    return int(match.group(1))


def download_csv(driver) -> dict:
    """Fetches #export-csv's href from inside the page: status, headers and the raw bytes."""
    href = driver.find_element(By.ID, "export-csv").get_attribute("href")
    answer = driver.execute_async_script(
        """
        const [href, done] = arguments;
        fetch(href).then(async r => done({status: r.status, type: r.headers.get('content-type'),
                                          disposition: r.headers.get('content-disposition'),
                                          bytes: Array.from(new Uint8Array(await r.arrayBuffer()))}))
                   .catch(e => done({error: String(e)}));
        """,
        href,
    )
    assert "error" not in answer, f"fetching {href} failed: {answer.get('error')}"
    answer["href"] = href
    answer["bytes"] = bytes(answer["bytes"])
    return answer


def hsk_level(base: str, word: str) -> int | None:
    return api(base, "GET", "/api/v1/lookup?word=" + urllib.parse.quote(word))["hsk"]["level"]


def assert_no_console_errors(driver, where: str) -> None:
    errors = severe_logs(driver)
    assert not errors, f"console errors on {where}:\n" + "\n".join(e["message"] for e in errors)


# ---------- the placement reading ----------


def test_placement_as_a_beginner_proposes_a_low_level(driver, base_url):
    result = take_placement(driver, base_url, tap_words_on_first=1, dont_know_from=2)
    assert result["level"] in (1, 2), f"a beginner who knew almost nothing was placed at HSK {result['level']}"
    assert_no_console_errors(driver, "/placement and /placement/result")
    assert_placement_saved(driver, base_url, result["level"])


def test_placement_with_nothing_marked_proposes_a_high_level(driver, base_url):
    result = take_placement(driver, base_url, tap_words_on_first=0, dont_know_from=None)
    assert result["level"] >= 5, f"a reader who knew every word was placed at HSK {result['level']}"
    assert re.search(r"(^|\n)0 ", result["text"]), f"the result does not say 0 words were marked:\n{result['text']}"
    assert_placement_saved(driver, base_url, result["level"])


def test_placement_screens_back_and_dont_know_toggle(driver, base_url):
    open_placement(driver, base_url)
    screen = wait_for_screen(driver, 1)
    assert not finish_button_shown(driver), "Finish shows on the first screen"
    press(driver, screen.find_element(By.CSS_SELECTOR, ".screen-next"))
    screen = wait_for_screen(driver, 2)

    toggle = screen.find_element(By.CSS_SELECTOR, ".mark-all")
    own = own_level_states(screen)
    assert own, "screen 2 has no words of its level"
    press(driver, toggle)
    wait(driver, lambda d: all(own_level_states(screen)), 5,
         "\"I don't know most of these\" did not mark the words of the screen's level")
    # Easier words (first met on this screen) keep the learner's own answer.
    assert sum(checked_states(screen)) == len(own), "the button also marked easier words"
    press(driver, toggle)
    wait(driver, lambda d: not any(checked_states(screen)), 5, "pressing it again did not unmark them")
    press(driver, toggle)
    wait(driver, lambda d: all(own_level_states(screen)), 5)
    # One word the learner does know after all: tapping it unmarks just that one.
    span = own_level_labels(screen)[0].find_element(By.CSS_SELECTOR, "span")
    press(driver, span)
    wait(driver, lambda d: own_level_states(screen).count(False) == 1, 5, "tapping a marked word did not unmark it")

    press(driver, screen.find_element(By.CSS_SELECTOR, ".screen-next"))
    screen3 = wait_for_screen(driver, 3)
    assert not any(checked_states(screen3)), "screen 3 starts with marked words"
    press(driver, screen3.find_element(By.CSS_SELECTOR, ".screen-back"))
    screen = wait_for_screen(driver, 2)
    assert own_level_states(screen).count(False) == 1, "going Back lost the marks on screen 2"
    assert_no_console_errors(driver, "/placement")


# ---------- the word list on /progress ----------


def test_filter_form_submits_with_all_books_and_all_levels(driver, base_url):
    driver.get(base_url + "/progress")
    unfiltered = shown_count(driver)
    options = {name: driver.find_element(By.CSS_SELECTOR, f"#filter-{name} option").get_attribute("outerHTML")
               for name in ("book", "level")}
    # The form as it comes (All books, All levels), submitted unchanged: the whole list again.
    apply_filters(driver, sort="date")
    assert shown_count(driver) == unfiltered
    for name in ("book", "level"):
        first = driver.find_element(By.CSS_SELECTOR, f"#filter-{name} option")
        assert js(driver, "return arguments[0].getAttribute('value')", first) == "", (
            f"#filter-{name}'s \"all\" option has no value=\"\" (it submits its label): {options[name]}"
        )
    assert_no_console_errors(driver, "/progress")


def test_word_list_filters_sorts_and_exports(driver, base_url):
    spec = WORD_SETS[driver.device]
    title = f"词表 {driver.device} {uuid.uuid4().hex[:6]}"
    book_id = api(base_url, "POST", "/api/v1/books", {"title": title, "text": spec["text"]})["id"]
    first, *others = spec["words"]
    levels = {word: hsk_level(base_url, word) for word in spec["words"]}
    assert len(set(levels.values())) >= 3 and None not in levels.values(), f"the words' levels: {levels}"
    for word in spec["words"]:  # start from unmarked words, whatever ran before
        if marks(base_url).get(word, {}).get("marked"):
            api(base_url, "DELETE", "/api/v1/marks/" + urllib.parse.quote(word))
    before = {word: mark_count(base_url, word) for word in spec["words"]}

    # In the reader: mark the first word, unmark it, mark it again.
    open_reader(driver, f"{base_url}/books/{book_id}")
    target = next((w for w in visible_words(driver, ".w") if w["word"] == first), None)
    assert target, f"{first} is not a visible word of the new book: {[w['word'] for w in visible_words(driver)]}"
    tap(driver, target["element"])
    wait(driver, popup_loaded, 10, f"no popup for {first}")
    driver.find_element(By.CSS_SELECTOR, "#popup button.popup-mark").click()
    wait(driver, lambda d: all_marked(d, first), 10, f"{first} was not marked")
    driver.find_element(By.CSS_SELECTOR, "#popup button.popup-mark").click()
    wait(driver, lambda d: not any("marked" in c for c in classes_of_word(d, first)), 10, f"{first} was not unmarked")
    driver.find_element(By.CSS_SELECTOR, "#popup button.popup-mark").click()
    wait(driver, lambda d: all_marked(d, first), 10, f"{first} was not marked again")
    assert mark_count(base_url, first) == before[first] + 2
    # The others through the API, in the same book.
    for word in others:
        api(base_url, "POST", "/api/v1/marks", {"eventID": str(uuid.uuid4()), "word": word, "bookID": book_id,
                                                "page": 1, "sentence": spec["text"]})
    expected_counts = {word: mark_count(base_url, word) for word in spec["words"]}
    assert expected_counts[first] == before[first] + 2

    driver.get(base_url + "/progress")
    # The counts at the top agree with the API.
    values = {key: driver.find_element(By.CSS_SELECTOR, f"#{key} .stat-value").text.strip()
              for key in ("texts-read", "words-marked", "marked-week", "reading-week")}
    assert all(values.values()), f"empty statistics: {values}"
    marked_now = sum(1 for m in marks(base_url).values() if m.get("marked", True))
    assert values["words-marked"] == str(marked_now), f"#words-marked says {values['words-marked']}, the API {marked_now}"
    assert int(values["marked-week"]) >= len(spec["words"])
    assert values["texts-read"].isdigit(), f"#texts-read says {values['texts-read']!r}"

    # Default list: every marked word, newest first.
    rows = word_rows(driver)
    assert shown_count(driver) == len(rows) == marked_now
    updated = [r["updated"] for r in rows]
    assert updated == sorted(updated, reverse=True), f"the default list is not newest first: {updated}"

    # Only this book's words.
    apply_filters(driver, book=book_id)
    rows = word_rows(driver)
    assert sorted(r["word"] for r in rows) == sorted(spec["words"]), f"book filter shows {[r['word'] for r in rows]}"
    assert all(r["book"] == book_id for r in rows)
    assert shown_count(driver) == len(spec["words"])
    for row in rows:
        assert row["count"] == expected_counts[row["word"]], f"{row['word']}: data-count {row['count']}"
        assert row["level"] == str(levels[row["word"]]), f"{row['word']}: data-level {row['level']!r}"

    # Sorted by level, easiest first.
    apply_filters(driver, sort="level", order="asc")
    shown_levels = [int(r["level"]) for r in word_rows(driver)]
    assert shown_levels == sorted(shown_levels), f"sort by level asc gives {shown_levels}"
    assert len(shown_levels) == len(spec["words"]), "sorting dropped the book filter"

    # Sorted by times marked, most first: the word marked twice leads.
    apply_filters(driver, sort="timesMarked", order="desc")
    rows = word_rows(driver)
    counts = [r["count"] for r in rows]
    assert counts == sorted(counts, reverse=True), f"sort by times marked desc gives {counts}"
    assert rows[0]["count"] == max(expected_counts.values()) >= 2

    # The CSV of exactly this list.
    download = download_csv(driver)
    href_query = dict(urllib.parse.parse_qsl(urllib.parse.urlparse(download["href"]).query))
    page_query = {k: v for k, v in urllib.parse.parse_qsl(urllib.parse.urlparse(driver.current_url).query) if v}
    assert urllib.parse.urlparse(download["href"]).path == "/api/v1/words/export.csv"
    assert href_query == page_query, f"the CSV link's query {href_query} is not the page's {page_query}"
    assert download["status"] == 200, f"GET {download['href']}: {download['status']}"
    assert download["type"].startswith("text/csv") and "charset=utf-8" in download["type"].lower()
    assert "attachment" in (download["disposition"] or "")
    raw = download["bytes"]
    assert raw.startswith(b"\xef\xbb\xbf"), f"the CSV has no UTF-8 byte-order mark: {raw[:12]!r}"
    text = raw[3:].decode("utf-8")
    assert text.endswith("\r\n") and text.count("\n") == text.count("\r\n"), "the CSV's lines do not end in CRLF"
    table = list(csv.reader(io.StringIO(text, newline="")))
    assert table[0] == CSV_HEADER, f"CSV header: {table[0]}"
    records = [dict(zip(CSV_HEADER, row)) for row in table[1:]]
    assert [r["word"] for r in records] == [r["word"] for r in rows], "the CSV's words are not the list's, in order"
    for record, row in zip(records, rows):
        assert int(record["times_marked"]) == row["count"] == expected_counts[record["word"]], record
        assert record["hsk_level"] == str(levels[record["word"]]), record
        assert record["marked"] == "yes" and record["book"] == title and record["page"] == "1", record
        assert record["pinyin"] and record["definition"], f"no pinyin or definition for {record['word']}"

    # Only one level (all words, then this book's).
    level = levels[others[1]]
    apply_filters(driver, book="", sort="date", order="desc", level=str(level))
    rows = word_rows(driver)
    assert rows and all(r["level"] == str(level) for r in rows), f"level {level} filter shows {rows}"
    assert {w for w in spec["words"] if levels[w] == level} <= {r["word"] for r in rows}
    apply_filters(driver, book=book_id, level=str(level))
    assert sorted(r["word"] for r in word_rows(driver)) == sorted(w for w in spec["words"] if levels[w] == level)

    # The word unmarked for good shows under "learned".
    api(base_url, "DELETE", "/api/v1/marks/" + urllib.parse.quote(others[0]))
    apply_filters(driver, level="", status="learned")
    rows = word_rows(driver)
    assert [r["word"] for r in rows] == [others[0]] and rows[0]["learned"], f"learned words of the book: {rows}"
    assert_no_console_errors(driver, "/progress")


def test_word_marked_in_a_starter_book_is_on_progress(driver, base_url):
    driver.get(base_url + "/")
    cards = driver.find_elements(By.CSS_SELECTOR, "a.book-card")
    card = cards[3 if driver.device == "phone" else 4]
    href = card.get_attribute("href")
    book_id = href.rstrip("/").rsplit("/", 1)[-1]
    press(driver, card)
    wait(driver, lambda d: js(d, "const r = document.getElementById('reader'); return !!r && r.dataset.ready === 'true'"),
         30, "the book from the library did not open in the reader")
    server_marks = {w for w, m in marks(base_url).items() if m.get("marked", True)}
    target = next((w for w in visible_words(driver, ".w:not(.nf):not(.marked):not(.pending)")
                   if w["word"] not in server_marks and len(w["word"]) >= 2), None)
    assert target, "no visible unmarked word in the starter book"
    word = target["word"]
    count = mark_count(base_url, word)
    tap(driver, target["element"])
    wait(driver, popup_loaded, 10, f"no popup for {word}")
    driver.find_element(By.CSS_SELECTOR, "#popup button.popup-mark").click()
    wait(driver, lambda d: all_marked(d, word), 10, f"{word} was not marked")

    driver.get(base_url + "/progress")
    rows = word_rows(driver)
    assert rows and rows[0]["word"] == word, f"the newest mark ({word}) is not first: {[r['word'] for r in rows[:5]]}"
    apply_filters(driver, book=book_id)
    row = next((r for r in word_rows(driver) if r["word"] == word), None)
    assert row, f"{word} is not listed under its book"
    assert row["count"] == count + 1 and row["book"] == book_id and row["level"] == str(hsk_level(base_url, word) or "")
    text = driver.find_element(By.CSS_SELECTOR, f'#word-list li.word-row[data-word="{word}"]').text
    assert word in text, f"the row of {word} reads {text!r}"


# ---------- the chart ----------


def test_estimate_chart_fits_the_screen(driver, base_url):
    driver.get(base_url + "/progress")
    if not driver.find_elements(By.CSS_SELECTOR, "svg.estimate-chart"):
        api(base_url, "POST", "/api/v1/placement", {"marked": []})  # gives an estimate to draw
        driver.get(base_url + "/progress")
    badge = driver.find_element(By.ID, "level-badge")
    assert badge.get_attribute("data-level"), f"an estimate exists but #level-badge has no data-level ({badge.text!r})"
    assert driver.find_element(By.ID, "mastery").text.strip()
    chart = driver.find_element(By.CSS_SELECTOR, "svg.estimate-chart")
    js(driver, "arguments[0].scrollIntoView({block: 'center'})", chart)
    assert chart.is_displayed(), "svg.estimate-chart is not displayed"
    box = js(driver, "const r = arguments[0].getBoundingClientRect(); return {left: r.left, right: r.right,"
                     " width: r.width, height: r.height}", chart)
    width = js(driver, "return document.documentElement.clientWidth")
    if driver.device == "phone":
        assert width == 375, f"the phone viewport is {width} px wide"
    assert 250 < box["width"] <= min(width, 640) + 0.5, f"the chart is {box['width']:.0f} px wide (viewport {width})"
    assert box["left"] >= 0 and box["right"] <= width + 0.5, f"the chart sticks out of the viewport: {box}"
    assert box["height"] > 100, f"the chart is only {box['height']:.0f} px tall"
    dots = chart.find_elements(By.CSS_SELECTOR, "circle.dot")
    assert dots, "the chart has no circle.dot"
    scroll = js(driver, "return document.documentElement.scrollWidth")
    assert scroll <= width, f"/progress scrolls sideways ({scroll} > {width} px)"
    assert_no_console_errors(driver, "/progress")


@pytest.mark.parametrize("path", ["/placement", "/progress?sort=level&order=asc&status=all#words", "/"])
def test_pages_fit_without_console_errors(driver, base_url, path):
    driver.get(base_url + path)
    scroll, width = js(driver, "return [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert scroll <= width, f"{path} scrolls sideways ({scroll} > {width} px)"
    assert_no_console_errors(driver, path)
