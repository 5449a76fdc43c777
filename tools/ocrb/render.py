"""Synthetic MRZ training data: whole OCR-B lines, degraded like camera captures, cut into
classifier patches with the segmenter contract (see patch.py).

    python3 tools/ocrb/render.py --set train --samples 400000 --seed 1 --out /tmp/ocrb/train.npz

Writes `patches` (N x 28 x 20 uint8, value * 255), `labels` (N int8: the class index in
ALPHABET, or -1 for a patch of blank paper, trained towards a uniform answer) and `caps` (N float32:
the cap height in pixels of the image the patch was cut from).
"""
import argparse
import io
import math
import os
import sys
import time

import numpy as np
from PIL import Image, ImageDraw, ImageFont
from scipy import ndimage

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import patch  # noqa: E402

ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ<"
FONT_PATH = "/usr/share/fonts/opentype/ocr-b/OCRB.otf"
LETTERS, DIGITS = ALPHABET[10:36], ALPHABET[:10]


def font_metrics():
    """(advance, cap height) of OCR-B as fractions of the em, measured on the font itself."""
    font = ImageFont.truetype(FONT_PATH, 1000)
    image = Image.new("L", (1400, 1400), 0)
    ImageDraw.Draw(image).text((200, 1100), "H", font=font, fill=255, anchor="ls")
    rows = np.nonzero(np.asarray(image).max(axis=1) > 127)[0]
    return font.getlength("H") / 1000, (1100 - rows[0]) / 1000


ADVANCE_EM, CAP_EM = font_metrics()

# Augmentation settings per data set: strength scales the image degradations, geometry the
# cell inaccuracies (1 = the contract's bounds: centre +-15% pitch, top/bottom +-10% H, pitch +-8%).
# `ratio` is the cap height over the pitch: ICAO 9303's nominal print is 2.46 / 2.54 = 0.97, and
# documents print the capitals 70-140% of nominal at a pitch 8% either way (0.63-1.47), so large
# type touches its neighbours. `bold` is how far the stroke may be thickened (ink spread, heavy
# laser engraving) beyond the thinning and thickening every set has.
SETS = {
    "train":    dict(strength=(0.1, 1.15), geometry=1.25, cap=(9.0, 64.0), blank=0.03, ratio=(0.63, 1.47), bold=0.5, finish=0.0),
    "moderate": dict(strength=(0.5, 0.5), geometry=0.5, cap=(12.0, 48.0), blank=0.0, ratio=(0.84, 1.04), bold=0.0, finish=0.0),
    "contract": dict(strength=(0.5, 0.5), geometry=1.0, cap=(12.0, 48.0), blank=0.0, ratio=(0.84, 1.04), bold=0.0, finish=0.0),
    "hard":     dict(strength=(1.0, 1.0), geometry=1.0, cap=(10.0, 60.0), blank=0.0, ratio=(0.84, 1.04), bold=0.0, finish=0.0),
    "heavy":    dict(strength=(0.5, 0.5), geometry=1.0, cap=(12.0, 48.0), blank=0.0, ratio=(1.04, 1.47), bold=1.0, finish=0.0),
    "finish":   dict(strength=(0.5, 0.5), geometry=1.0, cap=(12.0, 48.0), blank=0.0, ratio=(0.84, 1.04), bold=0.0, finish=1.0),
}


def random_text(rng, length):
    """MRZ-like content: names with `<` separators, digit fields, filler runs."""
    out = []
    while len(out) < length:
        kind = rng.random()
        if kind < 0.3:
            out += "<" * int(rng.geometric(0.25))
        elif kind < 0.6:
            out += list(rng.choice(list(DIGITS), int(rng.integers(1, 10))))
        elif kind < 0.9:
            out += list(rng.choice(list(LETTERS), int(rng.integers(1, 10)))) + ["<"] * int(rng.integers(0, 3))
        else:
            out += list(rng.choice(list(ALPHABET), int(rng.integers(1, 6))))
    return "".join(out[:length])


def render_coverage(rng, texts, cap, pitch, spacing, margins):
    """Ink coverage (float, 0..1) of lines of text, and each character's (cx, top, baseline)."""
    size = cap / CAP_EM
    font = ImageFont.truetype(FONT_PATH, max(1, round(size)))
    scale = round(size) / size  # the font size is an integer: keep the measured geometry exact
    cap *= scale
    left, right, above, below = margins
    width = int(math.ceil(left + right + pitch * max(len(t) for t in texts)))
    height = int(math.ceil(above + cap + spacing * (len(texts) - 1) + below))
    image = Image.new("L", (width, height), 0)
    draw = ImageDraw.Draw(image)
    advance = ADVANCE_EM * round(size)
    cells = []
    for row, text in enumerate(texts):
        baseline = round(above + cap + spacing * row)
        shift = rng.uniform(-0.3, 0.3) * pitch
        for i, ch in enumerate(text):
            x = round(left + shift + i * pitch + (pitch - advance) / 2)
            draw.text((x, baseline), ch, font=font, fill=255, anchor="ls")
            cells.append((ALPHABET.index(ch), x + advance / 2, baseline - cap, baseline))
    return np.asarray(image, np.float32) / 255, cells


def change_stroke(rng, cov, cap, strength, bold):
    """Bolder or thinner print: blur, then re-threshold at a level away from one half; with
    `bold`, sometimes spread the ink further (a wider blur cut low)."""
    sigma = 0.04 * cap
    level = 0.5 + rng.uniform(-0.35, 0.35) * min(strength, 1.0)
    if rng.random() < bold:
        sigma = rng.uniform(0.04, 0.08) * cap
        level = rng.uniform(0.12, 0.4)
    blurred = ndimage.gaussian_filter(cov, sigma)
    return np.clip(0.5 + (blurred - level) * 2.5 * sigma, 0, 1)


def inkjet(rng, cov, cap):
    """Ink laid down as dots: a jittered grid of droplets whose size follows the coverage under
    them, a few satellite droplets beside the strokes (the dot pitch is 1/9-1/5 of the cap height)."""
    h, w = cov.shape
    pitch = cap * rng.uniform(1 / 9, 1 / 5)
    rows, cols = int(h / pitch) + 2, int(w / pitch) + 2
    jitter = rng.uniform(-0.25, 0.25, (2, rows, cols)) * pitch
    radius = pitch * rng.uniform(0.45, 0.75) * rng.uniform(0.85, 1.15, (rows, cols))
    smooth = ndimage.gaussian_filter(cov, pitch / 3)
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32) + 0.5
    out = np.zeros_like(cov)
    for dy in (-1, 0, 1):  # a droplet may reach into the neighbouring cells
        for dx in (-1, 0, 1):
            i = np.clip((ys // pitch).astype(int) + dy, 0, rows - 1)
            j = np.clip((xs // pitch).astype(int) + dx, 0, cols - 1)
            cy, cx = (i + 0.5) * pitch + jitter[0, i, j], (j + 0.5) * pitch + jitter[1, i, j]
            under = smooth[np.clip(cy.astype(int), 0, h - 1), np.clip(cx.astype(int), 0, w - 1)]
            r = radius[i, j] * np.sqrt(np.clip((under - 0.2) / 0.6, 0, 1))
            stray = (rng.random((rows, cols)) < 0.03)[i, j] & (under > 0.05)
            r = np.where(stray, np.maximum(r, 0.3 * pitch), r)
            out = np.maximum(out, np.clip(r - np.hypot(ys - cy, xs - cx) + 0.5, 0, 1))
    return out


def engrave(rng, cov, cap):
    """Laser engraving in polycarbonate: gray strokes (returned as a coverage below one) with a
    light halo around them (returned as a negative coverage: brighter than the card)."""
    depth = rng.uniform(0.45, 0.85)
    halo = ndimage.gaussian_filter(cov, cap * rng.uniform(0.04, 0.1))
    return depth * cov - rng.uniform(0.1, 0.35) * np.clip(halo - cov, 0, 1)


def downsample(cov, factor):
    h, w = cov.shape[0] // factor * factor, cov.shape[1] // factor * factor
    return cov[:h, :w].reshape(h // factor, factor, w // factor, factor).mean(axis=(1, 3))


def warp_matrix(rng, w, h, s):
    """A small similarity + shear + stretch + keystone about the image centre."""
    angle = math.radians(rng.uniform(-1.2, 1.2) * s)
    c, n = math.cos(angle), math.sin(angle)
    stretch = 1 + rng.uniform(-0.06, 0.06) * s
    shear = rng.uniform(-0.06, 0.06) * s
    to_centre = np.array([[1, 0, -w / 2], [0, 1, -h / 2], [0, 0, 1]])
    back = np.array([[1, 0, w / 2], [0, 1, h / 2], [0, 0, 1]])
    affine = np.array([[c, -n, 0], [n, c, 0], [0, 0, 1]]) @ np.array([[stretch, shear, 0], [0, 1, 0], [0, 0, 1]])
    keystone = np.array([[1, 0, 0], [0, 1, 0], [rng.uniform(-1, 1) * 0.03 * s / w, rng.uniform(-1, 1) * 0.03 * s / h, 1]])
    return back @ keystone @ affine @ to_centre


def apply_warp(img, m):
    """out(p) = img(m^-1 p), pixel centres at +0.5, bilinear, edges repeated."""
    h, w = img.shape
    inv = np.linalg.inv(m)
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float64) + 0.5
    den = inv[2, 0] * xs + inv[2, 1] * ys + inv[2, 2]
    u = (inv[0, 0] * xs + inv[0, 1] * ys + inv[0, 2]) / den - 0.5
    v = (inv[1, 0] * xs + inv[1, 1] * ys + inv[1, 2]) / den - 0.5
    return ndimage.map_coordinates(img, [v, u], order=1, mode="nearest")


def map_point(m, x, y):
    p = m @ np.array([x, y, 1.0])
    return p[0] / p[2], p[1] / p[2]


def low_frequency(rng, h, w, cells=4):
    """Smooth random field in about [-1, 1]."""
    coarse = rng.uniform(-1, 1, (cells, cells)).astype(np.float32)
    return np.asarray(Image.fromarray(coarse, "F").resize((w, h), Image.BICUBIC))


def motion_kernel(rng, length):
    size = int(math.ceil(length)) | 1
    kernel = np.zeros((size, size), np.float32)
    angle = rng.uniform(0, math.pi)
    for t in np.linspace(-length / 2, length / 2, 4 * size):
        kernel[int(round(size // 2 + t * math.sin(angle))), int(round(size // 2 + t * math.cos(angle)))] += 1
    return kernel / kernel.sum()


def degrade(rng, cov, cap, s, blank=False):
    """Print the coverage on paper and photograph it: a uint8 gray image."""
    h, w = cov.shape
    paper = rng.uniform(150, 250)
    contrast = rng.uniform(max(30.0, 200 - 160 * s), 220)
    ink = max(0.0, paper - contrast)
    if rng.random() < 0.3:  # faded or uneven ink
        cov = cov * (1 - 0.4 * s * (0.5 + 0.5 * low_frequency(rng, h, w, 8)))
    img = paper - (paper - ink) * cov
    if rng.random() < 0.4 or blank:  # security print behind the zone
        ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
        for _ in range(int(rng.integers(1, 3))):
            period = rng.uniform(2, 12) * max(1.0, cap / 20)
            a = rng.uniform(0, math.pi)
            wave = np.sin(2 * math.pi * (xs * math.cos(a) + ys * math.sin(a)) / period
                          + rng.uniform(2, 6) * np.sin(ys / (rng.uniform(0.5, 3) * cap)))
            img = img - rng.uniform(0, 25 * s) * (0.5 + 0.5 * wave)
    img = img * (1 + 0.35 * s * rng.uniform(0, 1) * low_frequency(rng, h, w, 3))
    sigma = rng.uniform(0.25, 0.4 + s * (0.3 + 0.03 * cap))
    img = ndimage.gaussian_filter(img, sigma)
    if rng.random() < 0.25:
        length = rng.uniform(0, s * (0.5 + 0.05 * cap))
        if length > 1:
            img = ndimage.convolve(img, motion_kernel(rng, length), mode="nearest")
    if rng.random() < 0.3:  # captured smaller, then rectified up
        f = 1 + rng.uniform(0, s)
        small = Image.fromarray(img.astype(np.float32), "F").resize((max(1, int(w / f)), max(1, int(h / f))), Image.BOX)
        img = np.asarray(small.resize((w, h), Image.BILINEAR))
    img = img + rng.normal(0, rng.uniform(0, 3 + 10 * s), img.shape)
    out = np.clip(np.round(img), 0, 255).astype(np.uint8)
    if rng.random() < 0.5:
        buffer = io.BytesIO()
        Image.fromarray(out).save(buffer, "JPEG", quality=int(rng.uniform(95 - 65 * s, 95)))
        out = np.asarray(Image.open(io.BytesIO(buffer.getvalue())).convert("L"))
    return out


def jitter(rng, cells, g):
    """The segmenter's inaccuracies, uniform within g times the contract's bounds, per cell."""
    out = []
    for label, cx, top, bottom, pitch in cells:
        h = bottom - top
        out.append((label,
                    cx + rng.uniform(-0.15, 0.15) * g * pitch,
                    top + rng.uniform(-0.10, 0.10) * g * h,
                    bottom + rng.uniform(-0.10, 0.10) * g * h,
                    pitch * (1 + rng.uniform(-0.08, 0.08) * g)))
    return out


def render_block(rng, settings):
    """One degraded image of 1-3 MRZ lines: (gray uint8 image, [(label, cx, top, bottom, pitch)], cap height)."""
    s = rng.uniform(*settings["strength"])
    cap = math.exp(rng.uniform(*np.log(settings["cap"])))
    ratio = rng.uniform(*settings["ratio"])  # cap height / pitch; the font's own is CAP_EM / ADVANCE_EM
    factor = max(1, math.ceil(44 / cap))  # render with the cap height at least 44 px
    hi_cap, hi_pitch = cap * factor, cap * factor / ratio
    lines = int(rng.integers(1, 4))
    texts = [random_text(rng, int(rng.integers(12, 45))) for _ in range(lines)]
    margins = (rng.uniform(0, 2) * hi_pitch, rng.uniform(0, 2) * hi_pitch,
               rng.uniform(0.1, 1.5) * hi_cap, rng.uniform(0.1, 1.5) * hi_cap)
    cov, cells = render_coverage(rng, texts, hi_cap, hi_pitch, rng.uniform(1.5, 2.0) * hi_cap, margins)
    if rng.random() < 0.7 + 0.3 * settings["bold"]:
        cov = change_stroke(rng, cov, hi_cap, s, settings["bold"])
    if settings["finish"] and rng.random() < settings["finish"]:
        cov = inkjet(rng, cov, hi_cap) if rng.random() < 0.5 else engrave(rng, cov, hi_cap)
    cov = downsample(cov, factor)
    m = warp_matrix(rng, cov.shape[1], cov.shape[0], s)
    cov = apply_warp(cov, m)
    placed = []
    for label, cx, top, base in cells:
        cx, top, base = cx / factor, top / factor, base / factor
        mid = (top + base) / 2
        xc, _ = map_point(m, cx, mid)
        _, yt = map_point(m, cx, top)
        _, yb = map_point(m, cx, base)
        xl, yl = map_point(m, cx - hi_pitch / factor / 2, mid)
        xr, yr = map_point(m, cx + hi_pitch / factor / 2, mid)
        placed.append((label, xc, yt, yb, math.hypot(xr - xl, yr - yl)))
    return degrade(rng, cov, cap, s), jitter(rng, placed, settings["geometry"]), cap


def blank_patches(rng, settings, count):
    """Cells cut from paper with no print on it (background, texture, noise), and the cap height."""
    s = rng.uniform(*settings["strength"])
    cap = math.exp(rng.uniform(*np.log(settings["cap"])))
    h, w = int(cap * 3), int(cap * 12)
    gray = degrade(rng, np.zeros((h, w), np.float32), cap, s, blank=rng.random() < 0.5)
    out = []
    for _ in range(count):
        cx, top = rng.uniform(0, w), rng.uniform(-0.2 * cap, h - cap)
        out.append(patch.sample(gray, cx, top, top + cap, cap / rng.uniform(*settings["ratio"])))
    return out, cap


def generate(name, samples, seed):
    settings = SETS[name]
    rng = np.random.default_rng(seed)
    patches, labels, caps = [], [], []
    while len(labels) < samples:
        if rng.random() < settings["blank"] * 4:  # about `blank` of the patches
            blanks, cap = blank_patches(rng, settings, 10)
            patches += blanks
            labels += [-1] * len(blanks)
            caps += [cap] * len(blanks)
            continue
        gray, cells, cap = render_block(rng, settings)
        for label, cx, top, bottom, pitch in cells:
            patches.append(patch.sample(gray, cx, top, bottom, pitch))
            labels.append(label)
            caps.append(cap)
    order = rng.permutation(len(labels))[:samples]
    data = np.round(np.stack(patches) * 255).astype(np.uint8)[order]
    return data, np.array(labels, np.int8)[order], np.array(caps, np.float32)[order]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--set", choices=sorted(SETS), required=True)
    parser.add_argument("--samples", type=int, required=True)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    start = time.time()
    data, labels, caps = generate(args.set, args.samples, args.seed)
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    np.savez(args.out, patches=data, labels=labels, caps=caps)
    print(f"{args.set}: {len(labels)} patches in {time.time() - start:.0f} s -> {args.out}")


if __name__ == "__main__":
    main()
