#!/usr/bin/env python3
"""Papers' face pipeline against dlib called from C++, on the same photos, in one run.

Per photo, both sides time on one thread, decoding excluded, the largest face:

  Papers   `papers bench faces PHOTO... --iterations K --json`
  dlib     Benchmarks/peers/dlib_faces.cpp, built here against the same libdlib: what Python's
           face_recognition 1.3 does for face_locations(img, 0) + face_encodings(img,
           model="small") — HOG detector on the whole photo, 5-point landmarks,
           get_face_chip_details(shape, 150, 0.25) + extract_image_chip, the ResNet descriptor.

face_recognition itself needs PyPI's `dlib`, which has no wheel and compiles from source for
far longer than a benchmark run should wait, so its C++ core stands in for it. The photos are
the test images `scripts/face-fixtures` fetches. Prints a table, then one JSON object.

Usage (from the repository root, after `scripts/face-fixtures` and
`swift build -c release --product papers`):
    python3 Benchmarks/peers/compare_faces.py [--papers .build/release/papers] [-k 5] [PHOTO ...]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
PHOTOS = REPO / ".build/face-fixtures/photos"
DEFAULT_PHOTOS = ["face_recognition/obama.jpg", "face_recognition/obama2.jpg", "face_recognition/obama3.jpg",
                  "face_recognition/biden.jpg", "dlib/Tom_Cruise_avp_2014_4.jpg"]
STAGES = ["detectMs", "landmarksMs", "chipMs", "descriptorMs", "totalMs"]


def build_peer() -> Path:
    source = REPO / "Benchmarks/peers/dlib_faces.cpp"
    binary = REPO / ".build/peers/dlib_faces"
    if not binary.exists() or binary.stat().st_mtime < source.stat().st_mtime:
        binary.parent.mkdir(parents=True, exist_ok=True)
        print("building the dlib peer (about a minute) …", file=sys.stderr)
        subprocess.run(["g++", "-O2", "-std=c++17", str(source), "-o", str(binary), "-ldlib",
                        "-l:libblas.so.3", "-l:liblapack.so.3", "-ljpeg", "-lpng"], check=True)
    return binary


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--papers", default=str(REPO / ".build/release/papers"))
    parser.add_argument("-k", "--iterations", type=int, default=5)
    parser.add_argument("photos", nargs="*")
    args = parser.parse_args()
    photos = args.photos or [str(PHOTOS / p) for p in DEFAULT_PHOTOS]
    models = os.environ.get("PAPERS_FACE_MODELS", str(Path.home() / ".local/share/papers/face-models"))

    peer = build_peer()
    papers = json.loads(subprocess.run([args.papers, "bench", "faces", "--iterations", str(args.iterations), "--json",
                                        *photos], check=True, capture_output=True, text=True).stdout)
    dlib = json.loads(subprocess.run([str(peer), models, str(args.iterations), *photos], check=True,
                                     capture_output=True, text=True).stdout)
    print(f"{len(photos)} photos, median of {args.iterations} runs each, median over photos (ms)")
    print(f"{'stage':<12} {'Papers':>9} {'dlib C++':>9} {'ratio':>7}")
    for stage in STAGES:
        ratio = papers[stage] / dlib[stage] if dlib[stage] else float("nan")
        print(f"{stage[:-2]:<12} {papers[stage]:>9.2f} {dlib[stage]:>9.2f} {ratio:>6.2f}×")
    print(json.dumps({"papers": papers, "dlib": dlib}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
