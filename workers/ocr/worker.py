#!/usr/bin/env python3
"""Umbrella OCR worker: JSON lines on stdin/stdout, see PROTOCOL.md beside this file.

Run with workers/ocr/.venv/bin/python (created by workers/ocr/install). Environment:
UMBRELLA_OCR_THREADS  onnxruntime intra-op threads (default: os.cpu_count()).
"""
from __future__ import annotations

import json
import math
import os
import sys
import time
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
if HERE not in sys.path:
    sys.path.insert(0, HERE)


def _protocol_stream():
    """Keep the real stdout for protocol lines only; everything else printed to fd 1 by any
    library (Python or native) lands on stderr."""
    sys.stdout.flush()
    fd = os.dup(1)
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    return os.fdopen(fd, "w", encoding="utf-8", buffering=1, newline="\n")


OUT = _protocol_stream()

from umbrella_ocr.imageio import WorkerError, crop_roi, load_image, MESSAGES  # noqa: E402
from umbrella_ocr import engine as eng  # noqa: E402
from umbrella_ocr import page as page_mod  # noqa: E402


def log(*args):
    print("[ocr-worker]", *args, file=sys.stderr, flush=True)


def _plain(o):
    """numpy scalars and arrays that slipped into a response become plain JSON values."""
    if hasattr(o, "tolist"):
        return o.tolist()
    if hasattr(o, "item"):
        return o.item()
    raise TypeError(f"{type(o).__name__} is not JSON serialisable")


def send(obj: dict) -> None:
    OUT.write(json.dumps(obj, ensure_ascii=False, separators=(",", ":"), allow_nan=False, default=_plain) + "\n")
    OUT.flush()


def error(rid, code: str, message: str | None = None) -> dict:
    return {"id": rid, "ok": False, "error": code, "message": message or MESSAGES.get(code, code)}


_serial = None
_serial_error = None


def serial_module():
    """umbrella_ocr.serial, imported on first use; None (and the reason) when it is missing."""
    global _serial, _serial_error
    if _serial is None and _serial_error is None:
        try:
            from umbrella_ocr import serial as s  # noqa: F401

            s.recognize_serial, s.PRESETS  # noqa: B018  (both must exist)
            _serial = s
        except Exception as e:  # ImportError, AttributeError, or anything serial.py raises
            _serial_error = f"{type(e).__name__}: {e}"
            log("serial recogniser unavailable:", _serial_error)
    return _serial


def json_safe(v):
    """PRESETS may hold tuples or numpy scalars; make them plain JSON."""
    if isinstance(v, dict):
        return {str(k): json_safe(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [json_safe(x) for x in v]
    if isinstance(v, float):
        return v if math.isfinite(v) else None
    if isinstance(v, (str, int, bool)) or v is None:
        return v
    try:
        import numpy as np

        if isinstance(v, np.generic):
            return json_safe(v.item())
        if isinstance(v, np.ndarray):
            return json_safe(v.tolist())
    except Exception:
        pass
    return str(v)


class Worker:
    def __init__(self):
        t = time.time()
        self.engine = eng.create_engine()
        self.pages = page_mod.PageReader(self.engine)
        self.info = eng.versions()
        self.models = eng.model_names(self.engine)
        log(f"ready in {time.time() - t:.1f}s, {eng.threads_from_env()} threads")

    def hello(self, rid) -> dict:
        s = serial_module()
        presets = json_safe(s.PRESETS) if s is not None else {}
        return {"id": rid, "ok": True, "engine": "rapidocr", "engine_version": self.info["engine_version"],
                "onnxruntime_version": self.info["onnxruntime_version"],
                "python_version": self.info["python_version"], "models": self.models,
                "page_preprocessing": list(page_mod.DEFAULT_STEPS), "serial_presets": presets}

    @staticmethod
    def _common(req) -> tuple[str, int]:
        path = req.get("path")
        if not isinstance(path, str) or not path:
            raise WorkerError("bad_request", "The request has no image path.")
        rot = req.get("rotation", 0)
        if rot is None:
            rot = 0
        if isinstance(rot, bool) or not isinstance(rot, (int, float)) or rot not in (0, 90, 180, 270):
            raise WorkerError("bad_request", "The rotation must be 0, 90, 180 or 270.")
        return path, int(rot)

    def page(self, req, rid) -> dict:
        t0 = time.time()
        path, rot = self._common(req)
        pre = req.get("preprocess", True)
        if pre is None:
            pre = True
        if not isinstance(pre, bool):
            raise WorkerError("bad_request", "preprocess must be true or false.")
        steps = req.get("steps")  # benchmark-only: a subset of page.STEPS (ablation)
        if steps is not None and (not isinstance(steps, list) or not all(isinstance(x, str) for x in steps)):
            raise WorkerError("bad_request", "steps must be a list of step names.")
        image = load_image(path, rot)
        H, W = image.shape[:2]
        crop, (x0, y0) = crop_roi(image, req.get("roi"))
        lines = self.pages.read(crop, preprocess=pre, steps=steps)
        if x0 or y0:
            for ln in lines:
                ln["box"] = [[round(x + x0, 1), round(y + y0, 1)] for x, y in ln["box"]]
        return {"id": rid, "ok": True, "width": W, "height": H, "seconds": round(time.time() - t0, 3), "lines": lines}

    def serial(self, req, rid) -> dict:
        t0 = time.time()
        path, rot = self._common(req)
        s = serial_module()
        preset = req.get("preset")
        if s is None:
            raise WorkerError("internal", "The serial number recogniser is not installed.")
        if not isinstance(preset, str) or preset not in s.PRESETS:
            raise WorkerError("bad_request", "The preset must be one of " + ", ".join(sorted(s.PRESETS)) + ".")
        roi = req.get("roi")
        image = load_image(path, rot)
        H, W = image.shape[:2]
        if roi is not None:
            crop_roi(image, roi)  # validation only: bad_request before any recognition
        lines = s.recognize_serial(self.engine, image, preset, roi)
        return {"id": rid, "ok": True, "width": W, "height": H, "seconds": round(time.time() - t0, 3),
                "lines": json_safe(lines)}

    def handle(self, raw: str) -> dict | None:
        try:
            req = json.loads(raw)
        except (ValueError, RecursionError):
            return error(None, "bad_request", "The request is not valid JSON.")
        if not isinstance(req, dict):
            return error(None, "bad_request", "The request must be a JSON object.")
        rid = req.get("id")
        if rid is not None and not isinstance(rid, str):
            rid = str(rid) if isinstance(rid, (int, float)) and not isinstance(rid, bool) else None
        op = req.get("op")
        try:
            if op == "hello":
                return self.hello(rid)
            if op == "page":
                return self.page(req, rid)
            if op == "serial":
                return self.serial(req, rid)
            return error(rid, "bad_request", "Unknown operation.")
        except WorkerError as e:
            return error(rid, e.code, e.message)
        except MemoryError:
            return error(rid, "image_too_large", "The image is too large to process.")
        except Exception:
            log("internal error:\n" + traceback.format_exc())
            return error(rid, "internal")


def main() -> int:
    try:
        worker = Worker()
    except Exception:
        log("cannot start:\n" + traceback.format_exc())
        return 1
    send(worker.hello(None))
    stdin = open(sys.stdin.fileno(), "r", encoding="utf-8", errors="replace", newline="\n", closefd=False)
    for raw in stdin:
        raw = raw.strip()
        if not raw:
            continue
        try:
            resp = worker.handle(raw)
        except BaseException as e:  # never die on a request
            if isinstance(e, KeyboardInterrupt):
                raise
            log("unexpected:\n" + traceback.format_exc())
            resp = error(None, "internal")
        try:
            send(resp)
        except (ValueError, TypeError):
            log("unserialisable response:\n" + traceback.format_exc())
            send(error(resp.get("id") if isinstance(resp, dict) else None, "internal"))
        except BrokenPipeError:
            return 0
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        sys.exit(0)
