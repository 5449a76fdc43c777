#!/usr/bin/env python3
"""Papers' barcode reader against calling zxing-cpp directly, on the same images.

Target: PDF417 decoding within 1.2x of plain zxing-cpp.

For each image both sides decode the same 8-bit gray pixels (libpng's simplified API reads the
PNG on both sides) on one thread, decoding of the file excluded:

  Papers   `papers bench barcode IMAGE --iterations N --symbology S --json`  (its `medianMs`):
           ZXingBarcodeReader with its default configuration. On an image its first pass
           reads, that is one zxing pass plus the wrapping (options, result copies).
  direct   `zxing_direct IMAGE N S` (zxing_direct.cpp, g++ -O2, -lZXing -lpng16):
           ZXing::ReadBarcodes with zxing's default hints, formats restricted the same way.

Only stdlib Python; needs g++, libzxing-dev and libpng-dev. The last line printed is one JSON object.

Usage (from the repository root, after `swift build -c release --product papers`):
    python3 Benchmarks/peers/compare_barcodes.py [--papers .build/release/papers] [-n 30]
        [--symbology pdf417|qr|all] [IMAGE ...]
Without images: the PDF417 samples of /work/shared/data/barcodes (or --data DIR).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
TARGET_RATIO = 1.2


def build_direct(out_dir: Path) -> Path:
    binary = out_dir / "zxing_direct"
    subprocess.run(["g++", "-O2", "-std=c++17", "-w", str(HERE / "zxing_direct.cpp"), "-o", str(binary), "-lZXing", "-lpng16"],
                   check=True)
    return binary


def run_json(command: list[str]) -> dict:
    out = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--papers", default=str(REPO / ".build/release/papers"), help="the papers executable (release build)")
    parser.add_argument("-n", "--iterations", type=int, default=30, help="timed runs per image and side")
    parser.add_argument("--symbology", choices=["pdf417", "qr", "all"], default="pdf417")
    parser.add_argument("--data", default=str(REPO.parent / "shared/data/barcodes"), help="folder of sample images")
    parser.add_argument("images", nargs="*", help="PNG images (default: the samples matching --symbology)")
    args = parser.parse_args()

    papers = Path(args.papers)
    if not papers.exists():
        print(f"{papers} not found: run `swift build -c release --product papers` first", file=sys.stderr)
        return 2
    images = [Path(p) for p in args.images]
    if not images:
        data = Path(args.data)
        names = {"pdf417": ("pdf417", "aamva"), "qr": ("qr",), "all": ("pdf417", "aamva", "qr")}[args.symbology]
        images = sorted(p for p in data.glob("*.png") if any(n in p.name for n in names))
    if not images:
        print("no images", file=sys.stderr)
        return 2

    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        direct = build_direct(Path(tmp))
        print(f"{'image':42} {'size':>10} {'papers ms':>10} {'direct ms':>10} {'ratio':>6}  found p/d")
        for image in images:
            d = run_json([str(direct), str(image), str(args.iterations), args.symbology])
            p = run_json([str(papers), "bench", "barcode", str(image), "--iterations", str(args.iterations),
                          "--symbology", args.symbology, "--json"])
            ratio = p["medianMs"] / d["medianMs"] if d["medianMs"] > 0 else float("inf")
            size = f"{p['width']}x{p['height']}"
            print(f"{image.name:42} {size:>10} {p['medianMs']:10.3f} {d['medianMs']:10.3f} {ratio:6.2f}  "
                  f"{p['found']}/{d['found']}")
            rows.append({"image": image.name, "papersMs": p["medianMs"], "directMs": d["medianMs"], "ratio": ratio, "papersFound": p["found"],
                         "directFound": d["found"]})
    # Images plain zxing cannot read run Papers' retries: not the same work, so not in the verdict.
    comparable = [r for r in rows if r["directFound"] > 0]
    worst = max((r["ratio"] for r in comparable), default=float("nan"))
    total_ratio = sum(r["papersMs"] for r in comparable) / max(sum(r["directMs"] for r in comparable), 1e-9)
    median_ratio = statistics.median(r["ratio"] for r in comparable) if comparable else float("nan")
    ok = bool(comparable) and total_ratio <= TARGET_RATIO
    print(f"\nsummed time ratio {total_ratio:.3f}, median per-image ratio {median_ratio:.3f}, worst {worst:.3f} "
          f"(target <= {TARGET_RATIO}: {'met' if ok else 'NOT met'}; {len(rows) - len(comparable)} image(s) plain zxing cannot read left out)")
    print(json.dumps({"symbology": args.symbology, "iterations": args.iterations, "summedRatio": round(total_ratio, 4),
                      "medianRatio": round(median_ratio, 4), "worstRatio": round(worst, 4), "targetMet": ok, "images": rows}))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
