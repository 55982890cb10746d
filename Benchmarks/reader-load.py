#!/usr/bin/env python3
"""Reading-page timings in Chromium, printed as JSON.

    python3 Benchmarks/reader-load.py [--runs 20] [--marks 100] [--device desktop|phone]

Creates a 100-page book (about 50,000 characters of the bundled example sentences) through
POST /api/v1/books, then:

* loads /books/{id} `--runs` times and measures, from navigation start: the first contentful paint,
  the moment the first `.w` word exists in the DOM, and the moment reader.js has restored the
  position (#reader[data-ready]); once opening at page 1 and once at page 50 (windowed rendering);
* from inside the page, times `--marks` sequential `fetch` POSTs to /api/v1/marks (mark round trip)
  and as many GET /api/v1/lookup calls for distinct words.

The server: UMBRELLA_URL, or .build/debug/umbrella started on a free port with a fresh data
directory (UMBRELLA_MOCK=1 for the Python mock), as in Tests/Browser/README.md.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
import urllib.parse
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "Tests" / "Browser"))

from server import api, book_text, make_driver, running_server  # noqa: E402

FIRST_WORD_PROBE = """
(() => {
    const record = () => {
        if (window.__umbrellaFirstWord === undefined && document.querySelector('#reader .w')) {
            window.__umbrellaFirstWord = performance.now();
        }
        const reader = document.getElementById('reader');
        if (window.__umbrellaReady === undefined && reader && reader.dataset.ready === 'true') {
            window.__umbrellaReady = performance.now();
        }
        return window.__umbrellaFirstWord !== undefined && window.__umbrellaReady !== undefined;
    };
    const observer = new MutationObserver(() => { if (record()) observer.disconnect(); });
    observer.observe(document, {childList: true, subtree: true, attributes: true, attributeFilter: ['data-ready']});
})();
"""

READ_TIMINGS = """
const paint = performance.getEntriesByName('first-contentful-paint')[0];
const navigation = performance.getEntriesByType('navigation')[0];
return {
    fcp: paint ? paint.startTime : null,
    firstWord: window.__umbrellaFirstWord ?? null,
    ready: window.__umbrellaReady ?? null,
    responseEnd: navigation ? navigation.responseEnd : null,
    domContentLoaded: navigation ? navigation.domContentLoadedEventEnd : null,
    transferBytes: navigation ? navigation.transferSize : null,
    htmlBytes: navigation ? navigation.decodedBodySize : null,
    words: document.querySelectorAll('#reader .w').length,
    renderedPages: document.querySelectorAll('#reader section.page:not([data-pending])').length,
};
"""

ROUND_TRIPS = """
const [kind, words, bookID, sessionID, done] = [arguments[0], arguments[1], arguments[2], arguments[3],
                                                arguments[arguments.length - 1]];
const uuid = () => crypto.randomUUID ? crypto.randomUUID() : String(Math.random());
(async () => {
    const times = [];
    let failures = 0;
    for (const word of words) {
        const started = performance.now();
        let response;
        if (kind === 'mark') {
            response = await fetch('/api/v1/marks', {method: 'POST', headers: {'Content-Type': 'application/json'},
                body: JSON.stringify({eventID: uuid(), word, bookID, page: 1, sentence: word, sessionID})});
        } else {
            response = await fetch('/api/v1/lookup?' + new URLSearchParams({word, book: bookID, session: sessionID}));
        }
        await response.text();
        times.push(performance.now() - started);
        if (!response.ok) failures += 1;
    }
    done({times, failures});
})().catch(error => done({error: String(error)}));
"""


def summary(values: list[float]) -> dict:
    values = sorted(v for v in values if v is not None)
    if not values:
        return {"n": 0}

    def percentile(p: float) -> float:
        index = min(len(values) - 1, max(0, round(p / 100 * (len(values) - 1))))
        return values[index]

    return {
        "n": len(values),
        "median": round(statistics.median(values), 1),
        "p90": round(percentile(90), 1),
        "p99": round(percentile(99), 1),
        "min": round(values[0], 1),
        "max": round(values[-1], 1),
    }


def measure_loads(driver, url: str, runs: int) -> dict:
    samples = []
    for _ in range(runs):
        driver.get(url)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            timings = driver.execute_script(READ_TIMINGS)
            if timings["ready"] is not None and timings["fcp"] is not None:
                break
            time.sleep(0.05)
        samples.append(timings)
    last = samples[-1]
    return {
        "firstContentfulPaintMs": summary([s["fcp"] for s in samples]),
        "firstWordInDOMMs": summary([s["firstWord"] for s in samples]),
        "positionRestoredMs": summary([s["ready"] for s in samples]),
        "htmlReceivedMs": summary([s["responseEnd"] for s in samples]),
        "domContentLoadedMs": summary([s["domContentLoaded"] for s in samples]),
        "htmlBytes": last["htmlBytes"],
        "wordsInDOM": last["words"],
        "pagesRenderedAtLoad": last["renderedPages"],
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--marks", type=int, default=100)
    parser.add_argument("--characters", type=int, default=50000)
    parser.add_argument("--device", choices=["desktop", "phone"], default="desktop")
    args = parser.parse_args()

    with running_server() as base:
        created = api(base, "POST", "/api/v1/books", {"title": f"Benchmark {uuid.uuid4().hex[:6]}",
                                                      "text": book_text(args.characters)})
        book_id = created["id"]
        book = api(base, "GET", f"/api/v1/books/{book_id}")
        page_count = book.get("pageCount")
        driver = make_driver(args.device)
        try:
            driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": FIRST_WORD_PROBE})
            url = f"{base}/books/{book_id}"
            driver.get(url)  # warm-up (first compile of the scripts, server caches)
            at_start = measure_loads(driver, url, args.runs)
            middle = max(1, (page_count or 100) // 2)
            api(base, "PUT", f"/api/v1/books/{book_id}/position", {"page": middle, "fraction": 0.0})
            at_middle = measure_loads(driver, url, args.runs)

            session = driver.execute_script("return document.getElementById('reader').dataset.sessionId")
            words = driver.execute_script(
                "return Array.from(new Set(Array.from(document.querySelectorAll('#reader .w:not(.nf)'),"
                " el => el.dataset.w))).slice(0, arguments[0])",
                args.marks,
            )
            driver.set_script_timeout(300)
            mark_word = words[0]
            marks = driver.execute_async_script(ROUND_TRIPS, "mark", [mark_word] * args.marks, book_id, session)
            lookups = driver.execute_async_script(ROUND_TRIPS, "lookup", words, book_id, session)
            version = driver.capabilities.get("browserVersion")
        finally:
            driver.quit()
        api(base, "DELETE", "/api/v1/marks/" + urllib.parse.quote(mark_word, safe=""), {"eventID": str(uuid.uuid4())})

    result = {
        "server": base,
        "chromium": version,
        "device": args.device,
        "book": {"characters": args.characters, "pages": page_count},
        "runs": args.runs,
        "openAtPage1": at_start,
        f"openAtPage{middle}": at_middle,
        "markRoundTripMs": {**summary(marks.get("times", [])), "failures": marks.get("failures"),
                            "error": marks.get("error")},
        "lookupRoundTripMs": {**summary(lookups.get("times", [])), "distinctWords": len(words),
                              "failures": lookups.get("failures"), "error": lookups.get("error")},
    }
    print(json.dumps(result, indent=2, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
