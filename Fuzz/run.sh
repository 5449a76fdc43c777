#!/usr/bin/env bash
# Builds the libFuzzer targets (MRZ, AAMVA) with address sanitizer and runs each for a bounded
# time, seeded with the bundled samples and the shared AAMVA fixtures.
#   Fuzz/run.sh [SECONDS]      (default 20 per target)
# A crash, a sanitizer report or a run slower than 2 s per input fails the script; libFuzzer
# leaves the input in Fuzz/artifacts/.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
seconds="${1:-20}"
out=.build/fuzz
mkdir -p "$out" Fuzz/artifacts
core_sources=$(find Sources/PapersCore -name '*.swift' | sort)

for target in MRZ AAMVA; do
  binary="$out/fuzz-$(echo "$target" | tr 'A-Z' 'a-z')"
  newest=$(ls -t $core_sources "Fuzz/Fuzz$target.swift" | head -1)
  if [ ! -x "$binary" ] || [ "$newest" -nt "$binary" ]; then
    echo "building $binary"
    swiftc -O -sanitize=fuzzer,address -parse-as-library -module-name PapersCore -package-name Papers \
      -swift-version 6 $core_sources "Fuzz/Fuzz$target.swift" -o "$binary" > "$out/build-$target.log" 2>&1 \
      || { grep -E 'error' "$out/build-$target.log" >&2; echo "building the $target fuzz target failed" >&2; exit 1; }
  fi
  corpus="Fuzz/corpus-$target"
  mkdir -p "$corpus"
  case "$target" in
    MRZ)
      for f in Sources/papers/Samples/mrz/*; do
        { printf '\x00'; cat "$f"; } > "$corpus/seed-text-$(basename "$f")"
      done ;;
    AAMVA)
      cp Sources/papers/Samples/aamva/* "$corpus/" 2>/dev/null || true
      if [ -d ../shared/data/aamva ]; then
        find ../shared/data/aamva -type f ! -name '*.json' -exec cp {} "$corpus/" \;
      fi ;;
  esac
  echo "fuzzing $target for ${seconds}s"
  log="$out/fuzz-$target.log"
  status=0
  "$binary" "$corpus" -max_total_time="$seconds" -timeout=2 -rss_limit_mb=2048 \
    -max_len=4096 -artifact_prefix=Fuzz/artifacts/ -print_final_stats=1 > "$log" 2>&1 || status=$?
  grep -E '^(stat::number_of_executed_units|stat::peak_rss_mb)' "$log" || true
  if [ "$status" -ne 0 ]; then
    grep -E 'ERROR|SUMMARY|deadly signal|Test unit written|Fatal error' "$log" >&2 || tail -20 "$log" >&2
    echo "fuzz target $target failed ($status); the input is in Fuzz/artifacts/, the log in $log" >&2
    exit 1
  fi
done
