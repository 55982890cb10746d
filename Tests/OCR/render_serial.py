#!/usr/bin/env python3
"""Synthetic Apple serial-number images with ground truth, deterministic per seed.

Three presets, matching the worker's `serial` op:

* ``etched``  - engraved text on a light grey anodised aluminium bottom case: low contrast,
  highlight/shadow edges, brushed texture, glare spots, long regulatory lines around the serial.
* ``screen``  - Settings > General > About rows (dark or light mode) re-photographed from a
  display: sub-pixel grid moire, perspective, blur.
* ``sticker`` - a white box/accessory label: small print beside barcodes, lookalike numbers
  (part number, UPC, IMEI, model).

Every sample is camera-degraded (rotation, perspective, blur, noise, JPEG) and carries the ROI
of the serial line (the serial with some margin) as fractions of the full image.

Module use::

    from render_serial import render, crop_roi
    s = render("etched", seed=7)     # dict: image (BGR uint8), serial, roi, lookalikes, ...
    crop = crop_roi(s["image"], s["roi"])

CLI::

    python3 Tests/OCR/render_serial.py OUTDIR [--presets etched,screen,sticker] [--count 5]
        [--seed0 0] [--clean]   # writes <preset>-<seed>.jpg, <preset>-<seed>-roi.jpg, truth.jsonl

Needs numpy, opencv-python(-headless) and Pillow; fonts from fonts-dejavu-core / fonts-liberation
(or Noto Sans) under /usr/share/fonts.
"""
from __future__ import annotations

import argparse
import glob
import io
import json
import math
import os
import random
import sys

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

PRESETS = ("etched", "screen", "sticker")

# --- serial numbers ---------------------------------------------------------------------------

NO_IO = "0123456789ABCDEFGHJKLMNPQRSTUVWXYZ"          # alphanumerics without I and O
LETTERS_NO_IO = "ABCDEFGHJKLMNPQRSTUVWXYZ"
YEAR_CODES = "CDFGHJKLMNPQRSTVWXYZ"                    # year/half-year code (12-char serials)
WEEK_CODES = "123456789CDFGHJKLMNPQRTVWXY"            # week code (12-char serials)
PLANTS = ["C02", "C07", "C17", "C1M", "F2L", "F4K", "FVF", "FK1", "DMP", "DNP", "DLX", "G6T",
          "GG7", "H4H", "W8", "YM", "CK", "RM", "V7", "QP", "DX3", "F9F", "C39", "FVH"]


def serial_12(rng: random.Random) -> str:
    plant = rng.choice([p for p in PLANTS if len(p) == 3] + [None, None])
    if plant is None:
        plant = "".join(rng.choice(NO_IO) for _ in range(3))
    unique = "".join(rng.choice(NO_IO) for _ in range(3))
    model = "".join(rng.choice(NO_IO) for _ in range(4))
    return plant + rng.choice(YEAR_CODES) + rng.choice(WEEK_CODES) + unique + model


def serial_11(rng: random.Random) -> str:
    plant = rng.choice([p for p in PLANTS if len(p) == 2] + [None])
    if plant is None:
        plant = "".join(rng.choice(LETTERS_NO_IO) for _ in range(2))
    year = str(rng.randrange(10))
    week = "%02d" % rng.randint(1, 52)
    unique = "".join(rng.choice(NO_IO) for _ in range(3))
    model = "".join(rng.choice(NO_IO) for _ in range(3))
    return plant + year + week + unique + model


def serial_10(rng: random.Random) -> str:
    while True:
        s = "".join(rng.choice(NO_IO) for _ in range(10))
        if any(c.isalpha() for c in s) and any(c.isdigit() for c in s):
            return s


def random_serial(rng: random.Random) -> str:
    r = rng.random()
    if r < 0.5:
        return serial_12(rng)
    if r < 0.75:
        return serial_11(rng)
    return serial_10(rng)


def model_number(rng):          # A2338
    return "A%d" % rng.randint(1100, 3300)


def part_number(rng):           # MYD82LL/A
    return ("M" + "".join(rng.choice(LETTERS_NO_IO) for _ in range(2)) + "%d" % rng.randint(2, 9)
            + rng.choice(LETTERS_NO_IO) + rng.choice(["LL/A", "B/A", "ZP/A", "CH/A", "J/A", "X/A"]))


def imei(rng):
    return "35" + "".join(str(rng.randrange(10)) for _ in range(13))


def upc(rng):
    return "1901" + "".join(str(rng.randrange(10)) for _ in range(8))


def alnum(s: str) -> str:
    return "".join(c for c in s.upper() if c.isalnum())


# --- fonts ------------------------------------------------------------------------------------

_FONT_CACHE: dict = {}


def font_files(kind: str = "sans") -> list[str]:
    pats = {
        "sans": ["dejavu/DejaVuSans.ttf", "dejavu/DejaVuSansCondensed.ttf",
                 "liberation/LiberationSans-Regular.ttf", "liberation/LiberationSansNarrow-Regular.ttf",
                 "noto/NotoSans-Regular.ttf"],
        "bold": ["dejavu/DejaVuSans-Bold.ttf", "liberation/LiberationSans-Bold.ttf",
                 "noto/NotoSans-Bold.ttf"],
        "mono": ["dejavu/DejaVuSansMono.ttf", "liberation/LiberationMono-Regular.ttf"],
    }[kind]
    found = []
    for p in pats:
        found += glob.glob(os.path.join("/usr/share/fonts", "**", os.path.basename(p)), recursive=True)
    if not found:
        found = glob.glob("/usr/share/fonts/**/*.ttf", recursive=True)[:1]
    if not found:
        raise RuntimeError("no TrueType fonts: apt-get install fonts-dejavu-core fonts-liberation")
    return sorted(set(found))


def font(path: str, size: int) -> ImageFont.FreeTypeFont:
    key = (path, size)
    if key not in _FONT_CACHE:
        _FONT_CACHE[key] = ImageFont.truetype(path, size)
    return _FONT_CACHE[key]


def draw_segments(draw, x, y, segments, fnt, fill, spacing_px):
    """Draw text segments left to right; returns list of (text, bbox) per segment and end x."""
    boxes = []
    for text in segments:
        l, t, r, b = draw.textbbox((x, y), text, font=fnt)
        draw.text((x, y), text, font=fnt, fill=fill)
        boxes.append((text, (l, t, r, b)))
        x = r + spacing_px
    return boxes, x


# --- camera -----------------------------------------------------------------------------------

def camera(img: np.ndarray, box, rng: np.random.Generator, strength: float = 1.0,
           out_long: int | None = None, clean: bool = False):
    """Rotate, perspective-warp, blur, add noise and JPEG. box = (l, t, r, b) of the serial line
    in img; returns (degraded image, 4 corner points of the box in the output)."""
    h, w = img.shape[:2]
    angle = rng.uniform(-4, 4) * strength
    jit = 0.05 * strength
    src = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    dst = src + np.float32(rng.uniform(-jit, jit, (4, 2)) * [w, h])
    # rotation about the centre
    c, s = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    ctr = np.float32([w / 2, h / 2])
    dst = (dst - ctr) @ np.float32([[c, -s], [s, c]]).T + ctr
    # fit the result into a canvas
    mn, mx = dst.min(0), dst.max(0)
    dst -= mn
    W, H = int(math.ceil(mx[0] - mn[0])), int(math.ceil(mx[1] - mn[1]))
    if out_long:
        k = out_long / max(W, H)
        dst *= k
        W, H = int(round(W * k)), int(round(H * k))
    M = cv2.getPerspectiveTransform(src, dst.astype(np.float32))
    border = tuple(int(v) for v in np.median(img.reshape(-1, 3)[:: 97], axis=0))
    out = cv2.warpPerspective(img, M, (W, H), flags=cv2.INTER_AREA if out_long else cv2.INTER_LINEAR,
                              borderMode=cv2.BORDER_CONSTANT, borderValue=border)
    l, t, r, b = box
    pts = cv2.perspectiveTransform(np.float32([[[l, t], [r, t], [r, b], [l, b]]]), M)[0]
    sigma = rng.uniform(0.3, 1.3) * strength
    if sigma > 0.35 and not clean:
        out = cv2.GaussianBlur(out, (0, 0), sigma)
    noise = rng.normal(0, rng.uniform(2, 7) * strength * (0.2 if clean else 1.0), out.shape)
    out = np.clip(out.astype(np.float32) + noise, 0, 255).astype(np.uint8)
    q = 95 if clean else int(rng.uniform(55, 92))
    ok, enc = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, q])
    out = cv2.imdecode(enc, cv2.IMREAD_COLOR)
    return out, pts


def roi_from_points(pts, W, H, rng: np.random.Generator):
    """ROI fractions around the serial quad with a random margin (as a user would drag it)."""
    x0, y0 = pts.min(0)
    x1, y1 = pts.max(0)
    bh = y1 - y0
    mx_l = rng.uniform(0.2, 1.5) * bh
    mx_r = rng.uniform(0.2, 1.5) * bh
    my_t = rng.uniform(0.15, 0.6) * bh
    my_b = rng.uniform(0.15, 0.6) * bh
    x0, x1 = max(0.0, x0 - mx_l), min(W - 1.0, x1 + mx_r)
    y0, y1 = max(0.0, y0 - my_t), min(H - 1.0, y1 + my_b)
    return [round(float(v), 4) for v in (x0 / W, y0 / H, (x1 - x0) / W, (y1 - y0) / H)]


def crop_roi(img: np.ndarray, roi) -> np.ndarray:
    H, W = img.shape[:2]
    x, y, w, h = roi
    x0, y0 = int(math.floor(x * W)), int(math.floor(y * H))
    x1, y1 = int(math.ceil((x + w) * W)), int(math.ceil((y + h) * H))
    return img[max(0, y0):min(H, y1), max(0, x0):min(W, x1)].copy()


# --- etched -----------------------------------------------------------------------------------

def _aluminium(h, w, rng):
    base = rng.uniform(170, 215)
    tint = np.array([rng.uniform(-4, 4), rng.uniform(-3, 3), rng.uniform(-4, 6)])   # B G R shift
    # brushed texture: horizontal streaks + fine grain
    streak = rng.normal(0, 1, (h, max(8, w // 40))).astype(np.float32)
    streak = cv2.resize(streak, (w, h), interpolation=cv2.INTER_LINEAR) * rng.uniform(1.0, 3.0)
    grain = cv2.GaussianBlur(rng.normal(0, 1, (h, w)).astype(np.float32), (0, 0), 0.8) * rng.uniform(2, 5)
    # slow illumination gradient
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    grad = (xx / w - 0.5) * rng.uniform(-30, 30) + (yy / h - 0.5) * rng.uniform(-25, 25)
    g = base + streak + grain + grad
    return np.clip(g[..., None] + tint, 0, 255).astype(np.float32)


def render_etched(seed: int, clean: bool = False) -> dict:
    rng = random.Random("etched-%d" % seed)
    nrng = np.random.default_rng([seed, 1])
    serial = random_serial(rng)
    model = model_number(rng)
    emc = "EMC %d" % rng.randint(2800, 3700)
    product = rng.choice(["MacBook Pro", "MacBook Air", "Mac mini", "iMac", "MacBook"])
    fpath = rng.choice(font_files("sans"))
    size = rng.randint(22, 34)                         # rendered at 2x, halved below
    fnt = font(fpath, size)
    label = rng.choice(["Serial", "Serial No.", "Serial:", "Serial Number"])
    line1 = [product, "Designed by Apple in California", "Assembled in China", "Model %s" % model, emc]
    line2 = ["%s %s" % (label, serial), "FCC ID: BCG%s" % model, "IC: 579C-%s" % model,
             "TEL: %d-%s" % (rng.randint(10, 99), model)]
    if rng.random() < 0.5:
        rng.shuffle(line2)
    line0 = ["Li-ion battery %d.%dV" % (rng.randint(10, 12), rng.randint(0, 9)),
             "%d mAh" % rng.randint(4000, 9000), "Made in China", "Rated %d.%dV" % (rng.randint(10, 20), rng.randint(0, 9))]
    gap = size * 2
    fnt2 = font(fpath, size * 2)
    probe = ImageDraw.Draw(Image.new("L", (8, 8)))
    longest = max(sum(probe.textlength(t, font=fnt2) + gap for t in segs) for segs in (line0, line1, line2))
    W = int(longest / 2 * rng.uniform(1.1, 1.25))     # the whole text fits on the plate
    H = int(size * rng.uniform(9, 14))
    mask = Image.new("L", (W * 2, H * 2), 0)        # supersampled text mask
    d = ImageDraw.Draw(mask)
    ytop = int(H * 2 * rng.uniform(0.18, 0.3))
    lh = int(size * 2 * rng.uniform(1.6, 2.2))
    serial_box = None
    for i, segs in enumerate([line0, line1, line2]):
        x = int(W * 2 * rng.uniform(0.02, 0.07))
        boxes, _ = draw_segments(d, x, ytop + i * lh, segs, fnt2, 255, gap)
        for text, bb in boxes:
            if serial in text:
                # box of the serial value only
                l0 = d.textbbox((bb[0], ytop + i * lh), text[: text.index(serial)], font=fnt2)[2]
                serial_box = (l0 / 2, bb[1] / 2, bb[2] / 2, bb[3] / 2)
    mask = np.asarray(mask.resize((W, H), Image.LANCZOS), np.float32) / 255.0
    plate = _aluminium(H, W, nrng)
    # engraving: cut is darker (or slightly lighter), with a highlight and a shadow edge
    depth = nrng.uniform(10, 32) * (1 if nrng.random() < 0.8 else -0.7)
    dx, dy = int(nrng.integers(1, 3)), int(nrng.integers(1, 3))
    shifted_hi = np.roll(np.roll(mask, -dy, 0), -dx, 1)
    shifted_sh = np.roll(np.roll(mask, dy, 0), dx, 1)
    hi = np.clip(shifted_hi - mask, 0, 1) * nrng.uniform(8, 25)
    sh = np.clip(shifted_sh - mask, 0, 1) * nrng.uniform(8, 25)
    plate = plate - (mask * depth)[..., None] + hi[..., None] - sh[..., None]
    # glare spots / specular streaks
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    for _ in range(0 if clean else int(nrng.integers(1, 4))):
        cx, cy = nrng.uniform(0, W), nrng.uniform(0, H)
        sx, sy = nrng.uniform(0.05, 0.35) * W, nrng.uniform(0.1, 0.6) * H
        amp = nrng.uniform(20, 70)
        plate += (amp * np.exp(-(((xx - cx) / sx) ** 2 + ((yy - cy) / sy) ** 2)))[..., None]
    # soft knee: glare washes the text out but (like a real sensor with HDR) does not clip it away
    knee = 212.0
    plate = np.where(plate > knee, knee + (plate - knee) * 0.5, plate)
    img = np.clip(plate, 0, 255).astype(np.uint8)
    # photo size: text about as tall as on a 1000-1700 px photo of a 39-character-wide plate
    out_long = int(min(2400, rng.uniform(900, 1500) * W / (size * 39.0)))
    out, pts = camera(img, serial_box, nrng, strength=0.3 if clean else rng.uniform(0.5, 1.0),
                      out_long=out_long, clean=clean)
    roi = roi_from_points(pts, out.shape[1], out.shape[0], nrng)
    lookalikes = [model, alnum(emc)]
    return dict(preset="etched", seed=seed, serial=serial, image=out, roi=roi,
                serial_quad=pts.round(1).tolist(), lookalikes=lookalikes, font=os.path.basename(fpath))


# --- screen -----------------------------------------------------------------------------------

def render_screen(seed: int, clean: bool = False) -> dict:
    rng = random.Random("screen-%d" % seed)
    nrng = np.random.default_rng([seed, 2])
    serial = random_serial(rng)
    dark = rng.random() < 0.5
    W = 750
    fpath = rng.choice(font_files("sans"))
    fs = rng.randint(30, 36)
    fnt = font(fpath, fs)
    bg = (0, 0, 0) if dark else (242, 242, 247)
    cell = (28, 28, 30) if dark else (255, 255, 255)
    fg = (255, 255, 255) if dark else (0, 0, 0)
    val = (152, 152, 157) if dark else (138, 138, 142)
    sep = (56, 56, 58) if dark else (198, 198, 200)
    model_name = rng.choice(["iPhone 13", "iPhone 14 Pro", "iPhone 12 mini", "iPad Air", "iPhone 15", "iPad Pro"])
    mnum = part_number(rng).replace("/", "/")
    rows = [("Name", rng.choice(["iPhone", "Anna's iPhone", "iPad"])),
            ("iOS Version", "%d.%d" % (rng.randint(15, 18), rng.randint(0, 6))),
            ("Model Name", model_name),
            ("Model Number", mnum),
            ("Serial Number", serial)]
    extra = [("Wi-Fi Address", ":".join("%02X" % rng.randrange(256) for _ in range(6))),
             ("Bluetooth", ":".join("%02X" % rng.randrange(256) for _ in range(6))),
             ("IMEI", " ".join([imei(rng)[i:j] for i, j in ((0, 2), (2, 8), (8, 14), (14, 15))])),
             ("Capacity", "%d GB" % rng.choice([64, 128, 256, 512])),
             ("Songs", str(rng.randint(0, 900)))]
    k = rng.randint(1, 3)
    rows = rows + extra[:k] if rng.random() < 0.7 else rows[1:] + extra[: k + 1]
    row_h = int(fs * 2.6)
    H = row_h * (len(rows) + 2)
    im = Image.new("RGB", (W, H), bg)
    d = ImageDraw.Draw(im)
    y0 = row_h
    d.rectangle([0, y0, W, y0 + row_h * len(rows)], fill=cell)
    serial_box = None
    for i, (k_, v) in enumerate(rows):
        y = y0 + i * row_h
        ty = y + (row_h - fs) // 2 - 2
        d.text((32, ty), k_, font=fnt, fill=fg)
        l, t, r, b = d.textbbox((0, 0), v, font=fnt)
        x = W - 32 - (r - l)
        d.text((x, ty), v, font=fnt, fill=val)
        if v == serial:
            bb = d.textbbox((x, ty), v, font=fnt)
            serial_box = bb
        if i < len(rows) - 1:
            d.line([32, y + row_h - 1, W, y + row_h - 1], fill=sep, width=1)
    # header
    d.text((W // 2 - 45, row_h // 3), "About", font=font(rng.choice(font_files("bold")), fs), fill=fg)
    img = cv2.cvtColor(np.asarray(im), cv2.COLOR_RGB2BGR)
    # display: each pixel becomes a 3-stripe RGB sub-pixel cell
    sub = int(rng.choice([3, 4]))
    big = cv2.resize(img, (W * sub, H * sub), interpolation=cv2.INTER_NEAREST).astype(np.float32)
    grid = np.full((H * sub, W * sub, 3), 0.35, np.float32)
    for c in range(3):       # BGR order, stripe R-G-B left to right
        col = (2 - c) * sub // 3
        grid[:, col::sub, c] = 1.0
    grid[sub - 1 :: sub, :, :] *= 0.55
    big = big * grid * 1.6 + 6
    # bezel margin + photo background
    pad = int(0.06 * W * sub)
    canvas = np.full((H * sub + 2 * pad, W * sub + 2 * pad, 3), nrng.uniform(20, 90), np.float32)
    canvas[pad:-pad, pad:-pad] = big
    bb = serial_box
    box = (bb[0] * sub + pad, bb[1] * sub + pad, bb[2] * sub + pad, bb[3] * sub + pad)
    # brightness falloff + reflection
    hh, ww = canvas.shape[:2]
    yy, xx = np.mgrid[0:hh, 0:ww].astype(np.float32)
    canvas += (nrng.uniform(0, 40) * np.exp(-(((xx - nrng.uniform(0, ww)) / (0.4 * ww)) ** 2
                                               + ((yy - nrng.uniform(0, hh)) / (0.4 * hh)) ** 2)))[..., None]
    canvas = np.clip(canvas, 0, 255).astype(np.uint8)
    out_long = int(rng.uniform(900, 1400))
    out, pts = camera(canvas, box, nrng, strength=0.3 if clean else rng.uniform(0.5, 1.0),
                      out_long=out_long, clean=clean)
    roi = roi_from_points(pts, out.shape[1], out.shape[0], nrng)
    return dict(preset="screen", seed=seed, serial=serial, image=out, roi=roi,
                serial_quad=pts.round(1).tolist(), lookalikes=[alnum(mnum)[:-1] if mnum.endswith("/A") else alnum(mnum)],
                dark=dark, font=os.path.basename(fpath))


# --- sticker ----------------------------------------------------------------------------------

def _barcode(d, x, y, w, h, rng):
    xx = x
    while xx < x + w:
        bw = rng.choice([1, 1, 2, 2, 3, 4])
        if rng.random() < 0.55:
            d.rectangle([xx, y, xx + bw - 1, y + h], fill=0)
        xx += bw


def render_sticker(seed: int, clean: bool = False) -> dict:
    rng = random.Random("sticker-%d" % seed)
    nrng = np.random.default_rng([seed, 3])
    serial = random_serial(rng)
    pn = part_number(rng)
    model = model_number(rng)
    imei_s = imei(rng)
    upc_s = upc(rng)
    fpath = rng.choice(font_files("sans") + font_files("bold"))
    fs = rng.randint(20, 30)
    fnt = font(fpath, fs)
    W = int(fs * rng.uniform(24, 30))
    blocks = [("(S) Serial No. ", serial, True), ("(1P) Part No. ", pn, True),
              ("UPC ", upc_s, True), ("IMEI ", imei_s, rng.random() < 0.5),
              ("Model ", model, False)]
    first, rest = blocks[:2], blocks[2:]
    if rng.random() < 0.5:
        first = first[::-1]
    rng.shuffle(rest)
    blocks = first + rest[: rng.randint(1, 3)]
    if rng.random() < 0.5:
        blocks.insert(0, (rng.choice(["iPhone 14 Pro ", "AirPods Pro ", "Apple Watch ", "MagSafe Charger ",
                                      "iPad Air "]), rng.choice(["128GB", "Space Gray", "44mm", "Silver", "Wi-Fi"]),
                          False))
    bar_h = int(fs * rng.uniform(1.6, 2.4))
    H = int(sum(fs * 1.6 + (bar_h + fs * 0.5 if b[2] else 0) for b in blocks) + fs * 1.6)
    im = Image.new("L", (W, H), 255)
    d = ImageDraw.Draw(im)
    y = int(fs * 0.8)
    serial_box = None
    for lab, v, bar in blocks:
        x = int(fs * 0.8)
        l, t, r, b = d.textbbox((x, y), lab, font=fnt)
        d.text((x, y), lab, font=fnt, fill=0)
        vb = d.textbbox((r, y), v, font=fnt)
        d.text((r, y), v, font=fnt, fill=0)
        if v == serial:
            serial_box = vb
        y += int(fs * 1.4)
        if bar:
            _barcode(d, x, y, int(W * rng.uniform(0.5, 0.85)), bar_h, rng)
            y += bar_h + int(fs * 0.5)
    label = np.asarray(im, np.float32)
    label = label * nrng.uniform(0.85, 1.0) + nrng.normal(0, 1.5, label.shape)
    label = cv2.cvtColor(np.clip(label, 0, 255).astype(np.uint8), cv2.COLOR_GRAY2BGR).astype(np.float32)
    label *= np.array([nrng.uniform(0.92, 1.0), nrng.uniform(0.95, 1.0), 1.0])       # warm paper
    # cardboard / device background around the label
    pad = int(0.12 * W)
    bgc = np.array([nrng.uniform(40, 200)] * 3) * np.array([0.75, 0.85, 1.0])
    canvas = np.empty((H + 2 * pad, W + 2 * pad, 3), np.float32)
    canvas[:] = bgc
    canvas += nrng.normal(0, 4, canvas.shape)
    canvas[pad:pad + H, pad:pad + W] = label
    # shading
    hh, ww = canvas.shape[:2]
    yy, xx = np.mgrid[0:hh, 0:ww].astype(np.float32)
    canvas *= (1 + ((xx / ww - 0.5) * nrng.uniform(-0.3, 0.3) + (yy / hh - 0.5) * nrng.uniform(-0.3, 0.3)))[..., None]
    canvas = np.clip(canvas, 0, 255).astype(np.uint8)
    bb = serial_box
    box = (bb[0] + pad, bb[1] + pad, bb[2] + pad, bb[3] + pad)
    out_long = int(rng.uniform(800, 1300))
    out, pts = camera(canvas, box, nrng, strength=0.3 if clean else rng.uniform(0.5, 1.0),
                      out_long=out_long, clean=clean)
    roi = roi_from_points(pts, out.shape[1], out.shape[0], nrng)
    looks = [alnum(pn)[:-1], upc_s]
    if any(b[1] == imei_s for b in blocks):
        looks.append(imei_s)
    return dict(preset="sticker", seed=seed, serial=serial, image=out, roi=roi,
                serial_quad=pts.round(1).tolist(), lookalikes=looks, font=os.path.basename(fpath))


def render(preset: str, seed: int, clean: bool = False) -> dict:
    """One sample: dict(preset, seed, serial, image (BGR uint8), roi [x,y,w,h] fractions,
    serial_quad (4 points, pixels), lookalikes (alphanumeric strings of other numbers on it)).
    clean=True: mild camera (no blur, little noise, JPEG 95, no glare spots)."""
    return {"etched": render_etched, "screen": render_screen, "sticker": render_sticker}[preset](seed, clean)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("outdir")
    ap.add_argument("--presets", default=",".join(PRESETS))
    ap.add_argument("--count", type=int, default=5)
    ap.add_argument("--seed0", type=int, default=0)
    ap.add_argument("--clean", action="store_true", help="mild camera degradations only")
    a = ap.parse_args(argv)
    os.makedirs(a.outdir, exist_ok=True)
    with open(os.path.join(a.outdir, "truth.jsonl"), "w") as tf:
        for p in a.presets.split(","):
            for seed in range(a.seed0, a.seed0 + a.count):
                s = render(p, seed, a.clean)
                name = "%s-%d" % (p, seed)
                cv2.imwrite(os.path.join(a.outdir, name + ".jpg"), s["image"], [cv2.IMWRITE_JPEG_QUALITY, 95])
                cv2.imwrite(os.path.join(a.outdir, name + "-roi.jpg"), crop_roi(s["image"], s["roi"]),
                            [cv2.IMWRITE_JPEG_QUALITY, 95])
                meta = {k: v for k, v in s.items() if k != "image"}
                meta.update(image=name + ".jpg", roi_image=name + "-roi.jpg")
                tf.write(json.dumps(meta) + "\n")
    print("wrote", a.outdir, file=sys.stderr)


if __name__ == "__main__":
    main()
