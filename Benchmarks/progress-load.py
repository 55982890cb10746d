#!/usr/bin/env python3
"""Latency of the progress endpoints with a long reading history (issue 4).

    swift build -c release --product umbrella
    python3 Benchmarks/progress-load.py [--binary .build/release/umbrella] [--requests 30]

Starts the server on a fresh data directory, reads every page of every starter book in reading
sessions (so every word is "seen"), marks every word of HSK 3.0 level 3 and above plus the unlisted
ones, does the placement, then times sequential requests (after two warm-ups) to each endpoint and
prints median and 95th percentile. `GET /api/v1/books` is the baseline: a small read of one table.
"""
from __future__ import annotations

import argparse
import json
import shutil
import socket
import statistics
import subprocess
import tempfile
import time
import urllib.request
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=str(ROOT / ".build/release/umbrella"))
    parser.add_argument("--requests", type=int, default=30)
    args = parser.parse_args()
    data = Path(tempfile.mkdtemp(prefix="umbrella-progress-"))
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = subprocess.Popen(
        [args.binary, "serve", "--port", str(port)],
        env={"UMBRELLA_DATA_PATH": str(data), "PATH": "/usr/bin:/bin", "LOG_LEVEL": "warning"},
        cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def call(method: str, path: str, body=None):
        request = urllib.request.Request(
            base + path, data=None if body is None else json.dumps(body).encode(), method=method,
            headers={"Content-Type": "application/json", "Origin": base})
        with urllib.request.urlopen(request, timeout=60) as response:
            payload = response.read()
            return json.loads(payload) if payload and "json" in response.headers.get("Content-Type", "") else payload

    try:
        for _ in range(300):
            try:
                call("GET", "/health")
                break
            except OSError:
                time.sleep(0.1)
        marked = set()
        for book in call("GET", "/api/v1/books"):
            session = call("POST", "/api/v1/sessions", {"bookID": book["id"], "page": 1})
            for number in range(1, book["pageCount"] + 1):
                call("POST", f"/api/v1/sessions/{session['id']}/activity", {"page": number, "activeSeconds": 5})
                page = call("GET", f"/api/v1/books/{book['id']}/pages/{number}")
                for token in (t for p in page["paragraphs"] for t in p):
                    if token.get("word") and (token.get("hskLevel") or 9) >= 3 and token["text"] not in marked:
                        marked.add(token["text"])
                        call("POST", "/api/v1/marks", {"eventID": str(uuid.uuid4()), "word": token["text"],
                                                       "bookID": book["id"], "page": number,
                                                       "sessionID": session["id"]})
            call("POST", f"/api/v1/sessions/{session['id']}/end")
        call("POST", "/api/v1/placement", {"marked": []})
        progress = call("GET", "/api/v1/progress")
        print(f"History: {progress['proficiency']['wordsSeen']} distinct words seen, {len(marked)} marked, "
              f"{progress['sessions']} sessions; {args.requests} sequential requests per endpoint after 2 warm-ups.\n")
        print("| endpoint | median ms | p95 ms | bytes |")
        print("|---|---:|---:|---:|")
        for path in ["/api/v1/books", "/api/v1/proficiency", "/api/v1/proficiency/history", "/api/v1/progress",
                     "/api/v1/words?limit=5000", "/api/v1/words/export.csv", "/progress", "/placement"]:
            times = []
            size = 0
            for index in range(args.requests + 2):
                start = time.perf_counter()
                with urllib.request.urlopen(base + path, timeout=60) as response:
                    size = len(response.read())
                if index >= 2:
                    times.append((time.perf_counter() - start) * 1000)
            times.sort()
            p95 = times[min(len(times) - 1, int(round(0.95 * (len(times) - 1))))]
            print(f"| `GET {path}` | {statistics.median(times):.1f} | {p95:.1f} | {size:,} |")
    finally:
        server.terminate()
        server.wait(timeout=10)
        shutil.rmtree(data, ignore_errors=True)


if __name__ == "__main__":
    main()
