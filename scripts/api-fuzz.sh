#!/usr/bin/env bash
# Fuzzes the live server against its own OpenAPI document with schemathesis (PyPI): a bounded
# number of generated requests per operation, plus stateful sequences; fails on any 5xx, on a
# response whose status, content type, headers or body the document does not allow (every
# error must be application/problem+json). Usage: scripts/api-fuzz.sh [EXAMPLES]  (default 25)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
examples="${1:-25}"
command -v st >/dev/null 2>&1 || python3 -m pip install --quiet --disable-pip-version-check schemathesis
papers="$(swift build --show-bin-path)/papers"
work="$(mktemp -d)"
port="${PAPERS_FUZZ_PORT:-18181}"
trap 'kill "$pid" 2>/dev/null || true; rm -rf "$work"' EXIT
creds="$("$papers" tenant create fuzz --data-dir "$work")"
auth="$(python3 -c 'import json,sys; c=json.load(sys.stdin); print(c["token"] + ":" + c["secret"])' <<<"$creds")"
"$papers" serve --port "$port" --data-dir "$work" --rate-limit 100000 2>"$work/serve.log" &
pid=$!
st run "http://127.0.0.1:$port/openapi.yaml" --wait-for-schema 60 -a "$auth" -n "$examples" \
  -c not_a_server_error,content_type_conformance,response_schema_conformance,status_code_conformance,response_headers_conformance \
  --request-timeout 40 --generation-deterministic --no-color
