"""Page preprocessing for photographed book pages.

Each step is kept only because it measurably lowers the character error rate or the time on
degraded phone photos (see Benchmarks/ocr-pages.py --ablation for the numbers). Geometry
helpers keep track of how to map boxes back to the oriented, un-downscaled image.
"""
from __future__ import annotations

import math

import cv2
import numpy as np


def downscale(image: np.ndarray, max_side: int) -> tuple[np.ndarray, float]:
    """Shrink so the long side is at most max_side. Returns (image, scale) with scale <= 1."""
    h, w = image.shape[:2]
    long_side = max(h, w)
    if long_side <= max_side:
        return image, 1.0
    s = max_side / long_side
    out = cv2.resize(image, (max(1, round(w * s)), max(1, round(h * s))), interpolation=cv2.INTER_AREA)
    return out, s


def normalize_illumination(image: np.ndarray, char_px: float | None = None) -> np.ndarray:
    """Flatten uneven lighting and shadows: divide by an estimate of the paper's brightness.

    The background is estimated on a small copy by a grey closing (a max filter wider than the
    text strokes, which removes the ink, then a min filter of the same size), smoothed, and
    scaled back up. Text pixels become ink/background ratios, so a page half in shadow comes
    out evenly white with dark text. Returns a 3-channel grey image.
    """
    gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY) if image.ndim == 3 else image
    h, w = gray.shape
    s = min(1.0, 640.0 / max(h, w))
    small = cv2.resize(gray, (max(1, round(w * s)), max(1, round(h * s))), interpolation=cv2.INTER_AREA)
    if char_px is None:
        char_px = max(h, w) / 40.0  # a book page photographed whole: ~25-45 characters per line
    k = int(max(5, min(41, round(char_px * s * 0.9)))) | 1
    kernel = cv2.getStructuringElement(cv2.MORPH_RECT, (k, k))
    bg = cv2.morphologyEx(small, cv2.MORPH_CLOSE, kernel)
    bg = cv2.GaussianBlur(bg, (0, 0), k / 2.0)
    bg = cv2.resize(bg, (w, h), interpolation=cv2.INTER_LINEAR).astype(np.float32)
    out = gray.astype(np.float32) / np.maximum(bg, 1.0)
    # ink/paper ratio -> 0..255 with paper at ~245
    out = np.clip(out * 245.0, 0, 255).astype(np.uint8)
    return cv2.cvtColor(out, cv2.COLOR_GRAY2BGR)


def rotate_image(image: np.ndarray, degrees: float) -> tuple[np.ndarray, np.ndarray]:
    """Rotate counter-clockwise by `degrees` about the centre, growing the canvas.

    Returns (rotated, M_inv) where M_inv (2x3) maps rotated pixel coordinates back to the input.
    """
    h, w = image.shape[:2]
    M = cv2.getRotationMatrix2D((w / 2.0, h / 2.0), degrees, 1.0)
    c, s = abs(M[0, 0]), abs(M[0, 1])
    nw, nh = int(math.ceil(h * s + w * c)), int(math.ceil(h * c + w * s))
    M[0, 2] += nw / 2.0 - w / 2.0
    M[1, 2] += nh / 2.0 - h / 2.0
    out = cv2.warpAffine(image, M, (nw, nh), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    M_inv = cv2.invertAffineTransform(M)
    return out, M_inv


def compose_affine(outer: np.ndarray, inner: np.ndarray) -> np.ndarray:
    """2x3 affine for p -> outer(inner(p))."""
    A = np.vstack([outer, [0, 0, 1]])
    B = np.vstack([inner, [0, 0, 1]])
    return (A @ B)[:2]


def apply_affine(points: np.ndarray, M: np.ndarray) -> np.ndarray:
    pts = np.asarray(points, np.float32).reshape(-1, 2)
    return (pts @ M[:, :2].T + M[:, 2]).reshape(np.asarray(points).shape).astype(np.float32)


def skew_angle(boxes: list[np.ndarray]) -> float:
    """Dominant text-line angle in degrees (positive: lines rise to the right, image coords
    y down), from the long edges of horizontal detection boxes, weighted by length."""
    angles, weights = [], []
    for b in boxes:
        b = np.asarray(b, np.float32)
        top = b[1] - b[0]
        bottom = b[2] - b[3]
        for e in (top, bottom):
            L = float(np.hypot(*e))
            if L <= 0:
                continue
            a = math.degrees(math.atan2(-e[1], e[0]))
            if abs(a) < 30:
                angles.append(a)
                weights.append(L)
    if not angles:
        return 0.0
    order = np.argsort(angles)
    a = np.asarray(angles)[order]
    wts = np.asarray(weights)[order]
    cum = np.cumsum(wts)
    return float(a[np.searchsorted(cum, cum[-1] / 2.0)])  # weighted median


def cell_split(column: np.ndarray) -> list[tuple[int, int]]:
    """Cut an upright crop of one vertical text column into character cells (y0, y1).

    CJK characters are square and set on a regular pitch, so the pitch is estimated from the
    autocorrelation of the row ink profile (falling back to the column width), then each cut is
    placed at the emptiest row near where the pitch says the next character boundary is.
    """
    gray = cv2.cvtColor(column, cv2.COLOR_BGR2GRAY) if column.ndim == 3 else column
    h, w = gray.shape
    if h < 4 or w < 4:
        return [(0, h)]
    thr, ink = cv2.threshold(gray, 0, 1, cv2.THRESH_BINARY_INV + cv2.THRESH_OTSU)
    prof = ink.astype(np.float32).sum(axis=1)
    if prof.sum() == 0:
        return [(0, h)]
    rows = np.nonzero(prof > 0.02 * w)[0]
    if rows.size == 0:
        return [(0, h)]
    top, bottom = int(rows[0]), int(rows[-1]) + 1
    # ink width: the columns that contain ink give the character size
    cols = np.nonzero(ink.sum(axis=0) > 0.02 * h)[0]
    char_w = (cols[-1] - cols[0] + 1) if cols.size else w
    pitch = float(char_w) * 1.05
    p = prof[top:bottom] - prof[top:bottom].mean()
    n = p.size
    if n > 3 * char_w:
        ac = np.correlate(p, p, mode="full")[n - 1:]
        lo, hi = int(char_w * 0.75), min(n - 1, int(char_w * 1.5))
        if hi > lo:
            k = lo + int(np.argmax(ac[lo:hi]))
            if ac[k] > 0.1 * ac[0]:
                pitch = float(k)
    smooth = np.convolve(prof, np.ones(3, np.float32) / 3, mode="same")
    cuts = [top]
    pos = float(top)
    while pos + pitch * 0.6 < bottom:
        target = pos + pitch
        if target >= bottom - pitch * 0.3:
            break
        a, b = int(target - pitch * 0.25), int(target + pitch * 0.25) + 1
        a, b = max(a, cuts[-1] + 1), min(b, bottom)
        if b <= a:
            break
        window = smooth[a:b]
        cands = np.nonzero(window <= window.min() + 1e-3)[0]
        c = a + int(cands[np.argmin(np.abs(a + cands - target))])
        cuts.append(c)
        pos = float(c)
    cuts.append(bottom)
    cells = []
    for y0, y1 in zip(cuts[:-1], cuts[1:]):
        if y1 - y0 >= 2:
            cells.append((y0, y1))
    return cells or [(0, h)]


def column_to_line(column: np.ndarray) -> np.ndarray:
    """Lay the character cells of a vertical column side by side as one horizontal line."""
    gray = cv2.cvtColor(column, cv2.COLOR_BGR2GRAY) if column.ndim == 3 else column
    cells = cell_split(gray)
    h, w = gray.shape
    side = max(w, max(y1 - y0 for y0, y1 in cells))
    gap = max(2, side // 8)
    pad_val = int(np.percentile(gray, 90))
    out = np.full((side, len(cells) * (side + gap) + gap), pad_val, np.uint8)
    x = gap
    for y0, y1 in cells:
        cell = gray[y0:y1]
        ch, cw = cell.shape
        oy, ox = (side - ch) // 2, (side - cw) // 2
        out[oy:oy + ch, x + ox:x + ox + cw] = cell
        x += side + gap
    return cv2.cvtColor(out, cv2.COLOR_GRAY2BGR)
