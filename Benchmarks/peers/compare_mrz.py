#!/usr/bin/env python3
"""Papers against Python peers, side by side, in one run, on the same inputs.

MRZ: N synthetic, valid MRZs (TD3, TD1 and TD2, seeded) are written to a temporary file;
`papers bench mrz FILE --iterations K --json` parses them, then the PyPI package `mrz`
checks and extracts the same MRZs, single-threaded, K rounds.

AAMVA: the repository's AAMVA samples (and `shared/data/aamva/*.txt` beside the repository,
when present) go through `papers bench aamva FILES --iterations K --json` and through the
PyPI package `aamva-parser`.

Both sides report parses per second over all rounds and the median over rounds of the
mean time per parse, as `papers bench` does. The last line printed is one JSON object.

Usage (from the repository root, after `swift build -c release --product papers`):
    python3 Benchmarks/peers/compare_mrz.py [--papers .build/release/papers] [-n 2000] [-k 20]
"""

from __future__ import annotations

import argparse
import importlib
import importlib.metadata
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]

# The peers, as pip names them; pinned in requirements.txt beside this file.
MRZ_PEER = ("mrz", "mrz")  # (distribution, module)
AAMVA_PEER = ("aamva-parser", "aamva_parser")


# ---------------------------------------------------------------- peers


def ensure_installed(distribution: str, module: str):
    """Imports `module`, pip-installing `distribution` (pinned in requirements.txt) if missing."""
    try:
        return importlib.import_module(module)
    except ImportError:
        pass
    spec = distribution
    requirements = Path(__file__).with_name("requirements.txt")
    if requirements.exists():
        for line in requirements.read_text().splitlines():
            if line.split("==")[0].strip().lower() == distribution.lower():
                spec = line.strip()
    print(f"installing {spec} …", file=sys.stderr)
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", spec], check=True)
    importlib.invalidate_caches()
    return importlib.import_module(module)


def peer_name(distribution: str) -> str:
    return f"{distribution} (PyPI) {importlib.metadata.version(distribution)}"


# ---------------------------------------------------------------- synthetic MRZs

WEIGHTS = (7, 3, 1)
COUNTRIES = ["GBR", "USA", "CAN", "D<<", "NLD", "ESP", "ITA", "SWE", "NOR", "AUS", "JPN", "BRA", "MEX", "IND"]
SURNAMES = ["ERIKSSON", "SMITH", "GARCIA", "MULLER", "ROSSI", "TANAKA", "OKAFOR", "NGUYEN", "DUPONT",
            "VAN<DER<BERG", "OCONNOR", "SILVA", "KOWALSKI", "JOHANSSON", "PETROV", "HERNANDEZ"]
GIVEN = ["ANNA", "MARIA", "JOHN", "PETER", "SOFIA", "LUC", "AMIR", "MEI", "OLGA", "JOSE", "EMMA", "NOAH"]
ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"


def check_digit(text: str) -> str:
    """ICAO 9303 check digit: weights 7, 3, 1; `<` is 0, letters are 10–35."""
    total = 0
    for i, c in enumerate(text):
        if c.isdigit():
            v = ord(c) - 48
        elif c == "<":
            v = 0
        else:
            v = ord(c) - 55
        total += v * WEIGHTS[i % 3]
    return str(total % 10)


def pad(text: str, width: int) -> str:
    assert len(text) <= width, text
    return text + "<" * (width - len(text))


def yymmdd(rng: random.Random, first_year: int, last_year: int) -> str:
    year = rng.randint(first_year, last_year)
    month = rng.randint(1, 12)
    day = rng.randint(1, 28)
    return f"{year % 100:02d}{month:02d}{day:02d}"


def names(rng: random.Random, width: int) -> str:
    given = "<".join(rng.sample(GIVEN, rng.randint(1, 2)))
    return pad(f"{rng.choice(SURNAMES)}<<{given}"[:width - 1], width)  # always leave a filler


def common(rng: random.Random):
    number = "".join(rng.choice(ALNUM) for _ in range(rng.randint(6, 9)))
    return {
        "number": pad(number, 9),
        "issuer": rng.choice(COUNTRIES),
        "nationality": rng.choice(COUNTRIES),
        "birth": yymmdd(rng, 1945, 2005),
        "sex": rng.choice("MF<"),
        "expiry": yymmdd(rng, 2027, 2035),
    }


def optional(rng: random.Random, width: int) -> str:
    if rng.random() < 0.5:
        return "<" * width
    return pad("".join(rng.choice(ALNUM) for _ in range(rng.randint(1, width))), width)


def td3(rng: random.Random) -> list[str]:
    f = common(rng)
    opt = optional(rng, 14)
    line1 = "P<" + f["issuer"] + names(rng, 39)
    head = f["number"] + check_digit(f["number"])
    birth = f["birth"] + check_digit(f["birth"])
    expiry = f["expiry"] + check_digit(f["expiry"])
    opt_cd = check_digit(opt)
    composite = check_digit(head + birth + expiry + opt + opt_cd)
    line2 = head + f["nationality"] + birth + f["sex"] + expiry + opt + opt_cd + composite
    return [line1, line2]


def td1(rng: random.Random) -> list[str]:
    f = common(rng)
    opt1, opt2 = optional(rng, 15), optional(rng, 11)
    line1 = "I<" + f["issuer"] + f["number"] + check_digit(f["number"]) + opt1
    birth = f["birth"] + check_digit(f["birth"])
    expiry = f["expiry"] + check_digit(f["expiry"])
    composite = check_digit(line1[5:30] + birth + expiry + opt2)
    line2 = birth + f["sex"] + expiry + f["nationality"] + opt2 + composite
    return [line1, line2, names(rng, 30)]


def td2(rng: random.Random) -> list[str]:
    f = common(rng)
    opt = optional(rng, 7)
    line1 = "I<" + f["issuer"] + names(rng, 31)
    head = f["number"] + check_digit(f["number"])
    birth = f["birth"] + check_digit(f["birth"])
    expiry = f["expiry"] + check_digit(f["expiry"])
    composite = check_digit(head + birth + expiry + opt)
    line2 = head + f["nationality"] + birth + f["sex"] + expiry + opt + composite
    return [line1, line2]


def synthetic_mrzs(count: int, seed: int) -> list[list[str]]:
    rng = random.Random(seed)
    makers = [td3, td1, td2]
    mrzs = [makers[i % 3](rng) for i in range(count)]
    rng.shuffle(mrzs)
    for lines in mrzs:
        assert len({len(line) for line in lines}) == 1, lines
    return mrzs


# ---------------------------------------------------------------- timing


def time_rounds(rounds: int, documents: int, body) -> dict:
    """Times `rounds` calls of `body` (one warm-up first), like `papers bench`."""
    body()
    per_parse, total = [], 0.0
    for _ in range(rounds):
        start = time.perf_counter()
        body()
        elapsed = time.perf_counter() - start
        total += elapsed
        per_parse.append(elapsed * 1e9 / documents)
    return {
        "documents": documents,
        "iterations": rounds,
        "parsesPerSecond": documents * rounds / total,
        "medianNsPerParse": statistics.median_low(per_parse),
    }


def run_papers(binary: Path, kind: str, files: list[str], rounds: int) -> dict:
    command = [str(binary), "bench", kind, *files, "--iterations", str(rounds), "--json"]
    out = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def papers_label(binary: Path, kind: str, files: list[str]) -> str:
    """The human line of one round, for its `(valid/total …)` counts."""
    out = subprocess.run([str(binary), "bench", kind, *files, "--iterations", "1"],
                         check=True, capture_output=True, text=True).stdout.strip()
    return out[out.find("(") + 1:out.find(")")] if "(" in out else out


def compare_mrz(binary: Path, count: int, rounds: int, seed: int) -> dict:
    mrz = ensure_installed(*MRZ_PEER)
    from mrz.checker.td1 import TD1CodeChecker
    from mrz.checker.td2 import TD2CodeChecker
    from mrz.checker.td3 import TD3CodeChecker

    mrzs = synthetic_mrzs(count, seed)
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "mrz.txt")
        with open(path, "w") as file:
            file.write("\n\n".join("\n".join(lines) for lines in mrzs) + "\n")
        papers = run_papers(binary, "mrz", [path], rounds)
        papers["validity"] = papers_label(binary, "mrz", [path])

    # The peer takes one string, lines joined by "\n"; it is told nothing of the format:
    # it is picked from the total length, as Papers picks it from the line shape.
    codes = ["\n".join(lines) for lines in mrzs]
    checker_for_length = {89: TD3CodeChecker, 92: TD1CodeChecker, 73: TD2CodeChecker}
    valid = sum(bool(checker_for_length[len(code)](code)) for code in codes)
    if valid != len(codes):
        print(f"warning: the peer accepts only {valid}/{len(codes)} synthetic MRZs", file=sys.stderr)

    def peer_round():
        for code in codes:
            checker = checker_for_length[len(code)](code)
            checker.fields()

    peer = time_rounds(rounds, len(codes), peer_round)
    peer["name"] = peer_name(MRZ_PEER[0])
    peer["validity"] = f"{valid}/{len(codes)} fully valid"
    return {"papers": papers, "peer": peer, "ratio": papers["parsesPerSecond"] / peer["parsesPerSecond"]}


def aamva_files() -> list[str]:
    files = sorted(str(p) for p in (REPO / "Sources/papers/Samples/aamva").glob("*.txt"))
    shared = REPO.parent / "shared/data/aamva"
    files += sorted(str(p) for p in shared.glob("*.txt"))
    return files


def compare_aamva(binary: Path, rounds: int) -> dict:
    aamva_parser = ensure_installed(*AAMVA_PEER)
    files = aamva_files()
    papers = run_papers(binary, "aamva", files, rounds)
    papers["validity"] = papers_label(binary, "aamva", files)

    # The peer takes text; the bytes are decoded once, outside the timing (Latin-1 keeps every byte).
    payloads = [Path(f).read_bytes().decode("latin-1") for f in files]

    def parse(payload):
        try:
            aamva_parser.parse(payload)
            return True
        except Exception:  # a payload the peer cannot read counts as a (failed) parse
            return False

    parsed = sum(parse(p) for p in payloads)

    def peer_round():
        for payload in payloads:
            parse(payload)

    peer = time_rounds(rounds, len(payloads), peer_round)
    peer["name"] = peer_name(AAMVA_PEER[0])
    peer["validity"] = f"{parsed}/{len(payloads)} parsed"
    return {"papers": papers, "peer": peer, "ratio": papers["parsesPerSecond"] / peer["parsesPerSecond"]}


# ---------------------------------------------------------------- output


def table(title: str, result: dict) -> str:
    rows = [("Papers", result["papers"]), (result["peer"]["name"], result["peer"])]
    width = max(len(name) for name, _ in rows)
    lines = [title, f"  {'':<{width}}  {'parses/s':>12}  {'median ns/parse':>16}  inputs × rounds  checks"]
    for name, r in rows:
        lines.append(f"  {name:<{width}}  {r['parsesPerSecond']:>12,.0f}  {r['medianNsPerParse']:>16,.0f}"
                     f"  {r['documents']:>6} × {r['iterations']:<6}  {r.get('validity', '')}")
    lines.append(f"  ratio (Papers / peer): {result['ratio']:.1f}×")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--papers", default=str(REPO / ".build/release/papers"),
                        help="the release `papers` binary (default: .build/release/papers)")
    parser.add_argument("-n", "--count", type=int, default=2000, help="synthetic MRZs (default 2000)")
    parser.add_argument("-k", "--iterations", type=int, default=20, help="timed rounds (default 20)")
    parser.add_argument("--seed", type=int, default=9303)
    parser.add_argument("--no-aamva", action="store_true", help="skip the AAMVA comparison")
    args = parser.parse_args()

    binary = Path(args.papers)
    if not binary.exists():
        print(f"{binary} not found: run `swift build -c release --product papers` first", file=sys.stderr)
        return 2

    mrz_result = compare_mrz(binary, args.count, args.iterations, args.seed)
    print(table("MRZ (synthetic TD3/TD1/TD2, one thread)", mrz_result))
    output = dict(mrz_result)
    if not args.no_aamva:
        aamva_result = compare_aamva(binary, args.iterations)
        print(table("AAMVA (repository and shared samples, one thread)", aamva_result))
        output["aamva"] = aamva_result
    print(json.dumps(output, separators=(",", ":")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
