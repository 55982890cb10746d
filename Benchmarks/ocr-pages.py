#!/usr/bin/env python3
"""Page OCR benchmark: our worker (PP-OCR + preprocessing) vs raw rapidocr vs tesseract.

    python3 Benchmarks/ocr-pages.py [--pages 40] [--threads 2] [--ablation] [--no-tesseract]

Renders --pages synthetic book pages (Tests/OCR/render.py, sentence pool "bench", seeds
5000+; the preprocessing was tuned on pool "tune", seeds 0-99, and the tests use pool "test",
seeds 1000+), a third each clean scans, degraded phone photos and worst phone photos, with
simplified, traditional, mixed Chinese/English, vertical and two-column pages in each group.
Then, in the same run and on the same files:

  ours      the worker, `preprocess: true`
  raw       the same worker process, `preprocess: false` (rapidocr's own pipeline)
  tess      `tesseract IMG - -l chi_sim` (if installed; apt-get install tesseract-ocr tesseract-ocr-chi-sim)
  tess+pp   tesseract on our illumination-flattened, Otsu-binarised image

CER = Levenshtein distance / reference length, whitespace removed (Tests/OCR/cer.py), pooled
over the pages of a group. Time: median wall seconds per page as the worker reports it, and the
worker's CPU seconds per page (user+sys, from /proc) which does not depend on what else the
machine is running. --ablation adds one run of ours per preprocessing step with that step off.
Results go to stdout as markdown.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WORKER_DIR = ROOT / "workers" / "ocr"
VENV_PY = WORKER_DIR / ".venv" / "bin" / "python"
sys.path.insert(0, str(ROOT / "Tests" / "OCR"))
sys.path.insert(0, str(WORKER_DIR))


def in_venv() -> bool:
    return Path(sys.prefix).resolve() == (WORKER_DIR / ".venv").resolve()


if not in_venv():
    # numpy/OpenCV/Pillow live in the worker's venv: make sure it exists, then run there.
    if subprocess.run(["bash", str(WORKER_DIR / "install")]).returncode != 0:
        sys.exit("workers/ocr/install failed")
    os.execv(str(VENV_PY), [str(VENV_PY), str(Path(__file__).resolve()), *sys.argv[1:]])

import cv2  # noqa: E402
import numpy as np  # noqa: E402

import render  # noqa: E402
from cer import errors  # noqa: E402

KIND_CYCLE = ["simplified", "traditional", "simplified", "mixed", "simplified", "vertical", "simplified", "twocol"]
LEVELS = ["clean", "degraded", "worst"]


def page_specs(n: int, seed0: int):
    """(seed, kind, level) for n pages: levels in thirds, kinds cycling within each level."""
    out = []
    per = [n // 3 + (1 if i < n % 3 else 0) for i in range(3)]
    seed = seed0
    for li, level in enumerate(LEVELS):
        for k in range(per[li]):
            out.append((seed, KIND_CYCLE[k % len(KIND_CYCLE)], level))
            seed += 1
    return out


class Worker:
    def __init__(self, threads: int):
        env = dict(os.environ, UMBRELLA_OCR_THREADS=str(threads))
        self.proc = subprocess.Popen([str(VENV_PY), str(WORKER_DIR / "worker.py")], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env)
        self.hello = json.loads(self.proc.stdout.readline())
        self.n = 0

    def cpu(self) -> float:
        f = open(f"/proc/{self.proc.pid}/stat").read().rsplit(")", 1)[1].split()
        return (int(f[11]) + int(f[12])) / os.sysconf("SC_CLK_TCK")

    def ask(self, **req):
        self.n += 1
        req["id"] = str(self.n)
        c0 = self.cpu()
        self.proc.stdin.write(json.dumps(req) + "\n")
        self.proc.stdin.flush()
        r = json.loads(self.proc.stdout.readline())
        return r, self.cpu() - c0

    def close(self):
        self.proc.stdin.close()
        self.proc.wait(timeout=60)


def tesseract(path: str) -> tuple[str, float, float]:
    t0 = time.time()
    r0 = os.times()
    p = subprocess.run(["tesseract", path, "-", "-l", "chi_sim"], capture_output=True, text=True)
    r1 = os.times()
    return p.stdout, time.time() - t0, (r1.children_user - r0.children_user) + (r1.children_system - r0.children_system)


def tess_preprocess(path: str, out: str) -> float:
    from umbrella_ocr import preprocess as pp

    t0 = time.time()
    img = cv2.imread(path)
    flat = cv2.cvtColor(pp.normalize_illumination(img), cv2.COLOR_BGR2GRAY)
    _, bw = cv2.threshold(flat, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    cv2.imwrite(out, bw)
    return time.time() - t0


def summarise(rows, name):
    """rows: list of (level, dist, n, wall, cpu)."""
    out = {"name": name}
    for grp in ["all"] + LEVELS:
        sel = [r for r in rows if grp == "all" or r[0] == grp]
        d = sum(r[1] for r in sel)
        n = sum(r[2] for r in sel)
        out[grp] = 100.0 * d / max(n, 1)
    out["wall"] = statistics.median(r[3] for r in rows)
    out["cpu"] = statistics.median(r[4] for r in rows)
    return out


def table(results):
    lines = ["| engine | CER all | clean | degraded | worst | s/page (median wall) | CPU s/page (median) |",
             "|---|---:|---:|---:|---:|---:|---:|"]
    for r in results:
        lines.append(f"| {r['name']} | {r['all']:.2f} % | {r['clean']:.2f} % | {r['degraded']:.2f} % | {r['worst']:.2f} % "
                     f"| {r['wall']:.2f} | {r['cpu']:.2f} |")
    return "\n".join(lines)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--pages", type=int, default=40)
    ap.add_argument("--seed", type=int, default=5000, help="first seed (default 5000: held out from tuning)")
    ap.add_argument("--pool", default="bench", choices=["bench", "tune", "test"])
    ap.add_argument("--threads", type=int, default=2, help="UMBRELLA_OCR_THREADS for the worker")
    ap.add_argument("--ablation", action="store_true", help="also run ours with each preprocessing step off")
    ap.add_argument("--no-tesseract", action="store_true")
    ap.add_argument("--no-raw", action="store_true")
    ap.add_argument("--keep", help="keep the rendered pages in this folder")
    ap.add_argument("-v", "--verbose", action="store_true", help="per-page CER on stderr")
    a = ap.parse_args()

    from umbrella_ocr import page as page_mod

    tmp = Path(a.keep) if a.keep else Path(tempfile.mkdtemp(prefix="ocr-pages-"))
    tmp.mkdir(parents=True, exist_ok=True)
    specs = page_specs(a.pages, a.seed)
    pages = []
    t0 = time.time()
    for seed, kind, level in specs:
        p = render.render(seed, kind, level, a.pool)
        path = str(tmp / f"{seed}_{level}_{kind}.jpg")
        render.save(p, path)
        pages.append((path, level, kind, p.text))
    print(f"rendered {len(pages)} pages in {time.time() - t0:.0f}s ({tmp})", file=sys.stderr)

    have_tess = not a.no_tesseract and subprocess.run(["which", "tesseract"], capture_output=True).returncode == 0
    configs = [("ours", {"preprocess": True})]
    if not a.no_raw:
        configs.append(("raw rapidocr", {"preprocess": False}))
    if a.ablation:
        for step in page_mod.STEPS:
            if step == "exif-orientation":
                continue
            configs.append((f"ours without {step}", {"preprocess": True,
                                                     "steps": [s for s in page_mod.DEFAULT_STEPS if s != step]}))
        configs.append(("ours, no steps (det 1280 + squeeze only)", {"preprocess": True, "steps": []}))

    w = Worker(a.threads)
    print(f"worker: {json.dumps(w.hello.get('models'))}, {a.threads} threads", file=sys.stderr)
    w.ask(op="page", path=pages[0][0])  # warm-up (first inference allocates)
    results = []
    for name, cfg in configs:
        rows = []
        for path, level, kind, truth in pages:
            r, cpu = w.ask(op="page", path=path, **cfg)
            if not r.get("ok"):
                print(f"{name}: {path}: {r}", file=sys.stderr)
                hyp = ""
            else:
                hyp = "\n".join(l["text"] for l in r["lines"])
            d, n = errors(hyp, truth)
            rows.append((level, d, n, r.get("seconds", 0.0), cpu))
            if a.verbose:
                print(f"  {name:30s} {Path(path).name:32s} CER {100 * d / max(n, 1):6.2f} %  {r.get('seconds', 0):.2f}s", file=sys.stderr)
        results.append(summarise(rows, name))
        print(table(results[-1:]).splitlines()[-1], file=sys.stderr)
    w.close()

    if have_tess:
        for name, pre in (("tesseract chi_sim", False), ("tesseract chi_sim + our flattening/binarisation", True)):
            rows = []
            for path, level, kind, truth in pages:
                src = path
                extra = 0.0
                if pre:
                    src = path[:-4] + "_bw.png"
                    extra = tess_preprocess(path, src)
                text, wall, cpu = tesseract(src)
                d, n = errors(text, truth)
                rows.append((level, d, n, wall + extra, cpu + extra))
            results.append(summarise(rows, name))
            print(table(results[-1:]).splitlines()[-1], file=sys.stderr)

    groups = {lv: sum(1 for p in pages if p[1] == lv) for lv in LEVELS}
    print(f"## OCR pages: {len(pages)} pages (pool {a.pool}, seeds {specs[0][0]}-{specs[-1][0]}; "
          f"{groups['clean']} clean, {groups['degraded']} degraded, {groups['worst']} worst), "
          f"worker threads {a.threads}\n")
    print(table(results))
    print(f"\nModels: {json.dumps(w.hello.get('models'))}; rapidocr {w.hello.get('engine_version')}, "
          f"onnxruntime {w.hello.get('onnxruntime_version')}. Load average at the end: "
          f"{os.getloadavg()[0]:.1f} (wall times grow with other load; CPU seconds do not).")
    return 0


if __name__ == "__main__":
    sys.exit(main())
