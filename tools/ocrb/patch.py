"""The classifier's input patch: the sampler of the segmenter contract, mirrored exactly by
Sources/PapersRecognition/MRZ/OCRB/CharacterPatch.swift.

Image coordinates are continuous with pixel (x, y) covering [x, x+1) x [y, y+1), so a pixel's
centre is at (x + 0.5, y + 0.5). A cell (center_x, top, bottom, pitch) is sampled over
x in [center_x - pitch/2, center_x + pitch/2], y in [top - H/4, bottom + H/4] with H = bottom - top,
into WIDTH x HEIGHT values: each output pixel averages k x k bilinear samples (k = ceil(region /
patch) per axis, at most MAX_TAPS), outside the image the nearest edge pixel is used. The values
are then normalised so that ink is 1 and paper 0.
"""
import math

import numpy as np

WIDTH, HEIGHT = 20, 28
MARGIN = 0.25      # of the cap height, above the top and below the baseline
MIN_RANGE = 24.0   # smallest gray range that is stretched to [0, 1]
MAX_TAPS = 16      # cap on k per axis


def axis_weights(start, length, n, size):
    """(first index, n x m matrix) such that samples = matrix @ pixels[first:first + m]."""
    k = min(MAX_TAPS, max(1, math.ceil(length / n)))
    step = length / n
    pos = start + (np.arange(n)[:, None] + (np.arange(k)[None, :] + 0.5) / k) * step - 0.5
    i0 = np.floor(pos)
    w = pos - i0
    i0 = i0.astype(np.int64)
    i1 = np.clip(i0 + 1, 0, size - 1)
    i0 = np.clip(i0, 0, size - 1)
    lo = int(i0.min())
    m = int(i1.max()) - lo + 1
    mat = np.zeros((n, m), np.float64)
    rows = np.repeat(np.arange(n), k)
    np.add.at(mat, (rows, (i0 - lo).ravel()), ((1 - w) / k).ravel())
    np.add.at(mat, (rows, (i1 - lo).ravel()), (w / k).ravel())
    return lo, mat


def raw_patch(gray, center_x, top, bottom, pitch):
    """The HEIGHT x WIDTH averaged bilinear samples (gray levels) of one cell."""
    h = bottom - top
    x0, y0 = center_x - pitch / 2, top - MARGIN * h
    xl, xm = axis_weights(x0, pitch, WIDTH, gray.shape[1])
    yl, ym = axis_weights(y0, h * (1 + 2 * MARGIN), HEIGHT, gray.shape[0])
    crop = gray[yl:yl + ym.shape[1], xl:xl + xm.shape[1]].astype(np.float64)
    return ym @ crop @ xm.T


def normalise(raw):
    """Ink (dark) to 1, paper (light) to 0; a range under MIN_RANGE gray levels is not stretched."""
    lo, hi = float(raw.min()), float(raw.max())
    if hi - lo < MIN_RANGE:
        lo = hi - MIN_RANGE
    return np.clip((hi - raw) / (hi - lo), 0.0, 1.0)


def sample(gray, center_x, top, bottom, pitch):
    """The classifier input for one cell: HEIGHT x WIDTH float32 in [0, 1], row-major."""
    if not (pitch > 0 and bottom > top):
        return np.zeros((HEIGHT, WIDTH), np.float32)
    return normalise(raw_patch(gray, center_x, top, bottom, pitch)).astype(np.float32)
