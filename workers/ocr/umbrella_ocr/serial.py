"""Apple serial-number reading for the worker's `serial` op (see workers/ocr/PROTOCOL.md).

`recognize_serial(engine, image_bgr, preset, roi)` finds candidate text lines in a photo of an
engraved bottom case (`etched`), a Settings > About screen (`screen`) or a printed label
(`sticker`), runs PP-OCR's recogniser on each line crop itself and decodes its CTC output restricted
to the serial alphabet 0-9A-Z (lowercase and full-width forms fold onto it; spaces and punctuation
split words; every other glyph is masked out), keeping the top-3 alternatives per character.
It returns the protocol's `lines`, one per alphanumeric word, best first.

Line candidates come from several sources, merged by text and position:
  * PP-OCR's detector on a preset-specific enhanced image, at a scale chosen for small text;
  * our own line localisation (black-hat/top-hat + horizontal gradient, morphological closing,
    connected components), which finds engraved lines the detector misses;
  * with an ROI, the ROI itself as one line (the user usually frames just the serial).
The parameters actually used are in `PRESETS` (reported by the worker's hello).
"""
from __future__ import annotations

import math
from typing import Any

import cv2
import numpy as np

ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"

# Separators: recogniser classes that end a word (they never appear in `text`).
SEPARATORS = " .,:;/\\-_()[]{}#'\"|*+=<>~·•，。：；（）【】、"

PRESETS: dict[str, dict[str, Any]] = {
    "etched": {
        "max_side": 1600,              # larger photos are downscaled first (long side, px)
        "background_sigma": 25.0,      # glare/illumination removal: divide by a blurred copy (px)
        "clahe_clip": 3.0,             # then CLAHE ("enhanced" variant)
        "clahe_tile": 8,
        "detector": True,
        "det_variant": "enhanced",     # image the PP-OCR detector sees
        "detector_scales": [1.0],      # detector input scale (relative to the working image)
        "det_limit": 1600,             # detector input long-side cap (px)
        "det_thresh": 0.2, "det_box_thresh": 0.35, "det_unclip": 1.8,
        "localise": True,              # own line localisation (black/top-hat + gradient + closing)
        "loc_heights": [10, 18, 30],   # text heights (px) the localiser looks for
        "rec_variants": ["original", "enhanced"],   # images line crops are recognised from: the
                                       # first for every line, the others for serial-like lines
        "roi_whole": True,             # with an ROI, also recognise the whole ROI as one line
        "roi_text_height": 40,         # ROI rescaled so its height is about 2.2x this (px)
    },
    "screen": {
        "max_side": 1600,
        "demoire_sigmas": [1.5],       # grey + gaussian blur (photo px) against sub-pixel moire
        "demoire_median": 5,           # median filter size (photo px)
        "detector": True,
        "det_variant": "blur1.5",
        "detector_scales": [1.0],
        "det_limit": 1600,
        "det_thresh": 0.3, "det_box_thresh": 0.5, "det_unclip": 1.6,
        "localise": False,
        "loc_heights": [],
        "rec_variants": ["blur1.5", "median", "original"],
        "roi_whole": True,
        "roi_text_height": 40,
    },
    "sticker": {
        "max_side": 1600,
        "detector": True,
        "det_variant": "original",
        "detector_scales": [1.0],
        "det_limit": 1600,
        "det_thresh": 0.3, "det_box_thresh": 0.5, "det_unclip": 1.6,
        "localise": False,
        "loc_heights": [],
        "rec_variants": ["original"],
        "roi_whole": True,
        "roi_text_height": 40,
    },
}


# --- recogniser with the serial alphabet ------------------------------------------------------

class _SerialRecognizer:
    """Runs the engine's recognition ONNX session and decodes with the serial alphabet."""

    def __init__(self, engine):
        rec = engine._load_rec_model() if hasattr(engine, "_load_rec_model") else engine.text_rec
        self.rec = rec
        self.session = rec.session                       # OrtInferSession (callable on a batch)
        chars = list(rec.postprocess_op.character)       # index 0 = blank, last = ' '
        self.n_classes = len(chars)
        index = {c: i for i, c in enumerate(chars)}
        # folded alphabet: for each of the 36 serial characters, all class indices that mean it
        self.groups: list[list[int]] = []
        for c in ALPHABET:
            forms = {c, c.lower(), chr(ord(c) + 0xFEE0)}          # ASCII, lowercase, full-width
            if c.isalpha():
                forms.add(chr(ord(c.lower()) + 0xFEE0))
            self.groups.append(sorted(index[f] for f in forms if f in index))
        self.sep_idx = sorted({index[c] for c in SEPARATORS if c in index} | {len(chars) - 1})
        self.shape = list(rec.rec_image_shape)           # [3, 48, 320]

    def _norm(self, img: np.ndarray, width: int) -> np.ndarray:
        h = self.shape[1]
        ih, iw = img.shape[:2]
        rw = max(1, min(width, int(math.ceil(h * iw / float(ih)))))
        r = cv2.resize(img, (rw, h), interpolation=cv2.INTER_AREA if ih > h else cv2.INTER_CUBIC)
        r = r.astype(np.float32).transpose(2, 0, 1) / 255.0
        r = (r - 0.5) / 0.5
        out = np.zeros((3, h, width), np.float32)
        out[:, :, :rw] = r
        return out, rw

    def __call__(self, crops: list[np.ndarray], batch: int = 6) -> list[list[dict]]:
        """Recognise line crops (BGR, horizontal). Per crop: list of words, each
        {text, confidence, characters, x0, x1} with x0/x1 as fractions of the crop width."""
        results: list = [None] * len(crops)
        h = self.shape[1]
        order = sorted(range(len(crops)), key=lambda i: crops[i].shape[1] / max(1, crops[i].shape[0]))
        for b in range(0, len(order), batch):
            idx = order[b:b + batch]
            ratios = [crops[i].shape[1] / max(1.0, float(crops[i].shape[0])) for i in idx]
            width = int(math.ceil(h * max(max(ratios), self.shape[2] / float(h))))
            width = min(width, h * 60)
            norms, rws = zip(*(self._norm(crops[i], width) for i in idx))
            preds = self.session(np.stack(norms))
            for k, i in enumerate(idx):
                results[i] = self._decode(preds[k], rws[k], width)
        return results

    def _decode(self, p: np.ndarray, rw: int, width: int) -> list[dict]:
        T = p.shape[0]
        # frames that cover the image (the rest is padding)
        t_end = max(1, min(T, int(math.ceil(T * rw / float(width))) + 1))
        p = p[:t_end]
        alnum = np.stack([p[:, g].sum(axis=1) for g in self.groups], axis=1)   # T x 36
        blank = p[:, 0]
        sep = p[:, self.sep_idx].sum(axis=1)
        # classes: 0 blank, 1 separator, 2.. alphabet; other glyphs are masked out
        scores = np.concatenate([blank[:, None], sep[:, None], alnum], axis=1)
        best = scores.argmax(axis=1)
        # a space the model half-believes in still ends a word
        best[(best == 0) & (sep > 0.3)] = 1
        words: list[dict] = []
        cur: list = []
        prev = -1
        frames_per_x = (width / float(rw)) / T            # crop-width fraction per frame

        def flush():
            if cur:
                words.append(self._word(cur, frames_per_x))
            cur.clear()

        t = 0
        while t < t_end:
            c = best[t]
            if c == 1:
                flush()
                prev = c
                t += 1
                continue
            if c == 0:
                prev = c
                t += 1
                continue
            # a run of the same character
            s = t
            while t + 1 < t_end and best[t + 1] == c:
                t += 1
            if cur and c != 1 and s - cur[-1][2] > self.gap_frames(cur):
                flush()
            run = alnum[s:t + 1]
            peak = s + int(run[:, c - 2].argmax())
            cur.append((c - 2, s, t, alnum[peak], float(alnum[peak, c - 2])))
            prev = c
            t += 1
        flush()
        return words

    @staticmethod
    def gap_frames(cur) -> float:
        """Blank frames between characters beyond which a new word starts."""
        if len(cur) < 3:
            return 8.0
        steps = np.diff([c[1] for c in cur])
        return max(6.0, 2.2 * float(np.median(steps)))

    @staticmethod
    def _word(chars, frames_per_x) -> dict:
        text = "".join(ALPHABET[c] for c, *_ in chars)
        characters = []
        probs = []
        for c, s, e, dist, pc in chars:
            tot = float(dist.sum()) or 1.0
            top = np.argsort(-dist)[:3]
            alts = [[ALPHABET[j], round(float(dist[j]) / tot, 4)] for j in top if dist[j] / tot >= 0.001]
            if alts[0][0] != ALPHABET[c]:       # keep `text` = first alternative
                alts = [[ALPHABET[c], round(pc / tot, 4)]] + [a for a in alts if a[0] != ALPHABET[c]][:2]
            characters.append(alts)
            probs.append(max(1e-6, pc))
        conf = float(np.exp(np.mean(np.log(probs))))
        x0 = max(0.0, (chars[0][1] - 1.5) * frames_per_x)
        x1 = min(1.0, (chars[-1][2] + 2.5) * frames_per_x)
        return {"text": text, "confidence": round(conf, 4), "characters": characters, "x0": x0, "x1": x1}


_REC_CACHE: dict = {}


def _recognizer(engine) -> _SerialRecognizer:
    key = id(engine)
    r = _REC_CACHE.get(key)
    if r is None or r[0] is not engine:
        r = (engine, _SerialRecognizer(engine))
        _REC_CACHE.clear()
        _REC_CACHE[key] = r
    return r[1]


# --- detection ---------------------------------------------------------------------------------

def _detect(engine, img: np.ndarray, cfg: dict, scale: float = 1.0) -> list[np.ndarray]:
    """PP-OCR detector on img (BGR) resized by `scale` (capped to det_limit); quads in img pixels."""
    from rapidocr.ch_ppocr_det.utils import DBPostProcess

    det = engine._load_det_model() if hasattr(engine, "_load_det_model") else engine.text_det
    h, w = img.shape[:2]
    s = scale
    if max(h, w) * s > cfg["det_limit"]:
        s = cfg["det_limit"] / float(max(h, w))
    rh, rw = max(32, int(round(h * s / 32)) * 32), max(32, int(round(w * s / 32)) * 32)
    r = cv2.resize(img, (rw, rh), interpolation=cv2.INTER_AREA if s < 1 else cv2.INTER_LINEAR)
    x = ((r.astype(np.float32) / 255.0 - 0.5) / 0.5).transpose(2, 0, 1)[None]
    pred = det.session(x)
    post = DBPostProcess(thresh=cfg["det_thresh"], box_thresh=cfg["det_box_thresh"],
                         max_candidates=1000, unclip_ratio=cfg["det_unclip"], use_dilation=True)
    boxes, _scores = post(pred, (h, w))
    return [np.asarray(b, np.float32) for b in boxes]


# --- own line localisation -----------------------------------------------------------------------

def _localise_lines(gray: np.ndarray, heights) -> list[np.ndarray]:
    """Text lines in a grey image by stroke response (black-hat + top-hat) and horizontal
    gradient, closed horizontally into line blobs; returns quads (minAreaRect) in gray pixels."""
    H, W = gray.shape[:2]
    quads = []
    for xh in heights:
        k = max(3, int(xh * 0.9)) | 1
        se = cv2.getStructuringElement(cv2.MORPH_RECT, (k, k))
        bh = cv2.morphologyEx(gray, cv2.MORPH_BLACKHAT, se)
        th = cv2.morphologyEx(gray, cv2.MORPH_TOPHAT, se)
        stroke = cv2.max(bh, th)
        gx = np.abs(cv2.Sobel(stroke, cv2.CV_32F, 1, 0, ksize=3))
        gx = cv2.GaussianBlur(gx, (0, 0), max(1.0, xh / 6.0))
        thr = max(float(np.percentile(gx, 80)) * 1.5, float(gx.mean() + gx.std()))
        m = (gx > thr).astype(np.uint8) * 255
        m = cv2.morphologyEx(m, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_RECT, (int(xh * 1.6) | 1, 3)))
        m = cv2.morphologyEx(m, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_RECT, (3, max(3, int(xh * 0.4)))))
        n, lab, stats, _ = cv2.connectedComponentsWithStats(m, 8)
        for i in range(1, n):
            x, y, w, h, a = stats[i]
            if h < xh * 0.6 or h > xh * 3.0 or w < xh * 3 or a < 0.3 * w * h:
                continue
            ys, xs = np.nonzero(lab[y:y + h, x:x + w] == i)
            pts = np.stack([xs + x, ys + y], axis=1).astype(np.float32)
            (cx, cy), (rw, rh), ang = cv2.minAreaRect(pts)
            if rw < rh:
                rw, rh, ang = rh, rw, ang + 90
            if ang > 45:
                ang -= 180
            if abs(ang) > 20 or rw < 3 * rh:
                continue
            rh *= 1.25
            rw += rh * 0.6
            quad = cv2.boxPoints(((cx, cy), (rw, rh), ang))
            quads.append(_order_quad(quad))
    return quads


def _order_quad(q: np.ndarray) -> np.ndarray:
    q = np.asarray(q, np.float32).reshape(4, 2)
    s = q.sum(1)
    d = q[:, 1] - q[:, 0]
    tl, br = q[s.argmin()], q[s.argmax()]
    tr, bl = q[d.argmin()], q[d.argmax()]
    return np.stack([tl, tr, br, bl]).astype(np.float32)


def _crop_quad(img: np.ndarray, quad: np.ndarray) -> np.ndarray | None:
    q = _order_quad(quad)
    w = int(round(max(np.linalg.norm(q[0] - q[1]), np.linalg.norm(q[3] - q[2]))))
    h = int(round(max(np.linalg.norm(q[0] - q[3]), np.linalg.norm(q[1] - q[2]))))
    if w < 4 or h < 4:
        return None
    M = cv2.getPerspectiveTransform(q, np.float32([[0, 0], [w, 0], [w, h], [0, h]]))
    return cv2.warpPerspective(img, M, (w, h), flags=cv2.INTER_CUBIC, borderMode=cv2.BORDER_REPLICATE)


# --- preprocessing -----------------------------------------------------------------------------

def _enhance(gray: np.ndarray, cfg: dict) -> np.ndarray:
    g = gray
    if cfg.get("background_sigma"):
        bg = cv2.GaussianBlur(g.astype(np.float32), (0, 0), cfg["background_sigma"])
        g = np.clip(g.astype(np.float32) / np.maximum(bg, 1.0) * 160.0, 0, 255).astype(np.uint8)
    if cfg.get("clahe_clip"):
        t = int(cfg.get("clahe_tile", 8))
        g = cv2.createCLAHE(clipLimit=float(cfg["clahe_clip"]), tileGridSize=(t, t)).apply(g)
    return g


# --- main entry ----------------------------------------------------------------------------------

LABEL_PREFIXES = ("SERIAL", "MODEL", "IMEI", "UPC", "PART", "EMC", "FCC", "MEID", "EID", "NO")


def _serial_score(text: str) -> float:
    """How much a word looks like a serial (ranking only; the caller applies the grammar)."""
    n = len(text)
    if 10 <= n <= 12:
        s = 1.0
    elif n in (8, 9, 13):
        s = 0.45
    else:
        s = 0.1
    if text.startswith(LABEL_PREFIXES) and n > 3:
        s *= 0.5
    if text.isdigit():
        s *= 0.3
    elif not any(c.isdigit() for c in text):
        s *= 0.6          # all-letter serials exist (rarely); all-digit words are UPCs/IMEIs
    return s


def _variants(work: np.ndarray, native_scale: float, cfg: dict) -> dict[str, np.ndarray]:
    """Images (same size as `work`) the recogniser/detector may read from."""
    out = {"original": work}
    gray = cv2.cvtColor(work, cv2.COLOR_BGR2GRAY)
    if cfg.get("background_sigma") or cfg.get("clahe_clip"):
        out["enhanced"] = cv2.cvtColor(_enhance(gray, cfg), cv2.COLOR_GRAY2BGR)
    for sigma in cfg.get("demoire_sigmas", []):
        # grey (averages the R/G/B sub-pixel stripes) then blurred; sigma in photo pixels
        g = cv2.GaussianBlur(gray, (0, 0), max(0.3, sigma * native_scale))
        out["blur%.1f" % sigma] = cv2.cvtColor(g, cv2.COLOR_GRAY2BGR)
    if cfg.get("demoire_median"):
        k = max(3, int(round(cfg["demoire_median"] * native_scale)) | 1)
        out["median"] = cv2.medianBlur(work, k)
    return out


def recognize_serial(engine, image_bgr: np.ndarray, preset: str, roi=None) -> list[dict]:
    """Candidate lines (protocol `lines` of the `serial` op), best first, boxes in full-image px."""
    if preset not in PRESETS:
        raise ValueError("unknown preset %r" % preset)
    cfg = PRESETS[preset]
    img = image_bgr
    if img.ndim == 2:
        img = cv2.cvtColor(img, cv2.COLOR_GRAY2BGR)
    elif img.shape[2] == 4:
        img = cv2.cvtColor(img, cv2.COLOR_BGRA2BGR)
    H, W = img.shape[:2]
    ox, oy = 0.0, 0.0
    if roi is not None:
        x, y, w, h = [float(v) for v in roi]
        x0, y0 = int(max(0, math.floor(x * W))), int(max(0, math.floor(y * H)))
        x1, y1 = int(min(W, math.ceil((x + w) * W))), int(min(H, math.ceil((y + h) * H)))
        if x1 - x0 >= 4 and y1 - y0 >= 4:
            img = img[y0:y1, x0:x1]
            ox, oy = float(x0), float(y0)
    h, w = img.shape[:2]
    scale = 1.0
    if roi is not None:
        # the ROI is usually one line: bring its height to about two text heights
        scale = min(4.0, max(0.25, cfg["roi_text_height"] * 2.2 / float(h)))
        if w * scale > 2400:
            scale = 2400.0 / w
    elif max(h, w) > cfg["max_side"]:
        scale = cfg["max_side"] / float(max(h, w))
    work = img if abs(scale - 1.0) < 1e-3 else cv2.resize(
        img, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA if scale < 1 else cv2.INTER_CUBIC)
    variants = _variants(work, scale, cfg)
    det_src = variants[cfg.get("det_variant", "original")]

    quads: list[tuple[str, np.ndarray]] = []
    if roi is not None and cfg.get("roi_whole"):
        hh, ww = work.shape[:2]
        quads.append(("roi", np.float32([[0, 0], [ww, 0], [ww, hh], [0, hh]])))
    if cfg.get("detector"):
        for s in cfg["detector_scales"]:
            for q in _detect(engine, det_src, cfg, s):
                quads.append(("det", q))
    if cfg.get("localise"):
        heights = cfg["loc_heights"]
        if roi is not None:
            heights = [max(6, int(work.shape[0] / 3.0))]
        loc_src = cv2.cvtColor(variants.get("enhanced", work), cv2.COLOR_BGR2GRAY)
        for q in _localise_lines(loc_src, heights):
            quads.append(("loc", q))
    quads = _dedupe_quads(quads)

    rec = _recognizer(engine)
    metas, words_per_crop = _read(rec, quads, variants, cfg["rec_variants"][:1])
    again = [(src, q) for (src, v, q), words in zip(metas, words_per_crop)
             if src == "roi" or any(_worth_rereading(wd) for wd in words)]
    if again and len(cfg["rec_variants"]) > 1:
        m2, w2 = _read(rec, again, variants, cfg["rec_variants"][1:])
        metas, words_per_crop = metas + m2, words_per_crop + w2

    inv = 1.0 / scale
    lines = []
    for (src, v, q), words in zip(metas, words_per_crop):
        for wd in words:
            tl = q[0] + (q[1] - q[0]) * wd["x0"]
            tr = q[0] + (q[1] - q[0]) * wd["x1"]
            bl = q[3] + (q[2] - q[3]) * wd["x0"]
            br = q[3] + (q[2] - q[3]) * wd["x1"]
            box = np.stack([tl, tr, br, bl]) * inv + [ox, oy]
            lines.append({"text": wd["text"], "confidence": wd["confidence"],
                          "characters": wd["characters"], "box": box, "src": src})
    return _merge(lines)


def _read(rec, quads, variants, names):
    crops, metas = [], []
    for src, q in quads:
        for v in names:
            c = _crop_quad(variants[v], q)
            if c is None or c.shape[0] > c.shape[1] * 1.5:
                continue
            crops.append(c)
            metas.append((src, v, q))
    return metas, (rec(crops) if crops else [])


def _worth_rereading(word: dict) -> bool:
    t = word["text"]
    mixed = any(c.isdigit() for c in t) and any(c.isalpha() for c in t)
    return (7 <= len(t) <= 16 and (mixed or word["confidence"] < 0.9)) or (
        len(t) >= 5 and word["confidence"] < 0.6)


def _dedupe_quads(quads):
    """Drop near-identical quads (IoU of axis-aligned bounds > 0.85)."""
    out = []
    for src, q in quads:
        b = (q[:, 0].min(), q[:, 1].min(), q[:, 0].max(), q[:, 1].max())
        if any(_iou(b, ob) > 0.85 for _, _, ob in out):
            continue
        out.append((src, q, b))
    return [(s, q) for s, q, _ in out]


def _iou(a, b) -> float:
    ix = max(0.0, min(a[2], b[2]) - max(a[0], b[0]))
    iy = max(0.0, min(a[3], b[3]) - max(a[1], b[1]))
    inter = ix * iy
    u = (a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter
    return inter / u if u > 0 else 0.0


def _fuse(groups: list[dict]) -> list[dict]:
    """Reads of the same place with the same length (different variants/crops) vote per
    character: the fused read joins the list (or strengthens an identical one)."""
    out = list(groups)
    used = set()
    for i, g in enumerate(groups):
        if i in used or len(g["text"]) < 6:
            continue
        cluster = [g]
        for j in range(i + 1, len(groups)):
            o = groups[j]
            if j not in used and len(o["text"]) == len(g["text"]) and _iou(g["ab"], o["ab"]) > 0.3:
                cluster.append(o)
                used.add(j)
        if len(cluster) < 2 or len({c["text"] for c in cluster}) < 2:
            continue
        n = len(g["text"])
        chars, probs = [], []
        for k in range(n):
            acc: dict[str, float] = {}
            wsum = 0.0
            for c in cluster:
                w = c["votes"]
                wsum += w
                for ch, p in c["characters"][k]:
                    acc[ch] = acc.get(ch, 0.0) + w * p
            top = sorted(acc.items(), key=lambda kv: -kv[1])[:3]
            chars.append([[ch, round(v / wsum, 4)] for ch, v in top])
            probs.append(max(1e-6, top[0][1] / wsum))
        text = "".join(c[0][0] for c in chars)
        conf = float(np.exp(np.mean(np.log(probs))))
        votes = sum(c["votes"] for c in cluster)
        same = next((c for c in cluster if c["text"] == text), None)
        if same is not None:
            same.update(votes=votes, characters=chars, confidence=max(same["confidence"], conf))
        else:
            out.append({"text": text, "confidence": conf, "characters": chars, "box": g["box"],
                        "ab": g["ab"], "votes": votes})
    return out


def _merge(lines: list[dict]) -> list[dict]:
    """Merge identical texts read at overlapping places; rank serial-like, confident, repeated
    reads first."""
    groups: list[dict] = []
    for ln in lines:
        b = ln["box"]
        ab = (b[:, 0].min(), b[:, 1].min(), b[:, 0].max(), b[:, 1].max())
        for g in groups:
            if g["text"] == ln["text"] and _iou(ab, g["ab"]) > 0.2:
                g["votes"] += 1
                if ln["confidence"] > g["confidence"]:
                    g.update(confidence=ln["confidence"], characters=ln["characters"], box=b, ab=ab)
                break
        else:
            groups.append({"text": ln["text"], "confidence": ln["confidence"], "characters": ln["characters"],
                           "box": b, "ab": ab, "votes": 1})
    groups = _fuse(groups)
    for g in groups:
        g["rank"] = _serial_score(g["text"]) * (0.5 + 0.5 * g["confidence"]) * (1 + 0.15 * min(g["votes"] - 1, 3))
    # a word that is part of a longer confident read at the same place is a truncated read
    for g in groups:
        for o in groups:
            if o is not g and len(o["text"]) > len(g["text"]) and g["text"] in o["text"] \
                    and o["confidence"] > 0.5 and _iou(g["ab"], o["ab"]) > 0.3:
                g["rank"] *= 0.5
                break
    groups.sort(key=lambda g: -g["rank"])
    out = []
    for g in groups:
        out.append({"text": g["text"], "confidence": round(float(g["confidence"]), 4),
                    "box": [[round(float(x), 1), round(float(y), 1)] for x, y in g["box"]],
                    "characters": g["characters"]})
    return out
