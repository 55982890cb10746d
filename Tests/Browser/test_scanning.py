"""Scanning pages to a book (/scan, /scans/{id}) and the serial-number scanner (/serial), at a phone
and a desktop viewport.

The photos are rendered here with the project's own renderers (Tests/OCR/render.py for book pages,
Tests/OCR/render_serial.py for a serial sticker; both need the OCR worker's venv), and read by the
real OCR worker the server starts, so these tests are slow-ish: a page takes a few seconds. The
two-page job of the first test is reused (per viewport) by the correction test and the layout test.
"""

from __future__ import annotations

import difflib
import json
import re
import subprocess
import time
import urllib.parse
import urllib.request
import uuid
import zlib
import struct
from pathlib import Path

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from conftest import api
from helpers import js, open_reader, popup_loaded, set_offline, severe_logs, tap, visible_words, wait
from server import REPO

OCR_PYTHON = REPO / "workers" / "ocr" / ".venv" / "bin" / "python"
OCR_TIMEOUT = 120  # seconds for a job to finish (a page takes a few seconds on a small machine)
UUID = r"[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}"
JOBS: dict[str, str] = {}  # device -> the job of test_scan_two_pages_reorder_and_read

# Corrections typed into a page, different per viewport.
CORRECTIONS = {"phone": "今天我们学习汉语。老师很高兴。", "desktop": "我喜欢看书。这本书很有意思。"}


# ---------- images ----------


def blank_png(path: Path, width: int = 800, height: int = 1000) -> None:
    """A white PNG without any text (the OCR finds nothing on it)."""
    raw = b"".join(b"\x00" + b"\xff" * (width * 3) for _ in range(height))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


@pytest.fixture(scope="session")
def images(tmp_path_factory) -> dict:
    """Rendered pages (seed -> {"path", "truth"}), a blank PNG and a serial sticker with its truth."""
    if not OCR_PYTHON.exists():
        pytest.skip(f"{OCR_PYTHON} is missing: install the OCR worker (workers/ocr/install)")
    folder = tmp_path_factory.mktemp("scan-images")
    pages = {}
    for seed in (1001, 1002, 1003, 1004):
        out = folder / f"page-{seed}.jpg"
        subprocess.run(
            [str(OCR_PYTHON), str(REPO / "Tests/OCR/render.py"), "--seed", str(seed), "--level", "clean", "-o", str(out)],
            check=True, capture_output=True, cwd=REPO,
        )
        pages[seed] = {"path": str(out), "truth": out.with_suffix(".txt").read_text(encoding="utf-8")}
    blank = folder / "blank.png"
    blank_png(blank)
    serial_dir = folder / "serial"
    subprocess.run(
        [str(OCR_PYTHON), str(REPO / "Tests/OCR/render_serial.py"), str(serial_dir), "--presets", "sticker", "--count", "1"],
        check=True, capture_output=True, cwd=REPO,
    )
    truth = json.loads((serial_dir / "truth.jsonl").read_text().splitlines()[0])
    return {
        "pages": pages,
        "blank": str(blank),
        "serial": {"path": str(serial_dir / truth["image"]), "serial": truth["serial"], "roi": truth["roi"]},
    }


# ---------- helpers ----------


def squashed(text: str) -> str:
    return re.sub(r"\s+", "", text or "")


def similarity(a: str, b: str, length: int = 60) -> float:
    """How alike the beginnings of two texts are (0…1), whitespace ignored."""
    return difflib.SequenceMatcher(None, squashed(a)[:length], squashed(b)[:length]).ratio()


def press(driver, element) -> None:
    js(driver, "arguments[0].scrollIntoView({block: 'center', inline: 'nearest'})", element)
    tap(driver, element)


def path_of(driver) -> str:
    return urllib.parse.urlparse(driver.current_url).path


def grid_names(driver) -> list[str]:
    return js(driver, "return Array.from(document.querySelectorAll('#photo-grid > li')).map(li => li.dataset.name)")


def grid_button(driver, index: int, action: str):
    return driver.find_elements(By.CSS_SELECTOR, "#photo-grid > li")[index].find_element(
        By.CSS_SELECTOR, f'button[data-action="{action}"]'
    )


def job_id_from_url(driver) -> str:
    match = re.fullmatch(rf"/scans/({UUID})", path_of(driver))
    assert match, f"expected /scans/{{id}}, got {driver.current_url}"
    return match.group(1)


def wait_for_job_page_finished(driver, timeout: float = OCR_TIMEOUT) -> None:
    """Waits until the job page shows a finished job (scan-job.js reloads it when the job ends)."""
    wait(
        driver,
        lambda d: js(d, "const m = document.querySelector('main[data-job-id]'); return !!m && m.dataset.processing === 'false'"),
        timeout,
        f"the job page did not show a finished job within {timeout} s",
    )


def choose_files(driver, input_id: str, paths: list[str]) -> None:
    driver.find_element(By.ID, input_id).send_keys("\n".join(paths))


def start_scan(driver, base: str, title: str, paths: list[str]) -> str:
    """Uploads `paths` from /scan in this order and returns the job's id (on its page)."""
    driver.get(base + "/scan")
    driver.find_element(By.ID, "title").send_keys(title)
    choose_files(driver, "photos", paths)
    wait(driver, lambda d: len(grid_names(d)) == len(paths), 10, "the grid does not show the chosen photos")
    press(driver, driver.find_element(By.ID, "process"))
    wait(driver, lambda d: re.fullmatch(rf"/scans/{UUID}", path_of(d)), 30, "Process did not open /scans/{id}")
    return job_id_from_url(driver)


def multipart(fields: list[tuple[str, str]], files: list[tuple[str, str]]) -> tuple[bytes, str]:
    boundary = uuid.uuid4().hex
    parts = []
    for name, value in fields:
        parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'.encode())
    for name, path in files:
        kind = "image/png" if path.endswith(".png") else "image/jpeg"
        parts.append(
            f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"; filename="{Path(path).name}"\r\n'
            f"Content-Type: {kind}\r\n\r\n".encode() + Path(path).read_bytes() + b"\r\n"
        )
    parts.append(f"--{boundary}--\r\n".encode())
    return b"".join(parts), f"multipart/form-data; boundary={boundary}"


def scan_through_api(base: str, title: str, paths: list[str]) -> str:
    body, kind = multipart([("title", title), ("rotations", ",".join("0" for _ in paths))], [("images[]", p) for p in paths])
    request = urllib.request.Request(base + "/api/v1/scans", data=body, method="POST")
    request.add_header("Content-Type", kind)
    request.add_header("Accept", "application/json")
    with urllib.request.urlopen(request, timeout=60) as response:
        return json.loads(response.read())["id"]


def wait_for_job(base: str, job_id: str, timeout: float = OCR_TIMEOUT) -> dict:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        job = api(base, "GET", f"/api/v1/scans/{job_id}")
        if job["status"] == "finished":
            return job
        time.sleep(0.5)
    raise AssertionError(f"scan job {job_id} did not finish within {timeout} s")


def a_finished_job(driver, base: str, images: dict) -> str:
    """The job of the first test at this viewport, or a new one-page job made through the API."""
    job_id = JOBS.get(driver.device)
    if not job_id:
        job_id = scan_through_api(base, f"扫描 {driver.device} {uuid.uuid4().hex[:6]}", [images["pages"][1001]["path"]])
        JOBS[driver.device] = job_id
    wait_for_job(base, job_id)
    return job_id


def sideways_scroll(driver) -> list[int]:
    return js(driver, "return [document.documentElement.scrollWidth, document.documentElement.clientWidth]")


SMALL_CONTROLS = """
return Array.from(document.querySelectorAll('button, .button, [role="button"], input[type="submit"], .roi-handle'))
    .filter(el => el.getClientRects().length && getComputedStyle(el).visibility !== 'hidden')
    .map(el => [el.id || el.getAttribute('aria-label') || el.textContent.trim() || el.className, el.getBoundingClientRect()])
    .filter(([, r]) => r.width < 43.5 || r.height < 43.5)
    .map(([name, r]) => `${name}: ${Math.round(r.width)}x${Math.round(r.height)}`);
"""


def assert_page_fits(driver, what: str) -> None:
    sizes = sideways_scroll(driver)
    assert sizes[0] <= sizes[1], f"{what} scrolls sideways ({sizes[0]} > {sizes[1]} px)"
    small = js(driver, SMALL_CONTROLS)
    assert not small, f"{what}: controls under 44×44 px: {small}"


# ---------- serial helpers ----------


def roi_value(driver) -> list[float]:
    text = driver.find_element(By.ID, "roi").get_attribute("value")
    return [float(v) for v in text.split(",")] if text else []


def image_ratio(driver) -> float:
    return js(driver, "const i = document.getElementById('roi-image'); return i.naturalWidth / i.naturalHeight")


def open_serial_with_photo(driver, base: str, images: dict, device_type: str = "Accessory") -> None:
    driver.get(base + "/serial")
    Select(driver.find_element(By.ID, "device-type")).select_by_value(device_type)
    driver.find_element(By.ID, "serial-photo").send_keys(images["serial"]["path"])
    wait(driver, lambda d: d.find_element(By.ID, "roi-editor").is_displayed() and roi_value(d), 10,
         "choosing a photo did not show the box editor (#roi-editor) with a #roi value")


def drag(driver, element, dx: float, dy: float) -> None:
    """Drags `element` from its centre by (dx, dy) CSS pixels: a finger on the phone, the mouse on the desktop."""
    js(driver, "arguments[0].scrollIntoView({block: 'center', inline: 'nearest'})", element)
    rect = js(driver, "const r = arguments[0].getBoundingClientRect(); return {x: r.left + r.width / 2, y: r.top + r.height / 2}",
              element)
    if driver.device == "phone":
        steps = 8
        point = lambda i: [{"x": rect["x"] + dx * i / steps, "y": rect["y"] + dy * i / steps, "id": 1}]  # noqa: E731
        driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": point(0)})
        for i in range(1, steps + 1):
            driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": point(i)})
        driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    else:
        chain = ActionChains(driver, duration=50).move_to_element(element).click_and_hold()
        for _ in range(4):
            chain.move_by_offset(dx / 4, dy / 4)
        chain.release().perform()


def queued_count(driver) -> int:
    return driver.execute_async_script(
        """
        const done = arguments[arguments.length - 1];
        const request = indexedDB.open('umbrella-serial-queue');
        request.onerror = () => done(-1);
        request.onsuccess = () => {
            const db = request.result;
            if (!db.objectStoreNames.contains('items')) { db.close(); done(0); return; }
            const count = db.transaction('items').objectStore('items').count();
            count.onsuccess = () => { db.close(); done(count.result); };
            count.onerror = () => { db.close(); done(-1); };
        };
        """
    )


def history_rows(driver) -> int:
    return len(driver.find_elements(By.CSS_SELECTOR, "#serial-history-table tbody tr"))


def shown_serial(driver) -> str:
    found = driver.find_elements(By.CSS_SELECTOR, "#serial-result:not([hidden]) .serial-value")
    return found[0].text.strip() if found else ""


# ---------- scanning pages ----------


def test_scan_two_pages_reorder_and_read(driver, base_url, images):
    first, second, extra = (images["pages"][s] for s in (1001, 1002, 1003))
    driver.get(base_url + "/scan")
    title = f"扫描测试 {driver.device} {uuid.uuid4().hex[:6]}"
    driver.find_element(By.ID, "title").send_keys(title)
    assert not driver.find_element(By.ID, "review").is_displayed(), "#review shows before any photo was chosen"

    choose_files(driver, "photos", [first["path"], second["path"]])
    wait(driver, lambda d: grid_names(d) == ["page-1001.jpg", "page-1002.jpg"], 10,
         f"the grid does not list the two chosen photos in order: {grid_names(driver)}")
    assert driver.find_element(By.ID, "review").is_displayed()
    assert not driver.find_element(By.ID, "review-empty").is_displayed()
    thumbs = js(driver, "return Array.from(document.querySelectorAll('#photo-grid img')).map(i => i.src)")
    assert all(src.startswith("blob:") for src in thumbs), f"thumbnails are not object URLs: {thumbs}"
    assert grid_button(driver, 1, "earlier").get_attribute("aria-label") == "Move earlier 2"
    assert grid_button(driver, 0, "earlier").get_attribute("disabled") is not None, "the first photo can move earlier"

    # A camera photo is appended; removing it puts focus on a neighbour and announces it.
    choose_files(driver, "camera", [extra["path"]])
    wait(driver, lambda d: grid_names(d) == ["page-1001.jpg", "page-1002.jpg", "page-1003.jpg"], 10,
         f"a camera pick did not append a third photo: {grid_names(driver)}")
    press(driver, grid_button(driver, 2, "remove"))
    wait(driver, lambda d: grid_names(d) == ["page-1001.jpg", "page-1002.jpg"], 5, "Remove did not remove the photo")
    focused = js(driver, "const li = document.activeElement.closest('#photo-grid > li'); return li && li.dataset.name")
    assert focused == "page-1002.jpg", f"after removing the last photo focus is on {focused!r}, not the new last photo"
    wait(driver, lambda d: "Removed" in d.find_element(By.ID, "photo-status").get_attribute("textContent"), 3,
         "the removal was not announced in #photo-status")

    # Move the second photo earlier: the order swaps, focus stays with the moved photo.
    press(driver, grid_button(driver, 1, "earlier"))
    wait(driver, lambda d: grid_names(d) == ["page-1002.jpg", "page-1001.jpg"], 5,
         f"Move earlier did not swap the photos: {grid_names(driver)}")
    focused = js(driver, "const li = document.activeElement.closest('#photo-grid > li'); return li && li.dataset.name")
    assert focused == "page-1002.jpg", f"after the move focus is on {focused!r}"
    numbers = [e.text for e in driver.find_elements(By.CSS_SELECTOR, "#photo-grid .photo-number")]
    assert numbers == ["1", "2"], numbers

    # Rotate the first photo once (the field and the thumbnail follow), then all the way back.
    assert driver.find_element(By.ID, "rotations").get_attribute("value") == "0,0"
    press(driver, grid_button(driver, 0, "rotate"))
    wait(driver, lambda d: d.find_element(By.ID, "rotations").get_attribute("value") == "90,0", 5,
         "Rotate did not set #rotations to 90,0")
    transform = js(driver, "return document.querySelector('#photo-grid > li img').style.transform")
    assert "rotate(90deg)" in transform, f"the thumbnail is not turned: {transform!r}"
    for _ in range(3):
        press(driver, grid_button(driver, 0, "rotate"))
    wait(driver, lambda d: d.find_element(By.ID, "rotations").get_attribute("value") == "0,0", 5,
         "four turns did not bring the rotation back to 0")

    press(driver, driver.find_element(By.ID, "process"))
    wait(driver, lambda d: re.fullmatch(rf"/scans/{UUID}", path_of(d)), 30, "Process did not open /scans/{id}")
    job_id = job_id_from_url(driver)
    JOBS[driver.device] = job_id
    if js(driver, "return document.querySelector('main[data-job-id]').dataset.processing") == "true":
        status = driver.find_element(By.ID, "scan-status").text
        assert re.fullmatch(r"Processing page [12]/2…", status), f"#scan-status reads {status!r}"
    wait(driver, lambda d: d.find_elements(By.ID, "open-book"), OCR_TIMEOUT, "#open-book never appeared")
    wait_for_job_page_finished(driver)
    progress = js(driver, "const p = document.getElementById('scan-progress'); return [p.value, p.max]")
    assert progress == [2, 2], f"the progress bar says {progress}"

    job = api(base_url, "GET", f"/api/v1/scans/{job_id}")
    assert job["title"] == title
    assert [p["status"] for p in job["pages"]] == ["done", "done"], job["pages"]
    page_one = api(base_url, "GET", f"/api/v1/books/{job['bookID']}/pages/1")["text"]
    moved, other = similarity(page_one, second["truth"]), similarity(page_one, first["truth"])
    assert moved > 0.6 and moved > other, (
        f"page 1 of the book should be the photo moved first (similarity {moved:.2f} vs {other:.2f}): {page_one[:60]!r}"
    )

    # Open the book and look a word up.
    href = driver.find_element(By.ID, "open-book").get_attribute("href")
    assert href.endswith(f"/books/{job['bookID']}")
    press(driver, driver.find_element(By.ID, "open-book"))
    open_reader(driver, href)
    words = [w for w in visible_words(driver, ".w:not(.nf)") if len(w["word"]) >= 2] or visible_words(driver, ".w:not(.nf)")
    assert words, "the scanned book shows no word with a dictionary entry"
    tap(driver, words[0]["element"])
    wait(driver, popup_loaded, 10, f"no popup for {words[0]['word']}")
    popup = driver.find_element(By.ID, "popup")
    assert popup.find_elements(By.CSS_SELECTOR, ".popup-defs li"), f"no definition for {words[0]['word']}: {popup.text}"


def test_failed_page_then_retake(driver, base_url, images):
    page, retake = images["pages"][1003], images["pages"][1004]
    job_id = start_scan(driver, base_url, f"重拍测试 {driver.device} {uuid.uuid4().hex[:6]}", [page["path"], images["blank"]])
    wait_for_job_page_finished(driver)

    statuses = js(driver, "return Array.from(document.querySelectorAll('#scan-pages > li')).map(li => li.dataset.status)")
    assert statuses == ["done", "failed"], f"page states: {statuses}"
    failed = driver.find_element(By.CSS_SELECTOR, '#scan-pages > li[data-status="failed"]')
    error = failed.find_element(By.CSS_SELECTOR, ".error-message").text.strip()
    assert error, "the failed page shows no error"
    assert failed.find_elements(By.CSS_SELECTOR, 'button[data-action="retry"]'), "no Retry on the failed page"
    assert failed.find_element(By.CSS_SELECTOR, ".badge.status").text.strip() == "Failed"
    retake_input = failed.find_element(By.CSS_SELECTOR, 'input[type="file"][data-auto-submit="true"]')
    status = driver.find_element(By.ID, "scan-status").text
    assert "some pages could not be read" in status, f"#scan-status reads {status!r}"

    job = api(base_url, "GET", f"/api/v1/scans/{job_id}")
    book_id = job["bookID"]
    assert book_id and api(base_url, "GET", f"/api/v1/books/{book_id}")["pageCount"] == 1

    # Choosing a photo sends the Retake form at once.
    retake_input.send_keys(retake["path"])
    wait(driver, lambda d: js(d, "return document.readyState === 'complete' && !!document.querySelector('main[data-job-id]')"
                              " && !document.querySelector('#scan-pages label[aria-busy]')"), 30,
         "the retake was not sent")
    if js(driver, "return document.querySelector('main[data-job-id]').dataset.processing") == "true":
        # Unsaved edits hold the reload back: a notice offers it instead.
        area = driver.find_element(By.CSS_SELECTOR, '#scan-pages > li[data-status="done"] textarea')
        area.send_keys("改")
        wait(driver, lambda d: d.find_elements(By.ID, "scan-reload-notice"), OCR_TIMEOUT,
             "with unsaved text, the finished retake did not show #scan-reload-notice")
        assert driver.find_element(By.CSS_SELECTOR, "#scan-pages textarea").get_attribute("value").endswith("改"), \
            "the page reloaded over unsaved text"
        press(driver, driver.find_element(By.CSS_SELECTOR, "#scan-reload-notice button"))
    wait_for_job_page_finished(driver)
    wait(driver, lambda d: js(d, "return Array.from(document.querySelectorAll('#scan-pages > li')).map(li => li.dataset.status)")
         == ["done", "done"], 10, "the retaken page is not shown as read")

    wait(driver, lambda d: api(base_url, "GET", f"/api/v1/books/{book_id}")["pageCount"] == 2, 15,
         "the book did not gain the retaken page")
    text = api(base_url, "GET", f"/api/v1/books/{book_id}/pages/2")["text"]
    assert similarity(text, retake["truth"]) > 0.6, f"page 2 does not read like the retaken photo: {text[:60]!r}"


def test_correct_a_page(driver, base_url, images):
    job_id = a_finished_job(driver, base_url, images)
    book_id = api(base_url, "GET", f"/api/v1/scans/{job_id}")["bookID"]
    corrected = CORRECTIONS[driver.device]
    driver.get(f"{base_url}/scans/{job_id}")
    area = driver.find_element(By.CSS_SELECTOR, '#scan-pages > li[data-status="done"] textarea')
    area.clear()
    area.send_keys(corrected)
    press(driver, area.find_element(By.XPATH, "ancestor::form").find_element(By.CSS_SELECTOR, 'button[type="submit"]'))
    wait(driver, lambda d: squashed(d.find_element(By.CSS_SELECTOR, "#scan-pages textarea").get_attribute("value"))
         == squashed(corrected) and d.find_element(By.CSS_SELECTOR, "#scan-pages textarea").get_attribute("value")
         == d.find_element(By.CSS_SELECTOR, "#scan-pages textarea").get_property("defaultValue"), 15,
         "after saving, the job page does not show the corrected text")
    assert path_of(driver) == f"/scans/{job_id}"
    text = api(base_url, "GET", f"/api/v1/books/{book_id}/pages/1")["text"]
    assert squashed(text) == squashed(corrected), f"the book's page 1 reads {text!r}"


def test_scan_refuses_what_is_not_a_photo(driver, base_url, images):
    driver.get(base_url + "/scan")
    truth_file = str(Path(images["pages"][1001]["path"]).with_suffix(".txt"))
    choose_files(driver, "photos", [truth_file, images["pages"][1001]["path"]])
    wait(driver, lambda d: grid_names(d) == ["page-1001.jpg"], 10, f"the grid lists {grid_names(driver)}")
    error = driver.find_element(By.ID, "form-error")
    assert error.is_displayed() and "page-1001.txt" in error.text, f"#form-error reads {error.text!r}"

    # With no photo left, the server has the last word: its reason shows in #form-error, focused.
    press(driver, grid_button(driver, 0, "remove"))
    wait(driver, lambda d: grid_names(d) == [], 5)
    assert driver.find_element(By.ID, "review-empty").is_displayed(), "#review-empty is not shown for an empty grid"
    press(driver, driver.find_element(By.ID, "process"))
    wait(driver, lambda d: d.find_element(By.ID, "form-error").is_displayed()
         and "page-1001.txt" not in d.find_element(By.ID, "form-error").text, 10, "no error for a scan without photos")
    assert path_of(driver) == "/scan"
    assert js(driver, "return document.activeElement.id") == "form-error", "the error was not focused"
    assert driver.find_element(By.ID, "process").is_enabled(), "Process stays disabled after the error"


# ---------- the serial scanner ----------


def test_serial_scan_with_the_box(driver, base_url, images):
    truth = images["serial"]
    open_serial_with_photo(driver, base_url, images, "Accessory")
    ratio = image_ratio(driver)
    x, y, w, h = roi_value(driver)
    assert abs(w - 0.8) < 0.01, f"the box is not 80 % of the photo's width: {w}"
    assert abs(w * ratio / h - 4) < 0.1, f"the box's aspect is {w * ratio / h:.2f}, not Accessory's 4"
    assert abs(x + w / 2 - 0.5) < 0.01 and abs(y + h / 2 - 0.5) < 0.01, "the box is not centred"

    Select(driver.find_element(By.ID, "device-type")).select_by_value("MacBook")
    wait(driver, lambda d: abs(roi_value(d)[2] * ratio / roi_value(d)[3] - 8) < 0.2, 5, "MacBook did not give the box aspect 8")
    Select(driver.find_element(By.ID, "device-type")).select_by_value("Accessory")
    wait(driver, lambda d: abs(roi_value(d)[2] * ratio / roi_value(d)[3] - 4) < 0.1, 5, "Accessory did not give aspect 4 back")

    box = driver.find_element(By.ID, "roi-box")
    # Arrow keys move by 1 %; Shift + arrows resize from the top-left corner.
    before = roi_value(driver)
    box.send_keys(Keys.ARROW_RIGHT)
    assert abs(roi_value(driver)[0] - before[0] - 0.01) < 0.001, "→ did not move the box right by 1 %"
    box.send_keys(Keys.ARROW_LEFT)
    x, y, w, h = roi_value(driver)
    box.send_keys(Keys.SHIFT, Keys.ARROW_LEFT * round((w - 0.40) * 100), Keys.ARROW_UP * max(0, round((h - 0.16) * 100)),
                  Keys.NULL)
    x, y, w, h = roi_value(driver)
    assert abs(w - 0.40) < 0.011 and abs(h - 0.16) < 0.011, f"Shift + arrows did not resize the box: {roi_value(driver)}"
    assert box.get_attribute("aria-valuetext"), "the box (role=slider) has no aria-valuetext"

    # Drag its middle over the serial.
    tx, ty, tw, th = truth["roi"]
    stage = js(driver, "const r = document.getElementById('roi-stage').getBoundingClientRect(); return [r.width, r.height]")
    dx = (tx + tw / 2 - (x + w / 2)) * stage[0]
    dy = (ty + th / 2 - (y + h / 2)) * stage[1]
    drag(driver, box, dx, dy)
    wait(driver, lambda d: abs(roi_value(d)[1] - y) > 0.05, 5, f"dragging did not move the box: {roi_value(driver)}")
    x, y, w, h = roi_value(driver)
    margin = 0.02
    assert x <= tx + margin and y <= ty + margin and x + w >= tx + tw - margin and y + h >= ty + th - margin, (
        f"the box {roi_value(driver)} does not cover the serial at {truth['roi']}"
    )

    # A drag on the corner handle resizes.
    handle = driver.find_element(By.CSS_SELECTOR, "#roi-box .roi-handle")
    drag(driver, handle, 0.05 * stage[0], 0.03 * stage[1])
    grown = roi_value(driver)
    assert grown[2] > w + 0.02 and abs(grown[0] - x) < 0.002, f"dragging the corner did not widen the box: {grown}"

    rows_before = history_rows(driver)
    press(driver, driver.find_element(By.ID, "scan-serial"))
    wait(driver, lambda d: shown_serial(d) == truth["serial"], 60, f"the result does not show {truth['serial']}")
    result = driver.find_element(By.ID, "serial-result-body").text
    assert "Confidence" in result and "%" in result, result
    assert "Plant" in result and "Model code" in result, f"the decoded fields are missing: {result}"
    assert driver.find_elements(By.CSS_SELECTOR, "#serial-result-body button.serial-copy"), "no Copy button"
    wait(driver, lambda d: history_rows(d) == rows_before + 1, 10, "the history table did not gain a row")
    assert truth["serial"] in driver.find_element(By.ID, "serial-history-table").text

    csv_text = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "fetch(document.getElementById('serial-export').href).then(r => r.text()).then(done, e => done('ERROR ' + e));"
    )
    assert csv_text.lstrip("\ufeff").startswith("scanned_at,"), csv_text[:200]
    assert truth["serial"] in csv_text, "the CSV download does not list the serial"


def test_serial_offline_queue(driver, base_url, images):
    truth = images["serial"]
    open_serial_with_photo(driver, base_url, images, "Accessory")
    # The default box sits in the middle; 20 × ↑ puts it over the serial (in the upper third).
    driver.find_element(By.ID, "roi-box").send_keys(Keys.ARROW_UP * 20)
    assert queued_count(driver) == 0, "the queue is not empty at the start"
    rows_before = history_rows(driver)

    set_offline(driver, True)
    try:
        wait(driver, lambda d: js(d, "return navigator.onLine === false"), 5, "DevTools offline did not reach the page")
        press(driver, driver.find_element(By.ID, "scan-serial"))
        wait(driver, lambda d: d.find_element(By.ID, "serial-queue").is_displayed(), 10, "no #serial-queue message offline")
        message = driver.find_element(By.ID, "serial-queue").text
        assert "Offline" in message and "1" in message, f"#serial-queue reads {message!r}"
        wait(driver, lambda d: queued_count(d) == 1, 5, f"IndexedDB holds {queued_count(driver)} items, not 1")
        assert not shown_serial(driver)
    finally:
        set_offline(driver, False)
    wait(driver, lambda d: shown_serial(d) == truth["serial"], 60, "back online, the queued photo was not read")
    wait(driver, lambda d: queued_count(d) == 0, 10, "the queue was not emptied")
    wait(driver, lambda d: not d.find_element(By.ID, "serial-queue").is_displayed(), 5, "#serial-queue is still shown")
    wait(driver, lambda d: history_rows(d) == rows_before + 1, 10, "the history did not gain the queued scan")


# ---------- console, layout, touch targets ----------


def test_scanning_pages_fit_and_log_no_errors(driver, base_url, images):
    job_id = a_finished_job(driver, base_url, images)

    driver.get(base_url + "/scan")
    assert_page_fits(driver, "/scan")
    choose_files(driver, "photos", [images["pages"][1001]["path"], images["pages"][1002]["path"]])
    wait(driver, lambda d: len(grid_names(d)) == 2, 10)
    press(driver, grid_button(driver, 1, "earlier"))
    press(driver, grid_button(driver, 0, "rotate"))
    assert_page_fits(driver, "/scan with two photos")

    driver.get(f"{base_url}/scans/{job_id}")
    assert_page_fits(driver, "/scans/{id}")

    open_serial_with_photo(driver, base_url, images)
    assert_page_fits(driver, "/serial with a photo")
    handle = js(driver, "const r = document.querySelector('#roi-box .roi-handle').getBoundingClientRect(); return [r.width, r.height]")
    assert min(handle) >= 44, f"the box's corner handle is {handle}"

    errors = severe_logs(driver)
    assert not errors, "console errors:\n" + "\n".join(e["message"] for e in errors)
