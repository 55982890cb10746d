#!/usr/bin/env python3
"""Apple serial-number reading: exact-match rate per preset, printed as a markdown table.

    python3 Benchmarks/ocr-serials.py [--per-preset 40] [--umbrella PATH_TO_umbrella_BINARY]
        [--seed0 0] [--presets etched,screen,sticker] [--inputs roi,full] [--threads 1] [--json]

Renders held-out synthetic images with Tests/OCR/render_serial.py (seeds seed0 .. seed0+N-1 per
preset; the worker was tuned on seeds 10000-10059, so keep seed0 below 10000-N or above 10059),
each as an ROI crop (the serial line with some margin, as a user drags it) and as the full photo,
and measures in the same run:

* `rapidocr det+rec`: the default RapidOCR call on the image (crop or full photo), and the token
  of a recognised line that best looks like a serial (`[A-Z0-9]{10,12}`, letters and digits
  preferred, then the line score);
* `rapidocr rec-only` (ROI crops only): recognition of the whole crop as one line, same pick
  (a naive single-line integration: the detector often finds nothing on a small crop);
* `worker serial`: the worker's `serial` op (workers/ocr/worker.py, full photo + `roi` fractions
  for the ROI rows), the first returned line that matches `[A-Z0-9]{10,12}`; `worker any` says how
  often the true serial is anywhere among the returned lines (what the Swift grammar can pick from);
* `umbrella serial` (with --umbrella): `umbrella serial IMAGE --preset P --json [--roi x,y,w,h]`,
  the first element of `candidates`, field `serial`.

Needs the worker's virtual environment (workers/ocr/install); the script re-runs itself with
workers/ocr/.venv/bin/python when numpy/OpenCV/rapidocr are missing from the current Python.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
VENV_PY = ROOT / "workers" / "ocr" / ".venv" / "bin" / "python"

try:
    import cv2  # noqa: F401
    import numpy as np  # noqa: F401
    import rapidocr  # noqa: F401
except ImportError:
    if VENV_PY.exists() and not os.environ.get("_OCR_SERIALS_REEXEC"):
        os.environ["_OCR_SERIALS_REEXEC"] = "1"
        os.execv(str(VENV_PY), [str(VENV_PY), __file__] + sys.argv[1:])
    sys.exit("needs numpy, opencv and rapidocr: run workers/ocr/install first")

import cv2
import numpy as np

sys.path.insert(0, str(ROOT / "Tests" / "OCR"))
from render_serial import PRESETS, crop_roi, render  # noqa: E402

SERIAL_RX = re.compile(r"[A-Z0-9]{10,12}")
TOKEN_RX = re.compile(r"[A-Z0-9]+")
TUNING_SEEDS = range(10000, 10060)


def pick_raw(txts, scores) -> str:
    best = None
    for t, sc in zip(txts or (), scores or ()):
        for m in TOKEN_RX.findall(t or ""):
            if SERIAL_RX.fullmatch(m):
                key = (any(c.isalpha() for c in m) and any(c.isdigit() for c in m), float(sc))
                if best is None or key > best[0]:
                    best = (key, m)
    return best[1] if best else ""


class Worker:
    def __init__(self, threads: int):
        env = dict(os.environ, UMBRELLA_OCR_THREADS=str(threads))
        self.p = subprocess.Popen([str(VENV_PY), str(ROOT / "workers" / "ocr" / "worker.py")],
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                  text=True, env=env, cwd=str(ROOT / "workers" / "ocr"))
        self.hello = json.loads(self.p.stdout.readline())
        self.n = 0

    def ask(self, req: dict) -> dict:
        self.n += 1
        req = dict(req, id=str(self.n))
        self.p.stdin.write(json.dumps(req) + "\n")
        self.p.stdin.flush()
        line = self.p.stdout.readline()
        if not line:
            raise RuntimeError("the worker died")
        return json.loads(line)

    def close(self):
        self.p.stdin.close()
        self.p.wait(timeout=30)


def umbrella_serial(binary: str, path: str, preset: str, roi) -> str:
    cmd = [binary, "serial", path, "--preset", preset, "--json"]
    if roi is not None:
        cmd += ["--roi", ",".join("%.4f" % v for v in roi)]
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
        data = json.loads(out.stdout)
        cands = data.get("candidates") or []
        return (cands[0].get("serial") or "") if cands else ""
    except Exception:
        return ""


def main() -> int:
    ap = argparse.ArgumentParser(description="Serial-number OCR benchmark")
    ap.add_argument("--per-preset", type=int, default=40)
    ap.add_argument("--seed0", type=int, default=0)
    ap.add_argument("--presets", default=",".join(PRESETS))
    ap.add_argument("--inputs", default="roi,full")
    ap.add_argument("--umbrella", help="path to the umbrella binary (adds the Swift CLI column)")
    ap.add_argument("--threads", type=int, default=1, help="ONNX Runtime threads (raw engine and worker)")
    ap.add_argument("--json", action="store_true", help="also print the per-sample results as JSON")
    ap.add_argument("--verbose", action="store_true", help="print every miss to stderr")
    a = ap.parse_args()
    seeds = range(a.seed0, a.seed0 + a.per_preset)
    if set(seeds) & set(TUNING_SEEDS):
        print("warning: seeds overlap the tuning range 10000-10059", file=sys.stderr)

    from rapidocr import RapidOCR
    raw = RapidOCR(params={"Global.log_level": "error",
                           "EngineConfig.onnxruntime.intra_op_num_threads": a.threads,
                           "EngineConfig.onnxruntime.inter_op_num_threads": 1})
    worker = Worker(a.threads)
    tmp = tempfile.mkdtemp(prefix="ocr-serials-")
    rows = []
    results = []
    try:
        for preset in a.presets.split(","):
            for seed in seeds:
                s = render(preset, seed)
                full_path = os.path.join(tmp, "%s-%d.jpg" % (preset, seed))
                roi_path = os.path.join(tmp, "%s-%d-roi.jpg" % (preset, seed))
                cv2.imwrite(full_path, s["image"], [cv2.IMWRITE_JPEG_QUALITY, 95])
                crop = crop_roi(s["image"], s["roi"])
                cv2.imwrite(roi_path, crop, [cv2.IMWRITE_JPEG_QUALITY, 95])
                for inp in a.inputs.split(","):
                    roi = s["roi"] if inp == "roi" else None
                    img = cv2.imread(roi_path if inp == "roi" else full_path)
                    r = {"preset": preset, "seed": seed, "input": inp, "truth": s["serial"]}
                    t = time.time()
                    o = raw(img, use_det=True, use_cls=True, use_rec=True)
                    r["raw"] = pick_raw(getattr(o, "txts", None), getattr(o, "scores", None))
                    r["raw_s"] = time.time() - t
                    if inp == "roi":
                        t = time.time()
                        o = raw(img, use_det=False, use_cls=False, use_rec=True)
                        r["rawrec"] = pick_raw(getattr(o, "txts", None), getattr(o, "scores", None))
                        r["rawrec_s"] = time.time() - t
                    req = {"op": "serial", "path": full_path, "preset": preset}
                    if roi is not None:
                        req["roi"] = roi
                    t = time.time()
                    resp = worker.ask(req)
                    r["worker_s"] = time.time() - t
                    lines = resp.get("lines", []) if resp.get("ok") else []
                    r["worker"] = next((ln["text"] for ln in lines if SERIAL_RX.fullmatch(ln["text"])), "")
                    r["worker_any"] = any(ln["text"] == s["serial"] for ln in lines)
                    if not resp.get("ok"):
                        r["worker_error"] = resp.get("error")
                    if a.umbrella:
                        t = time.time()
                        r["umbrella"] = umbrella_serial(a.umbrella, full_path, preset, roi)
                        r["umbrella_s"] = time.time() - t
                    results.append(r)
                    if a.verbose and r["worker"] != r["truth"]:
                        print("miss %s %d %s truth=%s raw=%s worker=%s top=%s" % (
                            preset, seed, inp, r["truth"], r["raw"], r["worker"],
                            [ln["text"] for ln in lines[:5]]), file=sys.stderr)
    finally:
        worker.close()

    def rate(rs, key):
        vals = [x for x in rs if key in x]
        if not vals:
            return "-"
        ok = sum(1 for x in vals if (x[key] is True) or (x[key] == x["truth"]))
        return "%.1f%% (%d/%d)" % (100.0 * ok / len(vals), ok, len(vals))

    def secs(rs, key):
        vals = [x[key] for x in rs if key in x]
        return "%.2f" % (sum(vals) / len(vals)) if vals else "-"

    cols = ["raw", "rawrec", "worker", "worker_any"] + (["umbrella"] if a.umbrella else [])
    names = {"raw": "rapidocr det+rec", "rawrec": "rapidocr rec-only", "worker": "worker serial",
             "worker_any": "worker any line", "umbrella": "umbrella serial"}
    print("Serial exact match, seeds %d-%d per preset (tuned on %d-%d), %d ONNX thread(s)\n" % (
        seeds.start, seeds.stop - 1, TUNING_SEEDS.start, TUNING_SEEDS.stop - 1, a.threads))
    print("| preset | input | n | " + " | ".join(names[c] for c in cols) + " | s/img raw | s/img worker |")
    print("|---|---|---|" + "---|" * len(cols) + "---|---|")
    groups = []
    for inp in a.inputs.split(","):
        for preset in a.presets.split(","):
            groups.append((preset, inp, [x for x in results if x["preset"] == preset and x["input"] == inp]))
        groups.append(("**all**", inp, [x for x in results if x["input"] == inp]))
    for preset, inp, rs in groups:
        print("| %s | %s | %d | " % (preset, inp, len(rs)) + " | ".join(rate(rs, c) for c in cols)
              + " | %s | %s |" % (secs(rs, "raw_s"), secs(rs, "worker_s")))
    if a.json:
        print(json.dumps(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
