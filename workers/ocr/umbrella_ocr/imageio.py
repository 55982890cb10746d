"""Image loading shared by the page and serial recognisers.

The caller has already checked the file, but nothing here trusts it: the format is sniffed from
the magic bytes (JPEG, PNG and WebP only), the pixel count is checked from the header before
anything is decoded, truncated or corrupt data is refused, then EXIF orientation and the
user's rotation (clockwise) are applied. Images come back as contiguous BGR uint8 arrays.
"""
from __future__ import annotations

import io
import math
import warnings

import cv2
import numpy as np
from PIL import Image, ImageOps

MAX_PIXELS = 50_000_000
MAX_FILE_BYTES = 64 * 1024 * 1024  # the caller allows 20 MB; leave room, refuse absurd files

# Pillow warns above MAX_IMAGE_PIXELS and raises DecompressionBombError above twice that. We check
# the header ourselves first; this is the second line of defence.
Image.MAX_IMAGE_PIXELS = MAX_PIXELS
Image.LOAD_TRUNCATED_IMAGES = False
warnings.simplefilter("ignore", Image.DecompressionBombWarning)

MESSAGES = {
    "unreadable_image": "The file is not a readable JPEG, PNG or WebP image.",
    "unsupported_image": "The file is not a JPEG, PNG or WebP image.",
    "image_too_large": "The image is larger than 50 megapixels.",
    "bad_request": "The request is malformed.",
    "internal": "The text recogniser failed on this image.",
}


class WorkerError(Exception):
    """An error the worker reports to its caller as {"ok": false, "error": code, "message": ...}."""

    def __init__(self, code: str, message: str | None = None):
        super().__init__(message or MESSAGES.get(code, code))
        self.code = code
        self.message = message or MESSAGES.get(code, code)


def sniff(head: bytes) -> str | None:
    """'JPEG', 'PNG', 'WEBP' or None, from the first bytes of a file."""
    if head[:3] == b"\xff\xd8\xff":
        return "JPEG"
    if head[:8] == b"\x89PNG\r\n\x1a\n":
        return "PNG"
    if len(head) >= 12 and head[:4] == b"RIFF" and head[8:12] == b"WEBP":
        return "WEBP"
    return None


def _png_header_size(data: bytes) -> tuple[int, int] | None:
    # IHDR is always the first chunk: 8 signature, 4 length, 4 type, then width, height.
    if len(data) >= 24 and data[12:16] == b"IHDR":
        return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    return None


def read_file(path: str) -> bytes:
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_FILE_BYTES + 1)
    except FileNotFoundError:
        raise WorkerError("unreadable_image", "The image file does not exist.")
    except IsADirectoryError:
        raise WorkerError("unreadable_image", "The image path is a folder, not a file.")
    except PermissionError:
        raise WorkerError("unreadable_image", "The image file cannot be read.")
    except OSError:
        raise WorkerError("unreadable_image")
    if len(data) > MAX_FILE_BYTES:
        raise WorkerError("image_too_large", "The image file is too large.")
    return data


def decode(data: bytes) -> Image.Image:
    """Decode to an upright RGB PIL image (EXIF orientation applied), with all the checks."""
    fmt = sniff(data[:16])
    if fmt is None:
        # an empty file, or one cut off inside a known signature, is broken rather than foreign
        if not data or any(sig.startswith(data[:len(sig)]) for sig in (b"\xff\xd8\xff", b"\x89PNG\r\n\x1a\n", b"RIFF")) \
                and len(data) < 12:
            raise WorkerError("unreadable_image")
        raise WorkerError("unsupported_image")
    if fmt == "PNG":
        hs = _png_header_size(data)
        if hs and hs[0] * hs[1] > MAX_PIXELS:
            raise WorkerError("image_too_large")
    try:
        im = Image.open(io.BytesIO(data), formats=[fmt])
    except Image.DecompressionBombError:
        raise WorkerError("image_too_large")
    except Exception:
        raise WorkerError("unreadable_image")
    w, h = im.size
    if w <= 0 or h <= 0:
        raise WorkerError("unreadable_image")
    if w * h > MAX_PIXELS:
        raise WorkerError("image_too_large")
    try:
        im.load()
    except Image.DecompressionBombError:
        raise WorkerError("image_too_large")
    except MemoryError:
        raise WorkerError("image_too_large")
    except Exception:
        raise WorkerError("unreadable_image")
    try:
        im = ImageOps.exif_transpose(im) or im
    except Exception:
        pass  # a broken EXIF block is not worth refusing the photo for
    return _to_rgb(im)


def _to_rgb(im: Image.Image) -> Image.Image:
    if im.mode == "RGB":
        return im
    if im.mode in ("I;16", "I;16B", "I;16L", "I"):
        a = np.asarray(im, dtype=np.float32)
        hi = float(a.max()) if a.size else 1.0
        a = (a * (255.0 / (65535.0 if hi > 255 else 255.0))).clip(0, 255).astype(np.uint8)
        return Image.fromarray(a, "L").convert("RGB")
    if im.mode == "P" and "transparency" in im.info:
        im = im.convert("RGBA")
    if im.mode in ("RGBA", "LA", "PA", "RGBa", "La"):
        im = im.convert("RGBA")
        bg = Image.new("RGBA", im.size, (255, 255, 255, 255))
        return Image.alpha_composite(bg, im).convert("RGB")
    return im.convert("RGB")


def rotate(image: np.ndarray, rotation: int) -> np.ndarray:
    """Rotate by 0/90/180/270 degrees clockwise."""
    if rotation == 0:
        return image
    if rotation == 90:
        return cv2.rotate(image, cv2.ROTATE_90_CLOCKWISE)
    if rotation == 180:
        return cv2.rotate(image, cv2.ROTATE_180)
    if rotation == 270:
        return cv2.rotate(image, cv2.ROTATE_90_COUNTERCLOCKWISE)
    raise WorkerError("bad_request", "The rotation must be 0, 90, 180 or 270.")


def load_image(path: str, rotation: int = 0) -> np.ndarray:
    """Decode `path` (JPEG/PNG/WebP), apply EXIF orientation then `rotation` (degrees clockwise).

    Returns a contiguous BGR uint8 array. Raises WorkerError(unsupported_image | unreadable_image |
    image_too_large | bad_request).
    """
    if rotation not in (0, 90, 180, 270):
        raise WorkerError("bad_request", "The rotation must be 0, 90, 180 or 270.")
    im = decode(read_file(path))
    rgb = np.asarray(im)
    bgr = cv2.cvtColor(rgb, cv2.COLOR_RGB2BGR)
    return np.ascontiguousarray(rotate(bgr, rotation))


def parse_roi(roi) -> tuple[float, float, float, float] | None:
    """Validate a request's roi [x, y, width, height] (fractions of the oriented image)."""
    if roi is None:
        return None
    if not isinstance(roi, (list, tuple)) or len(roi) != 4:
        raise WorkerError("bad_request", "The region must be [x, y, width, height].")
    vals = []
    for v in roi:
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v):
            raise WorkerError("bad_request", "The region must be four numbers between 0 and 1.")
        vals.append(float(v))
    x, y, w, h = vals
    eps = 1e-6
    if x < -eps or y < -eps or w <= 0 or h <= 0 or x + w > 1 + 1e-3 or y + h > 1 + 1e-3:
        raise WorkerError("bad_request", "The region must lie within the image.")
    return max(0.0, x), max(0.0, y), w, h


def crop_roi(image: np.ndarray, roi) -> tuple[np.ndarray, tuple[int, int]]:
    """Crop `image` to roi [x, y, w, h] (fractions). Returns (cropped, (x0, y0)) in pixels.

    roi None returns the whole image and (0, 0).
    """
    r = parse_roi(roi)
    if r is None:
        return image, (0, 0)
    H, W = image.shape[:2]
    x, y, w, h = r
    x0 = min(W - 1, int(math.floor(x * W)))
    y0 = min(H - 1, int(math.floor(y * H)))
    x1 = max(x0 + 1, min(W, int(math.ceil((x + w) * W))))
    y1 = max(y0 + 1, min(H, int(math.ceil((y + h) * H))))
    return np.ascontiguousarray(image[y0:y1, x0:x1]), (x0, y0)
