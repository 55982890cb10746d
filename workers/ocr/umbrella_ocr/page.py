"""Recognise a photographed or scanned page: PP-OCR detection + recognition with our own
preprocessing, vertical-column handling and reading order.

`PageReader.read(image, preprocess=True)` returns the protocol's `lines` list, boxes in the
pixel coordinates of the image it was given (the caller adds the roi offset).
"""
from __future__ import annotations

import math
import time

import cv2
import numpy as np

from . import preprocess as pp

# Steps of our page pipeline, in order. Each can be switched off for the ablation benchmark.
STEPS = (
    "exif-orientation",  # in imageio.load_image, always on
    "downscale",  # work on at most WORK_MAX_SIDE px; detection at DET_MAX_SIDE px
    "illumination",  # shadow / uneven-light flattening by background division
    "deskew",  # rotate the page upright from the text-line angle before the final detection
    "upside-down",  # whole page upside down (most lines say so): turn it and detect again
    "vertical-cells",  # vertical columns cut into character cells and read as a horizontal line
    "reading-order",  # columns (vertical: right to left) and two-column layouts
)
# Kept by default: the steps that paid in the ablation (Benchmarks/ocr-pages.py --ablation, pool
# "tune", 24 pages): illumination 1.33 -> 0.92 % CER (worst photos 3.81 -> 2.75 %),
# vertical-cells 1.24 -> 0.92 %, reading-order 22 -> 0.92 %, downscale (detector at 1280 px)
# 4.3 -> 2.7 CPU s a page for +0.2 points. Deskew was a wash on the tuning pages (0.86 % without)
# but on the 40 held-out pages it is worth 2.25 -> 0.77 % (worst photos 5.6 -> 2.1 %): on.
# Upside-down made no difference on upright pages (the user turns photos in the review grid):
# off; `steps` in a request can turn it on.
DEFAULT_STEPS = ("exif-orientation", "downscale", "illumination", "deskew", "vertical-cells", "reading-order")

WORK_MAX_SIDE = 2560  # larger photos are shrunk first; PP-OCR reads 48-px high lines anyway
DET_MAX_SIDE = 1280  # detector input (long side); the full-size default costs ~4x the time
DESKEW_MIN_DEGREES = 1.5
TEXT_SCORE = 0.5
# Lines are narrowed to this fraction of their width before recognition: CJK characters stay
# legible to PP-OCR at 0.7 of their width and recognition time is proportional to the width.
REC_SQUEEZE = 0.7
UPSIDE_DOWN_SHARE = 0.7  # drop lines the recogniser itself does not believe (rapidocr's default)


def _crop_quad(img: np.ndarray, quad: np.ndarray) -> np.ndarray:
    """Perspective-crop a detection quad (tl, tr, br, bl) to an upright rectangle, no rotation."""
    q = np.asarray(quad, np.float32)
    w = int(round(max(np.linalg.norm(q[0] - q[1]), np.linalg.norm(q[2] - q[3]))))
    h = int(round(max(np.linalg.norm(q[0] - q[3]), np.linalg.norm(q[1] - q[2]))))
    w, h = max(w, 2), max(h, 2)
    dst = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)
    M = cv2.getPerspectiveTransform(q, dst)
    return cv2.warpPerspective(img, M, (w, h), flags=cv2.INTER_CUBIC, borderMode=cv2.BORDER_REPLICATE)


def _order_quad(q: np.ndarray) -> np.ndarray:
    """Order 4 points clockwise from the top-left (image coordinates, y down)."""
    q = np.asarray(q, np.float32).reshape(4, 2)
    c = q.mean(axis=0)
    ang = np.arctan2(q[:, 1] - c[1], q[:, 0] - c[0])
    q = q[np.argsort(ang)]  # clockwise on screen, starting somewhere
    start = int(np.argmin(q.sum(axis=1)))  # smallest x+y is the top-left
    return np.roll(q, -start, axis=0)


def _is_vertical(q: np.ndarray) -> bool:
    w = max(np.linalg.norm(q[0] - q[1]), np.linalg.norm(q[2] - q[3]))
    h = max(np.linalg.norm(q[0] - q[3]), np.linalg.norm(q[1] - q[2]))
    return bool(h >= 1.5 * w and h > 0)


class PageReader:
    def __init__(self, engine):
        self.engine = engine
        self.det = engine._load_det_model()
        self.cls = engine._load_cls_model()
        self.rec = engine._load_rec_model()
        self._det_defaults = (self.det.limit_side_len, self.det.limit_type)

    # ------------------------------------------------------------------ engine access

    def _detect(self, img: np.ndarray, max_side: int) -> list[np.ndarray]:
        try:
            self.det.limit_side_len, self.det.limit_type = max_side, "max"
            res = self.det(img)
        finally:
            self.det.limit_side_len, self.det.limit_type = self._det_defaults
        if res.boxes is None:
            return []
        return [_order_quad(b) for b in res.boxes]

    def _recognize(self, crops: list[np.ndarray]) -> list[tuple[str, float]]:
        if not crops:
            return []
        from rapidocr.ch_ppocr_rec import TextRecInput

        res = self.rec(TextRecInput(img=crops))
        if res.txts is None:
            return [("", 0.0)] * len(crops)
        return list(zip(res.txts, (float(s) for s in res.scores)))

    def _upside_down(self, work, quads) -> bool:
        """True when most of the longest horizontal lines are classified as turned 180 degrees."""
        horiz = sorted((q for q in quads if not _is_vertical(q)),
                       key=lambda q: -float(np.linalg.norm(q[0] - q[1])))[:12]
        if len(horiz) < 2:
            return False
        res = self.cls([_crop_quad(work, q) for q in horiz])
        if not res.cls_res:
            return False
        flipped = sum(1 for label, score in res.cls_res if "180" in str(label) and float(score) > 0.9)
        return flipped >= UPSIDE_DOWN_SHARE * len(res.cls_res)

    # ------------------------------------------------------------------ raw rapidocr

    def read_raw(self, image: np.ndarray) -> list[dict]:
        """rapidocr as it comes (for benchmarks): its own resizing, cls and line order."""
        r = self.engine(image, use_det=True, use_cls=True, use_rec=True)
        if r is None or getattr(r, "txts", None) is None or r.boxes is None or len(r.boxes) == 0:
            return []
        lines = []
        for box, txt, score in zip(r.boxes, r.txts, r.scores):
            q = _order_quad(box)
            lines.append({"text": txt, "confidence": round(float(score), 4),
                          "box": [[round(float(x), 1), round(float(y), 1)] for x, y in q],
                          "vertical": _is_vertical(q)})
        return lines

    # ------------------------------------------------------------------ ours

    def read(self, image: np.ndarray, preprocess: bool = True, steps=None) -> list[dict]:
        if not preprocess:
            return self.read_raw(image)
        steps = set(DEFAULT_STEPS if steps is None else steps)
        H0, W0 = image.shape[:2]

        # 1. work copy, downscaled; det at DET_MAX_SIDE
        if "downscale" in steps:
            work, scale = pp.downscale(image, WORK_MAX_SIDE)
            det_side = DET_MAX_SIDE
        else:
            work, scale = image, 1.0
            det_side = max(736, max(image.shape[:2]))
        # 2. illumination
        if "illumination" in steps:
            work = pp.normalize_illumination(work)
        # 3. detect, deskew and detect again if the page is visibly rotated
        quads = self._detect(work, det_side)
        M_inv = None  # 2x3: work-frame pixel -> (downscaled) input pixel
        if "deskew" in steps and quads:
            horiz = [q for q in quads if not _is_vertical(q)]
            verts = [q for q in quads if _is_vertical(q)]
            angle = pp.skew_angle(horiz) if len(horiz) >= len(verts) else 0.0
            if abs(angle) >= DESKEW_MIN_DEGREES:
                work, M_inv = pp.rotate_image(work, -angle)
                quads = self._detect(work, det_side)
        if "upside-down" in steps and quads and self._upside_down(work, quads):
            work, M2 = pp.rotate_image(work, 180.0)
            M_inv = M2 if M_inv is None else pp.compose_affine(M_inv, M2)
            quads = self._detect(work, det_side)
        if not quads:
            return []

        # 4. crops: horizontal lines as they are, vertical columns re-laid out as lines
        vertical_page = sum(_is_vertical(q) for q in quads) > len(quads) / 2
        crops, is_vert = [], []
        for q in quads:
            v = _is_vertical(q)
            crop = _crop_quad(work, q)
            if v:
                if "vertical-cells" in steps:
                    crop = pp.column_to_line(crop)
                else:
                    crop = np.ascontiguousarray(np.rot90(crop))  # rapidocr's way
            crops.append(crop)
            is_vert.append(v)
        if REC_SQUEEZE != 1.0:
            crops = [cv2.resize(c, (max(8, int(c.shape[1] * REC_SQUEEZE)), c.shape[0]), interpolation=cv2.INTER_AREA)
                     for c in crops]
        recs = self._recognize(crops)

        # 5. back to original coordinates
        items = []
        for q, v, (txt, score) in zip(quads, is_vert, recs):
            if not txt or not txt.strip() or score < TEXT_SCORE:
                continue
            qq = pp.apply_affine(q, M_inv) if M_inv is not None else q
            qq = qq / scale
            qq[:, 0] = np.clip(qq[:, 0], 0, W0)
            qq[:, 1] = np.clip(qq[:, 1], 0, H0)
            items.append({"q": qq, "q_work": q, "text": txt.strip(), "confidence": score, "vertical": v})

        # 6. reading order (in the deskewed frame)
        if "reading-order" in steps:
            items = reading_order(items)
        else:
            items.sort(key=lambda it: (float(it["q_work"][:, 1].min()), float(it["q_work"][:, 0].min())))
        return [{"text": it["text"], "confidence": round(float(it["confidence"]), 4),
                 "box": [[round(float(x), 1), round(float(y), 1)] for x, y in it["q"]],
                 "vertical": bool(it["vertical"])} for it in items]


# ---------------------------------------------------------------------- reading order


def _extent(it):
    q = it["q_work"]
    c = q.mean(axis=0)
    if it["vertical"]:
        half_w = 0.5 * max(np.linalg.norm(q[0] - q[1]), np.linalg.norm(q[2] - q[3]))
        return dict(x0=c[0] - 0.7 * half_w, x1=c[0] + 0.7 * half_w, y0=float(q[:, 1].min()), y1=float(q[:, 1].max()),
                    cx=float(c[0]), cy=float(c[1]), size=2 * half_w)
    half_h = 0.5 * max(np.linalg.norm(q[0] - q[3]), np.linalg.norm(q[1] - q[2]))
    # x extent trimmed by half a line height at each end: punctuation hanging into a gutter
    # must not hide the gutter
    x0, x1 = float(q[:, 0].min()), float(q[:, 0].max())
    trim = min(half_h, 0.25 * (x1 - x0))
    return dict(x0=x0 + trim, x1=x1 - trim, y0=c[1] - 0.7 * half_h, y1=c[1] + 0.7 * half_h,
                cx=float(c[0]), cy=float(c[1]), size=2 * half_h)


def _gaps(intervals, min_gap):
    """Gaps between the union of intervals [(a, b)], as (start, end) with end - start >= min_gap."""
    iv = sorted(intervals)
    out = []
    cur_end = iv[0][1]
    for a, b in iv[1:]:
        if a - cur_end >= min_gap:
            out.append((cur_end, a))
        cur_end = max(cur_end, b)
    return out


def _x_components(items):
    n = len(items)
    parent = list(range(n))

    def find(i):
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    ext = [(it["e"]["x0"], it["e"]["x1"]) for it in items]
    order = sorted(range(n), key=lambda i: ext[i][0])
    for a_i, i in enumerate(order):
        for j in order[a_i + 1:]:
            if ext[j][0] >= ext[i][1]:
                break
            # only near neighbours chain: a gutter tilted by perspective must not link the
            # top of one column with the bottom of the next
            near = abs(items[i]["e"]["cy"] - items[j]["e"]["cy"]) <= 4.0 * max(items[i]["e"]["size"], items[j]["e"]["size"])
            if near and min(ext[i][1], ext[j][1]) - max(ext[i][0], ext[j][0]) > 0:
                parent[find(i)] = find(j)
    comps = {}
    for i in range(n):
        comps.setdefault(find(i), []).append(items[i])
    groups = list(comps.values())
    # a lone line beside a column (a page number, a short last line) is not a column
    if len(groups) > 1 and sum(1 for g in groups if len(g) >= 2) < 2:
        return [items]
    if len(groups) > 1:
        # columns stand side by side: the two largest groups must share most of their height
        a, b = sorted(groups, key=len)[-2:]
        ya = (min(it["e"]["y0"] for it in a), max(it["e"]["y1"] for it in a))
        yb = (min(it["e"]["y0"] for it in b), max(it["e"]["y1"] for it in b))
        shared = min(ya[1], yb[1]) - max(ya[0], yb[0])
        if shared < 0.5 * min(ya[1] - ya[0], yb[1] - yb[0]):
            return [items]
    return groups


def _rows(items):
    """Top to bottom; items whose centres are within half a line height share a row and are
    read left to right. For blocks without white space between lines (curled or bent lines)."""
    items = sorted(items, key=lambda it: it["e"]["cy"])
    rows, cur = [], []
    for it in items:
        if cur and abs(it["e"]["cy"] - np.mean([c["e"]["cy"] for c in cur])) > 0.5 * min(it["e"]["size"], cur[0]["e"]["size"]):
            rows.append(cur)
            cur = []
        cur.append(it)
    if cur:
        rows.append(cur)
    out = []
    for r in rows:
        out.extend(sorted(r, key=lambda it: it["e"]["x0"]))
    return out


def _xy_cut(items, depth=0):
    if len(items) <= 1 or depth > 40:
        return list(items)
    size = float(np.median([it["e"]["size"] for it in items]))
    # columns first: lines chained by overlapping x ranges form a column; two or more such
    # groups side by side are columns, read left to right (tolerates skew and keystone, which
    # tilt a gutter so that no straight vertical cut exists)
    groups = _x_components(items)
    wide = []
    if len(groups) == 1 and len(items) >= 6:
        # one line set across the gutter (a title, or two lines the detector merged) joins
        # the columns: try again without the lines wider than most of the block
        lo = min(it["e"]["x0"] for it in items)
        hi = max(it["e"]["x1"] for it in items)
        narrow = [it for it in items if it["e"]["x1"] - it["e"]["x0"] < 0.6 * (hi - lo)]
        if len(items) - len(narrow) <= max(2, len(items) // 10):
            g2 = _x_components(narrow)
            if sum(1 for g in g2 if len(g) >= 3) >= 2:
                groups = g2
                wide = [it for it in items if it not in narrow]
    if len(groups) > 1:
        if wide:
            top = min(it["e"]["cy"] for g in groups for it in g)
            before = [it for it in wide if it["e"]["cy"] <= top]
            after = [it for it in wide if it["e"]["cy"] > top]
            groups.sort(key=lambda g: float(np.mean([it["e"]["cx"] for it in g])))
            out = _rows(before)
            for g in groups:
                out.extend(_xy_cut(g, depth + 1))
            return out + _rows(after)
        groups.sort(key=lambda g: float(np.mean([it["e"]["cx"] for it in g])))
        out = []
        for g in groups:
            out.extend(_xy_cut(g, depth + 1))
        return out
    # then rows / blocks separated by horizontal white space
    yg = _gaps([(it["e"]["y0"], it["e"]["y1"]) for it in items], 0.05 * size)
    if not yg:
        return _rows(items)
    bounds = [g[0] for g in yg]
    slabs = [[] for _ in range(len(bounds) + 1)]
    for it in items:
        k = sum(1 for b in bounds if it["e"]["cy"] > b)
        slabs[k].append(it)
    slabs = [s for s in slabs if s]
    # Consecutive slabs that are each split by a gutter at the same place belong to one
    # multi-column block (aligned baselines in two columns): keep them together.
    blocks, cur, cur_gap = [], [], None
    for s in slabs:
        g = _gaps([(it["e"]["x0"], it["e"]["x1"]) for it in s], 0.8 * size) if len(s) > 1 else []
        g = max(g, key=lambda t: t[1] - t[0]) if g else None
        if g is not None and cur_gap is not None and min(g[1], cur_gap[1]) - max(g[0], cur_gap[0]) > 0:
            cur.extend(s)
            cur_gap = (max(g[0], cur_gap[0]), min(g[1], cur_gap[1]))
        else:
            if cur:
                blocks.append(cur)
            cur, cur_gap = list(s), g
    if cur:
        blocks.append(cur)
    out = []
    for b in blocks:
        if len(b) == len(items):  # no progress
            out.extend(_rows(b))
        else:
            out.extend(_xy_cut(b, depth + 1))
    return out


def reading_order(items: list[dict]) -> list[dict]:
    if not items:
        return items
    for it in items:
        it["e"] = _extent(it)
    verts = [it for it in items if it["vertical"]]
    horiz = [it for it in items if not it["vertical"]]
    if len(verts) <= len(horiz):
        return _xy_cut(items)
    # vertical page: columns right to left, top to bottom inside a column; horizontal lines
    # above the columns (titles) first, the rest (page numbers, captions) after.
    top = min(it["e"]["y0"] for it in verts)
    head = sorted([it for it in horiz if it["e"]["cy"] < top], key=lambda it: (it["e"]["cy"], it["e"]["x0"]))
    tail = sorted([it for it in horiz if it["e"]["cy"] >= top], key=lambda it: (it["e"]["cy"], it["e"]["x0"]))
    verts.sort(key=lambda it: -it["e"]["cx"])
    cols: list[list[dict]] = []
    for it in verts:
        for col in cols:
            ref = col[0]["e"]
            if min(ref["x1"], it["e"]["x1"]) - max(ref["x0"], it["e"]["x0"]) > 0.3 * min(ref["size"], it["e"]["size"]):
                col.append(it)
                break
        else:
            cols.append([it])
    cols.sort(key=lambda c: -np.mean([it["e"]["cx"] for it in c]))
    ordered = []
    for c in cols:
        ordered.extend(sorted(c, key=lambda it: it["e"]["cy"]))
    return head + ordered + tail
