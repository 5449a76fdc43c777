#!/usr/bin/env bash
# Load benchmark of the verification server: `papers serve` in a process of its own, loaded by
# `papers bench load` (clients creating verifications, uploading three ~300 KB images each and
# finalizing), on SQLite and then on PostgreSQL (a throwaway server from scripts/postgres-test-server.sh).
# Usage: Benchmarks/server_load.sh [VERIFICATIONS] [CONCURRENCY]   (release build; figures in the README)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
count="${1:-1000}"; clients="${2:-16}"
swift build -c release --product papers >/dev/null
papers="$(swift build -c release --show-bin-path)/papers"
work="$(mktemp -d)"
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$work"' EXIT

run() {  # run LABEL DB_ARGS...
  local label="$1"; shift
  local data="$work/$label"
  creds="$("$papers" tenant create load --data-dir "$data" "$@")"
  token="$(python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])' <<<"$creds")"
  secret="$(python3 -c 'import json,sys; print(json.load(sys.stdin)["secret"])' <<<"$creds")"
  "$papers" serve --port 18080 --data-dir "$data" --rate-limit 100000 --workers "${WORKERS:-1}" "$@" 2>"$work/$label.log" &
  local pid=$!
  for _ in $(seq 100); do curl -sf http://127.0.0.1:18080/health >/dev/null && break; sleep 0.1; done
  echo "== $label"
  "$papers" bench load --url http://127.0.0.1:18080 --token "$token" --secret "$secret" --verifications "$count" --concurrency "$clients"
  kill "$pid"; wait "$pid" 2>/dev/null || true
}

run sqlite
[ "${SKIP_POSTGRES:-0}" = 1 ] && exit 0
eval "$(scripts/postgres-test-server.sh)"
run postgres --db "$PAPERS_TEST_POSTGRES_URL"
scripts/postgres-test-server.sh stop
