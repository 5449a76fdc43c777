#!/usr/bin/env python3
"""Receipt and W-2 extraction: field accuracy and time of `papers scan`, beside the peer.

Makes (or reuses) synthetic sets with `papers synth --documents receipt|w2` — the tuning
variant and the held-out one (fonts, layouts and wordings never tuned on) — reads every photo
with `papers scan --type receipt|w2 --json`, and compares each field with the truth. On the
receipts, the peer (Benchmarks/peers/receipts_tesseract.py: plain `tesseract` and regular
expressions) reads the same photos, and both are scored on the total and the date. Times are
the wall time per photo of each command, both single-threaded (OMP_THREAD_LIMIT=1 for the
tesseract command; Papers limits Tesseract's OpenMP itself).

Usage (from the repository root):
    python3 Benchmarks/receipts_eval.py --papers .build/release/papers --count 25 [--folder /tmp/papers-receipts]
Prints one Markdown table per set and, last, one JSON object with every figure.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "peers"))
import receipts_tesseract  # noqa: E402

RECEIPT_FIELDS = ["vendor.name", "date (day)", "date and time", "currency_code", "subtotal", "tax", "tip", "total",
                  "line items (count)", "line items (totals)", "payment.type", "payment.card_number", "category"]
W2_TEXT = ["employee_ssn", "ein", "employer_name", "employer_address", "control_number", "employee_name",
           "employee_address", "field_12a_col1", "field_12b_col1", "field_12c_col1", "field_12d_col1"]
W2_AMOUNTS = ["wages_other_comps", "federal_income_tax", "ss_wages", "ss_tax", "medicare_wages", "medicare_tax",
              "ss_tips", "allocated_tips", "dependent_care_benefits", "non_qualified_plans",
              "field_12a_col2", "field_12b_col2", "field_12c_col2", "field_12d_col2"]


def same_amount(a, b) -> bool:
    if a is None or b is None:
        return a is None and b is None
    return abs(float(a) - float(b)) < 0.005


def synth(papers: str, kind: str, variant: str, count: int, seed: int, folder: str) -> str:
    out = os.path.join(folder, f"{kind}-{variant}-{seed}-{count}")
    if not os.path.exists(os.path.join(out, "truth.jsonl")):
        subprocess.run([papers, "synth", "--documents", kind, "--variant", variant, "--count", str(count),
                        "--seed", str(seed), "--out", out], check=True)
    return out


def scan(papers: str, kind: str, path: str) -> tuple[dict | None, float]:
    start = time.perf_counter()
    out = subprocess.run([papers, "scan", "--type", kind, "--json", path], capture_output=True, text=True, check=False)
    seconds = time.perf_counter() - start
    return (json.loads(out.stdout) if out.returncode == 0 and out.stdout.strip() else None), seconds


def receipt_scores(truth: dict, got: dict | None) -> dict[str, bool]:
    g = got or {}
    items = g.get("line_items") or []
    truth_items = truth["line_items"]
    date = g.get("date")
    payment = g.get("payment") or {}
    return {
        "vendor.name": (g.get("vendor") or {}).get("name", "") is not None
        and ((g.get("vendor") or {}).get("name") or "").upper() == truth["vendor_name"].upper(),
        "date (day)": bool(date) and date[:10] == truth["date"][:10],
        "date and time": date == truth["date"],
        "currency_code": g.get("currency_code") == truth["currency_code"],
        "subtotal": same_amount(g.get("subtotal"), truth["subtotal"]),
        "tax": same_amount(g.get("tax"), truth.get("tax")),
        "tip": same_amount(g.get("tip"), truth.get("tip")),
        "total": same_amount(g.get("total"), truth["total"]),
        "line items (count)": len(items) == len(truth_items),
        "line items (totals)": sorted(round(float(i["total"]), 2) for i in items)
        == sorted(round(float(i["total"]), 2) for i in truth_items),
        "payment.type": payment.get("type") == truth["payment_type"],
        "payment.card_number": payment.get("card_number") == truth.get("card_number"),
        "category": g.get("category") == truth["category"],
    }


def w2_scores(truth: dict, got: dict | None) -> dict[str, bool]:
    g = got or {}
    expected = dict(truth)
    for letter in "abcd":
        entry = truth.get(f"field_12{letter}")
        expected[f"field_12{letter}_col1"] = entry["code"] if entry else None
        expected[f"field_12{letter}_col2"] = entry["amount"] if entry else None
    scores = {key: (g.get(key) or None) == (expected.get(key) or None) for key in W2_TEXT}
    scores.update({key: same_amount(g.get(key), expected.get(key)) for key in W2_AMOUNTS})
    for key in ["is_13a", "is_13b", "is_13c"]:
        scores[key] = g.get(key) == expected[key]
    others = [(o["column_1"], round(float(o["column_2"]), 2)) for o in truth["field_14_other"]]
    got_others = [(o.get("column_1"), round(float(o["column_2"]), 2) if o.get("column_2") is not None else None)
                  for o in g.get("field_14_other") or []]
    scores["field_14_other"] = others == got_others
    states = [(s["state"], s["employer_state_id"], round(float(s["state_wages_tips"]), 2), round(float(s["state_income_tax"]), 2),
               s.get("locality_name")) for s in truth["states"]]
    got_states = [(s.get("state"), s.get("employer_state_id"),
                   round(float(s["state_wages_tips"]), 2) if s.get("state_wages_tips") is not None else None,
                   round(float(s["state_income_tax"]), 2) if s.get("state_income_tax") is not None else None,
                   s.get("locality_name")) for s in g.get("states") or []]
    scores["states[]"] = states == got_states
    return scores


def table(title: str, rows: list[tuple[str, str, str]]) -> str:
    lines = [f"\n### {title}\n", "| Field | Papers | Peer (tesseract + regex) |", "|:--|--:|--:|"]
    lines += [f"| {a} | {b} | {c} |" for a, b, c in rows]
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--papers", default=".build/release/papers")
    parser.add_argument("--count", type=int, default=25)
    parser.add_argument("--w2-count", type=int, default=12)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--folder", default="/tmp/papers-receipts")
    parser.add_argument("--sets", nargs="*", help="existing receipt set folders (kind and variant read from truth.jsonl)")
    args = parser.parse_args()
    report: dict = {}
    sets = args.sets or (
        [synth(args.papers, "receipt", v, args.count, args.seed + i, args.folder) for i, v in enumerate(["tuning", "held-out"])]
        + [synth(args.papers, "w2", v, args.w2_count, args.seed + i, args.folder) for i, v in enumerate(["tuning", "held-out"])])
    for folder in sets:
        entries = [json.loads(line) for line in open(os.path.join(folder, "truth.jsonl"))]
        is_w2 = "employee_ssn" in entries[0]["truth"]
        variant = entries[0].get("variant", "tuning")
        name = f"{'W-2' if is_w2 else 'receipts'} ({variant}, {len(entries)} photos)"
        ours: dict[str, int] = {}
        peer = {"total": 0, "date (day)": 0}
        our_times, peer_times = [], []
        for entry in entries:
            path = os.path.join(folder, entry["file"])
            got, seconds = scan(args.papers, "w2" if is_w2 else "receipt", path)
            our_times.append(seconds)
            scores = w2_scores(entry["truth"], got) if is_w2 else receipt_scores(entry["truth"], got)
            for key, ok in scores.items():
                ours[key] = ours.get(key, 0) + int(ok)
            if not is_w2:
                baseline = receipts_tesseract.extract(path)
                peer_times.append(baseline["seconds"])
                peer["total"] += int(same_amount(baseline["total"], entry["truth"]["total"]))
                peer["date (day)"] += int(baseline["date"] == entry["truth"]["date"][:10])
        n = len(entries)
        rows = [(key, f"{ours[key] / n:.0%}", f"{peer[key] / n:.0%}" if key in peer else "—") for key in ours]
        rows.append(("all fields", f"{sum(ours.values()) / (n * len(ours)):.0%}", "—"))
        rows.append(("median seconds per photo", f"{statistics.median(our_times):.2f}",
                     f"{statistics.median(peer_times):.2f}" if peer_times else "—"))
        print(table(name, rows))
        report[name] = {"papers": {k: v / n for k, v in ours.items()}, "peer": {k: v / n for k, v in peer.items()} if peer_times else None,
                        "papers_median_seconds": statistics.median(our_times),
                        "peer_median_seconds": statistics.median(peer_times) if peer_times else None}
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
