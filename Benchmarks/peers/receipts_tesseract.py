#!/usr/bin/env python3
"""The peer for receipt extraction: plain Tesseract and regular expressions.

Each photo goes through the `tesseract` command as it is (`tesseract PHOTO stdout`, its default
page segmentation, one thread through OMP_THREAD_LIMIT=1), and regular expressions pick the
total (the last amount on the last line saying TOTAL but not SUBTOTAL, or AMOUNT DUE, SUMME,
TONG CONG) and the date (the first of the common numeric and month-name forms, month first
unless the day is above 12 or the date is dotted). This is what a quick script would do; it is
the baseline that Papers' extraction must beat.

Used by Benchmarks/receipts_eval.py; run on its own it prints one JSON object per photo:
    python3 Benchmarks/peers/receipts_tesseract.py PHOTO...
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time

MONTHS = {m: i + 1 for i, m in enumerate(
    ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"])}
AMOUNT = re.compile(r"(\d{1,3}(?:[.,]\d{3})*[.,]\d{2}|\d+[.,]\d{2})(?!\d)")
TOTAL = re.compile(r"\b(grand total|total|amount due|balance due|summe|gesamtbetrag|tong cong)\b", re.I)
SUBTOTAL = re.compile(r"sub\s*-?\s*total|zwischensumme|tam tinh|savings|items", re.I)
DATES = [
    (re.compile(r"\b(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})\b"), "ymd"),
    (re.compile(r"\b(\d{1,2})\.(\d{1,2})\.(\d{2,4})\b"), "dmy"),
    (re.compile(r"\b(\d{1,2})[/-](\d{1,2})[/-](\d{2,4})\b"), "mdy"),
    (re.compile(r"\b([A-Za-z]{3})[a-z]*\.? (\d{1,2}),? (\d{4})\b"), "Mdy"),
    (re.compile(r"\b(\d{1,2})[ -]([A-Za-z]{3})[a-z]*[ -](\d{2,4})\b"), "dMy"),
]


def ocr(path: str) -> tuple[str, float]:
    """Tesseract's text of the photo and the wall time of the command, in seconds."""
    env = dict(os.environ, OMP_THREAD_LIMIT="1")
    start = time.perf_counter()
    out = subprocess.run(["tesseract", path, "stdout"], capture_output=True, text=True, env=env, check=False)
    return out.stdout, time.perf_counter() - start


def amount(text: str) -> float | None:
    text = text.replace(" ", "")
    if re.search(r",\d{2}$", text):
        text = text.replace(".", "").replace(",", ".")
    else:
        text = text.replace(",", "")
    try:
        return float(text)
    except ValueError:
        return None


def total(text: str) -> float | None:
    found = None
    for line in text.splitlines():
        if TOTAL.search(line) and not SUBTOTAL.search(line):
            amounts = AMOUNT.findall(line)
            if amounts:
                found = amount(amounts[-1])
    return found


def date(text: str) -> str | None:
    for pattern, order in DATES:
        for match in pattern.finditer(text):
            a, b, c = match.groups()
            try:
                if order == "ymd":
                    y, m, d = int(a), int(b), int(c)
                elif order == "dmy":
                    d, m, y = int(a), int(b), int(c)
                elif order == "mdy":
                    m, d, y = int(a), int(b), int(c)
                    if m > 12:
                        m, d = d, m
                elif order == "Mdy":
                    m, d, y = MONTHS.get(a.lower()[:3], 0), int(b), int(c)
                else:
                    d, m, y = int(a), MONTHS.get(b.lower()[:3], 0), int(c)
            except ValueError:
                continue
            if y < 100:
                y += 2000
            if 1 <= m <= 12 and 1 <= d <= 31 and 1990 <= y <= 2099:
                return f"{y:04d}-{m:02d}-{d:02d}"
    return None


def extract(path: str) -> dict:
    text, seconds = ocr(path)
    return {"file": path, "total": total(text), "date": date(text), "seconds": seconds}


if __name__ == "__main__":
    for photo in sys.argv[1:]:
        print(json.dumps(extract(photo)))
