#!/usr/bin/env python3
"""Printed licence fronts: field accuracy and time of `papers scan`, beside plain Tesseract.

Makes (or reuses) synthetic licence fronts with `papers synth --documents licence-front` — the
development layout the extractor is developed on (labels above or left of their values,
unnumbered names, Liberation fonts), the tuning layout (AAMVA field numbers, DejaVu Sans) and the
held-out one (never tuned on; measure it once, at the end) — reads every photo with
`papers scan --json` and compares each field with the truth (the card's barcode data). The peer
is the `tesseract` command alone on the same photo, one thread: what text recognition costs
before any field is found. Papers' time is a whole scan (capture analysis, MRZ and barcode
search, portrait, OCR of the straightened card, fields).

Usage (from the repository root):
    python3 Benchmarks/licence_fronts_eval.py --papers .build/release/papers --count 25 --variant development
Prints one Markdown table per set and, last, one JSON object with every figure.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import time

FIELDS = ["lastName", "firstName", "middleName", "dob", "issuingDate", "expiryDate", "idNumber", "gender",
          "addressLine", "city", "subdivision", "postCode"]


def synth(papers: str, variant: str, count: int, seed: int, folder: str) -> str:
    out = os.path.join(folder, f"licence-front-{variant}-{seed}-{count}")
    if not os.path.exists(os.path.join(out, "truth.jsonl")):
        subprocess.run([papers, "synth", "--documents", "licence-front", "--variant", variant, "--count", str(count),
                        "--seed", str(seed), "--size", "1280x960", "--out", out], check=True, capture_output=True)
    return out


def timed(command: list[str], env: dict | None = None) -> tuple[subprocess.CompletedProcess, float]:
    start = time.perf_counter()
    out = subprocess.run(command, capture_output=True, text=True, check=False, env=env)
    return out, time.perf_counter() - start


def evaluate(papers: str, folder: str) -> dict:
    entries = [json.loads(line) for line in open(os.path.join(folder, "truth.jsonl"))]
    hits = {field: 0 for field in FIELDS}
    present = {field: 0 for field in FIELDS}
    read, complete, papers_times, peer_times = 0, 0, [], []
    env = dict(os.environ, OMP_THREAD_LIMIT="1")
    for entry in entries:
        path = os.path.join(folder, entry["file"])
        truth = entry["truth"]
        out, seconds = timed([papers, "scan", "--json", path])
        papers_times.append(seconds)
        _, peer_seconds = timed(["tesseract", path, "-", "--psm", "3"], env=env)
        peer_times.append(peer_seconds)
        got = json.loads(out.stdout) if out.returncode == 0 and out.stdout.strip() else {}
        if got.get("extractionMethod") == "OCR":
            read += 1
        all_right = True
        for field in FIELDS:
            if truth.get(field) is None:
                continue
            present[field] += 1
            if got.get(field) == truth[field]:
                hits[field] += 1
            else:
                all_right = False
        complete += all_right
    count = len(entries)
    return {
        "photos": count,
        "read": read,
        "allFieldsRight": complete,
        "fields": {field: round(hits[field] / present[field], 3) if present[field] else None for field in FIELDS},
        "fieldAccuracy": round(sum(hits.values()) / max(1, sum(present.values())), 3),
        "papersMedianSeconds": round(statistics.median(papers_times), 3),
        "tesseractMedianSeconds": round(statistics.median(peer_times), 3),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--papers", default=".build/release/papers")
    parser.add_argument("--count", type=int, default=25)
    parser.add_argument("--seed", type=int, default=21)
    parser.add_argument("--folder", default="/tmp/papers-licence-fronts")
    parser.add_argument("--variant", action="append", choices=["development", "tuning", "held-out"],
                        help="a layout to measure (repeatable; all three when none is given)")
    args = parser.parse_args()
    results = {}
    for variant in args.variant or ["development", "tuning", "held-out"]:
        figures = evaluate(args.papers, synth(args.papers, variant, args.count, args.seed, args.folder))
        results[variant] = figures
        print(f"\n### Licence fronts, {variant} ({figures['photos']} photos)\n")
        print("| Measure | Value |\n|:--|--:|")
        print(f"| read as a printed front (OCR) | {figures['read']} |")
        print(f"| every field right | {figures['allFieldsRight']} |")
        print(f"| fields right, all | {figures['fieldAccuracy']:.1%} |")
        for field, share in figures["fields"].items():
            if share is not None:
                print(f"| {field} | {share:.1%} |")
        print(f"| median time, papers scan | {figures['papersMedianSeconds']} s |")
        print(f"| median time, tesseract alone | {figures['tesseractMedianSeconds']} s |")
    print(json.dumps(results))


if __name__ == "__main__":
    main()
