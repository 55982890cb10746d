"""The single RapidOCR engine of a worker process, and its version report."""
from __future__ import annotations

import logging
import os
import sys


def threads_from_env() -> int:
    raw = os.environ.get("UMBRELLA_OCR_THREADS", "").strip()
    try:
        n = int(raw)
    except ValueError:
        n = 0
    if n <= 0:
        n = os.cpu_count() or 1
    return n


def quiet_rapidocr_logging() -> None:
    """rapidocr logs through its own 'RapidOCR' logger; send it to stderr, warnings and up."""
    log = logging.getLogger("RapidOCR")
    for h in list(log.handlers):
        log.removeHandler(h)
    h = logging.StreamHandler(sys.stderr)
    h.setFormatter(logging.Formatter("[rapidocr %(levelname)s] %(message)s"))
    log.addHandler(h)
    log.setLevel(logging.WARNING)
    log.propagate = False


def _fast_det_normalize() -> None:
    """rapidocr normalises the detector input in float64 (~0.3 s for a 1280-px page on this
    machine); the same arithmetic in float32 gives the same tensor for a tenth of the time."""
    import numpy as np
    from rapidocr.ch_ppocr_det.utils import DetPreProcess

    if getattr(DetPreProcess, "_umbrella_fast", False):
        return

    def normalize(self, img):
        mean = np.asarray(self.mean, np.float32).reshape(1, 1, -1)
        inv_std = (1.0 / np.asarray(self.std, np.float32)).reshape(1, 1, -1)
        out = img.astype(np.float32)
        out *= np.float32(self.scale)
        out -= mean
        out *= inv_std
        return out

    DetPreProcess.normalize = normalize
    DetPreProcess._umbrella_fast = True


def create_engine(threads: int | None = None):
    from rapidocr import RapidOCR

    _fast_det_normalize()

    quiet_rapidocr_logging()
    n = threads or threads_from_env()
    engine = RapidOCR(params={
        "Global.log_level": "warning",
        "EngineConfig.onnxruntime.intra_op_num_threads": n,
        "EngineConfig.onnxruntime.inter_op_num_threads": 1,
    })
    quiet_rapidocr_logging()  # RapidOCR.__init__ resets the level
    # load all three models now, so the first request does not pay for it
    engine._load_det_model()
    engine._load_cls_model()
    engine._load_rec_model()
    return engine


def model_names(engine) -> dict:
    """Model file names (without .onnx) of the loaded det, rec and cls sessions."""
    out = {}
    for key, attr in (("det", "text_det"), ("rec", "text_rec"), ("cls", "text_cls")):
        name = None
        try:
            sess = getattr(getattr(engine, attr), "session").session  # OrtInferSession -> InferenceSession
            path = getattr(sess, "_model_path", None)
            if path:
                name = os.path.splitext(os.path.basename(str(path)))[0]
        except Exception:
            pass
        out[key] = name
    return out


def versions() -> dict:
    import platform

    out = {"python_version": platform.python_version()}
    try:
        from importlib.metadata import version

        out["engine_version"] = version("rapidocr")
    except Exception:
        out["engine_version"] = None
    try:
        import onnxruntime

        out["onnxruntime_version"] = onnxruntime.__version__
    except Exception:
        out["onnxruntime_version"] = None
    return out
