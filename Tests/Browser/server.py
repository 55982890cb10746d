"""Starting the server, driving Chromium and calling the API: shared by the browser tests
(conftest.py) and Benchmarks/reader-load.py. No pytest here."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service

REPO = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent

DEVICES = {
    "phone": {"width": 375, "height": 812, "mobile": True},
    "desktop": {"width": 1280, "height": 900, "mobile": False},
}
# Only for the layout checks at the extremes of the supported widths.
EXTRA_DEVICES = {
    "narrow": {"width": 320, "height": 568, "mobile": True},
    "wide": {"width": 1440, "height": 900, "mobile": False},
}


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_until_up(base: str, process: subprocess.Popen | None, log: Path | None, timeout: float = 120) -> None:
    deadline = time.monotonic() + timeout
    last_error = ""
    while time.monotonic() < deadline:
        if process is not None and process.poll() is not None:
            text = log.read_text(errors="replace")[-4000:] if log and log.exists() else ""
            raise RuntimeError(f"the server exited with {process.returncode} before answering:\n{text}")
        for path in ("/health", "/"):
            try:
                with urllib.request.urlopen(base + path, timeout=2) as response:
                    if response.status < 500:
                        return
            except urllib.error.HTTPError as error:
                last_error = f"{path}: HTTP {error.code}"
            except OSError as error:
                last_error = f"{path}: {error}"
        time.sleep(0.25)
    raise RuntimeError(f"the server did not answer within {timeout} s ({last_error})")



class ServerUnavailable(RuntimeError):
    pass


@contextlib.contextmanager
def running_server():
    """Yields the base URL: UMBRELLA_URL, or a server started here (see conftest.py) and stopped after."""
    given = os.environ.get("UMBRELLA_URL")
    if given:
        wait_until_up(given.rstrip("/"), None, None, timeout=10)
        yield given.rstrip("/")
        return

    port = free_port()
    if os.environ.get("UMBRELLA_MOCK"):
        command = [sys.executable, str(HERE / "mock_server.py"), "--port", str(port)]
    else:
        binary = Path(os.environ.get("UMBRELLA_BINARY", REPO / ".build" / "debug" / "umbrella"))
        if not binary.exists():
            raise ServerUnavailable(
                f"{binary} does not exist: build it (swift build), or set UMBRELLA_URL or UMBRELLA_MOCK=1"
            )
        command = [str(binary), "serve", "--port", str(port)]
    data_dir = Path(tempfile.mkdtemp(prefix="umbrella-browser-"))
    (data_dir / "data").mkdir()
    env = {**os.environ, "UMBRELLA_DATA_PATH": str(data_dir / "data"), "PORT": str(port)}
    log = data_dir / "server.log"
    with open(log, "wb") as output:
        process = subprocess.Popen(
            command, cwd=REPO, env=env, stdout=output, stderr=subprocess.STDOUT, start_new_session=True
        )
    base = f"http://127.0.0.1:{port}"
    try:
        wait_until_up(base, process, log)
        yield base
    finally:
        try:
            os.killpg(process.pid, signal.SIGTERM)
            process.wait(timeout=10)
        except (ProcessLookupError, subprocess.TimeoutExpired):
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)
        if os.environ.get("UMBRELLA_KEEP_DATA"):
            print(f"\nserver data and log kept in {data_dir}", file=sys.stderr)
        else:
            shutil.rmtree(data_dir, ignore_errors=True)


def make_driver(device: str) -> webdriver.Chrome:
    spec = DEVICES.get(device) or EXTRA_DEVICES[device]
    options = Options()
    binary = os.environ.get("CHROME_BINARY", "/usr/bin/chromium")
    if Path(binary).exists():
        options.binary_location = binary
    if not os.environ.get("HEADFUL"):
        options.add_argument("--headless=new")
    for argument in ("--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--lang=en-US",
                     "--no-first-run", "--disable-extensions", "--hide-scrollbars"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    if spec["mobile"]:
        options.add_experimental_option(
            "mobileEmulation",
            {"deviceMetrics": {"width": spec["width"], "height": spec["height"], "pixelRatio": 3.0, "touch": True}},
        )
    else:
        options.add_argument(f"--window-size={spec['width']},{spec['height']}")
    service = Service(executable_path=os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"))
    driver = webdriver.Chrome(service=service, options=options)
    if not spec["mobile"]:
        driver.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride",
            {"width": spec["width"], "height": spec["height"], "deviceScaleFactor": 1, "mobile": False},
        )
    driver.set_script_timeout(30)
    driver.device = "phone" if spec["mobile"] else "desktop"
    return driver


# ---------- API helpers ----------


class APIError(Exception):
    def __init__(self, status: int, body: str):
        super().__init__(f"HTTP {status}: {body[:300]}")
        self.status = status
        self.body = body


def api(base: str, method: str, path: str, body=None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method=method)
    request.add_header("Accept", "application/json")
    if data is not None:
        request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            text = response.read().decode()
    except urllib.error.HTTPError as error:
        raise APIError(error.code, error.read().decode(errors="replace")) from None
    return json.loads(text) if text else None


def items_of(answer, *keys):
    """A list answer, or the list under one of `keys` (the API's list envelopes may vary)."""
    if isinstance(answer, list):
        return answer
    if isinstance(answer, dict):
        for key in keys + ("items", "data", "results"):
            if isinstance(answer.get(key), list):
                return answer[key]
    raise AssertionError(f"expected a list (or an object with one of {keys}), got {str(answer)[:300]}")


def marks(base: str) -> dict[str, dict]:
    return {m["word"]: m for m in items_of(api(base, "GET", "/api/v1/marks"), "marks", "words", "markedWords")}


def mark_count(base: str, word: str) -> int:
    """How many times `word` was marked (GET /api/v1/marks/{word}; 0 when the server never saw it)."""
    try:
        answer = api(base, "GET", "/api/v1/marks/" + urllib.parse.quote(word, safe=""))
    except APIError as error:
        if error.status == 404:
            return 0
        raise
    return int(answer.get("markCount", 0))


def sentences(level: int | None = None) -> list[str]:
    rows = []
    for line in (REPO / "Data" / "sentences.tsv").read_text(encoding="utf-8").splitlines():
        parts = line.split("\t")
        if len(parts) >= 3 and (level is None or parts[1] == str(level)):
            rows.append(parts[2])
    return rows


def book_text(characters: int, level: int | None = None) -> str:
    """Real Chinese from the bundled example sentences, in paragraphs of about 100 characters."""
    pool = sentences(level) or sentences()
    paragraphs, paragraph, total, index = [], "", 0, 0
    while total < characters:
        sentence = pool[index % len(pool)]
        index += 1
        paragraph += sentence
        total += len(sentence)
        if len(paragraph) >= 100:
            paragraphs.append(paragraph)
            paragraph = ""
    if paragraph:
        paragraphs.append(paragraph)
    return "\n".join(paragraphs)


def create_book(base: str, title: str, characters: int, level: int | None = None) -> str:
    answer = api(base, "POST", "/api/v1/books", {"title": title, "text": book_text(characters, level)})
    return answer["id"]
