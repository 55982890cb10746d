#!/usr/bin/env python3
"""Render synthetic Chinese book pages, as scans or as camera photos, with ground truth.

Used by Tests/OCR/test_worker_pages.py and Benchmarks/ocr-pages.py. Needs numpy, Pillow and
OpenCV: run it with the OCR worker's venv (workers/ocr/.venv/bin/python).

Everything is deterministic given (seed, kind, level, pool). Text comes from the project's own
HSK example sentences (Data/sentences.tsv, simplified + traditional + English), split into
three disjoint pools so tests, tuning and the benchmark never read the same sentences:

    pool "tune"  sentences 0, 3, 6, ...   (used while tuning the preprocessing, seeds 0-99)
    pool "test"  sentences 1, 4, 7, ...   (pytest, seeds 1000-1099)
    pool "bench" sentences 2, 5, 8, ...   (Benchmarks/ocr-pages.py, seeds 5000+)

Kinds: simplified, traditional, mixed (Chinese + English), vertical (traditional, columns right
to left), twocol (two columns of simplified text), blank (no text).
Levels: clean (flat scan), degraded (phone photo), worst (bad phone photo).

CLI:
    render.py --seed 7 --kind simplified --level degraded -o /tmp/p.jpg   (writes /tmp/p.txt too)
    render.py --batch spec.json        (list of {seed, kind, level, pool, out}; one process)
"""
from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

ROOT = Path(__file__).resolve().parents[2]
SENTENCES = ROOT / "Data" / "sentences.tsv"

NOTO = "/usr/share/fonts/opentype/noto"
WQY = "/usr/share/fonts/truetype/wqy"
# (path, face index) per script. Noto CJK .ttc: 0 JP, 1 KR, 2 SC, 3 TC, 4 HK.
FONTS_SC = [
    (f"{NOTO}/NotoSerifCJK-Regular.ttc", 2),
    (f"{NOTO}/NotoSansCJK-Regular.ttc", 2),
    (f"{WQY}/wqy-zenhei.ttc", 0),
    (f"{WQY}/wqy-microhei.ttc", 0),
]
FONTS_TC = [
    (f"{NOTO}/NotoSerifCJK-Regular.ttc", 3),
    (f"{NOTO}/NotoSansCJK-Regular.ttc", 3),
]
FONT_TITLE_SC = (f"{NOTO}/NotoSansCJK-Bold.ttc", 2)
FONT_TITLE_TC = (f"{NOTO}/NotoSansCJK-Bold.ttc", 3)

KINDS = ("simplified", "traditional", "mixed", "vertical", "twocol", "blank")
LEVELS = ("clean", "degraded", "worst")
POOLS = {"tune": 0, "test": 1, "bench": 2}

# Closing punctuation must not start a line (kinsoku); it hangs into the margin instead.
NO_LINE_START = set("，。、？！：；）」』”’》,.?!:;)")
CN_NUMS = "一二三四五六七八九十"


def available_fonts(fonts):
    ok = [f for f in fonts if os.path.exists(f[0])]
    if not ok:
        raise RuntimeError("no CJK font found (apt-get install fonts-noto-cjk)")
    return ok


_SENTENCES: list | None = None


def load_sentences(pool: str) -> list[tuple[str, str, str]]:
    """(simplified, traditional, english) for every sentence of the pool."""
    global _SENTENCES
    if _SENTENCES is None:
        rows = []
        with open(SENTENCES, encoding="utf-8") as f:
            for line in f:
                parts = line.rstrip("\n").split("\t")
                if len(parts) >= 6 and parts[2]:
                    rows.append((parts[2], parts[3], parts[5]))
        _SENTENCES = rows
    k = POOLS[pool]
    return [s for i, s in enumerate(_SENTENCES) if i % 3 == k]


@dataclass
class Page:
    image: np.ndarray  # BGR uint8
    lines: list[str]  # ground truth, in reading order
    kind: str
    level: str
    seed: int
    meta: dict = field(default_factory=dict)

    @property
    def text(self) -> str:
        return "\n".join(self.lines)


# --------------------------------------------------------------------------- text


def paragraphs_for(rng: random.Random, kind: str, pool: str, n_chars: int) -> list[str]:
    sents = load_sentences(pool)
    start = rng.randrange(len(sents))
    paras: list[str] = []
    total = 0
    i = start
    while total < n_chars:
        n = rng.randint(4, 10) if kind == "vertical" else rng.randint(2, 6)
        parts = []
        for _ in range(n):
            simp, trad, eng = sents[i % len(sents)]
            i += 1
            if kind in ("traditional", "vertical"):
                parts.append(trad)
            elif kind == "mixed":
                parts.append(simp + " " + eng + " " if rng.random() < 0.6 else simp)
            else:
                parts.append(simp)
        p = "".join(parts).strip()
        paras.append(p)
        total += len(p)
    return paras


def wrap(text: str, font, width: float, first_indent: float) -> list[str]:
    """Greedy wrap by measured width; Latin words are kept whole, CJK breaks anywhere."""
    tokens: list[str] = []
    buf = ""
    for ch in text:
        if ch.isascii() and not ch.isspace():
            buf += ch
        else:
            if buf:
                tokens.append(buf)
                buf = ""
            tokens.append(ch)
    if buf:
        tokens.append(buf)
    lines: list[str] = []
    cur = ""
    avail = width - first_indent
    for tok in tokens:
        if cur == "" and tok == " ":
            continue
        if font.getlength(cur + tok) <= avail or cur == "" or tok[0] in NO_LINE_START:
            cur += tok
        else:
            lines.append(cur.rstrip())
            cur = "" if tok == " " else tok
            avail = width
    if cur.strip():
        lines.append(cur.rstrip())
    return lines


def load_font(spec, size):
    return ImageFont.truetype(spec[0], size, index=spec[1])


# --------------------------------------------------------------------------- page layout


def render_horizontal(rng, kind, pool, page_w, page_h, columns=1):
    fonts = available_fonts(FONTS_TC if kind == "traditional" else FONTS_SC)
    font_spec = fonts[rng.randrange(len(fonts))]
    chars_per_line = rng.randint(22, 30) if columns == 1 else rng.randint(12, 15)
    margin_x = int(page_w * rng.uniform(0.08, 0.11))
    gutter_em = rng.uniform(2.5, 3.5) if columns == 2 else 0.0
    size = int((page_w - 2 * margin_x) / (chars_per_line * columns + gutter_em * (columns - 1)))
    gutter = int(gutter_em * size)
    col_w = size * chars_per_line
    font = load_font(font_spec, size)
    title_font = load_font(FONT_TITLE_TC if kind == "traditional" else FONT_TITLE_SC, int(size * 1.4))
    leading = rng.uniform(1.5, 1.8)
    margin_top = int(page_h * rng.uniform(0.07, 0.10))
    bottom = page_h - int(page_h * 0.08)

    paper = tuple(int(v) for v in np.array([rng.randint(236, 252)] * 3) - np.array([0, rng.randint(0, 6), rng.randint(0, 16)]))
    img = Image.new("RGB", (page_w, page_h), paper[::-1])  # RGB; slightly warm paper
    draw = ImageDraw.Draw(img)
    ink = (rng.randint(15, 45),) * 3

    n_est = int(chars_per_line * columns * (bottom - margin_top) / (size * leading)) + 40
    paras = paragraphs_for(rng, kind, pool, n_est)
    lines_out: list[str] = []
    y = margin_top
    if columns == 1 and rng.random() < 0.7:
        n = rng.randint(1, 10)
        title = ("第" + CN_NUMS[n - 1] + ("課" if kind == "traditional" else "课")) if rng.random() < 0.5 else f"第{n}章"
        tw = title_font.getlength(title)
        draw.text(((page_w - tw) / 2, y), title, font=title_font, fill=ink)
        lines_out.append(title)
        y += int(size * 1.4 * 2.2)

    col = 0
    col_lines: list[str] = []
    y0 = y
    done = False
    for p in paras:
        indent = 2 * size
        wrapped = wrap(p, font, col_w, indent)
        for li, text in enumerate(wrapped):
            if y + size > bottom:
                lines_out.extend(col_lines)
                col_lines = []
                col += 1
                y = y0
                if col >= columns:
                    done = True
                    break
            x = margin_x + col * (col_w + gutter) + (indent if li == 0 else 0)
            draw.text((x, y), text, font=font, fill=ink)
            col_lines.append(text)
            y += int(size * leading)
        if done:
            break
    lines_out.extend(col_lines)
    meta = {"font": Path(font_spec[0]).name, "font_index": font_spec[1], "font_px": size, "columns": columns}
    return img, lines_out, meta


VERTICAL_ROT = set("（）()「」『』“”‘’《》—…")


def render_vertical(rng, pool, page_w, page_h):
    """Traditional Chinese in vertical columns, right to left."""
    fonts = available_fonts(FONTS_TC)
    font_spec = fonts[rng.randrange(len(fonts))]
    chars_per_col = rng.randint(22, 28)
    margin_y = int(page_h * rng.uniform(0.08, 0.10))
    margin_x = int(page_w * rng.uniform(0.08, 0.11))
    size = int((page_h - 2 * margin_y) / (chars_per_col * 1.04))
    step = int(size * 1.04)
    col_pitch = int(size * rng.uniform(1.6, 1.9))
    font = load_font(font_spec, size)
    img = Image.new("RGB", (page_w, page_h), (rng.randint(236, 250),) * 3)
    draw = ImageDraw.Draw(img)
    ink = (rng.randint(15, 45),) * 3
    n_cols = int((page_w - 2 * margin_x) / col_pitch)
    paras = paragraphs_for(rng, "vertical", pool, n_cols * chars_per_col + 40)
    # keep the sentences whose punctuation has an upright vertical form we draw correctly
    paras = ["".join(ch for ch in p if ch not in VERTICAL_ROT) for p in paras]
    cols: list[str] = []
    for p in paras:
        p = "\u3000\u3000" + p  # two-character indent
        while p:
            take = chars_per_col
            # hanging punctuation stays in the column
            while take < len(p) and p[take] in NO_LINE_START:
                take += 1
            cols.append(p[:take])
            p = p[take:]
    cols = cols[:n_cols]
    x_right = page_w - margin_x - size
    for ci, text in enumerate(cols):
        x = x_right - ci * col_pitch
        for k, ch in enumerate(text):
            if ch == "\u3000":
                continue
            y = margin_y + k * step
            # Traditional (TC) faces centre ，。、 in the em box, which is also how they are
            # set in vertical text, so every character is drawn upright in its cell.
            draw.text((x, y), ch, font=font, fill=ink)
    lines = [c.replace("\u3000", "") for c in cols]
    return img, [l for l in lines if l], {"font": Path(font_spec[0]).name, "font_index": font_spec[1], "font_px": size}


# --------------------------------------------------------------------------- camera


LEVEL_PARAMS = {
    # clean: flat scan, page fills the frame
    "clean": dict(out=(1500, 2000)),
    "degraded": dict(out=(1500, 2000), rot=4.0, persp=0.04, curl=(0.0, 0.012), shade=(0.55, 0.8),
                     grad=(0.7, 0.95), blur=(0.5, 1.1), noise=(2, 5), jpeg=(55, 80), fill=(0.78, 0.9)),
    "worst": dict(out=(1050, 1400), rot=8.0, persp=0.07, curl=(0.01, 0.025), shade=(0.35, 0.55),
                  grad=(0.5, 0.75), blur=(1.0, 1.6), noise=(5, 9), jpeg=(30, 50), fill=(0.8, 0.92)),
}


def scan(page_rgb: Image.Image, rng: random.Random, out=(1500, 2000)) -> np.ndarray:
    img = cv2.cvtColor(np.asarray(page_rgb), cv2.COLOR_RGB2BGR)
    img = cv2.resize(img, out, interpolation=cv2.INTER_AREA)
    ok, buf = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, 92])
    return cv2.imdecode(buf, cv2.IMREAD_COLOR)


def photograph(page_rgb: Image.Image, rng: random.Random, level: str) -> np.ndarray:
    P = LEVEL_PARAMS[level]
    nrng = np.random.default_rng(rng.randrange(2**32))
    page = cv2.cvtColor(np.asarray(page_rgb), cv2.COLOR_RGB2BGR).astype(np.float32)
    ph, pw = page.shape[:2]
    W, H = P["out"]

    # Where the page's corners land in the photo: fit, rotate, perspective jitter.
    fill = rng.uniform(*P["fill"])
    scale = min(W * fill / pw, H * fill / ph)
    ang = math.radians(rng.uniform(-P["rot"], P["rot"]))
    c, s = math.cos(ang), math.sin(ang)
    corners = np.array([[0, 0], [pw, 0], [pw, ph], [0, ph]], np.float32) - [pw / 2, ph / 2]
    corners = corners * scale
    corners = corners @ np.array([[c, s], [-s, c]], np.float32)
    j = P["persp"] * min(W, H)
    corners += np.array([[rng.uniform(-j, j), rng.uniform(-j, j)] for _ in range(4)], np.float32)
    # keep inside the frame with a small border
    lo = corners.min(0)
    hi = corners.max(0)
    span = hi - lo
    k = min((W * 0.97) / span[0], (H * 0.97) / span[1], 1.0)
    corners = (corners - (lo + hi) / 2) * k + [W / 2 + rng.uniform(-0.01, 0.01) * W, H / 2 + rng.uniform(-0.01, 0.01) * H]
    src = np.array([[0, 0], [pw, 0], [pw, ph], [0, ph]], np.float32)
    Hm = cv2.getPerspectiveTransform(src, corners.astype(np.float32))
    Hinv = np.linalg.inv(Hm)

    # Inverse map: photo pixel -> curled page coords -> flat page coords.
    xs, ys = np.meshgrid(np.arange(W, dtype=np.float32), np.arange(H, dtype=np.float32))
    den = Hinv[2, 0] * xs + Hinv[2, 1] * ys + Hinv[2, 2]
    u = (Hinv[0, 0] * xs + Hinv[0, 1] * ys + Hinv[0, 2]) / den
    v = (Hinv[1, 0] * xs + Hinv[1, 1] * ys + Hinv[1, 2]) / den
    amp = rng.uniform(*P["curl"]) * ph
    side = rng.choice([-1, 1])  # spine on the left or on the right
    t = np.clip(u / pw, 0, 1) if side > 0 else np.clip(1 - u / pw, 0, 1)
    # The page rises towards the spine: lines bend, more strongly far from the page's centre line.
    bend = amp * (np.power(1 - t, 3)) * (1.0 + 0.6 * (v / ph - 0.5))
    squeeze = 0.06 * amp * np.power(1 - t, 2)  # foreshortening near the spine
    v_src = v + bend
    u_src = u + side * squeeze
    photo = cv2.remap(page, u_src.astype(np.float32), v_src.astype(np.float32), cv2.INTER_LINEAR,
                      borderMode=cv2.BORDER_CONSTANT, borderValue=(-1, -1, -1))
    mask = photo[..., 0] < 0
    # table / background
    bg_col = np.array([rng.uniform(40, 140)] * 3, np.float32) * np.array([1.0, rng.uniform(0.9, 1.1), rng.uniform(0.8, 1.2)], np.float32)
    bg = np.ones((H, W, 3), np.float32) * bg_col
    bg += cv2.GaussianBlur(nrng.normal(0, 25, (H, W)).astype(np.float32), (0, 0), 6)[..., None]
    photo[mask] = bg[mask]

    # Illumination: a linear gradient across the frame and a soft-edged shadow (hand, phone).
    gx, gy = rng.uniform(-1, 1), rng.uniform(-1, 1)
    g = (xs / W - 0.5) * gx + (ys / H - 0.5) * gy
    g = (g - g.min()) / max(1e-6, g.max() - g.min())
    lo_g = rng.uniform(*P["grad"])
    light = lo_g + (1 - lo_g) * g
    shadow = np.zeros((H // 4, W // 4), np.float32)
    cx, cy = rng.uniform(0, W / 4), rng.uniform(0, H / 4)
    pts = []
    n = rng.randint(4, 7)
    r = rng.uniform(0.25, 0.5) * max(W, H) / 4
    for i in range(n):
        a = 2 * math.pi * i / n + rng.uniform(-0.4, 0.4)
        rr = r * rng.uniform(0.6, 1.4)
        pts.append([cx + rr * math.cos(a), cy + rr * math.sin(a)])
    cv2.fillPoly(shadow, [np.array(pts, np.int32)], 1.0)
    shadow = cv2.GaussianBlur(shadow, (0, 0), rng.uniform(4, 14))
    shadow = cv2.resize(shadow, (W, H), interpolation=cv2.INTER_LINEAR)
    depth = rng.uniform(*P["shade"])
    light = light * (1 - (1 - depth) * shadow)
    photo = photo * light[..., None]
    # warm/cool colour cast
    photo *= np.array([rng.uniform(0.85, 1.0), rng.uniform(0.92, 1.0), rng.uniform(0.95, 1.05)], np.float32)

    # Optics and sensor.
    sigma = rng.uniform(*P["blur"])
    photo = cv2.GaussianBlur(photo, (0, 0), sigma)
    if level == "worst" and rng.random() < 0.5:
        L = rng.randint(3, 6)
        kern = np.zeros((L, L), np.float32)
        kern[L // 2, :] = 1.0 / L
        M = cv2.getRotationMatrix2D((L / 2 - 0.5, L / 2 - 0.5), rng.uniform(0, 180), 1.0)
        kern = cv2.warpAffine(kern, M, (L, L))
        kern /= max(kern.sum(), 1e-6)
        photo = cv2.filter2D(photo, -1, kern)
    photo += nrng.normal(0, rng.uniform(*P["noise"]), photo.shape).astype(np.float32)
    photo = np.clip(photo, 0, 255).astype(np.uint8)
    q = rng.randint(*P["jpeg"])
    ok, buf = cv2.imencode(".jpg", photo, [cv2.IMWRITE_JPEG_QUALITY, q])
    return cv2.imdecode(buf, cv2.IMREAD_COLOR)


# --------------------------------------------------------------------------- API


def render(seed: int, kind: str = "simplified", level: str = "clean", pool: str = "test") -> Page:
    if kind not in KINDS:
        raise ValueError(f"kind must be one of {KINDS}")
    if level not in LEVELS:
        raise ValueError(f"level must be one of {LEVELS}")
    rng = random.Random(f"{seed}/{kind}/{level}/{pool}")
    page_w = 1400
    page_h = int(page_w * rng.uniform(1.38, 1.45))
    if kind == "blank":
        img = Image.new("RGB", (page_w, page_h), (rng.randint(236, 250),) * 3)
        lines, meta = [], {}
    elif kind == "vertical":
        img, lines, meta = render_vertical(rng, pool, page_w, page_h)
    else:
        img, lines, meta = render_horizontal(rng, "simplified" if kind == "twocol" else kind, pool, page_w, page_h,
                                             columns=2 if kind == "twocol" else 1)
    if level == "clean":
        out = scan(img, rng)
    else:
        out = photograph(img, rng, level)
    meta.update(size=[out.shape[1], out.shape[0]])
    return Page(out, lines, kind, level, seed, meta)


# EXIF orientation tag value -> how to turn the upright image into the stored pixels
_EXIF_STORE = {3: cv2.ROTATE_180, 6: cv2.ROTATE_90_COUNTERCLOCKWISE, 8: cv2.ROTATE_90_CLOCKWISE}
# request rotation (clockwise, applied by the worker) -> how to store the pixels
_ROTATION_STORE = {90: cv2.ROTATE_90_COUNTERCLOCKWISE, 180: cv2.ROTATE_180, 270: cv2.ROTATE_90_CLOCKWISE}


def save(page: Page, out: str, exif_orientation: int = 1, stored_rotation: int = 0) -> None:
    """Write the image (JPEG q95, PNG or WebP by extension) and its ground truth (.txt).

    exif_orientation 3/6/8 stores the pixels turned and tags the JPEG so a viewer that honours
    EXIF shows the page upright. stored_rotation 90/180/270 stores the pixels turned so that the
    worker's request `rotation` of that many degrees clockwise makes the page upright again.
    """
    img = page.image
    if stored_rotation:
        img = cv2.rotate(img, _ROTATION_STORE[stored_rotation])
    if exif_orientation in _EXIF_STORE:
        img = cv2.rotate(img, _EXIF_STORE[exif_orientation])
    ext = Path(out).suffix.lower()
    if exif_orientation != 1:
        exif = Image.Exif()
        exif[0x0112] = exif_orientation
        Image.fromarray(cv2.cvtColor(img, cv2.COLOR_BGR2RGB)).save(out, quality=95, exif=exif.tobytes())
    else:
        params = [cv2.IMWRITE_JPEG_QUALITY, 95] if ext in (".jpg", ".jpeg") else []
        if ext == ".webp":
            params = [cv2.IMWRITE_WEBP_QUALITY, 95]
        if not cv2.imwrite(out, img, params):
            raise RuntimeError(f"cannot write {out}")
    Path(out).with_suffix(".txt").write_text(page.text + "\n", encoding="utf-8")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--kind", default="simplified", choices=KINDS)
    ap.add_argument("--level", default="clean", choices=LEVELS)
    ap.add_argument("--pool", default="test", choices=sorted(POOLS))
    ap.add_argument("-o", "--out", help="image path (.jpg/.png/.webp); ground truth goes to .txt beside it")
    ap.add_argument("--batch", help="JSON file: list of {seed, kind, level, pool, out}")
    a = ap.parse_args(argv)
    if a.batch:
        specs = json.loads(Path(a.batch).read_text())
        for s in specs:
            p = render(int(s["seed"]), s.get("kind", "simplified"), s.get("level", "clean"), s.get("pool", "test"))
            save(p, s["out"], int(s.get("exif_orientation", 1)), int(s.get("stored_rotation", 0)))
        return 0
    if not a.out:
        ap.error("--out or --batch is required")
    p = render(a.seed, a.kind, a.level, a.pool)
    save(p, a.out)
    print(json.dumps({"out": a.out, "chars": len(p.text.replace("\n", "")), **p.meta}, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
