"""The OCR worker's `serial` op against synthetic renders (Tests/OCR/render_serial.py).

    python3 -m pytest Tests/OCR/test_worker_serial.py -q

Starts the real worker (`workers/ocr/.venv/bin/python workers/ocr/worker.py`, made by
workers/ocr/install) and talks to it over the line protocol of workers/ocr/PROTOCOL.md. The images
are rendered by render_serial.py run with the worker's Python (it has numpy, OpenCV and Pillow), so
this test itself needs only the standard library and pytest. Skipped when the venv is missing.

Checks, on clean renders of each preset (ROI and full image): the true serial is among the
returned lines (spaces removed), lookalike numbers (model/part numbers, UPC, IMEI) are returned
too on full images, and every line is well-formed (alphabet, characters/alternatives, box).
"""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
VENV_PY = ROOT / "workers" / "ocr" / ".venv" / "bin" / "python"
WORKER = ROOT / "workers" / "ocr" / "worker.py"
RENDER = Path(__file__).resolve().parent / "render_serial.py"
PRESETS = ("etched", "screen", "sticker")
SEEDS = (101, 102, 103)          # clean renders; the benchmark uses other seeds
ALPHABET = set("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ")

pytestmark = pytest.mark.skipif(not (VENV_PY.exists() and WORKER.exists()),
                                reason="OCR worker not installed (run workers/ocr/install)")


@pytest.fixture(scope="module")
def samples(tmp_path_factory):
    out = tmp_path_factory.mktemp("serials")
    subprocess.run([str(VENV_PY), str(RENDER), str(out), "--presets", ",".join(PRESETS),
                    "--count", str(len(SEEDS)), "--seed0", str(SEEDS[0]), "--clean"],
                   check=True, capture_output=True, timeout=300)
    rows = [json.loads(l) for l in (out / "truth.jsonl").read_text().splitlines() if l.strip()]
    for r in rows:
        r["path"] = str(out / r["image"])
    return rows


class WorkerProc:
    def __init__(self):
        env = dict(os.environ, UMBRELLA_OCR_THREADS=os.environ.get("UMBRELLA_OCR_THREADS", "1"))
        self.p = subprocess.Popen([str(VENV_PY), str(WORKER)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, text=True, env=env, cwd=str(WORKER.parent))
        line = self.p.stdout.readline()
        assert line, "worker exited: " + self.p.stderr.read()[-2000:]
        self.hello = json.loads(line)
        self.n = 0

    def ask(self, **req):
        self.n += 1
        req.setdefault("id", "t%d" % self.n)
        self.p.stdin.write(json.dumps(req) + "\n")
        self.p.stdin.flush()
        line = self.p.stdout.readline()
        assert line, "worker died: " + self.p.stderr.read()[-2000:]
        resp = json.loads(line)
        assert resp.get("id") == req["id"]
        return resp

    def close(self):
        try:
            self.p.stdin.close()
            self.p.wait(timeout=30)
        except Exception:
            self.p.kill()


@pytest.fixture(scope="module")
def worker():
    w = WorkerProc()
    yield w
    w.close()


def texts(resp):
    return [re.sub(r"\s+", "", ln["text"]) for ln in resp["lines"]]


def check_well_formed(resp, width, height):
    assert resp["ok"] is True, resp
    assert resp["width"] == width and resp["height"] == height
    assert isinstance(resp["lines"], list)
    for ln in resp["lines"]:
        text = ln["text"]
        assert text and set(text) <= ALPHABET, text
        assert 0.0 <= ln["confidence"] <= 1.0
        box = ln["box"]
        assert len(box) == 4 and all(len(p) == 2 for p in box)
        for x, y in box:
            assert -0.05 * width <= x <= 1.05 * width and -0.05 * height <= y <= 1.05 * height, box
        chars = ln["characters"]
        assert len(chars) == len(text)
        for i, alts in enumerate(chars):
            assert 1 <= len(alts) <= 3
            assert alts[0][0] == text[i], (text, i, alts)
            probs = [p for _, p in alts]
            assert all(isinstance(c, str) and len(c) == 1 and c in ALPHABET for c, _ in alts)
            assert len({c for c, _ in alts}) == len(alts)
            assert all(0.0 <= p <= 1.0 for p in probs)
            assert probs == sorted(probs, reverse=True), alts


def image_size(path):
    out = subprocess.run([str(VENV_PY), "-c", "import cv2,sys; i=cv2.imread(sys.argv[1]); print(i.shape[1], i.shape[0])",
                          path], capture_output=True, text=True, check=True)
    w, h = out.stdout.split()
    return int(w), int(h)


def test_hello_reports_presets(worker):
    presets = worker.hello.get("serial_presets")
    assert set(presets) == set(PRESETS)
    for p in PRESETS:
        assert isinstance(presets[p], dict) and presets[p]


@pytest.mark.parametrize("preset", PRESETS)
def test_serial_found_with_roi(worker, samples, preset):
    found = 0
    rows = [r for r in samples if r["preset"] == preset]
    for r in rows:
        resp = worker.ask(op="serial", path=r["path"], preset=preset, roi=r["roi"])
        check_well_formed(resp, *image_size(r["path"]))
        if r["serial"] in texts(resp):
            found += 1
        # boxes of an ROI request lie around the ROI, in full-image pixels
        W, H = image_size(r["path"])
        x, y, w, h = r["roi"]
        for ln in resp["lines"]:
            for px, py in ln["box"]:
                assert (x - 0.02) * W <= px <= (x + w + 0.02) * W and (y - 0.02) * H <= py <= (y + h + 0.02) * H
    assert found == len(rows), "serial read in %d of %d ROI images" % (found, len(rows))


@pytest.mark.parametrize("preset", PRESETS)
def test_serial_and_lookalikes_found_in_full_image(worker, samples, preset):
    rows = [r for r in samples if r["preset"] == preset]
    found = looks = 0
    for r in rows:
        resp = worker.ask(op="serial", path=r["path"], preset=preset)
        check_well_formed(resp, *image_size(r["path"]))
        t = texts(resp)
        if r["serial"] in t:
            found += 1
        # at least one lookalike (model/part number, UPC, IMEI, EMC) is returned as well
        if any(any(l in x or x in l and len(x) >= 5 for x in t) for l in r["lookalikes"]):
            looks += 1
    assert found == len(rows), "serial read in %d of %d full images" % (found, len(rows))
    assert looks == len(rows), "lookalikes returned in %d of %d full images" % (looks, len(rows))


def test_serial_is_ranked_first_on_clean_roi(worker, samples):
    top = total = 0
    for r in samples:
        resp = worker.ask(op="serial", path=r["path"], preset=r["preset"], roi=r["roi"])
        total += 1
        top += bool(resp["lines"]) and resp["lines"][0]["text"] == r["serial"]
    assert top >= total - 1, "serial first in %d of %d" % (top, total)


def test_bad_preset_and_rotation(worker, samples):
    r = samples[0]
    resp = worker.ask(op="serial", path=r["path"], preset="engraved")
    assert resp["ok"] is False and resp["error"] == "bad_request"
    resp = worker.ask(op="serial", path=r["path"], preset="etched", rotation=45)
    assert resp["ok"] is False and resp["error"] == "bad_request"
    # rotation is applied before recognition: width and height swap
    resp = worker.ask(op="serial", path=r["path"], preset=r["preset"], rotation=90)
    W, H = image_size(r["path"])
    assert resp["ok"] and resp["width"] == H and resp["height"] == W


if __name__ == "__main__":
    sys.exit(pytest.main([__file__, "-q"]))
