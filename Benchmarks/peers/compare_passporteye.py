#!/usr/bin/env python3
"""Papers' photo → MRZ against PassportEye (with Tesseract) on the same photos, in one run.

The photos are synthetic passports, ID cards and visas with a real MRZ and known truth, written
by `papers synth --documents identity` (1920×1080, JPEG). For each photo:

  Papers       `papers bench scan PHOTO --iterations K --json` (its `medianMs`: capture
               analysis, rectification and MRZ reading on one thread, decoding excluded), and
               the lines of `papers scan --json DIR` for the read rate;
  PassportEye  `passporteye.read_mrz(PHOTO)` timed with `time.perf_counter` (it decodes the file
               itself, which costs it about 10 ms of its time), its `raw_text` for the read rate.

A photo is "readable" as `papers eval mrz` counts it: not heavily blurred, the document inside the
frame, exposure within 0.6–1.4 of normal, and no glare spot saturating MRZ characters.
A reading is exact when its lines equal the truth; for Papers it must also be verified (every
check digit holds, no uncertain character). "wrong but verified" counts Papers readings that
claim to be verified and are not the truth. The last line printed is one JSON object.

Usage (from the repository root, after `swift build -c release --product papers`):
    python3 Benchmarks/peers/compare_passporteye.py [--papers .build/release/papers] [--count 30] [--seed 11]
Needs `pip install passporteye` and Debian's `tesseract-ocr` (installed when missing).
"""

from __future__ import annotations

import argparse
import importlib
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import warnings
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def ensure_passporteye():
    if shutil.which("tesseract") is None:
        print("installing tesseract-ocr …", file=sys.stderr)
        subprocess.run(["apt-get", "install", "-y", "-qq", "tesseract-ocr"], check=True)
    try:
        return importlib.import_module("passporteye")
    except ImportError:
        print("installing passporteye …", file=sys.stderr)
        subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "passporteye"], check=True)
        importlib.invalidate_caches()
        return importlib.import_module("passporteye")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--papers", default=str(REPO / ".build/release/papers"))
    parser.add_argument("--count", type=int, default=30)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("-k", "--iterations", type=int, default=3, help="timed Papers runs per photo")
    args = parser.parse_args()
    warnings.filterwarnings("ignore")
    passporteye = ensure_passporteye()

    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        subprocess.run([args.papers, "synth", "--documents", "identity", "--count", str(args.count), "--seed",
                        str(args.seed), "--size", "1920x1080", "--out", str(out)], check=True)
        truths = {}
        for line in (out / "truth.jsonl").read_text().splitlines():
            entry = json.loads(line)
            truths[entry["file"]] = entry["truth"]

        scanned = subprocess.run([args.papers, "scan", "--json", str(out)], capture_output=True, text=True)
        papers_lines, papers_verified = {}, {}
        for line in scanned.stdout.splitlines():
            result = json.loads(line)
            sides = result.get("scan", {}).get("sides", [])
            mrz = sides[0].get("mrz") if sides else None
            if mrz:
                papers_lines[result["file"]] = mrz["lines"]
                papers_verified[result["file"]] = mrz["verified"]

        rows = []
        for name, truth in sorted(truths.items()):
            photo = str(out / name)
            bench = subprocess.run([args.papers, "bench", "scan", photo, "--iterations", str(args.iterations), "--json"],
                                   capture_output=True, text=True, check=True)
            papers_ms = json.loads(bench.stdout)["medianMs"]
            start = time.perf_counter()
            try:
                mrz = passporteye.read_mrz(photo)
            except Exception:  # PassportEye raises on some photos; that is a failed read
                mrz = None
            eye_ms = (time.perf_counter() - start) * 1000
            eye_lines = mrz.to_dict().get("raw_text", "").split("\n") if mrz is not None else None
            readable = (not truth["heavyBlur"] and truth["documentInFrame"] and 0.6 <= truth["exposureGain"] <= 1.4
                        and not truth.get("mrzObscuredByGlare", False))
            rows.append({
                "file": name, "readable": readable, "papersMs": papers_ms, "passportEyeMs": eye_ms,
                "papersExact": papers_lines.get(name) == truth["mrzLines"] and papers_verified.get(name, False),
                "papersWrongVerified": papers_verified.get(name, False) and papers_lines.get(name) != truth["mrzLines"],
                "passportEyeExact": eye_lines == truth["mrzLines"],
            })
            print(f"{name}: Papers {papers_ms:7.1f} ms {'exact' if rows[-1]['papersExact'] else '-----'}   "
                  f"PassportEye {eye_ms:7.1f} ms {'exact' if rows[-1]['passportEyeExact'] else '-----'}"
                  f"{'' if readable else '   (not readable by a person)'}", file=sys.stderr)

    readable = [r for r in rows if r["readable"]]
    papers_median = statistics.median(r["papersMs"] for r in rows)
    eye_median = statistics.median(r["passportEyeMs"] for r in rows)
    summary = {
        "photos": len(rows), "readable": len(readable),
        "papersMedianMs": round(papers_median, 2), "passportEyeMedianMs": round(eye_median, 1),
        "timeRatio": round(papers_median / eye_median, 4),
        "papersReadRate": round(sum(r["papersExact"] for r in readable) / max(1, len(readable)), 3),
        "passportEyeReadRate": round(sum(r["passportEyeExact"] for r in readable) / max(1, len(readable)), 3),
        "papersWrongButVerified": sum(r["papersWrongVerified"] for r in rows),
    }
    print(f"photo → MRZ, median per photo: Papers {papers_median:.1f} ms, PassportEye {eye_median:.0f} ms "
          f"→ Papers takes {summary['timeRatio']:.3f} of PassportEye's time (goal ≤ 0.05)")
    print(f"read exactly, readable photos: Papers {summary['papersReadRate'] * 100:.1f}%, "
          f"PassportEye {summary['passportEyeReadRate'] * 100:.1f}% (of {len(readable)}); "
          f"Papers wrong but verified: {summary['papersWrongButVerified']}")
    print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
