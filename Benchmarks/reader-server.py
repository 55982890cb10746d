#!/usr/bin/env python3
"""Reader server timings, printed as JSON (and Markdown with --markdown).

    python3 Benchmarks/reader-server.py [--duration 10] [--connections 50] [--skip-build]

Builds the release binary (unless --skip-build), then, with a fresh data directory:

1. first request after start: the server is started on an existing database (created by a first
   launch) `--starts` times; the time from spawning the process to the first 200 answer of
   GET / (the library page) is measured, median and max.
2. page serving under load: a book whose pages are about 1,000 characters (real sentences from
   Data/sentences.tsv) is added; wrk (Debian's `wrk`) runs `--connections` concurrent connections
   on 2 threads for `--duration` seconds against
     - GET /api/v1/books/{id}/pages/{n}   (page JSON: tokens, pinyin, levels, marks)
     - GET /books/{id}/pages/{n}/fragment  (page HTML)
   cycling over 20 pages, and reports wrk's latency distribution (median, p90, p99) and rate.
   Before that, after a restart, each page's first request is timed alone: that one does the
   segmentation, readings and rendering that later requests find in the server's page cache.
   The peer in the same run is nginx serving the same fragment bytes as a static file (the floor
   of what any server can do on this machine), when nginx is installed (`apt-get install nginx`).
3. mark round trip: 200 sequential POST /api/v1/marks from one HTTP/1.1 keep-alive client
   (Python http.client), median and p99.

The Chromium figures (reading page of a 100-page book shows text in ≤ 1 s; mark round trip
from the page) come from Benchmarks/reader-load.py.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BINARY = ROOT / ".build" / "release" / "umbrella"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(data: Path, port: int) -> subprocess.Popen:
    env = dict(os.environ, UMBRELLA_DATA_PATH=str(data), PORT=str(port),
               UMBRELLA_PUBLIC_DIR=str(ROOT / "Public"), LOG_LEVEL="warning")
    env.pop("DATABASE_URL", None)
    return subprocess.Popen([str(BINARY), "serve"], cwd=ROOT, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def wait_ready(port: int, timeout: float = 30) -> float:
    start = time.perf_counter()
    while time.perf_counter() - start < timeout:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2) as r:
                if r.status == 200:
                    return time.perf_counter() - start
        except OSError:
            time.sleep(0.005)
    raise RuntimeError("server did not answer")


def stop(proc: subprocess.Popen) -> None:
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()


def api(port: int, method: str, path: str, body=None):
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=data, method=method,
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.loads(r.read() or b"null")


def thousand_character_pages(count: int) -> str:
    sentences = [line.split("\t")[2] for line in
                 (ROOT / "Data" / "sentences.tsv").read_text(encoding="utf-8").splitlines()]
    pages, i = [], 0
    for _ in range(count):
        page = ""
        while len(page) < 1000:
            page += sentences[i % len(sentences)]
            i += 7
        pages.append(page[:1000])
    return "\n---\n".join(pages)


def wrk(url: str, duration: int, connections: int, script: Path | None) -> dict:
    cmd = ["wrk", "-t2", f"-c{connections}", f"-d{duration}s", "--latency"]
    if script:
        cmd += ["-s", str(script)]
    out = subprocess.run(cmd + [url], capture_output=True, text=True, check=True).stdout
    lat = {}
    for q, value, unit in re.findall(r"^\s+(50|75|90|99)%\s+([\d.]+)(us|ms|s)\s*$", out, re.M):
        lat[q] = float(value) * {"us": 0.001, "ms": 1, "s": 1000}[unit]
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    return {"median_ms": round(lat["50"], 2), "p90_ms": round(lat["90"], 2), "p99_ms": round(lat["99"], 2),
            "requests_per_second": round(rate), "non_2xx": int(errors.group(1)) if errors else 0}


def cycling_script(paths: list[str], directory: Path) -> Path:
    script = directory / "cycle.lua"
    quoted = ", ".join(json.dumps(p) for p in paths)
    script.write_text("paths = {" + quoted + "}\ni = 0\nrequest = function()\n  i = i % #paths + 1\n"
                      "  return wrk.format('GET', paths[i])\nend\n")
    return script


def nginx_peer(html: bytes, duration: int, connections: int, work: Path) -> dict | None:
    nginx = shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None)
    if not nginx:
        return None
    root = work / "nginx"
    (root / "www").mkdir(parents=True)
    (root / "www" / "fragment.html").write_bytes(html)
    port = free_port()
    conf = root / "nginx.conf"
    user = "user root;" if os.geteuid() == 0 else ""
    conf.write_text(f"""{user} daemon off; worker_processes 2; pid {root}/nginx.pid; error_log {root}/error.log;
events {{ worker_connections 1024; }}
http {{ access_log off; server {{ listen 127.0.0.1:{port}; root {root}/www; }} }}
""")
    proc = subprocess.Popen([nginx, "-c", str(conf), "-p", str(root)], stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    try:
        for _ in range(200):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/fragment.html", timeout=1)
                break
            except OSError:
                time.sleep(0.02)
        return wrk(f"http://127.0.0.1:{port}/fragment.html", duration, connections, None)
    finally:
        stop(proc)


def mark_round_trip(port: int, book: str, words: list[str], count: int) -> dict:
    conn = http.client.HTTPConnection("127.0.0.1", port)
    times = []
    for i in range(count):
        body = json.dumps({"eventID": str(uuid.uuid4()), "word": words[i % len(words)], "bookID": book,
                           "page": 1, "sentence": "benchmark"})
        start = time.perf_counter()
        conn.request("POST", "/api/v1/marks", body, {"Content-Type": "application/json"})
        response = conn.getresponse()
        response.read()
        times.append((time.perf_counter() - start) * 1000)
        assert response.status in (200, 201), response.status
    times.sort()
    return {"median_ms": round(statistics.median(times), 2),
            "p99_ms": round(times[min(len(times) - 1, int(len(times) * 0.99))], 2), "count": count}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--duration", type=int, default=10)
    ap.add_argument("--connections", type=int, default=50)
    ap.add_argument("--starts", type=int, default=5)
    ap.add_argument("--skip-build", action="store_true")
    args = ap.parse_args()
    if not args.skip_build:
        subprocess.run(["swift", "build", "-c", "release", "--product", "umbrella"], cwd=ROOT, check=True,
                       stdout=sys.stderr)
    if not shutil.which("wrk"):
        print("wrk is missing: apt-get install wrk", file=sys.stderr)
        return 1
    results: dict = {"machine": {"cores": os.cpu_count()}}
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        data = work / "data"
        port = free_port()
        proc = start_server(data, port)
        results["first_launch_seconds"] = round(wait_ready(port), 3)
        text = thousand_character_pages(20)
        book = api(port, "POST", "/api/v1/books", {"title": "benchmark", "text": text})
        page_count = book["pageCount"]
        lengths = [len(api(port, "GET", f"/api/v1/books/{book['id']}/pages/{n}")["text"])
                   for n in range(1, page_count + 1)]
        stop(proc)

        starts = []
        for _ in range(args.starts):
            proc = start_server(data, port)
            starts.append(wait_ready(port))
            stop(proc)
        results["first_request_after_start_seconds"] = {
            "median": round(statistics.median(starts), 3), "max": round(max(starts), 3), "runs": len(starts),
            "what": "spawn → first 200 of GET / on an existing SQLite database"}

        proc = start_server(data, port)
        wait_ready(port)
        try:
            base = f"http://127.0.0.1:{port}"
            json_paths = [f"/api/v1/books/{book['id']}/pages/{n}" for n in range(1, page_count + 1)]
            html_paths = [f"/books/{book['id']}/pages/{n}/fragment" for n in range(1, page_count + 1)]
            results["pages"] = {"count": page_count, "mean_characters": round(statistics.mean(lengths))}
            # Restart so nothing is cached, then time each page's first request (segmentation,
            # readings, rendering and the database read all happen here), one at a time.
            for name, paths in (("page_json_first_request", json_paths), ("page_html_first_request", html_paths)):
                stop(proc)
                proc = start_server(data, port)
                wait_ready(port)
                times = []
                for path in paths:
                    start = time.perf_counter()
                    urllib.request.urlopen(base + path).read()
                    times.append((time.perf_counter() - start) * 1000)
                results[name] = {"median_ms": round(statistics.median(times), 2), "max_ms": round(max(times), 2),
                                 "what": "first request of each page after a restart (nothing cached), sequential"}
            for name, paths in (("page_json", json_paths), ("page_html", html_paths)):
                wrk(base + paths[0], 2, args.connections, cycling_script(paths, work))  # warm-up
                results[name] = wrk(base + paths[0], args.duration, args.connections, cycling_script(paths, work))
                print(f"{name}: {results[name]}", file=sys.stderr)
            fragment = urllib.request.urlopen(base + html_paths[0]).read()
            results["peer_nginx_static_fragment"] = nginx_peer(fragment, args.duration, args.connections, work)
            words = [t["text"] for p in api(port, "GET", json_paths[0])["paragraphs"] for t in p if t["word"]]
            results["mark_round_trip"] = mark_round_trip(port, book["id"], words, 200)
        finally:
            stop(proc)
    print(json.dumps(results, indent=2, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
