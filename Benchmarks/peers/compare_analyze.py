#!/usr/bin/env python3
"""Papers' per-frame capture analysis against OpenCV doing the same steps, in one run.

For each frame (synthetic 1920×1080 photos from `papers synth`, or the images given), both
sides are timed on one thread with decoding excluded:

  Papers   `papers bench analyze IMAGE --iterations K --json`  (its `medianMs`)
  OpenCV   the classic document-scanner pipeline, `cv2.setNumThreads(1)`:
             grayscale (cvtColor) → area resize to a 480-pixel long side → Gaussian 5×5 →
             Canny → findContours → approxPolyDP, the largest convex 4-gon as the quad →
             warpPerspective of the full-resolution gray to 512 wide → Laplacian variance
             (sharpness) and the fraction of pixels ≥ 250 (glare ratio) on the warped document.

Papers does more in its time (sub-pixel corner refinement from edge lines, directional
sharpness, glare blobs, exposure, guidance), so the comparison is not flattering to Papers.
The last line printed is one JSON object.

Usage (from the repository root, after `swift build -c release --product papers`):
    python3 Benchmarks/peers/compare_analyze.py [--papers .build/release/papers] [-k 30] [IMAGE ...]
"""

from __future__ import annotations

import argparse
import importlib
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def ensure_opencv():
    try:
        return importlib.import_module("cv2")
    except ImportError:
        print("installing opencv-python-headless …", file=sys.stderr)
        subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "opencv-python-headless"], check=True)
        importlib.invalidate_caches()
        return importlib.import_module("cv2")


def opencv_analyze(cv2, np, frame):
    """The OpenCV pipeline on one BGR frame; returns (quad or None, sharpness, glare ratio)."""
    gray = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
    h, w = gray.shape
    scale = 480.0 / max(h, w)
    small = cv2.resize(gray, (round(w * scale), round(h * scale)), interpolation=cv2.INTER_AREA)
    small = cv2.GaussianBlur(small, (5, 5), 0)
    edges = cv2.Canny(small, 50, 150)
    contours, _ = cv2.findContours(edges, cv2.RETR_LIST, cv2.CHAIN_APPROX_SIMPLE)
    quad = None
    for contour in sorted(contours, key=cv2.contourArea, reverse=True)[:10]:
        approx = cv2.approxPolyDP(contour, 0.02 * cv2.arcLength(contour, True), True)
        if len(approx) == 4 and cv2.isContourConvex(approx):
            quad = approx.reshape(4, 2).astype(np.float32) / scale
            break
    if quad is None:  # no document: judge the centre of the frame, as Papers does
        quad = np.float32([[w * 0.2, h * 0.2], [w * 0.8, h * 0.2], [w * 0.8, h * 0.8], [w * 0.2, h * 0.8]])
    # Order the corners clockwise from the top-left.
    s, d = quad.sum(axis=1), np.diff(quad, axis=1).ravel()
    ordered = np.float32([quad[np.argmin(s)], quad[np.argmin(d)], quad[np.argmax(s)], quad[np.argmax(d)]])
    top = np.linalg.norm(ordered[1] - ordered[0])
    side = np.linalg.norm(ordered[3] - ordered[0])
    out_w = 512
    out_h = max(16, int(out_w * side / max(top, 1)))
    target = np.float32([[0, 0], [out_w, 0], [out_w, out_h], [0, out_h]])
    warped = cv2.warpPerspective(gray, cv2.getPerspectiveTransform(ordered, target), (out_w, out_h))
    sharpness = cv2.Laplacian(warped, cv2.CV_64F).var()
    glare = float(np.count_nonzero(warped >= 250)) / warped.size
    return ordered, sharpness, glare


def time_opencv(cv2, np, path: Path, iterations: int) -> float:
    frame = cv2.imread(str(path), cv2.IMREAD_COLOR)
    if frame is None:
        raise SystemExit(f"OpenCV cannot read {path}")
    opencv_analyze(cv2, np, frame)  # warm-up
    times = []
    for _ in range(iterations):
        start = time.perf_counter()
        opencv_analyze(cv2, np, frame)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median_low(times)


def time_papers(binary: Path, path: Path, iterations: int) -> float:
    out = subprocess.run([str(binary), "bench", "analyze", str(path), "--iterations", str(iterations), "--json"],
                         check=True, capture_output=True, text=True).stdout
    return json.loads(out.strip().splitlines()[-1])["medianMs"]


def synthesize(binary: Path, folder: Path, count: int, seed: int) -> list[Path]:
    subprocess.run([str(binary), "synth", "--count", str(count), "--seed", str(seed),
                    "--size", "1920x1080", "--out", str(folder)], check=True, capture_output=True)
    return sorted(folder.glob("*.jpg"))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--papers", default=str(REPO / ".build/release/papers"))
    parser.add_argument("-k", "--iterations", type=int, default=30, help="timed runs per frame (default 30)")
    parser.add_argument("-n", "--count", type=int, default=8, help="synthetic 1920×1080 frames (default 8)")
    parser.add_argument("--seed", type=int, default=1080)
    parser.add_argument("images", nargs="*", type=Path, help="frames to use instead of synthetic ones")
    args = parser.parse_args()

    binary = Path(args.papers)
    if not binary.exists():
        print(f"{binary} not found: run `swift build -c release --product papers` first", file=sys.stderr)
        return 2
    cv2 = ensure_opencv()
    import numpy as np

    cv2.setNumThreads(1)
    cv2.setUseOptimized(True)
    with tempfile.TemporaryDirectory() as temporary:
        images = args.images or synthesize(binary, Path(temporary), args.count, args.seed)
        rows = []
        for path in images:
            papers_ms = time_papers(binary, path, args.iterations)
            opencv_ms = time_opencv(cv2, np, path, args.iterations)
            rows.append({"image": path.name, "papersMs": papers_ms, "opencvMs": opencv_ms})
            print(f"  {path.name:<14} Papers {papers_ms:7.2f} ms   OpenCV {opencv_ms:7.2f} ms", file=sys.stderr)

    papers = statistics.median([r["papersMs"] for r in rows])
    opencv = statistics.median([r["opencvMs"] for r in rows])
    print(f"per-frame analysis, one thread, median over {len(rows)} frames of the per-frame medians:")
    print(f"  Papers                         {papers:7.2f} ms")
    print(f"  OpenCV {cv2.__version__:<23} {opencv:7.2f} ms")
    print(f"  Papers / OpenCV time ratio     {papers / opencv:7.2f}  (target ≤ 0.5)")
    print(json.dumps({"papersMs": papers, "opencvMs": opencv, "ratio": papers / opencv,
                      "opencv": cv2.__version__, "frames": rows}, separators=(",", ":")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
